//! Passive powers that act when their holder's Attack damages a hero: Metal Tentacles weakens the
//! hero's Defense next round, Sharp Knives leaves wounds, Disarming Strike knocks a power away
//! (notes: disarming-strike, opponents).

use super::{Battle, Hit, HitCtx, set};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::{Hero, Rumble};

use PowerId as P;

/// Metal Tentacles, as printed.
pub const METAL_TENTACLES: PowerCard = PowerCard {
    id: PowerId::MetalTentacles,
    name: "Metal Tentacles",
    tier: Tier::Unsorted,
    aspects: "Delayed Effect",
    kind: Kind::Normal,
    cost: "",
    text: "A hero your Attack damages has 15 less Defense next round (never below 0).",
    numbers: &[15],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: true,
    worth: 8,
    usage: Usage::NONE,
};

/// Disarming Strike, as printed.
pub const DISARMING_STRIKE: PowerCard = PowerCard {
    id: PowerId::DisarmingStrike,
    name: "Disarming Strike",
    tier: Tier::Intermediate,
    aspects: "Discard, Damage",
    kind: Kind::Normal,
    cost: "",
    text: "When your Attack damages an opponent, they discard their strongest power whose Power Strength is at most that Attack.",
    numbers: &[],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 10,
    usage: Usage::NONE,
};

/// Sharp Knives, as printed.
pub const SHARP_KNIVES: PowerCard = PowerCard {
    id: PowerId::SharpKnives,
    name: "Sharp Knives",
    tier: Tier::Intermediate,
    aspects: "Damage, Persistent Effect",
    kind: Kind::Normal,
    cost: "",
    text: "When your Attack damages an opponent, they take 2 damage Defense cannot stop in each of the next 2 rounds.",
    numbers: &[2, 2],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 8,
    usage: Usage::NONE,
};

/// Each of these reacts to its holder's damage, so their victims choose their blocks.
pub(crate) fn reacts_to_damage(hero: &Hero) -> bool {
    [P::MetalTentacles, P::DisarmingStrike, P::SharpKnives].iter().any(|p| hero.has(*p))
}

// ---- Metal Tentacles ----

/// A hero the holder's Attack damages has the card's number less Defense next round.
pub(crate) fn metal_tentacles(game: &mut Rumble, f: usize, t: usize, _hit: &Hit, _amount: i32, _events: &mut Vec<Event>) {
    if let Some(p) = game.heroes[f].first(P::MetalTentacles) {
        let cut = p.n(0);
        game.heroes[t].status.tentacles_next += cut;
    }
}

/// The Defense lost to Metal Tentacles this round, never below 0.
pub(crate) fn tentacled_defense(game: &Rumble, h: usize, _before: &Battle, now: &mut Battle) {
    now.defense[h] = (now.defense[h] - game.heroes[h].status.tentacles).max(0);
}

// ---- Sharp Knives ----

/// An opponent the holder's Attack damages is wounded: the first number of damage that Defense
/// cannot stop in each of the next (second number) rounds.
pub(crate) fn sharp_knives(game: &mut Rumble, f: usize, t: usize, _hit: &Hit, _amount: i32, _events: &mut Vec<Event>) {
    // Sharp Knives acts on opponents: never on a hero of the same seat.
    let opponent = game.heroes[f].seat != game.heroes[t].seat;
    if let Some(p) = game.heroes[f].first(P::SharpKnives)
        && opponent
    {
        let (dmg, rounds) = (p.n(0), p.n(1));
        game.heroes[t].status.knives.push((f as u8, dmg, rounds.clamp(0, 255) as u8));
    }
}

/// A wounded hero's wounds bleed.
pub(crate) fn knives_bleed(game: &Rumble, u: usize, _ctx: &HitCtx, hits: &mut Vec<Hit>) {
    for (from, dmg, _) in &game.heroes[u].status.knives {
        hits.push(Hit { to: u, from: Some(usize::from(*from)), amount: *dmg, source: set(P::SharpKnives), attack: 0 });
    }
}

/// Every wound has a round less to bleed.
pub(crate) fn knives_count_down(game: &mut Rumble) {
    for hero in &mut game.heroes {
        let st = &mut hero.status;
        for k in st.knives.iter_mut() {
            k.2 -= 1;
        }
        st.knives.retain(|k| k.2 > 0);
    }
}

// ---- Disarming Strike ----

/// An opponent the holder's Attack damages discards their strongest power (not a Flaw) whose
/// Power Strength is at most that Attack as made, before blocks; of equals, the one won first.
pub(crate) fn disarming_strike(game: &mut Rumble, f: usize, t: usize, hit: &Hit, amount: i32, events: &mut Vec<Event>) {
    let opponent = game.heroes[f].seat != game.heroes[t].seat;
    if game.heroes[f].has(P::DisarmingStrike) && amount > 0 && opponent {
        let limit = hit.attack;
        let pick = game.heroes[t]
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| p.strength <= limit && game.kind(p.power) != Kind::Flaw)
            .max_by_key(|(i, p)| (p.strength, std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        if let Some(slot) = pick {
            let held = game.heroes[t].powers.remove(slot);
            events.push(Event::Discarded { hero: t as u8, power: held.power });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn metal_tentacles_cut_15_defense_next_round() {
        let mut g = table(&[(100, &[P::MetalTentacles]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 30)]), a(20, &[])]);
        assert_eq!(energy(&g)[1], 90);
        round(&mut g, vec![a(0, &[(1, 10)]), a(20, &[])]);
        assert_eq!(energy(&g)[1], 85, "Defense 20 - 15 = 5 against 10");
    }

    #[test]
    fn sharp_knives_cut_for_2_in_each_of_the_next_two_rounds() {
        let mut g = table(&[(100, &[P::SharpKnives]), (100, &[])]);
        round(&mut g, vec![a(0, &[(1, 10)]), a(0, &[])]);
        assert_eq!(energy(&g)[1], 90);
        for _ in 0..3 {
            round(&mut g, quiet(2));
        }
        assert_eq!(energy(&g)[1], 86);
    }

    #[test]
    fn disarming_strike_takes_the_strongest_power_its_attack_can_reach() {
        let mut g = table(&[(100, &[P::DisarmingStrike]), (100, &[P::ToughSkin, P::Flight, P::Meditation])]);
        g.heroes[1].powers[0].strength = 25;
        g.heroes[1].powers[1].strength = 40;
        g.heroes[1].powers[2].strength = 5;
        round(&mut g, vec![a(0, &[(1, 30)]), a(0, &[])]);
        assert!(!g.heroes[1].has(P::ToughSkin) && g.heroes[1].has(P::Flight) && g.heroes[1].has(P::Meditation));
    }

    #[test]
    fn powers_that_name_an_opponent_leave_a_heros_own_sidekick_alone() {
        // A attacks its own Sidekick: no Disarming Strike, no Sharp Knives, and the Sidekick's
        // Disagreeable When Angry does not fire (notes: opponents).
        let mut g = with_sidekick(&[P::DisarmingStrike, P::SharpKnives], &[]);
        g.heroes[3].powers = [P::Meditation, P::DisagreeableWhenAngry].map(|p| Held::new(PowerRef::Set(p), 5)).to_vec();
        let mut allocs = quiet(4);
        allocs[0] = a(0, &[(3, 20)]);
        round(&mut g, allocs);
        assert_eq!(energy(&g)[3], 30);
        assert!(g.heroes[3].status.knives.is_empty());
        assert!(g.heroes[3].has(P::Meditation));
        // Galactic Ray Gun with the Helm sends its second hit to an opponent, never to its own side.
        let mut g = with_sidekick(&[P::GalacticRayGun, P::GalacticHelm], &[]);
        g.heroes[3].energy = 300;
        let mut allocs = quiet(4);
        allocs[0] = a(0, &[(1, 20)]);
        round(&mut g, allocs);
        assert_eq!(energy(&g), vec![100, 60, 60, 300]);
    }
}
