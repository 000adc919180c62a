//! Gattaibushido:FUSION!'s print-and-play kit. The table brings the cards (two standard packs
//! with their Jokers make the one shared Deck), so nothing here is a playing card: the kit is
//! what the table needs around them.
//!
//! - Reference cards, four of them, two-sided: a Throwdown turn and the main actions; the side
//!   actions and what cards are worth; the Gambit and its consequences; starting and winning a
//!   Throwdown. And the microevent card: every
//!   microevent, what it does, and whether it is damage (held in a Payload, stopped by a Buffer).
//! - Sheets, 90 × 125 mm, four to a page: a pilot sheet for each pilot (Commitments, Charges,
//!   Buffers, Stash max, Lessons, Gear), the Harmony gauge, the Coach's sheet (Threats, the
//!   scene, Escalation Events, Omens) and a Payload pad for each side.
//! - The Throwdown mat, a page of its own: a Throwdown from the challenge to drop and draw, where
//!   the Pile goes, and the Strike Range check.
//! - Tokens: Omens (Active on one side, Spent on the other), Strike tokens for Strike-Assists and
//!   the Harmony marker.
//!
//! Numbers and names come from the rules engine (`dojo_games::fusion`): card values and Suit
//! Values, the microevents' names and which of them are damage, the Gambit's outcomes and who
//! chooses their consequences, our default pilot sheet and table settings (starting Harmony,
//! the Strike-Assist table). The words are ours. Everything the source names without defining,
//! which we had to make up (notes `#stand-ins`), says so where it is printed: "stand-in (ours)".
//!
//! Colour is never the only sign: the Harmony levels carry their numbers (and Red and Violet
//! their names), the Omen token's sides say Active and Spent and differ by a filled or open star,
//! and each Payload pad says in its title whom its damage is for.

mod cards;
mod mat;
mod sheets;
mod text;
mod tokens;

use super::card_art::{FAINT, card_frame, cut_line, unit};
use crate::draw::{Drawing, Ink, Stroke};
use crate::geometry::{Rect, Size};
use crate::kit::{Component, Kit, Piece, PieceSize, Style};

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// Lighter grey for small print.
const SOFT: Ink = Ink::Grey(38);
/// The pilots' colour.
const PILOTS: Ink = Ink::Rgb(30, 92, 170);
/// The Coach's colour.
const COACH: Ink = Ink::Rgb(164, 34, 52);
/// The kit's own colour: headings, the mat.
const ACCENT: Ink = Ink::Rgb(206, 92, 18);

/// What a stand-in of ours is labelled with wherever it is printed.
pub const OURS: &str = "stand-in (ours)";

/// The size of every sheet: four to a portrait page (two on Letter with bleed and the widest
/// gutter, which then need one more row than the page has).
pub const SHEET: Size = Size::new(90.0, 125.0);

/// The size of the Throwdown mat: a page of its own, lying down, on A4 and Letter with bleed.
pub const MAT: Size = Size::new(260.0, 190.0);

/// Builds the FUSION kit for a print style.
pub fn kit(style: &Style) -> Kit {
    let two_sided = |name: &str, (front, back): (Drawing, Drawing)| Piece { name: name.into(), front, back: Some(back) };
    let one_sided = |name: &str, front: Drawing| Piece { name: name.into(), front, back: None };
    let component = Component::new;
    Kit {
        game: "fusion",
        title: "Gattaibushido:FUSION!",
        components: vec![
            component(
                "reference",
                "Reference cards",
                "You bring the cards: two standard packs with their Jokers. These four, both sides: a turn and the main actions; side actions and card values; the Gambit and its consequences; starting and winning a Throwdown.",
                PieceSize::Card,
                2,
                vec![
                    two_sided("Reference: a turn", cards::turn(style)),
                    two_sided("Reference: side actions", cards::sides(style)),
                    two_sided("Reference: the Gambit", cards::gambit(style)),
                    two_sided("Reference: a Throwdown", cards::throwdown(style)),
                ],
            ),
            component(
                "microevents",
                "Microevent card",
                "Every microevent and what it does: the actions on one side, the damage (held in Payloads, stopped by Buffers) on the other.",
                PieceSize::Card,
                1,
                vec![two_sided("Microevents", cards::microevents(style))],
            ),
            component(
                "pilots",
                "Pilot sheets",
                "Our stand-in sheet, one per pilot: Commitments, Charges, Buffers, Stash max, Lessons and Gear. Write in pencil.",
                PieceSize::Fixed(SHEET),
                4,
                vec![one_sided("Pilot sheet", sheets::pilot(style))],
            ),
            component(
                "harmony",
                "Harmony gauge",
                "The team's Harmony, 1 (Red) to 7 (Violet), with our Strike-Assist value for each level: the Harmony marker sits on it.",
                PieceSize::Fixed(SHEET),
                1,
                vec![one_sided("Harmony gauge", sheets::harmony(style))],
            ),
            component(
                "coach",
                "Coach sheet",
                "The table's stand-ins, kept by the Coach: two Threats, the scene and its switches, team counters, the Escalation Events and his Omens.",
                PieceSize::Fixed(SHEET),
                1,
                vec![one_sided("Coach sheet", sheets::coach(style))],
            ),
            component(
                "payloads",
                "Payload pads",
                "One for each side's incoming damage, written down in the order it comes during a Throwdown and applied at the end.",
                PieceSize::Fixed(SHEET),
                1,
                vec![
                    one_sided("Payload at the pilots", sheets::payload(style, sheets::Side::Pilots)),
                    one_sided("Payload at the Coach's side", sheets::payload(style, sheets::Side::Coach)),
                ],
            ),
            component(
                "mat",
                "Throwdown mat",
                "A Throwdown step by step, the place for the Pile, and the Strike Range check.",
                PieceSize::Fixed(MAT),
                1,
                vec![one_sided("Throwdown mat", mat::mat(style))],
            ),
            component(
                "omens",
                "Omen tokens",
                "One per Joker the Coach holds: Active (★) side up, turned to Spent (☆) when he Spends it.",
                PieceSize::Fixed(tokens::SIZE),
                1,
                tokens::omens(style),
            ),
            component(
                "strike",
                "Strike tokens",
                "Strike-Assists (our tokens): a pilot keeps one for each Strike-Assist she holds, until the end of her next turn.",
                PieceSize::Fixed(tokens::SIZE),
                1,
                tokens::strikes(style),
            ),
            component(
                "marker",
                "Harmony marker",
                "Sits on the Harmony gauge at the team's level.",
                PieceSize::Fixed(tokens::SIZE),
                1,
                vec![tokens::marker(style)],
            ),
        ],
        modes: &[],
        card_set: None,
    }
}

/// The cut line and the frame of a piece of `size` (a sheet, the mat) in `colour`; returns the
/// inside of the frame.
fn piece_frame(d: &mut Drawing, size: Size, colour: Ink) -> Rect {
    let piece = Rect::of_size(size);
    cut_line(d, piece);
    let inner = piece.outset(-3.0);
    d.rounded_rect(inner, 3.0, None, Some(Stroke::solid(colour, 0.5)));
    inner
}

#[cfg(test)]
mod tests;
