//! Rumble's pieces of its rules page (`/rules/rumble`): the watch-the-example players where the
//! rules text says `::example ID`, and the whole power set where it says `::powers`. The page
//! itself (text, contents, notes, anchors) is the shell's; these pieces come with Rumble's play
//! module, which holds the engine the examples replay on.

use super::examples::watch;
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
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(watch),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{check_page_links, check_pieces};
    use dojo_games::rumble::{INTERPRETATION_NOTES, RULES_TEXT};

    #[test]
    fn every_directive_has_a_piece_and_every_example_is_on_the_page() {
        let examples: Vec<(String, String)> = examples().iter().map(|s| (s.id.clone(), s.title.clone())).collect();
        check_pieces(RULES_TEXT, piece, &examples, None);
    }

    #[test]
    fn every_section_has_its_own_anchor_and_every_link_inside_the_page_points_at_one() {
        let want = ["round", "keywords", "auction", "rebids", "invented", "moderator", "adjustments", "notes", "note-rebids"];
        let links = check_page_links("rumble", RULES_TEXT, INTERPRETATION_NOTES, &want);
        assert!(links >= 20, "the rules link their notes: {links} links");
    }
}
