//! `dojo`: the Pocket Dojo command line.
//!
//! ```text
//! dojo replay FILE|LINK               replay a game record (JSON, or a replay link), print the final state as JSON
//! dojo link FILE [--names A,B,...]     the site path that watches a game record (/watch/<game>#<piece>)
//! dojo link --stats GAME [--games N] [--level L] [--seed N] [--mode M] [--seats N]
//!                                     the lengths of replay links over N games per mode
//! dojo link --corpus DIR [--level L]   write one finished game per game and mode (record, link, end)
//! dojo simulate GAME [--seed N] [--level easy|medium|hard|random] [--mode M] [--seats N]
//! dojo matchups GAME [--matches N] [--level easy|medium|hard] [--seed N]
//! dojo lab GAME [--sides A,B,...] [--matches N] [--level L | --level L1,L2] [--threads N]
//!          [--seed N] [--seats N] [--mode M] [--set LINK] [--csv FILE] [--markdown FILE]
//!                                     the balance lab: matchups of sides, variants or what
//!                                     seats hold, win rates with 95% intervals, the first
//!                                     seat's advantage, game lengths
//!                                     play a match and print its game record as JSON
//! dojo bench GAME [--seconds S] [--mode M] [--seats N]
//!                                     random playouts per second
//! dojo bot-eval GAME [--matches N] [--level L] [--seed N] [--against random|greedy|both]
//!                [--budget-ms MS] [--mode M] [--seats N]
//!                                     the bot's win rates against random and greedy players
//! dojo lengths GAME [--matches N] [--level L] [--seed N] [--max-steps N] [--mode M] [--seats N]
//!                                     how long games last with one level in every seat: ended,
//!                                     capped, and the distribution of their lengths in rounds
//! (`--fighters N` and `--heroes N` are other names for `--seats N`, and FUSION's `--pilots N` is `--seats N+1`; `--mode` picks a game's way of playing,
//! such as TAUNT's `ffa`, `last-pobber`, `team` or `wampires`.)
//! dojo print GAME -o FILE.pdf [--paper a4|letter] [--orient portrait|landscape]
//!            [--card poker|bridge|mini] [--duplex long|short|fold|none] [--bleed 1|0]
//!            [--gutter MM] [--crop 1|0] [--dx MM] [--dy MM] [--ink-saver 1|0]
//!            [--modes MODE,...|all] [--copies actions:1,hearts:1,...] [--alignment 1]
//!            [--set FILE]            (DRAGON PUNCH: a card set as JSON or a link piece)
//!                                     write a print-and-play PDF (or the alignment test)
//! ```
//! Measuring commands end with plain `name: value` lines for scripts. Errors go to stderr with
//! exit code 2.

mod allies;
mod bench;
mod eval;
#[macro_use]
mod games;
mod lab;
mod link;
mod print;
mod replay;

use std::process::ExitCode;

/// Parsed `--flag value` pairs after the positional arguments.
pub struct Flags(Vec<(String, String)>);

impl Flags {
    fn parse(args: &[String]) -> Result<(Vec<String>, Flags), String> {
        let mut positional = Vec::new();
        let mut flags = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let long = if arg == "-o" { Some("out") } else { arg.strip_prefix("--") };
            if let Some(name) = long {
                let value = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
                flags.push((name.to_string(), value.clone()));
            } else {
                positional.push(arg.clone());
            }
        }
        Ok((positional, Flags(flags)))
    }

    /// The value of `--name` parsed as `T`, or `default`.
    pub fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.0.iter().rev().find(|(n, _)| n == name) {
            Some((_, v)) => v.parse().map_err(|_| format!("--{name}: cannot read {v:?}")),
            None => Ok(default),
        }
    }

    /// The raw value of `--name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.0.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Fails on flags not in `known`.
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        match self.0.iter().find(|(n, _)| !known.contains(&n.as_str())) {
            Some((n, _)) => {
                Err(format!("unknown option --{n} (known: {})", known.iter().map(|k| format!("--{k}")).collect::<Vec<_>>().join(", ")))
            }
            None => Ok(()),
        }
    }
}

const USAGE: &str = "usage:
  dojo replay FILE|LINK
  dojo link FILE [--names A,B,...]
  dojo link --stats GAME [--games N] [--level random|easy|medium|hard] [--seed N] [--mode M] [--seats N]
  dojo link --corpus DIR [--level L] [--seed N]
  dojo simulate GAME [--seed N] [--level easy|medium|hard|random] [--mode M] [--seats N]
  dojo bench GAME [--seconds S] [--mode M] [--seats N]
  dojo bot-eval GAME [--matches N] [--level easy|medium|hard] [--seed N] [--against random|greedy|both] [--budget-ms MS] [--mode M] [--seats N]
             (GAME: a game with a rules engine; `dojo bot-eval toy --seats 4` is the 4-seat test game;
              --fighters N and --heroes N are --seats N, FUSION's --pilots N is --seats N+1; TAUNT's modes: duel, ffa, last-pobber, team, monsters, wampires)
  dojo allies GAME [--matches N] [--seed N] [--opponent easy|medium|hard|random] [--mode M] [--seats N]
             (a team game's computer as allies: one seat of the first team at random, its other seats at each
              level in turn, the other side at --opponent; the team's win rates and the allies' plays by kind)
  dojo lengths GAME [--matches N] [--level easy|medium|hard|random] [--seed N] [--max-steps N] [--mode M] [--seats N]
             (how long games last, one level in every seat: ended, capped, and lengths in rounds)
  dojo matchups GAME [--matches N] [--level easy|medium|hard] [--seed N]
             (each side of the game, a character, against each other, the same bot playing both: DRAGON PUNCH, TAUNT)
  dojo lab GAME [--sides A,B,...] [--matches N] [--level L | --level L1,L2] [--threads N] [--seed N] [--seats N] [--mode M] [--set LINK] [--csv FILE] [--markdown FILE]
             (the balance lab, the site's figures for the same seed: every pair of the chosen sides N games each
              (DRAGON PUNCH characters, TAUNT fighters), every chosen PUNISH option N games each, or N games in all
              at a table of --seats whose seats hold what is compared (TAUNT fighters in Last Pobber for 3-6,
              Rumble powers, FUSION pilot sheets); win rates with 95% intervals, the first seat's advantage, draws,
              game lengths and what stands out. --sides names what is compared, whatever the game calls it;
              --mode: TAUNT's ffa, team or wampires, FUSION's gambit or evening;
              --set: a DRAGON PUNCH card set from the card editor's link, or the link's set= piece)
  dojo print punish|taunt|dragon-punch|rumble|fusion -o FILE.pdf [--paper a4|letter] [--orient portrait|landscape] [--card poker|bridge|mini]
             [--duplex long|short|fold|none] [--bleed 1|0] [--gutter MM] [--crop 1|0] [--dx MM] [--dy MM]
             [--ink-saver 1|0] [--modes MODE,...|all] [--copies COMPONENT:N,...] [--alignment 1] [--set FILE]
             (modes: TAUNT's ffa, last-pobber, team, monsters, wampires; components: see the first page of the PDF;
              --set: DRAGON PUNCH's cards from a JSON card set or a link piece, ours by default)";

fn need_game(positional: &[String]) -> Result<&str, String> {
    positional.get(1).map(String::as_str).ok_or_else(|| format!("which game?\n{USAGE}"))
}

/// The table `--mode` and `--seats` (or `--fighters`) ask for, the game's default size for the
/// mode when no size is given.
macro_rules! table_of {
    ($flags:expr, $g:ty) => {{
        let mode = $flags.value("mode");
        let size = ["seats", "fighters", "heroes", "pilots"].into_iter().find(|name| $flags.value(name).is_some());
        let seats = match size {
            // FUSION's pilots sit with the Coach: N pilots are N + 1 seats.
            Some("pilots") => $flags.get::<usize>("pilots", 0)? + 1,
            Some(name) => $flags.get(name, 0)?,
            None => <$g as dojo_games::registry::Sampled>::default_seats(mode),
        };
        dojo_games::registry::Table { seats, mode }
    }};
}

fn run(args: &[String]) -> Result<(), String> {
    let (positional, flags) = Flags::parse(args)?;
    match positional.first().map(String::as_str) {
        Some("replay") => {
            flags.only(&[])?;
            let path = positional.get(1).ok_or(format!("replay needs a FILE\n{USAGE}"))?;
            replay::run(path)
        }
        Some("link") => {
            flags.only(&["names", "stats", "corpus", "games", "level", "seed", "mode", "seats"])?;
            if let Some(game) = flags.value("stats") {
                with_game!(game, G => link::stats::<G>(&flags))
            } else if let Some(dir) = flags.value("corpus") {
                macro_rules! every {
                    ([] $($id:literal => $ty:ty),*) => { [$(link::corpus::<$ty> as fn(&str, &Flags) -> Result<(), String>),*] };
                }
                std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
                dojo_games::for_each_engine!(every []).iter().try_for_each(|write| write(dir, &flags))
            } else {
                let path = positional.get(1).ok_or(format!("link needs a FILE (or --stats GAME, --corpus DIR)\n{USAGE}"))?;
                link::run(path, &flags)
            }
        }
        Some("simulate") => {
            let game = need_game(&positional)?;
            flags.only(&["seed", "level", "seats", "fighters", "heroes", "pilots", "mode"])?;
            let (seed, level) = (flags.get("seed", 1)?, flags.get("level", "hard".to_string())?);
            with_game!(game, G => eval::simulate::<G>(seed, &level, table_of!(flags, G)))
        }
        Some("bench") => {
            let game = need_game(&positional)?;
            flags.only(&["seconds", "seats", "fighters", "heroes", "pilots", "mode"])?;
            let seconds = flags.get("seconds", 3.0)?;
            with_game!(game, G => bench::run::<G>(seconds, table_of!(flags, G)))
        }
        Some("bot-eval") => {
            let game = need_game(&positional)?;
            flags.only(&["matches", "level", "seed", "against", "budget-ms", "seats", "fighters", "heroes", "pilots", "mode"])?;
            let (matches, level, seed) = (flags.get("matches", 1000)?, flags.get("level", "hard".to_string())?, flags.get("seed", 1)?);
            let against = flags.get("against", "both".to_string())?;
            let budget_ms = flags.get("budget-ms", 0.0)?;
            with_game!(game, G => {
                let table = table_of!(flags, G);
                eval::bot_eval::<G>(&eval::EvalPlan { matches, level: &level, seed, against: &against, budget_ms, table })
            })
        }
        Some("allies") => {
            let game = need_game(&positional)?;
            flags.only(&["matches", "seed", "opponent", "seats", "pilots", "mode"])?;
            let (matches, seed, opponent) =
                (flags.get("matches", 400)?, flags.get("seed", 1)?, flags.get("opponent", "medium".to_string())?);
            with_game!(game, G => allies::allies::<G>(&allies::AlliesPlan { matches, seed, opponent: &opponent, table: table_of!(flags, G) }))
        }
        Some("lengths") => {
            let game = need_game(&positional)?;
            flags.only(&["matches", "level", "seed", "max-steps", "seats", "fighters", "heroes", "pilots", "mode"])?;
            let (matches, level, seed) = (flags.get("matches", 1000)?, flags.get("level", "easy".to_string())?, flags.get("seed", 1)?);
            let max_steps = flags.get("max-steps", 5_000)?;
            with_game!(game, G => eval::lengths::<G>(&eval::LengthPlan { matches, level: &level, seed, max_steps, table: table_of!(flags, G) }))
        }
        Some("matchups") => {
            let game = need_game(&positional)?;
            flags.only(&["matches", "level", "seed"])?;
            let (matches, level, seed) = (flags.get("matches", 200)?, flags.get("level", "easy".to_string())?, flags.get("seed", 1)?);
            with_game!(game, G => eval::matchups::<G>(matches, &level, seed))
        }
        Some("lab") => {
            let game = need_game(&positional)?;
            flags.only(&["sides", "matches", "level", "threads", "seed", "seats", "mode", "set", "csv", "markdown"])?;
            let (sides, levels, csv) =
                (flags.get("sides", String::new())?, flags.get("level", "easy".to_string())?, flags.get("csv", String::new())?);
            let (markdown, set) = (flags.get("markdown", String::new())?, flags.get("set", String::new())?);
            let mode = flags.get("mode", String::new())?;
            let args = lab::LabArgs {
                sides: &sides,
                matches: flags.get("matches", 100)?,
                levels: &levels,
                threads: flags.get("threads", 0)?,
                seed: flags.get("seed", 1)?,
                seats: flags.get("seats", 0)?,
                mode: &mode,
                custom: &set,
                csv: (!csv.is_empty()).then_some(csv.as_str()),
                markdown: (!markdown.is_empty()).then_some(markdown.as_str()),
            };
            with_game!(game, G => lab::run::<G>(&args))
        }
        Some("print") => {
            let game = positional.get(1).ok_or(format!("which game?\n{USAGE}"))?;
            flags.only(&print::known_flags())?;
            print::run(game, &flags)
        }
        Some("help") | Some("--help") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

fn main() -> ExitCode {
    // Everything after the program's own name.
    let args: Vec<String> = std::env::args().collect();
    let args = args.get(1..).unwrap_or_default();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("dojo: {message}");
            ExitCode::from(2)
        }
    }
}
