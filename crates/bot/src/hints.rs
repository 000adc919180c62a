//! What the search needs to know about a game beyond its rules: how to score an unfinished
//! position and how much effort it is worth. Each game implements this in its own folder.

use crate::strategy::Strategy;
use dojo_engine::{Game, PerSeat, Seat};

/// Search tuning for one game: payoff shaping, a heuristic, the playout horizon and the effort.
///
/// Rules live in [`Game`]; these hints only steer the computer players, so a game can be made
/// stronger or faster to search without touching its rules.
pub trait SearchHints: Game {
    /// How many joint steps a search's random playout may run before it stops and scores the
    /// position with [`SearchHints::heuristic`]. Games whose random play takes long to reach a
    /// result, or whose heuristic is good, use a short horizon to keep the bot fast.
    const PLAYOUT_HORIZON: usize = 400;

    /// The share of a difficulty level's simulations this game runs. Games whose simulations
    /// cost more than PUNISH's use less than 1 so every level still decides within its time budget.
    const SEARCH_EFFORT: f64 = 1.0;

    /// Scores per seat in `[0, 1]` once play from `root` has reached a point worth scoring, or
    /// `None` to keep playing. By default, the end of the game.
    fn search_payoff(&self, root: &Self) -> Option<PerSeat<f64>> {
        let _ = root;
        self.outcome().map(|o| o.payoff(self.seat_count()))
    }

    /// A plan for a decision that search cannot weigh, played instead of searching: say, a
    /// secret build made card by card whose worth shows only many steps later, past any
    /// playout. `None` (the default) to search as usual.
    fn planned(view: &Self::View, seat: Seat) -> Option<Strategy<Self::Action>> {
        let _ = (view, seat);
        None
    }

    /// True when `seat`'s decision in `view` is one the computer thinks about, as opposed to
    /// a quick plan: what `dojo bot-eval` times. By default, any decision not taken by plan.
    fn thinks(view: &Self::View, seat: Seat) -> bool {
        Self::planned(view, seat).is_none()
    }
    /// A cheap estimate of how well `seat` stands, in `[0, 1]`: scores playouts cut short and
    /// guides the greedy yardstick player. By default ½ until the game is over.
    fn heuristic(&self, seat: Seat) -> f64 {
        match self.outcome() {
            Some(o) => o.payoff(self.seat_count())[seat],
            None => 0.5,
        }
    }
}
