//! The pages that are not a game's module's own: the home page and the not-found page (the
//! shell's), and a game's rules page (drawn by its rules module).

pub mod home;
pub mod not_found;
pub mod rules;
