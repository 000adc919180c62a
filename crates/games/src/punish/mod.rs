//! # PUNISH
//!
//! A two-player duel in *measures* of four *breaths*. Each breath both players pick one action
//! card in secret and reveal together; cards resolve by the priority printed on them (Guard 1,
//! Rush 2, Dodge 3, Strike 4, Punish 5), so a fast cheap hit can finish a player before their
//! big one lands. Two identical attacks CLASH and deal nothing; Punish leaves its player
//! EXHAUSTED for the next breath. After each measure the played and revealed cards are shuffled
//! back, hands refill to five, two cards are revealed out of play, and damaged players recover a
//! heart. Reaching zero hearts loses the game; matches are best of three.
//!
//! | parameter | value |
//! |---|---|
//! | players | 2 |
//! | deck | 15 action cards, 3 each of Guard, Rush, Dodge, Strike, Punish |
//! | hand | 5 |
//! | revealed out of play | 2 per measure |
//! | breaths per measure | 4 (3 with Blitz) |
//! | hearts | 3 (option, 1–9) |
//! | match | best of 3 (option: any odd number to 9) |
//! | optional rules | Blindfolded, Feint, Blitz; heart recovery can be turned off |
//!
//! Every decision the rules text leaves open is written down in `notes.md` beside this file
//! ([`INTERPRETATION_NOTES`]), which the rules page shows as well.

mod card;
mod dealt;
mod event;
mod hints;
pub mod scenario;
mod setup;
mod state;
mod tools;
mod view;

pub use card::{CARD_FACES, COPIES, Card, CardFace, Cards, DECK_SIZE, HAND_SIZE, OUT_OF_PLAY};
pub use event::{Blocker, Event, Speaker};
pub use setup::{Options, Setup, SetupError, Statuses};
pub use state::{Decision, Phase, Play, Punish, Refusal, Reveal};
pub use view::PunishView;

use dojo_engine::{
    CardMove, Dealing, Dealt, DealtHooks, FaceDown, FaceDownHooks, Game, HiddenFuture, HiddenFutureHooks, Joint, Observer, Outcome, Rng,
    Seat,
};

pub use crate::duel::rival;

/// PUNISH's rules in our own words (the site's small Markdown, with `::card`, `::example` and
/// `::notes` directives for live pieces).
pub const RULES_TEXT: &str = include_str!("rules.md");

/// PUNISH's interpretation notes (Markdown): every open point of the rules and how we decided it.
pub const INTERPRETATION_NOTES: &str = include_str!("notes.md");

impl Game for Punish {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Play;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = PunishView;

    const NAME: &'static str = "punish";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Punish::start(setup)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn decision(&self, seat: Seat) -> Option<Decision> {
        if seat.index() >= 2 || !self.acts(seat.index()) {
            return None;
        }
        Some(match self.phase {
            Phase::Planning => Decision::Plan { breath: self.plans[seat.index()].len() as u8 + 1 },
            _ => Decision::Play { breath: self.breath },
        })
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Play> {
        self.legal_plays(seat.index())
    }

    fn check(&self, seat: Seat, action: &Play) -> Result<(), Refusal> {
        self.check_play(seat.index(), action)
    }

    fn resolve(&mut self, joint: &Joint<Play>) -> Vec<Event> {
        self.step([joint.0[0], joint.0[1]])
    }

    fn view(&self, observer: Observer) -> PunishView {
        view::view(self, observer)
    }

    fn outcome(&self) -> Option<Outcome> {
        // A finished match always has a game winner; a position dealt from a doctored save might
        // not, and must not panic the page (the save is then refused: its views disagree).
        let winner = self.game_winners.last().filter(|_| self.phase == Phase::MatchOver)?;
        Some(Outcome::winner(*winner, Seat::all(2)))
    }

    fn determinize(view: &PunishView, rng: &mut Rng) -> Self {
        view::determinize(view, rng)
    }

    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        view::resample_hidden(self, observer, rng)
    }

    /// The deck's order and the seed of later shuffles are set at the start: a record tells
    /// every card still to be drawn.
    const HIDDEN_FUTURE: Option<HiddenFutureHooks<Self>> = Some(HiddenFutureHooks::of());

    /// Between devices the cards are dealt by the devices themselves (see `dealt.rs`).
    const DEALT: Option<DealtHooks<Self>> = Some(DealtHooks::of());

    /// A Blindfolded plan's outline: whether it leaves the next breath empty.
    const FACE_DOWN: Option<FaceDownHooks<Self>> = Some(FaceDownHooks::of());
}

impl HiddenFuture for Punish {
    fn determinize_table(views: &[PunishView], rng: &mut Rng) -> Option<Self> {
        view::determinize_table(views, rng)
    }
}

/// A Blindfolded plan stays face down until its breath; a Punish before the last breath
/// leaves the next one empty for all to see.
impl FaceDown for Punish {
    fn outline(&self, seat: Seat, play: &Play) -> Option<u8> {
        dealt::outline(self, seat, play)
    }
}

impl Dealt for Punish {
    fn dealing(_setup: &Setup) -> Dealing {
        dealt::dealing()
    }

    fn cards_of(play: &Play) -> Vec<u16> {
        vec![dealt::face(play.card)]
    }

    fn card_moves(events: &[Event]) -> Vec<CardMove> {
        dealt::card_moves(events)
    }

    fn dealt_setup(setup: &Setup, orders: &[Vec<u16>]) -> Setup {
        dealt::dealt_setup(setup, orders)
    }
}

#[cfg(test)]
mod tests;
