//! Win rates with their 95% confidence intervals.

use serde::{Deserialize, Serialize};

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A share of wins (a draw counting half) over some games, with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// The share, 0 to 1.
    pub share: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
    /// The games it is measured over.
    pub games: u32,
}

impl Rate {
    /// The rate of `half_points` (2 a win, 1 a draw) over `games` games, its interval by
    /// Wilson's score method (sound near 0 and 1, unlike the plain ± interval; a draw counts as
    /// half a win, which makes the interval slightly wide).
    pub fn of(half_points: u64, games: u32) -> Rate {
        if games == 0 {
            return Rate { share: 0.5, low: 0.0, high: 1.0, games };
        }
        let n = f64::from(games);
        let p = half_points as f64 / 2.0 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Rate { share: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0), games }
    }

    /// True when the interval leaves out an even share: the difference is more than chance.
    pub fn significant(&self) -> bool {
        self.games > 0 && (self.low > 0.5 || self.high < 0.5)
    }

    /// True when the interval leaves out `share`: the rate differs from it by more than chance.
    pub fn differs_from(&self, share: f64) -> bool {
        self.games > 0 && (self.low > share || self.high < share)
    }

    /// As a percentage with its interval, "62% (55–69%)".
    pub fn text(&self) -> String {
        format!("{:.0}% ({:.0}–{:.0}%)", self.share * 100.0, self.low * 100.0, self.high * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_worked_values() {
        // 60 wins in 100: Wilson 95% is 0.502 to 0.691.
        let r = Rate::of(120, 100);
        assert!((r.share - 0.6).abs() < 1e-12);
        assert!((r.low - 0.5020).abs() < 5e-4 && (r.high - 0.6906).abs() < 5e-4, "{r:?}");
        assert!(r.significant());
        // 10 wins in 10 still leaves room below 1: 0.722 to 1.
        let all = Rate::of(20, 10);
        assert!((all.low - 0.7225).abs() < 5e-4 && (all.high - 1.0).abs() < 1e-9, "{all:?}");
        // 55 in 100 could be chance.
        assert!(!Rate::of(110, 100).significant());
        assert_eq!(Rate::of(0, 0).games, 0);
        assert!(!Rate::of(0, 0).significant());
    }

    #[test]
    fn a_rate_reads_as_a_percentage_with_its_interval() {
        assert_eq!(Rate::of(120, 100).text(), "60% (50–69%)");
    }
}
