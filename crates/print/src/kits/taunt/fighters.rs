//! The fighter cards: name, face, Critical Damage (and the modes of that Danger Track),
//! Recovery, block tokens, Run type, special power and the deck the fighter plays.

use super::{INK, SOFT, card_frame, cards, fighter_colour, look, mode_area, mode_ranges, unit};
use crate::draw::{Align, Drawing, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::{Face, cap_height, fitting_size, width};
use dojo_games::taunt::moves::Slot;
use dojo_games::taunt::{FIGHTERS, Fighter, HealCard, MAX_CHARGE, RunType};

/// The five fighter cards, each with its fighter's card back.
pub(super) fn component(style: &Style) -> Component {
    let pieces = FIGHTERS
        .iter()
        .map(|fighter| Piece {
            name: format!("{} (fighter)", fighter.name),
            front: front(style, fighter),
            back: Some(cards::back(style, cards::Owner::of(fighter))),
        })
        .collect();
    Component {
        id: "fighters",
        name: "Fighter cards".into(),
        about: "One per fighter: Critical Damage, Recovery, block tokens, Run type and special power.".into(),
        size: PieceSize::Card,
        default_copies: 1,
        pieces,
        modes: &[],
    }
}

/// The Run type's number, as printed.
fn run_number(run: RunType) -> u8 {
    match run {
        RunType::One => 1,
        RunType::Two => 2,
    }
}

/// The Run card's damage by level, "2 · 3 · 4 · 5": what tells the two types apart at a glance.
fn run_damage(fighter: &Fighter) -> String {
    let run = fighter.move_card(Slot::Run, HealCard::Standard);
    let damage: Vec<String> = (0..=MAX_CHARGE).map(|level| run.at(level).damage.to_string()).collect();
    damage.join(" · ")
}

fn front(style: &Style, fighter: &Fighter) -> Drawing {
    let u = unit(style);
    let colour = fighter_colour(fighter.id);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, colour);
    // Name band, then the face as large as fits.
    let band = Rect::new(inner.x, inner.y, inner.w, 12.0 * u);
    match style.fill(colour) {
        Some(fill) => d.rounded_rect(band, 2.5 * u, Some(fill), None),
        None => d.line(Point::new(band.x, band.bottom()), Point::new(band.right(), band.bottom()), Stroke::solid(colour, 0.5 * u)),
    }
    let name = 13.0 * u;
    d.text(band.centre().x, band.centre().y + cap_height(name) / 2.0, name, Face::Bold, style.on(colour), Align::Centre, fighter.name);
    let face = (15.0 * u).min(15.0 * u * (inner.w - 8.0 * u) / width(fighter.face, 15.0 * u, Face::Regular));
    d.text(band.centre().x, band.bottom() + 10.0 * u, face, Face::Regular, colour, Align::Centre, fighter.face);
    let mut y = band.bottom() + 18.0 * u;
    let (left, right) = (inner.x + 3.0 * u, inner.right() - 3.0 * u);
    let recovery = if fighter.recovery == 0 { "none".to_string() } else { fighter.recovery.to_string() };
    let stats = [
        ("Critical Damage", fighter.critical_damage.to_string()),
        ("Recovery", recovery),
        ("Block tokens", format!("{} {}", "🏠".repeat(usize::from(fighter.block_tokens)), fighter.block_tokens)),
        ("Run", format!("type {}", run_number(fighter.run))),
    ];
    for (label, value) in stats {
        d.text(left, y, 7.0 * u, Face::Regular, INK, Align::Left, label);
        d.text(right, y, 7.5 * u, Face::Bold, INK, Align::Right, &value);
        y += 5.2 * u;
    }
    d.text(right, y - 1.2 * u, 6.0 * u, Face::Regular, SOFT, Align::Right, &format!("Run ♥ by level: {}", run_damage(fighter)));
    y += 3.0 * u;
    y = track_key(&mut d, style, Rect::new(left, y, right - left, 0.0), fighter.critical_damage);
    // The special power, then the deck, both at the foot.
    let deck: Vec<String> = Slot::ALL
        .iter()
        .map(|slot| {
            let card = fighter.move_card(*slot, HealCard::Standard);
            // A no-break space keeps each name with its number.
            format!("{}\u{a0}{}", card.name, card.number)
        })
        .collect();
    let text = match fighter.special {
        Some(special) => format!("Special: {special}\nDeck: {}", deck.join(", ")),
        None => format!("Deck: {}", deck.join(", ")),
    };
    let area = Rect::new(left, y + 2.0 * u, right - left, inner.bottom() - 2.0 * u - (y + 2.0 * u));
    let size = fitting_size(&text, Face::Regular, area.w, area.h, 1.2, 6.5 * u, 6.0 * u).unwrap_or(6.0 * u);
    d.paragraph(area, size, 1.2, Face::Regular, INK, Align::Left, &text);
    d
}

/// The fighter's Danger Track: each mode's pattern, name and spaces, two to a line.
pub(super) fn track_key(d: &mut Drawing, style: &Style, at: Rect, critical: u8) -> f32 {
    let u = unit(style);
    let size = 6.5 * u;
    d.text(at.x, at.y + cap_height(size), size, Face::Bold, INK, Align::Left, &format!("Danger Track {critical}"));
    let top = at.y + cap_height(size) + 2.0 * u;
    let pitch = 4.6 * u;
    for (i, (mode, first, last)) in mode_ranges(critical).into_iter().enumerate() {
        let x = at.x + (i % 2) as f32 * at.w / 2.0;
        let y = top + (i / 2) as f32 * pitch;
        let swatch = Rect::new(x, y, 3.4 * u, 3.4 * u);
        mode_area(d, swatch, mode, style, 0.9 * u);
        d.rect(swatch, None, Some(Stroke::solid(look(mode).line, 0.2 * u)));
        let label = format!("{mode} {first}–{last}");
        d.text(swatch.right() + 1.2 * u, swatch.centre().y + cap_height(size) / 2.0, size, Face::Regular, INK, Align::Left, &label);
    }
    top + 2.0 * pitch
}
