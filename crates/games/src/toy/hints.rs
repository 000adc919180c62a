//! How the computer players read a Sealed Bids position: points so far, as places.

use super::state::Toy;
use dojo_bot::SearchHints;
use dojo_engine::{Game, Outcome, PerSeat, Seat};

impl SearchHints for Toy {
    /// A Sealed Bids simulation is short (five rounds): Hard's 6,000 simulations took 47 ms
    /// natively at four seats and won 39.3% of games against three random players. At two and
    /// a half times as many, 40.5% (1,000 games, within noise) but 170–230 ms on a busy
    /// two-core machine; twice as many keeps a margin under the 200 ms budget. More simulations
    /// only take noise out of the root's regret estimates, where each of the bot's five bids
    /// meets thousands of different opposing bids. Measured with `dojo bot-eval toy --seats 4`.
    const SEARCH_EFFORT: f64 = 2.0;

    /// Only first place counts (shared when tied): the bot plays to win, not to place well.
    fn search_payoff(&self, _root: &Self) -> Option<PerSeat<f64>> {
        let outcome = self.outcome()?;
        let first = outcome.places.first().cloned().unwrap_or_default();
        Some(PerSeat::from_fn(self.seat_count(), |s| if first.contains(&s) { 1.0 / first.len() as f64 } else { 0.0 }))
    }

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
