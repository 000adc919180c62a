//! PUNISH's pieces of its rules page (`/rules/punish`): the cards and the watch-the-example
//! players, placed where the rules text says `::card NAME` and `::example ID`. The page itself
//! (text, contents, notes, anchors, the examples' headings) is the shell's; these pieces come
//! with PUNISH's play module, which holds the engine the examples replay on.

use crate::games::punish::card::CardTile;
use crate::games::punish::scenario_player::ScenarioPlayer;
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
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(|s| view! { <ScenarioPlayer scenario=s/> }.into_any()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{Block, parse};
    use dojo_games::punish::RULES_TEXT;

    #[test]
    fn every_directive_has_a_piece_and_every_example_its_heading() {
        let owner = Owner::new();
        owner.with(|| {
            let blocks = parse(RULES_TEXT);
            let mut seen = 0;
            for (i, block) in blocks.iter().enumerate() {
                let Block::Directive(name, arg) = block else { continue };
                if ["contents", "notes"].contains(&name.as_str()) {
                    continue;
                }
                assert!(piece(name, arg).is_some(), "::{name} {arg} has no piece");
                if name == "example" {
                    seen += 1;
                    let scenario = examples().iter().find(|s| &s.id == arg).unwrap();
                    // The heading (with the example's id as its anchor) and summary come first.
                    let heading = blocks[..i].iter().rev().find_map(|b| match b {
                        Block::Heading(_, title, id) => Some((title.clone(), id.clone())),
                        _ => None,
                    });
                    assert_eq!(heading, Some((scenario.title.clone(), scenario.id.clone())), "::example {arg}");
                }
            }
            assert_eq!(seen, examples().len(), "every example is on the page");
        });
    }
}
