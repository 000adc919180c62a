//! One module per page.

pub mod home;
pub mod not_found;
pub mod play_punish;
pub mod play_taunt;
pub mod print;
pub mod rules_punish;
pub mod rules_taunt;
