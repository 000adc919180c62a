//! What one DRAGON PUNCH player may see, and how a full state is drawn from it for the bots.
//!
//! Health is public, and so is every card's place and whether it is flipped. Which unflipped
//! cards are red is the owner's secret, and of the flipped ones only the last flipped card
//! shows its colour to the other player (the others may be stacked out of sight). In Custom
//! Character the cards in a hand are secret too, each until it is played: the view's table
//! then holds only the observer's own hand, and the other player's cards are `None` until seen.

use super::card::Move;
use super::setup::{Loadout, MAX_BASICS, Setup};
use super::state::{CardRef, CardState, Decision, DragonPunch, Hand, MAX_HAND, Phase, check_pick};
use super::{Action, CardSet};
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
    /// Which card it is; `None` when the observer cannot tell (Custom Character, unplayed).
    pub card: Option<CardRef>,
}

/// Everything one observer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DragonPunchView {
    /// Whose view this is.
    pub observer: Observer,
    /// The set, and the hands this observer may know (in Custom Character the other player's
    /// hand is left empty here: read [`DragonPunchView::hands`] instead).
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
    pub round: u16,
    /// Turn of the round, from 1.
    pub turn: u16,
    /// The cards played this turn, while damage is being switched.
    pub played: [Option<(u8, bool)>; 2],
    /// Places in each hand that have been played in front of the other player.
    pub revealed: [u16; 2],
    /// Custom Character: how many cards each player has taken.
    pub picked: [u8; 2],
    /// Custom Character: the cards this observer has taken, in order.
    pub picks: Vec<CardRef>,
}

/// Which card sits at place `i` of a hand held as `loadout`.
fn card_at(loadout: &Loadout, i: usize) -> CardRef {
    match loadout.basics.get(i) {
        Some(b) => CardRef::Basic(*b as u8),
        None => CardRef::Character(loadout.characters[i - loadout.basics.len()] as u8),
    }
}

pub(crate) fn view(state: &DragonPunch, observer: Observer) -> DragonPunchView {
    let secret = |p: usize| state.table.custom && !observer.is(Seat(p as u8));
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
                let known = !secret(p) || state.revealed[p] & (1 << i) != 0;
                SeenCard { flipped: c.flipped, red: shown.then_some(c.red), card: known.then(|| card_at(&state.table.players[p], i)) }
            })
            .collect()
    });
    let table = if (0..2).any(|p| secret(p) && state.hand_len(p) > 0) {
        let mut table = Setup::clone(&state.table);
        for p in (0..2).filter(|p| secret(*p)) {
            table.players[p] = Loadout { basics: Vec::new(), characters: Vec::new() };
        }
        Arc::new(table)
    } else {
        state.table.clone()
    };
    DragonPunchView {
        observer,
        table,
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
        revealed: state.revealed,
        picked: [state.picks[0].len() as u8, state.picks[1].len() as u8],
        picks: observer.seat().map(|s| state.picks[s.index()].clone()).unwrap_or_default(),
    }
}

impl DragonPunchView {
    /// Basic cards in player `p`'s hand (they come first, and count for health).
    pub fn basics(&self, p: usize) -> usize {
        match (self.hands[p].is_empty(), self.table.custom) {
            (true, _) => 0,
            (false, true) => MAX_BASICS,
            (false, false) => self.table.players[p].basics.len(),
        }
    }

    /// The move up on card `i` of player `p`'s hand (`second`: a character's second move), or
    /// `None` when this observer does not know the card or its colour.
    pub fn move_at(&self, p: usize, i: usize, second: bool) -> Option<&Move> {
        let seen = self.hands[p].get(i)?;
        let set: &CardSet = &self.table.set;
        match seen.card? {
            CardRef::Basic(b) => {
                let card = set.basics.get(usize::from(b))?;
                Some(if seen.red? { &card.red } else { &card.white })
            }
            CardRef::Character(c) => set.characters.get(usize::from(c))?.moves.get(usize::from(second)),
        }
    }

    /// What is done for this player when they do not choose in time (Turbo Mode) and the
    /// suggestion offered for a damage switch: see the notes' "Defaults" section.
    /// - Pick: the Taunt card, then one of each basic card, a second of each, then characters
    ///   in the set's order.
    /// - Choose: the first unflipped card of the hand (the top of the hand), its first move.
    /// - Switch: the Taunt card (its red move Taunts too), else a flipped card or the card just
    ///   played (they cannot be played before a Taunt anyway; when the card just played Taunts,
    ///   none is out of play), else the last white card of the hand.
    pub fn default_action(&self) -> Option<Action> {
        let me = self.observer.seat()?.index();
        match self.decision? {
            Decision::Pick { .. } => {
                let set = &self.table.set;
                let basics = || (0..set.basics.len() as u8).map(CardRef::Basic);
                let order = basics()
                    .filter(|b| matches!(b, CardRef::Basic(i) if set.is_taunt(usize::from(*i))))
                    .chain(basics())
                    .chain((0..set.characters.len() as u8).map(CardRef::Character));
                let first = |filter: &dyn Fn(&CardRef) -> bool| {
                    order.clone().filter(|c| filter(c)).find(|c| check_pick(set, &self.picks, *c).is_ok())
                };
                first(&|c| !self.picks.contains(c)).or_else(|| first(&|_| true)).map(Action::Pick)
            }
            Decision::Choose => self.hands[me].iter().position(|c| !c.flipped).map(|card| Action::Play { card: card as u8, second: false }),
            Decision::Switch { .. } => {
                let white: Vec<usize> = (0..self.basics(me)).filter(|i| self.hands[me][*i].red == Some(false)).collect();
                let taunt =
                    |i: &usize| matches!(self.hands[me][*i].card, Some(CardRef::Basic(b)) if self.table.set.is_taunt(usize::from(b)));
                // The card just played is flipped at the end of this turn (notes `#just-played`),
                // unless it Taunts: then every card comes back and none stays out of play.
                let played = self.played[me];
                let taunting =
                    played.is_some_and(|(card, second)| self.move_at(me, usize::from(card), second).is_some_and(|m| m.properties.taunt));
                let out_of_play =
                    |i: &usize| !taunting && (self.hands[me][*i].flipped || played.is_some_and(|(card, _)| usize::from(card) == *i));
                let chosen = white.iter().find(|i| taunt(i)).or_else(|| white.iter().find(|i| out_of_play(i))).or_else(|| white.last())?;
                Some(Action::Switch(*chosen as u8))
            }
        }
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

/// Cards taken at random, one legal pick after another, after `taken`: a Custom Character hand
/// (or the start of one) the observer cannot tell from the real one.
fn draw_picks(set: &CardSet, mut taken: Vec<CardRef>, count: usize, rng: &mut Rng) -> Vec<CardRef> {
    let cards: Vec<CardRef> =
        (0..set.basics.len() as u8).map(CardRef::Basic).chain((0..set.characters.len() as u8).map(CardRef::Character)).collect();
    while taken.len() < count {
        let legal: Vec<CardRef> = cards.iter().copied().filter(|c| check_pick(set, &taken, *c).is_ok()).collect();
        taken.push(legal[rng.below(legal.len())]);
    }
    taken
}

/// A secret Custom Character hand drawn to fit the cards seen in it: the unseen basic cards and
/// characters are drawn from what one copy of the game has left, in random places.
fn draw_hand(set: &CardSet, seen: &[SeenCard], rng: &mut Rng) -> Loadout {
    let known: Vec<CardRef> = seen.iter().filter_map(|c| c.card).collect();
    let full = draw_picks(set, known.clone(), MAX_HAND, rng);
    let mut fresh: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for card in &full[known.len()..] {
        match card {
            CardRef::Basic(b) => fresh[0].push(usize::from(*b)),
            CardRef::Character(c) => fresh[1].push(usize::from(*c)),
        }
    }
    rng.shuffle(&mut fresh[0]);
    let mut loadout = Loadout { basics: Vec::new(), characters: Vec::new() };
    for (i, card) in seen.iter().enumerate() {
        match (card.card, i < MAX_BASICS) {
            (Some(CardRef::Basic(b)), _) => loadout.basics.push(usize::from(b)),
            (Some(CardRef::Character(c)), _) => loadout.characters.push(usize::from(c)),
            (None, true) => loadout.basics.push(fresh[0].pop().unwrap_or_default()),
            (None, false) => loadout.characters.push(fresh[1].pop().unwrap_or_default()),
        }
    }
    loadout
}

pub(crate) fn determinize(view: &DragonPunchView, rng: &mut Rng) -> DragonPunch {
    let set = &view.table.set;
    let mut table = view.table.clone();
    let hidden: Vec<usize> = (0..2).filter(|p| !view.hands[*p].is_empty() && view.table.players[*p].basics.is_empty()).collect();
    if !hidden.is_empty() {
        let mut full = Setup::clone(&table);
        for p in hidden {
            full.players[p] = draw_hand(set, &view.hands[p], rng);
        }
        table = Arc::new(full);
    }
    let me = view.observer.seat().map(Seat::index);
    let picks = [0, 1].map(|p| {
        let own = if me == Some(p) { view.picks.clone() } else { Vec::new() };
        draw_picks(set, own, usize::from(view.picked[p]), rng)
    });
    DragonPunch {
        hands: [0, 1].map(|p| deal(&view.hands[p], view.basics(p), view.health[p], rng)),
        table,
        last_flipped: view.last_flipped,
        initiative: view.initiative,
        wins: view.wins,
        results: view.results.clone(),
        round: view.round,
        turn: view.turn,
        phase: view.phase,
        played: view.played,
        revealed: view.revealed,
        picks,
    }
}

pub(crate) fn resample_hidden(state: &DragonPunch, observer: Observer, rng: &mut Rng) -> DragonPunch {
    determinize(&view(state, observer), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon_punch::Refusal;
    use crate::dragon_punch::set::reconstructed;
    use dojo_engine::{PerSeat, apply};

    fn picked(basics: &[u8], characters: [u8; 2]) -> Vec<Action> {
        basics.iter().map(|b| Action::Pick(CardRef::Basic(*b))).chain(characters.map(|c| Action::Pick(CardRef::Character(c)))).collect()
    }

    #[test]
    fn a_custom_hand_is_secret_until_each_card_is_played() {
        let mut state = DragonPunch::from_setup(&Setup::custom(reconstructed())).unwrap();
        let hands = [picked(&[5, 0, 0, 1, 2, 3, 4], [0, 1]), picked(&[4, 4, 3, 3, 5, 2, 2], [4, 2])];
        for step in 0..MAX_HAND {
            // Midway, the other player sees how many cards were taken, never which.
            let other = state.view_for(Seat(1));
            assert_eq!((other.picked, other.picks.len()), ([step as u8; 2], step));
            assert!(other.picks.iter().all(|c| hands[1].contains(&Action::Pick(*c))));
            apply(&mut state, &PerSeat(vec![Some(hands[0][step]), Some(hands[1][step])])).unwrap();
        }
        assert_eq!(state.phase(), Phase::Choose);
        assert_eq!(state.health(0), 7, "seven basic cards: seven health");
        let seen = state.view_for(Seat(1));
        assert!(seen.table.players[0].basics.is_empty() && seen.hands[0].iter().all(|c| c.card.is_none()));
        assert_eq!(seen.hands[1][0].card, Some(CardRef::Basic(4)));
        assert_eq!(seen.move_at(0, 0, false), None);
        // Player 1 plays card 2 (Low Poke): from then on player 2 knows that one card.
        apply(&mut state, &PerSeat(vec![Some(Action::Play { card: 1, second: false }), Some(Action::Play { card: 4, second: false })]))
            .unwrap();
        let seen = state.view_for(Seat(1));
        let known: Vec<usize> = (0..MAX_HAND).filter(|i| seen.hands[0][*i].card.is_some()).collect();
        assert_eq!(known, [1]);
        assert_eq!(seen.move_at(0, 1, false).map(|m| m.name.to_string()), Some(reconstructed().basics[0].white.name.to_string()));
        // A state drawn for player 2 keeps what was seen and a legal hand for the rest.
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let drawn = DragonPunch::determinize(&seen, &mut rng);
            drawn.table.check().unwrap();
            assert_eq!(drawn.table.players[0].basics[1], 0);
            assert_eq!(drawn.view_for(Seat(1)), seen);
        }
    }

    #[test]
    fn a_custom_hand_keeps_to_one_copy_of_the_game() {
        let mut state = DragonPunch::from_setup(&Setup::custom(reconstructed())).unwrap();
        let take = |state: &mut DragonPunch, card: CardRef| {
            apply(state, &PerSeat(vec![Some(Action::Pick(card)), Some(Action::Pick(CardRef::Basic(0)))]))
        };
        take(&mut state, CardRef::Basic(5)).unwrap();
        assert!(take(&mut state, CardRef::Basic(5)).is_err(), "a second Taunt card is refused");
        assert_eq!(state.check(Seat(0), &Action::Pick(CardRef::Basic(5))), Err(Refusal::SecondTaunt));
        take(&mut state, CardRef::Basic(0)).unwrap();
        take(&mut state, CardRef::Basic(0)).unwrap_err();
        assert_eq!(state.check(Seat(1), &Action::Pick(CardRef::Basic(0))), Err(Refusal::NoCopiesLeft));
        assert_eq!(state.check(Seat(0), &Action::Pick(CardRef::Character(9))), Err(Refusal::NoSuchCard));
        assert_eq!(
            state.check(Seat(0), &Action::Play { card: 0, second: false }),
            Err(Refusal::NotNow { expected: "take a card into your hand" })
        );
    }

    #[test]
    fn defaults_take_the_taunt_first_and_switch_it_first() {
        let state = DragonPunch::from_setup(&Setup::custom(reconstructed())).unwrap();
        let view = state.view_for(Seat(0));
        assert_eq!(view.default_action(), Some(Action::Pick(CardRef::Basic(5))));
        let mut state = DragonPunch::from_setup(&Setup::standard(reconstructed(), [0, 1])).unwrap();
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Play { card: 0, second: false }));
        state.hands[0][0].flipped = true;
        state.phase = Phase::Switch { owed: [1, 0] };
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Switch(5)), "the Taunt card first");
        state.hands[0][5].red = true;
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Switch(0)), "then a flipped card");
        state.hands[0][0].red = true;
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Switch(4)), "then the last white card");
        assert_eq!(state.view_for(Seat(1)).default_action(), None, "nothing to decide");
    }

    #[test]
    fn the_card_just_played_counts_as_flipped_for_the_switch_default() {
        let mut state = DragonPunch::from_setup(&Setup::standard(reconstructed(), [0, 1])).unwrap();
        state.hands[0][5].red = true;
        state.played = [Some((1, false)), Some((2, false))];
        state.phase = Phase::Switch { owed: [1, 0] };
        // Combo Kick was just played: it is flipped at the end of the turn, so it goes first.
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Switch(1)));
        // A flipped card earlier in the hand comes first, in hand order.
        state.hands[0][0].flipped = true;
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Switch(0)));
        // The (red) Hopping Taunt was just played: every card comes back, none is out of play.
        state.played = [Some((5, false)), Some((2, false))];
        assert_eq!(state.view_for(Seat(0)).default_action(), Some(Action::Switch(4)), "the last white card");
    }
}
