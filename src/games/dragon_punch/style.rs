//! DRAGON PUNCH's styles travel with its module, not with the shell: the module puts them in the
//! page (once) when its play or rules page opens, so the site's first download, which every
//! game's pages share, carries none of them. The page's policy allows inline styles.

/// Adds DRAGON PUNCH's styles (play page, rules pieces, card editor) to the page, unless they
/// are there already.
pub fn ensure() {
    crate::browser::add_style_once(
        "dragon-punch-style",
        concat!(include_str!("../../../style/dragon-punch.css"), include_str!("../../../style/dragon-punch-editor.css")),
    );
}
