//! The computer thinks in Web Workers, so the page keeps answering (and its spinner turning)
//! while a search runs, and several computers at one table think at once where the device has
//! the cores.
//!
//! A worker (`public/think-worker.js`) runs the game's own module a second time: the page sends
//! it the module's script address and its compiled `WebAssembly.Module` (no second download or
//! compilation), then one [`Request`] per decision: the deciding seat's **view**, its level and
//! a seed. The worker calls the module's exported `think`, which is [`answer`]: the action, as
//! JSON. The page gives that action to the session like any other input, so it is checked
//! against what the seat may do; nothing but the seat's view ever leaves the page.
//!
//! Each search has a time budget ([`BUDGET_MS`]) besides its level's effort, so a slow phone
//! still answers in time. Where workers cannot start (or one fails), the page thinks on its own
//! thread as before, with the same budget.

use dojo_bot::{Level, SearchHints, TimeBudget};
use dojo_engine::{Game, Rng, Seat};
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Milliseconds one search may take, whatever its level's effort: a Hard decision on a slow
/// phone then answers within about 400 ms, the rest being the position's dealing and the
/// messages (`dojo bot-eval --budget-ms` measures what the cut costs in strength).
pub const BUDGET_MS: f64 = 300.0;

/// Workers at most, however many cores the device reports (one per computer at a table of
/// four, the most that think in one step in practice).
const MAX_WORKERS: usize = 3;

/// One decision asked of a worker.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Request<G: Game> {
    /// What the deciding seat sees, and nothing else.
    pub view: G::View,
    /// The deciding seat.
    pub seat: Seat,
    /// How well it plays.
    pub level: Level,
    /// The seed of its dice.
    pub seed: u64,
    /// Whether the page wants to say afterwards what the computer expected (see
    /// [`super::explain`]).
    #[serde(default)]
    pub explain: bool,
}

/// The clock a search reads in a browser, page or worker alike (`Date.now()`: a worker has no
/// `window.performance` to ask).
pub fn browser_clock() -> f64 {
    js_sys::Date::now()
}

/// The time budget every computer decision on the site has, read on `clock`.
pub fn budget(clock: fn() -> f64) -> TimeBudget {
    TimeBudget { now: clock, ms: BUDGET_MS }
}

/// Answers a worker's `request` (a [`Request`] as JSON) with the chosen action as JSON, or says
/// why it cannot: what a play module's exported `think` does. It never explains: that is the
/// lab module's ([`super::explain::answer`]), fetched only once someone asks, so the play page
/// stays small.
pub fn answer_plain<G: SearchHints>(request: &str, clock: fn() -> f64) -> Result<String, String> {
    let request: Request<G> = dojo_engine::json::from_str(request).map_err(|e| format!("a request the computer cannot read: {e}"))?;
    let mut rng = Rng::new(request.seed);
    let strategy = request.level.strategy_within::<G>(&request.view, request.seat, &mut rng, Some(budget(clock)));
    if strategy.weights.is_empty() {
        return Err(format!("{} has nothing to decide", request.seat));
    }
    dojo_engine::json::to_string(&strategy.sample(&mut rng)).map_err(|e| e.to_string())
}

thread_local! {
    /// The name of the module this code runs in (`taunt-play`), set as the module starts, so
    /// the page can hand the same module to its workers.
    static MODULE: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Records which lazily loaded module this is (see `play_module!`).
pub fn set_module(name: &'static str) {
    MODULE.with(|m| m.set(Some(name)));
}

/// What to do with a worker's answer.
type Waiter = Box<dyn FnOnce(Result<String, String>)>;

/// The workers a play page thinks with, and the questions they have not answered yet.
pub struct Thinkers {
    workers: Vec<web_sys::Worker>,
    next: Cell<usize>,
    asked: Cell<u32>,
    waiting: Rc<RefCell<HashMap<u32, Waiter>>>,
    /// Set when a worker failed: the page thinks on its own thread from then on.
    broken: Rc<Cell<bool>>,
    _listeners: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _failures: Vec<Closure<dyn FnMut(web_sys::Event)>>,
}

impl Thinkers {
    /// Starts workers running this page's game module, one per core the browser reports beyond
    /// the page's own (at least one, at most [`MAX_WORKERS`]); `None` where they cannot start.
    pub fn start() -> Option<Thinkers> {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()) as usize;
        Thinkers::start_count(cores.saturating_sub(1).clamp(1, MAX_WORKERS))
    }

    /// Starts one worker per core the browser reports, at most `most` (the balance lab, whose
    /// page only waits while the workers play); `None` where they cannot start.
    pub fn start_with(most: usize) -> Option<Thinkers> {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency()) as usize;
        Thinkers::start_count(cores.clamp(1, most))
    }

    fn start_count(count: usize) -> Option<Thinkers> {
        let name = MODULE.with(Cell::get)?;
        let files = dojo_assets::files(name).ok()?;
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let start = js_sys::Object::new();
        js_sys::Reflect::set(&start, &"js".into(), &files.js.as_str().into()).ok()?;
        js_sys::Reflect::set(&start, &"module".into(), &wasm_bindgen::module()).ok()?;
        let waiting: Rc<RefCell<HashMap<u32, Waiter>>> = Rc::default();
        let broken = Rc::new(Cell::new(false));
        let mut thinkers = Thinkers {
            workers: Vec::new(),
            next: Cell::new(0),
            asked: Cell::new(0),
            waiting,
            broken,
            _listeners: Vec::new(),
            _failures: Vec::new(),
        };
        for _ in 0..count {
            let worker = web_sys::Worker::new_with_options("/think-worker.js", &options).ok()?;
            let waiting = thinkers.waiting.clone();
            let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let reply = js_sys::Array::from(&event.data());
                let Some(id) = reply.get(0).as_f64() else { return };
                let text = reply.get(2).as_string().unwrap_or_default();
                let result = if reply.get(1).is_truthy() { Ok(text) } else { Err(text) };
                let waiter = waiting.borrow_mut().remove(&(id as u32));
                if let Some(waiter) = waiter {
                    waiter(result);
                }
            });
            worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
            // A worker that cannot start (or dies) fails what it was asked; the page goes on alone.
            let (waiting, broken) = (thinkers.waiting.clone(), thinkers.broken.clone());
            let failure = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                broken.set(true);
                let all: Vec<Waiter> = waiting.borrow_mut().drain().map(|(_, w)| w).collect();
                for waiter in all {
                    waiter(Err("the computer's worker stopped".into()));
                }
            });
            worker.set_onerror(Some(failure.as_ref().unchecked_ref()));
            worker.post_message(&start).ok()?;
            thinkers.workers.push(worker);
            thinkers._listeners.push(listener);
            thinkers._failures.push(failure);
        }
        Some(thinkers)
    }

    /// False once a worker has failed: ask nothing more of them.
    pub fn working(&self) -> bool {
        !self.broken.get()
    }

    /// How many questions may be thought about at once.
    pub fn count(&self) -> usize {
        self.workers.len()
    }

    /// Asks the next worker `request` (a [`Request`] as JSON); `done` gets its answer.
    pub fn ask(&self, request: String, done: impl FnOnce(Result<String, String>) + 'static) {
        let id = self.asked.get().wrapping_add(1);
        self.asked.set(id);
        let worker = &self.workers[self.next.get() % self.workers.len()];
        self.next.set(self.next.get() + 1);
        self.waiting.borrow_mut().insert(id, Box::new(done));
        let message = js_sys::Array::of2(&JsValue::from(id), &JsValue::from(request));
        if worker.post_message(&message).is_err() {
            let waiter = self.waiting.borrow_mut().remove(&id);
            if let Some(waiter) = waiter {
                waiter(Err("the computer's worker could not be asked".into()));
            }
        }
    }
}

impl Drop for Thinkers {
    /// Leaving the page stops its workers; answers still on their way are never delivered.
    fn drop(&mut self) {
        for worker in &self.workers {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::punish::{Options, Punish, Setup};

    fn frozen_clock() -> f64 {
        0.0
    }

    #[test]
    fn a_worker_answers_with_a_legal_action_read_from_the_view_alone() {
        let state = Punish::from_setup(&Setup::deal(3, Options::default())).unwrap();
        let request = Request::<Punish> { view: state.view_for(Seat(1)), seat: Seat(1), level: Level::Hard, seed: 9, explain: false };
        let json = serde_json::to_string(&request).unwrap();
        let action: <Punish as Game>::Action = dojo_engine::json::from_str(&answer_plain::<Punish>(&json, frozen_clock).unwrap()).unwrap();
        assert!(state.legal_actions(Seat(1)).contains(&action));
        // The same request gives the same answer: the seed is the computer's only dice.
        assert_eq!(answer_plain::<Punish>(&json, frozen_clock), answer_plain::<Punish>(&json, frozen_clock));
    }

    #[test]
    fn a_request_that_cannot_be_read_is_refused_in_words() {
        let refused = answer_plain::<Punish>("{\"view\": 3}", frozen_clock).unwrap_err();
        assert!(refused.starts_with("a request the computer cannot read"), "{refused}");
    }
}
