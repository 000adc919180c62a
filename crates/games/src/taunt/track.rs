//! The Danger Track: damage from 0 to a fighter's Critical Damage, coloured by mode.
//!
//! Where the modes begin is our decision (see the interpretation notes): the dangerous modes have
//! the same width on every track, measured back from its end — Red the last 4 spaces, Orange the
//! 6 before, Yellow the 6 before that — and White takes whatever is left. On the 20 track that
//! is exactly one printed row per mode; a tougher fighter's longer track is all extra White.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A damage mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mode {
    /// No Peril from hits.
    White,
    /// Trouble Mode.
    Yellow,
    /// Danger Mode.
    Orange,
    /// Critical Mode: interruptions cost only one charge token.
    Red,
}

impl Mode {
    /// All modes, from the start of the track.
    pub const ALL: [Mode; 4] = [Mode::White, Mode::Yellow, Mode::Orange, Mode::Red];

    /// The mode's name in play ("Trouble Mode").
    pub fn title(self) -> &'static str {
        match self {
            Mode::White => "White",
            Mode::Yellow => "Trouble Mode",
            Mode::Orange => "Danger Mode",
            Mode::Red => "Critical Mode",
        }
    }

    /// Index of this mode's Peril section on a card (Yellow 0, Orange 1, Red 2); White has none.
    pub fn peril_column(self) -> Option<usize> {
        match self {
            Mode::White => None,
            Mode::Yellow => Some(0),
            Mode::Orange => Some(1),
            Mode::Red => Some(2),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// Spaces of Red at the end of every track.
pub const RED_SPACES: u8 = 4;
/// Spaces of Orange before the Red.
pub const ORANGE_SPACES: u8 = 6;
/// Spaces of Yellow before the Orange.
pub const YELLOW_SPACES: u8 = 6;

/// The printed track lengths.
pub const TRACK_LENGTHS: [u8; 3] = [20, 25, 30];

/// The first damage of each mode on a track of length `critical` (White always starts at 0).
pub fn mode_starts(critical: u8) -> [u8; 4] {
    let red = critical + 1 - RED_SPACES;
    let orange = red - ORANGE_SPACES;
    let yellow = orange - YELLOW_SPACES;
    [0, yellow, orange, red]
}

/// The mode of `damage` on a track of length `critical`.
pub fn mode_of(damage: u8, critical: u8) -> Mode {
    let starts = mode_starts(critical);
    Mode::ALL.into_iter().rev().find(|m| damage >= starts[*m as usize]).unwrap_or(Mode::White)
}

/// The spaces of a printed track, row by row, in reading order of the serpentine board: each
/// row holds up to six spaces and every other row runs right to left. `None` is the blank space
/// beside 0 on the first row.
pub fn board_rows(critical: u8) -> Vec<Vec<Option<u8>>> {
    let mut rows: Vec<Vec<Option<u8>>> = vec![vec![Some(0), None, Some(1), Some(2), Some(3), Some(4)]];
    let mut next = 5u8;
    while next <= critical {
        let end = (next + 5).min(critical);
        let mut row: Vec<Option<u8>> = (next..=end).map(Some).collect();
        if rows.len() % 2 == 1 {
            row.reverse();
            while row.len() < 6 {
                row.insert(0, None);
            }
        }
        rows.push(row);
        next = end + 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_twenty_track_has_one_row_per_mode() {
        assert_eq!(mode_starts(20), [0, 5, 11, 17]);
        let rows = board_rows(20);
        assert_eq!(rows.len(), 4);
        for (i, row) in rows.iter().enumerate() {
            let modes: Vec<Mode> = row.iter().flatten().map(|d| mode_of(*d, 20)).collect();
            assert!(modes.iter().all(|m| *m == Mode::ALL[i]), "row {i}: {modes:?}");
        }
    }

    #[test]
    fn longer_tracks_add_white_only() {
        assert_eq!(mode_starts(25), [0, 10, 16, 22]);
        assert_eq!(mode_starts(30), [0, 15, 21, 27]);
        assert_eq!(mode_of(30, 30), Mode::Red);
        assert_eq!(mode_of(26, 30), Mode::Orange);
        assert_eq!(mode_of(14, 30), Mode::White);
    }

    #[test]
    fn board_rows_match_the_printed_grids() {
        let rows = board_rows(25);
        assert_eq!(rows[1], [10, 9, 8, 7, 6, 5].map(Some).to_vec());
        assert_eq!(rows[2], [11, 12, 13, 14, 15, 16].map(Some).to_vec());
        assert_eq!(rows[4], vec![Some(23), Some(24), Some(25)]);
        let rows = board_rows(30);
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[5], vec![None, None, None, None, Some(30), Some(29)]);
        let rows = board_rows(20);
        assert_eq!(rows[3], vec![None, None, Some(20), Some(19), Some(18), Some(17)]);
    }
}
