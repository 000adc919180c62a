//! Powers that dictate next round's Attacks: Plastic Ooze grounds whoever attacked its user,
//! Hypnotism orders an Attack (notes: plastic-ooze, hypnotism, ooze-beats-hypnotism).

use super::Aftermath;
use crate::rumble::action::{Allocation, Refusal, Use};
use crate::rumble::catalog::{Aim, Cost, Kind, PowerCard, PowerId, Second, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::Held;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Plastic Ooze, as printed.
pub const PLASTIC_OOZE: PowerCard = PowerCard {
    id: PowerId::PlasticOoze,
    name: "Plastic Ooze",
    tier: Tier::Unsorted,
    aspects: "Defensive",
    kind: Kind::Normal,
    cost: "Spend 10",
    text: "Spend 10: every hero who Attacks you this round may not Attack next round.",
    numbers: &[10],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: false,
    worth: 6,
    usage: Usage::costs(Cost::Spend),
};

/// Hypnotism, as printed.
pub const HYPNOTISM: PowerCard = PowerCard {
    id: PowerId::Hypnotism,
    name: "Hypnotism",
    tier: Tier::Unsorted,
    aspects: "Persistent Effect, Target",
    kind: Kind::Normal,
    cost: "Spend X",
    text: "Spend X and name two heroes: next round the first must Attack the second for at least X (or all they have).",
    numbers: &[],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 8,
    usage: Usage::costs(Cost::SpendX).aimed(Aim::AnyHero).then(Second::Victim),
};

/// Plastic Ooze, used: every hero who attacks its user this round may not attack next round.
pub(crate) fn plastic_ooze(game: &mut Rumble, u: usize, _use: &Use, held: &Held, _after: &Aftermath, _events: &mut Vec<Event>) {
    if held.is(P::PlasticOoze) {
        for att in 0..game.heroes.len() {
            if game.fight.attack[att][u] > 0 || game.alloc(att).attack_on(u as u8) > 0 {
                game.heroes[att].status.grounded_next = true;
            }
        }
    }
}

/// A grounded hero may not Attack.
pub(crate) fn grounded_may_not_attack(game: &Rumble, hero: u8, a: &Allocation) -> Result<(), Refusal> {
    if game.heroes[usize::from(hero)].status.grounded && !a.attacks.is_empty() { Err(Refusal::Grounded) } else { Ok(()) }
}

/// Hypnotism, used: next round the hero aimed at must attack the victim for at least X.
pub(crate) fn hypnotism(game: &mut Rumble, _u: usize, use_: &Use, held: &Held, _after: &Aftermath, _events: &mut Vec<Event>) {
    if held.is(P::Hypnotism)
        && let (Some(t), Some(v)) = (use_.target, use_.other)
    {
        game.heroes[usize::from(t)].status.hypnotized_next.push((v, i32::from(use_.x)));
    }
}

/// A hypnotised hero attacks each victim still standing for at least X, or all the Energy left
/// when that is less; a grounded one does not attack at all.
pub(crate) fn hypnotised_must_attack(game: &Rumble, hero: u8, a: &Allocation) -> Result<(), Refusal> {
    let h = &game.heroes[usize::from(hero)];
    let mut left = h.energy.max(0);
    for (victim, at_least) in &h.status.hypnotized {
        if game.is_other_standing(hero, *victim) && !h.status.grounded {
            let need = (*at_least).min(left);
            if a.attack_on(*victim) < need {
                return Err(Refusal::Hypnotized { victim: *victim, at_least: need });
            }
            left -= need;
        }
    }
    Ok(())
}

/// Turns a menu's allocation into one that respects Plastic Ooze and Hypnotism, moving Energy
/// from Defense and other Attacks.
pub(crate) fn obey(game: &Rumble, hero: u8, a: &mut Allocation) {
    let h = &game.heroes[usize::from(hero)];
    if h.status.grounded {
        a.defense += a.attacks.iter().map(|(_, x)| x).sum::<u16>();
        a.attacks.clear();
        return;
    }
    // As the check counts them: each order asks for at least X or all the Energy the orders
    // before it left, so together they never ask for more than the hero has.
    let mut left = h.energy.max(0);
    for (victim, at_least) in &h.status.hypnotized {
        if !game.is_other_standing(hero, *victim) {
            continue;
        }
        let need = (*at_least).min(left) as u16;
        left -= i32::from(need);
        let has = a.attack_on(*victim) as u16;
        if has >= need {
            continue;
        }
        let mut missing = need - has;
        let from_defense = missing.min(a.defense);
        a.defense -= from_defense;
        missing -= from_defense;
        for (t, x) in a.attacks.iter_mut().filter(|(t, _)| t != victim) {
            let _ = t;
            let take = missing.min(*x);
            *x -= take;
            missing -= take;
        }
        a.attacks.retain(|(_, x)| *x > 0);
        match a.attacks.iter_mut().find(|(t, _)| t == victim) {
            Some((_, x)) => *x = need - missing,
            None => a.attacks.push((*victim, need - missing)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn plastic_ooze_grounds_whoever_attacked_its_user() {
        let mut g = table(&[(100, &[P::PlasticOoze]), (100, &[])]);
        round(&mut g, vec![using(a(10, &[]), &[(0, 0, None, None)]), a(0, &[(0, 10)])]);
        assert_eq!(g.check_allocation(1, &a(0, &[(0, 10)])), Err(Refusal::Grounded));
        assert!(g.check_allocation(1, &a(50, &[])).is_ok());
    }

    #[test]
    fn hypnotism_orders_an_attack_for_next_round() {
        let mut g = table(&[(100, &[P::Hypnotism]), (100, &[]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 20, Some(1), Some(2))]), a(100, &[]), a(100, &[])]);
        assert_eq!(g.check_allocation(1, &a(100, &[])), Err(Refusal::Hypnotized { victim: 2, at_least: 20 }));
        assert!(g.check_allocation(1, &a(80, &[(2, 20)])).is_ok());
    }

    /// Two orders on a hero who cannot pay both in full: the menu's allocation obeys them as
    /// the check reads them (the first in full, the second with what is left), so the hero is
    /// never left without a legal allocation (the computer was stuck there).
    #[test]
    fn two_orders_on_a_hero_short_of_energy_leave_a_legal_allocation() {
        let mut g = table(&[(100, &[P::Hypnotism]), (40, &[]), (100, &[P::Hypnotism])]);
        let orders = vec![using(a(0, &[]), &[(0, 30, Some(1), Some(2))]), a(40, &[]), using(a(0, &[]), &[(0, 30, Some(1), Some(0))])];
        round(&mut g, orders);
        let mut alloc = a(40, &[]);
        super::obey(&g, 1, &mut alloc);
        assert_eq!(g.check_allocation(1, &alloc), Ok(()), "{alloc:?}");
        assert_eq!((alloc.attack_on(2), alloc.attack_on(0)), (30, 10), "the first order in full, the second with the rest");
    }
}
