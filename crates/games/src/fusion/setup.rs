//! A FUSION table before its conflict starts: plain data, every hidden thing explicit (the
//! Deck's seed or order, each pilot's Stash), checked by [`Setup::validate`] with one error per
//! reason. Seats: the pilots in lobby order, then the Coach (notes `#sides`, O13).

use super::cards::Card;
use super::deck::{DeckCard, JOKERS};
use super::sheet::{HARMONY_RED, HARMONY_VIOLET, PilotSheet, TableSettings, Threat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most pilots at a table.
pub const MAX_PILOTS: usize = 4;
/// Cards in the whole Deck: two packs and the Jokers.
pub const FULL_DECK: usize = 104 + JOKERS as usize;
/// The most reshuffles a dealt Deck may give orders for.
pub const MAX_DEALT_RESHUFFLES: usize = 255;
/// The longest name of a pilot, Threat, Wave or Gear.
pub const MAX_NAME: usize = 40;
/// The most conflicts an evening strings together.
pub const MAX_CONFLICTS: usize = 20;
/// The largest Stash a sheet may set.
pub const MAX_STASH: u8 = 10;
/// The largest Commitment, Charge or Buffer count a sheet may set.
pub const MAX_TRACK: u8 = 13;

/// Which conflict the table plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Conflict {
    /// The Coach calls a Gambit on one pilot.
    Gambit {
        /// The pilot, by her place among the pilots.
        pilot: u8,
        /// The table judges that her Gambit Specialty applies.
        specialty: bool,
    },
    /// A Throwdown, challenged by a pilot or by the Coach.
    Throwdown {
        /// The challenging seat (a pilot's place, or the number of pilots for the Coach).
        challenger: u8,
        /// What the challenger wants, in words.
        stakes: String,
        /// The Coach's Threats in this fight, by their place in his list.
        threats: Vec<u8>,
    },
}

/// A FUSION table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The pilots' sheets, in seat order (1 to 4).
    pub pilots: Vec<PilotSheet>,
    /// Each pilot's Stash at the start, in seat order (empty: dealt from the Deck up to her
    /// Stash maximum).
    #[serde(default)]
    pub stashes: Vec<Vec<Card>>,
    /// Cards laid on top of the shuffled Deck, the first on top (for worked examples; empty:
    /// the shuffle alone decides).
    #[serde(default)]
    pub deck_top: Vec<Card>,
    /// The Coach's Threats.
    pub threats: Vec<Threat>,
    /// The table's settings.
    #[serde(default)]
    pub table: TableSettings,
    /// The conflict.
    pub conflict: Conflict,
    /// An evening: the conflicts played after the first, in order, with Harmony, Charges,
    /// Buffers, Commitments, Stashes and the Deck carried over (empty: one conflict).
    #[serde(default)]
    pub then: Vec<Conflict>,
    /// Seeds the shuffle of the Deck and every reshuffle.
    pub seed: u64,
    /// The Deck as devices that do not trust each other dealt it (`dojo-remote`), top first:
    /// the first order is the whole Deck, from which the Stashes are drawn as usual; each
    /// later one is the next reshuffle's. Empty: the seed shuffles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dealt: Vec<Vec<DeckCard>>,
}

/// Why a setup is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Fewer than 1 or more than [`MAX_PILOTS`] pilots.
    PilotCount(usize),
    /// A name is empty or longer than [`MAX_NAME`] characters.
    BadName(String),
    /// A pilot's sheet has a number out of range (a track over [`MAX_TRACK`], a Stash of 0 or
    /// over [`MAX_STASH`], Charges or Buffers over their maximum).
    BadSheet(String),
    /// Harmony outside 1–7.
    BadHarmony(u8),
    /// Stashes are given, but not one per pilot.
    BadStashes,
    /// A starting Stash holds more cards than its pilot's Stash maximum.
    StashOverMax {
        /// The pilot's name.
        pilot: String,
        /// Cards given.
        held: usize,
        /// Her Stash maximum.
        max: u8,
    },
    /// The Stashes and the Deck's top hold this card more often than two packs do.
    TooManyCopies(Card),
    /// The conflict names a pilot, a challenger or a Threat that is not at the table.
    NotAtTheTable,
    /// A Throwdown's Stakes are empty or longer than 200 characters.
    BadStakes,
    /// A Throwdown involves no Threat: the Coach's side would have nothing to fight with or
    /// take damage on.
    NoThreat,
    /// An evening of more than [`MAX_CONFLICTS`] conflicts.
    EveningTooLong(usize),
    /// A dealt Deck that is not two packs and four Jokers, a later one of more cards, more
    /// than [`MAX_DEALT_RESHUFFLES`] later ones, or a dealt Deck beside given Stashes or cards
    /// on top.
    BadDeal,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PilotCount(n) => write!(f, "a table has 1 to {MAX_PILOTS} pilots, not {n}"),
            SetupError::BadName(n) => write!(f, "the name {n:?} is empty or longer than {MAX_NAME} characters"),
            SetupError::BadSheet(n) => write!(f, "{n}'s sheet has a number out of range"),
            SetupError::BadHarmony(h) => write!(f, "Harmony runs from {HARMONY_RED} to {HARMONY_VIOLET}, not {h}"),
            SetupError::BadStashes => write!(f, "the Stashes given do not match the pilots, one each"),
            SetupError::StashOverMax { pilot, held, max } => {
                write!(f, "{pilot} starts with {held} cards, over her Stash maximum of {max}")
            }
            SetupError::TooManyCopies(card) => write!(f, "the {card} is given more than twice, and two packs hold only two"),
            SetupError::NotAtTheTable => write!(f, "the conflict names a seat or a Threat that is not at the table"),
            SetupError::BadStakes => write!(f, "the Stakes need 1 to 200 characters"),
            SetupError::NoThreat => write!(f, "a Throwdown needs at least one of the Coach's Threats in it"),
            SetupError::EveningTooLong(n) => write!(f, "an evening strings at most {MAX_CONFLICTS} conflicts together, not {n}"),
            SetupError::BadDeal => {
                write!(f, "the dealt Deck is not two packs and four Jokers, or comes with Stashes or cards on top given")
            }
        }
    }
}

/// Whether `name` is 1 to [`MAX_NAME`] characters and not only spaces.
fn name_ok(name: &str) -> bool {
    !name.trim().is_empty() && name.chars().count() <= MAX_NAME
}

impl Setup {
    /// A quick table: `pilots` pilots on our default sheets against one Threat, and the
    /// conflict given.
    pub fn quick(pilots: usize, conflict: Conflict, seed: u64) -> Setup {
        const NAMES: [&str; MAX_PILOTS] = ["Aiko", "Bea", "Chiyo", "Dana"];
        Setup {
            pilots: NAMES.iter().take(pilots).map(|n| PilotSheet::named(n)).collect(),
            stashes: Vec::new(),
            deck_top: Vec::new(),
            threats: vec![Threat::plain("Rival", 3, 1)],
            table: TableSettings::default(),
            conflict,
            then: Vec::new(),
            seed,
            dealt: Vec::new(),
        }
    }

    /// The number of seats: the pilots and the Coach.
    pub fn seats(&self) -> usize {
        self.pilots.len() + 1
    }

    /// Checks every rule of a setup.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(1..=MAX_PILOTS).contains(&self.pilots.len()) {
            return Err(SetupError::PilotCount(self.pilots.len()));
        }
        if let Some((first, later)) = self.dealt.split_first() {
            let whole = first.len() == FULL_DECK && Card::pack().all(|c| first.iter().filter(|d| **d == DeckCard::Card(c)).count() == 2);
            if !whole
                || later.len() > MAX_DEALT_RESHUFFLES
                || later.iter().any(|o| o.len() > FULL_DECK)
                || !self.stashes.is_empty()
                || !self.deck_top.is_empty()
            {
                return Err(SetupError::BadDeal);
            }
        }
        for pilot in &self.pilots {
            if !name_ok(&pilot.name) {
                return Err(SetupError::BadName(pilot.name.clone()));
            }
            let tracks = [pilot.fight, pilot.team, pilot.charge_max, pilot.buffer_max];
            let sheet_ok = tracks.iter().all(|t| *t <= MAX_TRACK)
                && (1..=MAX_STASH).contains(&pilot.stash_max)
                && pilot.charges <= pilot.charge_max
                && pilot.buffers <= pilot.buffer_max;
            if !sheet_ok {
                return Err(SetupError::BadSheet(pilot.name.clone()));
            }
            if let Some(gear) = pilot.gear.iter().find(|g| !name_ok(&g.name)) {
                return Err(SetupError::BadName(gear.name.clone()));
            }
        }
        for threat in &self.threats {
            if let Some(bad) =
                std::iter::once(&threat.name).chain(threat.waves.iter().chain(&threat.storms).map(|s| &s.name)).find(|n| !name_ok(n))
            {
                return Err(SetupError::BadName(bad.clone()));
            }
            if threat.rating > MAX_TRACK || threat.buffers > MAX_TRACK {
                return Err(SetupError::BadSheet(threat.name.clone()));
            }
        }
        if !(HARMONY_RED..=HARMONY_VIOLET).contains(&self.table.harmony) {
            return Err(SetupError::BadHarmony(self.table.harmony));
        }
        if !self.stashes.is_empty() && self.stashes.len() != self.pilots.len() {
            return Err(SetupError::BadStashes);
        }
        if let Some((pilot, stash)) = self.pilots.iter().zip(&self.stashes).find(|(p, s)| s.len() > usize::from(p.stash_max)) {
            return Err(SetupError::StashOverMax { pilot: pilot.name.clone(), held: stash.len(), max: pilot.stash_max });
        }
        let mut cards: Vec<Card> = self.stashes.iter().flatten().chain(&self.deck_top).copied().collect();
        dojo_engine::sorting::sort(&mut cards);
        if let Some(w) = cards.windows(3).find(|w| w[0] == w[2]) {
            return Err(SetupError::TooManyCopies(w[0]));
        }
        if self.then.len() + 1 > MAX_CONFLICTS {
            return Err(SetupError::EveningTooLong(self.then.len() + 1));
        }
        self.conflicts().try_for_each(|c| self.check_conflict(c))
    }

    /// Every conflict of the evening, in order.
    pub fn conflicts(&self) -> impl Iterator<Item = &Conflict> {
        std::iter::once(&self.conflict).chain(&self.then)
    }

    /// Checks that `conflict` names only seats and Threats at this table.
    fn check_conflict(&self, conflict: &Conflict) -> Result<(), SetupError> {
        let pilots = self.pilots.len() as u8;
        match conflict {
            Conflict::Gambit { pilot, .. } if *pilot >= pilots => Err(SetupError::NotAtTheTable),
            Conflict::Gambit { .. } => Ok(()),
            Conflict::Throwdown { challenger, stakes, threats } => {
                if *challenger > pilots || threats.iter().any(|t| usize::from(*t) >= self.threats.len()) {
                    return Err(SetupError::NotAtTheTable);
                }
                if stakes.trim().is_empty() || stakes.chars().count() > 200 {
                    return Err(SetupError::BadStakes);
                }
                if threats.is_empty() {
                    return Err(SetupError::NoThreat);
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fusion::cards::{Rank, Suit};

    fn throwdown() -> Conflict {
        Conflict::Throwdown { challenger: 0, stakes: "The bully leaves us alone".into(), threats: vec![0] }
    }

    #[test]
    fn a_quick_table_is_valid_for_one_to_four_pilots_and_no_more() {
        for pilots in 1..=4 {
            let setup = Setup::quick(pilots, throwdown(), 1);
            assert_eq!(setup.validate(), Ok(()));
            assert_eq!(setup.seats(), pilots + 1);
        }
        let mut five = Setup::quick(4, throwdown(), 1);
        five.pilots.push(PilotSheet::named("Eri"));
        assert_eq!(five.validate(), Err(SetupError::PilotCount(5)));
        assert_eq!(Setup::quick(0, throwdown(), 1).validate(), Err(SetupError::PilotCount(0)));
    }

    #[test]
    fn each_fault_has_its_own_error() {
        let base = Setup::quick(2, throwdown(), 1);
        let mut s = base.clone();
        s.pilots[1].name = " ".into();
        assert_eq!(s.validate(), Err(SetupError::BadName(" ".into())));
        let mut s = base.clone();
        s.pilots[0].charges = 4;
        assert_eq!(s.validate(), Err(SetupError::BadSheet("Aiko".into())), "Charges over the maximum");
        let mut s = base.clone();
        s.pilots[0].stash_max = 0;
        assert_eq!(s.validate(), Err(SetupError::BadSheet("Aiko".into())));
        let mut s = base.clone();
        s.table.harmony = 8;
        assert_eq!(s.validate(), Err(SetupError::BadHarmony(8)));
        let mut s = base.clone();
        s.conflict = Conflict::Gambit { pilot: 2, specialty: false };
        assert_eq!(s.validate(), Err(SetupError::NotAtTheTable));
        let mut s = base.clone();
        s.conflict = Conflict::Throwdown { challenger: 2, stakes: "x".into(), threats: vec![1] };
        assert_eq!(s.validate(), Err(SetupError::NotAtTheTable), "Threat 1 is not listed");
        let mut s = base.clone();
        s.conflict = Conflict::Throwdown { challenger: 2, stakes: String::new(), threats: vec![0] };
        assert_eq!(s.validate(), Err(SetupError::BadStakes), "the Coach (seat 2) may challenge, but with Stakes");
    }

    #[test]
    fn stashes_match_the_pilots_and_hold_a_card_at_most_twice() {
        let seven = Card::new(Rank::Seven, Suit::Hearts);
        let mut s = Setup::quick(2, throwdown(), 1);
        s.stashes = vec![vec![seven, seven], vec![]];
        assert_eq!(s.validate(), Ok(()), "two packs hold two of each card");
        s.stashes = vec![vec![seven, seven], vec![seven]];
        assert_eq!(s.validate(), Err(SetupError::TooManyCopies(seven)));
        assert!(SetupError::TooManyCopies(seven).to_string().contains(&seven.to_string()), "the refusal names the card");
        s.stashes = vec![vec![seven]];
        assert_eq!(s.validate(), Err(SetupError::BadStashes), "one Stash for two pilots");
        let four = [Rank::Two, Rank::Three, Rank::Four, Rank::Five].map(|r| Card::new(r, Suit::Clubs)).to_vec();
        s.stashes = vec![four, vec![]];
        assert_eq!(s.validate(), Err(SetupError::StashOverMax { pilot: "Aiko".into(), held: 4, max: 3 }), "over the maximum of 3");
    }

    /// The audit's Throwdown with no Threat was accepted: the Coach's side then had no Strike
    /// Range, no bonus draw from Ratings and nothing for a Club to land on.
    #[test]
    fn a_throwdown_without_a_threat_is_refused() {
        let mut s = Setup::quick(1, throwdown(), 1);
        s.conflict = Conflict::Throwdown { challenger: 0, stakes: "x".into(), threats: vec![] };
        assert_eq!(s.validate(), Err(SetupError::NoThreat));
    }

    #[test]
    fn setups_read_from_json_and_refuse_unknown_fields() {
        let setup = Setup::quick(1, Conflict::Gambit { pilot: 0, specialty: true }, 7);
        let text = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<Setup>(&text).unwrap(), setup);
        let typo = text.replacen("\"seed\"", "\"sead\"", 1);
        assert!(serde_json::from_str::<Setup>(&typo).is_err());
    }
}
