//! `dojo allies`: the computer as the allies of a person. In a team game (FUSION's pilots), one
//! seat of the first team is played at random, as a newcomer might play it, the rest of that
//! team by the computer at each level in turn, and the other side by a fixed opponent. Prints
//! the team's win rate with each level of allies, and how often the allies make each kind of
//! play the game counts ([`Sampled::action_kind`]): how often they assist, recharge and fold.

use crate::eval::level;
use dojo_bot::Policy;
use dojo_engine::{Rng, Seat, apply, joint_from};
use dojo_games::registry::{Sampled, Table};
use std::collections::BTreeMap;

/// What `dojo allies` measures.
pub struct AlliesPlan<'a> {
    /// Matches per level of allies.
    pub matches: usize,
    /// Seed of the deals and every random choice; each level plays the same deals.
    pub seed: u64,
    /// The other side's level.
    pub opponent: &'a str,
    /// The table (at least two seats on the first team).
    pub table: Table<'a>,
}

/// Joint steps after which a match counts as unfinished.
const MAX_STEPS: usize = 5_000;

/// The allies' levels compared, the yardstick first.
const LEVELS: [&str; 4] = ["random", "easy", "medium", "hard"];

/// One level's tally: wins of the first team, matches unfinished, and the allies' plays by kind.
#[derive(Debug, Default)]
struct Tally {
    wins: f64,
    unfinished: usize,
    kinds: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.unfinished += other.unfinished;
        for (kind, n) in other.kinds {
            *self.kinds.entry(kind).or_default() += n;
        }
    }
}

/// Plays match `m` of a plan: the random seat is the `m`-th member of the first team in turn.
fn play_one<G: Sampled>(plan: &AlliesPlan, ally: Policy, opponent: Policy, m: usize, tally: &mut Tally) -> Result<(), String> {
    let mut rng = Rng::new(plan.seed.wrapping_mul(1_000_003).wrapping_add(m as u64));
    let setup = G::eval_setup(rng.next_u64(), plan.table)?;
    let mut state = G::from_setup(&setup).map_err(|e| e.to_string())?;
    let team = state.teams().first().cloned().ok_or("the game has no teams")?;
    if team.len() < 2 {
        return Err("allies need a first team of at least two seats (FUSION: --pilots 2 or more)".into());
    }
    let person = team[m % team.len()];
    let policy = |s: Seat| {
        if s == person {
            Policy::Random
        } else if team.contains(&s) {
            ally
        } else {
            opponent
        }
    };
    let mut steps = 0;
    while state.outcome().is_none() {
        if steps >= MAX_STEPS {
            tally.unfinished += 1;
            tally.wins += 0.5;
            return Ok(());
        }
        let joint =
            joint_from(&state, |s, _| policy(s).act::<G>(&state.view_for(s), s, &mut rng)).ok_or("an acting seat has no legal action")?;
        for (seat, action) in joint.iter() {
            if seat != person
                && team.contains(&seat)
                && let Some(kind) = action.as_ref().and_then(G::action_kind)
            {
                *tally.kinds.entry(kind).or_default() += 1;
            }
        }
        apply(&mut state, &joint).map_err(|e| e.to_string())?;
        steps += 1;
    }
    let outcome = state.outcome().ok_or("no outcome")?;
    tally.wins += if outcome.is_win_for(team[0]) {
        1.0
    } else if outcome.is_draw() {
        0.5
    } else {
        0.0
    };
    Ok(())
}

/// Plays `plan.matches` for one level of allies, split over the machine's cores.
fn tally_level<G: Sampled>(plan: &AlliesPlan, ally: Policy, opponent: Policy) -> Result<Tally, String> {
    let matches = plan.matches;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(matches.max(1));
    let results: Vec<Result<Tally, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for m in (t..matches).step_by(threads) {
                        play_one::<G>(plan, ally, opponent, m, &mut tally)?;
                    }
                    Ok(tally)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("allies thread")).collect()
    });
    let mut total = Tally::default();
    for r in results {
        total.add(r?);
    }
    Ok(total)
}

/// Half the width of a 95% interval around a share `p` of `n` matches.
fn margin(p: f64, n: usize) -> f64 {
    1.96 * (p * (1.0 - p) / n.max(1) as f64).sqrt()
}

/// Prints the first team's win rate with each level of allies beside a random seat, and the
/// allies' plays by kind (share of the plays counted, and per match).
pub fn allies<G: Sampled>(plan: &AlliesPlan) -> Result<(), String> {
    if G::TEAM_YARDSTICKS.is_empty() {
        return Err(format!("{} has no teams: allies are measured in team games", G::NAME));
    }
    let opponent = level(plan.opponent)?;
    let team = G::TEAM_YARDSTICKS[0];
    println!(
        "{}: one {team} seat at random, the other {team} by the computer at each level, the other side {}; {} matches per level, seed {}",
        crate::games::title(G::NAME),
        plan.opponent,
        plan.matches,
        plan.seed
    );
    println!("seats: {}{}", plan.table.seats, plan.table.mode.map(|m| format!(" (mode {m})")).unwrap_or_default());
    let mut rates = BTreeMap::new();
    for name in LEVELS {
        let started = std::time::Instant::now();
        let tally = tally_level::<G>(plan, level(name)?, opponent)?;
        let rate = tally.wins / plan.matches.max(1) as f64;
        rates.insert(name, rate);
        println!("allies_{name}_win_rate: {rate:.3} ± {:.3} ({:.0} s)", margin(rate, plan.matches), started.elapsed().as_secs_f64());
        if tally.unfinished > 0 {
            println!("allies_{name}_unfinished: {}", tally.unfinished);
        }
        let counted: usize = tally.kinds.values().sum();
        let shares: Vec<String> = tally
            .kinds
            .iter()
            .map(|(kind, n)| {
                format!("{kind} {:.1}% ({:.2}/match)", 100.0 * *n as f64 / counted.max(1) as f64, *n as f64 / plan.matches.max(1) as f64)
            })
            .collect();
        println!("allies_{name}_plays: {}", shares.join(", "));
    }
    let (hard, easy) = (rates["hard"], rates["easy"]);
    println!(
        "allies_hard_minus_easy: {:+.3} (95% margin of the difference ±{:.3})",
        hard - easy,
        (margin(hard, plan.matches).powi(2) + margin(easy, plan.matches).powi(2)).sqrt()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use dojo_games::fusion::Fusion;
    use dojo_games::punish::Punish;

    #[test]
    fn the_allies_plays_are_counted_by_kind() {
        let plan = AlliesPlan { matches: 12, seed: 3, opponent: "random", table: Table { seats: 3, mode: None } };
        let tally = tally_level::<Fusion>(&plan, Policy::Random, Policy::Random).unwrap();
        assert!((0.0..=12.0).contains(&tally.wins));
        let counted: usize = tally.kinds.values().sum();
        assert!(counted > 0, "random allies make some counted plays in 12 Throwdowns");
        assert!(
            tally
                .kinds
                .keys()
                .all(|k| ["push", "beat-back", "card-assist", "strike-assist", "fold", "recharge", "activate", "sacrifice"].contains(k))
        );
    }

    #[test]
    fn allies_need_a_team_of_two() {
        let one_pilot = AlliesPlan { matches: 2, seed: 1, opponent: "random", table: Table { seats: 2, mode: None } };
        assert!(tally_level::<Fusion>(&one_pilot, Policy::Random, Policy::Random).unwrap_err().contains("at least two"));
        let duel = AlliesPlan { matches: 2, seed: 1, opponent: "random", table: Table { seats: 2, mode: None } };
        assert!(allies::<Punish>(&duel).unwrap_err().contains("no teams"));
    }

    #[test]
    fn the_margin_narrows_with_more_matches_and_vanishes_at_certainty() {
        assert!(margin(0.5, 100) > margin(0.5, 1000));
        assert_eq!(margin(1.0, 50), 0.0);
        assert!((margin(0.5, 100) - 0.098).abs() < 0.001);
    }
}
