//! The runner of the play machine: [`PlayCtx`] carries the page's signals and carries out what
//! the [`Flow`] decides (see [`super::flow`]): it shows screens, starts the computer's workers
//! and timers, plays and saves the match, and talks to the connection module and the lab.
//! What a page shows for each screen is in [`super::screens`].

use super::flow::{COUNTDOWN_STEP_MS, Effect, Flow, Input, PAINT_MS, Screen};
use super::lesson::Lesson;
use super::seats::{Keeping, Seats};
use super::think::{self, Thinkers};
use super::{OnSite, Session};
use crate::browser;
use dojo_bot::Level;
use dojo_engine::{Rng, Seat};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// A computer's answer from a worker: its seat, the action as JSON (or why there is none) and
/// the milliseconds it took.
type Answer = (Seat, Result<String, String>, u32);

pub use super::screens::{PlayPage, SHARE_PANEL, chosen_seats, play_page, winner_line};

/// A save found in storage, restored with fresh randomness `seed`, and the words that welcome
/// the person back; or, for a save that cannot be restored, the words saying why it is
/// discarded.
pub(crate) fn welcome<T: OnSite>(saved: &str, seed: u64) -> Result<(Session<T>, String), String> {
    match Session::<T>::load(saved, seed) {
        Ok(s) => {
            let note = match s.seats().keeping() {
                Keeping::ViewOf(_) => T::RESTORED_UNSEEN,
                _ => "Choices not yet revealed are never saved: make them again when asked.",
            };
            let noun = s.noun();
            Ok((s, format!("Welcome back: your {noun} in progress was restored. {note}")))
        }
        Err(e) => Err(format!("A saved {} could not be restored and was discarded: {e}.", T::NOUN)),
    }
}

/// The page's signals, passed around by copy.
pub struct PlayCtx<T: OnSite> {
    /// The match, once started.
    pub session: RwSignal<Option<Session<T>>>,
    /// The screen shown (the flow's, mirrored for drawing).
    pub screen: RwSignal<Screen>,
    /// A message for the person (an error, a restored match).
    pub notice: RwSignal<Option<String>>,
    /// Where the play machine is ([`Flow`]).
    pub(super) flow: StoredValue<Flow>,
    pub(super) bot_ms: RwSignal<Option<u32>>,
    /// Decisions the computer has made on this page (lets tests tell one from the next).
    pub(super) bot_decisions: RwSignal<u32>,
    /// The slowest decision so far, in ms.
    pub(super) bot_slowest: RwSignal<u32>,
    pub(super) rng: StoredValue<Rng>,
    /// The workers the computer thinks in, once started (see [`super::think`]).
    pub(super) thinkers: StoredValue<Option<Rc<Thinkers>>, LocalStorage>,
    /// True once starting workers was tried (where they cannot start, the page thinks alone).
    pub(super) thinkers_tried: StoredValue<bool>,
    /// The finished match's replay piece once packed, or why there is none (`None`: not asked
    /// yet, or being packed).
    pub(super) link: RwSignal<Option<Result<String, String>>>,
    /// The lobby's choice of a friend on another device as the opponent.
    pub friend: RwSignal<bool>,
    /// The lesson being played, if the page is teaching ([`super::lesson`]): nothing is saved
    /// or remembered meanwhile.
    pub(super) lesson: StoredValue<Option<Rc<Lesson<T::G>>>, LocalStorage>,
    /// The person asked the computer to say what it expected after each reveal (remembered
    /// at [`EXPLAIN_KEY`]).
    pub explain: RwSignal<bool>,
}

/// The element the panel saying what the computer expected goes in, after a reveal (and, at
/// the end, the costliest choices).
pub(super) const WHY_PANEL: &str = "why-panel";

/// Where the "explain the computer" switch is remembered.
const EXPLAIN_KEY: &str = "pocket-dojo/explain";

impl<T: OnSite> Clone for PlayCtx<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: OnSite> Copy for PlayCtx<T> {}

impl<T: OnSite> PlayCtx<T> {
    /// Fresh signals, with a saved match restored if there is one.
    pub fn open() -> Self {
        let explain = browser::load(EXPLAIN_KEY).is_some();
        let cx = PlayCtx {
            session: RwSignal::new(None),
            screen: RwSignal::new(Screen::Lobby),
            notice: RwSignal::new(None),
            flow: StoredValue::new(Flow::new(explain)),
            bot_ms: RwSignal::new(None),
            bot_decisions: RwSignal::new(0),
            bot_slowest: RwSignal::new(0),
            rng: StoredValue::new(Rng::new(browser::random_seed())),
            thinkers: StoredValue::new_local(None),
            thinkers_tried: StoredValue::new(false),
            link: RwSignal::new(None),
            friend: RwSignal::new(false),
            lesson: StoredValue::new_local(None),
            explain: RwSignal::new(explain),
        };
        if cx.follow_hash() {
            return cx;
        }
        // A match against a friend this device was playing: take it up again (the connection
        // module keeps it).
        if browser::load(&super::friend::journal_key::<T::G>()).is_some() {
            cx.join(String::new());
            return cx;
        }
        // A save made by "Play on from here" on a watch page says so, once.
        let played_on = browser::load(super::watch::PLAY_ON_KEY);
        browser::forget(super::watch::PLAY_ON_KEY);
        if let Some(saved) = browser::load(T::SAVE_KEY) {
            match welcome::<T>(&saved, browser::random_seed()) {
                Ok((s, notice)) => {
                    let notice = match played_on.as_deref().and_then(|p| p.strip_prefix(&format!("{}:", <T::G as dojo_engine::Game>::NAME)))
                    {
                        Some(step) => format!(
                            "You play on from step {step} of the game you watched (from the last step where nothing was face down). Everything hidden was dealt afresh where the save could not keep it."
                        ),
                        None => notice,
                    };
                    cx.session.set(Some(s));
                    cx.notice.set(Some(notice));
                    cx.run(Input::Restored);
                }
                Err(notice) => {
                    // Only this page's own key: nothing else in storage is touched.
                    browser::forget(T::SAVE_KEY);
                    cx.notice.set(Some(notice));
                }
            }
        }
        cx
    }

    /// Does what the address's fragment asks, if anything: a lesson starts at once (any match
    /// kept in storage waits), and an invitation from a friend on another device is answered.
    /// True if it asked for one of them.
    pub(super) fn follow_hash(self) -> bool {
        let hash = browser::hash();
        if let Some(n) = super::lesson::asked(&hash) {
            self.learn(n);
        } else if let Some(code) = hash.strip_prefix(super::friend::HASH) {
            self.join(code.to_string());
        } else {
            return false;
        }
        true
    }

    /// Gives `input` to the flow and carries out what it answers, in order.
    pub(super) fn run(self, input: Input) {
        // A timer may fire after the page was left: its signals are gone, and nothing happens.
        let effects = self.session.try_with_untracked(|s| self.flow.try_update_value(|f| f.on(s.as_ref(), input))).flatten();
        for effect in effects.unwrap_or_default() {
            self.perform(effect);
        }
    }

    /// Carries out one of the flow's effects.
    fn perform(self, effect: Effect) {
        match effect {
            Effect::Show(screen) => self.screen.set(screen),
            Effect::Notice(notice) => self.notice.set(notice),
            Effect::StartThinkers => {
                self.thinkers();
            }
            Effect::Think => {
                // Let the "thinking" screen paint before the search takes the thread.
                Timeout::new(PAINT_MS, move || self.bot_move()).forget();
            }
            Effect::Send => self.send_choices(),
            Effect::Host => self.host(),
            Effect::Leave => self.ask_friend_module("leave", String::new()),
            Effect::Play { counted } => self.play(counted),
            Effect::Timer { id } => {
                Timeout::new(COUNTDOWN_STEP_MS, move || self.run(Input::Tick(id))).forget();
            }
            Effect::Save => self.save(),
            Effect::ForgetSave => browser::forget(T::SAVE_KEY),
            Effect::Remember => self.remember(),
            Effect::ForgetLink => self.link.set(None),
            Effect::Why => self.show_why(),
            Effect::ClearWhy => browser::set_html(WHY_PANEL, ""),
            Effect::TakeBack(seat) => self.session.update(|s| {
                if let Some(s) = s {
                    s.take_back(seat);
                }
            }),
            Effect::EndLesson => browser::replace_hash(""),
        }
    }

    /// Which match the page is on: an answer for an older one is dropped.
    fn generation(self) -> Option<u32> {
        self.flow.try_with_value(Flow::generation)
    }

    fn save(self) {
        match self.session.with_untracked(|s| s.as_ref().map(Session::save)) {
            Some(Some(json)) if !browser::store(T::SAVE_KEY, &json) => {
                self.notice.set(Some(format!("This browser would not let us save the {}; it will be lost on reload.", T::NOUN)));
            }
            // Nothing may be kept for this table: an older save must not stand in for it.
            Some(None) => browser::forget(T::SAVE_KEY),
            _ => {}
        }
    }

    /// Moves on to whatever the match needs next (the result screen's button).
    pub fn advance(self) {
        self.run(Input::Next);
    }

    /// The person the device was passed to says who they are: their screen.
    pub fn handed_over(self, seat: Seat) {
        self.run(Input::HandedOver(seat));
    }

    /// The workers the computer thinks in, started on first need; `None` where they cannot
    /// start or one has failed (the page then thinks on its own thread).
    fn thinkers(self) -> Option<Rc<Thinkers>> {
        if !self.thinkers_tried.get_value() {
            self.thinkers_tried.set_value(true);
            self.thinkers.set_value(Thinkers::start().map(Rc::new));
        }
        self.thinkers.with_value(|t| t.clone()).filter(|t| t.working())
    }

    /// Every computer that must decide in this step thinks, in workers when there are some
    /// (all at once), else here; the match moves on once all have decided.
    fn bot_move(self) {
        let Some(seats) = self.session.try_with_untracked(|s| s.as_ref().map(Session::computers_to_move)).flatten() else { return };
        if seats.is_empty() {
            return self.run(Input::Thought);
        }
        if let Some(lesson) = self.lesson.with_value(Clone::clone) {
            // The lesson's computer follows its script, at once.
            match self.session.try_update(|s| s.as_mut().map(|s| super::lesson::give_scripted(&lesson, s))).flatten() {
                Some(Ok(())) => self.run(Input::Thought),
                Some(Err(e)) => self.notice.set(Some(e)),
                None => {}
            }
            return;
        }
        let start = browser::now_ms();
        let Some(pool) = self.thinkers() else {
            for seat in seats {
                let decided = self.decide_here(seat);
                self.decided(Self::elapsed(start), decided);
            }
            return self.run(Input::Thought);
        };
        let generation = self.generation();
        // Answers wait here until the last one is in, so the match (and every view drawn from
        // it) changes once, when the thinking is over, not while the others still think.
        let answers: Rc<RefCell<Vec<Answer>>> = Rc::default();
        let expected = seats.len();
        for seat in seats {
            let seed = self.rng.try_update_value(|rng| rng.next_u64()).unwrap_or(1);
            let explain = self.explain.get_untracked();
            let request = self.session.with_untracked(|s| s.as_ref().map(|s| s.think_request(seat, seed, explain)));
            let answers = answers.clone();
            let answered = move |answer: Result<String, String>| {
                if self.generation() != generation {
                    return;
                }
                answers.borrow_mut().push((seat, answer, Self::elapsed(start)));
                if answers.borrow().len() < expected {
                    return;
                }
                for (seat, answer, ms) in answers.take() {
                    let decided = match answer {
                        Ok(json) => self.session.try_update(|s| s.as_mut().map(|s| Self::keep_why(s, seat, &json))).flatten(),
                        // A worker that failed: this decision is made here instead.
                        Err(_) => self.decide_here(seat),
                    };
                    self.decided(ms, decided);
                }
                self.run(Input::Thought);
            };
            match request {
                // Explained, by the lab module on this page (the play module has no explaining code).
                Some(Ok(request)) if explain => crate::components::lazy_module::call_module(Self::lab(), "explain", request, answered),
                Some(Ok(request)) => pool.ask(request, answered),
                Some(Err(e)) => answered(Err(e)),
                None => return,
            }
        }
    }

    /// The computer's decision made on the page's own thread (no worker could be asked), with
    /// the same budget: it is not explained, as the explaining code lives in the lab module.
    fn decide_here(self, seat: Seat) -> Option<Result<(), String>> {
        self.session
            .try_update(|s| {
                let s = s.as_mut()?;
                self.rng.try_update_value(|rng| s.computer_decide_within(seat, rng, Some(think::budget(think::browser_clock))))
            })
            .flatten()
    }

    /// Gives the computer's answer (an action, then what it expected when the explaining
    /// workers answered) and keeps the explanation for after the reveal.
    fn keep_why(s: &mut Session<T>, seat: Seat, answer: &str) -> Result<(), String> {
        let (action, lines) = answer.split_once('\n').unwrap_or((answer, ""));
        s.give_thought(seat, action)?;
        if !lines.is_empty() {
            s.keep_explained(seat, lines);
        }
        Ok(())
    }

    /// Turns the explanations of the computer's moves on or off, and remembers it.
    pub fn set_explain(self, on: bool) {
        self.explain.set(on);
        self.run(Input::Explain(on));
        if on {
            browser::store(EXPLAIN_KEY, "1");
        } else {
            browser::forget(EXPLAIN_KEY);
        }
    }

    /// The lab module's name for this game, which explains the computer (see [`super::explain`]).
    fn lab() -> String {
        format!("{}-lab", <T::G as dojo_engine::Game>::NAME)
    }

    /// Once a step is shown: asks the lab module for the panel saying what the computer expected
    /// at it (and, at the end, the costliest choices), or clears the panel when there is nothing
    /// to say.
    pub(super) fn show_why(self) {
        let piece = self.link.get_untracked().and_then(Result::ok);
        let request = self.session.with_untracked(|s| s.as_ref().and_then(|s| s.explain_request(piece.as_deref())));
        let Some(request) = request.filter(|_| self.explain.get_untracked() && !self.in_lesson()) else {
            browser::set_html(WHY_PANEL, "");
            return;
        };
        let generation = self.generation();
        crate::components::lazy_module::call_module(Self::lab(), "why_html", request, move |html| {
            if self.generation() == generation {
                browser::set_html(WHY_PANEL, &html.unwrap_or_default());
            }
        });
    }

    /// Whole milliseconds since `start` (formatting floats would pull a float printer into the
    /// download).
    fn elapsed(start: f64) -> u32 {
        (browser::now_ms() - start).max(0.0).round() as u32
    }

    /// Notes one computer decision that took `ms`, and says why it failed if it did.
    fn decided(self, ms: u32, result: Option<Result<(), String>>) {
        self.bot_ms.set(Some(ms));
        self.bot_decisions.update(|n| *n += 1);
        self.bot_slowest.update(|slowest| *slowest = (*slowest).max(ms));
        if let Some(Err(e)) = result {
            self.notice.set(Some(format!("The computer could not decide: {e}")));
        }
    }

    /// Plays the step; `counted`: its count to the reveal has been shown already.
    fn play(self, counted: bool) {
        let played = self.session.try_update(|s| {
            s.as_mut().map(|s| {
                s.keep_choices();
                s.play().map(|events| T::shows_reveal(&events))
            })
        });
        match played.flatten() {
            Some(Ok(revealed)) => self.run(Input::Played { revealed, counted }),
            Some(Err(e)) => self.notice.set(Some(format!("That step could not be played: {e}"))),
            None => self.run(Input::Next),
        }
    }

    /// The person who decided last takes their choice back, before the step is played: the
    /// count (or the computer's thinking, whose answer is then dropped) stops, and the device
    /// goes back to them (through a hand-off, if it is shared).
    pub fn take_back(self) {
        self.run(Input::TakeBack);
    }

    /// The seat whose choice [`PlayCtx::take_back`] would take back now, if any: the last person
    /// to decide here, while their input waits (never with a friend's device, which has it).
    pub fn can_take_back(self) -> Option<Seat> {
        self.session.with(|s| self.flow.with_value(|f| f.can_take_back(s.as_ref())))
    }

    /// The person's seats are all out: the computers play on to the end with no result screens.
    pub fn skip_to_end(self) {
        self.run(Input::SkipToEnd);
    }

    /// Adds the match that just ended to "Your games" (and only then: nothing about a match in
    /// progress is written there), with its replay link.
    fn remember(self) {
        let id = format!("{}-{:06x}", browser::epoch_ms() as u64, browser::random_seed() & 0xff_ffff);
        if let Some(entry) = self.session.with_untracked(|s| s.as_ref().and_then(|s| s.history_entry(browser::epoch_ms(), id))) {
            self.pack_link(Some(entry));
        }
    }

    /// Packs the finished match's replay link (in the "Your games" module, which alone carries
    /// the compressor) into [`PlayCtx::link`], adding `entry` to "Your games" on the way.
    pub(super) fn pack_link(self, entry: Option<crate::history::Entry>) {
        let Some(shared) = self.session.with_untracked(|s| s.as_ref().map(Session::shared)) else { return };
        let generation = self.generation();
        // Written as text by hand: the play page then needs no JSON-value code of its own.
        let (shared, why) = match shared {
            Ok(game) => (dojo_engine::json::to_string(&game).unwrap_or_else(|_| "null".into()), None),
            Err(why) => ("null".to_string(), Some(why)),
        };
        if let Some(why) = why.clone() {
            self.link.set(Some(Err(why)));
            if entry.is_none() {
                return;
            }
        }
        let entry = entry.and_then(|e| dojo_engine::json::to_string(&e).ok()).unwrap_or_else(|| "null".into());
        let request = format!("{{\"entry\":{entry},\"shared\":{shared}}}");
        crate::components::lazy_module::call_module("history".into(), "pack_finished", request, move |answer| {
            if self.generation() != generation {
                return;
            }
            match (answer, why) {
                (Ok(piece), None) if !piece.is_empty() => {
                    self.link.set(Some(Ok(piece)));
                    self.show_why();
                }
                (Ok(_), None) => self.link.set(Some(Err("it could not be packed".into()))),
                (Ok(_), Some(_)) => {}
                (Err(e), _) => {
                    self.link.set(Some(Err(e.clone())));
                    self.notice.set(Some(format!("This game could not be added to Your games: {e}.")));
                }
            }
        });
    }

    /// Gives a person's decision to the session with `decide`; shows a refusal, or moves on.
    pub fn decide(self, decide: impl FnOnce(&mut Session<T>) -> Result<(), String>) {
        let lesson = self.lesson.with_value(Clone::clone);
        let decide = move |s: &mut Session<T>| {
            decide(s)?;
            // In a lesson, only the step's own input: the script goes on from it.
            lesson.map_or(Ok(()), |lesson| super::lesson::keep_to_script(&lesson, s))
        };
        match self.session.try_update(|s| s.as_mut().map(decide)).flatten() {
            Some(Err(e)) => self.notice.set(Some(e)),
            _ => self.run(Input::Chose),
        }
    }

    /// Starts a new match (or reports why it could not start).
    pub fn start(self, session: Result<Session<T>, String>) {
        self.start_lesson(session, None);
    }

    /// Starts a new match, the lesson `lesson` when given.
    pub(super) fn start_lesson(self, session: Result<Session<T>, String>, lesson: Option<Lesson<T::G>>) {
        match session {
            Ok(s) => {
                let steps = lesson.as_ref().map(|l| l.steps.len());
                self.lesson.set_value(lesson.map(Rc::new));
                self.session.set(Some(s));
                self.bot_ms.set(None);
                self.run(Input::Started { lesson: steps });
            }
            Err(e) => self.notice.set(Some(e)),
        }
    }

    /// Starts the game's `n`th lesson (from 0; see [`super::lesson`]), if it has one.
    pub fn learn(self, n: usize) {
        let Some(lesson) = T::lessons().into_iter().nth(n) else { return };
        let session = Session::new(Seats::against_computer(Level::Easy, lesson.seats), &lesson.setup);
        self.start_lesson(session, Some(lesson));
    }

    /// True while the page plays a lesson.
    pub fn in_lesson(self) -> bool {
        self.lesson.with_value(Option::is_some)
    }

    /// In a lesson, the input its current step writes for `seat`: a game whose choices are forms
    /// (bid sheets, allocations) fills them in with it, for the person to read and confirm.
    pub fn lesson_input(self, seat: Seat) -> Option<<T::G as dojo_engine::Game>::Action> {
        let step = self.session.with_untracked(|s| s.as_ref().filter(|s| !s.is_over()).map(Session::steps))?;
        self.lesson.with_value(|l| l.as_ref()?.input(step, seat).cloned())
    }

    /// Forgets the match and goes back to the lobby.
    pub fn abandon(self) {
        self.run(Input::Abandon);
        self.lesson.set_value(None);
        self.session.set(None);
    }

    /// What the match on the page is called ([`Session::noun`]; the game's usual word before one starts).
    pub fn noun(self) -> Signal<&'static str> {
        Signal::derive(move || self.session.with(|s| s.as_ref().map_or(T::NOUN, Session::noun)))
    }

    /// The players' names as the page shows them.
    pub fn names(self) -> Signal<Vec<String>> {
        // Before a match starts (or as it is abandoned) every possible seat still has a name,
        // so a screen being taken down never indexes past the list.
        Signal::derive(move || self.session.with(|s| s.as_ref().map(Session::names)).unwrap_or_else(|| Seats::people(8).names()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::toy_page::{ToyPage, toy};

    #[test]
    fn a_save_is_welcomed_back_or_discarded_in_words() {
        let err = |r: Result<(Session<ToyPage>, String), String>| r.err().unwrap();
        assert!(
            err(welcome::<ToyPage>("{", 1))
                .starts_with("A saved game could not be restored and was discarded: the saved game could not be read (")
        );
        assert!(
            err(welcome::<ToyPage>("{\"version\":2,\"mode\":\"HotSeat\"}", 1))
                .ends_with("the saved game is from another version of this site (2).")
        );
        let foreign = "{\"version\":3,\"game\":\"taunt\",\"seats\":[],\"match\":{}}";
        assert!(err(welcome::<ToyPage>(foreign, 1)).ends_with("belongs to another game (taunt)."));
        let (back, notice) = welcome::<ToyPage>(&toy(Seats::against_computer(Level::Easy, 3)).save().unwrap(), 1).unwrap();
        assert_eq!(back.seats(), &Seats::against_computer(Level::Easy, 3));
        assert!(
            notice.starts_with("Welcome back: your game in progress was restored. The computer's hidden cards were dealt afresh"),
            "{notice}"
        );
        let (_, notice) = welcome::<ToyPage>(&toy(Seats::people(3)).save().unwrap(), 1).unwrap();
        assert!(notice.ends_with("Choices not yet revealed are never saved: make them again when asked."), "{notice}");
    }
}
