//! The five PUNISH action cards, as printed: priority, damage, effect.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the five kinds of action card. The deck holds three of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// Priority 1: lowers each hit you take this breath by 1.
    Guard,
    /// Priority 2: deals 1 damage.
    Rush,
    /// Priority 3: hits that land on you later this breath do nothing.
    Dodge,
    /// Priority 4: deals 2 damage.
    Strike,
    /// Priority 5: deals 3 damage, then you are EXHAUSTED for the next breath.
    Punish,
}

/// How many copies of each card the deck holds.
pub const COPIES: u8 = 3;
/// Cards in a full deck.
pub const DECK_SIZE: usize = 15;
/// Cards in a full hand.
pub const HAND_SIZE: usize = 5;
/// Cards revealed out of play at the start of each measure.
pub const OUT_OF_PLAY: usize = 2;

/// A card as printed: the facts plus our own short rules text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardFace {
    /// The card.
    pub card: Card,
    /// The number in the top-left corner: lower resolves first.
    pub priority: u8,
    /// Damage dealt to the opponent, 0 for defensive cards.
    pub damage: u8,
    /// What the card does, in one line.
    pub effect: &'static str,
}

/// The five card faces, in priority order.
pub const CARD_FACES: [CardFace; 5] = [
    CardFace { card: Card::Guard, priority: 1, damage: 0, effect: "Every hit you take this breath is 1 weaker." },
    CardFace { card: Card::Rush, priority: 2, damage: 1, effect: "Hit for 1." },
    CardFace { card: Card::Dodge, priority: 3, damage: 0, effect: "Hits that come after this card this breath do nothing to you." },
    CardFace { card: Card::Strike, priority: 4, damage: 2, effect: "Hit for 2." },
    CardFace { card: Card::Punish, priority: 5, damage: 3, effect: "Hit for 3. You are EXHAUSTED on the next breath of this measure." },
];

impl Card {
    /// All five cards in priority order.
    pub const ALL: [Card; 5] = [Card::Guard, Card::Rush, Card::Dodge, Card::Strike, Card::Punish];

    /// The printed face of this card.
    pub fn face(self) -> &'static CardFace {
        &CARD_FACES[self.index()]
    }

    /// Position in [`Card::ALL`] (priority minus one).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The printed priority: 1 resolves first, 5 last.
    pub fn priority(self) -> u8 {
        self.face().priority
    }

    /// Damage this card deals when it lands unreduced.
    pub fn damage(self) -> u8 {
        self.face().damage
    }

    /// Rush, Strike and Punish are attacks; two identical attacks clash.
    pub fn is_attack(self) -> bool {
        self.damage() > 0
    }

    /// The card's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Card::Guard => "Guard",
            Card::Rush => "Rush",
            Card::Dodge => "Dodge",
            Card::Strike => "Strike",
            Card::Punish => "Punish",
        }
    }

    /// The full deck in a fixed order: three of each card.
    pub fn full_deck() -> Vec<Card> {
        Card::ALL.iter().flat_map(|c| std::iter::repeat_n(*c, usize::from(COPIES))).collect()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A multiset of cards (a hand), stored as a count per card; serialised as a sorted list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<Card>", from = "Vec<Card>")]
pub struct Cards([u8; 5]);

impl Cards {
    /// How many copies of `card` are here.
    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    /// Total number of cards.
    pub fn len(&self) -> usize {
        self.0.iter().map(|c| usize::from(*c)).sum()
    }

    /// True when there are no cards.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when at least one `card` is here.
    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Adds one `card`.
    pub fn add(&mut self, card: Card) {
        self.0[card.index()] += 1;
    }

    /// Removes one `card`; returns false (and changes nothing) when there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.0[card.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    /// The distinct cards present, in priority order.
    pub fn distinct(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(|c| self.contains(*c))
    }

    /// Every card, one entry per copy, in priority order.
    pub fn to_vec(&self) -> Vec<Card> {
        Card::ALL.iter().flat_map(|c| std::iter::repeat_n(*c, usize::from(self.count(*c)))).collect()
    }
}

impl From<Vec<Card>> for Cards {
    fn from(cards: Vec<Card>) -> Self {
        cards.into_iter().collect()
    }
}

impl From<Cards> for Vec<Card> {
    fn from(cards: Cards) -> Self {
        cards.to_vec()
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut cards = Cards::default();
        for c in iter {
            cards.add(c);
        }
        cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priorities_run_guard_to_punish_and_only_attacks_deal_damage() {
        let order: Vec<u8> = Card::ALL.iter().map(|c| c.priority()).collect();
        assert_eq!(order, vec![1, 2, 3, 4, 5]);
        assert_eq!(Card::ALL.map(|c| c.damage()), [0, 1, 0, 2, 3]);
        assert_eq!(Card::ALL.map(|c| c.is_attack()), [false, true, false, true, true]);
        for (i, face) in CARD_FACES.iter().enumerate() {
            assert_eq!(face.card.index(), i);
        }
    }

    #[test]
    fn full_deck_has_three_of_each() {
        let deck: Cards = Card::full_deck().into_iter().collect();
        assert_eq!(deck.len(), DECK_SIZE);
        assert!(Card::ALL.iter().all(|c| deck.count(*c) == COPIES));
    }

    #[test]
    fn cards_round_trip_as_a_sorted_list() {
        let hand: Cards = vec![Card::Punish, Card::Guard, Card::Punish].into();
        assert_eq!(serde_json::to_string(&hand).unwrap(), r#"["Guard","Punish","Punish"]"#);
        let mut h = hand;
        assert!(h.remove(Card::Punish));
        assert!(!h.remove(Card::Rush));
        assert_eq!(h.len(), 2);
    }
}
