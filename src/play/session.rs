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
}

/// The computer's decisions, and what it expected, kept for the explanations.
#[path = "session_computer.rs"]
mod computer;
pub use computer::kept_explanations;

/// Following a match agreed with other devices: the whole match, or one step.
#[path = "session_follow.rs"]
mod follow;

/// A page for the toy game, and ways to drive sessions, for the play machine's tests.
#[cfg(test)]
#[path = "session_testing.rs"]
pub(crate) mod toy_page;

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
