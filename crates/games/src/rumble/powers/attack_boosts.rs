//! Passive powers that make a hero's Attacks bigger: Wind Up Punch, Combat Training, Big, Gnashy
//! Claws and Perfect Balance, applied in that order as the battle is worked out.

use super::Battle;
use crate::rumble::action::{Allocation, RevealChoice};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Big, Gnashy Claws, as printed.
pub const BIG_GNASHY_CLAWS: PowerCard = PowerCard {
    id: PowerId::BigGnashyClaws,
    name: "Big, Gnashy Claws",
    tier: Tier::Example,
    aspects: "Attacking",
    kind: Kind::Normal,
    cost: "",
    text: "In a round where you use no other power, your largest Attack gets +20.",
    numbers: &[20],
    timing: Timing::Passive,
    author: "Sandy",
    beginner: true,
    worth: 12,
    usage: Usage::NONE,
};

/// Combat Training, as printed.
pub const COMBAT_TRAINING: PowerCard = PowerCard {
    id: PowerId::CombatTraining,
    name: "Combat Training",
    tier: Tier::Unsorted,
    aspects: "Attacking, Persistent Effect",
    kind: Kind::Normal,
    cost: "",
    text: "Each of your Attacks gets +10.",
    numbers: &[10],
    timing: Timing::Passive,
    author: "card",
    beginner: true,
    worth: 14,
    usage: Usage::NONE,
};

/// Wind Up Punch, as printed.
pub const WIND_UP_PUNCH: PowerCard = PowerCard {
    id: PowerId::WindUpPunch,
    name: "Wind Up Punch",
    tier: Tier::Unsorted,
    aspects: "Attacking",
    kind: Kind::Normal,
    cost: "",
    text: "If you made no Attack last round, your Attacks this round are doubled. Never in round 1.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: true,
    worth: 8,
    usage: Usage::NONE,
};

/// Perfect Balance, as printed.
pub const PERFECT_BALANCE: PowerCard = PowerCard {
    id: PowerId::PerfectBalance,
    name: "Perfect Balance",
    tier: Tier::Unsorted,
    aspects: "All In",
    kind: Kind::Normal,
    cost: "",
    text: "If you Attack exactly one hero and that Attack equals your Defense, both get +20.",
    numbers: &[20],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: true,
    worth: 8,
    usage: Usage::NONE,
};

/// Wind Up Punch: after a round without an Attack (never in round 1), the holder's Attacks double.
pub(crate) fn wind_up_punch(game: &Rumble, h: usize, before: &Battle, now: &mut Battle) {
    let hero = &game.heroes[h];
    if hero.has(P::WindUpPunch) && game.round > 1 && !hero.status.attacked_last {
        for t in before.targets(h) {
            now.attack[h][t] *= 2;
        }
    }
}

/// Combat Training: each of the holder's Attacks gets the card's number (notes: combat-training).
pub(crate) fn combat_training(game: &Rumble, h: usize, before: &Battle, now: &mut Battle) {
    let training: i32 = game.heroes[h].all(P::CombatTraining).map(|p| p.n(0)).sum();
    for t in before.targets(h) {
        now.attack[h][t] += training;
    }
}

/// Big, Gnashy Claws: in a round where the holder used no power, their biggest Attack (at the
/// hero seated first on a tie) gets the card's number (notes: big-gnashy-claws).
pub(crate) fn big_gnashy_claws(game: &Rumble, h: usize, before: &Battle, now: &mut Battle) {
    let hero = &game.heroes[h];
    if hero.has(P::BigGnashyClaws)
        && !used_powers(game, h)
        && let Some(t) = before.targets(h).into_iter().max_by_key(|t| (now.attack[h][*t], std::cmp::Reverse(*t)))
    {
        now.attack[h][t] += hero.all(P::BigGnashyClaws).map(|p| p.n(0)).sum::<i32>();
    }
}

/// True when the hero used any power this round: paid a cost or made a choice for one.
fn used_powers(game: &Rumble, h: usize) -> bool {
    let a = game.alloc(h);
    !a.uses.is_empty() || a.reserve > 0 || game.fight.choices[h] != RevealChoice::default()
}

/// Perfect Balance: a single Attack that equals the hero's Defense, as the hero put them in
/// before any other bonus, gets the card's number, and so does the Defense.
pub(crate) fn perfect_balance(game: &Rumble, h: usize, before: &Battle, now: &mut Battle) {
    let targets = before.targets(h);
    let balanced = targets.len() == 1 && before.attack[h][targets[0]] == before.defense[h];
    if balanced && let Some(bonus) = game.heroes[h].all(P::PerfectBalance).map(|p| p.n(0)).next() {
        now.attack[h][targets[0]] += bonus;
        now.defense[h] += bonus;
    }
}

/// Remembers whether the hero put Energy into an Attack this round, for Wind Up Punch.
pub(crate) fn remember_attacking(game: &mut Rumble, u: usize, a: &Allocation, _events: &mut Vec<Event>) {
    game.heroes[u].status.attacked_last = a.attack_total() > 0;
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn big_gnashy_claws_add_20_only_when_no_other_power_is_used() {
        let mut g = table(&[(100, &[P::BigGnashyClaws, P::LaserEyes]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 30)]), a(40, &[])]);
        assert_eq!(energy(&g)[1], 90, "30 + 20 against 40");
        round(&mut g, vec![using(a(0, &[(1, 30)]), &[(1, 0, Some(1), None)]), a(40, &[])]);
        assert_eq!(energy(&g)[1], 85, "no claws: only Laser Eyes' 5");
    }

    #[test]
    fn combat_training_adds_10_to_each_attack() {
        let mut g = table(&[(100, &[P::CombatTraining]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 10)]), a(15, &[])]);
        assert_eq!(energy(&g)[1], 95);
    }

    #[test]
    fn wind_up_punch_doubles_after_a_round_without_attacking_but_never_in_round_one() {
        let mut g = table(&[(100, &[P::WindUpPunch]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 10)]), a(0, &[])]);
        assert_eq!(energy(&g)[1], 90, "round 1: no doubling");
        round(&mut g, quiet(2));
        round(&mut g, vec![a(0, &[(1, 10)]), a(0, &[])]);
        assert_eq!(energy(&g)[1], 70);
    }

    #[test]
    fn perfect_balance_adds_20_to_a_single_attack_that_equals_defense() {
        let mut g = table(&[(100, &[P::PerfectBalance]), (100, &[])]);
        round(&mut g, vec![a(30, &[(1, 30)]), a(0, &[(0, 50)])]);
        assert_eq!(energy(&g), vec![100, 50]);
    }
}
