//! The site's header and footer for a page that runs without the shell: a play page is its
//! game's module alone, with one copy of Leptos (see the README's "How pages are split"). The
//! links are those of the shell's header, as plain links: each leads to its own page.

use crate::lazy_page::{PLAY_ROOT, mount_into};
use crate::{FOOTER, NAV_LINKS};
use leptos::prelude::*;

/// The header of game `game`'s pages: the site's links, then the game's own (Play, Rules,
/// Print, Lab), the one for `here` marked as the current page.
#[component]
fn Header(game: &'static crate::catalog::GameInfo, here: &'static str) -> impl IntoView {
    let current = move |href: &str| (href == here).then_some("page");
    let games = dojo_games::registry::on_site().map(move |g| {
        let href = format!("/play/{}", g.id);
        view! { <a href=href.clone() aria-current=current(&href)>{g.name}</a> }
    });
    let own = [("Play", "play", true), ("Rules", "rules", true), ("Print", "print", true), ("Lab", "lab", game.lab)];
    view! {
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="site-header">
            <a href="/" class="brand">"Pocket Dojo"</a>
            <nav aria-label="Main">
                {games.collect_view()}
                {NAV_LINKS.iter().map(|(href, label)| view! { <a href=*href>{*label}</a> }).collect_view()}
            </nav>
            <nav class="game-nav" aria-label=format!("{} pages", game.name) data-testid="game-nav">
                <span class="game-nav-name">{game.name}</span>
                {own
                    .into_iter()
                    .filter(|(_, _, shown)| *shown)
                    .map(|(label, kind, _)| {
                        let href = format!("/{kind}/{}", game.id);
                        view! { <a href=href.clone() aria-current=current(&href)>{label}</a> }
                    })
                    .collect_view()}
            </nav>
        </header>
    }
}

/// Makes the document a play page on its own: the home page `index.html` drew for a first
/// visit goes, the header, an empty main and the footer are drawn, and `page` is mounted in
/// the main. Called by a play module's `start_page` (see [`crate::play_module`]).
pub fn start_play_page<F, V>(game: &'static str, page: F)
where
    F: FnOnce() -> V + 'static,
    V: IntoView + 'static,
{
    let Some(info) = crate::catalog::on_site(game) else { return };
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(first_paint) = document.as_ref().and_then(|d| d.get_element_by_id("first-paint")) {
        first_paint.remove();
    }
    let here: &'static str = Box::leak(format!("/play/{game}").into_boxed_str());
    // Mounted for the document's lifetime.
    leptos::mount::mount_to_body(move || {
        view! {
            <Header game=info here=here/>
            <main id="main" data-testid="app-ready">
                <div id=PLAY_ROOT></div>
            </main>
            <footer class="site-footer">
                <p>{FOOTER}</p>
            </footer>
        }
    });
    mount_into(PLAY_ROOT, page);
}
