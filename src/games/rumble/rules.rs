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
    use crate::markdown::{Block, Inline, inline, page_anchors, parse};
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
        let ids = page_anchors(RULES_TEXT, INTERPRETATION_NOTES);
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "anchors must be unique");
        for want in ["round", "keywords", "auction", "rebids", "invented", "moderator", "adjustments", "notes", "note-rebids"] {
            assert!(ids.iter().any(|id| id == want), "no section #{want}");
        }
        for line in RULES_TEXT.lines().filter(|l| l.starts_with("##")) {
            assert!(line.trim_end().ends_with('}') && line.contains("{#"), "heading without an anchor: {line}");
        }
        let mut links = 0;
        for block in parse(RULES_TEXT).into_iter().chain(parse(INTERPRETATION_NOTES)) {
            let texts = match block {
                Block::Paragraph(t) => vec![t],
                Block::List(_, items) => items,
                _ => continue,
            };
            for text in texts {
                for part in inline(&text) {
                    if let Inline::Link(label, href) = part
                        && let Some(id) = href.strip_prefix('#')
                    {
                        assert!(ids.iter().any(|a| a == id), "[{label}]({href}) points at no anchor");
                        links += 1;
                    }
                }
            }
        }
        assert!(links >= 20, "the rules link their notes: {links} links");
        assert!(
            dojo_games::registry::find("rumble").is_some_and(|g| ids.iter().any(|a| a == g.quick.0)),
            "the home page's quick link has its section"
        );
    }
}
