//! Watch a worked example step by step, in the same viewer as replay links: the table after
//! each step (as everyone saw it or as one seat did), what happened, and what comes next. Any
//! game's scripted examples can be watched; the game supplies its table and the words or cards
//! for "what comes next".

use crate::components::replayer::{Extras, Replayer, StepText, StepView, Tape};
use dojo_engine::scenario::{Scenario, ScenarioGame};
use dojo_engine::{Game, Joint, PerSeat, apply};
use leptos::prelude::*;
use std::sync::Arc;

/// A game's worked example as its scenario file has it, ready to watch: the setup built once,
/// the players' names and the words shown before the first step.
#[derive(Clone, Debug)]
pub struct Watched<G: ScenarioGame> {
    /// The scenario.
    pub scenario: Scenario<G>,
    /// Where it starts (built from the file's start once).
    pub setup: G::Setup,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// What the start is, before the first step.
    pub opening: String,
}

impl<G: ScenarioGame> Watched<G> {
    /// `scenario`, ready to watch: its players named as the file names them (else "Player 1",
    /// "Player 2"…), and its summary as the words before the first step.
    pub fn new(scenario: Scenario<G>) -> Self {
        let setup: G::Setup = scenario.setup.clone().into();
        let names = if scenario.players.is_empty() {
            let seats = G::from_setup(&setup).map_or_else(|_| scenario.steps.first().map_or(0, |s| s.plays.len()), |g| g.seat_count());
            (1..=seats).map(|n| format!("Player {n}")).collect()
        } else {
            scenario.players.clone()
        };
        let opening = format!("{} Press Next to see the first step.", scenario.summary);
        Watched { scenario, setup, names, opening }
    }

    /// The same, with `names` for the players.
    pub fn named(self, names: Vec<String>) -> Self {
        Watched { names, ..self }
    }

    /// The same, saying `opening` before the first step.
    pub fn opening(self, opening: &str) -> Self {
        Watched { opening: opening.to_string(), ..self }
    }

    /// Its id, also the anchor of its section (`example-1`).
    pub fn id(&self) -> &str {
        &self.scenario.id
    }

    /// How many steps it has.
    pub fn steps(&self) -> usize {
        self.scenario.steps.len()
    }

    /// The joint action of step `i` (from 0).
    pub fn joint(&self, i: usize) -> Joint<G::Action> {
        PerSeat(self.scenario.steps[i].plays.clone())
    }

    /// The position after the first `step` steps, or `None` past the end or if it no longer
    /// replays.
    pub fn position(&self, step: usize) -> Option<G> {
        let mut state = G::from_setup(&self.setup).ok()?;
        for i in 0..step.min(self.steps()) {
            apply(&mut state, &self.joint(i)).ok()?;
        }
        (step <= self.steps()).then_some(state)
    }
}

/// The line under a step saying what comes next (`words`: the plays, or nothing after the last
/// step).
pub fn next_line(words: Option<String>) -> AnyView {
    view! { <p class="next-plays" data-testid="next-plays">{words.map(|w| format!("Next: {w}"))}</p> }.into_any()
}

/// Draws a position (a public view) of game `G` with the players' names.
pub type TableFn<G> = fn(Signal<<G as Game>::View>, Signal<Vec<String>>) -> AnyView;

/// A "Watch" button that opens a step-by-step replay of `example` in the one replay viewer
/// ([`Replayer`]): `table` draws a position, `next` shows what the players do in a step (or
/// anything else the game wants beside it).
#[component]
pub fn ExamplePlayer<G>(
    /// The example to play.
    example: Watched<G>,
    /// The game's table for a public view and the players' names.
    table: TableFn<G>,
    /// What goes under the narration after `step` steps (the next plays, say).
    next: fn(&Watched<G>, usize) -> AnyView,
) -> impl IntoView
where
    G: ScenarioGame + Send + Sync + 'static,
    G::Setup: Send + Sync + 'static,
    G::Start: Send + Sync + 'static,
    G::Expect: Send + Sync + 'static,
    G::Action: Send + Sync + 'static,
    G::View: Send + Sync + 'static,
    G::Event: Send + Sync + 'static,
{
    let open = RwSignal::new(false);
    let step = RwSignal::new(0usize);
    let total = example.steps();
    let id = example.id().to_string();
    let tape = Tape::<G>::play(&example.setup, (0..total).map(|i| example.joint(i))).map(Arc::new);
    let names = example.names.clone();
    let shared = Arc::new(example);
    let narrated = shared.clone();
    let narration: StepText = Arc::new(move |n| match n {
        0 => narrated.opening.clone(),
        n => format!("Step {n} of {total}: {}", narrated.scenario.steps[n - 1].narration),
    });
    let below: StepView = Arc::new(move |n| next(&shared, n));
    view! {
        <div class="scenario" data-testid=format!("scenario-{id}")>
            <button type="button" class="button" data-testid=format!("watch-{id}") aria-expanded=move || open.get().to_string()
                on:click=move |_| { open.update(|o| *o = !*o); step.set(0); }>
                {move || if open.get() { "Close" } else { "▶ Watch it play out" }}
            </button>
            {move || open.get().then(|| match &tape {
                Ok(tape) => {
                    let extras = Extras { describe: None, reveals: None, narration: Some(narration.clone()), below: Some(below.clone()) };
                    view! { <div class="scenario-board"><Replayer tape=tape.clone() names=names.clone() table=table step=step extras=extras/></div> }.into_any()
                }
                Err(e) => view! { <p class="error">{format!("This example no longer replays: {e}.")}</p> }.into_any(),
            })}
        </div>
    }
}

/// Holds a game's words for "what comes next" against its examples: every step of every example
/// is told in words, and nothing is told after the last step.
#[cfg(test)]
pub fn every_step_is_told<G: ScenarioGame>(examples: Vec<Scenario<G>>, words: fn(&Watched<G>, usize) -> Option<String>) {
    assert!(!examples.is_empty(), "the game has examples");
    for w in examples.into_iter().map(Watched::new) {
        for step in 0..w.steps() {
            let told = words(&w, step).unwrap_or_else(|| panic!("{} step {step}: no words", w.id()));
            assert!(!told.is_empty(), "{} step {step}", w.id());
        }
        assert_eq!(words(&w, w.steps()), None, "{}: nothing after the last step", w.id());
    }
}
