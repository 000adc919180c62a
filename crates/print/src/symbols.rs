//! Symbols the bundled font lacks, drawn as vector paths inside a one-em cell so they can sit
//! in a line of text. Add a symbol here when a kit needs one that no free font we bundle has.

use crate::draw::{Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};

/// Whether `ch` has a vector drawing here.
pub fn has(ch: char) -> bool {
    matches!(ch, '🏠')
}

/// Draws `ch` into `cell` (one em square, top-left origin). Returns false if there is no drawing for it.
pub fn draw(d: &mut Drawing, ch: char, cell: Rect, ink: Ink) -> bool {
    let at = |fx: f32, fy: f32| Point::new(cell.x + fx * cell.w, cell.y + fy * cell.h);
    match ch {
        '🏠' => {
            // A house: pitched roof over a square body with a door.
            let outline = vec![at(0.5, 0.08), at(0.92, 0.48), at(0.8, 0.48), at(0.8, 0.92), at(0.2, 0.92), at(0.2, 0.48), at(0.08, 0.48)];
            d.path(outline, true, Some(ink), None);
            let door = vec![at(0.42, 0.92), at(0.42, 0.66), at(0.58, 0.66), at(0.58, 0.92)];
            d.path(door, true, Some(Ink::White), Some(Stroke::solid(ink, cell.w * 0.02)));
            true
        }
        _ => false,
    }
}
