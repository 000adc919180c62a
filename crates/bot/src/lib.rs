//! Computer opponents for any Pocket Dojo game.
//!
//! The strong player is Monte Carlo tree search for simultaneous moves with regret matching at
//! every node (SM-MCTS-RM, after Lanctot, Lisý & Winands 2014), run over states *sampled from
//! the bot's own view* ([`dojo_engine::Game::determinize`]) so it never reads hidden cards. Its
//! answer is a mixed [`Strategy`], which the caller samples: simultaneous games punish
//! predictable play. [`Level`] trades strength for speed and adds deliberate mistakes.
//!
//! What the search needs beyond a game's rules (a heuristic, payoff shaping, the playout
//! horizon, the effort) is the game's [`SearchHints`], implemented beside each game's rules.
//!
//! [`Policy`] also provides the two yardsticks the bot is measured against: a uniformly random
//! player and a greedy one-step player.
#![deny(missing_docs)]

mod fxhash;
mod hints;
mod policy;
mod search;
mod strategy;

pub use hints::SearchHints;
pub use policy::{Level, Policy, play_match, play_match_within};
pub use search::{Expected, Explained, SearchConfig, TimeBudget, search, search_explained};
pub use strategy::Strategy;
