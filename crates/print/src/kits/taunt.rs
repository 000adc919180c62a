//! TAUNT's print-and-play kit: nine move cards for each of the five fighters with a back per
//! fighter, the fighter cards, a turn reference card, the three Danger Track boards, the Dojo
//! board for team battles, and tokens (Damage markers, Position tokens, block and charge tokens,
//! and fighter tokens for the Dojo).
//!
//! The other ways to play ([`MODES`]) add their own pieces, printed only when chosen: a reference
//! card per mode, Monsters' decks, Switch cards, Monster Team cards and mini-deck labels, the
//! Wampires' blood board, and tokens for a fifth and sixth fighter in a circle.
//!
//! Every number, letter, name and text comes from the rules engine (`dojo_games::taunt`), so
//! the cards say exactly what the engine does. The few words the engine has no text for
//! (headings, the reference card's summary of a turn, the Dojo's reminder) are written here.
//!
//! Colour is never the only difference. The damage modes have a pattern each (White plain,
//! Yellow one set of diagonal lines, Orange two, Red three) and their name printed beside it,
//! the same on the cards' Peril sections, the boards' spaces and every legend; card types have
//! their name on the card; decks have their fighter's name on both sides.

mod boards;
mod cards;
mod fighters;
mod mode_cards;
mod modes;
mod monsters;
mod reference;
mod tokens;
mod wampires;

pub use modes::MODES;

use super::card_art::{FAINT, card_frame, cut_line, unit};
use crate::draw::{Align, Drawing, Hatch, Ink, Stroke};
use crate::geometry::Rect;
use crate::kit::{Kit, Style};
use crate::text::{Face, wrapped_height};
use dojo_games::taunt::{FIGHTERS, FighterId, Mode};

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// Lighter grey for secondary text.
const SOFT: Ink = Ink::Grey(35);

/// Builds the TAUNT kit for a print style. Each mode's pieces follow the basic pieces of their
/// size, so cards share the last sheet of cards and the extra tokens the sheet of tokens.
pub fn kit(style: &Style) -> Kit {
    let mut components: Vec<_> = FIGHTERS.iter().map(|fighter| cards::deck(style, fighter)).collect();
    components.push(fighters::component(style));
    components.push(reference::component(style));
    components.push(cards::classic_heals(style));
    components.extend(mode_cards::components(style));
    components.extend(monsters::components(style));
    components.push(boards::tracks(style));
    components.push(boards::dojo(style));
    components.push(wampires::component(style));
    components.extend(tokens::components(style));
    components.push(tokens::circle_extras(style));
    Kit { game: "taunt", title: "TAUNT", components, modes: MODES, card_set: None }
}

/// Paragraphs one under another across `area`, `gap` apart, all at the largest size from `max`
/// down to `min` at which together they fit its height (at `min` if none does: the kit's tests
/// then report the overflow). Returns the bottom of the last.
fn stacked(d: &mut Drawing, area: Rect, paragraphs: &[(Face, &str)], gap: f32, max: f32, min: f32, align: Align) -> f32 {
    let height = |size: f32| {
        paragraphs.iter().map(|(face, text)| wrapped_height(text, size, *face, area.w, 1.2)).sum::<f32>()
            + gap * (paragraphs.len() as f32 - 1.0)
    };
    let steps = ((max - min) * 10.0).round().max(0.0) as u32;
    let size = (0..=steps).map(|i| max - i as f32 / 10.0).find(|size| height(*size) <= area.h + 1e-3).unwrap_or(min);
    let mut y = area.y;
    for (face, text) in paragraphs {
        y += d.paragraph(Rect::new(area.x, y, area.w, 0.0), size, 1.2, *face, INK, align, text) + gap;
    }
    y - gap
}

/// How a damage mode looks: its colours for a colour print, and its pattern for a black and
/// white one. Its name (the engine's) is printed beside it wherever it appears.
struct ModeLook {
    /// The fill of a board space.
    fill: Ink,
    /// A paler fill behind the letters of a card's Peril section.
    tint: Ink,
    /// The pattern's lines.
    line: Ink,
    /// The pattern: more directions of lines the more dangerous the mode.
    hatches: &'static [Hatch],
}

fn look(mode: Mode) -> ModeLook {
    match mode {
        Mode::White => ModeLook { fill: Ink::White, tint: Ink::White, line: FAINT, hatches: &[] },
        Mode::Yellow => ModeLook {
            fill: Ink::Rgb(255, 228, 110),
            tint: Ink::Rgb(255, 244, 196),
            line: Ink::Rgb(176, 128, 0),
            hatches: &[Hatch::Rising],
        },
        Mode::Orange => ModeLook {
            fill: Ink::Rgb(255, 186, 112),
            tint: Ink::Rgb(255, 222, 188),
            line: Ink::Rgb(196, 92, 8),
            hatches: &[Hatch::Rising, Hatch::Falling],
        },
        Mode::Red => ModeLook {
            fill: Ink::Rgb(242, 128, 128),
            tint: Ink::Rgb(250, 204, 204),
            line: Ink::Rgb(168, 20, 32),
            hatches: &[Hatch::Rising, Hatch::Falling, Hatch::Level],
        },
    }
}

/// Fills `area` with `mode`'s colour (left out in ink-saver mode) and pattern, lines `spacing` apart.
fn mode_area(d: &mut Drawing, area: Rect, mode: Mode, style: &Style, spacing: f32) {
    let look = look(mode);
    if let Some(fill) = style.fill(look.fill).filter(|ink| *ink != Ink::White) {
        d.rect(area, Some(fill), None);
    }
    let width = (spacing * 0.09).clamp(0.12, 0.3);
    for hatch in look.hatches {
        d.hatch(area, *hatch, spacing, Stroke::solid(look.line, width));
    }
}

/// Each fighter's colour, for their card backs and fighter card: their name is printed too.
fn fighter_colour(id: FighterId) -> Ink {
    match id {
        FighterId::Mooshmere => Ink::Rgb(128, 84, 44),
        FighterId::Wollypobber => Ink::Rgb(36, 96, 150),
        FighterId::Tuggle => Ink::Rgb(150, 44, 110),
        FighterId::TeaBot => Ink::Rgb(24, 116, 104),
        FighterId::Tremble => Ink::Rgb(92, 68, 156),
    }
}

/// The first and last damage of each mode on the track of length `critical`, White first.
fn mode_ranges(critical: u8) -> [(Mode, u8, u8); 4] {
    let starts = dojo_games::taunt::track::mode_starts(critical);
    Mode::ALL.map(|mode| {
        let i = mode as usize;
        let last = if i + 1 < starts.len() { starts[i + 1] - 1 } else { critical };
        (mode, starts[i], last)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{Shape, Turn};
    use crate::geometry::CardSize;
    use crate::kit::PieceSize;
    use crate::text::{cap_height, descent, width};
    use dojo_games::taunt::moves::Slot;
    use dojo_games::taunt::track::{TRACK_LENGTHS, mode_of};

    fn style(card: CardSize, ink_saver: bool) -> Style {
        Style { card: card.size(), bleed: 0.0, ink_saver }
    }

    /// The boxes of the upright text lines of a drawing.
    fn text_boxes(d: &Drawing) -> Vec<(Rect, String)> {
        d.shapes
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text { start, size, face, text, turn: Turn::None, .. } => Some((
                    Rect::new(start.x, start.y - cap_height(*size), width(text, *size, *face), cap_height(*size) + descent(*size)),
                    text.clone(),
                )),
                _ => None,
            })
            .collect()
    }

    fn all_texts(kit: &Kit) -> String {
        let mut all = String::new();
        for piece in kit.components.iter().flat_map(|c| &c.pieces) {
            for side in std::iter::once(&piece.front).chain(piece.back.as_ref()) {
                all.extend(side.shapes.iter().filter_map(|s| match s {
                    Shape::Text { text, .. } => Some(format!("{text}\n")),
                    _ => None,
                }));
            }
        }
        all
    }

    #[test]
    fn the_kit_has_every_part_of_the_game() {
        let kit = kit(&style(CardSize::Poker, false));
        let count = |id: &str| kit.components.iter().find(|c| c.id == id).map(|c| c.pieces.len() * usize::from(c.default_copies));
        for fighter in &FIGHTERS {
            let deck = kit.components.iter().find(|c| c.name.starts_with(fighter.name)).expect("a deck per fighter");
            assert_eq!(deck.pieces.len(), Slot::ALL.len());
            // One back per deck, shared by its cards so backs give nothing away.
            assert!(deck.pieces.windows(2).all(|w| w[0].back == w[1].back));
        }
        assert_eq!(count("fighters"), Some(FIGHTERS.len()));
        assert_eq!(count("tracks"), Some(TRACK_LENGTHS.len()));
        assert_eq!(count("dojo"), Some(1));
        assert_eq!(count("markers"), Some(4));
        // One for each neighbouring pair of a circle of six, the most a circle has.
        assert_eq!(count("position"), Some(6));
        assert!(count("blocks") >= Some(4 * 5) && count("charge") >= Some(4 * 3));
        assert_eq!(count("classic-heal"), Some(0), "the classic Heal is optional");
        assert_eq!(count("fighter-tokens"), Some(FIGHTERS.len()));
        // Position tokens have Near on one side and Far on the other.
        let position = kit.components.iter().find(|c| c.id == "position").unwrap();
        let texts = |d: &Drawing| d.chars().collect::<String>();
        assert!(texts(&position.pieces[0].front).contains("Near") && texts(position.pieces[0].back.as_ref().unwrap()).contains("Far"));
    }

    #[test]
    fn cards_print_the_engine_s_data() {
        let kit = kit(&style(CardSize::Poker, false));
        let text = all_texts(&kit);
        for fighter in &FIGHTERS {
            assert!(text.contains(fighter.name) && text.contains(fighter.face), "{}", fighter.name);
            for slot in Slot::ALL {
                let card = fighter.move_card(slot, dojo_games::taunt::HealCard::Standard);
                assert!(text.contains(card.name), "{}", card.name);
                for row in card.rows.iter().filter(|_| card.has_table) {
                    for letters in row.peril.iter().filter(|l| !l.is_empty()) {
                        assert!(text.contains(&format!("{letters}\n")), "{} Peril {letters}", card.name);
                    }
                }
            }
        }
        for threshold in dojo_games::taunt::moves::HEAL_INTERRUPT {
            assert!(text.contains(&format!("{threshold}+ ♥")));
        }
        for note in ["no Interrupt", "Immune S B", "Far only"] {
            assert!(text.contains(note), "{note}");
        }
    }

    #[test]
    fn board_spaces_follow_the_engine_s_track() {
        for critical in TRACK_LENGTHS {
            let board = boards::track_board(&style(CardSize::Poker, true), critical);
            let text = board.chars().collect::<String>();
            for damage in 0..=critical {
                assert!(text.contains(&damage.to_string()));
            }
            // Each mode's name is printed on its spaces, not told by colour alone.
            for mode in [Mode::Yellow, Mode::Orange, Mode::Red] {
                let spaces = (0..=critical).filter(|d| mode_of(*d, critical) == mode).count();
                let labels = text_boxes(&board).iter().filter(|(_, t)| t.starts_with(&mode.to_string())).count();
                assert!(labels > spaces, "{critical}: {mode} on each of its {spaces} spaces and in the legend ({labels})");
            }
        }
    }

    #[test]
    fn no_text_overlaps_other_text_and_none_is_tiny() {
        for card in CardSize::ALL {
            for ink_saver in [false, true] {
                let style = style(card, ink_saver);
                let kit = kit(&style);
                for component in &kit.components {
                    for piece in &component.pieces {
                        for side in std::iter::once(&piece.front).chain(piece.back.as_ref()) {
                            let boxes = text_boxes(side);
                            for (i, (a, ta)) in boxes.iter().enumerate() {
                                for (b, tb) in &boxes[..i] {
                                    assert!(!a.overlaps(b), "{} at {card:?}: '{ta}' overlaps '{tb}'", piece.name);
                                }
                            }
                            // Readable: 6 pt on a poker card and on boards and tokens; cards
                            // printed smaller scale with them.
                            let smallest = match (component.size, card) {
                                (PieceSize::Fixed(_), _) | (PieceSize::Card, CardSize::Poker) => 6.0,
                                (PieceSize::Card, _) => 6.0 * unit(&style) - 0.01,
                            };
                            for shape in &side.shapes {
                                if let Shape::Text { size, text, .. } = shape {
                                    assert!(*size >= smallest - 1e-3, "{} at {card:?}: '{text}' is {size} pt", piece.name);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The ids of the components placed in the TAUNT document for `query`'s settings.
    fn printed(query: &str) -> (Vec<&'static str>, usize) {
        let (settings, errors) = crate::settings::Settings::from_query(query);
        assert!(errors.is_empty(), "{errors:?}");
        let document = crate::document_for("taunt", &settings).expect("the kit lays out");
        let mut ids: Vec<&'static str> = document.placements.iter().map(|p| p.component).collect();
        ids.dedup();
        (ids, document.pages.len())
    }

    #[test]
    fn the_default_kit_is_the_two_fighter_kit() {
        let (ids, pages) = printed("");
        let decks = FIGHTERS.map(|f| cards::deck_id(f.id));
        let basic = ["fighters", "reference", "tracks", "dojo", "markers", "position", "blocks", "charge", "fighter-tokens"];
        assert_eq!(ids, decks.iter().chain(&basic).copied().collect::<Vec<_>>());
        // Six sheets of cards, two of boards, one of tokens, each with its back, and the how-to page.
        assert_eq!(pages, 19);
        // Asking for modes and then for none is the default again.
        assert_eq!(printed("modes="), (ids, pages));
    }

    #[test]
    fn each_mode_prints_its_pieces_and_no_other_mode_s() {
        let kit = kit(&style(CardSize::Poker, false));
        let (basic, _) = printed("");
        for mode in MODES {
            let (ids, _) = printed(&format!("modes={}", mode.id));
            for component in &kit.components {
                let expected = (component.modes.is_empty() && component.default_copies > 0) || component.modes.contains(&mode.id);
                assert_eq!(ids.contains(&component.id), expected, "{} with {}", component.id, mode.id);
            }
            assert!(basic.iter().all(|id| ids.contains(id)), "{}: the basic kit still prints", mode.id);
        }
        let all: Vec<&str> = MODES.iter().map(|m| m.id).collect();
        let (ids, pages) = printed(&format!("modes={}", all.join(",")));
        assert_eq!(ids.len(), kit.components.len() - 1, "all but the classic Heal, which has no copies by default");
        assert!(pages > 19);
    }

    #[test]
    fn the_mode_pieces_are_what_the_modes_need() {
        use dojo_games::taunt::modes_data::{MONSTER_DECK, MONSTERS_PER_TRAINER, SWITCH_CARDS, TRAINERS};
        let kit = kit(&style(CardSize::Poker, false));
        let count = |id: &str| kit.components.iter().find(|c| c.id == id).map(|c| c.pieces.len() * usize::from(c.default_copies));
        let trainers = usize::from(TRAINERS);
        // Two Switch cards, the Monster Team card and three labels per trainer; two decks each.
        assert_eq!(count("switch"), Some(SWITCH_CARDS.len() * trainers));
        assert_eq!(count("switch"), Some(4));
        assert_eq!(count("monster-team"), Some(trainers));
        assert_eq!(count("monster-labels"), Some(usize::from(MONSTERS_PER_TRAINER) * trainers));
        assert_eq!(count("monster-decks"), Some(2 * MONSTER_DECK.len() * trainers));
        assert_eq!(count("blood"), Some(1));
        for card in ["ffa-card", "last-pobber-card", "team-card", "monsters-card", "wampires-card"] {
            assert!(count(card) >= Some(1), "{card}");
        }
        // Six fighters in a circle: six Damage markers and six players' tokens with the extras.
        let extras = kit.components.iter().find(|c| c.id == "circle-tokens").unwrap();
        let names: Vec<&str> = extras.pieces.iter().map(|p| p.name.as_str()).collect();
        assert!(names.contains(&"Damage marker D5") && names.contains(&"Damage marker D6"));
        // A Switch is played face down among the monsters' cards: all share one back.
        let monster_cards: Vec<&crate::kit::Piece> = kit
            .components
            .iter()
            .filter(|c| ["monster-decks", "switch", "monster-team", "monster-labels"].contains(&c.id))
            .flat_map(|c| &c.pieces)
            .collect();
        assert!(monster_cards.windows(2).all(|w| w[0].back == w[1].back));
        // The labels: a number each and a line to write a name on.
        let labels = kit.components.iter().find(|c| c.id == "monster-labels").unwrap();
        for (n, label) in (1..).zip(&labels.pieces) {
            assert!(text_boxes(&label.front).iter().any(|(_, t)| *t == n.to_string()), "label {n}");
        }
    }

    #[test]
    fn mode_cards_print_the_engine_s_mode_data() {
        use dojo_games::taunt::modes_data::{MONSTER_TEAM, SWITCH_CARDS, SWITCH_SHIELD, WAMPIRE_DRINKING, knockout_peril};
        let text = all_texts(&kit(&style(CardSize::Poker, false)));
        // Paragraphs wrap, so look for each line's words in order across the lines.
        let flat = text.replace('\n', " ");
        for switch in SWITCH_CARDS {
            assert!(text.contains(&format!("{}\n", switch.name)) && flat.contains(switch.brings_in), "{}", switch.name);
        }
        assert!(flat.contains(SWITCH_SHIELD) && flat.contains(MONSTER_TEAM.heal.text));
        assert!(text.contains(&format!("{}\n", MONSTER_TEAM.critical_damage)));
        for threshold in MONSTER_TEAM.heal_interrupt {
            assert!(text.contains(&format!("{threshold}+ ♥")));
        }
        assert!(text.contains(WAMPIRE_DRINKING) && text.contains("Danger Mode (Orange)"));
        for first in [0, 10, 20, 30, 40] {
            assert!(text.contains(&format!("{first}–{}\n{}", first + 9, "KO: one hit with")), "{first}");
            assert!(text.contains(&format!("{} or more Peril\n", knockout_peril(first))), "{first}");
        }
        assert!(flat.contains("20–29 blood: 3 or more Peril in one hit."));
    }

    #[test]
    fn every_mode_text_stays_inside_its_frame_at_every_size() {
        for card in CardSize::ALL {
            for ink_saver in [false, true] {
                let style = style(card, ink_saver);
                let kit = kit(&style);
                for component in kit.components.iter().filter(|c| !c.modes.is_empty()) {
                    let inner = match component.size {
                        PieceSize::Card => Rect::of_size(style.card).outset(-3.0 * unit(&style)),
                        PieceSize::Fixed(size) => Rect::of_size(size).outset(-1.0),
                    };
                    for piece in &component.pieces {
                        for side in std::iter::once(&piece.front).chain(piece.back.as_ref()) {
                            for (b, text) in text_boxes(side) {
                                assert!(
                                    inner.contains(&b, 0.05),
                                    "{} at {card:?}: '{text}' leaves the frame ({b:?} in {inner:?})",
                                    piece.name
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_first_page_lists_every_mode_piece_without_overlaps() {
        let all: Vec<&str> = MODES.iter().map(|m| m.id).collect();
        for paper in ["a4", "letter"] {
            let (settings, _) = crate::settings::Settings::from_query(&format!("paper={paper}&modes={}", all.join(",")));
            let document = crate::document_for("taunt", &settings).unwrap();
            let boxes = text_boxes(&document.pages[0].drawing);
            for (i, (a, ta)) in boxes.iter().enumerate() {
                for (b, tb) in &boxes[..i] {
                    assert!(!a.overlaps(b), "{paper}: '{ta}' overlaps '{tb}'");
                }
            }
            let text: String = boxes.iter().map(|(_, t)| format!("{t}\n")).collect();
            assert!(text.contains("With the pieces for: Free-for-All,"), "{text}");
        }
    }

    #[test]
    fn the_dojo_has_two_spots_in_each_half_for_a_team_s_fighter_tokens() {
        let kit = kit(&style(CardSize::Poker, true));
        let dojo = &kit.components.iter().find(|c| c.id == "dojo").unwrap().pieces[0].front;
        let spots: Vec<Rect> = text_boxes(dojo).into_iter().filter(|(_, t)| t == "token").map(|(b, _)| b).collect();
        let middle = boards::BOARD.w / 2.0;
        assert_eq!(spots.iter().filter(|b| b.right() < middle).count(), 2);
        assert_eq!(spots.iter().filter(|b| b.x > middle).count(), 2);
    }

    #[test]
    fn two_damage_markers_fit_side_by_side_on_a_board_space() {
        for critical in TRACK_LENGTHS {
            let space = boards::space_size(critical);
            assert!(space.w >= 2.0 * tokens::TOKEN && space.h >= tokens::TOKEN + 1.0, "{critical}: {space:?}");
        }
    }
}
