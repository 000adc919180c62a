//! `/play/:game`, `/rules/:game` and `/print/:game`: one route each, for every game the
//! registry puts on the site. An unknown game shows the not-found page.

use crate::catalog;
use crate::components::document::{Contents, Directive, Document};
use crate::components::lazy_module::{LazyModule, run_module};
use crate::components::rules_text::{loaded, scroll_to_hash, use_texts, waiting};
use crate::games;
use crate::lazy_page::placeholders;
use crate::routes::not_found::NotFound;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use std::sync::Arc;

/// The game named by the address's `:game`, if it is on the site.
fn game_in_address() -> Memo<Option<&'static catalog::GameInfo>> {
    let params = use_params_map();
    Memo::new(move |_| params.with(|p| p.get("game").and_then(|id| catalog::on_site(&id))))
}

/// A game's play page is a page of its own, drawn by the game's module without the shell (see
/// [`crate::components::chrome`]): reached from a link in the shell, the address is loaded
/// afresh.
#[component]
pub fn Play() -> impl IntoView {
    let game = game_in_address();
    move || match game.get() {
        Some(g) => {
            request_animation_frame(|| {
                if let Some(location) = web_sys::window().map(|w| w.location()) {
                    let _ = location.reload();
                }
            });
            view! { <p class="loading" data-testid="opening">{format!("Opening the {} table…", g.name)}</p> }.into_any()
        }
        None => view! { <NotFound/> }.into_any(),
    }
}

/// The balance lab of a game (`/lab/<game>`), in its own module; for a game without one, a
/// line saying so (kept short: this is in the first download).
#[component]
pub fn Lab() -> impl IntoView {
    let game = game_in_address();
    move || match game.get() {
        Some(g) if g.lab => {
            view! { <LazyModule name=crate::lab::lab_module(g.id) root=crate::lab::LAB_ROOT what=format!("the {} lab", g.name)/> }
                .into_any()
        }
        Some(g) => view! { <p data-testid="lab-none">{format!("{} has no balance lab yet.", g.name)}</p> }.into_any(),
        None => view! { <NotFound/> }.into_any(),
    }
}

/// A shared game watched step by step (`/watch/<game>#<piece>`): the game's rules module (the
/// worked examples' viewer is there already), which reads the piece from the address (see
/// [`crate::play::watch`]).
#[component]
pub fn Watch() -> impl IntoView {
    let game = game_in_address();
    move || {
        match game.get() {
        Some(g) => view! {
            <LazyModule name=games::rules_module(g.id) root=crate::play::watch::WATCH_ROOT what=format!("the {} replay", g.name) entry="watch"/>
        }
        .into_any(),
        None => view! { <NotFound/> }.into_any(),
    }
    }
}

/// "Your games": the games finished on this device, in their own module.
#[component]
pub fn YourGames() -> impl IntoView {
    view! { <LazyModule name="history" root=crate::history_page::HISTORY_ROOT what="your games"/> }
}

/// The connection page: two devices connect directly (see [`crate::remote`]), in its own module.
#[component]
pub fn Connect() -> impl IntoView {
    view! { <LazyModule name="remote" root=crate::remote::REMOTE_ROOT what="the connection page"/> }
}

/// A game's rules page.
#[component]
pub fn Rules() -> impl IntoView {
    let game = game_in_address();
    move || match game.get() {
        Some(g) => view! { <RulesPage game=g/> }.into_any(),
        None => view! { <NotFound/> }.into_any(),
    }
}

/// What the shell draws for the rules text's line `::name arg` of `game`: the contents and the
/// notes itself, anything else as a placeholder the game's module fills in.
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

/// Says in every placeholder of the page that its piece could not be loaded.
fn pieces_failed(reason: &str) {
    for el in placeholders() {
        el.set_text_content(Some(&format!("This part could not be loaded ({reason}). Check your connection and reload.")));
    }
}

/// A game's rules in our own words: the text and notes fetched from `/text/<game>/`, every
/// section with a link of its own, and the game's pieces (cards, example players) filled in by
/// its module once the text is on the page. A link such as `/rules/punish#clash` opens the page
/// scrolled to that section (again once the pieces are in, since they move the text).
#[component]
fn RulesPage(game: &'static catalog::GameInfo) -> impl IntoView {
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
                run_module(games::rules_module(id), "fill_rules", move |result| {
                    if let Err(reason) = result {
                        pieces_failed(&reason);
                    }
                    pieces_ready.set(true);
                })
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

/// A game's print page: the print page's module (`crates/print-page`) with the game named on
/// its root element.
#[component]
pub fn Print() -> impl IntoView {
    let game = game_in_address();
    move || match game.get() {
        Some(g) if g.kit => view! { <LazyModule name="print-page" root="print-root" what="the print page" game=g.id/> }.into_any(),
        _ => view! { <NotFound/> }.into_any(),
    }
}
