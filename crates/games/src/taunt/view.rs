//! What one TAUNT player may see, and how a full state is drawn from it for the bots.
//!
//! TAUNT hides little: every fighter holds the same known cards and disabled ones lie face up.
//! The secrets are the pick of the turn (never in the state before both picks are in) and the
//! cards laid face down in a taunting combo, of which the other seat sees only the count.

use super::act::Turn;
use super::monsters::{Hand, MONSTER_KINDS, MonstersView, Trainer};
use super::moves::{Slot, Slots};
use super::ring::{Fighters, PerFighter};
use super::setup::{Battle, Half, Options, Position};
use super::state::{Corner, Decision, Phase, Taunt};
use crate::duel::rival;
use dojo_engine::{Game, Observer, Outcome, PerSeat, Rng, Seat};
use serde::{Deserialize, Serialize};

/// Everything one observer may see: the public view (a spectator, the shared table of a
/// hot-seat device) shows the count of each fighter's face-down cards but none of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TauntView {
    /// Whose view this is: a player, or the public.
    pub observer: Observer,
    /// Match options.
    pub options: Options,
    /// Where the match stands.
    pub phase: Phase,
    /// What this player must decide now, if anything (nothing for the public).
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
    /// The Position of a duel (and of the last two of a Last Pobber Standing).
    pub position: Position,
    /// The way of playing.
    pub battle: Battle,
    /// A circle: the marker each fighter shares with the next one still in it.
    pub markers: Vec<Position>,
    /// Team Battle: the half of the Dojo each fighter stands in.
    pub halves: Vec<Half>,
    /// Fighters out of a circle or Team Battle, a group per turn, the first out first.
    pub out_order: Vec<Vec<Seat>>,
    /// Final places of a mode for more fighters, once it is over.
    pub places: Vec<Vec<Seat>>,
    /// Position choices still owed this turn: (attacker, victim).
    pub owed_places: Vec<(Seat, Seat)>,
    /// A turn waiting for a runner's choice of markers (every move in it is revealed).
    pub paused: Option<Box<Turn>>,
    /// Each fighter's public situation.
    pub corners: PerSeat<Corner>,
    /// Cards each fighter has face down in a combo.
    pub queued: PerSeat<u8>,
    /// This player's own face-down cards, next first (none for the public).
    pub my_queue: Vec<Slot>,
    /// Revealed moves, one per fighter, waiting for the order choice.
    pub pending: Option<Vec<Option<Slot>>>,
    /// Which pending moves came from a combo.
    pub pending_queued: Fighters,
    /// Fighters who will lay combo cards after the Position choice.
    pub queue_next: Fighters,
    /// Monsters: each trainer's monster in play and what this observer knows of every monster
    /// (all of a trainer's own cards; of the other trainer's, only those seen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monsters: Option<MonstersView>,
}

impl TauntView {
    /// The seat whose point of view this is (Player 1's for the public view).
    fn seat(&self) -> Seat {
        self.observer.seat().unwrap_or(Seat(0))
    }

    /// This player's corner (Player 1's in the public view).
    pub fn me(&self) -> &Corner {
        &self.corners[self.seat()]
    }

    /// The other fighter's corner when two fighters face each other (a duel, or the last two of
    /// a circle): the first other fighter still in the fight (Player 2's in a duel's public view).
    pub fn them(&self) -> &Corner {
        let me = self.seat();
        let other = Seat::all(self.corners.0.len()).find(|s| *s != me && !self.corners[*s].out).unwrap_or_else(|| rival(me));
        &self.corners[other]
    }
}

pub(crate) fn view(state: &Taunt, observer: Observer) -> TauntView {
    TauntView {
        observer,
        options: state.options,
        phase: state.phase,
        decision: observer.seat().and_then(|seat| state.decision(seat)),
        outcome: state.outcome(),
        fight: state.fight,
        turn: state.turn,
        wins: PerSeat(state.wins.to_vec()),
        results: state.results.clone(),
        position: state.position,
        battle: state.options.battle,
        markers: state.markers.to_vec(),
        halves: state.halves.to_vec(),
        out_order: state.out_order.clone(),
        places: state.places.clone(),
        owed_places: state.owed_places.clone(),
        paused: state.paused.clone(),
        corners: PerSeat(state.corners.to_vec()),
        queued: PerSeat(state.queues.iter().map(|q| q.len() as u8).collect()),
        my_queue: observer.seat().map_or_else(Vec::new, |seat| state.queues[seat.index()].to_vec()),
        pending: state.pending.clone(),
        pending_queued: state.pending_queued,
        queue_next: state.queue_next,
        monsters: state.monsters.as_ref().map(|m| MonstersView::of(m, observer.seat().map(Seat::index))),
    }
}

/// A random face-down combo of `count` cards that `corner` could have laid.
fn deal_queue(corner: &Corner, trainer: Option<&Trainer>, count: usize, rng: &mut Rng) -> Vec<Slot> {
    let mut pool: Vec<Slot> = match trainer {
        // A trainer lays cards its monster in play holds and can play.
        Some(t) => MONSTER_KINDS
            .into_iter()
            .filter(|k| *k != Slot::Taunt)
            .flat_map(|k| std::iter::repeat_n(k, usize::from(t.playable(k))))
            .collect(),
        None => Slot::ALL
            .into_iter()
            .filter(|s| *s != Slot::Taunt && !corner.disabled.contains(*s) && !corner.combo_played.contains(*s))
            .collect(),
    };
    rng.shuffle(&mut pool);
    if trainer.is_some() {
        // A drawn monster may hold fewer cards to lay than its trainer really laid: the rest are
        // drawn from the whole deck, so the count the other trainer saw stays right.
        while pool.len() < count {
            pool.push(MONSTER_KINDS[rng.below(MONSTER_KINDS.len() - 1)]);
        }
    }
    pool.truncate(count);
    pool
}

pub(crate) fn determinize(view: &TauntView, rng: &mut Rng) -> Taunt {
    let monsters = view.monsters.as_ref().map(|m| Box::new(m.trainers(|pool| pool.swap_remove(rng.below(pool.len())))));
    let queues = (0..view.corners.0.len())
        .map(|s| {
            if view.observer.is(Seat(s as u8)) {
                view.my_queue.iter().copied().collect()
            } else {
                let trainer = monsters.as_ref().map(|m| &m.trainers[s]);
                deal_queue(&view.corners.0[s], trainer, usize::from(view.queued.0[s]), rng).into_iter().collect()
            }
        })
        .collect();
    let queues = PerFighter::from_vec(queues);
    Taunt {
        options: view.options,
        phase: view.phase,
        fight: view.fight,
        turn: view.turn,
        wins: PerFighter::from_vec(view.wins.0.clone()),
        results: view.results.clone(),
        position: view.position,
        markers: PerFighter::from_vec(view.markers.clone()),
        halves: PerFighter::from_vec(view.halves.clone()),
        out_order: view.out_order.clone(),
        places: view.places.clone(),
        owed_places: view.owed_places.clone(),
        paused: view.paused.clone(),
        corners: PerFighter::from_vec(view.corners.0.clone()),
        queues,
        pending: view.pending.clone(),
        pending_queued: view.pending_queued,
        queue_next: view.queue_next,
        monsters,
    }
}

pub(crate) fn resample_hidden(state: &Taunt, observer: Observer, rng: &mut Rng) -> Taunt {
    let mut out = state.clone();
    if let Some(m) = &state.monsters {
        // Redraw every card the observer has not seen, from the observer's own view.
        let seen = MonstersView::of(m, observer.seat().map(Seat::index));
        out.monsters = Some(Box::new(seen.trainers(|pool| pool.swap_remove(rng.below(pool.len())))));
    }
    for s in state.fighters().filter(|s| !observer.is(Seat(*s as u8))) {
        let trainer = out.monsters.as_ref().map(|m| m.trainers[s]);
        out.queues[s] = deal_queue(&state.corners[s], trainer.as_ref(), state.queues[s].len(), rng).into_iter().collect();
    }
    out
}

/// The cards a seat may still lay face down (used by the page to offer them).
pub fn queueable(view: &TauntView) -> Slots {
    if let Some(m) = &view.monsters {
        // A trainer lays the cards of its monster in play that are neither disabled nor laid.
        let me = &m.trainers[view.seat().index()];
        let monster = &me.monsters[usize::from(me.active)];
        let hand = Hand::of(&monster.cards);
        let off = Hand::of(&monster.disabled);
        let laid = Hand::of(&view.my_queue);
        return MONSTER_KINDS.into_iter().filter(|k| *k != Slot::Taunt && hand.count(*k) > off.count(*k) + laid.count(*k)).collect();
    }
    Slot::ALL.into_iter().filter(|s| *s != Slot::Taunt && !view.me().disabled.contains(*s) && !view.my_queue.contains(s)).collect()
}
