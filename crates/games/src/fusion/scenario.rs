//! Worked examples as data: the source's TL;DR Throwdown as we read it (notes `#tldr`) and
//! examples of our own for each Gambit outcome and each Throwdown action. They run as tests
//! and can be watched on the rules page.

use super::Event;
use super::cards::Card;
use super::gambit::Outcome;
use super::micro::Micro;
use super::setup::Setup;
use super::state::{Fusion, Phase};
use super::throwdown::Part;
use dojo_engine::scenario::{Expectation, ScenarioGame, same};
use dojo_engine::{Game, Seat};
use serde::{Deserialize, Serialize};

/// A scripted conflict.
pub type Scenario = dojo_engine::scenario::Scenario<Fusion>;

impl ScenarioGame for Fusion {
    type Start = Setup;
    type Expect = Expect;
}

/// Facts checked after a step; absent fields are not checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    /// Harmony.
    pub harmony: Option<u8>,
    /// Each pilot's Charges.
    pub charges: Option<Vec<u8>>,
    /// Each pilot's unspent Buffers.
    pub buffers: Option<Vec<u8>>,
    /// Each pilot's Commitments (Fight, Team).
    pub commitments: Option<Vec<(u8, u8)>>,
    /// Each pilot's Lessons.
    pub lessons: Option<Vec<u8>>,
    /// Each Threat's Rating.
    pub ratings: Option<Vec<u8>>,
    /// Cards in each seat's Stash, the Coach's last.
    pub stash_sizes: Option<Vec<u8>>,
    /// The seat whose turn it is.
    pub turn: Option<u8>,
    /// The top card of the Pile.
    pub top: Option<Card>,
    /// The Pile's cards, face-down ones first.
    pub pile: Option<Vec<Card>>,
    /// The live damage aimed at the pilots, oldest first.
    pub at_pilots: Option<Vec<Micro>>,
    /// The live damage aimed at the Coach's side.
    pub at_coach: Option<Vec<Micro>>,
    /// The Gambit's outcome.
    pub outcome: Option<Outcome>,
    /// The winner of each finished conflict.
    pub results: Option<Vec<Option<Part>>>,
    /// The Throwdown's winning side, once known.
    pub winner: Option<Part>,
    /// The spoils still to spend.
    pub spoils: Option<Vec<Card>>,
    /// Whether the step added a Strife for overreaching.
    pub overreach: Option<bool>,
    /// Whether the evening is over.
    pub over: Option<bool>,
}

/// The worked examples, in the order the rules page shows them.
pub fn rules_examples() -> Vec<Scenario> {
    Scenario::built_in(&[
        include_str!("scenarios/tldr.json"),
        include_str!("scenarios/gambit-outcomes.json"),
        include_str!("scenarios/throwdown-actions.json"),
        include_str!("scenarios/throwdown-more.json"),
    ])
}

impl Expectation<Fusion> for Expect {
    fn check(&self, state: &Fusion, events: &[Event]) -> Result<(), String> {
        let standing = state.standing();
        let pilots = &standing.pilots;
        same("Harmony", standing.harmony, &self.harmony)?;
        same("Charges", pilots.iter().map(|p| p.charges).collect(), &self.charges)?;
        same("Buffers", pilots.iter().map(|p| p.buffers).collect(), &self.buffers)?;
        same("Commitments", pilots.iter().map(|p| (p.fight, p.team)).collect(), &self.commitments)?;
        same("Lessons", pilots.iter().map(|p| p.lessons).collect(), &self.lessons)?;
        same("Ratings", standing.threats.iter().map(|t| t.rating).collect(), &self.ratings)?;
        same("Stash sizes", Seat::all(state.seat_count()).map(|s| state.stash(s).len() as u8).collect(), &self.stash_sizes)?;
        let turn = match state.phase() {
            Phase::Turn(s) => Some(s),
            _ => None,
        };
        if self.turn.is_some() {
            same("the turn", turn, &Some(self.turn))?;
        }
        let fight = state.fight();
        if self.top.is_some() {
            same("the top card", fight.and_then(|f| f.pile.top()).map(|c| c.card), &Some(self.top))?;
        }
        same("the Pile", fight.map(|f| f.pile.cards()).unwrap_or_default(), &self.pile)?;
        let live = |p: &super::payload::Payload| p.live().map(|e| e.micro.clone()).collect::<Vec<_>>();
        same("the damage aimed at the pilots", fight.map(|f| live(&f.at_pilots)).unwrap_or_default(), &self.at_pilots)?;
        same("the damage aimed at the Coach", fight.map(|f| live(&f.at_coach)).unwrap_or_default(), &self.at_coach)?;
        if self.outcome.is_some() {
            same("the outcome", state.gambit().and_then(|g| g.outcome), &Some(self.outcome))?;
        }
        same("the results", state.results().to_vec(), &self.results)?;
        if self.winner.is_some() {
            same("the winner", fight.and_then(|f| f.winner), &Some(self.winner))?;
        }
        same("the spoils", fight.map(|f| f.spoils.clone()).unwrap_or_default(), &self.spoils)?;
        let overreached = events.iter().any(|e| matches!(e, Event::Payload { overreach_by: Some(_), .. }));
        same("an overreach", overreached, &self.overreach)?;
        same("the end", state.outcome().is_some(), &self.over)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Card-Assist example hands Bea the King of Spades: she may play it, but an Assist of
    /// hers discards and hands on cards of her own Stash only (notes, Assist).
    #[test]
    fn an_assist_never_discards_or_hands_on_a_card_received() {
        use super::super::Action;
        let scenario = rules_examples().into_iter().find(|s| s.id == "throwdown-actions").expect("the actions example");
        let (mut state, _) = Fusion::new(&scenario.setup).unwrap();
        for step in &scenario.steps[..4] {
            dojo_engine::apply(&mut state, &step.joint()).unwrap();
        }
        let (bea, king) = (Seat(1), serde_json::from_str::<Card>("\"KS\"").unwrap());
        let legal = state.legal_actions(bea);
        assert!(legal.contains(&Action::Push(king)), "a card received may be played");
        assert!(legal.iter().any(|a| matches!(a, Action::Assist { .. })), "Bea may pass the Assist on");
        for action in &legal {
            if let Action::Assist { discard, give } = action {
                assert!(*discard != king && *give != Some(king), "{action:?} uses the card Bea received");
            }
        }
        let ten = serde_json::from_str::<Card>("\"10D\"").unwrap();
        assert!(state.check(bea, &Action::Assist { discard: king, give: None }).is_err());
        assert!(state.check(bea, &Action::Assist { discard: ten, give: Some(king) }).is_err());
    }

    #[test]
    fn every_worked_example_plays_as_written() {
        for scenario in rules_examples() {
            scenario.run().unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
