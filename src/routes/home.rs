//! `/`: the five games of the collection and where each stands.

use crate::catalog::{Status, listed};
use leptos::prelude::*;

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="hero">
            <h1>"Tiny fighting card games, in your browser"</h1>
            <p>"Play against a friend on one device or against the computer, read the rules in plain words, and share a link to the exact rule you are arguing about."</p>
        </section>
        <ul class="game-list">
            {listed().map(|g| {
                let playable = g.status == Status::Playable;
                view! {
                    <li class="game-tile" class:playable=playable data-testid=format!("game-{}", g.id)>
                        <h2>{g.name}</h2>
                        <p class="pitch">{g.pitch}</p>
                        <p class="source"><strong>"Rules source: "</strong>{g.source}</p>
                        {if playable {
                            view! {
                                <div class="actions">
                                    <a href=format!("/play/{}", g.id) class="button primary">"Play"</a>
                                    <a href=format!("/rules/{}", g.id) class="button">"Rules"</a>
                                    <a href=format!("/print/{}", g.id) class="button">"Print"</a>
                                </div>
                                <p class="quick-link"><a href=format!("/rules/{}#{}", g.id, g.quick.0)>{g.quick.1}</a></p>
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
