//! How a game ended.

use crate::seat::{PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// These seats won (one seat, or a team); every other seat lost.
    Won(Vec<Seat>),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// A win for a single seat.
    pub fn winner(seat: Seat) -> Self {
        Outcome::Won(vec![seat])
    }

    /// True when `seat` is among the winners.
    pub fn is_win_for(&self, seat: Seat) -> bool {
        matches!(self, Outcome::Won(w) if w.contains(&seat))
    }

    /// Scores in `[0, 1]` per seat: winners share 1, a draw shares it between all seats.
    pub fn payoff(&self, seat_count: usize) -> PerSeat<f64> {
        match self {
            Outcome::Won(winners) if !winners.is_empty() => {
                let share = 1.0 / winners.len() as f64;
                PerSeat::from_fn(seat_count, |s| if winners.contains(&s) { share } else { 0.0 })
            }
            _ => PerSeat::filled(seat_count, 1.0 / seat_count.max(1) as f64),
        }
    }
}
