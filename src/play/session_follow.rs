//! A session following a match every device agreed on (see [`crate::play::friend`]): told the
//! whole match, or the next step alone, it applies only what is new when it can, so a step
//! costs the same late in a match as early.

use super::*;

impl<T: OnSite> Session<T> {
    /// Moves the match to `actions`, the whole match as another device's connection module
    /// holds it after a step every device agreed on (see [`crate::play::friend`]). When it goes on
    /// from the match here (the usual case: one more agreed step), only the new steps are
    /// applied, so a step costs the same at step 200 as at step 10; otherwise the match is
    /// replayed from its start. Either way the session is the one a replay from the start would
    /// give, log included. Inputs planned ahead beyond the one each seat just played are kept
    /// while they stay legal. Returns the new steps' events; refused in words, changing
    /// nothing, when the match does not replay or is not the one on the page.
    pub fn follow(&mut self, actions: Vec<dojo_engine::Joint<Action<T>>>) -> Result<Vec<Event<T>>, String> {
        let whole = self.whole.as_ref().ok_or("the match on this page lost its start")?;
        if actions.len() < self.steps {
            return Err(format!("the other device's match has {} steps, fewer than the {} here", actions.len(), self.steps));
        }
        if self.base == 0 && actions.len() > self.steps && whole.actions[..] == actions[..self.steps] {
            return self.go_on(&actions[self.steps..]);
        }
        let record = GameRecord { actions: actions.clone(), ..GameRecord::new(whole.setup.clone()) };
        let next = Session::played_on(self.seats.clone(), &record, record.actions.len())?;
        let planned = std::mem::replace(self, next).pending;
        self.plan_again(planned, actions.last());
        Ok(self.last_events.clone())
    }

    /// Moves the match on by step `step` (from 1), `joint`, which every device agreed on after
    /// the steps here (see [`crate::play::friend::Heard::Step`]): as [`Session::follow`] with the
    /// whole match. Refused in words, changing nothing, when it is not the next step here or
    /// does not apply.
    pub fn follow_step(&mut self, step: usize, joint: dojo_engine::Joint<Action<T>>) -> Result<Vec<Event<T>>, String> {
        if self.whole.is_none() || self.base != 0 {
            return Err("the match on this page lost its start".into());
        }
        if step != self.steps + 1 {
            return Err(format!("the other device's step {step} does not follow the {} steps here", self.steps));
        }
        self.go_on(std::slice::from_ref(&joint))
    }

    /// Applies the agreed steps `more` after the match's own, as a replay from the start would
    /// have them (nothing planned kept but what stays legal, no words kept from a reload or an
    /// explanation); every step is tried on a copy first, so a refused one changes nothing.
    fn go_on(&mut self, more: &[dojo_engine::Joint<Action<T>>]) -> Result<Vec<Event<T>>, String> {
        let mut trial = self.state.clone();
        for (i, joint) in more.iter().enumerate() {
            apply(&mut trial, joint).map_err(|e| format!("step {} does not replay: {e}", self.steps + i + 1))?;
        }
        let planned = std::mem::replace(&mut self.pending, vec![Vec::new(); self.seats.count()]);
        self.last_lines.clear();
        self.explained = (String::new(), None);
        for (i, joint) in more.iter().enumerate() {
            let events = apply(&mut self.state, joint).map_err(|e| format!("step {} does not replay: {e}", self.steps + i + 1))?;
            self.record_step(joint.clone(), &events);
            self.last_events = events;
        }
        self.plan_again(planned, more.last());
        Ok(self.last_events.clone())
    }

    /// Gives again what each seat had `planned` beyond the input it played in the step `last`,
    /// while it stays legal.
    fn plan_again(&mut self, planned: Vec<Vec<Action<T>>>, last: Option<&dojo_engine::Joint<Action<T>>>) {
        for seat in Seat::all(self.seats.count()) {
            let acted = last.is_some_and(|joint| joint.get(seat).is_some_and(Option::is_some));
            let queue = &planned[seat.index()];
            for action in &queue[usize::from(acted).min(queue.len())..] {
                if self.give(seat, action.clone()).is_err() {
                    break;
                }
            }
        }
    }

    /// Plays from `setup` from now on, the steps so far being `actions` (as the connection
    /// module holds them from it): the same table with the seed every device drew together just
    /// before the step that reads it (see [`dojo_engine::Game::DRAWN_SEED`]), or with cards the
    /// devices opened. Choices already given stay. Refused in words, changing nothing, when the
    /// steps do not replay.
    pub fn reseed(&mut self, setup: &<T::G as Game>::Setup, actions: Vec<Joint<<T::G as Game>::Action>>) -> Result<(), String> {
        let record = GameRecord { actions, ..GameRecord::new(setup.clone()) };
        let mut next = Session::played_on(self.seats.clone(), &record, record.actions.len())?;
        next.pending = self.pending.clone();
        *self = next;
        Ok(())
    }
}
