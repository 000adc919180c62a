//! The tokens, all one size so they share a sheet: Damage markers, Position tokens, block
//! tokens (🏠), charge tokens (↑) and fighter tokens for the Dojo, and for a circle of five or
//! six fighters the fifth and sixth players' tokens. Each is printed on both sides, so it
//! cannot land the wrong way up, except the Position token, which is Near on one side and Far
//! on the other.

use super::modes::{FREE_FOR_ALL, LAST_POBBER};
use super::{cut_line, fighter_colour};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect, Size};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::width;
use crate::text::{Face, cap_height};
use dojo_games::taunt::{FIGHTERS, Fighter, MAX_CHARGE, Position};

/// A token's side, in millimetres: two fit side by side on a Danger Track space.
pub(super) const TOKEN: f32 = 14.0;
/// Players the basic kit's tokens are for: two fighters, the team battle, a circle of four.
const PLAYERS: u8 = 4;
/// The most fighters in a circle (Free-for-All, Last Pobber Standing). A circle has as many
/// neighbouring pairs as fighters, so this is also the Position tokens printed: they are one
/// piece each, and two spare ones cost little, so the basic kit carries them for every mode.
const CIRCLE: u8 = 6;
/// Each player's Damage marker colour, the number printed on it too.
const PLAYER_COLOURS: [Ink; CIRCLE as usize] = [
    Ink::Rgb(196, 36, 44),
    Ink::Rgb(36, 88, 168),
    Ink::Rgb(22, 128, 82),
    Ink::Rgb(120, 72, 160),
    Ink::Rgb(176, 112, 0),
    Ink::Rgb(70, 70, 70),
];
/// The Position token's two sides.
const NEAR_COLOUR: Ink = Ink::Rgb(196, 96, 16);
const FAR_COLOUR: Ink = Ink::Rgb(36, 120, 150);

/// The token components.
pub(super) fn components(style: &Style) -> Vec<Component> {
    vec![markers(style), position(style), blocks(style), charge(style), fighter_tokens(style)]
}

/// The tokens a circle of five or six fighters adds: Damage markers, block and charge tokens
/// for the fifth and sixth players. (Their move cards: a second copy of a fighter's deck.)
pub(super) fn circle_extras(style: &Style) -> Component {
    let mut pieces = Vec::new();
    for player in PLAYERS + 1..=CIRCLE {
        pieces.push(two_sided(format!("Damage marker D{player}"), marker(style, player)));
        pieces.extend((0..most_blocks()).map(|_| block(style)));
        pieces.extend((0..MAX_CHARGE).map(|_| charge_token(style)));
    }
    let about = format!(
        "D{}–D{CIRCLE} with {} block and {MAX_CHARGE} charge tokens each, for circles of up to {CIRCLE}. Six fighters: print a second copy of one fighter's deck.",
        PLAYERS + 1,
        most_blocks()
    );
    Component { modes: &[FREE_FOR_ALL, LAST_POBBER], ..component("circle-tokens", "Tokens for fighters 5 and 6", about, 1, pieces) }
}

fn component(id: &'static str, name: &str, about: String, copies: u8, pieces: Vec<Piece>) -> Component {
    Component { id, name: name.into(), about, size: PieceSize::Fixed(Size::new(TOKEN, TOKEN)), default_copies: copies, pieces, modes: &[] }
}

/// A token with the same art on both sides.
fn two_sided(name: String, art: Drawing) -> Piece {
    Piece { name, front: art.clone(), back: Some(art) }
}

fn markers(style: &Style) -> Component {
    let pieces = (1..=PLAYERS).map(|n| two_sided(format!("Damage marker D{n}"), marker(style, n))).collect();
    let about = format!("D1–D{PLAYERS}, one per player: each marks a fighter's damage on a Danger Track.");
    component("markers", "Damage markers", about, 1, pieces)
}

fn position(style: &Style) -> Component {
    let near = position_side(style, Position::Near, NEAR_COLOUR);
    let far = position_side(style, Position::Far, FAR_COLOUR);
    let piece = Piece { name: "Position token".into(), front: near, back: Some(far) };
    let about = format!(
        "{} on one side, {} on the other: one between each pair of neighbouring fighters (two fighters need one, a circle of {CIRCLE} needs {CIRCLE}).",
        Position::Near,
        Position::Far
    );
    component("position", "Position tokens", about, CIRCLE, vec![piece])
}

/// Block tokens per player: as many as the fighter with the most starts with.
fn most_blocks() -> u8 {
    FIGHTERS.iter().map(|f| f.block_tokens).max().unwrap_or(0)
}

fn block(style: &Style) -> Piece {
    two_sided("Block token".into(), symbol(style, "🏠", 20.0, Ink::Rgb(36, 88, 168)))
}

fn charge_token(style: &Style) -> Piece {
    two_sided("Charge token".into(), symbol(style, "↑", 24.0, Ink::Rgb(22, 128, 82)))
}

fn blocks(style: &Style) -> Component {
    let most = most_blocks();
    let pieces = (0..most).map(|_| block(style)).collect();
    let about = format!("{most} per player, enough for any fighter; copies are players (🏠 on both sides).");
    component("blocks", "Block tokens", about, PLAYERS, pieces)
}

fn charge(style: &Style) -> Component {
    let pieces = (0..MAX_CHARGE).map(|_| charge_token(style)).collect();
    let about = format!("{MAX_CHARGE} per player, the most a fighter can hold; copies are players (↑ on both sides).");
    component("charge", "Charge tokens", about, PLAYERS, pieces)
}

fn fighter_tokens(style: &Style) -> Component {
    let pieces = FIGHTERS.iter().map(|f| two_sided(format!("{} token", f.name), fighter_token(style, f))).collect();
    let about = "One per fighter, its face on both sides: each player's fighter in the Dojo in a team battle.".to_string();
    component("fighter-tokens", "Fighter tokens", about, 1, pieces)
}

/// The cut line and a round token inside it, filled with `tint` (left out in ink-saver mode).
fn disc(d: &mut Drawing, style: &Style, tint: Ink, colour: Ink) -> Point {
    let square = Rect::new(0.0, 0.0, TOKEN, TOKEN);
    cut_line(d, square);
    let centre = square.centre();
    d.circle(centre, TOKEN / 2.0 - 0.7, style.fill(tint), Some(Stroke::solid(colour, 0.5)));
    centre
}

fn marker(style: &Style, player: u8) -> Drawing {
    let colour = PLAYER_COLOURS[usize::from(player - 1)];
    let mut d = Drawing::new();
    let c = disc(&mut d, style, colour, colour);
    let size = 14.0;
    d.text(c.x, c.y + cap_height(size) / 2.0, size, Face::Bold, style.on(colour), Align::Centre, &format!("D{player}"));
    d
}

fn position_side(style: &Style, side: Position, colour: Ink) -> Drawing {
    let mut d = Drawing::new();
    let c = disc(&mut d, style, Ink::White, colour);
    let size = 9.0;
    d.text(c.x, c.y + 0.5, size, Face::Bold, colour, Align::Centre, &side.to_string());
    // Two dots, close together or far apart.
    let gap = match side {
        Position::Near => 1.2,
        Position::Far => 4.2,
    };
    for dx in [-gap, gap] {
        d.circle(Point::new(c.x + dx, c.y + 3.4), 0.9, Some(colour), None);
    }
    d
}

/// A token showing one symbol, `size` points, in `colour`.
fn symbol(style: &Style, text: &str, size: f32, colour: Ink) -> Drawing {
    let mut d = Drawing::new();
    let tint = match colour {
        Ink::Rgb(r, g, b) => Ink::Rgb(255 - (255 - r) / 6, 255 - (255 - g) / 6, 255 - (255 - b) / 6),
        other => other,
    };
    let c = disc(&mut d, style, tint, colour);
    d.text(c.x, c.y + cap_height(size) / 2.0, size, Face::Bold, colour, Align::Centre, text);
    d
}

/// A fighter's face in a ring of their colour.
fn fighter_token(style: &Style, fighter: &Fighter) -> Drawing {
    let colour = fighter_colour(fighter.id);
    let mut d = Drawing::new();
    let c = disc(&mut d, style, Ink::White, colour);
    d.circle(c, TOKEN / 2.0 - 1.6, None, Some(Stroke::solid(colour, 0.3)));
    // As large as fits across the inner ring, but never below 6 pt.
    let size = (6.0 * (TOKEN - 4.0) / width(fighter.face, 6.0, Face::Regular)).clamp(6.0, 9.0);
    d.text(c.x, c.y + cap_height(size) / 2.0, size, Face::Regular, colour, Align::Centre, fighter.face);
    d
}
