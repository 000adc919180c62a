//! Lighten Load: name another of your powers at Allocation; at Resolution it is discarded and you
//! gain its Power Strength (notes: lighten-load, lighten-load-timing).

use super::set;
use crate::rumble::action::Allocation;
use crate::rumble::catalog::{Cost, Kind, PowerCard, PowerId, Second, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Lighten Load, as printed.
pub const LIGHTEN_LOAD: PowerCard = PowerCard {
    id: PowerId::LightenLoad,
    name: "Lighten Load",
    tier: Tier::Unsorted,
    aspects: "Energy Gain",
    kind: Kind::Normal,
    cost: "Discard a power",
    text: "Discard another of your powers at Allocation: at Resolution gain Energy equal to its Power Strength.",
    numbers: &[],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 4,
    usage: Usage::costs(Cost::Free).then(Second::OwnPower).activate(1),
};

/// The powers named are discarded, highest slot first, each for its Power Strength.
pub(crate) fn discard_for_energy(game: &mut Rumble, u: usize, a: &Allocation, events: &mut Vec<Event>) {
    let mut lighten: Vec<u8> = a
        .uses
        .iter()
        .filter(|use_| game.heroes[u].powers.get(usize::from(use_.slot)).is_some_and(|p| p.is(P::LightenLoad)))
        .filter_map(|use_| use_.other)
        .collect();
    dojo_engine::sorting::sort_by(&mut lighten, |x, y| y.cmp(x));
    for slot in lighten {
        if usize::from(slot) < game.heroes[u].powers.len() {
            let held = game.heroes[u].powers.remove(usize::from(slot));
            events.push(Event::Discarded { hero: u as u8, power: held.power });
            game.heroes[u].energy += held.strength;
            events.push(Event::Gained { hero: u as u8, amount: held.strength, source: set(P::LightenLoad) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn lighten_load_discards_a_power_for_its_strength() {
        let mut g = table(&[(100, &[P::LightenLoad, P::ToughSkin]), (100, &[])]);
        g.heroes[0].powers[1].strength = 25;
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, Some(1))]), a(0, &[])]);
        assert_eq!(energy(&g)[0], 125);
        assert!(!g.heroes[0].has(P::ToughSkin));
    }
}
