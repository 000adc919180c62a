//! Worked examples as data: the characters, each step's actions with a line of narration, and
//! what must hold after it. They run as tests (and will be watchable on the rules page), on our
//! reconstructed set.

use super::resolve::Fate;
use super::state::{DragonPunch, Phase};
use super::{Event, Setup, set};
use dojo_engine::Seat;
use dojo_engine::scenario::{Expectation, ScenarioGame, same};
use serde::{Deserialize, Serialize};

/// A scripted match on the reconstructed set; its `setup` names each player's character by its
/// place in the set ([`Characters`]).
pub type Scenario = dojo_engine::scenario::Scenario<DragonPunch>;

/// One joint action of a scenario.
pub type Step = dojo_engine::scenario::Step<DragonPunch>;

/// A scenario's start: each player's character, by its place in our reconstructed set (in the
/// file, `"setup": [0, 1]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Characters(pub [usize; 2]);

impl From<Characters> for Setup {
    /// Our reconstructed set and the two characters.
    fn from(characters: Characters) -> Setup {
        Setup::standard(set::reconstructed(), characters.0)
    }
}

impl ScenarioGame for DragonPunch {
    type Start = Characters;
    type Expect = Expect;
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
    Scenario::built_in(&[include_str!("scenarios/low-poke-combo-kick.json"), include_str!("scenarios/meteor-storm-fireball.json")])
}

impl Expectation<DragonPunch> for Expect {
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
