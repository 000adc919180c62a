//! What a device keeps to take its side of a match up again after a reload, how the side is
//! rebuilt from it, and what another device missed.

use super::{Out, Side, Told};
use crate::commit::Salt;
use crate::protocol::{Device, Message};
use dojo_engine::Game;
use serde::{Deserialize, Serialize};

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

impl<G: Game> Side<G> {
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
                    // The host passed it on before answering it. A kept message came on its
                    // sender's own connection: one that did not stopped the match, and a
                    // stopped match is not kept.
                    let message = dojo_engine::json::from_str::<Message>(text).ok();
                    let line = message.as_ref().filter(|_| side.peer.me() == 0).map_or(0, |m| m.from);
                    if let Some(message) = message.filter(|_| side.peer.me() == 0) {
                        passed.push(message);
                    }
                    side.receive(line, text)
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
