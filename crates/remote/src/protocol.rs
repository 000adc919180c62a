//! The match protocol between devices, for any game: choices are opaque text (an action as
//! JSON), and the page that holds the engine says which seats act and what the table's hash is.
//!
//! Each step `k`:
//!
//! 1. The page says which seats act ([`Peer::begin`]). Each device commits to the choice of
//!    every acting seat it plays ([`Peer::choose`]): a [`Body::Commit`] carries only a hash.
//! 2. Once a device holds a commitment from every acting seat ([`Happening::Committed`]), the
//!    page says which of its choices the step shows ([`Peer::open`]): those are revealed with
//!    their salts ([`Body::Reveal`]); a choice the rules keep face down (a card laid in a
//!    combo, a hand picked in secret) is withheld ([`Body::Withhold`]) and its commitment kept.
//!    A reveal that arrives before every commitment, or that does not open its commitment,
//!    stops the match.
//! 3. With every seat's answer in ([`Happening::Opened`]), each device says which of its
//!    earlier withheld choices this step turns face up ([`Peer::settle`], [`Body::Settle`]).
//! 4. With every device settled ([`Happening::Settled`]) the page applies the step with the
//!    engine, a withheld choice standing in as a placeholder (see [`crate::ledger`]), refuses an
//!    illegal one with [`Peer::refuse`], and reports the hash of the table as everyone may see
//!    it ([`Peer::applied`]). The devices exchange hashes ([`Body::Agree`]); when all match,
//!    [`Happening::Agreed`] closes the step; when one differs the match stops, naming the step.
//!
//! Every message carries its sender and a sequence number that must grow by one: a replayed,
//! dropped or reordered message stops the match. With more than two devices the host (device
//! 0) relays every message to the others unchanged ([`Peer::relay_targets`]); a device that
//! relays still cannot read a pick before it has committed its own.

use crate::commit::{Commitment, Context, Salt, opens, seal};
use crate::dealer::DealMessage;
use crate::mix;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The longest message a device reads, in bytes: many times the longest honest one (a dealt
/// deck's pass, a few kilobytes), so a forged message of megabytes stops the match before it is
/// read.
pub const MAX_MESSAGE: usize = 256 * 1024;

/// A device at the table, numbered from 0 (the host, who made the invitation).
pub type Device = u8;

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
        /// What every observer sees of the choice at once ([`dojo_engine::Dealt::outline`]),
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
    /// ([`Peer::open`]).
    Committed {
        /// The step.
        step: u32,
    },
    /// Every acting seat has answered (and, after the first time, every device has shown what
    /// it had to in the last round): by seat, what is known of the step's choices, and the
    /// earlier ones shown so far in this step. Say which of this device's face-down choices the
    /// step turns face up now ([`Peer::settle`]). Rounds repeat until one in which no device
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
    /// apply the step and report the hash ([`Peer::applied`]).
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
    /// every observer sees of it at once, [`dojo_engine::Dealt::outline`]; `None` when nothing,
    /// or not known yet).
    Hidden(Option<u8>),
}

/// Why a message stops the match. Each names what went wrong, for the person to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The text is not a message of this protocol.
    Unreadable(String),
    /// The text is longer than [`MAX_MESSAGE`].
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A message whose sequence number was already seen (a replay).
    Replayed {
        /// The sender.
        from: Device,
        /// Its number.
        seq: u64,
    },
    /// A message came with a gap before it (one was dropped or held back).
    Skipped {
        /// The sender.
        from: Device,
        /// The number expected.
        expected: u64,
        /// The number given.
        got: u64,
    },
    /// A message that claims to come from a device that is not at the table (or from us).
    Impostor {
        /// The claimed sender.
        from: Device,
    },
    /// A commitment or reveal for a seat its sender does not play.
    NotTheirSeat {
        /// The sender.
        from: Device,
        /// The seat.
        seat: u8,
    },
    /// A commitment or reveal for a seat that does not act in that step.
    NotActing {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A message about a step other than the one being played.
    WrongStep {
        /// The step being played.
        expected: u32,
        /// The step named.
        got: u32,
    },
    /// A second, different commitment for the same seat and step.
    Recommitted {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A reveal sent before every acting seat had committed.
    EarlyReveal {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A withheld choice shown twice, or one that was never withheld.
    NotWithheld {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// A reveal that does not open its commitment.
    Forged {
        /// The step.
        step: u32,
        /// The seat.
        seat: u8,
    },
    /// Another device's table differs from ours after a step.
    Diverged {
        /// The step.
        step: u32,
        /// The device whose hash differs.
        device: Device,
    },
    /// A commitment to the match's chance sent twice, or an opening before every device had
    /// committed, or twice.
    BadChance {
        /// The sender.
        from: Device,
    },
    /// An opening of the match's chance that does not match its commitment.
    ForgedChance {
        /// The sender.
        from: Device,
    },
    /// A start message from a guest, or a second one.
    BadStart,
    /// A message before the match started.
    NotStarted,
    /// The match is already stopped.
    Over,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Unreadable(why) => write!(f, "a message could not be read ({why})"),
            Violation::TooLong { bytes } => write!(f, "a message of {bytes} bytes came, longer than any this game sends"),
            Violation::Replayed { from, seq } => write!(f, "device {from} sent message {seq} again: a replayed message"),
            Violation::Skipped { from, expected, got } => {
                write!(f, "device {from}'s message {got} came where {expected} was due: a message was lost or held back")
            }
            Violation::Impostor { from } => write!(f, "a message claims to come from device {from}, which is not at this table"),
            Violation::NotTheirSeat { from, seat } => {
                write!(f, "device {from} spoke for Player {}, whom it does not play", u16::from(*seat) + 1)
            }
            Violation::NotActing { step, seat } => write!(f, "Player {} does not choose in step {step}", u16::from(*seat) + 1),
            Violation::WrongStep { expected, got } => write!(f, "a message about step {got} came during step {expected}"),
            Violation::Recommitted { step, seat } => {
                write!(f, "Player {} tried to change their commitment in step {step}", u16::from(*seat) + 1)
            }
            Violation::EarlyReveal { step, seat } => {
                write!(f, "Player {}'s choice in step {step} was revealed before every player had committed", u16::from(*seat) + 1)
            }
            Violation::NotWithheld { step, seat } => {
                write!(f, "Player {}'s choice in step {step} was shown though it was not face down", u16::from(*seat) + 1)
            }
            Violation::Forged { step, seat } => {
                write!(
                    f,
                    "Player {}'s revealed choice in step {step} does not match their commitment: a forged reveal",
                    u16::from(*seat) + 1
                )
            }
            Violation::Diverged { step, device } => write!(f, "after step {step}, device {device}'s table differs from this one"),
            Violation::BadChance { from } => write!(f, "device {from} sent its part of the match's chance out of turn"),
            Violation::ForgedChance { from } => {
                write!(f, "device {from}'s part of the match's chance does not match its commitment: a forged opening")
            }
            Violation::BadStart => write!(f, "a start message came from a guest, or came twice"),
            Violation::NotStarted => write!(f, "a message came before the match started"),
            Violation::Over => write!(f, "the match is already stopped"),
        }
    }
}

/// One step in progress.
#[derive(Clone, Debug, Default)]
struct Round {
    /// The seats acting, once the page has said.
    acting: Option<Vec<u8>>,
    commits: BTreeMap<u8, Commitment>,
    /// This device's own choices and salts, by seat.
    own: BTreeMap<u8, (String, Salt)>,
    committed_told: bool,
    opened_own: bool,
    answers: BTreeMap<u8, Choice>,
    opened_told: bool,
    settled_own: bool,
    settles: BTreeMap<Device, Vec<(u32, u8, String)>>,
    /// Settles of the next round that came before this one ended (from a device that saw the
    /// whole round before this one did).
    next_settles: BTreeMap<Device, Vec<(u32, u8, String)>>,
    /// Shown in earlier settle rounds of this step.
    shown: Vec<(u32, u8, String)>,
    /// The settle round (from 0).
    settle_round: u32,
    settled_told: bool,
    hashes: BTreeMap<Device, Commitment>,
    /// Messages for this step that came before the page began it.
    early: Vec<Message>,
}

/// This device's side of the protocol.
#[derive(Clone, Debug)]
pub struct Peer {
    me: Device,
    devices: u8,
    table: String,
    seats: Vec<Device>,
    started: bool,
    next_seq: u64,
    /// The next sequence number due from each device.
    due: Vec<u64>,
    /// Steps every device has agreed on.
    agreed: u32,
    round: Round,
    /// Commitments of choices withheld in earlier steps, by (step, seat), until shown.
    withheld: BTreeMap<(u32, u8), Commitment>,
    /// This device's own withheld choices and salts, by (step, seat).
    own_withheld: BTreeMap<(u32, u8), (String, Salt)>,
    /// The match's chance, drawn by every device.
    chance: Chance,
    stopped: bool,
}

/// The match's chance as it is drawn: every device's commitment, then every opening.
#[derive(Clone, Debug, Default)]
struct Chance {
    commits: BTreeMap<Device, Commitment>,
    opens: BTreeMap<Device, ([u8; 32], Salt)>,
    own: Option<([u8; 32], Salt)>,
    told: bool,
}

impl Peer {
    /// The host's side: `seats[s]` is the device playing seat `s` (the host is 0). Returns the
    /// peer and the start message to send to every guest.
    pub fn host(game: &str, setup: &str, seats: Vec<Device>, devices: u8, table: String) -> (Peer, Message) {
        let mut peer = Peer::guest(0, devices);
        peer.table = table.clone();
        peer.seats = seats.clone();
        peer.started = true;
        let start = peer.send(Body::Start { game: game.into(), setup: setup.into(), seats, devices, table });
        (peer, start)
    }

    /// A guest's side, as device `me` of `devices`, waiting for the host's start.
    pub fn guest(me: Device, devices: u8) -> Peer {
        Peer {
            me,
            devices,
            table: String::new(),
            seats: Vec::new(),
            started: false,
            next_seq: 0,
            due: vec![0; usize::from(devices.max(1))],
            agreed: 0,
            round: Round::default(),
            withheld: BTreeMap::new(),
            own_withheld: BTreeMap::new(),
            chance: Chance::default(),
            stopped: false,
        }
    }

    /// This device.
    pub fn me(&self) -> Device {
        self.me
    }

    /// How many devices are at the table.
    pub fn devices(&self) -> u8 {
        self.devices
    }

    /// How many messages this device holds from each device, by device: what it says on a new
    /// connection, so the other sends again only what is missing (see `side::missed`).
    pub fn counts(&self) -> Vec<u64> {
        self.due.clone()
    }

    /// Steps every device has agreed on.
    pub fn agreed(&self) -> u32 {
        self.agreed
    }

    /// The step being played.
    pub fn step(&self) -> u32 {
        self.agreed + 1
    }

    /// The seats this device plays.
    pub fn my_seats(&self) -> Vec<u8> {
        self.seats_of(self.me)
    }

    /// The seats device `device` plays (none before the host's start has arrived).
    pub fn seats_of(&self, device: Device) -> Vec<u8> {
        (0..self.seats.len() as u8).filter(|s| self.seats[usize::from(*s)] == device).collect()
    }

    /// How many messages have come from device `from` (the sequence number due next from it):
    /// after a reconnection it sends again from there.
    pub fn due_from(&self, from: Device) -> u64 {
        self.due.get(usize::from(from)).copied().unwrap_or(0)
    }

    /// True when this device has committed a choice for `seat` in the step in progress.
    pub fn has_committed(&self, seat: u8) -> bool {
        self.round.own.contains_key(&seat)
    }

    /// The match's name (empty on a guest until the host's start arrives).
    pub fn table(&self) -> &str {
        &self.table
    }

    /// True once the match is stopped (by either side).
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    fn send(&mut self, body: Body) -> Message {
        let message = Message { from: self.me, seq: self.next_seq, body };
        self.next_seq += 1;
        message
    }

    fn context(&self, step: u32, seat: u8) -> Context<'_> {
        Context { table: &self.table, kind: "choice", step, seat }
    }

    /// The page says which seats act in the step being played (after [`Happening::Agreed`],
    /// or at the start). Returns messages to send and anything that came early.
    pub fn begin(&mut self, acting: Vec<u8>) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        self.round.acting = Some(acting);
        let early = std::mem::take(&mut self.round.early);
        let (mut out, mut happened) = (Vec::new(), Vec::new());
        for message in early {
            let (o, h) = self.handle(message)?;
            out.extend(o);
            happened.extend(h);
        }
        let (o, h) = self.progress()?;
        out.extend(o);
        happened.extend(h);
        Ok((out, happened))
    }

    /// Commits to `choice` for `seat` (one this device plays, acting now) under `salt`: the
    /// commitment to send, and [`Happening::Committed`] when it completes the round.
    pub fn choose(&mut self, seat: u8, choice: String, salt: Salt) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let step = self.step();
        if self.seats.get(usize::from(seat)) != Some(&self.me) {
            return Err(Violation::NotTheirSeat { from: self.me, seat });
        }
        if !self.round.acting.as_ref().is_some_and(|a| a.contains(&seat)) {
            return Err(Violation::NotActing { step, seat });
        }
        if self.round.own.contains_key(&seat) {
            return Err(Violation::Recommitted { step, seat });
        }
        let commitment = seal(self.context(step, seat), choice.as_bytes(), &salt);
        self.round.commits.insert(seat, commitment);
        self.round.own.insert(seat, (choice, salt));
        let mut out = vec![self.send(Body::Commit { step, seat, commitment })];
        let (o, h) = self.progress()?;
        out.extend(o);
        Ok((out, h))
    }

    /// Shows this device's choices in the step for the seats in `show`, and withholds the others
    /// (after [`Happening::Committed`]), each with its outline from `outlines` (seat, outline).
    pub fn open(&mut self, show: &[u8], outlines: &[(u8, u8)]) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let step = self.step();
        if !self.all_committed() || self.round.opened_own {
            return Err(Violation::WrongStep { expected: step, got: step });
        }
        self.round.opened_own = true;
        let own: Vec<(u8, String, Salt)> = self.round.own.iter().map(|(s, (c, salt))| (*s, c.clone(), *salt)).collect();
        let mut out = Vec::new();
        for (seat, choice, salt) in own {
            if show.contains(&seat) {
                self.round.answers.insert(seat, Choice::Shown(choice.clone()));
                out.push(self.send(Body::Reveal { step, seat, choice, salt }));
            } else {
                let outline = outlines.iter().find(|(s, _)| *s == seat).map(|(_, o)| *o);
                self.round.answers.insert(seat, Choice::Hidden(outline));
                self.own_withheld.insert((step, seat), (choice, salt));
                out.push(self.send(Body::Withhold { step, seat, outline }));
            }
        }
        let (o, h) = self.progress()?;
        out.extend(o);
        Ok((out, h))
    }

    /// Shows this device's earlier withheld choices at `(step, seat)` in `show` (after
    /// [`Happening::Opened`]; empty when the step turns none of them face up).
    pub fn settle(&mut self, show: &[(u32, u8)]) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let step = self.step();
        if !self.round.opened_told || self.round.settled_own {
            return Err(Violation::WrongStep { expected: step, got: step });
        }
        self.round.settled_own = true;
        let mut shown = Vec::new();
        for at in show {
            let (choice, salt) = self.own_withheld.remove(at).ok_or(Violation::NotWithheld { step: at.0, seat: at.1 })?;
            shown.push(Shown { step: at.0, seat: at.1, choice, salt });
        }
        self.round.settles.insert(self.me, shown.iter().map(|s| (s.step, s.seat, s.choice.clone())).collect());
        let round = self.round.settle_round;
        let mut out = vec![self.send(Body::Settle { step, round, shown })];
        let (o, h) = self.progress()?;
        out.extend(o);
        Ok((out, h))
    }

    /// Commits this device to its part of the match's chance (`bytes`, sealed with `salt`),
    /// once, after the start: the message to send. See [`Peer::open_chance`].
    pub fn commit_chance(&mut self, bytes: [u8; 32], salt: Salt) -> Result<Message, Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        if !self.started || self.chance.own.is_some() {
            return Err(Violation::BadChance { from: self.me });
        }
        let commitment = mix::commit(&self.table, 0, self.me, &bytes, &salt);
        self.chance.commits.insert(self.me, commitment);
        self.chance.own = Some((bytes, salt));
        Ok(self.send(Body::Chance { commitment }))
    }

    /// Opens this device's part of the match's chance, when the game is about to read it (every
    /// choice of the step that reads it fixed): the message to send, and
    /// [`Happening::Chance`] once every device's part is open. Every device must have committed.
    pub fn open_chance(&mut self) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let (bytes, salt) = self.chance.own.ok_or(Violation::BadChance { from: self.me })?;
        if self.chance.commits.len() != usize::from(self.devices) || self.chance.opens.contains_key(&self.me) {
            return Err(Violation::BadChance { from: self.me });
        }
        self.chance.opens.insert(self.me, (bytes, salt));
        let out = vec![self.send(Body::ChanceOpen { bytes, salt })];
        Ok((out, self.chance_drawn()?))
    }

    /// The chance, once every device's part is open.
    fn chance_drawn(&mut self) -> Result<Vec<Happening>, Violation> {
        if self.chance.opens.len() != usize::from(self.devices) || self.chance.told {
            return Ok(Vec::new());
        }
        let commits: Vec<Commitment> = self.chance.commits.values().copied().collect();
        let opens: Vec<([u8; 32], Salt)> = self.chance.opens.values().copied().collect();
        let bytes = mix::combine(&self.table, 0, &commits, &opens).map_err(|e| match e {
            mix::MixError::Forged { device } => Violation::ForgedChance { from: device },
            mix::MixError::Count { .. } => Violation::BadChance { from: self.me },
        })?;
        self.chance.told = true;
        Ok(vec![Happening::Chance { bytes }])
    }

    /// A deal message to send to every other device (a dealt match).
    pub fn deal(&mut self, message: DealMessage) -> Message {
        self.send(Body::Deal(message))
    }

    /// This device's keys of the cards its choices about to be shown play (a dealt match).
    pub fn opens(&mut self, keys: Vec<DealMessage>) -> Message {
        self.send(Body::Opens { keys })
    }

    /// This device's choices still face down, shown once the match is decided (a dealt match).
    pub fn unveil(&mut self) -> Message {
        let shown = std::mem::take(&mut self.own_withheld)
            .into_iter()
            .map(|((step, seat), (choice, salt))| Shown { step, seat, choice, salt })
            .collect();
        self.send(Body::Unveil { shown })
    }

    /// This device's keys for key round `round`, to send to every other device (a dealt match).
    pub fn keys(&mut self, round: u32, keys: Vec<DealMessage>) -> Message {
        self.send(Body::Keys { round, keys })
    }

    /// This device's choices still face down, by (step, seat): at the end of a match they are
    /// all shown, so that every device can check the whole match.
    pub fn still_withheld(&self) -> Vec<(u32, u8)> {
        self.own_withheld.keys().copied().collect()
    }

    /// The page applied the step of [`Happening::Settled`] and the table as everyone may see it hashes to
    /// `hash`: the message that says so, and [`Happening::Agreed`] if every hash is in.
    pub fn applied(&mut self, hash: Commitment) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let step = self.step();
        self.round.hashes.insert(self.me, hash);
        let mut out = vec![self.send(Body::Agree { step, hash })];
        let (o, h) = self.progress()?;
        out.extend(o);
        Ok((out, h))
    }

    /// The page refused the step (an illegal choice) or the person left: the stop message.
    pub fn refuse(&mut self, reason: String) -> Message {
        self.stopped = true;
        self.send(Body::Stop { reason })
    }

    /// Reads a message from another device, given as text.
    pub fn receive_text(&mut self, text: &str) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if text.len() > MAX_MESSAGE {
            return Err(Violation::TooLong { bytes: text.len() });
        }
        // The reader's words can quote the message: a forged one must not fill the page.
        let message: Message = dojo_engine::json::from_str(text).map_err(|e| {
            let why = e.to_string();
            let mut cut: String = why.chars().filter(|c| !c.is_control()).take(120).collect();
            if cut.len() < why.len() {
                cut.push('…');
            }
            Violation::Unreadable(cut)
        })?;
        self.receive(message)
    }

    /// Reads a message from another device: the messages to send in answer and what the page
    /// must do. A violation stops the match (send [`Peer::refuse`] with its words).
    pub fn receive(&mut self, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        let result = self.receive_checked(message);
        if result.is_err() {
            self.stopped = true;
        }
        result
    }

    fn receive_checked(&mut self, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let from = message.from;
        if from == self.me || from >= self.devices {
            return Err(Violation::Impostor { from });
        }
        let due = self.due[usize::from(from)];
        if message.seq < due {
            return Err(Violation::Replayed { from, seq: message.seq });
        }
        if message.seq > due {
            return Err(Violation::Skipped { from, expected: due, got: message.seq });
        }
        self.due[usize::from(from)] += 1;
        self.handle(message)
    }

    /// The devices a host passes `message` on to: everyone but the sender and itself. Guests
    /// relay nothing.
    pub fn relay_targets(&self, message: &Message) -> Vec<Device> {
        if self.me != 0 {
            return Vec::new();
        }
        (1..self.devices).filter(|d| *d != message.from).collect()
    }

    fn handle(&mut self, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        let from = message.from;
        match &message.body {
            Body::Start { game, setup, seats, devices, table } => {
                if self.started || from != 0 || *devices != self.devices || seats.iter().any(|d| *d >= *devices) {
                    return Err(Violation::BadStart);
                }
                self.started = true;
                self.table = table.clone();
                self.seats = seats.clone();
                return Ok((Vec::new(), vec![Happening::Started { game: game.clone(), setup: setup.clone(), seats: seats.clone() }]));
            }
            Body::Stop { reason } => {
                self.stopped = true;
                return Ok((Vec::new(), vec![Happening::Stopped { by: from, reason: reason.clone() }]));
            }
            _ if !self.started => return Err(Violation::NotStarted),
            Body::Chance { commitment } => {
                if self.chance.commits.insert(from, *commitment).is_some() {
                    return Err(Violation::BadChance { from });
                }
                return Ok((Vec::new(), Vec::new()));
            }
            Body::ChanceOpen { bytes, salt } => {
                let held = self.chance.commits.get(&from).copied();
                if self.chance.commits.len() != usize::from(self.devices) || self.chance.opens.contains_key(&from) {
                    return Err(Violation::BadChance { from });
                }
                if !held.is_some_and(|c| opens(&c, mix::context(&self.table, 0, from), bytes, salt)) {
                    return Err(Violation::ForgedChance { from });
                }
                self.chance.opens.insert(from, (*bytes, *salt));
                return Ok((Vec::new(), self.chance_drawn()?));
            }
            Body::Deal(deal) => return Ok((Vec::new(), vec![Happening::Dealing { from, message: deal.clone() }])),
            Body::Keys { round, keys } => return Ok((Vec::new(), vec![Happening::Keys { from, round: *round, keys: keys.clone() }])),
            Body::Opens { keys } => return Ok((Vec::new(), vec![Happening::Opens { from, keys: keys.clone() }])),
            Body::Unveil { shown } => {
                let mut told = Vec::new();
                for Shown { step: at, seat, choice, salt } in shown {
                    if self.seats.get(usize::from(*seat)) != Some(&from) {
                        return Err(Violation::NotTheirSeat { from, seat: *seat });
                    }
                    let held = self.withheld.remove(&(*at, *seat)).ok_or(Violation::NotWithheld { step: *at, seat: *seat })?;
                    if !opens(&held, self.context(*at, *seat), choice.as_bytes(), salt) {
                        return Err(Violation::Forged { step: *at, seat: *seat });
                    }
                    told.push((*at, *seat, choice.clone()));
                }
                return Ok((Vec::new(), vec![Happening::Unveiled { from, shown: told }]));
            }
            _ => {}
        }
        let step = self.step();
        let (Body::Commit { step: named, .. }
        | Body::Reveal { step: named, .. }
        | Body::Withhold { step: named, .. }
        | Body::Settle { step: named, .. }
        | Body::Agree { step: named, .. }) = &message.body
        else {
            unreachable!("start, stop, chance and deals are handled above")
        };
        // The page has not begun this step yet: keep the message until it does.
        if *named == step && self.round.acting.is_none() {
            self.round.early.push(message);
            return Ok((Vec::new(), Vec::new()));
        }
        if *named != step {
            return Err(Violation::WrongStep { expected: step, got: *named });
        }
        match message.body {
            Body::Commit { seat, commitment, .. } => {
                self.check_seat(from, step, seat)?;
                match self.round.commits.get(&seat) {
                    Some(held) if *held != commitment => return Err(Violation::Recommitted { step, seat }),
                    _ => {}
                }
                self.round.commits.insert(seat, commitment);
            }
            Body::Reveal { seat, choice, salt, .. } => {
                self.check_seat(from, step, seat)?;
                if !self.all_committed() {
                    return Err(Violation::EarlyReveal { step, seat });
                }
                if self.round.answers.contains_key(&seat) {
                    return Err(Violation::Recommitted { step, seat });
                }
                let held = self.round.commits[&seat];
                if !opens(&held, self.context(step, seat), choice.as_bytes(), &salt) {
                    return Err(Violation::Forged { step, seat });
                }
                self.round.answers.insert(seat, Choice::Shown(choice));
            }
            Body::Withhold { seat, outline, .. } => {
                self.check_seat(from, step, seat)?;
                if !self.all_committed() {
                    return Err(Violation::EarlyReveal { step, seat });
                }
                if self.round.answers.contains_key(&seat) {
                    return Err(Violation::Recommitted { step, seat });
                }
                self.withheld.insert((step, seat), self.round.commits[&seat]);
                self.round.answers.insert(seat, Choice::Hidden(outline));
            }
            Body::Settle { shown, round, .. } => {
                let early = round == self.round.settle_round + 1;
                let held = if early { &self.round.next_settles } else { &self.round.settles };
                if held.contains_key(&from) || !self.all_answered() || !(early || round == self.round.settle_round) {
                    return Err(Violation::WrongStep { expected: step, got: step });
                }
                let mut told = Vec::new();
                for Shown { step: at, seat, choice, salt } in shown {
                    if self.seats.get(usize::from(seat)) != Some(&from) {
                        return Err(Violation::NotTheirSeat { from, seat });
                    }
                    let held = self.withheld.remove(&(at, seat)).ok_or(Violation::NotWithheld { step: at, seat })?;
                    if !opens(&held, self.context(at, seat), choice.as_bytes(), &salt) {
                        return Err(Violation::Forged { step: at, seat });
                    }
                    told.push((at, seat, choice));
                }
                if early {
                    self.round.next_settles.insert(from, told);
                } else {
                    self.round.settles.insert(from, told);
                }
            }
            Body::Agree { hash, .. } => {
                self.round.hashes.insert(from, hash);
            }
            Body::Start { .. }
            | Body::Stop { .. }
            | Body::Chance { .. }
            | Body::ChanceOpen { .. }
            | Body::Deal(_)
            | Body::Keys { .. }
            | Body::Opens { .. }
            | Body::Unveil { .. } => {
                unreachable!("handled above")
            }
        }
        self.progress()
    }

    fn check_seat(&self, from: Device, step: u32, seat: u8) -> Result<(), Violation> {
        if self.seats.get(usize::from(seat)) != Some(&from) {
            return Err(Violation::NotTheirSeat { from, seat });
        }
        if !self.round.acting.as_ref().is_some_and(|a| a.contains(&seat)) {
            return Err(Violation::NotActing { step, seat });
        }
        Ok(())
    }

    fn all_answered(&self) -> bool {
        self.round.acting.as_ref().is_some_and(|acting| acting.iter().all(|s| self.round.answers.contains_key(s)))
    }

    fn all_committed(&self) -> bool {
        self.round.acting.as_ref().is_some_and(|acting| acting.iter().all(|s| self.round.commits.contains_key(s)))
    }

    /// Whatever the round can do now: tell the page that everyone committed, answered or
    /// settled, or close the step.
    fn progress(&mut self) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        let (out, mut happened) = (Vec::new(), Vec::new());
        let step = self.step();
        if self.all_committed() && !self.round.committed_told {
            self.round.committed_told = true;
            happened.push(Happening::Committed { step });
        }
        if self.all_answered() && !self.round.opened_told {
            self.round.opened_told = true;
            let choices = (0..self.seats.len() as u8).map(|s| self.round.answers.get(&s).cloned().unwrap_or(Choice::Idle)).collect();
            happened.push(Happening::Opened { step, choices, shown: Vec::new() });
        }
        if self.round.settles.len() == usize::from(self.devices) && !self.round.settled_told {
            let settles = std::mem::take(&mut self.round.settles);
            let quiet = settles.values().all(Vec::is_empty);
            self.round.shown.extend(settles.into_values().flatten());
            if quiet {
                self.round.settled_told = true;
                happened.push(Happening::Settled { step, shown: self.round.shown.clone() });
            } else {
                // Something was shown: another round, in which each device looks again.
                self.round.settle_round += 1;
                self.round.settled_own = false;
                self.round.settles = std::mem::take(&mut self.round.next_settles);
                let choices = (0..self.seats.len() as u8).map(|s| self.round.answers.get(&s).cloned().unwrap_or(Choice::Idle)).collect();
                happened.push(Happening::Opened { step, choices, shown: self.round.shown.clone() });
            }
        }
        if self.round.hashes.len() == usize::from(self.devices)
            && let Some(mine) = self.round.hashes.get(&self.me).copied()
        {
            if let Some((device, _)) = self.round.hashes.iter().find(|(_, h)| **h != mine) {
                return Err(Violation::Diverged { step, device: *device });
            }
            self.agreed = step;
            self.round = Round::default();
            happened.push(Happening::Agreed { step });
        }
        Ok((out, happened))
    }
}
