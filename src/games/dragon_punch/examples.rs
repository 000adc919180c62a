//! DRAGON PUNCH's worked examples for the shared example player: the table after each step and
//! the moves each player shows next, named from the position (a card may have turned red).

use super::cards::{Hue, move_summary};
use super::table;
use crate::components::example_player::{ExamplePlayer, Watched, next_line};
use dojo_engine::Game;
use dojo_games::dragon_punch::scenario::Scenario;
use dojo_games::dragon_punch::{Action, DragonPunch};
use leptos::prelude::*;

/// What every DRAGON PUNCH example says before its first step.
const OPENING: &str = "Start: both players hold their seven cards, all white side up. Press Next to see the first turn.";

/// What each player does in the step after `step`, in words.
pub fn next_plays(w: &Watched<DragonPunch>, step: usize) -> Option<String> {
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

fn next(w: &Watched<DragonPunch>, step: usize) -> AnyView {
    next_line(next_plays(w, step))
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
pub fn watch(scenario: Scenario) -> AnyView {
    view! { <ExamplePlayer example=Watched::new(scenario).opening(OPENING) table=table::table next=next/> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::example_player::every_step_is_told;
    use dojo_games::dragon_punch::scenario::rules_examples;

    #[test]
    fn every_step_of_every_example_says_what_is_played_next() {
        every_step_is_told(rules_examples(), next_plays);
        for w in rules_examples().into_iter().map(Watched::new) {
            assert!((0..w.steps()).all(|step| next_plays(&w, step).is_some_and(|words| words.starts_with("Player "))), "{}", w.id());
        }
        let w = Watched::new(rules_examples().remove(0));
        assert!(next_plays(&w, 0).unwrap().contains("Low Poke (white)"), "{:?}", next_plays(&w, 0));
    }
}
