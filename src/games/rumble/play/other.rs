//! The auction's last steps and blocking: handing a curse on, discarding powers flagged "might
//! discard" (and Expert Training's change), and a defender choosing which Attack points their
//! Defense stops, the default filled in.

use super::Ctx;
use super::forms::{hero_select, number, refusal};
use crate::games::rumble::table::power_chip;
use crate::games::rumble::words::{self, power_name, words};
use dojo_engine::Seat;
use dojo_games::rumble::catalog::Kind;
use dojo_games::rumble::{Act, Decision, Rumble, powers};
use leptos::prelude::*;

fn own_table(cx: Ctx, seat: Seat) -> Option<Rumble> {
    cx.session.with_untracked(|s| s.as_ref().map(|s| s.own_view(seat).table))
}

fn submit(cx: Ctx, seat: Seat, testid: &'static str, label: &'static str, act: impl Fn() -> Act + Send + Sync + 'static) -> impl IntoView {
    view! { <button type="button" class="button primary" data-testid=testid on:click=move |_| { let a = act(); cx.decide(move |s| s.give(seat, a)); }>{label}</button> }
}

#[component]
pub(super) fn Give(cx: Ctx, seat: Seat, hero: u8, place: u8) -> impl IntoView {
    let Some(game) = own_table(cx, seat) else { return ().into_any() };
    let giver = game.heroes[usize::from(hero)].seat;
    let options: Vec<u8> = game.standing().filter(|t| game.heroes[usize::from(*t)].seat != giver).collect();
    let richest = options.iter().copied().max_by_key(|t| (game.heroes[usize::from(*t)].energy, std::cmp::Reverse(*t)));
    let to = RwSignal::new(richest);
    let power = game.heroes[usize::from(hero)].powers[usize::from(place)].power;
    view! {
        <div class="stage" data-testid="give">
            <p class="big">{format!("{}: hand {} on", words::hero(&game, hero), power_name(&game, power))}</p>
            {power_chip(&game, power, None)}
            <label>"Give it to "{hero_select(&game, "give-to".into(), options, None, move || to.get(), move |t| to.set(t))}</label>
            {submit(cx, seat, "submit-give", "Hand it on", move || Act::Give(to.get_untracked().unwrap_or(0)))}
        </div>
    }
    .into_any()
}

#[component]
pub(super) fn Settle(cx: Ctx, seat: Seat, hero: u8) -> impl IntoView {
    let Some(game) = own_table(cx, seat) else { return ().into_any() };
    let w = words();
    let h = game.heroes[usize::from(hero)].clone();
    let discard = RwSignal::new(Vec::<u8>::new());
    let expert = RwSignal::new(None::<(u8, u8, bool)>);
    let keepable = |p: &dojo_games::rumble::Held| game.kind(p.power) == Kind::Flaw || powers::handed_on(p);
    let rows = h
        .powers
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let s = s as u8;
            let fixed = keepable(p);
            view! {
                <li class="rb-bid-row">
                    {power_chip(&game, p.power, Some(p.strength))}
                    <label><input type="checkbox" data-testid=format!("settle-discard-{}", s + 1) disabled=fixed
                        prop:checked=move || discard.with(|d| d.contains(&s))
                        on:change=move |ev| discard.update(|d| { d.retain(|x| *x != s); if event_target_checked(&ev) { d.push(s); } })/>
                        {if fixed { " kept (cannot be discarded)" } else { " discard" }}</label>
                </li>
            }
        })
        .collect_view();
    let et = powers::number_changer(&h);
    let expert_form = et.map(|et| {
        let options = h
            .powers
            .iter()
            .enumerate()
            .filter(|(s, p)| *s != et && !p.numbers.is_empty())
            .flat_map(|(s, p)| {
                let name = power_name(&game, p.power);
                p.numbers.iter().enumerate().flat_map(move |(i, n)| {
                    let name = name.clone();
                    [true, false].into_iter().map(move |double| {
                        let value = format!("{s}:{i}:{double}");
                        let label = format!("{name}: {n} → {}", if double { n * 2 } else { n / 2 });
                        view! { <option value=value>{label}</option> }
                    })
                })
            })
            .collect_view();
        view! {
            <label>"Expert Training: double or halve one number on another power: "
                <select data-testid="expert" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    let parts: Vec<&str> = v.split(':').collect();
                    expert.set(match parts.as_slice() {
                        [s, i, d] => Some((s.parse().unwrap_or(0), i.parse().unwrap_or(0), *d == "true")),
                        _ => None,
                    });
                }><option value="">"(no change)"</option>{options}</select>
            </label>
        }
    });
    let act = move || Act::Settle { discard: discard.get(), expert: expert.get() };
    let check = {
        let game = game.clone();
        move || game.check_act(&Decision::Settle { hero }, &act()).err().map(|r| r.to_string())
    };
    view! {
        <div class="stage" data-testid="settle">
            <p class="big">{format!("{}: keep or discard your {}", h.name, w.powers.to_ascii_lowercase())}</p>
            <p class="hint">"Your discards are shown together with everyone else's. Flaws and curses to hand on stay."</p>
            <ul class="rb-bid-list">{rows}</ul>
            {expert_form}
            {refusal(check)}
            {submit(cx, seat, "submit-settle", "Done", act)}
        </div>
    }
    .into_any()
}

#[component]
pub(super) fn Block(cx: Ctx, seat: Seat, hero: u8, attacks: Vec<(u8, i32)>, defense: i32) -> impl IntoView {
    let Some(game) = own_table(cx, seat) else { return ().into_any() };
    let w = words();
    let default = game.default_blocks(hero);
    let blocks = RwSignal::new(default.clone());
    let fields = attacks
        .iter()
        .enumerate()
        .map(|(i, (a, x))| {
            let label = format!("Of {}'s {} of {x}, block", words::hero(&game, *a), w.attack);
            let max = u16::try_from(*x).unwrap_or(0);
            number(
                format!("block-{}", i + 1),
                label,
                max,
                move || blocks.with(|b| b.get(i).copied().unwrap_or(0)),
                move |v| {
                    blocks.update(|b| {
                        if let Some(x) = b.get_mut(i) {
                            *x = v
                        }
                    })
                },
            )
        })
        .collect_view();
    let default_words: Vec<String> =
        attacks.iter().zip(&default).map(|((a, _), b)| format!("{b} of {}'s", words::hero(&game, *a))).collect();
    let decision = Decision::Block { hero, attacks: attacks.clone(), defense };
    let check = {
        let game = game.clone();
        move || game.check_act(&decision, &Act::Block(blocks.get())).err().map(|r| r.to_string())
    };
    view! {
        <div class="stage" data-testid="block">
            <p class="big">{format!("{}: your {} of {defense} stops part of the {}s on you", words::hero(&game, hero), w.defense, w.attack)}</p>
            <p class="hint">{format!("Choose which points it stops; they must add up to what it covers. An attacker's power reacts to the damage they deal. The default blocks {}.", words::join(default_words))}</p>
            {fields}
            <button type="button" class="button subtle" on:click=move |_| blocks.set(default.clone())>"Use the default"</button>
            {refusal(check)}
            {submit(cx, seat, "submit-block", "Block", move || Act::Block(blocks.get_untracked()))}
        </div>
    }
    .into_any()
}
