//! Watch a worked example step by step: the table after each step, what happened, and what
//! comes next. Any game's scripted examples can be watched; the game supplies its table and
//! the words or cards for "what comes next".

use dojo_engine::{Game, Joint, apply};
use leptos::prelude::*;

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

/// The public view after the first `step` steps of `example` (`None` if the example does not
/// replay: the engine's own tests keep that from happening).
fn position<E: Example>(example: &E, step: usize) -> Option<<E::Game as Game>::View> {
    let mut state = E::Game::from_setup(example.setup()).ok()?;
    for i in 0..step {
        apply(&mut state, &example.joint(i)).ok()?;
    }
    Some(state.public_view())
}

/// A "Watch" button that opens a step-by-step replay of `example`: `table` draws a position,
/// `next` shows what the players do in a step (or anything else the game wants beside it).
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
    <E::Game as Game>::View: Send + Sync,
{
    let open = RwSignal::new(false);
    let step = RwSignal::new(0usize);
    let total = example.steps();
    let names = Signal::stored(example.names());
    let id = example.id().to_string();
    let example = StoredValue::new(example);
    let now = Memo::new(move |_| example.with_value(|e| position(e, step.get())));
    let narration = move || {
        example.with_value(|e| match step.get() {
            0 => e.opening(),
            n => format!("Step {n} of {total}: {}", e.narration(n - 1)),
        })
    };
    view! {
        <div class="scenario" data-testid=format!("scenario-{id}")>
            <button type="button" class="button" data-testid=format!("watch-{id}") aria-expanded=move || open.get().to_string()
                on:click=move |_| { open.update(|o| *o = !*o); step.set(0); }>
                {move || if open.get() { "Close" } else { "▶ Watch it play out" }}
            </button>
            <Show when=move || open.get()>
                <div class="scenario-board">
                    {move || match now.get() {
                        Some(v) => table(Signal::stored(v), names),
                        None => view! { <p class="error">"This example no longer replays."</p> }.into_any(),
                    }}
                    <p class="narration" aria-live="polite" data-testid="narration">{narration}</p>
                    {move || example.with_value(|e| next(e, step.get()))}
                    {move || {
                        let n = step.get();
                        view! {
                            <div class="controls">
                                <button type="button" class="button" on:click=move |_| step.set(0) disabled={ n == 0 }>"Restart"</button>
                                <button type="button" class="button" on:click=move |_| step.set(n.saturating_sub(1)) disabled={ n == 0 }>"Back"</button>
                                <button type="button" class="button primary" data-testid="scenario-next" on:click=move |_| step.set((n + 1).min(total)) disabled={ n >= total }>"Next"</button>
                            </div>
                        }
                    }}
                </div>
            </Show>
        </div>
    }
}
