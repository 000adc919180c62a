//! DRAGON PUNCH's site code: the card sets a person can use (ours, their own, one sent by link).
//! The play page, the rules page's pieces and the card editor join this folder.

pub mod editor;
pub mod sets;
