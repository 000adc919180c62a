//! The print-and-play power set as data: what a card is made of (its name, numbers, cost and how
//! it is used) and the whole set in order. Each card itself is written, with everything it does,
//! in its power's module under `powers/`.

use super::powers::{
    attack_boosts, batman_captions, block_rules, brainswap, control, curses, defense_boosts, direct_damage, flight, gains, galactic,
    javalin, lighten_load, precognition, psionic_rays, psuedonite, reactions, revivals, sidekick, technical_training, when_won,
    win_conditions, wounds, zypher,
};
use serde::{Deserialize, Serialize};

/// Every power of the set, plus the four example powers of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum PowerId {
    LizardDna,
    GalacticHelm,
    GalacticRayGun,
    CombatTraining,
    WindUpPunch,
    AirStrike,
    Shieldbreaker,
    BatmanCaptions,
    BloodRage,
    DisagreeableWhenAngry,
    QuickReflexes,
    ExpertTraining,
    TechnicalTraining,
    CombatRoll,
    ReflexTraining,
    Flight,
    GreenGasBombs,
    HyperImmuneSystem,
    LightningStrike,
    Meditation,
    MetalTentacles,
    ToughSkin,
    PerfectBalance,
    PlasticOoze,
    Psuedonite,
    WeakHands,
    Zypher,
    LightenLoad,
    AlternateUniverse,
    LazerEyes,
    Hypnotism,
    DoomsdayDevice,
    HiddenClone,
    BarterWithFate,
    Javalin,
    PureEnergyBeing,
    FriendsWithDeath,
    ClockworkBeing,
    Bomberman,
    DisarmingStrike,
    SharpKnives,
    Sidekick,
    NinjaTraining,
    PsionicRays,
    Brainswap,
    Regeneration,
    BigGnashyClaws,
    LaserEyes,
    Precognition,
}

/// Which table of the source a card comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tier {
    /// The four powers the rules use as examples.
    Example,
    /// The set's first, unsorted table.
    Unsorted,
    /// The Intermediate table.
    Intermediate,
    /// The Advanced table.
    Advanced,
}

impl Tier {
    /// The tier's name for people.
    pub fn label(self) -> &'static str {
        match self {
            Tier::Example => "Example",
            Tier::Unsorted => "Basic",
            Tier::Intermediate => "Intermediate",
            Tier::Advanced => "Advanced",
        }
    }
}

/// The card's type line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// An ordinary power: the highest bid wins it.
    Normal,
    /// Marked "Curse" in the set: a label only; what a curse does is in its own text.
    Curse,
    /// A Flaw: the lowest bid wins it for free and everybody else pays their bid.
    Flaw,
    /// A Sidekick: an extra hero that its winner controls.
    Sidekick,
}

/// When and how a power is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timing {
    /// Works by itself; nothing to choose.
    Passive,
    /// Used during Allocation by paying its cost (and naming targets); works at Resolution.
    Allocation,
    /// A choice made in the reveal step, after every allocation is shown.
    Reveal,
    /// Works when the auction is settled.
    WhenWon,
}

/// One printed power card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PowerCard {
    /// Which power.
    pub id: PowerId,
    /// The name on the card.
    pub name: &'static str,
    /// The table of the source it comes from.
    pub tier: Tier,
    /// The source's aspect words (what the power is about).
    pub aspects: &'static str,
    /// Normal, Curse, Flaw or Sidekick.
    pub kind: Kind,
    /// The cost line, as printed ("Spend 10", "Burn 5"); empty when it costs nothing.
    pub cost: &'static str,
    /// What it does, in our words.
    pub text: &'static str,
    /// The numbers on the card, in the order the text uses them.
    pub numbers: &'static [i32],
    /// When it is used.
    pub timing: Timing,
    /// Who wrote it, as the source credits them.
    pub author: &'static str,
    /// Part of the beginner subset (simple, no follow-up choices).
    pub beginner: bool,
    /// What the computer thinks it is worth in Energy at the auction, for 4 heroes.
    pub worth: u16,
    /// What a use at Allocation costs and asks for; [`Usage::NONE`] for powers not used there.
    pub usage: Usage,
}

/// What one use of a power at Allocation costs, as its cost line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Nothing to pay at Allocation.
    Free,
    /// Spend X: the user picks X (1 or more), allocated this round.
    SpendX,
    /// Spend the card's first number, allocated this round.
    Spend,
    /// Burn the card's first number: allocated this round and lost at Resolution.
    Burn,
}

/// Whom a use is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Nobody.
    Nobody,
    /// Any hero still standing, the user too.
    AnyHero,
    /// An opponent still standing: never a hero of the user's own seat (notes: opponents).
    Opponent,
    /// A hero this allocation attacks, each at most once a round.
    Attacked,
}

/// A use's second choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Second {
    /// None.
    Nothing,
    /// A second hero still standing, not the one aimed at (the one to be attacked).
    Victim,
    /// Another power of the user's own that is not a Flaw (a slot).
    OwnPower,
}

/// How many uses a keyword allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No limit.
    Unlimited,
    /// This many.
    Times(u8),
    /// As many as the card's number at this place says (Expert Training may change it), or the
    /// default when the card has no such number.
    Number {
        /// Which of the card's numbers.
        index: usize,
        /// The count when the number is missing.
        default: i32,
    },
}

impl Limit {
    /// The count for a held card with these numbers; `None` when unlimited.
    pub fn count(self, numbers: &[i32]) -> Option<u8> {
        match self {
            Limit::Unlimited => None,
            Limit::Times(n) => Some(n),
            Limit::Number { index, default } => Some(numbers.get(index).copied().unwrap_or(default).clamp(0, 255) as u8),
        }
    }
}

/// What a use of a power at Allocation costs and asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usage {
    /// What a use costs.
    pub cost: Cost,
    /// Whom a use is aimed at.
    pub aim: Aim,
    /// A use's second choice.
    pub second: Second,
    /// Activate N: uses a round.
    pub activate: Limit,
    /// Exhaust N: uses a game.
    pub exhaust: Limit,
}

impl Usage {
    /// Not used at Allocation, or used there for free with nothing to choose.
    pub const NONE: Usage =
        Usage { cost: Cost::Free, aim: Aim::Nobody, second: Second::Nothing, activate: Limit::Unlimited, exhaust: Limit::Unlimited };

    /// A use costs this, with nothing to choose.
    pub const fn costs(cost: Cost) -> Usage {
        Usage { cost, ..Usage::NONE }
    }

    /// The same, aimed.
    pub const fn aimed(self, aim: Aim) -> Usage {
        Usage { aim, ..self }
    }

    /// The same, with a second choice.
    pub const fn then(self, second: Second) -> Usage {
        Usage { second, ..self }
    }

    /// The same, at most `n` uses a round (Activate N).
    pub const fn activate(self, n: u8) -> Usage {
        Usage { activate: Limit::Times(n), ..self }
    }

    /// The same, at most this many uses a game (Exhaust N).
    pub const fn exhaust(self, limit: Limit) -> Usage {
        Usage { exhaust: limit, ..self }
    }

    /// Whether a use asks for an X.
    pub fn asks_x(&self) -> bool {
        self.cost == Cost::SpendX
    }
}

/// The whole set: the example powers first, then the source's tables in order.
pub const CARDS: &[PowerCard] = &[
    gains::REGENERATION,
    attack_boosts::BIG_GNASHY_CLAWS,
    direct_damage::LASER_EYES,
    precognition::PRECOGNITION,
    reactions::LIZARD_DNA,
    galactic::GALACTIC_HELM,
    galactic::GALACTIC_RAY_GUN,
    attack_boosts::COMBAT_TRAINING,
    attack_boosts::WIND_UP_PUNCH,
    direct_damage::AIR_STRIKE,
    block_rules::SHIELDBREAKER,
    batman_captions::BATMAN_CAPTIONS,
    curses::BLOOD_RAGE,
    gains::DISAGREEABLE_WHEN_ANGRY,
    reactions::QUICK_REFLEXES,
    when_won::EXPERT_TRAINING,
    technical_training::TECHNICAL_TRAINING,
    block_rules::COMBAT_ROLL,
    defense_boosts::REFLEX_TRAINING,
    flight::FLIGHT,
    defense_boosts::GREEN_GAS_BOMBS,
    gains::HYPER_IMMUNE_SYSTEM,
    direct_damage::LIGHTNING_STRIKE,
    gains::MEDITATION,
    wounds::METAL_TENTACLES,
    defense_boosts::TOUGH_SKIN,
    attack_boosts::PERFECT_BALANCE,
    control::PLASTIC_OOZE,
    psuedonite::PSUEDONITE,
    curses::WEAK_HANDS,
    zypher::ZYPHER,
    lighten_load::LIGHTEN_LOAD,
    when_won::ALTERNATE_UNIVERSE,
    direct_damage::LAZER_EYES,
    control::HYPNOTISM,
    win_conditions::DOOMSDAY_DEVICE,
    revivals::HIDDEN_CLONE,
    reactions::BARTER_WITH_FATE,
    javalin::JAVALIN,
    when_won::PURE_ENERGY_BEING,
    win_conditions::FRIENDS_WITH_DEATH,
    revivals::CLOCKWORK_BEING,
    revivals::BOMBERMAN,
    wounds::DISARMING_STRIKE,
    wounds::SHARP_KNIVES,
    sidekick::SIDEKICK,
    block_rules::NINJA_TRAINING,
    psionic_rays::PSIONIC_RAYS,
    brainswap::BRAINSWAP,
];

/// The card of `id`.
pub fn card(id: PowerId) -> &'static PowerCard {
    CARDS.iter().find(|c| c.id == id).expect("every power has a card")
}

/// The beginner subset, in set order.
pub fn beginner() -> Vec<PowerId> {
    CARDS.iter().filter(|c| c.beginner).map(|c| c.id).collect()
}

/// Every power of the set, in set order.
pub fn all() -> Vec<PowerId> {
    CARDS.iter().map(|c| c.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_has_the_four_examples_and_the_forty_five_cards_each_once() {
        assert_eq!(CARDS.len(), 49);
        assert_eq!(CARDS.iter().filter(|c| c.tier == Tier::Example).count(), 4);
        assert_eq!(CARDS.iter().filter(|c| c.tier == Tier::Intermediate).count(), 5);
        assert_eq!(CARDS.iter().filter(|c| c.tier == Tier::Advanced).count(), 2);
        let mut ids: Vec<PowerId> = all();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 49);
        assert!(beginner().len() >= 12, "a beginner game wants a dozen or more powers");
        for c in CARDS {
            assert!(c.text.len() <= 170, "{} has too long a text for its card", c.name);
        }
    }
}
