//! The choices TAUNT asks in the open, between the reveal and the next turn: which of two Runs
//! acts first, where a hit leaves its victim, whether to pass a charge token (or a Team
//! Spirit's gift), and which markers a Run turns over in a circle. Each names the fighters it
//! concerns and offers exactly what the engine allows now ([`crate::play::Session::legal`]).

use super::modes::{distance, marker_after, next_in_circle, prev_in_circle, teammate};
use super::session::TauntSite;
use crate::play::PlayCtx;
use dojo_engine::Seat;
use dojo_games::taunt::{Action, Battle, Flip, Half, Position, TauntView};
use leptos::prelude::*;

type Ctx = PlayCtx<TauntSite>;

fn name(names: &[String], s: usize) -> String {
    names.get(s).cloned().unwrap_or_else(|| format!("Player {}", s + 1))
}

/// The public view and what `seat` may enter now, if a match is on.
fn now(cx: Ctx, seat: Seat) -> Option<(TauntView, Vec<Action>)> {
    cx.session.with(|s| s.as_ref().map(|s| (s.public_view(), s.legal(seat))))
}

/// Two Runs of different levels: the higher-level runner acts first or second.
#[component]
pub fn OrderChoice(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let who = move || name(&names.get(), seat.index());
    view! {
        <div class="stage decide" data-testid="order">
            <p class="big">{move || format!("{}: both fighters Run, and your level is higher. Act first or second?", who())}</p>
            <p class="hint">"Each Run switches the Position, then hits if the fighters are Near. The second runner decides where the fighters end up."</p>
            <div class="choices">
                <button type="button" class="button primary" data-testid="order-first" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Order { first: true }))>"Run first"</button>
                <button type="button" class="button" data-testid="order-second" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Order { first: false }))>"Run second"</button>
            </div>
        </div>
    }
}

/// A Grab hit (or a Punch on a runner): where the attacker and `victim` stand afterwards.
#[component]
pub fn PlaceChoice(cx: Ctx, seat: Seat, victim: Option<Seat>, names: Signal<Vec<String>>) -> impl IntoView {
    let place = move |p: Position| move |_| cx.decide(move |s| s.give(seat, Action::Place(p)));
    move || {
        let names = names.get();
        let who = name(&names, seat.index());
        let Some((v, _)) = now(cx, seat) else { return ().into_any() };
        let (question, near, far) = match victim {
            None => (format!("{who}: your hit lets you set the Position."), "Near".to_string(), "Far".to_string()),
            Some(o) if v.battle == Battle::Team => {
                let mine = v.halves.get(seat.index()).copied().unwrap_or(Half::Left);
                let them = name(&names, o.index());
                (
                    format!("{who}: your hit throws {them}. Put them in your half of the Dojo, or in the other half?"),
                    format!("In your half ({mine:?}): Near you"),
                    format!("In the other half ({:?}): Far from you", mine.other()),
                )
            }
            Some(o) => {
                let them = name(&names, o.index());
                let now = distance(&v, seat.index(), o.index());
                (
                    format!("{who}: your hit lets you set where you stand with {them} (now {now})."),
                    format!("Near {them}"),
                    format!("Far from {them}"),
                )
            }
        };
        view! {
            <div class="stage decide" data-testid="place">
                <p class="big">{question}</p>
                <div class="choices">
                    <button type="button" class="button primary" data-testid="place-near" on:click=place(Position::Near)>{near}</button>
                    <button type="button" class="button" data-testid="place-far" on:click=place(Position::Far)>{far}</button>
                </div>
            </div>
        }
        .into_any()
    }
}

/// After a Charge acted: pass a token to any fighter the engine allows, or keep it. A Team
/// Spirit whose card matched an opponent's gives one from the supply to its teammate.
#[component]
pub fn PassChoice(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let names = names.get();
        let who = name(&names, seat.index());
        let Some((v, legal)) = now(cx, seat) else { return ().into_any() };
        let to: Vec<Seat> = legal.iter().filter_map(|a| if let Action::Pass(Some(t)) = a { Some(*t) } else { None }).collect();
        let duel = v.battle == Battle::Duel;
        let spirit = v.corners.0.get(seat.index()).is_some_and(|c| c.out);
        let (question, hint) = if spirit {
            let mate = teammate(&v, seat.index()).map_or_else(|| "your teammate".to_string(), |m| name(&names, m));
            (
                format!("{who}, Team Spirit: your card matched an opponent's. Give {mate} a charge token from the supply?"),
                "The token comes from the supply, not from you; it raises your teammate's next move by a level.",
            )
        } else if duel {
            let other = name(&names, 1 - seat.index().min(1));
            (
                format!("{who}: your Charge acted. Pass one charge token to {other}?"),
                "A token passed lowers your next move's level and raises theirs, which also makes their Blocks cost more and can change who acts first.",
            )
        } else {
            (
                format!("{who}: your Charge acted. Pass one charge token to another fighter?"),
                "Any fighter still fighting below L3 may take it, not only your neighbours. It lowers your next move's level and raises theirs.",
            )
        };
        let give = to.into_iter().map(|t| {
            let whom = name(&names, t.index());
            let level = v.corners.0.get(t.index()).map_or(0, |c| c.charge);
            let (testid, label) = if duel {
                ("pass-give".to_string(), format!("Pass it to {whom}"))
            } else {
                (format!("pass-to-{}", t.index() + 1), format!("Give it to {whom} (L{level} → L{})", level + 1))
            };
            view! { <button type="button" class="button" data-testid=testid on:click=move |_| cx.decide(move |s| s.give(seat, Action::Pass(Some(t))))>{label}</button> }
        });
        view! {
            <div class="stage decide" data-testid="pass">
                <p class="big">{question}</p>
                <p class="hint">{hint}</p>
                <div class="choices">
                    <button type="button" class="button primary" data-testid="pass-keep" on:click=move |_| cx.decide(move |s| s.give(seat, Action::Pass(None)))>{if spirit { "Give nothing" } else { "Keep it" }}</button>
                    {give.collect_view()}
                </div>
            </div>
        }
        .into_any()
    }
}

/// A Run acting in a circle of three or more: which of the runner's two markers it turns over.
#[component]
pub fn FlipChoice(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let names = names.get();
        let who = name(&names, seat.index());
        let Some((v, legal)) = now(cx, seat) else { return ().into_any() };
        let s = seat.index();
        let (before, after) = (prev_in_circle(&v, s), next_in_circle(&v, s));
        let (left, right) = (marker_after(&v, before), marker_after(&v, s));
        let turn = |p: Position| format!("{p} → {}", p.flipped());
        let label = |flip: Flip| match flip {
            Flip::Left => format!("Run at {} ({})", name(&names, before), turn(left)),
            Flip::Right => format!("Run at {} ({})", name(&names, after), turn(right)),
            Flip::Both => "Run at both".to_string(),
        };
        let offered: Vec<Flip> = Flip::ALL.into_iter().filter(|f| legal.contains(&Action::Flip(*f))).collect();
        let held = Flip::ALL.len() > offered.len();
        let buttons = offered.into_iter().map(|flip| {
            let testid = match flip {
                Flip::Left => "flip-left",
                Flip::Right => "flip-right",
                Flip::Both => "flip-both",
            };
            let class = if flip == Flip::Both { "button primary" } else { "button" };
            view! { <button type="button" class=class data-testid=testid on:click=move |_| cx.decide(move |s| s.give(seat, Action::Flip(flip)))>{label(flip)}</button> }
        });
        view! {
            <div class="stage decide" data-testid="flip">
                <p class="big">{format!("{who}: your Run acts. Which markers does it turn over?")}</p>
                <p class="hint">{format!("With {}: {left}. With {}: {right}. A marker turned to Near hits that neighbour; one turned to Far moves away.", name(&names, before), name(&names, after))}</p>
                {held.then(|| view! { <p class="hint">"One of your markers is held still by a neighbour's equal Run: your Run can only turn the other one, or try both."</p> })}
                <div class="choices">{buttons.collect_view()}</div>
            </div>
        }
        .into_any()
    }
}
