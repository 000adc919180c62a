//! FUSION's position between steps ([`Fusion`]) and the parts of it each conflict keeps: the
//! Gambit's cards ([`GambitCards`]), the Throwdown's table ([`Fight`]) and damage waiting to
//! land ([`Hit`]). How a step moves it on is in [`super::flow`].

use super::cards::Card;
use super::deck::Deck;
use super::gambit::{Consequence, Outcome};
use super::micro::{Micro, Standing, Target};
use super::payload::Payload;
use super::setup::{Conflict, Setup, SetupError};
use super::sheet::TableSettings;
use super::throwdown::{Committed, Part, Pile};
use dojo_engine::{Rng, Seat};
use serde::{Deserialize, Serialize};

/// Where a conflict stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The Gambit's pilot takes it or backs off.
    Offered,
    /// The Threshold lies face down: the pilot plays or flips.
    Laid,
    /// The pilot picks the outcome.
    Picking,
    /// The chooser names consequences.
    Choosing,
    /// The challenging pilot lays her card.
    Challenge,
    /// This seat enters the Throwdown or sits out.
    Joining(u8),
    /// This seat's turn.
    Turn(u8),
    /// The spoils are spent (and concessions taken).
    Spoils,
    /// Damage and other microevents land, one by one.
    Landing,
    /// This pilot discards down to her Stash maximum.
    Discarding(u8),
    /// The evening is over.
    Over,
}

/// The Gambit under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GambitCards {
    /// The pilot, by her place among the pilots.
    pub pilot: u8,
    /// Her Specialty applies.
    pub specialty: bool,
    /// The Threshold, face down until the reveal (hidden from every seat until then).
    pub threshold: Option<Card>,
    /// The pilot's card, once played or flipped (face up).
    pub card: Option<Card>,
    /// Flipped from the Deck.
    pub flipped: bool,
    /// The outcome, once known.
    pub outcome: Option<Outcome>,
    /// The consequences named so far.
    pub chosen: Vec<Consequence>,
    /// Both cards have gone to the Trash (they are still shown here).
    pub trashed: bool,
}

/// The Throwdown under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// The challenging seat.
    pub challenger: u8,
    /// What the Challenger wants.
    pub stakes: String,
    /// The Coach's Threats in it, by their place in his list.
    pub threats: Vec<u8>,
    /// Each seat's part; `None` until it has chosen.
    pub parts: Vec<Option<Part>>,
    /// The cards laid face down, in the order laid, before the reveal.
    pub laid: Vec<Committed>,
    /// The Coach's card was laid blind (nobody has seen it).
    pub blind: bool,
    /// The initiative stack, once revealed.
    pub stack: Vec<Committed>,
    /// The Pile.
    pub pile: Pile,
    /// Seats that folded.
    pub folded: Vec<bool>,
    /// Each seat's folded Stash, face down.
    pub folded_stash: Vec<Vec<Card>>,
    /// Cards received by an Assist since the seat's last turn (in its Stash for play).
    pub received: Vec<Vec<Card>>,
    /// Whether each seat holds an Assist it may pass on.
    pub assisted: Vec<bool>,
    /// The Strike-Assist each seat holds.
    pub strike: Vec<i8>,
    /// Side actions taken this turn.
    pub used: Vec<Used>,
    /// Gear Activated in this Throwdown, per seat, by place on the sheet.
    pub activated: Vec<Vec<u8>>,
    /// Damage aimed at the pilots.
    pub at_pilots: Payload,
    /// Damage aimed at the Coach's side.
    pub at_coach: Payload,
    /// The winning side, once the fight is over.
    pub winner: Option<Part>,
    /// The spoils left to spend.
    pub spoils: Vec<Card>,
    /// Concessions the losers are owed for Spades.
    pub owed: u8,
}

/// A side action already taken this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Used {
    /// A Recharge.
    Recharge,
    /// Gear Activated or Sacrificed.
    Gear(u8),
    /// A Wave or Storm of a Threat.
    Surge(u8, bool, u8),
    /// An Omen Spent.
    Omen,
}

/// A microevent waiting to land on one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// What lands.
    pub micro: Micro,
    /// The side it lands on.
    pub side: Part,
    /// The unit, once aimed.
    pub target: Option<Target>,
}

/// A FUSION table between steps: one evening of conflicts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fusion {
    /// The number of pilots (the Coach is the seat after them).
    pub(super) pilots: u8,
    /// The table's settings.
    pub(super) table: TableSettings,
    /// The evening's conflicts, in order.
    pub(super) conflicts: Vec<Conflict>,
    /// The conflict under way (its place in `conflicts`).
    pub(super) current: u8,
    /// Who won each finished conflict (`None`: nobody, the pilot backed off or could not play).
    pub(super) results: Vec<Option<Part>>,
    /// Harmony, the sheets, the Threats, the Location, the counters.
    pub(super) standing: Standing,
    /// Each Threat's Buffers at the start (what a Heart may bring back).
    pub(super) threat_buffers: Vec<u8>,
    /// The Deck, the Trash and the Omens.
    pub(super) deck: Deck,
    /// Each seat's Stash, lowest first, the Coach's last.
    pub(super) stashes: Vec<Vec<Card>>,
    /// Escalation Events fired so far.
    pub(super) escalations: u16,
    /// Where the conflict stands.
    pub(super) phase: Phase,
    /// The Gambit under way.
    pub(super) gambit: Option<GambitCards>,
    /// The Throwdown under way.
    pub(super) fight: Option<Fight>,
    /// Microevents waiting to land, first first.
    pub(super) hits: Vec<Hit>,
    /// Pilots still to draw or discard back to their Stash maximum, in order.
    pub(super) refill: Vec<u8>,
    /// Seeds the reshuffles.
    pub(super) rng: Rng,
}

impl Fusion {
    /// Checks `setup` and deals the first conflict.
    pub fn new(setup: &Setup) -> Result<(Fusion, Vec<super::event::Event>), SetupError> {
        setup.validate()?;
        let mut rng = Rng::new(setup.seed);
        let (mut deck, _) = match setup.dealt.split_first() {
            Some((first, later)) => Deck::dealt(first, later),
            None => Deck::shuffled(&mut rng),
        };
        let pilots = setup.pilots.len() as u8;
        let mut stashes: Vec<Vec<Card>> = vec![Vec::new(); usize::from(pilots) + 1];
        if !setup.deck_top.is_empty() {
            deck = deck.with_on_top(&setup.deck_top);
        }
        if !setup.stashes.is_empty() {
            deck = deck.without(setup.stashes.iter().flatten().copied());
            for (stash, given) in stashes.iter_mut().zip(&setup.stashes) {
                stash.clone_from(given);
                dojo_engine::sorting::sort(stash);
            }
        }
        let mut state = Fusion {
            pilots,
            table: setup.table.clone(),
            conflicts: setup.conflicts().cloned().collect(),
            current: 0,
            results: Vec::new(),
            standing: Standing::new(setup.table.harmony, setup.pilots.clone(), setup.threats.clone(), &setup.table.team_counters),
            threat_buffers: setup.threats.iter().map(|t| t.buffers).collect(),
            deck,
            stashes,
            escalations: 0,
            phase: Phase::Over,
            gambit: None,
            fight: None,
            hits: Vec::new(),
            refill: Vec::new(),
            rng,
        };
        let mut events = Vec::new();
        // Jokers already on top after the shuffle surfaced as Omens; they count like any other.
        let surfaced = state.deck.active_omens();
        if surfaced > 0 {
            state.jokers(surfaced, &mut events);
        }
        if setup.stashes.is_empty() {
            for p in 0..pilots {
                let max = usize::from(state.standing.pilots[usize::from(p)].stash_max);
                state.draw(p, max, &mut events);
            }
        }
        state.start_conflict(&mut events);
        Ok((state, events))
    }

    /// The Coach's seat.
    pub fn coach(&self) -> u8 {
        self.pilots
    }

    /// The number of seats.
    pub fn seats(&self) -> u8 {
        self.pilots + 1
    }

    /// Whether `seat` is a pilot.
    pub fn is_pilot(&self, seat: u8) -> bool {
        seat < self.pilots
    }

    /// Where the conflict stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Harmony, the sheets, the Threats, the Location and the counters.
    pub fn standing(&self) -> &Standing {
        &self.standing
    }

    /// The table's settings.
    pub fn table(&self) -> &TableSettings {
        &self.table
    }

    /// The Deck, the Trash and the Omens (in a view, the Deck's order is hidden).
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// `seat`'s Stash, lowest first (in a view, only the observer's own).
    pub fn stash(&self, seat: Seat) -> &[Card] {
        self.stashes.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    /// The evening's conflicts and the one under way.
    pub fn conflicts(&self) -> (&[Conflict], usize) {
        (&self.conflicts, usize::from(self.current))
    }

    /// Who won each finished conflict.
    pub fn results(&self) -> &[Option<Part>] {
        &self.results
    }

    /// The Gambit under way.
    pub fn gambit(&self) -> Option<&GambitCards> {
        self.gambit.as_ref()
    }

    /// The Throwdown under way.
    pub fn fight(&self) -> Option<&Fight> {
        self.fight.as_ref()
    }

    /// Microevents waiting to land.
    pub fn hits(&self) -> &[Hit] {
        &self.hits
    }

    /// Escalation Events fired so far.
    pub fn escalations(&self) -> u16 {
        self.escalations
    }

    /// The Threats involved in the fight under way (every Threat outside one) and still in play.
    pub(super) fn involved(&self) -> Vec<u8> {
        self.involved_iter().collect()
    }

    /// [`Fusion::involved`] without collecting.
    fn involved_iter(&self) -> impl Iterator<Item = u8> + '_ {
        let count = self.standing.threats.len() as u8;
        let listed: &[u8] = self.fight.as_ref().map_or(&[], |f| f.threats.as_slice());
        let all = self.fight.is_none();
        (0..count).filter(move |t| (all || listed.contains(t)) && self.standing.threats[usize::from(*t)].rating > 0)
    }

    /// The Coach's Strike Range: his involved Threats' Ratings.
    pub fn coach_range(&self) -> u8 {
        self.involved_iter().map(|t| self.standing.threats[usize::from(t)].rating).fold(0, u8::saturating_add)
    }

    /// Pilot `seat`'s Strike Range: her Commitment to the Fight plus any Strike-Assist held.
    pub fn pilot_range(&self, seat: u8) -> i16 {
        let assist = self.fight.as_ref().map_or(0, |f| f.strike[usize::from(seat)]);
        i16::from(self.standing.pilots[usize::from(seat)].fight) + i16::from(assist)
    }
}
