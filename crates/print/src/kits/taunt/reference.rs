//! The turn reference card: a turn in four steps, Peril, levels and how a fight is lost on the
//! front; the execution order and every track's modes on the back.

use super::{INK, card_frame, look, mode_area, mode_ranges, unit};
use crate::draw::{Align, Drawing, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::kits::column::Column;
use crate::text::{Face, cap_height};
use dojo_games::taunt::moves::Slot;
use dojo_games::taunt::track::TRACK_LENGTHS;
use dojo_games::taunt::{DISABLED_TO_LOSE, FIGHTERS, HealCard, MAX_CHARGE, Mode};

/// The reference cards: two, one per player.
pub(super) fn component(style: &Style) -> Component {
    Component {
        id: "reference",
        name: "Reference cards".into(),
        about: "One per player: a turn and how a fight is lost; on the back, the order of play and the damage modes.".into(),
        size: PieceSize::Card,
        default_copies: 2,
        pieces: vec![Piece { name: "Reference".into(), front: front(style), back: Some(back(style)) }],
        modes: &[],
    }
}

/// A framed card with a text column starting at its top.
fn column(style: &Style) -> Column {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, INK);
    Column::new(d, inner, u, 6.5, 2.5, 9.0, INK)
}

fn front(style: &Style) -> Drawing {
    let mut col = column(style);
    col.heading("TAUNT · a turn", 5.5);
    let steps = [
        ("1.", "Both choose a move card and lay it face down."),
        ("2.", "Turn both cards over together."),
        (
            "3.",
            "The cards act, lowest number first. Damage moves your marker along your Danger Track; Peril letters disable your cards; block and charge tokens come and go as the cards say.",
        ),
        ("4.", "A TAUNT that nothing interrupted lets its player lay cards face down for the coming turns."),
    ];
    for (number, step) in steps {
        col.line(number, step, 6.2, 0.8);
    }
    col.y += 1.5 * col.u;
    col.line(
        "Peril:",
        "the space your marker ends on picks the section of the hit's row (Yellow, Orange or Red). Each letter disables your card with that letter: turn it face up.",
        6.2,
        0.8,
    );
    col.line(
        "Level:",
        &format!("the charge tokens (↑) you hold, {MAX_CHARGE} at most. A move at L1 or more spends them unless its card says otherwise."),
        6.2,
        0.8,
    );
    col.line("Position:", "most moves hit only at Near.", 6.2, 0.8);
    let (bottom, u) = (col.inner.bottom(), col.u);
    let lose = format!("{DISABLED_TO_LOSE} disabled cards at the end of a turn lose the fight.");
    let area = Rect::new(col.left(), bottom - 9.0 * u, col.width(), 8.0 * u);
    col.d.line(Point::new(area.x, area.y - 1.5 * u), Point::new(area.right(), area.y - 1.5 * u), Stroke::solid(INK, 0.3 * u));
    col.d.paragraph(area, 6.8 * u, 1.2, Face::Bold, INK, Align::Centre, &lose);
    col.d
}

/// The execution order: each number with the cards that carry it and their Peril letter,
/// "1 Block / Counter (B)", "7 Charge (C), Heal (H)".
fn order() -> Vec<(u8, String)> {
    let mut order: Vec<(u8, Vec<String>)> = Vec::new();
    for slot in Slot::ALL {
        let mut names: Vec<&str> = Vec::new();
        let mut number = 0;
        for fighter in &FIGHTERS {
            let card = fighter.move_card(slot, HealCard::Standard);
            number = card.number;
            if !names.contains(&card.name) {
                names.push(card.name);
            }
        }
        let entry = format!("{} ({})", names.join(" / "), slot.letter());
        match order.iter_mut().find(|(n, _)| *n == number) {
            Some((_, entries)) => entries.push(entry),
            None => order.push((number, vec![entry])),
        }
    }
    order.sort_by_key(|(n, _)| *n);
    order.into_iter().map(|(n, entries)| (n, entries.join(", "))).collect()
}

fn back(style: &Style) -> Drawing {
    let mut col = column(style);
    let u = col.u;
    col.heading("Order of play", 5.0);
    let left = col.left();
    for (number, names) in order() {
        let y = col.y;
        col.d.circle(Point::new(left + 2.0 * u, y - 1.0 * u), 1.9 * u, None, Some(Stroke::solid(INK, 0.25 * u)));
        col.d.text(left + 2.0 * u, y, 6.0 * u, Face::Bold, INK, Align::Centre, &number.to_string());
        col.d.text(left + 5.5 * u, y, 7.0 * u, Face::Bold, INK, Align::Left, &names);
        col.y += 4.4 * u;
    }
    col.y += 2.5 * u;
    col.heading("Damage modes", 3.0);
    let area = Rect::new(left, col.y, col.width(), 0.0);
    modes_table(&mut col.d, style, area);
    col.d
}

/// The spaces of each mode on every track, under the modes' patterns and names.
fn modes_table(d: &mut Drawing, style: &Style, at: Rect) {
    let u = unit(style);
    let columns = 1 + Mode::ALL.len();
    let cell_w = at.w / columns as f32;
    let size = 6.0 * u;
    let head_h = 6.0 * u;
    d.text(at.x + cell_w / 2.0, at.y + head_h - 1.3 * u, size, Face::Bold, INK, Align::Centre, "Track");
    for (i, mode) in Mode::ALL.into_iter().enumerate() {
        let cell = Rect::new(at.x + (i + 1) as f32 * cell_w, at.y, cell_w, head_h);
        let strip = Rect::new(cell.x + 0.4 * u, cell.y, cell.w - 0.8 * u, 1.9 * u);
        mode_area(d, strip, mode, style, 0.9 * u);
        d.rect(strip, None, Some(Stroke::solid(look(mode).line, 0.15 * u)));
        d.text(cell.centre().x, cell.bottom() - 1.3 * u, size, Face::Bold, INK, Align::Centre, &mode.to_string());
    }
    let mut y = at.y + head_h;
    let row_h = 4.6 * u;
    for critical in TRACK_LENGTHS {
        d.line(Point::new(at.x, y), Point::new(at.right(), y), Stroke::solid(super::FAINT, 0.2 * u));
        let baseline = y + row_h / 2.0 + cap_height(6.5 * u) / 2.0;
        d.text(at.x + cell_w / 2.0, baseline, 6.5 * u, Face::Bold, INK, Align::Centre, &critical.to_string());
        for (i, (_, first, last)) in mode_ranges(critical).into_iter().enumerate() {
            let x = at.x + (i as f32 + 1.5) * cell_w;
            d.text(x, baseline, 6.5 * u, Face::Regular, INK, Align::Centre, &format!("{first}–{last}"));
        }
        y += row_h;
    }
    d.line(Point::new(at.x, y), Point::new(at.right(), y), Stroke::solid(super::FAINT, 0.2 * u));
}
