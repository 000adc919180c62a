//! How tools deal and measure Sealed Bids: any table of 2–8, four seats when none is asked for.

use super::{Event, Setup, Toy};
use crate::registry::{Sampled, Table};

impl Sampled for Toy {
    const ROUND_WORD: &'static str = "rounds";
    const EVAL_UNIT: &'static str = "games";
    const DEFAULT_SEATS: usize = 4;
    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        let seats = table.seats;
        if let Some(mode) = table.mode {
            return Err(format!("Sealed Bids has one way of playing, not {mode:?}"));
        }
        if !(2..=8).contains(&seats) {
            return Err(format!("Sealed Bids takes 2 to 8 seats, not {seats}"));
        }
        Ok(Setup::deal(seats as u8, false, seed))
    }
    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }
}
