//! Psuedonite: at the end of each round every hero loses Energy for each power they hold, this
//! one included (notes: psuedonite, global-copies).

use super::set;
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Psuedonite, as printed.
pub const PSUEDONITE: PowerCard = PowerCard {
    id: PowerId::Psuedonite,
    name: "Psuedonite",
    tier: Tier::Unsorted,
    aspects: "Global",
    kind: Kind::Normal,
    cost: "",
    text: "At the end of each round every hero loses 5 Energy for each power they hold, this one included.",
    numbers: &[5],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: false,
    worth: 2,
    usage: Usage::NONE,
};

/// A global power acts once a round however many heroes hold a copy, at the largest number
/// among the copies.
pub(crate) fn drain_everyone(game: &mut Rumble, events: &mut Vec<Event>) {
    let per: Option<i32> = game.standing().flat_map(|h| game.heroes[usize::from(h)].all(P::Psuedonite).map(|p| p.n(0))).max();
    if let Some(per) = per {
        for h in 0..game.heroes.len() {
            let owned = game.heroes[h].powers.len() as i32;
            if game.heroes[h].standing() && owned > 0 {
                game.heroes[h].energy -= per * owned;
                events.push(Event::Lost { hero: h as u8, amount: per * owned, source: set(P::Psuedonite) });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn psuedonite_costs_everyone_5_per_power_each_round() {
        let mut g = table(&[(100, &[P::Psuedonite, P::ToughSkin]), (100, &[]), (100, &[P::Flight])]);
        round(&mut g, quiet(3));
        assert_eq!(energy(&g), vec![90, 100, 95]);
    }

    #[test]
    fn copies_of_psuedonite_act_once_a_round() {
        // Two holders (a Flaw won by both, say): each hero still loses 5 per power, once.
        let mut g = table(&[(100, &[P::Psuedonite, P::ToughSkin]), (100, &[P::Psuedonite]), (100, &[P::Flight])]);
        round(&mut g, quiet(3));
        assert_eq!(energy(&g), vec![90, 95, 95]);
    }
}
