//! TAUNT's styles travel with its modules, as every other game's do: the module puts them in
//! the page (once) when a TAUNT table, play page or rules piece is first drawn, so the pages of
//! the other games (and the home page) do not download them.

/// Adds TAUNT's styles (fighters, Danger Track, hand, combo, monsters) to the page, unless they
/// are there already.
pub fn ensure() {
    crate::browser::add_style_once("taunt-style", include_str!("../../../style/taunt.css"));
}
