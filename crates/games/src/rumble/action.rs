//! What a seat can say: bids, an allocation, reveal-step choices, a block, the moderator's
//! adjustments; the decisions that ask for them; the reasons one is refused.

use super::setup::PowerRef;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One use of a power at Allocation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Use {
    /// Which of the hero's powers (its place in the hero's list).
    pub slot: u8,
    /// X, for powers whose cost is "Spend X" (0 otherwise).
    #[serde(default)]
    pub x: u16,
    /// The hero it is aimed at, for powers that name one.
    #[serde(default)]
    pub target: Option<u8>,
    /// A second choice: Hypnotism's victim, or the power Lighten Load discards (a slot).
    #[serde(default)]
    pub other: Option<u8>,
}

/// A hero's secret allocation for a round.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Allocation {
    /// Energy put into Defense.
    pub defense: u16,
    /// Attacks: (hero attacked, Energy put in), each hero at most once.
    pub attacks: Vec<(u8, u16)>,
    /// Powers used, with their costs and targets.
    #[serde(default)]
    pub uses: Vec<Use>,
    /// Energy held back for Precognition, split after the reveal.
    #[serde(default)]
    pub reserve: u16,
}

impl Allocation {
    /// The total put into Attacks.
    pub fn attack_total(&self) -> i32 {
        self.attacks.iter().map(|(_, a)| i32::from(*a)).sum()
    }
    /// The Attack on `hero`, or 0.
    pub fn attack_on(&self, hero: u8) -> i32 {
        self.attacks.iter().find(|(h, _)| *h == hero).map_or(0, |(_, a)| i32::from(*a))
    }
}

/// A redirection by Zypher: the `index`th use of `user`'s allocation now aims at `to`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Redirect {
    /// The hero whose power was aimed at the Zypher holder.
    pub user: u8,
    /// Which of that hero's uses.
    pub index: u8,
    /// The new target.
    pub to: u8,
}

/// A hero's secret choices in the reveal step; the default is to do nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RevealChoice {
    /// Precognition: how the held-back Energy splits into (Defense, Attacks).
    #[serde(default)]
    pub split: Option<(u16, Vec<(u8, u16)>)>,
    /// Flight by draining 5.
    #[serde(default)]
    pub flight: bool,
    /// Quick Reflexes: how much Attack moves into Defense (taken from the largest Attack first).
    #[serde(default)]
    pub reflexes: u16,
    /// Barter With Fate: the power (slot) discarded to take no damage.
    #[serde(default)]
    pub barter: Option<u8>,
    /// Lizard DNA: the attacker whose Attack is cancelled.
    #[serde(default)]
    pub lizard: Option<u8>,
    /// Zypher: the uses redirected.
    #[serde(default)]
    pub zypher: Vec<Redirect>,
    /// Batman Captions: (hero under Attack, word shouted).
    #[serde(default)]
    pub shouts: Vec<(u8, String)>,
}

/// A change the moderator makes to apply a typed-in power.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Change {
    /// A hero gains (or, negative, loses) Energy now.
    Energy {
        /// Which hero.
        hero: u8,
        /// How much.
        delta: i32,
    },
    /// This round's Attack of `from` on `to` changes.
    Attack {
        /// The attacker.
        from: u8,
        /// The hero attacked.
        to: u8,
        /// How much.
        delta: i32,
    },
    /// This round's Defense of a hero changes.
    Defense {
        /// Which hero.
        hero: u8,
        /// How much.
        delta: i32,
    },
    /// This round's Attack of `from` on `old` goes to `new` instead.
    Retarget {
        /// The attacker.
        from: u8,
        /// The hero it was aimed at.
        old: u8,
        /// The hero it now hits.
        new: u8,
    },
    /// A hero discards a power.
    Discard {
        /// Which hero.
        hero: u8,
        /// Which of their powers.
        slot: u8,
    },
    /// A power moves from one hero to another.
    Transfer {
        /// The hero who holds it.
        hero: u8,
        /// Which of their powers.
        slot: u8,
        /// The hero who gets it.
        to: u8,
    },
}

/// The longest reason a moderator may give, in characters.
pub const MAX_REASON: usize = 120;

/// One seat's action.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Act {
    /// The sealed bid sheet: a bid per power up for auction, and which ones might be discarded.
    Bid {
        /// One bid per power, in the auction's order.
        bids: Vec<u16>,
        /// Powers (places in the auction) flagged "might discard".
        #[serde(default)]
        might_discard: Vec<u8>,
    },
    /// New sealed bids for the tied powers, in auction order ([`super::Rumble::rebid_lots`]).
    Rebid(Vec<u16>),
    /// The opponent who receives the curse being given away.
    Give(u8),
    /// After the auction: powers to discard (slots), and Expert Training's change.
    Settle {
        /// Slots of powers to discard.
        discard: Vec<u8>,
        /// Expert Training: (slot of the power, which of its numbers, true to double).
        expert: Option<(u8, u8, bool)>,
    },
    /// One allocation per hero the seat controls, in hero order.
    Allocate(Vec<Allocation>),
    /// One reveal-step choice per hero the seat controls, in hero order.
    Reveal(Vec<RevealChoice>),
    /// Points blocked of each Attack listed in the decision.
    Block(Vec<u16>),
    /// The moderator changes something, with a reason for the log.
    Adjust {
        /// What changes.
        change: Change,
        /// Why (plain text, logged).
        reason: String,
    },
    /// The moderator has applied everything for now.
    Done,
}

/// What a seat must decide now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Fill in the sealed bid sheet.
    Bid,
    /// Bid again on the powers `hero` tied on. Which powers they are is the hero's secret: they
    /// are in its own seat's view ([`super::Rumble::rebid_lots`]), not in the decision, since
    /// everyone sees who is deciding.
    Rebid {
        /// The seat's hero.
        hero: u8,
    },
    /// Hand this curse (a power of `hero`, at `slot`) to an opponent.
    Give {
        /// The hero who won it.
        hero: u8,
        /// Its place among their powers.
        slot: u8,
    },
    /// Discard powers flagged "might discard" and/or make Expert Training's change.
    Settle {
        /// The seat's hero.
        hero: u8,
    },
    /// Allocate Energy for these heroes.
    Allocate(Vec<u8>),
    /// Choose reveal-step options for these heroes.
    Reveal(Vec<u8>),
    /// Choose which points of these Attacks on `hero` its Defense blocks.
    Block {
        /// The defender.
        hero: u8,
        /// (attacker, Attack) of the Attacks Defense may block.
        attacks: Vec<(u8, i32)>,
        /// The points of Defense to place.
        defense: i32,
    },
    /// Apply typed-in powers with adjustments, then say done.
    Moderate,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The action is not the kind the decision asks for.
    WrongKind,
    /// A list has the wrong length (one entry per power, hero or Attack).
    WrongLength,
    /// A bid is above the starting Energy.
    BidTooHigh,
    /// That hero cannot be chosen here (out, itself, not an opponent, unknown).
    BadHero(u8),
    /// The allocation puts in more Energy than the hero has.
    OverAllocated {
        /// Energy put in.
        put: i32,
        /// Energy the hero has.
        has: i32,
    },
    /// The same hero is attacked twice, or an Attack of 0 is listed.
    BadAttack,
    /// The hero may not Attack this round (Plastic Ooze).
    Grounded,
    /// Hypnotism obliges an Attack of at least this much on this hero.
    Hypnotized {
        /// The hero that must be attacked.
        victim: u8,
        /// At least this much.
        at_least: i32,
    },
    /// No power at that slot, or it cannot be used this way now.
    BadPower(u8),
    /// The power's use limit (Activate or Exhaust) is reached.
    Exhausted(u8),
    /// Energy held back without Precognition, or a split that does not add up.
    BadReserve,
    /// The reveal-step option is not open to this hero now.
    NotOpen(&'static str),
    /// A shouted word is not one new word.
    BadWord(String),
    /// Blocked points do not add up to what Defense covers, or exceed an Attack.
    BadBlock,
    /// The moderator's reason is empty or too long, or the change is impossible.
    BadAdjustment(&'static str),
    /// The power is a Flaw, which cannot be discarded.
    FlawKept,
    /// The power is a curse that is handed on (Blood Rage, Weak Hands), which cannot be discarded.
    CurseKept,
    /// The Drains paid (Flight, Zypher, a typed-in Drain) come to more Energy than the hero has.
    OverDrained {
        /// Energy drained.
        drain: i32,
        /// Energy the hero has.
        has: i32,
    },
    /// That hero is on the chooser's own side (its own hero or Sidekick), not an opponent.
    NotAnOpponent(u8),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::WrongKind => write!(f, "that is not what is being decided now"),
            Refusal::WrongLength => write!(f, "the list has the wrong number of entries"),
            Refusal::BidTooHigh => write!(f, "a bid can be at most 100"),
            Refusal::BadHero(h) => write!(f, "hero {} cannot be chosen here", u16::from(*h) + 1),
            Refusal::OverAllocated { put, has } => write!(f, "that puts in {put} Energy but the hero has {has}"),
            Refusal::BadAttack => write!(f, "each hero may be attacked once per round, for 1 or more"),
            Refusal::Grounded => write!(f, "Plastic Ooze: this hero may not Attack this round"),
            Refusal::Hypnotized { victim, at_least } => {
                write!(f, "Hypnotism: this hero must Attack hero {} for at least {at_least}", victim + 1)
            }
            Refusal::BadPower(s) => write!(f, "power {} cannot be used that way now", s + 1),
            Refusal::Exhausted(s) => write!(f, "power {} has no uses left", s + 1),
            Refusal::BadReserve => write!(f, "Energy held back needs Precognition, and its split must add up"),
            Refusal::NotOpen(what) => write!(f, "{what} is not open to this hero now"),
            Refusal::BadWord(w) => write!(f, "{w:?} is not one new word of letters"),
            Refusal::BadBlock => write!(f, "blocked points must add up to the Defense that covers them"),
            Refusal::BadAdjustment(why) => write!(f, "adjustment refused: {why}"),
            Refusal::FlawKept => write!(f, "a Flaw cannot be discarded"),
            Refusal::CurseKept => write!(f, "a curse that is handed on cannot be discarded"),
            Refusal::OverDrained { drain, has } => write!(f, "that drains {drain} Energy but the hero has {has}"),
            Refusal::NotAnOpponent(h) => write!(f, "hero {} is on your own side, not an opponent", h + 1),
        }
    }
}

/// Where damage or a gain came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// An Attack.
    Attack,
    /// A power.
    Power(PowerRef),
    /// The moderator's adjustment.
    Moderator,
}
