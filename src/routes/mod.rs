//! One module per page.

pub mod game_pages;
pub mod home;
pub mod not_found;
