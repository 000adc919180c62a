//! TAUNT's print-and-play kit: nine move cards for each of the five fighters with a back per
//! fighter, the fighter cards, a turn reference card, the three Danger Track boards, the Dojo
//! board for team battles, and tokens (Damage markers, Position tokens, block and charge tokens,
//! and fighter tokens for the Dojo).
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
mod reference;
mod tokens;

use crate::draw::{Drawing, Hatch, Ink, Stroke};
use crate::geometry::Rect;
use crate::kit::{Kit, Style};
use dojo_games::taunt::{FIGHTERS, FighterId, Mode};

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// Lighter grey for secondary text.
const SOFT: Ink = Ink::Grey(35);
/// Faint lines: table rules and cut lines.
const FAINT: Ink = Ink::Grey(70);

/// Builds the TAUNT kit for a print style.
pub fn kit(style: &Style) -> Kit {
    let mut components: Vec<_> = FIGHTERS.iter().map(|fighter| cards::deck(style, fighter)).collect();
    components.push(fighters::component(style));
    components.push(reference::component(style));
    components.push(cards::classic_heals(style));
    components.push(boards::tracks(style));
    components.push(boards::dojo(style));
    components.extend(tokens::components(style));
    Kit { game: "taunt", title: "TAUNT", components }
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

/// Scale factor from the poker card the card art was designed on.
fn unit(style: &Style) -> f32 {
    (style.card.w / 63.0).min(style.card.h / 88.0)
}

/// The faint cut line of a piece of `size` (helps when cutting without crop marks).
fn cut_line(d: &mut Drawing, piece: Rect) {
    d.rect(piece, None, Some(Stroke::solid(FAINT, 0.15)));
}

/// The cut line and the inner frame of a card; returns the inside of the frame.
fn card_frame(d: &mut Drawing, style: &Style, colour: Ink) -> Rect {
    let u = unit(style);
    let card = Rect::of_size(style.card);
    cut_line(d, card);
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(colour, 0.5 * u)));
    inner
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
        assert_eq!(count("position"), Some(4));
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

    #[test]
    fn two_damage_markers_fit_side_by_side_on_a_board_space() {
        for critical in TRACK_LENGTHS {
            let space = boards::space_size(critical);
            assert!(space.w >= 2.0 * tokens::TOKEN && space.h >= tokens::TOKEN + 1.0, "{critical}: {space:?}");
        }
    }
}
