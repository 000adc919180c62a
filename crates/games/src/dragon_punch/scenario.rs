//! Worked examples as data: the characters, each step's actions with a line of narration, and
//! what must hold after it. They run as tests (and will be watchable on the rules page), on our
//! reconstructed set.

use super::resolve::Fate;
use super::state::{Action, DragonPunch, Phase};
use super::{Event, Setup, set};
use dojo_engine::{Joint, PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// A scripted match on the reconstructed set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Short identifier, used in links (`#example-…`).
    pub id: String,
    /// Title shown on the rules page.
    pub title: String,
    /// What the example shows.
    pub summary: String,
    /// Each player's character, by its place in the set.
    pub characters: [usize; 2],
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One joint action of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Each player's action; `null` for a player who does not act.
    pub plays: Vec<Option<Action>>,
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
    /// Each player's health.
    pub health: Option<Vec<u8>>,
    /// Who holds the Initiative now.
    pub initiative: Option<Option<Seat>>,
    /// The fates of each player's attacks, High first, in this step's comparison.
    pub fates: Option<[Vec<Fate>; 2]>,
    /// Damage each player dealt in this step's comparison.
    pub damage: Option<[u8; 2]>,
    /// Where the match stands.
    pub phase: Option<Phase>,
}

/// The rulebook's two worked examples, in the order the rules page shows them.
pub fn rules_examples() -> Vec<Scenario> {
    [include_str!("scenarios/low-poke-combo-kick.json"), include_str!("scenarios/meteor-storm-fireball.json")]
        .iter()
        .map(|text| serde_json::from_str(text).expect("built-in scenario files are valid"))
        .collect()
}

impl Scenario {
    /// The setup: our reconstructed set and the scenario's characters.
    pub fn setup(&self) -> Setup {
        Setup::standard(set::reconstructed(), self.characters)
    }

    /// Plays the scenario, checking every expectation. Returns the final state, or the first
    /// failure in words.
    pub fn run(&self) -> Result<DragonPunch, String> {
        let joints: Vec<Joint<Action>> = self.steps.iter().map(|s| PerSeat(s.plays.clone())).collect();
        dojo_engine::play_script(&self.id, &self.setup(), &joints, |i, state, events| self.steps[i].expect.check(state, events))
    }
}

fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: &Option<T>) -> Result<(), String> {
    match want {
        Some(want) if *want != got => Err(format!("{what} is {got:?}, expected {want:?}")),
        _ => Ok(()),
    }
}

impl Expect {
    fn check(&self, state: &DragonPunch, events: &[Event]) -> Result<(), String> {
        same("health", vec![state.health(0), state.health(1)], &self.health)?;
        same("initiative", state.initiative.map(|p| Seat(p as u8)), &self.initiative)?;
        same("phase", state.phase(), &self.phase)?;
        let compared = events.iter().find_map(|e| match e {
            Event::Compared { strikes, damage } => Some((strikes.clone().map(|list| list.iter().map(|s| s.fate).collect()), *damage)),
            _ => None,
        });
        if self.fates.is_some() || self.damage.is_some() {
            let (fates, damage) = compared.ok_or("no moves were compared in this step")?;
            same("fates", fates, &self.fates)?;
            same("damage", damage, &self.damage)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rulebook_examples_play_as_narrated() {
        for scenario in rules_examples() {
            scenario.run().unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
