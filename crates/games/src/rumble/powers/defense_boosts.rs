//! Powers that raise a hero's Defense: Tough Skin, Reflex Training and Green Gas Bombs.

use super::Battle;
use crate::rumble::catalog::{Cost, Kind, Limit, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::state::Rumble;

use PowerId as P;

/// Reflex Training, as printed.
pub const REFLEX_TRAINING: PowerCard = PowerCard {
    id: PowerId::ReflexTraining,
    name: "Reflex Training",
    tier: Tier::Unsorted,
    aspects: "Defensive, Persistent Effect",
    kind: Kind::Normal,
    cost: "",
    text: "Your Defense gets +10.",
    numbers: &[10],
    timing: Timing::Passive,
    author: "card",
    beginner: true,
    worth: 14,
    usage: Usage::NONE,
};

/// Green Gas Bombs, as printed.
pub const GREEN_GAS_BOMBS: PowerCard = PowerCard {
    id: PowerId::GreenGasBombs,
    name: "Green Gas Bombs",
    tier: Tier::Unsorted,
    aspects: "Defensive, Limited",
    kind: Kind::Normal,
    cost: "Spend 5, Exhaust 3",
    text: "Spend 5: +50 Defense this round. Three uses in the whole game.",
    numbers: &[5, 3, 50],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: true,
    worth: 14,
    usage: Usage::costs(Cost::Spend).exhaust(Limit::Number { index: 1, default: 3 }),
};

/// Tough Skin, as printed.
pub const TOUGH_SKIN: PowerCard = PowerCard {
    id: PowerId::ToughSkin,
    name: "Tough Skin",
    tier: Tier::Unsorted,
    aspects: "Persistent Effect, Defensive",
    kind: Kind::Normal,
    cost: "",
    text: "Your Defense gets +20.",
    numbers: &[20],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: true,
    worth: 22,
    usage: Usage::NONE,
};

/// Tough Skin: the holder's Defense gets the card's number.
pub(crate) fn tough_skin(game: &Rumble, h: usize, _before: &Battle, now: &mut Battle) {
    now.defense[h] += game.heroes[h].all(P::ToughSkin).map(|p| p.n(0)).sum::<i32>();
}

/// Reflex Training: the holder's Defense gets the card's number.
pub(crate) fn reflex_training(game: &Rumble, h: usize, _before: &Battle, now: &mut Battle) {
    now.defense[h] += game.heroes[h].all(P::ReflexTraining).map(|p| p.n(0)).sum::<i32>();
}

/// Green Gas Bombs, used: each use adds the card's third number to the user's Defense.
pub(crate) fn green_gas_bombs(game: &Rumble, h: usize, _before: &Battle, now: &mut Battle) {
    let hero = &game.heroes[h];
    for u in &game.alloc(h).uses {
        if let Some(held) = hero.powers.get(usize::from(u.slot))
            && held.is(P::GreenGasBombs)
        {
            now.defense[h] += held.n(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn tough_skin_adds_20_to_defense() {
        let mut g = table(&[(100, &[P::ToughSkin]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)])]);
        assert_eq!(energy(&g)[0], 100);
    }

    #[test]
    fn reflex_training_adds_10_to_defense() {
        let mut g = table(&[(100, &[P::ReflexTraining]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 10)])]);
        assert_eq!(energy(&g)[0], 100);
    }

    #[test]
    fn green_gas_bombs_add_50_defense_three_times_a_game() {
        let mut g = table(&[(100, &[P::GreenGasBombs]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(0, &[(0, 50)])]);
        assert_eq!(energy(&g)[0], 100);
        g.heroes[0].powers[0].spent_uses = 3;
        assert_eq!(g.check_allocation(0, &using(a(0, &[]), &[(0, 0, None, None)])), Err(Refusal::Exhausted(0)));
    }
}
