//! `/play/taunt`: a TAUNT series on one device, against a friend (secret picks with a hand-off
//! screen between them) or against the computer. It is built as its own wasm (`src/bin/
//! taunt-play.rs`), loaded only when someone opens the page, so the site's first download does
//! not carry TAUNT's engine and bot. The match is saved after every step and restored on reload.
//!
//! Hidden information: a pick or a face-down combo waits in the play machine's session until the
//! other seat has decided; the page shows a hand only after the hand-off screen, and the table
//! shows face-down combo cards as a count. Saves keep the same secrets: against the computer
//! only the person's view is saved, and on a shared device never a combo still face down.

pub mod board;
pub mod preview;
pub mod session;

use crate::play::page::chosen_seats;
use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result, waiting_status, who_plays};
use dojo_bot::Level;
use dojo_engine::Seat;
use dojo_games::taunt::{Action, Decision, Event, FighterId, Flip, HealCard, Options, Position, Setup, Slot, queueable};
use leptos::prelude::*;
use session::{Session, TauntSite, combo, rematch};

type Ctx = PlayCtx<TauntSite>;

/// The TAUNT play page.
#[component]
pub fn PlayTaunt() -> impl IntoView {
    play_page(PlayPage {
        title: "TAUNT",
        testid: "play-taunt",
        screen,
        table: crate::games::taunt::examples::table,
        over: ["Fight again", "Change fighters or settings"],
        again: |s: &Session| Session::new(s.seats().clone(), &rematch(s)),
    })
}

/// TAUNT's own screens.
fn screen(cx: Ctx, now: Screen, names: Signal<Vec<String>>) -> AnyView {
    match now {
        Screen::HandOff(seat) => view! { <HandOff cx=cx seat=seat names=names/> }.into_any(),
        Screen::Decide(seat) => view! { <Decide cx=cx seat=seat names=names/> }.into_any(),
        Screen::Result => view! { <TurnResult cx=cx names=names/> }.into_any(),
        _ => view! { <Lobby cx=cx/> }.into_any(),
    }
}

fn fighter_select(label: &'static str, testid: &'static str, chosen: RwSignal<FighterId>) -> impl IntoView {
    view! {
        <label>{label}
            <select data-testid=testid on:change=move |ev| {
                if let Some(f) = FighterId::ALL.into_iter().find(|f| format!("{f:?}") == event_target_value(&ev)) { chosen.set(f) }
            }>
                {FighterId::ALL.into_iter().map(|f| {
                    let card = f.card();
                    let special = card.special.map(|s| format!(", {s}")).unwrap_or_default();
                    view! { <option value=format!("{f:?}") selected=move || chosen.get() == f>{format!("{} {} — track {}, {} block{special}", card.name, card.face, card.critical_damage, card.block_tokens)}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

#[component]
fn Lobby(cx: Ctx) -> impl IntoView {
    let vs_bot = RwSignal::new(true);
    let level = RwSignal::new(Level::Medium);
    let first = RwSignal::new(FighterId::Mooshmere);
    let second = RwSignal::new(FighterId::Wollypobber);
    let best_of = RwSignal::new(3u8);
    let classic_heal = RwSignal::new(false);
    let recovery = RwSignal::new(true);
    let pass_charge = RwSignal::new(true);
    let start = move || {
        let options = Options {
            best_of: best_of.get_untracked(),
            heal: if classic_heal.get_untracked() { HealCard::Classic } else { HealCard::Standard },
            recovery: recovery.get_untracked(),
            pass_charge: pass_charge.get_untracked(),
            ..Options::default()
        };
        cx.start(Session::new(chosen_seats(vs_bot, level, 2), &Setup::new([first.get_untracked(), second.get_untracked()], options)));
    };
    view! {
        <form class="lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(); }>
            {who_plays(vs_bot, level)}
            <fieldset>
                <legend>"Fighters"</legend>
                {move || fighter_select(if vs_bot.get() { "You: " } else { "Player 1: " }, "fighter-1", first)}
                {move || fighter_select(if vs_bot.get() { "Computer: " } else { "Player 2: " }, "fighter-2", second)}
            </fieldset>
            <fieldset>
                <legend>"Options"</legend>
                <label>"Series: best of "
                    <select data-testid="best-of" on:change=move |ev| best_of.set(event_target_value(&ev).parse().unwrap_or(3))>
                        <option value="1">"1"</option>
                        <option value="3" selected>"3"</option>
                        <option value="5">"5"</option>
                    </select>
                </label>
                <label><input type="checkbox" checked data-testid="opt-recovery" on:change=move |ev| recovery.set(event_target_checked(&ev))/>" A fight's winner sheds their Recovery in damage before the next fight"</label>
                <label><input type="checkbox" checked data-testid="opt-pass-charge" on:change=move |ev| pass_charge.set(event_target_checked(&ev))/>" After a Charge acts, its fighter may pass a charge token to the other"</label>
                <label><input type="checkbox" data-testid="opt-classic-heal" on:change=move |ev| classic_heal.set(event_target_checked(&ev))/>" Classic Heal: it only takes back disabled cards"</label>
            </fieldset>
            <button type="submit" class="button primary" data-testid="start">"Start the fight"</button>
            <p class="hint">"New to TAUNT? "<a href="/rules/taunt">"Read the rules"</a>" or "<a href="/rules/taunt#turn">"just how a turn works"</a>". Playing at a table? "<a href="/print/taunt">"Print the kit"</a>"."</p>
        </form>
    }
}

#[component]
fn HandOff(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let name = names.get()[seat.index()].clone();
        let status = cx
            .session
            .with(|s| {
                s.as_ref().map(|s| match s.decision(seat) {
                    Some(Decision::Queue { .. }) => format!("{name} taunted unanswered and now lays cards face down."),
                    _ => waiting_status(s, seat, "turn"),
                })
            })
            .unwrap_or_default();
        hand_off(cx, seat, name, status, "cards")
    }
}

#[component]
fn Decide(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let decision = move || cx.session.with(|s| s.as_ref().and_then(|s| s.decision(seat)));
    move || match decision() {
        Some(Decision::Pick { turn }) => view! { <PickMove cx=cx seat=seat turn=turn names=names/> }.into_any(),
        Some(Decision::Queue { .. }) => view! { <LayCombo cx=cx seat=seat names=names/> }.into_any(),
        Some(Decision::Order) => {
            let who = names.get()[seat.index()].clone();
            view! {
                <div class="stage decide" data-testid="order">
                    <p class="big">{format!("{who}: both fighters Run, and your level is higher. Act first or second?")}</p>
                    <p class="hint">"Each Run switches the Position, then hits if the fighters are Near. The second runner decides where the fighters end up."</p>
                    <div class="choices">
                        <button type="button" class="button primary" data-testid="order-first" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Order { first: true }))>"Run first"</button>
                        <button type="button" class="button" data-testid="order-second" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Order { first: false }))>"Run second"</button>
                    </div>
                </div>
            }
            .into_any()
        }
        Some(Decision::Place { .. }) => {
            let who = names.get()[seat.index()].clone();
            view! {
                <div class="stage decide" data-testid="place">
                    <p class="big">{format!("{who}: your hit lets you set the Position.")}</p>
                    <div class="choices">
                        <button type="button" class="button primary" data-testid="place-near" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Place(Position::Near)))>"Near"</button>
                        <button type="button" class="button" data-testid="place-far" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Place(Position::Far)))>"Far"</button>
                    </div>
                </div>
            }
            .into_any()
        }
        Some(Decision::Pass) => {
            let names = names.get();
            let (who, other) = (names[seat.index()].clone(), names[seat.index() ^ 1].clone());
            let to = Seat((seat.index() ^ 1) as u8);
            view! {
                <div class="stage decide" data-testid="pass">
                    <p class="big">{format!("{who}: your Charge acted. Pass one charge token to {other}?")}</p>
                    <p class="hint">"A token passed lowers your next move's level and raises theirs, which also makes their Blocks cost more and can change who acts first."</p>
                    <div class="choices">
                        <button type="button" class="button primary" data-testid="pass-keep" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Pass(None)))>"Keep it"</button>
                        <button type="button" class="button" data-testid="pass-give" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Pass(Some(to))))>{format!("Pass it to {other}")}</button>
                    </div>
                </div>
            }
            .into_any()
        }
        Some(Decision::Flip) => {
            let who = names.get()[seat.index()].clone();
            let choice = move |flip: Flip| move |_| cx.decide(move |s| s.give(seat, Action::Flip(flip)));
            view! {
                <div class="stage decide" data-testid="flip">
                    <p class="big">{format!("{who}: your Run acts. Which markers does it turn over?")}</p>
                    <div class="choices">
                        <button type="button" class="button" data-testid="flip-left" on:click=choice(Flip::Left)>"The one before you"</button>
                        <button type="button" class="button" data-testid="flip-right" on:click=choice(Flip::Right)>"The one after you"</button>
                        <button type="button" class="button primary" data-testid="flip-both" on:click=choice(Flip::Both)>"Both"</button>
                    </div>
                </div>
            }
            .into_any()
        }
        None => ().into_any(),
    }
}

#[component]
fn PickMove(cx: Ctx, seat: Seat, turn: u16, names: Signal<Vec<String>>) -> impl IntoView {
    let hand = move || cx.session.with(|s| s.as_ref().map(|s| preview::hand(&s.view(seat)))).unwrap_or_default();
    let choose = move |slot: Slot| cx.decide(move |s| s.give(seat, Action::Play(slot)));
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if let Some(slot) = ev.key().parse::<usize>().ok().and_then(|n| Slot::ALL.get(n.wrapping_sub(1)).copied())
            && hand().iter().any(|c| c.slot == slot && c.playable.is_ok())
        {
            choose(slot);
        }
    });
    on_cleanup(move || handle.remove());
    move || {
        let who = names.get()[seat.index()].clone();
        let cards = hand().into_iter().enumerate().map(|(i, c)| {
            let ok = c.playable.is_ok();
            let why = c.playable.err().map(|r| r.to_string());
            let slot = c.slot;
            view! {
                <button type="button" class="move-card" class:unplayable=!ok disabled=!ok data-testid=format!("pick-{}", format!("{slot:?}").to_ascii_lowercase())
                    aria-label=format!("Play {} (key {})", c.card.name, i + 1) on:click=move |_| choose(slot)>
                    <span class="mc-head"><span class="mc-name">{c.card.name}</span><span class="mc-number" title="Acts in this order">{c.card.number}</span></span>
                    <span class="mc-kind">{format!("{} · L{}", c.card.kind.label(), c.level).trim_start_matches(" · ").to_string()}</span>
                    <span class="mc-lines">{c.lines.into_iter().map(|l| view! { <span class="mc-line">{l}</span> }).collect_view()}</span>
                    {why.map(|w| view! { <span class="mc-why">{w}</span> })}
                    <span class="mc-key" aria-hidden="true">{format!("key {}", i + 1)}</span>
                </button>
            }
        });
        view! {
            <div class="stage pick" data-testid="pick" data-seat=seat.0 + 1>
                <p class="big">{format!("{who}: choose your move for turn {turn}")}</p>
                <div class="taunt-hand" role="group" aria-label="Your move cards" data-testid="hand">{cards.collect_view()}</div>
                <p class="hint">"Tap a card, or press its number (1–9) on a keyboard. Lower numbers on the cards act first."</p>
            </div>
        }
    }
}

#[component]
fn LayCombo(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let chosen: RwSignal<Vec<Slot>> = RwSignal::new(Vec::new());
    let view_now = move || cx.session.with(|s| s.as_ref().map(|s| s.view(seat)));
    move || {
        let Some(v) = view_now() else { return ().into_any() };
        let who = names.get()[seat.index()].clone();
        let fighter = v.me().fighter.card();
        let free = queueable(&v);
        let picked = chosen.get();
        let offer = free.to_vec().into_iter().filter(|s| !picked.contains(s)).map(|slot| {
            let name = fighter.move_card(slot, v.options.heal).name;
            view! { <button type="button" class="button" data-testid=format!("lay-{}", format!("{slot:?}").to_ascii_lowercase()) on:click=move |_| chosen.update(|c| c.push(slot))>{format!("+ {name}")}</button> }
        });
        let count = picked.len();
        let sequence = picked.iter().map(|slot| view! { <li>{fighter.move_card(*slot, v.options.heal).name}</li> });
        view! {
            <div class="stage lay" data-testid="lay">
                <p class="big">{format!("{who}: your TAUNT went unanswered. Lay cards face down for the coming turns.")}</p>
                <p class="hint">"Each laid Attack or Charge that acts uninterrupted adds a charge token, and charge is not spent while the combo lasts. Any hit that interrupts, or any Peril, sends the rest back to your hand. Your opponent sees only how many cards are down."</p>
                <p class="combo-label">{if count == 0 { "No cards laid yet: add them in the order they should act.".to_string() } else { "They act in this order, one per turn:".to_string() }}</p>
                <ol class="combo" data-testid="combo">{sequence.collect_view()}</ol>
                <div class="choices">{offer.collect_view()}</div>
                <div class="choices">
                    <button type="button" class="button subtle" disabled=count == 0 on:click=move |_| chosen.update(|c| { c.pop(); })>"Take back the last"</button>
                    <button type="button" class="button primary" data-testid="lay-done" on:click=move |_| cx.decide(move |s| s.give_all(seat, combo(&chosen.get_untracked())))>
                        {if count == 0 { "Lay no cards".to_string() } else { format!("Lay {count} card{} face down", if count == 1 { "" } else { "s" }) }}
                    </button>
                </div>
            </div>
        }
        .into_any()
    }
}

#[component]
fn TurnResult(cx: Ctx, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let names = names.get();
        let events = cx.session.with(|s| s.as_ref().map(|s| s.last_events())).unwrap_or_default();
        let reveals = events.iter().filter_map(|e| match e {
            Event::Revealed { turn, moves, levels, queued } => Some(view! {
                <div class="reveal" data-testid="reveal">
                    <span class="breath-label">{format!("Turn {turn}")}</span>
                    {(0..2).map(|i| view! {
                        <div class="revealed-move">
                            <span class="who">{names[i].clone()}</span>
                            <span class="mc-name">{match moves.0[i] { Some(m) => format!("{m} L{}", levels.0[i]), None => "down: no card".into() }}</span>
                            {queued.0[i].then(|| view! { <span class="badge combo">"from the combo"</span> })}
                        </div>
                    }).collect_view()}
                </div>
            }),
            _ => None,
        });
        let happened = cx
            .session
            .with(|s| s.as_ref().map(|s| events.iter().filter(|e| !matches!(e, Event::Revealed { .. })).map(|e| s.describe(e)).collect()));
        turn_result(cx, reveals.collect_view().into_any(), happened.unwrap_or_default(), "Next")
    }
}
