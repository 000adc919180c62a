//! Worked examples as data: a setup, the plays of each step with a line of narration, and what
//! must be true after each step. The rules' examples are tests and can be watched on the site.

use super::card::Card;
use super::setup::Setup;
use super::state::Punish;
use dojo_engine::Seat;
use dojo_engine::scenario::{Expectation, ScenarioGame};
use serde::{Deserialize, Serialize};

/// A scripted match.
pub type Scenario = dojo_engine::scenario::Scenario<Punish>;

/// One joint play of a scenario.
pub type Step = dojo_engine::scenario::Step<Punish>;

impl ScenarioGame for Punish {
    type Start = Setup;
    type Expect = Expect;
}

/// Facts checked after a step; absent fields are not checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    /// Hearts of each player.
    pub hearts: Option<[u8; 2]>,
    /// Whether each player is EXHAUSTED for the next breath.
    pub exhausted: Option<[bool; 2]>,
    /// The measure now being played.
    pub measure: Option<u16>,
    /// The cards revealed out of play.
    pub revealed: Option<Vec<Card>>,
    /// Whether the step's attacks clashed.
    pub clash: Option<bool>,
    /// The winner of the game, once it is over.
    pub game_winner: Option<Seat>,
}

/// The rules' worked examples, in order.
pub fn rules_examples() -> Vec<Scenario> {
    Scenario::built_in(&[
        include_str!("scenarios/example-1.json"),
        include_str!("scenarios/example-2.json"),
        include_str!("scenarios/example-3.json"),
    ])
}

impl Expectation<Punish> for Expect {
    fn check(&self, state: &Punish, events: &[super::Event]) -> Result<(), String> {
        let seats = [Seat(0), Seat(1)];
        if let Some(want) = self.hearts {
            let got = seats.map(|s| state.hearts(s));
            if got != want {
                return Err(format!("hearts are {got:?}, expected {want:?}"));
            }
        }
        if let Some(want) = self.exhausted {
            let got = seats.map(|s| state.statuses(s).exhausted);
            if got != want {
                return Err(format!("exhausted is {got:?}, expected {want:?}"));
            }
        }
        if let Some(want) = self.measure
            && state.measure() != want
        {
            return Err(format!("measure is {}, expected {want}", state.measure()));
        }
        if let Some(want) = &self.revealed {
            let (mut got, mut want) = (state.revealed().to_vec(), want.clone());
            dojo_engine::sorting::sort(&mut got);
            dojo_engine::sorting::sort(&mut want);
            if got != want {
                return Err(format!("revealed cards are {got:?}, expected {want:?}"));
            }
        }
        if let Some(want) = self.clash {
            let got = events.iter().any(|e| matches!(e, super::Event::Clash { .. }));
            if got != want {
                return Err(format!("clash is {got}, expected {want}"));
            }
        }
        if let Some(want) = self.game_winner
            && state.game_winners().first() != Some(&want)
        {
            return Err(format!("game winner is {:?}, expected {want}", state.game_winners().first()));
        }
        Ok(())
    }
}
