//! Generated input for the site's own readers: the saves of every game (`Session::load`, for
//! every `OnSite` and both kinds of save: a shared device's record, one person's view against
//! the computer), DRAGON PUNCH's kept card sets, the "Your games" import file, and the
//! rules-page Markdown reader. At least 100,000 inputs each from a fixed seed under a time cap
//! (see `dojo_engine::fuzz`).
//!
//! Besides never panicking: a refused save is refused in words, the same way every time, and
//! leaves nothing behind (valid saves load exactly as before the campaign); a save that loads
//! saves again into one that loads and shows its reader the same, and a sample of them play on;
//! every link the Markdown reader makes has an href `safe_href` accepts.
//!
//! `cargo test -p pocket-dojo --lib fuzz_tests -- --nocapture` prints the counts.

use crate::games::dragon_punch::play::session::DragonPunchSite;
use crate::games::fusion::play::session::FusionSite;
use crate::games::punish::session::PunishSite;
use crate::games::rumble::play::session::RumbleSite;
use crate::games::taunt::play::session::TauntSite;
use crate::markdown::{Block, Inline, inline, parse, safe_href};
use crate::play::{OnSite, Seats, Session};
use dojo_bot::Level;
use dojo_engine::fuzz::{Campaign, Mutator};
use dojo_engine::{Game, Rng, Seat};
use dojo_games::registry::{Sampled, Table};
use serde_json::Value;

/// Valid saves of `T`'s game: people sharing the device and one person against the computer,
/// at every table size and way of playing tools offer, saved after a random number of steps.
fn saves<T: OnSite>() -> Vec<String>
where
    T::G: Sampled,
{
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    let modes: Vec<Option<&str>> = std::iter::once(None).chain(<T::G as Sampled>::MODES.iter().copied().map(Some)).collect();
    for mode in modes {
        let usual = <T::G as Sampled>::default_seats(mode);
        let mut sizes = vec![usual, *<T::G as Game>::SEATS.start()];
        sizes.dedup();
        for (seats, seed) in sizes.into_iter().flat_map(|n| [(n, 3), (n, 4), (n, 5)]) {
            let Ok(setup) = <T::G as Sampled>::seeded_setup(seed, Table { seats, mode }) else { continue };
            for who in [Seats::people(seats), Seats::against_computer(Level::Easy, seats)] {
                let Ok(mut s) = Session::<T>::new(who, &setup) else { continue };
                let steps = rng.below(30);
                for step in 0..steps {
                    if s.is_over() {
                        break;
                    }
                    s.random_step(&mut rng);
                    if step % 7 == 3 {
                        out.extend(s.save());
                    }
                }
                out.extend(s.save());
            }
        }
    }
    out
}

/// Loads `json` as the page does; true when it loads. See the module's summary for what is checked.
fn load<T: OnSite>(json: &str, played_on: &mut usize) -> bool {
    match Session::<T>::load(json, 1) {
        Ok(s) => {
            let reader = s.seats().lone_person().unwrap_or(Seat(0));
            let again = s.save().expect("a save that loads can be saved");
            let back =
                Session::<T>::load(&again, 2).unwrap_or_else(|e| panic!("a loaded save saves into one that does not load: {e}\n{again}"));
            assert_eq!(back.view(reader), s.view(reader), "a save restores what its reader saw");
            for seat in s.acting() {
                let _ = s.legal(seat);
                let _ = s.own_view(seat);
            }
            let _ = s.last_lines();
            if *played_on < 40 {
                *played_on += 1;
                let mut s = s;
                let mut rng = Rng::new(*played_on as u64);
                for _ in 0..3 {
                    if s.is_over() {
                        break;
                    }
                    s.random_step(&mut rng);
                }
                let _ = s.save();
            }
            true
        }
        Err(e) => {
            assert!(e.starts_with("the saved ") && e.len() > 20, "a refusal in words: {e:?}");
            // The page shows it: a sentence, not a copy of the damaged save.
            assert!(e.chars().count() <= 400 && !e.chars().any(char::is_control), "a readable refusal: {e:?}");
            assert_eq!(Session::<T>::load(json, 1).err(), Some(e), "refused the same way every time");
            false
        }
    }
}

/// Feeds `T`'s save reader its generated inputs.
fn fuzz_saves<T: OnSite + PartialEq + std::fmt::Debug>(name: &str)
where
    T::G: Sampled,
{
    let texts = saves::<T>();
    assert!(texts.len() >= 4, "{name}: few saves to start from");
    let mut seeds: Vec<Value> = texts.iter().map(|t| serde_json::from_str(t).unwrap()).collect();
    let loaded: Vec<Session<T>> = texts.iter().map(|t| Session::<T>::load(t, 5).unwrap()).collect();
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    m.learn_words([
        "Record", "View", "Person", "Computer", "Easy", "Medium", "Hard", "version", "game", "seats", "match", "base", "before",
    ]);
    let mut played_on = 0;
    let tally = Campaign::new(name).run(
        m,
        |m| match m.below(10) {
            0..=6 => m.mutate_json(&mut seeds, &texts),
            7 | 8 => m.mutate_text(&texts),
            _ => {
                // The header right, the rest random.
                let mut v = seeds[m.below(seeds.len())].clone();
                let key = ["seats", "match"][m.below(2)];
                v[key] = m.json(4);
                v.to_string()
            }
        },
        |json| load::<T>(json, &mut played_on),
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{name}: {tally:?}");
    // Refusing never touched anything the valid saves depend on.
    for (text, before) in texts.iter().zip(&loaded) {
        assert_eq!(&Session::<T>::load(text, 5).unwrap(), before, "{name}: a valid save loads as it did before");
    }
}

#[test]
fn fuzz_save_punish() {
    fuzz_saves::<PunishSite>("save_punish");
}

#[test]
fn fuzz_save_taunt() {
    fuzz_saves::<TauntSite>("save_taunt");
}

#[test]
fn fuzz_save_dragon_punch() {
    fuzz_saves::<DragonPunchSite>("save_dragon_punch");
}

#[test]
fn fuzz_save_rumble() {
    fuzz_saves::<RumbleSite>("save_rumble");
}

#[test]
fn fuzz_save_fusion() {
    fuzz_saves::<FusionSite>("save_fusion");
}

/// Checks every inline run of `text`: links carry only hrefs `safe_href` accepts.
fn check_inline(text: &str) {
    for run in inline(text) {
        if let Inline::Link(_, href) = run {
            assert_eq!(safe_href(&href), Some(href.as_str()), "an unsafe link was made");
        }
    }
}

#[test]
fn fuzz_rules_markdown() {
    let texts: Vec<String> = [
        include_str!("../crates/games/src/punish/rules.md"),
        include_str!("../crates/games/src/punish/notes.md"),
        include_str!("../crates/games/src/taunt/rules.md"),
        include_str!("../crates/games/src/taunt/notes.md"),
        include_str!("../crates/games/src/dragon_punch/rules.md"),
        include_str!("../crates/games/src/dragon_punch/notes.md"),
        include_str!("../crates/games/src/rumble/rules.md"),
        include_str!("../crates/games/src/rumble/notes.md"),
        include_str!("../crates/games/src/fusion/rules.md"),
        include_str!("../crates/games/src/fusion/notes.md"),
    ]
    .iter()
    // Whole pages are long: start from pieces of a few blocks, so each input is read quickly.
    .flat_map(|page| {
        let blocks: Vec<&str> = page.split("\n\n").collect();
        blocks.chunks(2).map(|c| c.join("\n\n")).collect::<Vec<_>>()
    })
    .collect();
    let mut m = Mutator::new(Rng::new(0));
    m.learn_words(["card", "example", "**", "`", "[a](/rules/punish)", "{#x}", "|---|", "- ", "1. ", "::"]);
    let tally = Campaign::new("rules_markdown").run(
        m,
        |m| if m.chance(0.5) { m.mutate_text(&texts) } else { m.markdown() },
        |text| {
            let blocks = parse(text);
            for block in &blocks {
                match block {
                    Block::Heading(level, title, _) => {
                        assert!((1..=6).contains(level));
                        check_inline(title);
                    }
                    Block::Paragraph(t) => check_inline(t),
                    Block::List(_, items) => items.iter().for_each(|t| check_inline(t)),
                    Block::Directive(..) => {}
                    Block::Table(header, rows) => {
                        header.iter().for_each(|t| check_inline(t));
                        for row in rows {
                            assert_eq!(row.len(), header.len(), "a row as wide as its header");
                            row.iter().for_each(|t| check_inline(t));
                        }
                    }
                }
            }
            !blocks.is_empty()
        },
    );
    assert!(tally.inputs > 0);
}

#[test]
fn fuzz_kept_card_sets() {
    use crate::games::dragon_punch::sets::parse_stored;
    let ours = dojo_games::dragon_punch::set::reconstructed();
    let mut renamed = ours.clone();
    renamed.name = "Kept é".into();
    let mut seeds = vec![serde_json::to_value(vec![ours.clone(), renamed.clone()]).unwrap(), serde_json::to_value(vec![renamed]).unwrap()];
    let texts: Vec<String> = seeds.iter().map(Value::to_string).collect();
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    let tally = Campaign::new("kept_card_sets").run(
        m,
        |m| if m.chance(0.8) { m.mutate_json(&mut seeds, &texts) } else { m.mutate_text(&texts) },
        |text| {
            let (good, problems) = parse_stored(text);
            for set in &good {
                assert_eq!(set.check(), Ok(()), "only sets that play are kept");
            }
            problems.iter().for_each(|p| assert!(!p.to_string().trim().is_empty()));
            problems.is_empty()
        },
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{tally:?}");
}

/// Found by `fuzz_save_punish`: a refusal quoted the damaged save (a game name of control
/// characters, a serde message holding a long string from it) into the sentence the page shows.
#[test]
fn a_refused_save_is_named_in_a_short_readable_sentence() {
    let good = saves::<PunishSite>().remove(0);
    let long = "\u{1b}[31m".repeat(3_000);
    let foreign = good.replacen("\"game\":\"punish\"", &format!("\"game\":{}", Value::String(long.clone())), 1);
    let unknown = good.replacen("\"match\":{\"", &format!("\"match\":{{\"{}", long.replace('\u{1b}', "\\u001b")), 1);
    for damaged in [foreign, unknown] {
        assert_ne!(damaged, good);
        let e = Session::<PunishSite>::load(&damaged, 1).err().unwrap();
        assert!(e.starts_with("the saved match "), "{e}");
        assert!(e.chars().count() <= 400 && !e.chars().any(char::is_control), "{e:?}");
    }
}

/// Finished games of every site game as "Your games" entries, each with its replay piece, as an
/// export file holds them.
fn exported_entries() -> Vec<Value> {
    use crate::history::{Entry, Result as Outcome};
    let mut out = Vec::new();
    let mut rng = Rng::new(21);
    macro_rules! entries {
        ([] $($id:literal => $ty:ty),*) => {$(
            if dojo_games::registry::find($id).is_some_and(|g| g.on_site()) {
                for seed in 1..=3 {
                    let setup = <$ty as Sampled>::seeded_setup(seed, Table::of(<$ty as Sampled>::default_seats(None))).unwrap();
                    let mut state = <$ty as Game>::from_setup(&setup).unwrap();
                    let mut record = dojo_engine::GameRecord::<$ty>::new(setup);
                    while state.outcome().is_none() && record.actions.len() < 300 {
                        let joint = dojo_engine::joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).unwrap();
                        dojo_engine::apply(&mut state, &joint).unwrap();
                        record.actions.push(joint);
                    }
                    let seats = state.seat_count();
                    let names: Vec<String> = (1..=seats).map(|i| format!("Player {i}")).collect();
                    let shared = dojo_games::replay_link::SharedGame::<$ty> { names: names.clone(), record };
                    let entry = Entry {
                        id: format!("{}-{seed}", $id),
                        when: 1_700_000_000_000.0 + seed as f64,
                        game: $id.into(),
                        mode: format!("game, {seats} players"),
                        seats: names,
                        levels: vec![None; seats],
                        result: Outcome::Played,
                        summary: "Player 1 won.".into(),
                        steps: shared.record.actions.len(),
                        piece: Some(dojo_games::replay_link::to_piece(&shared)),
                    };
                    out.push(serde_json::to_value(&entry).unwrap());
                }
            }
        )*};
    }
    dojo_games::for_each_engine!(entries []);
    out
}

/// An export file whose entries' pieces have their heads or steps changed and packed again, as
/// only a hand-made file would have them; `layers` are the entries' pieces taken apart.
fn with_damaged_piece(m: &mut Mutator, entries: &[Value], layers: &[dojo_games::replay_link::PieceParts]) -> String {
    let at = m.below(entries.len());
    let mut entry = entries[at].clone();
    let mut parts = layers[at].clone();
    m.mutate_layers(&mut parts.head, &mut parts.steps, dojo_games::replay_link::HEAD_CLAIMS);
    entry["piece"] = Value::String(parts.piece());
    let mut list = vec![entry];
    if m.chance(0.3) {
        list.push(entries[m.below(entries.len())].clone());
    }
    Value::Array(list).to_string()
}

/// The "Your games" import: exports of finished games of every game, damaged as JSON, as text
/// and in their pieces' packed layers. A list is read or refused in words; an entry read is
/// within bounds; each skipped entry has a short reason.
#[test]
fn fuzz_your_games_import() {
    use crate::history::read;
    let entries = exported_entries();
    assert!(entries.len() >= 10, "every site game gives entries");
    let whole = Value::Array(entries.clone()).to_string();
    assert_eq!(read(&whole).unwrap().entries.len(), entries.len(), "every honest entry reads");
    let layers: Vec<_> = entries
        .iter()
        .map(|e| dojo_games::replay_link::PieceParts::of(e["piece"].as_str().unwrap()).expect("a piece comes apart"))
        .collect();
    let mut seeds: Vec<Value> = entries.chunks(2).map(|c| Value::Array(c.to_vec())).collect();
    let texts: Vec<String> = seeds.iter().map(Value::to_string).collect();
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    let tally = Campaign::new("your_games_import").run(
        m,
        |m| match m.below(10) {
            0..=4 => m.mutate_json(&mut seeds, &texts),
            5 | 6 => m.mutate_text(&texts),
            _ => with_damaged_piece(m, &entries, &layers),
        },
        |text| match read(text) {
            Ok(found) => {
                for entry in &found.entries {
                    assert!(entry.seats.len() <= 8 && entry.steps <= dojo_engine::MAX_STEPS, "an entry read is within bounds");
                }
                for why in &found.skipped {
                    assert!(why.starts_with("Entry ") && why.chars().count() <= 400, "a short reason: {why:?}");
                }
                found.skipped.is_empty()
            }
            Err(why) => {
                assert!(!why.trim().is_empty() && why.chars().count() <= 400, "a refusal in words: {why:?}");
                false
            }
        },
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{tally:?}");
}

/// The outside audit's file: an export holding the replay link of a real PUNISH game whose
/// head claims 2^32 − 1 seats. Importing it killed the page with nothing imported and nothing
/// said; now that entry is skipped with its reason and the rest are imported.
#[test]
fn an_export_holding_a_link_that_claims_a_vast_table_imports_the_rest() {
    use dojo_games::replay_link::PieceParts;
    let entries = exported_entries();
    let mut vast = entries[0].clone();
    let mut parts = PieceParts::of(vast["piece"].as_str().unwrap()).unwrap();
    for seats in [Value::from(4_294_967_295u64), Value::from(u64::MAX)] {
        parts.head["seats"] = seats;
        vast["piece"] = Value::String(parts.piece());
        let text = Value::Array(vec![vast.clone(), entries[1].clone()]).to_string();
        let found = crate::history::read(&text).unwrap();
        assert_eq!(found.entries.len(), 1);
        assert!(
            found.skipped[0].starts_with("Entry 1 was skipped: its replay") && found.skipped[0].contains("seats"),
            "{:?}",
            found.skipped
        );
    }
    let many = Value::Array(vec![entries[0].clone(); crate::history::MAX_READ + 1]).to_string();
    assert!(crate::history::read(&many).unwrap_err().contains("more than the"), "a list of too many games is refused whole");
}
