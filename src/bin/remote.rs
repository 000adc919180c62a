//! The connection module: the `/connect` page and the direct connections between devices,
//! fetched only when needed (it carries WebRTC, the commitments and the mental-poker deal).

/// Mounts the page; the site calls it each time the connection page opens.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn remount() {
    pocket_dojo::lazy_page::mount_into(pocket_dojo::remote::REMOTE_ROOT, pocket_dojo::remote::page::ConnectPage);
}

fn main() {
    console_error_panic_hook::set_once();
}
