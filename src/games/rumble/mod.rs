//! Rumble's site code (rules engine: [`dojo_games::rumble`]): the genre's words and every event
//! in words ([`words`]), the table ([`table`]), the play page ([`play`]) and the rules page's
//! pieces ([`rules`], [`examples`]). All of it is built into the `rumble-play` module.

pub mod examples;
pub mod play;
pub mod rules;
pub mod style;
pub mod table;
pub mod words;
