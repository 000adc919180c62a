//! The print page as a module of its own: on `/print/<game>` public/start.js loads this module
//! alone (the page's only wasm) and calls `start_page`, which draws the site's header and footer
//! and the print form for the game in the address. Keeping it apart means nobody pays for the
//! print page's code until they open it.

mod page;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The id of the element the print form is mounted into.
const PRINT_ROOT: &str = "print-root";

/// The game of the address `/print/<game>`, when it has a kit: its id and name.
fn game_in(address: &str) -> Option<(&'static str, &'static str)> {
    let id = address.strip_prefix("/print/")?.trim_end_matches('/');
    // Any game with a kit: the list names them without pulling in their drawing code.
    dojo_print::kits::games().find(|g| g.id == id).map(|g| (g.id, g.name))
}

/// Draws the whole print page: `public/start.js` calls it on `/print/<game>`.
#[wasm_bindgen]
pub fn start_page() {
    let address = dojo_chrome::address();
    let found = game_in(&address);
    dojo_chrome::draw(&address, found.map(|(id, _)| id), PRINT_ROOT);
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(PRINT_ROOT)) else { return };
    let Some((game, title)) = found else {
        return root.set_inner_html("<p class=\"error\" role=\"alert\">There is no print-and-play kit for this game yet.</p>");
    };
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else { return };
    // Mounted for the page's lifetime.
    leptos::mount::mount_to(root, move || view! { <page::PrintKit game=game title=title/> }).forget();
}

fn main() {
    console_error_panic_hook::set_once();
}
