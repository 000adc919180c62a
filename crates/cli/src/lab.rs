//! `dojo lab`: the balance lab on the command line, every core at work. The same games as
//! the site's lab for the same seed ([`dojo_lab::play`]), the same report.

use dojo_bot::Level;
use dojo_games::registry::Sampled;
use dojo_lab::{Plan, Report, play};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// What `dojo lab` was asked.
pub struct LabArgs<'a> {
    /// Sides by name, comma-separated (case does not matter); empty: every side.
    pub sides: &'a str,
    /// Games per pair.
    pub matches: u32,
    /// Level of both sides, or of the first and second side ("easy" or "easy,hard").
    pub levels: &'a str,
    /// Threads to play on (0: every core).
    pub threads: usize,
    /// The run's seed.
    pub seed: u64,
    /// Where to write the matchups as CSV, if anywhere.
    pub csv: Option<&'a str>,
}

/// The level called `name`.
fn level(name: &str) -> Result<Level, String> {
    Level::ALL
        .into_iter()
        .find(|l| l.label().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("no level {name:?} (easy, medium, hard)"))
}

/// The plan `args` ask for in a game whose sides are `names`.
pub fn plan_of(args: &LabArgs, names: &[String]) -> Result<Plan, String> {
    let sides = if args.sides.trim().is_empty() {
        (0..names.len()).collect()
    } else {
        args.sides
            .split(',')
            .map(|want| {
                names
                    .iter()
                    .position(|n| n.eq_ignore_ascii_case(want.trim()))
                    .ok_or_else(|| format!("no side {:?} (sides: {})", want.trim(), names.join(", ")))
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    let levels: Vec<Level> = args.levels.split(',').map(level).collect::<Result<_, _>>()?;
    let levels = match levels.as_slice() {
        [both] => [*both; 2],
        [first, second] => [*first, *second],
        _ => return Err("--level takes one level, or two separated by a comma".into()),
    };
    let plan = Plan { sides, levels, games: args.matches, seed: args.seed };
    plan.check(names.len())?;
    Ok(plan)
}

/// Runs the lab for `G` and prints its report, then `name: value` lines.
pub fn run<G: Sampled>(args: &LabArgs) -> Result<(), String> {
    let names = G::sides();
    if names.len() < 2 {
        return Err(format!("{} has no sides for the lab to compare yet", G::NAME));
    }
    let plan = plan_of(args, &names)?;
    let jobs = plan.jobs();
    let threads = if args.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.threads };
    let next = AtomicUsize::new(0);
    let played = Mutex::new(Vec::with_capacity(jobs.len()));
    let failed = Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    match play::<G>(&plan, *job) {
                        Ok(p) => played.lock().expect("results").push(p),
                        Err(e) => {
                            *failed.lock().expect("failure") = Some(e);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().expect("failure") {
        return Err(format!("a game could not be played: {e}"));
    }
    let seconds = started.elapsed().as_secs_f64();
    let played = played.into_inner().expect("results");
    let report = Report::new(&plan, &names, &played);
    println!(
        "{} lab: {} against {}, {} games per pair, seats swapped every game, seed {}",
        G::NAME,
        plan.levels[0].label(),
        plan.levels[1].label(),
        plan.games,
        plan.seed
    );
    print!("{}", report.text());
    println!("threads: {threads}");
    println!("seconds: {seconds:.1}");
    println!("games_per_second: {:.1}", played.len() as f64 / seconds.max(1e-9));
    if let Some(path) = args.csv {
        std::fs::write(path, report.csv()).map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("csv: {path}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(sides: &str, levels: &str) -> LabArgs<'static> {
        LabArgs {
            sides: Box::leak(sides.to_string().into_boxed_str()),
            matches: 2,
            levels: Box::leak(levels.to_string().into_boxed_str()),
            threads: 1,
            seed: 1,
            csv: None,
        }
    }

    #[test]
    fn the_registry_offers_a_lab_for_exactly_the_games_with_sides_to_compare() {
        for game in dojo_games::registry::GAMES {
            let sides: Result<usize, String> = crate::with_game!(game.id, G => Ok(G::sides().len()));
            let sides = sides.unwrap_or(0);
            assert_eq!(game.lab, sides >= 2, "{}: lab {} but {sides} sides", game.id, game.lab);
        }
    }

    #[test]
    fn sides_and_levels_are_read_by_name_and_bad_ones_refused() {
        let names: Vec<String> = ["Ryu", "Ken", "Guile"].iter().map(|s| s.to_string()).collect();
        let plan = plan_of(&args("guile, ryu", "easy,Hard"), &names).unwrap();
        assert_eq!((plan.sides, plan.levels), (vec![2, 0], [Level::Easy, Level::Hard]));
        assert_eq!(plan_of(&args("", "medium"), &names).unwrap().sides, vec![0, 1, 2]);
        assert!(plan_of(&args("Ryu,Zangief", "easy"), &names).unwrap_err().contains("no side \"Zangief\""));
        assert!(plan_of(&args("", "expert"), &names).unwrap_err().contains("no level"));
        assert!(plan_of(&args("Ryu", "easy"), &names).unwrap_err().contains("two sides"));
    }
}
