//! How tools set up and measure FUSION: a table of 1–4 pilots (`--pilots N`, two by default)
//! on our sample sheets against a Coach with one Threat, playing a Throwdown (the default), a
//! Gambit (`--mode gambit`) or an evening of three conflicts (`--mode evening`).

use super::micro::Micro;
use super::setup::{Conflict, Setup};
use super::sheet::{Gear, PilotSheet, Surge, Threat};
use super::{Action, Event, Fusion};
use crate::registry::{LabAsk, LabKind, LabOffer, LabTable, Sampled, Table};
use dojo_engine::Rng;

impl Setup {
    /// A sample table for tools and tests: `pilots` pilots on our default sheets, the first
    /// with a piece of Gear, against one Threat with a Wave and a Storm.
    pub fn sample(pilots: usize, conflict: Conflict, seed: u64) -> Setup {
        let mut setup = Setup::quick(pilots, conflict, seed);
        if let Some(first) = setup.pilots.first_mut() {
            first.gear.push(Gear { name: "Booster".into(), draw: 2, sacrifice: Micro::Rally });
        }
        setup.threats = vec![Threat {
            name: "Rival".into(),
            rating: 2,
            buffers: 1,
            waves: vec![Surge { name: "Shove".into(), fires: vec![Micro::Purge] }],
            storms: vec![Surge { name: "Crush".into(), fires: vec![Micro::Strife, Micro::Trauma] }],
        }];
        setup
    }
}

/// A Throwdown challenged by a seat drawn from `rng` (a pilot or the Coach).
fn throwdown(pilots: usize, rng: &mut Rng) -> Conflict {
    Conflict::Throwdown { challenger: rng.below(pilots + 1) as u8, stakes: "The upper hand".into(), threats: vec![0] }
}

impl Sampled for Fusion {
    const ROUND_WORD: &'static str = "conflicts";
    const EVAL_UNIT: &'static str = "conflicts (a side wins a Throwdown by holding the top card, a Gambit by a Yes)";
    const DEFAULT_SEATS: usize = 3;
    const MODES: &'static [&'static str] = &["throwdown", "gambit", "evening"];
    /// The pilots (every pilot by the computer) against a random Coach, and the Coach against
    /// random pilots.
    const TEAM_YARDSTICKS: &'static [&'static str] = &["pilots", "coach"];

    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        if !(2..=5).contains(&table.seats) {
            return Err(format!("FUSION seats 1 to 4 pilots and the Coach (2 to 5 seats), not {}", table.seats));
        }
        let pilots = table.seats - 1;
        let mut rng = Rng::new(seed);
        let gambit = |rng: &mut Rng| Conflict::Gambit { pilot: rng.below(pilots) as u8, specialty: rng.below(3) == 0 };
        let (first, then) = match table.mode {
            None | Some("throwdown") => (throwdown(pilots, &mut rng), Vec::new()),
            Some("gambit") => (gambit(&mut rng), Vec::new()),
            Some("evening") => {
                let first = gambit(&mut rng);
                (first, vec![throwdown(pilots, &mut rng), throwdown(pilots, &mut rng)])
            }
            Some(other) => return Err(format!("FUSION has no mode {other:?} (modes: {})", Self::MODES.join(", "))),
        };
        let mut setup = Setup::sample(pilots, first, rng.next_u64());
        setup.then = then;
        Ok(setup)
    }

    fn is_round(event: &Event) -> bool {
        matches!(event, Event::ConflictOver { .. })
    }

    /// One to four pilots against the Coach.
    const LAB_SEATS: &'static [usize] = &[2, 3, 4, 5];

    /// Beside a Throwdown (the usual way): a Gambit called on a pilot, or an evening of a
    /// Gambit and two Throwdowns.
    const LAB_MODES: &'static [(&'static str, &'static str)] = &[("gambit", "Gambit"), ("evening", "An evening")];

    /// The lab compares pilot sheets ([`LAB_SHEETS`]): how often the pilots win a Throwdown
    /// when one of them flies each sheet.
    fn lab(seats: usize) -> Option<LabOffer> {
        Self::lab_with(LabAsk::seats(seats)).ok()
    }

    fn lab_with(ask: LabAsk) -> Result<LabOffer, String> {
        if !(2..=5).contains(&ask.seats) {
            return Err(format!("FUSION seats 1 to 4 pilots and the Coach (2 to 5 seats), not {}", ask.seats));
        }
        if !["", "gambit", "evening"].contains(&ask.mode) {
            return Err(format!("FUSION's lab has no way of playing {:?}", ask.mode));
        }
        if !ask.custom.is_empty() {
            return Err("FUSION's lab plays its own pilot sheets".into());
        }
        Ok(LabOffer { kind: LabKind::Holdings, entries: LAB_SHEETS.iter().map(|s| s.name.to_string()).collect(), noun: "pilot sheets" })
    }

    /// The sample table's conflict for `ask` (a Throwdown challenged by a seat drawn from
    /// `seed`, a Gambit on a pilot drawn from it, or an evening) with the pilots on the sheets
    /// of `deal` in seat order (again from the start when there are more pilots than sheets);
    /// the Coach holds none.
    fn lab_setup(seed: u64, ask: LabAsk, deal: &[usize]) -> Result<LabTable<Setup>, String> {
        Self::lab_with(ask)?;
        if deal.is_empty() {
            return Err("choose at least one pilot sheet".into());
        }
        let mode = if ask.mode.is_empty() { None } else { Some(ask.mode) };
        let mut setup = Self::seeded_setup(seed, Table { seats: ask.seats, mode })?;
        let mut held = Vec::with_capacity(ask.seats);
        for (seat, pilot) in setup.pilots.iter_mut().enumerate() {
            let sheet = deal[seat % deal.len()];
            let shape = LAB_SHEETS.get(sheet).ok_or_else(|| format!("FUSION has no lab sheet {}", sheet + 1))?;
            shape.apply(pilot);
            held.push(vec![sheet]);
        }
        held.push(Vec::new());
        setup.validate().map_err(|e| e.to_string())?;
        Ok(LabTable { setup, held })
    }

    /// A pilot's plays in a Throwdown, by kind: the main actions (Push, Beat-Back, Assist,
    /// Fold) and the side actions (Recharge, Activate, Sacrifice).
    fn action_kind(action: &Action) -> Option<&'static str> {
        Some(match action {
            Action::Push(_) => "push",
            Action::BeatBack(_) => "beat-back",
            Action::Assist { give: Some(_), .. } => "card-assist",
            Action::Assist { give: None, .. } => "strike-assist",
            Action::Fold => "fold",
            Action::Recharge(_) => "recharge",
            Action::Activate(_) => "activate",
            Action::Sacrifice(_) => "sacrifice",
            _ => return None,
        })
    }
}

/// A pilot sheet's numbers, for the lab to compare: our stand-ins, since the alpha names
/// Commitments and maximums without giving any sheet (notes `#lab-sheets`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabSheet {
    /// What the lab calls it.
    pub name: &'static str,
    /// Commitment to the Fight (Strike Range).
    pub fight: u8,
    /// Commitment to the Team (bonus draw in a Throwdown).
    pub team: u8,
    /// The most Charges she may hold.
    pub charge_max: u8,
    /// Her Buffers, all unspent at the start.
    pub buffers: u8,
    /// The most cards her Stash holds.
    pub stash_max: u8,
}

impl LabSheet {
    /// Writes these numbers on `pilot`'s sheet (her name and Gear stay).
    fn apply(&self, pilot: &mut PilotSheet) {
        pilot.fight = self.fight;
        pilot.team = self.team;
        pilot.charge_max = self.charge_max;
        pilot.charges = 0;
        pilot.buffers = self.buffers;
        pilot.buffer_max = self.buffers;
        pilot.stash_max = self.stash_max;
    }
}

/// The sheets the lab compares: our default, then shapes that move points between the
/// Commitments, the Charge and Buffer tracks and the Stash.
pub const LAB_SHEETS: [LabSheet; 6] = [
    LabSheet { name: "Default", fight: 3, team: 2, charge_max: 3, buffers: 2, stash_max: 3 },
    LabSheet { name: "Striker", fight: 5, team: 0, charge_max: 3, buffers: 2, stash_max: 3 },
    LabSheet { name: "Wingmate", fight: 1, team: 4, charge_max: 3, buffers: 2, stash_max: 3 },
    LabSheet { name: "Battery", fight: 3, team: 2, charge_max: 5, buffers: 1, stash_max: 3 },
    LabSheet { name: "Bulwark", fight: 2, team: 2, charge_max: 2, buffers: 4, stash_max: 3 },
    LabSheet { name: "Hoarder", fight: 2, team: 1, charge_max: 3, buffers: 2, stash_max: 5 },
];
