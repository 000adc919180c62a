//! TAUNT's Monsters on the play page: the secret build screen (three monsters of five cards
//! from a trainer's two decks, all fifteen chosen on one screen and given to the play machine as
//! fifteen inputs before the device is handed over), the trainer's own team beside the hand, and
//! the table: each trainer's three monsters (the one in play marked), their disabled cards, the
//! cards of them seen so far and "?" for the rest, and the Monster Team's shared track.
//!
//! The table is drawn from the public view, so on a shared device it shows nobody's split; the
//! build screen and the team beside the hand appear only after the hand-off screen.

use super::Ctx;
use super::board::{corner_state, danger_track, position_token};
use dojo_engine::Seat;
use dojo_games::taunt::modes_data::{MONSTER_TEAM, monster_card};
use dojo_games::taunt::monsters::{COPIES, Hand, MONSTER_CARDS, MONSTER_KINDS, MONSTERS, SQUAD_CARDS, TrainerView};
use dojo_games::taunt::{Action, Slot, TauntView};
use leptos::prelude::*;

/// What a monster's card `slot` is called: its printed name, "Run 2" for the type 2 Run (a
/// monster may hold both Runs).
pub(super) fn card_label(slot: Slot) -> &'static str {
    if slot == Slot::RunTwo { "Run 2" } else { monster_card(slot).name }
}

/// The seat whose view `v` is (Trainer 1's for the public view).
fn seat_of(v: &TauntView) -> usize {
    v.observer.seat().map_or(0, |s| s.index())
}

/// Copies of `slot` the monster in play of `v`'s trainer may still lay face down: held, not
/// disabled and not laid already.
pub(super) fn layable(v: &TauntView, slot: Slot) -> usize {
    let Some(t) = v.monsters.as_ref().and_then(|m| m.trainers.get(seat_of(v))) else { return 0 };
    let Some(x) = t.monsters.get(usize::from(t.active)) else { return 0 };
    let count = |list: &[Slot]| list.iter().filter(|c| **c == slot).count();
    count(&x.cards).saturating_sub(count(&x.disabled) + count(&v.my_queue))
}

/// The cards `v`'s trainer has built so far, Monster 1's first (after a reload mid-build).
fn built(v: &TauntView) -> Vec<Slot> {
    v.monsters
        .as_ref()
        .and_then(|m| m.trainers.get(seat_of(v)))
        .map(|t| t.monsters.iter().flat_map(|x| x.cards.iter().copied()).collect())
        .unwrap_or_default()
}

/// The build screen: fifteen places in three rows, the palette of the ten cards with the copies
/// left of two, and the cards left out. Confirming gives the fifteen inputs in order.
#[component]
pub(super) fn BuildMonsters(cx: Ctx, seat: Seat, names: Signal<Vec<String>>) -> impl IntoView {
    let fixed = cx.session.with_untracked(|s| s.as_ref().map(|s| built(&s.view(seat)))).unwrap_or_default();
    let kept = fixed.len().min(SQUAD_CARDS);
    let mut start: Vec<Option<Slot>> = fixed.into_iter().map(Some).collect();
    start.resize(SQUAD_CARDS, None);
    let slots = RwSignal::new(start);
    let left = move |kind: Slot| usize::from(COPIES).saturating_sub(slots.with(|s| s.iter().filter(|c| **c == Some(kind)).count()));
    let add = move |kind: Slot| {
        if left(kind) > 0 {
            slots.update(|s| {
                if let Some(free) = s.iter_mut().find(|c| c.is_none()) {
                    *free = Some(kind);
                }
            });
        }
    };
    let take = move |i: usize| {
        if i >= kept {
            slots.update(|s| s[i] = None);
        }
    };
    let full = move || slots.with(|s| s.iter().all(Option::is_some));
    let confirm = move || {
        let drafts: Option<Vec<Action>> = slots.with_untracked(|s| s[kept..].iter().map(|c| c.map(Action::Draft)).collect());
        if let Some(drafts) = drafts {
            cx.decide(move |s| s.give_all(seat, drafts));
        }
    };
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let key = ev.key();
        if let Some(kind) = super::keyed(&MONSTER_KINDS, &key, ev.shift_key()).filter(|_| !ev.ctrl_key() && !ev.meta_key()) {
            add(kind);
        } else if key == "Backspace"
            && let Some(last) = slots.with_untracked(|s| s.iter().rposition(Option::is_some))
        {
            take(last);
        }
    });
    on_cleanup(move || handle.remove());
    let rows = move || {
        let s = slots.get();
        (0..MONSTERS)
            .map(|m| {
                let places = (0..MONSTER_CARDS).map(|i| {
                    let at = m * MONSTER_CARDS + i;
                    let card = s[at];
                    let label = card.map_or_else(|| "empty".to_string(), |c| format!("{c}: tap to take back"));
                    view! {
                        <button type="button" class="build-slot" class:filled=card.is_some() disabled=card.is_none() || at < kept
                            data-testid=format!("slot-{}-{}", m + 1, i + 1) aria-label=format!("Monster {}, card {}: {label}", m + 1, i + 1) on:click=move |_| take(at)>
                            {card.map_or("·", card_label)}
                        </button>
                    }
                });
                view! {
                    <div class="monster-row" data-testid=format!("build-monster-{}", m + 1)>
                        <span class="zone-label">{format!("Monster {}", m + 1)}</span>
                        <div class="build-slots">{places.collect_view()}</div>
                    </div>
                }
            })
            .collect_view()
    };
    let palette = move || {
        MONSTER_KINDS
            .into_iter()
            .enumerate()
            .map(|(i, kind)| {
                let name = card_label(kind);
                let n = left(kind);
                let (key, press) = super::key_of(&MONSTER_KINDS, i);
                view! {
                    <button type="button" class="button palette-card" disabled=n == 0 data-testid=format!("build-{}", format!("{kind:?}").to_ascii_lowercase())
                        aria-label=format!("Add {name} ({n} of {COPIES} left, key {key})") data-key=press on:click=move |_| add(kind)>
                        <span class="mc-name"><span class="mc-letter">{key.clone()}</span>{name}</span>
                        <span class="copies-left">{format!("{n} left")}</span>
                    </button>
                }
            })
            .collect_view()
    };
    let left_out = move || {
        let out: Vec<&str> = MONSTER_KINDS.into_iter().flat_map(|k| std::iter::repeat_n(card_label(k), left(k))).collect();
        let label = if full() { "Left out" } else { "Not placed yet" };
        format!("{label} ({}): {}", out.len(), out.join(", "))
    };
    view! {
        <div class="stage build" data-testid="build" data-seat=seat.0 + 1>
            <p class="big">{move || format!("{}: build your three monsters in secret", names.get().get(seat.index()).cloned().unwrap_or_default())}</p>
            <p class="hint">"Your two decks hold two of each card. Put five into each monster: a monster may hold two of a card, or both Runs. Tap a card (or press the letter in its square) to put it in the next free place; tap a placed card to take it back (or press Backspace). Five cards sit out."</p>
            <div class="monster-rows">{rows}</div>
            <div class="palette" role="group" aria-label="Your two decks">{palette}</div>
            <p class="left-out" data-testid="left-out">{left_out}</p>
            <button type="button" class="button primary" data-testid="build-done" disabled=move || !full() on:click=move |_| confirm()>
                {move || if full() { "These are my monsters".to_string() } else { { let n = slots.with(|s| s.iter().filter(|c| c.is_none()).count()); format!("{n} card{} to place", if n == 1 { "" } else { "s" }) } }}
            </button>
        </div>
    }
}

/// A trainer's three monsters as `t` shows them (test ids `{testid}-1` to `-3`): the one in
/// play marked once the battle has begun (`begun`), each card known (struck through when
/// disabled) and "?" for each card not known.
fn monster_rows(t: &TrainerView, testid: String, begun: bool) -> impl IntoView + use<> {
    let rows = t.monsters.iter().enumerate().map(|(m, x)| {
        let cards = Hand::of(&x.cards);
        let off = Hand::of(&x.disabled);
        let known = MONSTER_KINDS.into_iter().flat_map(|k| (0..cards.count(k)).map(move |i| (k, i < off.count(k))));
        let active = begun && usize::from(t.active) == m;
        view! {
            <li class="monster" class:active=active data-testid=format!("{testid}-{}", m + 1)>
                <span class="monster-name">{format!("Monster {}", m + 1)}</span>
                {active.then(|| view! { <span class="badge in-play">"in play"</span> })}
                <span class="monster-cards">
                    {known.map(|(k, disabled)| view! {
                        <span class="mon-card" class:off=disabled title=if disabled { "disabled" } else { "" }>{card_label(k)}</span>
                    }).collect_view()}
                    {(0..x.unknown).map(|_| view! { <span class="mon-card unknown" aria-label="a card not yet shown">"?"</span> }).collect_view()}
                </span>
            </li>
        }
    });
    view! { <ul class="monster-list">{rows.collect_view()}</ul> }
}

/// Beside the hand: the deciding trainer's own three monsters, every card shown.
pub(super) fn my_team(v: &TauntView) -> Option<AnyView> {
    let t = v.monsters.as_ref()?.trainers.get(seat_of(v))?;
    Some(
        view! {
            <div class="my-team" data-testid="my-team">
                <span class="zone-label">"Your team"</span>
                {monster_rows(t, "my-monster".into(), true)}
            </div>
        }
        .into_any(),
    )
}

/// One trainer's panel: name, wins, the Monster Team's track and tokens, the monsters.
fn trainer_panel(v: &TauntView, names: &[String], s: usize) -> impl IntoView + use<> {
    let c = v.corners.0[s];
    let n = s + 1;
    let t = v.monsters.as_ref().and_then(|m| m.trainers.get(s)).cloned().unwrap_or_default();
    let lost: usize = t.monsters.iter().map(|x| x.disabled.len()).sum();
    let label = format!("Disabled in play ({lost} of 3 across the team)");
    let building = v.monsters.as_ref().is_some_and(|m| usize::from(m.placed) < SQUAD_CARDS);
    view! {
        <div class="fighter-panel" data-testid=format!("fighter-{n}") data-down=super::board::is_down(&c, false).then_some("")>
            <div class="fighter-head">
                <span class="player-name">{names.get(s).cloned().unwrap_or_else(|| format!("Trainer {n}"))}</span>
                <span class="fighter-name">{if building { "Monster Team · building".to_string() } else { format!("Monster Team · Monster {} in play", t.active + 1) }}</span>
                <span class="wins" title="Fights won">{format!("{} won", v.wins[Seat(s as u8)])}</span>
            </div>
            {corner_state(v, &c, n, v.queued[Seat(s as u8)], label)}
            {monster_rows(&t, format!("monster-{n}"), !building)}
            // The table is the public view, even beside the trainer's own hand: say so.
            {t.monsters.iter().any(|x| x.unknown > 0).then(|| view! { <p class="hint" data-testid=format!("unseen-{n}")>"Each ? is a card not yet shown: the table holds only what both trainers have seen."</p> })}
            {danger_track(&c, MONSTER_TEAM.critical_damage, &format!("P{n}"))}
        </div>
    }
}

/// The Monsters table from a public view.
pub(super) fn table(v: &TauntView, names: &[String]) -> impl IntoView + use<> {
    view! {
        <section class="taunt-table monsters-table" aria-label="Table" data-motion>
            <p class="where" data-testid="where">{format!("Fight {} · Turn {}", v.fight, v.turn)}</p>
            <div class="fighters">
                {trainer_panel(v, names, 0)}
                {position_token(v.position)}
                {trainer_panel(v, names, 1)}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_is_keyed_by_its_letter_and_shift_takes_the_second_run() {
        let keyed = |key: &str, shift: bool| super::super::keyed(&MONSTER_KINDS, key, shift);
        assert_eq!(keyed("b", false), Some(Slot::Block));
        assert_eq!(keyed("r", false), Some(Slot::Run));
        assert_eq!(keyed("R", true), Some(Slot::RunTwo));
        assert_eq!(keyed("H", true), Some(Slot::Heal), "Shift with a letter no other card shares");
        assert_eq!(keyed("t", false), Some(Slot::Taunt));
        assert_eq!(keyed("7", false), None, "printed numbers repeat, so they are no keys");
        assert_eq!(keyed("Enter", false), None);
        let hand = [Slot::Block, Slot::Run, Slot::Charge, Slot::Heal];
        assert_eq!(super::super::keyed(&hand, "h", false), Some(Slot::Heal));
        assert_eq!(super::super::key_of(&MONSTER_KINDS, 2), ("\u{21e7}R".to_string(), "Shift+R".to_string()));
        assert_eq!(super::super::key_of(&hand, 3), ("H".to_string(), "h".to_string()));
    }
}
