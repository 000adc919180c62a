//! The reveal step's secret choices, for heroes whose powers let them react to the allocations
//! just shown: each open option with what it does, and nothing chosen by default.

use super::Ctx;
use super::forms::{hero_select, number, refusal};
use crate::games::rumble::words::{self, power_name, words};
use dojo_engine::Seat;
use dojo_games::rumble::round::reveal_options;
use dojo_games::rumble::{Act, Decision, Redirect, RevealChoice, Rumble, catalog::Kind};
use leptos::prelude::*;

fn hero_choice(game: &Rumble, hero: u8, choice: RwSignal<RevealChoice>, k: usize) -> impl IntoView + use<> {
    let w = words();
    let h = &game.heroes[usize::from(hero)];
    let a = game.fight.allocations.get(usize::from(hero)).cloned().flatten().unwrap_or_default();
    let others: Vec<u8> = game.standing().filter(|o| *o != hero).collect();
    let mut parts: Vec<AnyView> = Vec::new();
    for option in reveal_options(game, hero) {
        let part = match option {
            "Precognition" => {
                let reserve = a.reserve;
                choice.update(|c| c.split = Some((reserve, Vec::new())));
                let attacks = others
                    .iter()
                    .map(|t| {
                        let t = *t;
                        let get = move || choice.with(|c| c.split.as_ref().and_then(|(_, at)| at.iter().find(|(x, _)| *x == t).map(|(_, v)| *v)).unwrap_or(0));
                        let set = move |v: u16| {
                            choice.update(|c| {
                                let (d, at) = c.split.get_or_insert((0, Vec::new()));
                                at.retain(|(x, _)| *x != t);
                                if v > 0 {
                                    at.push((t, v));
                                }
                                let rest: u16 = at.iter().map(|(_, x)| *x).sum();
                                *d = reserve.saturating_sub(rest);
                            })
                        };
                        number(format!("split-attack-{}", t + 1), format!("{} on {}", w.attack, words::hero(game, t)), reserve, get, set)
                    })
                    .collect_view();
                let defense = move || choice.with(|c| c.split.as_ref().map_or(0, |(d, _)| *d));
                view! {
                    <div class="rb-option" data-testid="option-precognition">
                        <p><strong>"Precognition"</strong>{format!(": split the {reserve} you held back between {} and {}s, now that you have seen every allocation. What you do not put into an {} goes into {}.", w.defense, w.attack, w.attack, w.defense)}</p>
                        {attacks}
                        <p class="rb-live">{move || format!("{}: {}", w.defense, defense())}</p>
                    </div>
                }
                .into_any()
            }
            "Flight" => view! {
                <label class="rb-option" data-testid="option-flight"><input type="checkbox" data-testid="flight" prop:checked=move || choice.with(|c| c.flight) on:change=move |ev| choice.update(|c| c.flight = event_target_checked(&ev))/>
                    {format!(" Flight: drain 5 {} now; every {} by you or on you this {} becomes 0.", w.energy, w.attack, w.round.to_ascii_lowercase())}</label>
            }
            .into_any(),
            "Quick Reflexes" => {
                let most = u16::try_from(a.attack_total()).unwrap_or(0);
                view! {
                    <div class="rb-option" data-testid="option-reflexes">
                        <p>{format!("Quick Reflexes: move up to {most} of your {} into {} (taken from your largest {} first).", w.attack, w.defense, w.attack)}</p>
                        {number("reflexes".into(), "Move".into(), most, move || choice.with(|c| c.reflexes), move |v| choice.update(|c| c.reflexes = v))}
                    </div>
                }
                .into_any()
            }
            "Barter With Fate" => {
                let options = h
                    .powers
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| game.kind(p.power) != Kind::Flaw)
                    .map(|(s, p)| view! { <option value=s.to_string()>{power_name(game, p.power)}</option> })
                    .collect_view();
                view! {
                    <label class="rb-option" data-testid="option-barter">{format!("Barter With Fate: discard a {} to take no damage this {}: ", w.power.to_ascii_lowercase(), w.round.to_ascii_lowercase())}
                        <select data-testid="barter" on:change=move |ev| choice.update(|c| c.barter = event_target_value(&ev).parse().ok())><option value="">"(keep everything)"</option>{options}</select>
                    </label>
                }
                .into_any()
            }
            "Lizard DNA" => view! {
                <label class="rb-option" data-testid="option-lizard">{format!("Lizard DNA: discard it and lose 10 {} to cancel one {} on you: ", w.energy, w.attack)}
                    {hero_select(game, "lizard".into(), game.lizard_targets(hero), Some("(cancel nothing)"), move || choice.with(|c| c.lizard), move |t| choice.update(|c| c.lizard = t))}
                </label>
            }
            .into_any(),
            "Zypher" => {
                let rows = game
                    .aimed_at(hero)
                    .into_iter()
                    .map(|(user, index)| {
                        let get = move || choice.with(|c| c.zypher.iter().find(|r| r.user == user && r.index == index).map(|r| r.to));
                        let set = move |to: Option<u8>| {
                            choice.update(|c| {
                                c.zypher.retain(|r| !(r.user == user && r.index == index));
                                if let Some(to) = to {
                                    c.zypher.push(Redirect { user, index, to });
                                }
                            })
                        };
                        let standing: Vec<u8> = game.standing().collect();
                        view! { <label>{format!("{}'s use {} → ", words::hero(game, user), index + 1)}{hero_select(game, format!("zypher-{}-{}", user + 1, index + 1), standing, Some("(leave it)"), get, set)}</label> }
                    })
                    .collect_view();
                view! { <div class="rb-option" data-testid="option-zypher"><p>{format!("Zypher: drain 10 {} per redirect to turn a {} aimed at you onto another hero.", w.energy, w.power.to_ascii_lowercase())}</p>{rows}</div> }.into_any()
            }
            "Batman Captions" => {
                let attacked: Vec<u8> = (0..game.heroes.len() as u8).filter(|t| game.fight.allocations.iter().flatten().any(|x| x.attack_on(*t) > 0)).collect();
                let word = RwSignal::new(String::new());
                let at = RwSignal::new(attacked.first().copied());
                let sync = move || {
                    let wd = word.get_untracked();
                    choice.update(|c| c.shouts = match (wd.trim().is_empty(), at.get_untracked()) { (false, Some(t)) => vec![(t, wd.trim().to_string())], _ => Vec::new() });
                };
                view! {
                    <div class="rb-option" data-testid="option-captions">
                        <p>"Batman Captions: shout a new sound effect (one word, never shouted before this game) at a hero under attack: +5 to the first damage they take."</p>
                        <label>"Word: "<input type="text" maxlength="20" data-testid="shout" prop:value=move || word.get() on:input=move |ev| { word.set(event_target_value(&ev)); sync(); }/></label>
                        <label>" at "{hero_select(game, "shout-at".into(), attacked, None, move || at.get(), move |t| { at.set(t); sync(); })}</label>
                    </div>
                }
                .into_any()
            }
            _ => ().into_any(),
        };
        parts.push(part);
    }
    view! {
        <fieldset class="rb-reveal-form" data-testid=format!("reveal-{}", k + 1)>
            <legend>{h.name.clone()}</legend>
            {parts}
        </fieldset>
    }
}

#[component]
pub(super) fn Reveal(cx: Ctx, seat: Seat, heroes: Vec<u8>) -> impl IntoView {
    let Some(game) = cx.session.with_untracked(|s| s.as_ref().map(|s| s.own_view(seat).table)) else { return ().into_any() };
    let choices: Vec<RwSignal<RevealChoice>> = heroes.iter().map(|_| RwSignal::new(RevealChoice::default())).collect();
    let forms = heroes.iter().zip(&choices).enumerate().map(|(k, (h, c))| hero_choice(&game, *h, *c, k)).collect_view();
    let act = {
        let choices = choices.clone();
        move || Act::Reveal(choices.iter().map(|c| c.get()).collect())
    };
    let check = {
        let (game, heroes, act) = (game.clone(), heroes.clone(), act.clone());
        move || game.check_act(&Decision::Reveal(heroes.clone()), &act()).err().map(|r| r.to_string())
    };
    let names = words::heroes(&game, &heroes);
    view! {
        <div class="stage rb-reveal" data-testid="reveal-step">
            <p class="big">{format!("{names}: the reveal step")}</p>
            <p class="hint">"Every allocation is on the table below. Your powers let you react; the others see your choices only when everyone's are shown together. Leave everything as it is to do nothing."</p>
            {forms}
            {refusal(check)}
            <button type="button" class="button primary" data-testid="submit-reveal" on:click=move |_| {
                let a = act();
                cx.decide(move |s| s.give(seat, a));
            }>"Lock in my choices"</button>
        </div>
    }
    .into_any()
}
