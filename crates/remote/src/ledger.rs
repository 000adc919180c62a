//! One device's copy of the match, for any game: the setup and every step, with the choices the
//! rules keep face down held only by the device that made them. Other devices play such a
//! choice as a *placeholder* (the seat's first legal action at that point), which is sound
//! because its owner withholds a choice only while no other seat could see a difference: the
//! owner checks that by replaying the match with its withheld choices swapped for placeholders
//! and comparing every other seat's view ([`Ledger::to_show`]). When a later step would show a
//! difference (the combo card acts, the Custom card is played), the owner reveals the choice,
//! everyone puts it in its place and replays, and the engine checks it was legal then.

use crate::protocol::Choice;
use dojo_engine::{Game, Joint, Observer, PerSeat, Seat, apply, visible_events};

/// What one device holds of one seat's choice in one step.
#[derive(Clone, Debug, PartialEq)]
enum Slot<A> {
    /// The seat does not act.
    Idle,
    /// Known to every device.
    Open(A),
    /// Another device's choice, face down: a placeholder stands in.
    Hidden,
    /// This device's choice; `shown` once revealed.
    Own { action: A, shown: bool },
}

/// Why the ledger cannot take a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LedgerError {
    /// A choice that is not an action of this game.
    Unreadable {
        /// Step.
        step: u32,
        /// Seat.
        seat: u8,
    },
    /// A step the engine refuses (a choice shown later turned out illegal where it was made).
    Illegal {
        /// Step.
        step: u32,
        /// The engine's words.
        reason: String,
    },
    /// A placeholder could not be found (a seat with no legal action).
    NoPlaceholder {
        /// Step.
        step: u32,
    },
    /// A choice shown for a place that holds no face-down choice.
    NotHidden {
        /// Step.
        step: u32,
        /// Seat.
        seat: u8,
    },
}

impl std::fmt::Display for LedgerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LedgerError::Unreadable { step, seat } => write!(f, "Player {}'s choice in step {step} is not a move of this game", seat + 1),
            LedgerError::Illegal { step, reason } => write!(f, "step {step} breaks the rules: {reason}"),
            LedgerError::NoPlaceholder { step } => write!(f, "step {step} leaves a player with no legal move"),
            LedgerError::NotHidden { step, seat } => write!(f, "Player {}'s choice in step {step} was not face down", seat + 1),
        }
    }
}

/// One device's copy of the match.
#[derive(Clone, Debug)]
pub struct Ledger<G: Game> {
    /// The setup the match started from.
    setup: G::Setup,
    /// Which seats this device plays.
    mine: Vec<bool>,
    steps: Vec<Vec<Slot<G::Action>>>,
    /// `before[i]` is the table before step `i + 1`; the last is the table now.
    before: Vec<G>,
}

/// The steps of a match and the table before each, as a test of "what would they see" needs.
type Line<G> = (Vec<Vec<Slot<<G as Game>::Action>>>, Vec<G>);

impl<G: Game> Ledger<G> {
    /// A fresh match from `setup`, in which this device plays the seats marked in `mine`.
    pub fn new(setup: G::Setup, mine: Vec<bool>) -> Result<Self, String> {
        let state = G::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(Ledger { setup, mine, steps: Vec::new(), before: vec![state] })
    }

    /// The setup the match started from (with its seed once drawn: [`Ledger::reseed`]).
    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }

    /// Puts the seed the devices drew together into the setup ([`Game::chance_seed`]) and plays
    /// the match again from it (nothing before the step that reads the seed depends on it);
    /// the new setup, or why not.
    pub fn reseed(&mut self, seed: u64) -> Result<G::Setup, String> {
        let mut setup = self.setup.clone();
        *G::chance_seed(&mut setup).ok_or("this game draws no seed")? = seed;
        self.resetup(setup.clone())?;
        Ok(setup)
    }

    /// Plays the match again from `setup` instead (a seed drawn together, or cards dealt by the
    /// devices filled in another way that shows this device the same): refused in words, changing
    /// nothing, when a step is illegal from it.
    pub fn resetup(&mut self, setup: G::Setup) -> Result<(), String> {
        let mut before = vec![G::from_setup(&setup).map_err(|e| e.to_string())?];
        for (i, slots) in self.steps.iter().enumerate() {
            let mut state = before[i].clone();
            Self::step_on(&mut state, i as u32 + 1, slots, None).map_err(|e| e.to_string())?;
            before.push(state);
        }
        self.before = before;
        self.setup = setup;
        Ok(())
    }

    /// This device's own choice at `step` (from 1) for `seat`, if it made one there.
    pub fn own_action(&self, step: u32, seat: u8) -> Option<G::Action> {
        match self.steps.get((step as usize).checked_sub(1)?)?.get(usize::from(seat))? {
            Slot::Own { action, .. } => Some(action.clone()),
            _ => None,
        }
    }

    /// The events of the step `choices` (as [`Ledger::take`] would take it), without taking it.
    pub fn events_of(
        &self,
        choices: &[Choice],
        own: &[Option<G::Action>],
        shown: &[(u32, u8, String)],
    ) -> Result<Vec<G::Event>, LedgerError> {
        let line = self.line(choices, own, shown)?;
        let last = line.0.len();
        Ok(Self::replay_from(&line, last, None)?.1)
    }

    /// The table as this device holds it: true for its own choices and everything shown,
    /// placeholders for other devices' face-down choices (which no seat here may see).
    pub fn state(&self) -> &G {
        self.before.last().expect("a ledger always holds its start")
    }

    /// Steps taken.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True before the first step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Every step's joint action as this device holds it: others' face-down choices as the
    /// placeholders its table was played with. A page replays these to show the match; once
    /// every choice is shown (at the end) they are the match's true record.
    pub fn joints(&self) -> Vec<Joint<G::Action>> {
        self.steps
            .iter()
            .zip(&self.before)
            .map(|(slots, state)| {
                PerSeat::from_fn(slots.len(), |seat| match &slots[seat.index()] {
                    Slot::Idle => None,
                    Slot::Open(a) | Slot::Own { action: a, .. } => Some(a.clone()),
                    Slot::Hidden => state.legal_actions(seat).into_iter().next(),
                })
            })
            .collect()
    }

    /// Plays one step on `state`, face-down choices of others (and own ones `veil` names) as
    /// placeholders.
    fn step_on(state: &mut G, step: u32, slots: &[Slot<G::Action>], veil: Option<(u8, &G::Action)>) -> Result<Vec<G::Event>, LedgerError> {
        let joint: Joint<G::Action> = PerSeat::from_fn(slots.len(), |seat| match &slots[seat.index()] {
            Slot::Idle => None,
            Slot::Own { .. } if veil.is_some_and(|(s, _)| s == seat.0) => veil.map(|(_, a)| a.clone()),
            Slot::Open(a) | Slot::Own { action: a, .. } => Some(a.clone()),
            Slot::Hidden => state.legal_actions(seat).into_iter().next(),
        });
        let acting = slots.iter().filter(|s| !matches!(s, Slot::Idle)).count();
        if joint.iter().filter(|(_, a)| a.is_some()).count() != acting {
            return Err(LedgerError::NoPlaceholder { step });
        }
        apply(state, &joint).map_err(|e| LedgerError::Illegal { step, reason: e.to_string() })
    }

    /// `line` replayed from step `from` (from 1) to its end, the choice of `veil` (step, seat)
    /// replaced by an action: the table at the end and the last step's events.
    fn replay_from(line: &Line<G>, from: usize, veil: Option<(u32, u8, &G::Action)>) -> Result<(G, Vec<G::Event>), LedgerError> {
        let (steps, before) = line;
        let mut state = before[from - 1].clone();
        let mut events = Vec::new();
        // Steps `from`, `from + 1`, … to the end of the line.
        for (offset, slots) in steps[from - 1..].iter().enumerate() {
            let step = (from + offset) as u32;
            let v = veil.filter(|(at, _, _)| *at == step).map(|(_, s, a)| (s, a));
            events = Self::step_on(&mut state, step, slots, v)?;
        }
        Ok((state, events))
    }

    /// The ledger's steps with `choices` added as the next step and the choices of `shown` put
    /// in their places, and the table before each step (recomputed from the first change).
    fn line(&self, choices: &[Choice], own: &[Option<G::Action>], shown: &[(u32, u8, String)]) -> Result<Line<G>, LedgerError> {
        let step = self.steps.len() as u32 + 1;
        let mut steps = self.steps.clone();
        steps.push(self.slots(choices, own, step)?);
        let mut first_change = steps.len();
        for (at, seat, text) in shown {
            let place = steps
                .get_mut((*at as usize).wrapping_sub(1))
                .and_then(|s| s.get_mut(usize::from(*seat)))
                .ok_or(LedgerError::NotHidden { step: *at, seat: *seat })?;
            *place = match place {
                Slot::Hidden => {
                    first_change = first_change.min(*at as usize);
                    Slot::Open(serde_json::from_str(text).map_err(|_| LedgerError::Unreadable { step: *at, seat: *seat })?)
                }
                Slot::Own { action, shown: false } => Slot::Own { action: action.clone(), shown: true },
                _ => return Err(LedgerError::NotHidden { step: *at, seat: *seat }),
            };
        }
        let mut before = self.before[..first_change].to_vec();
        for i in first_change - 1..steps.len() {
            let mut state = before[i].clone();
            Self::step_on(&mut state, i as u32 + 1, &steps[i], None)?;
            before.push(state);
        }
        Ok((steps, before))
    }

    fn slots(&self, choices: &[Choice], own: &[Option<G::Action>], step: u32) -> Result<Vec<Slot<G::Action>>, LedgerError> {
        choices
            .iter()
            .enumerate()
            .map(|(i, choice)| match (own.get(i).cloned().flatten(), choice) {
                (Some(action), Choice::Shown(_)) => Ok(Slot::Own { action, shown: true }),
                (Some(action), _) => Ok(Slot::Own { action, shown: false }),
                (None, Choice::Idle) => Ok(Slot::Idle),
                (None, Choice::Hidden) => Ok(Slot::Hidden),
                (None, Choice::Shown(text)) => {
                    serde_json::from_str(text).map(Slot::Open).map_err(|_| LedgerError::Unreadable { step, seat: i as u8 })
                }
            })
            .collect()
    }

    /// Which of this device's face-down choices another device could tell from some other
    /// legal choice after the next step, were the step `choices` (this device's from `own`, the
    /// earlier ones in `shown` in their places, others' face-down ones as placeholders):
    /// `(step, seat)`, oldest first. Those must be shown now; the rest may stay face down. A
    /// choice is told apart when any other legal choice in its place would change what the
    /// public or a seat of another device sees, or would make a later choice illegal.
    pub fn to_show(
        &self,
        choices: &[Choice],
        own: &[Option<G::Action>],
        shown: &[(u32, u8, String)],
    ) -> Result<Vec<(u32, u8)>, LedgerError> {
        let line = self.line(choices, own, shown)?;
        let (steps, before) = &line;
        let dealt = G::dealing(&self.setup).is_some();
        let observers: Vec<Observer> = std::iter::once(Observer::Public)
            .chain((0..self.mine.len()).filter(|s| !self.mine[*s]).map(|s| Observer::Seat(Seat(s as u8))))
            .collect();
        let looks = |(state, events): &(G, Vec<G::Event>), who: Observer| {
            (state.view(who), visible_events::<G>(events, who).cloned().collect::<Vec<_>>())
        };
        let mut show = Vec::new();
        for (i, slots) in steps.iter().enumerate() {
            for (seat, slot) in slots.iter().enumerate() {
                let Slot::Own { action, shown: false } = slot else { continue };
                let truth = Self::replay_from(&line, i + 1, None)?;
                let legal = before[i].legal_actions(Seat(seat as u8));
                // In a match whose cards the devices deal, the other devices do not know this
                // hand: a card played as the only choice still tells them something.
                let only_card = dealt && legal.len() == 1 && !G::cards_of(action).is_empty();
                let told_apart = only_card
                    || legal.iter().filter(|a| *a != action).any(|other| {
                        match Self::replay_from(&line, i + 1, Some((i as u32 + 1, seat as u8, other))) {
                            Ok(seen) => observers.iter().any(|who| looks(&seen, *who) != looks(&truth, *who)),
                            Err(_) => true,
                        }
                    });
                if told_apart {
                    show.push((i as u32 + 1, seat as u8));
                }
            }
        }
        // The other devices play every choice still face down as a placeholder, all of them
        // at once: a choice that could not be told apart alone may matter together with
        // another (a monster built card by card, whose card is then played). Until the table
        // with all of them as placeholders looks the same as the true one, and stays legal,
        // the oldest of them is shown too.
        let mut veiled: Vec<(u32, u8)> = steps
            .iter()
            .enumerate()
            .flat_map(|(i, slots)| {
                slots
                    .iter()
                    .enumerate()
                    .filter_map(move |(seat, slot)| matches!(slot, Slot::Own { shown: false, .. }).then_some((i as u32 + 1, seat as u8)))
            })
            .filter(|at| !show.contains(at))
            .collect();
        let truth = Self::replay_from(&line, 1, None)?;
        while let Some(&first) = veiled.first() {
            let mut placeheld = steps.clone();
            for (at, seat) in &veiled {
                placeheld[*at as usize - 1][usize::from(*seat)] = Slot::Hidden;
            }
            let same = match Self::replay_from(&(placeheld, before.clone()), first.0 as usize, None) {
                Ok(seen) => observers.iter().all(|who| looks(&seen, *who) == looks(&truth, *who)),
                Err(_) => false,
            };
            if same {
                break;
            }
            show.push(first);
            veiled.remove(0);
        }
        show.sort_unstable();
        Ok(show)
    }

    /// True when the match would be over after the step `choices` (others' face-down choices
    /// as placeholders): then every choice still face down is shown, so that every device can
    /// check the whole match.
    pub fn ends_with(&self, choices: &[Choice], own: &[Option<G::Action>], shown: &[(u32, u8, String)]) -> bool {
        self.line(choices, own, shown).is_ok_and(|(_, before)| before.last().is_some_and(|s| s.outcome().is_some()))
    }

    /// Takes the step `choices` (this device's own from `own`), with every earlier face-down
    /// choice in `shown` put in its place first; the match is replayed from the first of them.
    /// Refused, changing nothing, when the engine refuses a step (a choice shown late was
    /// illegal where it was made).
    pub fn take(&mut self, choices: &[Choice], own: &[Option<G::Action>], shown: &[(u32, u8, String)]) -> Result<(), LedgerError> {
        let (steps, before) = self.line(choices, own, shown)?;
        self.steps = steps;
        self.before = before;
        Ok(())
    }
}
