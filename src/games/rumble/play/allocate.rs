//! The secret allocation: for each hero the seat controls, Defense, an Attack on any other hero
//! standing, uses of powers (with X, a target, or a second choice where the power asks) and,
//! with Precognition, Energy held back. The Energy left over shows as it is typed; the engine's
//! refusal shows in its words.

use super::Ctx;
use super::forms::{allocated, hero_select, number, refusal};
use crate::games::rumble::words::{self, power_name, power_text, words};
use dojo_engine::Seat;
use dojo_games::rumble::catalog::{self, Aim, Second, Timing};
use dojo_games::rumble::{Act, Allocation, Decision, PowerRef, Rumble, Use, powers};
use leptos::prelude::*;

/// What a use of `power` asks for besides its cost: (an X, a target, a second hero, a power of one's own).
pub fn asks(game: &Rumble, power: PowerRef) -> (bool, bool, bool, bool) {
    match power {
        PowerRef::Set(id) => {
            let usage = catalog::card(id).usage;
            (usage.asks_x(), usage.aim != Aim::Nobody, usage.second == Second::Victim, usage.second == Second::OwnPower)
        }
        PowerRef::Invented(i) => {
            let p = game.invented.get(usize::from(i));
            (p.is_some_and(|p| matches!(p.cost, Some((_, None)))), p.is_some_and(|p| p.targets), false, false)
        }
    }
}

fn use_row(game: &Rumble, hero: u8, alloc: RwSignal<Allocation>, i: usize, u: &Use, k: usize) -> impl IntoView + use<> {
    let held = &game.heroes[usize::from(hero)].powers[usize::from(u.slot)];
    let (x, target, second, own) = asks(game, held.power);
    let standing: Vec<u8> = game.standing().collect();
    // A power aimed at an opponent never names a hero of this seat (notes: opponents).
    let seat = game.heroes[usize::from(hero)].seat;
    let opponents: Vec<u8> = standing.iter().copied().filter(|h| game.heroes[usize::from(*h)].seat != seat).collect();
    let set = move |f: Box<dyn Fn(&mut Use) + Send + Sync>| {
        alloc.update(|a| {
            if let Some(u) = a.uses.get_mut(i) {
                f(u)
            }
        })
    };
    let get = move |f: fn(&Use) -> Option<u8>| move || alloc.with(|a| a.uses.get(i).and_then(f));
    let x_field = x.then(|| {
        number(
            format!("use-{}-x", i + 1),
            "X".into(),
            1000,
            move || alloc.with(|a| a.uses.get(i).map_or(0, |u| u.x)),
            move |v| {
                alloc.update(|a| {
                    if let Some(u) = a.uses.get_mut(i) {
                        u.x = v
                    }
                })
            },
        )
    });
    let target_field = target.then(|| {
        let at_opponent = matches!(held.power, PowerRef::Set(id) if catalog::card(id).usage.aim == Aim::Opponent);
        let pick = if at_opponent { opponents.clone() } else { standing.clone() };
        view! { <label>"on "{hero_select(game, format!("use-{}-target", i + 1), pick, Some("(choose)"), get(|u| u.target), move |t| set(Box::new(move |u| u.target = t)))}</label> }
    });
    let second_field = second.then(|| {
        view! { <label>{format!("to {} ", words().attack.to_ascii_lowercase())}{hero_select(game, format!("use-{}-other", i + 1), standing.clone(), Some("(choose)"), get(|u| u.other), move |t| set(Box::new(move |u| u.other = t)))}</label> }
    });
    let own_field = own.then(|| {
        let options = game.heroes[usize::from(hero)]
            .powers
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != usize::from(u.slot))
            .map(|(s, p)| {
                let s = s as u8;
                view! { <option value=s.to_string() selected=move || get(|u| u.other)() == Some(s)>{power_name(game, p.power)}</option> }
            })
            .collect_view();
        view! { <label>"discarding "<select data-testid=format!("use-{}-power", i + 1) on:change=move |ev| { let o = event_target_value(&ev).parse().ok(); set(Box::new(move |u| u.other = o)) }><option value="">"(choose)"</option>{options}</select></label> }
    });
    view! {
        <li class="rb-use" data-testid=format!("alloc-{}-use-{}", k + 1, i + 1)>
            <span class="rb-use-name">{power_name(game, held.power)}</span>
            {x_field}{target_field}{second_field}{own_field}
            <button type="button" class="button subtle" aria-label="Remove this use" on:click=move |_| alloc.update(|a| { if i < a.uses.len() { a.uses.remove(i); } })>"×"</button>
        </li>
    }
}

fn hero_form(game: &Rumble, hero: u8, alloc: RwSignal<Allocation>, k: usize) -> impl IntoView + use<> {
    let w = words();
    let h = &game.heroes[usize::from(hero)];
    let energy = h.energy.max(0);
    let max = u16::try_from(energy).unwrap_or(u16::MAX);
    let others: Vec<u8> = game.standing().filter(|o| *o != hero).collect();
    let attack_fields = others
        .iter()
        .map(|t| {
            let t = *t;
            let label = format!("{} on {}", w.attack, words::hero(game, t));
            let get = move || alloc.with(|a| a.attacks.iter().find(|(x, _)| *x == t).map_or(0, |(_, v)| *v));
            let set = move |v: u16| {
                alloc.update(|a| {
                    a.attacks.retain(|(x, _)| *x != t);
                    if v > 0 {
                        a.attacks.push((t, v));
                        dojo_engine::sorting::sort(&mut a.attacks);
                    }
                })
            };
            number(format!("attack-{}", t + 1), label, max, get, set)
        })
        .collect_view();
    let usable: Vec<(u8, PowerRef)> =
        h.powers.iter().enumerate().filter(|(_, p)| game.timing(p.power) == Timing::Allocation).map(|(s, p)| (s as u8, p.power)).collect();
    let add_buttons = usable
        .iter()
        .map(|(slot, power)| {
            let slot = *slot;
            let title = power_text(game, *power);
            view! { <button type="button" class="button" title=title data-testid=format!("add-use-{}", slot + 1)
                on:click=move |_| alloc.update(|a| a.uses.push(Use { slot, x: 0, target: None, other: None }))>{format!("+ {}", power_name(game, *power))}</button> }
        })
        .collect_view();
    let game_for_uses = game.clone();
    // Redrawn only when a use is added or removed, so a field keeps its focus while typed in.
    let shape = Memo::new(move |_| alloc.with(|a| a.uses.iter().map(|u| u.slot).collect::<Vec<u8>>()));
    let uses = move || {
        shape
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, slot)| use_row(&game_for_uses, hero, alloc, i, &Use { slot, x: 0, target: None, other: None }, k))
            .collect_view()
    };
    let precog = powers::may_hold_back(h).then(|| {
        number(
            "reserve".into(),
            "Held back for Precognition".into(),
            max,
            move || alloc.with(|a| a.reserve),
            move |v| alloc.update(|a| a.reserve = v),
        )
    });
    let game_for_left = game.clone();
    let left = move || {
        let a = alloc.get();
        match allocated(&game_for_left, hero, &a) {
            Some(put) => format!(
                "{} put in: {put} of {energy}. Left over (held back, still yours next {}): {}",
                w.energy,
                w.round.to_ascii_lowercase(),
                energy - put
            ),
            None => format!("{} put in: cannot be counted until the allocation is allowed.", w.energy),
        }
    };
    let grounded = h
        .status
        .grounded
        .then(|| view! { <p class="hint">{format!("Plastic Ooze: no {} this {}.", w.attack, w.round.to_ascii_lowercase())}</p> });
    let hypnotized = h.status.hypnotized.iter().map(|(v, n)| view! { <p class="hint">{format!("Hypnotism: you must {} {} for at least {n}.", w.attack.to_ascii_lowercase(), words::hero(game, *v))}</p> }).collect_view();
    view! {
        <fieldset class="rb-alloc-form" data-testid=format!("alloc-{}", k + 1) data-hero=hero + 1 data-energy=energy>
            <legend>{format!("{}: {energy} {}", h.name, w.energy)}</legend>
            {grounded}{hypnotized}
            {number("defense".into(), w.defense.to_string(), max, move || alloc.with(|a| a.defense), move |v| alloc.update(|a| a.defense = v))}
            <div class="rb-attacks">{attack_fields}</div>
            {precog}
            {(!usable.is_empty()).then(|| view! {
                <div class="rb-uses">
                    <p class="hint">{format!("Use a {} (as often as you can pay, unless it says otherwise):", w.power.to_ascii_lowercase())}</p>
                    <div class="choices">{add_buttons}</div>
                    <ul>{uses}</ul>
                </div>
            })}
            <p class="rb-live" data-testid=format!("left-{}", k + 1)>{left}</p>
        </fieldset>
    }
}

#[component]
pub(super) fn Allocate(cx: Ctx, seat: Seat, heroes: Vec<u8>) -> impl IntoView {
    let Some(game) = cx.session.with_untracked(|s| s.as_ref().map(|s| s.own_view(seat).table)) else { return ().into_any() };
    let w = words();
    // A lesson fills the forms in with its numbers, for the person to read and lock in.
    let start = match cx.lesson_input(seat) {
        Some(Act::Allocate(list)) if list.len() == heroes.len() => list,
        _ => vec![Allocation::default(); heroes.len()],
    };
    let allocs: Vec<RwSignal<Allocation>> = start.into_iter().map(RwSignal::new).collect();
    let forms = heroes.iter().zip(&allocs).enumerate().map(|(k, (h, a))| hero_form(&game, *h, *a, k)).collect_view();
    let act = {
        let allocs = allocs.clone();
        move || Act::Allocate(allocs.iter().map(|a| a.get()).collect())
    };
    let check = {
        let (game, heroes, act) = (game.clone(), heroes.clone(), act.clone());
        move || game.check_act(&Decision::Allocate(heroes.clone()), &act()).err().map(|r| r.to_string())
    };
    let names = words::heroes(&game, &heroes);
    view! {
        <div class="stage rb-allocate" data-testid="allocate">
            <p class="big">{format!("{names}: allocate in secret for {} {}", w.round.to_ascii_lowercase(), game.round)}</p>
            <p class="hint">{format!("Share out your {}: {} protects you against every {}, each {} hits one hero, {} cost what they say. Anything not put in is held back.", w.energy, w.defense, w.attack.to_ascii_lowercase(), w.attack.to_ascii_lowercase(), w.powers.to_ascii_lowercase())}</p>
            {forms}
            {refusal(check)}
            <button type="button" class="button primary" data-testid="submit-allocation" on:click=move |_| {
                let a = act();
                cx.decide(move |s| s.give(seat, a));
            }>"Lock in my allocation"</button>
        </div>
    }
    .into_any()
}
