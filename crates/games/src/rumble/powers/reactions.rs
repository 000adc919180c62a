//! Reveal-step reactions to the allocations just shown: Quick Reflexes moves Attack into
//! Defense, Barter With Fate trades a power for a round without damage, Lizard DNA sheds itself
//! to cancel an Attack that would break through.

use super::{Battle, Hit, Landing, RevealOption};
use crate::rumble::action::{Allocation, Refusal, RevealChoice};
use crate::rumble::catalog::{Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::PowerRef;
use crate::rumble::state::{Fight, Rumble};

use PowerId as P;

/// Lizard DNA, as printed.
pub const LIZARD_DNA: PowerCard = PowerCard {
    id: PowerId::LizardDna,
    name: "Lizard DNA",
    tier: Tier::Unsorted,
    aspects: "Defense, Discard",
    kind: Kind::Curse,
    cost: "",
    text: "Reveal step: if one Attack alone reaches what your Defense leaves of your Energy, discard this card and pay 10 Energy to cancel that Attack.",
    numbers: &[10],
    timing: Timing::Reveal,
    author: "card",
    beginner: false,
    worth: 8,
    usage: Usage::NONE,
};

/// Quick Reflexes, as printed.
pub const QUICK_REFLEXES: PowerCard = PowerCard {
    id: PowerId::QuickReflexes,
    name: "Quick Reflexes",
    tier: Tier::Unsorted,
    aspects: "Reassign, Defensive",
    kind: Kind::Normal,
    cost: "Burn 5",
    text: "Burn 5: in the reveal step, move as much of your Attack as you like into Defense.",
    numbers: &[5],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 6,
    usage: Usage::costs(Cost::Burn).activate(1),
};

/// Barter With Fate, as printed.
pub const BARTER_WITH_FATE: PowerCard = PowerCard {
    id: PowerId::BarterWithFate,
    name: "Barter With Fate",
    tier: Tier::Unsorted,
    aspects: "Retroactive",
    kind: Kind::Normal,
    cost: "",
    text: "In the reveal step you may discard a power: you take no damage this round.",
    numbers: &[],
    timing: Timing::Reveal,
    author: "card",
    beginner: false,
    worth: 10,
    usage: Usage::NONE,
};

// ---- Quick Reflexes ----

/// Moving Attack into Defense, offered to a hero who burnt for it and attacks.
pub(crate) const QUICK_REFLEXES_OPTION: RevealOption =
    RevealOption { name: QUICK_REFLEXES.name, open: reflexes_open, menu: all_into_defense };

fn reflexes_open(game: &Rumble, hero: u8, a: &Allocation) -> bool {
    let h = &game.heroes[usize::from(hero)];
    a.attack_total() > 0 && a.uses.iter().any(|u| h.powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::QuickReflexes)))
}

fn all_into_defense(game: &Rumble, hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    let a = game.fight.allocations[usize::from(hero)].clone().unwrap_or_default();
    vec![RevealChoice { reflexes: a.attack_total() as u16, ..base.clone() }]
}

/// At most the whole Attack moves, and only with the option open.
pub(crate) fn check_reflexes(game: &Rumble, hero: u8, c: &RevealChoice, open: &[&str]) -> Result<(), Refusal> {
    let a = game.fight.allocations[usize::from(hero)].clone().unwrap_or_default();
    if c.reflexes > 0 && (!open.contains(&QUICK_REFLEXES.name) || i32::from(c.reflexes) > a.attack_total()) {
        return Err(Refusal::NotOpen(QUICK_REFLEXES.name));
    }
    Ok(())
}

/// The Attack moved goes into Defense, taken from the largest Attack first.
pub(crate) fn reflexes_to_defense(game: &Rumble, h: usize, battle: &mut Battle) {
    let n = game.heroes.len();
    let mut moving = i32::from(game.fight.choices[h].reflexes);
    while moving > 0 {
        let Some(t) = (0..n).filter(|t| battle.attack[h][*t] > 0).max_by_key(|t| (battle.attack[h][*t], std::cmp::Reverse(*t))) else {
            break;
        };
        let take = moving.min(battle.attack[h][t]);
        battle.attack[h][t] -= take;
        battle.defense[h] += take;
        moving -= take;
    }
}

// ---- Barter With Fate ----

/// Trading a power for safety, offered when something is coming: an Attack, or a power.
pub(crate) const BARTER_OPTION: RevealOption = RevealOption { name: BARTER_WITH_FATE.name, open: barter_open, menu: barter_menu };

fn barter_open(game: &Rumble, hero: u8, _a: &Allocation) -> bool {
    let threatened = game.attacked_this_round(hero) || !game.aimed_at(hero).is_empty() || super::direct_damage::area_damage_used(game);
    game.heroes[usize::from(hero)].has(P::BarterWithFate) && threatened
}

/// The menu discards the first other power that is not a Flaw, or else Barter With Fate itself.
fn barter_menu(game: &Rumble, hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    let h = &game.heroes[usize::from(hero)];
    let barter = (0..h.powers.len())
        .find(|s| game.kind(h.powers[*s].power) != Kind::Flaw && !h.powers[*s].is(P::BarterWithFate))
        .or(h.slot_of(P::BarterWithFate))
        .map(|s| s as u8);
    vec![RevealChoice { barter, ..base.clone() }]
}

/// The power traded is one the hero holds, and not a Flaw.
pub(crate) fn check_barter(game: &Rumble, hero: u8, c: &RevealChoice, open: &[&str]) -> Result<(), Refusal> {
    let h = &game.heroes[usize::from(hero)];
    if let Some(slot) = c.barter
        && (!open.contains(&BARTER_WITH_FATE.name)
            || usize::from(slot) >= h.powers.len()
            || game.kind(h.powers[usize::from(slot)].power) == Kind::Flaw)
    {
        return Err(Refusal::NotOpen(BARTER_WITH_FATE.name));
    }
    Ok(())
}

/// The power traded is discarded once every choice is in (its protection is read from the choice).
pub(crate) fn barter_discards(game: &mut Rumble, shown: &[(u8, RevealChoice)], events: &mut Vec<Event>) {
    for (hero, c) in shown {
        if let Some(slot) = c.barter {
            let h = usize::from(*hero);
            if usize::from(slot) < game.heroes[h].powers.len() {
                let held = game.heroes[h].powers.remove(usize::from(slot));
                events.push(Event::Discarded { hero: *hero, power: held.power });
            }
        }
    }
}

/// A hero who traded takes no damage this round.
pub(crate) fn barter_prevents(game: &mut Rumble, _landing: &mut Landing, hit: &Hit, amount: &mut i32, events: &mut Vec<Event>) -> bool {
    let t = hit.to;
    if game.fight.choices[t].barter.is_some() && game.heroes[t].standing() {
        events.push(Event::Prevented { hero: t as u8, amount: *amount, by: PowerRef::Set(P::BarterWithFate) });
        return false;
    }
    true
}

// ---- Lizard DNA ----

impl Rumble {
    /// Attackers whose allocated Attack on `hero` is at least its Energy minus its Defense
    /// (Lizard DNA may cancel one of them).
    pub fn lizard_targets(&self, hero: u8) -> Vec<u8> {
        let h = &self.heroes[usize::from(hero)];
        if !h.has(P::LizardDna) {
            return Vec::new();
        }
        let defense = self.fight.allocations[usize::from(hero)].as_ref().map_or(0, |a| i32::from(a.defense));
        let limit = h.energy - defense;
        (0..self.heroes.len() as u8)
            .filter(|att| {
                self.fight.allocations[usize::from(*att)].as_ref().is_some_and(|a| a.attack_on(hero) > 0 && a.attack_on(hero) >= limit)
            })
            .collect()
    }
}

/// Cancelling an Attack, offered when one would break through.
pub(crate) const LIZARD_OPTION: RevealOption = RevealOption { name: LIZARD_DNA.name, open: lizard_open, menu: lizard_menu };

fn lizard_open(game: &Rumble, hero: u8, _a: &Allocation) -> bool {
    !game.lizard_targets(hero).is_empty()
}

fn lizard_menu(game: &Rumble, hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    vec![RevealChoice { lizard: game.lizard_targets(hero).first().copied(), ..base.clone() }]
}

/// Only an Attack that would break through may be cancelled.
pub(crate) fn check_lizard(game: &Rumble, hero: u8, c: &RevealChoice, _open: &[&str]) -> Result<(), Refusal> {
    if let Some(att) = c.lizard
        && !game.lizard_targets(hero).contains(&att)
    {
        return Err(Refusal::NotOpen(LIZARD_DNA.name));
    }
    Ok(())
}

/// The card is discarded and its price paid as the choice is shown.
pub(crate) fn lizard_sheds(game: &mut Rumble, hero: u8, c: &RevealChoice, events: &mut Vec<Event>) {
    let h = usize::from(hero);
    if let Some(slot) = c.lizard.and(game.heroes[h].slot_of(P::LizardDna)) {
        let lose = game.heroes[h].powers[slot].n(0);
        game.heroes[h].powers.remove(slot);
        events.push(Event::Discarded { hero, power: PowerRef::Set(P::LizardDna) });
        game.heroes[h].energy -= lose;
        events.push(Event::Lost { hero, amount: lose, source: super::set(P::LizardDna) });
    }
}

/// The cancelled Attack deals nothing.
pub(crate) fn lizard_cancels(fight: &Fight, from: usize, to: usize) -> Option<PowerId> {
    (fight.choices[to].lizard == Some(from as u8)).then_some(P::LizardDna)
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn lizard_dna_cancels_an_attack_that_would_break_through_for_10() {
        let mut g = table(&[(100, &[P::LizardDna]), (100, &[])]);
        round_with(&mut g, vec![a(20, &[]), a(0, &[(0, 90)])], vec![(0, RevealChoice { lizard: Some(1), ..RevealChoice::default() })]);
        assert_eq!(energy(&g)[0], 90);
        assert!(g.heroes[0].powers.is_empty(), "discarded");
    }

    #[test]
    fn quick_reflexes_burn_5_and_move_attack_into_defense() {
        let mut g = table(&[(100, &[P::QuickReflexes]), (100, &[])]);
        let choice = RevealChoice { reflexes: 40, ..RevealChoice::default() };
        round_with(&mut g, vec![using(a(0, &[(1, 40)]), &[(0, 0, None, None)]), a(0, &[(0, 40)])], vec![(0, choice)]);
        assert_eq!(energy(&g), vec![95, 100]);
    }

    #[test]
    fn barter_with_fate_discards_a_power_to_take_no_damage() {
        let mut g = table(&[(100, &[P::BarterWithFate, P::ToughSkin]), (100, &[])]);
        round_with(&mut g, vec![a(0, &[]), a(0, &[(0, 80)])], vec![(0, RevealChoice { barter: Some(1), ..RevealChoice::default() })]);
        assert_eq!(energy(&g)[0], 100);
        assert!(!g.heroes[0].has(P::ToughSkin));
    }
}
