//! The cards held in hand: basic cards (a white move up, the red move upside down below it),
//! character cards (two purple moves, one each way up) and the back they all share.
//!
//! Each half of a card is drawn upright on its own ([`half`]) and the lower one placed turned
//! half round, so a card changes move by being turned round, as the rules have it.

use super::{INK, PURPLE, RED, SOFT, card_frame, unit};
use crate::draw::{Align, Drawing, Hatch, Ink, Stroke, Turn};
use crate::geometry::{Point, Rect, Size};
use crate::kit::Style;
use crate::kits::fit::{Fitted, fit};
use crate::text::{Face, cap_height, width};
use dojo_games::dragon_punch::card::{BasicCard, CharacterCard, Icon, Location, Move};

/// Which half a move is, which its label says in words (colour is never the only sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind<'a> {
    /// A basic card's white move.
    White,
    /// A basic card's red move: labelled RED and striped at both ends of its band.
    Red,
    /// One of a character's two purple moves.
    Special(&'a str),
}

impl Kind<'_> {
    /// The band's colour: also the card_frame, icons and, in ink-saver mode, the band's words.
    fn colour(self) -> Ink {
        match self {
            Kind::White => INK,
            Kind::Red => RED,
            Kind::Special(_) => PURPLE,
        }
    }

    /// The band's fill in a colour print.
    fn band(self) -> Ink {
        match self {
            Kind::White => Ink::Grey(88),
            other => other.colour(),
        }
    }

    /// A pale wash behind the whole half in a colour print, so a red card shows from afar.
    fn wash(self) -> Option<Ink> {
        match self {
            Kind::White => None,
            Kind::Red => Some(Ink::Rgb(252, 234, 234)),
            Kind::Special(_) => Some(Ink::Rgb(242, 235, 250)),
        }
    }

    /// The words on the band.
    fn label(self) -> String {
        match self {
            Kind::White => "WHITE MOVE".into(),
            Kind::Red => "RED MOVE".into(),
            Kind::Special(name) => name.to_string(),
        }
    }
}

/// The properties a move has, in words, as the reference card names them.
pub(super) fn property_words(m: &Move) -> Vec<&'static str> {
    let p = m.properties;
    [
        (p.throw, "Throw"),
        (p.unstoppable, "Cannot be interrupted"),
        (p.projectile, "Projectile"),
        (p.initiative, "Gains Initiative"),
        (p.taunt, "Taunt"),
    ]
    .into_iter()
    .filter_map(|(has, word)| has.then_some(word))
    .collect()
}

/// One move drawn upright in a box of `size` (origin at its top-left): its band, name, High and
/// Low rows, properties and effect, and the set's name at the foot (toward the card's middle).
pub(super) fn half(style: &Style, m: &Move, kind: Kind, set_name: &str, size: Size) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let colour = kind.colour();
    let whole = Rect::of_size(size);
    if let Some(wash) = kind.wash().and_then(|w| style.fill(w)) {
        d.rounded_rect(whole, 1.8 * u, Some(wash), None);
    }
    let pad = 1.5 * u;
    let text_w = size.w - 2.0 * pad;

    // The band with the half's label; a red move's band is striped at both ends.
    let band = Rect::new(0.0, 0.0, size.w, 6.0 * u);
    match style.fill(kind.band()) {
        Some(fill) => d.rounded_rect(band, 1.8 * u, Some(fill), None),
        None => d.rounded_rect(band, 1.8 * u, None, Some(Stroke::solid(colour, 0.35 * u))),
    }
    let end = 6.0 * u;
    if kind == Kind::Red {
        let stripes = if style.ink_saver { RED } else { Ink::White };
        for x in [band.x + 1.0 * u, band.right() - 1.0 * u - end] {
            d.hatch(Rect::new(x, band.y + 0.9 * u, end, band.h - 1.8 * u), Hatch::Rising, 1.1 * u, Stroke::solid(stripes, 0.35 * u));
        }
    }
    let words = match kind {
        Kind::White => INK,
        _ => style.on(colour),
    };
    let label = Rect::new(band.x + end + 1.5 * u, band.y + 0.8 * u, band.w - 2.0 * (end + 1.5 * u), band.h - 1.6 * u);
    fit(&mut d, label, 7.5 * u, Face::Bold, words, Align::Centre, true, &kind.label());

    // The move's name.
    let name = Rect::new(pad, 6.8 * u, text_w, 7.0 * u);
    fit(&mut d, name, 11.0 * u, Face::Bold, INK, Align::Centre, true, &m.name);

    // High above Low.
    for (row, location) in Location::BOTH.into_iter().enumerate() {
        location_row(&mut d, style, Rect::new(pad, 14.3 * u + row as f32 * 6.5 * u, text_w, 6.1 * u), location, m.at(location), colour);
    }

    // Properties in bold, then the effect, sharing what is left above the set's name.
    let foot = size.h - 3.3 * u;
    let text = Rect::new(pad, 27.6 * u, text_w, foot - 27.9 * u);
    let properties = property_words(m).join(" · ");
    let effect = m.effect.as_deref().unwrap_or("");
    Fitted::new(&[(Face::Bold, &properties), (Face::Regular, effect)], text, 7.5 * u).draw(&mut d, text, INK, Align::Centre, false);

    // The set, small, so a reconstruction is never mistaken for the retail cards.
    fit(&mut d, Rect::new(pad, foot, text_w, 3.2 * u), 5.0 * u, Face::Regular, SOFT, Align::Centre, true, set_name);
    d
}

/// One location's row: its name in a box, then what it holds.
fn location_row(d: &mut Drawing, style: &Style, row: Rect, location: Location, icon: Option<Icon>, colour: Ink) {
    let u = unit(style);
    let chip = Rect::new(row.x, row.y + 0.4 * u, 10.0 * u, row.h - 0.8 * u);
    d.rounded_rect(chip, 1.0 * u, None, Some(Stroke::solid(INK, 0.25 * u)));
    let (arrow, word) = match location {
        Location::High => ("↑", "HIGH"),
        Location::Low => ("↓", "LOW"),
    };
    let chip_size = 6.5 * u;
    let baseline = row.centre().y + cap_height(chip_size) / 2.0;
    d.text(chip.centre().x, baseline, chip_size, Face::Bold, INK, Align::Centre, &format!("{arrow} {word}"));
    let symbol = Rect::new(chip.right() + 1.3 * u, row.centre().y - 2.2 * u, 4.4 * u, 4.4 * u);
    let x = symbol.right() + 1.5 * u;
    let (word_size, note_size, number_size) = (7.0 * u, 6.0 * u, 10.0 * u);
    let baseline = row.centre().y + cap_height(word_size) / 2.0;
    match icon {
        Some(Icon::Attack { strength, time }) => {
            burst(d, symbol, colour, None);
            // "ATTACK  damage 2  time 3", shrunk as one if it would pass the row's end.
            let parts = [("ATTACK".to_string(), Face::Bold, word_size, 1.6), ("damage".into(), Face::Regular, note_size, 0.7)];
            let parts = parts.into_iter().chain([
                (strength.to_string(), Face::Bold, number_size, 1.6),
                ("time".into(), Face::Regular, note_size, 0.7),
                (time.to_string(), Face::Bold, number_size, 0.0),
            ]);
            let parts: Vec<(String, Face, f32, f32)> = parts.collect();
            let total: f32 = parts.iter().map(|(text, face, size, gap)| width(text, *size, *face) + gap * u).sum();
            let scale = ((row.right() - x) / total).min(1.0);
            let mut at = x;
            for (text, face, size, gap) in &parts {
                let lift = if *size == number_size { 0.3 * u * scale } else { 0.0 };
                at += d.text(at, baseline + lift, size * scale, *face, INK, Align::Left, text) + gap * u * scale;
            }
        }
        Some(Icon::Block) => {
            shield(d, symbol, colour);
            let w = d.text(x, baseline, word_size, Face::Bold, INK, Align::Left, "BLOCK");
            d.text(x + w + 1.5 * u, baseline, note_size, Face::Regular, INK, Align::Left, "stops all but Throws");
        }
        Some(Icon::Evade) => {
            swerve(d, symbol, colour);
            let w = d.text(x, baseline, word_size, Face::Bold, INK, Align::Left, "EVADE");
            d.text(x + w + 1.5 * u, baseline, note_size, Face::Regular, INK, Align::Left, "stops any attack");
        }
        None => {
            d.line(
                Point::new(symbol.x + 0.8 * u, symbol.centre().y),
                Point::new(symbol.right() - 0.8 * u, symbol.centre().y),
                Stroke::solid(SOFT, 0.4 * u),
            );
            d.text(x, baseline, note_size, Face::Regular, SOFT, Align::Left, "nothing here");
        }
    }
}

/// An attack: an eight-pointed burst, filled, or outlined when `outline` is given.
fn burst(d: &mut Drawing, r: Rect, colour: Ink, outline: Option<f32>) {
    let c = r.centre();
    let points = (0..16)
        .map(|i| {
            let radius = if i % 2 == 0 { 0.5 } else { 0.24 } * r.w;
            let angle = (i as f32 * 22.5 - 90.0).to_radians();
            Point::new(c.x + radius * angle.cos(), c.y + radius * angle.sin())
        })
        .collect();
    match outline {
        Some(w) => d.path(points, true, None, Some(Stroke::solid(colour, w))),
        None => d.path(points, true, Some(colour), None),
    }
}

/// A Block: a shield.
fn shield(d: &mut Drawing, r: Rect, colour: Ink) {
    let at = |fx: f32, fy: f32| Point::new(r.x + fx * r.w, r.y + fy * r.h);
    d.path(vec![at(0.5, 0.04), at(0.9, 0.18), at(0.86, 0.56), at(0.5, 0.96), at(0.14, 0.56), at(0.1, 0.18)], true, Some(colour), None);
}

/// An Evade: an arrow swerving aside.
fn swerve(d: &mut Drawing, r: Rect, colour: Ink) {
    let at = |fx: f32, fy: f32| Point::new(r.x + fx * r.w, r.y + fy * r.h);
    let points = vec![
        at(0.1, 0.92),
        at(0.1, 0.55),
        at(0.55, 0.3),
        at(0.55, 0.08),
        at(0.95, 0.4),
        at(0.55, 0.72),
        at(0.55, 0.5),
        at(0.3, 0.64),
        at(0.3, 0.92),
    ];
    d.path(points, true, Some(colour), None);
}

/// Where a card's two halves go, inside a frame of `inner`: the upper half's box (the lower one
/// is the same size at the bottom).
fn halves(style: &Style, inner: Rect) -> Rect {
    let area = inner.outset(-unit(style));
    Rect::new(area.x, area.y, area.w, (area.h - 1.0 * unit(style)) / 2.0)
}

/// The size of half a card, as [`half`] is drawn for this style.
#[cfg(test)]
pub(super) fn half_size(style: &Style) -> Size {
    halves(style, Rect::of_size(style.card).outset(-3.0 * unit(style))).size()
}

/// A card's front: `upper` upright on the top half, `lower` turned round on the bottom half.
fn front(style: &Style, frame_colour: Ink, upper: (&Move, Kind), lower: (&Move, Kind), set_name: &str) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, frame_colour);
    let area = inner.outset(-u);
    let size = halves(style, inner).size();
    let top = half(style, upper.0, upper.1, set_name, size);
    let bottom = half(style, lower.0, lower.1, set_name, size);
    d.place(&top, size, Rect::new(area.x, area.y, size.w, size.h), Turn::None);
    d.place(&bottom, size, Rect::new(area.x, area.bottom() - size.h, size.w, size.h), Turn::Half);
    let middle = area.centre().y;
    d.line(Point::new(inner.x, middle), Point::new(inner.right(), middle), Stroke::solid(frame_colour, 0.3 * u));
    d
}

/// A basic card: white move up, red move upside down below it.
pub(super) fn basic(style: &Style, card: &BasicCard, set_name: &str) -> Drawing {
    front(style, INK, (&card.white, Kind::White), (&card.red, Kind::Red), set_name)
}

/// A character card: its two purple moves, the first up.
pub(super) fn character(style: &Style, card: &CharacterCard, set_name: &str) -> Drawing {
    let kind = Kind::Special(&card.name);
    front(style, PURPLE, (&card.moves[0], kind), (&card.moves[1], kind), set_name)
}

/// The back every card shares. It looks the same either way up, so turning a card round to
/// its red move shows the other player nothing.
pub(super) fn back(style: &Style) -> Drawing {
    let u = unit(style);
    let card = Rect::of_size(style.card);
    let mut d = Drawing::new();
    let word = style.on(super::BACK);
    match style.fill(super::BACK) {
        Some(fill) => d.rect(card.outset(style.bleed), Some(fill), None),
        None => d.rect(card, None, Some(Stroke::solid(super::FAINT, 0.15))),
    }
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(word, 0.5 * u)));
    d.rounded_rect(inner.outset(-2.0 * u), 1.8 * u, None, Some(Stroke::solid(word, 0.25 * u)));
    // A burst in a ring at the centre, symmetric under a half turn.
    let centre = card.centre();
    d.circle(centre, 9.0 * u, None, Some(Stroke::solid(word, 0.5 * u)));
    burst(&mut d, Rect::new(centre.x - 6.5 * u, centre.y - 6.5 * u, 13.0 * u, 13.0 * u), word, style.ink_saver.then_some(0.4 * u));
    // The title on the upper half, and the same turned round on the lower half.
    let mut upper = Drawing::new();
    let title = (13.0 * u).min(13.0 * u * (inner.w - 8.0 * u) / width("DRAGON PUNCH", 13.0 * u, Face::Bold));
    upper.text(centre.x, centre.y - 17.0 * u, title, Face::Bold, word, Align::Centre, "DRAGON PUNCH");
    for i in 0..5 {
        let c = Point::new(card.w * (0.2 + 0.15 * i as f32), centre.y - 28.0 * u);
        let s = 1.8 * u;
        upper.path(
            vec![Point::new(c.x, c.y - s), Point::new(c.x + s, c.y), Point::new(c.x, c.y + s), Point::new(c.x - s, c.y)],
            true,
            None,
            Some(Stroke::solid(word, 0.3 * u)),
        );
    }
    d.place(&upper, card.size(), card, Turn::None);
    d.place(&upper, card.size(), card, Turn::Half);
    d
}
