//! How the computer players read a Sealed Bids position: points so far, as places.

use super::state::Toy;
use dojo_bot::SearchHints;
use dojo_engine::{Game, Outcome, Seat};

impl SearchHints for Toy {
    /// The places the seats would take if the game ended now, scored as a finished game is.
    fn heuristic(&self, seat: Seat) -> f64 {
        let outcome = self.outcome().unwrap_or_else(|| {
            let scores = self.scores();
            let mut levels: Vec<u16> = scores.to_vec();
            levels.sort_unstable_by(|a, b| b.cmp(a));
            levels.dedup();
            Outcome::ranked(levels.iter().map(|l| Seat::all(scores.len()).filter(|s| scores[s.index()] == *l).collect()).collect())
        });
        0.25 + 0.5 * outcome.payoff(self.seat_count())[seat]
    }
}
