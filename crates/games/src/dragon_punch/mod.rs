//! # DRAGON PUNCH
//!
//! Two players each hold seven cards for a whole match: six basic cards (one of them the Taunt
//! card) and a character card. Each turn both choose an unflipped card in secret and reveal
//! together. A move has a High and a Low location, each holding an Attack (strength, execution
//! time), a Block, an Evade or nothing; an attack is stopped by a Block or Evade in the same
//! location, and when both players still attack, the Initiative holder, else the quicker attack,
//! succeeds. Damage turns that many white basic cards to their red move: health is the number
//! of white cards. Used cards are flipped until a Taunt unflips them. A round ends when a
//! player has no white card; two rounds win the match.
//!
//! | parameter | value |
//! |---|---|
//! | players | 2 |
//! | cards | 6 basic (white and red move) + 1 character (two purple moves) per player |
//! | health | 6: the white basic cards |
//! | match | best of three rounds |
//!
//! This folder holds the card model ([`card`]) and the comparison of two moves ([`resolve`]);
//! the match engine, the card set, play, kit and rules page are still to come.

pub mod card;
pub mod resolve;
