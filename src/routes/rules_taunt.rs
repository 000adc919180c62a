//! `/rules/taunt`: TAUNT's rules in our own words, read from `rules.md` beside the engine.

use leptos::prelude::*;

/// The TAUNT rules page (being written).
#[component]
pub fn RulesTaunt() -> impl IntoView {
    view! { <article class="rules" data-testid="rules-taunt"><h1>"TAUNT: the rules"</h1></article> }
}
