//! The boards: a Danger Track for each printed length, and the Dojo for team battles.
//!
//! A board is 180 × 120 mm: two fit on a portrait A4 or Letter page (one above the other) and
//! two on a landscape one (side by side, lying down), with bleed and the widest gutter too. Its
//! spaces are wide enough for two Damage markers side by side, for fighters sharing a board.

use super::{INK, SOFT, cut_line, look, mode_area, mode_ranges};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect, Size};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::{Face, cap_height, width};
use dojo_games::taunt::track::{TRACK_LENGTHS, board_rows, mode_of};
use dojo_games::taunt::{FIGHTERS, Mode, Position};

/// The size of every board.
pub(super) const BOARD: Size = Size::new(180.0, 120.0);
/// Space between the cut line and the board's frame.
const FRAME: f32 = 3.0;
/// Left and right edges of the track's grid.
const GRID_X: (f32, f32) = (6.0, 174.0);
/// Top and bottom of the area the grid may take.
const GRID_Y: (f32, f32) = (22.0, 115.0);
/// The tallest a row of spaces gets on short tracks.
const MAX_ROW: f32 = 21.0;
/// Spaces per row of the printed grid.
const PER_ROW: usize = 6;

/// The three Danger Track boards.
pub(super) fn tracks(style: &Style) -> Component {
    let pieces = TRACK_LENGTHS
        .iter()
        .map(|critical| Piece { name: format!("Danger Track {critical}"), front: track_board(style, *critical), back: None })
        .collect();
    let lengths: Vec<String> = TRACK_LENGTHS.iter().map(u8::to_string).collect();
    Component {
        id: "tracks",
        name: "Danger Track boards".into(),
        about: format!(
            "Lengths {}: one per Critical Damage, shared by fighters of the same length. Modes shown by colour, pattern and name.",
            lengths.join(", ")
        ),
        size: PieceSize::Fixed(BOARD),
        default_copies: 1,
        pieces,
        modes: &[],
    }
}

/// The Dojo board, for the 2-against-2 team battle.
pub(super) fn dojo(style: &Style) -> Component {
    Component {
        id: "dojo",
        name: "Dojo board".into(),
        about: "For the 2-against-2 team battle: a Left Dojo and a Right Dojo half, one for each team.".into(),
        size: PieceSize::Fixed(BOARD),
        default_copies: 1,
        pieces: vec![Piece { name: "Dojo".into(), front: dojo_board(style), back: None }],
        modes: &[],
    }
}

/// The size of one space (the cell it sits in) on the track of length `critical`.
pub(super) fn space_size(critical: u8) -> Size {
    let rows = board_rows(critical).len() as f32;
    Size::new((GRID_X.1 - GRID_X.0) / PER_ROW as f32, ((GRID_Y.1 - GRID_Y.0) / rows).min(MAX_ROW))
}

/// The frame every board has; returns the inside of it.
pub(super) fn board_frame(d: &mut Drawing) -> Rect {
    let board = Rect::of_size(BOARD);
    cut_line(d, board);
    let inner = board.outset(-FRAME);
    d.rounded_rect(inner, 3.0, None, Some(Stroke::solid(INK, 0.5)));
    inner
}

/// The Danger Track of length `critical`: the engine's serpentine rows of spaces, each showing
/// its mode, under a title and a key to the modes.
pub(super) fn track_board(style: &Style, critical: u8) -> Drawing {
    let mut d = Drawing::new();
    board_frame(&mut d);
    let title = format!("DANGER TRACK {critical}");
    let end = GRID_X.0 + 1.0 + d.text(GRID_X.0 + 1.0, 12.5, 15.0, Face::Bold, INK, Align::Left, &title);
    let names: Vec<&str> = FIGHTERS.iter().filter(|f| f.critical_damage == critical).map(|f| f.name).collect();
    let who = format!("Critical Damage {critical}: {}", names.join(", "));
    d.text(end + 4.0, 12.5, 8.0, Face::Regular, SOFT, Align::Left, &who);
    legend(&mut d, style, critical);
    let space = space_size(critical);
    let rows = board_rows(critical);
    let top = GRID_Y.0 + ((GRID_Y.1 - GRID_Y.0) - space.h * rows.len() as f32) / 2.0;
    for (r, row) in rows.iter().enumerate() {
        for (c, damage) in row.iter().enumerate() {
            let Some(damage) = damage else { continue };
            let cell = Rect::new(GRID_X.0 + c as f32 * space.w, top + r as f32 * space.h, space.w, space.h).outset(-0.5);
            track_space(&mut d, style, cell, *damage, mode_of(*damage, critical));
        }
    }
    d
}

/// The key along the top: each mode's pattern, name, spaces on this track and title in play,
/// spread across the board's width.
fn legend(d: &mut Drawing, style: &Style, critical: u8) {
    let baseline = 19.0;
    let (name_size, title_size, swatch_w) = (7.5, 6.5, 6.0);
    let entries: Vec<(Mode, String, String)> = mode_ranges(critical)
        .into_iter()
        .map(|(mode, first, last)| {
            let title = if mode.title() == mode.to_string() { String::new() } else { mode.title().to_string() };
            (mode, format!("{mode} {first}–{last}"), title)
        })
        .collect();
    let entry_width = |name: &str, title: &str| {
        let title_w = if title.is_empty() { 0.0 } else { 1.2 + width(title, title_size, Face::Regular) };
        swatch_w + 1.5 + width(name, name_size, Face::Bold) + title_w
    };
    let total: f32 = entries.iter().map(|(_, name, title)| entry_width(name, title)).sum();
    let gap = ((GRID_X.1 - GRID_X.0 - 1.0 - total) / (entries.len() - 1) as f32).max(2.0);
    let mut x = GRID_X.0 + 1.0;
    for (mode, name, title) in &entries {
        let swatch = Rect::new(x, baseline - 3.6, swatch_w, 4.2);
        mode_area(d, swatch, *mode, style, 1.2);
        d.rect(swatch, None, Some(Stroke::solid(look(*mode).line, 0.25)));
        let w = d.text(swatch.right() + 1.5, baseline, name_size, Face::Bold, INK, Align::Left, name);
        if !title.is_empty() {
            d.text(swatch.right() + 1.5 + w + 1.2, baseline, title_size, Face::Regular, SOFT, Align::Left, title);
        }
        x += entry_width(name, title) + gap;
    }
}

/// One space: the mode's colour and pattern, its number, and the mode's name in a corner.
fn track_space(d: &mut Drawing, style: &Style, cell: Rect, damage: u8, mode: Mode) {
    mode_area(d, cell, mode, style, 2.6);
    d.rect(cell, None, Some(Stroke::solid(INK, 0.35)));
    let size = 14.0;
    let number = damage.to_string();
    let w = width(&number, size, Face::Bold);
    let centre = Point::new(cell.centre().x, cell.y + cell.h * 0.42);
    let pill = Rect::new(centre.x - w / 2.0 - 1.5, centre.y - cap_height(size) / 2.0 - 1.3, w + 3.0, cap_height(size) + 2.6);
    d.rounded_rect(pill, 1.2, Some(Ink::White), None);
    d.text(centre.x, centre.y + cap_height(size) / 2.0, size, Face::Bold, INK, Align::Centre, &number);
    let label = if damage == 0 {
        "start".to_string()
    } else if mode == Mode::White {
        String::new()
    } else {
        mode.to_string()
    };
    if !label.is_empty() {
        let size = 6.0;
        let w = width(&label, size, Face::Bold);
        let at = Point::new(cell.x + 1.2, cell.bottom() - 1.2);
        d.rect(Rect::new(at.x - 0.6, at.y - cap_height(size) - 0.6, w + 1.2, cap_height(size) + 1.2), Some(Ink::White), None);
        d.text(at.x, at.y, size, Face::Bold, INK, Align::Left, &label);
    }
}

/// The Dojo: a Left and a Right half. Fighters in the same half are Near, across it Far.
fn dojo_board(style: &Style) -> Drawing {
    let mut d = Drawing::new();
    let inner = board_frame(&mut d);
    let middle = inner.centre().x;
    let halves =
        [("LEFT DOJO", Ink::Rgb(214, 228, 246), Ink::Rgb(36, 88, 168)), ("RIGHT DOJO", Ink::Rgb(248, 222, 210), Ink::Rgb(186, 60, 30))];
    for (i, (name, tint, colour)) in halves.into_iter().enumerate() {
        let half = Rect::new(if i == 0 { inner.x + 3.0 } else { middle + 3.0 }, inner.y + 3.0, inner.w / 2.0 - 6.0, inner.h - 6.0);
        d.rounded_rect(half, 2.5, style.fill(tint), Some(Stroke::solid(colour, 0.6)));
        let c = half.centre().x;
        d.text(c, half.y + 13.0, 18.0, Face::Bold, colour, Align::Centre, name);
        d.text(c, half.y + 20.0, 8.0, Face::Regular, INK, Align::Centre, "One team's fighters stand here.");
        // A spot for each of the team's two fighters.
        for dx in [-18.0, 18.0] {
            let spot = Point::new(c + dx, half.centre().y + 4.0);
            d.circle(spot, 11.0, Some(Ink::White), Some(Stroke::dashed(colour, 0.4, 1.5, 1.0)));
            d.text(spot.x, spot.y - 1.0, 7.0, Face::Regular, SOFT, Align::Centre, "fighter");
            d.text(spot.x, spot.y + 2.5, 7.0, Face::Regular, SOFT, Align::Centre, "token");
        }
        let near = Position::Near.to_string();
        let far = Position::Far.to_string();
        let lines = [format!("Same half: {near}."), format!("Across the line: {far}."), "A Run always crosses the line.".to_string()];
        for (n, line) in lines.iter().enumerate() {
            d.text(c, half.bottom() - 15.0 + 5.0 * n as f32, 8.0, Face::Regular, INK, Align::Centre, line);
        }
    }
    d.line(Point::new(middle, inner.y + 2.0), Point::new(middle, inner.bottom() - 2.0), Stroke::dashed(INK, 0.6, 3.0, 2.0));
    d
}
