//! Rumble's styles travel with its module, not with the shell: the module puts them in the
//! page (once) when its play or rules page opens, so the site's first download, which every
//! game's pages share, carries none of them. The page's policy allows inline styles.

/// Adds Rumble's styles (play page and rules pieces) to the page, unless they are there already.
pub fn ensure() {
    crate::browser::add_style_once("rumble-style", include_str!("../../../style/rumble.css"));
}
