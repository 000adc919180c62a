//! How tools set up and measure FUSION: a table of 1–4 pilots (`--pilots N`, two by default)
//! on our sample sheets against a Coach with one Threat, playing a Throwdown (the default), a
//! Gambit (`--mode gambit`) or an evening of three conflicts (`--mode evening`).

use super::micro::Micro;
use super::setup::{Conflict, Setup};
use super::sheet::{Gear, Surge, Threat};
use super::{Event, Fusion};
use crate::registry::{Sampled, Table};
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
}
