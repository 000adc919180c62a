//! The balance lab in the browser (`/lab/<game>`): the computer plays the game many times in
//! Web Workers (sides against each other, each option in turn, or tables whose seats hold what
//! is compared), and the page shows the report as the games come in.
//!
//! Each game has a lab module (`src/bin/<game>-lab.rs`, [`crate::lab_module!`]),
//! loaded only when someone opens its lab. The page runs that same module again in workers
//! (the play page's [`Thinkers`]); each worker is sent a batch of the run's games and plays
//! them with [`dojo_lab::play`], so the figures are those of `dojo lab` for the same seed.
//! Where workers cannot start, the page plays the batches itself between frames.

mod link;
mod view;

use crate::play::think::Thinkers;
use dojo_games::registry::Sampled;
use dojo_lab::{Job, Plan, Played, Report, play};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;

pub use link::{from_hash, to_hash};

/// The element a lab page mounts into.
pub const LAB_ROOT: &str = "lab-root";

/// Adds the lab's styles to the page (once).
pub fn style() {
    crate::browser::add_style_once("lab-style", include_str!("../../style/lab.css"));
}

/// The name of the lazily loaded module holding the game `id`'s lab.
pub fn lab_module(id: &str) -> String {
    format!("{id}-lab")
}

/// Workers at most, whatever the device reports.
const MAX_WORKERS: usize = 4;

/// Games in the first message to each worker, before the run's speed is known.
const FIRST_BATCH: usize = 2;

/// How long one batch should take a worker, in ms: short enough that the progress bar moves
/// often and a Stop loses little, long enough that messages cost nothing beside the games.
const BATCH_MS: f64 = 400.0;

/// Games in one batch at most (PUNISH plays hundreds a second).
const MAX_BATCH: usize = 64;

/// Games to give a worker next: what it plays in about [`BATCH_MS`] at the speed measured so
/// far (`rate` games a second across `workers` workers), one game at least.
fn batch_size(rate: f64, workers: usize, done: usize) -> usize {
    if done == 0 || rate <= 0.0 {
        return FIRST_BATCH;
    }
    let per_worker = rate / workers.max(1) as f64;
    ((per_worker * BATCH_MS / 1000.0).floor() as usize).clamp(1, MAX_BATCH)
}

/// Games per pair at most in one run (a phone would take hours past that).
pub const MAX_GAMES: u32 = 2000;

/// One batch of games asked of a worker.
#[derive(Debug, Serialize, Deserialize)]
pub struct Batch {
    /// The run.
    pub plan: Plan,
    /// Its games to play.
    pub jobs: Vec<Job>,
}

/// Plays a worker's batch (a [`Batch`] as JSON): the games played, as JSON. What a lab
/// module's exported `think` does.
pub fn play_batch<G: Sampled>(request: &str) -> Result<String, String> {
    let batch: Batch = dojo_engine::json::from_str(request).map_err(|e| format!("a batch the lab cannot read: {e}"))?;
    entries_for::<G>(&batch.plan)?;
    let played = batch.jobs.iter().map(|job| play::<G>(&batch.plan, *job)).collect::<Result<Vec<Played>, String>>()?;
    serde_json::to_string(&played).map_err(|e| e.to_string())
}

/// The names of what `plan` compares in `G`, once the plan is known to fit the game's lab at
/// its table size; or why it does not.
fn entries_for<G: Sampled>(plan: &Plan) -> Result<Vec<String>, String> {
    if !G::LAB_SEATS.contains(&plan.seats) {
        return Err(format!("{}'s lab has no table of {} seats", G::NAME, plan.seats));
    }
    let offer = G::lab_with(plan.ask())?;
    if offer.kind != plan.kind {
        return Err(format!("{}'s lab at {} seats compares {} another way", G::NAME, plan.seats, offer.noun));
    }
    plan.check(offer.entries.len())?;
    Ok(offer.entries)
}

/// Where a run stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Games the run has.
    pub total: usize,
    /// Games played so far.
    pub done: usize,
    /// When it started, in ms ([`crate::browser::now_ms`]).
    pub started_ms: f64,
    /// When the last game came in.
    pub last_ms: f64,
    /// True while games are being played.
    pub running: bool,
    /// True when someone stopped it before the end.
    pub stopped: bool,
    /// Workers playing (0: the page itself).
    pub workers: usize,
}

impl Progress {
    /// Games per second so far.
    pub fn rate(&self) -> f64 {
        let seconds = (self.last_ms - self.started_ms) / 1000.0;
        if seconds > 0.0 { self.done as f64 / seconds } else { 0.0 }
    }
}

/// A run under way: its plan, the games not yet handed out, what came back, and the workers.
struct Run {
    plan: Plan,
    names: Vec<String>,
    waiting: Vec<Job>,
    played: Vec<Played>,
    workers: Option<Thinkers>,
}

/// The page's state: the run (if any), its progress and report, and any error.
#[derive(Clone, Copy)]
pub struct Lab {
    run: StoredValue<Option<Rc<RefCell<Run>>>, LocalStorage>,
    /// Where the run stands.
    pub progress: RwSignal<Option<Progress>>,
    /// The report of the games played so far.
    pub report: RwSignal<Option<Report>>,
    /// What went wrong, in words.
    pub error: RwSignal<Option<String>>,
}

impl Lab {
    /// A page with no run yet.
    pub fn new() -> Lab {
        Lab { run: StoredValue::new_local(None), progress: RwSignal::new(None), report: RwSignal::new(None), error: RwSignal::new(None) }
    }

    /// Starts `plan` for `G` (stopping any run under way).
    pub fn start<G: Sampled>(self, plan: Plan) {
        self.stop();
        let names = match entries_for::<G>(&plan) {
            Ok(names) => names,
            Err(e) => return self.error.set(Some(e)),
        };
        self.error.set(None);
        let mut waiting = plan.jobs();
        waiting.reverse();
        let total = waiting.len();
        let workers = Thinkers::start_with(MAX_WORKERS);
        let count = workers.as_ref().map_or(0, Thinkers::count);
        let run = Rc::new(RefCell::new(Run { plan, names, waiting, played: Vec::new(), workers }));
        self.run.set_value(Some(run.clone()));
        let now = crate::browser::now_ms();
        self.progress.set(Some(Progress { total, done: 0, started_ms: now, last_ms: now, running: true, stopped: false, workers: count }));
        self.report.set(None);
        if count == 0 {
            self.play_here::<G>(run);
        } else {
            for _ in 0..count {
                self.hand_out::<G>(&run);
            }
        }
    }

    /// Stops the run: the games played so far stay in the report.
    pub fn stop(self) {
        let Some(run) = self.run.try_update_value(Option::take).flatten() else { return };
        // Dropping the workers ends them; answers on their way are never delivered.
        run.borrow_mut().workers = None;
        self.progress.update(|p| {
            if let Some(p) = p.as_mut().filter(|p| p.running) {
                p.running = false;
                p.stopped = true;
            }
        });
    }

    /// True while `run` is the page's run (not stopped, not replaced).
    fn is_current(self, run: &Rc<RefCell<Run>>) -> bool {
        // False too once the page is gone (its values disposed).
        self.run.try_with_value(|r| r.as_ref().is_some_and(|r| Rc::ptr_eq(r, run))).unwrap_or(false)
    }

    /// Gives the next batch to a worker, if games are left.
    fn hand_out<G: Sampled>(self, run: &Rc<RefCell<Run>>) {
        let size = self.progress.with_untracked(|p| p.as_ref().map_or(FIRST_BATCH, |p| batch_size(p.rate(), p.workers, p.done)));
        let (request, workers_alive) = {
            let mut r = run.borrow_mut();
            let take = r.waiting.len().min(size);
            if take == 0 {
                return;
            }
            let at = r.waiting.len() - take;
            let batch = r.waiting.split_off(at);
            let mut jobs = batch.clone();
            jobs.reverse();
            let request = serde_json::to_string(&Batch { plan: r.plan.clone(), jobs }).unwrap_or_default();
            let alive = r.workers.as_ref().is_some_and(Thinkers::working);
            if !alive {
                // Played here instead, from the same place in the run.
                r.waiting.extend(batch);
                r.workers = None;
            }
            (request, alive)
        };
        if !workers_alive {
            return self.play_here::<G>(run.clone());
        }
        let run2 = run.clone();
        let lost: Vec<Job> = dojo_engine::json::from_str::<Batch>(&request).map(|b| b.jobs).unwrap_or_default();
        let borrowed = run.borrow();
        let Some(workers) = borrowed.workers.as_ref() else { return };
        workers.ask(request, move |answer| {
            // Taken in after the worker's message is handled: the run (and its workers, with the
            // listener that called this) may end here, which must not happen inside the listener.
            set_timeout(
                move || {
                    if !self.is_current(&run2) {
                        return;
                    }
                    match answer.and_then(|text| dojo_engine::json::from_str::<Vec<Played>>(&text).map_err(|e| e.to_string())) {
                        Ok(played) => {
                            self.take_in(&run2, played);
                            self.hand_out::<G>(&run2);
                        }
                        // A worker that could not start or stopped: the page plays the run's
                        // games itself (this batch again with them).
                        Err(_) if !run2.borrow().workers.as_ref().is_some_and(Thinkers::working) => {
                            run2.borrow_mut().waiting.extend(lost.into_iter().rev());
                            run2.borrow_mut().workers = None;
                            self.progress.update(|p| {
                                if let Some(p) = p.as_mut() {
                                    p.workers = 0;
                                }
                            });
                            self.play_here::<G>(run2);
                        }
                        Err(e) => {
                            self.error.set(Some(format!("A worker could not play its games: {e}")));
                            self.stop();
                        }
                    }
                },
                std::time::Duration::from_millis(0),
            );
        });
    }

    /// Plays the run's games on the page itself, a batch per frame, so the page keeps answering.
    fn play_here<G: Sampled>(self, run: Rc<RefCell<Run>>) {
        let batch = {
            let mut r = run.borrow_mut();
            // On the page itself, a frame's worth at most so that it keeps answering.
            let take = r.waiting.len().min(FIRST_BATCH);
            let at = r.waiting.len() - take;
            r.waiting.split_off(at)
        };
        if batch.is_empty() {
            return;
        }
        let plan = run.borrow().plan.clone();
        match batch.iter().rev().map(|job| play::<G>(&plan, *job)).collect::<Result<Vec<_>, _>>() {
            Ok(played) => self.take_in(&run, played),
            Err(e) => {
                self.error.set(Some(format!("A game could not be played: {e}")));
                return self.stop();
            }
        }
        set_timeout(
            move || {
                if self.is_current(&run) {
                    self.play_here::<G>(run);
                }
            },
            std::time::Duration::from_millis(0),
        );
    }

    /// Games came back: the progress and the report move on; the run ends when all are in.
    fn take_in(self, run: &Rc<RefCell<Run>>, played: Vec<Played>) {
        let (report, done) = {
            let mut r = run.borrow_mut();
            r.played.extend(played);
            (Report::new(&r.plan, &r.names, &r.played), r.played.len())
        };
        self.report.set(Some(report));
        let now = crate::browser::now_ms();
        let mut finished = false;
        self.progress.update(|p| {
            if let Some(p) = p.as_mut() {
                p.done = done;
                p.last_ms = now;
                finished = done >= p.total;
                if finished {
                    p.running = false;
                }
            }
        });
        if finished {
            self.run.set_value(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_lasts_about_the_same_time_whatever_the_game() {
        assert_eq!(batch_size(0.0, 2, 0), FIRST_BATCH, "before any game is back");
        // Two workers at 3 games a second in all: one game each.
        assert_eq!(batch_size(3.0, 2, 4), 1);
        // 100 games a second across two: 20 each in 400 ms.
        assert_eq!(batch_size(100.0, 2, 40), 20);
        assert_eq!(batch_size(5000.0, 2, 400), MAX_BATCH);
    }
}

impl Default for Lab {
    fn default() -> Self {
        Lab::new()
    }
}

/// What a lab page needs to know of its game: its name, the table sizes its lab offers, and
/// what it compares at each.
#[derive(Clone, Copy)]
pub struct LabGame {
    /// The game's name as shown.
    pub title: &'static str,
    /// Its id in addresses.
    pub id: &'static str,
    /// The table sizes offered, smallest first.
    pub seats: &'static [usize],
    /// The table size the page opens with.
    pub usual_seats: usize,
    /// Its other ways of playing, as (id, name) ([`Sampled::LAB_MODES`]).
    pub modes: &'static [(&'static str, &'static str)],
    /// What the lab compares for a way of playing, a table size and the game's own material
    /// ([`Sampled::lab_with`]).
    pub offer: link::Offer,
    /// The game's own material kept in this browser, as (name, link piece): DRAGON PUNCH's
    /// kept card sets. Read once when the page opens.
    pub materials: fn() -> Vec<(String, String)>,
    /// What the game's lengths are counted in, plural ([`Sampled::ROUND_WORD`]: "turns",
    /// "breaths").
    pub round_word: &'static str,
}

/// For a game whose lab keeps nothing in the browser: no material.
pub fn no_materials() -> Vec<(String, String)> {
    Vec::new()
}

/// The lab page of `G`, titled `title`, offering `materials` (see [`LabGame::materials`]).
pub fn lab_page<G: Sampled>(title: &'static str, materials: fn() -> Vec<(String, String)>) -> impl IntoView {
    let lab = Lab::new();
    let start = move |plan: Plan| lab.start::<G>(plan);
    on_cleanup(move || lab.stop());
    let game = LabGame {
        title,
        id: G::NAME,
        seats: G::LAB_SEATS,
        usual_seats: G::lab_usual_seats(),
        modes: G::LAB_MODES,
        offer: G::lab_with,
        materials,
        round_word: G::ROUND_WORD,
    };
    view! { <view::LabView game=game lab=lab start=Callback::new(start)/> }
}
