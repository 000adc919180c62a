//! How tools set up and measure DRAGON PUNCH: our reconstructed set, characters drawn from the
//! seed, matches of two won rounds.

use super::{DragonPunch, Event, Setup, set};
use crate::registry::{Sampled, Table, two_seats_only};
use dojo_engine::Rng;

impl Sampled for DragonPunch {
    const ROUND_WORD: &'static str = "turns";
    const EVAL_UNIT: &'static str = "best-of-3-round matches (random characters)";

    /// Both characters drawn from the seed, from our reconstructed set.
    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        two_seats_only("DRAGON PUNCH", table)?;
        let set = set::reconstructed();
        let mut rng = Rng::new(seed);
        let characters = [rng.below(set.characters.len()), rng.below(set.characters.len())];
        Ok(Setup::standard(set, characters))
    }

    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }

    /// The characters of our reconstructed set.
    fn sides() -> Vec<String> {
        set::reconstructed().characters.into_iter().map(|c| c.name).collect()
    }

    fn side_setup(_seed: u64, first: usize, second: usize) -> Result<Setup, String> {
        let setup = Setup::standard(set::reconstructed(), [first, second]);
        setup.check().map_err(|e| e.to_string())?;
        Ok(setup)
    }
}
