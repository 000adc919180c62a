//! Rumble's worked examples for the shared example player: the table after each step, and what
//! each hero does in the next step, in words.

use super::table;
use super::words;
use crate::components::example_player::{Example, ExamplePlayer};
use dojo_engine::{Game, Joint, PerSeat, apply};
use dojo_games::rumble::scenario::Scenario;
use dojo_games::rumble::{Act, Rumble, Setup};
use leptos::prelude::*;

/// A scenario, ready to watch.
#[derive(Clone, Debug)]
pub struct Watched(pub Scenario);

impl Watched {
    fn position(&self, step: usize) -> Option<Rumble> {
        let mut state = Rumble::from_setup(&self.0.setup).ok()?;
        for i in 0..step {
            apply(&mut state, &self.joint(i)).ok()?;
        }
        Some(state)
    }
}

impl Example for Watched {
    type Game = Rumble;
    fn id(&self) -> &str {
        &self.0.id
    }
    fn names(&self) -> Vec<String> {
        self.0.setup.seats.iter().map(|s| s.name.clone()).collect()
    }
    fn setup(&self) -> &Setup {
        &self.0.setup
    }
    fn steps(&self) -> usize {
        self.0.steps.len()
    }
    fn joint(&self, i: usize) -> Joint<Act> {
        PerSeat(self.0.steps[i].plays.clone())
    }
    fn narration(&self, i: usize) -> String {
        self.0.steps[i].narration.clone()
    }
    fn opening(&self) -> String {
        format!("{} Press Next to see the first step.", self.0.summary)
    }
}

/// What each hero does in the step after `step`, in words.
pub fn next_acts(w: &Watched, step: usize) -> Option<String> {
    let state = w.position(step)?;
    let acts = &w.0.steps.get(step)?.plays;
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

fn next(w: &Watched, step: usize) -> AnyView {
    view! { <p class="next-plays" data-testid="next-plays">{next_acts(w, step).map(|p| format!("Next: {p}."))}</p> }.into_any()
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
    use dojo_games::rumble::scenario::rules_examples;

    #[test]
    fn every_step_of_every_example_says_what_each_hero_does() {
        for s in rules_examples() {
            let w = Watched(s);
            for step in 0..w.steps() {
                let words = next_acts(&w, step).unwrap_or_else(|| panic!("{} step {step}", w.id()));
                assert!(!words.is_empty(), "{} step {step}", w.id());
            }
            assert_eq!(next_acts(&w, w.steps()), None);
        }
        let w = Watched(rules_examples().remove(0));
        assert!(next_acts(&w, 0).unwrap().starts_with("Mantisman allocates Defense 50"), "{:?}", next_acts(&w, 0));
    }
}
