//! Worked examples as data, for every game: a setup, each step's joint action with a line of
//! narration, and what must hold after it. Each game says how its file's setup becomes a
//! [`Game::Setup`] and what its expectations check ([`ScenarioGame`]); reading, playing and
//! checking are the same for all. They run as tests and can be watched on the rules pages.

use crate::{Game, Joint, PerSeat, play_script};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// The facts a scenario step may check for game `G`; absent ones are not checked (so
/// `Default` checks nothing).
pub trait Expectation<G: Game>: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned {
    /// Checks the facts after a step: `Err` says, in words, the first one that does not hold.
    fn check(&self, state: &G, events: &[G::Event]) -> Result<(), String>;
}

/// A game whose worked examples are scenario files.
pub trait ScenarioGame: Game {
    /// What a file holds in place of the setup: the setup itself, or what it is built from
    /// (DRAGON PUNCH names two characters of its set).
    type Start: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Into<Self::Setup>;
    /// The facts a step may check.
    type Expect: Expectation<Self>;
}

/// A scripted game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(serialize = "", deserialize = ""))]
pub struct Scenario<G: ScenarioGame> {
    /// Short identifier, used in links (`#example-…`).
    pub id: String,
    /// Title shown on the rules page.
    pub title: String,
    /// What the example shows, in a sentence or two.
    pub summary: String,
    /// Names for the players, as the example calls them (none: the page's usual names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Where the game starts.
    pub setup: G::Start,
    /// The steps, in order.
    pub steps: Vec<Step<G>>,
}

/// One joint action of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(serialize = "", deserialize = ""))]
pub struct Step<G: ScenarioGame> {
    /// Each seat's action; `null` for a seat that does not act.
    pub plays: Vec<Option<G::Action>>,
    /// What happens, in our words.
    pub narration: String,
    /// What must hold afterwards.
    #[serde(default)]
    pub expect: G::Expect,
}

impl<G: ScenarioGame> Step<G> {
    /// The step as a joint action.
    pub fn joint(&self) -> Joint<G::Action> {
        PerSeat(self.plays.clone())
    }
}

impl<G: ScenarioGame> Scenario<G> {
    /// Reads scenario files built into a game (`include_str!`); a broken one is a bug in the
    /// build, caught by each game's tests.
    pub fn built_in(texts: &[&str]) -> Vec<Scenario<G>> {
        texts.iter().map(|text| serde_json::from_str(text).unwrap_or_else(|e| panic!("a built-in scenario file is invalid: {e}"))).collect()
    }

    /// The setup the scenario starts from.
    pub fn start(&self) -> G::Setup {
        self.setup.clone().into()
    }

    /// Plays the scenario, checking every expectation. Returns the final state, or the first
    /// failure in words (naming the scenario and the step).
    pub fn run(&self) -> Result<G, String> {
        let joints: Vec<Joint<G::Action>> = self.steps.iter().map(Step::joint).collect();
        play_script(&self.id, &self.start(), &joints, |i, state, events| self.steps[i].expect.check(state, events))
    }
}

/// For expectations: `Err` naming `what` if `want` is given and differs from `got`.
pub fn same<T: PartialEq + Debug>(what: &str, got: T, want: &Option<T>) -> Result<(), String> {
    match want {
        Some(want) if *want != got => Err(format!("{what} is {got:?}, expected {want:?}")),
        _ => Ok(()),
    }
}
