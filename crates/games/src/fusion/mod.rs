//! # Gattaibushido:FUSION!
//!
//! The card conflicts of a mecha role-playing game: pilots (1–4) against the Coach, with one
//! shared Deck of two standard packs whose four Jokers are shuffled in face up and become the
//! Coach's Omens when they reach the top. Two conflicts use it:
//! - the **Gambit**: the Coach lays the Deck's top card face down, unseen, as a Threshold; the
//!   pilot plays a card or flips one, and the comparison gives one of four outcomes ("Yes,
//!   and…", "Yes, but…", "No, but…", "No, and…") with consequences chosen by each side;
//! - the **Throwdown**: cards committed face down in secret, an initiative stack, then turns of
//!   side actions and one main action (Push, Beat-Back, Assist, Fold) on a shared Pile, damage
//!   tallied in Payloads and applied at the end, and the Pile spent as spoils by suit.
//!
//! | parameter | value |
//! |---|---|
//! | seats | 1–4 pilots and the Coach (2–5) |
//! | deck | 104 cards and 4 face-up Jokers |
//! | card values | 2–10, J 11, Q 12, K 13, A 11 (1 under a Two) |
//! | suits | Spades 4 > Hearts 3 > Diamonds 2 > Clubs 1 |
//! | Harmony | 1 (Red) to 7 (Violet), starting at 4 (ours) |
//! | Stash | 3 cards unless the pilot sheet says otherwise (ours) |
//!
//! The source is an unfinished alpha: every point it leaves open is decided in `notes.md`
//! beside this file ([`INTERPRETATION_NOTES`]), and everything it names without defining is a
//! stand-in the table configures. Built so far: the cards ([`cards`]), the Deck with its
//! Jokers and Omens ([`deck`]), the stand-ins ([`sheet`]) and the microevents with Harmony and
//! Buffers ([`micro`]), the Gambit's outcomes and consequences ([`gambit`]) and the Throwdown's
//! initiative, Strike checks, turn order and end ([`throwdown`]), Payloads and what each suit
//! of the spoils buys ([`payload`]), and the table's setup with its checks ([`setup`]); the
//! Gambit and the Throwdown on the game contract come next.

pub mod action;
pub mod cards;
mod dealt;
pub mod deck;
pub mod event;
mod flow;
pub mod gambit;
mod hints;
pub mod micro;
pub mod payload;
mod rules;
pub mod scenario;
pub mod setup;
pub mod sheet;
pub mod state;
pub mod throwdown;
mod tools;
pub mod view;

pub use action::{Action, Decision, Refusal};
pub use event::Event;
pub use setup::{Conflict, Setup, SetupError};
pub use state::{Fusion, Phase};
pub use view::FusionView;

use dojo_engine::{
    Audience, CardMove, Dealing, Dealt, DealtHooks, FaceDown, FaceDownHooks, Game, HiddenFuture, HiddenFutureHooks, Joint, Observer,
    Outcome, Rng, Seat,
};
use throwdown::Part;

/// Our decisions on the points the source leaves open, with their reasons (`notes.md`).
pub const INTERPRETATION_NOTES: &str = include_str!("notes.md");

/// The rules in our words (`rules.md`), as the rules page shows them.
pub const RULES_TEXT: &str = include_str!("rules.md");

impl Game for Fusion {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = FusionView;

    const NAME: &'static str = "fusion";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=5;
    const HAS_TEAMS: bool = true;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Fusion::new(setup).map(|(state, _)| state)
    }

    fn seat_count(&self) -> usize {
        usize::from(self.seats())
    }

    /// The pilots against the Coach.
    fn teams(&self) -> Vec<Vec<Seat>> {
        vec![(0..self.pilots).map(Seat).collect(), vec![Seat(self.coach())]]
    }

    fn decision(&self, seat: Seat) -> Option<Decision> {
        self.decision_of(seat.0)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat.0)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if self.allows(seat.0, action) { Ok(()) } else { Err(self.refusal(seat.0, action)) }
    }

    fn resolve(&mut self, joint: &Joint<Action>) -> Vec<Event> {
        let mut events = Vec::new();
        if let Some((seat, action)) = joint.iter().find_map(|(seat, a)| a.as_ref().map(|a| (seat, a))) {
            self.act(seat.0, action, &mut events);
        }
        events
    }

    fn view(&self, observer: Observer) -> FusionView {
        view::mask(self, observer)
    }

    fn audience(event: &Event) -> Audience {
        event::audience(event)
    }

    /// The side that won more of the evening's conflicts; a draw when they won as many.
    fn outcome(&self) -> Option<Outcome> {
        if self.phase() != Phase::Over {
            return None;
        }
        let players = Seat::all(self.seat_count());
        let won = |side| self.results().iter().filter(|r| **r == Some(side)).count();
        let result = match won(Part::Pilots).cmp(&won(Part::Coach)) {
            std::cmp::Ordering::Greater => Outcome::winners((0..self.pilots).map(Seat).collect(), players),
            std::cmp::Ordering::Less => Outcome::winner(Seat(self.coach()), players),
            std::cmp::Ordering::Equal => Outcome::draw(players),
        };
        Some(result.with_teams(self.teams()))
    }

    fn determinize(view: &FusionView, rng: &mut Rng) -> Self {
        view::determinize(view, rng)
    }

    /// The Deck's order and the seed of later shuffles are set at the start.
    const HIDDEN_FUTURE: Option<HiddenFutureHooks<Self>> = Some(HiddenFutureHooks::of());

    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        view::resample_hidden(self, observer, rng)
    }

    /// The Deck may be dealt by the devices themselves (`dealt`).
    const DEALT: Option<DealtHooks<Self>> = Some(DealtHooks::of());

    /// A card laid to challenge or to enter a Throwdown stays face down.
    const FACE_DOWN: Option<FaceDownHooks<Self>> = Some(FaceDownHooks::of());
}

impl FaceDown for Fusion {
    /// A card laid from the Stash to challenge or to enter a Throwdown: everyone sees that a
    /// card was laid (outline 0), and which when the initiative stack turns it. A Card-Assist:
    /// everyone sees its discard (outline 1 + the discard's face) and how many cards went on,
    /// the card handed on only its giver and receiver. Every other choice is shown as it is
    /// made.
    fn outline(&self, _seat: Seat, action: &Action) -> Option<u8> {
        match action {
            Action::Lay(_) => Some(0),
            Action::Assist { discard, give: Some(_) } => Some(1 + discard.number()),
            _ => None,
        }
    }
}

impl Dealt for Fusion {
    fn dealing(setup: &Setup) -> Dealing {
        dealt::dealing(setup)
    }

    fn cards_of(action: &Action) -> Vec<u16> {
        dealt::cards_of(action)
    }

    fn card_moves(events: &[Event]) -> Vec<CardMove> {
        dealt::card_moves(events)
    }

    fn shown_at_once(action: &Action) -> Vec<u16> {
        dealt::shown_at_once(action)
    }

    fn passed_of(action: &Action) -> Vec<u16> {
        dealt::passed_of(action)
    }

    fn dealt_setup(setup: &Setup, orders: &[Vec<u16>]) -> Setup {
        dealt::dealt_setup(setup, orders)
    }
}

impl HiddenFuture for Fusion {
    fn determinize_table(views: &[FusionView], rng: &mut Rng) -> Option<Self> {
        view::determinize_table(views, rng)
    }
}

#[cfg(test)]
mod tests;
