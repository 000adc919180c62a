//! What one PUNISH player may see, and how a full state is drawn from it for the bots.

use super::card::{Card, Cards};
use super::setup::{Options, Statuses};
use super::state::{Decision, Phase, Play, Punish, Reveal};
use dojo_engine::{Game, Observer, Outcome, PerSeat, Rng, Seat};
use serde::{Deserialize, Serialize};

/// Everything one observer may see: the public table, plus a player's own hand and plan.
///
/// The other player's hand, secret plan and the deck order are absent by construction; only their
/// sizes (and, Blindfolded, which breath slots hold a face-down card) are shown. The public view
/// (a spectator, the shared table of a hot-seat device) holds no hand and no plan at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PunishView {
    /// Whose view this is: a player, or the public.
    pub observer: Observer,
    /// Match options.
    pub options: Options,
    /// Where the match stands.
    pub phase: Phase,
    /// What this player must decide now, if anything (nothing for the public).
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
    /// This player's hand (empty for the public).
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
    /// Blindfolded: this player's plan so far (`None`: a breath they sit out); empty for the public.
    pub my_plan: Vec<Option<Play>>,
    /// Blindfolded: each player's plan slots, `true` for a face-down card, `false` for a skipped breath.
    pub plan_slots: PerSeat<Vec<bool>>,
}

impl PunishView {
    /// The cards this observer cannot account for: in a hand or plan it cannot see, or in the deck.
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

pub(crate) fn view(state: &Punish, observer: Observer) -> PunishView {
    let mine = observer.seat().map(Seat::index);
    PunishView {
        observer,
        options: state.options,
        phase: state.phase,
        decision: observer.seat().and_then(|seat| state.decision(seat)),
        outcome: state.outcome(),
        game: state.game,
        wins: PerSeat(state.wins.to_vec()),
        game_winners: state.game_winners.clone(),
        measure: state.measure,
        breath: state.breath,
        hearts: PerSeat(state.hearts.to_vec()),
        statuses: PerSeat(state.status.to_vec()),
        hand: mine.map_or_else(Cards::default, |s| state.hands[s]),
        hand_sizes: PerSeat(state.hands.iter().map(|h| h.len() as u8).collect()),
        deck_size: state.deck.len() as u8,
        revealed: state.revealed.clone(),
        discard: state.discard.clone(),
        history: state.history.clone(),
        feint_used: PerSeat(state.feint_used.to_vec()),
        my_plan: mine.map_or_else(Vec::new, |s| state.plans[s].clone()),
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

/// Deals the hands and plans of every seat in `hidden` from `pool`, each matching its plan slots
/// and hand size; what is left, shuffled, becomes the deck.
fn deal_seats(
    hidden: &[usize],
    slots: &[Vec<bool>],
    hand_sizes: &[u8],
    slots_in_measure: usize,
    mut pool: Cards,
    rng: &mut Rng,
) -> ([Cards; 2], [Vec<Option<Play>>; 2], Vec<Card>) {
    let mut hands = [Cards::default(); 2];
    let mut plans: [Vec<Option<Play>>; 2] = Default::default();
    let mut deck = Vec::new();
    for &seat in hidden {
        let (plan, hand, rest) = deal_hidden(&slots[seat], slots_in_measure, usize::from(hand_sizes[seat]), pool, rng);
        hands[seat] = hand;
        plans[seat] = plan;
        pool = rest.iter().copied().collect();
        deck = rest;
    }
    (hands, plans, deck)
}

pub(crate) fn determinize(view: &PunishView, rng: &mut Rng) -> Punish {
    let hidden: Vec<usize> = (0..2).filter(|&s| !view.observer.is(Seat(s as u8))).collect();
    let slots = usize::from(view.options.breaths_per_measure());
    let (mut hands, mut plans, deck) = deal_seats(&hidden, &view.plan_slots.0, &view.hand_sizes.0, slots, view.unseen(), rng);
    if let Some(me) = view.observer.seat() {
        hands[me.index()] = view.hand;
        plans[me.index()] = view.my_plan.clone();
    }
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
        later: Vec::new(),
    }
}

/// A position showing each seat its view in `views` (both hands and plans are known to the
/// table); the cards no seat has seen are shuffled into the deck and later shuffles get a fresh
/// seed. `None` when the views are not seat 0's and seat 1's of one position.
pub(crate) fn determinize_table(views: &[PunishView], rng: &mut Rng) -> Option<Punish> {
    let [first, second] = views else { return None };
    if first.observer != Observer::Seat(Seat(0)) || second.observer != Observer::Seat(Seat(1)) {
        return None;
    }
    if first.phase == Phase::MatchOver && first.game_winners.is_empty() {
        return None;
    }
    let mut state = determinize(first, rng);
    // The pool seat 0 has not seen, less what seat 1 holds, is what nobody has seen.
    let mut pool = first.unseen();
    for card in second.hand.to_vec().into_iter().chain(second.my_plan.iter().flatten().map(|p| p.card)) {
        if !pool.remove(card) {
            return None;
        }
    }
    let mut deck = pool.to_vec();
    rng.shuffle(&mut deck);
    state.hands[1] = second.hand;
    state.plans[1] = second.my_plan.clone();
    state.deck = deck;
    let shows_each = state.view(first.observer) == *first && state.view(second.observer) == *second;
    shows_each.then_some(state)
}

pub(crate) fn resample_hidden(state: &Punish, observer: Observer, rng: &mut Rng) -> Punish {
    let hidden: Vec<usize> = (0..2).filter(|&s| !observer.is(Seat(s as u8))).collect();
    let mut pool: Cards = state.deck.iter().copied().collect();
    for &seat in &hidden {
        state.hands[seat].to_vec().into_iter().chain(state.plans[seat].iter().flatten().map(|p| p.card)).for_each(|c| pool.add(c));
    }
    let slots: Vec<Vec<bool>> = state.plans.iter().map(|p| p.iter().map(Option::is_some).collect()).collect();
    let sizes: Vec<u8> = state.hands.iter().map(|h| h.len() as u8).collect();
    let (hands, plans, deck) = deal_seats(&hidden, &slots, &sizes, usize::from(state.options.breaths_per_measure()), pool, rng);
    let mut out = state.clone();
    for &seat in &hidden {
        out.hands[seat] = hands[seat];
        out.plans[seat] = plans[seat].clone();
    }
    out.deck = deck;
    out.rng = Rng::new(rng.next_u64());
    // Later deals are as hidden as the seed.
    out.later.clear();
    out
}
