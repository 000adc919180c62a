//! A page whose code is its own wasm, fetched the first time someone opens it.
//!
//! Trunk builds such a page as a classic script that declares a global `wasm_bindgen`; two of
//! those on one page would clash (the print page already uses one). So the script's text is
//! fetched and run inside a function, and its init object is kept under
//! `window.__dojoModules[name]`. Later visits call the module's `remount()` once the route
//! has drawn its root element.

use leptos::prelude::*;

/// The loader for module `name` (`/NAME.js` and `/NAME_bg.wasm`), reporting failures in `#root`.
fn loader_script(name: &str, root: &str) -> String {
    format!(
        "(() => {{ const all = window.__dojoModules = window.__dojoModules || {{}}; \
         if (all['{name}']) {{ all['{name}'].then(m => requestAnimationFrame(() => m.remount())); return; }} \
         all['{name}'] = fetch('/{name}.js').then(r => {{ if (!r.ok) throw new Error(r.status); return r.text(); }}) \
         .then(t => {{ const m = new Function(t + '\\nreturn wasm_bindgen;')(); return m({{ module_or_path: '/{name}_bg.wasm' }}).then(() => m); }}) \
         .catch(e => {{ delete all['{name}']; const el = document.getElementById('{root}'); \
         if (el) el.innerHTML = '<p class=\"error\" role=\"alert\">This page could not be loaded (' + e.message + '). Check your connection and reload.</p>'; }}); }})()"
    )
}

/// Runs the loader of module `name` by adding a script element to the page.
fn load(name: &str, root: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let (Some(body), Ok(script)) = (document.body(), document.create_element("script")) else { return };
    script.set_text_content(Some(&loader_script(name, root)));
    let _ = body.append_child(&script);
}

/// An empty `#root` element with a loading notice, filled by the module `name` once it runs.
#[component]
pub fn LazyModule(
    /// The module's file name without extension, e.g. `"taunt-play"`.
    name: &'static str,
    /// The id of the element the module mounts into.
    root: &'static str,
    /// What is loading, for the notice ("the TAUNT table").
    what: &'static str,
) -> impl IntoView {
    Effect::new(move |_| load(name, root));
    view! {
        <div id=root data-testid=root>
            <p class="progress"><span class="spinner" aria-hidden="true"></span>{format!("Loading {what}…")}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_names_the_module_and_its_root() {
        let js = loader_script("taunt-play", "play-root");
        assert!(js.contains("fetch('/taunt-play.js')"));
        assert!(js.contains("module_or_path: '/taunt-play_bg.wasm'"));
        assert!(js.contains("getElementById('play-root')"));
        assert!(js.contains("m.remount()"));
    }
}
