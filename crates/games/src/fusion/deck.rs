//! The shared Deck (notes `#deck`, `#jokers`): 104 ordinary cards and 4 Jokers shuffled in face
//! up, the Trash it is reshuffled with, and the Omens the Jokers become.
//!
//! A Joker never leaves the Deck as a card: whenever one reaches the top it is taken off at once,
//! becomes an Active Omen, and is reported so the state can give every pilot a Charge. Once four
//! Omens are Spent, the Jokers go back in at the next reshuffle.

use super::cards::Card;
use dojo_engine::Rng;
use serde::{Deserialize, Serialize};

/// How many Jokers the two packs hold.
pub const JOKERS: u8 = 4;

/// One card of the Deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckCard {
    /// An ordinary card, face down.
    Card(Card),
    /// A Joker, face up.
    Joker,
}

/// The Deck, the Trash and the Omens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// The Deck, its top last. Never a Joker on top between operations.
    cards: Vec<DeckCard>,
    /// The Trash, face up, the latest last.
    trash: Vec<Card>,
    /// Active Omens (face-up Jokers before the Coach).
    active_omens: u8,
    /// Spent Omens (face-down).
    spent_omens: u8,
    /// The orders of the reshuffles to come, each top last, when the devices dealt them (empty:
    /// the state's seed shuffles). Never in a view.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    later: Vec<Vec<DeckCard>>,
}

/// What came off the top of the Deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Taken {
    /// The card, if the Deck and the Trash held any.
    pub card: Option<Card>,
    /// Jokers that reached the top meanwhile and became Active Omens (each gives every pilot
    /// a Charge).
    pub jokers: u8,
    /// Whether the Trash was shuffled in first.
    pub reshuffled: bool,
}

/// What a draw of several cards did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Drawn {
    /// Cards drawn (fewer than asked only when the Deck and the Trash ran out).
    pub cards: usize,
    /// Jokers that surfaced meanwhile and became Active Omens.
    pub jokers: u8,
    /// Whether the Trash was shuffled in.
    pub reshuffled: bool,
}

impl Deck {
    /// Two packs and the four Jokers, shuffled by `rng`; Jokers that start on top become
    /// Omens at once (reported like any other).
    pub fn shuffled(rng: &mut Rng) -> (Deck, u8) {
        let mut cards: Vec<DeckCard> = Vec::with_capacity(108);
        cards.extend(Card::pack().chain(Card::pack()).map(DeckCard::Card));
        cards.extend((0..JOKERS).map(|_| DeckCard::Joker));
        rng.shuffle(&mut cards);
        let mut deck = Deck { cards, trash: Vec::new(), active_omens: 0, spent_omens: 0, later: Vec::new() };
        let jokers = deck.surface_jokers();
        (deck, jokers)
    }

    /// A Deck in a given order (top last), for scenarios and tests; Jokers on top surface.
    pub fn from_order(cards: Vec<DeckCard>, trash: Vec<Card>) -> (Deck, u8) {
        let mut deck = Deck { cards, trash, active_omens: 0, spent_omens: 0, later: Vec::new() };
        let jokers = deck.surface_jokers();
        (deck, jokers)
    }

    /// The Deck as devices dealt it: `first` top first, and each later reshuffle's order top
    /// first, used in turn when it holds exactly the cards being shuffled (otherwise the seed
    /// shuffles, and the check at the match's end finds the lie). Jokers on top surface.
    pub fn dealt(first: &[DeckCard], later: &[Vec<DeckCard>]) -> (Deck, u8) {
        let top_last = |order: &[DeckCard]| order.iter().rev().copied().collect::<Vec<_>>();
        let (mut deck, jokers) = Deck::from_order(top_last(first), Vec::new());
        deck.later = later.iter().map(|o| top_last(o)).collect();
        (deck, jokers)
    }

    /// What the next card taken would shuffle into the Deck first: the Trash in order and the
    /// Jokers going back in; `None` when the next take does not reshuffle.
    pub fn next_restock(&self) -> Option<(Vec<Card>, u8)> {
        (!self.holds_a_card() && !self.trash.is_empty()).then(|| (self.trash.clone(), if self.spent_omens >= JOKERS { JOKERS } else { 0 }))
    }

    /// Takes every Joker off the top, each an Active Omen; how many.
    fn surface_jokers(&mut self) -> u8 {
        let mut jokers = 0;
        while self.cards.last() == Some(&DeckCard::Joker) {
            self.cards.pop();
            self.active_omens += 1;
            jokers += 1;
        }
        jokers
    }

    /// Whether the Deck holds an ordinary card (it may still hold Jokers under it).
    fn holds_a_card(&self) -> bool {
        self.cards.iter().any(|c| matches!(c, DeckCard::Card(_)))
    }

    /// Shuffles the Trash into the Deck (and the Jokers too, once four Omens are Spent).
    fn reshuffle(&mut self, rng: &mut Rng) -> u8 {
        self.cards.extend(self.trash.drain(..).map(DeckCard::Card));
        if self.spent_omens >= JOKERS {
            self.cards.extend((0..JOKERS).map(|_| DeckCard::Joker));
            self.spent_omens -= JOKERS;
        }
        match self.later.first() {
            Some(order) if same_cards(order, &self.cards) => self.cards = self.later.remove(0),
            _ => {
                if !self.later.is_empty() {
                    self.later.remove(0);
                }
                rng.shuffle(&mut self.cards);
            }
        }
        self.surface_jokers()
    }

    /// Takes the top card: for a draw, a flip, a blind play or a Threshold. The Trash is
    /// shuffled in first when the Deck holds no ordinary card.
    pub fn take(&mut self, rng: &mut Rng) -> Taken {
        let mut taken = Taken::default();
        if !self.holds_a_card() {
            if self.trash.is_empty() {
                return taken;
            }
            taken.jokers += self.reshuffle(rng);
            taken.reshuffled = true;
        }
        match self.cards.pop() {
            Some(DeckCard::Card(card)) => taken.card = Some(card),
            // Never: no Joker is left on top between operations, and an ordinary card is there.
            Some(DeckCard::Joker) | None => {}
        }
        taken.jokers += self.surface_jokers();
        taken
    }

    /// Draws `n` cards into `hand` (a Stash), one at a time; stops short only when the Deck and
    /// the Trash are both empty. Every Joker met on the way becomes an Omen (notes `#jokers`).
    pub fn draw_into(&mut self, hand: &mut Vec<Card>, n: usize, rng: &mut Rng) -> Drawn {
        let mut drawn = Drawn::default();
        for _ in 0..n {
            let taken = self.take(rng);
            drawn.jokers += taken.jokers;
            drawn.reshuffled |= taken.reshuffled;
            match taken.card {
                Some(card) => {
                    hand.push(card);
                    drawn.cards += 1;
                }
                None => break,
            }
        }
        drawn
    }

    /// The same Deck without `cards` (a Stash given in the setup): one copy of each is taken
    /// out; a card the Deck no longer holds is skipped.
    pub fn without(mut self, cards: impl IntoIterator<Item = Card>) -> Deck {
        for card in cards {
            if let Some(i) = self.cards.iter().position(|c| *c == DeckCard::Card(card)) {
                self.cards.remove(i);
            }
        }
        let _ = self.surface_jokers();
        self
    }

    /// The same Deck with `top` moved to the top, the first card of `top` uppermost (cards it
    /// no longer holds are skipped). Jokers left on top by the shuffle stay Omens.
    pub fn with_on_top(mut self, top: &[Card]) -> Deck {
        for card in top.iter().rev() {
            if let Some(i) = self.cards.iter().position(|c| *c == DeckCard::Card(*card)) {
                self.cards.remove(i);
                self.cards.push(DeckCard::Card(*card));
            }
        }
        self
    }

    /// The same Deck with its order hidden, as a view shows it: no cards in it.
    pub fn masked(&self) -> Deck {
        Deck { cards: Vec::new(), later: Vec::new(), ..self.clone() }
    }

    /// The same Deck with `cards` as its contents, top last (a view's Deck dealt again).
    pub fn with_order(&self, cards: Vec<DeckCard>) -> Deck {
        Deck { cards, ..self.clone() }
    }

    /// The Deck's contents, top last (hidden from every seat).
    pub fn order(&self) -> &[DeckCard] {
        &self.cards
    }

    /// Puts cards in the Trash, in order.
    pub fn trash(&mut self, cards: impl IntoIterator<Item = Card>) {
        self.trash.extend(cards);
    }

    /// The Trash, face up, the latest last.
    pub fn trash_pile(&self) -> &[Card] {
        &self.trash
    }

    /// Ordinary cards left in the Deck.
    pub fn cards_left(&self) -> usize {
        self.cards.iter().filter(|c| matches!(c, DeckCard::Card(_))).count()
    }

    /// Jokers still in the Deck (face up, so everyone may count them).
    pub fn jokers_in_deck(&self) -> u8 {
        self.cards.iter().filter(|c| matches!(c, DeckCard::Joker)).count() as u8
    }

    /// Active Omens.
    pub fn active_omens(&self) -> u8 {
        self.active_omens
    }

    /// Spent Omens.
    pub fn spent_omens(&self) -> u8 {
        self.spent_omens
    }

    /// Turns an Active Omen face down; false if none is Active.
    pub fn spend_omen(&mut self) -> bool {
        if self.active_omens == 0 {
            return false;
        }
        self.active_omens -= 1;
        self.spent_omens += 1;
        true
    }
}

/// Whether `a` and `b` hold the same cards, in any order.
fn same_cards(a: &[DeckCard], b: &[DeckCard]) -> bool {
    let key = |c: &DeckCard| match c {
        DeckCard::Card(card) => u16::from(card.number()),
        DeckCard::Joker => 52,
    };
    let sorted = |x: &[DeckCard]| {
        let mut v: Vec<u16> = x.iter().map(key).collect();
        v.sort_unstable();
        v
    };
    a.len() == b.len() && sorted(a) == sorted(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fusion::cards::{Rank, Suit};

    fn card(rank: Rank) -> DeckCard {
        DeckCard::Card(Card::new(rank, Suit::Hearts))
    }

    #[test]
    fn two_packs_and_four_jokers_with_no_joker_left_on_top() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let (deck, jokers) = Deck::shuffled(&mut rng);
            assert_eq!(deck.cards_left(), 104);
            assert_eq!(deck.jokers_in_deck() + jokers, JOKERS);
            assert_eq!(deck.active_omens(), jokers);
            assert_ne!(deck.cards.last(), Some(&DeckCard::Joker));
        }
    }

    #[test]
    fn jokers_reaching_the_top_become_omens_each_one_counted() {
        // Top last: Two, then two Jokers, then Three.
        let (mut deck, at_start) = Deck::from_order(
            vec![card(Rank::Four), DeckCard::Joker, card(Rank::Three), DeckCard::Joker, DeckCard::Joker, card(Rank::Two)],
            vec![],
        );
        assert_eq!(at_start, 0);
        let mut rng = Rng::new(1);
        let first = deck.take(&mut rng);
        assert_eq!(first.card, Some(Card::new(Rank::Two, Suit::Hearts)));
        assert_eq!(first.jokers, 2, "both Jokers under the Two surface as it is taken");
        assert_eq!(deck.active_omens(), 2);
        let second = deck.take(&mut rng);
        assert_eq!((second.card.map(|c| c.rank), second.jokers), (Some(Rank::Three), 1));
        assert_eq!(deck.active_omens(), 3);
    }

    #[test]
    fn an_empty_deck_takes_in_the_trash_and_an_empty_trash_gives_nothing() {
        let (mut deck, _) = Deck::from_order(vec![], vec![]);
        let mut rng = Rng::new(5);
        assert_eq!(deck.take(&mut rng), Taken::default());
        deck.trash([Card::new(Rank::Nine, Suit::Clubs)]);
        let taken = deck.take(&mut rng);
        assert_eq!((taken.card, taken.reshuffled), (Some(Card::new(Rank::Nine, Suit::Clubs)), true));
        assert!(deck.trash_pile().is_empty());
    }

    #[test]
    fn a_draw_of_three_takes_three_ordinary_cards_and_stops_short_only_when_all_is_gone() {
        let (mut deck, _) = Deck::from_order(vec![card(Rank::Four), DeckCard::Joker, card(Rank::Three), card(Rank::Two)], vec![]);
        let mut rng = Rng::new(2);
        let mut stash = Vec::new();
        let drawn = deck.draw_into(&mut stash, 3, &mut rng);
        assert_eq!((drawn.cards, drawn.jokers, drawn.reshuffled), (3, 1, false));
        assert_eq!(stash.iter().map(|c| c.rank).collect::<Vec<_>>(), [Rank::Two, Rank::Three, Rank::Four]);
        deck.trash([Card::new(Rank::Ace, Suit::Spades)]);
        let drawn = deck.draw_into(&mut stash, 3, &mut rng);
        assert_eq!((drawn.cards, drawn.reshuffled), (1, true), "one card left in the Trash, then nothing");
        assert_eq!(stash.len(), 4);
    }

    #[test]
    fn the_jokers_come_back_at_the_reshuffle_after_four_are_spent() {
        let (mut deck, jokers) =
            Deck::from_order(vec![card(Rank::Five), DeckCard::Joker, DeckCard::Joker, DeckCard::Joker, DeckCard::Joker], vec![]);
        assert_eq!(jokers, 4);
        for _ in 0..3 {
            assert!(deck.spend_omen());
        }
        let mut rng = Rng::new(9);
        deck.take(&mut rng);
        deck.trash([Card::new(Rank::Six, Suit::Spades)]);
        let taken = deck.take(&mut rng);
        assert_eq!(taken.jokers, 0, "three Spent Omens: the Jokers stay out");
        assert!(deck.spend_omen());
        assert!(!deck.spend_omen());
        deck.trash([Card::new(Rank::Seven, Suit::Spades)]);
        let taken = deck.take(&mut rng);
        assert!(taken.reshuffled);
        assert_eq!(taken.card, Some(Card::new(Rank::Seven, Suit::Spades)), "Jokers are never taken as cards");
        assert_eq!(taken.jokers + deck.jokers_in_deck(), JOKERS, "all four back in, some perhaps on top");
        assert_eq!(deck.spent_omens(), 0);
    }
}
