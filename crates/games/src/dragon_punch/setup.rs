//! A DRAGON PUNCH card set and the setup of a match: both players' six basic cards and the
//! character each picked. A set is checked before play, with one error per reason, so that a
//! set typed into the editor is refused in words rather than played wrong.

use super::card::{BasicCard, CharacterCard, Icon, Move};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Basic cards each player holds.
pub const BASIC_CARDS: usize = 6;

/// The longest name or effect text a set may hold, in characters.
pub const MAX_TEXT: usize = 80;

/// The highest strength an attack may print.
pub const MAX_STRENGTH: u8 = BASIC_CARDS as u8;

/// The slowest execution time an attack may print.
pub const MAX_TIME: u8 = 9;

/// A card set: the six basic cards every player holds (one is the Taunt card) and the
/// characters to pick from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSet {
    /// The set's name (ours is marked as reconstructed).
    pub name: String,
    /// The six basic cards, in hand order.
    pub basics: Vec<BasicCard>,
    /// The character cards.
    pub characters: Vec<CharacterCard>,
}

/// Everything needed to start a match: the set and each player's character. DRAGON PUNCH has
/// no chance and nothing hidden at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The cards in play.
    pub set: CardSet,
    /// Each player's character, by its place in `set.characters` (both may pick the same).
    pub characters: [usize; 2],
}

/// Why a set or setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A set holds other than six basic cards.
    BasicCount {
        /// How many it holds.
        got: usize,
    },
    /// A set has no character card.
    NoCharacter,
    /// A player's character is not in the set.
    NoSuchCharacter {
        /// The player, from 1.
        player: u8,
        /// The index given.
        index: usize,
    },
    /// The set has no Taunt card, or more than one: exactly one basic card must Taunt on both
    /// of its moves.
    TauntCard {
        /// Basic cards whose two moves both Taunt.
        found: usize,
    },
    /// A name is empty.
    EmptyName,
    /// A name or effect text is longer than [`MAX_TEXT`] characters.
    TooLong {
        /// The start of the text.
        text: String,
    },
    /// An attack's strength is above [`MAX_STRENGTH`].
    Strength {
        /// The move.
        name: String,
        /// Its strength.
        got: u8,
    },
    /// An attack's execution time is 0 or above [`MAX_TIME`].
    Time {
        /// The move.
        name: String,
        /// Its time.
        got: u8,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BasicCount { got } => write!(f, "a set has {BASIC_CARDS} basic cards, not {got}"),
            SetupError::NoCharacter => write!(f, "a set needs at least one character card"),
            SetupError::NoSuchCharacter { player, index } => write!(f, "player {player}: there is no character number {}", index + 1),
            SetupError::TauntCard { found } => {
                write!(f, "exactly one basic card must Taunt on both its moves (this set has {found})")
            }
            SetupError::EmptyName => write!(f, "every card and move needs a name"),
            SetupError::TooLong { text } => write!(f, "\"{text}…\" is longer than {MAX_TEXT} characters"),
            SetupError::Strength { name, got } => write!(f, "{name}: strength {got} is more than {MAX_STRENGTH}"),
            SetupError::Time { name, got } => write!(f, "{name}: execution time {got} is not between 1 and {MAX_TIME}"),
        }
    }
}

fn check_text(text: &str) -> Result<(), SetupError> {
    if text.chars().count() > MAX_TEXT {
        return Err(SetupError::TooLong { text: text.chars().take(24).collect() });
    }
    Ok(())
}

fn check_move(m: &Move) -> Result<(), SetupError> {
    if m.name.trim().is_empty() {
        return Err(SetupError::EmptyName);
    }
    check_text(&m.name)?;
    if let Some(effect) = &m.effect {
        check_text(effect)?;
    }
    for icon in [m.high, m.low].into_iter().flatten() {
        if let Icon::Attack { strength, time } = icon {
            if strength > MAX_STRENGTH {
                return Err(SetupError::Strength { name: m.name.clone(), got: strength });
            }
            if time == 0 || time > MAX_TIME {
                return Err(SetupError::Time { name: m.name.clone(), got: time });
            }
        }
    }
    Ok(())
}

impl CardSet {
    /// Checks every card of the set.
    pub fn check(&self) -> Result<(), SetupError> {
        if self.basics.len() != BASIC_CARDS {
            return Err(SetupError::BasicCount { got: self.basics.len() });
        }
        if self.characters.is_empty() {
            return Err(SetupError::NoCharacter);
        }
        let taunts = self.basics.iter().filter(|b| b.white.properties.taunt && b.red.properties.taunt).count();
        if taunts != 1 {
            return Err(SetupError::TauntCard { found: taunts });
        }
        for card in &self.basics {
            check_move(&card.white)?;
            check_move(&card.red)?;
        }
        for character in &self.characters {
            if character.name.trim().is_empty() {
                return Err(SetupError::EmptyName);
            }
            check_text(&character.name)?;
            character.moves.iter().try_for_each(check_move)?;
        }
        check_text(&self.name)
    }
}

impl Setup {
    /// Checks the set and both characters.
    pub fn check(&self) -> Result<(), SetupError> {
        self.set.check()?;
        for (i, index) in self.characters.iter().enumerate() {
            if *index >= self.set.characters.len() {
                return Err(SetupError::NoSuchCharacter { player: i as u8 + 1, index: *index });
            }
        }
        Ok(())
    }
}
