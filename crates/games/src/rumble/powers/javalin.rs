//! Javalin: hand the card to a hero you Attack, and that Attack deals 20 more that Defense cannot
//! stop; the card changes hands at the end of the round.

use crate::rumble::catalog::{Aim, Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Javalin, as printed.
pub const JAVALIN: PowerCard = PowerCard {
    id: PowerId::Javalin,
    name: "Javalin",
    tier: Tier::Unsorted,
    aspects: "Swap, Damage",
    kind: Kind::Normal,
    cost: "",
    text: "When you Attack a hero you may hand them this card: your Attack on them deals 20 more, and Defense cannot stop those 20.",
    numbers: &[20],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 8,
    usage: Usage::costs(Cost::Free).aimed(Aim::Attacked).activate(1),
};

/// The Attack on the hero given the card deals the card's number more, past the blocks.
pub(crate) fn extra_damage(game: &Rumble, a: usize, d: usize, dmg: &mut i32) {
    let javelin = game
        .alloc(a)
        .uses
        .iter()
        .any(|u| u.target == Some(d as u8) && game.heroes[a].powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::Javalin)));
    if javelin {
        *dmg += game.heroes[a].all(P::Javalin).map(|p| p.n(0)).next().unwrap_or(20);
    }
}

/// At the end of the round the card goes to the hero it was thrown at.
pub(crate) fn hand_over(game: &mut Rumble, events: &mut Vec<Event>) {
    for u in 0..game.heroes.len() {
        let a = game.alloc(u);
        let gift = a
            .uses
            .iter()
            .find(|use_| game.heroes[u].powers.get(usize::from(use_.slot)).is_some_and(|p| p.is(P::Javalin)))
            .map(|use_| (use_.slot, use_.target));
        if let Some((slot, Some(t))) = gift
            && usize::from(slot) < game.heroes[u].powers.len()
            && game.heroes[u].powers[usize::from(slot)].is(P::Javalin)
        {
            let held = game.heroes[u].powers.remove(usize::from(slot));
            events.push(Event::Given { power: held.power, from: u as u8, to: t });
            game.heroes[usize::from(t)].powers.push(held);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn javalin_adds_20_unstoppable_and_changes_hands() {
        let mut g = table(&[(100, &[P::Javalin]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[(1, 10)]), &[(0, 0, Some(1), None)]), a(10, &[])]);
        assert_eq!(energy(&g)[1], 80);
        assert!(g.heroes[1].has(P::Javalin) && !g.heroes[0].has(P::Javalin));
    }
}
