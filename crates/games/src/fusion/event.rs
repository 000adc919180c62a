//! What happens in a FUSION conflict, and who may read it: a card laid face down, drawn or
//! handed over is told only to the seats that see it; everything else is public.

use super::cards::Card;
use super::gambit::{Consequence, Outcome};
use super::micro::{Happened, Micro, Target};
use super::payload::Buy;
use super::throwdown::{Committed, Part};
use dojo_engine::{Audience, Seat};
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Conflict `index` of the evening begins (0 for the first).
    ConflictBegins {
        /// Its place in the evening.
        index: u8,
    },
    /// Jokers reached the top of the Deck: each is an Active Omen, and every pilot gains a
    /// Charge per Joker.
    Jokers {
        /// How many.
        count: u8,
    },
    /// The Trash was shuffled into the Deck (with the Jokers, once every Omen was Spent).
    Reshuffled {
        /// The cards of the Trash, in the order they lay there.
        cards: Vec<Card>,
        /// Jokers shuffled back in.
        jokers: u8,
    },
    /// Cards went from the Deck's top to the Trash, face up (+Tarry).
    Milled {
        /// The cards.
        cards: Vec<Card>,
    },
    /// A seat drew cards (public: how many).
    Drew {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// The cards drawn, for the drawer only.
    DrewCards {
        /// Who.
        seat: Seat,
        /// The cards.
        cards: Vec<Card>,
    },
    /// The pilot backed off the Gambit.
    BackedOff,
    /// The Threshold lies face down, unseen.
    ThresholdLaid,
    /// The Threshold and the pilot's card, face up.
    Revealed {
        /// The pilot of the Gambit.
        pilot: Seat,
        /// The Threshold.
        threshold: Card,
        /// The pilot's card.
        card: Card,
        /// Flipped from the Deck rather than played from the Stash.
        flipped: bool,
    },
    /// The Gambit's outcome.
    Outcome(Outcome),
    /// A consequence named.
    Consequence(Consequence),
    /// The pilot recorded a Lesson.
    Lesson,
    /// A seat laid a card face down (public).
    Laid {
        /// Who.
        seat: Seat,
        /// Blind, from the Deck's top (the Coach).
        blind: bool,
    },
    /// The card a seat laid, for its owner only.
    LaidCard {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat sat the Throwdown out.
    SatOut {
        /// Who.
        seat: Seat,
    },
    /// Nobody opposed the Challenger: her side wins at once.
    Refused,
    /// The committed cards, face up as the initiative stack, lowest first.
    Initiative {
        /// The stack.
        stack: Vec<Committed>,
        /// The seat whose card was laid blind from the Deck (the Coach's), if one was.
        blind: Option<Seat>,
    },
    /// A microevent went into a Payload, to land at the end.
    Payload {
        /// The side it is aimed at.
        at: Part,
        /// The damage.
        micro: Micro,
        /// The pilot whose overreach earned it.
        overreach_by: Option<u8>,
    },
    /// A pilot discarded a card for Charges.
    Recharged {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A pilot Activated Gear.
    Activated {
        /// Who.
        seat: Seat,
        /// The Gear's name.
        gear: String,
    },
    /// A pilot Sacrificed Gear.
    Sacrificed {
        /// Who.
        seat: Seat,
        /// The Gear's name.
        gear: String,
    },
    /// The Coach triggered a Wave or Storm.
    Surged {
        /// Who (the Coach).
        seat: Seat,
        /// The Threat.
        threat: u8,
        /// Its name.
        name: String,
        /// The Face cards discarded.
        cards: Vec<Card>,
    },
    /// The Coach Spent an Omen; the Escalation Event's text if the table wrote one.
    OmenSpent {
        /// The number of the Escalation Event, from 1.
        number: u16,
        /// Its text.
        text: Option<String>,
    },
    /// A Push.
    Pushed {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// The Strike difference.
        difference: u8,
    },
    /// A Beat-Back; the new top's owner leads.
    BeatBack {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// An Assist (public: the card discarded, how many cards and what Strike-Assist went on).
    Assisted {
        /// Who.
        seat: Seat,
        /// To whom.
        to: Seat,
        /// The card discarded.
        discard: Card,
        /// Cards handed on.
        cards: u8,
        /// The Strike-Assist the ally now holds.
        strike: i8,
    },
    /// The cards handed on, for the giver and the receiver.
    Handed {
        /// From.
        from: Seat,
        /// To.
        to: Seat,
        /// The cards.
        cards: Vec<Card>,
    },
    /// A seat folded.
    Folded {
        /// Who.
        seat: Seat,
    },
    /// The seat whose turn it is.
    TurnOf {
        /// Who.
        seat: Seat,
    },
    /// The Throwdown is over: this side won, with these Stakes.
    Won {
        /// The winning side.
        side: Part,
        /// The Challenger's Stakes.
        stakes: String,
    },
    /// A card of the spoils spent.
    Spent {
        /// The card.
        card: Card,
        /// What it bought.
        buy: Buy,
    },
    /// The losers' concession for a Spade.
    Conceded(Buy),
    /// Damage aimed at a unit.
    Aimed {
        /// The damage.
        micro: Micro,
        /// The unit.
        target: Target,
    },
    /// A microevent landed: what it did.
    Happened(Happened),
    /// Cards went to the Trash from a seat's Stash (a discard down, +Burn, the Coach's Stash).
    Discarded {
        /// Whose.
        seat: Seat,
        /// The cards.
        cards: Vec<Card>,
        /// Every card the seat held went (+Burn, the Coach's Stash at the end of a fight),
        /// rather than one card chosen.
        whole: bool,
    },
    /// The conflict ended: the side that won it (none when the pilot backed off).
    ConflictOver {
        /// The winning side.
        winner: Option<Part>,
    },
}

/// Who may read `event`.
pub fn audience(event: &Event) -> Audience {
    match event {
        Event::DrewCards { seat, .. } | Event::LaidCard { seat, .. } => Audience::only(*seat),
        Event::Handed { from, to, .. } => Audience::Seats(vec![*from, *to]),
        _ => Audience::Public,
    }
}
