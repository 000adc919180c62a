//! The screens every play page shares: the lobby's choice of who plays, hand-offs between
//! people on one device, the computer's timed decisions, the "3, 2, 1" before a reveal, the
//! result, game over and rematch, and the frame around the game's own screens (notices, the
//! log, abandoning). [`PlayCtx`] carries the page's signals between them.

use super::lesson::Lesson;
use super::seats::{Keeping, Seats};
use super::think::{self, Thinkers};
use super::{OnSite, Session};
use crate::browser;
use crate::components::event_log::EventLog;
use dojo_bot::Level;
use dojo_engine::{Rng, Seat};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

const COUNTDOWN_STEP_MS: u32 = 500;

/// A computer's answer from a worker: its seat, the action as JSON (or why there is none) and
/// the milliseconds it took.
type Answer = (Seat, Result<String, String>, u32);

/// What a play page is showing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Screen {
    /// Choosing who plays and the options.
    Lobby,
    /// People share the device: pass it to this seat; nothing secret is shown.
    HandOff(Seat),
    /// This seat is deciding.
    Decide(Seat),
    /// The computer is deciding.
    Thinking,
    /// Waiting for a friend on another device: to connect, or to choose.
    Friend,
    /// "3, 2, 1" before the reveal.
    Countdown(u8),
    /// The reveal and what it did.
    Result,
    /// The match is decided.
    Over,
}

fn next_screen<T: OnSite>(s: &Session<T>, now: Screen) -> Screen {
    if s.is_over() {
        Screen::Over
    } else if let Some(seat) = s.next_person() {
        // The same person going on deciding keeps the device; anyone else gets a hand-off.
        let hand_over = s.seats().share_device() && s.is_secret(seat) && now != Screen::Decide(seat);
        if hand_over { Screen::HandOff(seat) } else { Screen::Decide(seat) }
    } else if s.computer_to_move().is_some() {
        Screen::Thinking
    } else if s.seats().has_remote() {
        // Even a step only this device acts in goes through the other device.
        Screen::Friend
    } else {
        Screen::Countdown(3)
    }
}

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
    /// The screen shown.
    pub screen: RwSignal<Screen>,
    /// A message for the person (an error, a restored match).
    pub notice: RwSignal<Option<String>>,
    bot_ms: RwSignal<Option<u32>>,
    /// Decisions the computer has made on this page (lets tests tell one from the next).
    bot_decisions: RwSignal<u32>,
    /// The slowest decision so far, in ms.
    bot_slowest: RwSignal<u32>,
    rng: StoredValue<Rng>,
    /// The workers the computer thinks in, once started (see [`super::think`]).
    thinkers: StoredValue<Option<Rc<Thinkers>>, LocalStorage>,
    /// True once starting workers was tried (where they cannot start, the page thinks alone).
    thinkers_tried: StoredValue<bool>,
    /// Which match the page is on: an answer that arrives after the match was abandoned or
    /// replaced is dropped.
    generation: StoredValue<u32>,
    /// The finished match's replay piece once packed, or why there is none (`None`: not asked
    /// yet, or being packed).
    link: RwSignal<Option<Result<String, String>>>,
    /// The lobby's choice of a friend on another device as the opponent.
    pub friend: RwSignal<bool>,
    /// The step this device last gave the connection module its people's choices for.
    sent: StoredValue<Option<usize>>,
    /// True when this device joined another's match by its invitation (it does not host).
    joined: StoredValue<bool>,
    /// True while this device hosts a match whose cards the devices deal between them and the
    /// deal is not done: the people wait, as the cards on the table are no one's yet.
    awaiting_deal: StoredValue<bool>,
    /// Which count to a reveal is running (see [`PlayCtx::countdown`]).
    counting: StoredValue<u32>,
    /// The person who decided last on this device: until the step is played, they may take
    /// their choice back ([`PlayCtx::take_back`]).
    chose: StoredValue<Option<Seat>>,
    /// True once the person asked to see the end without the steps between (their seats are
    /// out): the computers play on with no result screens.
    skipping: StoredValue<bool>,
    /// The lesson being played, if the page is teaching ([`super::lesson`]): nothing is saved
    /// or remembered meanwhile.
    lesson: StoredValue<Option<Rc<Lesson<T::G>>>, LocalStorage>,
    /// The person asked the computer to say what it expected after each reveal (remembered
    /// at [`EXPLAIN_KEY`]).
    pub explain: RwSignal<bool>,
}

/// The element the panel saying what the computer expected goes in, after a reveal (and, at
/// the end, the costliest choices).
const WHY_PANEL: &str = "why-panel";

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
        let cx = PlayCtx {
            session: RwSignal::new(None),
            screen: RwSignal::new(Screen::Lobby),
            notice: RwSignal::new(None),
            bot_ms: RwSignal::new(None),
            bot_decisions: RwSignal::new(0),
            bot_slowest: RwSignal::new(0),
            rng: StoredValue::new(Rng::new(browser::random_seed())),
            thinkers: StoredValue::new_local(None),
            thinkers_tried: StoredValue::new(false),
            generation: StoredValue::new(0),
            link: RwSignal::new(None),
            friend: RwSignal::new(false),
            sent: StoredValue::new(None),
            joined: StoredValue::new(false),
            awaiting_deal: StoredValue::new(false),
            counting: StoredValue::new(0),
            chose: StoredValue::new(None),
            skipping: StoredValue::new(false),
            lesson: StoredValue::new_local(None),
            explain: RwSignal::new(browser::load(EXPLAIN_KEY).is_some()),
        };
        // Learn by playing: the lesson starts at once, and any match kept in storage waits.
        if browser::hash() == super::lesson::HASH {
            cx.learn();
            return cx;
        }
        // An invitation from a friend on another device: answer it. A match against a friend
        // this device was playing: take it up again (the connection module keeps it).
        if let Some(code) = browser::hash().strip_prefix(super::friend::HASH) {
            cx.join(code.to_string());
            return cx;
        }
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
                    cx.advance();
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

    fn save(self) {
        if self.in_lesson() {
            return;
        }
        match self.session.with_untracked(|s| s.as_ref().map(Session::save)) {
            Some(Some(json)) if !browser::store(T::SAVE_KEY, &json) => {
                self.notice.set(Some(format!("This browser would not let us save the {}; it will be lost on reload.", T::NOUN)));
            }
            // Nothing may be kept for this table: an older save must not stand in for it.
            Some(None) => browser::forget(T::SAVE_KEY),
            _ => {}
        }
    }

    /// Moves on to whatever the match needs next.
    pub fn advance(self) {
        if self.awaiting_deal.get_value() {
            self.screen.set(Screen::Friend);
            return;
        }
        let now = self.screen.get_untracked();
        if self.lesson_step().is_none() && self.in_lesson() {
            self.screen.set(Screen::Over);
            return;
        }
        let Some(next) = self.session.with_untracked(|s| s.as_ref().map(|s| next_screen(s, now))) else {
            self.screen.set(Screen::Lobby);
            return;
        };
        match next {
            Screen::Thinking => {
                self.screen.set(Screen::Thinking);
                // Let the "thinking" screen paint before the search takes the thread.
                Timeout::new(30, move || self.bot_move()).forget();
            }
            Screen::Countdown(_) => self.reveal(),
            Screen::Friend => {
                self.screen.set(Screen::Friend);
                self.send_choices();
            }
            other => {
                self.screen.set(other);
                self.show_why();
            }
        }
    }

    /// The connection module's name for this game.
    fn friend_module() -> String {
        super::friend::module_name::<T::G>()
    }

    /// Calls the connection module's `entry` with `request`; a failure is shown in words.
    fn ask_friend_module(self, entry: &'static str, request: String) {
        crate::components::lazy_module::call_module(Self::friend_module(), entry, request, move |answer| {
            if let Err(e) = answer {
                self.notice.set(Some(format!("The connection to your friend's device failed: {e}.")));
            }
        });
    }

    /// Answers the invitation `code` from another device (the connection module shows the
    /// answer to send back, and the match starts when the host's arrives), or with no code takes
    /// up the match the module kept.
    fn join(self, code: String) {
        self.joined.set_value(true);
        self.listen_to_friend();
        self.screen.set(Screen::Friend);
        self.ask_friend_module("join", code);
    }

    /// Hosts the match on the page for a friend on another device: the connection module makes
    /// the invitation.
    fn host(self) {
        let request = self.session.with_untracked(|s| {
            let s = s.as_ref()?;
            // This device plays its people's and its computers' seats; each friend's seat is
            // played on a device of its own, numbered in seat order.
            let mut friends = 0u8;
            let owners: Vec<u8> = s
                .seats()
                .0
                .iter()
                .map(|c| match c {
                    super::Controller::Remote => {
                        friends += 1;
                        friends
                    }
                    _ => 0,
                })
                .collect();
            Some(super::friend::host_request(&owners, &s.setup_json()?))
        });
        if let Some(request) = request {
            self.joined.set_value(false);
            self.listen_to_friend();
            self.ask_friend_module("host", request);
        }
    }

    /// Gives the connection module the choices this device's people and computers made for the
    /// step, once.
    fn send_choices(self) {
        let choices = self.session.with_untracked(|s| {
            let s = s.as_ref()?;
            (self.sent.get_value() != Some(s.steps())).then(|| {
                let here = Seat::all(s.seats().count()).filter(|seat| s.seats().0[seat.index()] != super::Controller::Remote);
                let mine = here.filter_map(|seat| s.planned(seat).map(|a| (seat, a)));
                let requests = mine
                    .filter_map(|(seat, a)| dojo_engine::json::to_string(a).ok().map(|json| super::friend::choose_request(seat.0, &json)));
                (s.steps(), requests.collect::<Vec<_>>())
            })
        });
        let Some((step, choices)) = choices else { return };
        if choices.is_empty() {
            return;
        }
        self.sent.set_value(Some(step));
        for request in choices {
            self.ask_friend_module("choose", request);
        }
    }

    /// Listens to the connection module from now on.
    fn listen_to_friend(self) {
        super::friend::listen(move |text| self.heard(&text));
    }

    /// What the connection module said.
    fn heard(self, text: &str) {
        use super::friend::Heard;
        let heard = match Heard::<T::G>::read(text) {
            Ok(h) => h,
            Err(e) => return self.notice.set(Some(e)),
        };
        match heard {
            Heard::Connected => self.notice.set(None),
            Heard::Start { setup, owners, me } => {
                let seats =
                    Seats(owners.iter().map(|o| if *o == me { super::Controller::Person } else { super::Controller::Remote }).collect());
                if me != 0 {
                    T::joined(&setup);
                }
                if self.awaiting_deal.get_value() {
                    // The host's cards are dealt: the match it already hosts goes on from them.
                    self.awaiting_deal.set_value(false);
                    match Session::new(seats, &setup) {
                        Ok(s) => self.session.set(Some(s)),
                        Err(e) => return self.notice.set(Some(format!("The dealt cards could not be used here: {e}"))),
                    }
                    return self.advance();
                }
                self.start(Session::new(seats, &setup));
            }
            Heard::Seeded { setup, actions } => {
                match self.session.try_update(|s| s.as_mut().map(|s| s.reseed(&setup, actions))).flatten() {
                    Some(Err(e)) => self.notice.set(Some(format!("The setup the devices settled could not be used here: {e}"))),
                    // After the end of a dealt match: every deal is shown, and the match is remembered.
                    Some(Ok(())) if self.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.is_over() && s.is_dealt())) => {
                        self.remember_if_over();
                    }
                    _ => {}
                }
            }
            Heard::Line { actions } => self.agreed(|s| s.follow(actions)),
            Heard::Step { step, joint } => self.agreed(|s| s.follow_step(step, joint)),
            Heard::Say { text } => self.notice.set(Some(text)),
            // Nothing more will come: the lobby, under the reason, starts another match.
            Heard::Stopped { text } => {
                self.notice.set(Some(text));
                self.screen.set(Screen::Lobby);
            }
        }
    }

    /// Every device agreed on a step: `follow` moves the match here to it (the whole match, or
    /// the step alone), and the page shows it.
    fn agreed(self, follow: impl FnOnce(&mut Session<T>) -> Result<Vec<<T::G as dojo_engine::Game>::Event>, String>) {
        self.sent.set_value(None);
        match self.session.try_update(|s| s.as_mut().map(follow)).flatten() {
            Some(Ok(events)) => self.played(T::shows_reveal(&events), false),
            Some(Err(e)) => self.notice.set(Some(format!("The other device's step could not be shown here: {e}"))),
            None => {}
        }
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
        let Some(seats) = self.session.with_untracked(|s| s.as_ref().map(Session::computers_to_move)) else { return };
        if seats.is_empty() {
            self.advance();
            return;
        }
        if let Some(lesson) = self.lesson.with_value(Clone::clone) {
            // The lesson's computer follows its script, at once.
            for seat in seats {
                let given = self.session.try_update(|s| {
                    let s = s.as_mut()?;
                    let input = lesson.input(s.steps(), seat)?.clone();
                    Some(s.give(seat, input))
                });
                if !matches!(given, Some(Some(Ok(())))) {
                    self.notice.set(Some("This lesson has lost its way: start it again from the lobby.".into()));
                    return;
                }
            }
            self.advance();
            return;
        }
        let start = browser::now_ms();
        let Some(pool) = self.thinkers() else {
            for seat in seats {
                let decided = self.decide_here(seat);
                self.decided(Self::elapsed(start), decided);
            }
            self.advance();
            return;
        };
        let generation = self.generation.get_value();
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
                if self.generation.try_get_value() != Some(generation) {
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
                self.advance();
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

    /// Makes the computer in `seat` decide on the page's own thread, with the same budget.
    /// The computer's decision made on the page's own thread (no worker could be asked): it is
    /// not explained, as the explaining code lives in the lab module.
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
    fn show_why(self) {
        let piece = self.link.get_untracked().and_then(Result::ok);
        let request = self.session.with_untracked(|s| s.as_ref().and_then(|s| s.explain_request(piece.as_deref())));
        let Some(request) = request.filter(|_| self.explain.get_untracked() && !self.in_lesson()) else {
            browser::set_html(WHY_PANEL, "");
            return;
        };
        let generation = self.generation.get_value();
        crate::components::lazy_module::call_module(Self::lab(), "why_html", request, move |html| {
            if self.generation.try_get_value() == Some(generation) {
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

    /// Every input of the step is in: a step whose last chooser chose in secret is counted down
    /// first (they may still change their mind), then played; any other is played at once (its
    /// reveal, if any, counted after).
    fn reveal(self) {
        // A secret choice is what a count reveals, and what its chooser may still change.
        let counted = !self.skipping.get_value()
            && T::counts_before_reveal()
            && self.chose.get_value().is_some_and(|seat| self.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.is_secret(seat))));
        if counted {
            self.counting.update_value(|c| *c = c.wrapping_add(1));
            self.count(3, self.counting.get_value(), true);
        } else {
            self.play(false);
        }
    }

    /// Plays the step; `counted`: its count to the reveal has been shown already.
    fn play(self, counted: bool) {
        self.chose.set_value(None);
        let played = self.session.try_update(|s| {
            s.as_mut().map(|s| {
                s.keep_choices();
                s.play().map(|events| T::shows_reveal(&events))
            })
        });
        match played.flatten() {
            Some(Ok(revealed)) => self.played(revealed, counted),
            Some(Err(e)) => self.notice.set(Some(format!("That step could not be played: {e}"))),
            None => self.screen.set(Screen::Lobby),
        }
    }

    /// The person who decided last takes their choice back, before the step is played: the
    /// count (or the computer's thinking, whose answer is then dropped) stops, and the device
    /// goes back to them (through a hand-off, if it is shared).
    pub fn take_back(self) {
        let Some(seat) = self.chose.get_value() else { return };
        self.counting.update_value(|c| *c = c.wrapping_add(1));
        self.generation.update_value(|g| *g = g.wrapping_add(1));
        self.chose.set_value(None);
        let shared = self.session.try_update(|s| {
            s.as_mut().map(|s| {
                s.take_back(seat);
                s.seats().share_device()
            })
        });
        self.screen.set(if shared == Some(Some(true)) { Screen::HandOff(seat) } else { Screen::Decide(seat) });
    }

    /// The seat whose choice [`PlayCtx::take_back`] would take back now, if any: the last person
    /// to decide here, while their input waits (never with a friend's device, which has it).
    pub fn can_take_back(self) -> Option<Seat> {
        let seat = self.chose.get_value()?;
        self.session.with(|s| s.as_ref().is_some_and(|s| !s.seats().has_remote() && s.has_given(seat) && !s.is_over())).then_some(seat)
    }

    /// The person's seats are all out: the computers play on to the end with no result screens.
    pub fn skip_to_end(self) {
        self.skipping.set_value(true);
        self.advance();
    }

    /// After steps were played (here, or agreed with another device): saves, remembers a
    /// finished match, and counts down to a reveal (`revealed`; at once when `counted` before
    /// the step was played) or goes on.
    fn played(self, revealed: bool, counted: bool) {
        self.save();
        // A match whose cards the devices dealt is remembered once every deal is shown (the
        // next setup told after the end), so that "Your games" keeps the true cards.
        if !self.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.is_dealt() && s.seats().has_remote())) {
            self.remember_if_over();
        }
        let over = self.session.with_untracked(|s| s.as_ref().is_some_and(Session::is_over));
        match (revealed, T::counts_before_reveal()) {
            _ if self.skipping.get_value() && !over => self.advance(),
            (true, true) => self.countdown(if counted { 0 } else { 3 }),
            (true, false) => self.countdown(0),
            (false, _) => self.advance(),
        }
    }

    /// Adds the match to "Your games" the moment it ends (and only then: nothing about a match
    /// in progress is written there), with its replay link. A lesson is not remembered.
    fn remember_if_over(self) {
        if self.in_lesson() {
            return;
        }
        let id = format!("{}-{:06x}", browser::epoch_ms() as u64, browser::random_seed() & 0xff_ffff);
        if let Some(entry) = self.session.with_untracked(|s| s.as_ref().and_then(|s| s.history_entry(browser::epoch_ms(), id))) {
            self.pack_link(Some(entry));
        }
    }

    /// Packs the finished match's replay link (in the "Your games" module, which alone carries
    /// the compressor) into [`PlayCtx::link`], adding `entry` to "Your games" on the way.
    fn pack_link(self, entry: Option<crate::history::Entry>) {
        let Some(shared) = self.session.with_untracked(|s| s.as_ref().map(Session::shared)) else { return };
        let generation = self.generation.get_value();
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
            if self.generation.try_get_value() != Some(generation) {
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

    /// Counts `n` down to the result screen (0: shows the result at once). A new count (the
    /// friend's device played on meanwhile) replaces one still running.
    fn countdown(self, n: u8) {
        self.counting.update_value(|c| *c = c.wrapping_add(1));
        self.count(n, self.counting.get_value(), false);
    }

    /// One step of count `id`, unless another count has replaced it; a count before the step
    /// is played (`then_play`, see [`PlayCtx::reveal`]) plays it at the end.
    fn count(self, n: u8, id: u32, then_play: bool) {
        if self.counting.try_get_value() != Some(id) {
            return;
        }
        if n == 0 && then_play {
            return self.play(true);
        }
        if n == 0 {
            let over = self.session.with_untracked(|s| s.as_ref().is_some_and(Session::is_over));
            self.screen.set(if over { Screen::Over } else { Screen::Result });
            self.show_why();
            return;
        }
        self.screen.set(Screen::Countdown(n));
        Timeout::new(COUNTDOWN_STEP_MS, move || self.count(n - 1, id, then_play)).forget();
    }

    /// Gives a person's decision to the session with `decide`; shows a refusal, or moves on.
    pub fn decide(self, decide: impl FnOnce(&mut Session<T>) -> Result<(), String>) {
        let lesson = self.lesson.with_value(Clone::clone);
        let decide = move |s: &mut Session<T>| {
            decide(s)?;
            // In a lesson, only the step's own input: the script goes on from it.
            let Some(lesson) = lesson else { return Ok(()) };
            let off = Seat::all(s.seats().count()).find(|seat| s.planned(*seat).is_some_and(|a| lesson.input(s.steps(), *seat) != Some(a)));
            match off {
                Some(seat) => {
                    s.take_back(seat);
                    Err("This lesson asks for the highlighted choice: the next steps are written for it.".into())
                }
                None => Ok(()),
            }
        };
        match self.session.try_update(|s| s.as_mut().map(decide)).flatten() {
            Some(Err(e)) => self.notice.set(Some(e)),
            _ => {
                if let Screen::Decide(seat) = self.screen.get_untracked() {
                    self.chose.set_value(Some(seat));
                }
                self.notice.set(None);
                self.advance();
            }
        }
    }

    /// Starts a new match (or reports why it could not start).
    pub fn start(self, session: Result<Session<T>, String>) {
        match session {
            Ok(s) => {
                self.generation.update_value(|g| *g = g.wrapping_add(1));
                if s.seats().has_computer() {
                    // The workers start while the person makes a first choice.
                    self.thinkers();
                }
                let unsaved = s.seats().keeping() == Keeping::Nothing && !s.seats().has_remote();
                let remote = s.seats().has_remote();
                let dealt = s.is_dealt();
                self.awaiting_deal.set_value(remote && dealt && !self.joined.get_value());
                let noun = s.noun();
                self.link.set(None);
                self.sent.set_value(None);
                self.chose.set_value(None);
                self.skipping.set_value(false);
                browser::set_html(WHY_PANEL, "");
                self.session.set(Some(s));
                self.bot_ms.set(None);
                self.notice.set(unsaved.then(|| format!("This {noun} is not saved in this browser: with several people and the computer at one table, no save could leave out the computer's cards.")));
                self.save();
                if remote && !self.joined.get_value() {
                    self.host();
                }
                self.advance();
            }
            Err(e) => self.notice.set(Some(e)),
        }
    }

    /// Starts the game's lesson (see [`super::lesson`]), if it has one.
    pub fn learn(self) {
        let Some(lesson) = T::lesson() else { return };
        let session = Session::new(Seats::against_computer(Level::Easy, lesson.seats), &lesson.setup);
        self.lesson.set_value(Some(Rc::new(lesson)));
        self.start(session);
    }

    /// True while the page plays a lesson.
    pub fn in_lesson(self) -> bool {
        self.lesson.with_value(Option::is_some)
    }

    /// In a lesson, the input its current step writes for `seat`: a game whose choices are forms
    /// (bid sheets, allocations) fills them in with it, for the person to read and confirm.
    pub fn lesson_input(self, seat: Seat) -> Option<<T::G as dojo_engine::Game>::Action> {
        let (step, _) = self.lesson_step()?;
        self.lesson.with_value(|l| l.as_ref()?.input(step, seat).cloned())
    }

    /// The lesson's next step (from 0) and its count, while it has steps left.
    fn lesson_step(self) -> Option<(usize, usize)> {
        let total = self.lesson.with_value(|l| l.as_ref().map(|l| l.steps.len()))?;
        let step = self.session.with_untracked(|s| s.as_ref().map(Session::steps))?;
        (step < total && !self.session.with_untracked(|s| s.as_ref().is_some_and(Session::is_over))).then_some((step, total))
    }

    /// Forgets the match and goes back to the lobby.
    pub fn abandon(self) {
        browser::set_html(WHY_PANEL, "");
        if self.joined.get_value() || self.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.seats().has_remote())) {
            // The other device is told, and a match kept for a reload is forgotten.
            self.ask_friend_module("leave", String::new());
        }
        self.generation.update_value(|g| *g = g.wrapping_add(1));
        self.link.set(None);
        self.chose.set_value(None);
        self.skipping.set_value(false);
        // A lesson saved nothing: a match kept in storage is not this one.
        if self.lesson.try_update_value(Option::take).flatten().is_some() {
            browser::replace_hash("");
        } else {
            browser::forget(T::SAVE_KEY);
        }
        self.session.set(None);
        self.screen.set(Screen::Lobby);
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

/// What the lobby says about saving: the threat model of a game kept in this browser.
pub const SAVE_NOTE: &str = "The game in progress is saved in this browser. Against the computer only what you can see is saved, never its cards. On one shared device the saved game holds every player's hand so it can resume; picks not yet revealed are never saved.";

/// The lobby's first choices for two seats: a person against the computer (and how strong), two
/// people on one device, or (where the game's tables can be played between devices and
/// `friend` is given) a person here against a friend on another device; shown as `vs_bot`,
/// `level` and `friend` say (a lobby starts them at true, Medium and false), so the choice
/// survives the lobby redrawing this part.
pub fn who_plays(vs_bot: RwSignal<bool>, level: RwSignal<Level>, friend: Option<RwSignal<bool>>) -> impl IntoView {
    // A game whose tables cannot yet be played between devices offers no friend.
    let offers_friend = friend.is_some();
    let friend = friend.unwrap_or_else(|| RwSignal::new(false));
    let choose = move |bot: bool, far: bool| {
        vs_bot.set(bot);
        friend.set(far);
    };
    view! {
        <fieldset>
            <legend>"Who plays?"</legend>
            <label><input type="radio" name="mode" data-testid="mode-bot" prop:checked=move || vs_bot.get() && !friend.get() on:change=move |_| choose(true, false)/>" Me against the computer"</label>
            <label><input type="radio" name="mode" data-testid="mode-hotseat" prop:checked=move || !vs_bot.get() && !friend.get() on:change=move |_| choose(false, false)/>" Two players on this device"</label>
            <label hidden=!offers_friend><input type="radio" name="mode" data-testid="mode-friend" prop:checked=move || friend.get() on:change=move |_| choose(false, true)/>" Me against a friend on another device"</label>
            <p class="hint" data-testid="save-note">{SAVE_NOTE}</p>
        </fieldset>
        <p class="hint" data-testid="friend-note" hidden=move || !friend.get()>"Starting makes an invitation for your friend; your devices then connect directly, with no game server."</p>
        <Show when=move || vs_bot.get() && !friend.get()>
            <fieldset>
                <legend>"Computer strength"</legend>
                {Level::ALL.into_iter().map(|l| view! {
                    <label><input type="radio" name="level" data-testid=format!("level-{}", l.label().to_ascii_lowercase()) prop:checked=move || level.get() == l on:change=move |_| level.set(l)/>{format!(" {}", l.label())}</label>
                }).collect_view()}
            </fieldset>
        </Show>
    }
}

/// The seats the lobby's first choices ask for, in a game of `count` seats: the person in the
/// first seat and the computer at `level` in the others, `count` people on the device, or the
/// person here against friends on other devices (`friend`).
pub fn chosen_seats(vs_bot: RwSignal<bool>, level: RwSignal<Level>, friend: RwSignal<bool>, count: usize) -> Seats {
    if friend.get_untracked() {
        let mut seats = vec![super::Controller::Remote; count];
        seats[0] = super::Controller::Person;
        Seats(seats)
    } else if vs_bot.get_untracked() {
        Seats::against_computer(level.get_untracked(), count)
    } else {
        Seats::people(count)
    }
}

/// What the hand-off screen says about the others: who has already chosen in secret this
/// `round` ("breath", "turn"), or that nobody has.
pub fn waiting_status<T: OnSite>(s: &Session<T>, seat: Seat, round: &str) -> String {
    let names = s.names();
    let done: Vec<&str> = Seat::all(names.len()).filter(|o| *o != seat && s.has_given(*o)).map(|o| names[o.index()].as_str()).collect();
    match done.as_slice() {
        [] => format!("Nobody has chosen yet this {round}."),
        [one] => format!("{one} has chosen in secret."),
        [first @ .., last] => format!("{} and {last} have chosen in secret.", first.join(", ")),
    }
}

/// The hand-off between people on one device: nothing secret is shown until `name` says they hold the device.
/// `status` says what the other player has done; `show` names what the button reveals.
pub fn hand_off<T: OnSite>(cx: PlayCtx<T>, seat: Seat, name: String, status: String, show: &'static str) -> impl IntoView {
    view! {
        <div class="stage handoff" data-testid="handoff">
            <p class="big">{format!("Pass the device to {name}")}</p>
            <p>{status}</p>
            <button type="button" class="button primary" data-testid="show-hand" autofocus on:click=move |_| cx.screen.set(Screen::Decide(seat))>
                {format!("I am {name}: show my {show}")}
            </button>
            {cx.can_take_back().filter(|p| *p != seat).map(|p| {
                let who = cx.names().with_untracked(|n| n.get(p.index()).cloned().unwrap_or_default());
                view! { <p><button type="button" class="button subtle" data-testid="change-choice" on:click=move |_| cx.take_back()>{format!("Change {who}'s choice")}</button></p> }
            })}
        </div>
    }
}

/// The screen after a reveal: the revealed cards (`reveals`, drawn by the game), what happened
/// in words, and a button (`next`) to go on.
pub fn turn_result<T: OnSite>(cx: PlayCtx<T>, reveals: AnyView, happened: Vec<String>, next: &'static str) -> impl IntoView {
    view! {
        <div class="stage result" data-testid="result">
            {reveals}
            <ul class="what-happened">{happened.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            <button type="button" class="button primary" data-testid="next" autofocus on:click=move |_| cx.advance()>{next}</button>
        </div>
    }
}

/// `seats` by name: "A", "A and B", "A, B and C".
fn name_list(seats: &[Seat], names: &[String]) -> String {
    let who: Vec<&str> = seats.iter().map(|s| names.get(s.index()).map_or("?", String::as_str)).collect();
    match who.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

/// `seats` as the end screen names them: "Team 2 (A and B)" when they are exactly one of
/// `outcome`'s teams, else their names.
fn group_name(outcome: &dojo_engine::Outcome, seats: &[Seat], names: &[String]) -> String {
    let same = |team: &Vec<Seat>| team.len() == seats.len() && team.iter().all(|s| seats.contains(s));
    match outcome.teams.iter().position(same) {
        Some(k) => format!("Team {} ({})", k + 1, name_list(seats, names)),
        None => name_list(seats, names),
    }
}

/// The result in words: who won (`"… won the {what}!"`, several names for a team or a shared
/// first place, a team by its number) or a draw.
pub fn winner_line(outcome: &dojo_engine::Outcome, names: &[String], what: &str) -> String {
    if outcome.is_draw() {
        return format!("The {what} is a draw.");
    }
    match outcome.winning_seats() {
        [] => format!("The {what} is over."),
        winners => format!("{} won the {what}!", group_name(outcome, winners, names)),
    }
}

/// The end screen: the last step in words, who won, every place (teams by number) when more
/// than two play, and buttons to play again (`again` builds the new session from the old) or
/// to go back to the lobby.
pub fn game_over<T: OnSite>(
    cx: PlayCtx<T>,
    labels: [&'static str; 2],
    again: impl Fn(&Session<T>) -> Result<Session<T>, String> + Send + Sync + 'static,
) -> impl IntoView {
    let names = cx.names();
    let outcome = move || cx.session.with(|s| s.as_ref().and_then(Session::outcome));
    // Another match with a friend on another device starts from a new invitation.
    let remote = move || cx.session.with(|s| s.as_ref().is_some_and(|s| s.seats().has_remote()));
    let again = StoredValue::new(again);
    let replay = move |_| {
        if let Some(next) = cx.session.with_untracked(|s| s.as_ref().map(|s| again.with_value(|again| again(s)))) {
            cx.start(next);
        }
    };
    // The costliest choices, once the match's link is packed (their replay links need it).
    let places = move || {
        let names = names.get();
        outcome().filter(|o| o.players().count() > 2).map(|o| {
            let rows = o.places.iter().enumerate().map(|(i, seats)| {
                let shared = if seats.len() > 1 && o.teams.is_empty() { " (shared)" } else { "" };
                view! { <li>{format!("Place {}{shared}: {}", i + 1, group_name(&o, seats, &names))}</li> }
            });
            view! { <ol class="places" data-testid="places">{rows.collect_view()}</ol> }
        })
    };
    view! {
        <div class="stage over" data-testid="match-over">
            <ul class="what-happened">
                {move || cx.session.with(|s| s.as_ref().map(|s| s.last_lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()))}
            </ul>
            <p class="big" data-testid="winner">{move || outcome().map(|o| winner_line(&o, &names.get(), cx.noun().get())).unwrap_or_default()}</p>
            {places}
            <button type="button" class="button primary" data-testid="again" hidden=remote on:click=replay>{labels[0]}</button>
            <button type="button" class="button" on:click=move |_| cx.abandon()>{labels[1]}</button>
            <SharePanel cx=cx/>
        </div>
    }
}

/// "Share this game" on the end screen: a button that opens the panel, which the "Your
/// games" module (that packed the link) draws once the link is known: the replay link of the
/// finished match, a copy button, the system share sheet where the browser has one, and a link
/// to watch it; or why this match cannot be shared (see `crate::history_page::show_share`).
#[component]
fn SharePanel<T: OnSite>(cx: PlayCtx<T>) -> impl IntoView {
    let open = RwSignal::new(false);
    let toggle = move |_| {
        open.update(|o| *o = !*o);
        // A match restored after its end has no link packed yet.
        if cx.link.get_untracked().is_none() {
            cx.pack_link(None);
        }
    };
    // Why the "Your games" module could not draw the panel, if it could not be fetched.
    let failed = RwSignal::new(None::<String>);
    Effect::new(move || {
        if let Some(link) = cx.link.get() {
            let game = <T::G as dojo_engine::Game>::NAME;
            let request = match link {
                Ok(piece) => format!("{game}\n{piece}"),
                Err(why) => format!("{game}\n\n{why}"),
            };
            crate::components::lazy_module::call_module("history".into(), "show_share", request, move |answer| {
                // The end screen may be gone by now.
                let _ = failed.try_set(answer.err());
            });
        }
    });
    view! {
        <section class="share" data-testid="share">
            <button type="button" class="button" data-testid="share-game" aria-expanded=move || open.get().to_string() on:click=toggle>"Share this game"</button>
            {move || failed.get().map(|e| view! { <p class="notice" data-testid="share-unavailable" hidden=move || !open.get()>{format!("This game cannot be shared: {e}.")}</p> })}
            <div id=SHARE_PANEL hidden=move || !open.get() || failed.get().is_some()>
                <p class="progress" role="status"><span class="spinner" aria-hidden="true"></span>"Preparing the link…"</p>
            </div>
        </section>
    }
}

/// In the lobby, the way into the game's lesson; during a lesson, what the next step needs,
/// with what it is about highlighted on the page.
fn lesson_panel<T: OnSite>(cx: PlayCtx<T>) -> Option<AnyView> {
    let screen = cx.screen.get();
    if screen == Screen::Lobby {
        return T::lesson().map(|_| {
            view! {
                <p class="learn" data-testid="learn-offer">
                    <button type="button" class="button" data-testid="learn" on:click=move |_| cx.learn()>"Learn by playing"</button>
                    " A guided first match of a few minutes against a computer that follows a script."
                </p>
            }
            .into_any()
        });
    }
    let lesson = cx.lesson.with_value(Clone::clone)?;
    let step = cx.session.with(|s| s.as_ref().map(Session::steps))?;
    let (now, number, total) = lesson.shown(step).filter(|_| screen != Screen::Over)?;
    let glow = format!("{} {{ outline: 4px solid var(--focus); outline-offset: 3px; }}", now.point);
    Some(
        view! {
            <aside class="lesson" data-testid="lesson" data-point=now.point aria-live="polite">
                <p class="lesson-step">{format!("Lesson · step {number} of {total}")}</p>
                <p>{now.say}</p>
                <style>{glow}</style>
            </aside>
        }
        .into_any(),
    )
}

/// The end of a lesson: what it taught, and the way to a real match.
fn lesson_done<T: OnSite>(cx: PlayCtx<T>) -> impl IntoView {
    let done = cx.lesson.with_value(|l| l.as_ref().map(|l| l.done)).unwrap_or_default();
    view! {
        <div class="stage over" data-testid="lesson-done">
            <ul class="what-happened">
                {move || cx.session.with(|s| s.as_ref().map(|s| s.last_lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()))}
            </ul>
            <p class="big">"Lesson over"</p>
            <p>{done}</p>
            <button type="button" class="button primary" data-testid="lesson-play" on:click=move |_| cx.abandon()>"Play a real match"</button>
            <a class="button" href=format!("/rules/{}", <T::G as dojo_engine::Game>::NAME)>"Read the rules"</a>
        </div>
    }
}

/// "Change my choice" while the last person's input waits for the computer or the count (drawn
/// again only when that changes, not at each of the computer's inputs, so it stays put).
fn change_choice<T: OnSite>(cx: PlayCtx<T>) -> impl IntoView {
    let open = Memo::new(move |_| cx.can_take_back().is_some());
    move || {
        open.get().then(|| {
            view! { <p class="change-choice"><button type="button" class="button subtle" data-testid="change-choice" on:click=move |_| cx.take_back()>"Change my choice"</button></p> }
        })
    }
}

/// What the page asks before a match in progress is thrown away (in the browser's own dialog,
/// which costs the tight play pages almost nothing).
const ABANDON_QUESTION: &str = "Throw this game away? It is not kept anywhere.";

/// The id of the end screen's share panel, drawn by the "Your games" module.
pub const SHARE_PANEL: &str = "share-panel";

/// What a game's play page is made of; [`play_page`] adds the shared frame, thinking,
/// countdown and end screens.
pub struct PlayPage<T: OnSite> {
    /// The page's heading.
    pub title: &'static str,
    /// The page's test id (`play-<game>`).
    pub testid: &'static str,
    /// The game's own screens: the lobby, the hand-off, deciding and the result of a reveal.
    pub screen: fn(PlayCtx<T>, Screen, Signal<Vec<String>>) -> AnyView,
    /// The shared table, drawn from the public view with the players' names.
    pub table: crate::components::example_player::TableFn<T::G>,
    /// The end screen's two buttons: play again, and back to the lobby.
    pub over: [&'static str; 2],
    /// The next match from the one that ended, for the "play again" button.
    pub again: fn(&Session<T>) -> Result<Session<T>, String>,
}

/// A whole play page: restores any save, then shows the game's screens, the shared ones and
/// the table.
pub fn play_page<T: OnSite>(page: PlayPage<T>) -> impl IntoView {
    let PlayPage { title, testid, screen, table, over: labels, again } = page;
    let cx = PlayCtx::<T>::open();
    let names = cx.names();
    // A memo: the table is drawn again only when what it shows has changed, not at every change
    // of the session (a pick waiting for the reveal, the computer's timing, …).
    let table_view = Memo::new(move |_| cx.session.with(|s| s.as_ref().map(|s| s.public_view())));
    play_frame(
        cx,
        title,
        testid,
        move |now| match now {
            Screen::Over if cx.in_lesson() => lesson_done(cx).into_any(),
            Screen::Over => game_over(cx, labels, again).into_any(),
            other => screen(cx, other, names),
        },
        move || table_view.get().map(|v| table(Signal::stored(v), names)),
    )
}

/// The frame of a play page: title, notices, the game's screen from `screen` (the thinking and
/// countdown screens are drawn here), the table from `table` (hidden in the lobby), the
/// computer's thinking time, the log and the abandon button.
pub fn play_frame<T: OnSite>(
    cx: PlayCtx<T>,
    title: &'static str,
    testid: &'static str,
    screen: impl Fn(Screen) -> AnyView + Send + Sync + 'static,
    table: impl Fn() -> Option<AnyView> + Send + Sync + 'static,
) -> impl IntoView {
    // Memos, so that a change of the session that leaves them alone redraws nothing.
    let log = Memo::new(move |_| cx.session.with(|s| s.as_ref().map(|s| s.log().to_vec()).unwrap_or_default()));
    let goal = Memo::new(move |_| cx.session.with(|s| T::goal(s.as_ref().map(|s| s.public_view()).as_ref())));
    let table_shown = Memo::new(move |_| !matches!(cx.screen.get(), Screen::Lobby | Screen::Countdown(_)));
    // The computer thinking or the count to a reveal: the last choice can still change.
    let waiting = Memo::new(move |_| matches!(cx.screen.get(), Screen::Thinking | Screen::Countdown(_)));
    // Each new screen a person acts on gets the keyboard on its next thing to do (a reveal, a
    // hand-off, the end left it on the page's body), and the first after the lobby is brought
    // into view (a phone stayed where the Start button was).
    Effect::new(move |before: Option<Screen>| {
        let now = cx.screen.get();
        if matches!(now, Screen::HandOff(_) | Screen::Decide(_) | Screen::Result | Screen::Over) && before != Some(now) {
            let to_top = before == Some(Screen::Lobby);
            request_animation_frame(move || browser::focus_stage(to_top));
        }
        now
    });
    view! {
        <div class=format!("play {testid}") data-testid=testid>
            <h1>{title}</h1>
            {move || {
                let (text, section) = goal.get();
                view! { <p class="goal" data-testid="goal">{text}" "<a href=format!("/rules/{}#{section}", <T::G as dojo_engine::Game>::NAME)>"Rules"</a></p> }
            }}
            {move || cx.notice.get().map(|n| view! { <p class="notice" role="status" data-testid="notice">{n}<button type="button" class="close" aria-label="Dismiss" on:click=move |_| cx.notice.set(None)>"×"</button></p> })}
            {move || lesson_panel(cx)}
            // The connection module draws the invitation and the connection's state here, above
            // the game, where a phone shows it first.
            <div id=super::friend::PANEL data-testid=super::friend::PANEL></div>
            {move || match cx.screen.get() {
                // The computer thinking and a friend choosing on another device: one screen.
                now @ (Screen::Thinking | Screen::Friend) => {
                    let (testid, text) = if now == Screen::Friend { ("waiting-friend", "Waiting for your friend's device…") } else { ("thinking", "The computer is choosing…") };
                    view! { <div class="stage thinking" data-testid=testid role="status"><span class="spinner" aria-hidden="true"></span>{text}</div> }.into_any()
                }
                Screen::Countdown(n) => view! { <div class="stage countdown" data-testid="countdown" aria-live="assertive"><span class="count">{n}</span></div> }.into_any(),
                other => screen(other),
            }}
            // Drawn once for the whole wait, not again at each step of the count, so it stays put.
            {move || waiting.get().then(|| change_choice(cx))}
            // What the computer expected at the last step, once revealed (the lab module writes it).
            <div id=WHY_PANEL></div>
            {move || table_shown.get().then(&table).flatten()}
            {move || cx.bot_ms.get().map(|ms| view! { <p class="bot-time" data-testid="bot-ms" data-ms=ms data-count=move || cx.bot_decisions.get() data-slowest=move || cx.bot_slowest.get()>{format!("The computer decided in {ms} ms.")}</p> })}
            {move || (cx.screen.get() != Screen::Lobby).then(|| view! {
                {move || (!cx.in_lesson() && cx.session.with(|s| s.as_ref().is_some_and(|s| s.seats().has_computer()))).then(|| view! {
                    <p class="switches"><label><input type="checkbox" data-testid="explain" prop:checked=move || cx.explain.get() on:change=move |ev| cx.set_explain(event_target_checked(&ev))/>" Say what the computer expected, after each reveal"</label></p>
                })}
                <EventLog lines=log/>
                // A decided match has nothing left to abandon: its own screen offers what comes next.
                {move || (cx.screen.get() != Screen::Over).then(|| view! {
                    <p class="abandon"><button type="button" class="button subtle" data-testid="abandon" on:click=move |_| if crate::browser::confirm(ABANDON_QUESTION) { cx.abandon() }>{move || format!("Abandon this {}", cx.noun().get())}</button></p>
                })}
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Controller;
    use crate::play::session::toy_page::ToyPage;
    use dojo_games::toy::Setup;

    fn toy(seats: Seats) -> Session<ToyPage> {
        let count = seats.count();
        Session::new(seats, &Setup::deal(count as u8, false, 3)).unwrap()
    }

    #[test]
    fn a_shared_device_is_handed_over_only_for_a_new_persons_secret() {
        let mut s = toy(Seats::people(3));
        assert_eq!(next_screen(&s, Screen::Lobby), Screen::HandOff(Seat(0)));
        let bid = s.own_view(Seat(0)).hand[0];
        s.give(Seat(0), dojo_games::toy::Bid(bid)).unwrap();
        assert_eq!(next_screen(&s, Screen::Decide(Seat(0))), Screen::HandOff(Seat(1)));
        assert_eq!(next_screen(&s, Screen::Decide(Seat(1))), Screen::Decide(Seat(1)), "the same person keeps the device");
        let alone = toy(Seats::against_computer(Level::Easy, 3));
        assert_eq!(next_screen(&alone, Screen::Result), Screen::Decide(Seat(0)), "one person needs no hand-off");
        let mut rng = Rng::new(1);
        let mut computers_first =
            toy(Seats(vec![Controller::Computer(Level::Easy), Controller::Person, Controller::Computer(Level::Easy)]));
        let bid = computers_first.own_view(Seat(1)).hand[0];
        computers_first.give(Seat(1), dojo_games::toy::Bid(bid)).unwrap();
        assert_eq!(next_screen(&computers_first, Screen::Decide(Seat(1))), Screen::Thinking);
        while let Some(seat) = computers_first.computer_to_move() {
            computers_first.computer_decide(seat, &mut rng).unwrap();
        }
        assert_eq!(next_screen(&computers_first, Screen::Thinking), Screen::Countdown(3));
    }

    /// Walks a match as the page does (a hand-off's button shows its seat's screen; a step is
    /// played once everyone has chosen, and a reveal shows the result screen) with people
    /// choosing at random, and calls `screen` with each screen shown and the one before it.
    fn walk_screens<T: OnSite>(mut s: Session<T>, seed: u64, mut screen: impl FnMut(&Session<T>, Screen, Screen)) {
        let mut rng = Rng::new(seed);
        let mut now = Screen::Lobby;
        for _ in 0..5_000 {
            let next = match next_screen(&s, now) {
                Screen::Countdown(_) => {
                    let events = s.play().unwrap();
                    if T::shows_reveal(&events) {
                        now = Screen::Result;
                    }
                    continue;
                }
                Screen::Thinking => {
                    while let Some(seat) = s.computer_to_move() {
                        s.computer_decide(seat, &mut rng).unwrap();
                    }
                    now = Screen::Thinking;
                    continue;
                }
                next => next,
            };
            screen(&s, next, now);
            match next {
                Screen::Over => return,
                Screen::HandOff(seat) => {
                    screen(&s, Screen::Decide(seat), next);
                    now = Screen::Decide(seat);
                }
                Screen::Decide(_) => now = next,
                other => panic!("no such screen in a match on one device: {other:?}"),
            }
            let Screen::Decide(seat) = now else { unreachable!() };
            let legal = s.legal(seat);
            s.give(seat, legal[rng.below(legal.len())].clone()).unwrap();
        }
        panic!("the match did not end");
    }

    /// The outside audit's FUSION on one device: a Throwdown the Coach sat out, or an evening
    /// after he folded, went from the last lay straight to "Bea: Your side won. Spend the
    /// spoils" with Bea's Stash on screen, to whoever held the device. Every screen that shows
    /// a seat's Stash now follows a hand-off to that seat, unless that seat's screen came just
    /// before; checked for every mix of people among 1–4 pilots with a person as the Coach, in
    /// a Throwdown challenged by a pilot, one challenged by the Coach, a Gambit, and an evening.
    #[test]
    fn fusion_on_one_device_shows_a_stash_only_after_a_hand_off_to_its_pilot() {
        use crate::games::fusion::play::session::FusionSite;
        use dojo_games::fusion::{Conflict, Setup};
        let mut shown = 0;
        for pilots in 1..=4usize {
            let coach = pilots;
            let conflicts = [
                Conflict::Throwdown { challenger: 0, stakes: "The gate".into(), threats: vec![0] },
                Conflict::Throwdown { challenger: coach as u8, stakes: "The gate".into(), threats: vec![0] },
                Conflict::Gambit { pilot: (pilots - 1) as u8, specialty: true },
            ];
            for mask in 1u32..(1 << pilots) {
                let mut seats: Vec<Controller> = (0..pilots)
                    .map(|p| if mask & (1 << p) != 0 { Controller::Person } else { Controller::Computer(Level::Easy) })
                    .collect();
                seats.push(Controller::Person);
                for (i, conflict) in conflicts.iter().enumerate() {
                    let mut setup = Setup::sample(pilots, conflict.clone(), u64::from(mask) * 7 + i as u64);
                    if i == 2 {
                        // An evening: the Gambit, then a Throwdown the Coach may fold out of.
                        setup.then = vec![conflicts[0].clone(), conflicts[1].clone()];
                    }
                    for seed in 0..3 {
                        let session = Session::<FusionSite>::new(Seats(seats.clone()), &setup).unwrap();
                        walk_screens(session, seed, |s, screen, before| {
                            let Screen::Decide(seat) = screen else { return };
                            if s.own_view(seat).table.stash(seat).is_empty() {
                                return;
                            }
                            shown += 1;
                            assert!(
                                matches!(before, Screen::HandOff(b) | Screen::Decide(b) if b == seat),
                                "{pilots} pilots, people {mask:b}, conflict {i}, seed {seed}: {seat}'s Stash shown after {before:?} ({:?})",
                                s.decision(seat)
                            );
                        });
                    }
                }
            }
        }
        assert!(shown > 1_000, "Stashes were shown {shown} times");
    }

    #[test]
    fn the_hand_off_names_who_has_chosen() {
        let mut s = toy(Seats::people(4));
        assert_eq!(waiting_status(&s, Seat(0), "round"), "Nobody has chosen yet this round.");
        for seat in [Seat(0), Seat(1)] {
            let bid = s.own_view(seat).hand[0];
            s.give(seat, dojo_games::toy::Bid(bid)).unwrap();
        }
        assert_eq!(waiting_status(&s, Seat(2), "round"), "Player 1 and Player 2 have chosen in secret.");
        assert_eq!(waiting_status(&s, Seat(1), "round"), "Player 1 has chosen in secret.");
    }

    #[test]
    fn the_winner_line_names_every_winner_or_the_draw() {
        use dojo_engine::Outcome;
        let names: Vec<String> = ["You", "Computer 2 (Easy)", "Computer 3 (Easy)"].map(String::from).to_vec();
        assert_eq!(winner_line(&Outcome::winner(Seat(0), Seat::all(3)), &names, "game"), "You won the game!");
        assert_eq!(
            winner_line(&Outcome::winners(vec![Seat(1), Seat(2)], Seat::all(3)), &names, "game"),
            "Computer 2 (Easy) and Computer 3 (Easy) won the game!"
        );
        assert_eq!(winner_line(&Outcome::draw(Seat::all(3)), &names, "series"), "The series is a draw.");
        let four: Vec<String> = ["Player 1", "Player 2", "Computer 3 (Easy)", "Computer 4 (Easy)"].map(String::from).to_vec();
        let teams = vec![vec![Seat(0), Seat(1)], vec![Seat(2), Seat(3)]];
        let second_won = Outcome::ranked(vec![teams[1].clone(), teams[0].clone()]).with_teams(teams.clone());
        assert_eq!(winner_line(&second_won, &four, "fight"), "Team 2 (Computer 3 (Easy) and Computer 4 (Easy)) won the fight!");
        assert_eq!(group_name(&second_won, &teams[0], &four), "Team 1 (Player 1 and Player 2)");
        let shared = Outcome::ranked(vec![vec![Seat(0), Seat(2)], vec![Seat(1)], vec![Seat(3)]]);
        assert_eq!(winner_line(&shared, &four, "fight"), "Player 1 and Computer 3 (Easy) won the fight!");
        assert_eq!(group_name(&shared, &[Seat(0), Seat(1), Seat(3)], &four), "Player 1, Player 2 and Computer 4 (Easy)");
    }

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
