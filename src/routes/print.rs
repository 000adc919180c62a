//! `/print/<game>`: a placeholder that loads the print page's own wasm (`crates/print-page`)
//! and lets it draw the form, so the print page's code is fetched only by people who open it.

use leptos::prelude::*;

/// Loads (or, on a later visit, re-mounts) the print page module into `#print-root`.
fn load_print_page() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = document.body() else { return };
    let Ok(script) = document.create_element("script") else { return };
    if document.get_element_by_id("print-page-script").is_some() {
        // Already loaded: a classic script reaches the module's global and mounts again.
        // Already loaded: a classic script reaches the module's global and mounts again, once
        // the route has put `#print-root` on the page.
        script.set_text_content(Some("requestAnimationFrame(() => wasm_bindgen.remount())"));
    } else {
        let _ = script.set_attribute("id", "print-page-script");
        let _ = script.set_attribute("src", "/print-page.js");
        let _ = script.set_attribute("onload", "wasm_bindgen({ module_or_path: '/print-page_bg.wasm' })");
        let _ = script.set_attribute(
            "onerror",
            "document.getElementById('print-root').textContent='The print page could not be loaded. Check your connection and reload.'",
        );
    }
    let _ = body.append_child(&script);
}

/// The print page for `game`.
#[component]
pub fn Print(
    /// The game's id.
    game: &'static str,
) -> impl IntoView {
    Effect::new(move |_| load_print_page());
    view! {
        <div id="print-root" data-game=game data-testid="print-root">
            <p class="progress"><span class="spinner" aria-hidden="true"></span>"Loading the print page…"</p>
        </div>
    }
}
