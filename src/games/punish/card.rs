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

/// The printed front of `card` for public/table.js: the kit's action card, named as the print
/// crate names it (`crates/print/src/faces.rs`).
pub fn printed_face(card: Card) -> String {
    format!("punish#{}-priority-{}", card.name().to_ascii_lowercase(), card.priority())
}

/// A face-up card. With `compact`, only the priority, glyph and name; otherwise public/table.js
/// shows the printed card over the text (which screen readers still read).
#[component]
pub fn CardTile(
    /// The card to show.
    card: Card,
    /// Show only priority, glyph and name.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    super::style::ensure();
    let face = card.face();
    view! {
        <span class=format!("card card-{}", card.name().to_ascii_lowercase()) class:compact=compact data-card=card.name()
            data-face=(!compact).then(|| printed_face(card))>
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
    super::style::ensure();
    view! { <span class="card back" aria-label=label.clone()>"?"</span> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_its_printed_face() {
        let sprite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/public/faces/punish.svg")).unwrap();
        for card in Card::ALL {
            let face = printed_face(card);
            let id = face.strip_prefix("punish#").unwrap();
            assert!(sprite.contains(&format!("<symbol id=\"face-{id}\"")), "{card:?}: no printed face {face}");
        }
    }
}
