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

use crate::commit::Salt;
use crate::dealer::{DealMessage, Dealer, Dealt};
use crate::ledger::{Ledger, LedgerError};
use crate::places::{Need, Place, Places};
use crate::protocol::{Choice, Device, Happening, Message, Peer};
use crate::table::hash_of;
use dojo_engine::{Game, GameRecord, Joint, Seat, acting_seats, chance_pending};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

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

/// How a device's side of a match began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Begin {
    /// As the host ([`Side::host`]).
    Host {
        /// The setup, as JSON.
        setup: String,
        /// By seat, the device that plays it.
        owners: Vec<Device>,
        /// Devices at the table.
        devices: u8,
        /// The match's name.
        table: String,
        /// This device's secret part of the match's chance (see [`Side::host`]).
        #[serde(default)]
        secret: [u8; 32],
    },
    /// As guest `me` of `devices` ([`Side::guest`]).
    Guest {
        /// This device.
        me: Device,
        /// Devices at the table.
        devices: u8,
        /// This device's secret part of the match's chance.
        #[serde(default)]
        secret: [u8; 32],
    },
}

/// One thing that happened to a device's side, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// A person here chose, with this salt ([`Side::choose`]).
    Chose {
        /// The seat.
        seat: u8,
        /// The action, as JSON.
        action: String,
        /// Its salt.
        salt: Salt,
    },
    /// A message came from another device ([`Side::receive`]).
    Received(String),
}

/// What a device keeps to take its match up again after a reload: how its side began and
/// everything that happened to it since. It holds this device's own choices and salts (never
/// kept anywhere else) and what came from the other devices (commitments, and choices they
/// showed), nothing another device kept face down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Journal {
    /// How the side began.
    pub begin: Begin,
    /// Everything since, in order.
    pub entries: Vec<Entry>,
}

/// A side rebuilt from its journal ([`Side::replay`]).
pub struct Replayed<G: Game> {
    /// The side, as it was.
    pub side: Side<G>,
    /// Every message it sent and, on the host, every message from a guest it passed on to the
    /// others, in order: what [`missed`] sends again to a device that missed some.
    pub passed: Vec<Message>,
    /// Everything the page heard, in order.
    pub told: Vec<Told<G>>,
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

/// The cards of a match the devices deal between them ([`Game::DEALT`]): the deal's
/// messages, where each card lies, and the key rounds in which cards are opened.
///
/// A key round is one [`crate::protocol::Body::Keys`] from every device, in the same order
/// on all of them: the first deal's hands and cards face up; each step's cards played (from
/// the hands of the seats whose choices it shows); the deck's top card when the step turns
/// it up; and the hands and cards face up of a deal again. Between rounds every device
/// refills the cards it has not seen ([`Places::fill`]) and plays its copy again from there.
#[derive(Clone)]
struct Cards<G: Game> {
    dealer: Dealer,
    places: Places,
    /// The setup as the host sent it: its options, its cards to be replaced by the deal's.
    base: G::Setup,
    /// Key rounds this device has sent, and what it sent in each.
    outbox: Vec<Vec<DealMessage>>,
    /// Key rounds taken in.
    done: u32,
    /// Keys received, by round and device.
    inbox: BTreeMap<u32, BTreeMap<Device, Vec<DealMessage>>>,
    /// What the cards wait for.
    wait: Wait,
    /// The earlier choices shown in the step being dealt; `None` between steps.
    step: Option<Vec<(u32, u8, String)>>,
    /// The last setup the page was told.
    told: Option<G::Setup>,
    /// What the step being dealt does with the cards, as far as it is known.
    step_moves: Vec<dojo_engine::CardMove>,
    /// True once every deal was shown at the end and checked.
    audited: bool,
    /// Other devices' choices still face down when the match was decided, shown then.
    unveiled: Vec<(u32, u8, String)>,
}

impl<G: Game> std::fmt::Debug for Cards<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cards").field("deals", &self.dealer.deals()).field("rounds", &self.done).field("wait", &self.wait).finish()
    }
}

/// What a dealt match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    /// Nothing: the cards can move on.
    Nothing,
    /// Deal `0` to be ready: then its layout's keys go round.
    Deal(u32),
    /// Key round `0` to be in from every device.
    Round(u32),
    /// The end: every device's secrets.
    Audit,
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
        if G::DEALT.is_some() && devices != 2 {
            return Err("a game whose cards the devices deal is played between two devices".into());
        }
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

    /// For a game whose cards the devices deal: begins the first deal. The page hears that the
    /// match started only once this device's cards are open ([`Side::opened_cards`]).
    fn start_cards(&mut self, setup: &G::Setup, out: &mut Out<G>) {
        let Some(hooks) = G::DEALT else { return };
        let dealing = hooks.dealing(setup);
        let seats = self.state().map_or(0, G::seat_count);
        let mut places = Places::new(dealing.clone(), seats);
        places.begin_deal(None);
        places.lay_out_first();
        let mut dealer = Dealer::new(G::NAME, dealing.size(), self.peer.me(), self.peer.devices());
        let begun = dealer.begin(None, deal_secret(&self.secret, 0));
        self.cards = Some(Box::new(Cards {
            dealer,
            places,
            base: setup.clone(),
            outbox: Vec::new(),
            done: 0,
            inbox: BTreeMap::new(),
            wait: Wait::Deal(0),
            step: None,
            told: None,
            step_moves: Vec::new(),
            audited: false,
            unveiled: Vec::new(),
        }));
        match begun {
            Ok((send, known)) => self.dealt(send, known, out),
            Err(v) => self.stop(v.to_string(), out),
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

    /// The side `journal` describes, rebuilt by doing everything again in order, with what it
    /// sent and told; refused in words when the journal does not replay (a damaged save).
    pub fn replay(journal: &Journal) -> Result<Replayed<G>, String> {
        let (mut side, first) = match &journal.begin {
            Begin::Host { setup, owners, devices, table, secret } => {
                let setup: G::Setup = dojo_engine::json::from_str(setup).map_err(|e| format!("the saved setup cannot be read: {e}"))?;
                Side::host(&setup, owners.clone(), *devices, table.clone(), *secret)?
            }
            Begin::Guest { me, devices, secret } => (Side::guest(*me, *devices, *secret), Out::default()),
        };
        let mut passed = first.send.clone();
        let mut told = first.told;
        for entry in &journal.entries {
            let out = match entry {
                Entry::Chose { seat, action, salt } => {
                    let action: G::Action =
                        dojo_engine::json::from_str(action).map_err(|e| format!("a saved choice cannot be read: {e}"))?;
                    side.choose(*seat, action, *salt)
                }
                Entry::Received(text) => {
                    // The host passed it on before answering it.
                    if side.peer.me() == 0
                        && let Ok(message) = dojo_engine::json::from_str::<Message>(text)
                    {
                        passed.push(message);
                    }
                    side.receive(text)
                }
            };
            passed.extend(out.send);
            told.extend(out.told);
        }
        if let Some(Told::Stopped(reason)) = told.iter().find(|t| matches!(t, Told::Stopped(_))) {
            return Err(format!("the saved match had stopped: {reason}"));
        }
        Ok(Replayed { side, passed, told })
    }

    /// True when `seat` has already chosen for the step in progress (or for the next one, before
    /// it began): a choice committed cannot be made again, even after a reload.
    pub fn has_chosen(&self, seat: u8) -> bool {
        self.peer.has_committed(seat) || self.early.iter().any(|(s, _, _)| *s == seat)
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

    /// The devices a guest's message must be passed on to (the host relays; others: none).
    pub fn relay(&self, message: &Message) -> Vec<Device> {
        self.peer.relay_targets(message)
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

    /// `text`, a message that arrived from another device.
    pub fn receive(&mut self, text: &str) -> Out<G> {
        let mut out = Out::default();
        if self.peer.is_stopped() {
            // Messages already on their way when the match stopped.
            return out;
        }
        match self.peer.receive_text(text) {
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

    fn react(&mut self, happened: Vec<Happening>, out: &mut Out<G>) {
        for h in happened {
            if self.peer.is_stopped() && !matches!(h, Happening::Stopped { .. }) {
                return;
            }
            let result = match h {
                Happening::Started { game, setup, seats } => self.started(&game, &setup, seats, out),
                Happening::Committed { step } => self.committed(step, out),
                Happening::Opened { choices, shown, .. } => self.opened(choices, &shown, out),
                Happening::Settled { shown, .. } => self.settled(&shown, out),
                Happening::Chance { bytes } => self.chance_drawn(&bytes, out),
                Happening::Dealing { from, message } => self.deal_message(from, message, out),
                Happening::Keys { from, round, keys } => self.keys_in(from, round, keys, out),
                Happening::Opens { from, keys } => self.opens_in(from, keys),
                Happening::Unveiled { shown, .. } => self.cards().map(|c| c.unveiled.extend(shown)),
                Happening::Agreed { step } => {
                    if let Some(ledger) = &self.ledger {
                        out.told.push(Told::Agreed { step, joints: ledger.joints() });
                    }
                    self.begin_next(out);
                    self.audit_at_end(out);
                    Ok(())
                }
                Happening::Stopped { by, reason } => {
                    self.stop_known = true;
                    let who = if by == 0 { "the host's device".to_string() } else { format!("friend {by}'s device") };
                    out.told.push(Told::Stopped(format!("{who} stopped the match: {}", quoted_reason(&reason))));
                    Ok(())
                }
            };
            if let Err(reason) = result {
                return self.stop(reason, out);
            }
        }
    }

    fn started(&mut self, game: &str, setup: &str, owners: Vec<Device>, out: &mut Out<G>) -> Result<(), String> {
        if game != G::NAME {
            return Err(format!("the other device started a match of {game}, not {}", G::NAME));
        }
        let setup: G::Setup = dojo_engine::json::from_str(setup).map_err(|e| format!("the host's setup cannot be read: {e}"))?;
        let me = self.peer.me();
        let ledger: Ledger<G> = Ledger::new(setup.clone(), owners.iter().map(|o| *o == me).collect())?;
        if owners.len() != ledger.state().seat_count() {
            return Err(format!("the host named {} players for a table of {}", owners.len(), ledger.state().seat_count()));
        }
        self.ledger = Some(ledger);
        if G::DEALT.is_some() {
            if self.peer.devices() != 2 {
                return Err("a game whose cards the devices deal is played between two devices".into());
            }
            self.start_cards(&setup, out);
            return Ok(());
        }
        out.told.push(Told::Started { setup, owners, me });
        self.commit_chance(out);
        self.begin_next(out);
        Ok(())
    }

    fn ledger(&self) -> Result<&Ledger<G>, String> {
        self.ledger.as_ref().ok_or_else(|| "a step came before the match started".to_string())
    }

    fn committed(&mut self, step: u32, out: &mut Out<G>) -> Result<(), String> {
        let ledger = self.ledger()?;
        let acting = acting_seats(ledger.state());
        let choices: Vec<Choice> =
            Seat::all(ledger.state().seat_count()).map(|s| if acting.contains(&s) { Choice::Hidden(None) } else { Choice::Idle }).collect();
        let show: Vec<u8> = ledger
            .to_show(&choices, &self.own, &[])
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|(at, _)| *at == step)
            .map(|(_, seat)| seat)
            // In a dealt match a seat's choice is not shown before its earlier face-down ones:
            // they are shown together when the step settles.
            .filter(|seat| !(G::DEALT.is_some() && ledger.holds_face_down_since_gathering(*seat)))
            .collect();
        let acts: Vec<(u8, G::Action)> = show.iter().filter_map(|s| Some((*s, self.own.get(usize::from(*s))?.clone()?))).collect();
        // What every observer sees at once of the choices kept face down.
        let outlines: Vec<(u8, u8)> = match G::DEALT {
            Some(hooks) => self
                .own
                .iter()
                .enumerate()
                .filter(|(seat, _)| !show.contains(&(*seat as u8)))
                .filter_map(|(seat, action)| Some((seat as u8, hooks.outline(ledger.state(), Seat(seat as u8), action.as_ref()?)?)))
                .collect(),
            None => Vec::new(),
        };
        self.open_own(&acts, out)?;
        let (send, happened) = self.peer.open(&show, &outlines).map_err(|v| v.to_string())?;
        out.send.extend(send);
        self.react(happened, out);
        Ok(())
    }

    fn opened(&mut self, choices: Vec<Choice>, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_some() && self.cards.is_some() && self.ledger()?.plays(&choices, &self.own, shown).is_err() {
            // Another device's face-down choice may need a stand-in this device's cards lack:
            // fill them in otherwise. (A shown choice that only the other device's earlier
            // face-down ones make legal waits for them, below.)
            let veiled = self.others_veiled(&choices);
            if let Ok(setup) = self.fit(Some((&choices, shown))).or_else(|_| self.fit(Some((&veiled, shown)))) {
                self.tell_setup(setup, out);
            }
        }
        let ledger = self.ledger()?;
        let withheld = self.peer.still_withheld();
        // At the end every choice still face down is shown, so that every device holds the
        // whole match; in a dealt match that comes after the end, with the deals (`Body::Unveil`),
        // as its cards are no longer in the hands.
        let show = if G::DEALT.is_none() && ledger.ends_with(&choices, &self.own, shown) {
            withheld.clone()
        } else {
            match ledger.to_show(&choices, &self.own, shown) {
                Ok(show) => show,
                // Another device showed a choice that its earlier face-down ones make legal;
                // they come in this round. Meanwhile this device shows what its own choices
                // need, judged with the others' choices of this step face down: when both
                // devices play a card the other's copy cannot see yet, each must show its part
                // at once, or each would wait for the other. If they never come, the step
                // itself is refused.
                Err(LedgerError::Illegal { .. }) => ledger.to_show(&self.others_veiled(&choices), &self.own, shown).unwrap_or_default(),
                Err(e) => return Err(e.to_string()),
            }
        };
        let show: Vec<(u32, u8)> = show.into_iter().filter(|at| withheld.contains(at)).collect();
        self.opened = choices;
        let acts: Vec<(u8, G::Action)> = match &self.ledger {
            // This step's own choices are not in the ledger yet.
            Some(ledger) => show
                .iter()
                .filter_map(|(at, seat)| {
                    let action = if *at as usize == ledger.len() + 1 {
                        self.own.get(usize::from(*seat))?.clone()
                    } else {
                        ledger.own_action(*at, *seat)
                    };
                    Some((*seat, action?))
                })
                .collect(),
            None => Vec::new(),
        };
        self.open_own(&acts, out)?;
        let (send, happened) = self.peer.settle(&show).map_err(|v| v.to_string())?;
        out.send.extend(send);
        self.react(happened, out);
        Ok(())
    }

    /// `choices` with the other devices' shown choices face down.
    fn others_veiled(&self, choices: &[Choice]) -> Vec<Choice> {
        choices
            .iter()
            .enumerate()
            .map(|(seat, c)| match c {
                Choice::Shown(_) if self.own.get(seat).is_none_or(Option::is_none) => Choice::Hidden(None),
                other => other.clone(),
            })
            .collect()
    }

    fn settled(&mut self, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_some() && self.cards.is_some() {
            return self.open_plays(shown, out);
        }
        if self.chance == ChanceState::Pending {
            let ledger = self.ledger.as_ref().ok_or("a step came before the match started")?;
            let mut trial = ledger.clone();
            trial.take(&self.opened, &self.own, shown).map_err(|e| e.to_string())?;
            if !chance_pending(trial.state()) {
                // This step reads the seed: every choice in it is fixed, so the parts open now.
                self.chance = ChanceState::Opening(shown.to_vec());
                let (send, happened) = self.peer.open_chance().map_err(|v| v.to_string())?;
                out.send.extend(send);
                self.react(happened, out);
                return Ok(());
            }
        }
        self.take_step(shown, out)
    }

    /// Every device's part of the chance is open: the seed goes into the setup, the match is
    /// played again from it, and the step that reads it is taken.
    fn chance_drawn(&mut self, bytes: &[u8; 32], out: &mut Out<G>) -> Result<(), String> {
        let ChanceState::Opening(shown) = std::mem::replace(&mut self.chance, ChanceState::Drawn) else {
            return Err("the match's chance opened before its seed was needed".into());
        };
        let ledger = self.ledger.as_mut().ok_or("a step came before the match started")?;
        let setup = ledger.reseed(crate::mix::seed(bytes))?;
        out.told.push(Told::Seeded { setup, joints: ledger.joints() });
        self.take_step(&shown, out)
    }

    fn take_step(&mut self, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        let ledger = self.ledger.as_mut().ok_or("a step came before the match started")?;
        ledger.take(&self.opened, &self.own, shown).map_err(|e| e.to_string())?;
        let hash = hash_of(ledger.state());
        self.own.iter_mut().for_each(|o| *o = None);
        let (send, happened) = self.peer.applied(hash).map_err(|v| v.to_string())?;
        out.send.extend(send);
        self.react(happened, out);
        Ok(())
    }
}

/// The cards of a dealt match: each key round and deal, and what the step waits for.
impl<G: Game> Side<G> {
    fn cards(&mut self) -> Result<&mut Cards<G>, String> {
        self.cards.as_deref_mut().ok_or_else(|| NOT_DEALT.to_string())
    }

    /// What this device's dealer said: messages to send, deals ready, the audit done.
    fn dealt(&mut self, send: Vec<DealMessage>, known: Vec<Dealt>, out: &mut Out<G>) {
        if G::DEALT.is_none() {
            return;
        }
        for message in send {
            out.send.push(self.peer.deal(message));
        }
        let result = if known.contains(&Dealt::Audited) { self.audited(out) } else { self.advance_cards(out) };
        if let Err(reason) = result {
            self.stop(reason, out);
        }
    }

    fn deal_message(&mut self, from: Device, message: DealMessage, out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Err(NOT_DEALT.into());
        }
        let (send, known) = self.cards()?.dealer.receive(from, message).map_err(|v| v.to_string())?;
        self.dealt(send, known, out);
        Ok(())
    }

    fn keys_in(&mut self, from: Device, round: u32, keys: Vec<DealMessage>, out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Err(NOT_DEALT.into());
        }
        let cards = self.cards()?;
        if round < cards.done || cards.inbox.get(&round).is_some_and(|r| r.contains_key(&from)) {
            return Err(format!("device {from} sent its keys of round {round} twice"));
        }
        if round > cards.done + 64 {
            return Err(format!("device {from} sent keys far ahead of the match"));
        }
        if keys.iter().any(|k| !matches!(k, DealMessage::Keys { .. })) {
            return Err(format!("device {from}'s keys of round {round} hold something else"));
        }
        cards.inbox.entry(round).or_default().insert(from, keys);
        self.advance_cards(out)
    }

    /// Sends this device's keys of the next key round, and waits for every other device's.
    fn send_round(&mut self, keys: Vec<DealMessage>, out: &mut Out<G>) -> Result<(), String> {
        let cards = self.cards()?;
        let round = cards.outbox.len() as u32;
        cards.outbox.push(keys.clone());
        cards.wait = Wait::Round(round);
        out.send.push(self.peer.keys(round, keys));
        Ok(())
    }

    /// Moves the cards on as far as what has arrived allows.
    fn advance_cards(&mut self, out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Ok(());
        }
        loop {
            let Some(cards) = self.cards.as_deref_mut() else { return Ok(()) };
            match cards.wait {
                Wait::Audit => return Ok(()),
                Wait::Deal(deal) => {
                    if !cards.dealer.is_ready(deal) {
                        return Ok(());
                    }
                    let keys = self.layout_keys(deal)?;
                    self.send_round(keys, out)?;
                }
                Wait::Round(round) => {
                    let others = usize::from(self.peer.devices()) - 1;
                    if cards.inbox.get(&round).is_none_or(|r| r.len() < others) {
                        return Ok(());
                    }
                    self.take_round(round)?;
                    self.cards()?.wait = Wait::Nothing;
                }
                // Between steps there is nothing to move (keys of the next step came early).
                Wait::Nothing if cards.step.is_none() && cards.told.is_some() => return Ok(()),
                Wait::Nothing => return self.cards_moved(out),
            }
        }
    }

    /// The keys this device gives as deal `deal` is laid out: each seat's new cards to the
    /// device that plays it (none for its own), the cards face up to everyone.
    fn layout_keys(&mut self, deal: u32) -> Result<Vec<DealMessage>, String> {
        let me = self.peer.me();
        let owners: Vec<Device> = (0..).map_while(|s| self.peer_owner(s)).collect();
        let cards = self.cards()?;
        let zones = if deal == 0 {
            cards.places.zones.clone()
        } else {
            let mut zones = cards.places.zones.clone();
            let moves = cards.step_moves.clone();
            cards.places.follow(&mut zones, &moves).map_err(|e| e.to_string())?;
            zones
        };
        let (hands, up) = cards.places.layout_of(&zones, deal);
        let mut keys = Vec::new();
        for (seat, places) in hands.iter().enumerate() {
            let owner = owners.get(seat).copied().unwrap_or(me);
            if owner != me && !places.is_empty() {
                keys.push(give(&cards.dealer, deal, places, Some(owner))?);
            }
        }
        if !up.is_empty() {
            keys.push(give(&cards.dealer, deal, &up, None)?);
        }
        Ok(keys)
    }

    fn peer_owner(&self, seat: u8) -> Option<Device> {
        (0..self.peer.devices()).find(|d| self.peer.seats_of(*d).contains(&seat))
    }

    /// Key round `round` is in: the dealer takes every key, and each card this device can now
    /// open is seen (by everyone, when its keys went to everyone).
    fn take_round(&mut self, round: u32) -> Result<(), String> {
        let me = self.peer.me();
        let cards = self.cards()?;
        let got = cards.inbox.remove(&round).unwrap_or_default();
        let mine = cards.outbox.get(round as usize).cloned().unwrap_or_default();
        for (from, messages) in &got {
            for message in messages {
                cards.dealer.receive(*from, message.clone()).map_err(|v| v.to_string())?;
            }
        }
        let every: Vec<&DealMessage> = got.values().flatten().chain(&mine).collect();
        for message in every {
            let DealMessage::Keys { deal, to, keys } = message else { continue };
            if to.is_some_and(|t| t != me) {
                continue;
            }
            for (slot, _) in keys {
                let place: Place = (*deal, *slot);
                let card = match cards.places.known(place) {
                    Some(card) => card,
                    None => match cards.dealer.open(*deal, *slot) {
                        Some(Ok(card)) => card,
                        Some(Err(e)) => return Err(format!("a key of round {round} opens no card ({e:?}): a false key")),
                        None => return Err(format!("round {round} left card {slot} of deal {deal} closed")),
                    },
                };
                cards.places.learn(place, card, to.is_none());
            }
        }
        cards.done = round + 1;
        Ok(())
    }

    /// Every key round so far is in: the cards this device has not seen are filled in, and the
    /// match goes on (the first step begins, or the step being dealt moves on).
    fn cards_moved(&mut self, out: &mut Out<G>) -> Result<(), String> {
        let step = self.cards.as_deref().ok_or("no cards")?.step.clone();
        let opened = self.opened.clone();
        let setup = self.fit(step.as_deref().map(|shown| (opened.as_slice(), shown)))?;
        let Some(shown) = step else {
            // The first deal is open.
            let cards = self.cards()?;
            if cards.told.is_some() {
                return Ok(());
            }
            cards.told = Some(setup.clone());
            let owners = (0..).map_while(|s| self.peer_owner(s)).collect();
            out.told.push(Told::Started { setup, owners, me: self.peer.me() });
            self.begin_next(out);
            return Ok(());
        };
        let ledger = self.ledger.as_ref().ok_or("no match")?;
        let events = ledger.events_of(&self.opened, &self.own, &shown).map_err(|e| e.to_string())?;
        let joints = ledger.joints();
        let moves = G::DEALT.ok_or(NOT_DEALT)?.card_moves(&events);
        let secret = self.secret;
        let cards = self.cards()?;
        cards.step_moves = moves.clone();
        let mut zones = cards.places.zones.clone();
        let (_, need) = cards.places.follow(&mut zones, &moves).map_err(|e| e.to_string())?;
        match need {
            Need::Nothing => {
                cards.places.zones = zones;
                cards.step = None;
                if cards.told.as_ref() != Some(&setup) {
                    cards.told = Some(setup.clone());
                    out.told.push(Told::Seeded { setup, joints });
                }
                self.take_step(&shown, out)
            }
            Need::Top(place) => {
                let key = give(&cards.dealer, place.0, &[place], None)?;
                self.send_round(vec![key], out)
            }
            Need::Deal(pool) => {
                let deal = cards.dealer.deals();
                cards.places.begin_deal(pool.clone());
                cards.wait = Wait::Deal(deal);
                let (send, known) = cards.dealer.begin(pool, deal_secret(&secret, deal)).map_err(|v| v.to_string())?;
                self.dealt(send, known, out);
                Ok(())
            }
        }
    }

    /// After a step's choices are settled, in a dealt match: the step moves the cards once
    /// every key it needs is in.
    fn open_plays(&mut self, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        let cards = self.cards()?;
        cards.step = Some(shown.to_vec());
        cards.step_moves = Vec::new();
        cards.wait = Wait::Nothing;
        self.advance_cards(out)
    }

    /// Before this device shows its choices `acts` (seat, action), in a dealt match: it opens
    /// to everyone the cards they play, each at the first place in the seat's hand with that
    /// face that is not open yet, so that every device holds those cards when it checks them.
    fn open_own(&mut self, acts: &[(u8, G::Action)], out: &mut Out<G>) -> Result<(), String> {
        let Some(hooks) = G::DEALT else { return Ok(()) };
        let Some(cards) = self.cards.as_deref_mut() else { return Ok(()) };
        let mut faces: BTreeMap<usize, Vec<u16>> = BTreeMap::new();
        for (seat, action) in acts {
            faces.entry(usize::from(*seat)).or_default().extend(hooks.cards_of(action));
        }
        let mut by_deal: BTreeMap<u32, Vec<Place>> = BTreeMap::new();
        for (seat, faces) in faces {
            let open = cards.places.to_open(seat, &faces).ok_or(format!("Player {}'s hand here lacks a card they played", seat + 1))?;
            for place in open {
                let card = cards.places.known(place).ok_or("a card of this device's hand is not known here")?;
                cards.places.learn(place, card, true);
                by_deal.entry(place.0).or_default().push(place);
            }
        }
        if by_deal.is_empty() {
            return Ok(());
        }
        let keys = by_deal.iter().map(|(deal, places)| give(&cards.dealer, *deal, places, None)).collect::<Result<Vec<_>, _>>()?;
        out.send.push(self.peer.opens(keys));
        Ok(())
    }

    /// Another device opened the cards its choices about to be shown play: this device sees
    /// them, and plays its copy again from a world that holds them.
    fn opens_in(&mut self, from: Device, keys: Vec<DealMessage>) -> Result<(), String> {
        if G::DEALT.is_none() {
            return Err(NOT_DEALT.into());
        }
        let cards = self.cards()?;
        for message in keys {
            let DealMessage::Keys { deal, to: None, keys: slots } = &message else {
                return Err(format!("device {from} opened cards to only some devices"));
            };
            cards.dealer.receive(from, message.clone()).map_err(|v| v.to_string())?;
            for (slot, _) in slots {
                let card = match cards.dealer.open(*deal, *slot) {
                    Some(Ok(card)) => card,
                    Some(Err(e)) => return Err(format!("device {from}'s key opens no card ({e:?}): a false key")),
                    None => return Err(format!("device {from} opened card {slot} of deal {deal}, which this device cannot read")),
                };
                cards.places.learn((*deal, *slot), card, true);
            }
        }
        self.fit(None).map(|_| ())
    }

    /// Fills in the cards this device has not seen so that its copy plays: the first of a few
    /// worlds, each laying the unseen cards in another order ([`Places::fill`]), in which every
    /// step so far, and the step `pending` (its choices and the earlier ones it shows), has a
    /// stand-in of the right outline for each face-down choice of another device. Every such
    /// world shows this device the same. The setup its copy now plays from, or why none fits.
    fn fit(&mut self, pending: Option<Pending<'_>>) -> Result<G::Setup, String> {
        let hooks = G::DEALT.ok_or(NOT_DEALT)?;
        let cards = self.cards.as_deref().ok_or("no cards")?;
        let ledger = self.ledger.as_ref().ok_or("cards came before the match started")?;
        let mut why = String::new();
        for order in 0..WORLDS_TO_TRY {
            let orders = cards.places.fill(order).map_err(|e| e.to_string())?;
            let setup = hooks.dealt_setup(&cards.base, &orders);
            let mut trial = ledger.clone();
            let plays = trial.resetup(setup.clone()).and_then(|()| match pending {
                Some((choices, shown)) => trial.plays(choices, &self.own, shown).map_err(|e| e.to_string()),
                None => Ok(()),
            });
            match plays {
                Ok(()) => {
                    self.ledger = Some(trial);
                    return Ok(setup);
                }
                Err(e) => why = e,
            }
        }
        Err(format!("the cards opened so far do not play: {why}"))
    }

    /// Tells the page the setup its copy plays from changed, in a dealt match (not before the
    /// first deal is open).
    fn tell_setup(&mut self, setup: G::Setup, out: &mut Out<G>) {
        let joints = self.ledger.as_ref().map(Ledger::joints).unwrap_or_default();
        let Some(cards) = self.cards.as_deref_mut() else { return };
        if cards.told.is_some() && cards.told.as_ref() != Some(&setup) {
            cards.told = Some(setup.clone());
            out.told.push(Told::Seeded { setup, joints });
        }
    }

    /// Once the match is decided, each device shows the secrets of its deals.
    fn audit_at_end(&mut self, out: &mut Out<G>) {
        if G::DEALT.is_none() {
            return;
        }
        let over = self.state().is_some_and(|s| s.outcome().is_some());
        let Some(cards) = self.cards.as_deref_mut() else { return };
        if !over || cards.wait == Wait::Audit {
            return;
        }
        cards.wait = Wait::Audit;
        // Choices still face down (plans a game's end left unplayed) go first, so that every
        // device holds the whole match when the deals are shown.
        out.send.push(self.peer.unveil());
        let Some(cards) = self.cards.as_deref_mut() else { return };
        match cards.dealer.audit() {
            Ok((message, known)) => self.dealt(vec![message], known, out),
            Err(v) => self.stop(v.to_string(), out),
        }
    }

    /// Every deal is shown: the true setup, checked to play the match as agreed, for the page.
    fn audited(&mut self, out: &mut Out<G>) -> Result<(), String> {
        let hooks = G::DEALT.ok_or(NOT_DEALT)?;
        let cards = self.cards.as_deref().ok_or("no cards")?;
        let orders = cards.dealer.orders().map_err(|v| v.to_string())?;
        let setup = hooks.dealt_setup(&cards.base, &orders);
        let ledger = self.ledger.as_ref().ok_or("no match")?;
        let truth =
            ledger.unveiled(setup.clone(), &cards.unveiled).map_err(|e| format!("the match does not play from the cards as dealt: {e}"))?;
        if truth.has_face_down() {
            return Err("a device kept choices face down after the match was decided".into());
        }
        let joints = truth.joints();
        let record = GameRecord::<G> { actions: joints.clone(), ..GameRecord::new(setup.clone()) };
        let end = record.replay().map_err(|e| format!("the match does not play from the cards as dealt: {e}"))?;
        if hash_of(&end) != hash_of(ledger.state()) {
            return Err("the cards as dealt end the match otherwise than the devices agreed".into());
        }
        self.ledger = Some(truth);
        let cards = self.cards()?;
        cards.audited = true;
        cards.told = Some(setup.clone());
        out.told.push(Told::Seeded { setup, joints });
        Ok(())
    }
}

/// A step being decided: its choices, and the earlier face-down ones it shows.
type Pending<'a> = (&'a [Choice], &'a [(u32, u8, String)]);

/// Worlds a device tries before it gives up on filling in the cards it has not seen so that
/// another device's face-down choices have stand-ins ([`Side::fit`]).
const WORLDS_TO_TRY: u64 = 200;

/// Why a deal message is refused in a match whose cards are not dealt.
const NOT_DEALT: &str = "a deal message came in a match whose cards are not dealt";

/// This device's keys for `places` of deal `deal`, for `to` (or everyone).
fn give(dealer: &Dealer, deal: u32, places: &[Place], to: Option<Device>) -> Result<DealMessage, String> {
    let slots: Vec<u16> = places.iter().map(|p| p.1).collect();
    dealer.give(deal, &slots, to).ok_or_else(|| format!("this device holds no keys for deal {deal}"))
}

/// This device's secret for deal `deal`, from its secret.
fn deal_secret(secret: &[u8; 32], deal: u32) -> [u8; 32] {
    Sha256::digest([&secret[..], b"pocket-dojo deal", &deal.to_le_bytes()].concat()).into()
}

/// This device's part of the match's chance and its salt, from its secret.
fn chance_part(secret: &[u8; 32]) -> ([u8; 32], Salt) {
    let part = |label: &[u8]| -> [u8; 32] { Sha256::digest([&secret[..], label].concat()).into() };
    (part(b"pocket-dojo chance part"), Salt(part(b"pocket-dojo chance salt")))
}

/// What device `to` has not received of what passed through this device, when `to` says how
/// many messages it holds from each device (`counts`, by device): `passed` is every message
/// this device sent or (the host) passed on, in order ([`Replayed::passed`]), and what is
/// missed is each message not from `to` at or after its sender's count, in that same order.
/// What two devices exchange on a new connection, before anything else.
pub fn missed(to: Device, counts: &[u64], passed: &[Message]) -> Vec<Message> {
    let count = |d: Device| counts.get(usize::from(d)).copied().unwrap_or(0);
    passed.iter().filter(|m| m.from != to && m.seq >= count(m.from)).cloned().collect()
}
