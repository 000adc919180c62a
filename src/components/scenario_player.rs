//! Watch a worked example step by step: the table after each step and the narration.

use crate::components::card::{CardBack, CardTile};
use crate::components::table::Table;
use dojo_engine::{Game, Seat, apply};
use dojo_games::punish::{Punish, PunishView, scenario::Scenario};
use leptos::prelude::*;

/// The table and narration after the first `step` steps of `scenario`.
fn position(scenario: &Scenario, step: usize) -> PunishView {
    let mut state = Punish::from_setup(&scenario.setup).expect("built-in scenarios are valid");
    for s in scenario.steps.iter().take(step) {
        apply(&mut state, &s.joint()).expect("built-in scenarios are legal");
    }
    state.view_for(Seat(0))
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
#[component]
pub fn ScenarioPlayer(
    /// The example to play.
    scenario: Scenario,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let step = RwSignal::new(0usize);
    let total = scenario.steps.len();
    let names = Signal::stored([scenario.players[0].clone(), scenario.players[1].clone()]);
    let sc = StoredValue::new(scenario.clone());
    let view_now = Signal::derive(move || sc.with_value(|s| position(s, step.get())));
    let id = scenario.id.clone();
    view! {
        <div class="scenario" data-testid=format!("scenario-{id}")>
            <button type="button" class="button" data-testid=format!("watch-{id}") on:click=move |_| { open.update(|o| *o = !*o); step.set(0); }>
                {move || if open.get() { "Close" } else { "▶ Watch it play out" }}
            </button>
            <Show when=move || open.get()>
                <div class="scenario-board">
                    <div class="scenario-hands">
                        {move || sc.with_value(|s| (0..2).map(|i| {
                            let hand = s.setup.hands[i].clone();
                            view! { <div><strong>{format!("{}'s starting hand: ", s.players[i])}</strong>{hand.into_iter().map(|c| view! { <CardTile card=c compact=true/> }).collect_view()}</div> }
                        }).collect_view())}
                    </div>
                    <Table view=view_now names=names/>
                    <p class="narration" aria-live="polite" data-testid="narration">
                        {move || {
                            let n = step.get();
                            if n == 0 { "Start: hands dealt, two cards out of play. Press Next to reveal the first breath.".to_string() } else { sc.with_value(|s| format!("Step {n} of {total}: {}", s.steps[n - 1].narration)) }
                        }}
                    </p>
                    <p class="next-plays">
                        {move || {
                            let n = step.get();
                            (n < total).then(|| sc.with_value(|s| {
                                let plays = s.steps[n].plays;
                                view! { <span>"Next: "{(0..2).map(|i| match plays[i] {
                                    Some(p) => view! { <span>{format!("{} ", s.players[i])}</span><CardTile card=p.card compact=true/> }.into_any(),
                                    None => view! { <span>{format!("{} ", s.players[i])}</span><CardBack label="no card"/> }.into_any(),
                                }).collect_view()}</span> }
                            }))
                        }}
                    </p>
                    <div class="controls">
                        <button type="button" class="button" on:click=move |_| step.set(0) disabled=move || step.get() == 0>"Restart"</button>
                        <button type="button" class="button" on:click=move |_| step.update(|s| *s = s.saturating_sub(1)) disabled=move || step.get() == 0>"Back"</button>
                        <button type="button" class="button primary" data-testid="scenario-next" on:click=move |_| step.update(|s| *s = (*s + 1).min(total)) disabled=move || { step.get() >= total }>"Next"</button>
                    </div>
                </div>
            </Show>
        </div>
    }
}
