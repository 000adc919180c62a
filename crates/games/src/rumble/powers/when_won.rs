//! Powers that act when the auction settles: Expert Training (a number changed in the step after
//! the auction), Alternate Universe (swapped for a power not in the game) and Pure Energy Being
//! (half of every first bid).

use super::set;
use crate::rumble::catalog::{self, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::{Held, PowerRef};
use crate::rumble::state::{Auction, Hero, Rumble};

use PowerId as P;

/// Expert Training, as printed.
pub const EXPERT_TRAINING: PowerCard = PowerCard {
    id: PowerId::ExpertTraining,
    name: "Expert Training",
    tier: Tier::Unsorted,
    aspects: "One Use, Alteration",
    kind: Kind::Normal,
    cost: "",
    text: "When you win this, halve or double one number on another power you won.",
    numbers: &[],
    timing: Timing::WhenWon,
    author: "Kevan",
    beginner: false,
    worth: 4,
    usage: Usage::NONE,
};

/// Alternate Universe, as printed.
pub const ALTERNATE_UNIVERSE: PowerCard = PowerCard {
    id: PowerId::AlternateUniverse,
    name: "Alternate Universe",
    tier: Tier::Unsorted,
    aspects: "Swap",
    kind: Kind::Normal,
    cost: "",
    text: "When you win this, discard it and take a random power of the set that is not in this game instead, at the same Power Strength.",
    numbers: &[],
    timing: Timing::WhenWon,
    author: "card",
    beginner: false,
    worth: 6,
    usage: Usage::NONE,
};

/// Pure Energy Being, as printed.
pub const PURE_ENERGY_BEING: PowerCard = PowerCard {
    id: PowerId::PureEnergyBeing,
    name: "Pure Energy Being",
    tier: Tier::Unsorted,
    aspects: "Energy Gain, Bidding Game",
    kind: Kind::Normal,
    cost: "",
    text: "When you win this, gain half of all the Energy bid on all powers at the auction (rounded down).",
    numbers: &[],
    timing: Timing::WhenWon,
    author: "card",
    beginner: false,
    worth: 20,
    usage: Usage::NONE,
};

/// Expert Training's slot: its holder settles their powers after the auction, halving or
/// doubling one number of another power they won (notes: expert-training).
pub(crate) fn expert_training_slot(hero: &Hero) -> Option<usize> {
    hero.slot_of(P::ExpertTraining)
}

/// Alternate Universe draws its replacement from the seed when it is won.
pub(crate) fn draws_from_the_seed(lot: &PowerRef) -> bool {
    *lot == PowerRef::Set(P::AlternateUniverse)
}

/// Alternate Universe: discarded when won, for a random power of the set not in this game at the
/// same Power Strength; nothing when every power is in (notes: alternate-universe).
pub(crate) fn alternate_universe(game: &mut Rumble, hero: usize, _auction: &Auction, events: &mut Vec<Event>) {
    while let Some(slot) = game.heroes[hero].slot_of(P::AlternateUniverse) {
        let held = game.heroes[hero].powers.remove(slot);
        events.push(Event::Discarded { hero: hero as u8, power: held.power });
        let in_game: Vec<PowerRef> = game.lots.clone();
        let left: Vec<PowerId> = catalog::all().into_iter().filter(|p| !in_game.contains(&PowerRef::Set(*p))).collect();
        if let Some(id) = game.rng.choose(&left).copied() {
            game.heroes[hero].powers.push(Held::new(PowerRef::Set(id), held.strength));
            events.push(Event::Drew { hero: hero as u8, power: PowerRef::Set(id) });
        }
    }
}

/// Pure Energy Being: its winner gains half (rounded down) of all the Energy bid on the first
/// sheets (notes: pure-energy-being).
pub(crate) fn pure_energy_being(game: &mut Rumble, hero: usize, auction: &Auction, events: &mut Vec<Event>) {
    if game.heroes[hero].has(P::PureEnergyBeing) {
        let gain = auction.first_total.unwrap_or(0) / 2;
        game.heroes[hero].energy += gain;
        events.push(Event::Gained { hero: hero as u8, amount: gain, source: set(P::PureEnergyBeing) });
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn expert_training_doubles_a_number_on_another_power() {
        let setup = Setup::heroes(&["A", "B"], vec![P::ExpertTraining, P::ToughSkin], 1);
        let mut g = Rumble::from_setup(&setup).unwrap();
        apply(
            &mut g,
            &PerSeat(vec![
                Some(Act::Bid { bids: vec![5, 5], might_discard: vec![] }),
                Some(Act::Bid { bids: vec![0, 0], might_discard: vec![] }),
            ]),
        )
        .unwrap();
        assert_eq!(g.phase, Phase::Settling);
        assert!(g.check(Seat(0), &Act::Settle { discard: vec![], expert: Some((0, 0, true)) }).is_err(), "not on itself");
        apply(&mut g, &PerSeat(vec![Some(Act::Settle { discard: vec![], expert: Some((1, 0, true)) }), None])).unwrap();
        assert_eq!(g.heroes[0].powers[1].numbers, vec![40]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 40)])]);
        assert_eq!(energy(&g)[0], 90, "Tough Skin now gives 40");
    }

    #[test]
    fn alternate_universe_swaps_itself_for_a_power_left_out_at_the_same_strength() {
        let setup = Setup::heroes(&["A", "B"], vec![P::AlternateUniverse, P::ToughSkin], 9);
        let mut g = Rumble::from_setup(&setup).unwrap();
        apply(
            &mut g,
            &PerSeat(vec![
                Some(Act::Bid { bids: vec![20, 0], might_discard: vec![] }),
                Some(Act::Bid { bids: vec![0, 0], might_discard: vec![] }),
            ]),
        )
        .unwrap();
        let held = &g.heroes[0].powers;
        assert_eq!(held.len(), 1);
        assert!(!held[0].is(P::AlternateUniverse) && !held[0].is(P::ToughSkin));
        assert_eq!(held[0].strength, 20);
    }

    #[test]
    fn pure_energy_being_gains_half_of_every_bid() {
        let setup = Setup::heroes(&["A", "B", "C"], vec![P::PureEnergyBeing, P::ToughSkin], 1);
        let mut g = Rumble::from_setup(&setup).unwrap();
        let sheet = |b: [u16; 2]| Some(Act::Bid { bids: b.to_vec(), might_discard: vec![] });
        apply(&mut g, &PerSeat(vec![sheet([40, 10]), sheet([20, 0]), sheet([0, 0])])).unwrap();
        assert_eq!(energy(&g), vec![85, 100, 100], "100 - 40 - 10 + 70 / 2");
    }
}
