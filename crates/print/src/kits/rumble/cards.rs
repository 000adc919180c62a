//! The cards held at the table: a power card for each power (the set's and typed-in ones alike),
//! blank power cards to invent on, and the back they share.
//!
//! A power card, top to bottom: its name on a band in its type's colour (a star in a circle on
//! beginner cards), the type and tier in words, the cost line with when the power is used, the
//! text, and at the foot its aspects and author in small print beside a box for the Power
//! Strength it is won at.

use super::{BACK, INK, Power, SOFT, card_frame, line_size, unit};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::Style;
use crate::kits::fit::fit;
use crate::text::{Face, cap_height, width};
use dojo_games::rumble::catalog::{Kind, Timing};

/// A type's colour: the band, the frame and the cost box.
pub(super) fn colour(kind: Kind) -> Ink {
    match kind {
        Kind::Normal => Ink::Rgb(28, 78, 150),
        Kind::Curse => Ink::Rgb(128, 28, 96),
        Kind::Flaw => Ink::Rgb(150, 84, 20),
        Kind::Sidekick => Ink::Rgb(24, 116, 70),
    }
}

/// A type in words, as the card's type line says it.
pub(super) fn kind_label(kind: Kind) -> &'static str {
    match kind {
        Kind::Normal => "NORMAL POWER",
        Kind::Curse => "CURSE",
        Kind::Flaw => "FLAW",
        Kind::Sidekick => "SIDEKICK",
    }
}

/// What a type's card reminds the table of under its text (the set's own texts say the rest).
fn reminder(kind: Kind) -> &'static str {
    match kind {
        Kind::Normal | Kind::Curse => "",
        Kind::Flaw => "Flaw: the lowest bid wins it for free; everyone else pays their bid.",
        Kind::Sidekick => "Sidekick: an extra hero with 50 Energy, played by its winner.",
    }
}

/// Everything a power card shows, the same for the set's cards and typed-in ones.
struct Lines {
    name: String,
    kind: Kind,
    /// "Basic", "Intermediate" … or "Typed in".
    tier: String,
    /// The cost line ("Spend 10"), empty when the power costs nothing.
    cost: String,
    /// When it is used ("at Allocation"), or empty.
    when: &'static str,
    text: String,
    /// The source's aspect words (empty for typed powers).
    aspects: String,
    /// Who wrote it.
    credit: String,
    beginner: bool,
}

fn lines(power: &Power) -> Lines {
    match power {
        Power::Set(card) => {
            let mut author = card.author.to_string();
            if let Some(first) = author.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            Lines {
                name: card.name.into(),
                kind: card.kind,
                tier: card.tier.label().into(),
                cost: card.cost.into(),
                when: match card.timing {
                    Timing::Passive => "works by itself",
                    Timing::Allocation => "at Allocation",
                    Timing::Reveal => "in the reveal step",
                    Timing::WhenWon => "when won",
                },
                text: card.text.into(),
                aspects: card.aspects.into(),
                credit: format!("by {author}"),
                beginner: card.beginner,
            }
        }
        Power::Typed(p) => {
            let mut parts = p.keywords();
            if p.targets {
                parts.push("names a hero".into());
            }
            let paid = p.cost.is_some() || p.activate.is_some() || p.exhaust.is_some();
            Lines {
                name: p.name.clone(),
                kind: p.kind,
                tier: "Typed in".into(),
                cost: parts.join(", "),
                when: if paid { "at Allocation" } else { "" },
                text: p.text.clone(),
                aspects: String::new(),
                credit: format!("typed in by player {}", u16::from(p.author) + 1),
                beginner: false,
            }
        }
    }
}

/// The band across the top of a card: returns its box.
fn band(style: &Style, inner: Rect) -> Rect {
    let u = unit(style);
    Rect::new(inner.x + 1.2 * u, inner.y + 1.2 * u, inner.w - 2.4 * u, 13.0 * u)
}

/// The box for the Power Strength, bottom right, with its label beside it; returns the space
/// left of the label for small print.
fn strength_box(d: &mut Drawing, style: &Style, inner: Rect, colour: Ink) -> Rect {
    let u = unit(style);
    let b = Rect::new(inner.right() - 2.0 * u - 14.0 * u, inner.bottom() - 2.0 * u - 9.0 * u, 14.0 * u, 9.0 * u);
    d.rounded_rect(b, 1.2 * u, None, Some(Stroke::solid(colour, 0.35 * u)));
    let size = 4.6 * u;
    let x = b.x - 1.2 * u;
    let mid = b.centre().y;
    let w1 = d.text(x, mid - 0.4 * u, size, Face::Bold, SOFT, Align::Right, "POWER");
    let w2 = d.text(x, mid + cap_height(size) + 0.6 * u, size, Face::Bold, SOFT, Align::Right, "STRENGTH");
    let left = inner.x + 2.5 * u;
    Rect::new(left, b.y, x - w1.max(w2) - 1.5 * u - left, b.h)
}

/// A power card's front.
pub(super) fn power(style: &Style, power: &Power) -> Drawing {
    let u = unit(style);
    let card = lines(power);
    let colour = colour(card.kind);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, colour);
    // The band and the name on it; a beginner's star in a circle at its right end.
    let band = band(style, inner);
    d.rounded_rect(band, 1.8 * u, style.fill(colour), Some(Stroke::solid(colour, 0.4 * u)));
    let on = style.on(colour);
    let badge = 4.2 * u;
    let side = if card.beginner { 2.0 * badge + 1.0 * u } else { 2.0 * u };
    let name_area = Rect::new(band.x + side, band.y + 1.2 * u, band.w - 2.0 * side, band.h - 2.4 * u);
    fit(&mut d, name_area, 10.5 * u, Face::Bold, on, Align::Centre, true, &card.name);
    if card.beginner {
        let centre = Point::new(band.right() - badge - 1.0 * u, band.centre().y);
        d.circle(centre, badge, Some(Ink::White), Some(Stroke::solid(colour, 0.35 * u)));
        let size = 8.5 * u;
        d.text(centre.x, centre.y + cap_height(size) / 2.0, size, Face::Bold, colour, Align::Centre, "★");
    }
    // The type in words on the left, the tier (and Beginner) on the right.
    let baseline = band.bottom() + 5.0 * u;
    let (left, right) = (inner.x + 2.5 * u, inner.right() - 2.5 * u);
    let tier = if card.beginner { format!("★ Beginner · {}", card.tier) } else { card.tier.clone() };
    let tier_w = d.text(right, baseline, 6.0 * u, Face::Regular, SOFT, Align::Right, &tier);
    let kind = kind_label(card.kind);
    let size = line_size(kind, Face::Bold, 6.5 * u, right - left - tier_w - 2.0 * u);
    d.text(left, baseline, size, Face::Bold, colour, Align::Left, kind);
    // The cost line and when the power is used, in an outlined box: on one line when they fit
    // it, else (a typed cost with several keywords) the cost alone over two lines.
    let cost = if card.cost.is_empty() { "none" } else { card.cost.as_str() };
    let (label, label_size, cost_size, when_size) = ("COST ", 4.8 * u, 7.0 * u, 6.0 * u);
    let inside = inner.w - 7.0 * u;
    let total =
        width(label, label_size, Face::Bold) + width(cost, cost_size, Face::Bold) + width(card.when, when_size, Face::Regular) + 2.0 * u;
    let scale = (inside / total).min(1.0);
    let two_lines = scale < 0.85;
    let cost_box = Rect::new(inner.x + 2.0 * u, baseline + 3.0 * u, inner.w - 4.0 * u, if two_lines { 10.0 } else { 7.0 } * u);
    d.rounded_rect(cost_box, 1.2 * u, None, Some(Stroke::solid(colour, 0.35 * u)));
    let room = cost_box.outset(-1.5 * u);
    if two_lines {
        let label_w = d.text(room.x, room.y + cap_height(cost_size) - 0.2 * u, label_size, Face::Bold, SOFT, Align::Left, label);
        let area = Rect::new(room.x + label_w, room.y - 0.4 * u, room.w - label_w, room.h + 0.8 * u);
        fit(&mut d, area, cost_size, Face::Bold, INK, Align::Left, true, cost);
    } else {
        let baseline = cost_box.centre().y + cap_height(cost_size * scale) / 2.0;
        let x = room.x + d.text(room.x, baseline, label_size * scale, Face::Bold, SOFT, Align::Left, label);
        d.text(x, baseline, cost_size * scale, Face::Bold, INK, Align::Left, cost);
        d.text(room.right(), baseline, when_size * scale, Face::Regular, SOFT, Align::Right, card.when);
    }
    // The foot: aspects and author beside the Power Strength box.
    let foot = strength_box(&mut d, style, inner, colour);
    let small = [(card.aspects.as_str(), 5.2 * u), (card.credit.as_str(), 4.8 * u)];
    let mut y = foot.bottom() - 0.6 * u;
    for (text, size) in small.iter().rev().filter(|(text, _)| !text.is_empty()) {
        let size = line_size(text, Face::Regular, *size, foot.w);
        d.text(foot.x, y, size, Face::Regular, SOFT, Align::Left, text);
        y -= 2.4 * u;
    }
    // The type's reminder in small print above the foot, and the text as large as fits above it.
    let (x, w) = (inner.x + 2.8 * u, inner.w - 5.6 * u);
    let mut bottom = foot.y - 2.0 * u;
    let reminder = reminder(card.kind);
    if !reminder.is_empty() {
        let area = Rect::new(x, bottom - 6.0 * u, w, 6.0 * u);
        fit(&mut d, area, 5.8 * u, Face::Regular, colour, Align::Left, true, reminder);
        bottom = area.y - 1.5 * u;
    }
    let top = cost_box.bottom() + 2.6 * u;
    let text_area = Rect::new(x, top, w, bottom - top);
    fit(&mut d, text_area, 9.5 * u, Face::Regular, INK, Align::Left, false, &card.text);
    d
}

/// A blank power card: a band to name it on, the types to tick, a cost line and ruled lines.
pub(super) fn blank(style: &Style) -> Drawing {
    let u = unit(style);
    let colour = colour(Kind::Normal);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, colour);
    let band = band(style, inner);
    d.rounded_rect(band, 1.8 * u, None, Some(Stroke::solid(colour, 0.4 * u)));
    d.text(band.x + 1.5 * u, band.y + 1.2 * u + cap_height(4.6 * u), 4.6 * u, Face::Bold, SOFT, Align::Left, "NAME");
    // The three types a typed power may have, each with a box to tick.
    let baseline = band.bottom() + 5.0 * u;
    let (left, right) = (inner.x + 2.5 * u, inner.right() - 2.5 * u);
    let boxes = ["Normal", "Flaw", "Sidekick"];
    let step = (right - left) / boxes.len() as f32;
    let size = 6.2 * u;
    for (i, word) in boxes.iter().enumerate() {
        let x = left + i as f32 * step;
        let side = cap_height(size) + 0.4 * u;
        d.rect(Rect::new(x, baseline - side, side, side), None, Some(Stroke::solid(INK, 0.3 * u)));
        d.text(x + side + 1.0 * u, baseline, size, Face::Regular, INK, Align::Left, word);
    }
    // The cost line, to fill in, with its keywords as a reminder underneath.
    let cost_box = Rect::new(inner.x + 2.0 * u, baseline + 3.0 * u, inner.w - 4.0 * u, 7.0 * u);
    d.rounded_rect(cost_box, 1.2 * u, None, Some(Stroke::solid(colour, 0.35 * u)));
    let label = 4.8 * u;
    d.text(cost_box.x + 1.5 * u, cost_box.centre().y + cap_height(label) / 2.0, label, Face::Bold, SOFT, Align::Left, "COST");
    let hint = "Spend, Burn or Drain N · Activate N · Exhaust N · names a hero";
    let hint_size = line_size(hint, Face::Regular, 4.6 * u, cost_box.w);
    d.text(cost_box.centre().x, cost_box.bottom() + 2.6 * u, hint_size, Face::Regular, SOFT, Align::Centre, hint);
    // Ruled lines for what it does, down to the foot.
    let foot = strength_box(&mut d, style, inner, colour);
    d.text(foot.x, foot.bottom() - 0.6 * u, 4.8 * u, Face::Regular, SOFT, Align::Left, "by");
    d.line(
        Point::new(foot.x + 3.2 * u, foot.bottom() - 0.6 * u),
        Point::new(foot.right(), foot.bottom() - 0.6 * u),
        Stroke::solid(SOFT, 0.2 * u),
    );
    let mut y = cost_box.bottom() + 9.5 * u;
    while y < foot.y - 1.5 * u {
        d.line(Point::new(inner.x + 2.8 * u, y), Point::new(inner.right() - 2.8 * u, y), Stroke::solid(SOFT, 0.2 * u));
        y += 5.2 * u;
    }
    d
}

/// The back every card shares: the game's name on a burst.
pub(super) fn back(style: &Style) -> Drawing {
    let u = unit(style);
    let card = Rect::of_size(style.card);
    let mut d = Drawing::new();
    let word = style.on(BACK);
    match style.fill(BACK) {
        Some(fill) => d.rect(card.outset(style.bleed), Some(fill), None),
        None => d.rect(card, None, Some(Stroke::solid(super::FAINT, 0.15))),
    }
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(word, 0.5 * u)));
    d.rounded_rect(inner.outset(-2.0 * u), 1.8 * u, None, Some(Stroke::solid(word, 0.25 * u)));
    // A twelve-pointed burst behind the title.
    let centre = card.centre();
    let points = (0..24)
        .map(|i| {
            let radius = if i % 2 == 0 { 24.0 } else { 16.5 } * u;
            let angle = (i as f32 * 15.0 - 90.0).to_radians();
            Point::new(centre.x + radius * angle.cos(), centre.y + radius * angle.sin())
        })
        .collect();
    d.path(points, true, None, Some(Stroke::solid(word, 0.5 * u)));
    let title = line_size("RUMBLE", Face::Bold, 14.0 * u, 28.0 * u);
    d.text(centre.x, centre.y + cap_height(title) / 2.0, title, Face::Bold, word, Align::Centre, "RUMBLE");
    let size = 6.5 * u;
    d.text(centre.x, centre.y + 30.0 * u, size, Face::Bold, word, Align::Centre, "POWER");
    d
}
