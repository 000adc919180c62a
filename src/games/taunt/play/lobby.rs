//! TAUNT's lobby: the way of playing first, then who fights. A duel keeps the two-seat choice
//! (a person against the computer, or two people) and its series; the modes for more fighters
//! have one row per fighter, each played by a person or the computer at any strength.

use super::session::Session;
use crate::play::lobby::{default_controllers, save_note, save_note_secret_to_the_end, seat_rows_noted, seats_of};
use crate::play::page::chosen_seats;
use crate::play::{PlayCtx, who_plays};
use dojo_bot::Level;
use dojo_games::taunt::{Battle, FighterId, HealCard, Options, Setup};
use leptos::prelude::*;

use super::session::TauntSite;

/// The most fighters any way of playing seats.
const MOST: usize = 6;

/// The way of playing in a sentence, for the lobby.
fn pitch(battle: Battle) -> &'static str {
    match battle {
        Battle::Duel => "Two fighters and one Position token between them, over a series of fights.",
        Battle::FreeForAll => {
            "Three to six fighters sit in a circle, with a Near or Far marker between each pair of neighbours: your moves reach only the fighters beside you. The first to defeat someone wins."
        }
        Battle::LastStanding => {
            "A circle as in Free-for-All, but a defeated fighter leaves it and the fight goes on until one is left. The last two share one Position, as in a duel."
        }
        Battle::Team => {
            "Two teams of two in the two halves of the Dojo: fighters in the same half are Near. A defeated fighter becomes a Team Spirit that can still help its teammate. The first team to defeat both opponents wins."
        }
        Battle::Monsters => {
            "Two trainers, each with three monsters built in secret from two decks of moves. Switch monsters to save a battered one; lose with three disabled cards across your team."
        }
    }
}

/// A choice of fighter, `data-testid=testid`, kept in `chosen`.
fn fighter_select(
    label: String,
    testid: String,
    chosen: impl Fn() -> FighterId + Send + Sync + Copy + 'static,
    set: impl Fn(FighterId) + 'static,
) -> impl IntoView {
    view! {
        <label>{label}
            <select data-testid=testid on:change=move |ev| {
                if let Some(f) = FighterId::ALL.into_iter().find(|f| format!("{f:?}") == event_target_value(&ev)) { set(f) }
            }>
                {FighterId::ALL.into_iter().map(|f| {
                    let card = f.card();
                    let special = card.special.map(|s| format!(", {s}")).unwrap_or_default();
                    view! { <option value=format!("{f:?}") selected=move || chosen() == f>{format!("{} {} — track {}, {} block{special}", card.name, card.face, card.critical_damage, card.block_tokens)}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

/// What row `i` of a mode for more fighters is called: its team and half in a Team Battle.
fn row_label(battle: Battle, i: usize) -> String {
    match battle {
        Battle::Team if i < 2 => format!("Team 1, left half · Fighter {}", i + 1),
        Battle::Team => format!("Team 2, right half · Fighter {}", i + 1),
        Battle::Monsters => format!("Trainer {}", i + 1),
        _ => format!("Fighter {}", i + 1),
    }
}

/// The lobby.
#[component]
pub fn Lobby(cx: PlayCtx<TauntSite>) -> impl IntoView {
    let battle = RwSignal::new(Battle::Duel);
    let vs_bot = RwSignal::new(true);
    let level = RwSignal::new(Level::Medium);
    // Every fighter has a default, the sixth repeating the first (a sixth player prints a
    // second copy of one deck).
    let fighters = RwSignal::new((0..MOST).map(|i| FighterId::ALL[i % FighterId::ALL.len()]).collect::<Vec<_>>());
    let controllers = RwSignal::new(default_controllers(MOST, Level::Medium));
    let count = RwSignal::new(4usize);
    let best_of = RwSignal::new(3u8);
    let classic_heal = RwSignal::new(false);
    let recovery = RwSignal::new(true);
    let pass_charge = RwSignal::new(true);
    let wampires = RwSignal::new(false);
    let duel = move || battle.get() == Battle::Duel;
    let monsters = move || battle.get() == Battle::Monsters;
    // A series: the duel, and Monsters (two trainers sharing one Position).
    let series = move || battle.get().is_duel();
    // How many fighters the chosen way seats: the count asked for, within its range.
    let seated = Signal::derive(move || {
        let range = battle.get().fighters();
        count.get().clamp(*range.start(), *range.end())
    });
    let fighter = move |i: usize| move || fighters.with(|f| f.get(i).copied().unwrap_or(FighterId::Mooshmere));
    let set_fighter = move |i: usize| {
        move |f: FighterId| {
            fighters.update(|all| {
                if let Some(slot) = all.get_mut(i) {
                    *slot = f;
                }
            })
        }
    };
    let start = move || {
        let battle = battle.get_untracked();
        let options = Options {
            best_of: if battle.is_duel() { best_of.get_untracked() } else { 1 },
            heal: if classic_heal.get_untracked() && battle != Battle::Monsters { HealCard::Classic } else { HealCard::Standard },
            recovery: recovery.get_untracked(),
            pass_charge: pass_charge.get_untracked(),
            battle,
            // A trainer's monsters share a Danger Track: no Wampires.
            wampires: wampires.get_untracked() && battle != Battle::Monsters,
        };
        let n = if battle == Battle::Duel { 2 } else { seated.get_untracked() };
        let seats =
            if battle == Battle::Duel { chosen_seats(vs_bot, level, cx.friend, 2) } else { controllers.with_untracked(|c| seats_of(c, n)) };
        // Trainers fight with the Monster Team card, not a fighter: any fighter will do.
        let chosen: Vec<FighterId> = if battle == Battle::Monsters {
            vec![FighterId::Wollypobber; 2]
        } else {
            fighters.with_untracked(|f| f.iter().copied().take(n).collect())
        };
        cx.start(Session::new(seats, &Setup::new(chosen, options)));
    };
    let who = move || {
        if duel() {
            view! {
                {who_plays(vs_bot, level, Some(cx.friend))}
                <fieldset>
                    <legend>"Fighters"</legend>
                    {move || fighter_select(if vs_bot.get() { "You: " } else { "Player 1: " }.into(), "fighter-1".into(), fighter(0), set_fighter(0))}
                    {move || fighter_select(if vs_bot.get() { "Computer: " } else { "Player 2: " }.into(), "fighter-2".into(), fighter(1), set_fighter(1))}
                </fieldset>
            }
            .into_any()
        } else {
            let b = battle.get();
            let range = b.fighters();
            let fixed = range.start() == range.end();
            let counts =
                range.clone().map(|n| view! { <option value=n.to_string() selected=move || seated.get() == n>{n.to_string()}</option> });
            // Monsters: two trainers and no fighter (the Monster Team card stands for them), and
            // a shared device saves nothing of the battle (one set of rows serves every mode).
            let trainers = b == Battle::Monsters;
            let (legend, fixed_note, hint) = if trainers {
                (
                    "Trainers",
                    " (two trainers)",
                    "Each trainer is a person at this device, the computer, or a friend on another device. Monsters take no fighter: the three of a team share the Monster Team card (track to 30, 4 block tokens). People pass the device to build in secret.",
                )
            } else {
                (
                    "Fighters",
                    " (two teams of two)",
                    "Each fighter is played by a person at this device, by the computer, or by a friend on another device, in any mix. People sharing a device pass it for every secret choice.",
                )
            };
            let note: fn(&crate::play::Seats) -> &'static str = if trainers { save_note_secret_to_the_end } else { save_note };
            let extra = move |i: usize| {
                if trainers {
                    ().into_any()
                } else {
                    fighter_select("Fighter: ".into(), format!("fighter-{}", i + 1), fighter(i), set_fighter(i)).into_any()
                }
            };
            view! {
                <fieldset>
                    <legend>{legend}</legend>
                    <label>"How many: "
                        <select data-testid="fighter-count" disabled=fixed on:change=move |ev| count.set(event_target_value(&ev).parse().unwrap_or(4))>
                            {counts.collect_view()}
                        </select>
                        {fixed.then_some(fixed_note)}
                    </label>
                    <p class="hint">{hint}</p>
                    {seat_rows_noted(seated, controllers, move |i| row_label(b, i), extra, note, true)}
                </fieldset>
            }
            .into_any()
        }
    };
    view! {
        <form class="lobby" data-testid="lobby" on:submit=move |ev| { ev.prevent_default(); start(); }>
            <fieldset>
                <legend>"Way of playing"</legend>
                <select data-testid="battle" aria-label="Way of playing" on:change=move |ev| {
                    if let Some(b) = Battle::from_id(&event_target_value(&ev)) { battle.set(b) }
                }>
                    {Battle::ALL.into_iter().map(|b| view! { <option value=b.id() selected=move || battle.get() == b>{b.title()}</option> }).collect_view()}
                </select>
                <p class="hint" data-testid="battle-pitch">{move || pitch(battle.get())}
                    {move || (!duel()).then(|| { let b = battle.get(); view! { " " <a href=format!("/rules/taunt#{}", b.id())>{format!("How {} plays", b.title())}</a> } })}
                </p>
            </fieldset>
            {who}
            <fieldset>
                <legend>"Options"</legend>
                // Hidden rather than redrawn: options a way of playing does not use stay in place.
                <Show when=series>
                    <label>"Series: best of "
                        <select data-testid="best-of" on:change=move |ev| best_of.set(event_target_value(&ev).parse().unwrap_or(3))>
                            {[1u8, 3, 5].map(|n| view! { <option value=n.to_string() selected=move || best_of.get() == n>{n.to_string()}</option> }).collect_view()}
                        </select>
                    </label>
                    <label hidden=move || !duel()><input type="checkbox" data-testid="opt-recovery" prop:checked=move || recovery.get() on:change=move |ev| recovery.set(event_target_checked(&ev))/>" A fight's winner sheds their Recovery in damage before the next fight"</label>
                </Show>
                <label><input type="checkbox" data-testid="opt-pass-charge" prop:checked=move || pass_charge.get() on:change=move |ev| pass_charge.set(event_target_checked(&ev))/>{move || if series() { " After a Charge acts, its fighter may pass a charge token to the other" } else { " After a Charge acts, its fighter may pass a charge token to another fighter" }}</label>
                <label hidden=monsters><input type="checkbox" data-testid="opt-classic-heal" prop:checked=move || classic_heal.get() on:change=move |ev| classic_heal.set(event_target_checked(&ev))/>" Classic Heal: it only takes back disabled cards"</label>
                <label hidden=monsters><input type="checkbox" data-testid="opt-wampires" prop:checked=move || wampires.get() on:change=move |ev| wampires.set(event_target_checked(&ev))/>" Wampires (a variant: the designer lists them among ideas): every fighter has 30 blood instead of a Danger Track, drinks from Near bites, and is knocked out by a hit with more Peril than its blood can bear. "<a href="/rules/taunt#wampires">"More"</a></label>
            </fieldset>
            <button type="submit" class="button primary" data-testid="start">{move || if duel() { "Start the fight" } else { "Start the battle" }}</button>
            <p class="hint">"New to TAUNT? "<a href="/rules/taunt">"Read the rules"</a>" or "<a href="/rules/taunt#turn">"just how a turn works"</a>". Playing at a table? "<a href="/print/taunt">"Print the kit"</a>"."</p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_rows_name_their_team_and_half() {
        assert_eq!(row_label(Battle::Team, 1), "Team 1, left half · Fighter 2");
        assert_eq!(row_label(Battle::Team, 2), "Team 2, right half · Fighter 3");
        assert_eq!(row_label(Battle::FreeForAll, 5), "Fighter 6");
        assert_eq!(row_label(Battle::Monsters, 1), "Trainer 2");
    }

    #[test]
    fn every_way_of_playing_has_a_pitch() {
        for b in Battle::ALL {
            assert!(pitch(b).ends_with('.'), "{b}");
        }
    }
}
