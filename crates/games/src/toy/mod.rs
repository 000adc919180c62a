//! # Sealed Bids (a test game, not on the site)
//!
//! A small game for 2–8 seats that exercises everything the contract promises beyond two
//! fighters: every seat bids at once and in secret for a face-up prize; the highest bid that no
//! one else matched wins the prize's points and draws a card from the stock that only its
//! bidder sees; when no bid stands alone the prize is shuffled back into the prize pile with the
//! state's own seeded generator. After the last round the most points win; with teams, seats
//! sitting opposite (even seats against odd seats) add their points together.
//!
//! | parameter | value |
//! |---|---|
//! | seats | 2–8; teams (even against odd seats) with 4, 6 or 8 |
//! | deck | the cards 1–48, one each |
//! | hand | 5 cards; a round's winner draws one more |
//! | prizes | worth 1–8 points, one each, face down and shuffled |
//! | rounds | 5 (fewer if the prizes run out) |
//!
//! It lives here so the command line (`dojo bot-eval toy --seats 4`) and the conformance
//! suite can use it; the registry keeps it off the site.

mod hints;
mod state;
mod tools;

pub use state::{Bid, Decision, Event, Refusal, Setup, SetupError, Toy, ToyView};

/// Cards in the deck, valued 1 to this.
pub const DECK: u8 = 48;
/// Cards in each starting hand.
pub const HAND: usize = 5;
/// Prizes, valued 1 to this.
pub const PRIZES: u8 = 8;
/// Rounds of a game.
pub const ROUNDS: u8 = 5;

#[cfg(test)]
mod tests;
