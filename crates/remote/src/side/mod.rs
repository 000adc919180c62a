//! One device's side of a match, for any game: the protocol ([`Peer`]) and the device's copy of
//! the match ([`Ledger`]) driven together, so a page only says what its people chose and what
//! arrived on the wire, and hears back what to send and what to show.
//!
//! - A choice made here is committed at once, or kept until its step begins.
//! - Once every acting seat has committed, this device's choices are revealed, or withheld
//!   when no other device could tell them from another legal choice ([`Ledger::to_show`]).
//! - Each round, earlier withheld choices that the step would make visible are shown; at the
//!   end of the match every one is.
//! - Each step is applied by the engine and its table hash compared; only once every device
//!   agrees is the step told to the page ([`Told::Agreed`]) and the next one begun.
//!
//! Any broken rule of the protocol, or a choice shown late that was illegal where it was made,
//! stops the match: the reason goes to the other devices and to the page.
//!
//! This file holds the side and what a page calls; `steps.rs` follows a step through the
//! protocol, `cards.rs` the cards of a match the devices deal, `journal.rs` what a device keeps
//! to take its side up again.

mod cards;
mod journal;
mod steps;

pub use journal::{Begin, Entry, Journal, Replayed, missed};

use crate::commit::Salt;
use crate::ledger::Ledger;
use crate::protocol::{Choice, Device, Message, Peer};
use cards::Cards;
use dojo_engine::{Game, Joint, acting_seats, chance_pending};
use sha2::{Digest, Sha256};

/// The most characters of another device's reason for stopping that are shown.
pub const MAX_REASON_CHARS: usize = 200;

/// Another device's reason for stopping as this device shows it: its own words, cut to
/// [`MAX_REASON_CHARS`] with control characters dropped, so a forged stop cannot flood the page.
fn quoted_reason(reason: &str) -> String {
    let cleaned: String = reason.chars().filter(|c| !c.is_control()).collect();
    let mut cut: String = cleaned.chars().take(MAX_REASON_CHARS).collect();
    if cut.len() < cleaned.len() {
        cut.push('…');
    }
    cut
}

/// What the page must hear.
#[derive(Clone, Debug, PartialEq)]
pub enum Told<G: Game> {
    /// The host's match has arrived: the setup, the device playing each seat, and this device.
    Started {
        /// The setup.
        setup: G::Setup,
        /// By seat, the device that plays it.
        owners: Vec<Device>,
        /// This device.
        me: Device,
    },
    /// The setup changed, and the page plays from the new one (the steps so far replay the
    /// same from it, as this device's people see them): the devices drew the match's seed
    /// together just before the step that reads it ([`Game::DRAWN_SEED`]), or, in a match
    /// whose cards they deal ([`Game::DEALT`]), cards were opened to this device (the cards
    /// it has not seen are filled in so that the match plays), or at the end every deal was
    /// shown and this is the true setup. It comes before the [`Told::Agreed`] of the step that
    /// needs it.
    Seeded {
        /// The setup, with the drawn seed.
        setup: G::Setup,
        /// Every step so far as this device now holds it from that setup (others' face-down
        /// choices as stand-ins, which may differ from those played from the old setup).
        joints: Vec<Joint<G::Action>>,
    },
    /// Every device holds the same table after `step`: the whole match as this device holds it
    /// (others' face-down choices as placeholders), to replay and show.
    Agreed {
        /// The step just agreed.
        step: u32,
        /// Every step's joint action.
        joints: Vec<Joint<G::Action>>,
    },
    /// The match stopped, and why, in words.
    Stopped(String),
}

/// What one call gives back: messages to send (in order) and what the page must hear.
#[derive(Clone, Debug, PartialEq)]
pub struct Out<G: Game> {
    /// For the other devices (the host also relays what guests send: see [`Side::relay`]).
    pub send: Vec<Message>,
    /// For the page.
    pub told: Vec<Told<G>>,
}

impl<G: Game> Default for Out<G> {
    fn default() -> Self {
        Out { send: Vec::new(), told: Vec::new() }
    }
}

/// One device's side of a match.
#[derive(Clone, Debug)]
pub struct Side<G: Game> {
    peer: Peer,
    ledger: Option<Ledger<G>>,
    /// This step's choices of this device's seats, by seat.
    own: Vec<Option<G::Action>>,
    /// What is known of this step's choices once every seat has answered.
    opened: Vec<Choice>,
    /// The step begun (0: none yet).
    begun: u32,
    /// Choices made before their step began, with their salts.
    early: Vec<(u8, G::Action, Salt)>,
    /// True once the other devices know the match stopped (told by this one, or by them).
    stop_known: bool,
    /// This device's secret part of the match's chance.
    secret: [u8; 32],
    /// Where the match's chance stands, for a game whose seed the devices draw together.
    chance: ChanceState,
    /// The cards, for a game whose cards the devices deal between them.
    cards: Option<Box<Cards<G>>>,
}

/// Where the match's chance stands on this device ([`Game::DRAWN_SEED`]).
#[derive(Clone, Debug, PartialEq)]
enum ChanceState {
    /// The game reads no chance (or none is left to read).
    Unused,
    /// Every device committed to its part; the game has not read its seed yet.
    Pending,
    /// The step to apply reads the seed: its earlier choices shown, kept until every part is open.
    Opening(Vec<(u32, u8, String)>),
    /// The seed is drawn and in the setup.
    Drawn,
}

impl<G: Game> Side<G> {
    /// The host's side of a match of `setup` on `devices` devices, `owners[s]` playing seat `s`,
    /// called `table` (random, so openings cannot be moved from one match to another), with
    /// `secret` (32 random bytes, never sent) for this device's part of the match's chance: the
    /// side and the messages that start the match.
    pub fn host(setup: &G::Setup, owners: Vec<Device>, devices: u8, table: String, secret: [u8; 32]) -> Result<(Side<G>, Out<G>), String> {
        let setup_json = dojo_engine::json::to_string(setup).map_err(|e| e.to_string())?;
        let ledger = Ledger::new(setup.clone(), owners.iter().map(|o| *o == 0).collect())?;
        let (peer, start) = Peer::host(G::NAME, &setup_json, owners, devices, table);
        let mut side = Side { ledger: Some(ledger), ..Side::guest(0, devices, secret) };
        side.peer = peer;
        let mut out = Out { send: vec![start], told: Vec::new() };
        side.commit_chance(&mut out);
        side.start_cards(setup, &mut out);
        side.begin_next(&mut out);
        Ok((side, out))
    }

    /// A guest's side, device `me` of `devices`, waiting for the host's start, with `secret`
    /// for its part of the match's chance.
    pub fn guest(me: Device, devices: u8, secret: [u8; 32]) -> Side<G> {
        Side {
            peer: Peer::guest(me, devices),
            ledger: None,
            own: Vec::new(),
            opened: Vec::new(),
            begun: 0,
            early: Vec::new(),
            stop_known: false,
            secret,
            chance: ChanceState::Unused,
            cards: None,
        }
    }

    /// For a game whose seed the devices draw together and whose table has not read it: commits
    /// this device's part (derived from its secret), to be opened just before the seed is read.
    fn commit_chance(&mut self, out: &mut Out<G>) {
        let Some(ledger) = &self.ledger else { return };
        if !chance_pending(ledger.state()) {
            return;
        }
        let (bytes, salt) = chance_part(&self.secret);
        match self.peer.commit_chance(bytes, salt) {
            Ok(message) => {
                out.send.push(message);
                self.chance = ChanceState::Pending;
            }
            Err(v) => self.stop(v.to_string(), out),
        }
    }

    /// True when `seat` has already chosen for the step in progress (or for the next one, before
    /// it began): a choice committed cannot be made again, even after a reload.
    pub fn has_chosen(&self, seat: u8) -> bool {
        self.peer.has_committed(seat) || self.early.iter().any(|(s, _, _)| *s == seat)
    }

    /// The other devices whose next message needs nobody to choose anything ([`Peer::owing`]),
    /// with, in a dealt match, those that owe their keys of the key round under way or their
    /// pass of a deal under way. A device that owes one for long has stalled.
    pub fn owing(&self) -> Vec<Device> {
        let mut owing = self.peer.owing();
        if let (Some(cards), false) = (self.cards.as_deref(), !self.peer.is_under_way()) {
            owing.extend(cards.owing(self.peer.me(), self.peer.devices()));
        }
        owing.sort_unstable();
        owing.dedup();
        owing
    }

    /// The protocol's state (steps agreed, seats, what is withheld).
    pub fn peer(&self) -> &Peer {
        &self.peer
    }

    /// The table as this device holds it, once the match has started.
    pub fn state(&self) -> Option<&G> {
        self.ledger.as_ref().map(Ledger::state)
    }

    /// True while another device's choice at `step` (from 1) for `seat` is face down on this
    /// device: it holds only the choice's commitment, and plays a stand-in.
    pub fn is_face_down(&self, step: u32, seat: u8) -> bool {
        self.ledger.as_ref().is_some_and(|l| l.is_face_down(step, seat))
    }

    /// True once the match is decided on this device's table, or stopped.
    pub fn is_done(&self) -> bool {
        let audited = self.cards.as_ref().is_none_or(|c| c.audited);
        self.peer.is_stopped() || audited && self.state().is_some_and(|s| s.outcome().is_some())
    }

    /// The devices a guest's message, which came on the connection to `line`, must be passed
    /// on to (the host relays; others: none; a message in another device's name: none).
    pub fn relay(&self, line: Device, message: &Message) -> Vec<Device> {
        self.peer.relay_targets(line, message)
    }

    /// The choice `action` of `seat`, made by a person at this device, committed with `salt`
    /// (fresh, secret randomness): at once when its step has begun, else when it begins.
    pub fn choose(&mut self, seat: u8, action: G::Action, salt: Salt) -> Out<G> {
        let mut out = Out::default();
        if self.begun == 0 || self.begun != self.peer.step() {
            self.early.push((seat, action, salt));
            return out;
        }
        self.commit(seat, action, salt, &mut out);
        out
    }

    /// `text`, a message that arrived on the connection to device `line` (a guest's one
    /// connection is to the host, 0).
    pub fn receive(&mut self, line: Device, text: &str) -> Out<G> {
        let mut out = Out::default();
        if self.peer.is_stopped() {
            // Messages already on their way when the match stopped.
            return out;
        }
        match self.peer.receive_text(line, text) {
            Ok((send, happened)) => {
                out.send.extend(send);
                self.react(happened, &mut out);
            }
            Err(v) => self.stop(v.to_string(), &mut out),
        }
        out
    }

    /// Leaves the match: the other devices are told why.
    pub fn leave(&mut self, reason: &str) -> Out<G> {
        let mut out = Out::default();
        if !self.stop_known {
            self.stop_known = true;
            out.send.push(self.peer.refuse(reason.to_string()));
        }
        out
    }

    fn commit(&mut self, seat: u8, action: G::Action, salt: Salt, out: &mut Out<G>) {
        let text = match dojo_engine::json::to_string(&action) {
            Ok(text) => text,
            Err(e) => return self.stop(format!("a choice could not be written: {e}"), out),
        };
        if let Some(slot) = self.own.get_mut(usize::from(seat)) {
            *slot = Some(action);
        }
        match self.peer.choose(seat, text, salt) {
            Ok((send, happened)) => {
                out.send.extend(send);
                self.react(happened, out);
            }
            Err(v) => self.stop(v.to_string(), out),
        }
    }

    /// Stops the match for `reason`: the other devices and the page are told.
    fn stop(&mut self, reason: String, out: &mut Out<G>) {
        // A reason can quote what was received (a setup a reader refused): a sentence, not a copy.
        let reason = if reason.chars().count() > 2 * MAX_REASON_CHARS { quoted_reason(&reason) } else { reason };
        if !self.stop_known {
            self.stop_known = true;
            out.send.push(self.peer.refuse(reason.clone()));
        }
        out.told.push(Told::Stopped(reason));
    }

    /// Begins the next step when the match goes on, with any choices made early.
    fn begin_next(&mut self, out: &mut Out<G>) {
        let Some(state) = self.state() else { return };
        if state.outcome().is_some() || self.peer.is_stopped() || self.begun == self.peer.step() {
            return;
        }
        if self.cards.as_ref().is_some_and(|c| c.told.is_none()) {
            // The first deal is not open yet: the people cannot see their cards.
            return;
        }
        let acting: Vec<u8> = acting_seats(state).iter().map(|s| s.0).collect();
        self.own = vec![None; state.seat_count()];
        self.begun = self.peer.step();
        match self.peer.begin(acting) {
            Ok((send, happened)) => {
                out.send.extend(send);
                self.react(happened, out);
            }
            Err(v) => return self.stop(v.to_string(), out),
        }
        for (seat, action, salt) in std::mem::take(&mut self.early) {
            self.commit(seat, action, salt, out);
        }
    }
}

/// This device's part of the match's chance and its salt, from its secret.
fn chance_part(secret: &[u8; 32]) -> ([u8; 32], Salt) {
    let part = |label: &[u8]| -> [u8; 32] { Sha256::digest([&secret[..], label].concat()).into() };
    (part(b"pocket-dojo chance part"), Salt(part(b"pocket-dojo chance salt")))
}
