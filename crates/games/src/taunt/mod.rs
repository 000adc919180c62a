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
//! | players | 2 |
//! | move cards | 9 per fighter, one per slot of [`Slot::ALL`]: the four Attacks and five more |
//! | fighters | Mooshmere, Wollypobber, Tuggle, TeaBot (TeaShot), Tremble (Counter) |
//! | Danger Track | the fighter's Critical Damage: 20, 25 or 30 spaces after 0 |
//! | modes | Red the last 4 spaces, Orange the 6 before, Yellow the 6 before, White the rest |
//! | charge | 0–3 tokens; the level of a move |
//! | block tokens | 3–5 by fighter |
//! | loss | 3 disabled cards at the end of a turn |
//! | series | best of 1, 3 (default) or 5; the winner keeps their damage less their Recovery |
//! | options | which Heal card; Recovery between fights on or off |
//!
//! Every decision the v0.4 text leaves open is written in `notes.md` beside this file
//! ([`INTERPRETATION_NOTES`]), which the rules page shows as well.

mod act;
mod event;
mod fighter;
pub mod moves;
pub mod scenario;
mod setup;
mod state;
pub mod track;
mod view;

pub use event::{ChargeCause, Event, Miss};
pub use fighter::{FIGHTERS, Fighter, FighterId, HealCard, RunType};
pub use moves::{MoveCard, Slot, Slots};
pub use setup::{Options, Position, Setup, SetupError, Start};
pub use state::{Action, Corner, Decision, Phase, Refusal, Taunt};
pub use track::Mode;
pub use view::{TauntView, queueable};

use dojo_engine::{Game, Joint, Outcome, PerSeat, Rng, Seat};

/// Charge tokens a fighter can hold: the highest level is L3.
pub const MAX_CHARGE: u8 = 3;

/// Disabled cards at the end of a turn that lose the fight.
pub const DISABLED_TO_LOSE: usize = 3;

/// TAUNT's rules in our own words (the site's small Markdown with live directives).
pub const RULES_TEXT: &str = include_str!("rules.md");

/// TAUNT's interpretation notes (Markdown): every open point of the v0.4 text and how we decided it.
pub const INTERPRETATION_NOTES: &str = include_str!("notes.md");

impl Game for Taunt {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Action;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = TauntView;

    const NAME: &'static str = "taunt";

    /// A random fight lasts about forty turns; the heuristic reads the track and the disabled
    /// cards well enough that a short look ahead is worth more than more long playouts.
    const PLAYOUT_HORIZON: usize = 10;

    /// A TAUNT simulation costs several times a PUNISH one (longer fights, two tracks to
    /// read), so each level runs two thirds of its simulations: Hard (about 4,000) decides in
    /// about 20 ms natively and 50 ms in a browser. At a third, Hard beat the greedy yardstick
    /// in 61% of fights; at two thirds, 76%. Measured with `dojo bot-eval taunt`.
    const SEARCH_EFFORT: f64 = 0.66;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Taunt::start(setup)
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

    fn view_for(&self, seat: Seat) -> TauntView {
        view::view_for(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::MatchOver {
            return None;
        }
        let winner = if self.wins[0] > self.wins[1] { Seat(0) } else { Seat(1) };
        Some(Outcome::winner(winner))
    }

    fn determinize(view: &TauntView, rng: &mut Rng) -> Self {
        view::determinize(view, rng)
    }

    fn resample_hidden(&self, observer: Seat, rng: &mut Rng) -> Self {
        view::resample_hidden(self, observer, rng)
    }

    /// Fights of a series are nearly independent, so search scores the fight being played.
    fn search_payoff(&self, root: &Self) -> Option<PerSeat<f64>> {
        self.results.get(root.results.len()).map(|result| match result {
            Some(w) => Outcome::winner(*w).payoff(2),
            None => PerSeat::filled(2, 0.5),
        })
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.payoff(2)[seat];
        }
        let standing = |s: usize| {
            let c = &self.corners[s];
            let critical = f64::from(c.fighter.card().critical_damage);
            let peril = c.disabled.len() as f64 / DISABLED_TO_LOSE as f64;
            let hurt = f64::from(c.damage) / critical;
            let power = f64::from(c.charge) / f64::from(MAX_CHARGE);
            let guard = f64::from(c.blocks) / f64::from(c.fighter.card().block_tokens);
            -0.5 * peril * peril - 0.6 * peril - 0.25 * hurt + 0.08 * power + 0.05 * guard - if c.knocked_down { 0.1 } else { 0.0 }
        };
        let s = seat.index();
        let wins = (f64::from(self.wins[s]) - f64::from(self.wins[1 - s])) / f64::from(self.options.wins_needed());
        (0.5 + 0.35 * (standing(s) - standing(1 - s)) + 0.15 * wins).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests;
