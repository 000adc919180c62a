//! `dojo bench GAME`: how fast the rules engine plays random games.

use dojo_engine::{Rng, apply, joint_from};
use dojo_games::registry::{Sampled, Table};
use std::time::Instant;

/// Plays random matches for about `seconds` and prints the rates.
pub fn run<G: Sampled>(seconds: f64, table: Table) -> Result<(), String> {
    G::seeded_setup(0, table)?;
    let mut rng = Rng::new(42);
    let (mut breaths, mut steps, mut matches) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..100 {
            let mut state = G::from_setup(&G::seeded_setup(rng.next_u64(), table)?).map_err(|e| e.to_string())?;
            while state.outcome().is_none() {
                let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).expect("someone can act");
                let events = apply(&mut state, &joint).expect("legal actions apply");
                breaths += events.iter().filter(|e| G::is_round(e)).count() as u64;
                steps += 1;
            }
            matches += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mode = table.mode.map(|m| format!(", mode {m}")).unwrap_or_default();
    println!("random {} games ({} seats{mode}, default options), single thread, {secs:.1} s", crate::games::title(G::NAME), table.seats);
    println!("matches: {matches}");
    println!("{}_per_sec: {:.0}", G::ROUND_WORD, breaths as f64 / secs);
    println!("steps_per_sec: {:.0}", steps as f64 / secs);
    println!("matches_per_sec: {:.0}", matches as f64 / secs);
    Ok(())
}
