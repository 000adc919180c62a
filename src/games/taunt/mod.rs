//! TAUNT on the site: fighters on a Danger Track (or Wampire blood), Peril, charge levels and
//! taunting combos, two in a duel or up to six in the modes for more fighters (rules engine:
//! [`dojo_games::taunt`]). This folder holds the pieces of its rules page (move
//! cards, fighters, tracks); they are built into the `taunt-rules` module, the
//! play page into `taunt-play`.

pub mod examples;
pub mod move_table;
pub mod play;
pub mod rules;
pub mod style;
