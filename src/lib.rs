//! The Pocket Dojo site: plays, prints and teaches tiny fighting card games. Each page is one
//! module of its own (the `src/bin/` programs and the shell, `main.rs`), drawn with Leptos;
//! pages live in [`routes`] and the game folders, shared pieces in [`components`]; game logic
//! comes from the `dojo-*` crates and is wrapped here, never rewritten.
#![deny(missing_docs)]

pub mod browser;
pub mod catalog;
pub mod components;
#[cfg(test)]
mod fuzz_tests;
pub mod games;
pub mod history;
pub mod history_page;
pub mod lab;
pub mod lazy_page;
pub mod markdown;
pub mod play;
pub mod remote;
pub mod routes;
pub mod text;

/// The site's footer line (see [`dojo_chrome::FOOTER`]).
pub use dojo_chrome::FOOTER;
/// The header's links after the games (see [`dojo_chrome::NAV_LINKS`]).
pub use dojo_chrome::NAV_LINKS;

/// The id of the element the shell's pages (home, not found) are mounted into.
pub const SHELL_ROOT: &str = "page-root";

/// Starts the shell, the site's start-up module on every address that is not a page of its own
/// (public/start.js): the home page at `/`, the not-found page anywhere else.
pub fn start_shell() {
    let here = dojo_chrome::address();
    if here == "/" {
        components::chrome::start_page(&here, None, SHELL_ROOT, routes::home::Home);
    } else {
        components::chrome::start_page(&here.clone(), None, SHELL_ROOT, move || {
            routes::not_found::NotFound(routes::not_found::NotFoundProps { path: here })
        });
    }
}
