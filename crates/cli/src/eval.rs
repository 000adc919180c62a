//! `dojo bot-eval` and `dojo simulate`: the bot measured against yardstick players.

use crate::games::title;
use dojo_bot::{Level, Policy, play_match_within};
use dojo_engine::{GameRecord, Outcome, Rng, Seat, apply, joint_from};
use dojo_games::registry::{Sampled, Table};
use std::time::Instant;

/// The policy a `--level` names: a bot level or a yardstick.
pub(crate) fn level(name: &str) -> Result<Policy, String> {
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

/// Plays a match with `level` in every seat and prints its record.
pub fn simulate<G: Sampled>(seed: u64, level_name: &str, table: Table) -> Result<(), String> {
    let policy = level(level_name)?;
    let mut rng = Rng::new(seed);
    let mut record = GameRecord::<G>::new(G::seeded_setup(seed, table)?);
    let mut state = G::from_setup(&record.setup).map_err(|e| e.to_string())?;
    while state.outcome().is_none() && record.actions.len() < EVAL_MAX_STEPS {
        let joint = joint_from(&state, |s, _| policy.act::<G>(&state.view_for(s), s, &mut rng)).ok_or("stuck")?;
        apply(&mut state, &joint).map_err(|e| e.to_string())?;
        record.actions.push(joint);
    }
    let shown = G::shareable(record);
    println!("{}", serde_json::to_string_pretty(&shown).map_err(|e| e.to_string())?);
    match state.outcome() {
        Some(_) => Ok(()),
        None => Err(format!("the game was not over after {EVAL_MAX_STEPS} steps; the record above stops there")),
    }
}

/// Milliseconds since the first reading: the native clock a `--budget-ms` search reads.
fn native_ms() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// `policy` with each search cut at `budget_ms` of wall-clock time (0: no cut), as the
/// browser's computer cuts its own; yardsticks are unchanged.
fn within_budget(policy: Policy, budget_ms: f64) -> Policy {
    let budget = (budget_ms > 0.0).then_some(dojo_bot::TimeBudget { now: native_ms, ms: budget_ms });
    match (policy, budget) {
        (Policy::Bot(level), Some(_)) => Policy::Search {
            config: dojo_bot::SearchConfig { budget, ..level.search_config() },
            floor: level.floor(),
            randomness: level.randomness(),
        },
        (Policy::Search { config, floor, randomness }, Some(_)) => {
            Policy::Search { config: dojo_bot::SearchConfig { budget, ..config }, floor, randomness }
        }
        (other, _) => other,
    }
}

/// What `dojo bot-eval` is asked to measure.
pub struct EvalPlan<'a> {
    /// Games per opponent.
    pub matches: usize,
    /// The bot's level (or a yardstick's name).
    pub level: &'a str,
    /// Seed of the deals and every random choice.
    pub seed: u64,
    /// `random`, `greedy` or `both`.
    pub against: &'a str,
    /// Wall-clock milliseconds each of the bot's searches may take (0: no limit, the full
    /// effort of its level).
    pub budget_ms: f64,
    /// The table: the bot in one seat, the opponent's policy in all the others (a teammate
    /// too, in a game with teams).
    pub table: Table<'a>,
}

/// The bot's share of first place: 1 alone, 1/k when k players share it (a two-player draw
/// counts ½), 0 otherwise. With teams, a team shares first place as one: a team's win counts 1
/// for each member, a draw between two teams ½.
fn win_share(outcome: &Outcome, seat: Seat) -> f64 {
    match outcome.places.first() {
        Some(first) if first.contains(&seat) => {
            let sharing = if outcome.teams.is_empty() {
                first.len()
            } else {
                outcome.teams.iter().filter(|team| team.iter().any(|s| first.contains(s))).count()
            };
            1.0 / sharing.max(1) as f64
        }
        _ => 0.0,
    }
}

/// Joint steps after which an evaluated match counts as unfinished: a draw, reported apart.
/// Cautious players can stall some games (TAUNT's Monsters) for thousands of turns.
const EVAL_MAX_STEPS: usize = 5_000;

/// Plays `plan.matches` games of `bot` against `opponent` in every other seat, the bot taking
/// each seat in turn, split over the machine's cores. Returns the bot's share of wins (an
/// unfinished match counts as a draw) and how many matches did not finish.
fn tally<G: Sampled>(bot: Policy, opponent: Policy, plan: &EvalPlan, seed: u64) -> Result<(f64, usize), String> {
    let (matches, seats) = (plan.matches, plan.table.seats);
    G::eval_setup(seed, plan.table)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(matches.max(1));
    let results: Vec<(f64, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let (mut wins, mut unfinished) = (0.0, 0);
                    for m in (t..matches).step_by(threads) {
                        let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(m as u64));
                        let setup = G::eval_setup(rng.next_u64(), plan.table).expect("the table was checked");
                        let bot_seat = Seat((m % seats) as u8);
                        let policies: Vec<Policy> = Seat::all(seats).map(|s| if s == bot_seat { bot } else { opponent }).collect();
                        match play_match_within::<G>(&setup, &policies, &mut rng, EVAL_MAX_STEPS).expect("matches play") {
                            Some(outcome) => wins += win_share(&outcome, bot_seat),
                            None => {
                                wins += 1.0 / seats as f64;
                                unfinished += 1;
                            }
                        }
                    }
                    (wins, unfinished)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("evaluation thread")).collect()
    });
    let wins: f64 = results.iter().map(|r| r.0).sum();
    Ok((wins / matches.max(1) as f64, results.iter().map(|r| r.1).sum()))
}

/// The bot's share of wins when it plays every seat of team `team` and random players the rest:
/// for games whose sides differ (FUSION's pilots and Coach), one yardstick per side.
fn tally_team<G: Sampled>(bot: Policy, team: usize, plan: &EvalPlan, seed: u64) -> Result<(f64, usize), String> {
    let matches = plan.matches;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(matches.max(1));
    let results: Vec<Result<(f64, usize), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let (mut wins, mut unfinished) = (0.0, 0);
                    for m in (t..matches).step_by(threads) {
                        let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(m as u64));
                        let setup = G::eval_setup(rng.next_u64(), plan.table)?;
                        let state = G::from_setup(&setup).map_err(|e| e.to_string())?;
                        let side = state.teams().get(team).cloned().ok_or("no such team")?;
                        let policies: Vec<Policy> =
                            Seat::all(plan.table.seats).map(|s| if side.contains(&s) { bot } else { Policy::Random }).collect();
                        match play_match_within::<G>(&setup, &policies, &mut rng, EVAL_MAX_STEPS).map_err(|e| e.to_string())? {
                            Some(outcome) => {
                                wins += if outcome.is_win_for(side[0]) {
                                    1.0
                                } else if outcome.is_draw() {
                                    0.5
                                } else {
                                    0.0
                                }
                            }
                            None => unfinished += 1,
                        }
                    }
                    Ok((wins, unfinished))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("evaluation thread")).collect()
    });
    let (mut wins, mut unfinished) = (0.0, 0);
    for r in results {
        let (w, u) = r?;
        wins += w;
        unfinished += u;
    }
    Ok((wins / matches.max(1) as f64, unfinished))
}

/// Prints the bot's win rates against random and greedy players, and its thinking time.
pub fn bot_eval<G: Sampled>(plan: &EvalPlan) -> Result<(), String> {
    let (random, greedy) = match plan.against {
        "both" => (true, true),
        "random" => (true, false),
        "greedy" => (false, true),
        other => return Err(format!("--against {other:?}: use random, greedy or both")),
    };
    let bot = within_budget(level(plan.level)?, plan.budget_ms);
    // Thinking time: one searched decision from the opening position, averaged. Steps the bot
    // plays from a plan without searching (a secret build, an auction), and steps where its
    // seat has nothing to decide, are played at random first; a deal where the bot's seat never
    // gets a searched decision (out in an auction) is skipped.
    let mut rng = Rng::new(plan.seed);
    let timing_runs = 20;
    let mut openings = Vec::with_capacity(timing_runs);
    for i in 0..timing_runs * 5 {
        if openings.len() == timing_runs {
            break;
        }
        let mut state = G::from_setup(&G::seeded_setup(i as u64, plan.table)?).map_err(|e| e.to_string())?;
        while state.outcome().is_none() && (state.decision(Seat(0)).is_none() || !G::thinks(&state.view_for(Seat(0)), Seat(0))) {
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).ok_or("a planned step with nobody acting")?;
            apply(&mut state, &joint).map_err(|e| e.to_string())?;
        }
        if state.outcome().is_none() {
            openings.push(state);
        }
    }
    let start = Instant::now();
    for state in &openings {
        bot.act::<G>(&state.view_for(Seat(0)), Seat(0), &mut rng);
    }
    let ms_per_decision = start.elapsed().as_secs_f64() * 1000.0 / openings.len().max(1) as f64;

    let started = Instant::now();
    let vs_random = if random { Some(tally::<G>(bot, Policy::Random, plan, plan.seed)?) } else { None };
    let vs_greedy = if greedy { Some(tally::<G>(bot, Policy::Greedy { samples: 16 }, plan, plan.seed + 1)?) } else { None };
    println!(
        "{} bot ({}) over {} seeded {} per opponent at {} seats{}, the bot in each seat in turn; {:.0} s",
        title(G::NAME),
        plan.level,
        plan.matches,
        G::EVAL_UNIT,
        plan.table.seats,
        plan.table.mode.map(|m| format!(" (mode {m})")).unwrap_or_default(),
        started.elapsed().as_secs_f64()
    );
    println!("matches: {}", plan.matches);
    println!("seats: {}", plan.table.seats);
    if plan.budget_ms > 0.0 {
        println!("budget_ms: {}", plan.budget_ms);
    }
    for (name, tally) in [("random", vs_random), ("greedy", vs_greedy)] {
        if let Some((rate, unfinished)) = tally {
            println!("win_rate_vs_{name}: {rate:.3}");
            if unfinished > 0 {
                println!("unfinished_vs_{name}: {unfinished} (not over after {EVAL_MAX_STEPS} steps; counted as draws)");
            }
        }
    }
    for (team, name) in G::TEAM_YARDSTICKS.iter().enumerate() {
        let (rate, unfinished) = tally_team::<G>(bot, team, plan, plan.seed + 2 + team as u64)?;
        println!("win_rate_{name}_vs_random: {rate:.3}");
        if unfinished > 0 {
            println!("unfinished_{name}_vs_random: {unfinished}");
        }
    }
    println!("ms_per_decision_native: {ms_per_decision:.1}");
    Ok(())
}

/// Prints how each side of the game (a character, a fighter) fares against each other side
/// when the same `level` plays both: the row side's share of wins over `matches` matches per
/// pair, seats swapped every match, and the most lopsided pair.
pub fn matchups<G: Sampled>(matches: usize, level_name: &str, seed: u64) -> Result<(), String> {
    let policy = level(level_name)?;
    let sides = G::sides();
    if sides.len() < 2 {
        return Err(format!("{} has no sides to compare", title(G::NAME)));
    }
    let pairs: Vec<(usize, usize)> = (0..sides.len()).flat_map(|a| (a + 1..sides.len()).map(move |b| (a, b))).collect();
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Each pair's share for its first side, pairs spread over the machine's cores.
    let shares: Vec<(usize, f64, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let pairs = &pairs;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (i, (a, b)) in pairs.iter().enumerate().filter(|(i, _)| i % threads == t) {
                        let (mut wins, mut unfinished) = (0.0, 0);
                        for m in 0..matches {
                            let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add((i * matches + m) as u64));
                            let a_first = m % 2 == 0;
                            let (first, second) = if a_first { (*a, *b) } else { (*b, *a) };
                            let setup = G::side_setup(rng.next_u64(), first, second).expect("every side can be set up");
                            let a_seat = Seat(if a_first { 0 } else { 1 });
                            match play_match_within::<G>(&setup, &[policy, policy], &mut rng, EVAL_MAX_STEPS).expect("matches play") {
                                Some(outcome) => wins += win_share(&outcome, a_seat),
                                None => {
                                    wins += 0.5;
                                    unfinished += 1;
                                }
                            }
                        }
                        out.push((i, wins / matches.max(1) as f64, unfinished));
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("matchup thread")).collect()
    });
    let mut table = vec![vec![None; sides.len()]; sides.len()];
    let mut unfinished = 0;
    for (i, share, open) in shares {
        let (a, b) = pairs[i];
        table[a][b] = Some(share);
        table[b][a] = Some(1.0 - share);
        unfinished += open;
    }
    println!(
        "{} matchups: {} bot against itself, {matches} matches per pair, seats swapped each match; {:.0} s",
        title(G::NAME),
        level_name,
        started.elapsed().as_secs_f64()
    );
    println!("row side's share of wins against the column side:");
    println!("{:>12} {}", "", sides.iter().map(|s| format!("{s:>8}")).collect::<String>());
    for (a, row) in table.iter().enumerate() {
        let cells: String = row.iter().map(|c| c.map_or(format!("{:>8}", "—"), |v| format!("{v:>8.3}"))).collect();
        println!("{:>12} {cells}", sides[a]);
    }
    let (mut worst, mut who) = (0.0, (0, 0));
    for (a, row) in table.iter().enumerate() {
        for (b, cell) in row.iter().enumerate() {
            if let Some(v) = cell
                && *v > worst
            {
                (worst, who) = (*v, (a, b));
            }
        }
    }
    println!("max_matchup: {worst:.3} ({} against {})", sides[who.0], sides[who.1]);
    if unfinished > 0 {
        println!("unfinished: {unfinished} (not over after {EVAL_MAX_STEPS} steps; counted as draws)");
    }
    Ok(())
}

/// What `dojo lengths` is asked to measure.
pub struct LengthPlan<'a> {
    /// Games to play.
    pub matches: usize,
    /// The level (or yardstick) playing every seat.
    pub level: &'a str,
    /// Seed of the deals and every random choice.
    pub seed: u64,
    /// Joint steps after which a game counts as capped (not over).
    pub max_steps: usize,
    /// The table.
    pub table: Table<'a>,
}

/// One game of `lengths`: its rounds, and whether it ended within the step cap.
fn measure_one<G: Sampled>(setup: &G::Setup, policy: Policy, rng: &mut Rng, max_steps: usize) -> Result<(usize, bool), String> {
    let mut state = G::from_setup(setup).map_err(|e| e.to_string())?;
    let (mut steps, mut rounds) = (0, 0);
    while state.outcome().is_none() {
        if steps >= max_steps {
            return Ok((rounds, false));
        }
        let joint =
            joint_from(&state, |s, _| policy.act::<G>(&state.view_for(s), s, &mut *rng)).ok_or("an acting seat has no legal action")?;
        let events = apply(&mut state, &joint).map_err(|e| e.to_string())?;
        rounds += events.iter().filter(|e| G::is_round(e)).count();
        steps += 1;
    }
    Ok((rounds, true))
}

/// The value at quantile `q` (0 to 1) of `sorted`, nearest rank.
fn quantile(sorted: &[usize], q: f64) -> usize {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Plays `plan.matches` games (the evaluation setup: single fights for TAUNT) with the same
/// policy in every seat, split over the machine's cores, and prints how many ended, how many
/// were still going at the step cap, and the distribution of their lengths in rounds (turns).
pub fn lengths<G: Sampled>(plan: &LengthPlan) -> Result<(), String> {
    let policy = level(plan.level)?;
    G::eval_setup(plan.seed, plan.table)?;
    let started = Instant::now();
    let matches = plan.matches;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(matches.max(1));
    let results: Vec<Result<(usize, bool), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..matches)
                        .step_by(threads)
                        .map(|m| {
                            let mut rng = Rng::new(plan.seed.wrapping_mul(1_000_003).wrapping_add(m as u64));
                            let setup = G::eval_setup(rng.next_u64(), plan.table).expect("the table was checked");
                            measure_one::<G>(&setup, policy, &mut rng, plan.max_steps)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("length thread")).collect()
    });
    let results = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    let mut ended: Vec<usize> = results.iter().filter(|r| r.1).map(|r| r.0).collect();
    ended.sort_unstable();
    let capped = results.len() - ended.len();
    let word = G::ROUND_WORD;
    println!(
        "{} lengths: {} {} with {} in every seat at {} seats{}, capped at {} steps; {:.0} s",
        title(G::NAME),
        matches,
        G::EVAL_UNIT,
        plan.level,
        plan.table.seats,
        plan.table.mode.map(|m| format!(" (mode {m})")).unwrap_or_default(),
        plan.max_steps,
        started.elapsed().as_secs_f64()
    );
    println!("matches: {matches}");
    println!("ended: {}", ended.len());
    println!("capped: {capped}");
    println!("{word}_min: {}", ended.first().copied().unwrap_or(0));
    println!("{word}_median: {}", quantile(&ended, 0.5));
    println!("{word}_p90: {}", quantile(&ended, 0.9));
    println!("{word}_p99: {}", quantile(&ended, 0.99));
    println!("{word}_max: {}", ended.last().copied().unwrap_or(0));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn quantiles_take_the_nearest_rank() {
        let sorted: Vec<usize> = (1..=10).collect();
        assert_eq!(quantile(&sorted, 0.5), 5);
        assert_eq!(quantile(&sorted, 0.9), 9);
        assert_eq!(quantile(&sorted, 0.99), 10);
        assert_eq!(quantile(&sorted, 0.0), 1);
        assert_eq!(quantile(&[], 0.5), 0);
    }
}
