//! The first paint of a game's play, print and lab pages: the site's header and footer around
//! the page's title and a line saying what is on the way, as plain HTML in the page's own copy
//! of `index.html` (kept in `public/first-paint/` by a unit test, put in place by
//! `scripts/post-build.mjs`).
//!
//! These pages are drawn by their module, which a slow phone takes a second or two to
//! download. Until it has started the person sees where they are and that something is coming,
//! not a blank page; and the browser lays out the site's text once while it waits, so the
//! module's first frame costs less (measured on `/play/taunt` at CPU ×4: the lobby's first
//! layout 67–78 ms with a blank page before it, 23 ms after a first paint). The module draws
//! its page in the first paint's place at once ([`dojo_chrome::draw`]).

use crate::catalog::GameInfo;
use crate::routes::home::{escape, footer_html, header_html};

/// The pages of a game that open with a loading first paint, their title and what is coming.
/// (A rules page's first paint is its text: [`crate::routes::rules::first_paint_html`].)
pub const KINDS: [Kind; 3] = [
    Kind { path: "play", title: "{}", coming: "Getting the table ready…" },
    Kind { path: "print", title: "Print {}", coming: "Getting the cards ready…" },
    Kind { path: "lab", title: "{} balance lab", coming: "Getting the lab ready…" },
];

/// One kind of page with a loading first paint.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    /// The first part of the page's address (`/play/<game>`).
    pub path: &'static str,
    /// The page's title, `{}` standing for the game's name (as the module draws it).
    pub title: &'static str,
    /// The line saying what is on the way.
    pub coming: &'static str,
}

impl Kind {
    /// Whether `game` has a page of this kind.
    pub fn exists_for(&self, game: &GameInfo) -> bool {
        match self.path {
            "print" => game.kit,
            "lab" => game.lab,
            _ => true,
        }
    }
}

/// The first paint of `game`'s page of kind `kind`, one line per element: the header with the
/// game's links, the title, the game's one-line pitch, the line saying what is coming (with a
/// spinner, as a status for screen readers) and the footer.
pub fn first_paint_html(game: &GameInfo, kind: &Kind) -> String {
    let mut html = header_html(Some(game));
    html.push("<main>".into());
    html.push(format!("<div class=\"loading-page {}-loading\">", kind.path));
    html.push(format!("<h1>{}</h1>", escape(&kind.title.replace("{}", game.name))));
    html.push(format!("<p class=\"goal\">{}</p>", escape(game.pitch)));
    html.push(format!(
        "<p class=\"progress\" role=\"status\"><span class=\"spinner\" aria-hidden=\"true\"></span>{}</p>",
        escape(kind.coming)
    ));
    html.extend(["</div>".into(), "</main>".into(), footer_html()]);
    html.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// Every game's play, print and lab page opens with its loading first paint: the files in
    /// `public/first-paint/` equal what [`first_paint_html`] writes (rewritten with
    /// `UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint`), and there is one exactly
    /// for each page the game has.
    #[test]
    fn loading_first_paint_is_current() {
        let update = std::env::var_os("UPDATE_FIRST_PAINT").is_some();
        let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("public/first-paint");
        let marker =
            "<!-- Written by `UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint` (src/routes/loading.rs): do not edit. -->\n";
        for game in dojo_games::registry::on_site() {
            for kind in &KINDS {
                let path = folder.join(format!("{}-{}.html", kind.path, game.id));
                if !kind.exists_for(game) {
                    assert!(!path.exists(), "{} is for a page the game does not have", path.display());
                    continue;
                }
                let html = format!("{marker}{}\n", first_paint_html(game, kind));
                if update {
                    std::fs::create_dir_all(&folder).unwrap();
                    std::fs::write(&path, &html).unwrap();
                }
                let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
                assert!(
                    on_disk == html,
                    "{} is not current: run UPDATE_FIRST_PAINT=1 cargo test -p pocket-dojo first_paint",
                    path.display()
                );
            }
        }
    }

    /// The page's title and what is coming are there, and nothing a
    /// test or a person could take for the working page (no test ids inside the main part).
    #[test]
    fn a_loading_first_paint_says_where_and_what_is_coming() {
        let game = dojo_games::registry::on_site().next().expect("a game on the site");
        let html = first_paint_html(game, &KINDS[1]);
        assert!(html.contains(&format!("<h1>Print {}</h1>", escape(game.name))), "{html}");
        assert!(html.contains("role=\"status\"") && html.contains("Getting the cards ready…"));
        let main = &html[html.find("<main>").unwrap()..html.find("</main>").unwrap()];
        assert!(!main.contains("data-testid"), "{main}");
    }
}
