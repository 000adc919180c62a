//! The PUNISH table as both players see it: hearts, statuses, hands and deck as counts, the
//! cards out of play, and the breaths revealed this measure. Public information only.

use crate::components::card::CardTile;
use dojo_games::punish::{PunishView, Statuses};
use leptos::prelude::*;

fn hearts_text(have: u8, max: u8) -> String {
    let full = "♥".repeat(usize::from(have));
    let empty = "♡".repeat(usize::from(max.saturating_sub(have)));
    format!("{full}{empty}")
}

fn status_badges(s: Statuses) -> impl IntoView {
    let mut badges = Vec::new();
    if s.exhausted {
        badges.push(("EXHAUSTED", "Cannot play a card this breath"));
    }
    if s.disarmed {
        badges.push(("DISARMED", "Cards deal no damage this breath"));
    }
    if s.exposed {
        badges.push(("EXPOSED", "Cards reduce no damage this breath"));
    }
    badges.into_iter().map(|(name, help)| view! { <span class="badge" title=help>{name}</span> }).collect_view()
}

/// The table from `view`'s public parts, with the players' names.
#[component]
pub fn Table(
    /// A view of the match; only its public parts are shown.
    #[prop(into)]
    view: Signal<PunishView>,
    /// The two players' names.
    #[prop(into)]
    names: Signal<[String; 2]>,
) -> impl IntoView {
    let player = move |i: usize| {
        move || {
            let v = view.get();
            let name = names.get()[i].clone();
            let max = v.options.hearts;
            view! {
                <div class="player-panel" data-testid=format!("player-{}", i + 1)>
                    <div class="player-name">{name}</div>
                    <div class="hearts" aria-label=format!("{} of {} hearts", v.hearts.0[i], max) data-testid=format!("hearts-{}", i + 1)>{hearts_text(v.hearts.0[i], max)}</div>
                    <div class="statuses">{status_badges(v.statuses.0[i])}</div>
                    <div class="counts">{format!("{} cards in hand · {} game{} won", v.hand_sizes.0[i], v.wins.0[i], if v.wins.0[i] == 1 { "" } else { "s" })}</div>
                </div>
            }
        }
    };
    view! {
        <section class="table" aria-label="Table">
            {player(0)}
            <div class="centre">
                <div class="where" data-testid="where">{move || {
                    let v = view.get();
                    format!("Game {} · Measure {} · Breath {} of {}", v.game, v.measure, v.breath.min(v.options.breaths_per_measure()), v.options.breaths_per_measure())
                }}</div>
                <div class="zone">
                    <span class="zone-label">"Out of play"</span>
                    {move || view.get().revealed.into_iter().map(|c| view! { <CardTile card=c compact=true/> }).collect_view()}
                </div>
                <div class="zone"><span class="zone-label">"Deck"</span><span data-testid="deck-size">{move || format!("{} cards", view.get().deck_size)}</span></div>
                <table class="breaths">
                    <caption>"This measure"</caption>
                    <thead><tr><th scope="col">"Breath"</th><th scope="col">{move || names.get()[0].clone()}</th><th scope="col">{move || names.get()[1].clone()}</th></tr></thead>
                    <tbody>
                        {move || view.get().history.into_iter().map(|r| {
                            let cell = |c: Option<dojo_games::punish::Card>, f: Option<dojo_games::punish::Card>| match c {
                                Some(card) => view! { <td><CardTile card=card compact=true/>{f.map(|f| format!(" (feint, {f} discarded)"))}</td> }.into_any(),
                                None => view! { <td class="rest">"— (exhausted)"</td> }.into_any(),
                            };
                            view! { <tr><th scope="row">{r.breath}</th>{cell(r.cards[0], r.feinted[0])}{cell(r.cards[1], r.feinted[1])}</tr> }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            {player(1)}
        </section>
    }
}
