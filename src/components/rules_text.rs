//! A game's rules text and interpretation notes, fetched when its rules page opens.
//!
//! The texts are not compiled into the site: Trunk copies each game's `rules.md` and `notes.md`
//! to `/text/<game>/` (see `index.html`) and the rules page fetches them, so the words of every
//! game's rules stay out of the first download. Tests read the same files through the engine's
//! `RULES_TEXT` and `INTERPRETATION_NOTES`.

use crate::browser;
use leptos::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A game's rules text and notes, kept for the rest of the visit once fetched. Copies share the
/// same text (signals want `Send + Sync`, hence `Arc` rather than `Rc`).
#[derive(Clone, Debug, PartialEq)]
pub struct Texts {
    /// The rules (Markdown).
    pub rules: Arc<str>,
    /// The interpretation notes (Markdown).
    pub notes: Arc<str>,
}

thread_local! {
    static LOADED: RefCell<Vec<(&'static str, Texts)>> = const { RefCell::new(Vec::new()) };
}

/// The texts of `game`, if already fetched on this visit.
pub fn loaded(game: &str) -> Option<Texts> {
    LOADED.with(|l| l.borrow().iter().find(|(g, _)| *g == game).map(|(_, t)| t.clone()))
}

/// Asks the site for a text file; [`read_text`] reads the answer.
fn request_text(url: &str) -> Result<js_sys::Promise, String> {
    Ok(web_sys::window().ok_or("no window")?.fetch_with_str(url))
}

/// The text of a file asked for with [`request_text`].
async fn read_text(request: js_sys::Promise) -> Result<String, String> {
    let response = JsFuture::from(request).await.map_err(|_| "the network request failed".to_string())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "an unexpected answer".to_string())?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let text = response.text().map_err(|_| "an unreadable answer".to_string())?;
    JsFuture::from(text).await.ok().and_then(|t| t.as_string()).ok_or_else(|| "an unreadable answer".to_string())
}

async fn load(game: &'static str) -> Result<Texts, String> {
    if let Some(texts) = loaded(game) {
        return Ok(texts);
    }
    // Both asked for at once (one round trip, not two); public/early.js has usually asked
    // already, as the page started.
    let (rules, notes) = (request_text(&format!("/text/{game}/rules.md"))?, request_text(&format!("/text/{game}/notes.md"))?);
    let rules = read_text(rules).await?.into();
    let notes = read_text(notes).await?.into();
    let texts = Texts { rules, notes };
    LOADED.with(|l| {
        // A second visit to the page may have fetched them too while this fetch was under way.
        let mut l = l.borrow_mut();
        if !l.iter().any(|(g, _)| *g == game) {
            l.push((game, texts.clone()));
        }
    });
    Ok(texts)
}

/// The texts of `game` as a signal: `None` while loading, then the texts or why they failed.
pub fn use_texts(game: &'static str) -> RwSignal<Option<Result<Texts, String>>> {
    let texts = RwSignal::new(loaded(game).map(Ok));
    if texts.get_untracked().is_none() {
        leptos::task::spawn_local(async move { texts.set(Some(load(game).await)) });
    }
    texts
}

/// What the page shows until the texts are there: a loading line, or the error.
pub fn waiting(state: Option<Result<Texts, String>>) -> AnyView {
    match state {
        Some(Err(e)) => {
            view! { <p class="error" role="alert">{format!("The rules could not be loaded ({e}). Check your connection and reload.")}</p> }
                .into_any()
        }
        _ => view! { <p class="progress"><span class="spinner" aria-hidden="true"></span>"Loading the rules…"</p> }.into_any(),
    }
}

/// The address's `#fragment` without the `#`.
fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default().trim_start_matches('#').to_string()
}

/// Scrolls to the section named by the address's `#fragment` whenever it changes, once `ready`
/// (the texts are on the page).
pub fn scroll_to_hash(ready: Signal<bool>) {
    let hash = RwSignal::new(current_hash());
    // For the page's lifetime, like the page.
    let _ = window_event_listener(leptos::ev::hashchange, move |_| hash.set(current_hash()));
    Effect::new(move |_| {
        let id = hash.get();
        if ready.get() && !id.is_empty() {
            request_animation_frame(move || {
                browser::scroll_to_id(&id);
            });
        }
    });
}
