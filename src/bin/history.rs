//! The "Your games" module: the page of games finished on this device, and the packing of a
//! finished game's replay link for the play pages, fetched only when needed (it reads and
//! writes every game's replay pieces, so it carries their dictionaries and the compressor).

/// Draws the whole "Your games" page: `public/start.js` calls it on `/games`, where this module
/// is the page's only wasm.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_page() {
    pocket_dojo::components::chrome::start_page(
        "/games",
        None,
        pocket_dojo::history_page::HISTORY_ROOT,
        pocket_dojo::history_page::HistoryPage,
    );
}

/// Packs a finished game for a play page: `request` is `{"entry": …, "shared": …}` (the
/// "Your games" entry without its piece, and the shared game as JSON or `null` when it cannot
/// be shared). Returns the replay piece ("" when there is none) after adding the entry to
/// "Your games" (when one is given); throws the reason when either fails.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn pack_finished(request: String) -> Result<String, String> {
    pocket_dojo::history::pack_finished(&request)
}

/// Draws a play page's share panel for a finished match (see
/// `pocket_dojo::history_page::show_share`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn show_share(request: String) -> Result<String, String> {
    pocket_dojo::history_page::show_share(&request);
    Ok(String::new())
}

fn main() {
    console_error_panic_hook::set_once();
}
