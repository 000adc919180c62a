//! What one DRAGON PUNCH player may see, and how a full state is drawn from it for the bots.
//!
//! Health is public, and so is every card's place and whether it is flipped. Which unflipped
//! cards are red is the owner's secret, and of the flipped ones only the last flipped card
//! shows its colour to the other player (the others may be stacked out of sight).

use super::setup::Setup;
use super::state::{CardState, Decision, DragonPunch, Hand, MAX_HAND, Phase};
use dojo_engine::{Game, Observer, Outcome, Rng, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One card as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenCard {
    /// Flipped after use.
    pub flipped: bool,
    /// Switched to red; `None` when the observer cannot tell.
    pub red: Option<bool>,
}

/// Everything one observer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DragonPunchView {
    /// Whose view this is.
    pub observer: Observer,
    /// The set and what each player holds.
    pub table: Arc<Setup>,
    /// Where the match stands.
    pub phase: Phase,
    /// What this player must decide now (nothing for the public).
    pub decision: Option<Decision>,
    /// The result, once decided.
    pub outcome: Option<Outcome>,
    /// Each player's hand as this observer sees it.
    pub hands: [Vec<SeenCard>; 2],
    /// Each player's health.
    pub health: [u8; 2],
    /// Each player's last flipped card this round.
    pub last_flipped: [Option<u8>; 2],
    /// Who holds the Initiative this turn.
    pub initiative: Option<usize>,
    /// Round wins.
    pub wins: [u8; 2],
    /// Winner of each finished round.
    pub results: Vec<Option<Seat>>,
    /// Round, from 1.
    pub round: u8,
    /// Turn of the round, from 1.
    pub turn: u16,
    /// The cards played this turn, while damage is being switched.
    pub played: [Option<(u8, bool)>; 2],
}

pub(crate) fn view(state: &DragonPunch, observer: Observer) -> DragonPunchView {
    let hands = [0, 1].map(|p| {
        let own = observer.is(Seat(p as u8));
        state.hands[p][..state.hand_len(p)]
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let shown = own
                    || i >= state.basics(p)
                    || state.last_flipped[p] == Some(i as u8)
                    || state.played[p].is_some_and(|(card, _)| usize::from(card) == i);
                SeenCard { flipped: c.flipped, red: shown.then_some(c.red) }
            })
            .collect()
    });
    DragonPunchView {
        observer,
        table: state.table.clone(),
        phase: state.phase,
        decision: observer.seat().and_then(|s| state.decision_of(s)),
        outcome: state.outcome(),
        hands,
        health: [state.health(0), state.health(1)],
        last_flipped: state.last_flipped,
        initiative: state.initiative,
        wins: state.wins,
        results: state.results.clone(),
        round: state.round,
        turn: state.turn,
        played: state.played,
    }
}

/// A hand consistent with what the observer sees of it: unknown colours drawn so that the
/// health comes out right.
fn deal(seen: &[SeenCard], basics: usize, health: u8, rng: &mut Rng) -> Hand {
    let mut hand = [CardState::default(); MAX_HAND];
    let mut unknown = Vec::new();
    let mut known_red = 0;
    for (i, card) in seen.iter().enumerate().take(MAX_HAND) {
        hand[i].flipped = card.flipped;
        match card.red {
            Some(red) => {
                hand[i].red = red;
                known_red += u8::from(red && i < basics);
            }
            None => unknown.push(i),
        }
    }
    rng.shuffle(&mut unknown);
    let red_left = (basics as u8).saturating_sub(health).saturating_sub(known_red);
    for i in unknown.into_iter().take(usize::from(red_left)) {
        hand[i].red = true;
    }
    hand
}

pub(crate) fn determinize(view: &DragonPunchView, rng: &mut Rng) -> DragonPunch {
    DragonPunch {
        table: view.table.clone(),
        hands: [0, 1].map(|p| deal(&view.hands[p], view.table.players[p].basics.len(), view.health[p], rng)),
        last_flipped: view.last_flipped,
        initiative: view.initiative,
        wins: view.wins,
        results: view.results.clone(),
        round: view.round,
        turn: view.turn,
        phase: view.phase,
        played: view.played,
    }
}

pub(crate) fn resample_hidden(state: &DragonPunch, observer: Observer, rng: &mut Rng) -> DragonPunch {
    determinize(&view(state, observer), rng)
}
