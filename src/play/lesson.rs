//! Learn by playing: a short match on the real table, against a computer that follows a script,
//! where the page says what the next choice needs just before it is made.
//!
//! A game's lesson ([`super::OnSite::lesson`]) is a deal with every hidden card chosen and, for
//! each step, a few sentences, what to highlight and every seat's input. The person plays seat
//! 1 on the game's own screens; the play machine gives the other seats their scripted inputs
//! instead of thinking, refuses any input of the person's but the one the step asks for (the
//! script goes on from it), and saves nothing: a match in progress stays in storage untouched.

use super::{OnSite, Session};
use dojo_engine::{Game, Seat};

/// The address fragment that starts a play page's lesson (`/play/<game>#learn`; a game with
/// more than one names the others `#learn-2`, `#learn-3`, …).
pub const HASH: &str = "learn";

/// Which of the game's lessons the address fragment `hash` asks for (from 0), if any.
pub fn asked(hash: &str) -> Option<usize> {
    match hash.strip_prefix(HASH)? {
        "" => Some(0),
        n => n.strip_prefix('-')?.parse::<usize>().ok().filter(|n| *n >= 2).map(|n| n - 1),
    }
}

/// One step of a lesson.
pub struct Step<A> {
    /// What the page says before the step: the rule the choice needs, in two or three sentences
    /// (empty for a step only the computer acts in: the page then shows the next step's words).
    pub say: &'static str,
    /// What the page highlights meanwhile: a CSS selector (the card to play, a track).
    pub point: &'static str,
    /// Each seat's input in the step, in seat order (`None`: that seat does not act).
    pub inputs: Vec<Option<A>>,
}

/// A game's lesson: its deal, its steps, and what the page says at the end.
pub struct Lesson<G: Game> {
    /// What it teaches, in a few words, for the lobby's button when a game has more than one.
    pub title: &'static str,
    /// Seats at the table: the person in the first, the scripted computer in the others.
    pub seats: usize,
    /// The deal, every hidden thing chosen, so the steps go as written.
    pub setup: G::Setup,
    /// The steps, in order; the lesson ends after the last (the match need not be over).
    pub steps: Vec<Step<G::Action>>,
    /// What the page says once the steps are done.
    pub done: &'static str,
}

impl<G: Game> Lesson<G> {
    /// The input step `step` (from 0) gives `seat`, if it has one.
    pub fn input(&self, step: usize, seat: Seat) -> Option<&G::Action> {
        self.steps.get(step)?.inputs.get(seat.index())?.as_ref()
    }

    /// What the page shows while the match is at step `step`: the words of the next step the
    /// person acts in, its number among those steps (from 1) and how many there are.
    pub fn shown(&self, step: usize) -> Option<(&Step<G::Action>, usize, usize)> {
        let theirs = |s: &&Step<G::Action>| !s.say.is_empty();
        let next = self.steps.get(step..)?.iter().find(theirs)?;
        let before = self.steps[..step].iter().filter(theirs).count();
        Some((next, before + 1, self.steps.iter().filter(theirs).count()))
    }
}

/// What the page says when a person's input is not the one the lesson's step asks for.
pub const OFF_SCRIPT: &str = "This lesson asks for the highlighted choice: the next steps are written for it.";

/// What the page says when the lesson's script has no input for a computer that must decide.
pub const LOST: &str = "This lesson has lost its way: start it again from the lobby.";

/// Holds the inputs the match now waits with to `lesson`'s script: an input of a seat that is
/// not the one its step writes is given back, with [`OFF_SCRIPT`].
pub fn keep_to_script<T: OnSite>(lesson: &Lesson<T::G>, s: &mut Session<T>) -> Result<(), String> {
    let off = Seat::all(s.seats().count()).find(|seat| s.planned(*seat).is_some_and(|a| lesson.input(s.steps(), *seat) != Some(a)));
    match off {
        Some(seat) => {
            s.take_back(seat);
            Err(OFF_SCRIPT.into())
        }
        None => Ok(()),
    }
}

/// Gives every computer that must decide now its input from `lesson`'s script; [`LOST`] when
/// the script has none (the match has left it).
pub fn give_scripted<T: OnSite>(lesson: &Lesson<T::G>, s: &mut Session<T>) -> Result<(), String> {
    for seat in s.computers_to_move() {
        let input = lesson.input(s.steps(), seat).cloned().ok_or(LOST)?;
        s.give(seat, input).map_err(|_| LOST.to_string())?;
    }
    Ok(())
}

/// Checks a lesson against the rules (for each game's tests): every step's inputs are exactly
/// what the seats acting may give, each is legal, the steps play through, and each says two or
/// three sentences at most.
#[cfg(test)]
pub(crate) fn check<G: Game>(lesson: &Lesson<G>) -> G {
    let mut state = G::from_setup(&lesson.setup).expect("the lesson's deal is valid");
    let theirs = lesson.steps.iter().filter(|s| !s.say.is_empty()).count();
    assert!((3..=8).contains(&theirs) && lesson.steps.len() <= 16, "a lesson of a few minutes");
    for (k, step) in lesson.steps.iter().enumerate() {
        let sentences = step.say.matches(". ").count() + 1;
        assert!(sentences <= 3 && step.say.len() <= 400, "step {}: two or three sentences: {}", k + 1, step.say);
        let person = step.inputs.first().is_some_and(Option::is_some);
        assert_eq!(person, !step.say.is_empty(), "step {}: words exactly for the steps the person acts in", k + 1);
        assert_eq!(person, !step.point.is_empty(), "step {}: a highlight exactly for the steps the person acts in", k + 1);
        assert!(state.outcome().is_none(), "step {}: the match is still on", k + 1);
        let acting = dojo_engine::acting_seats(&state);
        let joint = dojo_engine::PerSeat::from_fn(lesson.seats, |s| step.inputs.get(s.index()).cloned().flatten());
        for seat in Seat::all(lesson.seats) {
            assert_eq!(joint[seat].is_some(), acting.contains(&seat), "step {}: {seat:?} acts exactly when the rules ask", k + 1);
        }
        dojo_engine::apply(&mut state, &joint).unwrap_or_else(|e| panic!("step {}: {e}", k + 1));
    }
    state
}
