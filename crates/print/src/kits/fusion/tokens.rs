//! The tokens, all one size so they share a sheet: Omens (Active on one side, Spent on the
//! other), Strike tokens for the Strike-Assists a pilot holds, and the Harmony marker, small
//! enough to sit on a level of the Harmony gauge. The Strike tokens and the marker are the same
//! on both sides, so they cannot land the wrong way up.

use super::{ACCENT, COACH, PILOTS, cut_line};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect, Size};
use crate::kit::{Piece, Style};
use crate::text::Face;

/// A token's side, in millimetres: it fits on a level of the Harmony gauge.
pub(super) const SIDE: f32 = 12.6;
/// A token's size.
pub(super) const SIZE: Size = Size::new(SIDE, SIDE);

/// Omen tokens: one for each of the four Jokers.
pub(super) const OMENS: usize = 4;
/// Strike tokens: enough for a chain of Strike-Assists round a table of four pilots, and more.
pub(super) const STRIKES: usize = 6;

/// The cut line and a round token inside it, filled with `tint` (left out in ink-saver mode);
/// returns its centre.
fn disc(d: &mut Drawing, style: &Style, tint: Ink, colour: Ink) -> Point {
    let square = Rect::of_size(SIZE);
    cut_line(d, square);
    let centre = square.centre();
    d.circle(centre, SIDE / 2.0 - 0.6, style.fill(tint), Some(Stroke::solid(colour, 0.5)));
    centre
}

/// A pale tint of `colour`, for a token's face in a colour print.
fn tint(colour: Ink) -> Ink {
    match colour {
        Ink::Rgb(r, g, b) => Ink::Rgb(255 - (255 - r) / 7, 255 - (255 - g) / 7, 255 - (255 - b) / 7),
        other => other,
    }
}

/// A token side: a symbol over a bold word over a plain one, the three kept inside the ring.
fn three_lines(style: &Style, colour: Ink, symbol: &str, bold: &str, plain: &str) -> Drawing {
    let mut d = Drawing::new();
    let c = disc(&mut d, style, tint(colour), colour);
    d.text(c.x, c.y - 1.3, 7.0, Face::Regular, colour, Align::Centre, symbol);
    d.text(c.x, c.y + 1.3, 6.0, Face::Bold, colour, Align::Centre, bold);
    d.text(c.x, c.y + 3.6, 6.0, Face::Regular, colour, Align::Centre, plain);
    d
}

/// The Omen tokens: Active (★) on the front, Spent (☆) on the back.
pub(super) fn omens(style: &Style) -> Vec<Piece> {
    let active = three_lines(style, COACH, "★", "OMEN", "Active");
    let spent = three_lines(style, COACH, "☆", "OMEN", "Spent");
    (0..OMENS).map(|_| Piece { name: "Omen token".into(), front: active.clone(), back: Some(spent.clone()) }).collect()
}

/// The Strike tokens: one for each Strike-Assist a pilot holds.
pub(super) fn strikes(style: &Style) -> Vec<Piece> {
    let art = three_lines(style, PILOTS, "↑↓", "STRIKE", "Assist");
    (0..STRIKES).map(|_| Piece { name: "Strike token".into(), front: art.clone(), back: Some(art.clone()) }).collect()
}

/// The Harmony marker.
pub(super) fn marker(style: &Style) -> Piece {
    let mut d = Drawing::new();
    let c = disc(&mut d, style, tint(ACCENT), ACCENT);
    d.text(c.x, c.y - 1.4, 8.0, Face::Regular, ACCENT, Align::Centre, "◆");
    d.text(c.x, c.y + 1.7, 6.0, Face::Regular, ACCENT, Align::Centre, "Harmony");
    Piece { name: "Harmony marker".into(), front: d.clone(), back: Some(d) }
}
