//! DRAGON PUNCH's site code (rules engine: [`dojo_games::dragon_punch`]): the card sets a person
//! can use (ours, their own, one sent by link) and the card editor, how a move reads
//! ([`cards`]), what a view tells of each hand ([`seen`]), the table ([`table`]), the play page
//! ([`play`]) and the rules page's pieces ([`rules`], [`examples`]). The play page is built into
//! the `dragon-punch-play` module, the rules pieces into `dragon-punch-rules`.

pub mod cards;
pub mod editor;
pub mod examples;
pub mod play;
pub mod rules;
pub mod seen;
pub mod sets;
pub mod style;
pub mod table;
