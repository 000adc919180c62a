//! Every game's kit, by the id used in `/print/<game>` and `dojo print <game>`.

use crate::kit::{Kit, KitMode, Style};
use crate::settings::{Settings, SettingsError};

mod card_art;
mod column;
pub mod dragon_punch;
mod fit;
pub mod fusion;
pub mod punish;
pub mod rumble;
pub mod taunt;

/// A function that draws a game's kit for a print style. The settings say what to print
/// beyond the style: the card set (`set=`) for kits that print one ([`takes_set`]).
pub type KitFn = fn(&Style, &Settings) -> Kit;

/// Each kit's drawing function, by game id. Which games have a kit, and their names, come
/// from the registry (`dojo_games::registry`, `kit: true`); a test keeps the two in step.
/// Kits with one fixed set of cards read nothing from the settings.
pub const KITS: &[(&str, KitFn)] = &[
    ("punish", |style, _| punish::kit(style)),
    ("taunt", |style, _| taunt::kit(style)),
    ("dragon-punch", dragon_punch::kit),
    ("rumble", rumble::kit),
    ("fusion", |style, _| fusion::kit(style)),
];

/// The kits that print a card set people may type in, read from `set=`: DRAGON PUNCH's cards,
/// Rumble's power list. Each decodes its own piece ([`set_problem`]).
const TAKES_SET: &[&str] = &["dragon-punch", "rumble"];

/// Whether game `id`'s kit prints the card set given by `set=` (others leave it unread).
pub fn takes_set(id: &str) -> bool {
    TAKES_SET.contains(&id)
}

/// What is wrong with the `set=` of `settings` for game `id`'s kit, which then prints its own
/// set: `None` when there is no piece, it reads, or the kit takes no set.
pub fn set_problem(id: &str, settings: &Settings) -> Option<SettingsError> {
    match id {
        "dragon-punch" => dragon_punch::read_set(settings).err(),
        "rumble" => rumble::read_list(settings).err(),
        _ => None,
    }
}

/// Each kit's optional ways to play, by game id, without drawing anything: for the print
/// page's choices. Kits not listed have none. A test keeps this in step with each kit's `modes`.
const MODES: &[(&str, &[KitMode])] = &[("taunt", taunt::MODES)];

/// The optional ways to play of game `id`'s kit (none for a game without any, or without a kit).
pub fn modes(id: &str) -> &'static [KitMode] {
    MODES.iter().find(|(game, _)| *game == id).map_or(&[], |(_, modes)| modes)
}

/// The games that have a kit, without their drawing code: for the print page, which only
/// needs to know which games it may show.
pub fn games() -> impl Iterator<Item = &'static dojo_games::registry::GameInfo> {
    dojo_games::registry::GAMES.iter().filter(|g| g.kit)
}

/// The kit function of game `id`, if it has a kit.
pub fn find(id: &str) -> Option<KitFn> {
    KITS.iter().find(|(game, _)| *game == id).map(|(_, f)| *f)
}

/// The name of game `id`, if it has a kit.
pub fn title(id: &str) -> Option<&'static str> {
    games().find(|g| g.id == id).map(|g| g.name)
}

#[cfg(test)]
mod tests {
    //! Checks every kit in [`KITS`] passes, at every card size, with and without bleed and ink saver.
    use super::*;
    use crate::draw::{Drawing, Ink, Shape, Turn};
    use crate::geometry::{CardSize, Point, Rect, Size};
    use crate::kit::PieceSize;
    use crate::text::{cap_height, descent, width};

    fn styles() -> Vec<Style> {
        let mut all = Vec::new();
        for card in CardSize::ALL {
            for ink_saver in [false, true] {
                for bleed in [0.0, 3.0] {
                    all.push(Style { card: card.size(), bleed, ink_saver });
                }
            }
        }
        all
    }

    /// Every side of every piece of `kit`, with the size it is drawn at and a name for messages.
    fn sides(kit: &Kit, style: &Style) -> Vec<(String, Size, Drawing)> {
        let mut all = Vec::new();
        for component in &kit.components {
            let size = match component.size {
                PieceSize::Card => style.card,
                PieceSize::Fixed(size) => size,
            };
            for piece in &component.pieces {
                let name = format!("{} {} at {:?}", kit.game, piece.name, style.card);
                all.push((name.clone(), size, piece.front.clone()));
                if let Some(back) = &piece.back {
                    all.push((format!("{name} (back)"), size, back.clone()));
                }
            }
        }
        all
    }

    /// The box a line of upright text takes: from its capitals' top to its descenders' foot.
    fn text_box(start: Point, size: f32, text: &str, face: crate::text::Face) -> Rect {
        Rect::new(start.x, start.y - cap_height(size), width(text, size, face), cap_height(size) + descent(size))
    }

    fn point(p: &Point) -> Rect {
        Rect::new(p.x, p.y, 0.0, 0.0)
    }

    #[test]
    fn the_kits_are_exactly_the_registry_games_marked_with_a_kit() {
        let drawn: Vec<&str> = KITS.iter().map(|(id, _)| *id).collect();
        let registered: Vec<&str> = games().map(|g| g.id).collect();
        assert_eq!(drawn, registered);
        assert!(drawn.contains(&"taunt"), "TAUNT has a kit");
        for (id, make) in KITS {
            let kit = make(&styles()[0], &Settings::default());
            assert_eq!(kit.game, *id);
            assert_eq!(title(id), Some(kit.title));
            assert_eq!(kit.card_set.is_some(), takes_set(id), "{id}: a kit names its card set exactly when it takes one");
        }
    }

    #[test]
    fn every_mode_has_pieces_and_every_piece_a_known_mode() {
        for (id, make) in KITS {
            let kit = make(&styles()[0], &Settings::default());
            assert_eq!(kit.modes, modes(id), "{id}");
            for component in &kit.components {
                for mode in component.modes {
                    assert!(kit.modes.iter().any(|m| m.id == *mode), "{id} {}: no mode {mode}", component.id);
                }
            }
            for mode in kit.modes {
                assert!(kit.components.iter().any(|c| c.modes.contains(&mode.id)), "{id}: {} prints nothing", mode.id);
            }
            let mut ids: Vec<&str> = kit.components.iter().map(|c| c.id).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), kit.components.len(), "{id}: component ids are unique");
        }
        assert!(modes("punish").is_empty() && modes("nope").is_empty());
    }

    #[test]
    fn every_kit_character_prints() {
        for style in styles() {
            for (_, make) in KITS {
                for (name, _, side) in sides(&make(&style, &Settings::default()), &style) {
                    assert!(side.missing.is_empty(), "{name}: missing {:?}", side.missing);
                }
            }
        }
    }

    #[test]
    fn art_stays_inside_each_piece_plus_bleed_at_every_size() {
        for style in styles() {
            for (_, make) in KITS {
                for (name, size, side) in sides(&make(&style, &Settings::default()), &style) {
                    let room = Rect::of_size(size).outset(style.bleed + 0.01);
                    for shape in &side.shapes {
                        let inside = match shape {
                            Shape::Rect { rect, .. } => room.contains(rect, 0.2),
                            Shape::Path { points, .. } => points.iter().all(|p| room.contains(&point(p), 0.2)),
                            Shape::Text { start, size, text, face, turn: Turn::None, .. } => {
                                room.contains(&text_box(*start, *size, text, *face), 0.2)
                            }
                            Shape::Text { start, .. } => room.contains(&point(start), 0.2),
                        };
                        assert!(inside, "{name}: {shape:?} leaves the piece");
                    }
                }
            }
        }
    }

    #[test]
    fn ink_saver_has_no_large_fills() {
        for card in CardSize::ALL {
            let style = Style { card: card.size(), bleed: 0.0, ink_saver: true };
            for (_, make) in KITS {
                for (name, _, side) in sides(&make(&style, &Settings::default()), &style) {
                    for shape in &side.shapes {
                        let (fill, area) = match shape {
                            Shape::Rect { rect, fill, .. } => (*fill, rect.w * rect.h),
                            Shape::Path { points, fill, .. } => {
                                let (min_x, max_x) = points.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
                                let (min_y, max_y) = points.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
                                (*fill, (max_x - min_x) * (max_y - min_y))
                            }
                            Shape::Text { .. } => (None, 0.0),
                        };
                        assert!(fill.is_none_or(|ink| ink == Ink::White || area < 100.0), "{name}: large fill {shape:?}");
                    }
                }
            }
        }
    }
}
