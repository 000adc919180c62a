//! The TAUNT play page as its own wasm. The site's `/play/taunt` route draws an empty
//! `#play-root` and loads this module; on start (and on every later visit, through `remount`)
//! it mounts the page into that element, dropping the previous visit's page.

use pocket_dojo::taunt_play::PlayTaunt;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

fn mount_here() {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("play-root")) else { return };
    root.set_inner_html("");
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else { return };
    let handle = leptos::mount::mount_to(root, PlayTaunt);
    MOUNTED.with(|mounted| drop(mounted.replace(Some(Box::new(handle)))));
}

thread_local! {
    /// The page mounted on the current (or last) visit.
    static MOUNTED: std::cell::RefCell<Option<Box<dyn std::any::Any>>> = const { std::cell::RefCell::new(None) };
}

/// Mounts the page again when the site shows `/play/taunt` after this module has loaded.
#[wasm_bindgen]
pub fn remount() {
    mount_here();
}

fn main() {
    console_error_panic_hook::set_once();
    mount_here();
}
