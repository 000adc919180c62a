//! How tools set up and measure TAUNT: fighters drawn from the seed; the bot is measured on
//! single fights.

use super::{Event, FighterId, Options, Setup, Taunt};
use crate::registry::{Sampled, two_seats_only};
use dojo_engine::Rng;

impl Sampled for Taunt {
    const ROUND_WORD: &'static str = "turns";
    const EVAL_UNIT: &'static str = "single fights (random fighters)";
    /// Two fighters drawn from the seed (possibly the same one twice), best of 3.
    fn seeded_setup(seed: u64, seats: usize) -> Result<Setup, String> {
        two_seats_only("TAUNT's duel", seats)?;
        let mut rng = Rng::new(seed);
        let mut pick = || FighterId::ALL[rng.below(FighterId::ALL.len())];
        Ok(Setup::new([pick(), pick()], Options::default()))
    }
    /// The bot is measured on single fights: a series is several fights in a row.
    fn eval_setup(seed: u64, seats: usize) -> Result<Setup, String> {
        Ok(Setup { options: Options { best_of: 1, ..Options::default() }, ..Self::seeded_setup(seed, seats)? })
    }
    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }
}
