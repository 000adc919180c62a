//! What travels between devices (a [`Message`] and its [`Body`]) and what the page hears
//! ([`Happening`]).

use super::Device;
use crate::commit::{Commitment, Salt};
use crate::dealer::DealMessage;
use serde::{Deserialize, Serialize};

/// What a message says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// From the host, first: the match. `seats[s]` is the device that plays seat `s`.
    Start {
        /// The game's registry name.
        game: String,
        /// The setup as JSON (public: only games whose setups hide nothing are played this way).
        setup: String,
        /// Who plays each seat.
        seats: Vec<Device>,
        /// How many devices take part.
        devices: u8,
        /// The match's identifier, which every commitment is bound to.
        table: String,
    },
    /// A seat's commitment to its choice in a step.
    Commit {
        /// The step (from 1).
        step: u32,
        /// The seat.
        seat: u8,
        /// SHA-256 of the choice with a salt.
        commitment: Commitment,
    },
    /// The choice and salt behind a commitment.
    Reveal {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
        /// The choice, as the page wrote it.
        choice: String,
        /// The salt.
        salt: Salt,
    },
    /// A seat's choice in a step stays face down for now; its commitment is kept until it is
    /// revealed by a later [`Body::Settle`].
    Withhold {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
        /// What every observer sees of the choice at once ([`dojo_engine::FaceDown::outline`]),
        /// which the other devices' stand-in must share.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outline: Option<u8>,
    },
    /// Earlier withheld choices of the sender that the step turns face up (possibly none).
    Settle {
        /// The step being played.
        step: u32,
        /// The settle round within the step (from 0).
        round: u32,
        /// The choices shown, each with its step, seat and salt.
        shown: Vec<Shown>,
    },
    /// The hash of the table after a step, as every device may see it.
    Agree {
        /// Steps played.
        step: u32,
        /// The hash.
        hash: Commitment,
    },
    /// The sender's commitment to its part of the match's chance, sent once after the start
    /// by every device, for a game whose chance the devices draw together.
    Chance {
        /// SHA-256 of the part (32 random bytes) with a salt.
        commitment: Commitment,
    },
    /// The sender's part of the match's chance and its salt, sent once the game is about to
    /// read its chance.
    ChanceOpen {
        /// The part.
        bytes: [u8; 32],
        /// Its salt.
        salt: Salt,
    },
    /// Part of the deal of a match whose cards the devices deal between them (a pass of a
    /// shuffle, or at the end the sender's secrets): see [`crate::dealer`].
    Deal(DealMessage),
    /// The sender's keys, for everyone, of the cards its choices play, sent just before the
    /// reveal or settle that shows those choices (a dealt match), so that every device holds
    /// the cards before it checks the choices.
    Opens {
        /// One message per deal.
        keys: Vec<DealMessage>,
    },
    /// After the match is decided: the sender's choices still face down (a PUNISH Blindfolded
    /// plan never played because a game ended first), with their salts, so that every device
    /// holds the whole match (a dealt match, before its deals are shown).
    Unveil {
        /// The choices.
        shown: Vec<Shown>,
    },
    /// The sender's keys in key round `round` of a dealt match: every device sends one such
    /// message per round, each key for one device or for everyone (see `crate::side`).
    Keys {
        /// The round, from 0.
        round: u32,
        /// The keys, one message per deal and recipient.
        keys: Vec<DealMessage>,
        /// The sender's part of a chance drawn in this round: in round 0 the head of its chain
        /// of hashes, then in each round that checks the deck's top the value before the last
        /// one shown (see `crate::side`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chance: Option<[u8; 32]>,
        /// In a round that passes cards between hands, from the giver's device: the places
        /// (deal, slot) of its hand it passed, in order (see `crate::side`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        named: Vec<(u32, u16)>,
    },
    /// The sender stops the match, and why.
    Stop {
        /// In words.
        reason: String,
    },
}

/// A withheld choice turned face up: where it was made, what it was and its salt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    /// The step it was made in.
    pub step: u32,
    /// The seat that made it.
    pub seat: u8,
    /// The choice.
    pub choice: String,
    /// Its salt.
    pub salt: Salt,
}

/// One message: who sent it, its place in the sender's sequence, and what it says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The sender.
    pub from: Device,
    /// 0 for the sender's first message, then one more each time.
    pub seq: u64,
    /// What it says.
    pub body: Body,
}

/// What the page learns from the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    /// The host's match: start the same table.
    Started {
        /// The game.
        game: String,
        /// The setup as JSON.
        setup: String,
        /// Who plays each seat.
        seats: Vec<Device>,
    },
    /// Every seat acting in `step` has committed: say which of this device's choices to show
    /// ([`Peer::open`](crate::protocol::Peer::open)).
    Committed {
        /// The step.
        step: u32,
    },
    /// Every acting seat has answered (and, after the first time, every device has shown what
    /// it had to in the last round): by seat, what is known of the step's choices, and the
    /// earlier ones shown so far in this step. Say which of this device's face-down choices the
    /// step turns face up now ([`Peer::settle`](crate::protocol::Peer::settle)). Rounds repeat until one in which no device
    /// shows anything, as one device's card shown can make another's visible.
    Opened {
        /// The step.
        step: u32,
        /// By seat.
        choices: Vec<Choice>,
        /// `(step, seat, choice)` of each earlier choice shown so far in this step.
        shown: Vec<(u32, u8, String)>,
    },
    /// Every device has settled: the earlier choices now shown (this device's own included);
    /// apply the step and report the hash ([`Peer::applied`](crate::protocol::Peer::applied)).
    Settled {
        /// The step.
        step: u32,
        /// `(step, seat, choice)` of each choice turned face up.
        shown: Vec<(u32, u8, String)>,
    },
    /// Every device holds the same table after `step`.
    Agreed {
        /// The step.
        step: u32,
    },
    /// Every device's part of the match's chance is open: the bytes no device chose alone.
    Chance {
        /// SHA-256 of every part, in device order.
        bytes: [u8; 32],
    },
    /// A deal message from device `from` (a dealt match).
    Dealing {
        /// The sender.
        from: Device,
        /// What it says.
        message: DealMessage,
    },
    /// Device `from` showed its choices still face down after the match was decided, each
    /// checked against its commitment: (step, seat, choice).
    Unveiled {
        /// The sender.
        from: Device,
        /// The choices.
        shown: Vec<(u32, u8, String)>,
    },
    /// Device `from` opened to everyone the cards its choices about to be shown play.
    Opens {
        /// The sender.
        from: Device,
        /// The keys.
        keys: Vec<DealMessage>,
    },
    /// Device `from`'s keys for key round `round` (a dealt match).
    Keys {
        /// The sender.
        from: Device,
        /// The round.
        round: u32,
        /// The keys.
        keys: Vec<DealMessage>,
        /// Its part of the round's chance, if it sent one.
        chance: Option<[u8; 32]>,
        /// The places of a hand it passed, if it named any.
        named: Vec<(u32, u16)>,
    },
    /// Another device stopped the match.
    Stopped {
        /// Who.
        by: Device,
        /// Why, in their words.
        reason: String,
    },
}

/// What a device knows of one seat's choice in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The seat does not act in the step.
    Idle,
    /// Shown: the choice.
    Shown(String),
    /// Face down: known only to the device that plays the seat, but for its outline (what
    /// every observer sees of it at once, [`dojo_engine::FaceDown::outline`]; `None` when nothing,
    /// or not known yet).
    Hidden(Option<u8>),
}
