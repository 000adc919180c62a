//! The JSON reader and writer against `serde_json`, and on hostile text.

use super::*;
use serde::{Deserialize, Serialize};

#[derive(Debug, PartialEq, Serialize, Deserialize)]
enum Move {
    Wait,
    Step(i8),
    Pair(u8, bool),
    Strike { power: u16, aim: Option<char> },
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Table {
    name: String,
    moves: Vec<Move>,
    scores: (u64, i64),
    odds: f64,
    #[serde(default)]
    note: Option<String>,
    nothing: (),
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
}

fn sample() -> Table {
    Table {
        name: "Tab\t\"quoted\" \\ é 🥋 \u{1}".into(),
        moves: vec![
            Move::Wait,
            Move::Step(-3),
            Move::Pair(7, true),
            Move::Strike { power: 900, aim: Some('↑') },
            Move::Strike { power: 0, aim: None },
        ],
        scores: (u64::MAX, i64::MIN),
        odds: -0.125e-3,
        note: None,
        nothing: (),
    }
}

#[test]
fn writes_what_serde_json_writes() {
    let table = Table { odds: 2.0, ..sample() };
    assert_eq!(to_string(&table).unwrap(), serde_json::to_string(&table).unwrap());
    let text = "\u{0}\u{1f}\u{7f}\u{8}\u{c} \"\\/é🥋";
    assert_eq!(to_string(text).unwrap(), serde_json::to_string(text).unwrap());
    for odds in [0.5, -0.125e-3, 1e300, f64::NAN] {
        let back: Option<f64> = from_str(&to_string(&odds).unwrap()).unwrap();
        assert!(back == Some(odds) || (odds.is_nan() && back.is_none()), "{odds}");
    }
    let mut map = std::collections::BTreeMap::new();
    map.insert("b".to_string(), vec![Move::Wait]);
    assert_eq!(to_string(&map).unwrap(), serde_json::to_string(&map).unwrap());
    let mut numbered = std::collections::BTreeMap::new();
    numbered.insert(1u8, 2u8);
    assert!(to_string(&numbered).is_err(), "only string keys");
}

#[test]
fn reads_what_serde_json_writes() {
    let table = sample();
    for json in [serde_json::to_string(&table).unwrap(), serde_json::to_string_pretty(&table).unwrap()] {
        assert_eq!(from_str::<Table>(&json).unwrap(), table, "{json}");
    }
}

#[test]
fn reads_escapes_and_surrogate_pairs() {
    assert_eq!(from_str::<String>(r#""a\u00e9\ud83e\udd4b\/\b\f\n\r\t\"\\z""#).unwrap(), "aé🥋/\u{8}\u{c}\n\r\t\"\\z");
    for bad in [r#""\ud83e""#, r#""\ud83ez""#, r#""\udd4b""#, r#""\x""#, r#""\u12""#, "\"a\u{1}\"", r#""open"#] {
        assert!(from_str::<String>(bad).is_err(), "{bad}");
    }
}

#[test]
fn skips_unknown_fields_unless_denied() {
    let json = r#"{"extra": [1, {"deep": [true, null, -2.5e3]}, "x"], "a": 4}"#;
    assert_eq!(from_str::<Strict>(r#"{"a": 4}"#).unwrap(), Strict { a: 4 });
    assert!(from_str::<Strict>(json).unwrap_err().to_string().contains("unknown field"));
    #[derive(Debug, PartialEq, Deserialize)]
    struct Loose {
        a: u8,
    }
    assert_eq!(from_str::<Loose>(json).unwrap(), Loose { a: 4 });
}

#[test]
fn refuses_a_struct_written_as_an_array() {
    assert!(serde_json::from_str::<Strict>("[4]").is_ok(), "serde_json reads it");
    assert!(from_str::<Strict>("[4]").unwrap_err().to_string().starts_with("expected an object"));
}

#[test]
fn refuses_bad_json_and_says_where() {
    let err = from_str::<Vec<u8>>("[1,\n 2,]").unwrap_err().to_string();
    assert_eq!(err, "a trailing comma at line 2 column 4");
    for bad in ["", "[1 2]", "[1,2", "[1] x", "[256]", "[-1]", "[1.5]", "[01]", "[1.]", "[1e]", "[-]", "[nul]", "{}", "[1,,2]"] {
        assert!(from_str::<Vec<u8>>(bad).is_err(), "{bad:?}");
    }
    assert!(from_str::<(u8, u8)>("[1,2,3]").unwrap_err().to_string().contains("more elements"));
    assert!(from_str::<Move>(r#""Step""#).is_err());
    assert!(from_str::<Move>(r#"{"Wait": null, "Step": 1}"#).is_err());
    assert!(from_str::<Move>(r#"{"Jump": 1}"#).unwrap_err().to_string().contains("unknown variant"));
}

#[test]
fn stops_at_the_nesting_limit() {
    let deep = |n: usize| format!("{{\"x\": {}{}}}", "[".repeat(n), "]".repeat(n));
    #[derive(Debug, Deserialize)]
    struct Any {}
    assert!(from_str::<Any>(&deep(MAX_DEPTH - 1)).is_ok());
    assert!(from_str::<Any>(&deep(MAX_DEPTH)).unwrap_err().to_string().contains("nested too deeply"));
    assert!(from_str::<Any>(&deep(100_000)).is_err(), "no stack overflow");
}

#[test]
fn reads_into_any_value() {
    let json = r#"{"a": [1, -2, 3.5, "s", true, false, null, {}]}"#;
    assert_eq!(from_str::<serde_json::Value>(json).unwrap(), serde_json::from_str::<serde_json::Value>(json).unwrap());
}
