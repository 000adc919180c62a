//! `/rules/punish`: PUNISH's rules in our own words, read from `rules.md` beside the engine.
//! Every section and card has an anchor; a link such as `/rules/punish#clash` opens the page
//! scrolled to that section.

use crate::components::card::CardTile;
use crate::components::document::{Contents, Document};
use crate::components::rules_text::{loaded, scroll_to_hash, use_texts, waiting};
use crate::components::scenario_player::ScenarioPlayer;
use crate::components::section_heading::SectionHeading;
use dojo_games::punish::Card;
use dojo_games::punish::scenario::{Scenario, rules_examples};
use leptos::prelude::*;
use std::sync::OnceLock;

const PAGE: &str = "/rules/punish";

/// The rulebook's examples, parsed once.
fn examples() -> &'static [Scenario] {
    static EXAMPLES: OnceLock<Vec<Scenario>> = OnceLock::new();
    EXAMPLES.get_or_init(rules_examples)
}

/// The live pieces of the rules text: `::card NAME`, `::example ID`, `::contents`, `::notes`.
fn pieces(name: &str, arg: &str) -> Option<AnyView> {
    match name {
        "card" => Card::ALL.into_iter().find(|c| c.name() == arg).map(|card| view! { <CardTile card=card/> }.into_any()),
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(|s| {
            view! {
                <div class="example">
                    <SectionHeading id=s.id.clone() level=3 title=s.title.clone() page=PAGE/>
                    <p>{s.summary.clone()}</p>
                    <ScenarioPlayer scenario=s/>
                </div>
            }
            .into_any()
        }),
        "contents" => loaded("punish").map(|t| view! { <Contents text=t.rules/> }.into_any()),
        "notes" => loaded("punish").map(|t| view! { <Document text=t.notes page=PAGE prefix="note-" min_level=3/> }.into_any()),
        _ => None,
    }
}

/// The PUNISH rules page.
#[component]
pub fn RulesPunish() -> impl IntoView {
    let texts = use_texts("punish");
    scroll_to_hash(Signal::derive(move || matches!(texts.get(), Some(Ok(_)))));
    view! {
        <article class="rules" data-testid="rules-punish">
            <h1>"PUNISH: the rules"</h1>
            {move || match texts.get() {
                Some(Ok(t)) => view! { <Document text=t.rules page=PAGE directive=pieces/> }.into_any(),
                other => waiting(other),
            }}
        </article>
    }
}
