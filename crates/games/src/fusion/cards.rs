//! FUSION's cards: two standard packs, values, suits, and what beats what (notes `#values`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A suit, in rank order: Clubs lowest, Spades highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// Suit Value 1; as spoils, +Trauma.
    Clubs,
    /// Suit Value 2; as spoils, cancels a damage microevent.
    Diamonds,
    /// Suit Value 3; as spoils, a Buffer back.
    Hearts,
    /// Suit Value 4; as spoils, any other suit, with a concession to the losers.
    Spades,
}

impl Suit {
    /// The four suits, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The Suit Value: the Charges a Recharge with this suit gives.
    pub fn value(self) -> u8 {
        match self {
            Suit::Clubs => 1,
            Suit::Diamonds => 2,
            Suit::Hearts => 3,
            Suit::Spades => 4,
        }
    }

    /// The suit's symbol.
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }
}

/// A rank, in the order cards stack at initiative: Two lowest, Ace highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// 2: the only card that beats an Ace, laid directly on it.
    Two,
    /// 3.
    Three,
    /// 4.
    Four,
    /// 5.
    Five,
    /// 6.
    Six,
    /// 7.
    Seven,
    /// 8.
    Eight,
    /// 9.
    Nine,
    /// 10.
    Ten,
    /// 11; a Face card.
    Jack,
    /// 12; a Face card.
    Queen,
    /// 13; a Face card.
    King,
    /// 11 when it beats or in a Gambit, 1 when a Two beats it or as a random number.
    Ace,
}

impl Rank {
    /// The thirteen ranks, Two first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The value the rank plays at: its number, J 11, Q 12, K 13, and an Ace 11 (Empowered).
    pub fn value(self) -> u8 {
        match self {
            Rank::Ace => 11,
            other => other as u8 + 2,
        }
    }

    /// The value as a random number: an Ace is Diminished, 1.
    pub fn random_value(self) -> u8 {
        match self {
            Rank::Ace => 1,
            other => other.value(),
        }
    }

    /// Jack, Queen or King: what pays for the Coach's Waves and Storms (an Ace is not one).
    pub fn is_face(self) -> bool {
        matches!(self, Rank::Jack | Rank::Queen | Rank::King)
    }

    /// How the rank is written on a card: `2`–`10`, `J`, `Q`, `K`, `A`.
    pub fn label(self) -> &'static str {
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][self as usize]
    }
}

/// One ordinary card (the Jokers are never played: see [`crate::fusion::deck`]). In records
/// and scenario files it is written as its rank and a suit letter: `"9C"`, `"10H"`, `"AS"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Card {
    /// Its rank.
    pub rank: Rank,
    /// Its suit.
    pub suit: Suit,
}

impl Card {
    /// The card of `rank` and `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// The 52 cards of one pack, Two of Clubs first.
    pub fn pack() -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(|suit| Rank::ALL.into_iter().map(move |rank| Card { rank, suit }))
    }

    /// The card's place in [`Card::pack`], 0 to 51.
    pub fn number(self) -> u8 {
        let suit = Suit::ALL.iter().position(|s| *s == self.suit).unwrap_or(0);
        let rank = Rank::ALL.iter().position(|r| *r == self.rank).unwrap_or(0);
        (suit * Rank::ALL.len() + rank) as u8
    }

    /// The card at place `n` of [`Card::pack`], if there is one.
    pub fn from_number(n: u8) -> Option<Card> {
        let n = usize::from(n);
        Some(Card { suit: *Suit::ALL.get(n / Rank::ALL.len())?, rank: *Rank::ALL.get(n % Rank::ALL.len())? })
    }

    /// The card's place in an initiative stack, lowest first: by rank (an Ace above a King),
    /// then by suit. Two copies of one card tie here; the stack puts the one laid earlier higher.
    pub fn stack_key(self) -> (Rank, Suit) {
        (self.rank, self.suit)
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        let suit = ["C", "D", "H", "S"][card.suit as usize];
        format!("{}{suit}", card.rank.label())
    }
}

impl TryFrom<String> for Card {
    type Error = String;

    /// Reads `"9C"`, `"10H"`, `"AS"` (a rank label, then C, D, H or S).
    fn try_from(text: String) -> Result<Card, String> {
        let bad = || format!("{text:?} is not a card (write a rank 2-10, J, Q, K or A, then C, D, H or S)");
        let last = text.char_indices().last().map(|(i, _)| i).ok_or_else(bad)?;
        let (rank, suit) = text.split_at(last);
        let rank = Rank::ALL.into_iter().find(|r| r.label() == rank).ok_or_else(bad)?;
        let suit = match suit {
            "C" => Suit::Clubs,
            "D" => Suit::Diamonds,
            "H" => Suit::Hearts,
            "S" => Suit::Spades,
            _ => return Err(bad()),
        };
        Ok(Card::new(rank, suit))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.label(), self.suit.symbol())
    }
}

/// The Strike difference of `upper` laid on `lower`, as a Push or at initiative (notes
/// `#values`): the value played minus the value beaten, an Ace on a face card 0, a Two on an
/// Ace 1 (the Ace Diminished). Never negative.
pub fn difference(upper: Card, lower: Card) -> u8 {
    if upper.rank == Rank::Two && lower.rank == Rank::Ace {
        return 1;
    }
    upper.rank.value().saturating_sub(lower.rank.value())
}

/// Whether `played` may Push on `top` (notes `#turns`): strictly higher, where an Ace beats
/// every other rank and only a Two beats an Ace. A card of the same rank never Pushes. With no
/// face-up card on the Pile (`None`), any card may be laid.
pub fn pushes(played: Card, top: Option<Card>) -> bool {
    let Some(top) = top else { return true };
    match (played.rank, top.rank) {
        (p, t) if p == t => false,
        (Rank::Ace, _) => true,
        (Rank::Two, Rank::Ace) => true,
        (_, Rank::Ace) => false,
        (p, t) => p.value() > t.value(),
    }
}

/// Whether `played` may Beat-Back `top`: the same rank, and a suit at least as high.
pub fn beats_back(played: Card, top: Card) -> bool {
    played.rank == top.rank && played.suit >= top.suit
}

/// Whether a pilot's `card` is higher than the Gambit's `threshold` (notes `#gambit`): by value
/// with an Ace at 11 on either side, then by suit; the very same card is not higher.
pub fn gambit_higher(card: Card, threshold: Card) -> bool {
    (card.rank.value(), card.suit) > (threshold.rank.value(), threshold.suit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(label: &str) -> Card {
        let (rank, suit) = label.split_at(label.len() - 1);
        let rank = Rank::ALL.into_iter().find(|r| r.label() == rank).expect("rank");
        let suit = match suit {
            "c" => Suit::Clubs,
            "d" => Suit::Diamonds,
            "h" => Suit::Hearts,
            "s" => Suit::Spades,
            other => panic!("suit {other}"),
        };
        Card::new(rank, suit)
    }

    #[test]
    fn cards_are_written_as_rank_and_suit_letter() {
        assert_eq!(serde_json::to_string(&c("10h")).unwrap(), "\"10H\"");
        assert_eq!(serde_json::from_str::<Card>("\"AS\"").unwrap(), c("As"));
        for bad in ["\"1S\"", "\"10\"", "\"\"", "\"KX\"", "\"♠\""] {
            assert!(serde_json::from_str::<Card>(bad).is_err(), "{bad} read as a card");
        }
    }

    #[test]
    fn values_and_suit_values_are_the_printed_ones() {
        let values: Vec<u8> = Rank::ALL.iter().map(|r| r.value()).collect();
        assert_eq!(values, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 11]);
        assert_eq!(Rank::Ace.random_value(), 1);
        assert_eq!(Rank::King.random_value(), 13);
        assert_eq!(Suit::ALL.map(Suit::value), [1, 2, 3, 4]);
        assert_eq!(Card::pack().count(), 52);
        assert!(Rank::Jack.is_face() && Rank::King.is_face() && !Rank::Ace.is_face() && !Rank::Ten.is_face());
        assert_eq!(c("10h").to_string(), "10♥");
    }

    #[test]
    fn an_ace_beats_every_other_rank_and_only_a_two_beats_an_ace() {
        assert!(pushes(c("Ac"), Some(c("Ks"))));
        assert!(pushes(c("Ac"), Some(c("2s"))));
        assert!(!pushes(c("Ks"), Some(c("Ac"))));
        assert!(!pushes(c("3s"), Some(c("Ac"))));
        assert!(pushes(c("2c"), Some(c("As"))));
        assert!(!pushes(c("As"), Some(c("Ac"))), "the same rank never Pushes");
        assert!(!pushes(c("9s"), Some(c("9c"))), "the same rank never Pushes, whatever the suit");
        assert!(pushes(c("10c"), Some(c("9s"))));
        assert!(!pushes(c("8s"), Some(c("9c"))));
        assert!(pushes(c("2c"), None), "anything goes on a Pile with no face-up card");
    }

    #[test]
    fn differences_count_the_ace_as_eleven_or_one_and_are_never_negative() {
        assert_eq!(difference(c("3c"), c("2c")), 1);
        assert_eq!(difference(c("9c"), c("2c")), 7);
        assert_eq!(difference(c("Ac"), c("2c")), 9);
        assert_eq!(difference(c("Ac"), c("10c")), 1);
        assert_eq!(difference(c("Ac"), c("Kc")), 0);
        assert_eq!(difference(c("2c"), c("Ah")), 1);
        assert_eq!(difference(c("9s"), c("9c")), 0);
    }

    #[test]
    fn beat_back_takes_the_same_rank_with_an_equal_or_higher_suit() {
        assert!(beats_back(c("7s"), c("7c")));
        assert!(beats_back(c("7c"), c("7c")), "the second pack's copy");
        assert!(!beats_back(c("7c"), c("7s")));
        assert!(!beats_back(c("8s"), c("7c")));
    }

    #[test]
    fn in_a_gambit_an_ace_is_eleven_and_suits_break_equal_values() {
        assert!(gambit_higher(c("Qc"), c("As")));
        assert!(!gambit_higher(c("2s"), c("Ac")), "no Two-on-Ace in a Gambit");
        assert!(gambit_higher(c("Jh"), c("Ac")), "Jack and Ace are both 11: the suit decides");
        assert!(!gambit_higher(c("Jc"), c("Ah")));
        assert!(gambit_higher(c("5s"), c("5h")));
        assert!(!gambit_higher(c("5h"), c("5h")), "the very same card is not higher");
        assert!(!gambit_higher(c("4s"), c("5c")));
    }

    #[test]
    fn the_initiative_stack_puts_an_ace_above_a_king_and_breaks_ranks_by_suit() {
        let mut stack = [c("As"), c("Kc"), c("Ks"), c("2d")];
        stack.sort_by_key(|card| card.stack_key());
        assert_eq!(stack, [c("2d"), c("Kc"), c("Ks"), c("As")]);
    }
}
