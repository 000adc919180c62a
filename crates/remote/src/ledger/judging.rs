//! Judging this device's face-down choices step by step. [`Ledger::to_show`] asks, at every
//! step, whether another device could tell each choice still face down from the other legal
//! choices in its place: the table after every later step is compared. Replayed from the
//! choice each time, a choice that stays face down for the rest of the match costs a replay of
//! the rest of it at every step, and the match's cost grows with its square. [`Judging`] keeps
//! those tables instead (each other choice's world, and the world with every face-down choice
//! a placeholder at once) and moves them on by one step as the ledger takes it, so a step costs
//! the same late in a match as early. It serves games whose cards are not dealt by the devices
//! (a dealt match judges on lines of its own, and is replayed as before).

use super::{Ledger, Line, Slot, Steps, outline_of, veiled_slot};
use dojo_engine::{Game, Seat};
use std::rc::Rc;

/// A table the ledger's steps lead to in some world, or `None` once a step broke a rule there.
type World<G> = Option<Rc<G>>;

/// One face-down choice of this device, judged step by step.
#[derive(Clone, Debug)]
struct Kept<G: Game> {
    /// Where it is: step index from 0, seat.
    at: (usize, usize),
    /// The steps after it where the same seat's choice was face down when these worlds were
    /// worked out: on the judged line they are placeholders.
    later: Vec<usize>,
    /// For each other legal choice of its outline: the table after the ledger's steps on the
    /// true line, and on the judged line (the seat's later face-down choices as placeholders,
    /// as the other devices play them).
    worlds: Vec<(World<G>, World<G>)>,
    /// The judged line's own table after the ledger's steps.
    judged_truth: World<G>,
}

/// What a ledger keeps to judge its face-down choices without replaying the match.
#[derive(Clone, Debug)]
pub(super) struct Judging<G: Game> {
    /// For each face-down choice of this device (step index from 0, seat): the table after the
    /// ledger's steps had each other legal choice been made in its place, in the order of the
    /// seat's legal actions then.
    alone: Vec<Kept<G>>,
    /// The face-down choices played as placeholders all at once, and the table after the
    /// ledger's steps so.
    together: (Vec<(usize, usize)>, World<G>),
}

impl<G: Game> Default for Judging<G> {
    fn default() -> Self {
        Judging { alone: Vec::new(), together: (Vec::new(), None) }
    }
}

/// Where this device's choices are still face down in `steps`: (step index from 0, seat).
pub(super) fn face_down<G: Game>(steps: &[Rc<Steps<G>>]) -> Vec<(usize, usize)> {
    let mut at = Vec::new();
    for (i, slots) in steps.iter().enumerate() {
        at.extend(slots.iter().enumerate().filter(|(_, s)| matches!(s, Slot::Own { shown: false, .. })).map(|(seat, _)| (i, seat)));
    }
    at
}

/// The other legal choices of the face-down choice at (`i`, `seat`) of `line` that share its
/// outline (what the other devices saw of it when it was made).
pub(super) fn others<G: Game>(line: &Line<G>, i: usize, seat: usize) -> Vec<G::Action> {
    let Slot::Own { action, .. } = &line.0[i][seat] else { return Vec::new() };
    let (state, who) = (&line.1[i], Seat(seat as u8));
    let outline = outline_of::<G>(state, who, action);
    state.legal_actions(who).into_iter().filter(|a| a != action && outline_of::<G>(state, who, a) == outline).collect()
}

/// `line`'s step `i + 1` (index `i`) with the choices `veiled` of it as placeholders.
fn placeheld<G: Game>(line: &Line<G>, i: usize, veiled: &[(usize, usize)]) -> Steps<G> {
    let mut slots = Steps::<G>::clone(&line.0[i]);
    for (_, seat) in veiled.iter().filter(|(at, _)| *at == i) {
        slots[*seat] = veiled_slot::<G>(&line.1[i], *seat as u8, &slots[*seat]);
    }
    slots
}

/// The table after `line` with each of `veiled` a placeholder, replayed from the first of them.
fn world_together<G: Game>(line: &Line<G>, veiled: &[(usize, usize)]) -> World<G> {
    let first = veiled.first()?.0;
    let mut state = G::clone(&line.1[first]);
    for i in first..line.0.len() {
        Ledger::<G>::step_on(&mut state, i as u32 + 1, &placeheld(line, i, veiled), None).ok()?;
    }
    Some(Rc::new(state))
}

/// The steps after `i` where `seat`'s choice is face down in `line`.
fn later_face_down<G: Game>(line: &Line<G>, i: usize, seat: usize) -> Vec<usize> {
    (i + 1..line.0.len()).filter(|j| matches!(line.0[*j][seat], Slot::Own { shown: false, .. })).collect()
}

/// `line` with `seat`'s face-down choices after step index `i` as placeholders: the line a
/// choice of it is judged on when another choice in its place breaks a rule there.
fn judged_line<G: Game>(line: &Line<G>, i: usize, seat: usize) -> Line<G> {
    let veiled: Vec<(usize, usize)> = later_face_down(line, i, seat).into_iter().map(|j| (j, seat)).collect();
    let mut steps = line.0.clone();
    for (j, _) in &veiled {
        steps[*j] = Rc::new(placeheld(line, *j, &veiled));
    }
    (steps, line.1.clone())
}

/// `world` moved on by `line`'s step `i + 1` (its slots `slots`): the table after it, with the
/// step's events.
fn moved_on<G: Game>(world: &World<G>, i: usize, slots: &[Slot<G::Action>]) -> Option<(G, Vec<G::Event>)> {
    let mut state = G::clone(world.as_ref()?);
    let events = Ledger::<G>::step_on(&mut state, i as u32 + 1, slots, None).ok()?;
    Some((state, events))
}

impl<G: Game> Judging<G> {
    /// Everything worked out afresh for `line` (the ledger's steps and tables).
    pub(super) fn of(line: &Line<G>) -> Self {
        let hidden = face_down::<G>(&line.0);
        let alone = hidden.iter().map(|&(i, seat)| Kept::of(line, i, seat)).collect();
        Judging { alone, together: (hidden.clone(), world_together(line, &hidden)) }
    }

    /// These worlds moved on to `line`, the ledger's steps with one more (its last) and nothing
    /// earlier changed but choices of this device now shown.
    pub(super) fn moved_to(&self, line: &Line<G>) -> Self {
        let last = line.0.len() - 1;
        let hidden = face_down::<G>(&line.0);
        let mut alone: Vec<Kept<G>> = self.alone.iter().filter(|k| hidden.contains(&k.at)).map(|k| k.moved_to(line)).collect();
        for &(i, seat) in hidden.iter().filter(|(i, _)| *i == last) {
            alone.push(Kept::of(line, i, seat));
        }
        let (kept, world) = &self.together;
        let earlier: Vec<(usize, usize)> = hidden.iter().copied().filter(|(i, _)| *i < last).collect();
        let together = if earlier == *kept && !kept.is_empty() {
            moved_on(world, last, &placeheld(line, last, &hidden)).map(|(s, _)| Rc::new(s))
        } else {
            world_together(line, &hidden)
        };
        Judging { alone, together: (hidden, together) }
    }

    /// Whether the face-down choice at (`i`, `seat`), made before the step `line` adds (its
    /// last), could be told from another legal choice once that step is played, as `differs`
    /// says of a world and the table it is compared with; `None` when it is not kept here.
    pub(super) fn told_apart(
        &self,
        line: &Line<G>,
        at: (usize, usize),
        truth: &(G, Vec<G::Event>),
        differs: impl Fn(&(G, Vec<G::Event>), &(G, Vec<G::Event>)) -> bool,
    ) -> Option<bool> {
        let kept = self.alone.iter().find(|k| k.at == at)?;
        let last = line.0.len() - 1;
        // A later face-down choice of the seat shown in this step changes the judged line.
        let mut later = later_face_down(line, at.0, at.1);
        later.retain(|j| *j < last);
        if later != kept.later {
            return None;
        }
        let step = &line.0[last];
        // On the judged line the seat's new choice, if face down, is a placeholder too.
        let judged_step = placeheld(
            line,
            last,
            &[(last, at.1)].into_iter().filter(|(j, s)| matches!(line.0[*j][*s], Slot::Own { shown: false, .. })).collect::<Vec<_>>(),
        );
        let judged_truth = std::cell::OnceCell::new();
        Some(kept.worlds.iter().any(|(on_true, on_judged)| match moved_on(on_true, last, step) {
            Some(seen) => differs(&seen, truth),
            None => match judged_truth.get_or_init(|| moved_on(&kept.judged_truth, last, &judged_step)) {
                Some(judged) => moved_on(on_judged, last, &judged_step).is_none_or(|seen| differs(&seen, judged)),
                None => true,
            },
        }))
    }

    /// The table after `line` (the ledger's steps with one more) with `veiled` as placeholders at
    /// once, when the worlds kept here lead to it in one step: `veiled` is the choices kept
    /// together here and some of the new step. `None` when it must be replayed.
    pub(super) fn together_after(&self, line: &Line<G>, veiled: &[(usize, usize)]) -> Option<Option<(G, Vec<G::Event>)>> {
        let last = line.0.len() - 1;
        let (kept, world) = &self.together;
        let earlier: Vec<(usize, usize)> = veiled.iter().copied().filter(|(i, _)| *i < last).collect();
        (earlier == *kept && !kept.is_empty()).then(|| moved_on(world, last, &placeheld(line, last, veiled)))
    }
}

impl<G: Game> Kept<G> {
    /// The face-down choice at (`i`, `seat`) of `line`, its worlds replayed from it.
    fn of(line: &Line<G>, i: usize, seat: usize) -> Self {
        let judged = judged_line(line, i, seat);
        let world = |line: &Line<G>, veil: Option<&G::Action>| {
            Ledger::<G>::replay_from(line, i + 1, veil.map(|a| (i as u32 + 1, seat as u8, a))).ok().map(|(s, _)| Rc::new(s))
        };
        let worlds = others(line, i, seat).iter().map(|other| (world(line, Some(other)), world(&judged, Some(other)))).collect();
        Kept { at: (i, seat), later: later_face_down(line, i, seat), worlds, judged_truth: world(&judged, None) }
    }

    /// These worlds moved on by `line`'s last step; worked out afresh when one of the seat's
    /// later face-down choices was shown meanwhile (the judged line is then another).
    fn moved_to(&self, line: &Line<G>) -> Self {
        let (i, seat) = self.at;
        let last = line.0.len() - 1;
        let mut later = later_face_down(line, i, seat);
        later.retain(|j| *j < last);
        if later != self.later {
            return Kept::of(line, i, seat);
        }
        let new = matches!(line.0[last][seat], Slot::Own { shown: false, .. });
        let veil: Vec<(usize, usize)> = if new { vec![(last, seat)] } else { Vec::new() };
        let judged_step = placeheld(line, last, &veil);
        let on = |w: &World<G>, slots: &[Slot<G::Action>]| moved_on(w, last, slots).map(|(s, _)| Rc::new(s));
        Kept {
            at: self.at,
            later: later_face_down(line, i, seat),
            worlds: self.worlds.iter().map(|(t, j)| (on(t, &line.0[last]), on(j, &judged_step))).collect(),
            judged_truth: on(&self.judged_truth, &judged_step),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Ledger;
    use crate::protocol::Choice;
    use dojo_engine::{Game, Rng, Seat, acting_seats};
    use dojo_games::taunt::{Battle, FighterId, Options, Setup, Taunt};

    /// One device's ledger through long TAUNT matches (Monsters, and six fighters of whom this
    /// device plays three), its own choices face down and the others' shown: at every step the
    /// worlds kept step by step give the same choices to show as replaying from every choice.
    #[test]
    fn kept_worlds_judge_as_replaying_from_every_choice() {
        let fighters: Vec<FighterId> = (0..6).map(|i| FighterId::ALL[i % FighterId::ALL.len()]).collect();
        let tables = [
            (
                Setup::new([FighterId::Wollypobber; 2], Options { battle: Battle::Monsters, best_of: 3, ..Options::default() }),
                vec![true, false],
            ),
            (
                Setup::new(fighters, Options { battle: Battle::LastStanding, best_of: 1, ..Options::default() }),
                vec![true, false, true, false, true, false],
            ),
        ];
        let mut judged = 0;
        for (setup, mine) in tables {
            for seed in 0..3 {
                let mut rng = Rng::new(seed);
                let mut ledger = Ledger::<Taunt>::new(setup.clone(), mine.clone()).unwrap();
                let mut shown_next: Vec<(u32, u8, String)> = Vec::new();
                while ledger.state().outcome().is_none() && ledger.len() < 250 {
                    let state = ledger.state().clone();
                    let acting = acting_seats(&state);
                    let pick = |seat: Seat, rng: &mut Rng| {
                        let legal = state.legal_actions(seat);
                        legal[rng.below(legal.len())]
                    };
                    let mut own = vec![None; mine.len()];
                    let mut choices = vec![Choice::Idle; mine.len()];
                    for seat in acting {
                        let action = pick(seat, &mut rng);
                        if mine[seat.index()] {
                            choices[seat.index()] = Choice::Hidden(None);
                            own[seat.index()] = Some(action);
                        } else {
                            choices[seat.index()] = Choice::Shown(dojo_engine::json::to_string(&action).unwrap());
                        }
                    }
                    let fast = ledger.to_show_judged(&choices, &own, &shown_next, true).unwrap();
                    let slow = ledger.to_show_judged(&choices, &own, &shown_next, false).unwrap();
                    assert_eq!(fast, slow, "step {}", ledger.len() + 1);
                    judged += 1;
                    ledger.take(&choices, &own, &shown_next).unwrap();
                    // What had to be shown from earlier steps is shown with the next one.
                    let step = ledger.len() as u32;
                    shown_next = fast
                        .into_iter()
                        .filter(|(at, _)| *at < step + 1 && *at != step)
                        .filter_map(|(at, seat)| ledger.own_action(at, seat).map(|a| (at, seat, dojo_engine::json::to_string(&a).unwrap())))
                        .collect();
                }
            }
        }
        assert!(judged > 500, "{judged} steps judged");
    }
}
