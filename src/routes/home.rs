//! `/`: the five games of the collection and where each stands.
//!
//! The home page is also written into `index.html` as plain HTML ([`first_paint_html`]), so a
//! first visit shows the games and their links as soon as the page and its stylesheet arrive,
//! before the app's wasm (a second on a slow phone). The app takes its place when it starts.

use crate::catalog::{GameInfo, Status, listed};
use leptos::prelude::*;

/// The home page's heading.
const TITLE: &str = "Tiny fighting card games, in your browser";
/// The home page's introduction.
const INTRO: &str = "Play against a friend on one device or against the computer, read the rules in plain words, and share a link to the exact rule you are arguing about.";
/// Where a newcomer starts: the shortest game's guided first match.
const START_HERE: (&str, &str, &str) = ("New here? ", "/play/punish#learn", "Start with PUNISH's guided first match");
/// What follows the link.
const START_HERE_AFTER: &str = ": a few minutes against the computer, each step explained as you play it. Every game has one.";
/// What a game that is not playable yet says.
const COMING_SOON: &str = "Coming soon: rules engine, play and print kit are planned.";

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="hero">
            <h1>{TITLE}</h1>
            <p>{INTRO}</p>
            <p class="start-here" data-testid="start-here">{START_HERE.0}<a href=START_HERE.1>{START_HERE.2}</a>{START_HERE_AFTER}</p>
        </section>
        <ul class="game-list">
            {listed().map(|g| {
                let playable = g.status == Status::Playable;
                view! {
                    <li class="game-tile" class:playable=playable data-testid=format!("game-{}", g.id)>
                        <h2>{g.name}</h2>
                        <p class="pitch">{g.pitch}</p>
                        <p class="source"><strong>"Rules source: "</strong>{g.source}</p>
                        {if playable {
                            let links = links(g);
                            view! {
                                <div class="actions">
                                    {links.into_iter().map(|(href, class, label)| view! { <a href=href class=class>{label}</a> }).collect_view()}
                                </div>
                                <p class="quick-link"><a href=quick_link(g)>{g.quick.1}</a></p>
                            }.into_any()
                        } else {
                            view! { <p class="status">{COMING_SOON}</p> }.into_any()
                        }}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}

/// A playable game's three buttons: address, class and label.
fn links(game: &GameInfo) -> [(String, &'static str, &'static str); 3] {
    [
        (format!("/play/{}", game.id), "button primary", "Play"),
        (format!("/rules/{}", game.id), "button", "Rules"),
        (format!("/print/{}", game.id), "button", "Print"),
    ]
}

/// A playable game's link to the rule it is best known for.
fn quick_link(game: &GameInfo) -> String {
    format!("/rules/{}#{}", game.id, game.quick.0)
}

/// `text` with `&`, `<`, `>` and `"` written as HTML entities.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The site's header as HTML, one line per element, as `dojo_chrome` draws it (without the
/// current-page marks), with game `game`'s own links when one is given: the first paint of the
/// home page and of a rules page start with it.
pub(crate) fn header_html(game: Option<&GameInfo>) -> Vec<String> {
    let mut html = vec![
        "<header class=\"site-header\">".to_string(),
        "<a href=\"/\" class=\"brand\">Pocket Dojo</a>".into(),
        "<nav aria-label=\"Main\">".into(),
    ];
    for game in dojo_games::registry::on_site() {
        html.push(format!("<a href=\"/play/{}\">{}</a>", game.id, escape(game.name)));
    }
    html.extend(crate::NAV_LINKS.iter().map(|(href, label)| format!("<a href=\"{href}\">{}</a>", escape(label))));
    html.push("</nav>".into());
    if let Some(game) = game {
        let name = escape(game.name);
        let own = [("Play", "play", true), ("Rules", "rules", true), ("Print", "print", game.kit), ("Lab", "lab", game.lab)];
        let links: String = own
            .iter()
            .filter(|(.., shown)| *shown)
            .map(|(label, kind, _)| format!("<a href=\"/{kind}/{}\">{label}</a>", game.id))
            .collect();
        html.push(format!(
            "<nav class=\"game-nav\" aria-label=\"{name} pages\" data-testid=\"game-nav\"><span class=\"game-nav-name\">{name}</span>{links}</nav>"
        ));
    }
    html.push("</header>".into());
    html
}

/// The site's footer as HTML.
pub(crate) fn footer_html() -> String {
    format!("<footer class=\"site-footer\"><p>{}</p></footer>", escape(crate::FOOTER))
}

/// The home page as `index.html` holds it for the first paint: the site's header, the home
/// page and the footer, with the same classes and links as the shell draws ([`Home`] and
/// `dojo_chrome`), one line per element. A unit test keeps `index.html` equal to it, and a
/// browser test compares it with the page the shell draws.
pub fn first_paint_html() -> String {
    let mut html = header_html(None);
    html.push("<main>".into());
    html.push(format!(
        "<section class=\"hero\"><h1>{}</h1><p>{}</p><p class=\"start-here\">{}<a href=\"{}\">{}</a>{}</p></section>",
        escape(TITLE),
        escape(INTRO),
        escape(START_HERE.0),
        START_HERE.1,
        escape(START_HERE.2),
        escape(START_HERE_AFTER)
    ));
    html.push("<ul class=\"game-list\">".into());
    for game in listed() {
        let playable = game.status == Status::Playable;
        html.push(format!("<li class=\"game-tile{}\">", if playable { " playable" } else { "" }));
        html.push(format!("<h2>{}</h2>", escape(game.name)));
        html.push(format!("<p class=\"pitch\">{}</p>", escape(game.pitch)));
        html.push(format!("<p class=\"source\"><strong>Rules source: </strong>{}</p>", escape(game.source)));
        if playable {
            let buttons: String =
                links(game).iter().map(|(href, class, label)| format!("<a href=\"{href}\" class=\"{class}\">{label}</a>")).collect();
            html.push(format!("<div class=\"actions\">{buttons}</div>"));
            html.push(format!("<p class=\"quick-link\"><a href=\"{}\">{}</a></p>", escape(&quick_link(game)), escape(game.quick.1)));
        } else {
            html.push(format!("<p class=\"status\">{}</p>", escape(COMING_SOON)));
        }
        html.push("</li>".into());
    }
    html.extend(["</ul>".into(), "</main>".into()]);
    html.push(footer_html());
    html.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `index.html` between the first-paint markers.
    const START: &str = "<!-- first-paint:start (written by `UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint`) -->";
    const END: &str = "<!-- first-paint:end -->";

    /// The audit's newcomer found no word on where to start: the home page points to a lesson.
    #[test]
    fn the_home_page_points_a_newcomer_to_a_guided_first_match() {
        let lesson = format!("/play/punish#{}", crate::play::lesson::HASH);
        assert_eq!(START_HERE.1, lesson);
        assert!(first_paint_html().contains(&format!("<a href=\"{lesson}\">")));
        assert!(dojo_games::registry::find("punish").is_some_and(|g| g.lesson), "PUNISH has a lesson to point to");
    }

    #[test]
    fn first_paint_in_index_html_is_the_home_page_as_the_app_draws_it() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html");
        let index = std::fs::read_to_string(&path).unwrap();
        let (Some(start), Some(end)) = (index.find(START), index.find(END)) else { panic!("index.html has no first-paint markers") };
        let held = &index[start + START.len()..end];
        let want = format!("\n{}\n", first_paint_html());
        if held != want {
            if std::env::var_os("UPDATE_FIRST_PAINT").is_some() {
                std::fs::write(&path, format!("{}{want}{}", &index[..start + START.len()], &index[end..])).unwrap();
            } else {
                panic!(
                    "index.html's first-paint home page is out of date: run `UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint`"
                );
            }
        }
    }

    #[test]
    fn first_paint_lists_every_game_and_escapes_text() {
        let html = first_paint_html();
        for game in listed() {
            assert!(html.contains(&format!("<h2>{}</h2>", escape(game.name))), "{}", game.id);
        }
        assert!(html.contains("href=\"/play/punish\" class=\"button primary\""));
        assert_eq!(escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
