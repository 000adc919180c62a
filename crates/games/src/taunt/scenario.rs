//! Worked examples as data: a setup, the actions of each step with a line of narration, and what
//! must be true after each step. Each clarification of the rules is one of these files; they run
//! as tests and can be watched on the rules page.

use super::moves::{Slot, Slots};
use super::setup::{Half, Position, Setup};
use super::state::Taunt;
use super::{Event, Phase};
use dojo_engine::Seat;
use dojo_engine::scenario::{Expectation, ScenarioGame, same};
use serde::{Deserialize, Serialize};

/// A scripted fight.
pub type Scenario = dojo_engine::scenario::Scenario<Taunt>;

/// One joint action of a scenario.
pub type Step = dojo_engine::scenario::Step<Taunt>;

impl ScenarioGame for Taunt {
    type Start = Setup;
    type Expect = Expect;
}

/// Facts checked after a step; absent fields are not checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    /// Damage of each fighter.
    pub damage: Option<Vec<u8>>,
    /// Charge tokens of each fighter.
    pub charge: Option<Vec<u8>>,
    /// Block tokens of each fighter.
    pub blocks: Option<Vec<u8>>,
    /// Disabled cards of each fighter.
    pub disabled: Option<Vec<Slots>>,
    /// The Position (of a duel, or of the last two in a circle).
    pub position: Option<Position>,
    /// A circle's markers, each fighter's with the next one still in it.
    pub markers: Option<Vec<Position>>,
    /// A Team Battle's halves of the Dojo.
    pub halves: Option<Vec<Half>>,
    /// Whether each fighter is out (of the circle, or a Team Spirit).
    pub out: Option<Vec<bool>>,
    /// Each Wampire's blood.
    pub blood: Option<Vec<u16>>,
    /// The final places of a mode for more fighters, first place first.
    pub places: Option<Vec<Vec<Seat>>>,
    /// Whether each fighter is knocked down.
    pub knocked_down: Option<Vec<bool>>,
    /// Whether each fighter may not play Attacks next turn.
    pub attacks_locked: Option<Vec<bool>>,
    /// Cards each fighter has face down.
    pub queued: Option<Vec<u8>>,
    /// Moves interrupted in this step.
    pub interrupted: Option<Vec<Slot>>,
    /// Where the match stands.
    pub phase: Option<Phase>,
    /// Winners of the finished fights so far.
    pub results: Option<Vec<Option<Seat>>>,
    /// Monsters: each trainer's monster in play, 0 to 2.
    pub active: Option<Vec<u8>>,
    /// Monsters: each trainer's disabled cards, counted over all three monsters.
    pub team_disabled: Option<Vec<u8>>,
}

/// Scenarios that pin a rule in every mode but are not shown on the rules page.
pub fn rule_checks() -> Vec<Scenario> {
    Scenario::built_in(&[
        include_str!("scenarios/ffa-equal-kicks.json"),
        include_str!("scenarios/lps-equal-kicks.json"),
        include_str!("scenarios/team-equal-grabs.json"),
        include_str!("scenarios/wampire-ffa-equal-kicks.json"),
    ])
}

/// The rules' clarifications and a few more examples, in the order the rules page shows them.
pub fn rules_examples() -> Vec<Scenario> {
    Scenario::built_in(&[
        include_str!("scenarios/taunt-hit-while-charging.json"),
        include_str!("scenarios/equal-grabs.json"),
        include_str!("scenarios/block-higher-level.json"),
        include_str!("scenarios/shoot-at-far.json"),
        include_str!("scenarios/knockdown.json"),
        include_str!("scenarios/three-disabled.json"),
        include_str!("scenarios/critical-interrupt.json"),
        include_str!("scenarios/taunting-combo.json"),
        include_str!("scenarios/ffa-run-and-near-first.json"),
        include_str!("scenarios/ffa-equal-runs.json"),
        include_str!("scenarios/ffa-equal-grabs.json"),
        include_str!("scenarios/ffa-first-defeat.json"),
        include_str!("scenarios/lps-circle-closes.json"),
        include_str!("scenarios/lps-last-two.json"),
        include_str!("scenarios/lps-places.json"),
        include_str!("scenarios/team-run-crosses.json"),
        include_str!("scenarios/team-spirit-gift.json"),
        include_str!("scenarios/team-throw.json"),
        include_str!("scenarios/wampire-bite.json"),
        include_str!("scenarios/wampire-knockout.json"),
        include_str!("scenarios/wampire-reflect.json"),
        include_str!("scenarios/monsters-switch.json"),
        include_str!("scenarios/monsters-peril-and-heal.json"),
        include_str!("scenarios/monsters-team-loss.json"),
    ])
}

impl Expectation<Taunt> for Expect {
    fn check(&self, state: &Taunt, events: &[Event]) -> Result<(), String> {
        fn each<T>(state: &Taunt, f: impl Fn(Seat) -> T) -> Vec<T> {
            Seat::all(state.fighter_count()).map(f).collect()
        }
        same("damage", each(state, |s| state.corner(s).damage), &self.damage)?;
        same("charge", each(state, |s| state.corner(s).charge), &self.charge)?;
        same("blocks", each(state, |s| state.corner(s).blocks), &self.blocks)?;
        same("queued", each(state, |s| state.queued(s) as u8), &self.queued)?;
        same("disabled", each(state, |s| state.corner(s).disabled), &self.disabled)?;
        same("knocked down", each(state, |s| state.corner(s).knocked_down), &self.knocked_down)?;
        same("attacks locked", each(state, |s| state.corner(s).attacks_locked), &self.attacks_locked)?;
        same("out", each(state, |s| state.corner(s).out), &self.out)?;
        same("blood", each(state, |s| state.corner(s).blood), &self.blood)?;
        same("position", state.position(), &self.position)?;
        same("markers", state.markers.to_vec(), &self.markers)?;
        same("halves", state.halves.to_vec(), &self.halves)?;
        same("places", state.places.clone(), &self.places)?;
        same("phase", state.phase(), &self.phase)?;
        same("results", state.results().to_vec(), &self.results)?;
        let trainers = state.monsters.as_ref().map(|m| m.trainers);
        let active = trainers.map(|t| t.iter().map(|t| t.active).collect::<Vec<_>>());
        let team_disabled = trainers.map(|t| t.iter().map(|t| t.disabled_count() as u8).collect::<Vec<_>>());
        if self.active.is_some() || self.team_disabled.is_some() {
            same("active monsters", active.ok_or("not a Monsters battle")?, &self.active)?;
            same("team's disabled cards", team_disabled.ok_or("not a Monsters battle")?, &self.team_disabled)?;
        }
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
