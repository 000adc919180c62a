//! `/`: the five games of the collection and where each stands.

use crate::catalog::{GAMES, Status};
use leptos::prelude::*;
use leptos_router::components::A;

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="hero">
            <h1>"Tiny fighting card games, in your browser"</h1>
            <p>"Play against a friend on one device or against the computer, read the rules in plain words, and share a link to the exact rule you are arguing about."</p>
        </section>
        <ul class="game-list">
            {GAMES.iter().map(|g| {
                let playable = g.status == Status::Playable;
                view! {
                    <li class="game-tile" class:playable=playable data-testid=format!("game-{}", g.slug)>
                        <h2>{g.name}</h2>
                        <p class="pitch">{g.pitch}</p>
                        <p class="source"><strong>"Rules source: "</strong>{g.source}</p>
                        {if playable {
                            view! {
                                <div class="actions">
                                    <A href=format!("/play/{}", g.slug) attr:class="button primary">"Play"</A>
                                    <A href=format!("/rules/{}", g.slug) attr:class="button">"Rules"</A>
                                </div>
                                <p class="quick-link"><A href=format!("/rules/{}#priority", g.slug)>"Which card goes first?"</A></p>
                            }.into_any()
                        } else {
                            view! { <p class="status">"Coming soon: rules engine, play and print kit are planned."</p> }.into_any()
                        }}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
