//! Options and the starting setup of a PUNISH match, and how a setup is checked.

use super::card::{COPIES, Card, Cards, DECK_SIZE, HAND_SIZE, OUT_OF_PLAY};
use dojo_engine::{Rng, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The match options: the printed optional rules plus match length and hearts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Blindfolded: each player plans every breath of a measure before anything is revealed.
    pub blindfolded: bool,
    /// Feint: once per measure a player may play the top card of the deck instead of their pick.
    pub feint: bool,
    /// Blitz: three breaths per measure instead of four.
    pub blitz: bool,
    /// Games in the match; the first to win more than half takes it. Odd, 1 to 9.
    pub best_of: u8,
    /// Hearts each player starts every game with, 1 to 9.
    pub hearts: u8,
    /// Whether a damaged player gets a heart back at the end of each measure (see the notes: the
    /// procedure says yes, the rulebook's third example plays as if not).
    pub heart_recovery: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { blindfolded: false, feint: false, blitz: false, best_of: 3, hearts: 3, heart_recovery: true }
    }
}

impl Options {
    /// Breaths in one measure: 4, or 3 with Blitz.
    pub fn breaths_per_measure(&self) -> u8 {
        if self.blitz { 3 } else { 4 }
    }

    /// Game wins needed to take the match.
    pub fn wins_needed(&self) -> u8 {
        self.best_of / 2 + 1
    }
}

/// The statuses a player can carry into a breath.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Statuses {
    /// Cannot play a card this breath.
    pub exhausted: bool,
    /// Cards played this breath deal no damage.
    pub disarmed: bool,
    /// Cards played this breath reduce no damage.
    pub exposed: bool,
}

impl Statuses {
    /// True when no status is set.
    pub fn is_clear(&self) -> bool {
        *self == Statuses::default()
    }
}

/// A PUNISH match before it starts, every hidden thing explicit.
///
/// The three zones plus the two hands must hold the fifteen cards, three of each. The `seed`
/// drives every later shuffle (end of measure, next game of the match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Match options.
    #[serde(default)]
    pub options: Options,
    /// Seed for every shuffle after the first deal.
    pub seed: u64,
    /// Each player's five starting cards.
    pub hands: [Vec<Card>; 2],
    /// The two cards revealed out of play.
    pub revealed: Vec<Card>,
    /// The rest of the deck, top card first.
    pub deck: Vec<Card>,
    /// Statuses each player starts the first breath with (for puzzles and tests; none in a normal game).
    #[serde(default)]
    pub statuses: [Statuses; 2],
    /// The order of each later shuffle (the end of a measure, a new game of the match), top
    /// card first, for a match whose cards were dealt by the players' devices rather than from
    /// the seed (see `dojo-remote`'s dealer). A shuffle takes the next order when it holds
    /// exactly the cards being shuffled; otherwise, and once they run out, the seed shuffles.
    /// Empty in every other match (and left out of its JSON).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub later: Vec<Vec<Card>>,
}

/// Why a setup cannot start a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A hand does not hold exactly five cards.
    HandSize {
        /// Whose hand.
        seat: Seat,
        /// How many cards it holds.
        size: usize,
    },
    /// Not exactly two cards are revealed out of play.
    RevealedCount {
        /// How many there are.
        count: usize,
    },
    /// The cards in all zones are not three of each kind.
    CardCount {
        /// The card whose count is wrong.
        card: Card,
        /// How many copies the setup holds.
        count: usize,
    },
    /// `best_of` is even or outside 1 to 9.
    BestOf {
        /// The value given.
        best_of: u8,
    },
    /// `hearts` is outside 1 to 9.
    Hearts {
        /// The value given.
        hearts: u8,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::HandSize { seat, size } => write!(f, "{seat}'s hand has {size} cards; it must have {HAND_SIZE}"),
            SetupError::RevealedCount { count } => write!(f, "{count} cards are revealed out of play; there must be {OUT_OF_PLAY}"),
            SetupError::CardCount { card, count } => write!(f, "the setup has {count} {card} cards; the deck has exactly {COPIES} of each"),
            SetupError::BestOf { best_of } => write!(f, "best of {best_of} is not an odd number from 1 to 9"),
            SetupError::Hearts { hearts } => write!(f, "{hearts} hearts is outside 1 to 9"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// A fair random deal from `seed`: the fifteen cards shuffled, five to each player, two revealed.
    pub fn deal(seed: u64, options: Options) -> Setup {
        let mut deck = Card::full_deck();
        Rng::new(seed ^ 0xD1CE_D1CE_D1CE_D1CE).shuffle(&mut deck);
        let mut cards = deck.into_iter();
        let hand_a: Vec<Card> = cards.by_ref().take(HAND_SIZE).collect();
        let hand_b: Vec<Card> = cards.by_ref().take(HAND_SIZE).collect();
        let revealed: Vec<Card> = cards.by_ref().take(OUT_OF_PLAY).collect();
        let deck: Vec<Card> = cards.collect();
        Setup { options, seed, hands: [hand_a, hand_b], revealed, deck, statuses: Default::default(), later: Vec::new() }
    }

    /// A setup with the given hands and revealed cards; the deck holds the remaining cards in
    /// priority order. Handy for puzzles and tests.
    pub fn arranged(hands: [&[Card]; 2], revealed: &[Card], options: Options) -> Result<Setup, SetupError> {
        let mut rest: Cards = Card::full_deck().into_iter().collect();
        for card in hands.iter().flat_map(|h| h.iter()).chain(revealed) {
            if !rest.remove(*card) {
                return Err(SetupError::CardCount { card: *card, count: usize::from(COPIES) + 1 });
            }
        }
        let setup = Setup {
            options,
            seed: 0,
            hands: [hands[0].to_vec(), hands[1].to_vec()],
            revealed: revealed.to_vec(),
            deck: rest.to_vec(),
            statuses: Default::default(),
            later: Vec::new(),
        };
        setup.validate()?;
        Ok(setup)
    }

    /// Checks every rule a setup must follow.
    pub fn validate(&self) -> Result<(), SetupError> {
        let o = &self.options;
        if o.best_of.is_multiple_of(2) || !(1..=9).contains(&o.best_of) {
            return Err(SetupError::BestOf { best_of: o.best_of });
        }
        if !(1..=9).contains(&o.hearts) {
            return Err(SetupError::Hearts { hearts: o.hearts });
        }
        for (i, hand) in self.hands.iter().enumerate() {
            if hand.len() != HAND_SIZE {
                return Err(SetupError::HandSize { seat: Seat(i as u8), size: hand.len() });
            }
        }
        if self.revealed.len() != OUT_OF_PLAY {
            return Err(SetupError::RevealedCount { count: self.revealed.len() });
        }
        let all: Vec<Card> = self.hands.iter().flatten().chain(&self.revealed).chain(&self.deck).copied().collect();
        let counts: Cards = all.iter().copied().collect();
        for card in Card::ALL {
            if counts.count(card) != COPIES {
                return Err(SetupError::CardCount { card, count: usize::from(counts.count(card)) });
            }
        }
        debug_assert_eq!(all.len(), DECK_SIZE);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dealt_setup_is_valid_and_depends_on_the_seed() {
        let a = Setup::deal(1, Options::default());
        assert_eq!(a.validate(), Ok(()));
        assert_eq!(a.deck.len(), 3);
        assert_ne!(a, Setup::deal(2, Options::default()));
        assert_eq!(a, Setup::deal(1, Options::default()));
    }

    #[test]
    fn each_broken_rule_has_its_own_error() {
        let good = Setup::deal(5, Options::default());
        let mut s = good.clone();
        let moved = s.hands[1].pop().unwrap();
        s.deck.push(moved);
        assert_eq!(s.validate(), Err(SetupError::HandSize { seat: Seat(1), size: 4 }));

        let mut s = good.clone();
        let moved = s.revealed.pop().unwrap();
        s.deck.push(moved);
        assert_eq!(s.validate(), Err(SetupError::RevealedCount { count: 1 }));

        let mut s = good.clone();
        let first = s.deck[0];
        let other = Card::ALL.into_iter().find(|c| *c != first).unwrap();
        s.deck[0] = other;
        assert!(matches!(s.validate(), Err(SetupError::CardCount { .. })));

        let mut s = good.clone();
        s.options.best_of = 2;
        assert_eq!(s.validate(), Err(SetupError::BestOf { best_of: 2 }));

        let mut s = good;
        s.options.hearts = 0;
        assert_eq!(s.validate(), Err(SetupError::Hearts { hearts: 0 }));
    }

    #[test]
    fn options_default_to_the_base_game_and_blitz_shortens_measures() {
        let o: Options = serde_json::from_str("{}").unwrap();
        assert_eq!(o, Options::default());
        assert_eq!(o.breaths_per_measure(), 4);
        assert_eq!(o.wins_needed(), 2);
        assert_eq!(Options { blitz: true, ..o }.breaths_per_measure(), 3);
    }
}
