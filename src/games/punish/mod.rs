//! PUNISH on the site: two fighters, five action cards played by priority, measures of four
//! breaths, clashes and exhaustion (rules engine: [`dojo_games::punish`]). This folder holds the
//! pieces of its rules page (cards, watch-the-example players) and the table they share with
//! the play page; the play page is built into the `punish-play` module,
//! the rules pieces into `punish-rules`.

pub mod card;
pub mod play;
pub mod rules;
pub mod scenario_player;
pub mod session;
pub mod style;
pub mod table;
