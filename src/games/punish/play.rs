//! `/play/punish`: a PUNISH match on one device, against a friend (secret picks with a hand-off
//! screen between them) or against the computer. The match is saved after every reveal and
//! restored on reload.
//!
//! Hidden information: a pick waits in the shared play machine's session (memory) until the reveal; the page shows
//! only the hand of the player whose turn it is, and only after the hand-off screen. Against
//! the computer the save holds only the person's view; on a shared device it holds both hands
//! (to resume) but never a pick or plan not yet revealed.

use crate::browser;
use crate::games::punish::card::{CardBack, CardTile};
use crate::games::punish::session::{PunishSite, Session};
use crate::play::page::chosen_seats;
use crate::play::page::{PlayPage, play_page};
use crate::play::{PlayCtx, Screen, hand_off, turn_result, waiting_status, who_plays};
use dojo_bot::Level;
use dojo_engine::Seat;
use dojo_games::punish::{Card, Decision, Event, Options, Play, Setup};
use leptos::prelude::*;

type Ctx = PlayCtx<PunishSite>;

/// A new match with `seats`, dealt at random with `options` (against a friend on another
/// device, the two devices deal the cards again between them).
fn deal(seats: crate::play::Seats, options: Options) -> Result<Session, String> {
    Session::new(seats, &Setup::deal(browser::random_seed(), options))
}

/// The play page.
#[component]
pub fn PlayPunish() -> impl IntoView {
    super::style::ensure();
    play_page(PlayPage {
        title: "PUNISH",
        testid: "play-punish",
        screen,
        table: crate::games::punish::scenario_player::table,
        over: ["Play again", "Change settings"],
        again: |s: &Session| deal(s.seats().clone(), s.public_view().options),
    })
}

/// PUNISH's own screens.
fn screen(cx: Ctx, now: Screen, names: Signal<Vec<String>>) -> AnyView {
    match now {
        Screen::HandOff(seat) => view! { <HandOff cx=cx seat=seat names=names/> }.into_any(),
        Screen::Decide(seat) => view! { <PickCard cx=cx seat=seat names=names/> }.into_any(),
        Screen::Result => view! { <RevealResult cx=cx names=names/> }.into_any(),
        _ => view! { <Lobby cx=cx/> }.into_any(),
    }
}

/// What the lobby's option boxes say.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LobbyChoices {
    feint: bool,
    blitz: bool,
    blindfolded: bool,
    recovery: bool,
    best_of: u8,
}

impl LobbyChoices {
    /// The match options these choices ask for; the rest keep their defaults.
    fn options(self) -> Options {
        Options {
            feint: self.feint,
            blitz: self.blitz,
            blindfolded: self.blindfolded,
            heart_recovery: self.recovery,
            best_of: self.best_of,
            ..Options::default()
        }
    }
}

#[component]
fn Lobby(cx: Ctx) -> impl IntoView {
    let vs_bot = RwSignal::new(true);
    let level = RwSignal::new(Level::Medium);
    let feint = RwSignal::new(false);
    let blitz = RwSignal::new(false);
    let blindfolded = RwSignal::new(false);
    let recovery = RwSignal::new(true);
    let best_of = RwSignal::new(3u8);
    let start = move |_| {
        let choices = LobbyChoices {
            feint: feint.get_untracked(),
            blitz: blitz.get_untracked(),
            blindfolded: blindfolded.get_untracked(),
            recovery: recovery.get_untracked(),
            best_of: best_of.get_untracked(),
        };
        cx.start(deal(chosen_seats(vs_bot, level, cx.friend, 2), choices.options()));
    };
    view! {
        <form class="lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(()); }>
            {who_plays(vs_bot, level, Some(cx.friend))}
            <fieldset>
                <legend>"Options"</legend>
                <label><input type="checkbox" data-testid="opt-feint" on:change=move |ev| feint.set(event_target_checked(&ev))/>" Feint: once a measure, play the deck's top card instead"</label>
                <label><input type="checkbox" data-testid="opt-blitz" on:change=move |ev| blitz.set(event_target_checked(&ev))/>" Blitz: three breaths a measure"</label>
                <label><input type="checkbox" data-testid="opt-blindfolded" on:change=move |ev| blindfolded.set(event_target_checked(&ev))/>" Blindfolded: plan the whole measure in advance"</label>
                <label><input type="checkbox" data-testid="recovery" checked on:change=move |ev| recovery.set(event_target_checked(&ev))/>" Recover a heart at the end of each measure (see the rules' notes)"</label>
                <label>"Match: best of "
                    <select on:change=move |ev| best_of.set(event_target_value(&ev).parse().unwrap_or(3))>
                        <option value="1">"1"</option>
                        <option value="3" selected>"3"</option>
                        <option value="5">"5"</option>
                    </select>
                </label>
            </fieldset>
            <button type="submit" class="button primary" data-testid="start">"Start the match"</button>
            <p class="hint">"New to PUNISH? "<a href="/rules/punish">"The rules take two minutes to read."</a></p>
        </form>
    }
}

#[component]
fn HandOff(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let name = names.get()[seat.index()].clone();
        let status = cx.session.with(|s| s.as_ref().map(|s| waiting_status(s, seat, "breath"))).unwrap_or_default();
        hand_off(cx, seat, name, status, "hand")
    }
}

#[component]
fn PickCard(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let feint = RwSignal::new(false);
    let view_now = move || cx.session.with(|s| s.as_ref().map(|s| s.own_view(seat)));
    let choose = move |card: Card| {
        let play = Play { card, feint: feint.get_untracked() };
        cx.decide(move |s| s.give(seat, play))
    };
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if let Some(card) = ev.key().parse::<usize>().ok().and_then(|n| Card::ALL.get(n.wrapping_sub(1)).copied())
            && view_now().is_some_and(|v| v.hand.contains(card))
        {
            choose(card);
        }
    });
    on_cleanup(move || handle.remove());
    move || {
        let Some(v) = view_now() else { return ().into_any() };
        let who = names.get()[seat.index()].clone();
        let prompt = match v.decision {
            Some(Decision::Plan { breath }) => format!("{who}: choose your card for breath {breath} (Blindfolded)"),
            Some(Decision::Play { breath }) => format!("{who}: choose your card for breath {breath}"),
            None => format!("{who}: nothing to choose"),
        };
        let can_feint = v.options.feint && !v.feint_used.0[seat.index()] && !v.my_plan.iter().flatten().any(|p| p.feint);
        let plan = (!v.my_plan.is_empty()).then(|| {
            let slots = v.my_plan.iter().map(|p| match p {
                Some(p) => view! { <CardTile card=p.card compact=true/> }.into_any(),
                None => view! { <CardBack label="rest (exhausted)"/> }.into_any(),
            });
            view! { <p class="plan">"Your plan so far: "{slots.collect_view()}</p> }
        });
        let hand = v.hand.to_vec().into_iter().map(|card| {
            view! {
                <button type="button" class="card-button" data-testid=format!("pick-{}", card.name().to_ascii_lowercase())
                    aria-label=format!("Play {} (key {})", card.name(), card.priority()) on:click=move |_| choose(card)>
                    <CardTile card=card/>
                </button>
            }
        });
        view! {
            <div class="stage pick" data-testid="pick" data-seat=seat.0 + 1>
                <p class="big">{prompt}</p>
                {plan}
                <div class="hand" role="group" aria-label="Your hand" data-testid="hand">{hand.collect_view()}</div>
                {can_feint.then(|| view! {
                    <label class="feint"><input type="checkbox" data-testid="feint" on:change=move |ev| feint.set(event_target_checked(&ev))/>" Feint with this pick (play the deck's top card instead; once per measure)"</label>
                })}
                <p class="hint">"Tap a card, or press its priority number (1–5) on a keyboard."</p>
            </div>
        }
        .into_any()
    }
}

#[component]
fn RevealResult(cx: Ctx, names: Signal<Vec<String>>) -> impl IntoView {
    move || {
        let names = names.get();
        let events = cx.session.with(|s| s.as_ref().map(|s| s.last_events())).unwrap_or_default();
        let reveals = events.iter().filter_map(|e| match e {
            Event::Revealed { breath, cards } => Some(view! {
                <div class="reveal" data-testid="reveal">
                    <span class="breath-label">{format!("Breath {breath}")}</span>
                    {(0..2).map(|i| view! {
                        <div class="revealed-card">
                            <span class="who">{names[i].clone()}</span>
                            {match cards.0[i] {
                                Some(c) => view! { <CardTile card=c/> }.into_any(),
                                None => view! { <CardBack label="no card (exhausted)"/> }.into_any(),
                            }}
                        </div>
                    }).collect_view()}
                </div>
            }),
            _ => None,
        });
        let happened = cx
            .session
            .with(|s| s.as_ref().map(|s| events.iter().filter(|e| !matches!(e, Event::Revealed { .. })).map(|e| s.describe(e)).collect()));
        turn_result(cx, reveals.collect_view().into_any(), happened.unwrap_or_default(), "Next breath")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lobby_choice_reaches_the_match_options() {
        let all_off = LobbyChoices { feint: false, blitz: false, blindfolded: false, recovery: false, best_of: 1 };
        let options = all_off.options();
        assert!(!options.heart_recovery, "switching recovery off in the lobby must switch it off in the match");
        assert_eq!((options.feint, options.blitz, options.blindfolded, options.best_of), (false, false, false, 1));
        let all_on = LobbyChoices { feint: true, blitz: true, blindfolded: true, recovery: true, best_of: 5 }.options();
        assert!(all_on.heart_recovery && all_on.feint && all_on.blitz && all_on.blindfolded);
        assert_eq!(all_on.best_of, 5);
    }
}
