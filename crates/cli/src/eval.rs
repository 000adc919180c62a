//! `dojo bot-eval` and `dojo simulate`: the bot measured against yardstick players.

use crate::games::CliGame;
use dojo_bot::{Level, Policy, play_match};
use dojo_engine::{GameRecord, Rng, Seat, apply, joint_from};
use std::time::Instant;

fn level(name: &str) -> Result<Policy, String> {
    match name {
        "easy" => Ok(Policy::Bot(Level::Easy)),
        "medium" => Ok(Policy::Bot(Level::Medium)),
        "hard" => Ok(Policy::Bot(Level::Hard)),
        "custom" => {
            // Tuning: DOJO_ITERATIONS, DOJO_EXPLORATION, DOJO_FLOOR, DOJO_RANDOMNESS.
            let env = |k: &str, d: f64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
            let config = dojo_bot::SearchConfig {
                iterations: env("DOJO_ITERATIONS", 2500.0) as usize,
                exploration: env("DOJO_EXPLORATION", 0.15),
                opponent_exploration: env("DOJO_OPPONENT_EXPLORATION", 0.15),
                ..Default::default()
            };
            Ok(Policy::Search { config, floor: env("DOJO_FLOOR", 0.05), randomness: env("DOJO_RANDOMNESS", 0.0) })
        }
        "random" => Ok(Policy::Random),
        "greedy" => Ok(Policy::Greedy { samples: 16 }),
        other => Err(format!("unknown level {other:?} (easy, medium, hard, random, greedy)")),
    }
}

/// Plays a match with `level` in both seats and prints its record.
pub fn simulate<G: CliGame>(seed: u64, level_name: &str) -> Result<(), String> {
    let policy = level(level_name)?;
    let mut rng = Rng::new(seed);
    let mut record = GameRecord::<G>::new(G::seeded_setup(seed));
    let mut state = G::from_setup(&record.setup).map_err(|e| e.to_string())?;
    while state.outcome().is_none() {
        let joint = joint_from(&state, |s, _| policy.act::<G>(&state.view_for(s), s, &mut rng)).ok_or("stuck")?;
        apply(&mut state, &joint).map_err(|e| e.to_string())?;
        record.actions.push(joint);
    }
    println!("{}", serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?);
    Ok(())
}

struct Tally {
    wins: f64,
    matches: usize,
}

/// Plays `matches` matches of `bot` against `opponent`, the bot taking each seat half the time,
/// split over the machine's cores. Returns the bot's share of match wins.
fn tally<G: CliGame>(bot: Policy, opponent: Policy, matches: usize, seed: u64) -> Tally {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(matches.max(1));
    let results: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut wins = 0.0;
                    for m in (t..matches).step_by(threads) {
                        let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(m as u64));
                        let setup = G::eval_setup(rng.next_u64());
                        let bot_seat = Seat((m % 2) as u8);
                        let policies = if bot_seat == Seat(0) { [bot, opponent] } else { [opponent, bot] };
                        let payoff = play_match::<G>(&setup, &policies, &mut rng).expect("matches finish");
                        wins += payoff[bot_seat];
                    }
                    wins
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("evaluation thread")).collect()
    });
    Tally { wins: results.iter().sum(), matches }
}

/// Prints the bot's win rates against a random and a greedy player, and its thinking time.
pub fn bot_eval<G: CliGame>(matches: usize, level_name: &str, seed: u64, against: &str) -> Result<(), String> {
    let (random, greedy) = match against {
        "both" => (true, true),
        "random" => (true, false),
        "greedy" => (false, true),
        other => return Err(format!("--against {other:?}: use random, greedy or both")),
    };
    let bot = level(level_name)?;
    // Thinking time: one decision from the opening position, averaged.
    let mut rng = Rng::new(seed);
    let timing_runs = 20;
    let start = Instant::now();
    for i in 0..timing_runs {
        let state = G::from_setup(&G::seeded_setup(i)).map_err(|e| e.to_string())?;
        bot.act::<G>(&state.view_for(Seat(0)), Seat(0), &mut rng);
    }
    let ms_per_decision = start.elapsed().as_secs_f64() * 1000.0 / timing_runs as f64;

    let started = Instant::now();
    let vs_random = random.then(|| tally::<G>(bot, Policy::Random, matches, seed));
    let vs_greedy = greedy.then(|| tally::<G>(bot, Policy::Greedy { samples: 16 }, matches, seed + 1));
    println!(
        "{} bot ({level_name}) over {matches} seeded {} per opponent, seats alternating; {:.0} s",
        G::TITLE,
        G::EVAL_UNIT,
        started.elapsed().as_secs_f64()
    );
    println!("matches: {matches}");
    for (name, tally) in [("random", vs_random), ("greedy", vs_greedy)] {
        if let Some(t) = tally {
            println!("win_rate_vs_{name}: {:.3}", t.wins / t.matches as f64);
        }
    }
    println!("ms_per_decision_native: {ms_per_decision:.1}");
    Ok(())
}
