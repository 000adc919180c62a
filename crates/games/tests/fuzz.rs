//! Generated input for the game-record reader of every game (`GameRecord<G>` JSON and its
//! replay, what `dojo replay` does): mutations of valid records and random JSON, at least
//! 100,000 per game from a fixed seed under a time cap (see `dojo_engine::fuzz`). No input may
//! panic; a record that is read and replays must give a position whose views, legal actions and
//! JSON can be produced, and a refusal must say why in words.
//!
//! `cargo test -p dojo-games --test fuzz -- --nocapture` prints the counts.

use dojo_engine::fuzz::{Campaign, Mutator};
use dojo_engine::{Game, GameRecord, Rng, Seat, acting_seats, apply, joint_from};
use dojo_games::registry::{Sampled, Table};
use serde_json::Value;

/// Plays random legal joint actions from `setup` for at most `limit` steps.
fn random_record<G: Game>(setup: G::Setup, rng: &mut Rng, limit: usize) -> Option<GameRecord<G>> {
    let mut state = G::from_setup(&setup).ok()?;
    let mut record = GameRecord::new(setup);
    while record.actions.len() < limit && state.outcome().is_none() {
        let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone())?;
        apply(&mut state, &joint).ok()?;
        record.actions.push(joint);
    }
    Some(record)
}

/// Valid records of `G`: seeded tables of every mode and several sizes, and the setups of the
/// game's worked examples, each played at random, some to the end and some part way.
fn seeds<G: Sampled>(folder: &str) -> Vec<Value> {
    let mut rng = Rng::new(7);
    let mut setups: Vec<G::Setup> = Vec::new();
    let modes: Vec<Option<&str>> = std::iter::once(None).chain(G::MODES.iter().copied().map(Some)).collect();
    for mode in modes {
        let usual = G::default_seats(mode);
        for seats in [usual, *G::SEATS.start(), *G::SEATS.end()] {
            for seed in 1..=2 {
                if let Ok(setup) = G::seeded_setup(seed, Table { seats, mode }) {
                    setups.push(setup);
                }
            }
        }
    }
    let dir = format!("{}/src/{folder}/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir).map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let scenario: Value = serde_json::from_str(&text).unwrap();
        if let Ok(setup) = serde_json::from_value::<G::Setup>(scenario["setup"].clone()) {
            setups.push(setup);
        }
    }
    assert!(setups.len() >= 3, "{folder}: few setups to start from");
    let mut out = Vec::new();
    for (i, setup) in setups.into_iter().enumerate() {
        let limit = if i % 3 == 0 { 400 } else { 5 + rng.below(60) };
        if let Some(record) = random_record::<G>(setup, &mut rng, limit) {
            out.push(serde_json::to_value(&record).unwrap());
        }
    }
    out
}

/// Reads `text` as a record of `G` and replays it, as `dojo replay` does; true when it plays.
fn read_and_replay<G: Game>(text: &str) -> bool {
    let Ok(record) = serde_json::from_str::<GameRecord<G>>(text) else { return false };
    match record.replay() {
        Ok(state) => {
            serde_json::to_string(&state).expect("a replayed position is JSON");
            let _ = state.outcome();
            serde_json::to_string(&state.public_view()).expect("its public view is JSON");
            for seat in acting_seats(&state) {
                let _ = state.decision(seat);
                assert!(!state.legal_actions(seat).is_empty(), "{seat} acts but has no legal action");
            }
            let _ = state.view_for(Seat(0));
            true
        }
        Err(e) => {
            assert!(!e.to_string().trim().is_empty(), "a refusal in words");
            false
        }
    }
}

/// Feeds the record reader of `G` its generated inputs.
fn fuzz_records<G: Sampled>(folder: &str) {
    let mut seeds = seeds::<G>(folder);
    let texts: Vec<String> = seeds.iter().map(Value::to_string).collect();
    for text in &texts {
        assert!(read_and_replay::<G>(text), "a seed record replays");
    }
    println!("SEEDS {} {:?}", G::NAME, texts.iter().map(String::len).collect::<Vec<_>>());
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    let name = format!("record_{}", G::NAME.replace('-', "_"));
    let tally = Campaign::new(&name).run(
        m,
        |m| match m.below(10) {
            0..=5 => m.mutate_json(&mut seeds, &texts),
            6 | 7 => m.mutate_text(&texts),
            8 => {
                // A record whose setup or actions are random JSON in the right places.
                let mut v = seeds[m.below(seeds.len())].clone();
                let key = ["setup", "actions"][m.below(2)];
                v[key] = m.json(4);
                v.to_string()
            }
            _ => m.json(5).to_string(),
        },
        read_and_replay::<G>,
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{name}: some inputs replay and some are refused: {tally:?}");
}

#[test]
fn fuzz_record_punish() {
    fuzz_records::<dojo_games::punish::Punish>("punish");
}

#[test]
fn fuzz_record_taunt() {
    fuzz_records::<dojo_games::taunt::Taunt>("taunt");
}

#[test]
fn fuzz_record_dragon_punch() {
    fuzz_records::<dojo_games::dragon_punch::DragonPunch>("dragon_punch");
}

#[test]
fn fuzz_record_rumble() {
    fuzz_records::<dojo_games::rumble::Rumble>("rumble");
}

#[test]
fn fuzz_record_fusion() {
    fuzz_records::<dojo_games::fusion::Fusion>("fusion");
}

/// Found by `fuzz_record_dragon_punch`: a setup naming card number 2^64 − 1 was refused with a
/// message whose "number + 1" overflowed (a panic in the tests and in `dojo replay`; a wrong
/// number in the release build).
#[test]
fn a_card_number_past_every_set_is_refused_in_words() {
    use dojo_games::dragon_punch::SetupError;
    for e in [SetupError::NoSuchCharacter { player: 1, index: usize::MAX }, SetupError::NoSuchBasic { player: 2, index: usize::MAX }] {
        assert!(e.to_string().ends_with(" number 18446744073709551616"), "{e}");
    }
}

/// Found by `fuzz_record_rumble`: a settled start may give a hero any Energy, and the
/// computer's menu of allocations multiplied it in 16 bits (a panic in the tests and for the
/// computer's search; nonsense splits in the release build).
#[test]
fn a_hero_with_vast_energy_is_offered_allocations_that_are_legal() {
    use dojo_games::rumble::Rumble;
    let scenario: Value = serde_json::from_str(include_str!("../src/rumble/scenarios/mantisman-powers.json")).unwrap();
    for energy in [9_400, 70_000, 100_000_000, i32::MAX] {
        let mut setup = scenario["setup"].clone();
        setup["start"]["Settled"][1]["energy"] = energy.into();
        let state = Rumble::from_setup(&serde_json::from_value(setup).unwrap()).unwrap();
        let legal = state.legal_actions(Seat(1));
        assert!(!legal.is_empty());
        for action in &legal {
            assert_eq!(state.check(Seat(1), action), Ok(()), "energy {energy}: {action:?}");
        }
    }
}

/// Reads `piece` as the watch page does: the shared game, then its replay; true when it plays.
fn read_link<G: dojo_games::replay_link::Packing>(piece: &str) -> bool {
    match dojo_games::replay_link::from_piece::<G>(piece) {
        Ok(shared) => read_and_replay::<G>(&serde_json::to_string(&shared.record).expect("a read record is JSON")),
        Err(e) => {
            assert!(!e.to_string().trim().is_empty(), "a refusal in words");
            false
        }
    }
}

/// The replay link reader of every game: pieces of valid records (of every game, so a piece
/// may reach another game's reader), damaged as text, made from damaged records, or with their
/// head (its seat count, format, names, actions) or packed steps changed and packed again with
/// the game's dictionary, which text damage almost never gets past the decompressor.
#[test]
fn fuzz_replay_links() {
    use dojo_games::replay_link::{HEAD_CLAIMS, PieceParts, SharedGame, piece_value, to_piece};
    macro_rules! pieces {
        ([] $($id:literal => $ty:ty),*) => {{
            let mut out: Vec<(Value, String)> = Vec::new();
            $(
                let folder = $id.replace('-', "_");
                for record in seeds::<$ty>(&folder).into_iter().step_by(2) {
                    let shared = SharedGame::<$ty> { names: vec!["You".into(), "Computer 2 (Easy)".into()], record: serde_json::from_value(record.clone()).unwrap() };
                    out.push((record, to_piece(&shared)));
                }
            )*
            out
        }};
    }
    macro_rules! read_any {
        ([$piece:expr] $($id:literal => $ty:ty),*) => {
            match piece_value($piece).map(|(game, _)| game) {
                $(Ok(game) if game == $id => read_link::<$ty>($piece),)*
                Ok(_) => false,
                Err(e) => {
                    assert!(!e.to_string().trim().is_empty(), "a refusal in words");
                    false
                }
            }
        };
    }
    let seeds = dojo_games::for_each_engine!(pieces []);
    let (mut records, texts): (Vec<Value>, Vec<String>) = seeds.into_iter().unzip();
    for piece in &texts {
        assert!(dojo_games::for_each_engine!(read_any[piece]), "a seed piece replays");
    }
    let layers: Vec<PieceParts> = texts.iter().map(|piece| PieceParts::of(piece).expect("a seed piece comes apart")).collect();
    let record_texts: Vec<String> = records.iter().map(Value::to_string).collect();
    let mut m = Mutator::new(Rng::new(0));
    records.iter().for_each(|s| m.learn(s));
    let tally = Campaign::new("replay_links").run(
        m,
        |m| match m.below(6) {
            0 | 1 => m.mutate_text(&texts),
            2 | 3 => {
                let mut parts = layers[m.below(layers.len())].clone();
                m.mutate_layers(&mut parts.head, &mut parts.steps, HEAD_CLAIMS);
                parts.piece()
            }
            _ => {
                // A damaged record, packed as the page would pack it (if it still reads as one).
                let text = m.mutate_json(&mut records, &record_texts);
                let game = serde_json::from_str::<Value>(&text).ok().and_then(|v| v["game"].as_str().map(str::to_string));
                macro_rules! pack_any {
                    ([] $($id:literal => $ty:ty),*) => {
                        match game.as_deref() {
                            $(Some($id) => serde_json::from_str::<GameRecord<$ty>>(&text).ok().map(|record| to_piece(&SharedGame { names: vec![], record })),)*
                            _ => None,
                        }
                    };
                }
                dojo_games::for_each_engine!(pack_any []).unwrap_or(text)
            }
        },
        |piece| dojo_games::for_each_engine!(read_any [piece]),
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "some pieces replay and some are refused: {tally:?}");
}
