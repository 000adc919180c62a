//! What devices that deal a game's cards between themselves need to know of the game: the
//! deck, how the first deal is laid out, which cards a choice plays, what each step did with
//! the cards, and how dealt orders become a setup. A game whose cards are dealt this way (see
//! `dojo-remote`'s dealer) answers [`crate::Game::dealing`] and the hooks beside it; no other
//! game needs to.
//!
//! Every deal lays its cards out the same way, in the order the deal leaves them: the first
//! cards to the hands, seat by seat, then the cards turned face up, and the rest is the deck,
//! top card first.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A game's deck and its first deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealing {
    /// The face of each card of the deck, by the card's number (cards with one face are
    /// interchangeable: a played Strike is any of the Strikes).
    pub faces: Vec<u16>,
    /// Cards dealt to each seat's hand at the start, by seat.
    pub hands: Vec<u8>,
    /// Cards then turned face up.
    pub shown: u8,
}

impl Dealing {
    /// Cards in the deck.
    pub fn size(&self) -> u16 {
        self.faces.len() as u16
    }
}

/// Something one step did with the cards, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardMove {
    /// `seat` played a card with face `face` from its hand, face up.
    Played {
        /// Who played it.
        seat: Seat,
        /// Its face ([`Dealing::faces`]).
        face: u16,
    },
    /// The deck's top card was turned face up.
    TopShown,
    /// Every card outside the hands (the deck and the cards face up) was shuffled and dealt
    /// again: `draws[s]` to seat `s`, seat by seat, then `shown` face up; the rest is the deck.
    Reshuffled {
        /// Cards each seat drew, by seat.
        draws: Vec<u8>,
        /// Cards then turned face up.
        shown: u8,
    },
    /// Every card, hands included, was gathered, shuffled and dealt as at the start.
    Redealt {
        /// Cards dealt to each seat, by seat.
        hands: Vec<u8>,
        /// Cards then turned face up.
        shown: u8,
    },
}
