//! DRAGON PUNCH's pieces of its rules page (`/rules/dragon-punch`): our set's cards where the
//! rules text says `::cards`, and the watch-the-example players where it says `::example ID`.
//! The page itself (text, contents, notes with the matchup table, anchors) is the shell's; these
//! pieces come with DRAGON PUNCH's play module, which holds the engine the examples replay on.

use super::cards::set_cards;
use super::examples::watch;
use super::sets;
use dojo_games::dragon_punch::scenario::{Scenario, rules_examples};
use leptos::prelude::*;
use std::sync::OnceLock;

/// The rulebook's examples, parsed once.
fn examples() -> &'static [Scenario] {
    static EXAMPLES: OnceLock<Vec<Scenario>> = OnceLock::new();
    EXAMPLES.get_or_init(rules_examples)
}

/// The piece for the rules text's line `::name arg`, if DRAGON PUNCH has one.
pub fn piece(name: &str, arg: &str) -> Option<AnyView> {
    super::style::ensure();
    match name {
        "cards" => Some(set_cards(&sets::ours()).into_any()),
        "example" => examples().iter().find(|s| s.id == arg).cloned().map(watch),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::{Block, check_page_links, check_pieces, parse};
    use dojo_games::dragon_punch::{INTERPRETATION_NOTES, RULES_TEXT};

    #[test]
    fn every_directive_has_a_piece_and_every_example_its_heading() {
        let examples: Vec<(String, String)> = examples().iter().map(|s| (s.id.clone(), s.title.clone())).collect();
        let blocks = check_pieces(RULES_TEXT, piece, &examples, Some(|id| format!("example-{id}")));
        let once = |n: &str| blocks.iter().filter(|b| matches!(b, Block::Directive(d, _) if d == n)).count();
        assert_eq!([once("contents"), once("notes"), once("cards")], [1, 1, 1]);
    }

    #[test]
    fn every_section_has_its_own_anchor_and_every_link_inside_the_page_points_at_one() {
        let want = [
            "cards",
            "turn",
            "compare",
            "initiative",
            "rounds",
            "taunt",
            "variants",
            "examples",
            "notes",
            "sources",
            "note-set",
            "note-resolve",
        ];
        let links = check_page_links("dragon-punch", RULES_TEXT, INTERPRETATION_NOTES, &want);
        assert!(links >= 5, "the rules link their notes: {links} links");
    }

    #[test]
    fn the_matchup_table_in_the_notes_is_a_table_of_every_character() {
        let tables: Vec<Block> = parse(INTERPRETATION_NOTES).into_iter().filter(|b| matches!(b, Block::Table(..))).collect();
        let [Block::Table(header, rows)] = tables.as_slice() else { panic!("one table expected: {tables:?}") };
        let names: Vec<String> = sets::ours().characters.iter().map(|c| c.name.clone()).collect();
        assert_eq!(header[1..], names[..]);
        assert_eq!(rows.len(), names.len());
        for (row, name) in rows.iter().zip(&names) {
            assert_eq!(&row[0], name);
            assert_eq!(row.len(), names.len() + 1);
        }
    }
}
