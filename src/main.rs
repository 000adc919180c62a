//! Entry point of the Pocket Dojo site: report panics to the console, take down the home page
//! `index.html` showed while the wasm was on its way, then mount the app.

fn main() {
    console_error_panic_hook::set_once();
    if let Some(first_paint) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("first-paint")) {
        first_paint.remove();
    }
    leptos::mount::mount_to_body(pocket_dojo::App);
}
