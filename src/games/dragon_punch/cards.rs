//! A DRAGON PUNCH move as the site shows it, the same on the play page, the table and the rules
//! page: its name, its colour named in words (white, red or purple: never colour alone), what
//! stands in its High and Low locations, its properties and its effect text.
//!
//! Every text is drawn as text, never as HTML: a typed-in set may hold `<b>` or worse, and it
//! shows exactly as typed.

use dojo_games::dragon_punch::CardSet;
use dojo_games::dragon_punch::card::{Icon, Location, Move, Properties};
use leptos::prelude::*;

/// The side of a card a move is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hue {
    /// A basic card's white move (the card counts for health).
    White,
    /// A basic card's red move (switched by damage).
    Red,
    /// A character card's special move.
    Purple,
    /// A basic card whose side the observer cannot see.
    Unknown,
}

impl Hue {
    /// A basic card's side: red, white, or unknown.
    pub fn basic(red: Option<bool>) -> Hue {
        match red {
            Some(true) => Hue::Red,
            Some(false) => Hue::White,
            None => Hue::Unknown,
        }
    }

    /// The CSS class of the side.
    pub fn class(self) -> &'static str {
        match self {
            Hue::White => "hue-white",
            Hue::Red => "hue-red",
            Hue::Purple => "hue-purple",
            Hue::Unknown => "hue-unknown",
        }
    }

    /// The side in words, for the card's label.
    pub fn label(self) -> &'static str {
        match self {
            Hue::White => "white",
            Hue::Red => "RED",
            Hue::Purple => "special",
            Hue::Unknown => "side unseen",
        }
    }
}

/// What stands in one location, in words: "Attack 2, time 3", "Block", "Evade" or "—".
pub fn icon_text(icon: Option<Icon>) -> String {
    match icon {
        Some(Icon::Attack { strength, time }) => format!("Attack {strength}, time {time}"),
        Some(Icon::Block) => "Block".into(),
        Some(Icon::Evade) => "Evade".into(),
        None => "—".into(),
    }
}

/// The properties a move has, in words.
pub fn property_names(p: &Properties) -> Vec<&'static str> {
    [
        (p.throw, "Throw"),
        (p.unstoppable, "Cannot be Interrupted"),
        (p.projectile, "Projectile"),
        (p.initiative, "Gains the Initiative"),
        (p.taunt, "Taunt: unflips your hand"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect()
}

/// The move in one line, for labels: "Combo Kick (white): High Attack 1, time 3; Low Attack 1, time 3".
pub fn move_summary(m: &Move, hue: Hue) -> String {
    format!("{} ({}): High {}; Low {}", m.name, hue.label(), icon_text(m.high), icon_text(m.low))
}

/// The short class a location's icon gets (`attack`, `block`, `evade`, `empty`).
fn icon_class(icon: Option<Icon>) -> &'static str {
    match icon {
        Some(Icon::Attack { .. }) => "attack",
        Some(Icon::Block) => "block",
        Some(Icon::Evade) => "evade",
        None => "empty",
    }
}

/// One move drawn as the upright half of a card: name and side, High and Low, properties and
/// effect text.
pub fn move_face(m: &Move, hue: Hue) -> impl IntoView + use<> {
    let rows = Location::BOTH.map(|l| {
        let icon = m.at(l);
        let label = match l {
            Location::High => "High",
            Location::Low => "Low",
        };
        view! {
            <span class=format!("dp-loc {}", icon_class(icon))>
                <span class="dp-loc-name">{label}</span>
                <span class="dp-loc-icon">{icon_text(icon)}</span>
            </span>
        }
    });
    let props = property_names(&m.properties);
    let effect = m.effect.clone().filter(|e| !e.trim().is_empty());
    view! {
        <span class=format!("dp-move {}", hue.class())>
            <span class="dp-move-head">
                <span class="dp-move-name">{m.name.to_string()}</span>
                <span class="dp-hue">{hue.label()}</span>
            </span>
            <span class="dp-locs">{rows.into_iter().collect_view()}</span>
            {(!props.is_empty()).then(|| view! { <span class="dp-props">{props.into_iter().map(|p| view! { <span class="dp-prop">{p}</span> }).collect_view()}</span> })}
            {effect.map(|e| view! { <span class="dp-effect">{e}</span> })}
        </span>
    }
}

/// The move named `name` in `set`, with its side: the first basic white move, basic red move
/// or character move of that name. The log and the reveal name moves; this finds what they are.
pub fn find_move<'s>(set: &'s CardSet, name: &str) -> Option<(&'s Move, Hue)> {
    set.basics
        .iter()
        .find_map(|b| {
            if &*b.white.name == name {
                Some((&b.white, Hue::White))
            } else if &*b.red.name == name {
                Some((&b.red, Hue::Red))
            } else {
                None
            }
        })
        .or_else(|| set.characters.iter().flat_map(|c| c.moves.iter()).find(|m| &*m.name == name).map(|m| (m, Hue::Purple)))
}

/// A character in one line, for the lobby: "Sol — Fireball / Meteor Storm".
pub fn character_line(set: &CardSet, index: usize) -> String {
    set.characters.get(index).map_or_else(String::new, |c| format!("{} — {} / {}", c.name, c.moves[0].name, c.moves[1].name))
}

/// Every card of `set`: the basic cards (white move, then red move) and the characters.
pub fn set_cards(set: &CardSet) -> impl IntoView + use<> {
    let basics = set
        .basics
        .iter()
        .enumerate()
        .map(|(i, b)| {
            view! {
                <li class="dp-set-card">
                    <span class="dp-set-title">{format!("Basic card {}", i + 1)}</span>
                    {move_face(&b.white, Hue::White)}
                    {move_face(&b.red, Hue::Red)}
                </li>
            }
        })
        .collect_view();
    let characters = set
        .characters
        .iter()
        .map(|c| {
            view! {
                <li class="dp-set-card">
                    <span class="dp-set-title">{c.name.clone()}</span>
                    {move_face(&c.moves[0], Hue::Purple)}
                    {move_face(&c.moves[1], Hue::Purple)}
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="dp-set" data-testid="dp-set">
            <p class="hint">{format!("The set: {}.", set.name)}</p>
            <ul class="dp-set-list">{basics}</ul>
            <ul class="dp-set-list">{characters}</ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::dragon_punch::set::reconstructed;

    #[test]
    fn moves_read_in_words_and_are_found_by_name_with_their_side() {
        let set = reconstructed();
        let (poke, hue) = find_move(&set, "Low Poke").unwrap();
        assert_eq!(hue, Hue::White);
        assert_eq!(move_summary(poke, hue), "Low Poke (white): High Evade; Low Attack 0, time 1");
        assert_eq!(find_move(&set, "Suplex").unwrap().1, Hue::Red);
        assert_eq!(find_move(&set, "Fireball").unwrap().1, Hue::Purple);
        assert!(find_move(&set, "Shoryuken").is_none());
        let block = find_move(&set, "Block").unwrap().0;
        assert_eq!(property_names(&block.properties), ["Gains the Initiative"]);
        assert_eq!(character_line(&set, 0), "Sol — Fireball / Meteor Storm");
        assert_eq!(Hue::basic(Some(true)).label(), "RED", "red is named, not only coloured");
    }
}
