//! `/play/fusion`: FUSION's conflicts on one device for 1–4 pilots and the Coach, each a
//! person or the computer at a strength. Every choice is a button read from the engine's list
//! of legal actions, labelled in words; choices that show a seat's cards (its Stash, a card to
//! lay, a turn) are made behind a hand-off when people share the device. It is built as its own
//! wasm (`src/bin/fusion-play.rs`), loaded only when someone opens the page.
//!
//! - `choose`: the decision screen, a card then what to do with it, each choice in words.
//! - `lobby`: who plays each seat, the pilots' names, the conflict and the stand-ins.
//! - [`session`]: FUSION's answers to the shared play machine.

mod choose;
mod lobby;
pub mod session;

use super::table::{self, card_face};
use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result};
use choose::Decide;
#[cfg(test)]
use choose::choice_key;
use dojo_engine::Seat;
use dojo_games::fusion::{Decision, Event};
use leptos::prelude::*;
use session::{FusionSite, Session};

type Ctx = PlayCtx<FusionSite>;

/// The FUSION play page.
#[component]
pub fn PlayFusion() -> impl IntoView {
    super::style::ensure();
    play_page(PlayPage {
        title: "Gattaibushido:\u{200b}FUSION!",
        testid: "play-fusion",
        screen,
        table: table::table,
        over: ["Play again", "Change the table"],
        again: |s: &Session| lobby::rematch(s, crate::browser::random_seed()),
    })
}

fn screen(cx: Ctx, now: Screen, names: Signal<Vec<String>>) -> AnyView {
    match now {
        Screen::HandOff(seat) => view! { <HandOff cx=cx seat=seat names=names/> }.into_any(),
        Screen::Decide(seat) => view! { <Decide cx=cx seat=seat/> }.into_any(),
        Screen::Result => view! { <StepResult cx=cx/> }.into_any(),
        _ => view! { <lobby::Lobby cx=cx/> }.into_any(),
    }
}

#[component]
fn HandOff(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let name = names.get().get(seat.index()).cloned().unwrap_or_default();
        let status = cx
            .session
            .with(|s| {
                s.as_ref().map(|s| match s.decision(seat) {
                    Some(Decision::Join) => format!("{name} chooses, in secret, whether to join the Throwdown."),
                    Some(Decision::Turn) => format!("It is {name}'s turn."),
                    Some(Decision::Discard) => format!("{name} discards down to the Stash maximum."),
                    _ => format!("{name} decides."),
                })
            })
            .unwrap_or_default();
        hand_off(cx, seat, name, status, "cards")
    }
}

/// What a reveal showed and what happened, in words.
#[component]
fn StepResult(cx: Ctx) -> impl IntoView {
    move || {
        let Some((events, lines)) = cx.session.with(|s| {
            s.as_ref().map(|s| {
                let events = s.last_events();
                let lines: Vec<String> = events.iter().filter(|e| !matches!(e, Event::TurnOf { .. })).map(|e| s.describe(e)).collect();
                (events, lines)
            })
        }) else {
            return ().into_any();
        };
        let cards = events.iter().find_map(|e| match e {
            Event::Revealed { threshold, card, .. } => Some(vec![*threshold, *card]),
            Event::Initiative { stack, .. } => Some(stack.iter().rev().map(|c| c.card).collect()),
            _ => None,
        });
        let shown =
            cards.map(|cards| view! { <p class="fu-revealed" data-testid="reveal">{cards.into_iter().map(card_face).collect_view()}</p> });
        turn_result(cx, shown.into_any(), lines, "Next").into_any()
    }
}
