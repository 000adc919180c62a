//! `/play/fusion`: FUSION's conflicts on one device for 1–4 pilots and the Coach, each a
//! person or the computer at a strength. Every choice is a button read from the engine's list
//! of legal actions, labelled in words; choices that show a seat's cards (its Stash, a card to
//! lay, a turn) are made behind a hand-off when people share the device. It is built as its own
//! wasm (`src/bin/fusion-play.rs`), loaded only when someone opens the page.
//!
//! - `lobby`: who plays each seat, the pilots' names, the conflict and the stand-ins.
//! - [`session`]: FUSION's answers to the shared play machine.

mod lobby;
pub mod session;

use super::table::{self, card_face};
use super::words::{self, seat_name};
use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result};
use dojo_engine::Seat;
use dojo_games::fusion::{Action, Decision, Event};
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

/// What the seat is asked, in a sentence.
fn prompt(decision: Decision) -> &'static str {
    match decision {
        Decision::TakeGambit => "The Coach calls a Gambit on you. Take it, or back off?",
        Decision::GambitCard => "The Threshold lies face down. Play a card from your Stash, or flip the Deck's top card.",
        Decision::PickOutcome => "Your card is not higher. Pick the outcome.",
        Decision::Consequence => "Name a consequence.",
        Decision::Challenge => "Lay a card face down to challenge.",
        Decision::Join => "Join the Throwdown with a card face down, or sit it out.",
        Decision::Turn => "Your turn: any side actions, then one main action.",
        Decision::Spoils => "Your side won. Spend the spoils card by card, by suit.",
        Decision::Concession => "Your opponents spent a Spade: take a concession.",
        Decision::Aim => "Aim the damage at one of your side.",
        Decision::Soak => "Damage lands on you: stop it with a Buffer, or take it.",
        Decision::Discard => "Your Stash is over its maximum: discard a card.",
    }
}

/// The choices of a decision, grouped, each group with whether it starts folded away: in a
/// turn, side actions apart from main actions, and the many ways to Assist folded under one line.
fn groups(decision: Decision, legal: Vec<Action>) -> Vec<(&'static str, bool, Vec<Action>)> {
    if decision != Decision::Turn {
        return vec![("", false, legal)];
    }
    let (side, rest): (Vec<Action>, Vec<Action>) = legal.into_iter().partition(Action::is_side);
    let (assist, main): (Vec<Action>, Vec<Action>) = rest.into_iter().partition(|a| matches!(a, Action::Assist { .. }));
    let mut out = Vec::new();
    if !side.is_empty() {
        out.push(("Side actions (each once a turn)", false, side));
    }
    out.push(("Main action (ends your turn)", false, main));
    if !assist.is_empty() {
        out.push(("Or, as your main action, Assist the next ally", true, assist));
    }
    out
}

/// A choice's name for the page's selectors (a lesson's highlight, the tests): its kind and
/// card, as a record writes them (`lay-3D`, `push-5H`, `spend-2C-harm`).
fn choice_key(action: &Action) -> String {
    let card = |c: &dojo_games::fusion::cards::Card| String::from(*c);
    match action {
        Action::Play(c) => format!("play-{}", card(c)),
        Action::Lay(c) => format!("lay-{}", card(c)),
        Action::Push(c) => format!("push-{}", card(c)),
        Action::BeatBack(c) => format!("beat-back-{}", card(c)),
        Action::Recharge(c) => format!("recharge-{}", card(c)),
        Action::Discard(c) => format!("discard-{}", card(c)),
        Action::Spend(c, buy) => {
            let what = match buy {
                dojo_games::fusion::payload::Buy::Harm => "harm",
                dojo_games::fusion::payload::Buy::Cancel(_) => "cancel",
                dojo_games::fusion::payload::Buy::Mend(_) => "mend",
            };
            format!("spend-{}-{what}", card(c))
        }
        Action::Take => "take".into(),
        Action::BackOff => "back-off".into(),
        Action::Flip => "flip".into(),
        Action::LayBlind => "blind".into(),
        Action::SitOut => "sit-out".into(),
        Action::Fold => "fold".into(),
        Action::StopSpending => "stop".into(),
        _ => "other".into(),
    }
}

#[component]
fn Decide(cx: Ctx, seat: Seat) -> impl IntoView {
    move || {
        let Some((decision, legal, view)) =
            cx.session.with(|s| s.as_ref().and_then(|s| s.decision(seat).map(|d| (d, s.legal(seat), s.own_view(seat)))))
        else {
            return ().into_any();
        };
        let t = view.table.clone();
        let stash = t.hand(seat.0);
        let who = seat_name(&t, seat.0);
        let range = if t.is_pilot(seat.0) { t.pilot_range(seat.0) } else { i16::from(t.coach_range()) };
        let top = t.fight().and_then(|f| f.pile.top());
        let choose = move |action: Action| cx.decide(move |s| s.give(seat, action));
        let groups = groups(decision, legal)
            .into_iter()
            .map(|(title, folded, actions)| {
                let count = actions.len();
                let buttons = actions
                    .into_iter()
                    .map(|a| {
                        let label = words::action_label(&t, seat.0, &a);
                        let main = !a.is_side() && decision == Decision::Turn;
                        let key = choice_key(&a);
                        view! { <li><button type="button" class="button fu-choice" class:main=main data-choice=key on:click=move |_| choose(a.clone())>{label}</button></li> }
                    })
                    .collect_view();
                let list = view! { <ul class="fu-choices" data-testid="choices">{buttons}</ul> };
                if folded {
                    view! { <details class="fu-group"><summary>{format!("{title} ({} ways)", count)}</summary>{list}</details> }.into_any()
                } else {
                    view! {
                        <div class="fu-group">
                            {(!title.is_empty()).then(|| view! { <h3>{title}</h3> })}
                            {list}
                        </div>
                    }
                    .into_any()
                }
            })
            .collect_view();
        view! {
            <div class="stage fu-decide" data-testid="decide">
                <p class="big">{format!("{who}: {}", prompt(decision))}</p>
                <p class="fu-hand" data-testid="fu-hand">
                    <span class="fu-label">"Your Stash: "</span>
                    {if stash.is_empty() { view! { <span class="fu-none">"empty"</span> }.into_any() } else { stash.into_iter().map(card_face).collect_view().into_any() }}
                </p>
                {top.map(|c| view! { <p class="fu-top">"Top of the Pile: "{card_face(c.card)}{format!(" ({}) · your Strike Range {range}", seat_name(&t, c.seat))}</p> })}
                {groups}
            </div>
        }
        .into_any()
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
            Event::Initiative { stack } => Some(stack.iter().rev().map(|c| c.card).collect()),
            _ => None,
        });
        let shown =
            cards.map(|cards| view! { <p class="fu-revealed" data-testid="reveal">{cards.into_iter().map(card_face).collect_view()}</p> });
        turn_result(cx, shown.into_any(), lines, "Next").into_any()
    }
}
