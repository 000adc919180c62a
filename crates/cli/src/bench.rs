//! `dojo bench punish`: how fast the rules engine plays random games.

use dojo_engine::{Game, Rng, apply, joint_from};
use dojo_games::punish::{Event, Options, Punish, Setup};
use std::time::Instant;

/// Plays random matches for about `seconds` and prints the rates.
pub fn run(seconds: f64) {
    let mut rng = Rng::new(42);
    let (mut breaths, mut steps, mut matches) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..100 {
            let mut state = Punish::from_setup(&Setup::deal(rng.next_u64(), Options::default())).expect("dealt setups are valid");
            while state.outcome().is_none() {
                let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).expect("someone can act");
                let events = apply(&mut state, &joint).expect("legal actions apply");
                breaths += events.iter().filter(|e| matches!(e, Event::Revealed { .. })).count() as u64;
                steps += 1;
            }
            matches += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("random PUNISH matches (best of 3, default options), single thread, {secs:.1} s");
    println!("matches: {matches}");
    println!("breaths_per_sec: {:.0}", breaths as f64 / secs);
    println!("steps_per_sec: {:.0}", steps as f64 / secs);
    println!("matches_per_sec: {:.0}", matches as f64 / secs);
}
