//! Flight: Burn 5 at Allocation, or Drain 5 in the reveal step, and every Attack by or on the
//! holder is 0 this round (notes: flight).

use super::{Battle, RevealOption};
use crate::rumble::action::{Allocation, Refusal, RevealChoice};
use crate::rumble::catalog::{Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::state::Rumble;

use PowerId as P;

/// Flight, as printed.
pub const FLIGHT: PowerCard = PowerCard {
    id: PowerId::Flight,
    name: "Flight",
    tier: Tier::Unsorted,
    aspects: "Defensive",
    kind: Kind::Normal,
    cost: "Burn 5",
    text: "Burn 5 at Allocation, or Drain 5 in the reveal step: every Attack you make and every Attack on you becomes 0.",
    numbers: &[5],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: true,
    worth: 12,
    usage: Usage::costs(Cost::Burn).activate(1),
};

/// Flight's Drain in the reveal step: the card's number (5 unless changed).
fn drain_of(game: &Rumble, hero: u8) -> i32 {
    game.heroes[usize::from(hero)].all(P::Flight).map(|p| p.n(0)).next().unwrap_or(5)
}

/// Flying by draining, offered to a hero under Attack who did not burn for it and can pay.
pub(crate) const OPTION: RevealOption = RevealOption { name: FLIGHT.name, open, menu };

fn open(game: &Rumble, hero: u8, a: &Allocation) -> bool {
    let h = &game.heroes[usize::from(hero)];
    let burnt_flight = a.uses.iter().any(|u| h.powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::Flight)));
    // A Drain is only offered when the hero has the Energy to pay it (notes: drain-limit).
    h.has(P::Flight) && !burnt_flight && h.energy >= drain_of(game, hero) && game.attacked_this_round(hero)
}

fn menu(_game: &Rumble, _hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    vec![RevealChoice { flight: true, ..base.clone() }]
}

/// Flying by draining needs the option open.
pub(crate) fn check_choice(_game: &Rumble, _hero: u8, c: &RevealChoice, open: &[&str]) -> Result<(), Refusal> {
    if c.flight && !open.contains(&FLIGHT.name) { Err(Refusal::NotOpen(FLIGHT.name)) } else { Ok(()) }
}

/// What flying by draining costs at once.
pub(crate) fn drain(game: &Rumble, hero: u8, c: &RevealChoice) -> Option<(PowerId, i32)> {
    c.flight.then(|| (P::Flight, drain_of(game, hero)))
}

/// Whether the hero flies this round: burnt for at Allocation, or drained for.
fn flies(game: &Rumble, h: usize) -> bool {
    let by_burn = game.alloc(h).uses.iter().any(|u| game.heroes[h].powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::Flight)));
    game.heroes[h].standing() && (by_burn || game.fight.choices[h].flight)
}

/// Every Attack by or on a flier is 0.
pub(crate) fn zero_attacks(game: &Rumble, battle: &mut Battle) {
    for h in (0..game.heroes.len()).filter(|h| flies(game, *h)) {
        battle.attack[h].iter_mut().for_each(|x| *x = 0);
        battle.attack.iter_mut().for_each(|row| row[h] = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn flight_burnt_at_allocation_zeroes_every_attack_by_or_on_its_holder() {
        let mut g = table(&[(100, &[P::Flight]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[(1, 30)]), &[(0, 0, None, None)]), a(0, &[(0, 50)])]);
        assert_eq!(energy(&g), vec![95, 100]);
    }
}
