//! The Pocket Dojo site: a Leptos single-page app that plays, prints and teaches tiny fighting
//! card games. Pages live in [`routes`], shared pieces in [`components`]; game logic comes from
//! the `dojo-*` crates and is wrapped here, never rewritten.
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

use leptos::prelude::*;
use leptos_router::components::{A, Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;

/// On a game's pages, links to its play, rules and print pages.
#[component]
fn GameNav() -> impl IntoView {
    let location = use_location();
    move || {
        let path = location.pathname.get();
        let slug = path.split('/').nth(2).unwrap_or_default().to_string();
        let game = catalog::on_site(&slug)?;
        Some(view! {
            <nav class="game-nav" aria-label=format!("{} pages", game.name) data-testid="game-nav">
                <span class="game-nav-name">{game.name}</span>
                <A href=format!("/play/{slug}")>"Play"</A>
                <A href=format!("/rules/{slug}")>"Rules"</A>
                <A href=format!("/print/{slug}")>"Print"</A>
                {game.lab.then(|| view! { <A href=format!("/lab/{slug}")>"Lab"</A> })}
            </nav>
        })
    }
}

/// The header's links after the games, as (address, label): the home page's first paint in
/// `index.html` draws the same ones.
pub const NAV_LINKS: [(&str, &str); 2] = [("/", "All games"), ("/games", "Your games")];

/// The site's footer line.
pub const FOOTER: &str = "Pocket Dojo plays, prints and explains tiny fighting card games. Rules pages are written in our own words; the games belong to their designers.";

/// The whole site: header, the routed page, footer.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <Router>
            <a class="skip-link" href="#main">"Skip to content"</a>
            <header class="site-header">
                <A href="/" attr:class="brand">"Pocket Dojo"</A>
                <nav aria-label="Main">
                    {dojo_games::registry::on_site().map(|g| view! { <A href=format!("/play/{}", g.id)>{g.name}</A> }).collect_view()}
                    {NAV_LINKS.iter().map(|(href, label)| view! { <A href=*href>{*label}</A> }).collect_view()}
                </nav>
                <GameNav/>
            </header>
            <main id="main" data-testid="app-ready">
                <Routes fallback=|| view! { <routes::not_found::NotFound/> }>
                    <Route path=path!("/") view=routes::home::Home/>
                    <Route path=path!("/play/:game") view=routes::game_pages::Play/>
                    <Route path=path!("/rules/:game") view=routes::game_pages::Rules/>
                    <Route path=path!("/print/:game") view=routes::game_pages::Print/>
                    <Route path=path!("/watch/:game") view=routes::game_pages::Watch/>
                    <Route path=path!("/games") view=routes::game_pages::YourGames/>
                    <Route path=path!("/connect") view=routes::game_pages::Connect/>
                    <Route path=path!("/lab/:game") view=routes::game_pages::Lab/>
                </Routes>
            </main>
            <footer class="site-footer">
                <p>{FOOTER}</p>
            </footer>
        </Router>
    }
}
