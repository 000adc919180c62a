//! TAUNT's worked examples for the shared example player: the table after each step and the
//! moves played next.

use crate::components::example_player::{Example, ExamplePlayer};
use crate::games::taunt::play::board::TauntTable;
use dojo_engine::Joint;
use dojo_games::taunt::scenario::Scenario;
use dojo_games::taunt::{Action, Battle, Setup, Taunt, TauntView};
use leptos::prelude::*;

impl Example for Scenario {
    type Game = Taunt;
    fn id(&self) -> &str {
        &self.id
    }
    fn names(&self) -> Vec<String> {
        // The table shows each fighter's name beside the player's.
        (1..=self.setup.fighters.len()).map(|n| format!("Player {n}")).collect()
    }
    fn setup(&self) -> &Setup {
        &self.setup
    }
    fn steps(&self) -> usize {
        self.steps.len()
    }
    fn joint(&self, i: usize) -> Joint<Action> {
        self.steps[i].joint()
    }
    fn narration(&self, i: usize) -> String {
        self.steps[i].narration.clone()
    }
    fn opening(&self) -> String {
        "Start: the position below. Press Next to see the first turn.".into()
    }
}

/// The table, with the fighters' names.
pub fn table(view: Signal<TauntView>, names: Signal<Vec<String>>) -> AnyView {
    super::style::ensure();
    view! { <TauntTable view=view names=names/> }.into_any()
}

/// What each fighter does next.
fn next(s: &Scenario, step: usize) -> AnyView {
    // Trainers of monsters have no fighter of their own: they are named by seat.
    let monsters = s.setup.options.battle == Battle::Monsters;
    let names: Vec<String> =
        s.setup.fighters.iter().enumerate().map(|(i, f)| if monsters { format!("Player {}", i + 1) } else { f.to_string() }).collect();
    let plays = s.steps.get(step).map(|next| {
        next.plays.iter().enumerate().filter_map(|(i, a)| a.as_ref().map(|a| format!("{}: {a}", names[i]))).collect::<Vec<_>>().join(" · ")
    });
    view! { <p class="next-plays">{plays.map(|p| format!("Next: {p}"))}</p> }.into_any()
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
#[component]
pub fn ExampleWatch(
    /// The example to play.
    scenario: Scenario,
) -> impl IntoView {
    view! { <ExamplePlayer example=scenario table=table next=next/> }
}
