//! A PUNISH card as a tile: priority, name, effect. Shape and text tell cards apart, not colour.

use dojo_games::punish::Card;
use leptos::prelude::*;

/// A small glyph per card so cards differ by shape as well as by colour.
pub fn glyph(card: Card) -> &'static str {
    match card {
        Card::Guard => "▣",
        Card::Rush => "»",
        Card::Dodge => "↷",
        Card::Strike => "✕",
        Card::Punish => "✸",
    }
}

/// A face-up card. With `compact`, only the priority, glyph and name.
#[component]
pub fn CardTile(
    /// The card to show.
    card: Card,
    /// Show only priority, glyph and name.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let face = card.face();
    view! {
        <span class=format!("card card-{}", card.name().to_ascii_lowercase()) class:compact=compact data-card=card.name()>
            <span class="priority" title="Priority: lower resolves first">{face.priority}</span>
            <span class="glyph" aria-hidden="true">{glyph(card)}</span>
            <span class="name">{card.name()}</span>
            {(!compact).then(|| view! { <span class="effect">{face.effect}</span> })}
        </span>
    }
}

/// A face-down card (the other player's pick, or an empty slot).
#[component]
pub fn CardBack(
    /// What the hidden card stands for, for screen readers.
    #[prop(into)]
    label: String,
) -> impl IntoView {
    view! { <span class="card back" aria-label=label.clone()>"?"</span> }
}
