//! The rules engines of the Pocket Dojo collection, one module folder per game.
//!
//! Each game implements [`dojo_engine::Game`] (its rules) and [`dojo_bot::SearchHints`] (how
//! the computer players read it); see the module of each game for a summary of its rules and
//! parameters.
#![deny(missing_docs)]

pub mod dragon_punch;
mod duel;
pub mod fusion;
pub mod link;
pub mod punish;
pub mod registry;
pub mod replay_link;
pub mod rumble;
mod speaker;
pub mod taunt;
pub mod toy;

pub use speaker::Speaker;
