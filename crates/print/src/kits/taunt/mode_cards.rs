//! A reference card for each of TAUNT's other ways to play: the mode in a few lines on the
//! front, and on the back what goes with it (the rules for three or more fighters, switching,
//! knockouts by blood). The wording is ours and follows the interpretation notes; the numbers
//! come from the engine's data.

use super::modes::{FREE_FOR_ALL, LAST_POBBER, MONSTERS, TEAM, WAMPIRES};
use super::{INK, SOFT, card_frame, unit};
use crate::draw::{Align, Drawing, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::{Face, cap_height, wrapped_height};
use dojo_games::taunt::modes_data::{
    CARDS_PER_MONSTER, DECKS_PER_TRAINER, MONSTER_TEAM, MONSTERS_PER_TRAINER, SWITCH_HIGHER, SWITCH_LOWER, WAMPIRE_BLOOD,
    WAMPIRE_DRINK_LEAVES, WAMPIRE_PERIL_MODE, knockout_peril,
};
use dojo_games::taunt::{DISABLED_TO_LOSE, Position};

/// One side of a reference card: a title, who plays, and the lines.
pub(super) struct Side {
    /// The heading.
    pub title: String,
    /// Under the heading: who plays, or what the side is about.
    pub who: String,
    /// The rules, a bullet each.
    pub lines: Vec<String>,
}

/// Largest and smallest text on these cards, in card units: as large as a card's few lines
/// allow, down to the smallest any card prints.
const TEXT_SIZES: (f32, f32) = (7.2, 6.0);

/// The reference cards, one component per mode so each prints with its mode.
pub(super) fn components(style: &Style) -> Vec<Component> {
    vec![
        component(style, &[FREE_FOR_ALL], "Free-for-All card", 1, free_for_all(), more_fighters()),
        component(style, &[LAST_POBBER], "Last Pobber Standing card", 1, last_pobber(), more_fighters()),
        component(style, &[TEAM], "2v2 Team Battle cards", 2, team(), more_fighters()),
        component(style, &[MONSTERS], "Monsters rules cards", 2, monsters(), switching()),
        component(style, &[WAMPIRES], "Wampires card", 1, wampires(), knockouts()),
    ]
}

/// The mode's card. Its id is the mode's with "-card": `ffa-card`, `monsters-card`.
fn component(style: &Style, modes: &'static [&'static str], name: &str, copies: u8, front: Side, back: Side) -> Component {
    let about = format!("The mode's rules in short for {}; on the back, {}.", front.who.to_lowercase(), back.title.to_lowercase());
    Component {
        id: card_id(modes[0]),
        name: name.into(),
        about,
        size: PieceSize::Card,
        default_copies: copies,
        pieces: vec![Piece { name: front.title.clone(), front: side(style, &front), back: Some(side(style, &back)) }],
        modes,
    }
}

/// The component id of a mode's reference card.
fn card_id(mode: &str) -> &'static str {
    match mode {
        FREE_FOR_ALL => "ffa-card",
        LAST_POBBER => "last-pobber-card",
        TEAM => "team-card",
        MONSTERS => "monsters-card",
        _ => "wampires-card",
    }
}

pub(super) fn free_for_all() -> Side {
    Side {
        title: "Free-for-All".into(),
        who: "3 to 6 fighters in a circle".into(),
        lines: vec![
            format!("Each pair of neighbours shares a Position token, {} or {}.", Position::Near, Position::Far),
            "Attacks reach both neighbours where their tokens allow.".into(),
            "A Run flips one or both of your tokens, chosen as it acts, and hits each neighbour it made Near. Two neighbours' equal Runs leave their token alone.".into(),
            "The first to defeat a fighter wins, together with anyone else who put Peril on them that turn. If nobody did, all still standing share the win.".into(),
        ],
    }
}

pub(super) fn last_pobber() -> Side {
    Side {
        title: "Last Pobber Standing".into(),
        who: "3 to 6 fighters in a circle".into(),
        lines: vec![
            "Play as in Free-for-All, but go on until one fighter is left.".into(),
            format!("When a fighter is out, the two beside it become neighbours, with a new token on {}.", Position::Far),
            "With two left, they keep one token as it stands and play the two-fighter rules: block tokens come back one at a time again."
                .into(),
            "Places go from the last one standing back to the first one out; fighters out in the same turn share a place.".into(),
        ],
    }
}

pub(super) fn team() -> Side {
    Side {
        title: "2v2 Team Battle".into(),
        who: "4 fighters in 2 teams, on the Dojo board".into(),
        lines: vec![
            format!(
                "No Position tokens: each team's fighter tokens stand in its own half. Same half: {}. Other half: {}.",
                Position::Near,
                Position::Far
            ),
            "A Run always crosses to the other half and hits the opponents there.".into(),
            "Attacks hit every opponent in reach, never a teammate.".into(),
            "A defeated fighter becomes a Team Spirit: off the board and out of reach, it still picks a card each turn. If that matches one a surviving opponent showed, it may give its teammate a charge token.".into(),
            "First team to defeat both opponents wins; if the last of both teams fall together, it is a draw.".into(),
        ],
    }
}

pub(super) fn monsters() -> Side {
    let team = MONSTER_TEAM;
    Side {
        title: "Monsters".into(),
        who: format!("2 trainers, {MONSTERS_PER_TRAINER} monsters each"),
        lines: vec![
            format!(
                "Split {DECKS_PER_TRAINER} Monster decks, in secret, into {MONSTERS_PER_TRAINER} monsters of {CARDS_PER_MONSTER} cards; the rest sit out. Names are public."
            ),
            format!("Your hand: the active monster's {CARDS_PER_MONSTER} cards, {} and {}.", SWITCH_HIGHER.name, SWITCH_LOWER.name),
            format!(
                "The team shares the Monster Team card: one Danger Track {}, {} block tokens, its own Heal.",
                team.critical_damage, team.block_tokens
            ),
            "Peril disables the active monster's cards only, one copy per letter (R: Run 1 first); a benched monster's disabled cards stay aside.".into(),
            format!("You lose with {DISABLED_TO_LOSE} disabled cards at the end of a turn, counting all three monsters."),
        ],
    }
}

pub(super) fn wampires() -> Side {
    let mode = WAMPIRE_PERIL_MODE;
    Side {
        title: "Wampires".into(),
        who: "A variant: every fighter is a Wampire".into(),
        lines: vec![
            format!("Blood instead of a Danger Track: each Wampire's marker starts on {WAMPIRE_BLOOD} on the blood board."),
            format!(
                "Damage from a Wampire takes that much blood. Bite at Near: drink all but {WAMPIRE_DRINK_LEAVES} of it. Blood has no cap."
            ),
            format!("Peril: always read {} ({mode}). Disabled cards come back at the end of the turn.", mode.title()),
            "Knocked out by one hit with more Peril letters than the tens digit of your blood after it, or at 0 blood.".into(),
        ],
    }
}

/// The back of the circle and team cards.
pub(super) fn more_fighters() -> Side {
    Side {
        title: "With 3 or more fighters".into(),
        who: "Free-for-All, Last Pobber, 2v2".into(),
        lines: vec![
            "Facing two or more opponents still fighting: block tokens come back two at a time (knocked down, or from a Heal).".into(),
            format!("An attack that reaches {} and {} hits only the fighters at {}, if any.", Position::Near, Position::Far, Position::Near),
            "A Block stops every non-Grab hit that turn and pays for each; the first it cannot pay knocks you down.".into(),
            "Interrupts count all damage taken earlier in the turn, from anyone.".into(),
            "A Grab that hits, or a Punch on a runner, sets your Position with each fighter hit: your shared token, or the half of the Dojo they stand in.".into(),
            "All talk at the table is public.".into(),
        ],
    }
}

/// The back of the Monsters card.
pub(super) fn switching() -> Side {
    Side {
        title: "Switching".into(),
        who: format!("{} and {}, number {}", SWITCH_HIGHER.name, SWITCH_LOWER.name, SWITCH_HIGHER.number),
        lines: vec![
            "A Switch acts before any move. Of the two benched monsters, Higher brings in the one whose name is later from A to Z, Lower the earlier (or go by number).".into(),
            "Attacks other than Grab on the newcomer that turn deal no Damage or Peril; the team discards block tokens instead: level + 1 per hit.".into(),
            "Your charge stays with you; a Switch does not spend it.".into(),
            "Two Switches in one turn both act, apart. A Switch cannot be laid in a combo.".into(),
        ],
    }
}

/// The back of the Wampires card: what knocks out at each ten of blood.
pub(super) fn knockouts() -> Side {
    let mut lines: Vec<String> = (0..super::wampires::ROWS)
        .map(|ten| {
            let first = ten * 10;
            format!("{first}–{} blood: {} or more Peril in one hit.", first + 9, knockout_peril(first))
        })
        .collect();
    lines.push("A Block's damage sent back takes blood; nobody drinks it. Heal's “heal 1” gives back 1 blood.".into());
    lines.push("Wampires fight only Wampires.".into());
    Side { title: "Knockouts by blood".into(), who: "More Peril than the tens digit knocks out".into(), lines }
}

/// One side: the title and who plays at the top, then the lines as bullets, as large as fits.
fn side(style: &Style, side: &Side) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, INK);
    let centre = inner.centre().x;
    let mut y = inner.y + 7.0 * u;
    d.text(centre, y, 9.0 * u, Face::Bold, INK, Align::Centre, &side.title);
    y += 4.6 * u;
    d.text(centre, y, 6.0 * u, Face::Regular, SOFT, Align::Centre, &side.who);
    y += 2.2 * u;
    let (left, right) = (inner.x + 2.5 * u, inner.right() - 2.5 * u);
    d.line(Point::new(left, y), Point::new(right, y), Stroke::solid(INK, 0.3 * u));
    let area = Rect::new(left, y + 2.2 * u, right - left, inner.bottom() - 2.5 * u - (y + 2.2 * u));
    bullets(&mut d, area, &side.lines, u);
    d
}

/// Lines as bullets down `area`, all at the largest size that fits.
fn bullets(d: &mut Drawing, area: Rect, lines: &[String], u: f32) {
    let indent = 3.0 * u;
    let gap = 1.4 * u;
    let height = |size: f32| {
        lines.iter().map(|line| wrapped_height(line, size, Face::Regular, area.w - indent, 1.2)).sum::<f32>()
            + gap * (lines.len() as f32 - 1.0)
    };
    let (max, min) = (TEXT_SIZES.0 * u, TEXT_SIZES.1 * u);
    let steps = ((max - min) / (0.1 * u)).round() as u32;
    let size = (0..=steps).map(|i| max - i as f32 * 0.1 * u).find(|size| height(*size) <= area.h).unwrap_or(min);
    let mut y = area.y;
    for line in lines {
        d.text(area.x, y + cap_height(size), size, Face::Bold, INK, Align::Left, "•");
        y += d.paragraph(Rect::new(area.x + indent, y, area.w - indent, 0.0), size, 1.2, Face::Regular, INK, Align::Left, line) + gap;
    }
}
