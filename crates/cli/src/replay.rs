//! `dojo replay FILE|LINK`: read a game record (a JSON file, or a replay link or its piece) and
//! print the final state.

use dojo_engine::{Game, GameRecord};
use serde_json::json;

/// True when `arg` is a replay link or its piece rather than a file name.
fn is_link(arg: &str) -> bool {
    arg.contains("/watch/") || arg.starts_with(dojo_games::replay_link::PIECE_VERSION)
}

/// Reads the record at `path` (or in the link `path`), replays it and prints
/// `{ "outcome": …, "state": … }` as JSON.
pub fn run(path: &str) -> Result<(), String> {
    let text =
        if is_link(path) { path.to_string() } else { std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))? };
    println!("{}", replay_text(&text)?);
    Ok(())
}

/// The record in `text`: JSON as it is, or the record inside a replay link (or its piece).
fn record_value(text: &str) -> Result<serde_json::Value, String> {
    if text.trim_start().starts_with('{') {
        return serde_json::from_str(text).map_err(|e| format!("malformed record: {e}"));
    }
    let piece = dojo_games::replay_link::piece_of(text);
    let (_, value) = dojo_games::replay_link::piece_value(piece).map_err(|e| format!("bad link: {e}"))?;
    value.get("record").cloned().ok_or_else(|| "bad link: it holds no record".into())
}

/// Replays a record given as JSON text or as a replay link; the error names the first bad
/// step.
pub fn replay_text(text: &str) -> Result<String, String> {
    let head = record_value(text)?;
    let name = head.get("game").and_then(|g| g.as_str()).ok_or("malformed record: no \"game\" field")?.to_string();
    with_game!(name.as_str(), G => {
        let record: GameRecord<G> = serde_json::from_value(head).map_err(|e| format!("malformed record: {e}"))?;
        let state = record.replay().map_err(|e| e.to_string())?;
        let out = json!({ "outcome": state.outcome(), "steps": record.actions.len(), "state": state });
        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"game":"punish","setup":{"options":{"best_of":1},"seed":1,
        "hands":[["Rush","Guard","Guard","Strike","Dodge"],["Punish","Rush","Guard","Strike","Dodge"]],
        "revealed":["Punish","Dodge"],"deck":["Rush","Strike","Punish"]},
        "actions":[[{"card":"Rush"},{"card":"Punish"}]]}"#;

    #[test]
    fn a_good_record_prints_the_final_state() {
        let out: serde_json::Value = serde_json::from_str(&replay_text(GOOD).unwrap()).unwrap();
        assert_eq!(out["outcome"], json!({"places": [[1], [0]]}));
        assert_eq!(out["state"]["hearts"], json!([0, 2]));
    }

    #[test]
    fn errors_name_the_problem_and_the_first_bad_step() {
        let bad_step = GOOD.replace(
            r#"[[{"card":"Rush"},{"card":"Punish"}]]"#,
            r#"[[{"card":"Guard"},{"card":"Dodge"}],[{"card":"Punish"},{"card":"Rush"}]]"#,
        );
        assert_eq!(replay_text(&bad_step).unwrap_err(), "step 2 is illegal: Player 1: Punish is not in their hand");
        assert!(replay_text("{").unwrap_err().starts_with("malformed record"));
        assert!(replay_text(&GOOD.replace("\"punish\"", "\"chess\"")).unwrap_err().contains("unknown game"));
        assert!(replay_text(&GOOD.replace("\"Punish\",\"Dodge\"]", "\"Punish\"]")).unwrap_err().contains("setup is invalid"));
    }

    #[test]
    fn a_link_replays_like_its_record() {
        let link = crate::link::link_text(GOOD, vec![]).unwrap();
        assert!(link.starts_with("/watch/punish#r1."), "{link}");
        assert_eq!(replay_text(&link).unwrap(), replay_text(GOOD).unwrap());
        assert_eq!(replay_text(&format!("https://example.org{link}")).unwrap(), replay_text(GOOD).unwrap());
        assert!(replay_text(&link[..link.len() - 5]).unwrap_err().starts_with("bad link: "));
    }

    /// The outside audit's link: the corpus PUNISH game with its head claiming 2^32 − 1 seats
    /// (about 140 characters) made `dojo replay` abort on a 137 GB allocation, and 2^64 − 1 made
    /// it panic; both are refused in words.
    #[test]
    fn a_link_that_claims_a_vast_table_is_refused_in_words() {
        use dojo_games::replay_link::PieceParts;
        let corpus: serde_json::Value = serde_json::from_str(include_str!("../corpus/punish-default.json")).unwrap();
        let link = crate::link::link_text(&corpus["record"].to_string(), vec![]).unwrap();
        let mut parts = PieceParts::of(dojo_games::replay_link::piece_of(&link)).unwrap();
        for seats in [json!(4_294_967_295u64), json!(u64::MAX)] {
            parts.head["seats"] = seats;
            let damaged = format!("/watch/punish#{}", parts.piece());
            assert!(damaged.len() < 400, "{}", damaged.len());
            let why = replay_text(&damaged).unwrap_err();
            assert!(why.starts_with("bad link: ") && why.contains("seats"), "{why}");
        }
    }

    /// The browser tests' copies of the audit's link, one per game (`tests/e2e/fixtures/`): a
    /// corpus game of each with its head claiming 2^32 − 1 seats. `UPDATE_FIXTURES=1` writes
    /// them; without it this fails when they are not what the corpus gives.
    #[test]
    fn the_browser_tests_hold_the_vast_table_link_of_every_game() {
        use dojo_games::replay_link::PieceParts;
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
        let mut links = serde_json::Map::new();
        for (game, file) in [
            ("punish", "punish-default"),
            ("taunt", "taunt-duel"),
            ("dragon-punch", "dragon-punch-tag-team"),
            ("rumble", "rumble-beginner"),
            ("fusion", "fusion-throwdown"),
        ] {
            let corpus: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(format!("{dir}/{file}.json")).unwrap()).unwrap();
            let link = crate::link::link_text(&corpus["record"].to_string(), vec![]).unwrap();
            let mut parts = PieceParts::of(dojo_games::replay_link::piece_of(&link)).unwrap();
            parts.head["seats"] = json!(4_294_967_295u64);
            let piece = parts.piece();
            assert!(replay_text(&piece).unwrap_err().contains("4294967295 seats"), "{game}");
            links.insert(game.into(), json!(piece));
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/e2e/fixtures/vast-table-links.json");
        let text = serde_json::to_string_pretty(&links).unwrap() + "\n";
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        assert_eq!(std::fs::read_to_string(path).unwrap_or_default(), text, "stale: run with UPDATE_FIXTURES=1");
    }

    #[test]
    fn a_record_longer_than_any_game_is_refused_before_it_is_played() {
        let mut record: serde_json::Value = serde_json::from_str(GOOD).unwrap();
        record["actions"] = json!(vec![json!([{"card": "Rush"}, {"card": "Punish"}]); dojo_engine::MAX_STEPS + 1]);
        let why = replay_text(&record.to_string()).unwrap_err();
        assert!(why.contains("more than the 20000 any game is allowed"), "{why}");
    }

    #[test]
    fn a_taunt_record_replays_and_a_bad_taunt_step_is_named() {
        let record = include_str!("../../games/src/taunt/records/series.json");
        let out: serde_json::Value = serde_json::from_str(&replay_text(record).unwrap()).unwrap();
        assert_eq!(out["outcome"]["places"].as_array().map(Vec::len), Some(2), "a winner and a loser");
        assert_eq!(out["state"]["phase"], json!("MatchOver"));
        let bad = record.replacen(r#"{"Play":"#, r#"{"Queue":"#, 1);
        assert!(
            replay_text(&bad).unwrap_err().starts_with("step 1 is illegal: Player 1: the decision now is to pick a move"),
            "{}",
            replay_text(&bad).unwrap_err()
        );
    }
}
