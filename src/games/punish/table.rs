//! The PUNISH table as both players see it: hearts, statuses, hands and deck as counts, the
//! cards out of play, and the breaths revealed this measure. Public information only.
//!
//! It redraws as a whole when the view changes (one reactive closure, not one per field): the
//! table is small, and each fine-grained closure would add its own code to the download.

use crate::games::punish::card::CardTile;
use dojo_games::punish::{Card, PunishView, Statuses};
use leptos::prelude::*;

fn hearts_text(have: u8, max: u8) -> String {
    format!("{}{}", "♥".repeat(usize::from(have)), "♡".repeat(usize::from(max.saturating_sub(have))))
}

fn status_badges(s: Statuses) -> impl IntoView {
    [
        (s.exhausted, "EXHAUSTED", "Cannot play a card this breath"),
        (s.disarmed, "DISARMED", "Cards deal no damage this breath"),
        (s.exposed, "EXPOSED", "Cards reduce no damage this breath"),
    ]
    .into_iter()
    .filter(|(on, ..)| *on)
    .map(|(_, name, help)| view! { <span class="badge" title=help>{name}</span> })
    .collect_view()
}

fn player_panel(v: &PunishView, names: &[String], i: usize) -> impl IntoView + use<> {
    let max = v.options.hearts;
    let won = v.wins.0[i];
    let held = v.hand_sizes.0[i];
    view! {
        <div class="player-panel" data-testid=format!("player-{}", i + 1) data-down=(v.hearts.0[i] == 0).then_some("")>
            <div class="player-name">{names[i].clone()}</div>
            <div class="hearts" aria-label=format!("{} of {max} hearts", v.hearts.0[i]) data-testid=format!("hearts-{}", i + 1)>{hearts_text(v.hearts.0[i], max)}</div>
            <div class="statuses">{status_badges(v.statuses.0[i])}</div>
            <div class="counts">{format!("{held} card{} in hand · {won} game{} won", if held == 1 { "" } else { "s" }, if won == 1 { "" } else { "s" })}</div>
        </div>
    }
}

fn played(card: Option<Card>, feinted: Option<Card>) -> AnyView {
    match card {
        Some(card) => view! { <td><CardTile card=card compact=true/>{feinted.map(|f| format!(" (feint, {f} discarded)"))}</td> }.into_any(),
        None => view! { <td class="rest">"— (exhausted)"</td> }.into_any(),
    }
}

/// The table from `view`'s public parts, with the players' names.
#[component]
pub fn Table(
    /// A view of the match; only its public parts are shown.
    #[prop(into)]
    view: Signal<PunishView>,
    /// The players' names, in seat order.
    #[prop(into)]
    names: Signal<Vec<String>>,
) -> impl IntoView {
    super::style::ensure();
    move || {
        let v = view.get();
        let names = names.get();
        let breaths = v.options.breaths_per_measure();
        view! {
            <section class="table" aria-label="Table" data-motion>
                {player_panel(&v, &names, 0)}
                <div class="centre">
                    <div class="where" data-testid="where">{format!("Game {} · Measure {} · Breath {} of {breaths}", v.game, v.measure, v.breath.min(breaths))}</div>
                    <div class="zone">
                        <span class="zone-label">"Out of play"</span>
                        {v.revealed.iter().map(|c| view! { <CardTile card=*c compact=true/> }).collect_view()}
                    </div>
                    <div class="zone"><span class="zone-label">"Deck"</span><span data-testid="deck-size">{format!("{} cards", v.deck_size)}</span></div>
                    <table class="breaths">
                        <caption>"This measure"</caption>
                        <thead><tr><th scope="col">"Breath"</th><th scope="col">{names[0].clone()}</th><th scope="col">{names[1].clone()}</th></tr></thead>
                        <tbody>
                            {v.history.iter().map(|r| view! { <tr><th scope="row">{r.breath}</th>{played(r.cards[0], r.feinted[0])}{played(r.cards[1], r.feinted[1])}</tr> }).collect_view()}
                        </tbody>
                    </table>
                </div>
                {player_panel(&v, &names, 1)}
            </section>
        }
    }
}
