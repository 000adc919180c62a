//! The entries of a game's modules. Each page of the site is one module, the page's only wasm
//! (`public/start.js` loads it instead of the shell), whose `start_page()` draws the whole page
//! (see [`crate::components::chrome`]):
//! - the play module (`src/bin/<game>-play.rs`) on `/play/<game>`;
//! - the rules module (`src/bin/<game>-rules.rs`) on `/rules/<game>`, where it also mounts the
//!   game's pieces (cards, example players) into the placeholders drawn for the rules text's
//!   `::name arg` lines, and (`start_watch_page()`) on `/watch/<game>`;
//! - the lab module (`src/bin/<game>-lab.rs`) on `/lab/<game>`.
//!
//! Separate modules rather than one: a rules page then downloads no lobby, saves or computer,
//! and a play page no worked examples or their players.

use leptos::prelude::*;
use std::any::Any;
use std::cell::RefCell;

/// The id of the element a play page mounts into.
pub const PLAY_ROOT: &str = "play-root";

thread_local! {
    /// The page mounted on the current (or last) visit.
    static MOUNTED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// The rules page's pieces mounted on the current (or last) visit.
    static PIECES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// The attribute naming a placeholder's piece (`::name`); `data-rules-arg` holds its argument.
pub const PIECE_ATTRIBUTE: &str = "data-rules-piece";

/// The attribute naming the game a placeholder belongs to: a module fills only its own game's
/// (the page may have moved on to another game's rules while a module was loading).
pub const GAME_ATTRIBUTE: &str = "data-rules-game";

/// The rules page's placeholders for pieces, in page order.
pub fn placeholders() -> Vec<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast;
    let Some(found) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector_all(&format!("[{PIECE_ATTRIBUTE}]")).ok())
    else {
        return Vec::new();
    };
    (0..found.length()).filter_map(|i| found.item(i)?.dyn_into().ok()).collect()
}

/// A game's pieces of its rules page: what to draw for the rules text's line `::name arg`, or
/// `None` for a name the game does not know.
pub type PieceFn = fn(&str, &str) -> Option<AnyView>;

/// Mounts `piece(name, arg)` into every placeholder of the game `game`'s rules page, replacing
/// the previous visit's pieces. A placeholder the game does not know says so.
pub fn fill_rules(game: &str, piece: PieceFn) {
    PIECES.with(|pieces| pieces.borrow_mut().clear());
    for el in placeholders().into_iter().filter(|el| el.get_attribute(GAME_ATTRIBUTE).as_deref() == Some(game)) {
        let name = el.get_attribute(PIECE_ATTRIBUTE).unwrap_or_default();
        let arg = el.get_attribute("data-rules-arg").unwrap_or_default();
        el.set_inner_html("");
        let handle = leptos::mount::mount_to(el, move || {
            piece(&name, &arg).unwrap_or_else(|| view! { <p class="error">{format!("(Nothing to show for {name} {arg}.)")}</p> }.into_any())
        });
        PIECES.with(|pieces| pieces.borrow_mut().push(Box::new(handle)));
    }
}

/// Mounts `page` into the element with id `root`, if the site has drawn one, replacing the
/// previous visit's page.
pub fn mount_into<F, V>(root: &str, page: F)
where
    F: FnOnce() -> V + 'static,
    V: IntoView + 'static,
{
    use wasm_bindgen::JsCast;
    let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(root)) else { return };
    // The previous page goes first, so its effects end before the new one starts.
    MOUNTED.with(|mounted| drop(mounted.take()));
    el.set_inner_html("");
    let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() else { return };
    let handle = leptos::mount::mount_to(el, page);
    MOUNTED.with(|mounted| *mounted.borrow_mut() = Some(Box::new(handle)));
}

/// The whole body of a game's play module (`src/bin/<game>-play.rs`):
/// `play_module!("punish", PlayComponent, PunishSite)` exports `start_page()` (the whole play page,
/// header and footer included) and `think()` (the computer's decision, for the workers it thinks in: see
/// [`crate::play::think`]; `PunishSite` is the game's [`crate::play::OnSite`]).
#[macro_export]
macro_rules! play_module {
    ($game:literal, $page:path, $site:ty) => {
        /// Draws the whole play page: `public/start.js` calls it on `/play/<game>`, where this
        /// module is the page's only wasm.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn start_page() {
            $crate::components::chrome::start_game_page($game, "play", $crate::lazy_page::PLAY_ROOT, $page);
        }

        /// The computer's decision for a request from the page (see `play::think`): what a
        /// worker running this module a second time is asked.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn think(request: String) -> Result<String, String> {
            $crate::play::think::answer_plain::<<$site as $crate::play::OnSite>::G>(&request, $crate::play::think::browser_clock)
        }

        fn main() {
            console_error_panic_hook::set_once();
            $crate::play::think::set_module(concat!($game, "-play"));
        }
    };
}

/// The whole body of a game's balance-lab module (`src/bin/<game>-lab.rs`), which the site
/// loads when someone opens `/lab/<game>`: `lab_module!("taunt", "TAUNT", TauntSite)` (the
/// game's [`crate::play::OnSite`]) exports `start_page` (the whole lab page), `think`,
/// which plays a batch of the run's games for the workers the page runs this module in (see
/// [`crate::lab`]), and `explain`, the computer's decision with what it expected, for a play
/// page whose person asked (the play module stays without that code). A game whose
/// lab can play material kept in the browser names the function that lists it last (see
/// [`crate::lab::LabGame::materials`]).
#[macro_export]
macro_rules! lab_module {
    ($game:literal, $title:literal, $site:ty) => {
        $crate::lab_module!($game, $title, $site, $crate::lab::no_materials);
    };
    ($game:literal, $title:literal, $site:ty, $materials:path) => {
        /// Draws the whole lab page: `public/start.js` calls it on `/lab/<game>`, where this
        /// module is the page's only wasm.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn start_page() {
            $crate::lab::style();
            $crate::components::chrome::start_game_page($game, "lab", $crate::lab::LAB_ROOT, || {
                $crate::lab::lab_page::<<$site as $crate::play::OnSite>::G>($title, $materials)
            });
        }

        /// Plays a batch of a lab run's games (see `lab::play_batch`): what a worker running
        /// this module a second time is asked.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn think(request: String) -> Result<String, String> {
            $crate::lab::play_batch::<<$site as $crate::play::OnSite>::G>(&request)
        }

        /// The computer's decision on a play page, with what it expected (see
        /// `play::think::answer`): what a play page's explaining worker asks.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn explain(request: String) -> Result<String, String> {
            $crate::play::explain::answer::<$site>(&request, $crate::play::think::browser_clock)
        }

        /// The panel saying what the computer expected at a step (and, at the end, the costliest
        /// choices), as HTML, from the play page's text (see `play::explain`).
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn why_html(text: String) -> String {
            $crate::play::explain::why_html::<$site>(&text)
        }

        fn main() {
            console_error_panic_hook::set_once();
            $crate::play::think::set_module(concat!($game, "-lab"));
        }
    };
}

/// The whole body of a game's connection module (`src/bin/<game>-remote.rs`), which a play
/// page loads when someone plays against a friend on another device:
/// `remote_module!(dojo_games::taunt::Taunt)` exports `host`, `join`, `choose` and `leave` (see
/// [`crate::remote::friend`]). It holds the engine (to check every step the other device
/// plays), the connection and the commitments, none of which the play module carries.
#[macro_export]
macro_rules! remote_module {
    ($game:ty) => {
        /// Hosts a match: the request names the setup and who plays where.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn host(request: String) -> Result<String, String> {
            $crate::remote::friend::host::<$game>(&request)
        }

        /// Answers an invitation code.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn join(code: String) -> Result<String, String> {
            $crate::remote::friend::join::<$game>(&code)
        }

        /// A choice made by a person at this device.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn choose(request: String) -> Result<String, String> {
            $crate::remote::friend::choose::<$game>(&request)
        }

        /// Leaves the match in progress.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn leave(_request: String) -> Result<String, String> {
            $crate::remote::friend::leave::<$game>()
        }

        fn main() {
            console_error_panic_hook::set_once();
        }
    };
}

/// The whole body of a game's rules module (`src/bin/<game>-rules.rs`), the rules page's and
/// the watch page's only wasm: `rules_module!("punish", rules_piece_fn, PunishSite, table)`
/// exports `start_page()` (the rules page, with the game's pieces: see [`fill_rules`]) and
/// `start_watch_page()` (the watch page of a replay link, in the same replay viewer as the
/// worked examples, drawing positions with `table`: see [`crate::play::watch`]). It holds the
/// engine, the tables and the viewer, and none of the lobby or computer.
#[macro_export]
macro_rules! rules_module {
    ($game:literal, $pieces:path, $site:ty, $table:path) => {
        /// Draws the whole rules page: `public/start.js` calls it on `/rules/<game>`.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn start_page() {
            let Some(info) = $crate::catalog::on_site($game) else { return };
            let here = concat!("/rules/", $game);
            $crate::components::chrome::start_page_behind_first_paint(here, Some($game), "rules-root", move || {
                $crate::routes::rules::RulesPage($crate::routes::rules::RulesPageProps { game: info, pieces: $pieces })
            });
        }

        /// Draws the whole watch page for the replay link in the address: `public/start.js`
        /// calls it on `/watch/<game>`.
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn start_watch_page() {
            let title = dojo_games::registry::find($game).map_or($game, |g| g.name);
            $crate::components::chrome::start_game_page($game, "watch", $crate::play::watch::WATCH_ROOT, move || {
                $crate::play::watch::watch_page::<$site>($game, title, $table)
            });
        }

        fn main() {
            console_error_panic_hook::set_once();
        }
    };
}
