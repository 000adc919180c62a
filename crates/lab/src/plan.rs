//! What a lab run compares, and the games it splits into.

use dojo_bot::Level;
use serde::{Deserialize, Serialize};

/// One lab run: which sides meet, at which level, how many times, from which seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The sides compared, as places in the game's list of sides (`Sampled::sides`), in the
    /// order the report lists them. Every pair of them meets.
    pub sides: Vec<usize>,
    /// The computer's level for the pair's first side and for its second.
    pub levels: [Level; 2],
    /// Games each pair plays; seats are swapped every game, so an even number is fairest.
    pub games: u32,
    /// Seeds every game of the run.
    pub seed: u64,
}

/// One game of a run: pair `pair` (a place in [`Plan::pairs`]), its game `game`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Job {
    /// The pair, as a place in [`Plan::pairs`].
    pub pair: u32,
    /// The game of that pair, from 0.
    pub game: u32,
}

impl Plan {
    /// Every pair of sides that meets, as places in [`Plan::sides`], first side first.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.sides.len();
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect()
    }

    /// Every game of the run, game by game across the pairs (so that a run stopped early has
    /// played every pair about as often).
    pub fn jobs(&self) -> Vec<Job> {
        let pairs = self.pairs().len() as u32;
        (0..self.games).flat_map(|game| (0..pairs).map(move |pair| Job { pair, game })).collect()
    }

    /// Why the plan cannot run, if it cannot: fewer than two sides, a side named twice or not
    /// among the game's `available` sides, or no games.
    pub fn check(&self, available: usize) -> Result<(), String> {
        if self.sides.len() < 2 {
            return Err("choose at least two sides to compare".into());
        }
        if let Some(bad) = self.sides.iter().find(|s| **s >= available) {
            return Err(format!("side {} is not one of the game's {available}", bad + 1));
        }
        let mut seen = self.sides.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != self.sides.len() {
            return Err("a side is chosen twice".into());
        }
        if self.games == 0 {
            return Err("choose at least one game per pair".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(sides: Vec<usize>, games: u32) -> Plan {
        Plan { sides, levels: [Level::Easy; 2], games, seed: 1 }
    }

    #[test]
    fn every_pair_meets_once_a_round_and_jobs_go_round_the_pairs() {
        let p = plan(vec![0, 2, 5], 2);
        assert_eq!(p.pairs(), vec![(0, 1), (0, 2), (1, 2)]);
        let jobs: Vec<(u32, u32)> = p.jobs().iter().map(|j| (j.pair, j.game)).collect();
        assert_eq!(jobs, vec![(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]);
    }

    #[test]
    fn a_plan_that_cannot_run_says_why() {
        assert_eq!(plan(vec![0, 1], 4).check(3), Ok(()));
        assert!(plan(vec![0], 4).check(3).unwrap_err().contains("two sides"));
        assert!(plan(vec![0, 3], 4).check(3).unwrap_err().contains("not one of"));
        assert!(plan(vec![1, 1], 4).check(3).unwrap_err().contains("twice"));
        assert!(plan(vec![0, 1], 0).check(3).unwrap_err().contains("at least one game"));
    }
}
