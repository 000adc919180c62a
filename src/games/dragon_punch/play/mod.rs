//! `/play/dragon-punch`: a DRAGON PUNCH match on one device, against a friend (a hand-off
//! screen before every secret step: choosing a card, switching damaged cards to red) or against
//! the computer at three strengths, on our reconstructed set or a set typed in or sent by link,
//! in the usual game, Tag Team and Custom Character (hands taken in secret), and Turbo Mode (a "3, 2, 1, FIGHT!" count on every choice). It
//! is built as its own wasm (`src/bin/dragon-punch-play.rs`), loaded only when someone opens
//! the page. The match is saved after every step and restored on reload.
//!
//! - `lobby`: who plays, the set, the way of playing, the characters, Turbo Mode.
//! - `choose`: the secret screens: a card to play (with the Turbo count), and a card to turn red.
//! - `pick`: Custom Character's secret screen: a hand taken card by card.
//! - [`session`]: DRAGON PUNCH's answers to the shared play machine.

mod choose;
mod lobby;
mod pick;
pub mod session;

use super::cards::{Hue, find_move, move_face};
use super::table;
use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result, waiting_status};
use dojo_engine::Seat;
use dojo_games::dragon_punch::resolve::{Fate, Strike};
use dojo_games::dragon_punch::{Decision, Event};
use leptos::prelude::*;
use session::{DragonPunchSite, Session, rematch};

type Ctx = PlayCtx<DragonPunchSite>;

/// Where the lobby's Turbo Mode choice is kept, so a restored match keeps counting.
pub const TURBO_KEY: &str = "pocket-dojo/dragon-punch/turbo";

/// True when the match on the page is played in Turbo Mode.
pub fn turbo() -> bool {
    crate::browser::load(TURBO_KEY).as_deref() == Some("1")
}

/// The DRAGON PUNCH play page.
#[component]
pub fn PlayDragonPunch() -> impl IntoView {
    super::style::ensure();
    play_page(PlayPage {
        title: "DRAGON PUNCH",
        testid: "play-dragon-punch",
        screen,
        table: table::table,
        over: ["Play again", "Change players or cards"],
        again: |s: &Session| Session::new(s.seats().clone(), &rematch(s)),
    })
}

/// DRAGON PUNCH's own screens.
fn screen(cx: Ctx, now: Screen, names: Signal<Vec<String>>) -> AnyView {
    match now {
        Screen::HandOff(seat) => view! { <HandOff cx=cx seat=seat names=names/> }.into_any(),
        Screen::Decide(seat) => view! { <Decide cx=cx seat=seat names=names/> }.into_any(),
        Screen::Result => view! { <RevealResult cx=cx names=names/> }.into_any(),
        _ => view! { <lobby::Lobby cx=cx/> }.into_any(),
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
                    Some(Decision::Pick { .. }) if s.has_given(Seat(1 - seat.0.min(1))) => {
                        format!("The other player has taken a hand in secret. {name} now takes nine cards, unseen.")
                    }
                    Some(Decision::Pick { .. }) => format!("{name} takes nine cards in secret."),
                    Some(Decision::Switch { owed }) => {
                        format!("{name} took damage and now turns {owed} white card{} red, unseen.", if owed == 1 { "" } else { "s" })
                    }
                    _ => waiting_status(s, seat, "turn"),
                })
            })
            .unwrap_or_default();
        hand_off(cx, seat, name, status, "cards")
    }
}

#[component]
fn Decide(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let decision = Memo::new(move |_| cx.session.with(|s| s.as_ref().and_then(|s| s.decision(seat))));
    move || match decision.get() {
        Some(Decision::Choose) => view! { <choose::ChooseCard cx=cx seat=seat names=names/> }.into_any(),
        Some(Decision::Switch { owed }) => view! { <choose::SwitchCard cx=cx seat=seat owed=owed names=names/> }.into_any(),
        Some(Decision::Pick { taken }) => view! { <pick::PickHand cx=cx seat=seat taken=taken names=names/> }.into_any(),
        None => ().into_any(),
    }
}

/// What became of one attack, in words.
fn strike_line(s: &Strike) -> String {
    let fate = match s.fate {
        Fate::Successful => format!("hits for {}", s.strength),
        Fate::Blocked => "Blocked".into(),
        Fate::Evaded => "Evaded".into(),
        Fate::Interrupted => "Interrupted".into(),
    };
    let place = match s.location {
        dojo_games::dragon_punch::card::Location::High => "High",
        dojo_games::dragon_punch::card::Location::Low => "Low",
    };
    format!("{place} attack ({}, time {}): {fate}", s.strength, s.time)
}

fn fate_class(fate: Fate) -> &'static str {
    match fate {
        Fate::Successful => "fate-hit",
        Fate::Blocked => "fate-blocked",
        Fate::Evaded => "fate-evaded",
        Fate::Interrupted => "fate-interrupted",
    }
}

#[component]
fn RevealResult(cx: Ctx, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let names = names.get();
        let events = cx.session.with(|s| s.as_ref().map(|s| s.last_events())).unwrap_or_default();
        let set = cx.session.with(|s| s.as_ref().map(|s| s.public_view().table.set.clone()));
        let strikes = events.iter().find_map(|e| match e {
            Event::Compared { strikes, damage } => Some((strikes.clone(), *damage)),
            _ => None,
        });
        let reveals = events.iter().filter_map(|e| match e {
            Event::Revealed { turn, moves, initiative, .. } => Some(view! {
                <div class="dp-reveal" data-testid="reveal">
                    <span class="breath-label">{format!("Turn {turn}")}{initiative.map(|s| format!(" · {} had the Initiative", names.get(s.index()).cloned().unwrap_or_default()))}</span>
                    <div class="dp-reveal-pair">
                        {(0..2).map(|p| {
                            let face = set.as_ref().and_then(|set| find_move(set, &moves[p]).map(|(m, hue)| (m.clone(), hue)));
                            let lines = strikes.as_ref().map(|(s, _)| s[p].clone()).unwrap_or_default();
                            let dealt = strikes.as_ref().map_or(0, |(_, d)| d[p]);
                            view! {
                                <div class="dp-revealed" data-testid=format!("revealed-{}", p + 1)>
                                    <span class="who">{names.get(p).cloned().unwrap_or_default()}</span>
                                    {match face {
                                        Some((m, hue)) => move_face(&m, hue).into_any(),
                                        None => move_face(&dojo_games::dragon_punch::card::Move { name: moves[p].clone(), effect: None, high: None, low: None, properties: Default::default() }, Hue::Unknown).into_any(),
                                    }}
                                    <ul class="dp-strikes">
                                        {if lines.is_empty() { view! { <li>"No attack"</li> }.into_any() } else {
                                            lines.iter().map(|s| view! { <li class=fate_class(s.fate)>{strike_line(s)}</li> }).collect_view().into_any()
                                        }}
                                    </ul>
                                    <span class="dp-dealt">{format!("Deals {dealt} damage")}</span>
                                </div>
                            }
                        }).collect_view()}
                    </div>
                </div>
            }),
            _ => None,
        });
        let happened = cx
            .session
            .with(|s| {
                s.as_ref().map(|s| {
                    events.iter().filter(|e| !matches!(e, Event::Revealed { .. } | Event::Compared { .. })).map(|e| s.describe(e)).collect()
                })
            })
            .unwrap_or_default();
        turn_result(cx, reveals.collect_view().into_any(), happened, "Next")
    }
}
