//! A DRAGON PUNCH match: choosing cards, comparing them, switching damaged cards to red,
//! flipping used cards, the Initiative, rounds and the match.

use super::card::Move;
use super::event::Event;
use super::resolve::{clash, next_initiative};
use super::setup::{CardSet, MAX_BASICS, MAX_CHARACTERS, MAX_COPIES, Setup, SetupError};
use dojo_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Rounds a player must win to take the match.
pub const ROUNDS_TO_WIN: u8 = 2;

/// Most cards in a hand: basic cards, then character cards.
pub const MAX_HAND: usize = MAX_BASICS + MAX_CHARACTERS;

/// One player's hand: a state per card, the first [`DragonPunch::hand_len`] in use.
pub type Hand = [CardState; MAX_HAND];

/// One card in a player's hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardState {
    /// A basic card switched to its red move (never for the character card).
    pub red: bool,
    /// Flipped after use: not playable until a Taunt.
    pub flipped: bool,
}

/// A card of the set, by kind: which basic card or which character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CardRef {
    /// The basic card at this place in the set.
    Basic(u8),
    /// The character card at this place in the set.
    Character(u8),
}

/// One seat's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Play the card at this place in the hand; for the character card, `second` picks its
    /// second move.
    Play {
        /// The card's place in the hand (the six basic cards, then the character).
        card: u8,
        /// The character's second move (always `false` for a basic card).
        second: bool,
    },
    /// Switch this white basic card to its red move, for one point of damage.
    Switch(u8),
    /// Custom Character: take this card into the hand (the hand keeps the order taken).
    Pick(CardRef),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card, second: false } => write!(f, "play card {}", card + 1),
            Action::Play { card, second: true } => write!(f, "play card {}, second move", card + 1),
            Action::Switch(card) => write!(f, "switch card {} to red", card + 1),
            Action::Pick(CardRef::Basic(b)) => write!(f, "take basic card {}", b + 1),
            Action::Pick(CardRef::Character(c)) => write!(f, "take character {}", c + 1),
        }
    }
}

/// The decision a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Custom Character: take the next card of the hand, in secret.
    Pick {
        /// Cards taken so far.
        taken: u8,
    },
    /// Choose a card; choices are revealed together.
    Choose,
    /// Switch white basic cards to red, one at a time, for the damage taken.
    Switch {
        /// Cards still to switch.
        owed: u8,
    },
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Custom Character: both players take their hands card by card, in secret.
    Pick,
    /// Both players choose a card.
    Choose,
    /// Damaged players switch cards: `owed` per player.
    Switch {
        /// Cards each player still has to switch.
        owed: [u8; 2],
    },
    /// The match is over.
    MatchOver,
}

/// Why an action is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No card at that place in the hand.
    NoSuchCard,
    /// That card is flipped until a Taunt.
    Flipped,
    /// A basic card has one move up: only a character card offers a second.
    NoSecondMove,
    /// Only a white basic card can be switched to red.
    NotWhite,
    /// Custom Character: the hand already holds its Taunt card.
    SecondTaunt,
    /// Custom Character: the hand already holds six basic cards besides the Taunt.
    BasicsFull,
    /// Custom Character: one copy of the game holds two of each basic card, no more.
    NoCopiesLeft,
    /// Custom Character: the hand already holds this character, or two characters.
    CharacterTaken,
    /// The action answers a different decision from the one asked.
    NotNow {
        /// What was asked.
        expected: &'static str,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoSuchCard => write!(f, "there is no such card in your hand"),
            Refusal::Flipped => write!(f, "that card is flipped until you Taunt"),
            Refusal::NoSecondMove => write!(f, "only the character card has a second move"),
            Refusal::NotWhite => write!(f, "only a white basic card can be switched to red"),
            Refusal::SecondTaunt => write!(f, "a hand holds exactly one Taunt card"),
            Refusal::BasicsFull => write!(f, "the hand already has its six basic cards besides the Taunt"),
            Refusal::NoCopiesLeft => write!(f, "your copy of the game has no more of that card"),
            Refusal::CharacterTaken => write!(f, "a hand holds two different characters"),
            Refusal::NotNow { expected } => write!(f, "the decision now is to {expected}"),
        }
    }
}

/// The move up on card `card` of player `p`'s hand (`second`: a character's second move).
fn move_in<'s>(table: &'s Setup, p: usize, hand: &Hand, card: usize, second: bool) -> &'s Move {
    let loadout = &table.players[p];
    match loadout.basics.get(card) {
        Some(basic) => {
            let basic = &table.set.basics[*basic];
            if hand[card].red { &basic.red } else { &basic.white }
        }
        None => &table.set.characters[loadout.characters[card - loadout.basics.len()]].moves[usize::from(second)],
    }
}

/// Whether `card` may join a Custom Character hand holding `taken`: one Taunt card, six other
/// basic cards at most two of each (one copy of the game), two different characters.
pub(crate) fn check_pick(set: &CardSet, taken: &[CardRef], card: CardRef) -> Result<(), Refusal> {
    let count = |c: CardRef| taken.iter().filter(|t| **t == c).count();
    match card {
        CardRef::Basic(b) if usize::from(b) >= set.basics.len() => Err(Refusal::NoSuchCard),
        CardRef::Character(c) if usize::from(c) >= set.characters.len() => Err(Refusal::NoSuchCard),
        CardRef::Basic(b) if set.is_taunt(usize::from(b)) => {
            if count(card) > 0 {
                Err(Refusal::SecondTaunt)
            } else {
                Ok(())
            }
        }
        CardRef::Basic(_) => {
            let others = taken.iter().filter(|t| matches!(t, CardRef::Basic(b) if !set.is_taunt(usize::from(*b)))).count();
            if others >= MAX_BASICS - 1 {
                Err(Refusal::BasicsFull)
            } else if count(card) >= MAX_COPIES {
                Err(Refusal::NoCopiesLeft)
            } else {
                Ok(())
            }
        }
        CardRef::Character(_) => {
            let characters = taken.iter().filter(|t| matches!(t, CardRef::Character(_))).count();
            if characters >= MAX_CHARACTERS || count(card) > 0 { Err(Refusal::CharacterTaken) } else { Ok(()) }
        }
    }
}

/// A DRAGON PUNCH match in progress. Build it with [`dojo_engine::Game::from_setup`]; change
/// it only with [`dojo_engine::apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DragonPunch {
    /// The set and what each player holds (shared, so copies of a state are cheap).
    pub(crate) table: Arc<Setup>,
    /// Each player's hand: basic cards, then characters, as the table lists them.
    pub(crate) hands: [Hand; 2],
    /// The card each player flipped last this round (visible to the other player).
    pub(crate) last_flipped: [Option<u8>; 2],
    /// Who holds the Initiative this turn.
    pub(crate) initiative: Option<usize>,
    /// Round wins.
    pub(crate) wins: [u8; 2],
    /// Winner of each finished round (`None`: both ran out together).
    pub(crate) results: Vec<Option<Seat>>,
    /// Round, from 1.
    pub(crate) round: u16,
    /// Turn of the round, from 1.
    pub(crate) turn: u16,
    /// Where the match stands.
    pub(crate) phase: Phase,
    /// The cards played this turn, flipped once damage is switched.
    pub(crate) played: [Option<(u8, bool)>; 2],
    /// Places in each hand the other player has seen played: in Custom Character the rest of a
    /// hand is secret.
    pub(crate) revealed: [u16; 2],
    /// Custom Character: the cards each player has taken so far (secret; moved to the table
    /// once both hands are complete).
    pub(crate) picks: [Vec<CardRef>; 2],
}

impl DragonPunch {
    pub(crate) fn start(setup: &Setup) -> Result<DragonPunch, SetupError> {
        setup.check()?;
        Ok(DragonPunch {
            table: Arc::new(setup.clone()),
            hands: [[CardState::default(); MAX_HAND]; 2],
            last_flipped: [None; 2],
            initiative: None,
            wins: [0; 2],
            results: Vec::new(),
            round: 1,
            turn: 1,
            phase: if setup.to_pick() { Phase::Pick } else { Phase::Choose },
            played: [None; 2],
            revealed: [0; 2],
            picks: [Vec::new(), Vec::new()],
        })
    }

    /// The move up on card `card` of player `p` (`second` for the character's second move).
    pub fn move_of(&self, p: usize, card: usize, second: bool) -> &Move {
        move_in(&self.table, p, &self.hands[p], card, second)
    }

    /// Basic cards in player `p`'s hand (the cards that count for health come first).
    pub fn basics(&self, p: usize) -> usize {
        self.table.players[p].basics.len()
    }

    /// Cards in player `p`'s hand.
    pub fn hand_len(&self, p: usize) -> usize {
        self.basics(p) + self.table.players[p].characters.len()
    }

    /// Player `p`'s health: white basic cards, flipped or not.
    pub fn health(&self, p: usize) -> u8 {
        self.hands[p][..self.basics(p)].iter().filter(|c| !c.red).count() as u8
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub(crate) fn decision_of(&self, seat: Seat) -> Option<Decision> {
        match self.phase {
            Phase::Pick => Some(Decision::Pick { taken: self.picks[seat.index()].len() as u8 }),
            Phase::Choose => Some(Decision::Choose),
            Phase::Switch { owed } => (owed[seat.index()] > 0).then_some(Decision::Switch { owed: owed[seat.index()] }),
            Phase::MatchOver => None,
        }
    }

    pub(crate) fn check_action(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        let p = seat.index();
        let hand = &self.hands[p][..self.hand_len(p)];
        match (self.phase, action) {
            (Phase::Pick, Action::Pick(card)) => check_pick(&self.table.set, &self.picks[p], *card),
            (Phase::Pick, _) => Err(Refusal::NotNow { expected: "take a card into your hand" }),
            (Phase::Choose, Action::Play { card, second }) => {
                let state = hand.get(usize::from(*card)).ok_or(Refusal::NoSuchCard)?;
                if state.flipped {
                    return Err(Refusal::Flipped);
                }
                if *second && usize::from(*card) < self.basics(p) {
                    return Err(Refusal::NoSecondMove);
                }
                Ok(())
            }
            (Phase::Choose, _) => Err(Refusal::NotNow { expected: "choose a card" }),
            (Phase::Switch { .. }, Action::Switch(card)) => {
                let state = hand.get(usize::from(*card)).ok_or(Refusal::NoSuchCard)?;
                if usize::from(*card) >= self.basics(p) || state.red { Err(Refusal::NotWhite) } else { Ok(()) }
            }
            (Phase::Switch { .. }, _) => Err(Refusal::NotNow { expected: "switch a card to red" }),
            (Phase::MatchOver, _) => Err(Refusal::NotNow { expected: "nothing: the match is over" }),
        }
    }

    pub(crate) fn legal(&self, seat: Seat) -> Vec<Action> {
        if self.decision_of(seat).is_none() {
            return Vec::new();
        }
        // Listed straight from the hand, with one allocation: random play asks for this at
        // every step.
        let p = seat.index();
        let (basics, len) = (self.basics(p), self.hand_len(p));
        let hand = &self.hands[p];
        let mut legal = Vec::with_capacity(len + 2);
        match self.phase {
            Phase::Pick => {
                let set = &self.table.set;
                let cards = (0..set.basics.len() as u8).map(CardRef::Basic).chain((0..set.characters.len() as u8).map(CardRef::Character));
                legal.extend(cards.filter(|c| check_pick(set, &self.picks[p], *c).is_ok()).map(Action::Pick));
            }
            Phase::Choose => {
                for card in (0..len).filter(|c| !hand[*c].flipped) {
                    legal.push(Action::Play { card: card as u8, second: false });
                    if card >= basics {
                        legal.push(Action::Play { card: card as u8, second: true });
                    }
                }
            }
            Phase::Switch { .. } => legal.extend((0..basics).filter(|c| !hand[*c].red).map(|c| Action::Switch(c as u8))),
            Phase::MatchOver => {}
        }
        legal
    }

    /// Carries out a checked joint action.
    pub(crate) fn step(&mut self, joint: &PerSeat<Option<Action>>) -> Vec<Event> {
        let mut events = Vec::new();
        match self.phase {
            Phase::Pick => {
                for (p, picks) in self.picks.iter_mut().enumerate() {
                    if let Some(Action::Pick(card)) = joint.0[p] {
                        picks.push(card);
                    }
                }
                if self.picks.iter().all(|p| p.len() == MAX_HAND) {
                    self.hands_picked(&mut events);
                }
            }
            Phase::Choose => {
                let pick = |s: usize| match joint.0[s] {
                    Some(Action::Play { card, second }) => (card, second),
                    _ => (0, false),
                };
                self.played = [Some(pick(0)), Some(pick(1))];
                self.reveal(&mut events);
            }
            Phase::Switch { mut owed } => {
                for (p, owed) in owed.iter_mut().enumerate() {
                    if let Some(Action::Switch(card)) = joint.0[p] {
                        self.hands[p][usize::from(card)].red = true;
                        *owed -= 1;
                        // A flipped card, or the one just revealed, faces the other player.
                        let seen = self.hands[p][usize::from(card)].flipped || self.played[p].is_some_and(|(c, _)| c == card);
                        events.push(Event::Switched { seat: Seat(p as u8), card: seen.then_some(card), health: self.health(p) });
                    }
                }
                if owed.iter().any(|o| *o > 0) {
                    self.phase = Phase::Switch { owed };
                } else {
                    self.end_turn(&mut events);
                }
            }
            Phase::MatchOver => {}
        }
        events
    }

    /// Both Custom Character hands are complete: they go to the table, basic cards first, each
    /// in the order taken, and the first turn begins.
    fn hands_picked(&mut self, events: &mut Vec<Event>) {
        let mut table = Setup::clone(&self.table);
        for (p, picks) in self.picks.iter_mut().enumerate() {
            let loadout = &mut table.players[p];
            for card in picks.drain(..) {
                match card {
                    CardRef::Basic(b) => loadout.basics.push(usize::from(b)),
                    CardRef::Character(c) => loadout.characters.push(usize::from(c)),
                }
            }
        }
        self.table = Arc::new(table);
        self.phase = Phase::Choose;
        events.push(Event::HandsPicked);
    }

    /// Both cards are shown and compared; damage is owed, or the round ends at once.
    fn reveal(&mut self, events: &mut Vec<Event>) {
        let [Some(a), Some(b)] = self.played else { return };
        // The set is shared: holding it here lets the moves be read while the state changes.
        let table = Arc::clone(&self.table);
        let moves = [move_in(&table, 0, &self.hands[0], usize::from(a.0), a.1), move_in(&table, 1, &self.hands[1], usize::from(b.0), b.1)];
        self.revealed[0] |= 1 << a.0;
        self.revealed[1] |= 1 << b.0;
        let result = clash(moves, self.initiative);
        events.push(Event::Revealed {
            turn: self.turn,
            cards: [a, b],
            moves: [moves[0].name.clone(), moves[1].name.clone()],
            initiative: self.initiative.map(|p| Seat(p as u8)),
        });
        let (damage, claims) = (result.damage, result.claims);
        events.push(Event::Compared { strikes: result.strikes, damage });
        self.initiative = next_initiative(claims);
        // Damage to each player is what the other dealt.
        let mut owed = [damage[1], damage[0]];
        let out: Vec<usize> = (0..2).filter(|p| owed[*p] > 0 && owed[*p] >= self.health(*p)).collect();
        // A claim counts for the next turn of this round only: when the round ends here, the
        // next round starts with nobody holding it, and the log does not say otherwise.
        if let Some(p) = self.initiative.filter(|_| out.is_empty()) {
            events.push(Event::InitiativeClaimed { seat: Seat(p as u8) });
        }
        if !out.is_empty() {
            for p in &out {
                // The last white cards all turn red: nothing is left to choose.
                let basics = self.basics(*p);
                for card in self.hands[*p][..basics].iter_mut() {
                    card.red = true;
                }
                events.push(Event::OutOfHealth { seat: Seat(*p as u8) });
            }
            self.end_round(&out, events);
            return;
        }
        for (p, owed) in owed.iter_mut().enumerate() {
            if *owed > 0 {
                events.push(Event::Damaged { seat: Seat(p as u8), amount: *owed });
            }
        }
        if owed.iter().any(|o| *o > 0) {
            self.phase = Phase::Switch { owed };
        } else {
            self.end_turn(events);
        }
    }

    /// The used cards are flipped (a Taunt unflips its player's whole hand, itself too), and
    /// the next turn begins.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        for p in 0..2 {
            let Some((card, second)) = self.played[p] else { continue };
            if self.move_of(p, usize::from(card), second).properties.taunt {
                for state in self.hands[p].iter_mut() {
                    state.flipped = false;
                }
                self.last_flipped[p] = None;
                events.push(Event::Unflipped { seat: Seat(p as u8) });
            } else {
                self.hands[p][usize::from(card)].flipped = true;
                self.last_flipped[p] = Some(card);
            }
        }
        self.played = [None; 2];
        self.turn = self.turn.saturating_add(1);
        self.phase = Phase::Choose;
    }

    /// The round is lost by `out` (both: nobody wins it); the match ends or a new round starts.
    fn end_round(&mut self, out: &[usize], events: &mut Vec<Event>) {
        let winner = match out {
            [loser] => Some(1 - loser),
            _ => None,
        };
        if let Some(w) = winner {
            self.wins[w] += 1;
        }
        self.results.push(winner.map(|w| Seat(w as u8)));
        events.push(Event::RoundOver { round: self.round, winner: winner.map(|w| Seat(w as u8)), wins: self.wins });
        self.played = [None; 2];
        if let Some(w) = winner.filter(|w| self.wins[*w] >= ROUNDS_TO_WIN) {
            self.phase = Phase::MatchOver;
            events.push(Event::MatchWon { seat: Seat(w as u8) });
            return;
        }
        self.hands = [[CardState::default(); MAX_HAND]; 2];
        self.last_flipped = [None; 2];
        self.initiative = None;
        self.round = self.round.saturating_add(1);
        self.turn = 1;
        self.phase = Phase::Choose;
    }
}
