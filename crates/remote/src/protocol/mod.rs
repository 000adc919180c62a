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
//! relays still cannot read a pick before it has committed its own. The host knows which
//! connection each message came on and takes from a guest's only that guest's messages
//! ([`Peer::receive_on`]): a message in another device's name stops the match, naming the
//! device that sent it.
//!
//! This file holds the peer and what its page calls; `wire.rs` what travels and what the page
//! hears, `receive.rs` how a message from another device is checked and answered, and
//! `violation.rs` why a match stops.

mod receive;
mod violation;
mod wire;

pub use violation::{Violation, device_name};
pub use wire::{Body, Choice, Happening, Message, Shown};

use crate::commit::{Commitment, Context, Salt, seal};
use crate::dealer::DealMessage;
use crate::mix;
use std::collections::BTreeMap;

/// The longest message a device reads, in bytes: many times the longest honest one (a dealt
/// deck's pass, a few kilobytes), so a forged message of megabytes stops the match before it is
/// read.
pub const MAX_MESSAGE: usize = 256 * 1024;

/// A device at the table, numbered from 0 (the host, who made the invitation).
pub type Device = u8;

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

    /// This device's keys for key round `round`, its part of the round's chance, and the
    /// places of a hand it passed, to send to every other device (a dealt match).
    pub fn keys(&mut self, round: u32, keys: Vec<DealMessage>, chance: Option<[u8; 32]>, named: Vec<(u32, u16)>) -> Message {
        self.send(Body::Keys { round, keys, chance, named })
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

    /// True once the match started, until it is stopped.
    pub fn is_under_way(&self) -> bool {
        self.started && !self.stopped
    }

    /// The other devices whose next message needs nobody to choose anything, now that this
    /// device has sent its own: a reveal once every seat has committed, a settle, a table's
    /// hash, a part of the match's chance. A device that owes one for long has stalled (a
    /// person choosing takes as long as they like; a program answering does not).
    pub fn owing(&self) -> Vec<Device> {
        if self.stopped || !self.started {
            return Vec::new();
        }
        let round = &self.round;
        let others = (0..self.devices).filter(|d| *d != self.me);
        let seats_of = |d: Device| self.seats.iter().enumerate().filter(move |(_, o)| **o == d).map(|(s, _)| s as u8);
        let acting = |s: u8| round.acting.as_ref().is_some_and(|a| a.contains(&s));
        if self.chance.own.is_some() && self.chance.commits.len() < usize::from(self.devices) {
            return others.filter(|d| !self.chance.commits.contains_key(d)).collect();
        }
        if self.chance.opens.contains_key(&self.me) && !self.chance.told {
            return others.filter(|d| !self.chance.opens.contains_key(d)).collect();
        }
        if round.hashes.contains_key(&self.me) {
            return others.filter(|d| !round.hashes.contains_key(d)).collect();
        }
        if round.settled_own && !round.settled_told {
            return others.filter(|d| !round.settles.contains_key(d)).collect();
        }
        if round.opened_own && !self.all_answered() {
            return others.filter(|d| seats_of(*d).any(|s| acting(s) && !round.answers.contains_key(&s))).collect();
        }
        Vec::new()
    }

    /// The page refused the step (an illegal choice) or the person left: the stop message.
    pub fn refuse(&mut self, reason: String) -> Message {
        self.stopped = true;
        self.send(Body::Stop { reason })
    }
}
