//! The moderator's panel: every secret of the round (the moderator sees all), the typed-in
//! powers in play with their texts, the Attacks and Defenses as they stand, and a form for one
//! adjustment at a time (Energy, Attack, Defense, Retarget, Discard, Transfer) with the reason
//! the log will show; then "Done" lets the round go on.

use super::Ctx;
use crate::games::rumble::words::{self, invented_line, power_name, words};
use dojo_engine::Seat;
use dojo_games::rumble::action::MAX_REASON;
use dojo_games::rumble::{Act, Change, Decision, PowerRef, Rumble};
use leptos::prelude::*;

/// The kinds of adjustment, with their values in the form's choice.
const KINDS: [(&str, &str); 6] = [
    ("energy", "Energy: give or take"),
    ("attack", "Attack: raise or lower one"),
    ("defense", "Defense: raise or lower"),
    ("retarget", "Retarget an Attack"),
    ("discard", "Discard a power"),
    ("transfer", "Transfer a power"),
];

/// The change the form describes, if its fields are filled in.
fn change(kind: &str, hero: Option<u8>, other: Option<u8>, third: Option<u8>, slot: Option<u8>, amount: i32) -> Option<Change> {
    Some(match kind {
        "energy" => Change::Energy { hero: hero?, delta: amount },
        "attack" => Change::Attack { from: hero?, to: other?, delta: amount },
        "defense" => Change::Defense { hero: hero?, delta: amount },
        "retarget" => Change::Retarget { from: hero?, old: other?, new: third? },
        "discard" => Change::Discard { hero: hero?, slot: slot? },
        "transfer" => Change::Transfer { hero: hero?, slot: slot?, to: other? },
        _ => return None,
    })
}

fn secrets(game: &Rumble) -> impl IntoView + use<> {
    let w = words();
    let typed = game
        .heroes
        .iter()
        .filter(|h| h.standing())
        .flat_map(|h| {
            h.powers.iter().filter_map(|p| match p.power {
                PowerRef::Invented(i) => game.invented.get(usize::from(i)).map(|inv| {
                    view! { <li><strong>{inv.name.clone()}</strong>{format!(" ({}): ", h.name)}{invented_line(inv)}</li> }
                }),
                PowerRef::Set(_) => None,
            })
        })
        .collect_view();
    let allocs = game
        .fight
        .allocations
        .iter()
        .enumerate()
        .filter_map(|(h, a)| {
            a.as_ref().map(|a| view! { <li>{format!("{}: {}", words::hero(game, h as u8), words::allocation(game, h as u8, a))}</li> })
        })
        .collect_view();
    let n = game.fight.attack.len();
    let mut battle = Vec::new();
    for a in 0..n {
        for d in 0..n {
            let x = game.fight.attack[a][d];
            if x > 0 {
                battle.push(format!("{} → {}: {x}", words::hero(game, a as u8), words::hero(game, d as u8)));
            }
        }
    }
    let defenses: Vec<String> = game
        .standing()
        .map(|h| format!("{} {}", words::hero(game, h), game.fight.defense.get(usize::from(h)).copied().unwrap_or(0)))
        .collect();
    view! {
        <div class="rb-secrets" data-testid="moderator-secrets">
            <h3>{format!("Typed-in {} in play", w.powers.to_ascii_lowercase())}</h3>
            <ul>{typed}</ul>
            <h3>"This round's allocations"</h3>
            <ul>{allocs}</ul>
            <h3>{format!("{}s and {} as they stand", w.attack, w.defense)}</h3>
            <p data-testid="moderator-battle">{if battle.is_empty() { "No Attacks.".to_string() } else { battle.join(" · ") }}</p>
            <p>{format!("{}: {}", w.defense, defenses.join(" · "))}</p>
        </div>
    }
}

#[component]
pub(super) fn Moderate(cx: Ctx, seat: Seat) -> impl IntoView {
    let table = move || cx.session.with(|s| s.as_ref().map(|s| s.own_view(seat).table));
    let kind = RwSignal::new("energy".to_string());
    let hero = RwSignal::new(Some(0u8));
    let other = RwSignal::new(None::<u8>);
    let third = RwSignal::new(None::<u8>);
    let slot = RwSignal::new(None::<u8>);
    let amount = RwSignal::new(0i32);
    let reason = RwSignal::new(String::new());
    let current = move || change(&kind.get(), hero.get(), other.get(), third.get(), slot.get(), amount.get());
    let check = move || {
        let c = current()?;
        table()
            .and_then(|t| t.check_act(&Decision::Moderate, &Act::Adjust { change: c, reason: reason.get() }).err())
            .map(|r| r.to_string())
    };
    let heroes_select = move |testid: &'static str, sig: RwSignal<Option<u8>>| {
        move || {
            let t = table()?;
            let opts = (0..t.heroes.len() as u8)
                .filter(|h| t.heroes[usize::from(*h)].standing())
                .map(|h| view! { <option value=h.to_string() selected=move || sig.get() == Some(h)>{words::hero(&t, h)}</option> })
                .collect_view();
            Some(
                view! { <select data-testid=testid on:change=move |ev| sig.set(event_target_value(&ev).parse().ok())><option value="">"(choose)"</option>{opts}</select> },
            )
        }
    };
    let powers_select = move || {
        let t = table()?;
        let h = t.heroes.get(usize::from(hero.get()?))?;
        let opts = h
            .powers
            .iter()
            .enumerate()
            .map(|(s, p)| {
                let s = s as u8;
                view! { <option value=s.to_string() selected=move || slot.get() == Some(s)>{power_name(&t, p.power)}</option> }
            })
            .collect_view();
        Some(
            view! { <select data-testid="adj-power" on:change=move |ev| slot.set(event_target_value(&ev).parse().ok())><option value="">"(choose)"</option>{opts}</select> },
        )
    };
    let k = move || kind.get();
    let apply = move |_| {
        let Some(c) = current() else {
            cx.notice.set(Some("Fill in every field of the adjustment first.".into()));
            return;
        };
        let why = reason.get_untracked();
        cx.decide(move |s| s.give(seat, Act::Adjust { change: c, reason: why }));
    };
    view! {
        <div class="stage rb-moderate" data-testid="moderate">
            <p class="big">"Moderator: apply the typed-in powers"</p>
            <p class="hint">"You see everything. Make one adjustment at a time, each with the reason everyone will read in the log; then say you are done and the round goes on."</p>
            {move || table().map(|t| secrets(&t))}
            <fieldset class="rb-adjust">
                <legend>"An adjustment"</legend>
                <label>"Kind: "<select data-testid="adj-kind" on:change=move |ev| kind.set(event_target_value(&ev))>
                    {KINDS.iter().map(|(v, l)| view! { <option value=*v selected=move || kind.get() == *v>{*l}</option> }).collect_view()}
                </select></label>
                <label>{move || if matches!(k().as_str(), "attack" | "retarget") { "Attacker: " } else { "Hero: " }}{heroes_select("adj-hero", hero)}</label>
                <Show when=move || matches!(k().as_str(), "attack" | "retarget" | "transfer")>
                    <label>{move || match k().as_str() { "attack" => "Attacked: ", "retarget" => "Now aimed at: ", _ => "To: " }}{heroes_select("adj-other", other)}</label>
                </Show>
                <Show when=move || k() == "retarget">
                    <label>"Goes to: "{heroes_select("adj-third", third)}</label>
                </Show>
                <Show when=move || matches!(k().as_str(), "discard" | "transfer")>
                    <label>"Power: "{powers_select}</label>
                </Show>
                <Show when=move || matches!(k().as_str(), "energy" | "attack" | "defense")>
                    <label>"Amount (negative to take away): "<input type="number" data-testid="adj-amount" prop:value=move || amount.get().to_string()
                        on:input=move |ev| amount.set(event_target_value(&ev).trim().parse().unwrap_or(0))/></label>
                </Show>
                <label class="rb-reason">"Reason (for the log): "<input type="text" maxlength=MAX_REASON.to_string() data-testid="adj-reason" prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev))/></label>
                {move || check().map(|t| view! { <p class="error" role="alert" data-testid="refusal">{format!("Not allowed: {t}.")}</p> })}
                <button type="button" class="button" data-testid="adjust" on:click=apply>"Apply this adjustment"</button>
            </fieldset>
            <button type="button" class="button primary" data-testid="moderation-done" on:click=move |_| cx.decide(move |s| s.give(seat, Act::Done))>"Done: go on with the round"</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_makes_each_kind_of_change_once_filled_in() {
        assert_eq!(change("energy", Some(1), None, None, None, -5), Some(Change::Energy { hero: 1, delta: -5 }));
        assert_eq!(change("retarget", Some(0), Some(1), Some(2), None, 0), Some(Change::Retarget { from: 0, old: 1, new: 2 }));
        assert_eq!(change("transfer", Some(0), Some(2), None, Some(1), 0), Some(Change::Transfer { hero: 0, slot: 1, to: 2 }));
        assert_eq!(change("discard", Some(0), None, None, None, 0), None);
    }
}
