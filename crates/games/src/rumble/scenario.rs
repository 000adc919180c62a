//! Worked examples as data: a setup, each step's actions with a line of narration, and what
//! must be true afterwards. The rules' examples are tests and can be watched on the rules page.

use super::setup::Setup;
use super::state::{Phase, Rumble};
use dojo_engine::scenario::{Expectation, ScenarioGame};
use serde::{Deserialize, Serialize};

/// A scripted game.
pub type Scenario = dojo_engine::scenario::Scenario<Rumble>;

/// One joint action of a scenario.
pub type Step = dojo_engine::scenario::Step<Rumble>;

impl ScenarioGame for Rumble {
    type Start = Setup;
    type Expect = Expect;
}

/// Facts checked after a step; absent fields are not checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    /// Every hero's Energy.
    pub energy: Option<Vec<i32>>,
    /// The phase reached.
    pub phase: Option<Phase>,
    /// Heroes knocked out so far.
    pub out: Option<Vec<u8>>,
}

/// The rules' worked examples, in order.
pub fn rules_examples() -> Vec<Scenario> {
    Scenario::built_in(&[
        include_str!("scenarios/mantisman-allocation.json"),
        include_str!("scenarios/mantisman-powers.json"),
        include_str!("scenarios/breeze-flight.json"),
    ])
}

impl Expectation<Rumble> for Expect {
    fn check(&self, state: &Rumble, _events: &[super::Event]) -> Result<(), String> {
        if let Some(want) = &self.energy {
            let got: Vec<i32> = state.heroes.iter().map(|h| h.energy).collect();
            if &got != want {
                return Err(format!("Energy is {got:?}, expected {want:?}"));
            }
        }
        if let Some(want) = self.phase
            && state.phase != want
        {
            return Err(format!("phase is {:?}, expected {want:?}", state.phase));
        }
        if let Some(want) = &self.out {
            let got: Vec<u8> = (0..state.heroes.len() as u8).filter(|h| !state.heroes[usize::from(*h)].standing()).collect();
            if &got != want {
                return Err(format!("heroes out are {got:?}, expected {want:?}"));
            }
        }
        Ok(())
    }
}
