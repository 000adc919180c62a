//! `/play/taunt`: TAUNT on one device, in every way of playing the engine knows: a duel (a
//! series, against a friend with a hand-off screen between secret picks, or against the
//! computer), and the modes for more fighters (Free-for-All and Last Pobber Standing in a
//! circle of 3 to 6, the 2v2 Team Battle), each fighter played by a person at the device or the
//! computer at any strength, with or without the Wampires variant, and Monsters (two trainers,
//! each a person or the computer, who build three monsters in secret and switch between them
//! over a series). It is built as its own wasm
//! (`src/bin/taunt-play.rs`), loaded only when someone opens the page, so the site's first
//! download does not carry TAUNT's engine and bot. The match is saved after every step and
//! restored on reload, when who plays allows a save.
//!
//! Hidden information: a pick or a face-down combo waits in the play machine's session until
//! every fighter acting has decided; the page shows a hand only after the hand-off screen, and
//! the table shows face-down combo cards as a count. The choices made in the open (the order
//! of two Runs, where a hit leaves its victim, passing charge, a runner's markers) need no
//! hand-off. Saves keep the same secrets: against the computer only the person's view is
//! saved, on a shared device never a combo still face down (nor any step of a Monsters battle,
//! whose splits stay secret to the end), and nothing at a table of several people and the
//! computer.
//!
//! - `lobby`: the way of playing, then a duel's two seats or a row per fighter.
//! - [`board`]: the duel's table; `modes`: the table for more fighters.
//! - `choices`: the open choices; [`preview`]: what each card in hand would do now.
//! - `monsters`: Monsters' secret build screen, a trainer's own team and the Monsters table.
//! - [`session`]: TAUNT's answers to the shared play machine.

pub mod board;
mod choices;
mod lobby;
mod modes;
mod monsters;
pub mod preview;
pub mod session;

use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result, waiting_status};
use dojo_engine::Seat;
use dojo_games::taunt::{Action, Battle, Decision, Event, Phase, Slot, queueable};
use leptos::prelude::*;
use lobby::Lobby;
use session::{Session, TauntSite, combo, rematch};

type Ctx = PlayCtx<TauntSite>;

/// The card of `cards` (in the order shown) that the key `key` picks: the one whose letter, the
/// letter printed in the card's square, it is. Of two cards sharing a letter (both Runs, in
/// Monsters) Shift picks the second. The numbers printed on the cards repeat (Charge and Heal
/// are both 7) and tell when a card acts, so keys never follow them.
fn keyed(cards: &[Slot], key: &str, shift: bool) -> Option<Slot> {
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    let same: Vec<Slot> = cards.iter().copied().filter(|s| s.letter() == c.to_ascii_uppercase()).collect();
    same.get(usize::from(shift).min(same.len().max(1) - 1)).copied()
}

/// The key of the card at `at` in `cards`, as the card shows it ("H"; "⇧R" for the second of
/// two Runs) and as a test presses it ("h", "Shift+R").
fn key_of(cards: &[Slot], at: usize) -> (String, String) {
    let letter = cards[at].letter();
    if cards[..at].iter().any(|s| s.letter() == letter) {
        (format!("\u{21e7}{letter}"), format!("Shift+{letter}"))
    } else {
        (letter.to_string(), letter.to_ascii_lowercase().to_string())
    }
}

/// The TAUNT play page.
#[component]
pub fn PlayTaunt() -> impl IntoView {
    super::style::ensure();
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

#[component]
fn HandOff(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let name = names.get()[seat.index()].clone();
        let status = cx
            .session
            .with(|s| {
                s.as_ref().map(|s| match s.decision(seat) {
                    Some(Decision::Queue { .. }) => format!("{name} taunted unanswered and now lays cards face down."),
                    Some(Decision::Build { .. }) if s.has_given(dojo_games::taunt::rival(seat)) => {
                        format!("The other trainer has built in secret. {name} now builds three monsters, unseen.")
                    }
                    Some(Decision::Build { .. }) => format!("{name} builds three monsters in secret."),
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
        Some(Decision::Order) => view! { <choices::OrderChoice cx=cx seat=seat names=names/> }.into_any(),
        Some(Decision::Place { victim }) => view! { <choices::PlaceChoice cx=cx seat=seat victim=victim names=names/> }.into_any(),
        Some(Decision::Pass) => view! { <choices::PassChoice cx=cx seat=seat names=names/> }.into_any(),
        Some(Decision::Flip) => view! { <choices::FlipChoice cx=cx seat=seat names=names/> }.into_any(),
        Some(Decision::Build { .. }) => view! { <monsters::BuildMonsters cx=cx seat=seat names=names/> }.into_any(),
        None => ().into_any(),
    }
}

#[component]
fn PickMove(cx: Ctx, seat: Seat, turn: u16, names: Signal<Vec<String>>) -> impl IntoView {
    let hand = move || names.with(|names| cx.session.with(|s| s.as_ref().map(|s| preview::hand(&s.view(seat), names)))).unwrap_or_default();
    let spirit =
        move || cx.session.with(|s| s.as_ref().is_some_and(|s| s.public_view().corners.0.get(seat.index()).is_some_and(|c| c.out)));
    let choose = move |slot: Slot| cx.decide(move |s| s.give(seat, Action::Play(slot)));
    // Each card's key is the letter in its square.
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let hand = hand();
        let slots: Vec<Slot> = hand.iter().map(|c| c.slot).collect();
        if let Some(card) = keyed(&slots, &ev.key(), ev.shift_key()).and_then(|k| hand.into_iter().find(|c| c.slot == k))
            && card.playable.is_ok()
            && !ev.ctrl_key()
            && !ev.meta_key()
        {
            choose(card.slot);
        }
    });
    on_cleanup(move || handle.remove());
    move || {
        let who = names.get()[seat.index()].clone();
        let hand = hand();
        let slots: Vec<Slot> = hand.iter().map(|c| c.slot).collect();
        let cards = hand.into_iter().enumerate().map(|(i, c)| {
            let (letter, key) = key_of(&slots, i);
            let ok = c.playable.is_ok();
            let why = c.playable.err().map(|r| r.to_string());
            let slot = c.slot;
            let name = if slot == Slot::RunTwo { monsters::card_label(slot) } else { c.card.name };
            let copies = (c.copies > 1).then(|| view! { <span class="badge copies" title="Copies in this monster">{format!("×{}", c.copies)}</span> });
            view! {
                <button type="button" class="move-card" class:unplayable=!ok disabled=!ok data-testid=format!("pick-{}", format!("{slot:?}").to_ascii_lowercase())
                    aria-label=format!("Play {name} (key {letter})") data-key=key data-face=c.face on:click=move |_| choose(slot)>
                    <span class="mc-head"><span class="mc-letter" title="Its key">{letter.clone()}</span><span class="mc-name">{name}{copies}</span><span class="mc-number" title="Acts in this order">{c.card.number}</span></span>
                    <span class="mc-kind">{format!("{} · L{}", c.card.kind.label(), c.level).trim_start_matches(" · ").to_string()}</span>
                    <span class="mc-lines">{c.lines.into_iter().map(|l| view! { <span class="mc-line">{l}</span> }).collect_view()}</span>
                    {why.map(|w| view! { <span class="mc-why">{w}</span> })}
                </button>
            }
        });
        view! {
            <div class="stage pick" data-testid="pick" data-seat=seat.0 + 1>
                <p class="big">{if spirit() { format!("{who}, Team Spirit: choose a card for turn {turn}") } else { format!("{who}: choose your move for turn {turn}") }}</p>
                <div class="taunt-hand" role="group" aria-label="Your move cards" data-testid="hand">{cards.collect_view()}</div>
                <p class="hint">"Tap a card, or press the letter in its square. The number in its circle is when it acts: lower numbers first."</p>
                {move || cx.session.with(|s| s.as_ref().and_then(|s| monsters::my_team(&s.view(seat))))}
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
        let free = queueable(&v);
        let picked = chosen.get();
        // A monster may lay both copies of a card it holds twice.
        let left = |slot: Slot| match &v.monsters {
            Some(_) => monsters::layable(&v, slot) > picked.iter().filter(|p| **p == slot).count(),
            None => !picked.contains(&slot),
        };
        let name_of = |slot: Slot| board::card_name(&v, v.me(), slot);
        let offer = free.to_vec().into_iter().filter(|s| left(*s)).map(|slot| {
            let name = name_of(slot);
            view! { <button type="button" class="button" data-testid=format!("lay-{}", format!("{slot:?}").to_ascii_lowercase()) on:click=move |_| chosen.update(|c| c.push(slot))>{format!("+ {name}")}</button> }
        });
        let count = picked.len();
        let sequence = picked.iter().map(|slot| view! { <li>{name_of(*slot)}</li> });
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
        // Fighters out of a circle before this turn play nothing and are left out; a Team
        // Spirit's card is shown, since it can match an opponent's.
        let out = cx
            .session
            .with(|s| s.as_ref().map(|s| s.public_view().corners.0.iter().map(|c| c.out).collect::<Vec<_>>()))
            .unwrap_or_default();
        let team = cx.session.with(|s| s.as_ref().is_some_and(|s| s.public_view().battle == Battle::Team));
        let fell: Vec<Seat> = events.iter().filter_map(|e| if let Event::Defeated { seat, .. } = e { Some(*seat) } else { None }).collect();
        let reveals = events.iter().filter_map(|e| match e {
            Event::Revealed { turn, moves, levels, queued, .. } => Some(view! {
                <div class="reveal" data-testid="reveal">
                    <span class="breath-label">{format!("Turn {turn}")}</span>
                    {(0..moves.len()).filter(|i| moves.0[*i].is_some() || !out.get(*i).copied().unwrap_or(false)).map(|i| view! {
                        <div class="revealed-move">
                            <span class="who">{names.get(i).cloned().unwrap_or_default()}</span>
                            <span class="mc-name">{match moves.0[i] { Some(m) => format!("{m} L{}", levels.0.get(i).copied().unwrap_or(0)), None => "down: no card".into() }}</span>
                            {queued.0.get(i).copied().unwrap_or(false).then(|| view! { <span class="badge combo">"from the combo"</span> })}
                            {(team && out.get(i).copied().unwrap_or(false) && !fell.contains(&Seat(i as u8))).then(|| view! { <span class="badge out">"Team Spirit"</span> })}
                        </div>
                    }).collect_view()}
                </div>
            }),
            _ => None,
        });
        let mut happened: Vec<String> = cx
            .session
            .with(|s| s.as_ref().map(|s| events.iter().filter(|e| !matches!(e, Event::Revealed { .. })).map(|e| s.describe(e)).collect()))
            .unwrap_or_default();
        // A turn that stops halfway for a choice says so, or the screen would seem to show nothing.
        let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
        match cx.session.with(|s| s.as_ref().map(|s| s.public_view().phase)) {
            Some(Phase::Flip { seat }) => {
                happened.push(format!("The turn waits while {} chooses which markers the Run turns over.", name(seat)))
            }
            Some(Phase::Order { seat }) => happened.push(format!("The turn waits while {} chooses which Run acts first.", name(seat))),
            _ => {}
        }
        turn_result(cx, reveals.collect_view().into_any(), happened, "Next")
    }
}
