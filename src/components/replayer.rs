//! The one viewer of a game played out step by step, for replay links (`/watch/<game>`) and for
//! the worked examples of the rules pages: forward, back, jump to any step, autoplay at a
//! chosen speed, the table as the public saw it or as one seat saw it, and (for replays) the
//! log beside it with each reveal marked at the step it happened.
//!
//! Keys, once the viewer has focus: ← and → step, Home and End jump, Space plays and pauses.

use crate::components::example_player::TableFn;
use dojo_engine::{Game, Joint, Observer, Seat, apply};
use gloo_timers::callback::Interval;
use leptos::prelude::*;
use std::sync::Arc;

/// A game played out: the position before the first step and after each one, and each step's
/// events (all of them: the viewer shows each observer only its own).
#[derive(Clone, Debug)]
pub struct Tape<G: Game> {
    /// `positions[k]` is the position after `k` steps.
    pub positions: Vec<G>,
    /// `events[k]` are the events of step `k + 1`.
    pub events: Vec<Vec<G::Event>>,
}

impl<G: Game> Tape<G> {
    /// Plays `joints` from `setup`; refused in words (naming the first bad step) when the
    /// setup is refused or a step is illegal.
    pub fn play(setup: &G::Setup, joints: impl IntoIterator<Item = Joint<G::Action>>) -> Result<Self, String> {
        let mut state = G::from_setup(setup).map_err(|e| format!("its setup is refused: {e}"))?;
        let mut tape = Tape { positions: vec![state.clone()], events: Vec::new() };
        for (i, joint) in joints.into_iter().enumerate() {
            let events = apply(&mut state, &joint).map_err(|e| format!("step {} cannot be played: {e}", i + 1))?;
            tape.positions.push(state.clone());
            tape.events.push(events);
        }
        Ok(tape)
    }

    /// How many steps it has.
    pub fn steps(&self) -> usize {
        self.events.len()
    }
}

/// One event in words, read against the position just after its step; `None` hides it.
pub type DescribeFn<G> = Arc<dyn Fn(&G, &<G as Game>::Event, Observer) -> Option<String> + Send + Sync>;

/// Words for the viewer at a step (0: before the first), such as a worked example's narration.
pub type StepText = Arc<dyn Fn(usize) -> String + Send + Sync>;

/// Anything drawn under the table at a step (the next plays of a worked example).
pub type StepView = Arc<dyn Fn(usize) -> AnyView + Send + Sync>;

/// Whether a step's events turn over something hidden.
pub type RevealsFn<G> = fn(&[<G as Game>::Event]) -> bool;

/// What a [`Replayer`] shows besides the table.
#[derive(Clone, Default)]
pub struct Extras<G: Game> {
    /// The log's lines: each step's events in words for the chosen observer (none: no log).
    pub describe: Option<DescribeFn<G>>,
    /// Whether a step's events turn over something hidden (marked "revealed" in the log).
    pub reveals: Option<RevealsFn<G>>,
    /// A sentence for each step (worked examples).
    pub narration: Option<StepText>,
    /// Drawn under the table at each step.
    pub below: Option<StepView>,
}

/// The speeds autoplay offers: milliseconds per step and their labels.
const SPEEDS: [(u32, &str); 4] = [(2000, "Slow"), (1000, "Normal"), (500, "Fast"), (200, "Very fast")];

/// The viewer: `tape` shown at `step` (the caller owns it, to act on the step shown), with the
/// seats called `names` and drawn by `table`.
#[component]
pub fn Replayer<G>(
    /// The game played out.
    tape: Arc<Tape<G>>,
    /// The seats' names, in seat order.
    names: Vec<String>,
    /// The game's table for a view.
    table: TableFn<G>,
    /// The step shown (0: before the first).
    step: RwSignal<usize>,
    /// The log, narration and anything under the table.
    #[prop(optional)]
    extras: Option<Extras<G>>,
) -> impl IntoView
where
    G: Game + Send + Sync + 'static,
    G::View: Send + Sync,
    G::Event: Send + Sync,
{
    let extras = extras.unwrap_or(Extras { describe: None, reveals: None, narration: None, below: None });
    let total = tape.steps();
    let seats = tape.positions[0].seat_count();
    let observer = RwSignal::new(Observer::Public);
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(1000u32);
    let timer: StoredValue<Option<Interval>, LocalStorage> = StoredValue::new_local(None);
    let names_signal = Signal::stored(names.clone());
    let tape_for_view = tape.clone();
    let view_now = Memo::new(move |_| {
        let at = step.get().min(total);
        tape_for_view.positions[at].view(observer.get())
    });

    // Autoplay: a timer that steps on and stops at the end (or when paused, or the speed changes).
    Effect::new(move |_| {
        let on = playing.get();
        let ms = speed.get();
        timer.set_value(None);
        if on {
            if step.get_untracked() >= total {
                step.set(0);
            }
            let interval = Interval::new(ms, move || {
                let now = step.get_untracked();
                if now >= total {
                    playing.set(false);
                } else {
                    step.set(now + 1);
                    if now + 1 >= total {
                        playing.set(false);
                    }
                }
            });
            timer.set_value(Some(interval));
        }
    });
    on_cleanup(move || timer.try_set_value(None).map(drop).unwrap_or(()));

    let go = move |to: usize| {
        playing.set(false);
        step.set(to.min(total));
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let now = step.get_untracked();
        match ev.key().as_str() {
            "ArrowRight" => go(now + 1),
            "ArrowLeft" => go(now.saturating_sub(1)),
            "Home" => go(0),
            "End" => go(total),
            " " | "Spacebar" => playing.update(|p| *p = !*p),
            _ => return,
        }
        ev.prevent_default();
    };

    let seat_options = (0..seats)
        .map(|i| {
            let name = names.get(i).cloned().unwrap_or_else(|| format!("Player {}", i + 1));
            view! { <option value=i.to_string()>{format!("As {name} saw it")}</option> }
        })
        .collect_view();
    let on_seat = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        observer.set(value.parse::<u8>().map_or(Observer::Public, |i| Observer::Seat(Seat(i))));
    };

    let log_list: NodeRef<leptos::html::Ol> = NodeRef::new();
    // The log shows the steps up to the one shown, so the newest lines are at its foot: keep
    // them in view as the replay moves.
    Effect::new(move |_| {
        step.track();
        observer.track();
        request_animation_frame(move || {
            if let Some(list) = log_list.get_untracked() {
                list.set_scroll_top(list.scroll_height());
            }
        });
    });
    let log = extras.describe.clone().map(|describe| {
        let tape = tape.clone();
        let reveals = extras.reveals;
        view! {
            <section class="log replay-log" aria-label="What happened">
                <h2>"Log"</h2>
                <ol data-testid="replay-log" node_ref=log_list>
                    {move || {
                        let at = step.get().min(total);
                        let who = observer.get();
                        let rows: Vec<AnyView> = (1..=at)
                            .flat_map(|n| {
                                let after = &tape.positions[n];
                                let revealed = reveals.is_some_and(|r| r(&tape.events[n - 1]));
                                let lines: Vec<String> = tape.events[n - 1].iter().filter(|e| G::audience(e).includes(who)).filter_map(|e| describe(after, e, who)).collect();
                                let current = n == at;
                                lines.into_iter().enumerate().map(move |(i, text)| {
                                    let mark = (revealed && i == 0).then(|| view! { <span class="revealed-tag" data-testid="revealed">"revealed"</span> " " });
                                    view! { <li class:current=current data-step=n><span class="step-number">{format!("{n}. ")}</span>{mark}{text}</li> }.into_any()
                                })
                            })
                            .collect();
                        if rows.is_empty() { view! { <li class="empty">"Nothing has happened yet."</li> }.into_any() } else { rows.into_view().into_any() }
                    }}
                </ol>
            </section>
        }
    });
    let narration = extras.narration.clone().map(|text| {
        view! { <p class="narration" aria-live="polite" data-testid="narration">{move || text(step.get())}</p> }
    });
    let below = extras.below.clone().map(|draw| move || draw(step.get()));

    view! {
        <div class="replayer" data-testid="replayer" tabindex="0" on:keydown=on_key aria-label="Replay: arrow keys step, space plays and pauses">
            <div class="replay-controls" role="group" aria-label="Replay controls">
                <button type="button" class="button" data-testid="replay-first" on:click=move |_| go(0) disabled=move || { step.get() == 0 } aria-label="To the start">"« Start"</button>
                <button type="button" class="button" data-testid="replay-back" on:click=move |_| go(step.get_untracked().saturating_sub(1)) disabled=move || { step.get() == 0 }>"Back"</button>
                <button type="button" class="button primary" data-testid="replay-play" aria-pressed=move || playing.get().to_string() on:click=move |_| playing.update(|p| *p = !*p)>
                    {move || if playing.get() { "Pause" } else { "Play" }}
                </button>
                <button type="button" class="button" data-testid="replay-next" on:click=move |_| go(step.get_untracked() + 1) disabled=move || { step.get() >= total }>"Next"</button>
                <button type="button" class="button" data-testid="replay-last" on:click=move |_| go(total) disabled=move || { step.get() >= total } aria-label="To the end">"End »"</button>
            </div>
            <div class="replay-position">
                <label>
                    <span data-testid="replay-step" data-step=move || step.get() data-total=total>{move || format!("Step {} of {total}", step.get().min(total))}</span>
                    <input type="range" min="0" max=total.to_string() data-testid="replay-slider" prop:value=move || step.get().to_string()
                        on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0)) aria-label="Jump to step"/>
                </label>
                <label class="replay-speed">"Speed "
                    <select data-testid="replay-speed" on:change=move |ev| speed.set(event_target_value(&ev).parse().unwrap_or(1000))>
                        {SPEEDS.iter().map(|(ms, label)| view! { <option value=ms.to_string() selected=*ms == 1000>{*label}</option> }).collect_view()}
                    </select>
                </label>
                <label class="replay-seat">"Table "
                    <select data-testid="replay-seat" on:change=on_seat>
                        <option value="public" selected>"As everyone saw it"</option>
                        {seat_options}
                    </select>
                </label>
            </div>
            {narration}
            <div class="replay-board">
                <div class="replay-table">{move || table(Signal::stored(view_now.get()), names_signal)}</div>
                {log}
            </div>
            {below}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{GameRecord, Rng, joint_from};
    use dojo_games::registry::{Sampled, Table};
    use dojo_games::toy::Toy;

    #[test]
    fn a_tape_holds_every_position_and_names_the_first_step_that_does_not_play() {
        let mut record = GameRecord::<Toy>::new(Toy::seeded_setup(2, Table::of(3)).unwrap());
        let mut state = record.replay().unwrap();
        let mut rng = Rng::new(3);
        while state.outcome().is_none() {
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
            apply(&mut state, &joint).unwrap();
            record.actions.push(joint);
        }
        let tape = Tape::<Toy>::play(&record.setup, record.actions.iter().cloned()).unwrap();
        assert_eq!(tape.steps(), record.actions.len());
        assert_eq!(tape.positions.len(), tape.steps() + 1);
        assert_eq!(tape.positions.last(), Some(&state));
        let mut bad = record.actions.clone();
        bad[1].0.iter_mut().for_each(|slot| *slot = None);
        assert!(Tape::<Toy>::play(&record.setup, bad).unwrap_err().starts_with("step 2 cannot be played"));
    }
}
