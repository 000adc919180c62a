//! The rules engines of the Pocket Dojo collection, one module folder per game.
//!
//! Each game implements [`dojo_engine::Game`]; see the module of each game for a summary of its
//! rules and parameters.
#![deny(missing_docs)]

pub mod punish;
mod speaker;
pub mod taunt;

pub use speaker::Speaker;
