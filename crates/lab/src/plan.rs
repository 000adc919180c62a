//! What a lab run compares, and the games it splits into.

use dojo_bot::Level;
pub use dojo_games::registry::LabKind;
use serde::{Deserialize, Serialize};

/// One lab run: what is compared, at which level, how many times, from which seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// How the game's entries are compared (the game's `LabOffer::kind` at [`Plan::seats`]).
    #[serde(default)]
    pub kind: LabKind,
    /// The entries compared (sides, variants, powers…), as places in the game's list
    /// (`LabOffer::entries`), in the order the report lists them. In matchups every pair of
    /// them meets; variants are each played in turn; holdings are handed out in turn.
    pub sides: Vec<usize>,
    /// The computer's level: for the pair's first side and its second (matchups); for the two
    /// computers (variants: seats swapped every game); for the seats that hold entries and for
    /// those that hold none, as FUSION's Coach (holdings).
    pub levels: [Level; 2],
    /// Games each pair or variant plays (seats are swapped every game, so an even number is
    /// fairest); for holdings, games in all.
    pub games: u32,
    /// Seeds every game of the run.
    pub seed: u64,
    /// Seats at the table.
    #[serde(default = "two")]
    pub seats: usize,
    /// The way of playing, by its id in the game's `LAB_MODES`; empty: the usual one.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mode: String,
    /// The game's own material played instead of ours (DRAGON PUNCH: a card set's link piece);
    /// empty: ours.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub custom: String,
}

/// The table size of a plan written before there were others.
fn two() -> usize {
    2
}

/// One game of a run: group `pair` (a place in [`Plan::pairs`] for matchups, in
/// [`Plan::sides`] for variants, 0 for holdings), its game `game`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Job {
    /// The pair, as a place in [`Plan::pairs`].
    pub pair: u32,
    /// The game of that pair, from 0.
    pub game: u32,
}

impl Plan {
    /// What the plan asks of the game: its way of playing, table size and material.
    pub fn ask(&self) -> dojo_games::registry::LabAsk<'_> {
        dojo_games::registry::LabAsk { mode: &self.mode, seats: self.seats, custom: &self.custom }
    }

    /// Every pair of sides that meets, as places in [`Plan::sides`], first side first.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.sides.len();
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect()
    }

    /// How many groups the run's games fall into: its pairs (matchups), its variants, or one
    /// (holdings). A [`Job::pair`] is a place among them.
    pub fn groups(&self) -> u32 {
        match self.kind {
            LabKind::Matchups => self.pairs().len() as u32,
            LabKind::Variants => self.sides.len() as u32,
            LabKind::Holdings => 1,
        }
    }

    /// Every game of the run, game by game across the groups (so that a run stopped early has
    /// played every pair or variant about as often).
    pub fn jobs(&self) -> Vec<Job> {
        let groups = self.groups();
        (0..self.games).flat_map(|game| (0..groups).map(move |pair| Job { pair, game })).collect()
    }

    /// Why the plan cannot run, if it cannot: too few entries (two for matchups, one
    /// otherwise), an entry named twice or not among the game's `available` ones, or no games.
    pub fn check(&self, available: usize) -> Result<(), String> {
        let least = if self.kind == LabKind::Matchups { 2 } else { 1 };
        if self.sides.len() < least {
            return Err(if least == 2 { "choose at least two sides to compare".into() } else { "choose at least one to compare".into() });
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
            return Err("choose at least one game".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(sides: Vec<usize>, games: u32) -> Plan {
        Plan {
            kind: LabKind::Matchups,
            sides,
            levels: [Level::Easy; 2],
            games,
            seed: 1,
            seats: 2,
            mode: String::new(),
            custom: String::new(),
        }
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
        let one = Plan { kind: LabKind::Variants, ..plan(vec![2], 3) };
        assert_eq!(one.check(3), Ok(()), "a single variant can be measured");
        assert!(Plan { sides: vec![], ..one }.check(3).unwrap_err().contains("at least one"));
    }

    #[test]
    fn variants_play_in_turn_and_holdings_are_one_group() {
        let variants = Plan { kind: LabKind::Variants, ..plan(vec![4, 1], 2) };
        let jobs: Vec<(u32, u32)> = variants.jobs().iter().map(|j| (j.pair, j.game)).collect();
        assert_eq!(jobs, vec![(0, 0), (1, 0), (0, 1), (1, 1)]);
        let holdings = Plan { kind: LabKind::Holdings, seats: 4, ..plan(vec![0, 1, 2], 3) };
        assert_eq!(holdings.jobs().len(), 3, "holdings count games in all");
    }
}
