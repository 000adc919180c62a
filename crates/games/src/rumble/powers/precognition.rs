//! Precognition: Energy held back at Allocation, split between Defense and Attacks in the reveal
//! step once every allocation is shown (notes: precognition).

use super::{Battle, RevealOption};
use crate::rumble::action::{Allocation, Refusal, RevealChoice};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::state::{Hero, Rumble};

use PowerId as P;

/// Precognition, as printed.
pub const PRECOGNITION: PowerCard = PowerCard {
    id: PowerId::Precognition,
    name: "Precognition",
    tier: Tier::Example,
    aspects: "Bidding",
    kind: Kind::Normal,
    cost: "",
    text: "Hold Energy back at Allocation; once everyone's choices are shown, split it between Attack and Defense.",
    numbers: &[],
    timing: Timing::Reveal,
    author: "Ben",
    beginner: true,
    worth: 20,
    usage: Usage::NONE,
};

/// Whether the hero holds Precognition, and so may hold Energy back.
pub(crate) fn holds(hero: &Hero) -> bool {
    hero.has(P::Precognition)
}

/// Holding Energy back needs the power.
pub(crate) fn reserve_needs_the_power(game: &Rumble, hero: u8, a: &Allocation) -> Result<(), Refusal> {
    if a.reserve > 0 && !holds(&game.heroes[usize::from(hero)]) { Err(Refusal::BadReserve) } else { Ok(()) }
}

/// The reveal step's split, offered while Energy is held back.
pub(crate) const OPTION: RevealOption = RevealOption { name: PRECOGNITION.name, open: holds_back, menu: hit_back };

fn holds_back(_game: &Rumble, _hero: u8, a: &Allocation) -> bool {
    a.reserve > 0
}

/// The menu's splits: hit back at whoever attacks hardest, keeping half for Defense; or all
/// into Defense.
fn hit_back(game: &Rumble, hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    let a = game.fight.allocations[usize::from(hero)].clone().unwrap_or_default();
    let mut out = Vec::new();
    let attacker = (0..game.heroes.len() as u8)
        .filter(|t| *t != hero && game.heroes[usize::from(*t)].standing())
        .max_by_key(|t| game.fight.allocations[usize::from(*t)].as_ref().map_or(0, |x| x.attack_on(hero)));
    if let Some(t) = attacker {
        let half = a.reserve / 2;
        if a.reserve - half > 0 {
            out.push(RevealChoice { split: Some((half, vec![(t, a.reserve - half)])), ..base.clone() });
        }
    }
    out.push(base.clone());
    out
}

/// The split shares out exactly what was held back, into Defense and Attacks on other heroes
/// standing (none while grounded); with nothing held back there is no split.
pub(crate) fn check_split(game: &Rumble, hero: u8, c: &RevealChoice, _open: &[&str]) -> Result<(), Refusal> {
    let h = &game.heroes[usize::from(hero)];
    let a = game.fight.allocations[usize::from(hero)].clone().unwrap_or_default();
    match (&c.split, a.reserve) {
        (None, 0) => {}
        (Some((d, attacks)), r) if r > 0 => {
            let sum: i32 = i32::from(*d) + attacks.iter().map(|(_, x)| i32::from(*x)).sum::<i32>();
            let mut seen = Vec::new();
            for (t, x) in attacks {
                if !game.is_other_standing(hero, *t) || *x == 0 || seen.contains(t) {
                    return Err(Refusal::BadAttack);
                }
                seen.push(*t);
            }
            if h.status.grounded && !attacks.is_empty() {
                return Err(Refusal::Grounded);
            }
            if sum != i32::from(r) {
                return Err(Refusal::BadReserve);
            }
        }
        _ => return Err(Refusal::BadReserve),
    }
    Ok(())
}

/// The split adds to the hero's Defense and Attacks.
pub(crate) fn split_reserve(game: &Rumble, h: usize, battle: &mut Battle) {
    if let Some((d, more)) = &game.fight.choices[h].split {
        battle.defense[h] += i32::from(*d);
        for (t, x) in more {
            battle.attack[h][usize::from(*t)] += i32::from(*x);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn precognition_splits_the_reserve_after_the_reveal() {
        let mut g = table(&[(100, &[P::Precognition]), (100, &[])]);
        let reserve = Allocation { reserve: 100, ..Allocation::default() };
        round_with(
            &mut g,
            vec![reserve, a(50, &[(0, 50)])],
            vec![(0, RevealChoice { split: Some((50, vec![(1, 50)])), ..RevealChoice::default() })],
        );
        assert_eq!(energy(&g), vec![100, 100], "50 blocks 50 and 50 meets 50");
        let reserve = Allocation { reserve: 10, ..Allocation::default() };
        assert!(g.check_allocation(1, &reserve).is_err(), "holding back needs Precognition");
    }
}
