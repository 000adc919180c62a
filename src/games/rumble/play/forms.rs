//! Small pieces the secret screens share: number fields, hero pickers, the live refusal, and
//! the Energy an allocation puts in as the engine counts it.

use dojo_games::rumble::{Allocation, Refusal, Rumble};
use leptos::prelude::*;

/// A number field (0 to `max`) reading `get` and writing through `set`; an empty field is 0.
/// Its callbacks are type-erased, so every field shares one copy of the code in the download.
pub fn number(
    testid: String,
    label: String,
    max: u16,
    get: impl Fn() -> u16 + Send + Sync + 'static,
    set: impl Fn(u16) + Send + Sync + 'static,
) -> AnyView {
    number_field(testid, label, max, Signal::derive(get), Callback::new(set))
}

fn number_field(testid: String, label: String, max: u16, get: Signal<u16>, set: Callback<u16>) -> AnyView {
    view! {
        <label class="rb-number">
            <span>{label}</span>
            <input type="number" inputmode="numeric" min="0" max=max.to_string() data-testid=testid
                prop:value=move || get.get().to_string()
                on:input=move |ev| set.run(event_target_value(&ev).trim().parse::<u32>().unwrap_or(0).min(u32::from(u16::MAX)) as u16)/>
        </label>
    }
    .into_any()
}

/// A choice of hero among `options` (hero indices, named from `game`), with an empty choice
/// first when `none` names it.
pub fn hero_select(
    game: &Rumble,
    testid: String,
    options: Vec<u8>,
    none: Option<&'static str>,
    get: impl Fn() -> Option<u8> + Send + Sync + 'static,
    set: impl Fn(Option<u8>) + Send + Sync + 'static,
) -> AnyView {
    let names: Vec<(u8, String)> = options.into_iter().map(|h| (h, super::super::words::hero(game, h))).collect();
    hero_choice(testid, names, none, Signal::derive(get), Callback::new(set))
}

fn hero_choice(
    testid: String,
    names: Vec<(u8, String)>,
    none: Option<&'static str>,
    get: Signal<Option<u8>>,
    set: Callback<Option<u8>>,
) -> AnyView {
    let items = names
        .into_iter()
        .map(|(h, name)| view! { <option value=h.to_string() selected=move || get.get() == Some(h)>{name}</option> })
        .collect_view();
    view! {
        <select data-testid=testid on:change=move |ev| set.run(event_target_value(&ev).parse().ok())>
            {none.map(|n| view! { <option value="" selected=move || get.get().is_none()>{n}</option> })}
            {items}
        </select>
    }
    .into_any()
}

/// The Energy `a` puts in for `hero` (Defense, Attacks, held back and power costs), as the
/// engine counts it: read from its refusal of the same allocation with Defense raised past the
/// hero's Energy, so no cost rule is written twice. `None` when it is refused for another reason.
pub fn allocated(game: &Rumble, hero: u8, a: &Allocation) -> Option<i32> {
    let has = game.heroes.get(usize::from(hero))?.energy.max(0);
    let lift = u16::try_from(has + 1).ok()?;
    let probe = Allocation { defense: a.defense.checked_add(lift)?, ..a.clone() };
    match game.check_allocation(hero, &probe) {
        Err(Refusal::OverAllocated { put, .. }) => Some(put - has - 1),
        _ => None,
    }
}

/// The engine's refusal, in its words, shown under a form (nothing when it is accepted).
pub fn refusal(text: impl Fn() -> Option<String> + Send + Sync + 'static) -> impl IntoView {
    move || text().map(|t| view! { <p class="error" role="alert" data-testid="refusal">{format!("Not allowed: {t}.")}</p> })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::Game;
    use dojo_games::rumble::{PowerRef, SettledHero, Setup, Start, Use, catalog::PowerId};

    #[test]
    fn the_energy_put_in_counts_power_costs_as_the_engine_does() {
        let held = |id| dojo_games::rumble::Held::new(PowerRef::Set(id), 10);
        let hero = |name: &str, seat, powers| SettledHero { name: name.into(), seat, energy: 70, powers, sidekick: false, out: false };
        let mut setup = Setup::heroes(&["A", "B"], vec![], 1);
        setup.start = Start::Settled(vec![hero("A", 0, vec![held(PowerId::LaserEyes), held(PowerId::Precognition)]), hero("B", 1, vec![])]);
        let game = Rumble::from_setup(&setup).unwrap();
        let laser = Use { slot: 0, x: 0, target: Some(1), other: None };
        let a = Allocation { defense: 10, attacks: vec![(1, 5)], uses: vec![laser.clone(), laser], reserve: 20 };
        assert_eq!(allocated(&game, 0, &a), Some(55));
        assert_eq!(allocated(&game, 0, &Allocation { attacks: vec![(0, 5)], ..Allocation::default() }), None, "no Attack on oneself");
    }
}
