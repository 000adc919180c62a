//! Rumble's worked examples for the shared example player: the table after each step, and what
//! each hero does in the next step, in words.

use super::table;
use super::words;
use crate::components::example_player::{ExamplePlayer, Watched, next_line};
use dojo_games::rumble::scenario::Scenario;
use dojo_games::rumble::{Act, Rumble};
use leptos::prelude::*;

/// What each hero does in the step after `step`, in words.
pub fn next_acts(w: &Watched<Rumble>, step: usize) -> Option<String> {
    let state = w.position(step)?;
    let acts = &w.scenario.steps.get(step)?.plays;
    let mut out = Vec::new();
    for (seat, act) in acts.iter().enumerate() {
        match act {
            Some(Act::Allocate(list)) => {
                for (h, a) in state.heroes_of(seat).into_iter().zip(list) {
                    out.push(format!("{} allocates {}", words::hero(&state, h), words::allocation(&state, h, a)));
                }
            }
            Some(Act::Reveal(list)) => {
                let heroes = state.heroes_of(seat).into_iter().filter(|h| state.reveal_open(*h));
                for (h, c) in heroes.zip(list) {
                    out.push(format!("{} reveals {}", words::hero(&state, h), words::choice(&state, c)));
                }
            }
            Some(_) => out.push(format!("{} acts", state.seats.get(seat).map_or("?", |s| s.0.as_str()))),
            None => {}
        }
    }
    Some(out.join("; "))
}

fn next(w: &Watched<Rumble>, step: usize) -> AnyView {
    next_line(next_acts(w, step).map(|p| format!("{p}.")))
}

/// A "Watch" button that opens a step-by-step replay of `scenario`, its heroes named as its
/// setup names them.
pub fn watch(scenario: Scenario) -> AnyView {
    let names = scenario.setup.seats.iter().map(|s| s.name.clone()).collect();
    view! { <ExamplePlayer example=Watched::new(scenario).named(names) table=table::table next=next/> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::example_player::every_step_is_told;
    use dojo_games::rumble::scenario::rules_examples;

    #[test]
    fn every_step_of_every_example_says_what_each_hero_does() {
        every_step_is_told(rules_examples(), next_acts);
        let w = Watched::new(rules_examples().remove(0));
        assert!(next_acts(&w, 0).unwrap().starts_with("Mantisman allocates Defense 50"), "{:?}", next_acts(&w, 0));
    }
}
