//! A match against a friend on another device, in the game's connection module
//! (`src/bin/<game>-remote.rs`, made by [`crate::remote_module`]): the direct connection
//! ([`super::link`]), one device's side of the match protocol (`dojo_remote::side`), and the
//! panel the play page shows above the table: the invitation or the answer to pass on, then the
//! connection's state.
//!
//! The play page calls [`host`], [`join`], [`choose`] and [`leave`] with plain text and hears
//! back through window events ([`crate::play::friend::EVENT`]). Those events are raised after
//! the current call returns, so the page may call again at once.
//!
//! - **Heartbeat**: once connected, each device sends a beat every second; nothing heard for
//!   [`SILENCE_MS`] means the other device is gone, reported at once (the browser's own
//!   detection takes several seconds more).
//! - **Taking a match up again**: everything that happens to this device's side (its people's
//!   choices with their salts, every message received) is kept in the browser as a
//!   [`Journal`] under [`journal_key`], and forgotten when the match ends. After a reload the
//!   side is rebuilt from it; after a new invitation and answer, each device first says which
//!   match it holds and how many messages it has from the other (`hello TABLE COUNT`), and each
//!   sends again what the other has not received. Nothing is sent on a new connection before
//!   that, so no message arrives twice.

use super::link::{Link, LinkState, Listeners, code_in};
use super::page::{qr_view, secret_bytes};
use super::settings::{self, Settings};
use crate::browser;
use crate::play::friend::{EVENT, HASH, Heard, PANEL, journal_key, read_choose_request, read_host_request};
use dojo_engine::Game;
use dojo_remote::Salt;
use dojo_remote::protocol::Message;
use dojo_remote::side::{Begin, Entry, Journal, Out, Side, Told};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The heartbeat's text: never a message of the protocol (those are JSON objects).
const BEAT: &str = "beat";

/// How a device opens a connection: `hello TABLE COUNT`.
const HELLO: &str = "hello ";

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

/// What is kept in the browser for a match in progress.
#[derive(Serialize, Deserialize)]
struct Kept {
    journal: Journal,
    /// The last invitation this device answered (a guest reloading its page finds it again in
    /// the address, and must wait for a new one instead).
    answered: Option<String>,
}

/// One match's connection and side, for game `G`.
struct Table<G: Game> {
    side: Side<G>,
    journal: Journal,
    answered: Option<String>,
    /// Every message this side sent, in order (their sequence numbers count from 0).
    sent: Vec<Message>,
    link: Option<Rc<Link>>,
    /// Which link the callbacks are for: an older one's late news is ignored.
    link_id: u32,
    open: bool,
    /// True once the other device's hello came on this connection: messages go out live.
    ready: bool,
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

impl<G: Game + 'static> Table<G> {
    /// Keeps the journal in the browser, or forgets it once the match is over or stopped.
    fn keep_journal(&self) {
        let key = journal_key::<G>();
        if self.side.is_done() {
            browser::forget(&key);
            return;
        }
        let kept = Kept { journal: self.journal.clone(), answered: self.answered.clone() };
        if let Ok(text) = serde_json::to_string(&kept)
            && !browser::store(&key, &text)
        {
            self.panel.error.set(Some("This browser would not keep the match: a reload would lose it.".into()));
        }
    }

    /// Sends `text` on the link, saying so on the panel if it fails.
    fn send_now(&self, text: &str) {
        if let Some(Err(e)) = self.link.as_ref().map(|l| l.send(text)) {
            self.panel.error.set(Some(format!("A message could not be sent: {e}")));
        }
    }

    /// Sends what `out` says to send (live once the other device has said hello on this
    /// connection; otherwise it goes with the resending) and tells the page what it must hear.
    fn deliver(&mut self, out: Out<G>) {
        for message in out.send {
            if self.open && self.ready {
                self.send_now(&serde_json::to_string(&message).unwrap_or_default());
            }
            self.sent.push(message);
        }
        for told in out.told {
            match told {
                Told::Started { setup, owners, me } => tell::<G>(Heard::Start { setup, owners, me }),
                Told::Agreed { joints, .. } => tell::<G>(Heard::Line { actions: joints }),
                Told::Stopped(reason) => {
                    tell::<G>(Heard::Say { text: format!("The match with your friend stopped: {reason}.") });
                    self.panel.stopped.set(Some(reason));
                }
            }
        }
        self.keep_journal();
    }

    /// A message from the other device, kept in the journal first.
    fn receive(&mut self, text: String) {
        let out = self.side.receive(&text);
        self.journal.entries.push(Entry::Received(text));
        self.deliver(out);
    }

    /// The other device's hello on a new connection: which match it holds and how many of
    /// this side's messages it has. Everything after those is sent again.
    fn hello(&mut self, table: &str, count: u64) {
        let mine = self.side.peer().table().to_string();
        let mut from = count;
        if table != mine {
            match self.panel.role.get_untracked() {
                Role::Host if self.side.peer().due_from(1) > 0 => {
                    self.panel.error.set(Some(
                        "The device that answered does not hold this match (it may have lost its saved game): start a new match.".into(),
                    ));
                    return;
                }
                // A new guest for a match that has not heard from one yet: everything again.
                Role::Host => from = 0,
                // This device held an older match: it takes this one from the start.
                Role::Guest => {
                    self.side = Side::guest(1, 2);
                    self.journal = Journal { begin: Begin::Guest { me: 1, devices: 2 }, entries: Vec::new() };
                    self.sent.clear();
                    from = 0;
                }
            }
        }
        self.ready = true;
        let again: Vec<String> = self.sent.iter().filter(|m| m.seq >= from).filter_map(|m| serde_json::to_string(m).ok()).collect();
        for text in again {
            self.send_now(&text);
        }
    }
}

/// What the link reports, for the match in progress and link `id`.
fn listeners<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, id: u32) -> Listeners {
    let (on_state, on_message) = (Rc::downgrade(cell), Rc::downgrade(cell));
    Listeners {
        state: Rc::new(move |state: LinkState| {
            let Some(cell) = on_state.upgrade() else { return };
            if cell.borrow().link_id == id {
                link_state(&cell, state);
            }
        }),
        message: Rc::new(move |text: String| {
            let Some(cell) = on_message.upgrade() else { return };
            let mut table = cell.borrow_mut();
            if table.link_id != id {
                return;
            }
            table.heard_at = browser::now_ms();
            if text == BEAT {
                return;
            }
            if let Some(rest) = text.strip_prefix(HELLO) {
                let (name, count) = rest.rsplit_once(' ').unwrap_or((rest, "0"));
                table.hello(name, count.parse().unwrap_or(0));
                return;
            }
            table.receive(text);
        }),
    }
}

/// The connection opened or was lost.
fn link_state<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, state: LinkState) {
    let mut table = cell.borrow_mut();
    // A loss is reported once, and nothing after it until a new connection.
    if matches!(table.panel.state.get_untracked(), Some(LinkState::Lost(_))) {
        return;
    }
    match &state {
        LinkState::Open if !table.open => {
            table.open = true;
            table.ready = false;
            table.heard_at = browser::now_ms();
            let hello = format!("{HELLO}{} {}", table.side.peer().table(), table.side.peer().due_from(1 - table.side.peer().me()));
            table.send_now(&hello);
            beat(Rc::downgrade(cell), table.link_id);
            tell::<G>(Heard::Connected);
        }
        LinkState::Lost(reason) => {
            table.open = false;
            table.ready = false;
            if !table.side.is_done() {
                tell::<G>(Heard::Say { text: format!("The connection to your friend's device was lost: {reason}.") });
            }
        }
        _ => {}
    }
    table.panel.state.set(Some(state));
}

/// Sends a heartbeat every [`BEAT_MS`] on link `id` and reports the other device gone after
/// [`SILENCE_MS`] of silence, for as long as that connection is on.
fn beat<G: Game + 'static>(cell: Weak<RefCell<Table<G>>>, id: u32) {
    gloo_timers::callback::Timeout::new(BEAT_MS, move || {
        let Some(strong) = cell.upgrade() else { return };
        let silent = {
            let table = strong.borrow();
            if table.link_id != id || !table.open {
                return;
            }
            table.send_now(BEAT);
            browser::now_ms() - table.heard_at > SILENCE_MS
        };
        if silent {
            let seconds = (SILENCE_MS / 1000.0) as u32;
            link_state(&strong, LinkState::Lost(format!("nothing came from the other device for {seconds} seconds")));
            return;
        }
        beat(cell, id);
    })
    .forget();
}

/// A table for `side` (rebuilt from `journal` with `sent`, or new), kept as the one in progress
/// (any earlier one is closed), with its panel drawn.
fn keep<G: Game + 'static>(
    side: Side<G>,
    role: Role,
    journal: Journal,
    sent: Vec<Message>,
    answered: Option<String>,
) -> Rc<RefCell<Table<G>>> {
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
        busy: RwSignal::new(false),
        pasted: RwSignal::new(String::new()),
    };
    let table = Table { side, journal, answered, sent, link: None, link_id: 0, open: false, ready: false, heard_at: 0.0, panel };
    let cell = Rc::new(RefCell::new(table));
    let any: Rc<dyn Any> = cell.clone();
    TABLE.with(|t| *t.borrow_mut() = Some(any));
    let game = G::NAME;
    crate::lazy_page::mount_into(PANEL, move || {
        panel_view(panel, game, Actions { accept: accept::<G>, invite: invite_again::<G>, answer: answer_again::<G> })
    });
    cell
}

/// The connection settings kept on this device.
fn settings() -> Settings {
    Settings::read(browser::load(settings::KEY).as_deref())
}

/// A new connection for `cell`: its number and what it reports.
fn new_link<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>) -> (u32, Listeners) {
    let mut table = cell.borrow_mut();
    if let Some(old) = table.link.take() {
        old.close();
    }
    table.link_id += 1;
    table.open = false;
    table.ready = false;
    table.panel.busy.set(true);
    table.panel.error.set(None);
    table.panel.code.set(None);
    table.panel.state.set(None);
    let id = table.link_id;
    drop(table);
    (id, listeners(cell, id))
}

/// Makes an invitation for the match in `cell` (the host's side).
fn invite<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>) {
    let (id, listeners) = new_link(cell);
    let weak = Rc::downgrade(cell);
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::invite(&settings(), listeners).await.map_err(|e| format!("No invitation could be made: {e}"));
        link_made(&weak, id, made);
    });
}

/// Answers the invitation `code` for the match in `cell` (a guest's side).
fn answer<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, code: String) {
    let (id, listeners) = new_link(cell);
    cell.borrow_mut().answered = Some(code.clone());
    cell.borrow().keep_journal();
    let weak = Rc::downgrade(cell);
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::answer(&settings(), &code, listeners).await;
        link_made(&weak, id, made);
    });
}

/// A new connection `id` for the match in `weak` was made, with the code to pass on (the
/// invitation or the answer), or failed: the panel shows which. Nothing, if a newer connection
/// replaced it meanwhile.
fn link_made<G: Game + 'static>(weak: &Weak<RefCell<Table<G>>>, id: u32, made: Result<(Link, String), String>) {
    let Some(cell) = weak.upgrade() else { return };
    let mut table = cell.borrow_mut();
    if table.link_id != id {
        return;
    }
    table.panel.busy.set(false);
    match made {
        Ok((link, code)) => {
            table.link = Some(Rc::new(link));
            table.panel.code.set(Some(code));
            // The channel may already be open (a guest's can open before its answer is shown).
            if table.panel.state.get_untracked().is_none() {
                table.panel.state.set(Some(LinkState::Waiting));
            }
        }
        Err(e) => table.panel.error.set(Some(e)),
    }
}

/// The host's side: `request` (see [`crate::play::friend::host_request`]) names who plays
/// where and the setup; the panel shows the invitation.
pub fn host<G: Game + 'static>(request: &str) -> Result<String, String> {
    let (owners, setup_json) = read_host_request(request)?;
    let setup: G::Setup = serde_json::from_str(setup_json).map_err(|e| format!("the setup cannot be read: {e}"))?;
    let devices = owners.iter().max().map_or(1, |d| d + 1);
    if devices != 2 {
        return Err(format!("a match between devices is played on two for now, not {devices}"));
    }
    let table_id = dojo_remote::commit::hex(&secret_bytes());
    let begin = Begin::Host { setup: setup_json.to_string(), owners: owners.clone(), devices, table: table_id.clone() };
    let (side, out) = Side::<G>::host(&setup, owners, devices, table_id)?;
    let cell = keep(side, Role::Host, Journal { begin, entries: Vec::new() }, Vec::new(), None);
    cell.borrow_mut().deliver(out);
    invite(&cell);
    Ok(String::new())
}

/// A guest answers the invitation `code`. With a match kept from before a reload, that match
/// is taken up again: the host's side makes a new invitation; a guest's answers `code` if it is
/// a new one, and otherwise waits for one.
pub fn join<G: Game + 'static>(code: &str) -> Result<String, String> {
    let code = code_in(code);
    if let Some(kept) = browser::load(&journal_key::<G>()) {
        match resume::<G>(&kept, &code) {
            Ok(()) => return Ok(String::new()),
            Err(e) => {
                browser::forget(&journal_key::<G>());
                if code.is_empty() {
                    return Err(format!("the match kept from before could not be taken up again ({e})"));
                }
            }
        }
    }
    if code.is_empty() {
        return Err("no match with a friend is kept on this device".into());
    }
    let cell = keep(
        Side::<G>::guest(1, 2),
        Role::Guest,
        Journal { begin: Begin::Guest { me: 1, devices: 2 }, entries: Vec::new() },
        Vec::new(),
        None,
    );
    answer(&cell, code);
    Ok(String::new())
}

/// Takes up the match `kept` describes; `code` is the invitation in the address, if any.
fn resume<G: Game + 'static>(kept: &str, code: &str) -> Result<(), String> {
    let kept: Kept = serde_json::from_str(kept).map_err(|e| format!("it cannot be read: {e}"))?;
    let back = Side::<G>::replay(&kept.journal)?;
    let role = if matches!(kept.journal.begin, Begin::Host { .. }) { Role::Host } else { Role::Guest };
    // The page starts from the match as it was: the host is told its own setup.
    if let Begin::Host { setup, owners, .. } = &kept.journal.begin {
        let setup: G::Setup = serde_json::from_str(setup).map_err(|e| format!("its setup cannot be read: {e}"))?;
        tell::<G>(Heard::Start { setup, owners: owners.clone(), me: 0 });
    }
    let mut line = None;
    for told in back.told {
        match told {
            Told::Started { setup, owners, me } => tell::<G>(Heard::Start { setup, owners, me }),
            // Only the last agreed step matters: the page replays the whole match from it.
            Told::Agreed { joints, .. } => line = Some(joints),
            Told::Stopped(_) => {}
        }
    }
    if let Some(actions) = line {
        tell::<G>(Heard::Line { actions });
    }
    let answered = kept.answered.clone();
    let cell = keep(back.side, role, kept.journal, back.sent, kept.answered);
    match role {
        Role::Host => invite(&cell),
        Role::Guest if !code.is_empty() && answered.as_deref() != Some(code) => answer(&cell, code.to_string()),
        Role::Guest => {
            cell.borrow().panel.state.set(Some(LinkState::Lost("this page was reloaded".into())));
        }
    }
    tell::<G>(Heard::Say {
        text: "Your match with your friend was taken up again from the last step both devices agreed on. Connect again to play on.".into(),
    });
    Ok(())
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

/// The host makes a new invitation after the connection was lost.
fn invite_again<G: Game + 'static>() {
    if let Some(cell) = table::<G>() {
        cell.borrow().panel.pasted.set(String::new());
        invite(&cell);
    }
}

/// A guest answers a new invitation pasted in the panel after the connection was lost.
fn answer_again<G: Game + 'static>() {
    let Some(cell) = table::<G>() else { return };
    let code = code_in(&cell.borrow().panel.pasted.get_untracked());
    if code.is_empty() {
        return;
    }
    cell.borrow().panel.pasted.set(String::new());
    answer(&cell, code);
}

/// A choice made by a person at this device (see [`crate::play::friend::choose_request`]),
/// committed with fresh salt. A seat that already chose for the step (before a reload) keeps
/// that choice: a commitment sent cannot be taken back.
pub fn choose<G: Game + 'static>(request: &str) -> Result<String, String> {
    let (seat, action_json) = read_choose_request(request)?;
    let action: G::Action = serde_json::from_str(action_json).map_err(|e| format!("the choice is not a move of this game: {e}"))?;
    let cell = table::<G>().ok_or("no match with another device is in progress")?;
    let mut table = cell.borrow_mut();
    if table.side.has_chosen(seat) {
        tell::<G>(Heard::Say { text: "You had already chosen for this step before the page reloaded: that choice stands, as your friend's device holds its fingerprint.".into() });
        return Ok(String::new());
    }
    let salt = Salt(secret_bytes());
    table.journal.entries.push(Entry::Chose { seat, action: action_json.to_string(), salt });
    let out = table.side.choose(seat, action, salt);
    table.deliver(out);
    Ok(String::new())
}

/// Leaves the match in progress: the other device is told, the connection closed and the kept
/// match forgotten.
pub fn leave<G: Game + 'static>() -> Result<String, String> {
    browser::forget(&journal_key::<G>());
    let Some(cell) = table::<G>() else { return Ok(String::new()) };
    {
        let mut table = cell.borrow_mut();
        let out = table.side.leave("the other player left the match");
        for message in out.send {
            if let Ok(text) = serde_json::to_string(&message) {
                table.send_now(&text);
            }
        }
        if let Some(link) = table.link.clone() {
            // The goodbye goes out before the channel closes.
            gloo_timers::callback::Timeout::new(200, move || link.close()).forget();
        }
    }
    TABLE.with(|t| t.borrow_mut().take());
    Ok(String::new())
}

/// What the panel's buttons do, for the module's game.
#[derive(Clone, Copy)]
struct Actions {
    /// The host takes the pasted answer.
    accept: fn(),
    /// The host makes a new invitation.
    invite: fn(),
    /// A guest answers a pasted new invitation.
    answer: fn(),
}

/// The panel above the table: the code to pass on and, for the host, where to paste the
/// answer; then the connection's state; after a loss, the way to connect again; and why the
/// match stopped if it did.
fn panel_view(panel: Panel, game: &'static str, actions: Actions) -> impl IntoView {
    let status = move || match panel.state.get() {
        None => ("idle", "Preparing the connection…".to_string()),
        Some(LinkState::Waiting) if panel.role.get() == Role::Host => ("waiting", "Waiting for your friend's answer.".to_string()),
        Some(LinkState::Waiting) => ("waiting", "Waiting for your friend to paste your answer.".to_string()),
        Some(LinkState::Open) => ("connected", "Connected directly to your friend's device.".to_string()),
        Some(LinkState::Lost(why)) => ("lost", format!("Connection lost: {why}.")),
    };
    let waiting = move || matches!(panel.state.get(), Some(LinkState::Waiting));
    let lost = move || matches!(panel.state.get(), Some(LinkState::Lost(_))) && panel.stopped.get().is_none();
    let invitation = move || {
        let code = panel.code.get()?;
        (panel.role.get() == Role::Host && waiting()).then(|| {
            let url = format!("{}/play/{game}#{HASH}{code}", browser::origin());
            let copy = url.clone();
            view! {
                <div class="invitation">
                    <p>"1. Send your friend this invitation (the link, or let them scan the code). It holds only what your browsers need to find each other."</p>
                    <input readonly class="code" data-testid="invite-link" prop:value=url.clone() aria-label="Invitation link" data-length=url.len().to_string()/>
                    <button type="button" class="button" on:click=move |_| { browser::copy_text(&copy); }>"Copy the link"</button>
                    {qr_view(url, "QR code of the invitation link")}
                    <p>"2. Paste the answer your friend sends back."</p>
                    <form on:submit=move |e| { e.prevent_default(); (actions.accept)(); }>
                        <textarea data-testid="answer-input" aria-label="Your friend's answer" rows="3" prop:value=move || panel.pasted.get() on:input=move |e| panel.pasted.set(event_target_value(&e))></textarea>
                        <button type="submit" class="button primary" data-testid="answer-connect">"Connect"</button>
                    </form>
                </div>
            }
        })
    };
    let answer = move || {
        let code = panel.code.get()?;
        (panel.role.get() == Role::Guest && waiting()).then(|| {
            let copy = code.clone();
            view! {
                <div class="answer">
                    <p>"Send this answer back to the friend who invited you; the game goes on when they paste it."</p>
                    <textarea readonly class="code" data-testid="answer-text" rows="3" aria-label="Your answer" data-length=code.len().to_string() prop:value=code.clone()></textarea>
                    <button type="button" class="button" on:click=move |_| { browser::copy_text(&copy); }>"Copy the answer"</button>
                    {qr_view(code, "QR code of the answer")}
                </div>
            }
        })
    };
    let again = move || {
        lost().then(|| match panel.role.get() {
            Role::Host => view! {
                <p>"The match is kept on both devices. Make a new invitation and send it to your friend to play on from the last step you both agreed on."</p>
                <button type="button" class="button primary" data-testid="new-invitation" on:click=move |_| (actions.invite)()>"Make a new invitation"</button>
            }
            .into_any(),
            Role::Guest => view! {
                <form on:submit=move |e| { e.prevent_default(); (actions.answer)(); }>
                    <label>"The match is kept on both devices. Open the new invitation your friend sends, or paste it here:"
                        <textarea data-testid="new-invitation-input" rows="2" prop:value=move || panel.pasted.get() on:input=move |e| panel.pasted.set(event_target_value(&e))></textarea>
                    </label>
                    <button type="submit" class="button primary" data-testid="new-invitation-answer">"Answer it"</button>
                </form>
            }
            .into_any(),
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
            {again}
            <p class="hint"><a href="/connect#threat-model">"What playing between devices protects, and connection settings"</a></p>
        </section>
    }
}
