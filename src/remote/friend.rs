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
//! - **More than two devices**: the host makes one invitation per friend's device and keeps
//!   one connection to each; it passes on what each guest sends to the others (before its own
//!   answer to it), so every device hears every message in the same order.
//! - **Taking a match up again**: everything that happens to this device's side (its people's
//!   choices with their salts, every message received) is kept in the browser as a
//!   [`Journal`] under [`journal_key`], and forgotten when the match ends. After a reload the
//!   side is rebuilt from it; after a new invitation and answer, each device first says which
//!   match it holds, which device the connection is for and how many messages it has from each
//!   device (`hello TABLE DEVICE DEVICES COUNT…`), and each sends again what the other has not
//!   received ([`missed`]). Nothing is sent on a new connection before that, so no message
//!   arrives twice. A guest learns its device number from the host's hello.
//! - **A lost hello**: under load, Chromium was seen to lose a hello that arrived before the
//!   receiving side's channel had reported open (the guest then waited forever). So the first
//!   hello heard on a connection is answered with a hello again, before anything the other
//!   missed, and every later hello on it is ignored: each side hears one, and acts on one.
//! - **A friend's device away**: the host tells its other guests `absent N` when its connection
//!   to guest N is lost and `back N` when that guest says hello again (and tells a guest that
//!   connects which others are away); their pages name that device by the seats it plays.

use super::link::{Link, LinkState, Listeners, code_in};
use super::page::{qr_view, secret_bytes};
use super::settings::{self, Settings};
use crate::browser;
use crate::play::friend::{EVENT, HASH, Heard, PANEL, journal_key, read_choose_request, read_host_request};
use dojo_engine::{Game, Joint};
use dojo_remote::Salt;
use dojo_remote::protocol::Message;
use dojo_remote::side::{Begin, Entry, Journal, Out, Side, Told, missed};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The heartbeat's text: never a message of the protocol (those are JSON objects).
const BEAT: &str = "beat";

/// How a device opens a connection: `hello TABLE COUNT`.
const HELLO: &str = "hello ";

/// The host's word to its other guests that its connection to a guest's device (the number
/// after it) was lost: `absent 2`.
const ABSENT: &str = "absent ";

/// The host's word to its other guests that a guest's device it had lost is connected again:
/// `back 2`.
const BACK: &str = "back ";

/// How often a heartbeat is sent, in ms.
const BEAT_MS: u32 = 1000;

/// Silence after which the other device is taken for gone, in ms.
pub const SILENCE_MS: f64 = 3000.0;

/// How long another device may owe the match a message that needs nobody to choose (a reveal,
/// a settle, a table's hash) before it is taken for stalled, in ms: its connection is then
/// reported lost, and the host may make a new invitation. Honest devices answer in well
/// under a second.
pub const STALL_MS: f64 = 20_000.0;

/// Who this device is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// It made the invitations.
    Host,
    /// It answered one.
    Guest,
}

/// What the panel shows of one connection.
#[derive(Clone, Copy)]
struct LineView {
    /// The device at the other end.
    device: u8,
    /// The code to pass on: the invitation (host) or the answer (guest).
    code: RwSignal<Option<String>>,
    state: RwSignal<Option<LinkState>>,
    error: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
    pasted: RwSignal<String>,
}

impl LineView {
    fn new(device: u8) -> LineView {
        LineView {
            device,
            code: RwSignal::new(None),
            state: RwSignal::new(None),
            error: RwSignal::new(None),
            busy: RwSignal::new(false),
            pasted: RwSignal::new(String::new()),
        }
    }
}

/// What the panel shows.
#[derive(Clone, Copy)]
struct Panel {
    role: Role,
    error: RwSignal<Option<String>>,
    stopped: RwSignal<Option<String>>,
}

/// What is kept in the browser for a match in progress.
#[derive(Serialize, Deserialize)]
struct Kept {
    journal: Journal,
    /// The last invitation this device answered (a guest reloading its page finds it again in
    /// the address, and must wait for a new one instead).
    answered: Option<String>,
}

/// One connection to another device: a guest has one, to the host; the host one per guest.
struct Line {
    view: LineView,
    link: Option<Rc<Link>>,
    /// Which connection the callbacks are for: an older one's late news is ignored.
    link_id: u32,
    open: bool,
    /// True once the other device's hello came on this connection: messages go out live, and
    /// any later hello on it is a repeat, ignored.
    ready: bool,
    /// When anything last came from the other device (ms, the page's clock).
    heard_at: f64,
    /// True from a loss of this connection until the other device's hello on a new one: the
    /// host's other guests are told when it is back.
    was_lost: bool,
    /// Since when the device at the other end has owed the match a message that needs nobody
    /// to choose (see [`STALL_MS`]), if it does.
    owed_since: Option<f64>,
}

impl Line {
    fn new(device: u8) -> Line {
        Line {
            view: LineView::new(device),
            link: None,
            link_id: 0,
            open: false,
            ready: false,
            heard_at: 0.0,
            was_lost: false,
            owed_since: None,
        }
    }

    /// Sends `text` on this connection, saying so on the panel if it fails.
    fn send_now(&self, text: &str) {
        if let Some(Err(e)) = self.link.as_ref().map(|l| l.send(text)) {
            self.view.error.set(Some(format!("A message could not be sent: {e}")));
        }
    }

    /// Sends `text` if the connection is open and the other device has said hello on it
    /// (otherwise it goes with the resending).
    fn send_live(&self, text: &str) {
        if self.open && self.ready {
            self.send_now(text);
        }
    }
}

/// One match's connections and side, for game `G`.
struct Table<G: Game> {
    side: Side<G>,
    journal: Journal,
    answered: Option<String>,
    /// Every message this side sent or (the host) passed on, in order.
    passed: Vec<Message>,
    lines: Vec<Line>,
    /// The last connection number given out.
    last_link: u32,
    panel: Panel,
    /// The match as the page was last told it (see [`crate::play::friend::agreed`]).
    told: Vec<Joint<G::Action>>,
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

/// What the host calls the friend at device `device` of `devices` ("your friend" when there
/// is only one).
fn friend_name(device: u8, devices: usize) -> String {
    if devices > 2 { format!("friend {device}") } else { "your friend".into() }
}

impl<G: Game + 'static> Table<G> {
    /// The connection to `device`.
    fn line(&self, device: u8) -> Option<&Line> {
        self.lines.iter().find(|l| l.view.device == device)
    }

    fn line_mut(&mut self, device: u8) -> Option<&mut Line> {
        self.lines.iter_mut().find(|l| l.view.device == device)
    }

    /// Whether the match waits on a message from the connection to `device` that needs nobody
    /// to choose: for the host, from that guest; for a guest, from any other device (all of
    /// theirs come through the host).
    fn owes(&self, device: u8) -> bool {
        let owing = self.side.owing();
        if self.panel.role == Role::Host { owing.contains(&device) } else { !owing.is_empty() }
    }

    /// Keeps the journal in the browser, or forgets it once the match is over or stopped.
    fn keep_journal(&self) {
        let key = journal_key::<G>();
        if self.side.is_done() {
            browser::forget(&key);
            return;
        }
        let kept = Kept { journal: self.journal.clone(), answered: self.answered.clone() };
        if let Ok(text) = dojo_engine::json::to_string(&kept)
            && !browser::store(&key, &text)
        {
            self.panel.error.set(Some("This browser would not keep the match: a reload would lose it.".into()));
        }
    }

    /// Sends what `out` says to send (to the host, or from the host to every guest) and tells
    /// the page what it must hear.
    fn deliver(&mut self, out: Out<G>) {
        for message in out.send {
            let text = dojo_engine::json::to_string(&message).unwrap_or_default();
            for line in &self.lines {
                line.send_live(&text);
            }
            self.passed.push(message);
        }
        for told in out.told {
            match told {
                Told::Started { setup, owners, me } => {
                    self.told.clear();
                    tell::<G>(Heard::Start { setup, owners, me })
                }
                Told::Seeded { setup, joints } => {
                    self.told = joints.clone();
                    tell::<G>(Heard::Seeded { setup, actions: joints })
                }
                Told::Agreed { joints, .. } => tell::<G>(crate::play::friend::agreed(&mut self.told, joints)),
                Told::Stopped(reason) => {
                    tell::<G>(Heard::Stopped { text: format!("The match with your friend stopped: {reason}.") });
                    self.panel.stopped.set(Some(reason));
                }
            }
        }
        self.keep_journal();
    }

    /// A message that came on the connection to device `from`, kept in the journal; the host
    /// passes a guest's own message on to the other guests before answering it (one in another
    /// device's name stops the match, naming `from`).
    fn receive(&mut self, from: u8, text: String) {
        if self.panel.role == Role::Host
            && let Ok(message) = dojo_engine::json::from_str::<Message>(&text)
            && message.from == from
        {
            for to in self.side.relay(from, &message) {
                if let Some(line) = self.line(to) {
                    line.send_live(&text);
                }
            }
            self.passed.push(message);
        }
        if let Some(line) = self.line_mut(from) {
            line.owed_since = None;
        }
        let out = self.side.receive(from, &text);
        self.journal.entries.push(Entry::Received(text));
        self.deliver(out);
    }

    /// The hello this device sends on a new connection to `device`: its match, the device the
    /// connection is for (the guest's number), how many devices there are, and how many
    /// messages it holds from each.
    fn hello_for(&self, device: u8) -> String {
        let peer = self.side.peer();
        let guest = if self.panel.role == Role::Host { device } else { peer.me() };
        let counts: Vec<String> = peer.counts().iter().map(u64::to_string).collect();
        format!("{HELLO}{} {guest} {} {}", peer.table(), peer.devices(), counts.join(" "))
    }

    /// The other device's hello on the connection to `from` (see [`Table::hello_for`]): what it
    /// has not received is sent again. A guest that holds no match, or an older one, takes up
    /// this one as the device the host says it is.
    fn hello(&mut self, from: u8, hello: &str) {
        let mut words = hello.split(' ');
        let table = words.next().unwrap_or_default().to_string();
        let mut number = || words.next().and_then(|w| w.parse::<u64>().ok());
        let (Some(guest), Some(devices)) = (number(), number()) else { return };
        let mut counts: Vec<u64> = std::iter::from_fn(number).collect();
        let (guest, devices) = (u8::try_from(guest).unwrap_or(u8::MAX), u8::try_from(devices).unwrap_or(u8::MAX));
        let mine = self.side.peer().table().to_string();
        let wrong = |line: Option<&mut Line>, why: String| {
            if let Some(line) = line {
                line.view.error.set(Some(why));
            }
        };
        match self.panel.role {
            Role::Host if table != mine && self.side.peer().due_from(from) > 0 => {
                return wrong(
                    self.line_mut(from),
                    "The device that answered does not hold this match (it may have lost its saved game): start a new match.".into(),
                );
            }
            // A new guest for a seat that has not heard from one yet: everything again.
            Role::Host if table != mine => counts.clear(),
            Role::Host if guest != from => {
                let devices = self.lines.len() + 1;
                let why = format!(
                    "This answer came from {}'s device, not {}'s: each friend answers their own invitation.",
                    friend_name(guest, devices),
                    friend_name(from, devices)
                );
                return wrong(self.line_mut(from), why);
            }
            Role::Host => {}
            Role::Guest if table == mine && guest != self.side.peer().me() => {
                return wrong(self.line_mut(from), "This invitation was made for another friend's device: ask for your own.".into());
            }
            // This device held no match or an older one: it takes this one from the start.
            Role::Guest if table != mine => {
                let secret = secret_bytes();
                self.side = Side::guest(guest, devices, secret);
                self.journal = Journal { begin: Begin::Guest { me: guest, devices, secret }, entries: Vec::new() };
                self.passed.clear();
                counts.clear();
            }
            Role::Guest => {}
        }
        let again: Vec<String> = missed(from, &counts, &self.passed).iter().filter_map(|m| dojo_engine::json::to_string(m).ok()).collect();
        let reply = self.hello_for(from);
        let host = self.panel.role == Role::Host;
        let Some(line) = self.line_mut(from) else { return };
        line.ready = true;
        // This device's own hello may have been lost: a browser drops what arrives before its
        // side of the channel has reported open. It goes again now that the other side is
        // surely open, before anything it might have missed, which it reads in its light.
        line.send_now(&reply);
        for text in again {
            line.send_now(&text);
        }
        if host {
            let back = std::mem::take(&mut line.was_lost);
            // The new guest hears which other guests' devices are away; the others, that this
            // one is back.
            let away: Vec<u8> = self.lines.iter().filter(|l| l.view.device != from && l.was_lost).map(|l| l.view.device).collect();
            if let Some(line) = self.line(from) {
                away.iter().for_each(|d| line.send_now(&format!("{ABSENT}{d}")));
            }
            if back {
                self.tell_other_guests(from, &format!("{BACK}{from}"));
            }
        }
    }

    /// Sends `text` to every guest but `device`'s (the host's side).
    fn tell_other_guests(&self, device: u8, text: &str) {
        for line in self.lines.iter().filter(|l| l.view.device != device) {
            line.send_live(text);
        }
    }

    /// On a guest: the host says its connection to `device` was lost (`present` false) or is
    /// back; the page shows it, naming the seats that device plays.
    fn heard_of_guest(&self, device: &str, present: bool) {
        let Ok(device) = device.parse::<u8>() else { return };
        let seats: Vec<String> = self.side.peer().seats_of(device).iter().map(|s| (s + 1).to_string()).collect();
        if self.panel.role != Role::Guest || seats.is_empty() || device == self.side.peer().me() {
            return;
        }
        let who = format!("The device playing seat{} {}", if seats.len() > 1 { "s" } else { "" }, seats.join(" and "));
        let text = if present {
            format!("{who} is connected to the host's device again.")
        } else {
            format!("{who} lost its connection to the host's device: the match goes on once it is back.")
        };
        tell::<G>(Heard::Say { text });
    }
}

/// What the link reports, for the match in progress and connection `id` to `device`.
fn listeners<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, device: u8, id: u32) -> Listeners {
    let (on_state, on_message) = (Rc::downgrade(cell), Rc::downgrade(cell));
    Listeners {
        state: Rc::new(move |state: LinkState| {
            let Some(cell) = on_state.upgrade() else { return };
            let current = cell.borrow().line(device).is_some_and(|l| l.link_id == id);
            if current {
                link_state(&cell, device, state);
            }
        }),
        message: Rc::new(move |text: String| {
            let Some(cell) = on_message.upgrade() else { return };
            let mut table = cell.borrow_mut();
            let Some(line) = table.line_mut(device).filter(|l| l.link_id == id) else { return };
            line.heard_at = browser::now_ms();
            if text == BEAT {
                return;
            }
            if let Some(rest) = text.strip_prefix(HELLO) {
                if !line.ready {
                    table.hello(device, rest);
                }
                return;
            }
            if let Some(rest) = text.strip_prefix(ABSENT) {
                return table.heard_of_guest(rest, false);
            }
            if let Some(rest) = text.strip_prefix(BACK) {
                return table.heard_of_guest(rest, true);
            }
            table.receive(device, text);
        }),
    }
}

/// The connection to `device` opened or was lost.
fn link_state<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, device: u8, state: LinkState) {
    let mut table = cell.borrow_mut();
    let done = table.side.is_done();
    let devices = table.lines.len() + 1;
    let hello = table.hello_for(device);
    let Some(line) = table.line_mut(device) else { return };
    // A loss is reported once, and nothing after it until a new connection.
    if matches!(line.view.state.get_untracked(), Some(LinkState::Lost(_))) {
        return;
    }
    match &state {
        LinkState::Open if !line.open => {
            line.open = true;
            line.heard_at = browser::now_ms();
            line.owed_since = None;
            line.send_now(&hello);
            beat(Rc::downgrade(cell), device, line.link_id);
            tell::<G>(Heard::Connected);
        }
        LinkState::Lost(reason) => {
            line.open = false;
            line.ready = false;
            line.was_lost = true;
            if !done {
                let who = if device == 0 { "your friend".into() } else { friend_name(device, devices) };
                tell::<G>(Heard::Say { text: format!("The connection to {who}'s device was lost: {reason}.") });
            }
        }
        _ => {}
    }
    let lost = matches!(state, LinkState::Lost(_));
    line.view.state.set(Some(state));
    // The host's other guests would otherwise only see the match stand still.
    if lost && !done && table.panel.role == Role::Host {
        table.tell_other_guests(device, &format!("{ABSENT}{device}"));
    }
}

/// Sends a heartbeat every [`BEAT_MS`] on connection `id` to `device` and reports that device
/// gone after [`SILENCE_MS`] of silence, or stalled after owing the match an answer that needs
/// nobody to choose for [`STALL_MS`], for as long as that connection is on.
fn beat<G: Game + 'static>(cell: Weak<RefCell<Table<G>>>, device: u8, id: u32) {
    gloo_timers::callback::Timeout::new(BEAT_MS, move || {
        let Some(strong) = cell.upgrade() else { return };
        let (silent, stalled) = {
            let mut table = strong.borrow_mut();
            let owes = table.owes(device);
            let Some(line) = table.line_mut(device).filter(|l| l.link_id == id && l.open) else { return };
            line.send_now(BEAT);
            let now = browser::now_ms();
            line.owed_since = if owes { Some(line.owed_since.unwrap_or(now)) } else { None };
            (now - line.heard_at > SILENCE_MS, line.owed_since.is_some_and(|since| now - since > STALL_MS))
        };
        if silent {
            let seconds = (SILENCE_MS / 1000.0) as u32;
            link_state(&strong, device, LinkState::Lost(format!("nothing came from the other device for {seconds} seconds")));
            return;
        }
        if stalled {
            let seconds = (STALL_MS / 1000.0) as u32;
            let why = format!(
                "the match waited {seconds} seconds for an answer that needs nobody to choose, and none came: that device's program stalled, or was changed to stop answering"
            );
            link_state(&strong, device, LinkState::Lost(why));
            return;
        }
        beat(cell, device, id);
    })
    .forget();
}

/// A table for `side` (rebuilt from `journal` with `passed`, or new), kept as the one in
/// progress (any earlier one is closed), with its panel drawn: one connection to the host for
/// a guest, one per guest for the host.
fn keep<G: Game + 'static>(
    side: Side<G>,
    role: Role,
    journal: Journal,
    passed: Vec<Message>,
    answered: Option<String>,
) -> Rc<RefCell<Table<G>>> {
    if let Some(old) = TABLE.with(|t| t.borrow_mut().take())
        && let Ok(old) = old.downcast::<RefCell<Table<G>>>()
    {
        for line in &old.borrow().lines {
            if let Some(link) = &line.link {
                link.close();
            }
        }
    }
    let panel = Panel { role, error: RwSignal::new(None), stopped: RwSignal::new(None) };
    let lines: Vec<Line> = match role {
        Role::Host => (1..side.peer().devices()).map(Line::new).collect(),
        Role::Guest => vec![Line::new(0)],
    };
    // Who plays where, for the host's headings when several friends connect.
    let owners = match &journal.begin {
        Begin::Host { owners, .. } => owners.clone(),
        Begin::Guest { .. } => Vec::new(),
    };
    let views: Vec<(LineView, String)> = lines
        .iter()
        .map(|l| {
            let seats: Vec<String> =
                owners.iter().enumerate().filter(|(_, o)| **o == l.view.device).map(|(s, _)| (s + 1).to_string()).collect();
            let title = format!("Friend {} (seat {})", l.view.device, seats.join(", "));
            (l.view, title)
        })
        .collect();
    let table = Table { side, journal, answered, passed, lines, last_link: 0, panel, told: Vec::new() };
    let cell = Rc::new(RefCell::new(table));
    let any: Rc<dyn Any> = cell.clone();
    TABLE.with(|t| *t.borrow_mut() = Some(any));
    let game = G::NAME;
    crate::lazy_page::mount_into(PANEL, move || {
        panel_view(panel, views, game, Actions { accept: accept::<G>, invite: invite_again::<G>, answer: answer_again::<G> })
    });
    cell
}

/// The connection settings kept on this device.
fn settings() -> Settings {
    Settings::read(browser::load(settings::KEY).as_deref())
}

/// A new connection to `device` for `cell`: its number and what it reports.
fn new_link<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, device: u8) -> Option<(u32, Listeners)> {
    let mut table = cell.borrow_mut();
    table.last_link += 1;
    let id = table.last_link;
    let line = table.line_mut(device)?;
    if let Some(old) = line.link.take() {
        old.close();
        // This may run inside one of the old link's own callbacks: it is dropped once that
        // callback has returned, never while it runs.
        gloo_timers::callback::Timeout::new(0, move || drop(old)).forget();
    }
    line.link_id = id;
    line.open = false;
    line.ready = false;
    line.view.busy.set(true);
    line.view.error.set(None);
    line.view.code.set(None);
    line.view.state.set(None);
    drop(table);
    Some((id, listeners(cell, device, id)))
}

/// Makes an invitation for the guest at `device`, for the match in `cell` (the host's side).
fn invite<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, device: u8) {
    let Some((id, listeners)) = new_link(cell, device) else { return };
    let weak = Rc::downgrade(cell);
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::invite(&settings(), listeners).await.map_err(|e| format!("No invitation could be made: {e}"));
        link_made(&weak, device, id, made);
    });
}

/// Answers the invitation `code` for the match in `cell` (a guest's side).
fn answer<G: Game + 'static>(cell: &Rc<RefCell<Table<G>>>, code: String) {
    let Some((id, listeners)) = new_link(cell, 0) else { return };
    cell.borrow_mut().answered = Some(code.clone());
    cell.borrow().keep_journal();
    let weak = Rc::downgrade(cell);
    wasm_bindgen_futures::spawn_local(async move {
        let made = Link::answer(&settings(), &code, listeners).await;
        link_made(&weak, 0, id, made);
    });
}

/// A new connection `id` to `device` for the match in `weak` was made, with the code to pass on
/// (the invitation or the answer), or failed: the panel shows which. Nothing, if a newer
/// connection replaced it meanwhile.
fn link_made<G: Game + 'static>(weak: &Weak<RefCell<Table<G>>>, device: u8, id: u32, made: Result<(Link, String), String>) {
    let Some(cell) = weak.upgrade() else { return };
    let mut table = cell.borrow_mut();
    let Some(line) = table.line_mut(device).filter(|l| l.link_id == id) else { return };
    line.view.busy.set(false);
    match made {
        Ok((link, code)) => {
            line.link = Some(Rc::new(link));
            line.view.code.set(Some(code));
            // The channel may already be open (a guest's can open before its answer is shown).
            if line.view.state.get_untracked().is_none() {
                line.view.state.set(Some(LinkState::Waiting));
            }
        }
        Err(e) => line.view.error.set(Some(e)),
    }
}

/// The host's side: `request` (see [`crate::play::friend::host_request`]) names who plays
/// where and the setup; the panel shows the invitation.
pub fn host<G: Game + 'static>(request: &str) -> Result<String, String> {
    let (owners, setup_json) = read_host_request(request)?;
    let setup: G::Setup = dojo_engine::json::from_str(setup_json).map_err(|e| format!("the setup cannot be read: {e}"))?;
    let devices = owners.iter().max().map_or(1, |d| d + 1);
    if devices < 2 {
        return Err("a match between devices needs a friend's device".into());
    }
    let table_id = dojo_remote::commit::hex(&secret_bytes());
    let secret = secret_bytes();
    let begin = Begin::Host { setup: setup_json.to_string(), owners: owners.clone(), devices, table: table_id.clone(), secret };
    let (side, out) = Side::<G>::host(&setup, owners, devices, table_id, secret)?;
    let cell = keep(side, Role::Host, Journal { begin, entries: Vec::new() }, Vec::new(), None);
    cell.borrow_mut().deliver(out);
    for device in 1..devices {
        invite(&cell, device);
    }
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
    let secret = secret_bytes();
    let cell = keep(
        Side::<G>::guest(1, 2, secret),
        Role::Guest,
        Journal { begin: Begin::Guest { me: 1, devices: 2, secret }, entries: Vec::new() },
        Vec::new(),
        None,
    );
    answer(&cell, code);
    Ok(String::new())
}

/// Takes up the match `kept` describes; `code` is the invitation in the address, if any.
fn resume<G: Game + 'static>(kept: &str, code: &str) -> Result<(), String> {
    let kept: Kept = dojo_engine::json::from_str(kept).map_err(|e| format!("it cannot be read: {e}"))?;
    let back = Side::<G>::replay(&kept.journal)?;
    let role = if matches!(kept.journal.begin, Begin::Host { .. }) { Role::Host } else { Role::Guest };
    // The page starts from the match as it was: the host is told its own setup.
    if let Begin::Host { setup, owners, .. } = &kept.journal.begin {
        let setup: G::Setup = dojo_engine::json::from_str(setup).map_err(|e| format!("its setup cannot be read: {e}"))?;
        // A match whose cards the devices deal starts from the dealt setup, told below.
        if G::DEALT.is_none() {
            tell::<G>(Heard::Start { setup, owners: owners.clone(), me: 0 });
        }
    }
    let mut line = None;
    let mut seeded = Vec::new();
    for told in back.told {
        match told {
            Told::Started { setup, owners, me } => tell::<G>(Heard::Start { setup, owners, me }),
            Told::Seeded { setup, joints } => {
                seeded = joints.clone();
                tell::<G>(Heard::Seeded { setup, actions: joints })
            }
            // Only the last agreed step matters: the page replays the whole match from it.
            Told::Agreed { joints, .. } => line = Some(joints),
            Told::Stopped(_) => {}
        }
    }
    // What the page holds once told: the last match it hears below.
    let told = line.clone().unwrap_or(seeded);
    if let Some(actions) = line {
        tell::<G>(Heard::Line { actions });
    }
    let answered = kept.answered.clone();
    let devices = back.side.peer().devices();
    let cell = keep(back.side, role, kept.journal, back.passed, kept.answered);
    cell.borrow_mut().told = told;
    match role {
        Role::Host => (1..devices).for_each(|device| invite(&cell, device)),
        Role::Guest if !code.is_empty() && answered.as_deref() != Some(code) => answer(&cell, code.to_string()),
        Role::Guest => {
            if let Some(line) = cell.borrow().line(0) {
                line.view.state.set(Some(LinkState::Lost("this page was reloaded".into())));
            }
        }
    }
    tell::<G>(Heard::Say {
        text: "Your match with your friend was taken up again from the last step both devices agreed on. Connect again to play on.".into(),
    });
    Ok(())
}

/// The host takes the answer pasted in the panel for the guest at `device`.
fn accept<G: Game + 'static>(device: u8) {
    let Some(cell) = table::<G>() else { return };
    let Some((Some(link), view)) = cell.borrow().line(device).map(|l| (l.link.clone(), l.view)) else { return };
    let code = code_in(&view.pasted.get_untracked());
    view.error.set(None);
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = link.accept(&code).await {
            view.error.set(Some(e));
        }
    });
}

/// The host makes a new invitation for the guest at `device` after its connection was lost.
fn invite_again<G: Game + 'static>(device: u8) {
    if let Some(cell) = table::<G>() {
        if let Some(line) = cell.borrow().line(device) {
            line.view.pasted.set(String::new());
        }
        invite(&cell, device);
    }
}

/// A guest answers a new invitation pasted in the panel after the connection was lost.
fn answer_again<G: Game + 'static>(_host: u8) {
    let Some(cell) = table::<G>() else { return };
    let Some(view) = cell.borrow().line(0).map(|l| l.view) else { return };
    let code = code_in(&view.pasted.get_untracked());
    if code.is_empty() {
        return;
    }
    view.pasted.set(String::new());
    answer(&cell, code);
}

/// A choice made by a person at this device (see [`crate::play::friend::choose_request`]),
/// committed with fresh salt. A seat that already chose for the step (before a reload) keeps
/// that choice: a commitment sent cannot be taken back.
pub fn choose<G: Game + 'static>(request: &str) -> Result<String, String> {
    let (seat, action_json) = read_choose_request(request)?;
    let action: G::Action = dojo_engine::json::from_str(action_json).map_err(|e| format!("the choice is not a move of this game: {e}"))?;
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
            if let Ok(text) = dojo_engine::json::to_string(&message) {
                table.lines.iter().for_each(|line| line.send_live(&text));
            }
        }
        for link in table.lines.iter().filter_map(|l| l.link.clone()) {
            // The goodbye goes out before the channel closes.
            gloo_timers::callback::Timeout::new(200, move || link.close()).forget();
        }
    }
    TABLE.with(|t| t.borrow_mut().take());
    Ok(String::new())
}

/// What the panel's buttons do, for the module's game; each is given the device its
/// connection is to.
#[derive(Clone, Copy)]
struct Actions {
    /// The host takes the pasted answer.
    accept: fn(u8),
    /// The host makes a new invitation.
    invite: fn(u8),
    /// A guest answers a pasted new invitation.
    answer: fn(u8),
}

/// The panel above the table: for each connection (with a heading when the host has several
/// friends), the code to pass on and, for the host, where to paste the answer; then the
/// connection's state; after a loss, the way to connect again; and why the match stopped if
/// it did.
fn panel_view(panel: Panel, lines: Vec<(LineView, String)>, game: &'static str, actions: Actions) -> impl IntoView {
    let several = lines.len() > 1;
    let role = panel.role;
    let line_view = move |(line, title): (LineView, String)| {
        let device = line.device;
        let status = move || match line.state.get() {
            None => ("idle", "Preparing the connection…".to_string()),
            Some(LinkState::Waiting) if role == Role::Host => ("waiting", "Waiting for your friend's answer.".to_string()),
            Some(LinkState::Waiting) => ("waiting", "Waiting for your friend to paste your answer.".to_string()),
            Some(LinkState::Open) => ("connected", "Connected directly to your friend's device.".to_string()),
            Some(LinkState::Lost(why)) => ("lost", format!("Connection lost: {why}.")),
        };
        let waiting = move || matches!(line.state.get(), Some(LinkState::Waiting));
        let lost = move || matches!(line.state.get(), Some(LinkState::Lost(_))) && panel.stopped.get().is_none();
        let invitation = move || {
            let code = line.code.get()?;
            (role == Role::Host && waiting()).then(|| {
                let url = format!("{}/play/{game}#{HASH}{code}", browser::origin());
                let copy = url.clone();
                view! {
                    <div class="invitation">
                        <p>"1. Send your friend this invitation (the link, or let them scan the code). It holds only what your browsers need to find each other."</p>
                        <input readonly class="code" data-testid="invite-link" prop:value=url.clone() aria-label="Invitation link" data-length=url.len().to_string()/>
                        <button type="button" class="button" on:click=move |_| { browser::copy_text(&copy); }>"Copy the link"</button>
                        {qr_view(url, "QR code of the invitation link")}
                        <p>"2. Paste the answer your friend sends back."</p>
                        <form on:submit=move |e| { e.prevent_default(); (actions.accept)(device); }>
                            <textarea data-testid="answer-input" aria-label="Your friend's answer" rows="3" prop:value=move || line.pasted.get() on:input=move |e| line.pasted.set(event_target_value(&e))></textarea>
                            <button type="submit" class="button primary" data-testid="answer-connect">"Connect"</button>
                        </form>
                    </div>
                }
            })
        };
        let answer = move || {
            let code = line.code.get()?;
            (role == Role::Guest && waiting()).then(|| {
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
            lost().then(|| match role {
                Role::Host => view! {
                    <p>"The match is kept on every device. Make a new invitation and send it to your friend to play on from the last step you all agreed on."</p>
                    <button type="button" class="button primary" data-testid="new-invitation" on:click=move |_| (actions.invite)(device)>"Make a new invitation"</button>
                }
                .into_any(),
                Role::Guest => view! {
                    <form on:submit=move |e| { e.prevent_default(); (actions.answer)(device); }>
                        <label>"The match is kept on every device. Open the new invitation your friend sends, or paste it here:"
                            <textarea data-testid="new-invitation-input" rows="2" prop:value=move || line.pasted.get() on:input=move |e| line.pasted.set(event_target_value(&e))></textarea>
                        </label>
                        <button type="submit" class="button primary" data-testid="new-invitation-answer">"Answer it"</button>
                    </form>
                }
                .into_any(),
            })
        };
        view! {
            <div class="friend-line" data-testid=format!("friend-line-{device}")>
                {several.then(|| view! { <h3>{title}</h3> })}
                <p class="status" role="status" aria-live="polite" data-testid="link-status" data-state=move || status().0>{move || status().1}</p>
                <Show when=move || line.busy.get()>
                    <p class="progress"><span class="spinner" aria-hidden="true"></span>"Finding this device's addresses (up to three seconds)…"</p>
                </Show>
                {move || line.error.get().map(|e| view! { <p class="error" role="alert" data-testid="link-error">{e}</p> })}
                {invitation}
                {answer}
                {again}
            </div>
        }
    };
    view! {
        <section class="friend" aria-label="Your friends' devices">
            {move || panel.error.get().map(|e| view! { <p class="error" role="alert" data-testid="link-error">{e}</p> })}
            {move || panel.stopped.get().map(|e| view! { <p class="error" role="alert" data-testid="match-stopped">{format!("The match stopped: {e}.")}</p> })}
            {lines.into_iter().map(line_view).collect_view()}
            <p class="hint"><a href="/connect#threat-model">"What playing between devices protects, and connection settings"</a></p>
        </section>
    }
}
