//! DRAGON PUNCH's print-and-play kit, for any card set: ours (the reconstruction, the retail
//! card list being printed nowhere we can read) or one typed into the site's editor and passed
//! in the link (`set=`, see [`crate::settings::Settings::card_set`]).
//!
//! - Basic cards, two of each by default (one hand per player; four for Custom Character, which
//!   mixes two copies of the game): the white move upright on the top half, the red move upside
//!   down on the bottom half, so a card switches to red by being turned round.
//! - Character cards: two purple moves, one each way up, with the character's name.
//! - A health card per player and a two-sided reference card per player.
//! - One back for every card, the same either way up: the other player must not learn from a
//!   back which cards are turned to red.
//!
//! Colour is never the only sign: every half says WHITE MOVE, RED MOVE or the character's name
//! in its band, and red bands are striped at both ends, in ink-saver mode too. What people typed
//! (names, effects, the set's name) is drawn as plain text, wrapped and shrunk to fit its box.

mod aids;
mod cards;

use super::card_art::{FAINT, card_frame, unit};
use crate::draw::{Drawing, Ink};
use crate::kit::{Component, Kit, Piece, PieceSize, Style};
use crate::settings::{Settings, SettingsError};
use dojo_games::dragon_punch::CardSet;
use dojo_games::dragon_punch::set::reconstructed;

/// Dark grey for text and outlines.
const INK: Ink = Ink::Grey(12);
/// Lighter grey for small print.
const SOFT: Ink = Ink::Grey(38);
/// The red moves' colour.
const RED: Ink = Ink::Rgb(190, 30, 45);
/// The characters' purple.
const PURPLE: Ink = Ink::Rgb(104, 52, 156);
/// The card back's background.
const BACK: Ink = Ink::Rgb(48, 26, 32);

/// The card set `set=` holds, decoded and checked: `Ok(None)` when there is none, an error (for
/// the person to read) when it cannot be read or breaks a rule of sets.
pub fn read_set(settings: &Settings) -> Result<Option<CardSet>, SettingsError> {
    settings.decode_set(CardSet::from_link)
}

/// The set these settings print: the one in `set=` when it reads and plays, else ours. (A bad
/// `set=` is reported to the person by whoever read the settings; drawing never fails.)
pub fn card_set(settings: &Settings) -> CardSet {
    read_set(settings).ok().flatten().unwrap_or_else(reconstructed)
}

/// What a typed character the bundled font cannot draw prints as (notes `#unprintable`): a
/// plain question mark, which no one mistakes for a symbol of the card, unlike an empty box
/// (the font has boxes of its own: □ ▢ ▣).
pub const REPLACEMENT: char = '?';

/// `text` as the kit prints it: every character it cannot print becomes [`REPLACEMENT`].
pub fn printable_text(text: &str) -> String {
    text.chars().map(|c| if crate::text::printable(c) { c } else { REPLACEMENT }).collect()
}

/// The set with every typed text as the kit prints it.
fn printable_set(set: &CardSet) -> CardSet {
    let mut out = set.clone();
    let fix_move = |m: &mut dojo_games::dragon_punch::card::Move| {
        m.name = printable_text(&m.name).into();
        m.effect = m.effect.as_deref().map(printable_text);
    };
    out.name = printable_text(&out.name);
    for card in &mut out.basics {
        fix_move(&mut card.white);
        fix_move(&mut card.red);
    }
    for character in &mut out.characters {
        character.name = printable_text(&character.name);
        character.moves.iter_mut().for_each(fix_move);
    }
    out
}

/// Builds the DRAGON PUNCH kit for a print style and the set in `settings`.
pub fn kit(style: &Style, settings: &Settings) -> Kit {
    let typed = card_set(settings);
    let set = printable_set(&typed);
    let back = cards::back(style);
    let piece = |name: String, front: Drawing| Piece { name, front, back: Some(back.clone()) };
    let basics = set
        .basics
        .iter()
        .map(|card| piece(format!("{} / {}", card.white.name, card.red.name), cards::basic(style, card, &set.name)))
        .collect();
    let characters = set
        .characters
        .iter()
        .map(|c| piece(format!("{}: {} / {}", c.name, c.moves[0].name, c.moves[1].name), cards::character(style, c, &set.name)))
        .collect();
    let component =
        |id, name: &str, about: &str, default_copies, pieces| Component::new(id, name, about, PieceSize::Card, default_copies, pieces);
    Kit {
        game: "dragon-punch",
        title: "DRAGON PUNCH",
        components: vec![
            component(
                "basics",
                "Basic cards",
                "One of each per copy: two copies make both players' hands. Custom Character mixes two copies of the game: print four.",
                2,
                basics,
            ),
            component(
                "characters",
                "Character cards",
                "Each player picks one (two different ones in Tag Team). Custom Character: print two copies.",
                1,
                characters,
            ),
            component(
                "health",
                "Health cards",
                "One per player: clip it at your health, and mark the rounds you win.",
                2,
                vec![piece("Health".into(), aids::health(style))],
            ),
            component(
                "reference",
                "Reference cards",
                "One per player: a turn on one side; damage, the Initiative, the Taunt and rounds on the other.",
                2,
                vec![Piece { name: "Reference".into(), front: aids::reference_front(style), back: Some(aids::reference_back(style)) }],
            ),
        ],
        modes: &[],
        // Named as typed: the page around the preview can show what the font cannot.
        card_set: Some(typed.name),
    }
}

#[cfg(test)]
mod tests {
    use super::cards::{Kind, half, half_size};
    use super::*;
    use crate::draw::{Shape, Turn};
    use crate::geometry::{CardSize, Point, Rect};
    use crate::text::{cap_height, descent, width};
    use dojo_games::dragon_punch::card::{CharacterCard, Icon, Move, Properties};

    fn styles() -> Vec<Style> {
        CardSize::ALL
            .into_iter()
            .flat_map(|card| [false, true].map(|ink_saver| Style { card: card.size(), bleed: 0.0, ink_saver }))
            .collect()
    }

    fn poker(ink_saver: bool) -> Style {
        Style { card: CardSize::Poker.size(), bleed: 0.0, ink_saver }
    }

    /// Every line of text on a side: (text, turn, size).
    fn texts(d: &Drawing) -> Vec<(String, Turn, f32)> {
        d.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, turn, size, .. } => Some((text.clone(), *turn, *size)),
                _ => None,
            })
            .collect()
    }

    /// Whether `needle` is on the side, on one line or broken over lines written one way up.
    fn shows(d: &Drawing, needle: &str, turn: Turn) -> bool {
        let joined: String = texts(d).into_iter().filter(|(_, t, _)| *t == turn).map(|(text, _, _)| text).collect::<Vec<_>>().join(" ");
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        squeeze(&joined).contains(&squeeze(needle))
    }

    /// The longest text a set may hold: names, effects and a word with no space to break at.
    fn long_set() -> CardSet {
        let long = |seed: &str| seed.repeat(12).chars().take(dojo_games::dragon_punch::MAX_TEXT).collect::<String>();
        let mut set = reconstructed();
        set.name = long("Our table's own printing ");
        let all = Properties { throw: true, unstoppable: true, projectile: true, initiative: true, taunt: false };
        let card = &mut set.basics[1];
        card.white = Move {
            name: long("Hurricane Kick of Falcons ").into(),
            effect: Some(long("Gain the Initiative, then tell a joke. ")),
            high: Some(Icon::Attack { strength: 6, time: 9 }),
            low: Some(Icon::Evade),
            properties: all,
        };
        card.red = Move { name: long("Shoryuuuuken").into(), effect: Some(long("Supercalifragilistic")), ..card.white.clone() };
        set.characters.push(CharacterCard { name: long("WWWWWWWW"), moves: [set.basics[1].white.clone(), set.basics[1].red.clone()] });
        assert_eq!(set.check(), Ok(()), "the long set is one the editor accepts");
        set
    }

    fn settings_with(set: &CardSet) -> Settings {
        let (settings, problems) = Settings::from_query(&format!("set={}", set.to_link()));
        assert!(problems.is_empty(), "{problems:?}");
        settings
    }

    #[test]
    fn every_card_of_the_set_prints_with_both_moves_and_the_set_s_name() {
        let set = reconstructed();
        let kit = kit(&poker(false), &Settings::default());
        assert_eq!(kit.card_set.as_deref(), Some(set.name.as_str()));
        let [basics, characters, health, reference] = &kit.components[..] else { panic!("four components") };
        assert_eq!((basics.pieces.len(), basics.default_copies), (6, 2), "both players' six basic cards");
        assert_eq!(characters.pieces.len(), set.characters.len());
        assert_eq!((health.default_copies, reference.default_copies), (2, 2));
        for (piece, card) in basics.pieces.iter().zip(&set.basics) {
            assert!(shows(&piece.front, &card.white.name, Turn::None), "{}", piece.name);
            assert!(shows(&piece.front, &card.red.name, Turn::Half), "{}", piece.name);
            assert!(shows(&piece.front, "WHITE MOVE", Turn::None) && shows(&piece.front, "RED MOVE", Turn::Half));
            // The set's name on each half, whichever way up the card is held.
            assert!(shows(&piece.front, &set.name, Turn::None) && shows(&piece.front, &set.name, Turn::Half));
        }
        for (piece, card) in characters.pieces.iter().zip(&set.characters) {
            assert!(shows(&piece.front, &card.moves[0].name, Turn::None) && shows(&piece.front, &card.moves[1].name, Turn::Half));
            assert!(shows(&piece.front, &card.name, Turn::None) && shows(&piece.front, &card.name, Turn::Half));
        }
        // Every move's locations, properties and effect in words.
        let all: Vec<&Drawing> = basics.pieces.iter().chain(&characters.pieces).map(|p| &p.front).collect();
        for word in
            ["ATTACK", "BLOCK", "EVADE", "nothing here", "Throw", "Cannot be interrupted", "Projectile", "Gains Initiative", "Taunt"]
        {
            assert!(all.iter().any(|d| shows(d, word, Turn::None) || shows(d, word, Turn::Half)), "{word}");
        }
        for effect in set.basics.iter().flat_map(|b| [&b.white, &b.red]).filter_map(|m| m.effect.as_deref()) {
            assert!(all.iter().any(|d| shows(d, effect, Turn::None) || shows(d, effect, Turn::Half)), "{effect}");
        }
    }

    #[test]
    fn the_red_move_is_the_white_move_s_half_turned_round() {
        for style in styles() {
            let set = reconstructed();
            let card = &set.basics[0];
            let front = kit(&style, &Settings::default()).components[0].pieces[0].front.clone();
            let size = half_size(&style);
            let red = half(&style, &card.red, Kind::Red, &set.name, size);
            // Every line of the red half is on the card, turned 180°, and nothing else is.
            let red_lines: Vec<String> = texts(&red)
                .into_iter()
                .map(|(t, turn, _)| {
                    assert_eq!(turn, Turn::None, "a half is drawn upright");
                    t
                })
                .collect();
            let turned: Vec<String> = texts(&front).into_iter().filter(|(_, t, _)| *t == Turn::Half).map(|(t, _, _)| t).collect();
            assert_eq!(turned, red_lines, "{style:?}");
            assert!(texts(&front).iter().all(|(_, t, _)| matches!(t, Turn::None | Turn::Half)));
        }
    }

    #[test]
    fn red_is_said_in_words_and_stripes_even_in_ink_saver_mode() {
        let set = reconstructed();
        for ink_saver in [false, true] {
            let style = poker(ink_saver);
            let red = half(&style, &set.basics[0].red, Kind::Red, &set.name, half_size(&style));
            let white = half(&style, &set.basics[0].white, Kind::White, &set.name, half_size(&style));
            let lines =
                |d: &Drawing| d.shapes.iter().filter(|s| matches!(s, Shape::Path { points, fill: None, .. } if points.len() == 2)).count();
            assert!(shows(&red, "RED MOVE", Turn::None) && shows(&white, "WHITE MOVE", Turn::None));
            assert!(lines(&red) >= lines(&white) + 8, "ink saver {ink_saver}: the red band's stripes");
        }
    }

    /// Checks every line of a half lies inside it and clear of the others; returns the smallest size.
    fn check_half(d: &Drawing, size: crate::geometry::Size, what: &str) -> f32 {
        let room = Rect::of_size(size).outset(0.05);
        let mut boxes: Vec<(Rect, String)> = Vec::new();
        let mut smallest = f32::MAX;
        for shape in &d.shapes {
            match shape {
                Shape::Text { start, size: pt, face, text, .. } => {
                    let r = Rect::new(start.x, start.y - cap_height(*pt), width(text, *pt, *face), cap_height(*pt) + descent(*pt));
                    assert!(room.contains(&r, 0.0), "{what}: '{text}' leaves its half");
                    for (other, t) in &boxes {
                        assert!(!r.overlaps(other), "{what}: '{text}' overlaps '{t}'");
                    }
                    boxes.push((r, text.clone()));
                    smallest = smallest.min(*pt);
                }
                Shape::Path { points, .. } => {
                    assert!(points.iter().all(|p| room.contains(&Rect::new(p.x, p.y, 0.0, 0.0), 0.0)), "{what}: a path leaves its half")
                }
                Shape::Rect { rect, .. } => assert!(room.contains(rect, 0.0), "{what}: a box leaves its half"),
            }
        }
        smallest
    }

    #[test]
    fn our_cards_read_at_six_points_and_the_longest_typed_text_still_fits() {
        let ours = reconstructed();
        let long = long_set();
        for style in styles() {
            let u = unit(&style);
            let size = half_size(&style);
            for (set, least) in [(&ours, 6.0), (&long, crate::kits::fit::FLOOR)] {
                let moves = set.basics.iter().flat_map(|b| [(&b.white, Kind::White), (&b.red, Kind::Red)]);
                let specials = set.characters.iter().flat_map(|c| c.moves.iter().map(|m| (m, Kind::Special(&c.name))));
                for (m, kind) in moves.chain(specials) {
                    let d = half(&style, m, kind, &set.name, size);
                    let what = format!("{} at {:?}", m.name, style.card);
                    // The set's name is small print; everything else reads at 6 pt on a poker card.
                    let body = Drawing {
                        shapes: d
                            .shapes
                            .iter()
                            .filter(|s| !matches!(s, Shape::Text { text, .. } if set.name.contains(text.as_str())))
                            .cloned()
                            .collect(),
                        missing: vec![],
                    };
                    check_half(&d, size, &what);
                    assert!(check_half(&body, size, &what) >= least * u - 1e-3, "{what}");
                }
            }
            // Long typed text shrinks, but text of words stays legible: the 80-character name
            // and effect of the long set at 5 pt or more on a poker card, the 80-character set
            // name (one line of small print) at 3.5.
            let d = half(&style, &long.basics[1].white, Kind::White, &long.name, size);
            for (text, _, pt) in texts(&d) {
                let least = if long.name.contains(&text) { 3.5 } else { 5.0 };
                assert!(pt >= least * u - 1e-3, "'{text}' at {pt} pt");
            }
        }
    }

    #[test]
    fn a_typed_set_from_a_link_is_the_one_drawn() {
        let set = long_set();
        let settings = settings_with(&set);
        let kit = kit(&poker(true), &settings);
        assert_eq!(kit.card_set.as_deref(), Some(set.name.as_str()));
        let characters = &kit.components[1].pieces;
        assert_eq!(characters.len(), set.characters.len());
        let typed = characters.last().unwrap();
        assert!(shows(&typed.front, &set.basics[1].white.name, Turn::None) && shows(&typed.front, &set.basics[1].red.name, Turn::Half));
        assert!(typed.front.missing.is_empty());
        // And it lays out as a whole kit, with every piece named after its cards.
        let document = crate::document_for("dragon-punch", &settings).expect("the typed set lays out");
        assert!(document.placements.iter().any(|p| p.name.starts_with(&set.characters.last().unwrap().name)));
    }

    #[test]
    fn characters_the_font_lacks_print_as_question_marks_not_empty_boxes() {
        let mut set = reconstructed();
        set.characters[0].name = "Chun-Li 春麗".into();
        set.characters[0].moves[0].name = "Kikoken 気功拳".into();
        set.characters[0].moves[0].effect = Some("Projectile ✿".into());
        set.basics[0].white.name = "Low Poke □".into();
        let kit = kit(&poker(false), &settings_with(&set));
        let sol = &kit.components[1].pieces[0].front;
        assert!(sol.missing.is_empty(), "nothing is left to an empty box: {:?}", sol.missing);
        assert!(shows(sol, "Chun-Li ??", Turn::None) && shows(sol, "Kikoken ???", Turn::None) && shows(sol, "Projectile ?", Turn::None));
        // A box the font has is typed text, and prints as itself.
        assert!(shows(&kit.components[0].pieces[0].front, "Low Poke □", Turn::None));
        assert_eq!(kit.card_set.as_deref(), Some(set.name.as_str()));
    }

    #[test]
    fn a_bad_link_is_reported_and_our_set_prints_instead() {
        let mut piece = long_set().to_link();
        piece.truncate(piece.len() - 7);
        let (settings, problems) = Settings::from_query(&format!("set={piece}&card=mini"));
        assert!(problems.is_empty(), "the form is right: the content is what is wrong");
        let problem = read_set(&settings).expect_err("a damaged set is reported");
        assert!(problem.to_string().contains("prints its own card set"), "{problem}");
        let fallback = kit(&poker(false), &settings);
        assert_eq!(fallback.card_set, Some(reconstructed().name));
        assert_eq!(fallback.components[1].pieces.len(), reconstructed().characters.len());
        let (settings, problems) = Settings::from_query("set=<script>");
        assert_eq!(problems.len(), 1);
        assert_eq!(kit(&poker(false), &settings).card_set, Some(reconstructed().name));
    }

    #[test]
    fn every_card_shares_one_back_that_looks_the_same_either_way_up() {
        for style in styles() {
            let kit = kit(&style, &Settings::default());
            let backs: Vec<&Drawing> =
                kit.components.iter().filter(|c| c.id != "reference").flat_map(|c| &c.pieces).map(|p| p.back.as_ref().unwrap()).collect();
            assert!(backs.windows(2).all(|w| w[0] == w[1]));
            let back = backs[0];
            let mut turned = Drawing::new();
            turned.place(back, style.card, Rect::of_size(style.card), Turn::Half);
            let close = |a: &Point, b: &Point| (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3;
            let same = |a: &Shape, b: &Shape| match (a, b) {
                (Shape::Rect { rect: r, fill: f, .. }, Shape::Rect { rect: s, fill: g, .. }) => {
                    f == g && close(&Point::new(r.x, r.y), &Point::new(s.x, s.y)) && close(&Point::new(r.w, r.h), &Point::new(s.w, s.h))
                }
                (Shape::Path { points: p, fill: f, .. }, Shape::Path { points: q, fill: g, .. }) => {
                    f == g && p.len() == q.len() && p.iter().all(|a| q.iter().any(|b| close(a, b)))
                }
                (Shape::Text { start: p, text: t, turn: a, .. }, Shape::Text { start: q, text: s, turn: b, .. }) => {
                    t == s && a == b && close(p, q)
                }
                _ => false,
            };
            for shape in &turned.shapes {
                assert!(back.shapes.iter().any(|s| same(s, shape)), "{style:?}: turned round, the back gains {shape:?}");
            }
        }
    }
}
