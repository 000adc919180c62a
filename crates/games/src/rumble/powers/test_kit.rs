//! What the power modules' tests share: small tables that start after the auction, and a way
//! to play a round of them.

pub use crate::rumble::catalog::{self, PowerId};
pub use crate::rumble::*;
pub use PowerId as P;
pub use dojo_engine::{Game, PerSeat, Seat, apply};

/// A table that starts after the auction: hero `i` is seat `i`, with this Energy and powers (each
/// won at Power Strength 10 unless set later).
pub fn table(heroes: &[(i32, &[PowerId])]) -> Rumble {
    let names = ["A", "B", "C", "D", "E", "F", "G", "H"];
    let settled = heroes
        .iter()
        .enumerate()
        .map(|(i, (energy, powers))| SettledHero {
            name: names[i].into(),
            seat: i as u8,
            energy: *energy,
            powers: powers.iter().map(|p| Held::new(PowerRef::Set(*p), 10)).collect(),
            sidekick: false,
            out: false,
        })
        .collect();
    let setup = Setup { start: Start::Settled(settled), ..Setup::heroes(&names[..heroes.len()], vec![], 1) };
    Rumble::from_setup(&setup).unwrap()
}

pub fn a(defense: u16, attacks: &[(u8, u16)]) -> Allocation {
    Allocation { defense, attacks: attacks.to_vec(), ..Allocation::default() }
}

pub fn using(mut alloc: Allocation, uses: &[(u8, u16, Option<u8>, Option<u8>)]) -> Allocation {
    alloc.uses = uses.iter().map(|(slot, x, target, other)| Use { slot: *slot, x: *x, target: *target, other: *other }).collect();
    alloc
}

/// Plays a round: one allocation per hero (in hero order), then the given reveal-step choices
/// (others choose nothing), default blocks, and a moderator who is done at once.
pub fn round_with(game: &mut Rumble, allocs: Vec<Allocation>, choices: Vec<(u8, RevealChoice)>) -> Vec<Event> {
    let seats = game.seat_count();
    let joint = PerSeat::from_fn(seats, |s| match game.decision(s) {
        Some(Decision::Allocate(heroes)) => Some(Act::Allocate(heroes.iter().map(|h| allocs[usize::from(*h)].clone()).collect())),
        _ => None,
    });
    let mut events = apply(game, &joint).unwrap_or_else(|e| panic!("allocation refused: {e}"));
    while matches!(game.phase, Phase::Revealing | Phase::Blocking | Phase::Moderating) {
        let joint = PerSeat::from_fn(seats, |s| {
            game.decision(s).map(|d| match d {
                Decision::Reveal(heroes) => Act::Reveal(
                    heroes
                        .iter()
                        .map(|h| {
                            choices.iter().find(|(c, _)| c == h).map(|(_, c)| c.clone()).unwrap_or_else(|| {
                                let reserve = game.fight.allocations[usize::from(*h)].as_ref().map_or(0, |a| a.reserve);
                                RevealChoice { split: (reserve > 0).then(|| (reserve, vec![])), ..RevealChoice::default() }
                            })
                        })
                        .collect(),
                ),
                Decision::Block { hero, .. } => Act::Block(game.default_blocks(hero)),
                _ => Act::Done,
            })
        });
        events.extend(apply(game, &joint).unwrap_or_else(|e| panic!("reveal step refused: {e}")));
    }
    events
}

pub fn round(game: &mut Rumble, allocs: Vec<Allocation>) -> Vec<Event> {
    round_with(game, allocs, vec![])
}

pub fn energy(game: &Rumble) -> Vec<i32> {
    game.heroes.iter().map(|h| h.energy).collect()
}

pub fn quiet(n: usize) -> Vec<Allocation> {
    vec![a(0, &[]); n]
}

/// A table after the auction: A (seat 0) holds `powers` and then the Sidekick card, B and C
/// (seats 1 and 2) hold `b` and nothing, and A's Sidekick is hero 3 (seat 0) on 50.
pub fn with_sidekick(powers: &[PowerId], b: &[PowerId]) -> Rumble {
    let mut held: Vec<Held> = powers.iter().map(|p| Held::new(PowerRef::Set(*p), 10)).collect();
    held.push(Held::new(PowerRef::Set(P::Sidekick), 10));
    let hero = |name: &str, seat: u8, energy: i32, powers: Vec<Held>, sidekick: bool| SettledHero {
        name: name.into(),
        seat,
        energy,
        powers,
        sidekick,
        out: false,
    };
    let settled = vec![
        hero("A", 0, 100, held, false),
        hero("B", 1, 100, b.iter().map(|p| Held::new(PowerRef::Set(*p), 10)).collect(), false),
        hero("C", 2, 100, vec![], false),
        hero("A's Sidekick", 0, 50, vec![], true),
    ];
    let setup = Setup { start: Start::Settled(settled), ..Setup::heroes(&["A", "B", "C"], vec![], 1) };
    Rumble::from_setup(&setup).unwrap()
}
