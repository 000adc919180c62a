//! Watch a worked example step by step, in the same viewer as replay links: the table after
//! each step (as everyone saw it or as one seat did), what happened, and what comes next. Any
//! game's scripted examples can be watched; the game supplies its table and the words or cards
//! for "what comes next".

use crate::components::replayer::{Extras, Replayer, StepText, StepView, Tape};
use dojo_engine::{Game, Joint};
use leptos::prelude::*;
use std::sync::Arc;

/// A scripted example of a game, as a rules page shows it.
pub trait Example: Clone + Send + Sync + 'static {
    /// The game it is played in.
    type Game: Game;
    /// Its id, also the anchor of its section (`example-1`).
    fn id(&self) -> &str;
    /// The players' names, in seat order.
    fn names(&self) -> Vec<String>;
    /// Where it starts.
    fn setup(&self) -> &<Self::Game as Game>::Setup;
    /// How many steps it has.
    fn steps(&self) -> usize;
    /// The joint action of step `i` (from 0).
    fn joint(&self, i: usize) -> Joint<<Self::Game as Game>::Action>;
    /// What step `i` (from 0) does, in our words.
    fn narration(&self, i: usize) -> String;
    /// What the start is, before the first step.
    fn opening(&self) -> String;
}

/// Draws a position (a public view) of game `G` with the players' names.
pub type TableFn<G> = fn(Signal<<G as Game>::View>, Signal<Vec<String>>) -> AnyView;

/// A "Watch" button that opens a step-by-step replay of `example` in the one replay viewer
/// ([`Replayer`]): `table` draws a position, `next` shows what the players do in a step (or
/// anything else the game wants beside it).
#[component]
pub fn ExamplePlayer<E: Example>(
    /// The example to play.
    example: E,
    /// The game's table for a public view and the players' names.
    table: TableFn<E::Game>,
    /// What goes under the narration after `step` steps (the next plays, say).
    next: fn(&E, usize) -> AnyView,
) -> impl IntoView
where
    E::Game: Send + Sync,
    <E::Game as Game>::View: Send + Sync,
    <E::Game as Game>::Event: Send + Sync,
{
    let open = RwSignal::new(false);
    let step = RwSignal::new(0usize);
    let total = example.steps();
    let id = example.id().to_string();
    let tape = Tape::<E::Game>::play(example.setup(), (0..total).map(|i| example.joint(i))).map(Arc::new);
    let names = example.names();
    let shared = Arc::new(example);
    let narrated = shared.clone();
    let narration: StepText = Arc::new(move |n| match n {
        0 => narrated.opening(),
        n => format!("Step {n} of {total}: {}", narrated.narration(n - 1)),
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
