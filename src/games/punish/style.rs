//! PUNISH's styles travel with its modules, not with the shell: the module puts them in the page
//! (once) when a PUNISH card, table or play page is first drawn, so the site's first download,
//! which every game's pages share, carries none of them.

/// Adds PUNISH's styles (cards, hand, table) to the page, unless they are there already.
pub fn ensure() {
    crate::browser::add_style_once("punish-style", include_str!("../../../style/punish.css"));
}
