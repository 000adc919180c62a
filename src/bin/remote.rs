//! The connection module: the `/connect` page and the direct connections between devices,
//! fetched only when needed (it carries WebRTC, the commitments and the mental-poker deal).

/// Draws the whole connection page: `public/start.js` calls it on `/connect`, where this module
/// is the page's only wasm.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_page() {
    pocket_dojo::components::chrome::start_page("/connect", None, pocket_dojo::remote::REMOTE_ROOT, pocket_dojo::remote::page::ConnectPage);
}

fn main() {
    console_error_panic_hook::set_once();
}
