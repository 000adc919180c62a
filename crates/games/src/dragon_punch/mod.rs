//! # DRAGON PUNCH
//!
//! Two players each hold seven cards for a whole match: six basic cards (one of them the Taunt
//! card) and a character card. Each turn both choose an unflipped card in secret and reveal
//! together. A move has a High and a Low location, each holding an Attack (strength, execution
//! time), a Block, an Evade or nothing; an attack is stopped by a Block or Evade in the same
//! location, and when both players still attack, the Initiative holder, else the quicker attack,
//! succeeds. Damage turns that many white basic cards to their red move: health is the number
//! of white cards. Used cards are flipped until a Taunt unflips them. A round ends when a
//! player has no white card; two rounds win the match.
//!
//! | parameter | value |
//! |---|---|
//! | players | 2 |
//! | cards | 6 basic (white and red move) + 1 character (two purple moves) per player |
//! | health | 6: the white basic cards |
//! | match | best of three rounds |
//!
//! This folder holds the card model ([`card`]), the comparison of two moves ([`resolve`]), the
//! match on the game contract ([`DragonPunch`]) and our reconstructed set ([`set`]); the
//! variants, a tuned set, the site's play, kit and rules pages are still to come.

pub mod card;
mod event;
mod hints;
pub mod resolve;
pub mod scenario;
pub mod set;
mod setup;
mod share;
mod state;
mod tools;
mod view;

pub use event::Event;
pub use setup::{BASIC_CARDS, CardSet, Loadout, MAX_SET_CHARACTERS, MAX_STRENGTH, MAX_TEXT, MAX_TIME, Setup, SetupError, is_hidden};
pub use share::{LinkError, MAX_LINK};
pub use state::{Action, CardRef, CardState, Decision, DragonPunch, Hand, MAX_HAND, Phase, ROUNDS_TO_WIN, Refusal};
pub use view::{DragonPunchView, SeenCard};

use dojo_engine::{FaceDown, FaceDownHooks, Game, Joint, Observer, Outcome, Rng, Seat};

/// DRAGON PUNCH's rules in our own words (the site's small Markdown), for the rules page to come.
pub const RULES_TEXT: &str = include_str!("rules.md");

/// DRAGON PUNCH's interpretation notes (Markdown): every open point and how we decided it.
pub const INTERPRETATION_NOTES: &str = include_str!("notes.md");

/// What the table shows at once of a Custom Character pick: whether a basic card or a character
/// was taken, not which.
impl FaceDown for DragonPunch {
    fn outline(&self, _seat: Seat, action: &Action) -> Option<u8> {
        match action {
            Action::Pick(CardRef::Basic(_)) => Some(0),
            Action::Pick(CardRef::Character(_)) => Some(1),
            _ => None,
        }
    }
}

impl Game for DragonPunch {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = DragonPunchView;

    const NAME: &'static str = "dragon-punch";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;

    /// A Custom Character's picks stay face down.
    const FACE_DOWN: Option<FaceDownHooks<Self>> = Some(FaceDownHooks::of());

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        DragonPunch::start(setup)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn decision(&self, seat: Seat) -> Option<Decision> {
        if seat.index() >= 2 {
            return None;
        }
        self.decision_of(seat)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat.index() >= 2 {
            return Vec::new();
        }
        self.legal(seat)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        self.check_action(seat, action)
    }

    fn resolve(&mut self, joint: &Joint<Action>) -> Vec<Event> {
        self.step(joint)
    }

    fn view(&self, observer: Observer) -> DragonPunchView {
        view::view(self, observer)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::MatchOver {
            return None;
        }
        let winner = if self.wins[0] >= ROUNDS_TO_WIN { Seat(0) } else { Seat(1) };
        Some(Outcome::winner(winner, Seat::all(2)))
    }

    fn determinize(view: &DragonPunchView, rng: &mut Rng) -> Self {
        view::determinize(view, rng)
    }

    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        view::resample_hidden(self, observer, rng)
    }
}

#[cfg(test)]
mod tests;
