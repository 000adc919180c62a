//! FUSION's worked examples for the shared example player: the table after each step, and what
//! the seat acting next does, in words.

use super::table;
use super::words::{action_label, seat_subject};
use crate::components::example_player::{Example, ExamplePlayer};
use dojo_engine::{Game, Joint, PerSeat, apply};
use dojo_games::fusion::scenario::Scenario;
use dojo_games::fusion::{Action, Fusion, Setup};
use leptos::prelude::*;

/// A scenario, ready to watch.
#[derive(Clone, Debug)]
pub struct Watched(pub Scenario);

impl Watched {
    fn position(&self, step: usize) -> Option<Fusion> {
        let mut state = Fusion::from_setup(&self.0.setup).ok()?;
        for i in 0..step {
            apply(&mut state, &self.joint(i)).ok()?;
        }
        Some(state)
    }
}

impl Example for Watched {
    type Game = Fusion;
    fn id(&self) -> &str {
        &self.0.id
    }
    fn names(&self) -> Vec<String> {
        self.0.players.clone()
    }
    fn setup(&self) -> &Setup {
        &self.0.setup
    }
    fn steps(&self) -> usize {
        self.0.steps.len()
    }
    fn joint(&self, i: usize) -> Joint<Action> {
        PerSeat(self.0.steps[i].plays.clone())
    }
    fn narration(&self, i: usize) -> String {
        self.0.steps[i].narration.clone()
    }
    fn opening(&self) -> String {
        format!("{} Press Next to see the first step.", self.0.summary)
    }
}

/// What the seat acting in the step after `step` does, in words.
pub fn next_act(w: &Watched, step: usize) -> Option<String> {
    let state = w.position(step)?;
    let plays = &w.0.steps.get(step)?.plays;
    let (seat, action) = plays.iter().enumerate().find_map(|(s, a)| a.as_ref().map(|a| (s as u8, a)))?;
    Some(format!("{}: {}", seat_subject(&state, seat), action_label(&state, seat, action)))
}

fn next(w: &Watched, step: usize) -> AnyView {
    view! { <p class="next-plays" data-testid="next-plays">{next_act(w, step).map(|p| format!("Next: {p}."))}</p> }.into_any()
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
#[component]
pub fn ExampleWatch(
    /// The example to play.
    scenario: Scenario,
) -> impl IntoView {
    view! { <ExamplePlayer example=Watched(scenario) table=table::table next=next/> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::fusion::scenario::rules_examples;

    #[test]
    fn every_step_of_every_example_says_what_the_acting_seat_does() {
        for s in rules_examples() {
            let w = Watched(s);
            for step in 0..w.steps() {
                let words = next_act(&w, step).unwrap_or_else(|| panic!("{} step {step}", w.id()));
                assert!(!words.is_empty(), "{} step {step}", w.id());
            }
            assert_eq!(next_act(&w, w.steps()), None);
        }
        let w = Watched(rules_examples().remove(0));
        assert_eq!(next_act(&w, 0).unwrap(), "Aiko: Lay 9♣ face down");
    }
}
