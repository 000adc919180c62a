//! Brainswap: once a game, pick an opponent at Allocation; at the end of the round you trade all
//! powers and Energy with them, and they lose Brainswap (notes: brainswap, sidekick-control).

use crate::rumble::catalog::{Aim, Cost, Kind, Limit, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Brainswap, as printed.
pub const BRAINSWAP: PowerCard = PowerCard {
    id: PowerId::Brainswap,
    name: "Brainswap",
    tier: Tier::Advanced,
    aspects: "Swap",
    kind: Kind::Normal,
    cost: "Exhaust 1",
    text: "Once per game, pick a rival: when the round ends you trade all powers and Energy with them, and they lose Brainswap.",
    numbers: &[],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: false,
    worth: 10,
    usage: Usage::costs(Cost::Free).aimed(Aim::Opponent).exhaust(Limit::Times(1)),
};

/// The trade, for each user in order whose target still stands.
pub(crate) fn swap(game: &mut Rumble, events: &mut Vec<Event>) {
    for u in 0..game.heroes.len() {
        let a = game.alloc(u);
        let swap = a
            .uses
            .iter()
            .find(|use_| game.heroes[u].powers.get(usize::from(use_.slot)).is_some_and(|p| p.is(P::Brainswap)))
            .and_then(|use_| use_.target);
        if let Some(t) = swap
            && game.heroes[u].standing()
            && game.heroes[usize::from(t)].standing()
        {
            let t = usize::from(t);
            let (mine, theirs) = (std::mem::take(&mut game.heroes[u].powers), std::mem::take(&mut game.heroes[t].powers));
            let (e1, e2) = (game.heroes[u].energy, game.heroes[t].energy);
            game.heroes[u].powers = theirs;
            game.heroes[t].powers = mine.into_iter().filter(|p| !p.is(P::Brainswap)).collect();
            game.heroes[u].energy = e2;
            game.heroes[t].energy = e1;
            events.push(Event::Swapped { hero: u as u8, with: t as u8 });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn brainswap_swaps_powers_and_energy_once() {
        let mut g = table(&[(100, &[P::Brainswap, P::ToughSkin]), (60, &[P::Flight]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, Some(1), None)]), a(0, &[]), a(0, &[])]);
        assert_eq!(energy(&g)[..2], [60, 100]);
        assert!(g.heroes[0].has(P::Flight) && !g.heroes[0].has(P::Brainswap));
        assert!(g.heroes[1].has(P::ToughSkin) && !g.heroes[1].has(P::Brainswap));
    }

    #[test]
    fn brainswap_and_psionic_rays_refuse_the_users_own_sidekick_as_an_opponent() {
        let g = with_sidekick(&[P::Brainswap, P::PsionicRays], &[]);
        let swap = |t: u8| using(a(0, &[]), &[(0, 0, Some(t), None)]);
        let rays = |t: u8| using(a(0, &[]), &[(1, 20, Some(t), None)]);
        assert_eq!(g.check_allocation(0, &swap(3)), Err(Refusal::NotAnOpponent(3)));
        assert_eq!(g.check_allocation(0, &rays(3)), Err(Refusal::NotAnOpponent(3)));
        assert_eq!(g.check_allocation(0, &swap(1)), Ok(()));
        assert_eq!(g.check_allocation(0, &rays(2)), Ok(()));
        // The curse hand-off says the same.
        assert_eq!(g.check_act(&Decision::Give { hero: 0, slot: 0 }, &Act::Give(3)), Err(Refusal::NotAnOpponent(3)));
        // The computer is never offered it either.
        for act in g.legal_actions(Seat(0)) {
            let Act::Allocate(list) = act else { panic!("an allocation") };
            assert!(list[0].uses.iter().all(|u| u.target != Some(3)), "{list:?}");
        }
    }

    #[test]
    fn the_sidekick_follows_its_card_when_brainswap_moves_it() {
        let mut g = with_sidekick(&[], &[P::Brainswap]);
        let mut allocs = quiet(4);
        allocs[1] = using(a(0, &[]), &[(0, 0, Some(0), None)]);
        let events = round(&mut g, allocs);
        assert!(g.heroes[1].has(P::Sidekick) && !g.heroes[0].has(P::Sidekick));
        assert_eq!(g.heroes[3].seat, 1, "B now plays A's old Sidekick");
        assert!(events.contains(&Event::SidekickSides { hero: 3, seat: 1 }), "{events:?}");
        assert_eq!(g.decision(Seat(1)), Some(Decision::Allocate(vec![1, 3])));
        assert_eq!(g.decision(Seat(0)), Some(Decision::Allocate(vec![0])));
    }
}
