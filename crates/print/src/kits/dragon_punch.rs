//! DRAGON PUNCH's print-and-play kit, for any card set: ours (the reconstruction, the retail
//! card list being printed nowhere we can read) or one typed into the site's editor and passed
//! in the link (`set=`, see [`crate::settings::Settings::card_set`]).
//!
//! - Basic cards, two of each by default (one hand per player; four for Custom Character, which
//!   mixes two copies of the game): the white move upright on the top half, the red move upside
//!   down on the bottom half, so a card switches to red by being turned round.
//! - Character cards: two purple moves, one each way up, with the character's name.
//! - A health card per player and a two-sided reference card per player.
//! - One back for every card, the same either way up: the other player must not learn from a
//!   back which cards are turned to red.
//!
//! Colour is never the only sign: every half says WHITE MOVE, RED MOVE or the character's name
//! in its band, and red bands are striped at both ends, in ink-saver mode too. What people typed
//! (names, effects, the set's name) is drawn as plain text, wrapped and shrunk to fit its box.

mod aids;
mod cards;
mod fit;

use crate::draw::{Drawing, Ink, Stroke};
use crate::geometry::Rect;
use crate::kit::{Component, Kit, Piece, PieceSize, Style};
use crate::settings::Settings;
use dojo_games::dragon_punch::CardSet;
use dojo_games::dragon_punch::set::reconstructed;

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// Lighter grey for small print.
const SOFT: Ink = Ink::Grey(38);
/// Faint cut lines.
const FAINT: Ink = Ink::Grey(70);
/// The red moves' colour.
const RED: Ink = Ink::Rgb(190, 30, 45);
/// The characters' purple.
const PURPLE: Ink = Ink::Rgb(104, 52, 156);
/// The card back's background.
const BACK: Ink = Ink::Rgb(48, 26, 32);

/// The set these settings print: the one in `set=` when it reads and plays, else ours. (A bad
/// `set=` is reported to the person by whoever read the settings; drawing never fails.)
pub fn card_set(settings: &Settings) -> CardSet {
    settings.card_set().ok().flatten().unwrap_or_else(reconstructed)
}

/// Builds the DRAGON PUNCH kit for a print style and the set in `settings`.
pub fn kit(style: &Style, settings: &Settings) -> Kit {
    let set = card_set(settings);
    let back = cards::back(style);
    let piece = |name: String, front: Drawing| Piece { name, front, back: Some(back.clone()) };
    let basics = set
        .basics
        .iter()
        .map(|card| piece(format!("{} / {}", card.white.name, card.red.name), cards::basic(style, card, &set.name)))
        .collect();
    let characters = set
        .characters
        .iter()
        .map(|c| piece(format!("{}: {} / {}", c.name, c.moves[0].name, c.moves[1].name), cards::character(style, c, &set.name)))
        .collect();
    let component = |id, name: &str, about: &str, default_copies, pieces| Component {
        id,
        name: name.into(),
        about: about.into(),
        size: PieceSize::Card,
        default_copies,
        pieces,
        modes: &[],
    };
    Kit {
        game: "dragon-punch",
        title: "DRAGON PUNCH",
        components: vec![
            component(
                "basics",
                "Basic cards",
                "One of each per copy: two copies make both players' hands. Custom Character mixes two copies of the game: print four.",
                2,
                basics,
            ),
            component(
                "characters",
                "Character cards",
                "Each player picks one (two in Tag Team). Custom Character: print two copies.",
                1,
                characters,
            ),
            component(
                "health",
                "Health cards",
                "One per player: clip it at your health, and mark the rounds you win.",
                2,
                vec![piece("Health".into(), aids::health(style))],
            ),
            component(
                "reference",
                "Reference cards",
                "One per player: a turn on one side; damage, the Initiative, the Taunt and rounds on the other.",
                2,
                vec![Piece { name: "Reference".into(), front: aids::reference_front(style), back: Some(aids::reference_back(style)) }],
            ),
        ],
        modes: &[],
        card_set: Some(set.name),
    }
}

/// Scale factor from the poker card the art was designed on.
fn unit(style: &Style) -> f32 {
    (style.card.w / 63.0).min(style.card.h / 88.0)
}

/// The faint cut line and the inner frame of a card; returns the inside of the frame.
fn frame(d: &mut Drawing, style: &Style, colour: Ink) -> Rect {
    let u = unit(style);
    let card = Rect::of_size(style.card);
    d.rect(card, None, Some(Stroke::solid(FAINT, 0.15)));
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(colour, 0.5 * u)));
    inner
}
