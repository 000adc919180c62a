//! What every play page shares, for any game and 2–8 seats in any mix of people and computers.
//!
//! - [`seats`]: who plays each seat, the names the page uses, and what may be saved.
//! - [`session`]: a match as a page runs it: secret inputs waiting for the reveal, several
//!   inputs entered ahead when nothing is revealed in between, the computer's decisions, the
//!   record and the log. Plain Rust, tested natively.
//! - [`saves`]: the saved form of a match, which never holds a secret its reader may not see.
//! - [`lobby`]: the lobby's row per seat for games of more than two: what the game asks of the
//!   seat and who plays it.
//! - [`think`]: the computer thinks in Web Workers, with a time budget, so the page keeps
//!   answering.
//! - [`friend`]: a match against a friend on another device, as the page sees it (the
//!   connection and its checks are the game's connection module).
//! - [`explain`]: what the computer expected, said after a reveal (in the lab module).
//! - [`lesson`]: learn by playing, a short scripted match on the real table.
//! - [`flow`]: the play machine as data: which screen comes next and what the page must do
//!   (think, play, count, save, send), as a pure transition tested natively.
//! - [`page`]: the runner of that machine on the page: signals, workers, timers, storage and
//!   the connection module.
//! - [`screens`]: the screens every game shares: hand-offs between people on one device, the
//!   computer thinking, the "3, 2, 1" before a reveal, the result, game over and rematch.
//!
//! A game's play page implements [`OnSite`] in its own folder (how its events read, what of
//! its position is face down, whether a seat plans ahead) and draws only its own screens.

pub mod explain;
pub mod flow;
pub mod friend;
pub mod lesson;
pub mod lobby;
pub mod page;
mod page_friend;
pub mod saves;
pub mod screens;
pub mod seats;
pub mod session;
pub mod think;
pub mod watch;

pub use flow::Screen;
pub use page::PlayCtx;
pub use screens::{game_over, hand_off, play_frame, turn_result, waiting_status, who_plays};
pub use seats::{Controller, Keeping, Seats};
pub use session::Session;

use dojo_bot::SearchHints;
use dojo_engine::{Game, GameRecord, Seat};
use dojo_games::Speaker;
use serde::{Deserialize, Serialize};

/// One line of the log, with the step it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogLine {
    /// Step number (from 1) that produced it.
    pub step: usize,
    /// The sentence.
    pub text: String,
}

/// A game as its play page runs it: the rules plus what only the page needs to know.
pub trait OnSite: Clone + Send + Sync + 'static {
    /// The rules (plain data throughout, so a page's signals can hold the match).
    type G: SearchHints<Setup: Send + Sync, Action: Send + Sync, Event: Send + Sync, View: Send + Sync, Decision: Send + Sync>
        + dojo_games::registry::Sampled
        + Send
        + Sync;
    /// Where a match is kept in the browser's storage.
    const SAVE_KEY: &'static str;
    /// What one match is called in messages ("match", "series").
    const NOUN: &'static str;
    /// What a match against the computer, restored from a save of the person's view, says
    /// became of the computer's secrets.
    const RESTORED_UNSEEN: &'static str = "The computer's hidden cards were dealt afresh, as the save keeps only what you could see.";

    /// How a match is won and lost, in a sentence or two for the line under the page's title,
    /// and the section of the game's rules page that says it in full (its anchor): for the way
    /// of playing the match in `view` (the public view) follows, or the game's usual one before
    /// a match starts.
    fn goal(view: Option<&<Self::G as Game>::View>) -> (String, &'static str);

    /// `action` of `seat`, named from `view` (any seat's) in words that tell nothing hidden: a
    /// card only where everyone at the table knows it could be played, else only its kind
    /// ("Push", "a bid sheet"). What the page says the computer expected ([`explain::Why`]), so
    /// it must hold no more than the page may show the person; an empty answer leaves the
    /// computer unexplained.
    fn option_words(view: &<Self::G as Game>::View, seat: Seat, action: &<Self::G as Game>::Action) -> String {
        let _ = (view, seat, action);
        String::new()
    }

    /// True when a seat's options, seen from `view`, would tell what it holds hidden (a hand
    /// dealt from a shuffled deck): the page then names only what the computer played, which
    /// its reveal shows, and counts its other options together.
    fn hides_options(view: &<Self::G as Game>::View) -> bool {
        let _ = view;
        false
    }

    /// The game's lesson: a short scripted match that teaches it by playing (see [`lesson`]).
    fn lesson() -> Option<lesson::Lesson<Self::G>> {
        None
    }

    /// Every lesson of the game, the first ([`OnSite::lesson`]) first: a game with more to
    /// teach adds its others here.
    fn lessons() -> Vec<lesson::Lesson<Self::G>> {
        Self::lesson().into_iter().collect()
    }

    /// `event` in words, naming seats as `speaker` says.
    fn describe(event: &<Self::G as Game>::Event, speaker: &Speaker) -> String;

    /// `event` in words, read against `state`, the position just after its step (or any later
    /// one): a game whose events name things by their place in the position (Rumble's heroes and
    /// powers) names them from it. Most games: [`OnSite::describe`].
    fn describe_in(state: &Self::G, event: &<Self::G as Game>::Event, speaker: &Speaker) -> String {
        let _ = state;
        Self::describe(event, speaker)
    }

    /// What the page calls each seat, when the game has names of its own for them (Rumble's
    /// heroes); `None` keeps the play machine's ("Player 2", "Computer 3 (Hard)").
    fn seat_names(state: &Self::G, seats: &Seats) -> Option<Vec<String>> {
        let _ = (state, seats);
        None
    }

    /// The record as a shared device saves it, from its revealed prefix: most games keep it as
    /// it is; a game whose record holds secrets that are settled and no longer needed (Rumble's
    /// losing bids) gives a record of the same position without them, which starts later.
    fn saved_record(record: GameRecord<Self::G>) -> GameRecord<Self::G> {
        record
    }

    /// The finished match as it may be shared and watched again: by default the game's own
    /// shareable record ([`dojo_games::registry::Sampled::shareable`]: Rumble's leaves out the
    /// losing bids).
    fn shared_record(record: GameRecord<Self::G>) -> GameRecord<Self::G> {
        <Self::G as dojo_games::registry::Sampled>::shareable(record)
    }

    /// Checks a view saved for `seat` before a position is dealt from it: anything
    /// [`Game::determinize`] could not deal from must be refused, in words.
    fn check_view(view: &<Self::G as Game>::View, seat: Seat) -> Result<(), String>;

    /// What a match in `state` is called in messages: [`OnSite::NOUN`] unless the game's ways
    /// of playing differ (a series of fights, or one fight).
    fn noun(state: &Self::G) -> &'static str {
        let _ = state;
        Self::NOUN
    }

    /// True when some seat has cards face down that are not yet revealed (a plan, a combo): a
    /// shared device's save stops before such a step.
    fn face_down(state: &Self::G) -> bool;

    /// True when `seat`, whose input moved the game from `before` to `after` with nothing shown
    /// to it, decides again before anything is revealed, so it enters that input too before
    /// handing over (PUNISH's Blindfolded plan, TAUNT's combo). Most games: never.
    fn plans_ahead(before: &Self::G, after: &Self::G, seat: Seat) -> bool {
        let _ = (before, after, seat);
        false
    }

    /// True when deciding `decision` shows or makes something the other people at the device
    /// must not see (a hand, a pick to be revealed together), so the device is handed over
    /// first. Most games: always.
    fn is_secret(decision: &<Self::G as Game>::Decision) -> bool {
        let _ = decision;
        true
    }

    /// True when `events` turn something over that the page counts down to and shows on a
    /// result screen; otherwise the match goes straight on (the log still tells it).
    fn shows_reveal(events: &[<Self::G as Game>::Event]) -> bool {
        !events.is_empty()
    }

    /// True when the page counts "3, 2, 1" before showing a reveal; a game whose players have
    /// just had a count of their own (DRAGON PUNCH's Turbo Mode) goes straight to the result.
    fn counts_before_reveal() -> bool {
        true
    }

    /// A match hosted on a friend's device arrived with `setup`: a game whose page keeps
    /// options of its own beside the rules (DRAGON PUNCH's Turbo count) takes them from it,
    /// so both devices play the match the host set up. Most games: nothing.
    fn joined(setup: &<Self::G as Game>::Setup) {
        let _ = setup;
    }
}
