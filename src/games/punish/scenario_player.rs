//! PUNISH's worked examples for the shared example player: the table after each step, the
//! starting hands, and the cards played next.

use crate::components::example_player::{ExamplePlayer, Watched};
use crate::games::punish::card::{CardBack, CardTile};
use crate::games::punish::table::Table;
use dojo_games::punish::scenario::Scenario;
use dojo_games::punish::{Punish, PunishView};
use leptos::prelude::*;

/// What every PUNISH example says before its first step.
const OPENING: &str = "Start: hands dealt, two cards out of play. Press Next to reveal the first breath.";

/// The table, with the players' names.
pub fn table(view: Signal<PunishView>, names: Signal<Vec<String>>) -> AnyView {
    view! { <Table view=view names=names/> }.into_any()
}

/// The starting hands (before the first step) and the cards each player shows next.
fn next(w: &Watched<Punish>, step: usize) -> AnyView {
    let s = &w.scenario;
    let hands = (step == 0).then(|| {
        (0..2)
            .map(|i| {
                let cards = s.setup.hands[i].iter().map(|c| view! { <CardTile card=*c compact=true/> }).collect_view();
                view! { <div><strong>{format!("{}'s starting hand: ", s.players[i])}</strong>{cards}</div> }
            })
            .collect_view()
    });
    let plays = s.steps.get(step).map(|next| {
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
        <div class="scenario-hands">{hands}</div>
        <p class="next-plays">{plays.map(|plays| view! { "Next:" {plays} })}</p>
    }
    .into_any()
}

/// A "Watch" button that opens a step-by-step replay of `scenario`.
pub fn watch(scenario: Scenario) -> AnyView {
    view! { <ExamplePlayer example=Watched::new(scenario).opening(OPENING) table=table next=next/> }.into_any()
}
