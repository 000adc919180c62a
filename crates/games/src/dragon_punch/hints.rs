//! How the computer players read a DRAGON PUNCH position: rounds won, then health, then the
//! cards still unflipped and the Initiative.

use super::state::{DragonPunch, ROUNDS_TO_WIN};
use dojo_bot::SearchHints;
use dojo_engine::{Game, Seat};

impl SearchHints for DragonPunch {
    /// A round lasts a dozen turns or so: a short look ahead read by health.
    const PLAYOUT_HORIZON: usize = 16;

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.payoff(2)[seat];
        }
        let p = seat.index();
        let standing = |q: usize| {
            let health = f64::from(self.health(q)) / self.basics(q) as f64;
            let ready = self.hands[q][..self.hand_len(q)].iter().filter(|c| !c.flipped).count() as f64 / self.hand_len(q) as f64;
            let lead = if self.initiative == Some(q) { 0.05 } else { 0.0 };
            f64::from(self.wins[q]) / f64::from(ROUNDS_TO_WIN) + 0.4 * health + 0.1 * ready + lead
        };
        (0.5 + 0.5 * (standing(p) - standing(1 - p))).clamp(0.0, 1.0)
    }
}
