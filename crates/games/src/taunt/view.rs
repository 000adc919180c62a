//! What one TAUNT player may see, and how a full state is drawn from it for the bots.
//!
//! TAUNT hides little: every fighter holds the same known cards and disabled ones lie face up.
//! The secrets are the pick of the turn (never in the state before both picks are in) and the
//! cards laid face down in a taunting combo, of which the other seat sees only the count.

use super::moves::{Slot, Slots};
use super::setup::{Options, Position};
use super::state::{Corner, Decision, Phase, Taunt};
use dojo_engine::{Game, Outcome, PerSeat, Rng, Seat};
use serde::{Deserialize, Serialize};

/// Everything one player may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TauntView {
    /// Whose view this is.
    pub seat: Seat,
    /// Match options.
    pub options: Options,
    /// Where the match stands.
    pub phase: Phase,
    /// What this player must decide now, if anything.
    pub decision: Option<Decision>,
    /// The series result, once decided.
    pub outcome: Option<Outcome>,
    /// Fight of the series, from 1.
    pub fight: u8,
    /// Turn of the fight, from 1.
    pub turn: u16,
    /// Fight wins per player.
    pub wins: PerSeat<u8>,
    /// Winner of each finished fight (`None`: double knockout).
    pub results: Vec<Option<Seat>>,
    /// The Position.
    pub position: Position,
    /// Each fighter's public situation.
    pub corners: PerSeat<Corner>,
    /// Cards each fighter has face down in a combo.
    pub queued: PerSeat<u8>,
    /// This player's own face-down cards, next first.
    pub my_queue: Vec<Slot>,
    /// Revealed moves waiting for the order choice.
    pub pending: Option<[Option<Slot>; 2]>,
    /// Which pending moves came from a combo.
    pub pending_queued: [bool; 2],
    /// Fighters who will lay combo cards after the Position choice.
    pub queue_next: [bool; 2],
}

impl TauntView {
    /// This player's corner.
    pub fn me(&self) -> &Corner {
        &self.corners[self.seat]
    }

    /// The other player's corner.
    pub fn them(&self) -> &Corner {
        &self.corners[self.seat.opponent()]
    }
}

pub(crate) fn view_for(state: &Taunt, seat: Seat) -> TauntView {
    TauntView {
        seat,
        options: state.options,
        phase: state.phase,
        decision: state.decision(seat),
        outcome: state.outcome(),
        fight: state.fight,
        turn: state.turn,
        wins: PerSeat(state.wins.to_vec()),
        results: state.results.clone(),
        position: state.position,
        corners: PerSeat(state.corners.to_vec()),
        queued: PerSeat(state.queues.iter().map(|q| q.len() as u8).collect()),
        my_queue: state.queues[seat.index()].clone(),
        pending: state.pending,
        pending_queued: state.pending_queued,
        queue_next: state.queue_next,
    }
}

/// A random face-down combo of `count` cards that `corner` could have laid.
fn deal_queue(corner: &Corner, count: usize, rng: &mut Rng) -> Vec<Slot> {
    let mut pool: Vec<Slot> =
        Slot::ALL.into_iter().filter(|s| *s != Slot::Taunt && !corner.disabled.contains(*s) && !corner.combo_played.contains(*s)).collect();
    rng.shuffle(&mut pool);
    pool.truncate(count);
    pool
}

pub(crate) fn determinize(view: &TauntView, rng: &mut Rng) -> Taunt {
    let me = view.seat.index();
    let opp = 1 - me;
    let mut queues: [Vec<Slot>; 2] = Default::default();
    queues[me] = view.my_queue.clone();
    queues[opp] = deal_queue(&view.corners.0[opp], usize::from(view.queued.0[opp]), rng);
    Taunt {
        options: view.options,
        phase: view.phase,
        fight: view.fight,
        turn: view.turn,
        wins: [view.wins.0[0], view.wins.0[1]],
        results: view.results.clone(),
        position: view.position,
        corners: [view.corners.0[0], view.corners.0[1]],
        queues,
        pending: view.pending,
        pending_queued: view.pending_queued,
        queue_next: view.queue_next,
    }
}

pub(crate) fn resample_hidden(state: &Taunt, observer: Seat, rng: &mut Rng) -> Taunt {
    let opp = 1 - observer.index();
    let mut out = state.clone();
    out.queues[opp] = deal_queue(&state.corners[opp], state.queues[opp].len(), rng);
    out
}

/// The cards a seat may still lay face down (used by the page to offer them).
pub fn queueable(view: &TauntView) -> Slots {
    Slot::ALL.into_iter().filter(|s| *s != Slot::Taunt && !view.me().disabled.contains(*s) && !view.my_queue.contains(s)).collect()
}
