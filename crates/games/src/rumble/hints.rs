//! How the computer plays Rumble.
//!
//! Rumble's decisions carry free numbers and its outcome shows only over many rounds, so the
//! computer does not run the general search. It plans:
//! - **Bids:** a few of the powers it values most (the catalog's worth for the table size),
//!   each at about its worth with some noise, never more than a third of its Energy in all, so
//!   its sheets cannot be read and it never buys itself out of the fight.
//! - **Allocations and reveal-step choices:** every option of its menu is tried against
//!   samples of what the other heroes might do (their menus, drawn at random from what it can
//!   see), each sample played to the end of the round; the option with the best average share
//!   of the Energy still standing is chosen (a knocked-out rival counts for nothing).
//!   The levels differ in how many samples they take and how much randomness they mix in.

use super::action::{Act, Decision};
use super::state::{Phase, Rumble};
use super::view::RumbleView;
use dojo_bot::{SearchHints, Strategy};
use dojo_engine::{Game, Joint, PerSeat, Rng, Seat, apply};

/// Samples of the other heroes' choices per option.
const SAMPLES: usize = 32;

impl SearchHints for Rumble {
    /// Two rounds or so ahead, then the Energy share decides (used by the yardsticks).
    const PLAYOUT_HORIZON: usize = 8;

    fn planned(view: &RumbleView, seat: Seat) -> Option<Strategy<Act>> {
        let game = &view.table;
        let decision = game.decision_of(seat.index())?;
        let menu = game.legal_actions(seat);
        if menu.is_empty() {
            return None;
        }
        // The view holds everything the bot may know; its seed varies the plan by position.
        let mut rng = Rng::new(view_seed(view, seat));
        match decision {
            Decision::Bid => Some(Strategy::from_weights(vec![(bid_plan(game, seat, &mut rng), 1.0)])),
            // A re-bid at random among backing down, holding and raising, so ties end.
            Decision::Rebid { .. } => Some(Strategy::uniform(&menu)),
            Decision::Allocate(_) | Decision::Reveal(_) if menu.len() > 1 => Some(best_by_rollout(view, seat, &menu, &mut rng)),
            _ => Some(Strategy::from_weights(vec![(menu[menu.len() - 1].clone(), 1.0)])),
        }
    }

    /// Allocations are the decisions the computer weighs (by rollouts); bids and the rest are quick.
    fn thinks(view: &RumbleView, seat: Seat) -> bool {
        matches!(view.table.decision_of(seat.index()), Some(Decision::Allocate(_)))
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.payoff(self.seat_count())[seat];
        }
        // Each seat's standing Energy (a power is worth a little), squared: the chance to be
        // the last one standing grows faster than the Energy share, so a knocked-out rival or
        // a wide lead counts for more than an even spread.
        let energy = |h: &super::state::Hero| f64::from(h.energy.max(0)) + 4.0 * h.powers.len() as f64;
        let per_seat: Vec<f64> = (0..self.seat_count())
            .map(|s| self.heroes.iter().filter(|h| h.standing() && usize::from(h.seat) == s).map(energy).sum::<f64>())
            .collect();
        let total: f64 = per_seat.iter().map(|e| e.powi(4)).sum();
        let mine = per_seat[seat.index()].powi(4);
        if total <= 0.0 { 0.5 } else { (mine / total).clamp(0.0, 1.0) }
    }
}

/// A seed drawn from the position, so the same position gives the same plan.
fn view_seed(view: &RumbleView, seat: Seat) -> u64 {
    let energies = view.table.heroes.iter().fold(0u64, |acc, h| acc.wrapping_mul(1_000_003).wrapping_add(h.energy as u64));
    energies ^ (u64::from(view.table.round) << 40) ^ ((seat.index() as u64) << 56) ^ view.table.lots.len() as u64
}

/// The computer's bid sheet: its two to four most valued powers, about their worth each.
fn bid_plan(game: &Rumble, seat: Seat, rng: &mut Rng) -> Act {
    let mut order: Vec<usize> = (0..game.lots.len()).filter(|l| game.kind(game.lots[*l]) != super::catalog::Kind::Flaw).collect();
    let mut worth = |l: usize| f64::from(super::menu::worth(game, game.lots[l])) * (0.7 + 0.6 * rng.unit());
    let mut scored: Vec<(usize, f64)> = order.drain(..).map(|l| (l, worth(l))).collect();
    dojo_engine::sorting::sort_by(&mut scored, |a, b| b.1.total_cmp(&a.1));
    let wanted = 2 + rng.below(3);
    let budget = f64::from(super::setup::START_ENERGY) / 3.0;
    let mut bids = vec![0u16; game.lots.len()];
    let mut spent = 0.0;
    for (lot, value) in scored.into_iter().take(wanted) {
        let bid = value.round().min(budget - spent);
        if bid >= 1.0 {
            bids[lot] = bid as u16;
            spent += bid;
        }
    }
    let _ = seat;
    Act::Bid { bids, might_discard: Vec::new() }
}

/// Tries each option against sampled choices of everyone else, played to the end of the round.
fn best_by_rollout(view: &RumbleView, seat: Seat, menu: &[Act], rng: &mut Rng) -> Strategy<Act> {
    let mut scores = vec![0.0; menu.len()];
    for _ in 0..SAMPLES {
        let start = Rumble::determinize(view, rng);
        // One draw of the others' choices, shared by every option so they are compared fairly.
        let others: Vec<Option<Act>> = (0..start.seat_count())
            .map(|s| {
                let legal = start.legal_actions(Seat(s as u8));
                (s != seat.index() && !legal.is_empty()).then(|| legal[rng.below(legal.len())].clone())
            })
            .collect();
        let follow_seed = rng.next_u64();
        for (i, option) in menu.iter().enumerate() {
            let mut state = start.clone();
            let mut joint: Joint<Act> = PerSeat(others.clone());
            joint[seat] = Some(option.clone());
            if apply(&mut state, &joint).is_err() {
                scores[i] -= 1.0;
                continue;
            }
            finish_round(&mut state, &mut Rng::new(follow_seed));
            scores[i] += state.heuristic(seat);
        }
    }
    // Every option keeps a weight that falls off fast with its shortfall from the best, so
    // Hard (which trims the unlikely) plays the best and Easy (which mixes in randomness)
    // spreads over the menu.
    let best = scores.iter().copied().fold(f64::MIN, f64::max);
    let weight = |s: f64| ((s - best) / (0.02 * SAMPLES as f64)).exp();
    Strategy::from_weights(menu.iter().cloned().zip(scores).map(|(a, s)| (a, weight(s))).collect())
}

/// Plays the rest of the round (reveal step, moderator, blocks) with menu choices.
fn finish_round(state: &mut Rumble, rng: &mut Rng) {
    for _ in 0..6 {
        if matches!(state.phase, Phase::Allocating | Phase::Over) {
            return;
        }
        let Some(joint) = dojo_engine::joint_from(state, |_, legal| legal[rng.below(legal.len())].clone()) else { return };
        if apply(state, &joint).is_err() {
            return;
        }
    }
}
