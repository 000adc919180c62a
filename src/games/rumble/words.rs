//! Rumble in words: the genre's words for Hero, Energy, Power, Attack, Defense and Round (the
//! genre setting changes only these), power and hero names read from the table, and every
//! event as a sentence for the log. Typed names and texts only ever go into text nodes.

use dojo_games::rumble::genre::{self, Genre};
use dojo_games::rumble::{Allocation, Change, Event, PowerRef, RevealChoice, Rumble, Source, catalog};
use std::cell::Cell;

thread_local! {
    /// The words of the game on the page (the lobby's genre, kept with the game).
    static GENRE: Cell<&'static Genre> = Cell::new(&genre::GENRES[0]);
}

/// The genre whose words the page uses.
pub fn words() -> &'static Genre {
    GENRE.with(Cell::get)
}

/// Uses the words of the genre `id` (the superhero words for an unknown id).
pub fn use_genre(id: &str) {
    GENRE.with(|g| g.set(genre::genre(id)));
}

/// A power's name, read from the table.
pub fn power_name(game: &Rumble, power: PowerRef) -> String {
    game.power_name(power).to_string()
}

/// What a power does, in our words (a typed-in power: its typed text).
pub fn power_text(game: &Rumble, power: PowerRef) -> String {
    match power {
        PowerRef::Set(id) => {
            let card = catalog::card(id);
            if card.cost.is_empty() { card.text.to_string() } else { format!("{}: {}", card.cost, card.text) }
        }
        PowerRef::Invented(i) => game.invented.get(usize::from(i)).map(invented_line).unwrap_or_default(),
    }
}

/// A typed-in power's keywords and text in one line.
pub fn invented_line(p: &dojo_games::rumble::Invented) -> String {
    let keywords = invented_keywords(p);
    if keywords.is_empty() { p.text.clone() } else { format!("{keywords}: {}", p.text) }
}

/// A typed-in power's keywords ("Spend 10, Activate 1, names a hero").
pub fn invented_keywords(p: &dojo_games::rumble::Invented) -> String {
    let mut parts = Vec::new();
    match p.kind {
        catalog::Kind::Flaw => parts.push("Flaw".to_string()),
        catalog::Kind::Sidekick => parts.push("Sidekick".to_string()),
        _ => {}
    }
    parts.extend(p.keywords());
    if p.targets {
        parts.push(format!("names a {}", words().hero.to_ascii_lowercase()));
    }
    parts.join(", ")
}

/// A hero's name ("Hero 3" for one the table does not hold).
pub fn hero(game: &Rumble, h: u8) -> String {
    game.heroes.get(usize::from(h)).map_or_else(|| format!("{} {}", words().hero, h + 1), |x| x.name.clone())
}

/// Several heroes by name: "A", "A and B", "A, B and C".
pub fn heroes(game: &Rumble, list: &[u8]) -> String {
    join(list.iter().map(|h| hero(game, *h)).collect())
}

/// Names joined in words.
pub fn join(names: Vec<String>) -> String {
    match names.as_slice() {
        [] => "nobody".into(),
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

/// The name of the power at auction place `lot`.
fn lot(game: &Rumble, lot: u8) -> String {
    game.lots.get(usize::from(lot)).map_or_else(|| format!("{} {}", words().power, lot + 1), |p| power_name(game, *p))
}

fn source(game: &Rumble, s: &Source) -> String {
    match s {
        Source::Attack => format!("an {}", words().attack),
        Source::Power(p) => power_name(game, *p),
        Source::Moderator => "the moderator".into(),
    }
}

/// An allocation in words: "Defense 50 · Attack 20 on B · Laser Eyes on C · 10 held back".
pub fn allocation(game: &Rumble, h: u8, a: &Allocation) -> String {
    let w = words();
    let mut parts = vec![format!("{} {}", w.defense, a.defense)];
    for (t, x) in &a.attacks {
        parts.push(format!("{} {x} on {}", w.attack, hero(game, *t)));
    }
    let held = game.heroes.get(usize::from(h));
    for u in &a.uses {
        let name = held.and_then(|x| x.powers.get(usize::from(u.slot))).map_or_else(|| "?".into(), |p| power_name(game, p.power));
        let mut words = name;
        if u.x > 0 {
            words.push_str(&format!(" (X = {})", u.x));
        }
        if let Some(t) = u.target {
            words.push_str(&format!(" on {}", hero(game, t)));
        }
        if let Some(o) = u.other {
            words.push_str(&format!(" ({})", other_words(game, h, u.slot, o)));
        }
        parts.push(words);
    }
    if a.reserve > 0 {
        parts.push(format!("{} held for Precognition", a.reserve));
    }
    parts.join(" · ")
}

/// What a use's second choice names: the hero to be attacked (Hypnotism's victim), or the user's own power it discards (Lighten Load).
fn other_words(game: &Rumble, h: u8, slot: u8, other: u8) -> String {
    let held = game.heroes.get(usize::from(h));
    let names_own_power = held
        .and_then(|x| x.powers.get(usize::from(slot)))
        .is_some_and(|p| matches!(p.power, PowerRef::Set(id) if catalog::card(id).usage.second == catalog::Second::OwnPower));
    if names_own_power {
        let name = held.and_then(|x| x.powers.get(usize::from(other))).map_or_else(|| "?".into(), |p| power_name(game, p.power));
        format!("discarding {name}")
    } else {
        format!("to {} {}", words().attack.to_ascii_lowercase(), hero(game, other))
    }
}

/// A reveal-step choice in words, or "nothing" when it is the default.
pub fn choice(game: &Rumble, c: &RevealChoice) -> String {
    let w = words();
    let mut parts = Vec::new();
    if let Some((d, attacks)) = &c.split {
        let mut split = format!("Precognition: {} {d}", w.defense);
        for (t, x) in attacks {
            split.push_str(&format!(", {} {x} on {}", w.attack, hero(game, *t)));
        }
        parts.push(split);
    }
    if c.flight {
        parts.push("Flight (drains 5)".into());
    }
    if c.reflexes > 0 {
        parts.push(format!("Quick Reflexes moves {} into {}", c.reflexes, w.defense));
    }
    if c.barter.is_some() {
        parts.push("Barter With Fate".into());
    }
    if let Some(a) = c.lizard {
        parts.push(format!("Lizard DNA cancels {}'s {}", hero(game, a), w.attack));
    }
    for r in &c.zypher {
        parts.push(format!("Zypher turns {}'s power on {}", hero(game, r.user), hero(game, r.to)));
    }
    for (at, word) in &c.shouts {
        parts.push(format!("shouts “{word}!” at {}", hero(game, *at)));
    }
    if parts.is_empty() { "nothing".into() } else { parts.join(" · ") }
}

/// A moderator's change in words.
pub fn change(game: &Rumble, c: &Change) -> String {
    let w = words();
    let signed = |d: i32| if d >= 0 { format!("+{d}") } else { d.to_string() };
    let held = |h: u8, s: u8| {
        game.heroes
            .get(usize::from(h))
            .and_then(|x| x.powers.get(usize::from(s)))
            .map_or_else(|| "a power".into(), |p| power_name(game, p.power))
    };
    match c {
        Change::Energy { hero: h, delta } => format!("{} {} {}", hero(game, *h), signed(*delta), w.energy),
        Change::Attack { from, to, delta } => format!("{}'s {} on {} {}", hero(game, *from), w.attack, hero(game, *to), signed(*delta)),
        Change::Defense { hero: h, delta } => format!("{}'s {} {}", hero(game, *h), w.defense, signed(*delta)),
        Change::Retarget { from, old, new } => {
            format!("{}'s {} on {} goes to {}", hero(game, *from), w.attack, hero(game, *old), hero(game, *new))
        }
        Change::Discard { hero: h, slot } => format!("{} discards {}", hero(game, *h), held(*h, *slot)),
        Change::Transfer { hero: h, slot, to } => format!("{} moves from {} to {}", held(*h, *slot), hero(game, *h), hero(game, *to)),
    }
}

/// `event` in words, names read from `game` (the position after the event's step or later).
pub fn describe(game: &Rumble, event: &Event) -> String {
    let w = words();
    let energy = w.energy;
    match event {
        Event::BidsIn => "Every bid sheet is in.".into(),
        Event::SidekickSides { hero: h, seat } => {
            let player = game.seats.get(usize::from(*seat)).map_or_else(|| "?".into(), |s| s.0.clone());
            format!("{} goes with its card: {player} plays it now.", hero(game, *h))
        }
        Event::Rebid { heroes: tied } => format!("{} tied for a top bid and bid again, in secret.", heroes(game, tied)),
        Event::Tied { hero: h, lot: l, bid, .. } => {
            format!("{}'s bid of {bid} on {} tied for the top: bid again.", hero(game, *h), lot(game, *l))
        }
        Event::Won { lot: l, heroes: winners, strength } => {
            let flaw = game.lots.get(usize::from(*l)).is_some_and(|p| game.kind(*p) == catalog::Kind::Flaw);
            if flaw {
                format!(
                    "{} get{} the Flaw {} with the lowest bid, {strength}.",
                    heroes(game, winners),
                    if winners.len() == 1 { "s" } else { "" },
                    lot(game, *l)
                )
            } else {
                format!("{} wins {} for {strength}.", heroes(game, winners), lot(game, *l))
            }
        }
        Event::NoTaker { lot: l } => format!("Nobody bid on {}: it is discarded.", lot(game, *l)),
        Event::Paid { hero: h, amount } => format!("{} pays {amount} {energy} for the auction.", hero(game, *h)),
        Event::MightDiscard(list) => format!("{} may discard {} they won.", heroes(game, list), w.powers.to_ascii_lowercase()),
        Event::Given { power, from, to } => format!("{} hands {} to {}.", hero(game, *from), power_name(game, *power), hero(game, *to)),
        Event::Discarded { hero: h, power } => format!("{} discards {}.", hero(game, *h), power_name(game, *power)),
        Event::Changed { hero: h, power, from, to } => {
            format!("Expert Training: {}'s {} goes from {from} to {to}.", hero(game, *h), power_name(game, *power))
        }
        Event::Drew { hero: h, power } => format!("Alternate Universe brings {} to {}.", power_name(game, *power), hero(game, *h)),
        Event::SidekickJoins { hero: h } => {
            let e = game.heroes.get(usize::from(*h)).map_or(0, |x| x.energy);
            format!("{} joins the fight with {e} {energy}.", hero(game, *h))
        }
        Event::Round(n) => format!("{} {n} begins.", w.round),
        Event::Allocations(list) => {
            let each: Vec<String> = list.iter().map(|(h, a)| format!("{}: {}", hero(game, *h), allocation(game, *h, a))).collect();
            format!("Allocations shown. {}.", each.join("; "))
        }
        Event::Choices(list) => {
            let each: Vec<String> = list.iter().map(|(h, c)| format!("{}: {}", hero(game, *h), choice(game, c))).collect();
            if each.is_empty() { "Reveal step: nobody reacts.".into() } else { format!("Reveal step. {}.", each.join("; ")) }
        }
        Event::Battle { attacks, defenses } => {
            let hits: Vec<String> = attacks.iter().map(|(a, d, x)| format!("{} → {} {x}", hero(game, *a), hero(game, *d))).collect();
            let guards: Vec<String> = defenses.iter().map(|(h, d)| format!("{} {d}", hero(game, *h))).collect();
            let hits = if hits.is_empty() { "none".to_string() } else { hits.join(", ") };
            format!("{}s after every power: {hits}. {}: {}.", w.attack, w.defense, guards.join(", "))
        }
        Event::Blocked { hero: h, blocked } => {
            let parts: Vec<String> = blocked.iter().map(|(a, x)| format!("{x} of {}'s", hero(game, *a))).collect();
            format!("{} blocks {}.", hero(game, *h), join(parts))
        }
        Event::Damage { to, from, amount, source: s } => match (from, s) {
            (Some(f), Source::Attack) => format!("{} takes {amount} damage from {}'s {}.", hero(game, *to), hero(game, *f), w.attack),
            (Some(f), s) => format!("{} takes {amount} damage from {}'s {}.", hero(game, *to), hero(game, *f), source(game, s)),
            (None, s) => format!("{} takes {amount} damage from {}.", hero(game, *to), source(game, s)),
        },
        Event::Prevented { hero: h, amount, by } => format!("{} spares {} {amount} damage.", power_name(game, *by), hero(game, *h)),
        Event::Gained { hero: h, amount, source: s } => format!("{} gains {amount} {energy} ({}).", hero(game, *h), source(game, s)),
        Event::Lost { hero: h, amount, source: s } => format!("{} loses {amount} {energy} ({}).", hero(game, *h), source(game, s)),
        Event::Shouted { hero: h, at, word } => format!("{} shouts “{word}!” at {}.", hero(game, *h), hero(game, *at)),
        Event::Saved { hero: h, energy: e, by } => format!("{} saves {}: back on {e} {energy}.", power_name(game, *by), hero(game, *h)),
        Event::Out(list) => format!("{} {} out.", heroes(game, list), if list.len() == 1 { "is" } else { "are" }),
        Event::Swapped { hero: h, with } => {
            format!("Brainswap: {} and {} swap {} and {energy}.", hero(game, *h), hero(game, *with), w.powers.to_ascii_lowercase())
        }
        Event::Adjusted { change: c, reason } => format!("Moderator: {}. Reason: {reason}", change(game, c)),
        Event::Winners(seats) => {
            let names: Vec<String> =
                seats.iter().map(|s| game.seats.get(usize::from(*s)).map_or_else(|| "?".into(), |x| x.0.clone())).collect();
            match names.len() {
                0 => "The game is over.".into(),
                1 => format!("{} wins the game!", names[0]),
                _ => format!("{} share the win!", join(names)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::Game;
    use dojo_games::rumble::{Setup, catalog::PowerId};

    #[test]
    fn events_name_heroes_and_powers_from_the_table_in_the_genre_words() {
        let game = Rumble::from_setup(&Setup::heroes(&["Mantisman", "Doctor Cuttlefish"], vec![PowerId::Flight], 1)).unwrap();
        assert_eq!(describe(&game, &Event::Won { lot: 0, heroes: vec![1], strength: 20 }), "Doctor Cuttlefish wins Flight for 20.");
        assert_eq!(describe(&game, &Event::Paid { hero: 0, amount: 5 }), "Mantisman pays 5 Energy for the auction.");
        // A tie names who bids again, never the power (notes: secrecy).
        assert_eq!(
            describe(&game, &Event::Rebid { heroes: vec![0, 1] }),
            "Mantisman and Doctor Cuttlefish tied for a top bid and bid again, in secret."
        );
        use_genre("hacker");
        assert_eq!(describe(&game, &Event::Paid { hero: 0, amount: 5 }), "Mantisman pays 5 Bits for the auction.");
        use_genre("superhero");
        assert_eq!(describe(&game, &Event::Winners(vec![0])), "Mantisman wins the game!");
        let a = Allocation { defense: 50, attacks: vec![(1, 20)], ..Allocation::default() };
        assert_eq!(allocation(&game, 0, &a), "Defense 50 · Attack 20 on Doctor Cuttlefish");
    }
}
