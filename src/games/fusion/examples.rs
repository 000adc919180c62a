//! FUSION's worked examples for the shared example player: the table after each step, and what
//! the seat acting next does, in words.

use super::table;
use super::words::{action_label, seat_subject};
use crate::components::example_player::{ExamplePlayer, Watched, next_line};
use dojo_games::fusion::Fusion;
use dojo_games::fusion::scenario::Scenario;
use leptos::prelude::*;

/// What the seat acting in the step after `step` does, in words.
pub fn next_act(w: &Watched<Fusion>, step: usize) -> Option<String> {
    let state = w.position(step)?;
    let plays = &w.scenario.steps.get(step)?.plays;
    let (seat, action) = plays.iter().enumerate().find_map(|(s, a)| a.as_ref().map(|a| (s as u8, a)))?;
    Some(format!("{}: {}", seat_subject(&state, seat), action_label(&state, seat, action)))
}

fn next(w: &Watched<Fusion>, step: usize) -> AnyView {
    next_line(next_act(w, step).map(|p| format!("{p}.")))
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
pub fn watch(scenario: Scenario) -> AnyView {
    view! { <ExamplePlayer example=Watched::new(scenario) table=table::table next=next/> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::example_player::every_step_is_told;
    use dojo_games::fusion::scenario::rules_examples;

    #[test]
    fn every_step_of_every_example_says_what_the_acting_seat_does() {
        every_step_is_told(rules_examples(), next_act);
        let w = Watched::new(rules_examples().remove(0));
        assert_eq!(next_act(&w, 0).unwrap(), "Aiko: Lay 9♣ face down");
    }
}
