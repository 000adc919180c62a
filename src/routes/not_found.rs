//! The page for any address the site does not know.

use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// A helpful not-found page: says what was asked for and where to go.
#[component]
pub fn NotFound() -> impl IntoView {
    let path = use_location().pathname;
    view! {
        <section class="not-found" data-testid="not-found">
            <h1>"No such page"</h1>
            <p>"There is nothing at " <code>{move || path.get()}</code> "."</p>
            <p>"You might want:"</p>
            <ul>
                <li><a href="/">"All games"</a></li>
                <li><a href="/play/punish">"Play PUNISH"</a></li>
                <li><a href="/rules/punish">"PUNISH rules"</a></li>
                <li><a href="/play/taunt">"Play TAUNT"</a></li>
                <li><a href="/rules/taunt">"TAUNT rules"</a></li>
            </ul>
        </section>
    }
}
