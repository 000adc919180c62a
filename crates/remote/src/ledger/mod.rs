//! One device's copy of the match, for any game: the setup and every step, with the choices the
//! rules keep face down held only by the device that made them. Other devices play such a
//! choice as a *placeholder* (the seat's first legal action at that point), which is sound
//! because its owner withholds a choice only while no other seat could see a difference: the
//! owner checks that by replaying the match with its withheld choices swapped for placeholders
//! and comparing every other seat's view ([`Ledger::to_show`]). When a later step would show a
//! difference (the combo card acts, the Custom card is played), the owner reveals the choice,
//! everyone puts it in its place and replays, and the engine checks it was legal then.

mod judging;

use crate::protocol::Choice;
use dojo_engine::{CardMove, Game, Joint, Observer, PerSeat, Seat, apply, visible_events};
use judging::Judging;
use std::rc::Rc;

/// What one device holds of one seat's choice in one step.
#[derive(Clone, Debug, PartialEq)]
enum Slot<A> {
    /// The seat does not act.
    Idle,
    /// Known to every device.
    Open(A),
    /// Another device's choice, face down but for its outline ([`dojo_engine::FaceDown::outline`]): a
    /// placeholder of that outline stands in, one handing on first the cards of these faces
    /// when the choice passed cards to another hand ([`Ledger::prefer`]).
    Hidden(Option<u8>, Vec<u16>),
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
            LedgerError::Unreadable { step, seat } => {
                write!(f, "Player {}'s choice in step {step} is not a move of this game", u16::from(*seat) + 1)
            }
            LedgerError::Illegal { step, reason } => write!(f, "step {step} breaks the rules: {reason}"),
            LedgerError::NoPlaceholder { step } => write!(f, "step {step} leaves a player with no legal move"),
            LedgerError::NotHidden { step, seat } => write!(f, "Player {}'s choice in step {step} was not face down", u16::from(*seat) + 1),
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
    /// Each step's slots, shared (a line tried on top of the ledger copies only what it changes).
    steps: Vec<Rc<Steps<G>>>,
    /// `before[i]` is the table before step `i + 1`; the last is the table now (shared, as the
    /// steps are).
    before: Vec<Rc<G>>,
    /// Each step's joint action as [`Ledger::joints`] tells it, kept as the steps are taken.
    joints: Vec<Joint<G::Action>>,
    /// The worlds this device's face-down choices are judged by, kept as the steps are taken.
    judging: Judging<G>,
    /// In a dealt match, by (step, seat): the faces of the cards another device's face-down
    /// choice passed to another hand, as this device's cards hold them.
    passes: std::collections::BTreeMap<(u32, u8), Vec<u16>>,
}

/// One step's slots, a seat each.
type Steps<G> = Vec<Slot<<G as Game>::Action>>;

/// The steps of a match and the table before each, as a test of "what would they see" needs.
/// Both are shared with the ledger they were tried on, so a line costs what it changes.
type Line<G> = (Vec<Rc<Steps<G>>>, Vec<Rc<G>>);

/// A step as [`Ledger::plays`] takes it: every seat's choice, this device's own, and the earlier
/// choices it shows.
pub type StepTaken<'a, G> = (&'a [Choice], &'a [Option<<G as Game>::Action>], &'a [(u32, u8, String)]);

/// The table at the end of a line, and its last step's events.
type Seen<G> = (G, Vec<<G as Game>::Event>);

impl<G: Game> Ledger<G> {
    /// A fresh match from `setup`, in which this device plays the seats marked in `mine`.
    pub fn new(setup: G::Setup, mine: Vec<bool>) -> Result<Self, String> {
        let state = G::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(Ledger {
            setup,
            mine,
            steps: Vec::new(),
            before: vec![Rc::new(state)],
            joints: Vec::new(),
            judging: Judging::default(),
            passes: Default::default(),
        })
    }

    /// The setup the match started from (with its seed once drawn: [`Ledger::reseed`]).
    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }

    /// Puts the seed the devices drew together into the setup ([`Game::DRAWN_SEED`]) and plays
    /// the match again from it (nothing before the step that reads the seed depends on it);
    /// the new setup, or why not.
    pub fn reseed(&mut self, seed: u64) -> Result<G::Setup, String> {
        let mut setup = self.setup.clone();
        let hooks = G::DRAWN_SEED.ok_or("this game draws no seed")?;
        *hooks.chance_seed(&mut setup) = seed;
        self.resetup(setup.clone())?;
        Ok(setup)
    }

    /// Plays the match again from `setup` instead (a seed drawn together, or cards dealt by the
    /// devices filled in another way that shows this device the same): refused in words, changing
    /// nothing, when a step is illegal from it.
    pub fn resetup(&mut self, setup: G::Setup) -> Result<(), String> {
        let mut before = vec![Rc::new(G::from_setup(&setup).map_err(|e| e.to_string())?)];
        for (i, slots) in self.steps.iter().enumerate() {
            let mut state = G::clone(&before[i]);
            Self::step_on(&mut state, i as u32 + 1, slots, None).map_err(|e| e.to_string())?;
            before.push(Rc::new(state));
        }
        self.before = before;
        self.setup = setup;
        self.joints_from(0);
        if G::DEALT.is_none() {
            self.judging = Judging::of(&(self.steps.clone(), self.before.clone()));
        }
        Ok(())
    }

    /// In a dealt match: the faces of the cards each face-down choice of another device passed
    /// to another hand, by (step, seat), as this device's cards now hold them (the true faces
    /// on the receiver's device, guesses elsewhere). The stand-in for such a choice hands on
    /// those cards ([`dojo_engine::Dealt::passed_of`]), so that every copy moves the cards the
    /// giver named. Takes effect when the match is next played again ([`Ledger::resetup`]).
    pub fn prefer(&mut self, passes: std::collections::BTreeMap<(u32, u8), Vec<u16>>) {
        for (i, slots) in self.steps.iter_mut().enumerate() {
            for seat in 0..slots.len() {
                let Slot::Hidden(outline, faces) = &slots[seat] else { continue };
                let wanted = passes.get(&(i as u32 + 1, seat as u8)).cloned().unwrap_or_default();
                if *faces != wanted {
                    let outline = *outline;
                    Rc::make_mut(slots)[seat] = Slot::Hidden(outline, wanted);
                }
            }
        }
        self.passes = passes;
    }

    /// True when every pass of cards between hands in the ledger's steps (and in the step
    /// `pending`, as [`Ledger::plays`] takes it) moved exactly the faces its giver named, as
    /// [`Ledger::prefer`] last set them. A table whose unseen cards are laid otherwise may play
    /// and still move other cards (a card handed on is taken from those received first).
    pub fn passes_agree(&self, pending: Option<StepTaken<'_, G>>) -> bool {
        let Some(hooks) = G::DEALT else { return true };
        if self.passes.is_empty() {
            return true;
        }
        let (steps, before) = match pending {
            Some((choices, own, shown)) => match self.line(choices, own, shown) {
                Ok(line) => line,
                Err(_) => return false,
            },
            None => (self.steps.clone(), self.before.clone()),
        };
        self.passes.iter().all(|((step, seat), faces)| {
            let i = (*step as usize).wrapping_sub(1);
            let (Some(slots), Some(state)) = (steps.get(i), before.get(i)) else { return true };
            let mut state = G::clone(state);
            let Ok(events) = Self::step_on(&mut state, *step, slots, None) else { return false };
            let moved = hooks.card_moves(&events).into_iter().find_map(|m| match m {
                CardMove::Passed { from, faces, .. } if from.0 == *seat => Some(faces),
                _ => None,
            });
            let (mut want, mut got) = (faces.clone(), moved.unwrap_or_default());
            want.sort_unstable();
            got.sort_unstable();
            want == got
        })
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
        self.before.last().map(|s| &**s).expect("a ledger always holds its start")
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
        self.joints.clone()
    }

    /// Works out the joint actions again from step `from` (from 0) on: the steps before it and
    /// the tables they were played on are unchanged.
    fn joints_from(&mut self, from: usize) {
        self.joints.truncate(from);
        for (slots, state) in self.steps[from..].iter().zip(&self.before[from..]) {
            let joint = PerSeat::from_fn(slots.len(), |seat| match &slots[seat.index()] {
                Slot::Idle => None,
                Slot::Open(a) | Slot::Own { action: a, .. } => Some(a.clone()),
                Slot::Hidden(outline, faces) => stand_in::<G>(state, seat, *outline, faces),
            });
            self.joints.push(joint);
        }
    }

    /// Plays one step on `state`, face-down choices of others (and own ones `veil` names) as
    /// placeholders.
    fn step_on(state: &mut G, step: u32, slots: &[Slot<G::Action>], veil: Option<(u8, &G::Action)>) -> Result<Vec<G::Event>, LedgerError> {
        let joint: Joint<G::Action> = PerSeat::from_fn(slots.len(), |seat| match &slots[seat.index()] {
            Slot::Idle => None,
            Slot::Own { .. } if veil.is_some_and(|(s, _)| s == seat.0) => veil.map(|(_, a)| a.clone()),
            Slot::Open(a) | Slot::Own { action: a, .. } => Some(a.clone()),
            Slot::Hidden(outline, faces) => stand_in::<G>(state, seat, *outline, faces),
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
        let mut state = G::clone(&before[from - 1]);
        let mut events = Vec::new();
        // Steps `from`, `from + 1`, … to the end of the line.
        for (offset, slots) in steps[from - 1..].iter().enumerate() {
            let step = (from + offset) as u32;
            let v = veil.filter(|(at, _, _)| *at == step).map(|(_, s, a)| (s, a));
            events = Self::step_on(&mut state, step, slots, v)?;
        }
        Ok((state, events))
    }

    /// True when a step from step `from` up to but not including step `until` (from 1)
    /// gathered cards into a new deal (a measure's end, a new game): a choice made in step
    /// `from` and still face down then was never played.
    fn cards_gathered_between(line: &Line<G>, from: usize, until: usize) -> bool {
        let (steps, before) = line;
        let Some(hooks) = G::DEALT else { return false };
        (from..until).any(|step| {
            let mut state = G::clone(&before[step - 1]);
            Self::step_on(&mut state, step as u32, &steps[step - 1], None).is_ok_and(|events| {
                hooks.card_moves(&events).iter().any(|m| matches!(m, CardMove::Reshuffled { .. } | CardMove::Redealt { .. }))
            })
        })
    }

    /// The ledger's steps with `choices` added as the next step and the choices of `shown` put
    /// in their places, and the table before each step (recomputed from the first change).
    fn line(&self, choices: &[Choice], own: &[Option<G::Action>], shown: &[(u32, u8, String)]) -> Result<Line<G>, LedgerError> {
        self.line_from(choices, own, shown).map(|(line, _)| line)
    }

    /// [`Ledger::line`], and the first step (from 1) whose table or joint action it changes.
    fn line_from(
        &self,
        choices: &[Choice],
        own: &[Option<G::Action>],
        shown: &[(u32, u8, String)],
    ) -> Result<(Line<G>, usize), LedgerError> {
        let step = self.steps.len() as u32 + 1;
        let mut steps = self.steps.clone();
        steps.push(Rc::new(self.slots(choices, own, step)?));
        let mut first_change = steps.len();
        for (at, seat, text) in shown {
            let place = steps
                .get_mut((*at as usize).wrapping_sub(1))
                .and_then(|s| Rc::make_mut(s).get_mut(usize::from(*seat)))
                .ok_or(LedgerError::NotHidden { step: *at, seat: *seat })?;
            *place = match place {
                Slot::Hidden(..) => {
                    first_change = first_change.min(*at as usize);
                    Slot::Open(dojo_engine::json::from_str(text).map_err(|_| LedgerError::Unreadable { step: *at, seat: *seat })?)
                }
                Slot::Own { action, shown: false } => Slot::Own { action: action.clone(), shown: true },
                _ => return Err(LedgerError::NotHidden { step: *at, seat: *seat }),
            };
        }
        let mut before = self.before[..first_change].to_vec();
        for i in first_change - 1..steps.len() {
            let mut state = G::clone(&before[i]);
            Self::step_on(&mut state, i as u32 + 1, &steps[i], None)?;
            before.push(Rc::new(state));
        }
        Ok(((steps, before), first_change))
    }

    fn slots(&self, choices: &[Choice], own: &[Option<G::Action>], step: u32) -> Result<Vec<Slot<G::Action>>, LedgerError> {
        choices
            .iter()
            .enumerate()
            .map(|(i, choice)| match (own.get(i).cloned().flatten(), choice) {
                (Some(action), Choice::Shown(_)) => Ok(Slot::Own { action, shown: true }),
                (Some(action), _) => Ok(Slot::Own { action, shown: false }),
                (None, Choice::Idle) => Ok(Slot::Idle),
                (None, Choice::Hidden(outline)) => {
                    Ok(Slot::Hidden(*outline, self.passes.get(&(step, i as u8)).cloned().unwrap_or_default()))
                }
                (None, Choice::Shown(text)) => {
                    dojo_engine::json::from_str(text).map(Slot::Open).map_err(|_| LedgerError::Unreadable { step, seat: i as u8 })
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
        self.to_show_judged(choices, own, shown, true)
    }

    /// [`Ledger::to_show`], judging by the worlds kept step by step where it can (`kept`), or
    /// by replaying from every choice (the tests hold both to the same answer).
    fn to_show_judged(
        &self,
        choices: &[Choice],
        own: &[Option<G::Action>],
        shown: &[(u32, u8, String)],
        kept: bool,
    ) -> Result<Vec<(u32, u8)>, LedgerError> {
        let (line, first_change) = self.line_from(choices, own, shown)?;
        let (steps, before) = &line;
        let dealt = G::DEALT.is_some();
        // The worlds kept step by step judge the choices made before this step, when it only
        // adds a step to the ledger's.
        let kept = (kept && !dealt && first_change == self.steps.len() + 1).then_some(&self.judging);
        // The table at the end and the last step's events (the line's own tables hold them).
        let truth = Self::replay_from(&line, steps.len(), None)?;
        let observers: Vec<Observer> = std::iter::once(Observer::Public)
            .chain((0..self.mine.len()).filter(|s| !self.mine[*s]).map(|s| Observer::Seat(Seat(s as u8))))
            .collect();
        let looks = |(state, events): &(G, Vec<G::Event>), who: Observer| {
            (state.view(who), visible_events::<G>(events, who).cloned().collect::<Vec<_>>())
        };
        // The seats cards were passed to in each step: their devices learn those cards by the
        // keys, and play the giver's choice with the cards it named (worked out once needed).
        let receivers = std::cell::OnceCell::<Vec<Vec<u8>>>::new();
        let receivers_from = |from: usize| -> Vec<u8> {
            let per_step = receivers.get_or_init(|| {
                let Some(hooks) = G::DEALT else { return Vec::new() };
                steps
                    .iter()
                    .enumerate()
                    .map(|(j, slots)| {
                        let mut state = G::clone(&before[j]);
                        let events = Self::step_on(&mut state, j as u32 + 1, slots, None).unwrap_or_default();
                        hooks
                            .card_moves(&events)
                            .iter()
                            .filter_map(|m| match m {
                                CardMove::Passed { to, .. } => Some(to.0),
                                _ => None,
                            })
                            .collect()
                    })
                    .collect()
            });
            per_step.get(from..).unwrap_or_default().iter().flatten().copied().collect()
        };
        let mut show = Vec::new();
        for (i, slots) in steps.iter().enumerate() {
            for (seat, slot) in slots.iter().enumerate() {
                let Slot::Own { action, shown: false } = slot else { continue };
                // A choice that hands cards on privately is judged by what everyone else sees:
                // the receivers' devices learn those cards by the keys and play it as it was.
                let passes = !passed_of::<G>(action).is_empty();
                let unseen: Vec<u8> = if passes { receivers_from(i) } else { Vec::new() };
                let observers: Vec<Observer> =
                    observers.iter().copied().filter(|o| !matches!(o, Observer::Seat(s) if unseen.contains(&s.0))).collect();
                let differ =
                    |seen: &(G, Vec<G::Event>), truth: &(G, Vec<G::Event>)| observers.iter().any(|o| looks(seen, *o) != looks(truth, *o));
                if let Some(told_apart) = kept.filter(|_| i + 1 < steps.len()).and_then(|j| j.told_apart(&line, (i, seat), &truth, differ))
                {
                    if told_apart {
                        show.push((i as u32 + 1, seat as u8));
                    }
                    continue;
                }
                let who = Seat(seat as u8);
                let outline = outline_of::<G>(&before[i], who, action);
                // The other devices stand in for this seat's later face-down choices with
                // placeholders (in a dealt match, cards of their own guessing), not with these: an
                // alternative that only makes one of those illegal is judged on a line in which
                // they are stand-ins too, since no other device could see that.
                // Worked out only when an alternative breaks a rule on the true line.
                let judged_line = std::cell::OnceCell::<Option<(Line<G>, Seen<G>)>>::new();
                let judged = || {
                    judged_line.get_or_init(|| {
                        let mut veiled = steps.clone();
                        for (j, later) in veiled.iter_mut().enumerate().filter(|(j, _)| *j > i) {
                            if matches!(later[seat], Slot::Own { shown: false, .. }) {
                                let slot = veiled_slot::<G>(&before[j], seat as u8, &later[seat]);
                                Rc::make_mut(later)[seat] = slot;
                            }
                        }
                        let judged = (veiled, before.clone());
                        Self::replay_from(&judged, i + 1, None).ok().map(|truth| (judged, truth))
                    })
                };
                // Only the choices the other devices could not tell from this one when it was
                // made: those of its outline (a card laid face down against another card, not
                // against stopping).
                let others: Vec<G::Action> = before[i]
                    .legal_actions(who)
                    .into_iter()
                    .filter(|a| a != action && outline_of::<G>(&before[i], who, a) == outline)
                    .collect();
                // The other devices do not know this hand either: a card played as the only
                // choice of its outline still tells them something once the step plays it (a
                // choice from before the cards were last gathered, as a Blindfolded plan a game's
                // end left unplayed, plays nothing now).
                // A choice the table forces (a Fold with nothing else possible), of no outline:
                // another device, not knowing the hand that forces it, would stand in with a
                // choice of its own guessing.
                let forced = dealt && outline.is_none() && others.is_empty();
                let only_card = others.is_empty()
                    && !passes
                    && G::DEALT.is_some_and(|hooks| {
                        hooks
                            .card_moves(&truth.1)
                            .iter()
                            .any(|m| matches!(m, CardMove::Played { seat: s, face } if *s == who && hooks.cards_of(action).contains(face)))
                    })
                    && !Self::cards_gathered_between(&line, i + 1, steps.len());
                let differs =
                    |seen: &(G, Vec<G::Event>), truth: &(G, Vec<G::Event>)| observers.iter().any(|o| looks(seen, *o) != looks(truth, *o));
                let told_apart = only_card
                    || forced
                    || others.iter().any(|other| {
                        let veil = Some((i as u32 + 1, seat as u8, other));
                        match Self::replay_from(&line, i + 1, veil) {
                            Ok(seen) => differs(&seen, &truth),
                            Err(_) => match judged() {
                                Some((judged, judged_truth)) => {
                                    Self::replay_from(judged, i + 1, veil).ok().is_none_or(|seen| differs(&seen, judged_truth))
                                }
                                None => true,
                            },
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
        let at_index: Vec<(usize, usize)> = veiled.iter().map(|(at, seat)| (*at as usize - 1, usize::from(*seat))).collect();
        let same_at_once = |seen: &(G, Vec<G::Event>)| observers.iter().all(|who| looks(seen, *who) == looks(&truth, *who));
        if kept.and_then(|j| j.together_after(&line, &at_index)).is_some_and(|seen| seen.as_ref().is_some_and(same_at_once)) {
            veiled.clear();
        }
        while let Some(&first) = veiled.first() {
            let mut placeheld = steps.clone();
            for (at, seat) in &veiled {
                let i = *at as usize - 1;
                Rc::make_mut(&mut placeheld[i])[usize::from(*seat)] = veiled_slot::<G>(&before[i], *seat, &steps[i][usize::from(*seat)]);
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
        // In a dealt match the other devices stand in for this device's face-down choices with
        // cards of their guessing: once one choice of a seat is shown, its other choices since the
        // cards were last gathered are shown with it (a Blindfolded measure's whole plan), so
        // that no stand-in takes a card a shown choice needs.
        if dealt {
            let live = |step: u32| !Self::cards_gathered_between(&line, step as usize, steps.len());
            let seats: Vec<u8> = show.iter().filter(|(at, _)| live(*at)).map(|(_, seat)| *seat).collect();
            for (i, slots) in steps.iter().enumerate() {
                for seat in &seats {
                    let at = (i as u32 + 1, *seat);
                    // A choice that handed cards on is stood in for with the very cards it named.
                    let unpassed = match slots.get(usize::from(*seat)) {
                        Some(Slot::Own { action, shown: false }) => passed_of::<G>(action).is_empty(),
                        _ => false,
                    };
                    if unpassed && !show.contains(&at) && live(at.0) {
                        show.push(at);
                    }
                }
            }
        }
        show.sort_unstable();
        Ok(show)
    }

    /// The match played again from `setup` with the face-down choices `shown` (step, seat,
    /// choice) in their places: at the end of a dealt match, from the cards as dealt and every
    /// choice shown. Refused when a step is then illegal.
    pub fn unveiled(&self, setup: G::Setup, shown: &[(u32, u8, String)]) -> Result<Ledger<G>, String> {
        let mut ledger = self.clone();
        for (at, seat, text) in shown {
            let place = ledger
                .steps
                .get_mut((*at as usize).wrapping_sub(1))
                .and_then(|s| Rc::make_mut(s).get_mut(usize::from(*seat)))
                .filter(|s| matches!(s, Slot::Hidden(..)))
                .ok_or_else(|| LedgerError::NotHidden { step: *at, seat: *seat }.to_string())?;
            *place =
                Slot::Open(dojo_engine::json::from_str(text).map_err(|_| LedgerError::Unreadable { step: *at, seat: *seat }.to_string())?);
        }
        ledger.resetup(setup)?;
        Ok(ledger)
    }

    /// True when `seat` (this device's) has a choice still face down since the cards were last
    /// gathered, in a dealt match: a choice of it shown now would come before that one.
    pub fn holds_face_down_since_gathering(&self, seat: u8) -> bool {
        let line: Line<G> = (self.steps.clone(), self.before.clone());
        let last = self.steps.len() + 1;
        self.steps.iter().enumerate().any(|(i, slots)| {
            matches!(slots.get(usize::from(seat)), Some(Slot::Own { shown: false, .. }))
                && !Self::cards_gathered_between(&line, i + 1, last)
        })
    }

    /// True while some other device's choice is face down here.
    pub fn has_face_down(&self) -> bool {
        self.steps.iter().flat_map(|slots| slots.iter()).any(|s| matches!(s, Slot::Hidden(..)))
    }

    /// Whether the step `choices` (as [`Ledger::take`] would take it) plays on this device's
    /// table: in a dealt match, every face-down choice of another device needs a stand-in of its
    /// outline in the cards this device has filled in.
    pub fn plays(&self, choices: &[Choice], own: &[Option<G::Action>], shown: &[(u32, u8, String)]) -> Result<(), LedgerError> {
        self.line(choices, own, shown).map(|_| ())
    }

    /// True while another device's choice at `step` (from 1) for `seat` is face down here.
    pub fn is_face_down(&self, step: u32, seat: u8) -> bool {
        self.steps
            .get((step as usize).wrapping_sub(1))
            .and_then(|s| s.get(usize::from(seat)))
            .is_some_and(|s| matches!(s, Slot::Hidden(..)))
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
        let (line, first_change) = self.line_from(choices, own, shown)?;
        if G::DEALT.is_none() {
            self.judging = if first_change == self.steps.len() + 1 { self.judging.moved_to(&line) } else { Judging::of(&line) };
        }
        (self.steps, self.before) = line;
        self.joints_from(first_change - 1);
        Ok(())
    }
}

/// The stand-in for another device's face-down choice of `seat`: its first legal action, of
/// the choice's outline when every observer sees one; when the choice passed cards of `faces`
/// to another hand, the first that hands those on ([`dojo_engine::Dealt::passed_of`]: its own
/// cards come first in the pass).
fn stand_in<G: Game>(state: &G, seat: Seat, outline: Option<u8>, faces: &[u16]) -> Option<G::Action> {
    let passes = |a: &G::Action| {
        faces.is_empty()
            || G::DEALT.is_none_or(|hooks| {
                let own = hooks.passed_of(a);
                faces.get(..own.len()) == Some(own.as_slice())
            })
    };
    state.legal_actions(seat).into_iter().find(|a| (outline.is_none() || outline_of::<G>(state, seat, a) == outline) && passes(a))
}

/// The faces of the cards `action` hands to another seat's hand, in a dealt match.
fn passed_of<G: Game>(action: &G::Action) -> Vec<u16> {
    G::DEALT.map(|hooks| hooks.passed_of(action)).unwrap_or_default()
}

/// What every observer learns at once of `action`, a face-down choice of `seat` in `state`: its
/// outline ([`dojo_engine::FaceDown::outline`]) in a game that has them, else nothing.
fn outline_of<G: Game>(state: &G, seat: Seat, action: &G::Action) -> Option<u8> {
    dojo_engine::outline_of(state, seat, action)
}

/// An own choice as another device holds it while it is face down: hidden, with its outline.
fn veiled_slot<G: Game>(state: &G, seat: u8, slot: &Slot<G::Action>) -> Slot<G::Action> {
    match slot {
        Slot::Own { action, .. } => Slot::Hidden(outline_of::<G>(state, Seat(seat), action), passed_of::<G>(action)),
        other => other.clone(),
    }
}
