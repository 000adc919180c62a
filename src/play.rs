//! What every play page shares: saving and restoring a match, whose turn it is, the hand-off
//! between two people on one device, the computer's timed decisions, the "3, 2, 1" before a
//! reveal, and the frame around the game's own screens (notices, the log, abandoning).
//!
//! A game's page supplies a [`PlaySession`] (its rules wrapped for the page) and the screens
//! only it knows how to draw; [`PlayCtx`] moves between them.

use crate::browser;
use crate::components::event_log::EventLog;
use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, ReplayError, Rng, Seat, apply};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Who sits in the two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Two people sharing one device.
    HotSeat,
    /// A person (Player 1) against the computer (Player 2).
    VsBot(Level),
}

impl Mode {
    /// What the page calls the two seats.
    pub fn names(self) -> [String; 2] {
        match self {
            Mode::HotSeat => ["Player 1".into(), "Player 2".into()],
            Mode::VsBot(level) => ["You".into(), format!("Computer ({})", level.label())],
        }
    }

    /// True when `seat` is played by the computer.
    pub fn is_bot(self, seat: Seat) -> bool {
        matches!(self, Mode::VsBot(_)) && seat == Seat(1)
    }
}

/// One line of the log, with the step it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogLine {
    /// Step number (from 1) that produced it.
    pub step: usize,
    /// The sentence.
    pub text: String,
}

const COUNTDOWN_STEP_MS: u32 = 500;

/// The seat the person plays against the computer (the computer plays the other).
pub const PERSON: Seat = Seat(0);

/// What is saved between visits, as JSON:
/// `{"version": 2, "game": "punish", "match": {"HotSeat": {…}} | {"VsBot": {…}}}`.
///
/// Nothing in it is secret from whoever may read the device's storage: against the computer it
/// is the person's own view (never the computer's hand, plan, combo, the deck order or the
/// seed); on a shared device it is the record up to the last step with nothing face down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize, G::View: Serialize, G::Event: Serialize"))]
#[serde(bound(
    deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>, G::View: Deserialize<'de>, G::Event: Deserialize<'de>"
))]
pub struct Saved<G: Game> {
    /// Format version, so an old save can be recognised ([`SAVE_VERSION`]).
    pub version: u32,
    /// The game's name ([`Game::NAME`]), so another game's save is recognised.
    pub game: String,
    /// The match so far.
    #[serde(rename = "match")]
    pub play: SavedMatch<G>,
}

/// The match part of a [`Saved`] game, depending on who plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize, G::View: Serialize, G::Event: Serialize"))]
#[serde(bound(
    deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>, G::View: Deserialize<'de>, G::Event: Deserialize<'de>"
))]
pub enum SavedMatch<G: Game> {
    /// Two people on one device: the record (setup with both hands, seed and every step) up to
    /// the last step that left no pick, plan or combo face down. A choice made after that step
    /// is made again after a reload.
    HotSeat {
        /// The record's revealed prefix.
        record: GameRecord<G>,
    },
    /// A person against the computer: only what the person may see. Restoring deals the
    /// computer's hidden cards afresh, at random among those consistent with the view.
    VsBot {
        /// The computer's strength.
        level: Level,
        /// The person's view ([`Game::view_for`] of [`PERSON`]).
        view: G::View,
        /// The log the person has read, oldest first.
        log: Vec<LogLine>,
        /// The last step that had events, in words (kept as text, not events: reading events
        /// back would add their whole decoder to the download).
        last: Vec<String>,
    },
}

/// The first fields of any save, read before the rest so an old or foreign save is named as such.
#[derive(Deserialize)]
struct Header {
    version: u32,
    game: Option<String>,
}

/// The format version of saves: 1 held the whole record even against the computer; 2 holds
/// only the person's view against the computer.
pub const SAVE_VERSION: u32 = 2;

/// A save read back: the mode, the record (hot-seat only), the state it leads to, the log and
/// the last step that had events (as events when replayed, in words against the computer).
pub struct Restored<G: Game> {
    /// Who plays.
    pub mode: Mode,
    /// The match so far, on a shared device; `None` against the computer, whose save holds no
    /// record (its setup would hold the computer's hand).
    pub record: Option<GameRecord<G>>,
    /// Where the match stands: replayed from the record, or drawn from the person's view.
    pub state: G,
    /// The log, oldest first.
    pub log: Vec<LogLine>,
    /// The last step's events, when the record was replayed.
    pub last_events: Vec<G::Event>,
    /// The last step's events in words, against the computer.
    pub last_lines: Vec<String>,
}

/// A hot-seat match as JSON for storage: the first `revealed` steps of `record`, the longest
/// prefix that leaves nothing face down (see [`revealed_prefix`]).
pub fn save_hot_seat<G: Game>(record: &GameRecord<G>, revealed: usize) -> String {
    let mut record = record.clone();
    record.actions.truncate(revealed);
    to_json::<G>(SavedMatch::HotSeat { record })
}

/// A match against the computer as JSON for storage: the person's view of `state`, the `log`
/// and the `last` step in words, all of which the person has seen.
pub fn save_vs_bot<G: Game>(level: Level, state: &G, log: &[LogLine], last: Vec<String>) -> String {
    to_json::<G>(SavedMatch::VsBot { level, view: state.view_for(PERSON), log: log.to_vec(), last })
}

fn to_json<G: Game>(play: SavedMatch<G>) -> String {
    // Plain data with string keys always serialises; an empty save would be refused on reload.
    serde_json::to_string(&Saved { version: SAVE_VERSION, game: G::NAME.to_string(), play }).unwrap_or_default()
}

/// How many steps of `record`, from the start, can be saved on a shared device: the longest
/// prefix after which `committed` (some seat has a pick, plan or combo face down) is false.
pub fn revealed_prefix<G: Game>(record: &GameRecord<G>, committed: impl Fn(&G) -> bool) -> usize {
    let Ok(mut state) = G::from_setup(&record.setup) else { return 0 };
    let mut revealed = 0;
    for (i, joint) in record.actions.iter().enumerate() {
        if apply(&mut state, joint).is_err() {
            break;
        }
        if !committed(&state) {
            revealed = i + 1;
        }
    }
    revealed
}

/// Reads a save and restores the match. A hot-seat record is replayed, writing the log with
/// `describe`; a view saved against the computer is checked with `check` (which must refuse
/// anything [`Game::determinize`] could not deal from), dealt into a full state with `rng`
/// (fresh randomness, so the computer's hidden cards are new) and must show the person exactly
/// the saved view. A damaged, old or foreign save is refused with the reason in words; `noun`
/// names what was saved ("game", "series").
pub fn restore<G: Game>(
    json: &str,
    noun: &str,
    describe: impl Fn(Mode, &G::Event) -> String,
    check: impl Fn(&G::View) -> Result<(), String>,
    rng: &mut Rng,
) -> Result<Restored<G>, String> {
    let header: Header = serde_json::from_str(json).map_err(|e| format!("the saved {noun} could not be read ({e})"))?;
    if header.version != SAVE_VERSION {
        return Err(format!("the saved {noun} is from another version of this site ({})", header.version));
    }
    if header.game.as_deref() != Some(G::NAME) {
        return Err(format!("the saved {noun} belongs to another game ({})", header.game.as_deref().unwrap_or("none named")));
    }
    let saved: Saved<G> = serde_json::from_str(json).map_err(|e| format!("the saved {noun} could not be read ({e})"))?;
    match saved.play {
        SavedMatch::HotSeat { record } => {
            let mut log = Vec::new();
            let mut last_events = Vec::new();
            let state = record
                .replay_with(|i, events| {
                    log.extend(events.iter().map(|e| LogLine { step: i + 1, text: describe(Mode::HotSeat, e) }));
                    if !events.is_empty() {
                        last_events = events.to_vec();
                    }
                })
                .map_err(|e: ReplayError<G>| format!("the saved {noun} does not replay: {e}"))?;
            Ok(Restored { mode: Mode::HotSeat, record: Some(record), state, log, last_events, last_lines: Vec::new() })
        }
        SavedMatch::VsBot { level, view, log, last } => {
            check(&view).map_err(|e| format!("the saved {noun} is not a position that can be played: {e}"))?;
            let state = G::determinize(&view, rng);
            if state.view_for(PERSON) != view {
                return Err(format!("the saved {noun} is not a position that can be played: it contradicts itself"));
            }
            Ok(Restored { mode: Mode::VsBot(level), record: None, state, log, last_events: Vec::new(), last_lines: last })
        }
    }
}

/// A match as a play page runs it.
pub trait PlaySession: Sized + Send + Sync + 'static {
    /// Where the match is kept in the browser's storage.
    const SAVE_KEY: &'static str;
    /// What one match is called in messages ("match", "fight").
    const NOUN: &'static str;
    /// Restores a saved match; `seed` is fresh randomness for whatever the save does not hold
    /// (against the computer, its hidden cards).
    fn load(json: &str, seed: u64) -> Result<Self, String>;
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

/// A save found in storage, restored with fresh randomness `seed`, and the words that welcome
/// the person back; or, for a save that cannot be restored, the words saying why it is
/// discarded.
fn welcome<S: PlaySession>(saved: &str, seed: u64) -> Result<(S, String), String> {
    match S::load(saved, seed) {
        Ok(s) => {
            let note = match s.mode() {
                Mode::VsBot(_) => "The computer's hidden cards were dealt afresh, as the save keeps only what you could see.",
                Mode::HotSeat => "Choices not yet revealed are never saved: make them again when asked.",
            };
            Ok((s, format!("Welcome back: your {} in progress was restored. {note}", S::NOUN)))
        }
        Err(e) => Err(format!("A saved {} could not be restored and was discarded: {e}.", S::NOUN)),
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
            match welcome::<S>(&saved, browser::random_seed()) {
                Ok((s, notice)) => {
                    cx.session.set(Some(s));
                    cx.notice.set(Some(notice));
                    cx.advance();
                }
                Err(notice) => {
                    // Only this page's own key: nothing else in storage is touched.
                    browser::forget(S::SAVE_KEY);
                    cx.notice.set(Some(notice));
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

/// What the lobby says about saving: the threat model of a game kept in this browser.
pub const SAVE_NOTE: &str = "The game in progress is saved in this browser. Against the computer only what you can see is saved, never its cards. On one shared device the saved game holds both hands so it can resume; picks not yet revealed are never saved.";

/// The lobby's first choices: a person against the computer (and how strong) or two people on
/// one device. `vs_bot` starts true and `level` at Medium.
pub fn who_plays(vs_bot: RwSignal<bool>, level: RwSignal<Level>) -> impl IntoView {
    view! {
        <fieldset>
            <legend>"Who plays?"</legend>
            <label><input type="radio" name="mode" data-testid="mode-bot" checked on:change=move |_| vs_bot.set(true)/>" Me against the computer"</label>
            <label><input type="radio" name="mode" data-testid="mode-hotseat" on:change=move |_| vs_bot.set(false)/>" Two players on this device"</label>
            <p class="hint" data-testid="save-note">{SAVE_NOTE}</p>
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
        fn load(_: &str, _: u64) -> Result<Self, String> {
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

    fn no_check<V>(_: &V) -> Result<(), String> {
        Ok(())
    }

    fn restore_taunt(json: &str) -> Result<Restored<dojo_games::taunt::Taunt>, String> {
        restore(json, "series", |_, _| String::new(), no_check, &mut Rng::new(1))
    }

    #[test]
    fn a_damaged_old_or_foreign_save_is_refused_with_the_reason() {
        use dojo_games::taunt::{FighterId, Options, Setup, Taunt};
        let record = GameRecord::<Taunt>::new(Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default()));
        let json = save_hot_seat(&record, 0);
        assert!(restore_taunt(&json).is_ok());
        assert!(restore_taunt("[1,2]").err().unwrap().starts_with("the saved series could not be read"));
        assert!(restore_taunt("").err().unwrap().starts_with("the saved series could not be read"));
        assert!(
            restore_taunt("{\"version\":2,\"game\":\"taunt\",\"match\":{\"HotSeat\":{}}}")
                .err()
                .unwrap()
                .starts_with("the saved series could not be read")
        );
        let newer = json.replace("\"version\":2", "\"version\":3");
        assert_eq!(restore_taunt(&newer).err().unwrap(), "the saved series is from another version of this site (3)");
        // The first format (whole record, even against the computer) is refused, not half-loaded.
        let v1 = serde_json::json!({ "version": 1, "mode": "HotSeat", "record": record }).to_string();
        assert_eq!(restore_taunt(&v1).err().unwrap(), "the saved series is from another version of this site (1)");
        let punish = json.replace("\"game\":\"taunt\",\"match\"", "\"game\":\"punish\",\"match\"");
        assert_eq!(restore_taunt(&punish).err().unwrap(), "the saved series belongs to another game (punish)");
        let punish_save =
            save_hot_seat(&GameRecord::<dojo_games::punish::Punish>::new(dojo_games::punish::Setup::deal(1, Default::default())), 0);
        assert_eq!(restore_taunt(&punish_save).err().unwrap(), "the saved series belongs to another game (punish)");
    }

    #[test]
    fn a_view_that_fails_its_check_or_contradicts_itself_is_refused() {
        use dojo_games::taunt::{FighterId, Options, Setup, Taunt};
        let state = Taunt::from_setup(&Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default())).unwrap();
        let json = save_vs_bot(Level::Easy, &state, &[], Vec::new());
        let back = restore_taunt(&json).unwrap();
        assert_eq!(back.mode, Mode::VsBot(Level::Easy));
        assert!(back.record.is_none());
        assert_eq!(back.state.view_for(PERSON), state.view_for(PERSON));
        let refused = restore::<Taunt>(&json, "series", |_, _| String::new(), |_| Err("no".into()), &mut Rng::new(1));
        assert_eq!(refused.err().unwrap(), "the saved series is not a position that can be played: no");
        // A decision that the position does not give is caught by dealing the view back.
        let mut view = state.view_for(PERSON);
        view.decision = None;
        let json = serde_json::to_string(&Saved::<Taunt> {
            version: SAVE_VERSION,
            game: "taunt".into(),
            play: SavedMatch::VsBot { level: Level::Easy, view, log: Vec::new(), last: Vec::new() },
        })
        .unwrap();
        assert!(restore_taunt(&json).err().unwrap().ends_with("it contradicts itself"));
    }

    #[test]
    fn a_save_is_welcomed_back_or_discarded_in_words() {
        use crate::games::punish::session::Session;
        let err = |r: Result<(Session, String), String>| r.err().unwrap();
        assert!(
            err(welcome::<Session>("{", 1))
                .starts_with("A saved match could not be restored and was discarded: the saved game could not be read (")
        );
        assert!(
            err(welcome::<Session>("{\"version\":1,\"mode\":\"HotSeat\"}", 1))
                .ends_with("the saved game is from another version of this site (1).")
        );
        let taunt =
            dojo_games::taunt::Setup::new([dojo_games::taunt::FighterId::Tuggle, dojo_games::taunt::FighterId::TeaBot], Default::default());
        let foreign = crate::games::taunt::play::session::Session::new(Mode::VsBot(Level::Easy), taunt).unwrap().save();
        assert!(err(welcome::<Session>(&foreign, 1)).ends_with("belongs to another game (taunt)."));
        let (back, notice) = welcome::<Session>(&Session::new(Mode::VsBot(Level::Easy), Default::default(), 4).unwrap().save(), 1).unwrap();
        assert_eq!(back.mode(), Mode::VsBot(Level::Easy));
        assert!(
            notice.starts_with("Welcome back: your match in progress was restored. The computer's hidden cards were dealt afresh"),
            "{notice}"
        );
        let (_, notice) = welcome::<Session>(&Session::new(Mode::HotSeat, Default::default(), 4).unwrap().save(), 1).unwrap();
        assert!(notice.ends_with("Choices not yet revealed are never saved: make them again when asked."), "{notice}");
    }

    #[test]
    fn the_saveable_prefix_ends_at_the_last_step_with_nothing_face_down() {
        use dojo_games::taunt::{Action, FighterId, Options, Setup, Slot, Taunt};
        let mut record = GameRecord::<Taunt>::new(Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default()));
        let pick = |a: Slot, b: Slot| dojo_engine::PerSeat(vec![Some(Action::Play(a)), Some(Action::Play(b))]);
        record.actions.push(pick(Slot::Taunt, Slot::Charge));
        // Player 1's TAUNT went unanswered: two cards face down, then the end of the combo.
        record.actions.push(dojo_engine::PerSeat(vec![Some(Action::Queue(Slot::Charge)), None]));
        record.actions.push(dojo_engine::PerSeat(vec![Some(Action::Queue(Slot::Punch)), None]));
        record.actions.push(dojo_engine::PerSeat(vec![Some(Action::EndQueue), None]));
        assert!(record.replay().is_ok(), "the example record replays");
        let face_down = |t: &Taunt| t.public_view().queued.0.iter().any(|n| *n > 0);
        assert_eq!(revealed_prefix(&record, face_down), 1);
        assert_eq!(revealed_prefix(&record, |_| false), 4);
        assert_eq!(revealed_prefix(&record, |_| true), 0);
    }
}
