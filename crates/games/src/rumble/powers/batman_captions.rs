//! Batman Captions: in the reveal step its holder shouts new words at heroes under Attack, each
//! adding to the first damage that hits them (notes: batman-captions).

use super::{Hit, Landing, RevealOption};
use crate::rumble::action::{Allocation, Refusal, RevealChoice};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Batman Captions, as printed.
pub const BATMAN_CAPTIONS: PowerCard = PowerCard {
    id: PowerId::BatmanCaptions,
    name: "Batman Captions",
    tier: Tier::Unsorted,
    aspects: "Damage",
    kind: Kind::Normal,
    cost: "",
    text: "In the reveal step, shout a one-word sound effect nobody has used this game at a hero under Attack: their first damage this round gets +5. One per word.",
    numbers: &[5],
    timing: Timing::Reveal,
    author: "Kevan",
    beginner: false,
    worth: 6,
    usage: Usage::NONE,
};

/// Sound effects the computer may shout.
const SHOUTS: [&str; 12] = ["pow", "bam", "zap", "kapow", "thwack", "biff", "zonk", "whack", "crunch", "splat", "wham", "boom"];

/// Shouting, offered to the holder while some hero is under Attack.
pub(crate) const OPTION: RevealOption = RevealOption { name: BATMAN_CAPTIONS.name, open, menu };

fn open(game: &Rumble, hero: u8, _a: &Allocation) -> bool {
    game.heroes[usize::from(hero)].has(P::BatmanCaptions)
        && (0..game.heroes.len() as u8).any(|t| game.fight.allocations.iter().flatten().any(|a| a.attack_on(t) > 0))
}

/// The menu shouts the first word nobody has used at the first hero under Attack.
fn menu(game: &Rumble, _hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    let mut c = base.clone();
    let at = (0..game.heroes.len() as u8).find(|t| game.fight.allocations.iter().flatten().any(|x| x.attack_on(*t) > 0));
    let word = SHOUTS.iter().find(|w| !game.shouted.contains(&w.to_string()));
    if let (Some(at), Some(word)) = (at, word) {
        c.shouts = vec![(at, word.to_string())];
    }
    vec![c]
}

/// Each word is one word of letters, at most 20, never shouted before this game (whatever its
/// capitals), at a hero under Attack.
pub(crate) fn check_shouts(game: &Rumble, _hero: u8, c: &RevealChoice, open: &[&str]) -> Result<(), Refusal> {
    if !c.shouts.is_empty() && !open.contains(&BATMAN_CAPTIONS.name) {
        return Err(Refusal::NotOpen(BATMAN_CAPTIONS.name));
    }
    let mut words: Vec<String> = Vec::new();
    for (at, word) in &c.shouts {
        let lower = word.to_lowercase(); // unicode: typed
        let one_word = !word.is_empty() && word.chars().count() <= 20 && word.chars().all(|ch| ch.is_alphabetic());
        if !one_word || game.shouted.contains(&lower) || words.contains(&lower) {
            return Err(Refusal::BadWord(word.clone()));
        }
        if !game.attacked_this_round(*at) {
            return Err(Refusal::BadHero(*at));
        }
        words.push(lower);
    }
    Ok(())
}

/// Every word shouted is logged, and never shouted again.
pub(crate) fn shout(game: &mut Rumble, hero: u8, c: &RevealChoice, events: &mut Vec<Event>) {
    for (at, word) in &c.shouts {
        game.shouted.push(word.to_lowercase()); // unicode: typed
        events.push(Event::Shouted { hero, at: *at, word: word.clone() });
    }
}

/// Each word's bonus waits for the first damage on the hero it was shouted at.
pub(crate) fn captions_ready(game: &Rumble, landing: &mut Landing) {
    for u in 0..game.heroes.len() {
        let bonus = game.heroes[u].all(P::BatmanCaptions).map(|p| p.n(0)).next().unwrap_or(5);
        for (at, _) in &game.fight.choices[u].shouts {
            landing.first_extra[usize::from(*at)] += bonus;
        }
    }
}

/// The first damage on a hero shouted at takes every bonus waiting for it.
pub(crate) fn caption_adds(_game: &mut Rumble, landing: &mut Landing, hit: &Hit, amount: &mut i32, _events: &mut Vec<Event>) -> bool {
    *amount += std::mem::take(&mut landing.first_extra[hit.to]);
    true
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn batman_captions_add_5_per_new_word_and_never_repeat_one() {
        let mut g = table(&[(100, &[P::BatmanCaptions]), (100, &[])]);
        let shout = |w: &str| RevealChoice { shouts: vec![(1, w.to_string())], ..RevealChoice::default() };
        let events = round_with(&mut g, vec![a(0, &[(1, 20)]), a(0, &[])], vec![(0, shout("Kapow"))]);
        assert_eq!(energy(&g)[1], 75);
        assert!(events.contains(&Event::Shouted { hero: 0, at: 1, word: "Kapow".into() }));
        let joint = PerSeat(vec![Some(Act::Allocate(vec![a(0, &[(1, 20)])])), Some(Act::Allocate(vec![a(0, &[])]))]);
        apply(&mut g, &joint).unwrap();
        assert_eq!(g.check_choice(0, &shout("kapow")), Err(Refusal::BadWord("kapow".into())), "already shouted");
        assert_eq!(g.check_choice(0, &shout("two words")), Err(Refusal::BadWord("two words".into())));
        assert_eq!(g.check_choice(0, &shout("zonk")), Ok(()));
    }
}
