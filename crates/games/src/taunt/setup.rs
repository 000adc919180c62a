//! Options and the starting setup of a TAUNT match, and how a setup is checked.

use super::fighter::{FighterId, HealCard};
use super::moves::Slots;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where the two fighters stand relative to each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Position {
    /// Close enough for most moves to hit.
    Near,
    /// Only Shoot (and Kick at L3) reaches.
    #[default]
    Far,
}

impl Position {
    /// The other position.
    pub fn flipped(self) -> Position {
        match self {
            Position::Near => Position::Far,
            Position::Far => Position::Near,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// The match options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Fights in the series; the first to win more than half takes it. 1, 3 or 5.
    pub best_of: u8,
    /// Which printed Heal card both fighters use.
    pub heal: HealCard,
    /// Whether a fight's winner sheds their Recovery in damage before the next fight.
    pub recovery: bool,
    /// Whether a fighter whose Charge acted may then pass one charge token to another fighter,
    /// as the Charge card allows (see the notes, "Passing charge").
    pub pass_charge: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { best_of: 3, heal: HealCard::Standard, recovery: true, pass_charge: true }
    }
}

impl Options {
    /// Fight wins needed to take the series.
    pub fn wins_needed(&self) -> u8 {
        self.best_of / 2 + 1
    }
}

/// A fighter's situation when a scenario starts somewhere other than the opening.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Start {
    /// Damage on the Danger Track.
    pub damage: u8,
    /// Charge tokens (the move level).
    pub charge: u8,
    /// Block tokens; `None` for the fighter's full count.
    pub blocks: Option<u8>,
    /// Disabled move cards.
    pub disabled: Slots,
}

/// Everything needed to start a match. TAUNT has no hidden starting information and no chance,
/// so a setup is just the two fighters and the options (plus, for worked examples, a position
/// to start from).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Player 1's and Player 2's fighters.
    pub fighters: [FighterId; 2],
    /// Match options.
    #[serde(default)]
    pub options: Options,
    /// Start of the first fight other than the opening (for examples and tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<[Start; 2]>,
    /// The Position the first fight starts at (the rules start at Far).
    #[serde(default)]
    pub position: Position,
}

impl Setup {
    /// A standard match between two fighters.
    pub fn new(fighters: [FighterId; 2], options: Options) -> Setup {
        Setup { fighters, options, start: None, position: Position::Far }
    }

    /// Checks every field.
    pub fn check(&self) -> Result<(), SetupError> {
        if !matches!(self.options.best_of, 1 | 3 | 5) {
            return Err(SetupError::BestOf { got: self.options.best_of });
        }
        for (i, start) in self.start.iter().flatten().enumerate() {
            let card = self.fighters[i].card();
            if start.damage > card.critical_damage {
                return Err(SetupError::Damage { player: i as u8 + 1, got: start.damage, max: card.critical_damage });
            }
            if start.charge > super::MAX_CHARGE {
                return Err(SetupError::Charge { player: i as u8 + 1, got: start.charge });
            }
            if let Some(blocks) = start.blocks
                && blocks > card.block_tokens
            {
                return Err(SetupError::Blocks { player: i as u8 + 1, got: blocks, max: card.block_tokens });
            }
            if start.disabled.len() >= super::DISABLED_TO_LOSE {
                return Err(SetupError::Disabled { player: i as u8 + 1, got: start.disabled.len() });
            }
        }
        Ok(())
    }
}

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The series length is not 1, 3 or 5.
    BestOf {
        /// What was asked for.
        got: u8,
    },
    /// A start position puts damage past the end of the fighter's track.
    Damage {
        /// The player, from 1.
        player: u8,
        /// Damage asked for.
        got: u8,
        /// The fighter's Critical Damage.
        max: u8,
    },
    /// A start position gives more than three charge tokens.
    Charge {
        /// The player, from 1.
        player: u8,
        /// Charge asked for.
        got: u8,
    },
    /// A start position gives more block tokens than the fighter has.
    Blocks {
        /// The player, from 1.
        player: u8,
        /// Tokens asked for.
        got: u8,
        /// The fighter's count.
        max: u8,
    },
    /// A start position has three or more disabled cards: that fighter has already lost.
    Disabled {
        /// The player, from 1.
        player: u8,
        /// Cards disabled.
        got: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BestOf { got } => write!(f, "a series is best of 1, 3 or 5, not {got}"),
            SetupError::Damage { player, got, max } => write!(f, "player {player}: damage {got} is past the end of a {max} track"),
            SetupError::Charge { player, got } => write!(f, "player {player}: {got} charge tokens, but there are only 3"),
            SetupError::Blocks { player, got, max } => write!(f, "player {player}: {got} block tokens, but this fighter has {max}"),
            SetupError::Disabled { player, got } => write!(f, "player {player}: {got} disabled cards means the fight is already lost"),
        }
    }
}
