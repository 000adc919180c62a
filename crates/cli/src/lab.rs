//! `dojo lab`: the balance lab on the command line, every core at work. The same games as
//! the site's lab for the same seed ([`dojo_lab::play`]), the same report.

use dojo_bot::Level;
use dojo_games::registry::LabAsk;
use dojo_games::registry::Sampled;
use dojo_lab::{LabKind, Plan, Report, play};
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
    /// Seats at the table (0: the game's usual lab table).
    pub seats: usize,
    /// The way of playing (one of the game's `LAB_MODES`; empty: the usual one).
    pub mode: &'a str,
    /// The game's own material instead of ours (DRAGON PUNCH: a card set, as a link or its
    /// `set=` piece); empty: ours.
    pub custom: &'a str,
    /// Where to write the matchups as CSV, if anywhere.
    pub csv: Option<&'a str>,
    /// Where to write the report as a Markdown table (for a rules page), if anywhere.
    pub markdown: Option<&'a str>,
}

/// The level called `name`.
fn level(name: &str) -> Result<Level, String> {
    Level::ALL
        .into_iter()
        .find(|l| l.label().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("no level {name:?} (easy, medium, hard)"))
}

/// The piece of a link that holds a game's own material: what follows `set=` in a whole
/// link, or the text itself.
fn custom_piece(text: &str) -> &str {
    let text = text.trim();
    match text.split_once("set=") {
        Some((_, rest)) => rest.split(['&', '#']).next().unwrap_or(""),
        None => text,
    }
}

/// The plan `args` ask for in a game that compares `names` in the way `kind` at `seats`.
pub fn plan_of(args: &LabArgs, kind: LabKind, seats: usize, names: &[String]) -> Result<Plan, String> {
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
    let plan = Plan { kind, sides, levels, games: args.matches, seed: args.seed, seats, mode: String::new(), custom: String::new() };
    plan.check(names.len())?;
    Ok(plan)
}

/// Runs the lab for `G` and prints its report, then `name: value` lines.
pub fn run<G: Sampled>(args: &LabArgs) -> Result<(), String> {
    let seats = if args.seats == 0 { G::lab_usual_seats() } else { args.seats };
    if !G::LAB_SEATS.contains(&seats) {
        let offered: Vec<String> = G::LAB_SEATS.iter().map(usize::to_string).collect();
        return Err(format!("{}'s lab is for tables of {} seats, not {seats}", G::NAME, offered.join(", ")));
    }
    let custom = custom_piece(args.custom);
    let offer = G::lab_with(LabAsk { mode: args.mode, seats, custom }).map_err(|e| {
        let modes: Vec<&str> = G::LAB_MODES.iter().map(|(id, _)| *id).collect();
        if modes.is_empty() { e } else { format!("{e} (other ways: {})", modes.join(", ")) }
    })?;
    let names = offer.entries;
    let mut plan = plan_of(args, offer.kind, seats, &names)?;
    plan.custom = custom.to_string();
    plan.mode = args.mode.to_string();
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
    let (a, b) = (plan.levels[0].label(), plan.levels[1].label());
    let how = match plan.kind {
        LabKind::Matchups => {
            format!("{} in matchups, {a} against {b}, {} games per pair, seats swapped every game", offer.noun, plan.games)
        }
        LabKind::Variants => format!("{} as variants, {a} against {b}, {} games each, seats swapped every game", offer.noun, plan.games),
        LabKind::Holdings => format!("{} held at a table of {seats}, {a} (the others: {b}), {} games", offer.noun, plan.games),
    } + &match G::LAB_MODES.iter().find(|(id, _)| *id == plan.mode) {
        Some((_, name)) => format!(", {name}"),
        None => String::new(),
    };
    println!("{} lab: {how}, seed {}", G::NAME, plan.seed);
    print!("{}", report.text());
    println!("threads: {threads}");
    println!("seconds: {seconds:.1}");
    println!("games_per_second: {:.1}", played.len() as f64 / seconds.max(1e-9));
    if let Some(path) = args.csv {
        std::fs::write(path, report.csv()).map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("csv: {path}");
    }
    if let Some(path) = args.markdown {
        std::fs::write(path, report.markdown()).map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("markdown: {path}");
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
            seats: 2,
            mode: "",
            custom: "",
            csv: None,
            markdown: None,
        }
    }

    #[test]
    fn the_registry_offers_a_lab_for_exactly_the_games_with_something_to_compare() {
        for game in dojo_games::registry::GAMES {
            let offered: Result<bool, String> = crate::with_game!(game.id, G => Ok(G::LAB_SEATS.iter().all(|seats| G::lab(*seats).is_some_and(|o| !o.entries.is_empty()))
                    && G::LAB_SEATS.contains(&G::lab_usual_seats())));
            let offered = offered.unwrap_or(false);
            assert_eq!(game.lab, offered, "{}: lab {} but offers {offered}", game.id, game.lab);
            if game.on_site() {
                assert!(game.lab, "{} is on the site without a lab", game.id);
            }
        }
    }

    fn plan_of_matchups(args: &LabArgs, names: &[String]) -> Result<Plan, String> {
        plan_of(args, LabKind::Matchups, 2, names)
    }

    /// The rows of the Markdown table under the rules text's `{#balance}` heading: each row's
    /// first cell.
    fn balance_rows(rules: &str) -> Option<(String, Vec<String>)> {
        let at = rules.find("{#balance}")?;
        let section = &rules[at..];
        let section = &section[..section[1..].find("\n## ").map_or(section.len(), |end| end + 1)];
        let lines: Vec<&str> = section.lines().filter(|l| l.starts_with("| ") && !l.starts_with("|---")).collect();
        // The first line is the table's header; the rows follow it.
        let rows = lines.get(1..)?.iter().filter_map(|l| l.split('|').nth(1).map(|c| c.trim().to_string())).collect();
        Some((section.to_string(), rows))
    }

    #[test]
    fn every_rules_page_shows_a_balance_table_made_by_the_lab() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/src");
        for game in dojo_games::registry::on_site() {
            let path = root.join(game.id.replace('-', "_")).join("rules.md");
            let rules = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (section, rows) = balance_rows(&rules).unwrap_or_else(|| panic!("{}: no {{#balance}} section", game.id));
            assert!(section.contains(&format!("dojo lab {}", game.id)), "{}: the section says which run made it", game.id);
            assert!(section.contains(&format!("](/lab/{}", game.id)), "{}: the section links to the lab", game.id);
            let entries: Result<Vec<String>, String> = crate::with_game!(game.id, G => {
                let mut all = Vec::new();
                for seats in G::LAB_SEATS {
                    all.extend(G::lab(*seats).map(|o| o.entries).unwrap_or_default());
                }
                Ok(all)
            });
            let entries = entries.unwrap();
            assert!(!rows.is_empty(), "{}: the table has rows", game.id);
            for row in rows {
                assert!(entries.contains(&row), "{}: {row:?} is not something the lab compares", game.id);
            }
        }
    }

    #[test]
    fn a_set_is_read_from_a_whole_link_or_its_piece() {
        assert_eq!(custom_piece("https://x.test/play/dragon-punch?set=1.abc&y=2"), "1.abc");
        assert_eq!(custom_piece(" 1.abc "), "1.abc");
        assert_eq!(custom_piece(""), "");
    }

    #[test]
    fn sides_and_levels_are_read_by_name_and_bad_ones_refused() {
        let names: Vec<String> = ["Ryu", "Ken", "Guile"].iter().map(|s| s.to_string()).collect();
        let plan = plan_of_matchups(&args("guile, ryu", "easy,Hard"), &names).unwrap();
        assert_eq!((plan.sides, plan.levels), (vec![2, 0], [Level::Easy, Level::Hard]));
        assert_eq!(plan_of_matchups(&args("", "medium"), &names).unwrap().sides, vec![0, 1, 2]);
        assert!(plan_of_matchups(&args("Ryu,Zangief", "easy"), &names).unwrap_err().contains("no side \"Zangief\""));
        assert!(plan_of_matchups(&args("", "expert"), &names).unwrap_err().contains("no level"));
        assert!(plan_of_matchups(&args("Ryu", "easy"), &names).unwrap_err().contains("two sides"));
    }
}
