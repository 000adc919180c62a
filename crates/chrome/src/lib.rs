//! The site's header and footer for every page. Each page of the site is one module (its own
//! wasm) that draws the whole page: the home page is the shell, a game's play, rules, watch and
//! lab pages are that game's modules, and the print, "Your games" and connection pages their
//! own (see the README's "How pages are split"). Each calls [`draw`] first, then mounts its
//! content into the element it names. The links are plain links: each leads to a page of its
//! own.
#![deny(missing_docs)]

use dojo_games::registry::{self, GameInfo};
use leptos::prelude::*;

/// The header's links after the games, as (address, label): the home page's first paint in
/// `index.html` draws the same ones.
pub const NAV_LINKS: [(&str, &str); 2] = [("/", "All games"), ("/games", "Your games")];

/// The site's footer line.
pub const FOOTER: &str = "Pocket Dojo plays, prints and explains tiny fighting card games. Rules pages are written in our own words; the games belong to their designers.";

/// A game's own pages in its header, as (label, kind of page): the address is `/<kind>/<game>`.
fn game_pages(game: &GameInfo) -> impl Iterator<Item = (&'static str, &'static str)> {
    [("Play", "play", true), ("Rules", "rules", true), ("Print", "print", game.kit), ("Lab", "lab", game.lab)]
        .into_iter()
        .filter(|(_, _, shown)| *shown)
        .map(|(label, kind, _)| (label, kind))
}

/// The site's header: its links, then, on a game's pages, the game's own (Play, Rules, Print,
/// Lab); the link to `here` is marked as the current page.
#[component]
fn Header(game: Option<&'static GameInfo>, here: String) -> impl IntoView {
    let here = std::rc::Rc::new(here);
    let current = move |href: &str| (href == here.as_str()).then_some("page");
    let current_too = current.clone();
    let games = registry::on_site().map(move |g| {
        let href = format!("/play/{}", g.id);
        view! { <a href=href.clone() aria-current=current(&href)>{g.name}</a> }
    });
    let own = game.map(move |game| {
        view! {
            <nav class="game-nav" aria-label=format!("{} pages", game.name) data-testid="game-nav">
                <span class="game-nav-name">{game.name}</span>
                {game_pages(game)
                    .map(|(label, kind)| {
                        let href = format!("/{kind}/{}", game.id);
                        view! { <a href=href.clone() aria-current=current_too(&href)>{label}</a> }
                    })
                    .collect_view()}
            </nav>
        }
    });
    view! {
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="site-header">
            <a href="/" class="brand">"Pocket Dojo"</a>
            <nav aria-label="Main">
                {games.collect_view()}
                {NAV_LINKS.iter().map(|(href, label)| view! { <a href=*href>{*label}</a> }).collect_view()}
            </nav>
            {own}
        </header>
    }
}

/// The class on `<html>` while `index.html`'s first paint (`#first-paint`: the home page, or
/// the page's own copy's plain-HTML page) is shown: public/route.js sets it, and the style hides
/// the page the module draws until it is removed.
const FIRST_PAINT_SHOWN: &str = "first-paint";

/// Draws the page at address `here` around an empty element with id `root`, in place of the
/// first paint `index.html` showed: the header (with game `game`'s own links when one is named
/// and on the site), a main holding `root`, and the footer. The caller then mounts its content
/// into `root`.
pub fn draw(here: &str, game: Option<&str>, root: &'static str) {
    draw_behind_first_paint(here, game, root);
    show_drawn_page();
}

/// Like [`draw`], but the first paint stays in view, the page drawn behind it, until
/// [`show_drawn_page`]: a rules page shows its text as plain HTML until the module has drawn
/// the same text.
pub fn draw_behind_first_paint(here: &str, game: Option<&str>, root: &'static str) {
    let game = game.and_then(|id| registry::on_site().find(|g| g.id == id));
    let here = here.to_string();
    // Mounted for the document's lifetime.
    leptos::mount::mount_to_body(move || {
        view! {
            <Header game=game here=here/>
            <main id="main" data-testid="app-ready">
                <div id=root data-testid=root></div>
            </main>
            <footer class="site-footer">
                <p>{FOOTER}</p>
            </footer>
        }
    });
}

/// Takes the first paint away, showing the page the module drew (nothing if already done).
pub fn show_drawn_page() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(first_paint) = document.get_element_by_id("first-paint") {
        first_paint.remove();
    }
    if let Some(html) = document.document_element() {
        let _ = html.class_list().remove_1(FIRST_PAINT_SHOWN);
    }
}

/// The address of the page being shown (`/rules/taunt`), without query or fragment.
pub fn address() -> String {
    web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default()
}
