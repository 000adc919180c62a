//! PUNISH's pieces of its rules page (`/rules/punish`): the cards and the watch-the-example
//! players, placed where the rules text says `::card NAME` and `::example ID`. The page itself
//! (text, contents, notes, anchors, the examples' headings) is the shell's; these pieces come
//! with PUNISH's play module, which holds the engine the examples replay on.

use crate::games::punish::card::CardTile;
use crate::games::punish::scenario_player::watch;
use dojo_games::punish::Card;
use dojo_games::punish::scenario::{Scenario, rules_examples};
use leptos::prelude::*;
use std::sync::OnceLock;

/// The rulebook's examples, parsed once.
fn examples() -> &'static [Scenario] {
    static EXAMPLES: OnceLock<Vec<Scenario>> = OnceLock::new();
    EXAMPLES.get_or_init(rules_examples)
}

/// The piece for the rules text's line `::name arg`, if PUNISH has one.
pub fn piece(name: &str, arg: &str) -> Option<AnyView> {
    match name {
        "card" => Card::ALL.into_iter().find(|c| c.name() == arg).map(|card| view! { <CardTile card=card/> }.into_any()),
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(watch),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::check_pieces;
    use dojo_games::punish::RULES_TEXT;

    #[test]
    fn every_directive_has_a_piece_and_every_example_its_heading() {
        let examples: Vec<(String, String)> = examples().iter().map(|s| (s.id.clone(), s.title.clone())).collect();
        check_pieces(RULES_TEXT, piece, &examples, Some(|id| id.to_string()));
    }
}
