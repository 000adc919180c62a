//! Worked examples as data: a setup, each step's actions with a line of narration, and what
//! must be true afterwards. The rules' examples are tests and can be watched on the rules page.

use super::action::Act;
use super::setup::Setup;
use super::state::{Phase, Rumble};
use dojo_engine::{Joint, PerSeat};
use serde::{Deserialize, Serialize};

/// A scripted game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// Short identifier, used in links.
    pub id: String,
    /// Title shown on the rules page.
    pub title: String,
    /// What the example shows.
    pub summary: String,
    /// The starting setup.
    pub setup: Setup,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One joint action of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// Each seat's action; `null` for a seat that does not act.
    pub acts: Vec<Option<Act>>,
    /// What happens, in our words.
    pub narration: String,
    /// What must hold afterwards.
    #[serde(default)]
    pub expect: Expect,
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
    [
        include_str!("scenarios/mantisman-allocation.json"),
        include_str!("scenarios/mantisman-powers.json"),
        include_str!("scenarios/breeze-flight.json"),
    ]
    .iter()
    .map(|text| serde_json::from_str(text).expect("built-in scenario files are valid"))
    .collect()
}

impl Scenario {
    /// Plays the scenario, checking every expectation; the final state, or the first failure.
    pub fn run(&self) -> Result<Rumble, String> {
        let joints: Vec<Joint<Act>> = self.steps.iter().map(|s| PerSeat(s.acts.clone())).collect();
        dojo_engine::play_script(&self.id, &self.setup, &joints, |i, state, _events| self.steps[i].expect.check(state))
    }
}

impl Expect {
    fn check(&self, state: &Rumble) -> Result<(), String> {
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
