//! The TAUNT table as everyone at it sees it. A duel: each fighter's Danger Track drawn as the
//! printed serpentine board, the Position token, charge and block tokens, the cards set aside
//! by Peril, the current mode, and face-down combo cards as a count. The modes for more
//! fighters have their own, more compact table ([`super::modes`]). Public information only.

use super::session::limits;
use dojo_engine::Seat;
use dojo_games::taunt::{Battle, Corner, MAX_CHARGE, Mode, Position, Slot, TauntView, track};
use leptos::prelude::*;

/// The CSS class and the short label that tell a mode apart without colour.
pub(super) fn mode_mark(mode: Mode) -> (&'static str, &'static str) {
    match mode {
        Mode::White => ("m-white", "W"),
        Mode::Yellow => ("m-yellow", "Y"),
        Mode::Orange => ("m-orange", "O"),
        Mode::Red => ("m-red", "R"),
    }
}

/// One fighter's (or Monster Team's) Danger Track to `critical`: rows of six spaces, every
/// other row running right to left.
pub(super) fn danger_track(corner: &Corner, critical: u8, marker: &str) -> impl IntoView + use<> {
    let damage = corner.damage;
    let marker = marker.to_string();
    let rows = track::board_rows(critical);
    view! {
        <div class="danger-track" role="img" aria-label=format!("Danger Track to {critical}: damage {damage}, {}", track::mode_of(damage, critical).title())>
            {rows.into_iter().map(|row| view! {
                <div class="track-row">
                    {row.into_iter().map(|space| match space {
                        Some(n) => {
                            let (class, label) = mode_mark(track::mode_of(n, critical));
                            let here = n == damage;
                            view! {
                                <span class=format!("space {class}") class:here=here data-space=n>
                                    <span class="num">{n}</span>
                                    <span class="zone-mark" aria-hidden="true">{label}</span>
                                    {here.then(|| view! { <span class="marker" aria-hidden="true">{marker.clone()}</span> })}
                                </span>
                            }.into_any()
                        }
                        None => view! { <span class="space blank"></span> }.into_any(),
                    }).collect_view()}
                </div>
            }).collect_view()}
        </div>
    }
}

/// `have` tokens drawn as `full`, then the rest of `max` as `empty`.
pub(super) fn tokens(have: u8, max: u8, full: &str, empty: &str) -> String {
    format!("{}{}", full.repeat(usize::from(have)), empty.repeat(usize::from(max.saturating_sub(have))))
}

/// Whether fighter `c` lies down on the table (public/table.js tilts and greys its panel, and
/// lets it fall when it just went down): knocked down for want of block tokens, out of a
/// circle, a Wampire knocked out, or beaten by three disabled cards (not a Wampire, whose cards
/// come back).
pub(super) fn is_down(c: &Corner, wampires: bool) -> bool {
    c.knocked_down || c.out || c.drained || (!wampires && c.disabled.len() >= 3)
}

fn fighter_panel(v: &TauntView, names: &[String], seat: Seat) -> impl IntoView + use<> {
    let c = v.corners[seat];
    let card = c.fighter.card();
    let queued = v.queued[seat];
    let i = seat.index();
    let wins = v.wins[seat];
    let wampire = v.options.wampires;
    let label = if wampire { format!("Disabled ({})", c.disabled.len()) } else { format!("Disabled ({} of 3)", c.disabled.len()) };
    view! {
        <div class="fighter-panel" data-testid=format!("fighter-{}", i + 1) data-down=is_down(&c, wampire).then_some("")>
            <div class="fighter-head">
                <span class="player-name">{names[i].clone()}</span>
                <span class="fighter-name">{format!("{} {}", card.name, card.face)}</span>
                <span class="wins" title="Fights won">{format!("{wins} won")}</span>
            </div>
            {corner_state(v, &c, i + 1, queued, label)}
            {(!wampire).then(|| danger_track(&c, card.critical_damage, &format!("P{}", i + 1)))}
        </div>
    }
}

/// The name of card `slot` in corner `c`'s hand: a monster's card in Monsters, else the
/// fighter's own card (with the Heal the options choose).
pub(super) fn card_name(v: &TauntView, c: &Corner, slot: Slot) -> &'static str {
    if v.battle == Battle::Monsters { super::monsters::card_label(slot) } else { c.fighter.card().move_card(slot, v.options.heal).name }
}

/// What a fighter panel shows of corner `c` (player `n`, from 1) in `v`, in a duel, a mode for
/// more fighters or Monsters: damage and mode (or a Wampire's blood), charge and block tokens,
/// the state badges and the disabled cards under `disabled_label`.
pub(super) fn corner_state(v: &TauntView, c: &Corner, n: usize, queued: u8, disabled_label: String) -> impl IntoView + use<> {
    let wampire = v.options.wampires;
    let (critical, block_tokens) = limits(v.battle, c);
    let status = if wampire {
        view! { <p class="mode m-orange" data-testid=format!("blood-{n}")><strong>{format!("{} blood", c.blood)}</strong>" · Peril read in Danger Mode"</p> }.into_any()
    } else {
        let mode = track::mode_of(c.damage, critical);
        view! {
            <p class=format!("mode {}", mode_mark(mode).0) data-testid=format!("mode-{n}")>
                <strong>{format!("{} damage", c.damage)}</strong>{format!(" of {critical} · {}", mode.title())}
            </p>
        }
        .into_any()
    };
    let disabled: Vec<&'static str> = c.disabled.to_vec().into_iter().map(|slot| card_name(v, c, slot)).collect();
    view! {
        {status}
        <p class="tokens">
            <span class="charge" aria-label=format!("Level {} ({} of {MAX_CHARGE} charge tokens)", c.charge, c.charge) data-testid=format!("charge-{n}")>
                {format!("L{} ", c.charge)}{tokens(c.charge, MAX_CHARGE, "↑", "·")}
            </span>
            <span class="blocks" aria-label=format!("{} of {block_tokens} block tokens", c.blocks) data-testid=format!("blocks-{n}")>
                {tokens(c.blocks, block_tokens, "♣", "♧")}
            </span>
        </p>
        <div class="badges">
            {c.knocked_down.then(|| view! { <span class="badge" title="Plays no card until every block token is back">"KNOCKED DOWN"</span> })}
            {c.attacks_locked.then(|| view! { <span class="badge" title="Blocked at Near: no Attacks this turn">"NO ATTACKS"</span> })}
            {(c.drained && !c.out).then(|| view! { <span class="badge">"KNOCKED OUT"</span> })}
            {(queued > 0).then(|| view! { <span class="badge combo" data-testid=format!("queued-{n}")>{format!("TAUNT combo: {queued} face down")}</span> })}
        </div>
        <div class="set-aside" data-testid=format!("disabled-{n}")>
            <span class="zone-label">{disabled_label}</span>
            {if disabled.is_empty() {
                view! { <span class="none">"none"</span> }.into_any()
            } else {
                disabled.into_iter().map(|name| view! { <span class="mini-card">{name}</span> }).collect_view().into_any()
            }}
        </div>
    }
}

/// The Position token two sides share.
pub(super) fn position_token(position: Position) -> impl IntoView + use<> {
    let near = position == Position::Near;
    view! {
        <div class="position-token" class:near=near data-testid="position" aria-label=format!("Position: {position}")>
            <span class="pos-label">"Position"</span>
            <span class="pos-value">{if near { "NEAR" } else { "FAR" }}</span>
        </div>
    }
}

/// The table from `view`'s public parts, with the players' names.
#[component]
pub fn TauntTable(
    /// A view of the match; only its public parts are shown.
    #[prop(into)]
    view: Signal<TauntView>,
    /// The players' names, in seat order.
    #[prop(into)]
    names: Signal<Vec<String>>,
) -> impl IntoView {
    move || {
        let v = view.get();
        let names = names.get();
        match v.battle {
            Battle::Duel => {}
            Battle::Monsters => return super::monsters::table(&v, &names).into_any(),
            _ => return super::modes::table(&v, &names).into_any(),
        }
        view! {
            <section class="taunt-table" aria-label="Table" data-motion>
                <p class="where" data-testid="where">{format!("Fight {} · Turn {}", v.fight, v.turn)}</p>
                <div class="fighters">
                    {fighter_panel(&v, &names, Seat(0))}
                    {position_token(v.position)}
                    {fighter_panel(&v, &names, Seat(1))}
                </div>
            </section>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::taunt::{FighterId, Slots};

    #[test]
    fn a_fighter_lies_down_when_knocked_down_out_or_beaten() {
        let standing = Corner::fresh(FighterId::Tuggle, 0);
        assert!(!is_down(&standing, false));
        assert!(is_down(&Corner { knocked_down: true, ..standing }, false));
        assert!(is_down(&Corner { out: true, ..standing }, false));
        assert!(is_down(&Corner { drained: true, ..standing }, true));
        let mut disabled = Slots::NONE;
        for slot in [Slot::Punch, Slot::Kick] {
            disabled.insert(slot);
        }
        assert!(!is_down(&Corner { disabled, ..standing }, false), "two disabled cards still fight");
        disabled.insert(Slot::Grab);
        assert!(is_down(&Corner { disabled, ..standing }, false), "three lose the fight");
        assert!(!is_down(&Corner { disabled, ..standing }, true), "a Wampire's cards come back");
    }
}
