//! How the computer players read a PUNISH position: each game of a match on its own, and a
//! heuristic from hearts and games won.

use super::state::Punish;
use crate::duel::rival;
use dojo_bot::SearchHints;
use dojo_engine::{Outcome, PerSeat, Seat};

impl SearchHints for Punish {
    /// Games of a match are independent, so search scores the game being played.
    fn search_payoff(&self, root: &Self) -> Option<PerSeat<f64>> {
        let decided = root.game_winners.len();
        self.game_winners.get(decided).map(|w| Outcome::winner(*w, Seat::all(2)).payoff(2))
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = dojo_engine::Game::outcome(self) {
            return o.payoff(2)[seat];
        }
        let (s, o) = (seat.index(), rival(seat).index());
        let max = f64::from(self.options.hearts);
        let hearts = (f64::from(self.hearts[s]) - f64::from(self.hearts[o])) / max;
        let wins = (f64::from(self.wins[s]) - f64::from(self.wins[o])) / f64::from(self.options.wins_needed());
        (0.5 + 0.3 * hearts + 0.2 * wins).clamp(0.0, 1.0)
    }
}
