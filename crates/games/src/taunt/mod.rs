//! # TAUNT
//!
//! Two fighters trade moves one turn at a time. Each turn both pick a move card in secret and
//! reveal together; the moves act in order of the number on the card (Block 1, Run 2, Punch 3,
//! Grab 4, Shoot 5, Kick 6, Charge and Heal 7, TAUNT 8). Damage moves a marker along the
//! fighter's Danger Track, and the colour of the space it lands on (White, Yellow, Orange, Red)
//! picks the Peril letters of the hit: each letter disables one of the victim's move cards.
//! Three disabled cards at the end of a turn lose the fight. Charge tokens raise the level of
//! the next move; TAUNT, if nothing hurts its player, lets them lay a combo of moves face down
//! for the coming turns, each uninterrupted one adding charge.
//!
//! | parameter | value |
//! |---|---|
//! | players | 2 in a duel or Monsters; 3–6 in Free-for-All and Last Pobber Standing; 4 in a 2v2 Team Battle ([`Battle`]) |
//! | move cards | 9 per fighter, one per slot of [`Slot::ALL`]: the four Attacks and five more |
//! | fighters | Mooshmere, Wollypobber, Tuggle, TeaBot (TeaShot), Tremble (Counter) |
//! | Danger Track | the fighter's Critical Damage: 20, 25 or 30 spaces after 0 |
//! | modes | Red the last 4 spaces, Orange the 6 before, Yellow the 6 before, White the rest |
//! | charge | 0–3 tokens; the level of a move |
//! | block tokens | 3–5 by fighter |
//! | loss | 3 disabled cards at the end of a turn |
//! | series | duels only: best of 1, 3 (default) or 5; the winner keeps their damage less their Recovery |
//! | options | which Heal card; Recovery between fights on or off; passing charge; Wampires (30 blood instead of a track) |
//! | Monsters | two trainers, three secret monsters of five cards each from two standard decks ([`monsters`]) |
//!
//! Every decision the v0.4 text leaves open is written in `notes.md` beside this file
//! ([`INTERPRETATION_NOTES`]), which the rules page shows as well.

pub(crate) mod act;
mod combo;
mod event;
mod fighter;
mod hints;
pub mod modes_data;
pub mod monsters;
pub mod moves;
mod ring;
pub mod scenario;
mod setup;
mod state;
mod tools;
pub mod track;
mod view;

pub use act::Turn;
pub use event::{ChargeCause, Event, Miss};
pub use fighter::{FIGHTERS, Fighter, FighterId, HealCard, RunType};
pub use moves::{MoveCard, Slot, Slots};
pub use ring::{Fighters, MAX_FIGHTERS};
pub use setup::{Battle, Half, Options, Position, Setup, SetupError, Start};
pub use state::{Action, Corner, Decision, Flip, Phase, Refusal, Taunt};
pub use track::Mode;
pub use view::{TauntView, queueable};

use dojo_engine::{FaceDown, FaceDownHooks, Game, Joint, Observer, Outcome, Rng, Seat};

pub use crate::duel::rival;

/// Charge tokens a fighter can hold: the highest level is L3.
pub const MAX_CHARGE: u8 = 3;

/// Disabled cards at the end of a turn that lose the fight.
pub const DISABLED_TO_LOSE: usize = 3;

/// The last turn of a fight: if nobody has lost by its end, the judges decide (notes, "Time
/// limit").
pub const TURN_LIMIT: u16 = 200;

/// TAUNT's rules in our own words (the site's small Markdown with live directives).
pub const RULES_TEXT: &str = include_str!("rules.md");

/// TAUNT's interpretation notes (Markdown): every open point of the v0.4 text and how we decided it.
pub const INTERPRETATION_NOTES: &str = include_str!("notes.md");

/// What the table shows at once of a face-down choice: that a card was laid (a combo card or a
/// trainer's draft, whichever card it is), or that the laying stopped.
impl FaceDown for Taunt {
    fn outline(&self, _seat: Seat, action: &Action) -> Option<u8> {
        match action {
            Action::Queue(_) | Action::Draft(_) => Some(0),
            Action::EndQueue => Some(1),
            _ => None,
        }
    }
}

impl Game for Taunt {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = TauntView;

    const NAME: &'static str = "taunt";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    const HAS_TEAMS: bool = true;

    /// Combo cards and a trainer's drafts stay face down.
    const FACE_DOWN: Option<FaceDownHooks<Self>> = Some(FaceDownHooks::of());

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Taunt::start(setup)
    }

    fn seat_count(&self) -> usize {
        self.fighter_count()
    }

    fn decision(&self, seat: Seat) -> Option<Decision> {
        if seat.index() >= self.fighter_count() {
            return None;
        }
        self.decision_of(seat)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if seat.index() >= self.fighter_count() {
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

    fn view(&self, observer: Observer) -> TauntView {
        view::view(self, observer)
    }

    fn teams(&self) -> Vec<Vec<Seat>> {
        if self.options.battle != Battle::Team {
            return Vec::new();
        }
        (0..2).map(|k| Seat::all(self.fighter_count()).filter(|s| self.team_of(s.index()) == k).collect()).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::MatchOver {
            return None;
        }
        if !self.options.battle.is_duel() {
            return Some(Outcome::ranked(self.places.clone()).with_teams(self.teams()));
        }
        // The most fight wins takes the series; equal wins (a series stopped by an even time
        // limit) are a draw.
        let seats = || Seat::all(self.fighter_count());
        let most = seats().map(|s| self.wins[s.index()]).max().expect("a fight has fighters");
        let leaders: Vec<Seat> = seats().filter(|s| self.wins[s.index()] == most).collect();
        Some(if leaders.len() == 1 { Outcome::winner(leaders[0], seats()) } else { Outcome::draw(seats()) })
    }

    fn determinize(view: &TauntView, rng: &mut Rng) -> Self {
        view::determinize(view, rng)
    }

    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        view::resample_hidden(self, observer, rng)
    }
}

#[cfg(test)]
mod tests;
