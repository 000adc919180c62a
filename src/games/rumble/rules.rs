//! Rumble's pieces of its rules page (`/rules/rumble`): the watch-the-example players where the
//! rules text says `::example ID`, and the whole power set where it says `::powers`. The page
//! itself (text, contents, notes, anchors) is the shell's; these pieces come with Rumble's play
//! module, which holds the engine the examples replay on.

use super::examples::ExampleWatch;
use super::table::power_chip;
use dojo_engine::Game;
use dojo_games::rumble::catalog::{self, Tier};
use dojo_games::rumble::scenario::{Scenario, rules_examples};
use dojo_games::rumble::{PowerRef, Rumble, Setup};
use leptos::prelude::*;
use std::sync::OnceLock;

/// The rulebook's examples, parsed once.
fn examples() -> &'static [Scenario] {
    static EXAMPLES: OnceLock<Vec<Scenario>> = OnceLock::new();
    EXAMPLES.get_or_init(rules_examples)
}

/// Every power of the set, by tier, each with its text on a tap.
fn power_set() -> impl IntoView {
    let table = Rumble::from_setup(&Setup::heroes(&["A", "B"], catalog::all(), 0)).ok();
    let tiers = [Tier::Example, Tier::Unsorted, Tier::Intermediate, Tier::Advanced].map(|tier| {
        let cards = catalog::CARDS
            .iter()
            .filter(|c| c.tier == tier)
            .map(|c| {
                let chip = table.as_ref().map(|t| power_chip(t, PowerRef::Set(c.id), None));
                view! { <li>{chip}{c.beginner.then(|| view! { <span class="rb-tier">"beginner"</span> })}</li> }
            })
            .collect_view();
        view! { <h4>{tier.label()}</h4><ul class="rb-powers rb-set">{cards}</ul> }
    });
    view! { <div class="rb-power-set" data-testid="rb-set">{tiers.into_iter().collect_view()}</div> }
}

/// The piece for the rules text's line `::name arg`, if Rumble has one.
pub fn piece(name: &str, arg: &str) -> Option<AnyView> {
    super::style::ensure();
    match name {
        "powers" => Some(power_set().into_any()),
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(|s| view! { <ExampleWatch scenario=s/> }.into_any()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{Block, check_page_links, page_anchors, parse};
    use dojo_games::rumble::{INTERPRETATION_NOTES, RULES_TEXT};

    #[test]
    fn every_directive_has_a_piece_and_every_example_is_on_the_page() {
        let owner = Owner::new();
        owner.with(|| {
            let blocks = parse(RULES_TEXT);
            let mut seen = Vec::new();
            for block in &blocks {
                let Block::Directive(name, arg) = block else { continue };
                if ["contents", "notes"].contains(&name.as_str()) {
                    continue;
                }
                assert!(piece(name, arg).is_some(), "::{name} {arg} has no piece");
                if name == "example" {
                    seen.push(arg.clone());
                }
            }
            let ids: Vec<String> = examples().iter().map(|s| s.id.clone()).collect();
            assert_eq!(seen, ids, "every example is on the page, in order");
        });
    }

    #[test]
    fn every_section_has_its_own_anchor_and_every_link_inside_the_page_points_at_one() {
        let want = ["round", "keywords", "auction", "rebids", "invented", "moderator", "adjustments", "notes", "note-rebids"];
        let links = check_page_links(RULES_TEXT, INTERPRETATION_NOTES, &want);
        assert!(links >= 20, "the rules link their notes: {links} links");
        let ids = page_anchors(RULES_TEXT, INTERPRETATION_NOTES);
        assert!(
            dojo_games::registry::find("rumble").is_some_and(|g| ids.iter().any(|a| a == g.quick.0)),
            "the home page's quick link has its section"
        );
    }
}
