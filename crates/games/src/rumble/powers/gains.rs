//! Powers that give Energy: Regeneration at the start of every round, Disagreeable When Angry
//! as Resolution begins, Meditation once the damage is done, Hyper Immune System at the end.

use super::{Aftermath, set};
use crate::rumble::action::Use;
use crate::rumble::catalog::{Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::Held;
use crate::rumble::state::{Fight, Rumble};

use PowerId as P;

/// Regeneration, as printed.
pub const REGENERATION: PowerCard = PowerCard {
    id: PowerId::Regeneration,
    name: "Regeneration",
    tier: Tier::Example,
    aspects: "Energy Gain",
    kind: Kind::Normal,
    cost: "",
    text: "At the start of every round, including the first, gain 3 Energy.",
    numbers: &[3],
    timing: Timing::Passive,
    author: "Raven",
    beginner: true,
    worth: 12,
    usage: Usage::NONE,
};

/// Disagreeable When Angry, as printed.
pub const DISAGREEABLE_WHEN_ANGRY: PowerCard = PowerCard {
    id: PowerId::DisagreeableWhenAngry,
    name: "Disagreeable When Angry",
    tier: Tier::Unsorted,
    aspects: "Energy Gain",
    kind: Kind::Normal,
    cost: "",
    text: "Once a game, when a rival's single Attack on you reaches 20, you get 50 Energy.",
    numbers: &[20, 50],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: true,
    worth: 14,
    usage: Usage::NONE,
};

/// Hyper Immune System, as printed.
pub const HYPER_IMMUNE_SYSTEM: PowerCard = PowerCard {
    id: PowerId::HyperImmuneSystem,
    name: "Hyper Immune System",
    tier: Tier::Unsorted,
    aspects: "Defensive, Energy Gain",
    kind: Kind::Normal,
    cost: "",
    text: "At the end of a round in which your Energy went down, gain 10.",
    numbers: &[10],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: true,
    worth: 12,
    usage: Usage::NONE,
};

/// Meditation, as printed.
pub const MEDITATION: PowerCard = PowerCard {
    id: PowerId::Meditation,
    name: "Meditation",
    tier: Tier::Unsorted,
    aspects: "Energy Gain",
    kind: Kind::Normal,
    cost: "Spend 10",
    text: "Spend 10: if nobody takes damage this round, gain 8 Energy.",
    numbers: &[10, 8],
    timing: Timing::Allocation,
    author: "Kevan",
    beginner: true,
    worth: 4,
    usage: Usage::costs(Cost::Spend),
};

/// Regeneration: the holder gains the card's number as the round begins (notes: regeneration).
pub(crate) fn regenerate(game: &mut Rumble, h: usize, events: &mut Vec<Event>) {
    let hero = &mut game.heroes[h];
    let regen: i32 = hero.all(P::Regeneration).map(|p| p.n(0)).sum();
    if regen > 0 {
        hero.energy += regen;
        events.push(Event::Gained { hero: h as u8, amount: regen, source: set(P::Regeneration) });
    }
}

/// Disagreeable When Angry: once a game, when a rival's single Attack on the holder reaches the
/// first number, the holder gains the second. It reads the Attacks as they come in.
pub(crate) fn disagreeable_when_angry(game: &mut Rumble, fight: &Fight, events: &mut Vec<Event>) {
    let n = game.heroes.len();
    for d in 0..n {
        let hero = &game.heroes[d];
        if let Some(p) = hero.first(P::DisagreeableWhenAngry)
            && hero.standing()
            && !hero.status.angry_done
            && (0..n).any(|a| game.heroes[a].seat != hero.seat && fight.attack[a][d] >= p.n(0))
        {
            let gain = p.n(1);
            game.heroes[d].energy += gain;
            game.heroes[d].status.angry_done = true;
            events.push(Event::Gained { hero: d as u8, amount: gain, source: set(P::DisagreeableWhenAngry) });
        }
    }
}

/// Meditation, used: when nobody took damage this round, its user gains the second number.
pub(crate) fn meditation(game: &mut Rumble, u: usize, _use: &Use, held: &Held, after: &Aftermath, events: &mut Vec<Event>) {
    if held.is(P::Meditation) && !after.anyone_hurt {
        game.heroes[u].energy += held.n(1);
        events.push(Event::Gained { hero: u as u8, amount: held.n(1), source: set(P::Meditation) });
    }
}

/// Hyper Immune System: at the end of a round in which the holder's Energy went down, they gain
/// the card's number.
pub(crate) fn hyper_immune_system(game: &mut Rumble, events: &mut Vec<Event>) {
    for h in 0..game.heroes.len() {
        if !game.heroes[h].standing() {
            continue;
        }
        if let Some(p) = game.heroes[h].first(P::HyperImmuneSystem)
            && game.heroes[h].energy < game.fight.start_energy[h]
        {
            let gain = p.n(0);
            game.heroes[h].energy += gain;
            events.push(Event::Gained { hero: h as u8, amount: gain, source: set(P::HyperImmuneSystem) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn regeneration_adds_3_at_the_start_of_every_round_including_the_first() {
        let mut g = table(&[(100, &[P::Regeneration]), (100, &[])]);
        assert_eq!(energy(&g), vec![103, 100]);
        round(&mut g, quiet(2));
        assert_eq!(energy(&g), vec![106, 100]);
    }

    #[test]
    fn disagreeable_when_angry_gains_50_the_first_time_only() {
        let mut g = table(&[(100, &[P::DisagreeableWhenAngry]), (100, &[])]);
        round(&mut g, vec![a(20, &[]), a(0, &[(0, 20)])]);
        assert_eq!(energy(&g)[0], 150);
        round(&mut g, vec![a(20, &[]), a(0, &[(0, 20)])]);
        assert_eq!(energy(&g)[0], 150);
    }

    #[test]
    fn hyper_immune_system_gains_10_after_a_round_that_cost_energy() {
        let mut g = table(&[(100, &[P::HyperImmuneSystem]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 10)])]);
        assert_eq!(energy(&g)[0], 100);
        round(&mut g, quiet(2));
        assert_eq!(energy(&g)[0], 100, "nothing lost, nothing gained");
    }

    #[test]
    fn meditation_gains_8_when_nobody_is_hurt() {
        let mut g = table(&[(100, &[P::Meditation]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(0, &[])]);
        assert_eq!(energy(&g)[0], 108);
        round(&mut g, vec![using(a(0, &[(1, 5)]), &[(0, 0, None, None)]), a(0, &[])]);
        assert_eq!(energy(&g), vec![108, 95]);
    }
}
