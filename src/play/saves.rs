//! The saved form of a match, as JSON in the browser's storage:
//! `{"version": 4, "game": "punish", "seats": [...], "match": {"Record": {…}} | {"Table": {…}} | {"View": {…}}}`.
//!
//! Nothing in it is secret from whoever may read the device's storage, and nothing in it tells
//! what is still to come. With one person against the computer it is that person's own view
//! (never the computer's hand, plan, combo, the deck order or the seed), and, when explanations
//! are on, what the computer was seen to expect at the steps already revealed; with only people sharing
//! the device it is the record up to the last step with nothing face down, or, for a game whose
//! record would tell the future ([`Game::HIDDEN_FUTURE`]: PUNISH's deck order and seed), every
//! seat's view at that step, the unseen cards dealt afresh on resuming. A match of several people
//! and the computer is not saved (see [`Keeping`]).

use super::seats::{Keeping, Seats};
use super::{LogLine, OnSite};
use dojo_engine::{Game, GameRecord, ReplayError, Rng, Seat, apply};
use dojo_games::Speaker;
use serde::{Deserialize, Serialize};

/// The format version of saves: 1 held the whole record even against the computer; 2 held
/// only the person's view against the computer, for two seats; 3 names who plays every seat;
/// 4 keeps a shared device's PUNISH match as the seats' views ([`SavedMatch::Table`]), never
/// the record whose seed and deck order tell the cards to come.
pub const SAVE_VERSION: u32 = 4;

/// Older versions still read: a version-3 save differs only in that a shared device's PUNISH
/// match was a record (it resumes, and is saved as version 4 from then on).
const READABLE_VERSIONS: [u32; 2] = [3, SAVE_VERSION];

/// A saved match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize, G::View: Serialize"))]
#[serde(bound(deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>, G::View: Deserialize<'de>"))]
pub struct Saved<G: Game> {
    /// Format version, so an old save can be recognised ([`SAVE_VERSION`]).
    pub version: u32,
    /// The game's name ([`Game::NAME`]), so another game's save is recognised.
    pub game: String,
    /// Who plays each seat.
    pub seats: Seats,
    /// The match so far.
    #[serde(rename = "match")]
    pub play: SavedMatch<G>,
}

/// The match part of a [`Saved`] game, depending on who plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize, G::View: Serialize"))]
#[serde(bound(deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>, G::View: Deserialize<'de>"))]
pub enum SavedMatch<G: Game> {
    /// People sharing one device: the record (setup with every hand, seed and every step) up
    /// to the last step that left nothing face down. A choice made after that step is made
    /// again after a reload.
    Record {
        /// The record's revealed prefix (as [`OnSite::saved_record`] gives it: it may start
        /// later than the match).
        record: GameRecord<G>,
        /// Steps played before the record starts.
        #[serde(default, skip_serializing_if = "is_zero")]
        base: usize,
        /// The log of those steps, as the page's reader read it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        before: Vec<LogLine>,
    },
    /// People sharing one device, in a game whose record would tell the future
    /// ([`Game::HIDDEN_FUTURE`]): every seat's view at the last step that left nothing face
    /// down. Restoring deals what no seat has seen (the undrawn cards, the seed of later
    /// shuffles) afresh with [`dojo_engine::determinize_table`].
    Table {
        /// Each seat's view, in seat order.
        views: Vec<G::View>,
        /// The log up to that step, oldest first.
        log: Vec<LogLine>,
        /// That step's events in words.
        last: Vec<String>,
    },
    /// One person against the computer: only what the person may see. Restoring deals the
    /// computer's hidden cards afresh, at random among those consistent with the view.
    View {
        /// The person's view ([`Game::view_for`] of the person's seat).
        view: G::View,
        /// The log the person has read, oldest first.
        log: Vec<LogLine>,
        /// The last step that had events, in words (kept as text, not events: reading events
        /// back would add their whole decoder to the download).
        last: Vec<String>,
        /// What the computer was seen to expect at steps already revealed, as the page keeps
        /// it for the lab module ([`super::explain`]'s lines, cut by
        /// [`super::session::kept_explanations`]): empty when explanations were off.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        explained: String,
    },
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What a shared device keeps: its record (as saved, with the steps played before it starts
/// and their log), or, for a game with [`Game::HIDDEN_FUTURE`], the position at the last step
/// that left nothing face down.
pub enum Kept<G: Game> {
    /// The record's revealed prefix.
    Record(KeptRecord<G>),
    /// The position after step `step`, and the log lines up to it.
    Table {
        /// The position (whole: only the seats' views of it are saved).
        state: G,
        /// The log up to it, oldest first.
        log: Vec<LogLine>,
        /// The step it follows.
        step: usize,
    },
}

/// A shared device's record as saved: the record as saved, the steps played before it starts
/// and their log.
pub struct KeptRecord<G: Game> {
    /// The record to save (its revealed prefix, perhaps starting later than the match).
    pub record: GameRecord<G>,
    /// Steps played before the record starts.
    pub base: usize,
    /// The log lines of those steps.
    pub before: Vec<LogLine>,
}

/// The first fields of any save, read before the rest so an old or foreign save is named as such.
#[derive(Deserialize)]
struct Header {
    version: u32,
    game: Option<String>,
}

/// A save read back.
pub struct Restored<G: Game> {
    /// Who plays.
    pub seats: Seats,
    /// The match so far, on a shared device; `None` against the computer, whose save holds no
    /// record (its setup would hold the computer's hand).
    pub record: Option<GameRecord<G>>,
    /// Steps played before the record starts.
    pub base: usize,
    /// Where the match stands: replayed from the record, or dealt from the person's view.
    pub state: G,
    /// The log, oldest first.
    pub log: Vec<LogLine>,
    /// The last step's events, when the record was replayed.
    pub last_events: Vec<G::Event>,
    /// The last step's events in words, against the computer.
    pub last_lines: Vec<String>,
    /// What the computer was seen to expect, against the computer (see [`SavedMatch::View`]).
    pub explained: String,
}

/// A match as JSON for storage, or `None` when these seats allow nothing to be saved. `kept`
/// is what a shared device saves of its record; `state`, `log`, `last` and `explained` serve a
/// view save.
pub fn save<G: Game>(
    seats: &Seats,
    kept: Option<Kept<G>>,
    state: &G,
    log: &[LogLine],
    last: Vec<String>,
    explained: String,
) -> Option<String> {
    let play = match seats.keeping() {
        Keeping::Record => match kept? {
            Kept::Record(KeptRecord { record, base, before }) => SavedMatch::Record { record, base, before },
            Kept::Table { state, log, step } => {
                let views = Seat::all(state.seat_count()).map(|s| state.view_for(s)).collect();
                let last = log.iter().filter(|l| l.step == step).map(|l| l.text.clone()).collect();
                SavedMatch::Table { views, log, last }
            }
        },
        Keeping::ViewOf(seat) => SavedMatch::View { view: state.view_for(seat), log: log.to_vec(), last, explained },
        Keeping::Nothing => return None,
    };
    dojo_engine::json::to_string(&Saved { version: SAVE_VERSION, game: G::NAME.to_string(), seats: seats.clone(), play }).ok()
}

/// How many steps of `record`, from the start, can be saved on a shared device: the longest
/// prefix after which `face_down` (some seat has a pick, plan or combo face down) is false.
pub fn revealed_prefix<G: Game>(record: &GameRecord<G>, face_down: impl Fn(&G) -> bool) -> usize {
    let Ok(mut state) = G::from_setup(&record.setup) else { return 0 };
    let mut revealed = 0;
    for (i, joint) in record.actions.iter().enumerate() {
        if apply(&mut state, joint).is_err() {
            break;
        }
        if !face_down(&state) {
            revealed = i + 1;
        }
    }
    revealed
}

/// Reads a save and restores the match. A record is replayed, writing the log for the page's
/// reader; a view is checked with [`OnSite::check_view`], dealt into a full position with `rng`
/// (fresh randomness, so the computer's hidden cards are new) and must show the person exactly
/// the saved view. A damaged, old or foreign save is refused with the reason in words.
pub fn restore<T: OnSite>(json: &str, rng: &mut Rng) -> Result<Restored<T::G>, String> {
    // The reason is shown on the page: what it quotes of the damaged save is cut short and
    // loses its control characters.
    read::<T>(json, rng).map_err(|e| {
        let clean: String = e.chars().map(|c| if c.is_control() { '?' } else { c }).collect();
        if clean.chars().count() > 300 { format!("{}…", clean.chars().take(299).collect::<String>()) } else { clean }
    })
}

fn read<T: OnSite>(json: &str, rng: &mut Rng) -> Result<Restored<T::G>, String> {
    let noun = T::NOUN;
    let unreadable = |e: dojo_engine::json::Error| format!("the saved {noun} could not be read ({e})");
    let header: Header = dojo_engine::json::from_str(json).map_err(unreadable)?;
    if !READABLE_VERSIONS.contains(&header.version) {
        return Err(format!("the saved {noun} is from another version of this site ({})", header.version));
    }
    if header.game.as_deref() != Some(<T::G as Game>::NAME) {
        return Err(format!("the saved {noun} belongs to another game ({})", header.game.as_deref().unwrap_or("none named")));
    }
    let saved: Saved<T::G> = dojo_engine::json::from_str(json).map_err(unreadable)?;
    let seats = saved.seats;
    let unplayable = |e: String| format!("the saved {noun} is not a position that can be played: {e}");
    match (saved.play, seats.keeping()) {
        (SavedMatch::Record { record, base, before }, Keeping::Record) => {
            let mut steps: Vec<(usize, Vec<<T::G as Game>::Event>)> = Vec::new();
            let mut last_events = Vec::new();
            let state = record
                .replay_with(|i, events| {
                    let public = events.iter().filter(|e| <T::G as Game>::audience(e).includes(seats.reader()));
                    steps.push((base + i + 1, public.cloned().collect()));
                    if !events.is_empty() {
                        last_events = events.to_vec();
                    }
                })
                .map_err(|e: ReplayError<T::G>| format!("the saved {noun} does not replay: {e}"))?;
            seats.check(state.seat_count()).map_err(unplayable)?;
            // Events are told once the whole record is replayed, so a game can name what they
            // refer to from the position.
            let names = T::seat_names(&state, &seats).unwrap_or_else(|| seats.names());
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let speaker = Speaker { names: &names, you: None };
            let mut log = before;
            for (step, events) in &steps {
                log.extend(events.iter().map(|e| LogLine { step: *step, text: T::describe_in(&state, e, &speaker) }));
            }
            Ok(Restored { seats, record: Some(record), base, state, log, last_events, last_lines: Vec::new(), explained: String::new() })
        }
        (SavedMatch::Table { views, log, last }, Keeping::Record) => {
            if views.len() != seats.count() {
                return Err(unplayable(format!("it holds {} views for {} seats", views.len(), seats.count())));
            }
            for (i, view) in views.iter().enumerate() {
                T::check_view(view, Seat(i as u8)).map_err(unplayable)?;
            }
            let state = dojo_engine::determinize_table::<T::G>(&views, rng)
                .ok_or_else(|| unplayable("its seats' views contradict each other".into()))?;
            seats.check(state.seat_count()).map_err(unplayable)?;
            Ok(Restored { seats, record: None, base: 0, state, log, last_events: Vec::new(), last_lines: last, explained: String::new() })
        }
        (SavedMatch::View { view, log, last, explained }, Keeping::ViewOf(seat)) => {
            T::check_view(&view, seat).map_err(unplayable)?;
            let state = <T::G as Game>::determinize(&view, rng);
            seats.check(state.seat_count()).map_err(unplayable)?;
            if state.view_for(seat) != view {
                return Err(unplayable("it contradicts itself".into()));
            }
            Ok(Restored { seats, record: None, base: 0, state, log, last_events: Vec::new(), last_lines: last, explained })
        }
        _ => Err(unplayable("it does not match who plays".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::toy_page::ToyPage;
    use dojo_games::toy::{Setup, Toy};

    fn restore_toy(json: &str) -> Result<Restored<Toy>, String> {
        restore::<ToyPage>(json, &mut Rng::new(1))
    }

    #[test]
    fn a_damaged_old_or_foreign_save_is_refused_with_the_reason() {
        let record = GameRecord::<Toy>::new(Setup::deal(3, false, 1));
        let state = Toy::from_setup(&record.setup).unwrap();
        let kept = Kept::Record(KeptRecord { record: record.clone(), base: 0, before: Vec::new() });
        let json = save(&Seats::people(3), Some(kept), &state, &[], Vec::new(), String::new()).unwrap();
        assert!(restore_toy(&json).is_ok());
        for damaged in ["[1,2]", "", "{\"version\":3,\"game\":\"toy\",\"match\":{\"Record\":{}}}"] {
            assert!(restore_toy(damaged).err().unwrap().starts_with("the saved game could not be read"), "{damaged}");
        }
        let older = json.replace("\"version\":4", "\"version\":3");
        assert!(restore_toy(&older).is_ok(), "a version-3 record still resumes");
        let newer = json.replace("\"version\":4", "\"version\":5");
        assert_eq!(restore_toy(&newer).err().unwrap(), "the saved game is from another version of this site (5)");
        let v2 = serde_json::json!({ "version": 2, "game": "toy", "match": { "HotSeat": { "record": record } } }).to_string();
        assert_eq!(restore_toy(&v2).err().unwrap(), "the saved game is from another version of this site (2)");
        let foreign = json.replace("\"game\":\"toy\"", "\"game\":\"punish\"");
        assert_eq!(restore_toy(&foreign).err().unwrap(), "the saved game belongs to another game (punish)");
        // A record saved as if a computer sat at the table would hold its cards: refused.
        let computer = json.replace("[\"Person\",\"Person\",\"Person\"]", "[\"Person\",\"Person\",{\"Computer\":\"Easy\"}]");
        assert_ne!(computer, json);
        assert_eq!(
            restore_toy(&computer).err().unwrap(),
            "the saved game is not a position that can be played: it does not match who plays"
        );
        let two = json.replace("[\"Person\",\"Person\",\"Person\"]", "[\"Person\",\"Person\"]");
        assert_eq!(
            restore_toy(&two).err().unwrap(),
            "the saved game is not a position that can be played: the game has 3 seats but 2 were given players"
        );
    }

    #[test]
    fn a_view_that_contradicts_itself_is_refused() {
        let seats = Seats::against_computer(dojo_bot::Level::Easy, 3);
        let state = Toy::from_setup(&Setup::deal(3, false, 2)).unwrap();
        let json = save::<Toy>(&seats, None, &state, &[], Vec::new(), String::new()).unwrap();
        let back = restore_toy(&json).unwrap();
        assert!(back.record.is_none());
        assert_eq!(back.state.view_for(Seat(0)), state.view_for(Seat(0)));
        let mut view = state.view_for(Seat(0));
        view.outcome = Some(dojo_engine::Outcome::draw(Seat::all(3)));
        let doctored = Saved::<Toy> {
            version: SAVE_VERSION,
            game: "toy".into(),
            seats,
            play: SavedMatch::View { view, log: Vec::new(), last: Vec::new(), explained: String::new() },
        };
        let refused = restore_toy(&serde_json::to_string(&doctored).unwrap()).err().unwrap();
        assert_eq!(refused, "the saved game is not a position that can be played: it contradicts itself");
    }

    #[test]
    fn the_saveable_prefix_ends_at_the_last_step_with_nothing_face_down() {
        use dojo_games::taunt::{Action, FighterId, Options, Setup, Slot, Taunt};
        let mut record = GameRecord::<Taunt>::new(Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default()));
        let pick = |a: Slot, b: Slot| dojo_engine::PerSeat(vec![Some(Action::Play(a)), Some(Action::Play(b))]);
        record.actions.push(pick(Slot::Taunt, Slot::Block));
        // Player 1's TAUNT went unanswered: two cards face down, then the end of the combo.
        record.actions.push(dojo_engine::PerSeat(vec![Some(Action::Queue(Slot::Charge)), None]));
        record.actions.push(dojo_engine::PerSeat(vec![Some(Action::Queue(Slot::Punch)), None]));
        record.actions.push(dojo_engine::PerSeat(vec![Some(Action::EndQueue), None]));
        assert!(record.replay().is_ok(), "the example record replays");
        let face_down = |t: &Taunt| t.public_view().queued.0.iter().any(|n| *n > 0);
        assert_eq!(revealed_prefix(&record, face_down), 1);
        assert_eq!(revealed_prefix(&record, |_| false), 4);
        assert_eq!(revealed_prefix(&record, |_| true), 0);
    }
}
