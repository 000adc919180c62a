//! FUSION's styles travel with its modules, not with the shell: they are put in the page (once)
//! when its play or rules page opens.

/// Adds FUSION's styles to the page, unless they are there already.
pub fn ensure() {
    crate::browser::add_style_once("fusion-style", include_str!("../../../style/fusion.css"));
}
