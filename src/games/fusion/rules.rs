//! FUSION's pieces of its rules page (`/rules/fusion`): the watch-the-example players where the
//! rules text says `::example ID`. The page itself (text, contents, notes, anchors) is the
//! shell's; these pieces come with FUSION's rules module, which holds the engine the examples
//! replay on.

use super::examples::ExampleWatch;
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
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(|s| view! { <ExampleWatch scenario=s/> }.into_any()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{Block, check_page_links, page_anchors, parse};
    use dojo_games::fusion::{INTERPRETATION_NOTES, RULES_TEXT};

    #[test]
    fn every_directive_has_a_piece_and_every_example_is_on_the_page() {
        let owner = Owner::new();
        owner.with(|| {
            let mut seen = Vec::new();
            for block in &parse(RULES_TEXT) {
                let Block::Directive(name, arg) = block else { continue };
                if ["contents", "notes"].contains(&name.as_str()) {
                    continue;
                }
                assert!(piece(name, arg).is_some(), "::{name} {arg} has no piece");
                seen.push(arg.clone());
            }
            let mut ids: Vec<String> = examples().iter().map(|s| s.id.clone()).collect();
            seen.sort();
            ids.sort();
            assert_eq!(seen, ids, "every example is on the page");
        });
    }

    #[test]
    fn every_section_has_its_own_anchor_and_every_link_inside_the_page_points_at_one() {
        let want =
            ["gambit", "throwdown", "push", "beat-back", "assist", "spoils", "stand-ins", "evening", "notes", "note-tldr", "note-engine"];
        let links = check_page_links(RULES_TEXT, INTERPRETATION_NOTES, &want);
        assert!(links >= 20, "the rules link their notes: {links} links");
        let ids = page_anchors(RULES_TEXT, INTERPRETATION_NOTES);
        assert!(
            dojo_games::registry::find("fusion").is_some_and(|g| ids.iter().any(|a| a == g.quick.0)),
            "the home page's quick link has its section"
        );
    }
}
