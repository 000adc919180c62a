//! The five fighters, as their cards print them.

use super::moves::{self, MoveCard, Slot};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which fighter a player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FighterId {
    /// Mooshmere ((° 0 °)\).
    Mooshmere,
    /// Wollypobber C=(°°) >.
    Wollypobber,
    /// Tuggle ~(>~<)~.
    Tuggle,
    /// TeaBot ☕←[▣▣]↑.
    TeaBot,
    /// Tremble ◦.(◊~◊)◦.
    Tremble,
}

impl FighterId {
    /// Every fighter, in the order the rules list them.
    pub const ALL: [FighterId; 5] =
        [FighterId::Mooshmere, FighterId::Wollypobber, FighterId::Tuggle, FighterId::TeaBot, FighterId::Tremble];

    /// The fighter's card.
    pub fn card(self) -> &'static Fighter {
        FIGHTERS.iter().find(|f| f.id == self).expect("every fighter has a card")
    }
}

impl fmt::Display for FighterId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.card().name)
    }
}

/// Which Run card a fighter uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunType {
    /// Damage grows with level and high levels dodge Shoot and Block; charge is spent on a hit.
    One,
    /// Always 2 damage and keeps charge; 2+ damage taken costs a token.
    Two,
}

/// A fighter card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fighter {
    /// Which fighter.
    pub id: FighterId,
    /// The name.
    pub name: &'static str,
    /// The face printed beside the name.
    pub face: &'static str,
    /// Critical Damage: the length of this fighter's Danger Track.
    pub critical_damage: u8,
    /// Recovery: damage this fighter sheds between fights of a series after winning one (0: none printed).
    pub recovery: u8,
    /// Block tokens at the start of a fight.
    pub block_tokens: u8,
    /// Which Run card.
    pub run: RunType,
    /// The special power, in our words, if the fighter has one.
    pub special: Option<&'static str>,
}

/// The five fighter cards.
pub const FIGHTERS: [Fighter; 5] = [
    Fighter {
        id: FighterId::Mooshmere,
        name: "Mooshmere",
        face: "((° 0 °)\\)",
        critical_damage: 25,
        recovery: 4,
        block_tokens: 4,
        run: RunType::Two,
        special: None,
    },
    Fighter {
        id: FighterId::Wollypobber,
        name: "Wollypobber",
        face: "C=(°°) >",
        critical_damage: 30,
        recovery: 3,
        block_tokens: 4,
        run: RunType::One,
        special: None,
    },
    Fighter {
        id: FighterId::Tuggle,
        name: "Tuggle",
        face: "~(>~<)~",
        critical_damage: 20,
        recovery: 4,
        block_tokens: 5,
        run: RunType::One,
        special: None,
    },
    Fighter {
        id: FighterId::TeaBot,
        name: "TeaBot",
        face: "☕←[▣▣]↑",
        critical_damage: 20,
        recovery: 0,
        block_tokens: 4,
        run: RunType::Two,
        special: Some("TeaShot takes the place of Shoot."),
    },
    Fighter {
        id: FighterId::Tremble,
        name: "Tremble",
        face: "◦.(◊~◊)◦",
        critical_damage: 25,
        recovery: 0,
        block_tokens: 3,
        run: RunType::One,
        special: Some("Counter takes the place of Block."),
    },
];

/// Which Heal card a match uses (the source prints two different ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HealCard {
    /// Re-enable every disabled move; with none disabled, regain a block token and heal 1 damage.
    #[default]
    Standard,
    /// Only re-enable every disabled move.
    Classic,
}

impl Fighter {
    /// The card this fighter holds in `slot`.
    pub fn move_card(&self, slot: Slot, heal: HealCard) -> &'static MoveCard {
        match slot {
            Slot::Block if self.id == FighterId::Tremble => &moves::COUNTER,
            Slot::Block => &moves::BLOCK,
            Slot::RunTwo => &moves::RUN_2,
            Slot::SwitchHigher | Slot::SwitchLower => super::modes_data::monster_card(slot),
            Slot::Run => match self.run {
                RunType::One => &moves::RUN_1,
                RunType::Two => &moves::RUN_2,
            },
            Slot::Punch => &moves::PUNCH,
            Slot::Grab => &moves::GRAB,
            Slot::Shoot if self.id == FighterId::TeaBot => &moves::TEASHOT,
            Slot::Shoot => &moves::SHOOT,
            Slot::Kick => &moves::KICK,
            Slot::Charge => &moves::CHARGE,
            Slot::Heal => match heal {
                HealCard::Standard => &moves::HEAL,
                HealCard::Classic => &moves::HEAL_CLASSIC,
            },
            Slot::Taunt => &moves::TAUNT,
        }
    }
}
