//! Rumble's print-and-play kit, for any power list: the whole set of 49 by default, or the list
//! a table chose and typed into the site, passed in the link (`set=`, a
//! [`PowerList::to_link`] piece; see [`read_list`]).
//!
//! - A power card for every power of the list, in its order, then one for each typed-in power:
//!   name, type (Normal, Curse, Flaw, Sidekick), tier, cost line and when it is used, our text,
//!   a box to write its Power Strength in once it is won, and its author in small print.
//!   Beginner cards carry a star and the word. Every card shares one back.
//! - Blank power cards, to invent powers on at the table.
//! - A two-sided reference card: a round and the auction; the keywords, a line each.
//! - An Energy tracker for up to 8 heroes (a column per hero, a row per round) and the auction
//!   record (a row per power of the list, a column per hero's bid, and the Power Strength).
//!
//! Colour is never the only sign: each card's type is written on it. Typed names and texts are
//! drawn as plain text, wrapped and shrunk to fit their boxes; nothing in them is read as markup.

mod cards;
mod reference;
mod sheets;

use super::card_art::{FAINT, card_frame, unit};
use crate::draw::Ink;
use crate::geometry::Size;
use crate::kit::{Component, Kit, Piece, PieceSize, Style};
use crate::settings::{Settings, SettingsError};
use dojo_games::rumble::catalog::{self, Kind, PowerCard};
use dojo_games::rumble::setup::Invented;
use dojo_games::rumble::share::{LinkError, PowerList};

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// Lighter grey for small print.
const SOFT: Ink = Ink::Grey(38);
/// The card back's background.
const BACK: Ink = Ink::Rgb(22, 38, 80);

/// The most heroes at one table, as the tracker and the auction record have columns for.
pub const HEROES: usize = 8;

/// The size of the tracker and auction sheets: one to a page, portrait, on A4 and Letter with
/// bleed and the widest gutter (and lying down on landscape paper).
pub const SHEET: Size = Size::new(186.0, 250.0);

/// The power list `set=` holds, decoded and checked: `Ok(None)` when there is none, an error
/// (for the person to read) when it cannot be read, breaks a rule of typed-in powers, or holds
/// no power at all.
pub fn read_list(settings: &Settings) -> Result<Option<PowerList>, SettingsError> {
    settings.decode_set(|piece| {
        PowerList::from_link(piece)
            .and_then(|list| if list.set.is_empty() && list.typed.is_empty() { Err(LinkError::NoPowers) } else { Ok(list) })
    })
}

/// The whole set, in set order, with nothing typed in: what the kit prints by default.
pub fn whole_set() -> PowerList {
    PowerList { set: catalog::all(), typed: Vec::new() }
}

/// The list these settings print: the one in `set=` when it reads, else the whole set. (A bad
/// `set=` is reported to the person by whoever read the settings; drawing never fails.)
pub fn power_list(settings: &Settings) -> PowerList {
    read_list(settings).ok().flatten().unwrap_or_else(whole_set)
}

/// What the kit calls the list it prints (the print page shows it as the card set).
pub fn list_name(list: &PowerList) -> String {
    if *list == whole_set() {
        return format!("The whole set: {} powers", list.set.len());
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let (set, typed) = (list.set.len(), list.typed.len());
    match (set, typed) {
        (_, 0) => format!("Your list: {set} power{} of the set", plural(set)),
        (0, _) => format!("Your list: {typed} typed-in power{}", plural(typed)),
        _ => format!("Your list: {set} power{} of the set and {typed} typed in", plural(set)),
    }
}

/// One power of the list: a card of the set or one a player typed in.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Power<'a> {
    /// A card of the print-and-play set.
    Set(&'static PowerCard),
    /// A power typed in by a player.
    Typed(&'a Invented),
}

impl Power<'_> {
    /// The name on the card.
    fn name(&self) -> &str {
        match self {
            Power::Set(card) => card.name,
            Power::Typed(p) => &p.name,
        }
    }

    /// Normal, Curse, Flaw or Sidekick.
    fn kind(&self) -> Kind {
        match self {
            Power::Set(card) => card.kind,
            Power::Typed(p) => p.kind,
        }
    }
}

/// Every power the list prints, in order: the set's cards (each once), then the typed ones.
pub(crate) fn powers(list: &PowerList) -> Vec<Power<'_>> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for id in &list.set {
        if !seen.contains(id) {
            seen.push(*id);
            out.push(Power::Set(catalog::card(*id)));
        }
    }
    out.extend(list.typed.iter().map(Power::Typed));
    out
}

/// Builds the Rumble kit for a print style and the power list in `settings`.
pub fn kit(style: &Style, settings: &Settings) -> Kit {
    let list = power_list(settings);
    let powers = powers(&list);
    let back = cards::back(style);
    let power_cards = powers
        .iter()
        .map(|power| Piece { name: power.name().to_string(), front: cards::power(style, power), back: Some(back.clone()) })
        .collect();
    let auction = sheets::auction(style, &powers)
        .into_iter()
        .enumerate()
        .map(|(i, front)| Piece { name: format!("Auction record {}", i + 1), front, back: None })
        .collect();
    let component = Component::new;
    Kit {
        game: "rumble",
        title: "Rumble",
        components: vec![
            component(
                "powers",
                "Power cards",
                "One per power of the list: the winner of each takes its card and writes the winning bid on it as its Power Strength.",
                PieceSize::Card,
                1,
                power_cards,
            ),
            component(
                "blanks",
                "Blank power cards",
                "To invent powers on: up to two per hero, with a name, a cost line and what the power does.",
                PieceSize::Card,
                8,
                vec![Piece { name: "Blank power".into(), front: cards::blank(style), back: Some(back.clone()) }],
            ),
            component(
                "reference",
                "Reference cards",
                "A round and the auction on one side, the keywords on the other. One for every two or three players.",
                PieceSize::Card,
                2,
                vec![Piece { name: "Reference".into(), front: reference::front(style), back: Some(reference::back(style)) }],
            ),
            component(
                "tracker",
                "Energy tracker",
                "A column for each of up to 8 heroes: name, powers won, and Energy after the auction and after every round.",
                PieceSize::Fixed(SHEET),
                1,
                vec![Piece { name: "Energy tracker".into(), front: sheets::tracker(style), back: None }],
            ),
            component(
                "auction",
                "Auction record",
                "A row for every power of the list (and spare rows for powers invented at the table), a column for each hero's bid.",
                PieceSize::Fixed(SHEET),
                1,
                auction,
            ),
        ],
        modes: &[],
        card_set: Some(list_name(&list)),
    }
}

/// The largest size up to `max` at which one line of `text` takes no more than `room` across.
fn line_size(text: &str, face: crate::text::Face, max: f32, room: f32) -> f32 {
    let w = crate::text::width(text, max, face);
    if w <= room { max } else { max * room / w }
}

#[cfg(test)]
mod tests;
