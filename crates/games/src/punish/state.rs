//! The PUNISH match state and its rules: choosing, resolving a breath, ending a measure and a game.

use super::card::{Card, Cards, HAND_SIZE, OUT_OF_PLAY};
use super::event::{Blocker, Event};
use super::setup::{Options, Setup, SetupError, Statuses};
use dojo_engine::{Rng, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One player's action: the card they pick for a breath, and whether they use their Feint on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Play {
    /// The card picked from the hand.
    pub card: Card,
    /// With the Feint option: discard the pick and play the deck's top card instead (once per measure).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feint: bool,
}

impl Play {
    /// Plays `card` without feinting.
    pub fn card(card: Card) -> Play {
        Play { card, feint: false }
    }
}

/// The decision a player faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Pick a card for this breath; picks are revealed together.
    Play {
        /// The breath, from 1.
        breath: u8,
    },
    /// Blindfolded: pick the card for a coming breath; nothing is revealed until both plans are full.
    Plan {
        /// The breath being planned, from 1.
        breath: u8,
    },
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Players pick one card at a time, revealed every breath.
    Playing,
    /// Blindfolded: players fill in their plan for the whole measure.
    Planning,
    /// Someone has won the match.
    MatchOver,
}

/// Why a play is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The card is not in the player's hand.
    NotInHand {
        /// The card asked for.
        card: Card,
    },
    /// The Feint option is not in use in this match.
    FeintIsOff,
    /// The player has already used (or planned) their Feint this measure.
    FeintAlreadyUsed,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotInHand { card } => write!(f, "{card} is not in their hand"),
            Refusal::FeintIsOff => write!(f, "the Feint rule is not in use"),
            Refusal::FeintAlreadyUsed => write!(f, "the Feint was already used this measure"),
        }
    }
}

/// One breath as it was revealed, kept for the rest of the measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// The breath, from 1.
    pub breath: u8,
    /// The card each player played (`None`: could not play).
    pub cards: [Option<Card>; 2],
    /// For a player who feinted, the card they had picked and discarded.
    pub feinted: [Option<Card>; 2],
}

/// A PUNISH match in progress. Build it with [`dojo_engine::Game::from_setup`]; change it only with
/// [`dojo_engine::apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Punish {
    pub(crate) options: Options,
    pub(crate) rng: Rng,
    pub(crate) phase: Phase,
    /// Game of the match, from 1.
    pub(crate) game: u8,
    pub(crate) wins: [u8; 2],
    pub(crate) game_winners: Vec<Seat>,
    /// Measure of the current game, from 1.
    pub(crate) measure: u16,
    /// Breath of the current measure, from 1.
    pub(crate) breath: u8,
    pub(crate) hearts: [u8; 2],
    /// Statuses in force for the current breath.
    pub(crate) status: [Statuses; 2],
    pub(crate) hands: [Cards; 2],
    /// Top card first.
    pub(crate) deck: Vec<Card>,
    pub(crate) revealed: Vec<Card>,
    /// Cards played (and feint discards) this measure, in order.
    pub(crate) discard: Vec<Card>,
    pub(crate) history: Vec<Reveal>,
    pub(crate) feint_used: [bool; 2],
    /// Blindfolded plans, one slot per breath; `None` marks a breath the player must sit out.
    pub(crate) plans: [Vec<Option<Play>>; 2],
    /// The orders of the shuffles still to come, when the players' devices dealt them
    /// ([`Setup::later`]); hidden from every view.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) later: Vec<Vec<Card>>,
}

fn seat(i: usize) -> Seat {
    Seat(i as u8)
}

impl Punish {
    pub(crate) fn start(setup: &Setup) -> Result<Punish, SetupError> {
        setup.validate()?;
        let mut state = Punish {
            options: setup.options,
            rng: Rng::new(setup.seed),
            phase: if setup.options.blindfolded { Phase::Planning } else { Phase::Playing },
            game: 1,
            wins: [0; 2],
            game_winners: Vec::new(),
            measure: 1,
            breath: 1,
            hearts: [setup.options.hearts; 2],
            status: setup.statuses,
            hands: [setup.hands[0].iter().copied().collect(), setup.hands[1].iter().copied().collect()],
            deck: setup.deck.clone(),
            revealed: setup.revealed.clone(),
            discard: Vec::new(),
            history: Vec::new(),
            feint_used: [false; 2],
            plans: Default::default(),
            later: setup.later.clone(),
        };
        state.prepare_plans();
        state.settle(&mut Vec::new());
        Ok(state)
    }

    /// The match options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Hearts of `seat` in the current game.
    pub fn hearts(&self, seat: Seat) -> u8 {
        self.hearts[seat.index()]
    }

    /// Statuses in force for `seat` this breath.
    pub fn statuses(&self, seat: Seat) -> Statuses {
        self.status[seat.index()]
    }

    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    /// The deck, top card first.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The two cards revealed out of play this measure.
    pub fn revealed(&self) -> &[Card] {
        &self.revealed
    }

    /// The breaths revealed so far this measure.
    pub fn history(&self) -> &[Reveal] {
        &self.history
    }

    /// Measure of the current game, from 1.
    pub fn measure(&self) -> u16 {
        self.measure
    }

    /// Breath of the current measure, from 1.
    pub fn breath(&self) -> u8 {
        self.breath
    }

    /// Game of the match, from 1.
    pub fn game(&self) -> u8 {
        self.game
    }

    /// Game wins per seat.
    pub fn wins(&self, seat: Seat) -> u8 {
        self.wins[seat.index()]
    }

    /// The winner of each finished game, in order.
    pub fn game_winners(&self) -> &[Seat] {
        &self.game_winners
    }

    pub(crate) fn feint_available(&self, s: usize) -> bool {
        self.options.feint && !self.feint_used[s] && !self.plans[s].iter().flatten().any(|p| p.feint)
    }

    pub(crate) fn acts(&self, s: usize) -> bool {
        match self.phase {
            Phase::Playing => !self.status[s].exhausted,
            Phase::Planning => self.plans[s].len() < usize::from(self.options.breaths_per_measure()),
            Phase::MatchOver => false,
        }
    }

    pub(crate) fn check_play(&self, s: usize, play: &Play) -> Result<(), Refusal> {
        if !self.hands[s].contains(play.card) {
            return Err(Refusal::NotInHand { card: play.card });
        }
        if play.feint {
            if !self.options.feint {
                return Err(Refusal::FeintIsOff);
            }
            if !self.feint_available(s) {
                return Err(Refusal::FeintAlreadyUsed);
            }
        }
        Ok(())
    }

    pub(crate) fn legal_plays(&self, s: usize) -> Vec<Play> {
        if !self.acts(s) {
            return Vec::new();
        }
        let feint = self.feint_available(s);
        let mut plays = Vec::with_capacity(10);
        for card in self.hands[s].distinct() {
            plays.push(Play { card, feint: false });
            if feint {
                plays.push(Play { card, feint: true });
            }
        }
        plays
    }

    /// Carries out one step whose plays have been checked.
    pub(crate) fn step(&mut self, plays: [Option<Play>; 2]) -> Vec<Event> {
        let mut events = Vec::new();
        match self.phase {
            Phase::Playing => {
                for (s, play) in plays.iter().enumerate() {
                    if let Some(p) = play {
                        self.hands[s].remove(p.card);
                    }
                }
                self.play_breath(plays, &mut events);
                self.settle(&mut events);
            }
            Phase::Planning => {
                let slots = usize::from(self.options.breaths_per_measure());
                for (s, play) in plays.iter().enumerate() {
                    if let Some(p) = play {
                        self.hands[s].remove(p.card);
                        self.plans[s].push(Some(*p));
                        if p.card == Card::Punish && self.plans[s].len() < slots {
                            self.plans[s].push(None);
                        }
                    }
                }
                if self.plans.iter().all(|p| p.len() >= slots) {
                    let plans = std::mem::take(&mut self.plans);
                    for (mine, theirs) in plans[0].iter().zip(&plans[1]) {
                        if self.play_breath([*mine, *theirs], &mut events) {
                            break;
                        }
                    }
                }
            }
            Phase::MatchOver => {}
        }
        events
    }

    /// Blindfolded: a player who starts the measure EXHAUSTED has their first slot skipped.
    fn prepare_plans(&mut self) {
        if self.phase == Phase::Planning {
            for s in 0..2 {
                if self.plans[s].is_empty() && self.status[s].exhausted {
                    self.plans[s].push(None);
                }
            }
        }
    }

    /// Plays out breaths in which nobody can act (both EXHAUSTED), so that someone always acts.
    fn settle(&mut self, events: &mut Vec<Event>) {
        while self.phase == Phase::Playing && self.status.iter().all(|s| s.exhausted) {
            self.play_breath([None, None], events);
        }
    }

    /// Reveals and resolves one breath. Returns true when it ended the game.
    fn play_breath(&mut self, plays: [Option<Play>; 2], events: &mut Vec<Event>) -> bool {
        let breath = self.breath;
        let mut cards = [None; 2];
        let mut feinted = [None; 2];
        for (s, play) in plays.iter().enumerate() {
            let Some(play) = play else { continue };
            if play.feint {
                let top = self.deck.remove(0);
                self.discard.push(play.card);
                self.feint_used[s] = true;
                events.push(Event::Feinted { seat: seat(s), chosen: play.card, played: top });
                feinted[s] = Some(play.card);
                cards[s] = Some(top);
            } else {
                cards[s] = Some(play.card);
            }
        }
        self.discard.extend(cards.iter().flatten());
        events.push(Event::Revealed { breath, cards: dojo_engine::PerSeat(cards.to_vec()) });
        self.history.push(Reveal { breath, cards, feinted });

        let clash = match cards {
            [Some(a), Some(b)] if a == b && a.is_attack() => Some(a),
            _ => None,
        };
        if let Some(card) = clash {
            events.push(Event::Clash { card });
        }
        let last_breath = breath >= self.options.breaths_per_measure();
        let mut next = [Statuses::default(); 2];
        let mut guard = [false; 2];
        let mut dodge = [false; 2];
        for priority in 1..=5 {
            for s in 0..2 {
                let Some(card) = cards[s] else { continue };
                if card.priority() != priority {
                    continue;
                }
                match card {
                    Card::Guard | Card::Dodge if self.status[s].exposed => {
                        events.push(Event::Negated { seat: seat(s), card, by: Blocker::Exposed });
                    }
                    Card::Guard => guard[s] = true,
                    Card::Dodge => dodge[s] = true,
                    _ if clash.is_some() => {}
                    _ if self.status[s].disarmed => {
                        events.push(Event::Negated { seat: seat(s), card, by: Blocker::Disarmed });
                    }
                    _ => {
                        let t = 1 - s;
                        let (damage, reduced_by) = if dodge[t] {
                            (0, Some(Card::Dodge))
                        } else if guard[t] {
                            (card.damage() - 1, Some(Card::Guard))
                        } else {
                            (card.damage(), None)
                        };
                        self.hearts[t] = self.hearts[t].saturating_sub(damage);
                        events.push(Event::Hit { attacker: seat(s), card, damage, reduced_by, hearts_left: self.hearts[t] });
                    }
                }
                if card == Card::Punish && !last_breath {
                    next[s].exhausted = true;
                }
            }
            if let Some(loser) = (0..2).find(|&s| self.hearts[s] == 0) {
                self.end_game(loser, events);
                return true;
            }
        }
        for (s, status) in next.iter().enumerate() {
            if status.exhausted {
                events.push(Event::Exhausted { seat: seat(s) });
            }
        }
        self.status = next;
        self.breath += 1;
        if self.breath > self.options.breaths_per_measure() {
            self.end_measure(events);
        }
        false
    }

    /// Shuffles `cards`: into the next order the players' devices dealt, when it holds exactly
    /// these cards ([`Setup::later`]), else with the seed.
    fn shuffle(&mut self, cards: &mut Vec<Card>) {
        if !self.later.is_empty() {
            let order = self.later.remove(0);
            if order.iter().copied().collect::<Cards>() == cards.iter().copied().collect::<Cards>() && order.len() == cards.len() {
                *cards = order;
                return;
            }
        }
        self.rng.shuffle(cards);
    }

    fn end_measure(&mut self, events: &mut Vec<Event>) {
        events.push(Event::MeasureEnded { measure: self.measure });
        self.deck.append(&mut self.discard);
        self.deck.append(&mut self.revealed);
        let mut deck = std::mem::take(&mut self.deck);
        self.shuffle(&mut deck);
        self.deck = deck;
        for s in 0..2 {
            let need = HAND_SIZE - self.hands[s].len();
            for card in self.deck.drain(..need) {
                self.hands[s].add(card);
            }
            events.push(Event::Drew { seat: seat(s), count: need as u8 });
        }
        self.revealed = self.deck.drain(..OUT_OF_PLAY).collect();
        events.push(Event::OutOfPlay { cards: self.revealed.clone() });
        if self.options.heart_recovery {
            for s in 0..2 {
                if self.hearts[s] < self.options.hearts {
                    self.hearts[s] += 1;
                    events.push(Event::Recovered { seat: seat(s), hearts: self.hearts[s] });
                }
            }
        }
        self.measure += 1;
        self.breath = 1;
        self.status = Default::default();
        self.feint_used = [false; 2];
        self.history.clear();
        self.plans = Default::default();
    }

    fn end_game(&mut self, loser: usize, events: &mut Vec<Event>) {
        let winner = 1 - loser;
        self.wins[winner] += 1;
        self.game_winners.push(seat(winner));
        events.push(Event::KnockedOut { seat: seat(loser), game: self.game, wins: dojo_engine::PerSeat(self.wins.to_vec()) });
        if self.wins[winner] >= self.options.wins_needed() {
            self.phase = Phase::MatchOver;
            events.push(Event::MatchWon { seat: seat(winner) });
            return;
        }
        self.game += 1;
        let mut cards = Card::full_deck();
        self.shuffle(&mut cards);
        let mut cards = cards.into_iter();
        for hand in &mut self.hands {
            *hand = cards.by_ref().take(HAND_SIZE).collect();
        }
        self.revealed = cards.by_ref().take(OUT_OF_PLAY).collect();
        self.deck = cards.collect();
        self.hearts = [self.options.hearts; 2];
        self.status = Default::default();
        self.feint_used = [false; 2];
        self.discard.clear();
        self.history.clear();
        self.plans = Default::default();
        self.measure = 1;
        self.breath = 1;
        self.phase = if self.options.blindfolded { Phase::Planning } else { Phase::Playing };
        events.push(Event::NewGame { game: self.game });
        events.push(Event::OutOfPlay { cards: self.revealed.clone() });
    }
}
