//! The print page as a separate wasm. The site's `/print/<game>` route draws an empty
//! `#print-root`, imports this module and calls `remount`, which mounts the print form into
//! that element (on every visit). Keeping it apart means nobody pays
//! for the print page's code until they open it.

mod page;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Mounts the print page into `#print-root`, if the site has drawn one.
fn mount_here() {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("print-root")) else { return };
    // Any game with a kit: the list names them without pulling in their drawing code.
    let found = root.get_attribute("data-game").and_then(|id| dojo_print::kits::games().find(|g| g.id == id));
    let Some((game, title)) = found.map(|g| (g.id, g.name)) else {
        return root.set_inner_html("<p class=\"error\" role=\"alert\">There is no print-and-play kit for this game yet.</p>");
    };
    root.set_inner_html("");
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else { return };
    let handle = leptos::mount::mount_to(root, move || view! { <page::PrintKit game=game title=title/> });
    // The previous visit's page (if any) is dropped now: that ends its workers.
    MOUNTED.with(|mounted| drop(mounted.replace(Some(Box::new(handle)))));
}

thread_local! {
    /// The page mounted on the current (or last) visit.
    static MOUNTED: std::cell::RefCell<Option<Box<dyn std::any::Any>>> = const { std::cell::RefCell::new(None) };
}

/// Mounts the page again when the site shows a print page after this module has loaded.
#[wasm_bindgen]
pub fn remount() {
    mount_here();
}

fn main() {
    // The site calls `remount` once the module has started (see the site's lazy_module).
    console_error_panic_hook::set_once();
}
