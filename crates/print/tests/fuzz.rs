//! Generated input for the print page's readers: the settings of a share link
//! (`Settings::from_query`, `Settings::set`) and the `set=` pieces the kits decode (DRAGON
//! PUNCH's card set, Rumble's power list, both through the shared base64), at least 100,000
//! each from a fixed seed under a time cap (see `dojo_engine::fuzz`).
//!
//! Besides never panicking: a setting that is refused leaves the settings as they were, settings
//! read from a link write the same link back, a piece that reads writes itself back the same,
//! and a sample of what was read is drawn and laid out as a whole kit.
//!
//! `cargo test -p dojo-print --test fuzz -- --nocapture` prints the counts.

use dojo_engine::Rng;
use dojo_engine::fuzz::{Campaign, Mutator, base64url};
use dojo_games::dragon_punch::CardSet;
use dojo_games::rumble::catalog::{Kind, PowerId};
use dojo_games::rumble::share::PowerList;
use dojo_games::rumble::{CostKind, Invented};
use dojo_print::kits;
use dojo_print::settings::{Settings, SettingsError};
use serde_json::Value;

const KEYS: &[&str] = &["paper", "orient", "card", "backs", "bleed", "crop", "ink", "gutter", "dx", "dy", "copies", "modes", "set"];
const VALUES: &[&str] = &[
    "a4",
    "letter",
    "portrait",
    "landscape",
    "poker",
    "bridge",
    "mini",
    "long",
    "short",
    "fold",
    "none",
    "0",
    "1",
    "10",
    "11",
    "-1.5",
    "+0.3",
    "10.0",
    "-10.1",
    "1.25",
    "actions:2,hearts:0",
    "actions:9,reference:1",
    "actions%3A2%2Chearts%3A1",
    "a:10",
    ":1",
    "monsters,team",
    "ffa,wampires,ffa",
    "Team",
    "%2C%2C",
    "1.eyJ9",
    "1.",
];

/// Valid print links: each setting away from its default, and a few together.
fn valid_queries() -> Vec<String> {
    let mut out = vec![
        "paper=letter&orient=landscape&card=mini&backs=short&bleed=1&crop=0&ink=1&gutter=4&dx=-1.5&dy=0.7&modes=monsters,team&copies=actions:2,hearts:0".to_string(),
        "card=bridge&backs=fold&gutter=10&dx=10&dy=-10".into(),
        "backs=none&modes=ffa,last-pobber,team,monsters,wampires&copies=reference:9".into(),
        String::new(),
    ];
    out.push(format!("paper=letter&set={}", CardSet::from_link(&dp_pieces()[0]).unwrap().to_link()));
    out.push(format!("card=mini&set={}", rumble_lists()[0].to_link()));
    out
}

fn dp_pieces() -> Vec<String> {
    let ours = dojo_games::dragon_punch::set::reconstructed();
    let mut renamed = ours.clone();
    renamed.name = "Our table's cards é 🐉".into();
    vec![ours.to_link(), renamed.to_link()]
}

fn typed(author: u8, name: &str, text: &str) -> Invented {
    Invented { author, name: name.into(), text: text.into(), kind: Kind::Normal, cost: None, activate: None, exhaust: None, targets: false }
}

fn rumble_lists() -> Vec<PowerList> {
    vec![
        PowerList {
            set: vec![PowerId::Flight, PowerId::ToughSkin],
            typed: vec![
                Invented {
                    cost: Some((CostKind::Spend, Some(10))),
                    targets: true,
                    ..typed(0, "Zap <i>Ray</i>", "Spend 10 and name a hero.")
                },
                Invented { exhaust: Some(1), activate: Some(2), ..typed(1, "Iron Will", "Once per game, ignore one Attack.") },
            ],
        },
        PowerList { set: dojo_games::rumble::catalog::all(), typed: Vec::new() },
        PowerList { set: vec![], typed: vec![Invented { kind: Kind::Flaw, ..typed(3, "Slow", "Lose 5 Energy each round.") }] },
    ]
}

/// Lays out and draws game `id`'s whole kit for `settings` (the print page's preview and PDF
/// start from this), checking it neither panics nor draws nothing.
fn draw(id: &str, settings: &Settings) {
    if let Ok(document) = dojo_print::document_for(id, settings)
        && let Some(page) = document.pages.first()
    {
        assert!(!dojo_print::svg::page(page).is_empty());
    }
}

#[test]
fn fuzz_print_settings_link() {
    let texts = valid_queries();
    let mut m = Mutator::new(Rng::new(0));
    m.learn_words(KEYS.iter().chain(VALUES).copied());
    let games: Vec<&str> = kits::games().map(|g| g.id).collect();
    let mut drawn = 0;
    let tally = Campaign::new("print_settings_link").run(
        m,
        |m| if m.chance(0.5) { m.mutate_text(&texts) } else { m.query(KEYS, VALUES) },
        |query| {
            let (settings, problems) = Settings::from_query(query);
            for p in &problems {
                assert!(!p.to_string().trim().is_empty(), "a problem in words");
            }
            // What was read writes a link that reads back the same, with nothing refused.
            let again = settings.to_query();
            assert_eq!(Settings::from_query(&again), (settings.clone(), vec![]), "{again}");
            for game in &games {
                let _ = kits::set_problem(game, &settings);
            }
            if drawn < 60 && (problems.is_empty() || query.len() % 97 == 0) {
                drawn += 1;
                draw(games[drawn % games.len()], &settings);
            }
            problems.is_empty()
        },
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{tally:?}");
}

#[test]
fn fuzz_print_setting_refused_changes_nothing() {
    let texts = valid_queries();
    let starts: Vec<Settings> = texts.iter().map(|q| Settings::from_query(q).0).collect();
    let mut m = Mutator::new(Rng::new(0));
    m.learn_words(KEYS.iter().chain(VALUES).copied());
    let tally = Campaign::new("print_setting_set").run(
        m,
        |m| {
            // "start|key|value": a valid settings, then one change.
            let key = if m.chance(0.9) { KEYS[m.below(KEYS.len())].to_string() } else { m.string() };
            let value = if m.chance(0.5) { VALUES[m.below(VALUES.len())].to_string() } else { m.string() };
            format!("{}\u{0}{key}\u{0}{value}", m.below(starts.len()))
        },
        |input| {
            let mut parts = input.splitn(3, '\u{0}');
            let (start, key, value) = (parts.next().unwrap(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let before = starts[start.parse::<usize>().unwrap()].clone();
            let mut settings = before.clone();
            match settings.set(key, value) {
                Ok(()) => {
                    assert_eq!(Settings::from_query(&settings.to_query()), (settings.clone(), vec![]));
                    true
                }
                Err(e) => {
                    assert_eq!(settings, before, "a refused {key}={value:?} ({e}) changed the settings");
                    false
                }
            }
        },
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{tally:?}");
}

/// Inputs for a link piece: the piece's text changed, its JSON changed and encoded again,
/// random base64, or random JSON encoded.
fn piece(m: &mut Mutator, seeds: &mut [Value], pieces: &[String], texts: &[String]) -> String {
    match m.below(10) {
        0..=4 => format!("1.{}", base64url(m.mutate_json(seeds, texts).as_bytes())),
        5 | 6 => m.mutate_text(pieces),
        7 => format!("1.{}", m.base64()),
        8 => format!("1.{}", base64url(m.json(4).to_string().as_bytes())),
        _ => m.base64(),
    }
}

/// Through the print link (`Settings::from_query`, then the kit's own reader, as the print
/// page and `dojo print` do), and straight to the game's reader when the link's escapes changed
/// the piece: no panic, a refusal in words that the print page reports, and what reads writes
/// itself back the same.
fn check_piece<T: PartialEq + std::fmt::Debug, E: std::fmt::Display>(
    game: &str,
    piece: &str,
    print_read: impl Fn(&Settings) -> Result<Option<T>, SettingsError>,
    read: impl Fn(&str) -> Result<T, E>,
    write: impl Fn(&T) -> String,
    drawn: &mut usize,
) -> bool {
    let (settings, _) = Settings::from_query(&format!("set={piece}"));
    let via_print = settings.set.as_deref() == Some(piece.trim());
    let read_here = if via_print {
        // What `kits::set_problem` reports to the person, when it is an error.
        print_read(&settings).map_err(|e| e.to_string()).and_then(|v| v.ok_or_else(|| "the piece was not kept".to_string()))
    } else {
        read(piece).map_err(|e| e.to_string())
    };
    match read_here {
        Ok(value) => {
            assert_eq!(read(&write(&value)).map_err(|e| e.to_string()), Ok(value), "a piece that reads writes itself back");
            if *drawn < 25 {
                *drawn += 1;
                draw(game, &settings);
            }
            true
        }
        Err(e) => {
            assert!(!e.trim().is_empty(), "a refusal in words");
            false
        }
    }
}

#[test]
fn fuzz_card_set_link() {
    let pieces = dp_pieces();
    let mut seeds: Vec<Value> = pieces.iter().map(|p| serde_json::to_value(CardSet::from_link(p).unwrap()).unwrap()).collect();
    let texts: Vec<String> = seeds.iter().map(Value::to_string).collect();
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    let mut drawn = 0;
    let tally = Campaign::new("card_set_link").run(
        m,
        |m| piece(m, &mut seeds, &pieces, &texts),
        |p| check_piece("dragon-punch", p, kits::dragon_punch::read_set, CardSet::from_link, CardSet::to_link, &mut drawn),
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{tally:?}");
}

#[test]
fn fuzz_power_list_link() {
    let lists = rumble_lists();
    let pieces: Vec<String> = lists.iter().map(PowerList::to_link).collect();
    let mut seeds: Vec<Value> = lists.iter().map(|l| serde_json::to_value(l).unwrap()).collect();
    let texts: Vec<String> = seeds.iter().map(Value::to_string).collect();
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    let mut drawn = 0;
    let tally = Campaign::new("power_list_link").run(
        m,
        |m| piece(m, &mut seeds, &pieces, &texts),
        |p| check_piece("rumble", p, kits::rumble::read_list, PowerList::from_link, PowerList::to_link, &mut drawn),
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{tally:?}");
}
