//! DRAGON PUNCH's worked examples for the shared example player: the table after each step and
//! the moves each player shows next, named from the position (a card may have turned red).

use super::cards::{Hue, move_summary};
use super::table;
use crate::components::example_player::{Example, ExamplePlayer};
use dojo_engine::{Game, Joint, PerSeat, apply};
use dojo_games::dragon_punch::scenario::Scenario;
use dojo_games::dragon_punch::{Action, DragonPunch, Setup};
use leptos::prelude::*;

/// A scenario with its setup built once (the example player borrows it).
#[derive(Clone, Debug)]
pub struct Watched {
    /// The scenario.
    pub scenario: Scenario,
    /// Its setup: our set and the scenario's characters.
    pub setup: Setup,
}

impl Watched {
    /// `scenario`, ready to watch.
    pub fn new(scenario: Scenario) -> Watched {
        let setup = scenario.start();
        Watched { scenario, setup }
    }

    /// The position after the first `step` steps.
    fn position(&self, step: usize) -> Option<DragonPunch> {
        let mut state = DragonPunch::from_setup(&self.setup).ok()?;
        for i in 0..step {
            apply(&mut state, &self.joint(i)).ok()?;
        }
        Some(state)
    }
}

impl Example for Watched {
    type Game = DragonPunch;
    fn id(&self) -> &str {
        &self.scenario.id
    }
    fn names(&self) -> Vec<String> {
        vec!["Player 1".into(), "Player 2".into()]
    }
    fn setup(&self) -> &Setup {
        &self.setup
    }
    fn steps(&self) -> usize {
        self.scenario.steps.len()
    }
    fn joint(&self, i: usize) -> Joint<Action> {
        PerSeat(self.scenario.steps[i].plays.clone())
    }
    fn narration(&self, i: usize) -> String {
        self.scenario.steps[i].narration.clone()
    }
    fn opening(&self) -> String {
        "Start: both players hold their seven cards, all white side up. Press Next to see the first turn.".into()
    }
}

/// What each player does in the step after `step`, in words.
pub fn next_plays(w: &Watched, step: usize) -> Option<String> {
    let state = w.position(step)?;
    let plays = w.scenario.steps.get(step)?;
    let words: Vec<String> = plays
        .plays
        .iter()
        .enumerate()
        .filter_map(|(p, a)| {
            let a = (*a)?;
            Some(match a {
                Action::Play { card, second } => {
                    let m = state.move_of(p, usize::from(card), second);
                    let hue = if usize::from(card) >= state.basics(p) {
                        Hue::Purple
                    } else {
                        Hue::basic(Some(state.view_for(dojo_engine::Seat(p as u8)).hands[p][usize::from(card)].red == Some(true)))
                    };
                    format!("Player {} plays {}", p + 1, move_summary(m, hue))
                }
                Action::Switch(card) => {
                    format!("Player {} turns {} red", p + 1, state.move_of(p, usize::from(card), false).name)
                }
                Action::Pick(_) => format!("Player {}: {a}", p + 1),
            })
        })
        .collect();
    Some(words.join(" · "))
}

fn next(w: &Watched, step: usize) -> AnyView {
    view! { <p class="next-plays" data-testid="next-plays">{next_plays(w, step).map(|p| format!("Next: {p}"))}</p> }.into_any()
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
#[component]
pub fn ExampleWatch(
    /// The example to play.
    scenario: Scenario,
) -> impl IntoView {
    view! { <ExamplePlayer example=Watched::new(scenario) table=table::table next=next/> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::dragon_punch::scenario::rules_examples;

    #[test]
    fn every_step_of_every_example_says_what_is_played_next() {
        for s in rules_examples() {
            let w = Watched::new(s);
            for step in 0..w.steps() {
                let words = next_plays(&w, step).unwrap_or_else(|| panic!("{} step {step}", w.id()));
                assert!(words.starts_with("Player "), "{words}");
            }
            assert_eq!(next_plays(&w, w.steps()), None, "nothing after the last step");
        }
        let w = Watched::new(rules_examples().remove(0));
        assert!(next_plays(&w, 0).unwrap().contains("Low Poke (white)"), "{:?}", next_plays(&w, 0));
    }
}
