//! The Wampires' blood board: where each Wampire's Damage marker shows its blood.
//!
//! One row per ten blood, so a row's label can say what knocks out a Wampire with that much
//! blood (more Peril letters in one hit than the tens digit). Blood has no cap, so the board
//! goes past the 30 a Wampire starts with, and its foot says how to count beyond the last row.
//! The numbers come from `dojo_games::taunt::modes_data`.

use super::boards::{BOARD, board_frame};
use super::modes::WAMPIRES;
use super::{INK, SOFT, look, mode_area};
use crate::draw::{Align, Drawing, Stroke};
use crate::geometry::Rect;
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::{Face, cap_height};
use dojo_games::taunt::modes_data::{WAMPIRE_BLOOD, WAMPIRE_DRINKING, WAMPIRE_PERIL_MODE, knockout_peril};

/// Rows of ten blood on the board: 0 to 49.
pub(super) const ROWS: u16 = 5;
/// Spaces in a row: one ten.
const PER_ROW: u16 = 10;
/// Left and right edges of the grid, row labels included.
const GRID_X: (f32, f32) = (6.0, 174.0);
/// The width of the row labels at the left of the grid.
const LABEL_W: f32 = 26.0;
/// Top and bottom of the grid.
const GRID_Y: (f32, f32) = (23.0, 103.0);

/// The blood board, one for all the Wampires at the table.
pub(super) fn component(style: &Style) -> Component {
    let top = ROWS * PER_ROW - 1;
    Component {
        id: "blood",
        name: "Wampire blood board".into(),
        about: format!(
            "Blood 0 to {top}, each row with the Peril that knocks out; every Wampire's Damage marker starts on {WAMPIRE_BLOOD}."
        ),
        size: PieceSize::Fixed(BOARD),
        default_copies: 1,
        pieces: vec![Piece { name: "Wampire blood".into(), front: board(style), back: None }],
        modes: &[WAMPIRES],
    }
}

/// The size of one space.
pub(super) fn space_w() -> f32 {
    (GRID_X.1 - GRID_X.0 - LABEL_W) / f32::from(PER_ROW)
}

fn board(style: &Style) -> Drawing {
    let mut d = Drawing::new();
    board_frame(&mut d);
    let x = GRID_X.0 + 1.0;
    let end = x + d.text(x, 12.5, 15.0, Face::Bold, INK, Align::Left, "WAMPIRE BLOOD");
    d.text(end + 4.0, 12.5, 8.0, Face::Regular, SOFT, Align::Left, "Wampires, a variant: one Damage marker per Wampire");
    // The mode all Wampires' Peril is read in, with its pattern, as on the tracks' legends.
    let swatch = Rect::new(x, 19.0 - 3.6, 6.0, 4.2);
    mode_area(&mut d, swatch, WAMPIRE_PERIL_MODE, style, 1.2);
    d.rect(swatch, None, Some(Stroke::solid(look(WAMPIRE_PERIL_MODE).line, 0.25)));
    let peril =
        format!("Peril: always {} ({WAMPIRE_PERIL_MODE}); disabled cards come back at the end of the turn.", WAMPIRE_PERIL_MODE.title());
    d.text(swatch.right() + 1.5, 19.0, 7.5, Face::Bold, INK, Align::Left, &peril);
    let row_h = (GRID_Y.1 - GRID_Y.0) / f32::from(ROWS);
    let space = space_w();
    for row in 0..ROWS {
        let y = GRID_Y.0 + f32::from(row) * row_h;
        let first = row * PER_ROW;
        row_label(&mut d, Rect::new(GRID_X.0, y, LABEL_W, row_h), first);
        for column in 0..PER_ROW {
            let cell = Rect::new(GRID_X.0 + LABEL_W + f32::from(column) * space, y, space, row_h).outset(-0.4);
            blood_space(&mut d, cell, first + column);
        }
    }
    let next = ROWS * PER_ROW;
    d.text(x, 108.5, 8.0, Face::Bold, INK, Align::Left, WAMPIRE_DRINKING);
    let beyond = format!(
        "0 blood: out. Above {}, keep counting on paper: {next}–{} needs {}+ Peril, and so on.",
        next - 1,
        next + PER_ROW - 1,
        knockout_peril(next)
    );
    d.text(x, 113.5, 7.0, Face::Regular, INK, Align::Left, &beyond);
    d
}

/// A row's label: its blood, and the Peril in one hit that knocks out a Wampire with that blood.
fn row_label(d: &mut Drawing, cell: Rect, first: u16) {
    let x = cell.x + 1.0;
    let top = cell.y + 1.5;
    d.text(x, top + cap_height(9.0), 9.0, Face::Bold, INK, Align::Left, &format!("{first}–{}", first + PER_ROW - 1));
    d.text(x, top + cap_height(9.0) + 4.6, 6.0, Face::Regular, INK, Align::Left, "KO: one hit with");
    let peril = format!("{} or more Peril", knockout_peril(first));
    d.text(x, top + cap_height(9.0) + 8.2, 6.5, Face::Bold, INK, Align::Left, &peril);
}

/// One space: its blood, and "start" or "out" where that applies.
fn blood_space(d: &mut Drawing, cell: Rect, blood: u16) {
    // Every fifth space a little bolder, to count along a row at a glance.
    let strong = blood.is_multiple_of(5);
    d.rect(cell, None, Some(Stroke::solid(INK, if strong { 0.45 } else { 0.25 })));
    let size = 10.0;
    let c = cell.centre();
    d.text(c.x, c.y + cap_height(size) / 2.0 - 1.0, size, Face::Bold, INK, Align::Centre, &blood.to_string());
    let note = match blood {
        0 => "out",
        b if b == WAMPIRE_BLOOD => "start",
        _ => return,
    };
    d.text(c.x, cell.bottom() - 1.3, 6.0, Face::Bold, SOFT, Align::Centre, note);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damage_marker_fits_on_a_space_and_blood_goes_past_45() {
        assert!(space_w() >= super::super::tokens::TOKEN);
        // Blood has no cap: the board runs well past the start, to 45 and more.
        const { assert!(ROWS * PER_ROW > 45 && ROWS * PER_ROW > WAMPIRE_BLOOD) };
    }
}
