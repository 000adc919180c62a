//! What one PUNISH player may see, and how a full state is drawn from it for the bots.

use super::card::{Card, Cards};
use super::setup::{Options, Statuses};
use super::state::{Decision, Phase, Play, Punish, Reveal};
use dojo_engine::{Game, Outcome, PerSeat, Rng, Seat};
use serde::{Deserialize, Serialize};

/// Everything one player may see: the public table plus their own hand and plan.
///
/// The other player's hand, secret plan and the deck order are absent by construction; only their
/// sizes (and, Blindfolded, which breath slots hold a face-down card) are shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PunishView {
    /// Whose view this is.
    pub seat: Seat,
    /// Match options.
    pub options: Options,
    /// Where the match stands.
    pub phase: Phase,
    /// What this player must decide now, if anything.
    pub decision: Option<Decision>,
    /// The match result, once decided.
    pub outcome: Option<Outcome>,
    /// Game of the match, from 1.
    pub game: u8,
    /// Game wins per player.
    pub wins: PerSeat<u8>,
    /// Winner of each finished game.
    pub game_winners: Vec<Seat>,
    /// Measure of the current game, from 1.
    pub measure: u16,
    /// Breath of the measure, from 1.
    pub breath: u8,
    /// Hearts per player.
    pub hearts: PerSeat<u8>,
    /// Statuses in force this breath, per player.
    pub statuses: PerSeat<Statuses>,
    /// This player's hand.
    pub hand: Cards,
    /// Cards in each player's hand.
    pub hand_sizes: PerSeat<u8>,
    /// Cards left in the deck.
    pub deck_size: u8,
    /// The two cards revealed out of play.
    pub revealed: Vec<Card>,
    /// Cards played or discarded this measure, face up.
    pub discard: Vec<Card>,
    /// The breaths revealed so far this measure.
    pub history: Vec<Reveal>,
    /// Whether each player has used their Feint this measure (public once revealed).
    pub feint_used: PerSeat<bool>,
    /// Blindfolded: this player's plan so far (`None`: a breath they sit out).
    pub my_plan: Vec<Option<Play>>,
    /// Blindfolded: each player's plan slots, `true` for a face-down card, `false` for a skipped breath.
    pub plan_slots: PerSeat<Vec<bool>>,
}

impl PunishView {
    /// The cards this player cannot account for: in the opponent's hand or plan, or in the deck.
    pub fn unseen(&self) -> Cards {
        let mut pool: Cards = Card::full_deck().into_iter().collect();
        let seen = self
            .hand
            .to_vec()
            .into_iter()
            .chain(self.my_plan.iter().flatten().map(|p| p.card))
            .chain(self.revealed.iter().copied())
            .chain(self.discard.iter().copied());
        for card in seen {
            pool.remove(card);
        }
        pool
    }
}

pub(crate) fn view_for(state: &Punish, seat: Seat) -> PunishView {
    let s = seat.index();
    PunishView {
        seat,
        options: state.options,
        phase: state.phase,
        decision: state.decision(seat),
        outcome: state.outcome(),
        game: state.game,
        wins: PerSeat(state.wins.to_vec()),
        game_winners: state.game_winners.clone(),
        measure: state.measure,
        breath: state.breath,
        hearts: PerSeat(state.hearts.to_vec()),
        statuses: PerSeat(state.status.to_vec()),
        hand: state.hands[s],
        hand_sizes: PerSeat(state.hands.iter().map(|h| h.len() as u8).collect()),
        deck_size: state.deck.len() as u8,
        revealed: state.revealed.clone(),
        discard: state.discard.clone(),
        history: state.history.clone(),
        feint_used: PerSeat(state.feint_used.to_vec()),
        my_plan: state.plans[s].clone(),
        plan_slots: PerSeat(state.plans.iter().map(|p| p.iter().map(Option::is_some).collect()).collect()),
    }
}

/// Deals the hidden cards of one opponent: a plan matching `slots`, a hand of `hand_size`, the rest as the deck.
///
/// A face-down card followed by a skipped slot must be a Punish (only Punish makes a player sit
/// out); one followed by another card, or by a slot still to plan, cannot be.
fn deal_hidden(
    slots: &[bool],
    slots_in_measure: usize,
    hand_size: usize,
    pool: Cards,
    rng: &mut Rng,
) -> (Vec<Option<Play>>, Cards, Vec<Card>) {
    let mut cards = pool.to_vec();
    rng.shuffle(&mut cards);
    let mut plan: Vec<Option<Play>> = vec![None; slots.len()];
    let take = |cards: &mut Vec<Card>, want: &dyn Fn(Card) -> bool| {
        let i = cards.iter().position(|c| want(*c)).unwrap_or(0);
        cards.remove(i)
    };
    // Fill the most constrained slots first so a consistent deal always exists.
    for (i, _) in slots.iter().enumerate().filter(|(i, f)| **f && slots.get(i + 1) == Some(&false)) {
        plan[i] = Some(Play::card(take(&mut cards, &|c| c == Card::Punish)));
    }
    for (i, filled) in slots.iter().enumerate() {
        if !*filled || plan[i].is_some() {
            continue;
        }
        let followed = i + 1 < slots.len() || slots.len() < slots_in_measure;
        let card = if followed { take(&mut cards, &|c| c != Card::Punish) } else { take(&mut cards, &|_| true) };
        plan[i] = Some(Play::card(card));
    }
    let deck = cards.split_off(hand_size.min(cards.len()));
    (plan, cards.into_iter().collect(), deck)
}

pub(crate) fn determinize(view: &PunishView, rng: &mut Rng) -> Punish {
    let me = view.seat.index();
    let opp = 1 - me;
    let slots = usize::from(view.options.breaths_per_measure());
    let (opp_plan, opp_hand, deck) = deal_hidden(&view.plan_slots.0[opp], slots, usize::from(view.hand_sizes.0[opp]), view.unseen(), rng);
    let mut hands = [Cards::default(); 2];
    hands[me] = view.hand;
    hands[opp] = opp_hand;
    let mut plans: [Vec<Option<Play>>; 2] = Default::default();
    plans[me] = view.my_plan.clone();
    plans[opp] = opp_plan;
    Punish {
        options: view.options,
        rng: Rng::new(rng.next_u64()),
        phase: view.phase,
        game: view.game,
        wins: [view.wins.0[0], view.wins.0[1]],
        game_winners: view.game_winners.clone(),
        measure: view.measure,
        breath: view.breath,
        hearts: [view.hearts.0[0], view.hearts.0[1]],
        status: [view.statuses.0[0], view.statuses.0[1]],
        hands,
        deck,
        revealed: view.revealed.clone(),
        discard: view.discard.clone(),
        history: view.history.clone(),
        feint_used: [view.feint_used.0[0], view.feint_used.0[1]],
        plans,
    }
}

pub(crate) fn resample_hidden(state: &Punish, observer: Seat, rng: &mut Rng) -> Punish {
    let opp = 1 - observer.index();
    let mut pool = state.hands[opp];
    state.deck.iter().chain(state.plans[opp].iter().flatten().map(|p| &p.card)).for_each(|c| pool.add(*c));
    let slots: Vec<bool> = state.plans[opp].iter().map(Option::is_some).collect();
    let (plan, hand, deck) = deal_hidden(&slots, usize::from(state.options.breaths_per_measure()), state.hands[opp].len(), pool, rng);
    let mut out = state.clone();
    out.plans[opp] = plan;
    out.hands[opp] = hand;
    out.deck = deck;
    out.rng = Rng::new(rng.next_u64());
    out
}
