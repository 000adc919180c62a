//! What a seat decides in a FUSION conflict ([`Decision`]), its choices ([`Action`]) and why a
//! choice is refused ([`Refusal`]).

use super::cards::Card;
use super::gambit::{Consequence, Outcome};
use super::micro::{Choices, Target};
use super::payload::Buy;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The kind of decision a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The pilot called to a Gambit takes it or backs off.
    TakeGambit,
    /// The Threshold lies face down: play a card from the Stash, or flip the Deck's top.
    GambitCard,
    /// The pilot's card was not higher: she picks the outcome.
    PickOutcome,
    /// Name a consequence of the Gambit (the pilot the positive ones, the Coach the negative).
    Consequence,
    /// The challenging pilot lays her card face down.
    Challenge,
    /// Enter the Throwdown with a face-down card, or sit it out.
    Join,
    /// A turn: side actions, then one main action.
    Turn,
    /// The winners' leader spends the spoils.
    Spoils,
    /// The losers' leader takes a concession owed for a Spade.
    Concession,
    /// The side's leader aims incoming damage at one of its units.
    Aim,
    /// The unit hit (a pilot, or the Coach for a Threat) may spend a Buffer, and picks the
    /// Commitment a +Trauma lowers.
    Soak,
    /// A pilot over her Stash maximum after a conflict discards a card.
    Discard,
}

/// One seat's choice.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Take the Gambit.
    Take,
    /// Back off: nothing happens.
    BackOff,
    /// Play this card of the Stash against the Threshold.
    Play(Card),
    /// Flip the Deck's top card instead.
    Flip,
    /// Pick this outcome.
    Pick(Outcome),
    /// Name this consequence.
    Consequence(Consequence),
    /// Lay this card face down: to challenge, or to enter the fight.
    Lay(Card),
    /// The Coach enters the fight (or challenges) with the Deck's top card, blind.
    LayBlind,
    /// Sit the Throwdown out.
    SitOut,
    /// Side action (pilots): discard a card for as many Charges as its Suit Value.
    Recharge(Card),
    /// Side action (pilots): Activate this Gear (by its place on the sheet) and draw its cards.
    Activate(u8),
    /// Side action (pilots): Sacrifice this Gear for its microevent.
    Sacrifice(u8),
    /// Side action (the Coach): discard Face cards for a Wave (one) or a Storm (three) of an
    /// involved Threat.
    Surge {
        /// The Threat, by its place in the Coach's list.
        threat: u8,
        /// A Storm rather than a Wave.
        storm: bool,
        /// The Wave or Storm, by its place in the Threat's list.
        index: u8,
        /// The Face cards discarded, lowest first.
        cards: Vec<Card>,
    },
    /// Side action (the Coach): Spend an Active Omen for the next Escalation Event.
    SpendOmen,
    /// Main action: beat the top card.
    Push(Card),
    /// Main action: lay a card of the top card's rank and an equal or higher suit; both go to
    /// the bottom of the Pile.
    BeatBack(Card),
    /// Main action (pilots): discard a card and assist the next ally, handing on what you
    /// received plus this card (a Card-Assist) or, with `None`, your Strike-Assist.
    Assist {
        /// The card discarded.
        discard: Card,
        /// The card handed on, or `None` for a Strike-Assist.
        give: Option<Card>,
    },
    /// Main action: lay your Stash face down and leave the fight.
    Fold,
    /// Spend this card of the spoils on this.
    Spend(Card, Buy),
    /// Spend no more: the rest of the spoils go to the Trash.
    StopSpending,
    /// Take this concession.
    Concede(Buy),
    /// Aim the damage at this unit.
    Aim(Target),
    /// Spend a Buffer or not, and the Commitment a +Trauma lowers.
    Soak(Choices),
    /// Discard this card down to the Stash maximum.
    Discard(Card),
}

impl Action {
    /// Whether this is a side action of a Throwdown turn (the turn goes on after it).
    pub fn is_side(&self) -> bool {
        matches!(self, Action::Recharge(_) | Action::Activate(_) | Action::Sacrifice(_) | Action::Surge { .. } | Action::SpendOmen)
    }
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The action is of another kind than the decision the seat faces.
    NotNow(Decision),
    /// The card is not in the seat's Stash (or not among the spoils).
    NoSuchCard(Card),
    /// The Deck and the Trash hold no card for it.
    DeckEmpty,
    /// That outcome is not open after this reveal.
    OutcomeClosed,
    /// That consequence does not fit the outcome.
    Consequence(super::gambit::ConsequenceError),
    /// A side action already taken this turn (or Gear already used in this Throwdown).
    AlreadyUsed,
    /// The card does not beat the top card (a Push), or is not of its rank and an equal or
    /// higher suit (a Beat-Back).
    DoesNotBeat,
    /// The Coach may not Push beyond his Strike Range.
    OutOfRange,
    /// There is no ally left in the fight to assist.
    NoAlly,
    /// An Assist needs two different cards (one discarded, one handed on).
    SameCard,
    /// Only pilots may do that, or only the Coach.
    WrongSide,
    /// No such Gear, Threat, Wave or Storm, or the Threat is not in this fight.
    NoSuchThing,
    /// A Wave needs one Face card, a Storm three (an Ace is not a Face card).
    NeedsFaces,
    /// No Active Omen to Spend.
    NoOmen,
    /// That spoil has nothing to act on, or the card's suit buys something else.
    Spend(super::payload::SpendError),
    /// That concession (owed to the losers for a Spade) has nothing to act on.
    Concession(super::payload::SpendError),
    /// No such unit to aim at, or not one the damage may reach.
    BadTarget,
    /// No Buffer to spend, or no such Commitment choice.
    BadSoak,
    /// The Stash is not over its maximum.
    NotOver,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotNow(d) => write!(f, "that is not the decision now ({d:?})"),
            Refusal::NoSuchCard(c) => write!(f, "there is no {c} to use"),
            Refusal::DeckEmpty => write!(f, "the Deck and the Trash are both empty"),
            Refusal::OutcomeClosed => write!(f, "that outcome is not open after this reveal"),
            Refusal::Consequence(e) => write!(f, "{e}"),
            Refusal::AlreadyUsed => write!(f, "that side action was already taken this turn"),
            Refusal::DoesNotBeat => write!(f, "that card does not beat the top card"),
            Refusal::OutOfRange => write!(f, "the Coach may not Push beyond his Strike Range"),
            Refusal::NoAlly => write!(f, "no ally is left in the fight to assist"),
            Refusal::SameCard => write!(f, "an Assist discards one card and hands on another"),
            Refusal::WrongSide => write!(f, "that is for the other side"),
            Refusal::NoSuchThing => write!(f, "no such Gear, Threat, Wave or Storm in this fight"),
            Refusal::NeedsFaces => write!(f, "a Wave needs one Face card and a Storm three (Jack, Queen or King)"),
            Refusal::NoOmen => write!(f, "no Active Omen to Spend"),
            Refusal::Spend(e) => write!(f, "{e}"),
            Refusal::Concession(e) => write!(f, "the losers cannot take that concession: {e}"),
            Refusal::BadTarget => write!(f, "that damage cannot be aimed there"),
            Refusal::BadSoak => write!(f, "no such Buffer or Commitment to choose"),
            Refusal::NotOver => write!(f, "the Stash is not over its maximum"),
        }
    }
}
