//! `/play/rumble`: Rumble on one device for 2 to 8 seats, each a person or the computer at a
//! strength, with an optional moderator (a person who plays no hero, or a hero's player) who
//! applies the powers people typed in. Every secret step (bid sheets, re-bids, allocations,
//! reveal-step choices, discards, gifts, blocks, the moderator's panel) is made behind a
//! hand-off when people share the device. It is built as its own wasm (`src/bin/rumble-play.rs`),
//! loaded only when someone opens the page; the game is saved after every step it may be.
//!
//! - `lobby`: seats, names and roles, the powers (all, the beginner set, or by hand), typed-in
//!   powers, the genre's words.
//! - `bid`, `allocate`, `reveal`, `other`, `moderate`: the secret screens; `forms`: their pieces.
//! - [`session`]: Rumble's answers to the shared play machine.

mod allocate;
mod bid;
mod forms;
mod lobby;
mod moderate;
mod other;
mod reveal;
pub mod session;

use super::table;
use super::words::{self, words};
use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result, waiting_status};
use dojo_engine::Seat;
use dojo_games::rumble::{Decision, Event};
use leptos::prelude::*;
use session::{RumbleSite, Session, rematch};

type Ctx = PlayCtx<RumbleSite>;

/// Where the lobby's genre is kept, so a restored game keeps its words.
pub const GENRE_KEY: &str = "pocket-dojo/rumble/genre";

/// The Rumble play page.
#[component]
pub fn PlayRumble() -> impl IntoView {
    super::style::ensure();
    words::use_genre(&crate::browser::load(GENRE_KEY).unwrap_or_default());
    play_page(PlayPage {
        title: "Rumble",
        testid: "play-rumble",
        screen,
        table: table::table,
        over: ["Play again", "Change the table"],
        again: |s: &Session| Session::new(s.seats().clone(), &rematch(s, crate::browser::random_seed())),
    })
}

fn screen(cx: Ctx, now: Screen, names: Signal<Vec<String>>) -> AnyView {
    match now {
        Screen::HandOff(seat) => view! { <HandOff cx=cx seat=seat names=names/> }.into_any(),
        Screen::Decide(seat) => view! { <Decide cx=cx seat=seat/> }.into_any(),
        Screen::Result => view! { <RoundResult cx=cx/> }.into_any(),
        _ => view! { <lobby::Lobby cx=cx/> }.into_any(),
    }
}

#[component]
fn HandOff(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let name = names.get().get(seat.index()).cloned().unwrap_or_default();
        let w = words();
        let status = cx
            .session
            .with(|s| {
                s.as_ref().map(|s| match s.decision(seat) {
                    Some(Decision::Bid) => format!("{name} fills in a sealed bid sheet. {}", waiting_status(s, seat, "auction")),
                    Some(Decision::Rebid { .. }) => format!("{name} tied for a top bid and bids again, in secret."),
                    Some(Decision::Give { .. }) => format!("{name} hands on a curse."),
                    Some(Decision::Settle { .. }) => format!("{name} may discard {} won in the auction.", w.powers.to_ascii_lowercase()),
                    Some(Decision::Reveal(_)) => format!("{name} may react in the reveal step."),
                    Some(Decision::Block { .. }) => format!("{name} chooses which {} points to block.", w.attack),
                    Some(Decision::Moderate) => "The moderator applies the typed-in powers, seeing every secret.".to_string(),
                    _ => waiting_status(s, seat, &w.round.to_ascii_lowercase()),
                })
            })
            .unwrap_or_default();
        hand_off(cx, seat, name, status, "screen")
    }
}

#[component]
fn Decide(cx: Ctx, seat: Seat) -> impl IntoView {
    let decision = Memo::new(move |_| cx.session.with(|s| s.as_ref().and_then(|s| s.decision(seat))));
    move || match decision.get() {
        Some(Decision::Bid) => view! { <bid::BidSheet cx=cx seat=seat/> }.into_any(),
        Some(Decision::Rebid { hero }) => view! { <bid::Rebid cx=cx seat=seat hero=hero/> }.into_any(),
        Some(Decision::Give { hero, slot }) => view! { <other::Give cx=cx seat=seat hero=hero place=slot/> }.into_any(),
        Some(Decision::Settle { hero }) => view! { <other::Settle cx=cx seat=seat hero=hero/> }.into_any(),
        Some(Decision::Allocate(heroes)) => view! { <allocate::Allocate cx=cx seat=seat heroes=heroes/> }.into_any(),
        Some(Decision::Reveal(heroes)) => view! { <reveal::Reveal cx=cx seat=seat heroes=heroes/> }.into_any(),
        Some(Decision::Block { hero, attacks, defense }) => {
            view! { <other::Block cx=cx seat=seat hero=hero attacks=attacks defense=defense/> }.into_any()
        }
        Some(Decision::Moderate) => view! { <moderate::Moderate cx=cx seat=seat/> }.into_any(),
        None => ().into_any(),
    }
}

/// What a reveal showed: every allocation (or reveal-step choice) hero by hero, then what
/// happened in words.
#[component]
fn RoundResult(cx: Ctx) -> impl IntoView {
    move || {
        let Some((game, events, lines, person)) = cx.session.with(|s| {
            s.as_ref().map(|s| {
                let events = s.last_events();
                let lines: Vec<(Event, String)> = events.iter().map(|e| (e.clone(), s.describe(e))).collect();
                // The one person at a table of computers, if that is who plays.
                let persons: Vec<Seat> = s.seats().persons().collect();
                let person = (persons.len() == 1 && s.seats().has_computer() && !s.is_over()).then(|| persons[0]);
                (s.public_view().table, events, lines, person)
            })
        }) else {
            return ().into_any();
        };
        let shown = events.iter().find_map(|e| match e {
            Event::Allocations(list) => Some(list.iter().map(|(h, a)| (*h, words::allocation(&game, *h, a))).collect::<Vec<_>>()),
            Event::Choices(list) if !list.is_empty() => Some(list.iter().map(|(h, c)| (*h, words::choice(&game, c))).collect()),
            _ => None,
        });
        let reveals = shown.map(|rows| {
            let items = rows
                .into_iter()
                .map(|(h, text)| view! { <li data-testid=format!("shown-{}", h + 1)><strong>{words::hero(&game, h)}</strong>": "{text}</li> })
                .collect_view();
            view! { <ul class="rb-shown" data-testid="reveal">{items}</ul> }
        });
        // Once every hero of the person is out, the rounds between the computers can be skipped.
        let out = person.is_some_and(|p| {
            let mine = || game.heroes.iter().filter(|h| usize::from(h.seat) == p.index());
            mine().count() > 0 && !mine().any(|h| h.standing())
        });
        let skip = out.then(|| view! {
            <p class="rb-skip" data-testid="skip">
                <button type="button" class="button" data-testid="skip-to-end" on:click=move |_| cx.skip_to_end()>"Skip to the result"</button>
                " You are out: the computers play on to the end without stopping."
            </p>
        });
        let happened: Vec<String> =
            lines.into_iter().filter(|(e, _)| !matches!(e, Event::Allocations(_) | Event::Choices(_))).map(|(_, l)| l).collect();
        turn_result(cx, view! { {reveals}{skip} }.into_any(), happened, "Next").into_any()
    }
}
