//! `/rules/<game>`: a game's rules in our own words, drawn by the game's rules module
//! (`src/bin/<game>-rules.rs`) as a page of its own.
//!
//! The page's own copy of `index.html` holds the same text as plain HTML ([`first_paint_html`],
//! kept in `public/first-paint/` by a unit test and put in place by `scripts/post-build.mjs`),
//! so a first visit can read the rules as soon as the page arrives; the module takes its place
//! once it has drawn the text (see [`dojo_chrome::draw_behind_first_paint`]).

use crate::catalog;
use crate::components::document::{Contents, Directive, Document, contents_html, document_html};
use crate::components::rules_text::{loaded, scroll_to_hash, use_texts, waiting};
use crate::lazy_page::{PieceFn, fill_rules};
use leptos::prelude::*;
use std::sync::Arc;

/// What the page draws for the rules text's line `::name arg` of `game`: the contents and the
/// notes itself, anything else as a placeholder the game's pieces fill in.
fn directive(game: &'static str) -> Directive {
    let page = format!("/rules/{game}");
    Arc::new(move |name: &str, arg: &str| match name {
        "contents" => loaded(game).map(|t| view! { <Contents text=t.rules/> }.into_any()),
        "notes" => loaded(game).map(|t| view! { <Document text=t.notes page=page.clone() prefix="note-" min_level=3/> }.into_any()),
        _ => Some(
            view! {
                <div class="rules-piece" data-rules-game=game data-rules-piece=name.to_string() data-rules-arg=arg.to_string()>
                    <p class="progress"><span class="spinner" aria-hidden="true"></span>"Loading…"</p>
                </div>
            }
            .into_any(),
        ),
    })
}

/// The placeholder of a game's piece (`::name arg`) as HTML.
fn placeholder_html(game: &str, name: &str, arg: &str) -> String {
    use crate::routes::home::escape;
    format!(
        "<div class=\"rules-piece\" data-rules-game=\"{}\" data-rules-piece=\"{}\" data-rules-arg=\"{}\"><p class=\"progress\"><span class=\"spinner\" aria-hidden=\"true\"></span>Loading…</p></div>",
        escape(game),
        escape(name),
        escape(arg)
    )
}

/// The rules page of `game` as plain HTML, from its rules text `rules` and notes `notes`: the
/// header, the text as [`RulesPage`] draws it (its pieces as loading placeholders) and the
/// footer. The copy buttons carry no test id: they work once the module has taken over.
pub fn first_paint_html(game: &catalog::GameInfo, rules: &str, notes: &str) -> String {
    use crate::routes::home::{escape, footer_html, header_html};
    let id = game.id;
    let page = format!("/rules/{id}");
    let directive = |name: &str, arg: &str| match name {
        "contents" => Some(contents_html(rules)),
        "notes" => Some(document_html(notes, &page, "note-", 3, &|_: &str, _: &str| None)),
        _ => Some(placeholder_html(id, name, arg)),
    };
    let mut html = header_html(Some(game));
    html.push("<main>".into());
    html.push(format!("<article class=\"rules rules-{id}\" data-testid=\"rules-{id}\">"));
    html.push(format!("<h1>{}: the rules</h1>", escape(game.name)));
    if game.lesson {
        html.push(format!(
            "<p class=\"learn\"><a class=\"button\" data-testid=\"learn-link\" href=\"/play/{id}#{}\">Learn by playing</a> A guided first match of a few minutes.</p>",
            crate::play::lesson::HASH
        ));
    }
    let text = document_html(rules, &page, "", 2, &directive);
    html.push(text.replace(" data-testid=\"copy-", " data-copy=\""));
    html.extend(["</article>".into(), "</main>".into(), footer_html()]);
    html.join("\n")
}

/// A game's rules in our own words: the text and notes fetched from `/text/<game>/`, every
/// section with a link of its own, and the game's pieces (cards, example players: `pieces`)
/// filled in once the text is on the page. A link such as `/rules/punish#clash` opens the page
/// scrolled to that section (again once the pieces are in, since they move the text).
#[component]
pub fn RulesPage(
    /// The game.
    game: &'static catalog::GameInfo,
    /// The game's pieces of the page.
    pieces: PieceFn,
) -> impl IntoView {
    let id = game.id;
    let texts = use_texts(id);
    let text_ready = Signal::derive(move || matches!(texts.get(), Some(Ok(_))));
    let pieces_ready = RwSignal::new(false);
    scroll_to_hash(text_ready);
    scroll_to_hash(pieces_ready.into());
    Effect::new(move |_| {
        if texts.with(Option::is_some) {
            // The text (or why it could not be loaded) is drawn: it takes the first paint's place.
            dojo_chrome::show_drawn_page();
        }
    });
    Effect::new(move |_| {
        if text_ready.get() {
            // Once the text (and its placeholders) is in the page.
            request_animation_frame(move || {
                fill_rules(id, pieces);
                pieces_ready.set(true);
            });
        }
    });
    view! {
        <article class=format!("rules rules-{id}") data-testid=format!("rules-{id}")>
            <h1>{format!("{}: the rules", game.name)}</h1>
            {game.lesson.then(|| view! { <p class="learn"><a class="button" data-testid="learn-link" href=format!("/play/{id}#{}", crate::play::lesson::HASH)>"Learn by playing"</a>" A guided first match of a few minutes."</p> })}
            {move || match texts.get() {
                Some(Ok(t)) => view! { <Document text=t.rules page=format!("/rules/{id}") directive=directive(id)/> }.into_any(),
                other => waiting(other),
            }}
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// Where a game's first-paint rules page is kept (`public/first-paint/rules-<game>.html`).
    fn kept(id: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("public/first-paint").join(format!("rules-{id}.html"))
    }

    /// Every game's rules page as its own `index.html` shows it before the module starts: the
    /// files in `public/first-paint/` equal what [`first_paint_html`] writes from the texts the
    /// module fetches (rewritten with `UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint`).
    #[test]
    fn rules_first_paint_is_current() {
        let update = std::env::var_os("UPDATE_FIRST_PAINT").is_some();
        for game in dojo_games::registry::on_site() {
            let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/games/src").join(game.id.replace('-', "_"));
            let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap_or_else(|e| panic!("{}: {e}", game.id));
            // Marked as written, so nobody edits the file (or its repeated header) by hand.
            let marker = "<!-- Written by `UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint` from the game's rules.md and notes.md (src/routes/rules.rs): do not edit. -->\n";
            let html = format!("{marker}{}\n", first_paint_html(game, &read("rules.md"), &read("notes.md")));
            let path = kept(game.id);
            if update {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &html).unwrap();
            }
            let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(on_disk == html, "{} is not current: run UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint", path.display());
            // The text itself, its sections and its pieces' placeholders are all there.
            assert!(html.contains(&format!("data-testid=\"rules-{}\"", game.id)) && html.contains("<h2 id="), "{}", game.id);
            assert!(!html.contains("data-testid=\"copy-"), "{}: a copy button before the module would do nothing", game.id);
        }
    }
}
