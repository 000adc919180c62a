//! Table aids: the health card (a track to clip at your health, and the rounds you have won)
//! and the two-sided reference card for a turn. All words here are ours.

use super::{INK, SOFT, card_frame, unit};
use crate::draw::{Align, Drawing, Stroke};
use crate::geometry::MM_PER_PT;
use crate::geometry::{Point, Rect};
use crate::kit::Style;
use crate::kits::column::Column;
use crate::text::{Face, cap_height, width};
use dojo_games::dragon_punch::BASIC_CARDS;

/// The most health a player can have: the Custom Character variant's seven white cards.
pub(super) const MOST_HEALTH: usize = BASIC_CARDS + 1;

/// The health card: numbers from the most health down to 0 to clip at, and two rounds to mark.
pub(super) fn health(style: &Style) -> Drawing {
    let mut col = column(style);
    let u = col.u;
    col.heading("HEALTH", 5.5);
    col.line("", "Your health is the number of your basic cards with the white move up.", 6.5, 2.0);
    // The track: one box per number, largest first.
    let (left, w) = (col.left(), col.width());
    let count = MOST_HEALTH + 1;
    let cell = w / count as f32;
    let top = col.y - cap_height(6.5 * u);
    let size = 11.0 * u;
    for i in 0..count {
        let r = Rect::new(left + i as f32 * cell, top, cell, 10.0 * u);
        col.d.rect(r, None, Some(Stroke::solid(INK, 0.3 * u)));
        let number = MOST_HEALTH - i;
        let face = if number == BASIC_CARDS { Face::Bold } else { Face::Regular };
        col.d.text(r.centre().x, r.centre().y + cap_height(size) / 2.0, size, face, INK, Align::Centre, &number.to_string());
    }
    col.d.text(left + (0.5 + 1.0) * cell, top + 13.5 * u, 5.5 * u, Face::Regular, SOFT, Align::Centre, "↑ start");
    col.y = top + 18.5 * u;
    col.line(
        "",
        "A round starts at 6 (7 in Custom Character). Clip this card at your health and tell it when asked. At 0 the round is lost.",
        6.3,
        3.0,
    );
    col.heading("ROUNDS WON", 4.0);
    let centre = col.inner.centre().x;
    let y = col.y + 4.0 * u;
    for dx in [-7.0, 7.0] {
        col.d.circle(Point::new(centre + dx * u, y), 5.0 * u, None, Some(Stroke::solid(INK, 0.4 * u)));
    }
    col.y = y + 5.0 * u + 5.0 * u;
    col.line("", "Cover a circle with a coin for each round you win. Two wins the match.", 6.3, 0.0);
    col.d
}

/// A framed card with a text column starting at its top.
fn column(style: &Style) -> Column {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, INK);
    Column::new(d, inner, u, 6.5, 2.5, 9.0, INK)
}

/// A paragraph that starts with a bold `lead` on its first line and wraps under it at the full
/// width (a run-in heading), `size` units, then `gap` units of space.
fn entry(col: &mut Column, lead: &str, text: &str, size: f32, gap: f32) {
    let (u, left, full) = (col.u, col.left(), col.width());
    let size = size * u;
    let line_height = size * 1.2 * MM_PER_PT;
    let lead_w = col.d.text(left, col.y, size, Face::Bold, INK, Align::Left, lead) + width(" ", size, Face::Regular);
    let mut line = String::new();
    let mut room = full - lead_w;
    let mut x = left + lead_w;
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if line.is_empty() || width(&candidate, size, Face::Regular) <= room {
            line = candidate;
        } else {
            col.d.text(x, col.y, size, Face::Regular, INK, Align::Left, &line);
            col.y += line_height;
            (line, room, x) = (word.to_string(), full, left);
        }
    }
    col.d.text(x, col.y, size, Face::Regular, INK, Align::Left, &line);
    col.y += line_height + gap * u;
}

/// The reference card's front: one turn, step by step.
pub(super) fn reference_front(style: &Style) -> Drawing {
    let mut col = column(style);
    col.heading("DRAGON PUNCH · a turn", 5.5);
    let steps = [
        ("1. Choose:", "each player picks an unflipped card in secret; show them at the same moment."),
        (
            "2. Stop:",
            "an attack meeting a Block or an Evade in its own location (High or Low) does nothing. A Throw goes through a Block, not an Evade.",
        ),
        (
            "3. Race:",
            "if only one player still attacks, it hits. If both do, the one with the Initiative hits; without it, the lower time hits; on equal times both hit. The other attacks are interrupted.",
        ),
        ("4. Hurt:", "each hit deals its damage: see the back."),
        ("5. Flip:", "turn the card you played to face the other player. A flipped card cannot be picked."),
    ];
    for (lead, text) in steps {
        entry(&mut col, lead, text, 6.8, 1.2);
    }
    col.y += 1.0 * col.u;
    entry(&mut col, "Projectile:", "interrupted by a Projectile of the other card in the same location.", 6.8, 1.2);
    entry(&mut col, "Cannot be interrupted:", "only a Block or an Evade stops it.", 6.8, 0.0);
    col.d
}

/// The reference card's back: damage, the Initiative, the Taunt and rounds.
pub(super) fn reference_back(style: &Style) -> Drawing {
    let mut col = column(style);
    col.heading("Damage and rounds", 5.5);
    let rules = [
        ("Damage:", "for each point, turn one of your white cards round to its red move; you choose which, one at a time."),
        ("Health:", "your white cards: 6 at the start of a round, 7 in Custom Character."),
        (
            "Initiative:",
            "a move that gains it, by hitting or by blocking an attack, holds it for the next turn only. Both or neither gain it: nobody has it.",
        ),
        ("Taunt:", "when the turn's cards are flipped, unflip all of yours, the Taunt card too."),
        (
            "Round:",
            "whoever turns their last white card loses it; both at once, nobody wins it. Then unflip everything and turn all basic cards white side up.",
        ),
    ];
    for (lead, text) in rules {
        entry(&mut col, lead, text, 6.8, 1.6);
    }
    let (x, bottom, u) = (col.inner.centre().x, col.inner.bottom(), col.u);
    col.d.text(x, bottom - 3.0 * u, 6.5 * u, Face::Bold, INK, Align::Centre, "Win two rounds to win the match.");
    col.d
}
