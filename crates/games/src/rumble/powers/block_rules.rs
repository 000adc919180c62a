//! Passive powers that change which Attacks a Defense meets: Ninja Training ignores small ones,
//! Combat Roll the biggest, and Shieldbreaker's get through untouched (notes: ninja-training,
//! combat-roll).

use super::BlockCtx;
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::state::Rumble;

use PowerId as P;

/// Shieldbreaker, as printed.
pub const SHIELDBREAKER: PowerCard = PowerCard {
    id: PowerId::Shieldbreaker,
    name: "Shieldbreaker",
    tier: Tier::Unsorted,
    aspects: "Damage",
    kind: Kind::Normal,
    cost: "",
    text: "When your Attack on an opponent is bigger than their Defense, their Defense does not stop it at all.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: true,
    worth: 12,
    usage: Usage::NONE,
};

/// Combat Roll, as printed.
pub const COMBAT_ROLL: PowerCard = PowerCard {
    id: PowerId::CombatRoll,
    name: "Combat Roll",
    tier: Tier::Unsorted,
    aspects: "Attacking, Defensive",
    kind: Kind::Normal,
    cost: "",
    text: "With three or more heroes standing, if your total Attack is the second largest, the largest Attack on you is ignored.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 8,
    usage: Usage::NONE,
};

/// Ninja Training, as printed.
pub const NINJA_TRAINING: PowerCard = PowerCard {
    id: PowerId::NinjaTraining,
    name: "Ninja Training",
    tier: Tier::Intermediate,
    aspects: "Defensive",
    kind: Kind::Normal,
    cost: "",
    text: "Any single Attack on you smaller than this card's Power Strength is ignored.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 14,
    usage: Usage::NONE,
};

/// Ninja Training: any single Attack on the holder smaller than the card's Power Strength is
/// ignored (the strongest copy counts).
pub(crate) fn ninja_training(game: &mut Rumble, d: usize, _ctx: &BlockCtx) {
    let n = game.heroes.len();
    if let Some(ninja) = game.heroes[d].all(P::NinjaTraining).map(|p| p.strength).max() {
        for a in 0..n {
            if game.fight.attack[a][d] > 0 && game.fight.attack[a][d] < ninja {
                game.fight.attack[a][d] = 0;
            }
        }
    }
}

/// Combat Roll: with three or more heroes standing, when the holder's total Attack is the second
/// largest, the largest Attack on them (from the hero seated first on a tie) is ignored.
pub(crate) fn combat_roll(game: &mut Rumble, d: usize, ctx: &BlockCtx) {
    let (n, totals) = (game.heroes.len(), &ctx.totals);
    if game.heroes[d].has(P::CombatRoll) && ctx.standing > 2 && totals[d] > 0 && totals.iter().filter(|t| **t > totals[d]).count() == 1 {
        let largest = (0..n).filter(|a| game.fight.attack[*a][d] > 0).max_by_key(|a| (game.fight.attack[*a][d], std::cmp::Reverse(*a)));
        if let Some(a) = largest {
            game.fight.attack[a][d] = 0;
        }
    }
}

/// Shieldbreaker: the holder's Attack on an opponent that is bigger than their Defense is not
/// blocked at all.
pub(crate) fn shieldbreaker(game: &mut Rumble, d: usize, _ctx: &BlockCtx) {
    for a in 0..game.heroes.len() {
        if game.fight.attack[a][d] > game.fight.defense[d]
            && game.heroes[a].has(P::Shieldbreaker)
            && game.heroes[a].seat != game.heroes[d].seat
        {
            game.fight.unblockable[a][d] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn shieldbreaker_ignores_defense_when_the_attack_is_bigger() {
        let mut g = table(&[(100, &[P::Shieldbreaker]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 30)]), a(20, &[])]);
        assert_eq!(energy(&g)[1], 70);
        round(&mut g, vec![a(0, &[(1, 20)]), a(20, &[])]);
        assert_eq!(energy(&g)[1], 70, "not bigger: blocked as usual");
    }

    #[test]
    fn combat_roll_ignores_the_largest_attack_when_its_holder_attacks_second_most() {
        let mut g = table(&[(100, &[P::CombatRoll]), (100, &[]), (100, &[])]);
        round(&mut g, vec![a(0, &[(2, 30)]), a(0, &[(0, 50)]), a(0, &[(0, 10)])]);
        assert_eq!(energy(&g)[0], 90);
    }

    #[test]
    fn ninja_training_ignores_attacks_below_its_strength() {
        let mut g = table(&[(100, &[P::NinjaTraining]), (100, &[]), (100, &[])]);
        g.heroes[0].powers[0].strength = 25;
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)]), a(0, &[(0, 30)])]);
        assert_eq!(energy(&g)[0], 70);
    }
}
