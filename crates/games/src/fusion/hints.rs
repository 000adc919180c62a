//! How the computer reads a FUSION position: the general search over positions dealt from its
//! own view (so it never sees the Threshold, a face-down card or another Stash), scored at the
//! end of the conflict, or, for playouts cut short, by who holds the top card, the cards each
//! side still holds and the damage waiting in each Payload.

use super::state::{Fusion, Phase};
use super::throwdown::Part;
use dojo_bot::SearchHints;
use dojo_engine::{Game, Seat};

impl SearchHints for Fusion {
    /// A Throwdown rarely lasts more than a few dozen steps; an evening's later conflicts are
    /// beyond what a single decision should weigh.
    const PLAYOUT_HORIZON: usize = 60;
    /// A FUSION step costs more to copy than a PUNISH one (the Deck, the sheets).
    const SEARCH_EFFORT: f64 = 0.4;

    /// The pilots' share of the table (the Coach scores the rest), in `[0, 1]`.
    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.payoff(self.seat_count())[seat];
        }
        let pilots = self.pilots_edge();
        if self.is_pilot(seat.0) { pilots } else { 1.0 - pilots }
    }
}

impl Fusion {
    /// How well the pilots stand in the conflict under way, from ½ (even) towards 0 or 1.
    fn pilots_edge(&self) -> f64 {
        let done: f64 = self
            .results
            .iter()
            .map(|r| match r {
                Some(Part::Pilots) => 0.3,
                Some(Part::Coach) => -0.3,
                _ => 0.0,
            })
            .sum();
        let mut edge = 0.5 + done;
        if let Some(fight) = &self.fight {
            if let Some(winner) = fight.winner {
                edge += if winner == Part::Pilots { 0.3 } else { -0.3 };
            } else if matches!(self.phase, Phase::Turn(_)) {
                if let Some(top) = fight.pile.top() {
                    edge += if self.is_pilot(top.seat) { 0.15 } else { -0.15 };
                }
                let held = |side: Part| -> f64 {
                    (0..self.seats())
                        .filter(|s| fight.parts[usize::from(*s)] == Some(side) && !fight.folded[usize::from(*s)])
                        .map(|s| self.hand(s).len() as f64)
                        .sum()
                };
                edge += 0.02 * (held(Part::Pilots) - held(Part::Coach));
            }
            edge += 0.04 * (fight.at_coach.live().count() as f64 - fight.at_pilots.live().count() as f64);
        }
        if let Some(gambit) = &self.gambit
            && let Some(outcome) = gambit.outcome
        {
            edge += if outcome.success() { 0.3 } else { -0.3 };
        }
        edge.clamp(0.02, 0.98)
    }
}
