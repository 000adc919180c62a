//! How the computer plays Rumble. The auction is planned, not searched: a power's worth shows
//! only over many rounds, past any look-ahead, so the computer bids around what it thinks each
//! power is worth, with some noise so its sheets cannot be read. Allocations and reveal-step
//! choices are searched over the menu, scored by each seat's share of the Energy still standing.

use super::action::{Act, Decision};
use super::state::Rumble;
use super::view::RumbleView;
use dojo_bot::{SearchHints, Strategy};
use dojo_engine::{Game, Seat};

impl SearchHints for Rumble {
    /// A few rounds ahead, then the Energy share decides.
    const PLAYOUT_HORIZON: usize = 8;
    /// Menus are long and every step computes them for every seat: a fifth of the usual effort.
    const SEARCH_EFFORT: f64 = 0.2;

    fn planned(view: &RumbleView, seat: Seat) -> Option<Strategy<Act>> {
        let game = &view.table;
        let decision = game.decision_of(seat.index())?;
        let menu = game.legal_actions(seat);
        match decision {
            Decision::Bid => {
                // The menu's sheets: nothing, half, full, one and a half of the worth, one power hard.
                let weights = [0.05, 0.25, 0.4, 0.2, 0.1];
                let sheets = super::menu::bid_sheet_list(game);
                let weighted: Vec<(Act, f64)> = sheets.into_iter().zip(weights).filter(|(a, _)| menu.contains(a)).collect();
                (!weighted.is_empty()).then(|| Strategy::from_weights(weighted))
            }
            // Tied heroes that all re-bid the same way tie again for ever: pick at random.
            Decision::Rebid(_) => (!menu.is_empty()).then(|| Strategy::from_weights(menu.into_iter().map(|a| (a, 1.0)).collect())),
            Decision::Give { .. } | Decision::Settle { .. } | Decision::Block { .. } | Decision::Moderate => {
                let first = menu.last().cloned()?;
                Some(Strategy::from_weights(vec![(first, 1.0)]))
            }
            _ => None,
        }
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.payoff(self.seat_count())[seat];
        }
        let energy = |h: &super::state::Hero| f64::from(h.energy.max(0)) + 4.0 * h.powers.len() as f64;
        let total: f64 = self.heroes.iter().filter(|h| h.standing()).map(energy).sum();
        let mine: f64 = self.heroes.iter().filter(|h| h.standing() && usize::from(h.seat) == seat.index()).map(energy).sum();
        if total <= 0.0 { 0.5 } else { (mine / total).clamp(0.0, 1.0) }
    }
}
