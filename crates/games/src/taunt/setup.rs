//! Options and the starting setup of a TAUNT match, and how a setup is checked.

use super::fighter::{FighterId, HealCard};
use super::monsters::{SQUAD_CARDS, Squad, SquadFault, squad_error};
use super::moves::{Slot, Slots};
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

/// Which way of playing TAUNT a match follows (notes, "More than two fighters: what is decided").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Battle {
    /// Two fighters, one Position, a series of fights.
    #[default]
    Duel,
    /// 3–6 fighters in a circle, a Position marker between each pair of neighbours; the first
    /// fighter to defeat another wins.
    FreeForAll,
    /// As Free-for-All, but the fight goes on until one fighter is left.
    LastStanding,
    /// Four fighters in two teams of two, in the Left and Right halves of the Dojo.
    Team,
    /// Two trainers, each with three monsters built in secret from two standard decks, sharing
    /// one Danger Track; a duel otherwise.
    Monsters,
}

impl Battle {
    /// Every way of playing, in the order the site lists them.
    pub const ALL: [Battle; 5] = [Battle::Duel, Battle::FreeForAll, Battle::LastStanding, Battle::Team, Battle::Monsters];

    /// The short id used by the command line and the site's addresses.
    pub fn id(self) -> &'static str {
        match self {
            Battle::Duel => "duel",
            Battle::FreeForAll => "ffa",
            Battle::LastStanding => "last-pobber",
            Battle::Team => "team",
            Battle::Monsters => "monsters",
        }
    }

    /// The way of playing named by `id`.
    pub fn from_id(id: &str) -> Option<Battle> {
        Battle::ALL.into_iter().find(|b| b.id() == id)
    }

    /// The name players know it by.
    pub fn title(self) -> &'static str {
        match self {
            Battle::Duel => "Duel",
            Battle::FreeForAll => "Free-for-All",
            Battle::LastStanding => "Last Pobber Standing",
            Battle::Team => "2v2 Team Battle",
            Battle::Monsters => "Monsters",
        }
    }

    /// How many fighters it seats.
    pub fn fighters(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Battle::Duel | Battle::Monsters => 2..=2,
            Battle::FreeForAll | Battle::LastStanding => 3..=6,
            Battle::Team => 4..=4,
        }
    }

    /// Whether fighters sit in a circle with a Position marker between neighbours.
    pub fn is_circle(self) -> bool {
        matches!(self, Battle::FreeForAll | Battle::LastStanding)
    }

    /// Whether two sides share one Position over a series of fights: a duel, or Monsters.
    pub fn is_duel(self) -> bool {
        matches!(self, Battle::Duel | Battle::Monsters)
    }
}

impl fmt::Display for Battle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// A half of the Dojo in a Team Battle: fighters in the same half are Near.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Half {
    /// The left half, where the first team starts.
    #[default]
    Left,
    /// The right half, where the second team starts.
    Right,
}

impl Half {
    /// The other half.
    pub fn other(self) -> Half {
        match self {
            Half::Left => Half::Right,
            Half::Right => Half::Left,
        }
    }
}

/// The match options.
///
/// An option missing from a setup (a record written before the option existed) reads as the
/// behaviour from before it existed ([`Options::unwritten`]), never as today's default: an old
/// record keeps its meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default = "Options::unwritten")]
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
    /// The way of playing: a duel or a mode for more fighters.
    pub battle: Battle,
    /// Every fighter is a Wampire, with blood in place of the Danger Track (notes, "Wampires").
    pub wampires: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { best_of: 3, heal: HealCard::Standard, recovery: true, pass_charge: true, battle: Battle::Duel, wampires: false }
    }
}

impl Options {
    /// What a setup that leaves an option out means: the rules as they were before the option
    /// was added (no passing of charge, a duel, no Wampires). Add every new option here with
    /// the value that keeps the old behaviour.
    pub fn unwritten() -> Options {
        Options { pass_charge: false, ..Options::default() }
    }

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
    /// A Wampire's blood; `None` for the full 30.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blood: Option<u16>,
}

/// Everything needed to start a match. TAUNT has no hidden starting information and no chance,
/// so a setup is just the fighters and the options (plus, for worked examples, a situation and
/// positions to start from).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Each player's fighter, Player 1's first: two for a duel, more for the other modes.
    pub fighters: Vec<FighterId>,
    /// Match options (all of them, when absent, as [`Options::unwritten`] says).
    #[serde(default = "Options::unwritten")]
    pub options: Options,
    /// Start of the first fight other than the opening, one per fighter (for examples and tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Vec<Start>>,
    /// The Position the first fight of a duel starts at (the rules start at Far).
    #[serde(default)]
    pub position: Position,
    /// Free-for-All and Last Pobber Standing: the marker each fighter shares with the next one
    /// round the circle (the last with the first); all Far when absent, as the rules start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markers: Option<Vec<Position>>,
    /// Team Battle: the half each fighter starts in; by team when absent (Players 1 and 2 Left,
    /// 3 and 4 Right).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halves: Option<Vec<Half>>,
    /// Monsters: each trainer's split, given in advance (for examples and tests) instead of
    /// built in secret at the start. Hidden from the other trainer all the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squads: Option<Vec<Squad>>,
}

impl Setup {
    /// A standard match between `fighters`, one per player.
    pub fn new(fighters: impl Into<Vec<FighterId>>, options: Options) -> Setup {
        Setup { fighters: fighters.into(), options, start: None, position: Position::Far, markers: None, halves: None, squads: None }
    }

    /// Checks every field.
    pub fn check(&self) -> Result<(), SetupError> {
        if !matches!(self.options.best_of, 1 | 3 | 5) {
            return Err(SetupError::BestOf { got: self.options.best_of });
        }
        let battle = self.options.battle;
        let count = self.fighters.len();
        if !battle.fighters().contains(&count) {
            return Err(SetupError::Fighters { battle, got: count });
        }
        if !battle.is_duel() && self.options.best_of != 1 {
            return Err(SetupError::SeriesInDuelOnly { battle });
        }
        if battle == Battle::Monsters && self.options.wampires {
            return Err(SetupError::WampireMonsters);
        }
        let lists = [
            ("squads", self.squads.as_ref().map(Vec::len)),
            ("start", self.start.as_ref().map(Vec::len)),
            ("markers", self.markers.as_ref().map(Vec::len)),
            ("halves", self.halves.as_ref().map(Vec::len)),
        ];
        for (field, len) in lists {
            if let Some(len) = len
                && len != count
            {
                return Err(SetupError::Length { field, got: len, fighters: count });
            }
        }
        if self.markers.is_some() && !battle.is_circle() {
            return Err(SetupError::NotInThisBattle { field: "markers", battle });
        }
        if self.halves.is_some() && battle != Battle::Team {
            return Err(SetupError::NotInThisBattle { field: "halves", battle });
        }
        if self.squads.is_some() && battle != Battle::Monsters {
            return Err(SetupError::NotInThisBattle { field: "squads", battle });
        }
        for (i, squad) in self.squads.iter().flatten().enumerate() {
            if squad.len() != SQUAD_CARDS {
                return Err(SetupError::SquadSize { player: i as u8 + 1, got: squad.len() });
            }
            match squad_error(squad) {
                Some(SquadFault::NotInDecks(card)) => return Err(SetupError::SquadCardNotInDecks { player: i as u8 + 1, card }),
                Some(SquadFault::TooMany(card)) => return Err(SetupError::SquadTooManyCopies { player: i as u8 + 1, card }),
                None => {}
            }
        }
        for (i, start) in self.start.iter().flatten().enumerate() {
            let card = self.fighters[i].card();
            // Monsters use the Monster Team card's track and tokens.
            let (critical, block_tokens) = if battle == Battle::Monsters {
                (super::modes_data::MONSTER_TEAM.critical_damage, super::modes_data::MONSTER_TEAM.block_tokens)
            } else {
                (card.critical_damage, card.block_tokens)
            };
            if start.damage > critical {
                return Err(SetupError::Damage { player: i as u8 + 1, got: start.damage, max: critical });
            }
            if start.charge > super::MAX_CHARGE {
                return Err(SetupError::Charge { player: i as u8 + 1, got: start.charge });
            }
            if let Some(blocks) = start.blocks
                && blocks > block_tokens
            {
                return Err(SetupError::Blocks { player: i as u8 + 1, got: blocks, max: block_tokens });
            }
            if start.disabled.len() >= super::DISABLED_TO_LOSE {
                return Err(SetupError::Disabled { player: i as u8 + 1, got: start.disabled.len() });
            }
            if let Some(blood) = start.blood
                && blood > super::modes_data::MAX_START_BLOOD
            {
                return Err(SetupError::Blood { player: i as u8 + 1, got: blood });
            }
        }
        Ok(())
    }
}

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The way of playing seats a different number of fighters.
    Fighters {
        /// The way of playing.
        battle: Battle,
        /// Fighters named.
        got: usize,
    },
    /// A series of several fights is for duels; the other modes are one fight.
    SeriesInDuelOnly {
        /// The way of playing.
        battle: Battle,
    },
    /// A per-fighter list has the wrong length.
    Length {
        /// The list.
        field: &'static str,
        /// Its length.
        got: usize,
        /// Fighters named.
        fighters: usize,
    },
    /// A starting field that this way of playing does not use.
    NotInThisBattle {
        /// The field.
        field: &'static str,
        /// The way of playing.
        battle: Battle,
    },
    /// Monsters are not Wampires: the monsters share a Danger Track (notes, "Monsters").
    WampireMonsters,
    /// A trainer's split does not hold fifteen cards.
    SquadSize {
        /// The player, from 1.
        player: u8,
        /// Cards given.
        got: usize,
    },
    /// A trainer's split holds a card that is not in a standard deck.
    SquadCardNotInDecks {
        /// The player, from 1.
        player: u8,
        /// The card.
        card: Slot,
    },
    /// A trainer's split holds more copies of a card than the two decks have.
    SquadTooManyCopies {
        /// The player, from 1.
        player: u8,
        /// The card.
        card: Slot,
    },
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
    /// A Wampire starts with more blood than a whole table of six could hold
    /// ([`super::modes_data::MAX_START_BLOOD`]).
    Blood {
        /// The player, from 1.
        player: u8,
        /// Blood asked for.
        got: u16,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Fighters { battle, got } => {
                let range = battle.fighters();
                let seats =
                    if range.start() == range.end() { range.start().to_string() } else { format!("{} to {}", range.start(), range.end()) };
                write!(f, "{battle} is for {seats} fighters, not {got}")
            }
            SetupError::SeriesInDuelOnly { battle } => write!(f, "{battle} is a single fight: a series (best of 3 or 5) is for duels"),
            SetupError::Length { field, got, fighters } => write!(f, "{field} has {got} entries for {fighters} fighters"),
            SetupError::NotInThisBattle { field, battle } => write!(f, "{battle} has no {field}"),
            SetupError::WampireMonsters => write!(f, "Monsters cannot be Wampires: a trainer's monsters share one Danger Track"),
            SetupError::SquadSize { player, got } => {
                write!(f, "player {player}: a split holds 15 cards (three monsters of five), not {got}")
            }
            SetupError::SquadCardNotInDecks { player, card } => {
                write!(f, "player {player}: {card} is not one of the standard moves a monster is built from")
            }
            SetupError::SquadTooManyCopies { player, card } => {
                write!(f, "player {player}: the two standard decks hold only two {card} cards")
            }
            SetupError::BestOf { got } => write!(f, "a series is best of 1, 3 or 5, not {got}"),
            SetupError::Damage { player, got, max } => write!(f, "player {player}: damage {got} is past the end of a {max} track"),
            SetupError::Charge { player, got } => write!(f, "player {player}: {got} charge tokens, but there are only 3"),
            SetupError::Blocks { player, got, max } => write!(f, "player {player}: {got} block tokens, but this fighter has {max}"),
            SetupError::Disabled { player, got } => write!(f, "player {player}: {got} disabled cards means the fight is already lost"),
            SetupError::Blood { player, got } => {
                write!(f, "player {player}: a Wampire may start with at most {} blood, not {got}", super::modes_data::MAX_START_BLOOD)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn monsters() -> Setup {
        Setup::new(vec![FighterId::Tuggle, FighterId::TeaBot], Options { battle: Battle::Monsters, ..Options::default() })
    }

    fn squad() -> Squad {
        use Slot::*;
        vec![Block, Run, Punch, Grab, Heal, Block, RunTwo, Shoot, Kick, Heal, Run, Punch, Grab, Shoot, Charge]
    }

    /// The audit's Wampire: a setup with 65535 blood was accepted, and the first drink overflowed
    /// (a panic in checked builds, a Wampire left with almost no blood in the release build).
    #[test]
    fn a_wampire_with_more_blood_than_a_table_holds_is_refused() {
        use super::super::modes_data::MAX_START_BLOOD;
        let setup_with = |blood: u16| {
            let mut setup =
                Setup::new(vec![FighterId::Tuggle, FighterId::Tuggle], Options { wampires: true, best_of: 1, ..Options::default() });
            setup.start = Some(vec![Start { blood: Some(blood), ..Start::default() }, Start::default()]);
            setup
        };
        assert_eq!(setup_with(65_535).check(), Err(SetupError::Blood { player: 1, got: 65_535 }));
        assert!(SetupError::Blood { player: 1, got: 65_535 }.to_string().contains("at most 180 blood"));
        assert_eq!(setup_with(MAX_START_BLOOD).check(), Ok(()));
    }

    #[test]
    fn a_monsters_setup_is_checked_reason_by_reason() {
        assert_eq!(monsters().check(), Ok(()), "a series of Monsters, built in the game");
        let wampires = Setup { options: Options { wampires: true, ..monsters().options }, ..monsters() };
        assert_eq!(wampires.check(), Err(SetupError::WampireMonsters));
        let one = Setup { squads: Some(vec![squad()]), ..monsters() };
        assert_eq!(one.check(), Err(SetupError::Length { field: "squads", got: 1, fighters: 2 }));
        let short = Setup { squads: Some(vec![squad(), squad()[..14].to_vec()]), ..monsters() };
        assert_eq!(short.check(), Err(SetupError::SquadSize { player: 2, got: 14 }));
        let mut three_kicks = squad();
        three_kicks[0] = Slot::Kick;
        three_kicks[4] = Slot::Kick;
        let extra = Setup { squads: Some(vec![three_kicks, squad()]), ..monsters() };
        assert_eq!(extra.check(), Err(SetupError::SquadTooManyCopies { player: 1, card: Slot::Kick }));
        let mut switch = squad();
        switch[3] = Slot::SwitchHigher;
        let switch = Setup { squads: Some(vec![squad(), switch]), ..monsters() };
        assert_eq!(switch.check(), Err(SetupError::SquadCardNotInDecks { player: 2, card: Slot::SwitchHigher }));
        let duel =
            Setup { squads: Some(vec![squad(), squad()]), ..Setup::new(vec![FighterId::Tuggle, FighterId::TeaBot], Options::default()) };
        assert_eq!(duel.check(), Err(SetupError::NotInThisBattle { field: "squads", battle: Battle::Duel }));
        let ready = Setup {
            squads: Some(vec![squad(), squad()]),
            start: Some(vec![Start { damage: 30, blocks: Some(4), ..Start::default() }; 2]),
            ..monsters()
        };
        assert_eq!(ready.check(), Ok(()), "the Monster Team's track and tokens, not the fighters'");
    }
}
