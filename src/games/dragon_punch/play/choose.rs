//! The secret screens: choosing a card to play (a tap or a number key selects, the Play button
//! or Enter confirms; in Turbo Mode a "3, 2, 1, FIGHT!" count plays whatever is selected at
//! FIGHT, or the suggested card), and choosing which white card a point of damage turns red
//! (the suggested card selected to begin with).
//!
//! Turbo timing: "3" shows as the screen opens (after the hand-off on a shared device), "2"
//! after one second, "1" after two, "FIGHT!" after three; the selection is locked at FIGHT and
//! played 0.4 s later, so the word is seen.

use super::Ctx;
use crate::games::dragon_punch::cards::{Hue, move_face};
use crate::games::dragon_punch::seen::{self, Known};
use dojo_engine::Seat;
use dojo_games::dragon_punch::Action;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// One beat of the Turbo count, in ms.
pub const TURBO_BEAT_MS: u32 = 1000;

/// How long "FIGHT!" shows before the selection is played, in ms.
pub const FIGHT_SHOWN_MS: u32 = 400;

/// The Turbo count in words: 3, 2, 1, then FIGHT!
fn count_word(n: u8) -> String {
    if n == 0 { "FIGHT!".into() } else { n.to_string() }
}

/// The name of the move `(card, second)` in `hand`.
fn move_name(hand: &[Known], (card, second): (u8, bool)) -> String {
    hand.get(usize::from(card))
        .and_then(|k| k.moves.get(usize::from(second && k.character)))
        .map(|m| m.name.to_string())
        .unwrap_or_default()
}

/// The next selection when the number key of `card` is pressed: a character card's first move,
/// then its second on a second press; a basic card's move.
fn keyed(hand: &[Known], card: usize, now: Option<(u8, bool)>) -> Option<(u8, bool)> {
    let k = hand.get(card).filter(|k| !k.flipped)?;
    let second = k.character && now == Some((k.index, false));
    Some((k.index, second))
}

/// The card to play at FIGHT: the selection, else the suggested card.
fn at_fight(selected: Option<(u8, bool)>, suggested: Option<Action>) -> Option<Action> {
    selected.map(|(card, second)| Action::Play { card, second }).or(suggested)
}

#[component]
pub(super) fn ChooseCard(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let selected: RwSignal<Option<(u8, bool)>> = RwSignal::new(None);
    let locked = RwSignal::new(false);
    let count = RwSignal::new(3u8);
    let turbo = super::turbo();
    let me = seat.index();
    let hand = Memo::new(move |_| cx.session.with(|s| s.as_ref().map(|s| seen::hand(&s.own_view(seat), me))).unwrap_or_default());
    let suggested = move || cx.session.with_untracked(|s| s.as_ref().and_then(|s| seen::suggested(&s.own_view(seat), &s.legal(seat))));
    let give = move |action: Action| cx.decide(move |s| s.give(seat, action));
    let confirm = move || {
        if let Some((card, second)) = selected.get_untracked() {
            give(Action::Play { card, second });
        }
    };
    // The same flag stops the key handler and the Turbo count once the screen is gone.
    let alive = Arc::new(AtomicBool::new(true));
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if locked.get_untracked() {
            return;
        }
        if ev.key() == "Enter" {
            ev.prevent_default();
            confirm();
        } else if let Some(n) = ev.key().parse::<usize>().ok().filter(|n| *n >= 1) {
            let next = keyed(&hand.get_untracked(), n - 1, selected.get_untracked());
            if next.is_some() {
                selected.set(next);
            }
        }
    });
    if turbo {
        for (beat, n) in [(1, 2u8), (2, 1), (3, 0)] {
            let alive = Arc::clone(&alive);
            Timeout::new(beat * TURBO_BEAT_MS, move || {
                if !alive.load(Ordering::Relaxed) {
                    return;
                }
                count.set(n);
                if n == 0 {
                    locked.set(true);
                    let alive = Arc::clone(&alive);
                    Timeout::new(FIGHT_SHOWN_MS, move || {
                        if alive.load(Ordering::Relaxed)
                            && let Some(action) = at_fight(selected.get_untracked(), suggested())
                        {
                            give(action);
                        }
                    })
                    .forget();
                }
            })
            .forget();
        }
    }
    {
        let alive = Arc::clone(&alive);
        on_cleanup(move || {
            alive.store(false, Ordering::Relaxed);
            handle.remove();
        });
    }
    let card_view = move |k: Known| {
        let i = k.index;
        let flipped = k.flipped;
        if k.character {
            let name = k.character_name.clone().unwrap_or_default();
            let halves: Vec<_> = k
                .moves
                .iter()
                .enumerate()
                .map(|(m, mv)| {
                    let pick = (i, m == 1);
                    let label = format!("Play {} ({name}, key {}{})", mv.name, i + 1, if m == 1 { " twice" } else { "" });
                    view! {
                        <button type="button" class="dp-half" class:selected=move || selected.get() == Some(pick)
                            disabled=move || flipped || locked.get() aria-pressed=move || (selected.get() == Some(pick)).to_string()
                            data-testid=format!("card-{}-{}", i + 1, if m == 1 { "b" } else { "a" }) aria-label=label
                            on:click=move |_| selected.set(Some(pick))>
                            {move_face(mv, Hue::Purple)}
                        </button>
                    }
                })
                .collect();
            view! {
                <div class="dp-card character" class:flipped=flipped data-testid=format!("card-{}", i + 1)>
                    <span class="dp-card-top"><span class="dp-key">{format!("{}", i + 1)}</span><span class="dp-character-name">{name}</span>{flipped.then(|| view! { <span class="dp-flipped">"flipped"</span> })}</span>
                    <div class="dp-halves">{halves}</div>
                </div>
            }
            .into_any()
        } else {
            let pick = (i, false);
            let hue = k.hue;
            let name = k.moves.first().map(|m| m.name.to_string()).unwrap_or_default();
            let label = format!("Play {name} ({}, key {})", hue.label(), i + 1);
            view! {
                <button type="button" class=format!("dp-card basic {}", hue.class()) class:flipped=flipped class:selected=move || selected.get() == Some(pick)
                    disabled=move || flipped || locked.get() aria-pressed=move || (selected.get() == Some(pick)).to_string()
                    data-testid=format!("card-{}", i + 1) aria-label=label on:click=move |_| selected.set(Some(pick))>
                    <span class="dp-card-top"><span class="dp-key">{format!("{}", i + 1)}</span>{flipped.then(|| view! { <span class="dp-flipped">"flipped"</span> })}</span>
                    <span class="dp-sides" data-face=k.face>{k.moves.first().map(|m| move_face(m, hue))}</span>
                </button>
            }
            .into_any()
        }
    };
    let prompt = move || {
        let who = names.get().get(me).cloned().unwrap_or_default();
        let turn = cx.session.with(|s| s.as_ref().map(|s| s.public_view().turn)).unwrap_or(1);
        format!("{who}: choose a card for turn {turn}")
    };
    let chosen_line = move || match selected.get() {
        Some(pick) => format!("Selected: {}", move_name(&hand.get(), pick)),
        None if turbo => {
            let fallback = suggested().and_then(|a| match a {
                Action::Play { card, second } => Some(move_name(&hand.get(), (card, second))),
                Action::Switch(_) | Action::Pick(_) => None,
            });
            format!("Nothing selected: at FIGHT! {} is played.", fallback.unwrap_or_default())
        }
        None => "Nothing selected yet.".into(),
    };
    view! {
        <div class="stage pick dp-pick" data-testid="pick" data-seat=seat.0 + 1>
            <p class="big">{prompt}</p>
            {turbo.then(|| view! {
                <p class="dp-turbo" class:fight=move || count.get() == 0 data-testid="turbo-count" aria-live="assertive">{move || count_word(count.get())}</p>
            })}
            <div class="dp-hand" role="group" aria-label="Your cards" data-testid="hand">{move || hand.get().into_iter().map(card_view).collect_view()}</div>
            <p class="dp-chosen" data-testid="chosen" aria-live="polite">{chosen_line}</p>
            <button type="button" class="button primary dp-confirm" data-testid="confirm" disabled=move || selected.get().is_none() || locked.get() on:click=move |_| confirm()>
                {move || match selected.get() { Some(pick) => format!("Play {}", move_name(&hand.get(), pick)), None => "Select a card".into() }}
            </button>
            <p class="hint">{if turbo {
                "Turbo Mode: tap a card (or press its number) before FIGHT!; tap Play to lock it in early. A character card's number pressed twice picks its second move."
            } else {
                "Tap a card, or press its number on a keyboard, then Play (or Enter). A character card's number pressed twice picks its second move."
            }}</p>
            <p class="hint" data-testid="time-hint">"An attack's time is its speed: when both attacks get through and nobody holds the Initiative, the lower time succeeds and the other is Interrupted; equal times both succeed."</p>
        </div>
    }
}

#[component]
pub(super) fn SwitchCard(cx: Ctx, seat: Seat, owed: u8, names: Signal<Vec<String>>) -> impl IntoView {
    let me = seat.index();
    let hand = Memo::new(move |_| cx.session.with(|s| s.as_ref().map(|s| seen::hand(&s.own_view(seat), me))).unwrap_or_default());
    let suggested = cx.session.with_untracked(|s| {
        s.as_ref().and_then(|s| match seen::suggested(&s.own_view(seat), &s.legal(seat)) {
            Some(Action::Switch(card)) => Some(card),
            _ => None,
        })
    });
    let selected = RwSignal::new(suggested);
    let white = move || hand.get().into_iter().filter(|k| !k.character && k.hue == Hue::White).collect::<Vec<_>>();
    let confirm = move || {
        if let Some(card) = selected.get_untracked() {
            cx.decide(move |s| s.give(seat, Action::Switch(card)));
        }
    };
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Enter" {
            ev.prevent_default();
            confirm();
        } else if let Some(n) = ev.key().parse::<u8>().ok().filter(|n| *n >= 1)
            && white().iter().any(|k| k.index == n - 1)
        {
            selected.set(Some(n - 1));
        }
    });
    on_cleanup(move || handle.remove());
    let options = move || {
        white()
            .into_iter()
            .map(|k| {
                let i = k.index;
                let now = k.moves.first().cloned();
                let becomes = k.red_move.clone();
                let name = now.as_ref().map(|m| m.name.to_string()).unwrap_or_default();
                let to = becomes.as_ref().map(|m| m.name.to_string()).unwrap_or_default();
                view! {
                    <button type="button" class="dp-switch" class:selected=move || selected.get() == Some(i) class:flipped=k.flipped
                        aria-pressed=move || (selected.get() == Some(i)).to_string() data-testid=format!("switch-{}", i + 1)
                        aria-label=format!("Turn {name} red: it becomes {to} (key {})", i + 1) on:click=move |_| selected.set(Some(i))>
                        <span class="dp-card-top"><span class="dp-key">{format!("{}", i + 1)}</span>{k.flipped.then(|| view! { <span class="dp-flipped">"flipped: the other player sees it"</span> })}{(suggested == Some(i)).then(|| view! { <span class="badge suggested">"suggested"</span> })}</span>
                        <span class="dp-switch-pair">
                            {now.as_ref().map(|m| move_face(m, Hue::White))}
                            <span class="dp-arrow" aria-hidden="true">"→"</span>
                            {becomes.as_ref().map(|m| move_face(m, Hue::Red))}
                        </span>
                    </button>
                }
            })
            .collect_view()
    };
    let who = move || names.get().get(me).cloned().unwrap_or_default();
    let target =
        move || selected.get().and_then(|c| hand.get().get(usize::from(c)).and_then(|k| k.moves.first().map(|m| m.name.to_string())));
    view! {
        <div class="stage switch dp-pick" data-testid="switch" data-seat=seat.0 + 1>
            <p class="big">{move || format!("{}: turn a white card red ({owed} to go)", who())}</p>
            <p class="hint">"Each point of damage turns one white card to its red move. Your health is your white cards; which ones turn red the other player does not see, unless the card faces them."</p>
            <div class="dp-switches" role="group" aria-label="Your white cards" data-testid="hand">{options}</div>
            <button type="button" class="button primary dp-confirm" data-testid="confirm-switch" disabled=move || selected.get().is_none() on:click=move |_| confirm()>
                {move || match target() { Some(name) => format!("Turn {name} red"), None => "Select a card".into() }}
            </button>
            <p class="hint">"Tap a card or press its number, then confirm (or Enter). The suggested card is selected to begin with."</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, Observer};
    use dojo_games::dragon_punch::{DragonPunch, Setup, set::reconstructed};

    fn fresh_hand() -> Vec<Known> {
        let state = DragonPunch::from_setup(&Setup::standard(reconstructed(), [0, 1])).unwrap();
        seen::hand(&state.view(Observer::Seat(Seat(0))), 0)
    }

    #[test]
    fn number_keys_select_a_card_and_a_second_press_the_characters_second_move() {
        let hand = fresh_hand();
        assert_eq!(keyed(&hand, 2, None), Some((2, false)));
        assert_eq!(keyed(&hand, 6, None), Some((6, false)), "the character card's first move");
        assert_eq!(keyed(&hand, 6, Some((6, false))), Some((6, true)), "pressed again: its second move");
        assert_eq!(keyed(&hand, 6, Some((6, true))), Some((6, false)), "and back");
        assert_eq!(keyed(&hand, 9, None), None, "no such card");
        assert_eq!(move_name(&hand, (6, true)), "Meteor Storm");
    }

    #[test]
    fn fight_plays_the_selection_or_else_the_suggested_card() {
        let suggested = Some(Action::Play { card: 4, second: false });
        assert_eq!(at_fight(Some((1, false)), suggested), Some(Action::Play { card: 1, second: false }));
        assert_eq!(at_fight(None, suggested), suggested);
        assert_eq!(count_word(0), "FIGHT!");
        assert_eq!(count_word(2), "2");
    }
}
