//! How tools set up and measure Rumble: heroes named by seat, a dozen powers of the set drawn
//! from the seed (`--mode beginner`: the beginner subset; `--mode all`: the whole set).

use super::catalog;
use super::{Event, Rumble, Setup};
use crate::registry::{Sampled, Table};
use dojo_engine::{GameRecord, Rng};

/// Powers drawn for a default table.
const DRAWN: usize = 12;

impl Sampled for Rumble {
    const ROUND_WORD: &'static str = "rounds";
    const EVAL_UNIT: &'static str = "games (a dozen powers drawn from the set)";
    const DEFAULT_SEATS: usize = 4;
    const MODES: &'static [&'static str] = &["beginner", "all"];

    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        if !(2..=8).contains(&table.seats) {
            return Err(format!("Rumble is played by 2 to 8 heroes, not {}", table.seats));
        }
        let mut rng = Rng::new(seed);
        let powers = match table.mode {
            None => {
                let mut all = catalog::all();
                rng.shuffle(&mut all);
                all.truncate(DRAWN);
                all
            }
            Some("beginner") => catalog::beginner(),
            Some("all") => catalog::all(),
            Some(other) => return Err(format!("Rumble has no mode {other:?} (modes: {})", Self::MODES.join(", "))),
        };
        let names: Vec<String> = (1..=table.seats).map(|i| format!("Hero {i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Ok(Setup::heroes(&names, powers, rng.next_u64()))
    }

    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Round(_))
    }

    /// A record that starts after the auction, so no losing bid is in it.
    fn shareable(record: GameRecord<Rumble>) -> GameRecord<Rumble> {
        super::sealed_record(&record).unwrap_or_else(|_| GameRecord::new(Setup { start: super::Start::Auction, ..record.setup }))
    }
}
