//! TAUNT's worked examples for the shared example player: the table after each step and the
//! moves played next.

use crate::components::example_player::{ExamplePlayer, Watched, next_line};
use crate::games::taunt::play::board::TauntTable;
use dojo_games::taunt::scenario::Scenario;
use dojo_games::taunt::{Battle, Taunt, TauntView};
use leptos::prelude::*;

/// What every TAUNT example says before its first step.
const OPENING: &str = "Start: the position below. Press Next to see the first turn.";

/// The table, with the fighters' names.
pub fn table(view: Signal<TauntView>, names: Signal<Vec<String>>) -> AnyView {
    super::style::ensure();
    view! { <TauntTable view=view names=names/> }.into_any()
}

/// What each fighter does next.
fn next(w: &Watched<Taunt>, step: usize) -> AnyView {
    let s = &w.scenario;
    // Trainers of monsters have no fighter of their own: they are named by seat.
    let monsters = s.setup.options.battle == Battle::Monsters;
    let names: Vec<String> =
        s.setup.fighters.iter().enumerate().map(|(i, f)| if monsters { format!("Player {}", i + 1) } else { f.to_string() }).collect();
    let plays = s.steps.get(step).map(|next| {
        next.plays.iter().enumerate().filter_map(|(i, a)| a.as_ref().map(|a| format!("{}: {a}", names[i]))).collect::<Vec<_>>().join(" · ")
    });
    next_line(plays)
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
pub fn watch(scenario: Scenario) -> AnyView {
    // The table shows each fighter's name beside the player's.
    let names = (1..=scenario.setup.fighters.len()).map(|n| format!("Player {n}")).collect();
    view! { <ExamplePlayer example=Watched::new(scenario).named(names).opening(OPENING) table=table next=next/> }.into_any()
}
