//! Galactic Helm and Galactic Ray Gun, each passive and stronger together: the Ray Gun doubles its
//! holder's first damage of the round, the Helm cancels the second damage its holder would take
//! (notes: galactic).

use super::{Hit, Landing, set};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::PowerRef;
use crate::rumble::state::{Hero, Rumble};

use PowerId as P;

/// Galactic Helm, as printed.
pub const GALACTIC_HELM: PowerCard = PowerCard {
    id: PowerId::GalacticHelm,
    name: "Galactic Helm",
    tier: Tier::Unsorted,
    aspects: "Defense, Passive",
    kind: Kind::Normal,
    cost: "",
    text: "The second damage you would take each round is cancelled. With Galactic Ray Gun you also gain that much Energy.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 10,
    usage: Usage::NONE,
};

/// Galactic Ray Gun, as printed.
pub const GALACTIC_RAY_GUN: PowerCard = PowerCard {
    id: PowerId::GalacticRayGun,
    name: "Galactic Ray Gun",
    tier: Tier::Unsorted,
    aspects: "Attack, Passive",
    kind: Kind::Normal,
    cost: "",
    text: "The first damage you deal each round is doubled. With Galactic Helm the same amount also hits another opponent.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 12,
    usage: Usage::NONE,
};

/// The Ray Gun's damage sets something off (its doubling), so its victims choose their blocks.
pub(crate) fn reacts_to_damage(hero: &Hero) -> bool {
    hero.has(P::GalacticRayGun)
}

/// Galactic Ray Gun: the holder's first damage of the round is doubled; with the Helm, the same
/// amount also hits the opponent standing with the most Energy (seated first on a tie).
pub(crate) fn ray_gun(game: &mut Rumble, landing: &mut Landing, hit: &Hit, amount: &mut i32, _events: &mut Vec<Event>) -> bool {
    let (t, n) = (hit.to, game.heroes.len());
    if let Some(f) = hit.from
        && !landing.dealt_first[f]
        && game.heroes[f].has(P::GalacticRayGun)
    {
        landing.dealt_first[f] = true;
        *amount *= 2;
        if game.heroes[f].has(P::GalacticHelm) {
            let other = (0..n)
                .filter(|o| *o != t && game.heroes[*o].standing() && game.heroes[*o].seat != game.heroes[f].seat)
                .max_by_key(|o| (game.heroes[*o].energy, std::cmp::Reverse(*o)));
            if let Some(o) = other {
                landing.queue.push_back(Hit { to: o, from: None, amount: *amount, source: set(P::GalacticRayGun), attack: 0 });
            }
        }
    }
    true
}

/// Galactic Helm: the second damage the holder would take this round is cancelled; with the Ray
/// Gun, they gain that much instead.
pub(crate) fn helm(game: &mut Rumble, landing: &mut Landing, hit: &Hit, amount: &mut i32, events: &mut Vec<Event>) -> bool {
    let t = hit.to;
    landing.taken[t] += 1;
    if landing.taken[t] == 2 && game.heroes[t].has(P::GalacticHelm) {
        events.push(Event::Prevented { hero: t as u8, amount: *amount, by: PowerRef::Set(P::GalacticHelm) });
        if game.heroes[t].has(P::GalacticRayGun) {
            game.heroes[t].energy += *amount;
            events.push(Event::Gained { hero: t as u8, amount: *amount, source: set(P::GalacticHelm) });
        }
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn galactic_helm_cancels_the_second_damage_of_the_round() {
        let mut g = table(&[(100, &[P::GalacticHelm]), (100, &[]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 10)]), a(0, &[(0, 10)])]);
        assert_eq!(energy(&g)[0], 90);
    }

    #[test]
    fn galactic_ray_gun_doubles_the_first_damage_and_with_the_helm_hits_another() {
        let mut g = table(&[(100, &[P::GalacticRayGun]), (100, &[]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 20)]), a(0, &[]), a(0, &[])]);
        assert_eq!(energy(&g), vec![100, 60, 100]);
        let mut g = table(&[(100, &[P::GalacticRayGun, P::GalacticHelm]), (100, &[]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 20)]), a(0, &[]), a(0, &[])]);
        assert_eq!(energy(&g), vec![100, 60, 60]);
    }
}
