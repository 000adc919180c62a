//! How the computer players read a Sealed Bids position: points so far, as places.
//!
//! Measured at four seats against three random players (`dojo bot-eval toy --seats 4 --level
//! hard --against random`, 1,000 games, ±1.5 points): Hard wins 39.3% in 47 ms a decision.
//! More simulations did not help (twice as many 37.1%, two and a half times 40.5%), nor did an
//! open-loop tree following the bot's own bids (38.8% of 400), nor modelling the opponents as
//! uniform (41.5% of 400). Play against random players has a low ceiling: picking each bid by
//! 1,000 playouts per bid against the true random opponents wins 44.4%, and a player who sees
//! the other three bids before bidding, and takes every prize it can with its lowest winning
//! card, wins only 60.7%.

use super::state::Toy;
use dojo_bot::SearchHints;
use dojo_engine::{Game, Outcome, PerSeat, Seat};

impl SearchHints for Toy {
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
