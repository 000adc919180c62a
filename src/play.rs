//! What every play page shares: saving and restoring a match, whose turn it is, the hand-off
//! between two people on one device, the computer's timed decisions, the "3, 2, 1" before a
//! reveal, and the frame around the game's own screens (notices, the log, abandoning).
//!
//! A game's page supplies a [`PlaySession`] (its rules wrapped for the page) and the screens
//! only it knows how to draw; [`PlayCtx`] moves between them.

use crate::browser;
use crate::components::event_log::EventLog;
use crate::session::{LogLine, Mode};
use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, ReplayError, Rng, Seat};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

const COUNTDOWN_STEP_MS: u32 = 500;

/// What is saved between visits: who plays and the record of applied steps (never a pending
/// secret decision).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize"))]
#[serde(bound(deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>"))]
pub struct Saved<G: Game> {
    /// Format version, so an old save can be recognised.
    pub version: u32,
    /// Who plays.
    pub mode: Mode,
    /// The match so far.
    pub record: GameRecord<G>,
}

/// The format version of saves.
pub const SAVE_VERSION: u32 = 1;

/// A save read back: the mode, the record, the state it replays to, the log and the events of
/// the last step that had any.
pub struct Restored<G: Game> {
    /// Who plays.
    pub mode: Mode,
    /// The match so far.
    pub record: GameRecord<G>,
    /// Where the record leads.
    pub state: G,
    /// The log, oldest first.
    pub log: Vec<LogLine>,
    /// The last step's events.
    pub last_events: Vec<G::Event>,
}

/// A match as JSON for storage.
pub fn save<G: Game>(mode: Mode, record: &GameRecord<G>) -> String {
    serde_json::to_string(&Saved { version: SAVE_VERSION, mode, record: record.clone() }).expect("records serialise")
}

/// Reads a save and replays it, writing the log with `describe`. A damaged save is refused with
/// the reason; `noun` names what was saved ("game", "fight").
pub fn restore<G: Game>(json: &str, noun: &str, describe: impl Fn(Mode, &G::Event) -> String) -> Result<Restored<G>, String> {
    let saved: Saved<G> = serde_json::from_str(json).map_err(|e| format!("the saved {noun} could not be read ({e})"))?;
    if saved.version != SAVE_VERSION {
        return Err(format!("the saved {noun} is from another version ({})", saved.version));
    }
    let mut log = Vec::new();
    let mut last_events = Vec::new();
    let state = saved
        .record
        .replay_with(|i, events| {
            log.extend(events.iter().map(|e| LogLine { step: i + 1, text: describe(saved.mode, e) }));
            if !events.is_empty() {
                last_events = events.to_vec();
            }
        })
        .map_err(|e: ReplayError<G>| format!("the saved {noun} does not replay: {e}"))?;
    Ok(Restored { mode: saved.mode, record: saved.record, state, log, last_events })
}

/// A match as a play page runs it.
pub trait PlaySession: Sized + Send + Sync + 'static {
    /// Where the match is kept in the browser's storage.
    const SAVE_KEY: &'static str;
    /// What one match is called in messages ("match", "fight").
    const NOUN: &'static str;
    /// Restores a saved match.
    fn load(json: &str) -> Result<Self, String>;
    /// The match as JSON for storage.
    fn save(&self) -> String;
    /// Who plays.
    fn mode(&self) -> Mode;
    /// True once the match is decided.
    fn is_over(&self) -> bool;
    /// The next person who must decide.
    fn next_human(&self) -> Option<Seat>;
    /// Whether `seat`'s next decision is secret (a shared device is handed over first).
    fn is_secret(&self, seat: Seat) -> bool;
    /// The computer's seat, if it must decide.
    fn bot_to_move(&self) -> Option<Seat>;
    /// One decision for the computer's seat, from its own view.
    fn bot_decide(&mut self, seat: Seat, level: Level, rng: &mut Rng) -> Result<(), String>;
    /// Applies the decisions once everyone has decided; `Ok(true)` when something was revealed
    /// that the page should count down to and show.
    fn play(&mut self) -> Result<bool, String>;
    /// The log, oldest first.
    fn log(&self) -> &[LogLine];
    /// The last step's events in words.
    fn last_lines(&self) -> Vec<String>;
    /// The winner, once the match is decided.
    fn winner(&self) -> Option<Seat>;
}

/// What a play page is showing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Screen {
    /// Choosing who plays and the options.
    Lobby,
    /// Hot-seat: pass the device to this seat; nothing secret is shown.
    HandOff(Seat),
    /// This seat is deciding.
    Decide(Seat),
    /// The computer is deciding.
    Thinking,
    /// "3, 2, 1" before the reveal.
    Countdown(u8),
    /// The reveal and what it did.
    Result,
    /// The match is decided.
    Over,
}

fn next_screen<S: PlaySession>(s: &S, now: Screen) -> Screen {
    if s.is_over() {
        Screen::Over
    } else if let Some(seat) = s.next_human() {
        // The same person going on deciding keeps the device; anyone else gets a hand-off.
        let hand_over = s.mode() == Mode::HotSeat && s.is_secret(seat) && now != Screen::Decide(seat);
        if hand_over { Screen::HandOff(seat) } else { Screen::Decide(seat) }
    } else if s.bot_to_move().is_some() {
        Screen::Thinking
    } else {
        Screen::Countdown(3)
    }
}

/// The page's signals, passed around by copy.
pub struct PlayCtx<S: PlaySession> {
    /// The match, once started.
    pub session: RwSignal<Option<S>>,
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
}

impl<S: PlaySession> Clone for PlayCtx<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: PlaySession> Copy for PlayCtx<S> {}

impl<S: PlaySession> PlayCtx<S> {
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
        };
        if let Some(saved) = browser::load(S::SAVE_KEY) {
            match S::load(&saved) {
                Ok(s) => {
                    cx.session.set(Some(s));
                    cx.notice.set(Some(format!("Welcome back: your {} in progress was restored.", S::NOUN)));
                    cx.advance();
                }
                Err(e) => {
                    browser::forget(S::SAVE_KEY);
                    cx.notice.set(Some(format!("A saved {} could not be restored and was discarded: {e}.", S::NOUN)));
                }
            }
        }
        cx
    }

    fn save(self) {
        if let Some(json) = self.session.with_untracked(|s| s.as_ref().map(S::save))
            && !browser::store(S::SAVE_KEY, &json)
        {
            self.notice.set(Some(format!("This browser would not let us save the {}; it will be lost on reload.", S::NOUN)));
        }
    }

    /// Moves on to whatever the match needs next.
    pub fn advance(self) {
        let now = self.screen.get_untracked();
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
            Screen::Countdown(_) => self.play(),
            other => self.screen.set(other),
        }
    }

    fn bot_move(self) {
        let Some(Mode::VsBot(level)) = self.session.with_untracked(|s| s.as_ref().map(S::mode)) else { return self.advance() };
        let start = browser::now_ms();
        let result = self.session.try_update(|s| {
            let s = s.as_mut()?;
            let seat = s.bot_to_move()?;
            self.rng.try_update_value(|rng| s.bot_decide(seat, level, rng))
        });
        // Whole milliseconds: formatting floats would pull a float printer into the download.
        let ms = (browser::now_ms() - start).max(0.0).round() as u32;
        self.bot_ms.set(Some(ms));
        self.bot_decisions.update(|n| *n += 1);
        self.bot_slowest.update(|slowest| *slowest = (*slowest).max(ms));
        if let Some(Some(Err(e))) = result {
            self.notice.set(Some(format!("The computer could not decide: {e}")));
        }
        self.advance();
    }

    fn play(self) {
        match self.session.try_update(|s| s.as_mut().map(S::play)).flatten() {
            Some(Ok(revealed)) => {
                self.save();
                if revealed { self.countdown(3) } else { self.advance() }
            }
            Some(Err(e)) => self.notice.set(Some(format!("That step could not be played: {e}"))),
            None => self.screen.set(Screen::Lobby),
        }
    }

    fn countdown(self, n: u8) {
        self.screen.set(Screen::Countdown(n));
        Timeout::new(COUNTDOWN_STEP_MS, move || {
            if n > 1 {
                self.countdown(n - 1);
            } else {
                let over = self.session.with_untracked(|s| s.as_ref().is_some_and(S::is_over));
                self.screen.set(if over { Screen::Over } else { Screen::Result });
            }
        })
        .forget();
    }

    /// Gives a person's decision to the session with `decide`; shows a refusal, or moves on.
    pub fn decide(self, decide: impl FnOnce(&mut S) -> Result<(), String>) {
        match self.session.try_update(|s| s.as_mut().map(decide)).flatten() {
            Some(Err(e)) => self.notice.set(Some(e)),
            _ => {
                self.notice.set(None);
                self.advance();
            }
        }
    }

    /// Starts a new match (or reports why it could not start).
    pub fn start(self, session: Result<S, String>) {
        match session {
            Ok(s) => {
                self.session.set(Some(s));
                self.bot_ms.set(None);
                self.notice.set(None);
                self.save();
                self.advance();
            }
            Err(e) => self.notice.set(Some(e)),
        }
    }

    /// Forgets the match and goes back to the lobby.
    pub fn abandon(self) {
        browser::forget(S::SAVE_KEY);
        self.session.set(None);
        self.screen.set(Screen::Lobby);
    }

    /// The players' names as the page shows them.
    pub fn names(self) -> Signal<[String; 2]> {
        Signal::derive(move || self.session.with(|s| s.as_ref().map(S::mode)).unwrap_or(Mode::HotSeat).names())
    }
}

/// The lobby's first choices: a person against the computer (and how strong) or two people on
/// one device. `vs_bot` starts true and `level` at Medium.
pub fn who_plays(vs_bot: RwSignal<bool>, level: RwSignal<Level>) -> impl IntoView {
    view! {
        <fieldset>
            <legend>"Who plays?"</legend>
            <label><input type="radio" name="mode" data-testid="mode-bot" checked on:change=move |_| vs_bot.set(true)/>" Me against the computer"</label>
            <label><input type="radio" name="mode" data-testid="mode-hotseat" on:change=move |_| vs_bot.set(false)/>" Two players on this device"</label>
        </fieldset>
        <Show when=move || vs_bot.get()>
            <fieldset>
                <legend>"Computer strength"</legend>
                {Level::ALL.into_iter().map(|l| view! {
                    <label><input type="radio" name="level" data-testid=format!("level-{}", l.label().to_ascii_lowercase()) checked={ l == Level::Medium } on:change=move |_| level.set(l)/>{format!(" {}", l.label())}</label>
                }).collect_view()}
            </fieldset>
        </Show>
    }
}

/// The hot-seat hand-off: nothing secret is shown until `name` says they hold the device.
/// `status` says what the other player has done; `show` names what the button reveals.
pub fn hand_off<S: PlaySession>(cx: PlayCtx<S>, seat: Seat, name: String, status: String, show: &'static str) -> impl IntoView {
    view! {
        <div class="stage handoff" data-testid="handoff">
            <p class="big">{format!("Pass the device to {name}")}</p>
            <p>{status}</p>
            <button type="button" class="button primary" data-testid="show-hand" autofocus on:click=move |_| cx.screen.set(Screen::Decide(seat))>
                {format!("I am {name}: show my {show}")}
            </button>
        </div>
    }
}

/// The screen after a reveal: the revealed cards (`reveals`, drawn by the game), what happened
/// in words, and a button (`next`) to go on.
pub fn turn_result<S: PlaySession>(cx: PlayCtx<S>, reveals: AnyView, happened: Vec<String>, next: &'static str) -> impl IntoView {
    view! {
        <div class="stage result" data-testid="result">
            {reveals}
            <ul class="what-happened">{happened.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            <button type="button" class="button primary" data-testid="next" autofocus on:click=move |_| cx.advance()>{next}</button>
        </div>
    }
}

/// The end screen: the last step in words, who won (`"… won the {what}!"`), and buttons to
/// play again (`again` builds the new session from the old) or to go back to the lobby.
pub fn game_over<S: PlaySession>(
    cx: PlayCtx<S>,
    what: &'static str,
    labels: [&'static str; 2],
    again: impl Fn(&S) -> Result<S, String> + Send + Sync + 'static,
) -> impl IntoView {
    let names = cx.names();
    let winner = move || cx.session.with(|s| s.as_ref().and_then(S::winner));
    let replay = move |_| {
        if let Some(next) = cx.session.with_untracked(|s| s.as_ref().map(&again)) {
            cx.start(next);
        }
    };
    view! {
        <div class="stage over" data-testid="match-over">
            <ul class="what-happened">
                {move || cx.session.with(|s| s.as_ref().map(|s| s.last_lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()))}
            </ul>
            <p class="big" data-testid="winner">{move || winner().map(|w| format!("{} won the {what}!", names.get()[w.index()])).unwrap_or_default()}</p>
            <button type="button" class="button primary" data-testid="again" on:click=replay>{labels[0]}</button>
            <button type="button" class="button" on:click=move |_| cx.abandon()>{labels[1]}</button>
        </div>
    }
}

/// The frame of a play page: title, notices, the game's screen from `screen` (the thinking and
/// countdown screens are drawn here), the table from `table` (hidden in the lobby), the
/// computer's thinking time, the log and the abandon button.
pub fn play_frame<S: PlaySession>(
    cx: PlayCtx<S>,
    title: &'static str,
    testid: &'static str,
    screen: impl Fn(Screen) -> AnyView + Send + Sync + 'static,
    table: impl Fn() -> Option<AnyView> + Send + Sync + 'static,
) -> impl IntoView {
    let log = Signal::derive(move || cx.session.with(|s| s.as_ref().map(|s| s.log().to_vec()).unwrap_or_default()));
    view! {
        <div class=format!("play {testid}") data-testid=testid>
            <h1>{title}</h1>
            {move || cx.notice.get().map(|n| view! { <p class="notice" role="status" data-testid="notice">{n}<button type="button" class="close" aria-label="Dismiss" on:click=move |_| cx.notice.set(None)>"×"</button></p> })}
            {move || match cx.screen.get() {
                Screen::Thinking => view! { <div class="stage thinking" data-testid="thinking" role="status"><span class="spinner" aria-hidden="true"></span>"The computer is choosing…"</div> }.into_any(),
                Screen::Countdown(n) => view! { <div class="stage countdown" data-testid="countdown" aria-live="assertive"><span class="count">{n}</span></div> }.into_any(),
                other => screen(other),
            }}
            {move || (!matches!(cx.screen.get(), Screen::Lobby | Screen::Countdown(_))).then(&table).flatten()}
            {move || cx.bot_ms.get().map(|ms| view! { <p class="bot-time" data-testid="bot-ms" data-ms=ms data-count=move || cx.bot_decisions.get() data-slowest=move || cx.bot_slowest.get()>{format!("The computer decided in {ms} ms.")}</p> })}
            {move || (cx.screen.get() != Screen::Lobby).then(|| view! {
                <EventLog lines=log/>
                <p class="abandon"><button type="button" class="button subtle" data-testid="abandon" on:click=move |_| cx.abandon()>{format!("Abandon this {}", S::NOUN)}</button></p>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session whose answers the test sets directly.
    struct Fake {
        mode: Mode,
        over: bool,
        human: Option<Seat>,
        secret: bool,
        bot: Option<Seat>,
    }

    impl PlaySession for Fake {
        const SAVE_KEY: &'static str = "test";
        const NOUN: &'static str = "test";
        fn load(_: &str) -> Result<Self, String> {
            Err("no".into())
        }
        fn save(&self) -> String {
            String::new()
        }
        fn mode(&self) -> Mode {
            self.mode
        }
        fn is_over(&self) -> bool {
            self.over
        }
        fn next_human(&self) -> Option<Seat> {
            self.human
        }
        fn is_secret(&self, _: Seat) -> bool {
            self.secret
        }
        fn bot_to_move(&self) -> Option<Seat> {
            self.bot
        }
        fn bot_decide(&mut self, _: Seat, _: Level, _: &mut Rng) -> Result<(), String> {
            Ok(())
        }
        fn play(&mut self) -> Result<bool, String> {
            Ok(true)
        }
        fn log(&self) -> &[LogLine] {
            &[]
        }
        fn last_lines(&self) -> Vec<String> {
            Vec::new()
        }
        fn winner(&self) -> Option<Seat> {
            None
        }
    }

    #[test]
    fn a_shared_device_is_handed_over_only_for_a_new_persons_secret() {
        let s = Fake { mode: Mode::HotSeat, over: false, human: Some(Seat(1)), secret: true, bot: None };
        assert_eq!(next_screen(&s, Screen::Decide(Seat(0))), Screen::HandOff(Seat(1)));
        assert_eq!(next_screen(&s, Screen::Decide(Seat(1))), Screen::Decide(Seat(1)), "the same person keeps the device");
        let public = Fake { secret: false, ..s };
        assert_eq!(next_screen(&public, Screen::Result), Screen::Decide(Seat(1)), "a public choice needs no hand-off");
        let vs_bot = Fake { mode: Mode::VsBot(Level::Easy), human: None, bot: Some(Seat(1)), ..public };
        assert_eq!(next_screen(&vs_bot, Screen::Result), Screen::Thinking);
        let ready = Fake { bot: None, ..vs_bot };
        assert_eq!(next_screen(&ready, Screen::Result), Screen::Countdown(3));
        assert_eq!(next_screen(&Fake { over: true, ..ready }, Screen::Result), Screen::Over);
    }

    #[test]
    fn a_damaged_or_foreign_save_is_refused_with_the_reason() {
        use dojo_games::taunt::{FighterId, Options, Setup, Taunt};
        let record = GameRecord::<Taunt>::new(Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default()));
        let json = save(Mode::HotSeat, &record);
        assert!(restore::<Taunt>(&json, "series", |_, _| String::new()).is_ok());
        assert!(restore::<Taunt>("[1,2]", "series", |_, _| String::new()).err().unwrap().starts_with("the saved series could not be read"));
        let old = json.replace("\"version\":1", "\"version\":0");
        assert_eq!(restore::<Taunt>(&old, "series", |_, _| String::new()).err().unwrap(), "the saved series is from another version (0)");
    }
}
