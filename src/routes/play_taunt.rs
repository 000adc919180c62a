//! `/play/taunt`: the TAUNT table, whose code (engine, bot and page) is its own wasm built from
//! `src/bin/taunt-play.rs` and fetched only when someone opens this page.

use crate::components::lazy_module::LazyModule;
use leptos::prelude::*;

/// The TAUNT play page's placeholder.
#[component]
pub fn PlayTaunt() -> impl IntoView {
    view! { <LazyModule name="taunt-play" root="play-root" what="the TAUNT table"/> }
}
