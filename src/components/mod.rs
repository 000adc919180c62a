//! Pieces shared between pages, one component per file.

pub mod card;
pub mod document;
pub mod event_log;
pub mod lazy_module;
pub mod move_table;
pub mod rules_text;
pub mod scenario_player;
pub mod section_heading;
pub mod table;
