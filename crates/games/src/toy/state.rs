//! Sealed Bids: setup, state, events and views.

use super::{DECK, HAND, PRIZES, ROUNDS};
use dojo_engine::{Audience, Game, Joint, Observer, Outcome, PerSeat, Rng, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Copies of each card value in the deck (values 1–12, so that bids can match).
const COPIES: u8 = 4;

/// The values of the full deck, lowest first.
fn full_deck() -> Vec<u8> {
    (1..=DECK / COPIES).flat_map(|v| std::iter::repeat_n(v, usize::from(COPIES))).collect()
}

/// A game before it starts, every hidden thing explicit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Seats at the table, 2–8.
    pub seats: u8,
    /// Even seats against odd seats (4, 6 or 8 seats).
    #[serde(default)]
    pub teams: bool,
    /// Each seat's starting hand.
    pub hands: Vec<Vec<u8>>,
    /// The stock winners draw from, top first.
    pub stock: Vec<u8>,
    /// The face-down prizes, top first.
    pub prizes: Vec<u8>,
    /// Seed of the shuffles after tied rounds.
    pub seed: u64,
}

impl Setup {
    /// A shuffled deal for `seats` seats from `seed`.
    pub fn deal(seats: u8, teams: bool, seed: u64) -> Setup {
        let mut rng = Rng::new(seed);
        let mut deck = full_deck();
        rng.shuffle(&mut deck);
        let dealt = (usize::from(seats) * HAND).min(deck.len());
        let hands = deck.drain(..dealt).collect::<Vec<u8>>().chunks(HAND).map(<[u8]>::to_vec).collect();
        let mut prizes: Vec<u8> = (1..=PRIZES).collect();
        rng.shuffle(&mut prizes);
        Setup { seats, teams, hands, stock: deck, prizes, seed: rng.next_u64() }
    }
}

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Not 2–8 seats.
    Seats(u8),
    /// Teams need 4, 6 or 8 seats.
    Teams(u8),
    /// The number of hands is not the number of seats.
    Hands {
        /// Seats at the table.
        seats: u8,
        /// Hands given.
        hands: usize,
    },
    /// A hand does not hold the starting number of cards.
    HandSize(Seat),
    /// More copies of a card than the deck has, or a value outside 1–12.
    Cards(u8),
    /// A prize is repeated or outside 1–8, or there is none.
    Prizes,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Seats(n) => write!(f, "Sealed Bids takes 2 to 8 seats, not {n}"),
            SetupError::Teams(n) => write!(f, "teams need 4, 6 or 8 seats, not {n}"),
            SetupError::Hands { seats, hands } => write!(f, "{seats} seats need {seats} hands, not {hands}"),
            SetupError::HandSize(seat) => write!(f, "{seat}'s hand must hold {HAND} cards"),
            SetupError::Cards(v) => write!(f, "the deck has {COPIES} cards of each value 1–{}; {v} breaks that", DECK / COPIES),
            SetupError::Prizes => write!(f, "prizes are the values 1–{PRIZES}, each at most once, at least one"),
        }
    }
}

/// The one kind of decision: a sealed bid for the face-up prize.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Bid one card from the hand.
    Bid,
}

/// A bid: the value of one card from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Bid(pub u8);

/// Why a bid was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The hand holds no card of that value.
    NotInHand(u8),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotInHand(v) => write!(f, "there is no {v} in that hand"),
        }
    }
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Every bid is turned face up.
    Revealed {
        /// The prize bid for.
        prize: u8,
        /// Each seat's bid.
        bids: PerSeat<u8>,
    },
    /// The highest unmatched bid takes the prize.
    Won {
        /// Who.
        seat: Seat,
        /// Points taken.
        prize: u8,
    },
    /// No bid stood alone: the prize is shuffled back among the face-down ones.
    Returned {
        /// The prize.
        prize: u8,
    },
    /// A winner takes the stock's top card face down (everyone sees that a card was drawn).
    DrewFaceDown {
        /// Who.
        seat: Seat,
    },
    /// The card drawn, for its drawer's eyes only.
    Drew {
        /// Who.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// The next prize is turned face up.
    PrizeShown {
        /// Its points.
        prize: u8,
    },
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Toy {
    teams: bool,
    hands: Vec<Vec<u8>>,
    stock: Vec<u8>,
    prizes: Vec<u8>,
    prize: Option<u8>,
    round: u8,
    played: Vec<u8>,
    scores: Vec<u16>,
    rng: Rng,
}

/// What one observer sees: its own hand, how many cards everyone else holds, and the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyView {
    /// Whose view this is.
    pub observer: Observer,
    /// Teams play (even seats against odd seats).
    pub teams: bool,
    /// The observer's hand, lowest first (empty for the public).
    pub hand: Vec<u8>,
    /// Cards in each hand.
    pub hand_sizes: PerSeat<u8>,
    /// Cards left in the stock.
    pub stock_size: u8,
    /// The face-down prizes' values, lowest first (their order is hidden).
    pub prizes_left: Vec<u8>,
    /// The prize bid for now, or `None` once the game is over.
    pub prize: Option<u8>,
    /// The round, from 1.
    pub round: u8,
    /// Every card bid so far, in order.
    pub played: Vec<u8>,
    /// Points per seat.
    pub scores: PerSeat<u16>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Toy {
    /// Points per seat.
    pub fn scores(&self) -> &[u16] {
        &self.scores
    }

    /// The seats, grouped into the two teams (empty without teams).
    fn team_list(&self) -> Vec<Vec<Seat>> {
        if !self.teams {
            return Vec::new();
        }
        (0..2).map(|t| Seat::all(self.hands.len()).filter(|s| s.index() % 2 == t).collect()).collect()
    }

    /// Each seat's standing: its own points, or its team's.
    fn standing(&self, seat: Seat) -> u16 {
        if self.teams {
            Seat::all(self.hands.len()).filter(|s| s.index() % 2 == seat.index() % 2).map(|s| self.scores[s.index()]).sum()
        } else {
            self.scores[seat.index()]
        }
    }

    /// The face-down pile with `cards` pushed back and shuffled.
    fn reshuffle_prizes(&mut self, prize: u8) {
        self.prizes.push(prize);
        self.rng.shuffle(&mut self.prizes);
    }

    /// Turns up the next prize, or ends the game.
    fn next_round(&mut self, events: &mut Vec<Event>) {
        self.round += 1;
        self.prize = if self.round > ROUNDS || self.prizes.is_empty() { None } else { Some(self.prizes.remove(0)) };
        if let Some(prize) = self.prize {
            events.push(Event::PrizeShown { prize });
        }
    }
}

impl Game for Toy {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Bid;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = ToyView;

    const NAME: &'static str = "toy";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=8;
    const HAS_TEAMS: bool = true;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        if !(2..=8).contains(&setup.seats) {
            return Err(SetupError::Seats(setup.seats));
        }
        if setup.teams && (setup.seats < 4 || setup.seats % 2 == 1) {
            return Err(SetupError::Teams(setup.seats));
        }
        if setup.hands.len() != usize::from(setup.seats) {
            return Err(SetupError::Hands { seats: setup.seats, hands: setup.hands.len() });
        }
        if let Some(i) = setup.hands.iter().position(|h| h.len() != HAND) {
            return Err(SetupError::HandSize(Seat(i as u8)));
        }
        let mut left = full_deck();
        for &card in setup.hands.iter().flatten().chain(&setup.stock) {
            let i = left.iter().position(|c| *c == card).ok_or(SetupError::Cards(card))?;
            left.swap_remove(i);
        }
        let mut prizes = setup.prizes.clone();
        prizes.sort_unstable();
        prizes.dedup();
        if prizes.is_empty() || prizes.len() != setup.prizes.len() || prizes.iter().any(|p| !(1..=PRIZES).contains(p)) {
            return Err(SetupError::Prizes);
        }
        let mut hands = setup.hands.clone();
        hands.iter_mut().for_each(|h| h.sort_unstable());
        let mut prizes = setup.prizes.clone();
        let prize = Some(prizes.remove(0));
        Ok(Toy {
            teams: setup.teams,
            hands,
            stock: setup.stock.clone(),
            prizes,
            prize,
            round: 1,
            played: Vec::new(),
            scores: vec![0; usize::from(setup.seats)],
            rng: Rng::new(setup.seed),
        })
    }

    fn seat_count(&self) -> usize {
        self.hands.len()
    }

    fn teams(&self) -> Vec<Vec<Seat>> {
        self.team_list()
    }

    fn decision(&self, seat: Seat) -> Option<Decision> {
        (self.prize.is_some() && seat.index() < self.hands.len()).then_some(Decision::Bid)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Bid> {
        if self.decision(seat).is_none() {
            return Vec::new();
        }
        let mut values = self.hands[seat.index()].clone();
        values.dedup();
        values.into_iter().map(Bid).collect()
    }

    fn check(&self, seat: Seat, action: &Bid) -> Result<(), Refusal> {
        if self.hands[seat.index()].contains(&action.0) { Ok(()) } else { Err(Refusal::NotInHand(action.0)) }
    }

    fn resolve(&mut self, joint: &Joint<Bid>) -> Vec<Event> {
        let prize = self.prize.expect("apply checks that the game is not over");
        let bids = joint.map(|_, b| b.expect("every seat bids").0);
        for (seat, &bid) in bids.iter() {
            let hand = &mut self.hands[seat.index()];
            let i = hand.iter().position(|c| *c == bid).expect("apply checks the bid");
            hand.remove(i);
            self.played.push(bid);
        }
        let mut events = vec![Event::Revealed { prize, bids: bids.clone() }];
        let alone = |v: u8| bids.0.iter().filter(|b| **b == v).count() == 1;
        let winner = bids.iter().filter(|(_, b)| alone(**b)).max_by_key(|(_, b)| **b).map(|(s, _)| s);
        match winner {
            Some(seat) => {
                self.scores[seat.index()] += u16::from(prize);
                events.push(Event::Won { seat, prize });
                if !self.stock.is_empty() {
                    let card = self.stock.remove(0);
                    let hand = &mut self.hands[seat.index()];
                    hand.push(card);
                    hand.sort_unstable();
                    events.push(Event::DrewFaceDown { seat });
                    events.push(Event::Drew { seat, card });
                }
            }
            None => {
                self.reshuffle_prizes(prize);
                events.push(Event::Returned { prize });
            }
        }
        self.next_round(&mut events);
        events
    }

    fn view(&self, observer: Observer) -> ToyView {
        let mut prizes_left = self.prizes.clone();
        prizes_left.sort_unstable();
        ToyView {
            observer,
            teams: self.teams,
            hand: observer.seat().map_or_else(Vec::new, |s| self.hands[s.index()].clone()),
            hand_sizes: PerSeat(self.hands.iter().map(|h| h.len() as u8).collect()),
            stock_size: self.stock.len() as u8,
            prizes_left,
            prize: self.prize,
            round: self.round,
            played: self.played.clone(),
            scores: PerSeat(self.scores.clone()),
            outcome: self.outcome(),
        }
    }

    fn audience(event: &Event) -> Audience {
        match event {
            Event::Drew { seat, .. } => Audience::only(*seat),
            _ => Audience::Public,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.prize.is_some() {
            return None;
        }
        let mut levels: Vec<u16> = Seat::all(self.hands.len()).map(|s| self.standing(s)).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let places = levels.iter().map(|l| Seat::all(self.hands.len()).filter(|s| self.standing(*s) == *l).collect()).collect();
        Some(Outcome::ranked(places).with_teams(self.team_list()))
    }

    fn determinize(view: &ToyView, rng: &mut Rng) -> Self {
        let mut pool = full_deck();
        for card in view.hand.iter().chain(&view.played) {
            if let Some(i) = pool.iter().position(|c| c == card) {
                pool.swap_remove(i);
            }
        }
        rng.shuffle(&mut pool);
        let hands = view
            .hand_sizes
            .iter()
            .map(|(seat, &size)| {
                if view.observer.is(seat) {
                    view.hand.clone()
                } else {
                    let mut hand: Vec<u8> = pool.drain(..usize::from(size).min(pool.len())).collect();
                    hand.sort_unstable();
                    hand
                }
            })
            .collect();
        pool.truncate(usize::from(view.stock_size));
        let mut prizes = view.prizes_left.clone();
        rng.shuffle(&mut prizes);
        Toy {
            teams: view.teams,
            hands,
            stock: pool,
            prizes,
            prize: view.prize,
            round: view.round,
            played: view.played.clone(),
            scores: view.scores.0.clone(),
            rng: Rng::new(rng.next_u64()),
        }
    }

    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        let hidden: Vec<usize> = (0..self.hands.len()).filter(|&s| !observer.is(Seat(s as u8))).collect();
        let mut pool = self.stock.clone();
        hidden.iter().for_each(|&s| pool.extend(&self.hands[s]));
        rng.shuffle(&mut pool);
        let mut out = self.clone();
        for &s in &hidden {
            let mut hand: Vec<u8> = pool.drain(..self.hands[s].len()).collect();
            hand.sort_unstable();
            out.hands[s] = hand;
        }
        out.stock = pool;
        rng.shuffle(&mut out.prizes);
        out.rng = Rng::new(rng.next_u64());
        out
    }
}
