//! `/rules/<game>`: a game's rules in our own words, drawn by the game's rules module
//! (`src/bin/<game>-rules.rs`) as a page of its own.

use crate::catalog;
use crate::components::document::{Contents, Directive, Document};
use crate::components::rules_text::{loaded, scroll_to_hash, use_texts, waiting};
use crate::lazy_page::{PieceFn, fill_rules};
use leptos::prelude::*;
use std::sync::Arc;

/// What the page draws for the rules text's line `::name arg` of `game`: the contents and the
/// notes itself, anything else as a placeholder the game's pieces fill in.
fn directive(game: &'static str) -> Directive {
    let page = format!("/rules/{game}");
    Arc::new(move |name: &str, arg: &str| match name {
        "contents" => loaded(game).map(|t| view! { <Contents text=t.rules/> }.into_any()),
        "notes" => loaded(game).map(|t| view! { <Document text=t.notes page=page.clone() prefix="note-" min_level=3/> }.into_any()),
        _ => Some(
            view! {
                <div class="rules-piece" data-rules-game=game data-rules-piece=name.to_string() data-rules-arg=arg.to_string()>
                    <p class="progress"><span class="spinner" aria-hidden="true"></span>"Loading…"</p>
                </div>
            }
            .into_any(),
        ),
    })
}

/// A game's rules in our own words: the text and notes fetched from `/text/<game>/`, every
/// section with a link of its own, and the game's pieces (cards, example players: `pieces`)
/// filled in once the text is on the page. A link such as `/rules/punish#clash` opens the page
/// scrolled to that section (again once the pieces are in, since they move the text).
#[component]
pub fn RulesPage(
    /// The game.
    game: &'static catalog::GameInfo,
    /// The game's pieces of the page.
    pieces: PieceFn,
) -> impl IntoView {
    let id = game.id;
    let texts = use_texts(id);
    let text_ready = Signal::derive(move || matches!(texts.get(), Some(Ok(_))));
    let pieces_ready = RwSignal::new(false);
    scroll_to_hash(text_ready);
    scroll_to_hash(pieces_ready.into());
    Effect::new(move |_| {
        if text_ready.get() {
            // Once the text (and its placeholders) is in the page.
            request_animation_frame(move || {
                fill_rules(id, pieces);
                pieces_ready.set(true);
            });
        }
    });
    view! {
        <article class=format!("rules rules-{id}") data-testid=format!("rules-{id}")>
            <h1>{format!("{}: the rules", game.name)}</h1>
            {game.lesson.then(|| view! { <p class="learn"><a class="button" data-testid="learn-link" href=format!("/play/{id}#{}", crate::play::lesson::HASH)>"Learn by playing"</a>" A guided first match of a few minutes."</p> })}
            {move || match texts.get() {
                Some(Ok(t)) => view! { <Document text=t.rules page=format!("/rules/{id}") directive=directive(id)/> }.into_any(),
                other => waiting(other),
            }}
        </article>
    }
}
