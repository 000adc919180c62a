//! FUSION's pieces of its rules page (`/rules/fusion`): the watch-the-example players where the
//! rules text says `::example ID`. The page itself (text, contents, notes, anchors) is the
//! shell's; these pieces come with FUSION's rules module, which holds the engine the examples
//! replay on.

use super::examples::watch;
use dojo_games::fusion::scenario::{Scenario, rules_examples};
use leptos::prelude::*;
use std::sync::OnceLock;

/// The worked examples, parsed once.
fn examples() -> &'static [Scenario] {
    static EXAMPLES: OnceLock<Vec<Scenario>> = OnceLock::new();
    EXAMPLES.get_or_init(rules_examples)
}

/// The piece for the rules text's line `::name arg`, if FUSION has one.
pub fn piece(name: &str, arg: &str) -> Option<AnyView> {
    super::style::ensure();
    match name {
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(watch),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{check_page_links, check_pieces};
    use dojo_games::fusion::{INTERPRETATION_NOTES, RULES_TEXT};

    #[test]
    fn every_directive_has_a_piece_and_every_example_is_on_the_page() {
        let examples: Vec<(String, String)> = examples().iter().map(|s| (s.id.clone(), s.title.clone())).collect();
        check_pieces(RULES_TEXT, piece, &examples, None);
    }

    #[test]
    fn every_section_has_its_own_anchor_and_every_link_inside_the_page_points_at_one() {
        let want =
            ["gambit", "throwdown", "push", "beat-back", "assist", "spoils", "stand-ins", "evening", "notes", "note-tldr", "note-engine"];
        let links = check_page_links("fusion", RULES_TEXT, INTERPRETATION_NOTES, &want);
        assert!(links >= 20, "the rules link their notes: {links} links");
    }
}
