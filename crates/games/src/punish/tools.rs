//! How tools deal and measure PUNISH: a shuffled deal, matches of best of 3.

use super::{Event, Options, Punish, Setup};
use crate::registry::{Sampled, Table, two_seats_only};

impl Sampled for Punish {
    const ROUND_WORD: &'static str = "breaths";
    const EVAL_UNIT: &'static str = "best-of-3 matches";
    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        two_seats_only("PUNISH", table)?;
        Ok(Setup::deal(seed, Options::default()))
    }
    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }
}
