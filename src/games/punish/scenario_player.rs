//! PUNISH's worked examples for the shared example player: the table after each step, the
//! starting hands, and the cards played next.

use crate::components::example_player::{Example, ExamplePlayer};
use crate::games::punish::card::{CardBack, CardTile};
use crate::games::punish::table::Table;
use dojo_engine::Joint;
use dojo_games::punish::scenario::Scenario;
use dojo_games::punish::{Punish, PunishView};
use leptos::prelude::*;

impl Example for Scenario {
    type Game = Punish;
    fn id(&self) -> &str {
        &self.id
    }
    fn names(&self) -> Vec<String> {
        self.players.to_vec()
    }
    fn setup(&self) -> &dojo_games::punish::Setup {
        &self.setup
    }
    fn steps(&self) -> usize {
        self.steps.len()
    }
    fn joint(&self, i: usize) -> Joint<dojo_games::punish::Play> {
        self.steps[i].joint()
    }
    fn narration(&self, i: usize) -> String {
        self.steps[i].narration.clone()
    }
    fn opening(&self) -> String {
        "Start: hands dealt, two cards out of play. Press Next to reveal the first breath.".into()
    }
}

/// The table, with the players' names.
pub fn table(view: Signal<PunishView>, names: Signal<Vec<String>>) -> AnyView {
    view! { <Table view=view names=names/> }.into_any()
}

/// The starting hands (before the first step) and the cards each player shows next.
fn next(s: &Scenario, step: usize) -> AnyView {
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
#[component]
pub fn ScenarioPlayer(
    /// The example to play.
    scenario: Scenario,
) -> impl IntoView {
    view! { <ExamplePlayer example=scenario table=table next=next/> }
}
