//! PUNISH's print-and-play kit: the 15 action cards (3 each of 5), 7 two-sided heart cards, a
//! two-sided reference card and the shared action-card back. Card text comes from the rules
//! engine's `CARD_FACES`, so the cards say exactly what the engine does.
//!
//! Colour is never the only difference: each action card also has its name, its priority in a
//! circle and an emblem of its own shape; hearts kept and lost differ by ♥/♡ and by a word.

use super::card_art::{card_frame, unit};
use super::column::Column;
use crate::draw::{Align, Drawing, Ink, Stroke, Turn};
use crate::geometry::{Point, Rect};
use crate::kit::{Component, Kit, Piece, PieceSize, Style};
use crate::text::{Face, cap_height};
use dojo_games::punish::{CARD_FACES, Card, CardFace};

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// The back's background.
const BACK: Ink = Ink::Rgb(38, 36, 48);
/// The hearts' red.
const RED: Ink = Ink::Rgb(196, 28, 44);

/// Each card's colour.
fn colour(card: Card) -> Ink {
    match card {
        Card::Guard => Ink::Rgb(36, 88, 168),
        Card::Rush => Ink::Rgb(22, 128, 82),
        Card::Dodge => Ink::Rgb(118, 66, 160),
        Card::Strike => Ink::Rgb(206, 104, 16),
        Card::Punish => Ink::Rgb(186, 28, 40),
    }
}

/// What each priority means at the table, for the card's footer.
fn order_note(priority: u8) -> &'static str {
    match priority {
        1 => "resolves first",
        5 => "resolves last",
        _ => "lower numbers resolve first",
    }
}

/// Builds the PUNISH kit for a print style.
pub fn kit(style: &Style) -> Kit {
    let back = action_back(style);
    let actions = CARD_FACES
        .iter()
        .flat_map(|face| {
            let back = back.clone();
            (0..dojo_games::punish::COPIES).map(move |_| Piece {
                name: format!("{} (priority {})", face.card, face.priority),
                front: action_front(style, face),
                back: Some(back.clone()),
            })
        })
        .collect();
    let hearts = (0..7).map(|_| Piece { name: "Heart".into(), front: heart(style, true), back: Some(heart(style, false)) }).collect();
    let reference = vec![Piece { name: "Reference".into(), front: reference_front(style), back: Some(reference_back(style)) }];
    Kit {
        game: "punish",
        title: "PUNISH",
        components: vec![
            Component {
                id: "actions",
                name: "Action cards".into(),
                about: "Three each of Guard, Rush, Dodge, Strike and Punish, with the shared card back.".into(),
                size: PieceSize::Card,
                default_copies: 1,
                pieces: actions,
                modes: &[],
            },
            Component {
                id: "hearts",
                name: "Heart cards".into(),
                about: "Three per player and a spare. Keep the ♥ side up for each heart you have; turn it to ♡ when you lose it.".into(),
                size: PieceSize::Card,
                default_copies: 1,
                pieces: hearts,
                modes: &[],
            },
            Component {
                id: "reference",
                name: "Reference cards".into(),
                about: "One per player: priority order and clashes on one side, statuses and the end of a measure on the other.".into(),
                size: PieceSize::Card,
                default_copies: 2,
                pieces: reference,
                modes: &[],
            },
        ],
        modes: &[],
        card_set: None,
    }
}

fn action_front(style: &Style, face: &CardFace) -> Drawing {
    let u = unit(style);
    let c = colour(face.card);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, c);
    // Header band with the priority in a circle and the name.
    let band = Rect::new(inner.x, inner.y, inner.w, 15.0 * u);
    match style.fill(c) {
        Some(fill) => d.rounded_rect(band, 2.5 * u, Some(fill), None),
        None => d.line(Point::new(band.x, band.bottom()), Point::new(band.right(), band.bottom()), Stroke::solid(c, 0.5 * u)),
    }
    let circle = Point::new(band.x + 8.0 * u, band.centre().y);
    d.circle(circle, 5.6 * u, Some(Ink::White), Some(Stroke::solid(c, 0.6 * u)));
    let number_size = 16.0 * u;
    d.text(circle.x, circle.y + cap_height(number_size) / 2.0, number_size, Face::Bold, c, Align::Centre, &face.priority.to_string());
    let name_size = 14.0 * u;
    let name = face.card.to_string().to_uppercase();
    d.text(band.x + 16.0 * u, band.centre().y + cap_height(name_size) / 2.0, name_size, Face::Bold, style.on(c), Align::Left, &name);
    // The emblem.
    let emblem = Rect::new(inner.centre().x - 14.0 * u, band.bottom() + 5.0 * u, 28.0 * u, 28.0 * u);
    draw_emblem(&mut d, face.card, emblem, style, c);
    // Damage.
    let damage = if face.damage == 0 { "No damage".to_string() } else { format!("Damage {}", face.damage) };
    let y = emblem.bottom() + 7.0 * u;
    d.text(inner.centre().x, y, 9.0 * u, Face::Bold, INK, Align::Centre, &damage);
    // Effect text.
    let text_box = Rect::new(inner.x + 3.0 * u, y + 3.5 * u, inner.w - 6.0 * u, 20.0 * u);
    d.paragraph(text_box, 8.0 * u, 1.25, Face::Regular, INK, Align::Centre, face.effect);
    // Footer.
    let footer = format!("Priority {} of 5 · {}", face.priority, order_note(face.priority));
    d.text(inner.centre().x, inner.bottom() - 2.5 * u, 5.5 * u, Face::Regular, Ink::Grey(35), Align::Centre, &footer);
    d
}

/// Each card's emblem: a shape of its own, so cards differ without colour.
fn draw_emblem(d: &mut Drawing, card: Card, r: Rect, style: &Style, c: Ink) {
    let fill = style.fill(c);
    let stroke = Some(Stroke::solid(c, if style.ink_saver { 0.7 } else { 0.3 }));
    let at = |fx: f32, fy: f32| Point::new(r.x + fx * r.w, r.y + fy * r.h);
    match card {
        // A shield.
        Card::Guard => {
            d.path(vec![at(0.5, 0.02), at(0.92, 0.16), at(0.88, 0.55), at(0.5, 0.98), at(0.12, 0.55), at(0.08, 0.16)], true, fill, stroke)
        }
        // Two forward chevrons: speed.
        Card::Rush => {
            for dx in [0.0, 0.4] {
                d.path(
                    vec![
                        at(0.08 + dx, 0.12),
                        at(0.3 + dx, 0.12),
                        at(0.52 + dx, 0.5),
                        at(0.3 + dx, 0.88),
                        at(0.08 + dx, 0.88),
                        at(0.3 + dx, 0.5),
                    ],
                    true,
                    fill,
                    stroke,
                );
            }
        }
        // An arrow swerving aside.
        Card::Dodge => d.path(
            vec![
                at(0.1, 0.9),
                at(0.1, 0.55),
                at(0.55, 0.3),
                at(0.55, 0.1),
                at(0.95, 0.4),
                at(0.55, 0.7),
                at(0.55, 0.5),
                at(0.3, 0.65),
                at(0.3, 0.9),
            ],
            true,
            fill,
            stroke,
        ),
        // A four-pointed burst.
        Card::Strike => d.path(star(r, 4, 0.5, 0.2), true, fill, stroke),
        // A large eight-pointed burst.
        Card::Punish => d.path(star(r, 8, 0.5, 0.28), true, fill, stroke),
    }
}

/// A star with `points` points in `r`: outer and inner radius as fractions of the box.
fn star(r: Rect, points: usize, outer: f32, inner: f32) -> Vec<Point> {
    let centre = r.centre();
    (0..2 * points)
        .map(|i| {
            let radius = if i % 2 == 0 { outer } else { inner } * r.w;
            let angle = (i as f32 * 180.0 / points as f32 - 90.0).to_radians();
            Point::new(centre.x + radius * angle.cos(), centre.y + radius * angle.sin())
        })
        .collect()
}

/// The back all action cards share: it must not give away which card is which.
fn action_back(style: &Style) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let card = Rect::of_size(style.card);
    let word = if style.ink_saver { INK } else { Ink::White };
    if let Some(fill) = style.fill(BACK) {
        d.rect(card.outset(style.bleed), Some(fill), None);
    } else {
        d.rect(card, None, Some(Stroke::solid(Ink::Grey(70), 0.15)));
    }
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(word, 0.5 * u)));
    d.rounded_rect(inner.outset(-2.0 * u), 1.8 * u, None, Some(Stroke::solid(word, 0.25 * u)));
    // Five priority diamonds above and below the name, symmetric top to bottom.
    for row in [0.25, 0.75] {
        for i in 0..5 {
            let c = Point::new(card.w * (0.2 + 0.15 * i as f32), card.h * row);
            let s = 2.2 * u;
            d.path(
                vec![Point::new(c.x, c.y - s), Point::new(c.x + s, c.y), Point::new(c.x, c.y + s), Point::new(c.x - s, c.y)],
                true,
                None,
                Some(Stroke::solid(word, 0.3 * u)),
            );
        }
    }
    let size = 17.0 * u;
    let centre = card.centre();
    d.text(centre.x, centre.y + cap_height(size) / 2.0, size, Face::Bold, word, Align::Centre, "PUNISH");
    d
}

fn heart(style: &Style, kept: bool) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, RED);
    let c = inner.centre();
    let (symbol, word, line) =
        if kept { ('♥', "HEART", "Yours while this side is up.") } else { ('♡', "LOST", "Turn back to ♥ when you recover.") };
    d.text(c.x, inner.y + 12.0 * u, 13.0 * u, Face::Bold, RED, Align::Centre, word);
    let big = 70.0 * u;
    d.text(c.x, c.y + cap_height(big) / 2.0, big, Face::Regular, RED, Align::Centre, &symbol.to_string());
    d.paragraph(
        Rect::new(inner.x + 4.0 * u, inner.bottom() - 14.0 * u, inner.w - 8.0 * u, 10.0 * u),
        7.5 * u,
        1.25,
        Face::Regular,
        INK,
        Align::Centre,
        line,
    );
    // Small corner marks, the second upside down so the card reads either way up.
    let mut corner = Drawing::new();
    corner.text(0.0, 0.0, 9.0 * u, Face::Regular, RED, Align::Centre, &symbol.to_string());
    d.place_at(&corner, Point::new(inner.x + 4.5 * u, inner.y + 6.0 * u), Turn::None);
    d.place_at(&corner, Point::new(inner.right() - 4.5 * u, inner.bottom() - 6.0 * u), Turn::Half);
    d
}

/// A framed reference card with a text column starting at its top.
fn column(style: &Style) -> Column {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, INK);
    Column::new(d, inner, u, 7.0, 3.0, 10.0, INK)
}

fn reference_front(style: &Style) -> Drawing {
    let mut col = column(style);
    let u = col.u;
    col.heading("PUNISH · a breath", 6.0);
    col.line("", "Both show a card at once. Lower priority resolves first:", 6.5, 2.5);
    let left = col.left();
    for face in &CARD_FACES {
        let c = colour(face.card);
        let y = col.y;
        col.d.circle(Point::new(left + 2.2 * u, y - 1.1 * u), 2.2 * u, style.fill(c), Some(Stroke::solid(c, 0.3 * u)));
        col.d.text(left + 2.2 * u, y, 6.0 * u, Face::Bold, style.on(c), Align::Centre, &face.priority.to_string());
        let what = match face.damage {
            0 => face.card.to_string(),
            n => format!("{}, {} damage", face.card, n),
        };
        col.d.text(left + 6.0 * u, y, 7.0 * u, Face::Bold, INK, Align::Left, &what);
        col.y += 5.2 * u;
    }
    col.y += 1.5 * u;
    for rule in [
        "Guard: every hit on you this breath is 1 weaker.",
        "Dodge: later hits this breath do nothing to you (a Rush is already in).",
        "Punish leaves you EXHAUSTED next breath.",
        "Clash: the same attack on both sides deals nothing. Two Punishes still exhaust both.",
        "Reach 0 hearts and you lose at once, even if your card has not resolved yet.",
    ] {
        col.line("", rule, 6.0, 1.0);
    }
    col.d
}

fn reference_back(style: &Style) -> Drawing {
    let mut col = column(style);
    col.heading("Statuses", 5.0);
    for line in [
        "EXHAUSTED: play no card next breath.",
        "DISARMED: your next card deals no damage.",
        "EXPOSED: your next card reduces no damage.",
        "Each lasts one breath and ends with the measure.",
    ] {
        col.line("", line, 6.3, 1.0);
    }
    col.y += 3.0 * col.u;
    col.heading("After 4 breaths", 5.0);
    for step in [
        "1. Shuffle played and face-up cards back into the deck.",
        "2. Both draw back up to 5 cards.",
        "3. Turn the top 2 cards face up: out of play this measure.",
        "4. Anyone below their starting hearts recovers 1.",
    ] {
        col.line("", step, 6.3, 1.0);
    }
    let (x, bottom, u) = (col.inner.centre().x, col.inner.bottom(), col.u);
    col.d.text(x, bottom - 3.0 * u, 6.0 * u, Face::Bold, INK, Align::Centre, "Best of 3 games wins the match.");
    col.d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::CardSize;

    #[test]
    fn the_kit_has_every_card_of_the_game() {
        let kit = kit(&Style { card: CardSize::Poker.size(), bleed: 0.0, ink_saver: false });
        let actions = &kit.components[0].pieces;
        assert_eq!(actions.len(), dojo_games::punish::DECK_SIZE);
        for card in Card::ALL {
            assert_eq!(actions.iter().filter(|p| p.name.starts_with(&card.to_string())).count(), 3);
        }
        assert_eq!(kit.components[1].pieces.len(), 7);
        // Every action card shares one back, so backs give nothing away.
        assert!(actions.windows(2).all(|w| w[0].back == w[1].back));
    }
}
