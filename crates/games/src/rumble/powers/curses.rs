//! The curses that must be handed on: whoever wins Blood Rage or Weak Hands gives it to an
//! opponent after the auction, and may not discard it (notes: curses).

use super::{Hit, HitCtx, set};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::setup::Held;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Blood Rage, as printed.
pub const BLOOD_RAGE: PowerCard = PowerCard {
    id: PowerId::BloodRage,
    name: "Blood Rage",
    tier: Tier::Unsorted,
    aspects: "Damage, Swap",
    kind: Kind::Curse,
    cost: "",
    text: "Whoever wins this hands it to an opponent. Its holder takes 10 damage each round they Attack for less than 10 in all.",
    numbers: &[10, 10],
    timing: Timing::WhenWon,
    author: "Kevan",
    beginner: false,
    worth: 2,
    usage: Usage::NONE,
};

/// Weak Hands, as printed.
pub const WEAK_HANDS: PowerCard = PowerCard {
    id: PowerId::WeakHands,
    name: "Weak Hands",
    tier: Tier::Unsorted,
    aspects: "Attack",
    kind: Kind::Curse,
    cost: "",
    text: "Whoever wins this hands it to an opponent. When its holder's Attacks add up to more than half their Energy, they take 5 damage Defense cannot stop.",
    numbers: &[5],
    timing: Timing::WhenWon,
    author: "card",
    beginner: false,
    worth: 2,
    usage: Usage::NONE,
};

/// Whether a held power is one of these curses.
pub(crate) fn handed_on(held: &Held) -> bool {
    held.is(P::BloodRage) || held.is(P::WeakHands)
}

/// Weak Hands: when the holder's Attacks add up to more than half the Energy they started the
/// round with, they take the card's number of damage that Defense cannot stop.
pub(crate) fn weak_hands(game: &Rumble, u: usize, ctx: &HitCtx, hits: &mut Vec<Hit>) {
    if let Some(p) = game.heroes[u].all(P::WeakHands).next()
        && ctx.totals[u] * 2 > game.fight.start_energy[u]
    {
        hits.push(Hit { to: u, from: None, amount: p.n(0), source: set(P::WeakHands), attack: 0 });
    }
}

/// Blood Rage: a holder who Attacks for less than the first number in all takes the second as
/// damage that Defense cannot stop.
pub(crate) fn blood_rage(game: &Rumble, u: usize, ctx: &HitCtx, hits: &mut Vec<Hit>) {
    if let Some(p) = game.heroes[u].all(P::BloodRage).next()
        && ctx.totals[u] < p.n(0)
    {
        hits.push(Hit { to: u, from: None, amount: p.n(1), source: set(P::BloodRage), attack: 0 });
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn blood_rage_is_handed_on_and_hurts_a_holder_who_attacks_for_less_than_10() {
        let setup = Setup::heroes(&["A", "B"], vec![P::BloodRage], 1);
        let mut g = Rumble::from_setup(&setup).unwrap();
        apply(
            &mut g,
            &PerSeat(vec![
                Some(Act::Bid { bids: vec![5], might_discard: vec![] }),
                Some(Act::Bid { bids: vec![0], might_discard: vec![] }),
            ]),
        )
        .unwrap();
        assert_eq!(g.phase, Phase::Giving);
        assert_eq!(g.check(Seat(0), &Act::Give(0)), Err(Refusal::NotAnOpponent(0)), "only to an opponent");
        apply(&mut g, &PerSeat(vec![Some(Act::Give(1)), None])).unwrap();
        assert!(g.heroes[1].has(P::BloodRage));
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 5)])]);
        assert_eq!(energy(&g), vec![90, 90]);
    }

    #[test]
    fn weak_hands_hurt_a_holder_who_attacks_with_over_half_their_energy() {
        let mut g = table(&[(100, &[P::WeakHands]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 50)]), a(100, &[])]);
        assert_eq!(energy(&g)[0], 100, "exactly half is fine");
        round(&mut g, vec![a(0, &[(1, 60)]), a(100, &[])]);
        assert_eq!(energy(&g)[0], 95);
    }

    #[test]
    fn a_handed_on_curse_is_kept_for_its_own_reason_not_as_a_flaw() {
        let g = table(&[(100, &[P::WeakHands, P::ToughSkin]), (100, &[])]);
        let settle = |slot: u8| Act::Settle { discard: vec![slot], expert: None };
        assert_eq!(g.check_act(&Decision::Settle { hero: 0 }, &settle(0)), Err(Refusal::CurseKept));
        assert_eq!(g.check_act(&Decision::Settle { hero: 0 }, &settle(1)), Ok(()));
    }
}
