//! The mental-poker deal of [`crate::deal`] as messages between devices: one [`Dealer`] per
//! device, fed what the others send, so that a deck is dealt, shuffled again mid-match, and
//! opened card by card to exactly the devices the rules allow, with no dealer and no device
//! that sees more than its own cards.
//!
//! A deal is a list of *passes*. In each, one device works on the whole deck and sends it on:
//!
//! | deal | passes, two devices A and B | passes, N devices |
//! |---|---|---|
//! | fresh (the whole deck) | A shuffles; B shuffles and relocks; A relocks | 2N − 1 |
//! | again (the cards not held) | A refreshes; B refreshes and permutes; A permutes and relocks; B relocks | 3N − 2 |
//!
//! (see [`crate::deal`] for what each step does). Every device knows from the deal's number and
//! the pass's number who must send it, so a pass from anyone else is refused. Once dealt, a card
//! opens for a device when every other device has sent it its key for that card
//! ([`Dealer::give`], [`Dealer::open`]): to one device for a card dealt to it, to all for a card
//! turned face up.
//!
//! Nothing proves a pass honest as it is made. At the end every device sends the secret of each
//! of its deals ([`Dealer::audit`]), every pass and every key is made again from them, and a
//! device that cheated is named ([`DealViolation::Cheated`]).

use crate::deal::{self, DealError, Keys, Locked, Pooled};
use crate::protocol::Device;
use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::scalar::Scalar;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// One device's work within a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// Lock every card with the deal's key and reorder them ([`deal::shuffle`]).
    Shuffle,
    /// Put on the deal's key and lift the old lock, in place ([`deal::refresh`]).
    Refresh,
    /// Reorder, locks unchanged ([`deal::permute`]).
    Permute,
    /// Swap the deal's key for a key per card ([`deal::relock`]).
    Relock,
}

/// The passes of a deal among `devices`: who works, and what it does. Consecutive steps of one
/// device make one pass. Permutes and relocks run in whichever order lets them merge, since
/// locks commute and permutations compose.
fn passes(devices: u8, fresh: bool) -> Vec<(Device, Vec<Op>)> {
    let mut steps: Vec<(Device, Op)> = Vec::new();
    if fresh {
        steps.extend((0..devices).map(|d| (d, Op::Shuffle)));
        steps.extend((0..devices).rev().map(|d| (d, Op::Relock)));
    } else {
        steps.extend((0..devices).map(|d| (d, Op::Refresh)));
        steps.extend((0..devices).rev().map(|d| (d, Op::Permute)));
        steps.extend((0..devices).map(|d| (d, Op::Relock)));
    }
    let mut out: Vec<(Device, Vec<Op>)> = Vec::new();
    for (d, op) in steps {
        match out.last_mut() {
            Some((last, ops)) if *last == d => ops.push(op),
            _ => out.push((d, vec![op])),
        }
    }
    out
}

/// What one device sends another about the deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DealMessage {
    /// Pass `pass` (from 1) of deal `deal` (from 0): the cards as the sender leaves them.
    Pass {
        /// The deal.
        deal: u32,
        /// The pass.
        pass: u32,
        /// Every card, 32 bytes each.
        cards: Vec<[u8; 32]>,
    },
    /// The sender's keys for some cards of deal `deal`: for device `to` alone (a card dealt to
    /// it), or for everyone (`None`: a card turned face up).
    Keys {
        /// The deal.
        deal: u32,
        /// Who may use them.
        to: Option<Device>,
        /// `(card's place in the deal, key)`.
        keys: Vec<(u16, [u8; 32])>,
    },
    /// Keys device `of` gave the sender for some cards of deal `deal` (cards dealt to the
    /// sender), passed on to everyone as the sender plays them face up: with more than two
    /// devices, the others lack them. A false one opens no card, and the audit checks them all.
    Relayed {
        /// The deal.
        deal: u32,
        /// Whose keys they are.
        of: Device,
        /// `(card's place in the deal, key)`.
        keys: Vec<(u16, [u8; 32])>,
    },
    /// At the end: the secret of each of the sender's deals, in order.
    Audit {
        /// The secrets.
        secrets: Vec<[u8; 32]>,
    },
}

/// What the deal tells the device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dealt {
    /// Every pass of deal `deal` is in: its cards can be given and opened.
    Ready {
        /// The deal.
        deal: u32,
    },
    /// Every device's secrets are in and every pass and key checks out.
    Audited,
}

/// Why a deal message is refused. Each names what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealViolation {
    /// A pass from a device whose turn it is not, or out of order.
    WrongPass {
        /// The deal.
        deal: u32,
        /// The pass named.
        pass: u32,
        /// Its sender.
        from: Device,
    },
    /// A pass with another number of cards than the deal holds.
    WrongCount {
        /// The deal.
        deal: u32,
        /// Cards expected.
        expected: usize,
        /// Cards given.
        got: usize,
    },
    /// Bytes that are not a card of the group, or a key that is not a number of it.
    Garbled {
        /// The deal.
        deal: u32,
    },
    /// A key for a card the deal does not have, or for a deal not begun, or given twice.
    StrayKey {
        /// The deal.
        deal: u32,
        /// The card's place.
        slot: u16,
    },
    /// Too many messages for deals this device has not begun.
    TooEarly,
    /// The audit found device `device` did not deal as it claimed (a pass or a key that its
    /// secret does not give).
    Cheated {
        /// The device.
        device: Device,
        /// The deal.
        deal: u32,
    },
    /// An audit with the wrong number of secrets, or a second one.
    BadAudit {
        /// Its sender.
        from: Device,
    },
    /// The work on a deal failed (a device's own pass).
    Failed(String),
}

impl fmt::Display for DealViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealViolation::WrongPass { deal, pass, from } => write!(f, "device {from} sent pass {pass} of deal {deal} out of turn"),
            DealViolation::WrongCount { deal, expected, got } => {
                write!(f, "a pass of deal {deal} held {got} cards where {expected} were due")
            }
            DealViolation::Garbled { deal } => write!(f, "deal {deal} received bytes that are no card or key"),
            DealViolation::StrayKey { deal, slot } => write!(f, "a key came for card {slot} of deal {deal}, which it cannot be for"),
            DealViolation::TooEarly => write!(f, "too many deal messages came ahead of their deal"),
            DealViolation::Cheated { device, deal } => write!(f, "the audit shows device {device} did not deal fairly in deal {deal}"),
            DealViolation::BadAudit { from } => write!(f, "device {from}'s audit does not cover its deals"),
            DealViolation::Failed(why) => write!(f, "a deal failed: {why}"),
        }
    }
}

/// Deal messages kept for deals not begun yet, at most.
const EARLY_LIMIT: usize = 256;

/// One deal as this device holds it.
#[derive(Clone)]
struct OneDeal {
    /// The pool, for a deal of the cards not held (`None`: the whole deck).
    pool: Option<Vec<Pooled>>,
    secret: [u8; 32],
    keys: Keys,
    /// The cards before the first pass and after each pass since.
    cards: Vec<Vec<Locked>>,
    /// Keys received, by card then device.
    got: BTreeMap<u16, BTreeMap<Device, [u8; 32]>>,
}

impl OneDeal {
    fn size(&self) -> usize {
        self.cards[0].len()
    }
}

/// One device's side of every deal of a match.
#[derive(Clone)]
pub struct Dealer {
    name: String,
    size: u16,
    me: Device,
    devices: u8,
    deals: Vec<OneDeal>,
    early: Vec<(Device, DealMessage)>,
    audits: BTreeMap<Device, Vec<[u8; 32]>>,
}

fn points(cards: &[[u8; 32]]) -> Vec<Locked> {
    cards.iter().map(|c| CompressedRistretto(*c)).collect()
}

fn bytes(cards: &[Locked]) -> Vec<[u8; 32]> {
    cards.iter().map(|c| c.to_bytes()).collect()
}

impl Dealer {
    /// Device `me` of `devices`, dealing deck `name` of `size` cards.
    pub fn new(name: &str, size: u16, me: Device, devices: u8) -> Dealer {
        Dealer { name: name.into(), size, me, devices, deals: Vec::new(), early: Vec::new(), audits: BTreeMap::new() }
    }

    /// Deals begun.
    pub fn deals(&self) -> u32 {
        self.deals.len() as u32
    }

    /// The device whose pass of deal `deal` comes next, while one is due.
    pub fn due(&self, deal: u32) -> Option<Device> {
        let held = self.deals.get(deal as usize)?;
        passes(self.devices, held.pool.is_none()).get(held.cards.len() - 1).map(|(who, _)| *who)
    }

    /// True when every pass of deal `deal` is in.
    pub fn is_ready(&self, deal: u32) -> bool {
        self.deals.get(deal as usize).is_some_and(|d| d.cards.len() == passes(self.devices, d.pool.is_none()).len() + 1)
    }

    /// Begins the next deal, of the whole deck (`pool` = `None`) or of the cards of `pool` (the
    /// places in it of the last deal's cards still locked, and the numbers of those face up),
    /// with `secret` (32 random bytes, kept until the audit). Every device begins the same
    /// deal at the same point of the match. Gives what to send and what is now known.
    pub fn begin(&mut self, pool: Option<Vec<Pooled>>, secret: [u8; 32]) -> Result<(Vec<DealMessage>, Vec<Dealt>), DealViolation> {
        let number = self.deals.len() as u32;
        let fail = |e: DealError| DealViolation::Failed(format!("{e:?}"));
        let start = match &pool {
            None => deal::fresh_deck(&self.name, self.size),
            Some(what) => {
                let last = self.deals.last().ok_or(DealViolation::Failed("a deal again before any deal".into()))?;
                deal::pool(&self.name, last.cards.last().map(Vec::as_slice).unwrap_or_default(), what).map_err(fail)?
            }
        };
        let keys = Keys::new(&secret, start.len() as u16);
        self.deals.push(OneDeal { pool, secret, keys, cards: vec![start], got: BTreeMap::new() });
        let mut out = Vec::new();
        let mut known = Vec::new();
        self.work(number, &mut out, &mut known)?;
        let early: Vec<(Device, DealMessage)> = std::mem::take(&mut self.early);
        for (from, message) in early {
            let (o, k) = self.receive(from, message)?;
            out.extend(o);
            known.extend(k);
        }
        Ok((out, known))
    }

    /// Does this device's pass of deal `number` when it is due, and says when the deal is ready.
    fn work(&mut self, number: u32, out: &mut Vec<DealMessage>, known: &mut Vec<Dealt>) -> Result<(), DealViolation> {
        let devices = self.devices;
        let me = self.me;
        let old = (number as usize).checked_sub(1).and_then(|p| self.deals.get(p)).map(|d| d.keys.clone());
        let deal = &mut self.deals[number as usize];
        let plan = passes(devices, deal.pool.is_none());
        let done = deal.cards.len() - 1;
        if done == plan.len() {
            known.push(Dealt::Ready { deal: number });
            return Ok(());
        }
        let (who, ops) = &plan[done];
        if *who != me {
            return Ok(());
        }
        let fail = |e: DealError| DealViolation::Failed(format!("{e:?}"));
        let mut cards = deal.cards[done].clone();
        for op in ops {
            cards = match op {
                Op::Shuffle => deal::shuffle(&cards, &deal.keys).map_err(fail)?,
                Op::Refresh => {
                    let what = deal.pool.as_deref().unwrap_or_default();
                    let old = old.as_ref().ok_or(DealViolation::Failed("no earlier deal to lift locks from".into()))?;
                    deal::refresh(&cards, what, old, &deal.keys).map_err(fail)?
                }
                Op::Permute => deal::permute(&cards, &deal.keys),
                Op::Relock => deal::relock(&cards, &deal.keys).map_err(fail)?,
            };
        }
        out.push(DealMessage::Pass { deal: number, pass: done as u32 + 1, cards: bytes(&cards) });
        deal.cards.push(cards);
        if deal.cards.len() == plan.len() + 1 {
            known.push(Dealt::Ready { deal: number });
        }
        Ok(())
    }

    /// A message from device `from`: what to send on, and what is now known; refused, naming
    /// what is wrong, when it breaks the deal.
    pub fn receive(&mut self, from: Device, message: DealMessage) -> Result<(Vec<DealMessage>, Vec<Dealt>), DealViolation> {
        let (mut out, mut known) = (Vec::new(), Vec::new());
        match message {
            DealMessage::Pass { deal, pass, cards } => {
                let Some(held) = self.deals.get(deal as usize) else {
                    return self.keep_early(from, DealMessage::Pass { deal, pass, cards });
                };
                let plan = passes(self.devices, held.pool.is_none());
                let due = held.cards.len() as u32;
                if pass != due || plan.get(pass as usize - 1).is_none_or(|(who, _)| *who != from) || from == self.me {
                    return Err(DealViolation::WrongPass { deal, pass, from });
                }
                if cards.len() != held.size() {
                    return Err(DealViolation::WrongCount { deal, expected: held.size(), got: cards.len() });
                }
                let cards = points(&cards);
                if cards.iter().any(|c| c.decompress().is_none()) {
                    return Err(DealViolation::Garbled { deal });
                }
                self.deals[deal as usize].cards.push(cards);
                self.work(deal, &mut out, &mut known)?;
            }
            DealMessage::Keys { deal, to, keys } => {
                let Some(held) = self.deals.get_mut(deal as usize) else {
                    return self.keep_early(from, DealMessage::Keys { deal, to, keys });
                };
                if to.is_some_and(|t| t != self.me) {
                    // Passed on by the host for another device: not this one's to use.
                    return Ok((out, known));
                }
                for (slot, key) in keys {
                    if usize::from(slot) >= held.size() || from == self.me {
                        return Err(DealViolation::StrayKey { deal, slot });
                    }
                    if Option::<Scalar>::from(Scalar::from_canonical_bytes(key)).is_none() {
                        return Err(DealViolation::Garbled { deal });
                    }
                    let by = held.got.entry(slot).or_default();
                    if by.get(&from).is_some_and(|k| *k != key) {
                        return Err(DealViolation::StrayKey { deal, slot });
                    }
                    by.insert(from, key);
                }
            }
            DealMessage::Relayed { deal, of, keys } => {
                let Some(held) = self.deals.get_mut(deal as usize) else {
                    return self.keep_early(from, DealMessage::Relayed { deal, of, keys });
                };
                if of >= self.devices || of == from {
                    return Err(DealViolation::StrayKey { deal, slot: keys.first().map_or(0, |k| k.0) });
                }
                for (slot, key) in keys {
                    if usize::from(slot) >= held.size() {
                        return Err(DealViolation::StrayKey { deal, slot });
                    }
                    if Option::<Scalar>::from(Scalar::from_canonical_bytes(key)).is_none() {
                        return Err(DealViolation::Garbled { deal });
                    }
                    if of == self.me {
                        // This device's own key, passed back: it must be the one it gave.
                        if held.keys.card_key(usize::from(slot)) != Some(key) {
                            return Err(DealViolation::StrayKey { deal, slot });
                        }
                        continue;
                    }
                    let by = held.got.entry(slot).or_default();
                    if by.get(&of).is_some_and(|k| *k != key) {
                        return Err(DealViolation::StrayKey { deal, slot });
                    }
                    by.insert(of, key);
                }
            }
            DealMessage::Audit { secrets } => {
                if secrets.len() != self.deals.len() || self.audits.contains_key(&from) || from == self.me {
                    return Err(DealViolation::BadAudit { from });
                }
                self.audits.insert(from, secrets);
                if self.audits.len() == usize::from(self.devices) {
                    self.check_audit()?;
                    known.push(Dealt::Audited);
                }
            }
        }
        Ok((out, known))
    }

    fn keep_early(&mut self, from: Device, message: DealMessage) -> Result<(Vec<DealMessage>, Vec<Dealt>), DealViolation> {
        if self.early.len() >= EARLY_LIMIT {
            return Err(DealViolation::TooEarly);
        }
        self.early.push((from, message));
        Ok((Vec::new(), Vec::new()))
    }

    /// This device's keys for the cards `slots` of deal `deal`, for device `to` (a card dealt to
    /// it) or for everyone (`None`), as the message that gives them; `None` before the deal is
    /// ready or for a card it does not have.
    pub fn give(&self, deal: u32, slots: &[u16], to: Option<Device>) -> Option<DealMessage> {
        let held = self.deals.get(deal as usize).filter(|_| self.is_ready(deal))?;
        let keys = slots.iter().map(|s| held.keys.card_key(usize::from(*s)).map(|k| (*s, k))).collect::<Option<Vec<_>>>()?;
        Some(DealMessage::Keys { deal, to, keys })
    }

    /// The keys every other device gave this one for the cards `slots` of deal `deal`, each
    /// device's as one message to pass on to everyone ([`DealMessage::Relayed`]); `None` while
    /// one is missing.
    pub fn relay(&self, deal: u32, slots: &[u16]) -> Option<Vec<DealMessage>> {
        let held = self.deals.get(deal as usize).filter(|_| self.is_ready(deal))?;
        (0..self.devices)
            .filter(|d| *d != self.me)
            .map(|of| {
                let keys = slots.iter().map(|s| held.got.get(s)?.get(&of).map(|k| (*s, *k))).collect::<Option<Vec<_>>>()?;
                Some(DealMessage::Relayed { deal, of, keys })
            })
            .collect()
    }

    /// Card `slot` of deal `deal`, once every other device has given this one its key: the
    /// card's number, or why the keys do not open it (`None` while keys are missing).
    pub fn open(&self, deal: u32, slot: u16) -> Option<Result<u16, DealError>> {
        let held = self.deals.get(deal as usize).filter(|_| self.is_ready(deal))?;
        let got = held.got.get(&slot);
        let mut keys = vec![held.keys.card_key(usize::from(slot))?];
        for d in (0..self.devices).filter(|d| *d != self.me) {
            keys.push(*got?.get(&d)?);
        }
        let card = held.cards.last()?.get(usize::from(slot))?;
        Some(deal::reveal(&self.name, self.size, card, &keys))
    }

    /// At the end of the match: the message showing this device's secret of every deal. Once
    /// every device's is in, [`Dealt::Audited`] says the deals were fair.
    pub fn audit(&mut self) -> Result<(DealMessage, Vec<Dealt>), DealViolation> {
        let secrets: Vec<[u8; 32]> = self.deals.iter().map(|d| d.secret).collect();
        let me = self.me;
        self.audits.insert(me, secrets.clone());
        let mut known = Vec::new();
        if self.audits.len() == usize::from(self.devices) {
            self.check_audit()?;
            known.push(Dealt::Audited);
        }
        Ok((DealMessage::Audit { secrets }, known))
    }

    /// Once every device's secrets are in ([`Dealt::Audited`]): each deal's cards by number, in
    /// the order dealt (what the rules' setup needs to replay the match exactly).
    pub fn orders(&self) -> Result<Vec<Vec<u16>>, DealViolation> {
        if self.audits.len() != usize::from(self.devices) {
            return Err(DealViolation::BadAudit { from: self.me });
        }
        let mut orders = Vec::with_capacity(self.deals.len());
        for (number, held) in self.deals.iter().enumerate() {
            let size = held.size();
            let keys: Vec<Vec<[u8; 32]>> = self
                .audits
                .values()
                .map(|secrets| {
                    let keys = Keys::new(&secrets[number], size as u16);
                    (0..size).filter_map(|k| keys.card_key(k)).collect()
                })
                .collect();
            let last = held.cards.last().map(Vec::as_slice).unwrap_or_default();
            let order = deal::audit(&self.name, self.size, last, &keys).map_err(|e| DealViolation::Failed(format!("{e:?}")))?;
            orders.push(order);
        }
        Ok(orders)
    }

    /// Makes every pass of every deal again from the secrets, and every key given, and names
    /// the first device whose work does not match.
    fn check_audit(&self) -> Result<(), DealViolation> {
        for (number, held) in self.deals.iter().enumerate() {
            let number = number as u32;
            let plan = passes(self.devices, held.pool.is_none());
            let size = held.size() as u16;
            let keys_of = |device: Device, deal: usize| -> Option<Keys> {
                let secret = self.audits.get(&device)?.get(deal)?;
                Some(Keys::new(secret, self.deals[deal].size() as u16))
            };
            for (k, (who, ops)) in plan.iter().enumerate() {
                let cheated = DealViolation::Cheated { device: *who, deal: number };
                let keys = keys_of(*who, number as usize).ok_or(cheated.clone())?;
                let old = (number as usize).checked_sub(1).and_then(|p| keys_of(*who, p));
                let mut cards = held.cards[k].clone();
                for op in ops {
                    let next = match op {
                        Op::Shuffle => deal::shuffle(&cards, &keys),
                        Op::Refresh => match (&held.pool, &old) {
                            (Some(what), Some(old)) => deal::refresh(&cards, what, old, &keys),
                            _ => Err(DealError::NotAKey),
                        },
                        Op::Permute => Ok(deal::permute(&cards, &keys)),
                        Op::Relock => deal::relock(&cards, &keys),
                    };
                    cards = next.map_err(|_| cheated.clone())?;
                }
                if cards != held.cards[k + 1] {
                    return Err(cheated);
                }
            }
            for (slot, by) in &held.got {
                for (device, key) in by {
                    let keys = keys_of(*device, number as usize).ok_or(DealViolation::Cheated { device: *device, deal: number })?;
                    if keys.card_key(usize::from(*slot)) != Some(*key) || *slot >= size {
                        return Err(DealViolation::Cheated { device: *device, deal: number });
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
