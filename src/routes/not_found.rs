//! The page for any address the site does not know.

use leptos::prelude::*;

/// A helpful not-found page: says what was asked for (`path`) and where to go.
#[component]
pub fn NotFound(
    /// The address asked for.
    path: String,
) -> impl IntoView {
    view! {
        <section class="not-found" data-testid="not-found">
            <h1>"No such page"</h1>
            <p>"There is nothing at " <code>{path}</code> "."</p>
            <p>"You might want:"</p>
            <ul>
                <li><a href="/">"All games"</a></li>
                {dojo_games::registry::on_site()
                    .map(|g| view! {
                        <li><a href=format!("/play/{}", g.id)>{format!("Play {}", g.name)}</a></li>
                        <li><a href=format!("/rules/{}", g.id)>{format!("{} rules", g.name)}</a></li>
                    })
                    .collect_view()}
            </ul>
        </section>
    }
}
