//! Rumble's styles travel with its module, not with the shell: the module puts them in the
//! page (once) when its play or rules page opens, so the site's first download, which every
//! game's pages share, carries none of them. The page's policy allows inline styles.

/// The play page's and the rules pieces' styles.
#[cfg(target_arch = "wasm32")]
const CSS: &str = concat!(include_str!("../../../style/rumble.css"));

/// The id of the style element, so it is added once per visit.
#[cfg(target_arch = "wasm32")]
const STYLE_ID: &str = "rumble-style";

/// Adds Rumble's styles to the page, unless they are there already. Outside a browser
/// (native unit tests render the pieces) there is no page, and nothing is done: asking for the
/// window there panics.
pub fn ensure() {
    #[cfg(target_arch = "wasm32")]
    add();
}

#[cfg(target_arch = "wasm32")]
fn add() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if doc.get_element_by_id(STYLE_ID).is_some() {
        return;
    }
    let (Ok(style), Ok(Some(head))) = (doc.create_element("style"), doc.query_selector("head")) else { return };
    style.set_id(STYLE_ID);
    style.set_text_content(Some(CSS));
    let _ = head.append_child(&style);
}
