//! Psionic Head Exploding Rays: Spend X on an opponent; when X beats their Defense this round,
//! they are out at the end of the next (notes: psionic-rays, opponents).

use super::Aftermath;
use crate::rumble::action::Use;
use crate::rumble::catalog::{Aim, Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::Held;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Psionic Head Exploding Rays, as printed.
pub const PSIONIC_RAYS: PowerCard = PowerCard {
    id: PowerId::PsionicRays,
    name: "Psionic Head Exploding Rays",
    tier: Tier::Advanced,
    aspects: "Lose, Persistent Effect",
    kind: Kind::Normal,
    cost: "Spend X",
    text: "Spend X and name an opponent: if X is more than their Defense this round, they are out at the end of next round.",
    numbers: &[],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 12,
    usage: Usage::costs(Cost::SpendX).aimed(Aim::Opponent),
};

/// The rays land when X beats the target's Defense this round.
pub(crate) fn aim(game: &mut Rumble, _u: usize, use_: &Use, held: &Held, _after: &Aftermath, _events: &mut Vec<Event>) {
    if held.is(P::PsionicRays)
        && let Some(t) = use_.target
        && i32::from(use_.x) > game.fight.defense[usize::from(t)]
    {
        game.heroes[usize::from(t)].status.rays_due = Some(game.round + 1);
    }
}

/// A hero the rays landed on last round is out as this one ends.
pub(crate) fn knock_out_due(game: &mut Rumble, events: &mut Vec<Event>) {
    let round = game.round;
    for (h, hero) in game.heroes.iter_mut().enumerate() {
        if hero.standing() && hero.status.rays_due == Some(round) {
            hero.status.rays_due = None;
            hero.out = Some(round);
            events.push(Event::Out(vec![h as u8]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn psionic_rays_knock_out_at_the_end_of_next_round_if_x_beat_defense() {
        let mut g = table(&[(100, &[P::PsionicRays]), (100, &[]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 30, Some(1), None)]), a(20, &[]), a(0, &[])]);
        assert!(g.heroes[1].standing());
        round(&mut g, quiet(3));
        assert!(!g.heroes[1].standing());
    }
}
