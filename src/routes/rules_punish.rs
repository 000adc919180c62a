//! `/rules/punish`: PUNISH's rules in our own words, read from `rules.md` beside the engine.
//! Every section and card has an anchor; a link such as `/rules/punish#clash` opens the page
//! scrolled to that section.

use crate::browser;
use crate::components::card::CardTile;
use crate::components::document::{Contents, Document};
use crate::components::scenario_player::ScenarioPlayer;
use crate::components::section_heading::SectionHeading;
use dojo_games::punish::scenario::{Scenario, rules_examples};
use dojo_games::punish::{Card, INTERPRETATION_NOTES, RULES_TEXT};
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use std::sync::OnceLock;

const PAGE: &str = "/rules/punish";

/// Scrolls to the section named by the URL's `#fragment` whenever it changes, once the page is
/// in the DOM (the router would otherwise try before the new route has rendered).
fn scroll_to_hash() {
    let hash = use_location().hash;
    Effect::new(move |_| {
        let id = hash.get().trim_start_matches('#').to_string();
        if !id.is_empty() {
            request_animation_frame(move || {
                browser::scroll_to_id(&id);
            });
        }
    });
}

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
        "contents" => Some(view! { <Contents text=RULES_TEXT/> }.into_any()),
        "notes" => Some(view! { <Document text=INTERPRETATION_NOTES page=PAGE prefix="note-" min_level=3/> }.into_any()),
        _ => None,
    }
}

/// The PUNISH rules page.
#[component]
pub fn RulesPunish() -> impl IntoView {
    scroll_to_hash();
    view! {
        <article class="rules" data-testid="rules-punish">
            <h1>"PUNISH: the rules"</h1>
            <Document text=RULES_TEXT page=PAGE directive=pieces/>
        </article>
    }
}
