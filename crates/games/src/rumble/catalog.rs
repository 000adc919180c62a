//! The print-and-play power set as data: every card as it is printed, in our own words, with
//! the numbers on it (which Expert Training may halve or double) and how it is used.

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
}

macro_rules! card {
    ($id:ident, $name:literal, $tier:ident, $aspects:literal, $kind:ident, $cost:literal, $timing:ident, [$($n:expr),*], $beginner:literal, $worth:literal, $author:literal, $text:literal) => {
        PowerCard {
            id: PowerId::$id,
            name: $name,
            tier: Tier::$tier,
            aspects: $aspects,
            kind: Kind::$kind,
            cost: $cost,
            text: $text,
            numbers: &[$($n),*],
            timing: Timing::$timing,
            author: $author,
            beginner: $beginner,
            worth: $worth,
        }
    };
}

/// The whole set: the example powers first, then the source's tables in order.
pub const CARDS: &[PowerCard] = &[
    card!(
        Regeneration,
        "Regeneration",
        Example,
        "Energy Gain",
        Normal,
        "",
        Passive,
        [3],
        true,
        12,
        "Raven",
        "At the start of every round, including the first, gain 3 Energy."
    ),
    card!(
        BigGnashyClaws,
        "Big, Gnashy Claws",
        Example,
        "Attacking",
        Normal,
        "",
        Passive,
        [20],
        true,
        12,
        "Sandy",
        "In a round where you use no other power, your largest Attack gets +20."
    ),
    card!(
        LaserEyes,
        "Laser Eyes",
        Example,
        "Target, Damage",
        Normal,
        "Spend 10",
        Allocation,
        [10, 5],
        true,
        8,
        "Kevan",
        "Spend 10 and name a hero: they take 5 damage that Defense cannot stop. Use it as often as you can pay."
    ),
    card!(
        Precognition,
        "Precognition",
        Example,
        "Bidding",
        Normal,
        "",
        Reveal,
        [],
        true,
        20,
        "Ben",
        "Hold Energy back at Allocation; once everyone's choices are shown, split it between Attack and Defense."
    ),
    card!(
        LizardDna,
        "Lizard DNA",
        Unsorted,
        "Defense, Discard",
        Curse,
        "",
        Reveal,
        [10],
        false,
        8,
        "card",
        "Reveal step: if one Attack alone reaches what your Defense leaves of your Energy, discard this card and pay 10 Energy to cancel that Attack."
    ),
    card!(
        GalacticHelm,
        "Galactic Helm",
        Unsorted,
        "Defense, Passive",
        Normal,
        "",
        Passive,
        [],
        false,
        10,
        "card",
        "The second damage you would take each round is cancelled. With Galactic Ray Gun you also gain that much Energy."
    ),
    card!(
        GalacticRayGun,
        "Galactic Ray Gun",
        Unsorted,
        "Attack, Passive",
        Normal,
        "",
        Passive,
        [],
        false,
        12,
        "card",
        "The first damage you deal each round is doubled. With Galactic Helm the same amount also hits another opponent."
    ),
    card!(
        CombatTraining,
        "Combat Training",
        Unsorted,
        "Attacking, Persistent Effect",
        Normal,
        "",
        Passive,
        [10],
        true,
        14,
        "card",
        "Each of your Attacks gets +10."
    ),
    card!(
        WindUpPunch,
        "Wind Up Punch",
        Unsorted,
        "Attacking",
        Normal,
        "",
        Passive,
        [],
        true,
        8,
        "card",
        "If you made no Attack last round, your Attacks this round are doubled. Never in round 1."
    ),
    card!(
        AirStrike,
        "Air Strike",
        Unsorted,
        "Damage",
        Normal,
        "Spend X",
        Allocation,
        [],
        true,
        8,
        "card",
        "Spend X: every hero still standing, you too, takes X damage that Defense cannot stop."
    ),
    card!(
        Shieldbreaker,
        "Shieldbreaker",
        Unsorted,
        "Damage",
        Normal,
        "",
        Passive,
        [],
        true,
        12,
        "card",
        "When your Attack on an opponent is bigger than their Defense, their Defense does not stop it at all."
    ),
    card!(
        BatmanCaptions,
        "Batman Captions",
        Unsorted,
        "Damage",
        Normal,
        "",
        Reveal,
        [5],
        false,
        6,
        "Kevan",
        "In the reveal step, shout a one-word sound effect nobody has used this game at a hero under Attack: their first damage this round gets +5. One per word."
    ),
    card!(
        BloodRage,
        "Blood Rage",
        Unsorted,
        "Damage, Swap",
        Curse,
        "",
        WhenWon,
        [10, 10],
        false,
        2,
        "Kevan",
        "Whoever wins this hands it to an opponent. Its holder takes 10 damage each round they Attack for less than 10 in all."
    ),
    card!(
        DisagreeableWhenAngry,
        "Disagreeable When Angry",
        Unsorted,
        "Energy Gain",
        Normal,
        "",
        Passive,
        [20, 50],
        true,
        14,
        "Kevan",
        "Once a game, when a rival's single Attack on you reaches 20, you get 50 Energy."
    ),
    card!(
        QuickReflexes,
        "Quick Reflexes",
        Unsorted,
        "Reassign, Defensive",
        Normal,
        "Burn 5",
        Allocation,
        [5],
        false,
        6,
        "card",
        "Burn 5: in the reveal step, move as much of your Attack as you like into Defense."
    ),
    card!(
        ExpertTraining,
        "Expert Training",
        Unsorted,
        "One Use, Alteration",
        Normal,
        "",
        WhenWon,
        [],
        false,
        4,
        "Kevan",
        "When you win this, halve or double one number on another power you won."
    ),
    card!(
        TechnicalTraining,
        "Technical Training",
        Unsorted,
        "Discount, Persistent Effect",
        Normal,
        "",
        Passive,
        [5],
        false,
        4,
        "card",
        "Fixed Spend and Burn costs of your powers are 5 lower (never below 0)."
    ),
    card!(
        CombatRoll,
        "Combat Roll",
        Unsorted,
        "Attacking, Defensive",
        Normal,
        "",
        Passive,
        [],
        false,
        8,
        "card",
        "With three or more heroes standing, if your total Attack is the second largest, the largest Attack on you is ignored."
    ),
    card!(
        ReflexTraining,
        "Reflex Training",
        Unsorted,
        "Defensive, Persistent Effect",
        Normal,
        "",
        Passive,
        [10],
        true,
        14,
        "card",
        "Your Defense gets +10."
    ),
    card!(
        Flight,
        "Flight",
        Unsorted,
        "Defensive",
        Normal,
        "Burn 5",
        Allocation,
        [5],
        true,
        12,
        "Kevan",
        "Burn 5 at Allocation, or Drain 5 in the reveal step: every Attack you make and every Attack on you becomes 0."
    ),
    card!(
        GreenGasBombs,
        "Green Gas Bombs",
        Unsorted,
        "Defensive, Limited",
        Normal,
        "Spend 5, Exhaust 3",
        Allocation,
        [5, 3, 50],
        true,
        14,
        "Kevan",
        "Spend 5: +50 Defense this round. Three uses in the whole game."
    ),
    card!(
        HyperImmuneSystem,
        "Hyper Immune System",
        Unsorted,
        "Defensive, Energy Gain",
        Normal,
        "",
        Passive,
        [10],
        true,
        12,
        "Kevan",
        "At the end of a round in which your Energy went down, gain 10."
    ),
    card!(
        LightningStrike,
        "Lightning Strike",
        Unsorted,
        "Damage",
        Normal,
        "Burn 10",
        Allocation,
        [10, 30],
        false,
        8,
        "Kevan",
        "Burn 10: 30 damage to the hero with the most Energy in Attacks this round, split evenly (rounded up) on a tie. Defense cannot stop it."
    ),
    card!(
        Meditation,
        "Meditation",
        Unsorted,
        "Energy Gain",
        Normal,
        "Spend 10",
        Allocation,
        [10, 8],
        true,
        4,
        "Kevan",
        "Spend 10: if nobody takes damage this round, gain 8 Energy."
    ),
    card!(
        MetalTentacles,
        "Metal Tentacles",
        Unsorted,
        "Delayed Effect",
        Normal,
        "",
        Passive,
        [15],
        true,
        8,
        "Kevan",
        "A hero your Attack damages has 15 less Defense next round (never below 0)."
    ),
    card!(
        ToughSkin,
        "Tough Skin",
        Unsorted,
        "Persistent Effect, Defensive",
        Normal,
        "",
        Passive,
        [20],
        true,
        22,
        "Kevan",
        "Your Defense gets +20."
    ),
    card!(
        PerfectBalance,
        "Perfect Balance",
        Unsorted,
        "All In",
        Normal,
        "",
        Passive,
        [20],
        true,
        8,
        "Kevan",
        "If you Attack exactly one hero and that Attack equals your Defense, both get +20."
    ),
    card!(
        PlasticOoze,
        "Plastic Ooze",
        Unsorted,
        "Defensive",
        Normal,
        "Spend 10",
        Allocation,
        [10],
        false,
        6,
        "Kevan",
        "Spend 10: every hero who Attacks you this round may not Attack next round."
    ),
    card!(
        Psuedonite,
        "Psuedonite",
        Unsorted,
        "Global",
        Normal,
        "",
        Passive,
        [5],
        false,
        2,
        "Kevan",
        "At the end of each round every hero loses 5 Energy for each power they hold, this one included."
    ),
    card!(
        WeakHands,
        "Weak Hands",
        Unsorted,
        "Attack",
        Curse,
        "",
        WhenWon,
        [5],
        false,
        2,
        "card",
        "Whoever wins this hands it to an opponent. When its holder's Attacks add up to more than half their Energy, they take 5 damage Defense cannot stop."
    ),
    card!(
        Zypher,
        "Zypher",
        Unsorted,
        "Reactive",
        Normal,
        "Drain 10",
        Reveal,
        [10],
        false,
        6,
        "card",
        "Drain 10 in the reveal step: a power aimed at you this round is aimed at a hero you choose instead. Once per use you redirect."
    ),
    card!(
        LightenLoad,
        "Lighten Load",
        Unsorted,
        "Energy Gain",
        Normal,
        "Discard a power",
        Allocation,
        [],
        false,
        4,
        "card",
        "Discard another of your powers at Allocation: at Resolution gain Energy equal to its Power Strength."
    ),
    card!(
        AlternateUniverse,
        "Alternate Universe",
        Unsorted,
        "Swap",
        Normal,
        "",
        WhenWon,
        [],
        false,
        6,
        "card",
        "When you win this, discard it and take a random power of the set that is not in this game instead, at the same Power Strength."
    ),
    card!(
        LazerEyes,
        "Lazer Eyes",
        Unsorted,
        "Target, Damage",
        Normal,
        "Spend 10",
        Allocation,
        [10, 10],
        false,
        8,
        "card",
        "Spend 10 and name a hero: this round, each source that damages them deals 10 more."
    ),
    card!(
        Hypnotism,
        "Hypnotism",
        Unsorted,
        "Persistent Effect, Target",
        Normal,
        "Spend X",
        Allocation,
        [],
        false,
        8,
        "card",
        "Spend X and name two heroes: next round the first must Attack the second for at least X (or all they have)."
    ),
    card!(
        DoomsdayDevice,
        "Doomsday Device",
        Unsorted,
        "Win",
        Normal,
        "Spend X",
        Allocation,
        [70],
        false,
        10,
        "card",
        "Spend X: once you have put 70 Energy in all into this device over the game, you win."
    ),
    card!(
        HiddenClone,
        "Hidden Clone",
        Unsorted,
        "Revive",
        Normal,
        "",
        Passive,
        [50],
        true,
        18,
        "card",
        "When you would be knocked out, discard this and go to 50 Energy instead."
    ),
    card!(
        BarterWithFate,
        "Barter With Fate",
        Unsorted,
        "Retroactive",
        Normal,
        "",
        Reveal,
        [],
        false,
        10,
        "card",
        "In the reveal step you may discard a power: you take no damage this round."
    ),
    card!(
        Javalin,
        "Javalin",
        Unsorted,
        "Swap, Damage",
        Normal,
        "",
        Allocation,
        [20],
        false,
        8,
        "card",
        "When you Attack a hero you may hand them this card: your Attack on them deals 20 more, and Defense cannot stop those 20."
    ),
    card!(
        PureEnergyBeing,
        "Pure Energy Being",
        Unsorted,
        "Energy Gain, Bidding Game",
        Normal,
        "",
        WhenWon,
        [],
        false,
        20,
        "card",
        "When you win this, gain half of all the Energy bid on all powers at the auction (rounded down)."
    ),
    card!(
        FriendsWithDeath,
        "Friends With Death",
        Unsorted,
        "Win",
        Normal,
        "",
        Passive,
        [5],
        false,
        6,
        "card",
        "At the end of a round, if you are standing with 5 Energy or less, you win."
    ),
    card!(
        ClockworkBeing,
        "Clockwork Being",
        Unsorted,
        "Impervious",
        Normal,
        "",
        Passive,
        [12],
        false,
        12,
        "card",
        "You cannot be knocked out. When round 12 begins, discard this: you are out of the game."
    ),
    card!(
        Bomberman,
        "Bomberman",
        Intermediate,
        "Damage, Revive",
        Normal,
        "",
        Passive,
        [30, 1],
        false,
        14,
        "card",
        "When you would be knocked out, deal 30 damage to every other hero, discard this and stay in with 1 Energy."
    ),
    card!(
        DisarmingStrike,
        "Disarming Strike",
        Intermediate,
        "Discard, Damage",
        Normal,
        "",
        Passive,
        [],
        false,
        10,
        "card",
        "When your Attack damages an opponent, they discard their strongest power whose Power Strength is at most that Attack."
    ),
    card!(
        SharpKnives,
        "Sharp Knives",
        Intermediate,
        "Damage, Persistent Effect",
        Normal,
        "",
        Passive,
        [2, 2],
        false,
        8,
        "card",
        "When your Attack damages an opponent, they take 2 damage Defense cannot stop in each of the next 2 rounds."
    ),
    card!(
        Sidekick,
        "Sidekick",
        Intermediate,
        "Definition",
        Sidekick,
        "",
        Passive,
        [50],
        false,
        22,
        "Kevan",
        "A second hero with 50 Energy, controlled by whoever holds this card. It fights on if its controller falls, and goes out if this card is discarded."
    ),
    card!(
        NinjaTraining,
        "Ninja Training",
        Intermediate,
        "Defensive",
        Normal,
        "",
        Passive,
        [],
        false,
        14,
        "card",
        "Any single Attack on you smaller than this card's Power Strength is ignored."
    ),
    card!(
        PsionicRays,
        "Psionic Head Exploding Rays",
        Advanced,
        "Lose, Persistent Effect",
        Normal,
        "Spend X",
        Allocation,
        [],
        false,
        12,
        "card",
        "Spend X and name an opponent: if X is more than their Defense this round, they are out at the end of next round."
    ),
    card!(
        Brainswap,
        "Brainswap",
        Advanced,
        "Swap",
        Normal,
        "Exhaust 1",
        Allocation,
        [],
        false,
        10,
        "Kevan",
        "Once per game, pick a rival: when the round ends you trade all powers and Energy with them, and they lose Brainswap."
    ),
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
