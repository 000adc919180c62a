//! Payloads and spoils (notes `#resolution`): the damage each side builds up during a
//! Throwdown, held until the end, and what the winner's Pile buys, card by card, by suit.

use super::cards::{Card, Suit};
use super::micro::Micro;
use serde::{Deserialize, Serialize};

/// One damage microevent waiting in a Payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The damage.
    pub micro: Micro,
    /// The pilot whose overreach earned it (a Strife only she may Buffer), if any.
    pub overreach_by: Option<u8>,
    /// Cancelled by a Diamond of the spoils.
    pub cancelled: bool,
}

/// The damage aimed at one side, in the order it was added.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Payload {
    /// The entries, oldest first.
    pub entries: Vec<Entry>,
}

impl Payload {
    /// Adds damage.
    pub fn add(&mut self, micro: Micro, overreach_by: Option<u8>) {
        self.entries.push(Entry { micro, overreach_by, cancelled: false });
    }

    /// The entries still to land, oldest first.
    pub fn live(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| !e.cancelled)
    }

    /// Cancels entry `index`; false if there is none, or it is cancelled already.
    pub fn cancel(&mut self, index: usize) -> bool {
        match self.entries.get_mut(index) {
            Some(entry) if !entry.cancelled => {
                entry.cancelled = true;
                true
            }
            _ => false,
        }
    }
}

/// What a suit buys as spoils (a Spade buys one of the other three).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Buy {
    /// Clubs: +Trauma (or +Ruin with Robos present) into the Payload aimed at the losers.
    Harm,
    /// Diamonds: cancel one entry of the Payload aimed at the winners.
    Cancel(usize),
    /// Hearts: one spent Buffer back to this unit of the winning side, at once (or, aimed at
    /// the team, +Rebuild when the fight is about the Location).
    Mend(super::micro::Target),
}

impl Buy {
    /// The suit whose effect this is.
    pub fn suit(self) -> Suit {
        match self {
            Buy::Harm => Suit::Clubs,
            Buy::Cancel(_) => Suit::Diamonds,
            Buy::Mend(_) => Suit::Hearts,
        }
    }
}

/// Why a card of the spoils may not buy that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpendError {
    /// The card's suit buys something else.
    WrongSuit,
    /// Under the playtest option, the winner may not spend Spades.
    SpadesForLosers,
    /// A Diamond aimed at an entry that is not there or already cancelled.
    NothingToCancel,
    /// A Heart aimed at a unit with no spent Buffer to bring back (or at a unit not on the side).
    NothingToMend,
}

impl SpendError {
    /// Why `buy` is not on offer, once its card's suit and the playtest option are in order.
    pub fn unavailable(buy: Buy) -> SpendError {
        match buy {
            Buy::Mend(_) => SpendError::NothingToMend,
            Buy::Cancel(_) | Buy::Harm => SpendError::NothingToCancel,
        }
    }
}

impl std::fmt::Display for SpendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SpendError::WrongSuit => "a card buys only what its suit buys (a Spade, any of the others)",
            SpendError::SpadesForLosers => "with the playtest option on, Spades go to the losers",
            SpendError::NothingToCancel => "there is no such damage left to cancel",
            SpendError::NothingToMend => "there is no spent Buffer there to bring back",
        })
    }
}

/// Checks that the winner may spend `card` on `buy`, given the Payload aimed at the winners.
/// A Spade may buy what any other suit buys, and then gives the losers a concession.
pub fn check_spend(card: Card, buy: Buy, spades_for_losers: bool, against_winners: &Payload) -> Result<(), SpendError> {
    match card.suit {
        Suit::Spades if spades_for_losers => return Err(SpendError::SpadesForLosers),
        Suit::Spades => {}
        suit if suit != buy.suit() => return Err(SpendError::WrongSuit),
        _ => {}
    }
    match buy {
        Buy::Cancel(i) if against_winners.entries.get(i).is_none_or(|e| e.cancelled) => Err(SpendError::NothingToCancel),
        _ => Ok(()),
    }
}

/// The damage a Club (or a Spade spent as one) adds for the losers: +Ruin when Robos are
/// present, +Trauma otherwise.
pub fn harm(robos_present: bool) -> Micro {
    if robos_present { Micro::Ruin } else { Micro::Trauma }
}

/// The Pile sorted for spending: by suit, Clubs first, each suit in the order its cards lay.
pub fn sorted_spoils(pile: &[Card]) -> Vec<Card> {
    let mut spoils = pile.to_vec();
    dojo_engine::sorting::sort_by_key(&mut spoils, |c| c.suit);
    spoils
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fusion::cards::Rank;

    fn card(suit: Suit) -> Card {
        Card::new(Rank::Seven, suit)
    }

    #[test]
    fn each_suit_buys_its_own_effect_and_a_spade_any_of_them() {
        let mut payload = Payload::default();
        payload.add(Micro::Strife, Some(0));
        assert_eq!(check_spend(card(Suit::Clubs), Buy::Harm, false, &payload), Ok(()));
        assert_eq!(
            check_spend(card(Suit::Clubs), Buy::Mend(crate::fusion::micro::Target::Pilot(0)), false, &payload),
            Err(SpendError::WrongSuit)
        );
        assert_eq!(check_spend(card(Suit::Diamonds), Buy::Cancel(0), false, &payload), Ok(()), "even the winners' own overreach");
        assert_eq!(check_spend(card(Suit::Hearts), Buy::Mend(crate::fusion::micro::Target::Pilot(0)), false, &payload), Ok(()));
        for buy in [Buy::Harm, Buy::Cancel(0), Buy::Mend(crate::fusion::micro::Target::Pilot(0))] {
            assert_eq!(check_spend(card(Suit::Spades), buy, false, &payload), Ok(()));
            assert_eq!(check_spend(card(Suit::Spades), buy, true, &payload), Err(SpendError::SpadesForLosers));
        }
    }

    #[test]
    fn a_diamond_cancels_live_damage_only_once() {
        let mut payload = Payload::default();
        payload.add(Micro::Trauma, None);
        assert_eq!(check_spend(card(Suit::Diamonds), Buy::Cancel(1), false, &payload), Err(SpendError::NothingToCancel));
        assert!(payload.cancel(0));
        assert_eq!(check_spend(card(Suit::Diamonds), Buy::Cancel(0), false, &payload), Err(SpendError::NothingToCancel));
        assert!(!payload.cancel(0));
        assert_eq!(payload.live().count(), 0);
    }

    #[test]
    fn spoils_sort_by_suit_keeping_each_suits_order_and_clubs_harm_or_ruin() {
        let pile = [
            Card::new(Rank::Two, Suit::Spades),
            Card::new(Rank::Nine, Suit::Clubs),
            Card::new(Rank::Four, Suit::Spades),
            Card::new(Rank::Three, Suit::Clubs),
        ];
        let sorted = sorted_spoils(&pile);
        assert_eq!(sorted, [pile[1], pile[3], pile[0], pile[2]]);
        assert_eq!(harm(false), Micro::Trauma);
        assert_eq!(harm(true), Micro::Ruin);
    }
}
