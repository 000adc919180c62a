//! Pieces shared between pages, one component per file. A game's own pieces live in its folder
//! under [`crate::games`].

pub mod chrome;
pub mod document;
pub mod event_log;
pub mod example_player;
pub mod lazy_module;
pub mod replayer;
pub mod rules_text;
pub mod section_heading;
