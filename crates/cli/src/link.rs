//! `dojo link`: replay links from game records, how long they get, and the corpus of records
//! and links every later version must still replay.
//!
//! - `dojo link FILE.json [--names A,B]`: the site path that watches the record in FILE.
//! - `dojo link --stats GAME [--games N] [--level L] [--seed N] [--mode M] [--seats N]`: plays
//!   N games per way of playing (every mode of the game unless one is named) and prints the
//!   distribution of their links' lengths.
//! - `dojo link --corpus DIR`: writes one finished game per game and mode, as record, link
//!   and the end it reached, for the compatibility test (`tests/corpus.rs`).

use crate::Flags;
use dojo_bot::Policy;
use dojo_engine::{GameRecord, Outcome, Rng, apply, joint_from};
use dojo_games::registry::{Sampled, Table};
use dojo_games::replay_link::{SharedGame, to_piece, watch_path};
use serde::{Deserialize, Serialize};

/// Steps after which a simulated game is given up (it is not counted).
const MAX_STEPS: usize = 5_000;

/// One game of `G` from `setup` with `policy` in every seat, as its shareable record; `None`
/// when it did not end within [`MAX_STEPS`].
fn play_one<G: Sampled>(setup: G::Setup, policy: Policy, rng: &mut Rng) -> Result<Option<GameRecord<G>>, String> {
    let mut record = GameRecord::<G>::new(setup);
    let mut state = G::from_setup(&record.setup).map_err(|e| e.to_string())?;
    while state.outcome().is_none() {
        if record.actions.len() >= MAX_STEPS {
            return Ok(None);
        }
        let joint =
            joint_from(&state, |s, _| policy.act::<G>(&state.view_for(s), s, &mut *rng)).ok_or("an acting seat has no legal action")?;
        apply(&mut state, &joint).map_err(|e| e.to_string())?;
        record.actions.push(joint);
    }
    Ok(Some(G::shareable(record)))
}

/// The names a page shows for a table of `seats` (as a link made on the site carries them).
fn page_names(seats: usize) -> Vec<String> {
    (0..seats).map(|i| if i == 0 { "You".to_string() } else { format!("Computer {} (Medium)", i + 1) }).collect()
}

/// The site path watching the record in `text` (JSON), with `names` for its seats.
pub fn link_text(text: &str, names: Vec<String>) -> Result<String, String> {
    let head: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("malformed record: {e}"))?;
    let name = head.get("game").and_then(|g| g.as_str()).ok_or("malformed record: no \"game\" field")?.to_string();
    with_game!(name.as_str(), G => {
        let record: GameRecord<G> = serde_json::from_value(head).map_err(|e| format!("malformed record: {e}"))?;
        record.replay().map_err(|e| e.to_string())?;
        Ok(watch_path(&name, &to_piece(&SharedGame { names, record: G::shareable(record) })))
    })
}

/// `dojo link FILE`: prints the path that watches the record in FILE.
pub fn run(path: &str, flags: &Flags) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let names = flags.value("names").map(|n| n.split(',').map(str::to_string).collect()).unwrap_or_default();
    println!("{}", link_text(&text, names)?);
    Ok(())
}

/// The value at quantile `q` of `sorted` (nearest rank).
fn quantile(sorted: &[usize], q: f64) -> usize {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
    sorted.get(rank - 1).copied().unwrap_or(0)
}

/// The ways of playing `--stats` and `--corpus` go through: the one asked for, else every mode
/// of the game (or its one way of playing).
fn modes<G: Sampled>(asked: Option<&str>) -> Vec<Option<&str>> {
    match asked {
        Some(mode) => vec![Some(mode)],
        None if G::MODES.is_empty() => vec![None],
        None => G::MODES.iter().map(|m| Some(*m)).collect(),
    }
}

/// `dojo link --stats GAME`: the lengths of `games` links per mode.
pub fn stats<G: Sampled>(flags: &Flags) -> Result<(), String> {
    let games = flags.get("games", 1000usize)?;
    let policy = crate::eval::level(&flags.get("level", "random".to_string())?)?;
    let seed = flags.get("seed", 1u64)?;
    let seats_asked = flags.value("seats").map(|_| flags.get("seats", 0usize)).transpose()?;
    println!(
        "# {}: replay link lengths over {games} games per mode (players: {})",
        crate::games::title(G::NAME),
        flags.value("level").unwrap_or("random")
    );
    for mode in modes::<G>(flags.value("mode")) {
        let table = Table { seats: seats_asked.unwrap_or_else(|| G::default_seats(mode)), mode };
        let label = mode.unwrap_or("default");
        let mut rng = Rng::new(seed);
        let mut lengths = Vec::with_capacity(games);
        let mut unfinished = 0;
        for _ in 0..games {
            let setup = G::seeded_setup(rng.next_u64(), table)?;
            match play_one::<G>(setup, policy, &mut rng)? {
                Some(record) => lengths.push(watch_path(G::NAME, &to_piece(&SharedGame { names: page_names(table.seats), record })).len()),
                None => unfinished += 1,
            }
        }
        lengths.sort_unstable();
        println!("link_chars_median_{label}: {}", quantile(&lengths, 0.5));
        println!("link_chars_p95_{label}: {}", quantile(&lengths, 0.95));
        println!("link_chars_max_{label}: {}", lengths.last().copied().unwrap_or(0));
        println!("games_{label}: {} ({} seats; {unfinished} not finished in {MAX_STEPS} steps, left out)", lengths.len(), table.seats);
    }
    Ok(())
}

/// One entry of the compatibility corpus: a finished game as a record and as a link, and the
/// end it reached when it was written. Every later version must replay both to that end.
#[derive(Serialize, Deserialize)]
pub struct CorpusEntry {
    /// Which game and way of playing, for messages.
    pub what: String,
    /// The record, as `dojo replay` reads it.
    pub record: serde_json::Value,
    /// The same game as a site path `/watch/<game>#<piece>`.
    pub link: String,
    /// Steps in the record.
    pub steps: usize,
    /// How it ended.
    pub outcome: Outcome,
}

/// `dojo link --corpus DIR`: one finished game per game and mode, written to DIR.
pub fn corpus<G: Sampled>(dir: &str, flags: &Flags) -> Result<(), String> {
    let policy = crate::eval::level(&flags.get("level", "easy".to_string())?)?;
    for mode in modes::<G>(flags.value("mode")) {
        let table = Table { seats: G::default_seats(mode), mode };
        let mut rng = Rng::new(flags.get("seed", 1u64)?);
        let record = loop {
            if let Some(record) = play_one::<G>(G::seeded_setup(rng.next_u64(), table)?, policy, &mut rng)? {
                break record;
            }
        };
        let outcome = record.replay().map_err(|e| e.to_string())?.outcome().ok_or("a finished game has an outcome")?;
        let what = format!("{}-{}", G::NAME, mode.unwrap_or("default"));
        let entry = CorpusEntry {
            what: what.clone(),
            link: watch_path(G::NAME, &to_piece(&SharedGame { names: page_names(table.seats), record: record.clone() })),
            steps: record.actions.len(),
            record: serde_json::to_value(&record).map_err(|e| e.to_string())?,
            outcome,
        };
        let path = format!("{dir}/{what}.json");
        std::fs::write(&path, serde_json::to_string(&entry).map_err(|e| e.to_string())?)
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("wrote {path}: {} steps, link {} characters", entry.steps, entry.link.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record and link in `corpus/` (one finished game per game and mode, and records
    /// older than options they lack) replays to the end it reached when it was written: a
    /// change to an engine that breaks an old record or link fails here. `dojo link --corpus`
    /// writes new entries; old ones are never rewritten.
    #[test]
    fn every_record_and_link_of_the_corpus_replays_to_the_same_end() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
        let mut seen = 0;
        for file in std::fs::read_dir(dir).unwrap() {
            let path = file.unwrap().path();
            let entry: CorpusEntry = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for (how, text) in [("record", entry.record.to_string()), ("link", entry.link.clone())] {
                let out: serde_json::Value = match crate::replay::replay_text(&text) {
                    Ok(out) => serde_json::from_str(&out).unwrap(),
                    Err(e) => panic!("{}: the {how} no longer replays: {e}", entry.what),
                };
                assert_eq!(out["steps"], entry.steps, "{}: the {how} has another length", entry.what);
                assert_eq!(out["outcome"], serde_json::to_value(&entry.outcome).unwrap(), "{}: the {how} ends otherwise", entry.what);
            }
            seen += 1;
        }
        let games: Vec<&str> = dojo_games::registry::on_site().map(|g| g.id).collect();
        assert!(seen > games.len(), "only {seen} entries in {dir}");
    }

    #[test]
    fn a_link_holds_names_and_refuses_a_record_that_does_not_replay() {
        let record = r#"{"game":"taunt","setup":{"fighters":["Wollypobber","Mooshmere"]},"actions":[[{"Play":"Punch"},{"Play":"Kick"}]]}"#;
        let link = link_text(record, vec!["Ann".into(), "Bo".into()]).unwrap();
        let shared = dojo_games::replay_link::from_piece::<dojo_games::taunt::Taunt>(dojo_games::replay_link::piece_of(&link)).unwrap();
        assert_eq!(shared.names, ["Ann", "Bo"]);
        assert!(!shared.record.setup.options.pass_charge, "an option the record leaves out keeps its old meaning");
        let bad = record.replace("Kick", "Nap");
        assert!(link_text(&bad, vec![]).unwrap_err().starts_with("malformed record"));
        let illegal = record.replace(r#"[[{"Play":"Punch"},{"Play":"Kick"}]]"#, r#"[[null,{"Play":"Kick"}]]"#);
        assert!(link_text(&illegal, vec![]).unwrap_err().starts_with("step 1 is illegal"), "{:?}", link_text(&illegal, vec![]));
    }
}
