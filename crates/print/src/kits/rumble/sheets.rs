//! The sheets the table writes on: the Energy tracker (a column per hero, a row per round) and
//! the auction record (a row per power, a column per hero's bid, and the Power Strength).
//! Both have a column for each of [`HEROES`] heroes, in the same order.

use super::{FAINT, HEROES, INK, Power, SHEET, SOFT, line_size};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::Style;
use crate::text::{Face, cap_height};
use dojo_games::rumble::catalog::Kind;
use dojo_games::rumble::setup::START_ENERGY;

/// Space between the cut line and the frame.
const FRAME: f32 = 3.0;
/// The width of the row labels on the tracker.
const TRACKER_LABELS: f32 = 27.0;
/// The height of a round's row on the tracker.
const ROUND_ROW: f32 = 8.0;
/// The width of the power names on the auction record.
const POWER_NAMES: f32 = 46.0;
/// The width of the Power Strength column.
const STRENGTH: f32 = 16.0;
/// The height of a power's row on the auction record: room for a bid and a re-bid in pencil.
pub(super) const POWER_ROW: f32 = 5.6;
/// Where the grid starts under the title, and the room kept for the notes at the foot.
const GRID_TOP: f32 = 19.0;
const FOOT: f32 = 15.0;

/// The cut line and frame of a sheet; returns the inside of the frame.
fn sheet_frame(d: &mut Drawing) -> Rect {
    let sheet = Rect::of_size(SHEET);
    d.rect(sheet, None, Some(Stroke::solid(FAINT, 0.15)));
    let inner = sheet.outset(-FRAME);
    d.rounded_rect(inner, 3.0, None, Some(Stroke::solid(INK, 0.5)));
    inner
}

/// The title at the top left, and a line of small print under it.
fn title(d: &mut Drawing, inner: Rect, title: &str, under: &str) {
    d.text(inner.x + 4.0, inner.y + 9.0, 14.0, Face::Bold, INK, Align::Left, title);
    d.text(inner.x + 4.0, inner.y + 14.5, 7.5, Face::Regular, SOFT, Align::Left, under);
}

/// Notes at the foot of a sheet, wrapped.
fn foot(d: &mut Drawing, inner: Rect, text: &str) {
    let area = Rect::new(inner.x + 4.0, inner.bottom() - FOOT + 3.0, inner.w - 8.0, FOOT - 4.0);
    d.paragraph(area, 7.0, 1.25, Face::Regular, SOFT, Align::Left, text);
}

/// The grid's area: under the title, above the notes.
fn grid_area(inner: Rect) -> Rect {
    Rect::new(inner.x + 3.0, inner.y + GRID_TOP, inner.w - 6.0, inner.h - GRID_TOP - FOOT)
}

/// Text centred vertically in a row from `top` to `top + h`, starting at `x`.
#[allow(clippy::too_many_arguments)] // position, type and text read best side by side at call sites
fn in_row(d: &mut Drawing, x: f32, top: f32, h: f32, size: f32, face: Face, ink: Ink, align: Align, text: &str) -> f32 {
    d.text(x, top + (h + cap_height(size)) / 2.0, size, face, ink, align, text)
}

/// The label at the top left of hero `i`'s cell (from 0): "Hero 1".
pub(super) fn hero_label(i: usize) -> String {
    format!("Hero {}", i + 1)
}

/// The Energy tracker: a column per hero (name, powers won, Energy at the start, after the
/// auction and after each round), as many rounds as the sheet holds.
pub(super) fn tracker(style: &Style) -> Drawing {
    let mut d = Drawing::new();
    let inner = sheet_frame(&mut d);
    title(
        &mut d,
        inner,
        "RUMBLE · Energy tracker",
        &format!("Every hero starts on {START_ENERGY} Energy. Write each hero's Energy after the auction and after every round."),
    );
    let grid = grid_area(inner);
    let column = (grid.w - TRACKER_LABELS) / HEROES as f32;
    let x_of = |i: usize| grid.x + TRACKER_LABELS + i as f32 * column;
    let mut rows: Vec<(String, f32)> =
        vec![("Hero".into(), 15.0), ("Powers won".into(), 30.0), ("Start".into(), 7.0), ("After auction".into(), ROUND_ROW)];
    let used: f32 = rows.iter().map(|(_, h)| h).sum();
    let rounds = ((grid.h - used) / ROUND_ROW).floor() as usize;
    rows.extend((1..=rounds).map(|r| (format!("Round {r}"), ROUND_ROW)));
    let line = Stroke::solid(INK, 0.25);
    let mut top = grid.y;
    for (r, (label, h)) in rows.iter().enumerate() {
        let row = Rect::new(grid.x, top, grid.w, *h);
        // Every other round shaded, to follow a row across.
        if r >= 4
            && r % 2 == 1
            && let Some(fill) = style.fill(Ink::Grey(94))
        {
            d.rect(row, Some(fill), None);
        }
        let bold = if r == 0 { Face::Bold } else { Face::Regular };
        match r {
            0 => {
                in_row(&mut d, grid.x + 1.5, top, h * 0.6, 7.5, Face::Bold, INK, Align::Left, label);
                for i in 0..HEROES {
                    d.text(x_of(i) + 1.2, top + 1.2 + cap_height(5.5), 5.5, Face::Regular, SOFT, Align::Left, &hero_label(i));
                }
                d.text(grid.x + 1.5, top + h - 2.0, 5.5, Face::Regular, SOFT, Align::Left, "name");
            }
            1 => {
                d.text(grid.x + 1.5, top + 5.0, 7.5, Face::Regular, INK, Align::Left, label);
                d.text(grid.x + 1.5, top + 9.0, 5.5, Face::Regular, SOFT, Align::Left, "and their Power");
                d.text(grid.x + 1.5, top + 12.0, 5.5, Face::Regular, SOFT, Align::Left, "Strength");
            }
            2 => {
                in_row(&mut d, grid.x + 1.5, top, *h, 7.5, bold, INK, Align::Left, label);
                for i in 0..HEROES {
                    let centre = x_of(i) + column / 2.0;
                    in_row(&mut d, centre, top, *h, 7.5, Face::Regular, SOFT, Align::Centre, &START_ENERGY.to_string());
                }
            }
            _ => {
                in_row(&mut d, grid.x + 1.5, top, *h, 7.5, bold, INK, Align::Left, label);
            }
        }
        d.line(Point::new(grid.x, top), Point::new(grid.right(), top), if r == 1 || r == 4 { Stroke::solid(INK, 0.5) } else { line });
        top += h;
    }
    d.line(Point::new(grid.x, top), Point::new(grid.right(), top), Stroke::solid(INK, 0.5));
    for i in 0..=HEROES {
        let width = if i == 0 { 0.5 } else { 0.25 };
        d.line(Point::new(x_of(i), grid.y), Point::new(x_of(i), top), Stroke::solid(INK, width));
    }
    d.rect(Rect::new(grid.x, grid.y, grid.w, top - grid.y), None, Some(Stroke::solid(INK, 0.5)));
    foot(
        &mut d,
        inner,
        "A hero at 0 Energy or less is out: strike through their column. A Sidekick plays in a column of its own. \
         Spend comes back next round; Burn and Drain are gone for good.",
    );
    d
}

/// How many powers one auction page lists.
pub(super) fn rows_per_page() -> usize {
    let grid = grid_area(Rect::of_size(SHEET).outset(-FRAME));
    ((grid.h - 11.0) / POWER_ROW).floor() as usize
}

/// The auction record, one page for as many powers as it holds: a row per power of the list in
/// its order, spare rows to fill the last page, a column per hero's bid and the Power Strength.
pub(super) fn auction(style: &Style, powers: &[Power]) -> Vec<Drawing> {
    let per_page = rows_per_page();
    let pages = powers.len().div_ceil(per_page).max(1);
    (0..pages).map(|page| auction_page(style, &powers[(page * per_page).min(powers.len())..], page, pages, per_page)).collect()
}

fn auction_page(style: &Style, powers: &[Power], page: usize, pages: usize, per_page: usize) -> Drawing {
    let mut d = Drawing::new();
    let inner = sheet_frame(&mut d);
    let heading = if pages > 1 { format!("RUMBLE · Auction record ({} of {pages})", page + 1) } else { "RUMBLE · Auction record".into() };
    title(&mut d, inner, &heading, "Copy each hero's sealed bids here once all are shown. Circle the bid that wins each power.");
    let grid = grid_area(inner);
    let column = (grid.w - POWER_NAMES - STRENGTH) / HEROES as f32;
    let x_of = |i: usize| grid.x + POWER_NAMES + i as f32 * column;
    let strength_x = x_of(HEROES);
    let header = 11.0;
    in_row(&mut d, grid.x + 1.5, grid.y, header, 7.5, Face::Bold, INK, Align::Left, "Power");
    for i in 0..HEROES {
        d.text(x_of(i) + 1.0, grid.y + 1.2 + cap_height(5.0), 5.0, Face::Regular, SOFT, Align::Left, &hero_label(i));
    }
    in_row(&mut d, strength_x + STRENGTH / 2.0, grid.y, header, 6.5, Face::Bold, INK, Align::Centre, "Strength");
    let line = Stroke::solid(INK, 0.2);
    let mut top = grid.y + header;
    d.line(Point::new(grid.x, top), Point::new(grid.right(), top), Stroke::solid(INK, 0.5));
    for r in 0..per_page {
        if r % 2 == 1
            && let Some(fill) = style.fill(Ink::Grey(94))
        {
            d.rect(Rect::new(grid.x, top, grid.w, POWER_ROW), Some(fill), None);
        }
        if let Some(power) = powers.get(r) {
            // A Flaw's auction runs the other way: say so on its row.
            let tag = match power.kind() {
                Kind::Flaw => "FLAW: lowest wins",
                _ => "",
            };
            let tag_w = if tag.is_empty() {
                0.0
            } else {
                in_row(&mut d, x_of(0) - 1.0, top, POWER_ROW, 4.5, Face::Bold, SOFT, Align::Right, tag) + 1.0
            };
            let room = POWER_NAMES - 3.0 - tag_w;
            let size = line_size(power.name(), Face::Regular, 6.8, room);
            in_row(&mut d, grid.x + 1.5, top, POWER_ROW, size, Face::Regular, INK, Align::Left, power.name());
        }
        top += POWER_ROW;
        d.line(Point::new(grid.x, top), Point::new(grid.right(), top), line);
    }
    for i in 0..=HEROES {
        let width = if i == 0 || i == HEROES { 0.5 } else { 0.25 };
        d.line(Point::new(x_of(i), grid.y), Point::new(x_of(i), top), Stroke::solid(INK, width));
    }
    d.rect(Rect::new(grid.x, grid.y, grid.w, top - grid.y), None, Some(Stroke::solid(INK, 0.5)));
    foot(
        &mut d,
        inner,
        "The highest bid wins (the lowest, for a Flaw) and is the power's Strength. Tied heroes bid again: write the new bid after \
         a slash. A power everyone bids 0 on is discarded. Spare rows are for powers invented at the table.",
    );
    d
}
