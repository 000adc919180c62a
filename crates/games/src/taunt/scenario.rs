//! Worked examples as data: a setup, the actions of each step with a line of narration, and what
//! must be true after each step. Each clarification of the rules is one of these files; they run
//! as tests and can be watched on the rules page.

use super::moves::{Slot, Slots};
use super::setup::{Position, Setup};
use super::state::{Action, Taunt};
use super::{Event, Phase};
use dojo_engine::{Joint, PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// A scripted fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Short identifier, used in links (`#example-grab-vs-grab`).
    pub id: String,
    /// Title shown on the rules page.
    pub title: String,
    /// What the example shows, in a sentence or two.
    pub summary: String,
    /// The starting setup.
    pub setup: Setup,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One joint action of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Each player's action; `null` for a player who does not act.
    pub plays: [Option<Action>; 2],
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
    /// Damage of each fighter.
    pub damage: Option<[u8; 2]>,
    /// Charge tokens of each fighter.
    pub charge: Option<[u8; 2]>,
    /// Block tokens of each fighter.
    pub blocks: Option<[u8; 2]>,
    /// Disabled cards of each fighter.
    pub disabled: Option<[Slots; 2]>,
    /// The Position.
    pub position: Option<Position>,
    /// Whether each fighter is knocked down.
    pub knocked_down: Option<[bool; 2]>,
    /// Whether each fighter may not play Attacks next turn.
    pub attacks_locked: Option<[bool; 2]>,
    /// Cards each fighter has face down.
    pub queued: Option<[u8; 2]>,
    /// Moves interrupted in this step.
    pub interrupted: Option<Vec<Slot>>,
    /// Where the match stands.
    pub phase: Option<Phase>,
    /// Winners of the finished fights so far.
    pub results: Option<Vec<Option<Seat>>>,
}

/// The rules' clarifications and a few more examples, in the order the rules page shows them.
pub fn rules_examples() -> Vec<Scenario> {
    [
        include_str!("scenarios/taunt-hit-while-charging.json"),
        include_str!("scenarios/equal-grabs.json"),
        include_str!("scenarios/block-higher-level.json"),
        include_str!("scenarios/shoot-at-far.json"),
        include_str!("scenarios/knockdown.json"),
        include_str!("scenarios/three-disabled.json"),
        include_str!("scenarios/critical-interrupt.json"),
        include_str!("scenarios/taunting-combo.json"),
    ]
    .iter()
    .map(|text| serde_json::from_str(text).expect("built-in scenario files are valid"))
    .collect()
}

impl Step {
    /// The step as a joint action.
    pub fn joint(&self) -> Joint<Action> {
        PerSeat(self.plays.to_vec())
    }
}

impl Scenario {
    /// Plays the scenario, checking every expectation. Returns the final state, or the first
    /// failure in words.
    pub fn run(&self) -> Result<Taunt, String> {
        let joints: Vec<Joint<_>> = self.steps.iter().map(Step::joint).collect();
        dojo_engine::play_script(&self.id, &self.setup, &joints, |i, state, events| self.steps[i].expect.check(state, events))
    }
}

fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: &Option<T>) -> Result<(), String> {
    match want {
        Some(want) if *want != got => Err(format!("{what} is {got:?}, expected {want:?}")),
        _ => Ok(()),
    }
}

impl Expect {
    fn check(&self, state: &Taunt, events: &[Event]) -> Result<(), String> {
        let both = |f: &dyn Fn(Seat) -> u8| [f(Seat(0)), f(Seat(1))];
        same("damage", both(&|s| state.corner(s).damage), &self.damage)?;
        same("charge", both(&|s| state.corner(s).charge), &self.charge)?;
        same("blocks", both(&|s| state.corner(s).blocks), &self.blocks)?;
        same("queued", both(&|s| state.queued(s) as u8), &self.queued)?;
        same("disabled", [state.corner(Seat(0)).disabled, state.corner(Seat(1)).disabled], &self.disabled)?;
        same("knocked down", [state.corner(Seat(0)).knocked_down, state.corner(Seat(1)).knocked_down], &self.knocked_down)?;
        same("attacks locked", [state.corner(Seat(0)).attacks_locked, state.corner(Seat(1)).attacks_locked], &self.attacks_locked)?;
        same("position", state.position(), &self.position)?;
        same("phase", state.phase(), &self.phase)?;
        same("results", state.results().to_vec(), &self.results)?;
        let interrupted: Vec<Slot> = events
            .iter()
            .filter_map(|e| match e {
                Event::Interrupted { slot, .. } => Some(*slot),
                _ => None,
            })
            .collect();
        same("interrupted moves", interrupted, &self.interrupted)
    }
}
