//! The pages that are not a game's module's own: the home page and the not-found page (the
//! shell's), a game's rules page (drawn by its rules module), and the plain-HTML first paint of
//! a game's other pages.

pub mod home;
pub mod loading;
pub mod not_found;
pub mod rules;
