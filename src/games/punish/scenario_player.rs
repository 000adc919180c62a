//! Watch a worked example step by step: the table after each step and the narration.

use crate::games::punish::card::{CardBack, CardTile};
use crate::games::punish::table::Table;
use dojo_engine::{Game, apply};
use dojo_games::punish::{Punish, PunishView, scenario::Scenario};
use leptos::prelude::*;

/// The table after the first `step` steps of `scenario`.
fn position(scenario: &Scenario, step: usize) -> PunishView {
    let mut state = Punish::from_setup(&scenario.setup).expect("built-in scenarios are valid");
    for s in scenario.steps.iter().take(step) {
        apply(&mut state, &s.joint()).expect("built-in scenarios are legal");
    }
    state.public_view()
}

/// The narration, hands and next plays of `scenario` after `step` steps (the table is separate).
fn commentary(s: &Scenario, step: usize) -> impl IntoView + use<> {
    let total = s.steps.len();
    let narration = match step {
        0 => "Start: hands dealt, two cards out of play. Press Next to reveal the first breath.".to_string(),
        n => format!("Step {n} of {total}: {}", s.steps[n - 1].narration),
    };
    let next = s.steps.get(step).map(|next| {
        (0..2)
            .map(|i| {
                let card = match next.plays[i] {
                    Some(p) => view! { <CardTile card=p.card compact=true/> }.into_any(),
                    None => view! { <CardBack label="no card"/> }.into_any(),
                };
                view! { <span>{format!(" {} ", s.players[i])}</span>{card} }
            })
            .collect_view()
    });
    view! {
        <p class="narration" aria-live="polite" data-testid="narration">{narration}</p>
        <p class="next-plays">{next.map(|plays| view! { "Next:" {plays} })}</p>
    }
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
    let id = scenario.id.clone();
    let sc = StoredValue::new(scenario);
    let view_now = Signal::derive(move || sc.with_value(|s| position(s, step.get())));
    let hands = move || {
        sc.with_value(|s| {
            (0..2)
                .map(|i| {
                    let cards = s.setup.hands[i].iter().map(|c| view! { <CardTile card=*c compact=true/> }).collect_view();
                    view! { <div><strong>{format!("{}'s starting hand: ", s.players[i])}</strong>{cards}</div> }
                })
                .collect_view()
        })
    };
    view! {
        <div class="scenario" data-testid=format!("scenario-{id}")>
            <button type="button" class="button" data-testid=format!("watch-{id}") on:click=move |_| { open.update(|o| *o = !*o); step.set(0); }>
                {move || if open.get() { "Close" } else { "▶ Watch it play out" }}
            </button>
            <Show when=move || open.get()>
                <div class="scenario-board">
                    <div class="scenario-hands">{hands}</div>
                    <Table view=view_now names=names/>
                    {move || sc.with_value(|s| commentary(s, step.get()))}
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
