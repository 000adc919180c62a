//! Powers used at Allocation that deal or add damage themselves: Laser Eyes, Air Strike,
//! Lightning Strike and Lazer Eyes (notes: lazer-eyes).

use super::{Hit, HitCtx, Landing, set};
use crate::rumble::action::Use;
use crate::rumble::catalog::{Aim, Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::{Held, PowerRef};
use crate::rumble::state::Rumble;

use PowerId as P;

/// Laser Eyes, as printed.
pub const LASER_EYES: PowerCard = PowerCard {
    id: PowerId::LaserEyes,
    name: "Laser Eyes",
    tier: Tier::Example,
    aspects: "Target, Damage",
    kind: Kind::Normal,
    cost: "Spend 10",
    text: "Spend 10 and name a hero: they take 5 damage that Defense cannot stop. Use it as often as you can pay.",
    numbers: &[10, 5],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: true,
    worth: 8,
    usage: Usage::costs(Cost::Spend).aimed(Aim::AnyHero),
};

/// Air Strike, as printed.
pub const AIR_STRIKE: PowerCard = PowerCard {
    id: PowerId::AirStrike,
    name: "Air Strike",
    tier: Tier::Unsorted,
    aspects: "Damage",
    kind: Kind::Normal,
    cost: "Spend X",
    text: "Spend X: every hero still standing, you too, takes X damage that Defense cannot stop.",
    numbers: &[],
    timing: Timing::Allocation,
    author: "card",
    beginner: true,
    worth: 8,
    usage: Usage::costs(Cost::SpendX),
};

/// Lightning Strike, as printed.
pub const LIGHTNING_STRIKE: PowerCard = PowerCard {
    id: PowerId::LightningStrike,
    name: "Lightning Strike",
    tier: Tier::Unsorted,
    aspects: "Damage",
    kind: Kind::Normal,
    cost: "Burn 10",
    text: "Burn 10: 30 damage to the hero with the most Energy in Attacks this round, split evenly (rounded up) on a tie. Defense cannot stop it.",
    numbers: &[10, 30],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: false,
    worth: 8,
    usage: Usage::costs(Cost::Burn),
};

/// Lazer Eyes, as printed.
pub const LAZER_EYES: PowerCard = PowerCard {
    id: PowerId::LazerEyes,
    name: "Lazer Eyes",
    tier: Tier::Unsorted,
    aspects: "Target, Damage",
    kind: Kind::Normal,
    cost: "Spend 10",
    text: "Spend 10 and name a hero: this round, each source that damages them deals 10 more.",
    numbers: &[10, 10],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 8,
    usage: Usage::costs(Cost::Spend).aimed(Aim::AnyHero),
};

/// The damage of one use: Laser Eyes hits its target for the second number, Air Strike every
/// hero standing for X, Lightning Strike the biggest attacker (split, rounded up, on a tie).
pub(crate) fn use_hits(_game: &Rumble, u: usize, use_: &Use, held: &Held, ctx: &HitCtx, hits: &mut Vec<Hit>) {
    let PowerRef::Set(id) = held.power else { return };
    match id {
        P::LaserEyes => {
            if let Some(t) = use_.target {
                hits.push(Hit { to: usize::from(t), from: Some(u), amount: held.n(1), source: set(id), attack: 0 });
            }
        }
        P::AirStrike => {
            for t in &ctx.standing {
                hits.push(Hit { to: *t, from: Some(u), amount: i32::from(use_.x), source: set(id), attack: 0 });
            }
        }
        P::LightningStrike => {
            let most = ctx.standing.iter().map(|h| ctx.totals[*h]).max().unwrap_or(0);
            if most > 0 {
                let tied: Vec<usize> = ctx.standing.iter().copied().filter(|h| ctx.totals[*h] == most).collect();
                let each = (held.n(1) + tied.len() as i32 - 1) / tied.len() as i32;
                for t in tied {
                    hits.push(Hit { to: t, from: Some(u), amount: each, source: set(id), attack: 0 });
                }
            }
        }
        _ => {}
    }
}

/// True when someone uses a power that hits heroes without aiming (Air Strike, Lightning Strike).
pub(crate) fn area_damage_used(game: &Rumble) -> bool {
    game.fight.allocations.iter().enumerate().any(|(h, a)| {
        a.iter()
            .flat_map(|a| a.uses.iter())
            .any(|u| game.heroes[h].powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::AirStrike) || p.is(P::LightningStrike)))
    })
}

/// Lazer Eyes: the extra damage each hero takes from every source this round.
pub(crate) fn lazer_marks(game: &Rumble, landing: &mut Landing) {
    let n = game.heroes.len();
    for (t, extra) in landing.extra.iter_mut().enumerate() {
        for u in 0..n {
            for use_ in &game.alloc(u).uses {
                if use_.target == Some(t as u8)
                    && let Some(held) = game.heroes[u].powers.get(usize::from(use_.slot))
                    && held.is(P::LazerEyes)
                {
                    *extra += held.n(1);
                }
            }
        }
    }
}

/// Lazer Eyes: every source that damages a marked hero deals the extra too.
pub(crate) fn lazer_adds(_game: &mut Rumble, landing: &mut Landing, hit: &Hit, amount: &mut i32, _events: &mut Vec<Event>) -> bool {
    *amount += landing.extra[hit.to];
    true
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn laser_eyes_deal_5_that_defense_cannot_stop_and_the_spend_comes_back() {
        let mut g = table(&[(100, &[P::LaserEyes]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, Some(1), None), (0, 0, Some(1), None)]), a(100, &[])]);
        assert_eq!(energy(&g), vec![100, 90]);
    }

    #[test]
    fn air_strike_hits_everyone_standing_its_user_too() {
        let mut g = table(&[(100, &[P::AirStrike]), (100, &[]), (100, &[])]);
        round(&mut g, vec![using(a(50, &[]), &[(0, 10, None, None)]), a(100, &[]), a(100, &[])]);
        assert_eq!(energy(&g), vec![90, 90, 90]);
    }

    #[test]
    fn lightning_strike_burns_10_to_hit_the_biggest_attacker_for_30_split_on_ties() {
        let mut g = table(&[(100, &[P::LightningStrike]), (100, &[]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(0, &[(2, 40)]), a(100, &[])]);
        assert_eq!(energy(&g), vec![90, 70, 100]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(50, &[(2, 20)]), a(50, &[(1, 20)])]);
        assert_eq!(energy(&g), vec![80, 55, 85]);
    }

    #[test]
    fn lazer_eyes_add_10_to_each_source_of_damage_on_the_target() {
        let mut g = table(&[(100, &[P::LazerEyes]), (100, &[]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, Some(1), None)]), a(100, &[]), a(0, &[(1, 20)])]);
        assert_eq!(energy(&g)[1], 100, "no damage, nothing to add to");
        round(&mut g, vec![using(a(0, &[(1, 5)]), &[(0, 0, Some(1), None)]), a(0, &[]), a(0, &[(1, 20)])]);
        assert_eq!(energy(&g)[1], 55, "two sources, each +10: 15 and 30");
    }
}
