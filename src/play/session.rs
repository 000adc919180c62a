//! A match as a play page runs it, for any game and any mix of people and computers: who plays
//! each seat, the inputs given in secret so far, the record and the log. Plain Rust with no
//! browser types, so it is tested natively.
//!
//! One mechanism holds every secret input: each seat has a queue of actions that waits here,
//! in memory, until every seat acting in the step has given one; only then is the step applied.
//! Usually a seat gives one action per step. When its input changes nothing it can see and it
//! decides again before any reveal ([`OnSite::plans_ahead`]: a Blindfolded plan, a TAUNT
//! combo), it goes on entering inputs, so one person finishes before handing the device over.
//! What a seat may enter next is asked of the engine, on a position dealt from that seat's own
//! view with its queued inputs applied: no rule is written twice and nothing hidden is read.

use super::saves::{self, Restored};
use super::seats::{Keeping, Seats};
use super::think::Request;
use super::{LogLine, OnSite};
use dojo_bot::{Level, TimeBudget};
use dojo_engine::{Game, GameRecord, Joint, Outcome, PerSeat, Rng, Seat, acting_seats, apply, joint_from};
use dojo_games::Speaker;
use dojo_games::replay_link::SharedGame;

type Action<T> = <<T as OnSite>::G as Game>::Action;
type Event<T> = <<T as OnSite>::G as Game>::Event;
type View<T> = <<T as OnSite>::G as Game>::View;
type Decision<T> = <<T as OnSite>::G as Game>::Decision;

/// A match in progress on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Session<T: OnSite> {
    seats: Seats,
    /// The record, when only people play: with the computer at the table nothing needs it, and
    /// its setup holds the computer's cards. A game whose record would tell the future
    /// ([`Game::HIDDEN_FUTURE`]) has none after a reload: its save holds the seats' views.
    record: Option<GameRecord<T::G>>,
    /// When only people play: the last position that left nothing face down and the step it
    /// follows, which a game with [`Game::HIDDEN_FUTURE`] saves as its seats' views.
    at_reveal: Option<(T::G, usize)>,
    /// The whole match from its first step, in every mode, kept in memory only (never saved:
    /// against the computer its setup holds the computer's cards), so that a finished match can
    /// be shared. `None` after a reload that could not bring it back.
    whole: Option<GameRecord<T::G>>,
    /// Steps applied so far.
    steps: usize,
    /// Steps played before the record starts: a saved record may start later than the match
    /// ([`OnSite::saved_record`]), and its log lines up to here come from the save.
    base: usize,
    /// Steps of the record that may be saved: up to the last one that left nothing face down.
    revealed: usize,
    state: T::G,
    log: Vec<LogLine>,
    /// Secret inputs not yet applied, per seat, oldest first.
    pending: Vec<Vec<Action<T>>>,
    /// The events of the last steps played, all of them (the page filters by reader).
    last_events: Vec<Event<T>>,
    /// After a reload against the computer: the last step in words, until the next step.
    last_lines: Vec<String>,
    /// What the computer expected at its decisions, with what each person saw and chose, as
    /// the text the lab module puts in words (see [`super::explain`]), and the last step it
    /// explained. Against the computer, what concerns steps already revealed is saved with the
    /// match ([`kept_explanations`]); the last step explained is not, so a reload shows the
    /// next reveal's panel, and the end's, with everything before.
    explained: (String, Option<usize>),
}

impl<T: OnSite> Session<T> {
    /// A new match from `setup`, with `seats` saying who plays.
    pub fn new(seats: Seats, setup: &<T::G as Game>::Setup) -> Result<Self, String> {
        let state = T::G::from_setup(setup).map_err(|e| e.to_string())?;
        seats.check(state.seat_count())?;
        let record = (seats.keeping() == Keeping::Record).then(|| GameRecord::new(setup.clone()));
        let mut session = Session::from_parts(seats, record, 0, state, Vec::new(), Vec::new(), Vec::new());
        session.whole = Some(GameRecord::new(setup.clone()));
        Ok(session)
    }

    /// The match of `record` after its first `steps` steps, with `seats` playing on: every
    /// step is replayed as if played here (the log included), so it saves, shares and plays on
    /// like any match. Refused in words when the record does not replay that far.
    pub fn played_on(seats: Seats, record: &GameRecord<T::G>, steps: usize) -> Result<Self, String> {
        let mut session = Session::new(seats, &record.setup)?;
        for (i, joint) in record.actions.iter().take(steps).enumerate() {
            let events = apply(&mut session.state, joint).map_err(|e| format!("step {} does not replay: {e}", i + 1))?;
            session.record_step(joint.clone(), &events);
            session.last_events = events;
        }
        Ok(session)
    }

    /// The finished match as it may be shared ([`OnSite::shared_record`]) with the seats'
    /// names, or why it cannot be: it is not over, or a reload lost its start.
    pub fn shared(&self) -> Result<SharedGame<T::G>, String> {
        if !self.is_over() {
            return Err(format!("the {} is not over: nothing is shared while anything is still hidden", self.noun()));
        }
        let whole = self.whole.clone().ok_or_else(|| {
            format!("this {} was reloaded part way, and a save keeps only what the players could see, not the deal it started from, so it cannot be replayed from its start", self.noun())
        })?;
        // A watcher is not the person who played: "You" becomes a seat number.
        let mut names = self.names();
        if let Some(me) = self.seats.lone_person()
            && names.get(me.index()).is_some_and(|n| n == "You")
        {
            names[me.index()] = format!("Player {}", me.index() + 1);
        }
        Ok(SharedGame { names, record: T::shared_record(whole) })
    }

    fn from_parts(
        seats: Seats,
        record: Option<GameRecord<T::G>>,
        base: usize,
        state: T::G,
        log: Vec<LogLine>,
        last_events: Vec<Event<T>>,
        last_lines: Vec<String>,
    ) -> Self {
        let steps = record.as_ref().map_or_else(|| log.last().map_or(0, |l| l.step), |r| base + r.actions.len());
        let revealed = record.as_ref().map_or(0, |r| saves::revealed_prefix(r, T::face_down));
        let at_reveal = (seats.keeping() == Keeping::Record && !T::face_down(&state)).then(|| (state.clone(), steps));
        let pending = vec![Vec::new(); seats.count()];
        // A shared device's record restored whole (it starts at the first step) is the match.
        let whole = record.clone().filter(|_| base == 0);
        let explained = (String::new(), None);
        Session { seats, record, whole, at_reveal, steps, base, revealed, state, log, pending, last_events, last_lines, explained }
    }

    /// A match at `state` with nothing played on the page yet (tests start from known deals).
    #[cfg(test)]
    pub(crate) fn starting(seats: Seats, record: Option<GameRecord<T::G>>, state: T::G) -> Self {
        Session::from_parts(seats, record, 0, state, Vec::new(), Vec::new(), Vec::new())
    }

    /// The whole position, hidden parts too (tests only: the page reads views).
    #[cfg(test)]
    pub(crate) fn state(&self) -> &T::G {
        &self.state
    }

    /// The whole position, hidden parts too (tests only: the page reads views).
    #[cfg(test)]
    pub(crate) fn state_mut(&mut self) -> &mut T::G {
        &mut self.state
    }

    /// Restores a saved match: a shared device's record is replayed (or, for a game whose record
    /// would tell the future, the cards no seat has seen are dealt from `seed`); against the
    /// computer, its hidden cards are dealt from `seed` among those the person's view leaves
    /// possible. A damaged, old or foreign save is refused with the reason.
    pub fn load(json: &str, seed: u64) -> Result<Self, String> {
        let Restored { seats, record, base, state, log, last_events, last_lines, explained } =
            saves::restore::<T>(json, &mut Rng::new(seed))?;
        let mut session = Session::from_parts(seats, record, base, state, log, last_events, last_lines);
        // Read back as the page wrote it, but never trusted further: only the kinds of line a
        // save holds, and of those about another seat's choice only the person's.
        if let Some(person) = session.seats.lone_person() {
            session.explained.0 = kept_explanations(&explained, usize::MAX, person);
        }
        Ok(session)
    }

    /// The match as JSON for storage, never an input not yet revealed nor a card still to come;
    /// `None` when who plays allows nothing to be saved ([`Keeping::Nothing`]). A shared
    /// device's record is cut to its revealed steps and given to [`OnSite::saved_record`]; the
    /// log lines of any steps that drops are saved beside it as text. A game whose record would
    /// tell the future ([`Game::HIDDEN_FUTURE`]) saves its seats' views at that step instead.
    pub fn save(&self) -> Option<String> {
        if <T::G as Game>::HIDDEN_FUTURE.is_some() && self.seats.keeping() == Keeping::Record {
            let (state, step) = self.at_reveal.clone()?;
            let log = self.log.iter().filter(|l| l.step <= step).cloned().collect();
            return saves::save(
                &self.seats,
                Some(saves::Kept::Table { state, log, step }),
                &self.state,
                &self.log,
                self.last_lines(),
                String::new(),
            );
        }
        let kept = self.record.as_ref().map(|r| {
            let mut r = r.clone();
            r.actions.truncate(self.revealed);
            let full = r.actions.len();
            let record = T::saved_record(r);
            let base = self.base + full.saturating_sub(record.actions.len());
            let before: Vec<LogLine> = self.log.iter().filter(|l| l.step <= base).cloned().collect();
            saves::Kept::Record(saves::KeptRecord { record, base, before })
        });
        let explained = self.seats.lone_person().map(|you| kept_explanations(&self.explained.0, self.steps, you)).unwrap_or_default();
        saves::save(&self.seats, kept, &self.state, &self.log, self.last_lines(), explained)
    }

    /// The "Your games" entry of the finished match, finished at `when` (ms since 1970) and
    /// called `id`; `None` while it is not over. Its replay piece is left for the "Your games"
    /// module to pack (a play page carries no compressor).
    pub fn history_entry(&self, when: f64, id: String) -> Option<crate::history::Entry> {
        use crate::history::Result as Played;
        let outcome = self.outcome()?;
        let names = self.names();
        let result = match self.seats.lone_person() {
            None => Played::Played,
            Some(me) => {
                let side: Vec<Seat> = outcome.teams.iter().find(|t| t.contains(&me)).cloned().unwrap_or_else(|| vec![me]);
                match outcome.places.first() {
                    Some(first) if first.contains(&me) && first.iter().all(|s| side.contains(s)) => Played::Won,
                    Some(first) if first.contains(&me) => Played::Drew,
                    _ => Played::Lost,
                }
            }
        };
        Some(crate::history::Entry {
            id,
            when,
            game: <T::G as Game>::NAME.to_string(),
            mode: format!("{}, {} players", self.noun(), self.seats.count()),
            levels: Seat::all(self.seats.count()).map(|s| self.seats.computer(s).map(|l| l.label().to_string())).collect(),
            summary: super::page::winner_line(&outcome, &names, self.noun()),
            seats: names,
            result,
            // The steps its replay shows: a shared record may fold steps together (Rumble's
            // sealed bids), and the entry must agree with the replay it links to.
            steps: self.shared().map_or(self.steps, |g| g.record.actions.len()),
            piece: None,
        })
    }

    /// The setup the match started from, as JSON (`None` after a reload that lost it).
    pub fn setup_json(&self) -> Option<String> {
        self.whole.as_ref().and_then(|w| dojo_engine::json::to_string(&w.setup).ok())
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// What the page calls each seat ([`OnSite::seat_names`], else the play machine's names).
    pub fn names(&self) -> Vec<String> {
        T::seat_names(&self.state, &self.seats).unwrap_or_else(|| self.seats.names())
    }

    /// The record so far, when only people play (`None` with the computer at the table).
    pub fn record(&self) -> Option<&GameRecord<T::G>> {
        self.record.as_ref()
    }

    /// True when the cards of this match are dealt by the devices that play it between them
    /// ([`Game::DEALT`]): until they are, the setup's cards are no one's.
    pub fn is_dealt(&self) -> bool {
        self.whole.is_some() && <T::G as Game>::DEALT.is_some()
    }

    /// Steps played so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View<T> {
        self.state.view_for(seat)
    }

    /// What everybody at the table may see: the shared table of the page draws this.
    pub fn public_view(&self) -> View<T> {
        self.state.public_view()
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// The events of the last steps played that the page's reader may see.
    pub fn last_events(&self) -> Vec<Event<T>> {
        let reader = self.seats.reader();
        self.last_events.iter().filter(|e| T::G::audience(e).includes(reader)).cloned().collect()
    }

    /// `event` in words, with the page's names; a lone person is "you".
    pub fn describe(&self, event: &Event<T>) -> String {
        let names = self.names();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        T::describe_in(&self.state, event, &Speaker { names: &names, you: self.seats.lone_person() })
    }

    /// The last steps' events in words (as saved, right after a reload against the computer).
    pub fn last_lines(&self) -> Vec<String> {
        if self.last_events.is_empty() {
            return self.last_lines.clone();
        }
        self.last_events().iter().map(|e| self.describe(e)).collect()
    }

    /// How the match ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// True once the match is decided.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The seats that must act in the current step.
    pub fn acting(&self) -> Vec<Seat> {
        acting_seats(&self.state)
    }

    /// The position as `seat` will see it once its queued inputs are played: dealt from its own
    /// view, with other seats' unknown inputs filled in arbitrarily. `None` when a queued input
    /// ends its planning ahead (then it enters nothing more before the reveal).
    pub(crate) fn lookahead(&self, seat: Seat) -> Option<T::G> {
        let queued = &self.pending[seat.index()];
        if queued.is_empty() {
            return Some(self.state.clone());
        }
        let mut state = T::G::determinize(&self.state.view_for(seat), &mut Rng::new(0));
        for action in queued {
            let before = state.clone();
            let joint = joint_from(&state, |s, legal| if s == seat { action.clone() } else { legal[0].clone() })?;
            apply(&mut state, &joint).ok()?;
            if !T::plans_ahead(&before, &state, seat) {
                return None;
            }
        }
        Some(state)
    }

    /// True when `seat` may enter an input now: it acts in this step and has given nothing, or
    /// it is planning ahead and has more to plan before anything is revealed.
    pub fn can_give(&self, seat: Seat) -> bool {
        self.acting().contains(&seat) && self.lookahead(seat).is_some_and(|s| s.decision(seat).is_some())
    }

    /// What `seat` must decide now, if anything (its next planned input when planning ahead).
    pub fn decision(&self, seat: Seat) -> Option<Decision<T>> {
        if !self.acting().contains(&seat) {
            return None;
        }
        self.lookahead(seat)?.decision(seat)
    }

    /// Every input `seat` may enter now (its next planned one when planning ahead), as the
    /// engine lists them: a page offers exactly these. Empty when it has nothing to decide.
    pub fn legal(&self, seat: Seat) -> Vec<Action<T>> {
        if !self.can_give(seat) {
            return Vec::new();
        }
        self.lookahead(seat).map(|s| s.legal_actions(seat)).unwrap_or_default()
    }

    /// What this match is called in messages ([`OnSite::noun`]).
    pub fn noun(&self) -> &'static str {
        T::noun(&self.state)
    }

    /// What `seat` sees while deciding: its own view with its queued inputs taken into account.
    pub fn own_view(&self, seat: Seat) -> View<T> {
        self.lookahead(seat).map_or_else(|| self.view(seat), |s| s.view_for(seat))
    }

    /// True when `seat` has given an input in secret that waits for the reveal.
    pub fn has_given(&self, seat: Seat) -> bool {
        !self.pending[seat.index()].is_empty()
    }

    /// True when what `seat` decides now must stay hidden from the other people at the device
    /// ([`OnSite::is_secret`]), so a shared device is handed over first.
    pub fn is_secret(&self, seat: Seat) -> bool {
        self.decision(seat).is_some_and(|d| T::is_secret(&d))
    }

    /// The next person who must decide, in seat order, if any.
    pub fn next_person(&self) -> Option<Seat> {
        self.seats.persons().find(|s| self.can_give(*s))
    }

    /// The next computer seat that must decide, if any. The computer never plans ahead: no
    /// device needs handing over, so it decides each step on the position as it stands (and a
    /// save between its steps shows what it has face down as face down).
    pub fn computer_to_move(&self) -> Option<Seat> {
        self.acting().into_iter().find(|s| self.seats.computer(*s).is_some() && !self.has_given(*s))
    }

    /// Gives `seat`'s next input after checking it against what the seat can see.
    pub fn give(&mut self, seat: Seat, action: Action<T>) -> Result<(), String> {
        let refused = || format!("{seat} has nothing to decide now");
        if !self.can_give(seat) {
            return Err(refused());
        }
        let state = self.lookahead(seat).ok_or_else(refused)?;
        state.check(seat, &action).map_err(|r| r.to_string())?;
        self.pending[seat.index()].push(action);
        Ok(())
    }

    /// Gives several inputs of `seat` in order (a whole combo), all or none: the first refusal
    /// is reported with the input's position and nothing is kept.
    pub fn give_all(&mut self, seat: Seat, actions: Vec<Action<T>>) -> Result<(), String> {
        let before = self.pending[seat.index()].len();
        for (i, action) in actions.into_iter().enumerate() {
            if let Err(e) = self.give(seat, action) {
                self.pending[seat.index()].truncate(before);
                return Err(format!("input {}: {e}", i + 1));
            }
        }
        Ok(())
    }

    /// `seat`'s first input not yet played, if it has given one.
    pub fn planned(&self, seat: Seat) -> Option<&Action<T>> {
        self.pending.get(seat.index()).and_then(|queue| queue.first())
    }

    /// Moves the match to `actions`, the whole match as another device's connection module
    /// holds it after a step every device agreed on (see [`super::friend`]). When it goes on
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
    /// the steps here (see [`super::friend::Heard::Step`]): as [`Session::follow`] with the
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

    /// Takes back `seat`'s inputs (before the reveal).
    pub fn take_back(&mut self, seat: Seat) {
        self.pending[seat.index()].clear();
    }

    /// True when every seat acting in this step has given its input.
    pub fn ready(&self) -> bool {
        let acting = self.acting();
        !self.is_over() && !acting.is_empty() && acting.iter().all(|s| self.has_given(*s))
    }

    /// Plays every step for which all acting seats have an input: applies them, extends the
    /// record and the log, and returns what happened (every event; see
    /// [`Session::last_events`] for what the reader may see). An input planned ahead that the
    /// actual steps made impossible is dropped, to be decided again.
    pub fn play(&mut self) -> Result<Vec<Event<T>>, String> {
        if !self.ready() {
            return Err("not everyone has decided yet".into());
        }
        let mut all = Vec::new();
        while self.ready() {
            let acting = self.acting();
            let joint = PerSeat::from_fn(self.seats.count(), |s| acting.contains(&s).then(|| self.pending[s.index()][0].clone()));
            let events = match apply(&mut self.state, &joint) {
                Ok(events) => events,
                Err(e) => {
                    self.pending.iter_mut().for_each(Vec::clear);
                    return Err(e.to_string());
                }
            };
            for s in &acting {
                self.pending[s.index()].remove(0);
            }
            self.record_step(joint, &events);
            all.extend(events);
            for seat in Seat::all(self.seats.count()) {
                let stale = self.pending[seat.index()].first().is_some_and(|next| self.state.check(seat, next).is_err());
                if stale || !self.acting().contains(&seat) {
                    self.pending[seat.index()].clear();
                }
            }
        }
        self.last_events = all.clone();
        self.last_lines.clear();
        Ok(all)
    }

    fn record_step(&mut self, joint: PerSeat<Option<Action<T>>>, events: &[Event<T>]) {
        self.steps += 1;
        let step = self.steps;
        if let Some(whole) = &mut self.whole {
            whole.actions.push(joint.clone());
        }
        if let Some(record) = &mut self.record {
            record.actions.push(joint);
            if !T::face_down(&self.state) {
                self.revealed = record.actions.len();
            }
        }
        if self.seats.keeping() == Keeping::Record && !T::face_down(&self.state) {
            self.at_reveal = Some((self.state.clone(), step));
        }
        let reader = self.seats.reader();
        let lines: Vec<LogLine> =
            events.iter().filter(|e| T::G::audience(e).includes(reader)).map(|e| LogLine { step, text: self.describe(e) }).collect();
        self.log.extend(lines);
    }

    /// Every computer seat that must decide in this step: they may all think at once, as each
    /// reads only its own view of the same position.
    pub fn computers_to_move(&self) -> Vec<Seat> {
        self.acting().into_iter().filter(|s| self.seats.computer(*s).is_some() && !self.has_given(*s)).collect()
    }

    /// The level of the computer in `seat`, when it has something to decide now.
    fn computer_level(&self, seat: Seat) -> Result<Level, String> {
        let level = self.seats.computer(seat).ok_or_else(|| format!("{seat} is not played by the computer"))?;
        if !self.acting().contains(&seat) || self.has_given(seat) {
            return Err(format!("{seat} has nothing to decide now"));
        }
        Ok(level)
    }

    /// Makes the decision of the computer in `seat` for this step, reading only its own view.
    pub fn computer_decide(&mut self, seat: Seat, rng: &mut Rng) -> Result<(), String> {
        self.computer_decide_within(seat, rng, None)
    }

    /// [`Session::computer_decide`] with the search cut short when `budget` runs out.
    pub fn computer_decide_within(&mut self, seat: Seat, rng: &mut Rng, budget: Option<TimeBudget>) -> Result<(), String> {
        let level = self.computer_level(seat)?;
        let action = level.strategy_within::<T::G>(&self.view(seat), seat, rng, budget).sample(rng);
        self.give(seat, action)
    }

    /// What a worker needs to decide for the computer in `seat` (see [`super::think`]): its
    /// view, its level and `seed`, as JSON.
    pub fn think_request(&self, seat: Seat, seed: u64, explain: bool) -> Result<String, String> {
        let request = Request::<T::G> { view: self.view(seat), seat, level: self.computer_level(seat)?, seed, explain };
        dojo_engine::json::to_string(&request).map_err(|e| e.to_string())
    }

    /// Gives the computer in `seat` the action a worker chose (JSON), checked like any input.
    pub fn give_thought(&mut self, seat: Seat, answer: &str) -> Result<(), String> {
        self.computer_level(seat)?;
        let action: Action<T> = dojo_engine::json::from_str(answer).map_err(|e| format!("the computer's answer cannot be read: {e}"))?;
        self.give(seat, action)
    }

    /// Keeps what the explaining worker said the computer in `seat` expected at this step (its
    /// lines after the action; see [`super::explain`]).
    pub fn keep_explained(&mut self, seat: Seat, lines: &str) {
        let step = self.steps;
        self.explained.0.push_str(&format!("S\t{step}\t{}\n{lines}\n", seat.index()));
        self.explained.1 = Some(step);
    }

    /// When the computer explained the step waiting to be played: keeps each person's own view
    /// and choice, the `V` and `C` lines the lab module weighs their choices with.
    pub fn keep_choices(&mut self) {
        if self.explained.1 != Some(self.steps) {
            return;
        }
        for seat in Seat::all(self.seats.count()).filter(|seat| self.seats.is_person(*seat)) {
            let Some(action) = self.planned(seat) else { continue };
            if let (Ok(view), Ok(action)) = (dojo_engine::json::to_string(&self.own_view(seat)), dojo_engine::json::to_string(action)) {
                let (step, at) = (self.steps, seat.index());
                self.explained.0.push_str(&format!("V\t{step}\t{at}\t{view}\nC\t{step}\t{at}\t{action}\n"));
            }
        }
    }

    /// What the lab module is asked to put in words: every seat's name (`N`), the one person at
    /// a table of computers (`Y`), the step just played when it was explained (`Q`), the end of
    /// the match (`O`) and its replay link once packed (`L`, from `piece`), then every
    /// explanation. `None` when the last step played was not explained and the match goes on.
    pub fn explain_request(&self, piece: Option<&str>) -> Option<String> {
        let last = self.explained.1?;
        let shown = last + 1 == self.steps;
        if !shown && !self.is_over() {
            return None;
        }
        let mut text = String::new();
        for (i, name) in self.names().iter().enumerate() {
            text.push_str(&format!("N\t{i}\t{}\n", name.replace(['\t', '\n'], " ")));
        }
        if let Some(you) = self.seats.lone_person() {
            text.push_str(&format!("Y\t{}\n", you.index()));
        }
        if shown {
            text.push_str(&format!("Q\t{last}\n"));
        }
        if self.is_over() {
            text.push_str("O\n");
            if let Some(piece) = piece {
                text.push_str(&format!("L\t{}\t{piece}\n", <T::G as Game>::NAME));
            }
        }
        text.push_str(&self.explained.0);
        Some(text)
    }

    /// The computer in `seat` decides on this thread as the lab module's explaining worker
    /// does, and the decision is given; returns the worker's lines after the action (what it
    /// expected), for the native tests.
    #[cfg(test)]
    pub fn computer_think_here(&mut self, seat: Seat, seed: u64) -> Result<String, String> {
        let level = self.computer_level(seat)?;
        let thought = super::explain::think::<T>(&self.view(seat), seat, level, seed, None, true, self.steps())?;
        let wire = thought.to_wire()?;
        self.give(seat, thought.action)?;
        Ok(wire.split_once('\n').map_or(String::new(), |(_, rest)| rest.to_string()))
    }
}

/// Test drivers for every game's session: random people, the computer, and saves checked on
/// the way.
#[cfg(test)]
impl<T: OnSite> Session<T> {
    /// Plays up to `steps` steps, the people at random and the computer saying what it
    /// expected, and returns the text a play page keeps of it (see [`super::explain`]).
    pub(crate) fn explained_play(&mut self, rng: &mut Rng, steps: usize) -> String {
        let mut text = String::new();
        for _ in 0..steps {
            if self.is_over() {
                break;
            }
            while let Some(seat) = self.next_person() {
                let legal = self.legal(seat);
                self.give(seat, legal[rng.below(legal.len())].clone()).unwrap();
            }
            while let Some(seat) = self.computer_to_move() {
                let lines = self.computer_think_here(seat, rng.next_u64()).unwrap();
                self.keep_explained(seat, &lines);
            }
            self.keep_choices();
            self.play().unwrap();
        }
        text.push_str(&self.explained.0);
        text
    }

    /// One step: every person still to choose picks a random legal action, the computer
    /// decides for its seats, and the step is played.
    pub(crate) fn random_step(&mut self, rng: &mut Rng) {
        while let Some(seat) = self.next_person() {
            let legal = self.legal(seat);
            self.give(seat, legal[rng.below(legal.len())].clone()).unwrap();
        }
        while let Some(seat) = self.computer_to_move() {
            self.computer_decide(seat, rng).unwrap();
        }
        self.play().unwrap();
    }

    /// Loads `json` (a save against the computer) after `change` has edited its saved view,
    /// and returns why it was refused; panics when it loads.
    pub(crate) fn load_tampered(json: &str, change: &dyn Fn(&mut serde_json::Value)) -> String {
        let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
        change(&mut v["match"]["View"]["view"]);
        Session::<T>::load(&v.to_string(), 1).err().expect("a tampered save is refused")
    }

    /// Plays random steps to the end (at most `limit`); every `every` steps the save is loaded
    /// back and must show its reader what the live game shows.
    pub(crate) fn play_out_checking_saves(&mut self, rng: &mut Rng, limit: usize, every: usize) {
        let mut steps = 0;
        while !self.is_over() {
            self.random_step(rng);
            steps += 1;
            assert!(steps < limit, "the game ends within {limit} steps");
            if steps % every == 0 {
                let back = Session::<T>::load(&self.save().unwrap(), steps as u64).unwrap();
                let reader = self.seats().lone_person().unwrap_or(Seat(0));
                assert_eq!(back.view(reader), self.view(reader), "a save restores what its reader saw");
            }
        }
    }
}

/// A page for the toy game, for the play machine's tests.
#[cfg(test)]
pub(crate) mod toy_page {
    use super::*;
    use dojo_engine::Observer;
    use dojo_games::toy::Toy;

    /// The toy game of sealed bids (3–4 seats, teams, bids private until the reveal) on a page.
    #[derive(Clone, Debug, PartialEq)]
    pub(crate) struct ToyPage;

    impl OnSite for ToyPage {
        type G = Toy;
        const SAVE_KEY: &'static str = "test/toy";
        const NOUN: &'static str = "game";
        fn goal(_: Option<&View<Self>>) -> (String, &'static str) {
            ("The highest bid wins.".into(), "toy")
        }
        fn describe(event: &Event<Self>, speaker: &Speaker) -> String {
            format!("{event:?} ({})", speaker.names.len())
        }
        fn check_view(view: &View<Self>, seat: Seat) -> Result<(), String> {
            if view.observer == Observer::Seat(seat) { Ok(()) } else { Err("not yours".into()) }
        }
        fn face_down(_: &Toy) -> bool {
            false
        }
    }
}

/// The lines of the explanation text `text` (see [`super::explain`]) that may be kept in the
/// browser's storage for `person`, the one person at a table of computers, when `steps` steps
/// have been played: the computer's decisions (`S`, with their `P` and `M` lines) and the
/// person's own views and choices (`V`, `C`) at steps already revealed, and of what a computer
/// expected of another seat (`E`) only what it expected of the person. What a computer thought
/// of another computer's options could name that computer's hidden cards; the step being
/// played is not revealed yet; the other lines are the page's, written afresh each time.
pub fn kept_explanations(text: &str, steps: usize, person: Seat) -> String {
    let mut out = String::new();
    let mut keep = false;
    for line in text.lines() {
        let mut fields = line.split('\t');
        let number = |field: Option<&str>| field.and_then(|f| f.parse::<usize>().ok());
        match fields.next() {
            Some("S" | "V" | "C") => keep = number(fields.next()).is_some_and(|step| step < steps),
            Some("P" | "M") => {}
            Some("E") if number(fields.next()) == Some(person.index()) => {}
            _ => continue,
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::toy_page::ToyPage;
    use super::*;
    use crate::play::Controller;
    use dojo_bot::Level;
    use dojo_games::toy::Setup;

    fn legal(s: &Session<ToyPage>, seat: Seat) -> Vec<Action<ToyPage>> {
        s.lookahead(seat).unwrap().legal_actions(seat)
    }

    fn random_input(s: &Session<ToyPage>, seat: Seat, rng: &mut Rng) -> Action<ToyPage> {
        let legal = legal(s, seat);
        legal[rng.below(legal.len())]
    }

    /// Plays a whole match: people give random legal inputs, computers decide at their level.
    fn play_out(seats: Seats, seed: u64) -> Session<ToyPage> {
        let count = seats.count();
        let mut s = Session::<ToyPage>::new(seats, &Setup::deal(count as u8, count == 4, seed)).unwrap();
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        while !s.is_over() {
            while let Some(seat) = s.next_person() {
                assert!(s.is_secret(seat), "sealed bids are secret");
                let input = random_input(&s, seat, &mut rng);
                s.give(seat, input).unwrap();
                assert!(!s.can_give(seat), "one bid per step");
            }
            while let Some(seat) = s.computer_to_move() {
                s.computer_decide(seat, &mut rng).unwrap();
            }
            assert!(s.ready());
            s.play().unwrap();
            steps += 1;
            assert!(steps < 500, "the match ends");
        }
        s
    }

    #[test]
    fn any_mix_of_people_and_computers_plays_to_the_end() {
        let mixes = [
            Seats::people(3),
            Seats::against_computer(Level::Easy, 4),
            Seats(vec![Controller::Computer(Level::Easy), Controller::Person, Controller::Computer(Level::Easy), Controller::Person]),
        ];
        for (i, seats) in mixes.into_iter().enumerate() {
            let s = play_out(seats, i as u64 + 1);
            let outcome = s.outcome().unwrap();
            assert!(!outcome.places.is_empty());
            assert_eq!(s.steps(), s.log().iter().map(|l| l.step).max().unwrap_or(0).max(s.steps()));
        }
    }

    #[test]
    fn a_bid_waits_unseen_until_every_seat_has_bid() {
        let mut s = Session::<ToyPage>::new(Seats::people(3), &Setup::deal(3, false, 4)).unwrap();
        let before: Vec<_> = Seat::all(3).map(|seat| s.view(seat)).collect();
        let bid = legal(&s, Seat(0))[1];
        s.give(Seat(0), bid).unwrap();
        assert!(s.has_given(Seat(0)) && !s.ready());
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert!(s.give(Seat(0), legal(&s, Seat(1))[0]).is_err(), "one bid per step");
        for seat in Seat::all(3) {
            assert_eq!(s.view(seat), before[seat.index()], "a pending bid changes no view");
        }
        assert_eq!(s.save(), Session::<ToyPage>::new(Seats::people(3), &Setup::deal(3, false, 4)).unwrap().save());
        s.take_back(Seat(0));
        assert_eq!(s.next_person(), Some(Seat(0)));
    }

    #[test]
    fn the_log_and_saves_follow_who_reads_them() {
        // On a shared device only public events reach the log; against the computer, the
        // person's own private draws too, and never another seat's.
        let shared = play_out(Seats::people(3), 9);
        assert!(shared.log().iter().all(|l| !l.text.starts_with("Drew {")), "no private draw on a shared screen");
        let alone = play_out(Seats::against_computer(Level::Easy, 3), 9);
        let draws: Vec<_> = alone.log().iter().filter(|l| l.text.starts_with("Drew {")).collect();
        assert!(!draws.is_empty(), "the person reads their own draws");
        assert!(draws.iter().all(|l| l.text.contains("Seat(0)")), "{draws:?}");
        let mixed = Seats(vec![Controller::Person, Controller::Person, Controller::Computer(Level::Easy)]);
        let s = Session::<ToyPage>::new(mixed, &Setup::deal(3, false, 2)).unwrap();
        assert_eq!(s.save(), None, "several people and the computer: nothing saved");
        assert!(s.record().is_none());
    }

    #[test]
    fn a_friend_device_follows_the_agreed_match_and_refuses_a_shorter_one() {
        let setup = Setup::deal(3, false, 6);
        let mut here = Session::<ToyPage>::new(Seats::people(3), &setup).unwrap();
        let mut rng = Rng::new(2);
        here.random_step(&mut rng);
        here.random_step(&mut rng);
        let actions = here.record().unwrap().actions.clone();
        let seats = Seats(vec![Controller::Remote, Controller::Person, Controller::Remote]);
        let mut there = Session::<ToyPage>::new(seats, &setup).unwrap();
        assert_eq!(there.names(), ["Player 1", "You", "Player 3"]);
        assert_eq!(there.save(), None, "a match on two devices keeps nothing in this browser");
        let events = there.follow(actions.clone()).unwrap();
        assert_eq!(there.steps(), 2);
        assert_eq!(there.view(Seat(1)), here.view(Seat(1)), "this device shows what its seat may see");
        assert_eq!(events.len(), here.last_events.len(), "the newest step's events come back for the reveal");
        assert_eq!(there.log().last().map(|l| l.step), Some(2), "the log is told again up to the last step");
        let shorter = there.follow(actions[..1].to_vec()).unwrap_err();
        assert_eq!(shorter, "the other device's match has 1 steps, fewer than the 2 here");
        assert_eq!(there.steps(), 2, "a refused line changes nothing");
        // A choice given here waits for the step; it is the one the page sends.
        let bid = legal(&there, Seat(1))[0];
        there.give(Seat(1), bid).unwrap();
        assert_eq!(there.planned(Seat(1)), Some(&bid));
        assert_eq!(there.planned(Seat(0)), None);
    }

    /// Following the agreed match step by step gives, at every step, the very session a replay
    /// from the start gives (log, record, view, planned inputs), and a line that rewrites a step
    /// already played here is replayed from the start or refused.
    #[test]
    fn following_one_step_at_a_time_is_a_replay_from_the_start() {
        for seed in 0..12 {
            let count = 3 + (seed as usize % 2);
            let setup = Setup::deal(count as u8, count == 4 && seed % 3 == 1, seed);
            let mut here = Session::<ToyPage>::new(Seats::people(count), &setup).unwrap();
            let mut seats = vec![Controller::Remote; count];
            seats[1] = Controller::Person;
            let mut there = Session::<ToyPage>::new(Seats(seats.clone()), &setup).unwrap();
            let mut rng = Rng::new(seed);
            while !here.is_over() {
                here.random_step(&mut rng);
                let actions = here.record().unwrap().actions.clone();
                // Sometimes a choice is planned here before the step arrives.
                if rng.below(2) == 0 && there.acting().contains(&Seat(1)) && !there.has_given(Seat(1)) {
                    let choice = legal(&there, Seat(1))[0];
                    there.give(Seat(1), choice).unwrap();
                }
                let mut replayed = there.clone();
                let record = GameRecord { actions: actions.clone(), ..GameRecord::new(setup.clone()) };
                let fresh = Session::<ToyPage>::played_on(Seats(seats.clone()), &record, actions.len()).unwrap();
                replayed.pending = there.pending.clone();
                let mut stepped = there.clone();
                there.follow(actions.clone()).unwrap();
                stepped.follow_step(actions.len(), actions.last().unwrap().clone()).unwrap();
                assert_eq!(stepped, there, "the step alone or the whole match: the same session");
                let again = stepped.follow_step(actions.len(), actions.last().unwrap().clone()).unwrap_err();
                assert!(again.contains("does not follow"), "{again}");
                let mut expected = fresh;
                for seat in Seat::all(count) {
                    let acted = actions.last().is_some_and(|joint| joint.get(seat).is_some_and(Option::is_some));
                    // What the seat planned beyond the input it just played (the first in its queue).
                    let queue = &replayed.pending[seat.index()];
                    for action in &queue[usize::from(acted).min(queue.len())..] {
                        if expected.give(seat, *action).is_err() {
                            break;
                        }
                    }
                }
                assert_eq!(there, expected, "seed {seed}, step {}", actions.len());
            }
            // A line whose first step differs from the one played here is not a continuation.
            let mut actions = here.record().unwrap().actions.clone();
            if actions.len() >= 2 {
                actions.swap(0, 1);
                let before = there.clone();
                let record = GameRecord { actions: actions.clone(), ..GameRecord::new(setup.clone()) };
                match (there.follow(actions.clone()), Session::<ToyPage>::played_on(Seats(seats.clone()), &record, actions.len())) {
                    (Ok(_), Ok(fresh)) => assert_eq!(there, fresh, "replayed from the start"),
                    (Err(_), Err(_)) => assert_eq!(there, before, "a refused line changes nothing"),
                    (mine, fresh) => panic!("follow and a replay disagree: {mine:?} / {:?}", fresh.map(|s| s.steps())),
                }
            }
        }
    }

    #[test]
    fn a_view_save_restores_the_person_seat_and_refuses_another() {
        let seats = Seats(vec![Controller::Computer(Level::Easy), Controller::Computer(Level::Easy), Controller::Person]);
        let mut s = Session::<ToyPage>::new(seats, &Setup::deal(3, false, 5)).unwrap();
        let mut rng = Rng::new(3);
        while let Some(seat) = s.computer_to_move() {
            s.computer_decide(seat, &mut rng).unwrap();
        }
        let input = random_input(&s, Seat(2), &mut rng);
        s.give(Seat(2), input).unwrap();
        s.play().unwrap();
        let json = s.save().unwrap();
        let back = Session::<ToyPage>::load(&json, 77).unwrap();
        assert_eq!(back.view(Seat(2)), s.view(Seat(2)));
        assert_eq!(back.log(), s.log());
        let moved = json.replace(
            "[{\"Computer\":\"Easy\"},{\"Computer\":\"Easy\"},\"Person\"]",
            "[\"Person\",{\"Computer\":\"Easy\"},{\"Computer\":\"Easy\"}]",
        );
        assert_ne!(moved, json);
        assert_eq!(Session::<ToyPage>::load(&moved, 1).err().unwrap(), "the saved game is not a position that can be played: not yours");
    }
}
