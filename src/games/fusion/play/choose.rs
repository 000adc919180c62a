//! FUSION's decision screen, in two taps: a card of the Stash, then what to do with it, each
//! choice saying what it does ([`words::consequence`]). Choices that take no card (Fold, Take,
//! an outcome) are buttons of their own, Fold first; side actions wait behind one folded line,
//! and so do the many ways to Assist.

use super::super::table::card_face;
use super::super::terms::explained;
use super::super::words::{self, seat_name};
use super::Ctx;
use dojo_engine::Seat;
use dojo_games::fusion::cards::Card;
use dojo_games::fusion::{Action, Decision, Fusion};
use leptos::prelude::*;

/// Where a choice sits on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Under its card, after the card is tapped.
    Card(Card),
    /// A button of its own.
    Alone,
    /// Behind the folded line of side actions.
    Side,
}

/// Where `action` is offered.
pub fn place(action: &Action) -> Place {
    if action.is_side() {
        return Place::Side;
    }
    match action {
        Action::Play(c) | Action::Lay(c) | Action::Push(c) | Action::BeatBack(c) | Action::Discard(c) | Action::Spend(c, _) => {
            Place::Card(*c)
        }
        Action::Assist { discard, .. } => Place::Card(*discard),
        _ => Place::Alone,
    }
}

/// The order choices are offered in: Push and Fold first, Assists last.
fn rank(action: &Action) -> u8 {
    match action {
        Action::Push(_) | Action::Fold => 0,
        Action::Assist { .. } => 2,
        _ => 1,
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
        Decision::Turn => "Your turn: one main action (side actions first if you like).",
        Decision::Spoils => "Your side won. Spend the spoils card by card, by suit.",
        Decision::Concession => "Your opponents spent a Spade: take a concession.",
        Decision::Aim => "Aim the damage at one of your side.",
        Decision::Soak => "Damage lands on you: stop it with a Buffer, or take it.",
        Decision::Discard => "Your Stash is over its maximum: discard a card.",
    }
}

/// A choice's name for the page's selectors (a lesson's highlight, the tests): its kind and
/// card, as a record writes them (`lay-3D`, `push-5H`, `spend-2C-harm`).
pub fn choice_key(action: &Action) -> String {
    let card = |c: &Card| String::from(*c);
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
        Action::Assist { discard, give: Some(g) } => format!("assist-{}-{}", card(discard), card(g)),
        Action::Assist { discard, give: None } => format!("assist-{}-strike", card(discard)),
        Action::Pick(o) => {
            use dojo_games::fusion::gambit::Outcome;
            let name = match o {
                Outcome::YesAnd => "yes-and",
                Outcome::YesBut => "yes-but",
                Outcome::NoBut => "no-but",
                Outcome::NoAnd => "no-and",
            };
            format!("pick-{name}")
        }
        Action::Soak(c) => match (c.buffer, c.commitment) {
            (true, _) => "soak-buffer".into(),
            (false, Some(dojo_games::fusion::micro::Commitment::Fight)) => "soak-take-fight".into(),
            (false, Some(dojo_games::fusion::micro::Commitment::Team)) => "soak-take-team".into(),
            (false, None) => "soak-take".into(),
        },
        Action::Activate(g) => format!("activate-{g}"),
        Action::Sacrifice(g) => format!("sacrifice-{g}"),
        Action::SpendOmen => "spend-omen".into(),
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

/// One choice's button: its label, and under it what it does.
fn choice_button(t: &Fusion, seat: Seat, decision: Decision, action: Action, choose: impl Fn(Action) + Copy + 'static) -> impl IntoView {
    let label = words::action_label(t, seat.0, &action);
    let why = words::consequence(t, seat.0, decision, &action);
    let key = choice_key(&action);
    let main = decision == Decision::Turn && !action.is_side();
    view! {
        <li>
            <button type="button" class="button fu-choice" class:main=main data-choice=key on:click=move |_| choose(action.clone())>
                <span class="fu-choice-label">{label}</span>
                {why.map(|w| view! { <span class="fu-why">{w}</span> })}
            </button>
        </li>
    }
}

/// The decision screen of `seat`.
#[component]
pub fn Decide(cx: Ctx, seat: Seat) -> impl IntoView {
    // The card tapped first; in a lesson, the card its step asks about is tapped already.
    let picked = RwSignal::new(None::<Card>);
    move || {
        let Some((decision, mut legal, view)) =
            cx.session.with(|s| s.as_ref().and_then(|s| s.decision(seat).map(|d| (d, s.legal(seat), s.own_view(seat)))))
        else {
            return ().into_any();
        };
        legal.sort_by_key(rank);
        let t = view.table.clone();
        let stash = t.hand(seat.0);
        let who = seat_name(&t, seat.0);
        let choose = move |action: Action| {
            picked.set(None);
            cx.decide(move |s| s.give(seat, action));
        };
        let has_actions = |card: Card| legal.iter().any(|a| place(a) == Place::Card(card));
        // In a lesson, the choice its step asks for is in view: its card tapped, its folded
        // group open.
        let lesson_action = cx.lesson_input(seat);
        let lesson_card = lesson_action.as_ref().and_then(|a| match place(a) {
            Place::Card(c) => Some(c),
            _ => None,
        });
        let side_open = lesson_action.as_ref().is_some_and(Action::is_side);
        let assists_open = matches!(lesson_action, Some(Action::Assist { .. }));
        let card = picked.get().or(lesson_card).filter(|c| has_actions(*c));
        let pickable = legal.iter().any(|a| matches!(place(a), Place::Card(_)));
        // Cards chosen from elsewhere than the Stash: the spoils of a won Throwdown.
        let mut spoils: Vec<Card> = Vec::new();
        for a in &legal {
            if let Place::Card(c) = place(a)
                && !stash.contains(&c)
                && !spoils.contains(&c)
            {
                spoils.push(c);
            }
        }
        let pick = move |c: Card| {
            let on = card == Some(c);
            view! {
                <button type="button" class="fu-pick" class:on=on aria-pressed=on.to_string() data-pick=String::from(c)
                    aria-label=format!("{c}: show what to do with it") on:click=move |_| picked.set(if on { None } else { Some(c) })>
                    {card_face(c)}
                </button>
            }
        };
        let spoils = (!spoils.is_empty()).then(|| {
            view! { <p class="fu-hand" data-testid="fu-spoils-pick"><span class="fu-label">"The spoils: "</span>{spoils.into_iter().map(pick).collect_view()}</p> }
        });
        let cards = stash.iter().map(|&c| if has_actions(c) { pick(c).into_any() } else { card_face(c).into_any() }).collect_view();
        let of_card: Vec<Action> = card.map(|c| legal.iter().filter(|a| place(a) == Place::Card(c)).cloned().collect()).unwrap_or_default();
        let (assists, of_card): (Vec<Action>, Vec<Action>) = of_card.into_iter().partition(|a| matches!(a, Action::Assist { .. }));
        let card_choices = card.map(|c| {
            let only_assists = of_card.is_empty();
            let buttons = of_card.into_iter().map(|a| choice_button(&t, seat, decision, a, choose)).collect_view();
            // A card good only for an Assist shows its Assists at once; otherwise they wait
            // folded under the card's other choices.
            let folded = (!assists.is_empty()).then(|| {
                let n = assists.len();
                let ways = assists.into_iter().map(|a| choice_button(&t, seat, decision, a, choose)).collect_view();
                let title = if only_assists { format!("Assist the next ally with it ({n} ways)") } else { format!("Or Assist the next ally with it ({n} ways)") };
                view! { <details class="fu-group" open=assists_open || only_assists><summary>{title}</summary><ul class="fu-choices" data-testid="choices">{ways}</ul></details> }
            });
            view! {
                <div class="fu-card-actions" data-testid="card-actions">
                    <h3>"What to do with "{card_face(c)}</h3>
                    <ul class="fu-choices" data-testid="choices">{buttons}</ul>
                    {folded}
                </div>
            }
        });
        let alone: Vec<Action> = legal.iter().filter(|a| place(a) == Place::Alone).cloned().collect();
        let side: Vec<Action> = legal.iter().filter(|a| place(a) == Place::Side).cloned().collect();
        let alone = (!alone.is_empty()).then(|| {
            let buttons = alone.into_iter().map(|a| choice_button(&t, seat, decision, a, choose)).collect_view();
            view! { <ul class="fu-choices" data-testid="choices">{buttons}</ul> }
        });
        let side = (!side.is_empty()).then(|| {
            let n = side.len();
            let buttons = side.into_iter().map(|a| choice_button(&t, seat, decision, a, choose)).collect_view();
            view! {
                <details class="fu-group fu-side" data-testid="side-actions" open=side_open>
                    <summary>{format!("Side actions first? ({n}; your turn goes on after each)")}</summary>
                    <p class="fu-note">{explained("side-actions", "What are side actions?")}</p>
                    <ul class="fu-choices" data-testid="choices">{buttons}</ul>
                </details>
            }
        });
        let top = t.fight().and_then(|f| f.pile.top());
        let range = if t.is_pilot(seat.0) { t.pilot_range(seat.0) } else { i16::from(t.coach_range()) };
        let outcomes = (decision == Decision::PickOutcome)
            .then(|| view! { <p class="fu-note">{explained("outcomes", "What do the outcomes mean?")}</p> });
        view! {
            <div class="stage fu-decide" data-testid="decide">
                <p class="big">{format!("{who}: {}", prompt(decision))}</p>
                {top.map(|c| view! {
                    <p class="fu-top">{explained("pile", "Top of the Pile")}": "{card_face(c.card)}{format!(" ({}) · your ", seat_name(&t, c.seat))}{explained("strike-range", "Strike Range")}{format!(" {range}")}</p>
                })}
                {outcomes}
                <p class="fu-hand" data-testid="fu-hand">
                    <span class="fu-label">"Your Stash: "</span>
                    {if stash.is_empty() { view! { <span class="fu-none">"empty"</span> }.into_any() } else { cards.into_any() }}
                </p>
                {spoils}
                {(pickable && card.is_none()).then(|| view! { <p class="hint" data-testid="tap-a-card">"Tap a card to see what you can do with it."</p> })}
                {card_choices}
                {alone}
                {side}
            </div>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, Rng};
    use dojo_games::fusion::{Conflict, Setup};

    /// Every choice of many random conflicts sits in one place, keyed apart from the other
    /// choices of its decision, and a card choice's card is in the seat's Stash.
    #[test]
    fn every_choice_has_one_place_and_a_key_of_its_own() {
        let mut seen = [0usize; 3];
        for seed in 0..30u64 {
            let conflict = if seed % 3 == 0 {
                Conflict::Gambit { pilot: 0, specialty: false }
            } else {
                Conflict::Throwdown { challenger: 0, stakes: "x".into(), threats: vec![0] }
            };
            let mut state = dojo_games::fusion::Fusion::from_setup(&Setup::sample(2 + (seed % 3) as usize, conflict, seed)).unwrap();
            let mut rng = Rng::new(seed);
            while state.outcome().is_none() {
                for seat in Seat::all(state.seat_count()) {
                    let legal = state.legal_actions(seat);
                    let keys: Vec<String> = legal.iter().map(choice_key).filter(|k| k != "other").collect();
                    let mut unique = keys.clone();
                    unique.sort();
                    unique.dedup();
                    assert_eq!(unique.len(), keys.len(), "two choices share a key: {keys:?}");
                    for a in &legal {
                        match place(a) {
                            Place::Card(c) => {
                                seen[0] += 1;
                                assert!(state.hand(seat.0).contains(&c) || matches!(a, Action::Spend(..)), "{a:?} is not of the Stash");
                            }
                            Place::Alone => seen[1] += 1,
                            Place::Side => seen[2] += 1,
                        }
                    }
                }
                let joint = dojo_engine::joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).unwrap();
                dojo_engine::apply(&mut state, &joint).unwrap();
            }
        }
        assert!(seen.iter().all(|n| *n > 0), "cards, lone choices and side actions all came up: {seen:?}");
    }
}
