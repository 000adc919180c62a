//! Rumble's site code (rules engine: [`dojo_games::rumble`]): the genre's words and every event
//! in words ([`words`]), the table ([`table`]), the play page ([`play`]) and the rules page's
//! pieces ([`rules`], [`examples`]). The play page is built into the `rumble-play`
//! module, the rules pieces into `rumble-rules`.

pub mod examples;
pub mod play;
pub mod rules;
pub mod style;
pub mod table;
pub mod words;
