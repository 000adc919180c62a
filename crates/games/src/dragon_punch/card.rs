//! DRAGON PUNCH's moves and cards as data. A move reads like its printed half of a card: a
//! name, optional effect text, what stands in its High and Low locations (an Attack with its
//! strength and execution time, a Block, an Evade, or nothing), and the properties the rules
//! name. A basic card carries a white move and a red move; a character card two purple moves.
//!
//! Moves are owned data, not constants, because owners of the retail game type their own cards
//! in (the card editor); the reconstructed set is one such list.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Where a move acts: every move has a High and a Low location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Location {
    /// The High location.
    High,
    /// The Low location.
    Low,
}

impl Location {
    /// Both locations, High first.
    pub const BOTH: [Location; 2] = [Location::High, Location::Low];
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Location::High => "high",
            Location::Low => "low",
        })
    }
}

/// What one location of a move holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Icon {
    /// An attack: `strength` damage when Successful; lower `time` is quicker.
    Attack {
        /// Damage dealt (0 is allowed: the attack still succeeds or not).
        strength: u8,
        /// Execution time: the lower, the quicker.
        time: u8,
    },
    /// Stops an opposing attack in this location (not a Throw).
    Block,
    /// Stops any opposing attack in this location.
    Evade,
}

/// The properties the rules name, which change how a move resolves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Properties {
    /// A Throw: its attacks cannot be Blocked (they can be Evaded).
    pub throw: bool,
    /// Its attacks cannot be Interrupted (they can be Blocked or Evaded).
    pub unstoppable: bool,
    /// A Projectile: its attack in a location is Interrupted by an opposing Projectile attack in
    /// the same location.
    pub projectile: bool,
    /// Gains the Initiative for the next turn when one of its attacks is Successful or its Block
    /// stops an attack.
    pub initiative: bool,
    /// TAUNT: all of its player's cards are unflipped at the end of the turn.
    pub taunt: bool,
}

/// One move: the upright half of a card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The name, as printed (shared text: every reveal names two moves).
    pub name: Arc<str>,
    /// Effect text, in our words (or the owner's, for a typed-in card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// The High location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high: Option<Icon>,
    /// The Low location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub low: Option<Icon>,
    /// Properties that change the resolution.
    #[serde(default)]
    pub properties: Properties,
}

impl Move {
    /// What stands in `location`.
    pub fn at(&self, location: Location) -> Option<Icon> {
        match location {
            Location::High => self.high,
            Location::Low => self.low,
        }
    }

    /// The move's attacks: (location, strength, time), High first.
    pub fn attacks(&self) -> impl Iterator<Item = (Location, u8, u8)> + '_ {
        Location::BOTH.into_iter().filter_map(|l| match self.at(l) {
            Some(Icon::Attack { strength, time }) => Some((l, strength, time)),
            _ => None,
        })
    }
}

/// A basic card: white move up until its player takes damage and switches it to red.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BasicCard {
    /// The white move.
    pub white: Move,
    /// The red move.
    pub red: Move,
}

/// A character card: two purple moves, either of which may be up.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CharacterCard {
    /// The character's name.
    pub name: String,
    /// The two special moves.
    pub moves: [Move; 2],
}

#[cfg(test)]
pub(crate) mod fixtures {
    //! The moves the rulebook's two worked examples name, as our set prints them.
    use super::*;

    /// A move from its locations and properties.
    pub(crate) fn mv(name: &str, high: Option<Icon>, low: Option<Icon>, properties: Properties) -> Move {
        Move { name: name.into(), effect: None, high, low, properties }
    }

    /// An attack icon.
    pub(crate) fn hit(strength: u8, time: u8) -> Option<Icon> {
        Some(Icon::Attack { strength, time })
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::*;
    use super::*;

    #[test]
    fn a_move_lists_its_attacks_high_first_and_reads_as_json() {
        let combo = mv("Combo Kick", hit(2, 3), hit(1, 3), Properties::default());
        assert_eq!(combo.attacks().collect::<Vec<_>>(), [(Location::High, 2, 3), (Location::Low, 1, 3)]);
        let json = serde_json::to_string(&combo).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), combo);
        let typed: Move = serde_json::from_str(r#"{"name":"Palm","low":"Evade"}"#).unwrap();
        assert_eq!((typed.at(Location::Low), typed.at(Location::High), typed.properties), (Some(Icon::Evade), None, Properties::default()));
    }
}
