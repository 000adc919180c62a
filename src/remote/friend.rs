//! A match against a friend on another device, in the game's connection module
//! (`src/bin/<game>-remote.rs`, made by [`crate::remote_module`]): the direct connection
//! ([`super::link`]), one device's side of the match protocol (`dojo_remote::side`), and the
//! panel the play page shows above the table: the invitation or the answer to pass on, then the
//! connection's state.
//!
//! The play page calls [`host`], [`join`], [`choose`] and [`leave`] with JSON text and hears
//! back through window events ([`crate::play::friend::EVENT`]). Those events are raised after
//! the current call returns, so the page may call again at once.
//!
//! Once connected, each device sends a heartbeat every second; nothing heard for
//! [`SILENCE_MS`] means the other device is gone, reported at once (the browser's own
//! detection takes several seconds more).

use super::link::{Link, LinkState, Listeners, code_in};
use super::page::{qr_view, secret_bytes};
use super::settings::{self, Settings};
use crate::browser;
use crate::play::friend::{EVENT, HASH, Heard, PANEL, read_choose_request, read_host_request};
use dojo_engine::Game;
use dojo_remote::Salt;
use dojo_remote::side::{Out, Side, Told};
use leptos::prelude::*;
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

/// The heartbeat's text: never a message of the protocol (those are JSON objects).
const BEAT: &str = "beat";

/// How often a heartbeat is sent, in ms.
const BEAT_MS: u32 = 1000;

/// Silence after which the other device is taken for gone, in ms.
pub const SILENCE_MS: f64 = 3000.0;

/// Who this device is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// It made the invitation.
    Host,
    /// It answered one.
    Guest,
}

/// What the panel shows.
#[derive(Clone, Copy)]
struct Panel {
    role: RwSignal<Role>,
    /// The code to pass on: the invitation (host) or the answer (guest).
    code: RwSignal<Option<String>>,
    state: RwSignal<Option<LinkState>>,
    error: RwSignal<Option<String>>,
    stopped: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
    pasted: RwSignal<String>,
}

/// One match's connection and side, for game `G`.
struct Table<G: Game> {
    side: Side<G>,
    link: Option<Rc<Link>>,
    /// Messages written before the channel opened, in order.
    outbox: Vec<String>,
    open: bool,
    /// When anything last came from the other device (ms, the page's clock).
    heard_at: f64,
    panel: Panel,
}

thread_local! {
    /// The match in progress (a `RefCell<Table<G>>` for the module's game).
    static TABLE: RefCell<Option<Rc<dyn Any>>> = RefCell::new(None);
}

fn table<G: Game + 'static>() -> Option<Rc<RefCell<Table<G>>>> {
    TABLE.with(|t| t.borrow().clone()).and_then(|t| t.downcast::<RefCell<Table<G>>>().ok())
}

/// Raises `heard` for the play page, after the current call has returned.
fn tell<G: Game + 'static>(heard: Heard<G>) {
    let text = heard.write();
    gloo_timers::callback::Timeout::new(0, move || {
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&text.into());
        if let (Some(window), Ok(event)) = (web_sys::window(), web_sys::CustomEvent::new_with_event_init_dict(EVENT, &init)) {
            let _ = window.dispatch_event(&event);
        }
    })
    .forget();
}

/// Sends what `out` says to send and tells the page what it must hear.
fn deliver<G: Game + 'static>(table: &mut Table<G>, out: Out<G>) {
    for message in out.send {
        let Ok(text) = serde_json::to_string(&message) else { continue };
        match (&table.link, table.open) {
            (Some(link), true) => {
                if let Err(e) = link.send(&text) {
                    table.panel.error.set(Some(format!("A message could not be sent: {e}")));
                }
            }
            _ => table.outbox.push(text),
        }
    }
    for told in out.told {
        match told {
            Told::Started { setup, owners, me } => tell::<G>(Heard::Start { setup, owners, me }),
            Told::Agreed { joints, .. } => tell::<G>(Heard::Line { actions: joints }),
            Told::Stopped(reason) => {
                table.panel.stopped.set(Some(reason.clone()));
                tell::<G>(Heard::Stopped { reason });
            }
        }
    }
}

/// What the link reports, for the match in progress.
fn listeners<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>) -> Listeners {
    let (on_state, on_message) = (Rc::downgrade(cell), Rc::downgrade(cell));
    Listeners {
        state: Rc::new(move |state: LinkState| {
            let Some(cell) = on_state.upgrade() else { return };
            link_state(&cell, state);
        }),
        message: Rc::new(move |text: String| {
            let Some(cell) = on_message.upgrade() else { return };
            let mut table = cell.borrow_mut();
            table.heard_at = browser::now_ms();
            if text == BEAT {
                return;
            }
            let out = table.side.receive(&text);
            deliver(&mut table, out);
        }),
    }
}

/// The connection opened or was lost.
fn link_state<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, state: LinkState) {
    let mut table = cell.borrow_mut();
    // A loss is reported once, and nothing after it.
    if matches!(table.panel.state.get_untracked(), Some(LinkState::Lost(_))) {
        return;
    }
    match &state {
        LinkState::Open if !table.open => {
            table.open = true;
            table.heard_at = browser::now_ms();
            let link = table.link.clone();
            for text in std::mem::take(&mut table.outbox) {
                if let Some(Err(e)) = link.as_ref().map(|l| l.send(&text)) {
                    table.panel.error.set(Some(format!("A message could not be sent: {e}")));
                }
            }
            beat(Rc::downgrade(cell));
            tell::<G>(Heard::Connected);
        }
        LinkState::Lost(reason) if !table.side.is_done() => tell::<G>(Heard::Lost { reason: reason.clone() }),
        _ => {}
    }
    table.panel.state.set(Some(state));
}

/// Sends a heartbeat every [`BEAT_MS`] and reports the other device gone after
/// [`SILENCE_MS`] of silence, for as long as the match is on.
fn beat<G: Game + 'static>(cell: std::rc::Weak<RefCell<Table<G>>>) {
    gloo_timers::callback::Timeout::new(BEAT_MS, move || {
        let Some(strong) = cell.upgrade() else { return };
        let silent = {
            let table = strong.borrow();
            if matches!(table.panel.state.get_untracked(), Some(LinkState::Lost(_))) {
                return;
            }
            if let Some(link) = &table.link {
                let _ = link.send(BEAT);
            }
            browser::now_ms() - table.heard_at > SILENCE_MS
        };
        if silent {
            let seconds = (SILENCE_MS / 1000.0) as u32;
            link_state(&strong, LinkState::Lost(format!("nothing came from the other device for {seconds} seconds")));
            return;
        }
        beat(cell);
    })
    .forget();
}

/// A new match's table, kept as the one in progress (any earlier one is closed).
fn keep<G: Game + 'static>(side: Side<G>, role: Role) -> Rc<RefCell<Table<G>>> {
    if let Some(old) = TABLE.with(|t| t.borrow_mut().take())
        && let Ok(old) = old.downcast::<RefCell<Table<G>>>()
        && let Some(link) = old.borrow().link.clone()
    {
        link.close();
    }
    let panel = Panel {
        role: RwSignal::new(role),
        code: RwSignal::new(None),
        state: RwSignal::new(None),
        error: RwSignal::new(None),
        stopped: RwSignal::new(None),
        busy: RwSignal::new(true),
        pasted: RwSignal::new(String::new()),
    };
    let cell = Rc::new(RefCell::new(Table { side, link: None, outbox: Vec::new(), open: false, heard_at: 0.0, panel }));
    let any: Rc<dyn Any> = cell.clone();
    TABLE.with(|t| *t.borrow_mut() = Some(any));
    let game = G::NAME;
    crate::lazy_page::mount_into(PANEL, move || panel_view(panel, game, accept::<G>));
    cell
}

/// The host's side: `request` (see [`crate::play::friend::host_request`]) names who plays
/// where and the setup; the panel shows the invitation.
pub fn host<G: Game + 'static>(request: &str) -> Result<String, String> {
    let (owners, setup) = read_host_request(request)?;
    let setup: G::Setup = serde_json::from_str(setup).map_err(|e| format!("the setup cannot be read: {e}"))?;
    let devices = owners.iter().max().map_or(1, |d| d + 1);
    if devices != 2 {
        return Err(format!("a match between devices is played on two for now, not {devices}"));
    }
    let table_id = dojo_remote::commit::hex(&secret_bytes());
    let (side, out) = Side::<G>::host(&setup, owners, devices, table_id)?;
    let cell = keep(side, Role::Host);
    deliver(&mut cell.borrow_mut(), out);
    let listeners = listeners(&cell);
    let weak = Rc::downgrade(&cell);
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::invite(&Settings::read(browser::load(settings::KEY).as_deref()), listeners).await;
        let Some(cell) = weak.upgrade() else { return };
        let mut table = cell.borrow_mut();
        table.panel.busy.set(false);
        match made {
            Ok((link, code)) => {
                table.link = Some(Rc::new(link));
                table.panel.code.set(Some(code));
                table.panel.state.set(Some(LinkState::Waiting));
            }
            Err(e) => table.panel.error.set(Some(format!("No invitation could be made: {e}"))),
        }
    });
    Ok(String::new())
}

/// The host takes the answer pasted in the panel.
fn accept<G: Game + 'static>() {
    let Some(cell) = table::<G>() else { return };
    let (link, panel) = {
        let table = cell.borrow();
        (table.link.clone(), table.panel)
    };
    let Some(link) = link else { return };
    let code = code_in(&panel.pasted.get_untracked());
    panel.error.set(None);
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = link.accept(&code).await {
            panel.error.set(Some(e));
        }
    });
}

/// The guest's side: answers the invitation `code`; the panel shows the answer to send back.
pub fn join<G: Game + 'static>(code: &str) -> Result<String, String> {
    let cell = keep(Side::<G>::guest(1, 2), Role::Guest);
    let listeners = listeners(&cell);
    let weak = Rc::downgrade(&cell);
    let code = code_in(code);
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::answer(&Settings::read(browser::load(settings::KEY).as_deref()), &code, listeners).await;
        let Some(cell) = weak.upgrade() else { return };
        let mut table = cell.borrow_mut();
        table.panel.busy.set(false);
        match made {
            Ok((link, code)) => {
                table.link = Some(Rc::new(link));
                table.panel.code.set(Some(code));
                if table.panel.state.get_untracked().is_none() {
                    table.panel.state.set(Some(LinkState::Waiting));
                }
            }
            Err(e) => table.panel.error.set(Some(e)),
        }
    });
    Ok(String::new())
}

/// A choice made by a person at this device (see [`crate::play::friend::choose_request`]),
/// committed with fresh salt.
pub fn choose<G: Game + 'static>(request: &str) -> Result<String, String> {
    let (seat, action) = read_choose_request(request)?;
    let action: G::Action = serde_json::from_str(action).map_err(|e| format!("the choice is not a move of this game: {e}"))?;
    let cell = table::<G>().ok_or("no match with another device is in progress")?;
    let mut table = cell.borrow_mut();
    let out = table.side.choose(seat, action, Salt(secret_bytes()));
    deliver(&mut table, out);
    Ok(String::new())
}

/// Leaves the match in progress: the other device is told, and the connection closed.
pub fn leave<G: Game + 'static>() -> Result<String, String> {
    let Some(cell) = table::<G>() else { return Ok(String::new()) };
    {
        let mut table = cell.borrow_mut();
        let out = table.side.leave("the other player left the match");
        deliver(&mut table, out);
        if let Some(link) = table.link.clone() {
            // The goodbye goes out before the channel closes.
            gloo_timers::callback::Timeout::new(200, move || link.close()).forget();
        }
    }
    TABLE.with(|t| t.borrow_mut().take());
    Ok(String::new())
}

/// The panel above the table: the code to pass on and, for the host, where to paste the
/// answer; then the connection's state, and why the match stopped if it did.
fn panel_view(panel: Panel, game: &'static str, accept: fn()) -> impl IntoView {
    let status = move || match panel.state.get() {
        None => ("idle", "Preparing the connection…".to_string()),
        Some(LinkState::Waiting) if panel.role.get() == Role::Host => ("waiting", "Waiting for your friend's answer.".to_string()),
        Some(LinkState::Waiting) => ("waiting", "Waiting for your friend to paste your answer.".to_string()),
        Some(LinkState::Open) => ("connected", "Connected directly to your friend's device.".to_string()),
        Some(LinkState::Lost(why)) => ("lost", format!("Connection lost: {why}.")),
    };
    let open = move || matches!(panel.state.get(), Some(LinkState::Open | LinkState::Lost(_)));
    let invitation = move || {
        let code = panel.code.get()?;
        (panel.role.get() == Role::Host && !open()).then(|| {
            let url = format!("{}/play/{game}#{HASH}{code}", browser::origin());
            let copy = url.clone();
            view! {
                <div class="invitation">
                    <p>"1. Send your friend this invitation (the link, or let them scan the code). It holds only what your browsers need to find each other."</p>
                    <input readonly class="code" data-testid="invite-link" prop:value=url.clone() aria-label="Invitation link" data-length=url.len().to_string()/>
                    <button type="button" class="button" on:click=move |_| { browser::copy_text(&copy); }>"Copy the link"</button>
                    {qr_view(url, "QR code of the invitation link")}
                    <p>"2. Paste the answer your friend sends back."</p>
                    <form on:submit=move |e| { e.prevent_default(); accept(); }>
                        <textarea data-testid="answer-input" aria-label="Your friend's answer" rows="3" prop:value=move || panel.pasted.get() on:input=move |e| panel.pasted.set(event_target_value(&e))></textarea>
                        <button type="submit" class="button primary" data-testid="answer-connect">"Connect"</button>
                    </form>
                </div>
            }
        })
    };
    let answer = move || {
        let code = panel.code.get()?;
        (panel.role.get() == Role::Guest && !open()).then(|| {
            let copy = code.clone();
            view! {
                <div class="answer">
                    <p>"Send this answer back to the friend who invited you; the game starts when they paste it."</p>
                    <textarea readonly class="code" data-testid="answer-text" rows="3" aria-label="Your answer" data-length=code.len().to_string() prop:value=code.clone()></textarea>
                    <button type="button" class="button" on:click=move |_| { browser::copy_text(&copy); }>"Copy the answer"</button>
                    {qr_view(code, "QR code of the answer")}
                </div>
            }
        })
    };
    view! {
        <section class="friend" aria-label="Your friend's device">
            <p class="status" role="status" aria-live="polite" data-testid="link-status" data-state=move || status().0>{move || status().1}</p>
            <Show when=move || panel.busy.get()>
                <p class="progress"><span class="spinner" aria-hidden="true"></span>"Finding this device's addresses (up to three seconds)…"</p>
            </Show>
            {move || panel.error.get().map(|e| view! { <p class="error" role="alert" data-testid="link-error">{e}</p> })}
            {move || panel.stopped.get().map(|e| view! { <p class="error" role="alert" data-testid="match-stopped">{format!("The match stopped: {e}.")}</p> })}
            {invitation}
            {answer}
            <p class="hint"><a href="/connect#threat-model">"What playing between devices protects, and connection settings"</a></p>
        </section>
    }
}
