//! What a lab run shows: the matchup table, the first seat's advantage, draws, game lengths
//! and what stands out, as data, as text and as CSV.

use crate::plan::Plan;
use crate::run::Played;
use crate::stats::Rate;
use serde::{Deserialize, Serialize};

/// Bars a length histogram has at most.
const MAX_BARS: u32 = 10;

/// The report of a run, from the games played so far (all of them, or those before a stop).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The sides compared, by name, in the plan's order.
    pub names: Vec<String>,
    /// `cells[row][column]`: the row side's rate against the column side (`None` on the
    /// diagonal).
    pub cells: Vec<Vec<Option<Rate>>>,
    /// Each side's rate over all its games.
    pub overall: Vec<Rate>,
    /// The rate of whoever sat in the first seat.
    pub first_seat: Rate,
    /// Games played.
    pub games: u32,
    /// Games drawn (cut-off games included).
    pub draws: u32,
    /// Games cut off after too many steps, counted as draws.
    pub unfinished: u32,
    /// Game lengths in rounds: (from, to, games), from the shortest to the longest.
    pub lengths: Vec<(u32, u32, u32)>,
    /// The mean length in rounds.
    pub mean_length: f64,
    /// What stands out, one sentence each.
    pub notes: Vec<String>,
}

impl Report {
    /// The report of `played` (games of `plan`, in any order), the game's sides named by
    /// `side_names` (the whole list the plan's places point into).
    pub fn new(plan: &Plan, side_names: &[String], played: &[Played]) -> Report {
        let n = plan.sides.len();
        let names: Vec<String> =
            plan.sides.iter().map(|s| side_names.get(*s).cloned().unwrap_or_else(|| format!("side {}", s + 1))).collect();
        let pairs = plan.pairs();
        // Half points and games, per ordered pair and per side.
        let mut pair_points = vec![vec![(0u64, 0u32); n]; n];
        let mut side_points = vec![(0u64, 0u32); n];
        let (mut first_points, mut draws, mut unfinished) = (0u64, 0u32, 0u32);
        for p in played {
            let Some(&(a, b)) = pairs.get(p.job.pair as usize) else { continue };
            let (pa, pb) = (u64::from(p.half_points), 2 - u64::from(p.half_points));
            for (row, col, points) in [(a, b, pa), (b, a, pb)] {
                pair_points[row][col].0 += points;
                pair_points[row][col].1 += 1;
                side_points[row].0 += points;
                side_points[row].1 += 1;
            }
            first_points += u64::from(p.first_seat_half_points());
            draws += u32::from(p.half_points == 1);
            unfinished += u32::from(p.unfinished);
        }
        let cells = (0..n)
            .map(|row| (0..n).map(|col| (row != col).then(|| Rate::of(pair_points[row][col].0, pair_points[row][col].1))).collect())
            .collect();
        let overall: Vec<Rate> = side_points.iter().map(|(points, games)| Rate::of(*points, *games)).collect();
        let games = played.len() as u32;
        let (lengths, mean_length) = histogram(played);
        let mut report = Report {
            names,
            cells,
            overall,
            first_seat: Rate::of(first_points, games),
            games,
            draws,
            unfinished,
            lengths,
            mean_length,
            notes: Vec::new(),
        };
        report.notes = report.standing_out();
        report
    }

    /// The sentences of [`Report::notes`]: the strongest and weakest side, every matchup
    /// outside 40–60%, the first seat's advantage, games cut off.
    fn standing_out(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.games == 0 {
            return notes;
        }
        let by_share = |a: &&(usize, &Rate), b: &&(usize, &Rate)| a.1.share.total_cmp(&b.1.share);
        let ranked: Vec<(usize, &Rate)> = self.overall.iter().enumerate().collect();
        if let (Some(best), Some(worst)) = (ranked.iter().max_by(by_share), ranked.iter().min_by(by_share))
            && best.0 != worst.0
        {
            notes.push(format!("Strongest: {}, {} of its games.", self.names[best.0], best.1.text()));
            notes.push(format!("Weakest: {}, {} of its games.", self.names[worst.0], worst.1.text()));
        }
        for (row, cells) in self.cells.iter().enumerate() {
            for (col, cell) in cells.iter().enumerate() {
                let Some(rate) = cell else { continue };
                if rate.share > 0.6 {
                    let sure = if rate.significant() { "more than chance" } else { "could still be chance" };
                    notes.push(format!("{} beats {}: {} ({sure}).", self.names[row], self.names[col], rate.text()));
                }
            }
        }
        if self.first_seat.significant() {
            let who = if self.first_seat.share > 0.5 { "helps" } else { "hurts" };
            notes.push(format!("Sitting first {who}: the first seat scored {}.", self.first_seat.text()));
        } else {
            notes.push(format!("No clear first-seat advantage: the first seat scored {}.", self.first_seat.text()));
        }
        if self.unfinished > 0 {
            notes.push(format!("{} games went on too long and were counted as draws.", self.unfinished));
        }
        notes
    }

    /// The report as plain text: the table, then `name: value` lines.
    pub fn text(&self) -> String {
        let width = self.names.iter().map(String::len).max().unwrap_or(4).max(6);
        let mut out = format!("row side's share of wins against the column side ({} games):\n", self.games);
        out += &format!("{:>width$} {}\n", "", self.names.iter().map(|s| format!("{s:>width$}")).collect::<String>());
        for (row, cells) in self.cells.iter().enumerate() {
            let line: String = cells.iter().map(|c| c.map_or(format!("{:>width$}", "—"), |r| format!("{:>width$.3}", r.share))).collect();
            out += &format!("{:>width$} {line}\n", self.names[row]);
        }
        for line in self.lines() {
            out += &line;
            out.push('\n');
        }
        out
    }

    /// The figures as `name: value` lines.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("games: {}", self.games),
            format!("first_seat_share: {:.3} ({:.3}–{:.3})", self.first_seat.share, self.first_seat.low, self.first_seat.high),
            format!("draws: {}", self.draws),
            format!("unfinished: {}", self.unfinished),
            format!("mean_rounds: {:.1}", self.mean_length),
        ];
        for (name, rate) in self.names.iter().zip(&self.overall) {
            lines.push(format!("overall_{}: {:.3} ({:.3}–{:.3})", slug(name), rate.share, rate.low, rate.high));
        }
        lines.extend(self.notes.iter().map(|n| format!("note: {n}")));
        lines
    }

    /// Every matchup as CSV, one row per ordered pair, for a spreadsheet.
    pub fn csv(&self) -> String {
        let mut out = String::from("side,against,games,share,low_95,high_95\n");
        for (row, cells) in self.cells.iter().enumerate() {
            for (col, cell) in cells.iter().enumerate() {
                if let Some(r) = cell {
                    out += &format!(
                        "{},{},{},{:.4},{:.4},{:.4}\n",
                        csv_field(&self.names[row]),
                        csv_field(&self.names[col]),
                        r.games,
                        r.share,
                        r.low,
                        r.high
                    );
                }
            }
        }
        out
    }
}

/// The lengths of `played` in at most [`MAX_BARS`] bars of equal width, and their mean.
fn histogram(played: &[Played]) -> (Vec<(u32, u32, u32)>, f64) {
    let (Some(min), Some(max)) = (played.iter().map(|p| p.rounds).min(), played.iter().map(|p| p.rounds).max()) else {
        return (Vec::new(), 0.0);
    };
    let width = (max - min) / MAX_BARS + 1;
    let bars = (max - min) / width + 1;
    let mut counts = vec![0u32; bars as usize];
    for p in played {
        counts[((p.rounds - min) / width) as usize] += 1;
    }
    let mean = played.iter().map(|p| f64::from(p.rounds)).sum::<f64>() / played.len() as f64;
    let lengths = counts.into_iter().enumerate().map(|(i, c)| (min + i as u32 * width, min + (i as u32 + 1) * width - 1, c)).collect();
    (lengths, mean)
}

/// A name as a `name: value` key: lower case, words joined by `_`.
fn slug(name: &str) -> String {
    name.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join("_")
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Job;
    use dojo_bot::Level;

    fn game(pair: u32, game: u32, half_points: u8, rounds: u32) -> Played {
        Played { job: Job { pair, game }, first_side_first: game.is_multiple_of(2), half_points, rounds, unfinished: false }
    }

    #[test]
    fn a_report_counts_each_pair_from_both_sides_and_the_first_seat() {
        let plan = Plan { sides: vec![0, 1], levels: [Level::Easy; 2], games: 4, seed: 1 };
        let names = vec!["Ryu".to_string(), "Ken, the other".to_string()];
        // Ryu wins games 0, 1 and 2 and draws game 3; Ryu sits first in games 0 and 2.
        let played = [game(0, 0, 2, 5), game(0, 1, 2, 7), game(0, 2, 2, 9), game(0, 3, 1, 30)];
        let r = Report::new(&plan, &names, &played);
        assert_eq!(r.cells[0][1].unwrap().share, 7.0 / 8.0);
        assert_eq!(r.cells[1][0].unwrap().share, 1.0 / 8.0);
        assert!(r.cells[0][0].is_none());
        // First seat: wins in games 0 and 2, a loss in game 1, a draw in game 3: 5 of 8.
        assert_eq!(r.first_seat.share, 5.0 / 8.0);
        assert_eq!((r.games, r.draws), (4, 1));
        assert_eq!(r.mean_length, 12.75);
        assert_eq!(r.lengths.iter().map(|b| b.2).sum::<u32>(), 4, "every game in a bar");
        assert_eq!(r.lengths.first().map(|b| b.0), Some(5));
        assert!(r.notes.iter().any(|n| n.starts_with("Ryu beats Ken, the other: 88%")), "{:?}", r.notes);
        assert!(r.csv().contains("\"Ken, the other\",Ryu,4,0.1250"), "{}", r.csv());
        assert!(r.lines().iter().any(|l| l.starts_with("overall_ken_the_other: 0.125")));
    }

    #[test]
    fn an_empty_run_reports_nothing_played() {
        let plan = Plan { sides: vec![0, 1, 2], levels: [Level::Easy; 2], games: 2, seed: 1 };
        let r = Report::new(&plan, &["a".into(), "b".into(), "c".into()], &[]);
        assert_eq!((r.games, r.lengths.len(), r.notes.len()), (0, 0, 0));
    }
}
