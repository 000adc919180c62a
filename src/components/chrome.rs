//! Every page of the site is one module that draws the whole page (see the README's "How pages
//! are split"): this draws the site's header and footer ([`dojo_chrome`]) around the page's
//! root element, then mounts the page's content into it. Called by the `start_page` entries the
//! modules export (see [`crate::lazy_page`]) and by the shell for the home page.

use crate::lazy_page::mount_into;
use leptos::prelude::*;

/// Draws the page at address `here` (game `game`'s own links in the header, when one is named)
/// and mounts `page` into its element `root`, in place of the first paint (in the same task, so
/// no frame shows the page half drawn).
pub fn start_page<F, V>(here: &str, game: Option<&str>, root: &'static str, page: F)
where
    F: FnOnce() -> V + 'static,
    V: IntoView + 'static,
{
    start_page_behind_first_paint(here, game, root, page);
    dojo_chrome::show_drawn_page();
}

/// Like [`start_page`], but the first paint stays in view until the page calls
/// [`dojo_chrome::show_drawn_page`] (a rules page, once its text is drawn).
pub fn start_page_behind_first_paint<F, V>(here: &str, game: Option<&str>, root: &'static str, page: F)
where
    F: FnOnce() -> V + 'static,
    V: IntoView + 'static,
{
    dojo_chrome::draw_behind_first_paint(here, game, root);
    mount_into(root, page);
}

/// Draws game `game`'s `kind` page (`/rules/taunt` for `"rules"`) with `page` in element `root`.
pub fn start_game_page<F, V>(game: &'static str, kind: &str, root: &'static str, page: F)
where
    F: FnOnce() -> V + 'static,
    V: IntoView + 'static,
{
    start_page(&format!("/{kind}/{game}"), Some(game), root, page);
}
