//! Every game's kit, by the id used in `/print/<game>` and `dojo print <game>`.

use crate::kit::{Kit, Style};

pub mod punish;

/// A function that draws a game's kit for a print style.
pub type KitFn = fn(&Style) -> Kit;

/// The games that have a kit: (id, name, kit function).
pub const KITS: &[(&str, &str, KitFn)] = &[("punish", "PUNISH", punish::kit)];

/// The kit function of game `id`, if it has a kit.
pub fn find(id: &str) -> Option<KitFn> {
    KITS.iter().find(|(game, _, _)| *game == id).map(|(_, _, f)| *f)
}
