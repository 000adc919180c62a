//! `/play/punish`: a PUNISH match on one device, against a friend (secret picks with a hand-off
//! screen between them) or against the computer. The match is saved after every reveal and
//! restored on reload.
//!
//! Hidden information: a pick waits in the [`Session`] (memory) until the reveal; the page shows
//! only the hand of the player whose turn it is, and only after the hand-off screen.

use crate::browser;
use crate::components::card::{CardBack, CardTile};
use crate::components::event_log::EventLog;
use crate::components::table::Table;
use crate::session::{Mode, Session};
use dojo_bot::Level;
use dojo_engine::{Rng, Seat};
use dojo_games::punish::{Card, Decision, Event, Options, Play, Punish};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

const SAVE_KEY: &str = "pocket-dojo/punish";
const COUNTDOWN_STEP_MS: u32 = 550;

/// What the page is showing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Screen {
    /// Choosing who plays and the options.
    Lobby,
    /// Hot-seat: pass the device to this seat; no hand is shown.
    HandOff(Seat),
    /// This seat is choosing a card.
    Pick(Seat),
    /// The computer is choosing.
    Thinking,
    /// "3, 2, 1" before the cards are shown.
    Countdown(u8),
    /// The reveal and what it did.
    Result,
    /// The match is decided.
    Over,
}

/// The next screen for a session after anything changed, given the screen shown now.
fn next_screen(s: &Session, now: Screen) -> Screen {
    if s.is_over() {
        Screen::Over
    } else if let Some(seat) = s.next_human() {
        // The same person going on planning keeps the device; anyone else gets a hand-off.
        if s.mode() == Mode::HotSeat && now != Screen::Pick(seat) { Screen::HandOff(seat) } else { Screen::Pick(seat) }
    } else if s.bot_to_move().is_some() {
        Screen::Thinking
    } else {
        Screen::Countdown(3)
    }
}

/// The page's signals, passed around by copy.
#[derive(Clone, Copy)]
struct Ctx {
    session: RwSignal<Option<Session>>,
    screen: RwSignal<Screen>,
    notice: RwSignal<Option<String>>,
    bot_ms: RwSignal<Option<u32>>,
    /// Decisions the computer has made on this page (lets tests tell one decision from the next).
    bot_decisions: RwSignal<u32>,
    /// The slowest decision so far, in ms.
    bot_slowest: RwSignal<u32>,
    rng: StoredValue<Rng>,
}

impl Ctx {
    fn save(self) {
        if let Some(json) = self.session.with_untracked(|s| s.as_ref().map(Session::save))
            && !browser::store(SAVE_KEY, &json)
        {
            self.notice.set(Some("This browser would not let us save the match; it will be lost on reload.".into()));
        }
    }

    /// Moves on to whatever the session needs next.
    fn advance(self) {
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
            Screen::Countdown(_) => self.reveal(),
            other => self.screen.set(other),
        }
    }

    fn bot_move(self) {
        let Some((seat, view, level)) = self.session.with_untracked(|s| {
            let s = s.as_ref()?;
            let seat = s.bot_to_move()?;
            let Mode::VsBot(level) = s.mode() else { return None };
            Some((seat, s.view(seat), level))
        }) else {
            return self.advance();
        };
        let start = browser::now_ms();
        let play = self.rng.try_update_value(|rng| level.strategy::<Punish>(&view, seat, rng).sample(rng));
        // Whole milliseconds: formatting floats would pull a float printer into the download.
        let ms = (browser::now_ms() - start).max(0.0).round() as u32;
        self.bot_ms.set(Some(ms));
        self.bot_decisions.update(|n| *n += 1);
        self.bot_slowest.update(|slowest| *slowest = (*slowest).max(ms));
        if let Some(play) = play
            && let Some(Err(e)) = self.session.try_update(|s| s.as_mut().map(|s| s.pick(seat, play))).flatten()
        {
            self.notice.set(Some(e));
        }
        self.advance();
    }

    fn reveal(self) {
        let outcome = self.session.try_update(|s| s.as_mut().map(|s| s.reveal().map(|e| e.is_empty()))).flatten();
        match outcome {
            Some(Ok(nothing_shown)) => {
                self.save();
                if nothing_shown { self.advance() } else { self.countdown(3) }
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
                let over = self.session.with_untracked(|s| s.as_ref().is_some_and(Session::is_over));
                self.screen.set(if over { Screen::Over } else { Screen::Result });
            }
        })
        .forget();
    }

    fn pick(self, seat: Seat, play: Play) {
        let result = self.session.try_update(|s| s.as_mut().map(|s| s.pick(seat, play))).flatten();
        match result {
            Some(Err(e)) => self.notice.set(Some(e)),
            _ => {
                self.notice.set(None);
                self.advance();
            }
        }
    }

    fn start(self, mode: Mode, options: Options) {
        match Session::new(mode, options, browser::random_seed()) {
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

    fn abandon(self) {
        browser::forget(SAVE_KEY);
        self.session.set(None);
        self.screen.set(Screen::Lobby);
    }
}

/// The play page.
#[component]
pub fn PlayPunish() -> impl IntoView {
    let cx = Ctx {
        session: RwSignal::new(None),
        screen: RwSignal::new(Screen::Lobby),
        notice: RwSignal::new(None),
        bot_ms: RwSignal::new(None),
        bot_decisions: RwSignal::new(0),
        bot_slowest: RwSignal::new(0),
        rng: StoredValue::new(Rng::new(browser::random_seed())),
    };
    if let Some(saved) = browser::load(SAVE_KEY) {
        match Session::load(&saved) {
            Ok(s) => {
                cx.session.set(Some(s));
                cx.notice.set(Some("Welcome back: your match in progress was restored.".into()));
                cx.advance();
            }
            Err(e) => {
                browser::forget(SAVE_KEY);
                cx.notice.set(Some(format!("A saved match could not be restored and was discarded: {e}.")));
            }
        }
    }
    let mode = Signal::derive(move || cx.session.with(|s| s.as_ref().map(Session::mode)));
    let player_names = Signal::derive(move || mode.get().unwrap_or(Mode::HotSeat).names());
    let table_view = Signal::derive(move || cx.session.with(|s| s.as_ref().map(|s| s.view(Seat(0)))));
    let log = Signal::derive(move || cx.session.with(|s| s.as_ref().map(|s| s.log().to_vec()).unwrap_or_default()));

    view! {
        <div class="play" data-testid="play-punish">
            <h1>"PUNISH"</h1>
            {move || cx.notice.get().map(|n| view! { <p class="notice" role="status" data-testid="notice">{n}<button type="button" class="close" aria-label="Dismiss" on:click=move |_| cx.notice.set(None)>"×"</button></p> })}
            {move || match cx.screen.get() {
                Screen::Lobby => view! { <Lobby cx=cx/> }.into_any(),
                Screen::HandOff(seat) => view! { <HandOff cx=cx seat=seat names=player_names/> }.into_any(),
                Screen::Pick(seat) => view! { <PickCard cx=cx seat=seat names=player_names/> }.into_any(),
                Screen::Thinking => view! { <div class="stage thinking" data-testid="thinking" role="status"><span class="spinner" aria-hidden="true"></span>"The computer is choosing…"</div> }.into_any(),
                Screen::Countdown(n) => view! { <div class="stage countdown" data-testid="countdown" aria-live="assertive"><span class="count">{n}</span></div> }.into_any(),
                Screen::Result => view! { <RevealResult cx=cx names=player_names/> }.into_any(),
                Screen::Over => view! { <MatchOver cx=cx names=player_names/> }.into_any(),
            }}
            {move || (!matches!(cx.screen.get(), Screen::Lobby | Screen::Countdown(_))).then(|| {
                table_view.get().map(|v| view! { <Table view=Signal::stored(v) names=player_names/> })
            })}
            {move || cx.bot_ms.get().map(|ms| view! { <p class="bot-time" data-testid="bot-ms" data-ms=ms data-count=move || cx.bot_decisions.get() data-slowest=move || cx.bot_slowest.get()>{format!("The computer decided in {ms} ms.")}</p> })}
            {move || (cx.screen.get() != Screen::Lobby).then(|| view! {
                <EventLog lines=log/>
                <p class="abandon"><button type="button" class="button subtle" data-testid="abandon" on:click=move |_| cx.abandon()>"Abandon this match"</button></p>
            })}
        </div>
    }
}

#[component]
fn Lobby(cx: Ctx) -> impl IntoView {
    let vs_bot = RwSignal::new(true);
    let level = RwSignal::new(Level::Medium);
    let feint = RwSignal::new(false);
    let blitz = RwSignal::new(false);
    let blindfolded = RwSignal::new(false);
    let recovery = RwSignal::new(true);
    let best_of = RwSignal::new(3u8);
    let start = move |_| {
        let mode = if vs_bot.get_untracked() { Mode::VsBot(level.get_untracked()) } else { Mode::HotSeat };
        let options = Options {
            feint: feint.get_untracked(),
            blitz: blitz.get_untracked(),
            blindfolded: blindfolded.get_untracked(),
            best_of: best_of.get_untracked(),
            ..Options::default()
        };
        cx.start(mode, options);
    };
    view! {
        <form class="lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(()); }>
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
            <fieldset>
                <legend>"Options"</legend>
                <label><input type="checkbox" data-testid="opt-feint" on:change=move |ev| feint.set(event_target_checked(&ev))/>" Feint: once a measure, play the deck's top card instead"</label>
                <label><input type="checkbox" data-testid="opt-blitz" on:change=move |ev| blitz.set(event_target_checked(&ev))/>" Blitz: three breaths a measure"</label>
                <label><input type="checkbox" data-testid="opt-blindfolded" on:change=move |ev| blindfolded.set(event_target_checked(&ev))/>" Blindfolded: plan the whole measure in advance"</label>
                <label><input type="checkbox" data-testid="recovery" checked on:change=move |ev| recovery.set(event_target_checked(&ev))/>" Recover a heart at the end of each measure (see the rules' notes)"</label>
                <label>"Match: best of "
                    <select on:change=move |ev| best_of.set(event_target_value(&ev).parse().unwrap_or(3))>
                        <option value="1">"1"</option>
                        <option value="3" selected>"3"</option>
                        <option value="5">"5"</option>
                    </select>
                </label>
            </fieldset>
            <button type="submit" class="button primary" data-testid="start">"Start the match"</button>
            <p class="hint">"New to PUNISH? "<a href="/rules/punish">"The rules take two minutes to read."</a></p>
        </form>
    }
}

#[component]
fn HandOff(cx: Ctx, seat: Seat, names: Signal<[String; 2]>) -> impl IntoView {
    move || {
        let names = names.get();
        let name = names[seat.index()].clone();
        let other_picked = cx.session.with(|s| s.as_ref().is_some_and(|s| s.has_picked(seat.opponent())));
        let status = if other_picked {
            format!("{} has chosen in secret.", names[seat.opponent().index()])
        } else {
            "Nobody has chosen yet this breath.".to_string()
        };
        view! {
            <div class="stage handoff" data-testid="handoff">
                <p class="big">{format!("Pass the device to {name}")}</p>
                <p>{status}</p>
                <button type="button" class="button primary" data-testid="show-hand" autofocus on:click=move |_| cx.screen.set(Screen::Pick(seat))>
                    {format!("I am {name}: show my hand")}
                </button>
            </div>
        }
    }
}

#[component]
fn PickCard(cx: Ctx, seat: Seat, names: Signal<[String; 2]>) -> impl IntoView {
    let feint = RwSignal::new(false);
    let view_now = move || cx.session.with(|s| s.as_ref().map(|s| s.own_view(seat)));
    let choose = move |card: Card| cx.pick(seat, Play { card, feint: feint.get_untracked() });
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if let Some(card) = ev.key().parse::<usize>().ok().and_then(|n| Card::ALL.get(n.wrapping_sub(1)).copied())
            && view_now().is_some_and(|v| v.hand.contains(card))
        {
            choose(card);
        }
    });
    on_cleanup(move || handle.remove());
    move || {
        let Some(v) = view_now() else { return ().into_any() };
        let who = names.get()[seat.index()].clone();
        let prompt = match v.decision {
            Some(Decision::Plan { breath }) => format!("{who}: choose your card for breath {breath} (Blindfolded)"),
            Some(Decision::Play { breath }) => format!("{who}: choose your card for breath {breath}"),
            None => format!("{who}: nothing to choose"),
        };
        let can_feint = v.options.feint && !v.feint_used.0[seat.index()] && !v.my_plan.iter().flatten().any(|p| p.feint);
        let plan = (!v.my_plan.is_empty()).then(|| {
            let slots = v.my_plan.iter().map(|p| match p {
                Some(p) => view! { <CardTile card=p.card compact=true/> }.into_any(),
                None => view! { <CardBack label="rest (exhausted)"/> }.into_any(),
            });
            view! { <p class="plan">"Your plan so far: "{slots.collect_view()}</p> }
        });
        let hand = v.hand.to_vec().into_iter().map(|card| {
            view! {
                <button type="button" class="card-button" data-testid=format!("pick-{}", card.name().to_ascii_lowercase())
                    aria-label=format!("Play {} (key {})", card.name(), card.priority()) on:click=move |_| choose(card)>
                    <CardTile card=card/>
                </button>
            }
        });
        view! {
            <div class="stage pick" data-testid="pick" data-seat=seat.0 + 1>
                <p class="big">{prompt}</p>
                {plan}
                <div class="hand" role="group" aria-label="Your hand" data-testid="hand">{hand.collect_view()}</div>
                {can_feint.then(|| view! {
                    <label class="feint"><input type="checkbox" data-testid="feint" on:change=move |ev| feint.set(event_target_checked(&ev))/>" Feint with this pick (play the deck's top card instead; once per measure)"</label>
                })}
                <p class="hint">"Tap a card, or press its priority number (1–5) on a keyboard."</p>
            </div>
        }
        .into_any()
    }
}

#[component]
fn RevealResult(cx: Ctx, names: Signal<[String; 2]>) -> impl IntoView {
    move || {
        let (mode, events) =
            cx.session.with(|s| s.as_ref().map(|s| (s.mode(), s.last_events().to_vec())).unwrap_or((Mode::HotSeat, Vec::new())));
        let names = names.get();
        let reveals = events.iter().filter_map(|e| match e {
            Event::Revealed { breath, cards } => Some(view! {
                <div class="reveal" data-testid="reveal">
                    <span class="breath-label">{format!("Breath {breath}")}</span>
                    {(0..2).map(|i| view! {
                        <div class="revealed-card">
                            <span class="who">{names[i].clone()}</span>
                            {match cards.0[i] {
                                Some(c) => view! { <CardTile card=c/> }.into_any(),
                                None => view! { <CardBack label="no card (exhausted)"/> }.into_any(),
                            }}
                        </div>
                    }).collect_view()}
                </div>
            }),
            _ => None,
        });
        let happened = events.iter().filter(|e| !matches!(e, Event::Revealed { .. })).map(|e| view! { <li>{mode.describe(e)}</li> });
        view! {
            <div class="stage result" data-testid="result">
                {reveals.collect_view()}
                <ul class="what-happened">{happened.collect_view()}</ul>
                <button type="button" class="button primary" data-testid="next" autofocus on:click=move |_| cx.advance()>"Next breath"</button>
            </div>
        }
    }
}

#[component]
fn MatchOver(cx: Ctx, names: Signal<[String; 2]>) -> impl IntoView {
    let winner = move || cx.session.with(|s| s.as_ref().and_then(|s| s.view(Seat(0)).game_winners.last().copied()));
    let again = move |_| {
        if let Some((mode, options)) = cx.session.with_untracked(|s| s.as_ref().map(|s| (s.mode(), s.record().setup.options))) {
            cx.start(mode, options);
        }
    };
    view! {
        <div class="stage over" data-testid="match-over">
            <ul class="what-happened">
                {move || cx.session.with(|s| s.as_ref().map(|s| s.last_events().iter().map(|e| view! { <li>{s.mode().describe(e)}</li> }).collect_view()))}
            </ul>
            <p class="big" data-testid="winner">{move || winner().map(|w| format!("{} won the match!", names.get()[w.index()])).unwrap_or_default()}</p>
            <button type="button" class="button primary" data-testid="again" on:click=again>"Play again"</button>
            <button type="button" class="button" on:click=move |_| cx.abandon()>"Change settings"</button>
        </div>
    }
}
