//! Powers that keep their holder in at 0 Energy or less: Clockwork Being (until round 12),
//! Hidden Clone and Bomberman, in that order (notes: hidden-clone, clockwork-being).

use super::Rescue;
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::PowerRef;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Hidden Clone, as printed.
pub const HIDDEN_CLONE: PowerCard = PowerCard {
    id: PowerId::HiddenClone,
    name: "Hidden Clone",
    tier: Tier::Unsorted,
    aspects: "Revive",
    kind: Kind::Normal,
    cost: "",
    text: "When you would be knocked out, discard this and go to 50 Energy instead.",
    numbers: &[50],
    timing: Timing::Passive,
    author: "card",
    beginner: true,
    worth: 18,
    usage: Usage::NONE,
};

/// Clockwork Being, as printed.
pub const CLOCKWORK_BEING: PowerCard = PowerCard {
    id: PowerId::ClockworkBeing,
    name: "Clockwork Being",
    tier: Tier::Unsorted,
    aspects: "Impervious",
    kind: Kind::Normal,
    cost: "",
    text: "You cannot be knocked out. When round 12 begins, discard this: you are out of the game.",
    numbers: &[12],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 12,
    usage: Usage::NONE,
};

/// Bomberman, as printed.
pub const BOMBERMAN: PowerCard = PowerCard {
    id: PowerId::Bomberman,
    name: "Bomberman",
    tier: Tier::Intermediate,
    aspects: "Damage, Revive",
    kind: Kind::Normal,
    cost: "",
    text: "When you would be knocked out, deal 30 damage to every other hero, discard this and stay in with 1 Energy.",
    numbers: &[30, 1],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 14,
    usage: Usage::NONE,
};

/// Clockwork Being: as the round of the card's number begins, it is discarded and its holder is out.
pub(crate) fn clockwork_runs_down(game: &mut Rumble, h: usize, events: &mut Vec<Event>) {
    let round = game.round;
    let hero = &mut game.heroes[h];
    if let Some(slot) = hero.slot_of(P::ClockworkBeing)
        && i32::from(round) >= hero.powers[slot].n(0)
    {
        hero.powers.remove(slot);
        events.push(Event::Discarded { hero: h as u8, power: PowerRef::Set(P::ClockworkBeing) });
        hero.out = Some(round);
        events.push(Event::Out(vec![h as u8]));
    }
}

/// Clockwork Being: until then its holder cannot be knocked out.
pub(crate) fn clockwork_being(game: &mut Rumble, h: usize, _events: &mut Vec<Event>) -> Option<Rescue> {
    game.heroes[h].has(P::ClockworkBeing).then_some(Rescue::Stands)
}

/// Hidden Clone: instead of going out, discard it and go to the card's number.
pub(crate) fn hidden_clone(game: &mut Rumble, h: usize, events: &mut Vec<Event>) -> Option<Rescue> {
    let hero = &mut game.heroes[h];
    let slot = hero.slot_of(P::HiddenClone)?;
    let to = hero.powers[slot].n(0);
    hero.powers.remove(slot);
    hero.energy = to;
    events.push(Event::Saved { hero: h as u8, energy: to, by: PowerRef::Set(P::HiddenClone) });
    Some(Rescue::Stands)
}

/// Bomberman: instead of going out, deal the first number to every other hero, discard it and
/// stay in on the second.
pub(crate) fn bomberman(game: &mut Rumble, h: usize, events: &mut Vec<Event>) -> Option<Rescue> {
    let hero = &mut game.heroes[h];
    let slot = hero.slot_of(P::Bomberman)?;
    let (damage, back) = (hero.powers[slot].n(0), hero.powers[slot].n(1));
    hero.powers.remove(slot);
    hero.energy = back;
    events.push(Event::Saved { hero: h as u8, energy: back, by: PowerRef::Set(P::Bomberman) });
    Some(Rescue::Blast { damage, by: P::Bomberman })
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn hidden_clone_turns_a_knock_out_into_50_energy_once() {
        let mut g = table(&[(10, &[P::HiddenClone]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)])]);
        assert_eq!(energy(&g)[0], 50);
        assert!(g.heroes[0].powers.is_empty());
    }

    #[test]
    fn clockwork_being_cannot_fall_until_round_12() {
        let mut g = table(&[(10, &[P::ClockworkBeing]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 50)])]);
        assert!(g.heroes[0].standing());
        assert_eq!(energy(&g)[0], -40);
        while g.outcome().is_none() {
            round(&mut g, vec![a(0, &[]), a(100, &[])]);
        }
        assert_eq!(g.heroes[0].out, Some(12));
    }

    #[test]
    fn bomberman_blasts_everyone_for_30_and_comes_back_with_1() {
        let mut g = table(&[(10, &[P::Bomberman]), (100, &[]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)]), a(0, &[])]);
        assert_eq!(energy(&g), vec![1, 70, 70]);
        assert!(g.heroes[0].powers.is_empty());
    }
}
