//! The play machine as data: what a play page shows and does next.
//!
//! [`Flow`] holds where the page is (its [`Screen`]) and the little it must remember between
//! screens (the running count, who chose last, whether it waits for a deal, which step's
//! choices went to a friend's device). [`Flow::on`] takes one [`Input`] (a button, a timer, an
//! answer from the computer or the other device) with the match as it now stands, and returns
//! the [`Effect`]s to carry out, in order: show a screen, think, play the step, start a timer,
//! save, send. It reads the match and never changes it: changing the match is an effect, whose
//! outcome comes back as the next input. The page ([`super::page::PlayCtx`]) only carries
//! effects out; the tests below run the same flow natively through whole matches of every
//! game (see `flow_tests.rs`).

use super::seats::Keeping;
use super::{Controller, OnSite, Session};
use dojo_engine::Seat;

/// How long each number of the count to a reveal stays up, in ms.
pub const COUNTDOWN_STEP_MS: u32 = 500;

/// How long the "thinking" screen is given to paint before a search takes the thread, in ms.
pub const PAINT_MS: u32 = 30;

/// What a play page is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

impl Screen {
    /// The screen's name as the page writes it on its frame (`data-screen`), for tests and
    /// styles to wait on: `decide-2` for the second seat's screen, `countdown-3`, `over`.
    pub fn name(self) -> String {
        match self {
            Screen::Lobby => "lobby".into(),
            Screen::HandOff(seat) => format!("handoff-{}", seat.index() + 1),
            Screen::Decide(seat) => format!("decide-{}", seat.index() + 1),
            Screen::Thinking => "thinking".into(),
            Screen::Friend => "friend".into(),
            Screen::Countdown(n) => format!("countdown-{n}"),
            Screen::Result => "result".into(),
            Screen::Over => "over".into(),
        }
    }
}

/// What happened that the flow must answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The page opened with a match restored from storage on it (or none: the lobby).
    Restored,
    /// A new match was put on the page; `lesson`: the number of steps of the lesson it is.
    Started {
        /// The lesson's step count, when the match is a lesson.
        lesson: Option<usize>,
    },
    /// This device answers another's invitation, or takes up a match with a friend again.
    Joining,
    /// The host's dealt cards arrived: the match it hosts goes on from them.
    Dealt,
    /// The devices settled the setup again (after a dealt match's end, every deal shown).
    Reseeded,
    /// Go on to whatever the match needs (the result screen's button).
    Next,
    /// The person the device was passed to says who they are.
    HandedOver(Seat),
    /// The person on the screen gave their choice (the match holds it).
    Chose,
    /// Every computer that had to decide in the step has decided.
    Thought,
    /// A timer of count `id` fired (see [`Effect::Timer`]).
    Tick(u32),
    /// The step was played on this device: `revealed`, it turned something over to show;
    /// `counted`, its count was shown before it was played.
    Played {
        /// The step turned something over to show.
        revealed: bool,
        /// The count to the reveal came before the step was played.
        counted: bool,
    },
    /// Every device agreed on a step, now followed here; `revealed` as in [`Input::Played`].
    Agreed {
        /// The step turned something over to show.
        revealed: bool,
    },
    /// The last person to decide takes their choice back.
    TakeBack,
    /// The person's seats are all out: the computers play on with no result screens.
    SkipToEnd,
    /// The person throws the match away.
    Abandon,
    /// The other device stopped the match.
    Stopped,
    /// The switch "say what the computer expected" was turned on or off.
    Explain(bool),
}

/// What the page must do, in order, after an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Show this screen.
    Show(Screen),
    /// Show this message to the person, or take the one shown away.
    Notice(Option<String>),
    /// Start the workers the computer thinks in (they start while the person decides).
    StartThinkers,
    /// After [`PAINT_MS`], every computer to move decides; [`Input::Thought`] when all have.
    Think,
    /// Give the connection module the choices this device's seats made for the step.
    Send,
    /// Ask the connection module for an invitation to this match.
    Host,
    /// Tell the other devices this one leaves the match.
    Leave,
    /// Play the step with every input in; [`Input::Played`] (with `counted`) when done.
    Play {
        /// The count to the reveal came before.
        counted: bool,
    },
    /// After [`COUNTDOWN_STEP_MS`], [`Input::Tick`] with this count's id.
    Timer {
        /// The count the tick belongs to.
        id: u32,
    },
    /// Save the match in storage (or forget the save, when nothing of it may be kept).
    Save,
    /// Forget the match kept in storage.
    ForgetSave,
    /// The match just ended: add it to "Your games" with its replay link.
    Remember,
    /// Forget the finished match's replay link (a new match, or none).
    ForgetLink,
    /// Say what the computer expected at the step just shown (the page asks the lab module,
    /// which says nothing when there is nothing to say).
    Why,
    /// Take the computer's explanation off the page.
    ClearWhy,
    /// Give `Seat`'s choice back: the step waits for it again.
    TakeBack(Seat),
    /// The lesson ended early: leave its address.
    EndLesson,
}

/// A count to a reveal in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Count {
    /// The number on screen.
    left: u8,
    /// The step is played when the count ends (its last chooser may change their mind until
    /// then); otherwise it was played already and the result follows.
    then_play: bool,
}

/// Where a play page is, and what it remembers between screens.
#[derive(Clone, Debug, PartialEq)]
pub struct Flow {
    screen: Screen,
    /// The count running, if any.
    count: Option<Count>,
    /// The id of the latest count: a timer of an older one is ignored.
    counts: u32,
    /// The person who decided last on this device: until the step is played, they may take
    /// their choice back.
    chose: Option<Seat>,
    /// The person asked to see the end without the steps between.
    skipping: bool,
    /// This device hosts a match whose cards the devices deal between them, and the deal is
    /// not done: the people wait, as the cards on the table are no one's yet.
    awaiting_deal: bool,
    /// This device joined another's match by its invitation (it does not host).
    joined: bool,
    /// The step whose choices this device last gave the connection module.
    sent: Option<usize>,
    /// Which match the page is on: an answer that arrives after it was abandoned or replaced,
    /// or after a choice was taken back, is dropped.
    generation: u32,
    /// The lesson's step count, while the page teaches.
    lesson: Option<usize>,
    /// The person asked the computer to say what it expected after each reveal.
    explain: bool,
}

impl Flow {
    /// A page in its lobby; `explain`: the person asked for explanations before.
    pub fn new(explain: bool) -> Self {
        Flow {
            screen: Screen::Lobby,
            count: None,
            counts: 0,
            chose: None,
            skipping: false,
            awaiting_deal: false,
            joined: false,
            sent: None,
            generation: 0,
            lesson: None,
            explain,
        }
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Which match the page is on (see [`Effect::Think`]: answers carry it back).
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// The person who decided last on this device, while the step waits.
    pub fn chose(&self) -> Option<Seat> {
        self.chose
    }

    /// True while the page plays a lesson.
    pub fn in_lesson(&self) -> bool {
        self.lesson.is_some()
    }

    /// True when this device joined another's match.
    pub fn joined(&self) -> bool {
        self.joined
    }

    /// True while this device hosts a dealt match whose deal is not done.
    pub fn awaiting_deal(&self) -> bool {
        self.awaiting_deal
    }

    /// The seat whose choice [`Input::TakeBack`] would give back now, if any: the last person to
    /// decide here, while their input waits (never with a friend's device, which has it).
    pub fn can_take_back<T: OnSite>(&self, s: Option<&Session<T>>) -> Option<Seat> {
        let seat = self.chose?;
        s.is_some_and(|s| !s.seats().has_remote() && s.has_given(seat) && !s.is_over()).then_some(seat)
    }

    /// Answers `input` with the match as it now stands: the effects to carry out, in order.
    pub fn on<T: OnSite>(&mut self, s: Option<&Session<T>>, input: Input) -> Vec<Effect> {
        let mut out = Vec::new();
        match input {
            Input::Restored | Input::Next | Input::Thought => self.advance(s, &mut out),
            Input::Started { lesson } => self.started(s, lesson, &mut out),
            Input::Joining => {
                self.joined = true;
                self.show(Screen::Friend, &mut out);
            }
            Input::Dealt => {
                self.awaiting_deal = false;
                self.advance(s, &mut out);
            }
            Input::Reseeded => {
                if s.is_some_and(|s| s.is_over() && s.is_dealt()) && !self.in_lesson() {
                    out.push(Effect::Remember);
                }
            }
            Input::HandedOver(seat) => self.show(Screen::Decide(seat), &mut out),
            Input::Chose => {
                if let Screen::Decide(seat) = self.screen {
                    self.chose = Some(seat);
                }
                out.push(Effect::Notice(None));
                self.advance(s, &mut out);
            }
            Input::Tick(id) => self.tick(s, id, &mut out),
            Input::Played { revealed, counted } => self.played(s, revealed, counted, &mut out),
            Input::Agreed { revealed } => {
                self.sent = None;
                self.played(s, revealed, false, &mut out);
            }
            Input::TakeBack => self.take_back(s, &mut out),
            Input::SkipToEnd => {
                self.skipping = true;
                self.advance(s, &mut out);
            }
            Input::Abandon => self.abandon(s, &mut out),
            Input::Stopped => {
                // Nothing more will come: the lobby, under the reason, starts another match,
                // which this device hosts.
                self.joined = false;
                self.stop_count();
                self.show(Screen::Lobby, &mut out);
            }
            Input::Explain(on) => self.explain = on,
        }
        out
    }

    fn show(&mut self, screen: Screen, out: &mut Vec<Effect>) {
        self.screen = screen;
        out.push(Effect::Show(screen));
    }

    /// Says what the computer expected, when asked (never in a lesson), or clears it.
    fn why(&self, out: &mut Vec<Effect>) {
        out.push(if self.explain && !self.in_lesson() { Effect::Why } else { Effect::ClearWhy });
    }

    fn started<T: OnSite>(&mut self, s: Option<&Session<T>>, lesson: Option<usize>, out: &mut Vec<Effect>) {
        self.generation = self.generation.wrapping_add(1);
        self.lesson = lesson;
        self.sent = None;
        self.chose = None;
        self.skipping = false;
        self.stop_count();
        let Some(s) = s else { return self.show(Screen::Lobby, out) };
        if s.seats().has_computer() {
            out.push(Effect::StartThinkers);
        }
        let remote = s.seats().has_remote();
        self.awaiting_deal = remote && s.is_dealt() && !self.joined;
        out.push(Effect::ForgetLink);
        out.push(Effect::ClearWhy);
        let unsaved = s.seats().keeping() == Keeping::Nothing && !remote && lesson.is_none();
        out.push(Effect::Notice(unsaved.then(|| {
            format!(
                "This {} is not saved in this browser: with several people and the computer at one table, no save could leave out the computer's cards.",
                s.noun()
            )
        })));
        if lesson.is_none() {
            out.push(Effect::Save);
        }
        if remote && !self.joined {
            out.push(Effect::Host);
        }
        self.advance(Some(s), out);
    }

    /// Moves on to whatever the match needs next.
    fn advance<T: OnSite>(&mut self, s: Option<&Session<T>>, out: &mut Vec<Effect>) {
        if self.awaiting_deal {
            return self.show(Screen::Friend, out);
        }
        let Some(s) = s else { return self.show(Screen::Lobby, out) };
        if self.lesson.is_some_and(|steps| s.steps() >= steps || s.is_over()) {
            return self.show(Screen::Over, out);
        }
        match next_screen(s, self.screen) {
            Screen::Thinking => {
                self.show(Screen::Thinking, out);
                out.push(Effect::Think);
            }
            Screen::Countdown(_) => self.reveal(s, out),
            Screen::Friend => {
                self.show(Screen::Friend, out);
                self.send(s, out);
            }
            other => {
                self.show(other, out);
                self.why(out);
            }
        }
    }

    /// Gives the connection module this device's choices for the step, once per step.
    fn send<T: OnSite>(&mut self, s: &Session<T>, out: &mut Vec<Effect>) {
        let here = |seat: &Seat| s.seats().0[seat.index()] != Controller::Remote;
        let any = Seat::all(s.seats().count()).filter(here).any(|seat| s.planned(seat).is_some());
        if any && self.sent != Some(s.steps()) {
            self.sent = Some(s.steps());
            out.push(Effect::Send);
        }
    }

    /// Every input of the step is in: a step whose last chooser chose in secret is counted down
    /// first (they may still change their mind), then played; any other is played at once (its
    /// reveal, if any, counted after).
    fn reveal<T: OnSite>(&mut self, s: &Session<T>, out: &mut Vec<Effect>) {
        let counted = !self.skipping && T::counts_before_reveal() && self.chose.is_some_and(|seat| s.is_secret(seat));
        if counted {
            self.count_from(3, true, s, out);
        } else {
            self.play(false, out);
        }
    }

    fn play(&mut self, counted: bool, out: &mut Vec<Effect>) {
        self.chose = None;
        self.count = None;
        out.push(Effect::Play { counted });
    }

    /// After steps were played (here, or agreed with another device): saves, remembers a
    /// finished match, and counts down to a reveal or goes on.
    fn played<T: OnSite>(&mut self, s: Option<&Session<T>>, revealed: bool, counted: bool, out: &mut Vec<Effect>) {
        let Some(s) = s else { return self.show(Screen::Lobby, out) };
        if !self.in_lesson() {
            out.push(Effect::Save);
            // A match whose cards the devices dealt is remembered once every deal is shown
            // (the next setup told after the end), so that "Your games" keeps the true cards.
            if s.is_over() && !(s.is_dealt() && s.seats().has_remote()) {
                out.push(Effect::Remember);
            }
        }
        match (revealed, T::counts_before_reveal()) {
            _ if self.skipping && !s.is_over() => self.advance(Some(s), out),
            (true, true) => self.count_from(if counted { 0 } else { 3 }, false, s, out),
            (true, false) => self.count_from(0, false, s, out),
            (false, _) => self.advance(Some(s), out),
        }
    }

    /// Starts a new count at `n` (0: its end at once), replacing any still running.
    fn count_from<T: OnSite>(&mut self, n: u8, then_play: bool, s: &Session<T>, out: &mut Vec<Effect>) {
        self.counts = self.counts.wrapping_add(1);
        self.count = Some(Count { left: n, then_play });
        self.count_on(Some(s), out);
    }

    /// Shows the running count's number and sets its timer, or ends it: plays the step, or
    /// shows the result.
    fn count_on<T: OnSite>(&mut self, s: Option<&Session<T>>, out: &mut Vec<Effect>) {
        let Some(Count { left, then_play }) = self.count else { return };
        if left > 0 {
            self.show(Screen::Countdown(left), out);
            out.push(Effect::Timer { id: self.counts });
            return;
        }
        self.count = None;
        if then_play {
            return self.play(true, out);
        }
        let over = s.is_some_and(Session::is_over);
        self.show(if over { Screen::Over } else { Screen::Result }, out);
        self.why(out);
    }

    fn tick<T: OnSite>(&mut self, s: Option<&Session<T>>, id: u32, out: &mut Vec<Effect>) {
        if id != self.counts {
            return;
        }
        if let Some(count) = self.count.as_mut() {
            count.left = count.left.saturating_sub(1);
            self.count_on(s, out);
        }
    }

    fn stop_count(&mut self) {
        self.count = None;
        self.counts = self.counts.wrapping_add(1);
    }

    /// The person who decided last takes their choice back, before the step is played: the
    /// count (or the computer's thinking, whose answer is then dropped) stops, and the device
    /// goes back to them (through a hand-off, if it is shared).
    fn take_back<T: OnSite>(&mut self, s: Option<&Session<T>>, out: &mut Vec<Effect>) {
        let Some(seat) = self.can_take_back(s) else { return };
        self.stop_count();
        self.generation = self.generation.wrapping_add(1);
        self.chose = None;
        out.push(Effect::TakeBack(seat));
        let shared = s.is_some_and(|s| s.seats().share_device());
        self.show(if shared { Screen::HandOff(seat) } else { Screen::Decide(seat) }, out);
    }

    /// Forgets the match and goes back to the lobby.
    fn abandon<T: OnSite>(&mut self, s: Option<&Session<T>>, out: &mut Vec<Effect>) {
        out.push(Effect::ClearWhy);
        if self.joined || s.is_some_and(|s| s.seats().has_remote()) {
            // The other device is told, and a match kept for a reload is forgotten.
            out.push(Effect::Leave);
        }
        self.joined = false;
        self.awaiting_deal = false;
        self.generation = self.generation.wrapping_add(1);
        self.chose = None;
        self.skipping = false;
        self.stop_count();
        out.push(Effect::ForgetLink);
        // A lesson saved nothing: a match kept in storage is not this one.
        if self.lesson.take().is_some() {
            out.push(Effect::EndLesson);
        } else {
            out.push(Effect::ForgetSave);
        }
        self.show(Screen::Lobby, out);
    }
}

/// The screen the match needs after `now`.
pub(crate) fn next_screen<T: OnSite>(s: &Session<T>, now: Screen) -> Screen {
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

#[cfg(test)]
#[path = "flow_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "flow_devices_tests.rs"]
mod devices_tests;
