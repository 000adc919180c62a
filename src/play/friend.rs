//! Playing against a friend on another device, as the play page sees it.
//!
//! The connection, the commitments and the copy of the match that checks the other device live
//! in the game's connection module (`<game>-remote`, see [`crate::remote::friend`]), fetched
//! only when someone chooses to play this way, so a play page carries none of it. The page and
//! the module talk in JSON text: the page calls the module's entries (`host`, `join`, `choose`,
//! `leave`) and the module answers with window events named [`EVENT`], each carrying a
//! [`Heard`].
//!
//! The page still runs its own [`super::Session`]: after each step every device agrees on, the
//! module sends the whole match as this device holds it (the other device's face-down choices
//! as placeholders that change nothing this device may see), and the page replays it.

use dojo_engine::{Game, Joint};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The window event the connection module raises for the page.
pub const EVENT: &str = "dojo-friend";

/// The id of the element on the play page that the connection module draws its panel into
/// (the invitation, the answer, the connection's state).
pub const PANEL: &str = "friend-panel";

/// How an invitation link starts its fragment: `/play/<game>#friend=CODE`.
pub const HASH: &str = "friend=";

/// What the connection module tells the page.
///
/// Written as plain lines of text ([`Heard::write`], [`Heard::read`]): a first line naming
/// what it is, then its JSON. The page reads the setup and the actions with the very readers
/// its saves use, so hearing from the module adds almost no code to a play module.
#[derive(Clone, Debug, PartialEq)]
pub enum Heard<G: Game> {
    /// The devices are connected.
    Connected,
    /// The host's match arrived (on the guest): its setup, the device playing each seat, and
    /// which device this is.
    Start {
        /// The setup.
        setup: G::Setup,
        /// By seat, the device that plays it (0: the host).
        owners: Vec<u8>,
        /// This device.
        me: u8,
    },
    /// The setup changed (the devices drew the match's seed together, see
    /// [`dojo_engine::Game::DRAWN_SEED`], or opened cards they deal): the setup to play from,
    /// and every step so far as the module now holds it.
    Seeded {
        /// The setup.
        setup: G::Setup,
        /// Every step's joint action, played from that setup.
        actions: Vec<Joint<G::Action>>,
    },
    /// Every device agreed on another step: the whole match as this device holds it (after a
    /// reload, or when a step the page was told changed: a face-down choice opened).
    Line {
        /// Every step's joint action.
        actions: Vec<Joint<G::Action>>,
    },
    /// Every device agreed on step `step` (from 1), which goes on from the match the page was
    /// last told: that step alone.
    Step {
        /// Its number, from 1.
        step: usize,
        /// Its joint action.
        joint: Joint<G::Action>,
    },
    /// Something for the person to read, in the module's words: the connection was lost, a
    /// choice already sent stands.
    Say {
        /// In words.
        text: String,
    },
    /// The match stopped (a broken rule of the protocol, or a device left), and why: it cannot
    /// go on.
    Stopped {
        /// In words.
        text: String,
    },
}

/// Why a message from the connection module is refused when it is not one it sends.
const UNKNOWN: &str = "it is not something a connection module says";

/// Device numbers written with commas (`0,1`), or `None` when one is not a number.
fn devices(text: &str) -> Option<Vec<u8>> {
    text.split(',').map(|d| d.trim().parse().ok()).collect()
}

impl<G: Game> Heard<G> {
    /// As text, for the page.
    pub fn write(&self) -> String {
        match self {
            Heard::Connected => "connected".into(),
            Heard::Start { setup, owners, me } => {
                let owners: Vec<String> = owners.iter().map(u8::to_string).collect();
                format!("start {me} {}\n{}", owners.join(","), dojo_engine::json::to_string(setup).unwrap_or_default())
            }
            Heard::Seeded { setup, actions } => format!(
                "seeded\n{}\n{}",
                dojo_engine::json::to_string(setup).unwrap_or_default(),
                dojo_engine::json::to_string(actions).unwrap_or_default()
            ),
            Heard::Line { actions } => format!("line\n{}", dojo_engine::json::to_string(actions).unwrap_or_default()),
            Heard::Step { step, joint } => format!("step {step}\n{}", dojo_engine::json::to_string(joint).unwrap_or_default()),
            Heard::Say { text } => format!("say\n{text}"),
            Heard::Stopped { text } => format!("stopped\n{text}"),
        }
    }

    /// Reads what [`Heard::write`] wrote; anything else is refused in words.
    pub fn read(text: &str) -> Result<Self, String> {
        let (head, body) = text.split_once('\n').unwrap_or((text, ""));
        let mut words = head.split(' ');
        let unreadable = |e: dojo_engine::json::Error| format!("its JSON cannot be read ({e})");
        match (words.next(), words.next(), words.next()) {
            (Some("connected"), None, None) => Ok(Heard::Connected),
            (Some("start"), Some(me), Some(owners)) => Ok(Heard::Start {
                setup: dojo_engine::json::from_str(body).map_err(unreadable)?,
                owners: devices(owners).ok_or(UNKNOWN)?,
                me: me.parse().map_err(|_| UNKNOWN)?,
            }),
            (Some("seeded"), None, None) => {
                let (setup, actions) = body.split_once('\n').ok_or(UNKNOWN)?;
                Ok(Heard::Seeded {
                    setup: dojo_engine::json::from_str(setup).map_err(unreadable)?,
                    actions: dojo_engine::json::from_str(actions).map_err(unreadable)?,
                })
            }
            (Some("line"), None, None) => Ok(Heard::Line { actions: dojo_engine::json::from_str(body).map_err(unreadable)? }),
            (Some("step"), Some(step), None) => Ok(Heard::Step {
                step: step.parse().ok().filter(|n| *n > 0).ok_or(UNKNOWN)?,
                joint: dojo_engine::json::from_str(body).map_err(unreadable)?,
            }),
            (Some("say"), None, None) => Ok(Heard::Say { text: body.into() }),
            (Some("stopped"), None, None) => Ok(Heard::Stopped { text: body.into() }),
            _ => Err(UNKNOWN.into()),
        }
    }
}

/// What the connection module tells the page when every device has agreed on the match
/// `joints`, the page having last been told `told` (which becomes `joints`): the newest step
/// alone when the match goes on from `told`, else the whole match.
pub fn agreed<G: Game>(told: &mut Vec<Joint<G::Action>>, joints: Vec<Joint<G::Action>>) -> Heard<G> {
    let heard = match joints.split_last() {
        Some((last, before)) if before == told.as_slice() => Heard::Step { step: joints.len(), joint: last.clone() },
        _ => Heard::Line { actions: joints.clone() },
    };
    *told = joints;
    heard
}

/// The page's request to host a match: by seat, the device that plays it (0: this one), and
/// the setup as JSON.
pub fn host_request(owners: &[u8], setup_json: &str) -> String {
    let owners: Vec<String> = owners.iter().map(u8::to_string).collect();
    format!("{}\n{setup_json}", owners.join(","))
}

/// Reads [`host_request`]: the owners and the setup's JSON.
pub fn read_host_request(text: &str) -> Result<(Vec<u8>, &str), String> {
    let (head, setup) = text.split_once('\n').ok_or("the request names no setup")?;
    Ok((devices(head).ok_or(UNKNOWN)?, setup))
}

/// The page gives the module a choice made by a person here: the seat and the action as JSON.
pub fn choose_request(seat: u8, action_json: &str) -> String {
    format!("{seat}\n{action_json}")
}

/// Reads [`choose_request`]: the seat and the action's JSON.
pub fn read_choose_request(text: &str) -> Result<(u8, &str), String> {
    let (seat, action) = text.split_once('\n').ok_or("the choice names no action")?;
    Ok((seat.parse().map_err(|_| "the seat is not a number")?, action))
}

/// Where a device keeps its side of a match against a friend of game `G` (see
/// [`crate::remote::friend`]), so that a reload takes it up again.
pub fn journal_key<G: Game>() -> String {
    format!("dojo-friend-{}", G::NAME)
}

/// The connection module of game `G`.
pub fn module_name<G: Game>() -> String {
    format!("{}-remote", G::NAME)
}

/// What hears the connection module's events: the page now open.
type Listener = Rc<dyn Fn(String)>;

thread_local! {
    /// The page now listening (a play page opened again replaces the one before).
    static HEARD: RefCell<Option<Listener>> = RefCell::new(None);
    /// True once the window listener is in place (one per module, for the page's life).
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// Sends what the connection module raises to `heard`, replacing any earlier listener.
pub fn listen(heard: impl Fn(String) + 'static) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    HEARD.with(|h| *h.borrow_mut() = Some(Rc::new(heard)));
    if LISTENING.with(Cell::get) {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let on_event = Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|event: wasm_bindgen::JsValue| {
        let detail = js_sys::Reflect::get(&event, &"detail".into()).ok().and_then(|d| d.as_string());
        let heard = HEARD.with(|h| h.borrow().clone());
        if let (Some(detail), Some(heard)) = (detail, heard) {
            heard(detail);
        }
    });
    if window.add_event_listener_with_callback(EVENT, on_event.as_ref().unchecked_ref()).is_ok() {
        LISTENING.with(|l| l.set(true));
        // It lives as long as the page.
        on_event.forget();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{PerSeat, Seat};
    use dojo_games::toy::{Bid, Setup, Toy};

    #[test]
    fn what_the_module_says_reads_back_on_the_page() {
        let said = [
            Heard::<Toy>::Connected,
            Heard::Start { setup: Setup::deal(3, false, 1), owners: vec![0, 1, 0], me: 1 },
            Heard::Seeded { setup: Setup::deal(3, false, 7), actions: Vec::new() },
            Heard::Line { actions: vec![PerSeat::from_fn(3, |s| (s != Seat(2)).then_some(Bid(s.0)))] },
            Heard::Step { step: 4, joint: PerSeat::from_fn(3, |s| (s == Seat(1)).then_some(Bid(7))) },
            Heard::Say { text: "The connection was lost:\nno answer.".into() },
            Heard::Stopped { text: "The match stopped: a forged reveal\nin step 2.".into() },
        ];
        for heard in said {
            let text = heard.write();
            assert_eq!(Heard::<Toy>::read(&text).unwrap(), heard, "{text}");
        }
        assert!(Heard::<Toy>::read("start 1 0,1\n{}").unwrap_err().starts_with("its JSON cannot be read"));
        assert_eq!(Heard::<Toy>::read("start x 0,1\n").unwrap_err(), "its JSON cannot be read (the text ends too soon at line 1 column 1)");
        assert_eq!(Heard::<Toy>::read("hello").unwrap_err(), UNKNOWN);
        assert_eq!(Heard::<Toy>::read("step 0\n[null]").unwrap_err(), UNKNOWN, "steps count from 1");
        assert_eq!(Heard::<Toy>::read("step two\n[null]").unwrap_err(), UNKNOWN);
        assert_eq!(
            Heard::<Toy>::read("start x 0,1\n{}").unwrap_err(),
            "its JSON cannot be read (missing field `seats` at line 1 column 2)"
        );
        assert_eq!(module_name::<Toy>(), "toy-remote");
    }

    #[test]
    fn the_page_is_told_the_newest_step_alone_when_the_match_goes_on_from_what_it_was_told() {
        let joint = |n: u8| PerSeat::from_fn(2, |s| (s == Seat(0)).then_some(Bid(n)));
        let mut told = Vec::new();
        assert_eq!(agreed::<Toy>(&mut told, vec![joint(1)]), Heard::Step { step: 1, joint: joint(1) });
        assert_eq!(agreed::<Toy>(&mut told, vec![joint(1), joint(2)]), Heard::Step { step: 2, joint: joint(2) });
        // An earlier step changed (a face-down choice opened): the whole match.
        assert_eq!(
            agreed::<Toy>(&mut told, vec![joint(9), joint(2), joint(3)]),
            Heard::Line { actions: vec![joint(9), joint(2), joint(3)] }
        );
        assert_eq!(told.len(), 3);
        // The same match again (nothing new): the whole match, which the page takes as it is.
        let same = told.clone();
        assert_eq!(agreed::<Toy>(&mut told, same.clone()), Heard::Line { actions: same });
    }

    #[test]
    fn requests_read_back_and_bad_ones_are_refused() {
        assert_eq!(read_host_request(&host_request(&[0, 1], "{\"a\":1}")).unwrap(), (vec![0, 1], "{\"a\":1}"));
        assert_eq!(read_host_request("0,x\n{}").unwrap_err(), UNKNOWN);
        assert_eq!(read_choose_request(&choose_request(1, "\"Kick\"")).unwrap(), (1, "\"Kick\""));
        assert_eq!(read_choose_request("1").unwrap_err(), "the choice names no action");
    }
}
