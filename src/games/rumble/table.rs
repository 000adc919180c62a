//! The Rumble table as everyone sees it: each hero's Energy, powers (tap a power for its text),
//! whether they stand, and, once allocations are shown, what each put where. Compact enough for
//! eight heroes on a 390 px phone. The play page and the rules page's examples share it.

use super::words::{self, power_name, power_text, words};
use dojo_games::rumble::{Phase, Rumble, RumbleView};
use leptos::prelude::*;

/// Where the game stands, in words.
pub fn where_words(t: &Rumble) -> String {
    let w = words();
    match t.phase {
        Phase::Bidding => "The auction: sealed bid sheets".into(),
        Phase::Rebidding => "The auction: tied heroes bid again".into(),
        Phase::Giving => "After the auction: curses are handed on".into(),
        Phase::Settling => format!("After the auction: heroes may discard {}", w.powers.to_ascii_lowercase()),
        Phase::Allocating => format!("{} {} · Allocation", w.round, t.round),
        Phase::Revealing => format!("{} {} · Reveal step", w.round, t.round),
        Phase::Moderating => format!("{} {} · The moderator applies typed-in {}", w.round, t.round, w.powers.to_ascii_lowercase()),
        Phase::Blocking => format!("{} {} · Blocking", w.round, t.round),
        Phase::Over => "The game is over".into(),
    }
}

/// A power as a chip: its name, its Power Strength, and its text on a tap (or a hover).
pub fn power_chip(t: &Rumble, power: dojo_games::rumble::PowerRef, strength: Option<i32>) -> impl IntoView + use<> {
    let name = power_name(t, power);
    let text = power_text(t, power);
    let typed = matches!(power, dojo_games::rumble::PowerRef::Invented(_));
    view! {
        <details class="rb-power" class:typed=typed>
            <summary title=text.clone()>{name}{strength.filter(|s| *s > 0).map(|s| view! { <span class="rb-strength" title="Power Strength">{s.to_string()}</span> })}</summary>
            <p>{text}</p>
        </details>
    }
}

/// What a seat's name ends with when it is the one person at a table of computers (see the
/// play page's seat names): that seat's heroes are marked "you".
pub const YOU: &str = " (you)";

fn hero_card(t: &Rumble, h: usize, names: &[String]) -> impl IntoView + use<> {
    let hero = &t.heroes[h];
    let w = words();
    let out = !hero.standing();
    let alloc =
        t.fight.allocations.get(h).cloned().flatten().filter(|_| matches!(t.phase, Phase::Revealing | Phase::Moderating | Phase::Blocking));
    let player = t.seats.get(usize::from(hero.seat)).map(|s| s.0.clone()).unwrap_or_default();
    let tag = if hero.sidekick { format!("Sidekick of {player}") } else { String::new() };
    let yours = names.get(usize::from(hero.seat)).is_some_and(|n| n.ends_with(YOU));
    let powers = hero.powers.iter().map(|p| view! { <li>{power_chip(t, p.power, Some(p.strength))}</li> }).collect_view();
    let alloc_line =
        alloc.map(|a| view! { <p class="rb-alloc" data-testid=format!("alloc-shown-{}", h + 1)>{words::allocation(t, h as u8, &a)}</p> });
    view! {
        <li class="rb-hero" class:out=out data-testid=format!("hero-{}", h + 1) data-down=out.then_some("")>
            <div class="rb-head">
                <span class="rb-name">{hero.name.clone()}{yours.then(|| view! { " " <span class="badge you" data-testid="you">"you"</span> })}</span>
                <span class="rb-energy" data-testid=format!("energy-{}", h + 1) title=w.energy aria-label=format!("{} {}", hero.energy, w.energy)>{hero.energy.to_string()}<small>{format!(" {}", w.energy)}</small></span>
            </div>
            {(!tag.is_empty()).then(|| view! { <p class="rb-tag">{tag}</p> })}
            {out.then(|| view! { <p class="rb-out">"Out"</p> })}
            {(!hero.powers.is_empty()).then(|| view! { <ul class="rb-powers">{powers}</ul> })}
            {alloc_line}
        </li>
    }
}

/// The table of a public view; `names` are the seats' names (the heroes carry their own; a
/// name ending in [`YOU`] marks the person's heroes).
pub fn table(view: Signal<RumbleView>, names: Signal<Vec<String>>) -> AnyView {
    (move || {
        let v = view.get();
        let names = names.get();
        let t = v.table;
        let w = words();
        let lots = (matches!(t.phase, Phase::Bidding | Phase::Rebidding)).then(|| {
            let chips = t.lots.iter().map(|p| view! { <li>{power_chip(&t, *p, None)}</li> }).collect_view();
            view! {
                <details class="rb-lots">
                    <summary>{format!("{} up for auction: {}", w.powers, t.lots.len())}</summary>
                    <ul class="rb-powers">{chips}</ul>
                </details>
            }
        });
        let cards = (0..t.heroes.len()).map(|h| hero_card(&t, h, &names)).collect_view();
        view! {
            <section class="rb-table" aria-label="The table" data-testid="rb-table" data-motion>
                <p class="rb-where" data-testid="where">{where_words(&t)}</p>
                {lots}
                <ul class="rb-heroes">{cards}</ul>
            </section>
        }
    })
    .into_any()
}
