//! TAUNT's pieces of its rules page (`/rules/taunt`): the move cards, fighters and tracks drawn
//! from the engine's data, placed where the rules text says `::move NAME`, `::fighters` and
//! `::tracks`. The page itself (text, contents, notes, anchors) is the shell's; these pieces
//! come with TAUNT's play module. Only the engine's data modules are used here.

use crate::games::taunt::examples::watch;
use crate::games::taunt::move_table::{fighters_html, html_view, move_card, move_html, tracks_html};
use dojo_games::taunt::scenario::{Scenario, rules_examples};
#[cfg(test)]
use dojo_games::taunt::{INTERPRETATION_NOTES, RULES_TEXT};
use leptos::prelude::*;
use std::sync::OnceLock;

/// The rules' worked examples, parsed once.
fn examples() -> &'static [Scenario] {
    static EXAMPLES: OnceLock<Vec<Scenario>> = OnceLock::new();
    EXAMPLES.get_or_init(rules_examples)
}

/// The piece for the rules text's line `::name arg`, if TAUNT has one.
pub fn piece(name: &str, arg: &str) -> Option<AnyView> {
    super::style::ensure();
    let html = match name {
        "example" => return examples().iter().find(|s| s.id == arg).cloned().map(watch),
        "move" => move_html(arg, move_card(arg)?),
        "fighters" => fighters_html(),
        "tracks" => tracks_html(),
        _ => return None,
    };
    Some(html_view(html))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{Block, check_page_links, page_anchors, parse};

    /// Every anchor the page will carry.
    fn anchors() -> Vec<String> {
        page_anchors(RULES_TEXT, INTERPRETATION_NOTES)
    }

    fn directives() -> Vec<(String, String)> {
        parse(RULES_TEXT)
            .into_iter()
            .filter_map(|b| match b {
                Block::Directive(name, arg) => Some((name, arg)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_move_line_names_a_card_and_every_directive_is_known() {
        let lines = directives();
        let moves: Vec<&str> = lines.iter().filter(|(n, _)| n == "move").map(|(_, a)| a.as_str()).collect();
        for name in &moves {
            assert!(move_card(name).is_some(), "::move {name} names no card");
        }
        for want in ["Block", "Run 1", "Run 2", "Punch", "Grab", "Shoot", "Kick", "Charge", "Heal", "TAUNT", "TeaShot", "Counter"] {
            assert!(moves.contains(&want), "no ::move {want}");
        }
        for (name, _) in &lines {
            assert!(["contents", "move", "fighters", "tracks", "notes", "example"].contains(&name.as_str()), "unknown directive ::{name}");
        }
        for once in ["contents", "fighters", "tracks", "notes"] {
            assert_eq!(lines.iter().filter(|(n, _)| n == once).count(), 1, "::{once}");
        }
    }

    #[test]
    fn every_example_is_on_the_page_under_its_own_heading() {
        let blocks = parse(RULES_TEXT);
        let mut seen = 0;
        for (i, block) in blocks.iter().enumerate() {
            let Block::Directive(name, arg) = block else { continue };
            if name != "example" {
                continue;
            }
            seen += 1;
            let scenario = examples().iter().find(|s| &s.id == arg).unwrap_or_else(|| panic!("::example {arg} names no scenario"));
            let heading = blocks[..i].iter().rev().find_map(|b| match b {
                Block::Heading(_, title, id) => Some((title.clone(), id.clone())),
                _ => None,
            });
            assert_eq!(heading, Some((scenario.title.clone(), format!("example-{arg}"))), "::example {arg}");
            let owner = Owner::new();
            owner.with(|| assert!(piece(name, arg).is_some()));
        }
        assert_eq!(seen, examples().len(), "every example is on the page");
    }

    #[test]
    fn every_anchor_is_unique_and_every_section_people_link_to_is_there() {
        let ids = anchors();
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "anchors must be unique: {ids:?}");
        for id in &ids {
            assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "#{id} is not a short slug");
        }
        for want in [
            "setup",
            "turn",
            "position",
            "order",
            "levels",
            "damage",
            "modes",
            "peril",
            "moves",
            "block",
            "run",
            "run-1",
            "run-2",
            "punch",
            "grab",
            "shoot",
            "kick",
            "charge",
            "heal",
            "taunt",
            "interrupts",
            "blocking",
            "knockdown",
            "combo",
            "fighters",
            "teashot",
            "counter",
            "series",
            "notes",
            "sources",
            "note-modes",
            "note-ties",
            "note-combo",
            "note-knockdown",
        ] {
            assert!(ids.iter().any(|id| id == want), "no section #{want}");
        }
        // Every section of the rules has its own anchor written out, so links survive retitling.
        for line in RULES_TEXT.lines().filter(|l| l.starts_with("##")) {
            assert!(line.trim_end().ends_with('}') && line.contains("{#"), "heading without an anchor: {line}");
        }
    }

    #[test]
    fn every_link_inside_the_page_points_at_an_anchor() {
        let links = check_page_links("taunt", RULES_TEXT, INTERPRETATION_NOTES, &[]);
        assert!(links > 40, "the rules link their decisions: {links} links");
    }
}
