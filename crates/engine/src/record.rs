//! Game records: a setup plus the joint actions played, replayable bit for bit.

use crate::game::{Game, IllegalAction, Joint, apply};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A whole game as data: which game, how it was set up, and every joint action in order.
///
/// As JSON: `{"format": 1, "game": "punish", "setup": {…}, "actions": [[{…}, null], …]}`; each
/// entry of `actions` has one slot per seat, `null` for a seat that did not act in that step.
///
/// A record keeps its meaning in every later version of the engines: its setup holds every
/// option it was played with, and an option added later reads as "absent" in an older record,
/// which each game's setup maps to the behaviour from before the option existed (never to the
/// new option's default). `format` says how the record itself is written
/// ([`RECORD_FORMAT`]); records written before it was numbered read as format 0, which is
/// the same layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize"))]
#[serde(bound(deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>"))]
pub struct GameRecord<G: Game> {
    /// How the record is written: [`RECORD_FORMAT`] for records made now, 0 for records made
    /// before formats were numbered.
    #[serde(default)]
    pub format: u32,
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The starting setup.
    pub setup: G::Setup,
    /// The joint actions, in the order they were applied.
    pub actions: Vec<Joint<G::Action>>,
}

/// The format of the records this version writes ([`GameRecord::format`]); it reads every
/// earlier one.
pub const RECORD_FORMAT: u32 = 1;

/// The most steps a record may hold. Far beyond any game people play (the longest bot-against-bot
/// games of every mode stay in the hundreds), it keeps a hostile record from a link, a save or an
/// import from making a reader replay without end.
pub const MAX_STEPS: usize = 20_000;

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError<G: Game> {
    /// The record was written by a newer version of the site, in a format this one cannot read.
    NewerFormat {
        /// The record's format.
        format: u32,
    },
    /// The record names another game.
    WrongGame {
        /// The game the record names.
        found: String,
    },
    /// The record holds more than [`MAX_STEPS`] steps.
    TooLong {
        /// Its steps.
        steps: usize,
    },
    /// The setup is invalid.
    Setup(G::SetupError),
    /// Step `step` (counted from 1) is illegal in the position reached so far.
    Step {
        /// The first bad step, counted from 1.
        step: usize,
        /// Why it is illegal.
        error: IllegalAction<G::Reason>,
    },
}

impl<G: Game> fmt::Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::NewerFormat { format } => {
                write!(f, "this record was written by a newer version (format {format}; this one reads up to {RECORD_FORMAT})")
            }
            ReplayError::WrongGame { found } => write!(f, "this record is for game {found:?}, not {:?}", G::NAME),
            ReplayError::TooLong { steps } => write!(f, "this record holds {steps} steps, more than the {MAX_STEPS} any game is allowed"),
            ReplayError::Setup(e) => write!(f, "the setup is invalid: {e}"),
            ReplayError::Step { step, error } => write!(f, "step {step} is illegal: {error}"),
        }
    }
}

impl<G: Game> GameRecord<G> {
    /// A record with no actions yet.
    pub fn new(setup: G::Setup) -> Self {
        GameRecord { format: RECORD_FORMAT, game: G::NAME.to_string(), setup, actions: Vec::new() }
    }

    /// Plays the record from its setup and returns the final state.
    pub fn replay(&self) -> Result<G, ReplayError<G>> {
        self.replay_with(|_, _| {})
    }

    /// Plays the record, calling `each` with every step's index (from 0) and events.
    pub fn replay_with(&self, mut each: impl FnMut(usize, &[G::Event])) -> Result<G, ReplayError<G>> {
        if self.format > RECORD_FORMAT {
            return Err(ReplayError::NewerFormat { format: self.format });
        }
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame { found: self.game.clone() });
        }
        if self.actions.len() > MAX_STEPS {
            return Err(ReplayError::TooLong { steps: self.actions.len() });
        }
        let mut state = G::from_setup(&self.setup).map_err(ReplayError::Setup)?;
        for (i, joint) in self.actions.iter().enumerate() {
            let events = apply(&mut state, joint).map_err(|error| ReplayError::Step { step: i + 1, error })?;
            each(i, &events);
        }
        Ok(state)
    }
}

/// Plays a scripted game (a worked example): builds the state from `setup`, applies each joint
/// action and calls `check` with the step (from 0), the state and the events. Errors are in words
/// and name the script `id` and the step (from 1).
pub fn play_script<'a, G: Game + 'a>(
    id: &str,
    setup: &G::Setup,
    steps: impl IntoIterator<Item = &'a Joint<G::Action>>,
    mut check: impl FnMut(usize, &G, &[G::Event]) -> Result<(), String>,
) -> Result<G, String> {
    let mut state = G::from_setup(setup).map_err(|e| format!("{id}: setup refused: {e}"))?;
    for (i, joint) in steps.into_iter().enumerate() {
        let events = apply(&mut state, joint).map_err(|e| format!("{id} step {}: {e}", i + 1))?;
        check(i, &state, &events).map_err(|e| format!("{id} step {}: {e}", i + 1))?;
    }
    Ok(state)
}
