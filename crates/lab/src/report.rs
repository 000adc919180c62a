//! What a lab run shows: the matchup table, the first seat's advantage, draws, game lengths
//! and what stands out, as data, as text and as CSV.

use crate::plan::{LabKind, Plan};
use crate::run::Played;
use crate::stats::Rate;
use serde::{Deserialize, Serialize};

/// Bars a length histogram has at most.
const MAX_BARS: u32 = 10;

/// The report of a run, from the games played so far (all of them, or those before a stop).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// How the entries were compared.
    pub kind: LabKind,
    /// Seats at the table.
    pub seats: usize,
    /// True when both computers played at the same level (a variant's "first computer" share
    /// then only says how even the computers are).
    pub same_levels: bool,
    /// The entries compared (sides, variants, powers…), by name, in the plan's order.
    pub names: Vec<String>,
    /// Matchups only: `cells[row][column]`, the row side's rate against the column side
    /// (`None` on the diagonal). Empty for the other kinds.
    pub cells: Vec<Vec<Option<Rate>>>,
    /// Per entry: a side's rate over all its games (matchups); the first level's computer's
    /// rate in that variant (variants); the rate of the seats that held it (holdings).
    pub overall: Vec<Rate>,
    /// What the first seat's rate is measured against: an even share for matchups and
    /// variants; for holdings, the average share of the seats like it (handed entries at the
    /// start, or not: FUSION's first seat is measured against the pilots, Rumble's against
    /// every hero).
    pub first_seat_baseline: f64,
    /// Variants only: per variant, the first seat's rate, its draws and its mean length in
    /// rounds. Empty for the other kinds.
    pub variants: Vec<VariantFigures>,
    /// What a rate in [`Report::overall`] and the first seat's are measured against: an even
    /// share (0.5) for matchups and variants; for holdings, the average share of the seats
    /// that held anything.
    pub baseline: f64,
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

/// A variant's own figures.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantFigures {
    /// The first seat's rate in its games.
    pub first_seat: Rate,
    /// Its games drawn (cut-off games included).
    pub draws: u32,
    /// Its mean length in rounds.
    pub mean_length: f64,
}

impl Report {
    /// The report of `played` (games of `plan`, in any order), the game's entries named by
    /// `side_names` (the whole list the plan's places point into).
    pub fn new(plan: &Plan, side_names: &[String], played: &[Played]) -> Report {
        let n = plan.sides.len();
        let names: Vec<String> =
            plan.sides.iter().map(|s| side_names.get(*s).cloned().unwrap_or_else(|| format!("side {}", s + 1))).collect();
        let mut first_points = 0u64;
        let (mut draws, mut unfinished) = (0u32, 0u32);
        for p in played {
            first_points += u64::from(p.first_seat_half_points());
            draws += u32::from(match plan.kind {
                LabKind::Holdings => p.seats.iter().all(|s| s.half_points < 2),
                _ => p.half_points == 1,
            });
            unfinished += u32::from(p.unfinished);
        }
        let games = played.len() as u32;
        let (lengths, mean_length) = histogram(played);
        let (cells, overall, variants, baseline) = match plan.kind {
            LabKind::Matchups => {
                let (cells, overall) = matchups(plan, played);
                (cells, overall, Vec::new(), 0.5)
            }
            LabKind::Variants => {
                let (overall, variants) = variant_figures(n, played);
                (Vec::new(), overall, variants, 0.5)
            }
            LabKind::Holdings => {
                let (overall, baseline) = holdings(plan, played);
                (Vec::new(), overall, Vec::new(), baseline)
            }
        };
        let first_seat = Rate::of(first_points, games);
        let first_seat_baseline = if plan.kind == LabKind::Holdings { like_the_first_seat(played) } else { 0.5 };
        let mut report = Report {
            kind: plan.kind,
            seats: plan.seats,
            same_levels: plan.levels[0] == plan.levels[1],
            names,
            cells,
            overall,
            variants,
            baseline,
            first_seat_baseline,
            first_seat,
            games,
            draws,
            unfinished,
            lengths,
            mean_length,
            notes: Vec::new(),
        };
        report.notes = report.standing_out(plan);
        report
    }

    /// The sentences of [`Report::notes`], by kind: the strongest and weakest entry, every
    /// matchup outside 40–60%, variants' first seats and lengths, holdings that differ from
    /// the average seat; the first seat's advantage; games cut off.
    fn standing_out(&self, plan: &Plan) -> Vec<String> {
        let mut notes = Vec::new();
        if self.games == 0 {
            return notes;
        }
        // Ties go to the entry listed first for the strongest and last for the weakest, as a
        // table sorted by share lists them.
        let by_share = |a: &&(usize, &Rate), b: &&(usize, &Rate)| a.1.share.total_cmp(&b.1.share).then(b.0.cmp(&a.0));
        let ranked: Vec<(usize, &Rate)> = self.overall.iter().enumerate().filter(|(_, r)| r.games > 0).collect();
        let extremes = match (ranked.iter().max_by(by_share), ranked.iter().min_by(by_share)) {
            (Some(best), Some(worst)) if best.0 != worst.0 => Some((*best, *worst)),
            _ => None,
        };
        let baseline = format!("{:.0}%", self.baseline * 100.0);
        match self.kind {
            LabKind::Matchups => {
                if let Some((best, worst)) = extremes {
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
            }
            LabKind::Variants => {
                let [a, b] = plan.levels.map(|l| l.label());
                if a != b
                    && let Some((best, worst)) = extremes
                {
                    notes.push(format!("{a} against {b} does best in {}: {}.", self.names[best.0], best.1.text()));
                    notes.push(format!("{a} against {b} does worst in {}: {}.", self.names[worst.0], worst.1.text()));
                }
                let mut by_length: Vec<usize> = (0..self.variants.len()).filter(|v| self.overall[*v].games > 0).collect();
                by_length.sort_by(|x, y| self.variants[*x].mean_length.total_cmp(&self.variants[*y].mean_length));
                if let (Some(&short), Some(&long)) = (by_length.first(), by_length.last())
                    && short != long
                {
                    notes.push(format!(
                        "Longest games: {}, {:.1} rounds on average; shortest: {}, {:.1}.",
                        self.names[long], self.variants[long].mean_length, self.names[short], self.variants[short].mean_length
                    ));
                }
                for (name, figures) in self.names.iter().zip(&self.variants) {
                    if figures.first_seat.significant() {
                        let who = if figures.first_seat.share > 0.5 { "helps" } else { "hurts" };
                        notes.push(format!("In {name}, sitting first {who}: the first seat scored {}.", figures.first_seat.text()));
                    }
                }
            }
            LabKind::Holdings => {
                // Entries are held unequally often (a Rumble power nobody bids for), so the
                // surest are named: the highest low end of an interval and the lowest high end.
                let surest = ranked.iter().max_by(|a, b| a.1.low.total_cmp(&b.1.low).then(b.0.cmp(&a.0)));
                let weakest = ranked.iter().min_by(|a, b| a.1.high.total_cmp(&b.1.high).then(b.0.cmp(&a.0)));
                if let (Some(best), Some(worst)) = (surest, weakest)
                    && best.0 != worst.0
                {
                    notes.push(format!(
                        "Surest strong: {}, whose holders scored {} (the average seat: {baseline}).",
                        self.names[best.0],
                        best.1.text()
                    ));
                    notes.push(format!(
                        "Surest weak: {}, whose holders scored {} (the average seat: {baseline}).",
                        self.names[worst.0],
                        worst.1.text()
                    ));
                }
                for (name, rate) in self.names.iter().zip(&self.overall) {
                    if rate.differs_from(self.baseline) {
                        let how = if rate.share > self.baseline { "more" } else { "less" };
                        notes.push(format!("Holding {name} wins {how} often than the average seat ({}, more than chance).", rate.text()));
                    }
                }
            }
        }
        let even = self.first_seat_baseline;
        if self.first_seat.differs_from(even) {
            let who = if self.first_seat.share > even { "helps" } else { "hurts" };
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
        let mut out = String::new();
        match self.kind {
            LabKind::Matchups => {
                out += &format!("row side's share of wins against the column side ({} games):\n", self.games);
                out += &format!("{:>width$}{}\n", "", self.names.iter().map(|s| format!(" {s:>width$}")).collect::<String>());
                for (row, cells) in self.cells.iter().enumerate() {
                    let line: String =
                        cells.iter().map(|c| c.map_or(format!(" {:>width$}", "—"), |r| format!(" {:>width$.3}", r.share))).collect();
                    out += &format!("{:>width$}{line}\n", self.names[row]);
                }
            }
            LabKind::Variants => {
                out += &format!("per variant ({} games): games, first level's share, first seat's share, draws, mean rounds\n", self.games);
                for ((name, rate), f) in self.names.iter().zip(&self.overall).zip(&self.variants) {
                    out += &format!(
                        "{name:>width$} {:>5} {:>6.3} {:>6.3} {:>5} {:>6.1}\n",
                        rate.games, rate.share, f.first_seat.share, f.draws, f.mean_length
                    );
                }
            }
            LabKind::Holdings => {
                out += &format!(
                    "share of wins of the seats holding each ({} games, {} seats; the average seat: {:.3}):\n",
                    self.games, self.seats, self.baseline
                );
                for (name, rate) in self.names.iter().zip(&self.overall) {
                    out += &format!("{name:>width$} {:>5} held {:>6.3} ({:.3}–{:.3})\n", rate.games, rate.share, rate.low, rate.high);
                }
            }
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
        if self.kind == LabKind::Holdings {
            lines.push(format!("average_seat_share: {:.3}", self.baseline));
            lines.push(format!("first_seat_baseline: {:.3}", self.first_seat_baseline));
        }
        for (name, rate) in self.names.iter().zip(&self.overall) {
            lines.push(format!("overall_{}: {:.3} ({:.3}–{:.3})", slug(name), rate.share, rate.low, rate.high));
        }
        for (name, f) in self.names.iter().zip(&self.variants) {
            lines.push(format!("first_seat_{}: {:.3}", slug(name), f.first_seat.share));
            lines.push(format!("mean_rounds_{}: {:.1}", slug(name), f.mean_length));
        }
        lines.extend(self.notes.iter().map(|n| format!("note: {n}")));
        lines
    }

    /// The figures as CSV for a spreadsheet: one row per ordered pair (matchups), per
    /// variant, or per entry held.
    pub fn csv(&self) -> String {
        match self.kind {
            LabKind::Matchups => {
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
            LabKind::Variants => {
                let mut out = String::from("variant,games,first_level_share,low_95,high_95,first_seat_share,draws,mean_rounds\n");
                for ((name, r), f) in self.names.iter().zip(&self.overall).zip(&self.variants) {
                    out += &format!(
                        "{},{},{:.4},{:.4},{:.4},{:.4},{},{:.2}\n",
                        csv_field(name),
                        r.games,
                        r.share,
                        r.low,
                        r.high,
                        f.first_seat.share,
                        f.draws,
                        f.mean_length
                    );
                }
                out
            }
            LabKind::Holdings => {
                let mut out = String::from("held,seats_holding,share,low_95,high_95,average_seat_share\n");
                for (name, r) in self.names.iter().zip(&self.overall) {
                    out += &format!("{},{},{:.4},{:.4},{:.4},{:.4}\n", csv_field(name), r.games, r.share, r.low, r.high, self.baseline);
                }
                out
            }
        }
    }
}

/// Rows a holdings table on a rules page shows at most: the strongest and weakest halves.
const MARKDOWN_ROWS: usize = 12;

/// Times an entry must have been held to be in a rules page's table (fewer say little).
pub const MARKDOWN_MIN_HELD: u32 = 20;

impl Report {
    /// The report as a small Markdown table for a rules page. Holdings list the strongest
    /// first, only those held at least [`MARKDOWN_MIN_HELD`] times, and only the six strongest
    /// and six weakest when more than [`MARKDOWN_ROWS`] are left.
    pub fn markdown(&self) -> String {
        let pct = |r: &Rate| format!("{:.0}% ({:.0}–{:.0})", r.share * 100.0, r.low * 100.0, r.high * 100.0);
        let mut out = String::new();
        match self.kind {
            LabKind::Matchups => {
                out += &format!("| against → | {} |\n", self.names.join(" | "));
                out += &format!("|---|{}\n", "---|".repeat(self.names.len()));
                for (row, cells) in self.cells.iter().enumerate() {
                    let line: Vec<String> =
                        cells.iter().map(|c| c.map_or("—".to_string(), |r| format!("{:.0}%", r.share * 100.0))).collect();
                    out += &format!("| {} | {} |\n", self.names[row], line.join(" | "));
                }
            }
            LabKind::Variants if self.same_levels => {
                out += "| option | games | first seat won | draws | mean length |\n|---|---|---|---|---|\n";
                for ((name, r), f) in self.names.iter().zip(&self.overall).zip(&self.variants) {
                    out += &format!("| {name} | {} | {} | {} | {:.1} |\n", r.games, pct(&f.first_seat), f.draws, f.mean_length);
                }
            }
            LabKind::Variants => {
                out += "| option | games | first computer won | first seat won | mean length |\n|---|---|---|---|---|\n";
                for ((name, r), f) in self.names.iter().zip(&self.overall).zip(&self.variants) {
                    out += &format!("| {name} | {} | {} | {} | {:.1} |\n", r.games, pct(r), pct(&f.first_seat), f.mean_length);
                }
            }
            LabKind::Holdings => {
                let mut order: Vec<usize> =
                    (0..self.names.len()).filter(|i| self.overall[*i].games >= MARKDOWN_MIN_HELD.min(self.games.max(1))).collect();
                order.sort_by(|a, b| self.overall[*b].share.total_cmp(&self.overall[*a].share).then(a.cmp(b)));
                if order.len() > MARKDOWN_ROWS {
                    let half = MARKDOWN_ROWS / 2;
                    order = order[..half].iter().chain(&order[order.len() - half..]).copied().collect();
                }
                out += "| held | times | its seats won |\n|---|---|---|\n";
                for i in order {
                    out += &format!("| {} | {} | {} |\n", self.names[i], self.overall[i].games, pct(&self.overall[i]));
                }
            }
        }
        out
    }
}

/// The matchup table and each side's rate over all its games.
fn matchups(plan: &Plan, played: &[Played]) -> (Vec<Vec<Option<Rate>>>, Vec<Rate>) {
    let n = plan.sides.len();
    let pairs = plan.pairs();
    // Half points and games, per ordered pair and per side.
    let mut pair_points = vec![vec![(0u64, 0u32); n]; n];
    let mut side_points = vec![(0u64, 0u32); n];
    for p in played {
        let Some(&(a, b)) = pairs.get(p.job.pair as usize) else { continue };
        let (pa, pb) = (u64::from(p.half_points), 2 - u64::from(p.half_points));
        for (row, col, points) in [(a, b, pa), (b, a, pb)] {
            pair_points[row][col].0 += points;
            pair_points[row][col].1 += 1;
            side_points[row].0 += points;
            side_points[row].1 += 1;
        }
    }
    let cells = (0..n)
        .map(|row| (0..n).map(|col| (row != col).then(|| Rate::of(pair_points[row][col].0, pair_points[row][col].1))).collect())
        .collect();
    (cells, side_points.iter().map(|(points, games)| Rate::of(*points, *games)).collect())
}

/// Per variant: the first level's computer's rate, and the variant's own figures.
fn variant_figures(n: usize, played: &[Played]) -> (Vec<Rate>, Vec<VariantFigures>) {
    let mut overall = Vec::with_capacity(n);
    let mut figures = Vec::with_capacity(n);
    for variant in 0..n {
        let games: Vec<&Played> = played.iter().filter(|p| p.job.pair as usize == variant).collect();
        let count = games.len() as u32;
        overall.push(Rate::of(games.iter().map(|p| u64::from(p.half_points)).sum(), count));
        let rounds: u64 = games.iter().map(|p| u64::from(p.rounds)).sum();
        figures.push(VariantFigures {
            first_seat: Rate::of(games.iter().map(|p| u64::from(p.first_seat_half_points())).sum(), count),
            draws: games.iter().filter(|p| p.half_points == 1).count() as u32,
            mean_length: if count == 0 { 0.0 } else { rounds as f64 / f64::from(count) },
        });
    }
    (overall, figures)
}

/// Per chosen entry, the rate of the seats that held it; and what a rate is measured against:
/// the average share of the seats that held anything (every seat of a TAUNT table, FUSION's
/// pilots but not the Coach, Rumble's heroes who won a power), or of every seat when none did.
fn holdings(plan: &Plan, played: &[Played]) -> (Vec<Rate>, f64) {
    let mut points = vec![(0u64, 0u32); plan.sides.len()];
    let (mut all_points, mut seats) = (0u64, 0u64);
    let anyone_held = played.iter().flat_map(|p| &p.seats).any(|s| !s.held.is_empty());
    for seat in played.iter().flat_map(|p| &p.seats) {
        if anyone_held && seat.held.is_empty() {
            continue;
        }
        all_points += u64::from(seat.half_points);
        seats += 1;
        for entry in &seat.held {
            if let Some(place) = plan.sides.iter().position(|s| *s == usize::from(*entry)) {
                points[place].0 += u64::from(seat.half_points);
                points[place].1 += 1;
            }
        }
    }
    let baseline = if seats == 0 { 1.0 / plan.seats.max(1) as f64 } else { all_points as f64 / 2.0 / seats as f64 };
    (points.iter().map(|(p, g)| Rate::of(*p, *g)).collect(), baseline)
}

/// The average share of the seats handed entries at the start as the first seat was (or not),
/// over every game: what the first seat's share is measured against in holdings.
fn like_the_first_seat(played: &[Played]) -> f64 {
    let (mut points, mut seats) = (0u64, 0u64);
    for p in played {
        let Some(first) = p.seats.first() else { continue };
        for seat in p.seats.iter().filter(|s| s.dealt == first.dealt) {
            points += u64::from(seat.half_points);
            seats += 1;
        }
    }
    if seats == 0 { 0.5 } else { points as f64 / 2.0 / seats as f64 }
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
    use crate::run::SeatResult;
    use dojo_bot::Level;

    fn game(pair: u32, game: u32, half_points: u8, rounds: u32) -> Played {
        Played {
            job: Job { pair, game },
            first_side_first: game.is_multiple_of(2),
            half_points,
            rounds,
            unfinished: false,
            seats: Vec::new(),
        }
    }

    #[test]
    fn a_report_counts_each_pair_from_both_sides_and_the_first_seat() {
        let plan = Plan {
            kind: LabKind::Matchups,
            sides: vec![0, 1],
            levels: [Level::Easy; 2],
            games: 4,
            seed: 1,
            seats: 2,
            mode: String::new(),
            custom: String::new(),
        };
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
        assert!(r.markdown().contains("| Ryu | — | 88% |"), "{}", r.markdown());
    }

    #[test]
    fn a_variants_report_gives_each_variant_its_own_first_seat_and_length() {
        let plan = Plan {
            kind: LabKind::Variants,
            sides: vec![3, 0],
            levels: [Level::Hard, Level::Easy],
            games: 2,
            seed: 1,
            seats: 2,
            mode: String::new(),
            custom: String::new(),
        };
        let names: Vec<String> = ["Standard", "Feint", "Blitz", "Blindfolded"].iter().map(|s| s.to_string()).collect();
        // Blindfolded (group 0): Hard wins both, sitting first in game 0 only. Standard (group
        // 1): Hard wins game 0 (first), loses game 1 (second): the first seat wins both.
        let played = [game(0, 0, 2, 10), game(0, 1, 2, 20), game(1, 0, 2, 4), game(1, 1, 0, 6)];
        let r = Report::new(&plan, &names, &played);
        assert_eq!(r.names, vec!["Blindfolded".to_string(), "Standard".to_string()]);
        assert!(r.cells.is_empty());
        assert_eq!((r.overall[0].share, r.overall[1].share), (1.0, 0.5));
        assert_eq!((r.variants[0].first_seat.share, r.variants[1].first_seat.share), (0.5, 1.0));
        assert_eq!((r.variants[0].mean_length, r.variants[1].mean_length), (15.0, 5.0));
        assert!(r.notes.iter().any(|n| n.starts_with("Hard against Easy does best in Blindfolded: 100%")), "{:?}", r.notes);
        assert!(r.notes.iter().any(|n| n.starts_with("Longest games: Blindfolded, 15.0")), "{:?}", r.notes);
        assert!(r.csv().starts_with("variant,games,"));
        assert!(r.csv().contains("Standard,2,0.5000,"), "{}", r.csv());
        assert!(r.markdown().contains("| Blindfolded | 2 | 100% ("), "{}", r.markdown());
        // Two computers at one level: no column for the first computer.
        let even = Report::new(&Plan { levels: [Level::Easy; 2], ..plan.clone() }, &names, &played);
        assert!(even.markdown().starts_with("| option | games | first seat won |"), "{}", even.markdown());
    }

    #[test]
    fn a_holdings_report_measures_each_entry_against_the_average_seat() {
        let plan = Plan {
            kind: LabKind::Holdings,
            sides: vec![0, 1, 2],
            levels: [Level::Easy; 2],
            games: 2,
            seed: 1,
            seats: 3,
            mode: String::new(),
            custom: String::new(),
        };
        let names: Vec<String> = ["Wisp", "Kite", "Oak"].iter().map(|s| s.to_string()).collect();
        let seat = |held: &[u16], half_points| SeatResult { held: held.to_vec(), half_points, dealt: !held.is_empty() };
        // Game 0: Wisp wins. Game 1: Oak and Kite share first place; the first seat (Kite)
        // holds two entries, Wisp and Kite; the second seat holds nothing.
        let played = [
            Played { seats: vec![seat(&[0], 2), seat(&[1], 0), seat(&[2], 0)], ..game(0, 0, 2, 3) },
            Played { seats: vec![seat(&[1, 0], 1), seat(&[], 0), seat(&[2], 1)], ..game(0, 1, 1, 5) },
        ];
        let played = played.map(|p| Played { first_side_first: true, ..p });
        let r = Report::new(&plan, &names, &played);
        // Wisp: a win and a shared first: 3 of 4 half points.
        assert_eq!(r.overall[0].share, 0.75);
        assert_eq!((r.overall[1].share, r.overall[1].games), (0.25, 2));
        // The five seats that held something: 4 half points of 10.
        assert!((r.baseline - 0.4).abs() < 1e-12);
        assert_eq!(r.first_seat.share, 0.75);
        // The first seat was dealt entries in both games, as four other seats were: it is
        // measured against those five, 4 half points of 10.
        assert!((r.first_seat_baseline - 0.4).abs() < 1e-12);
        assert_eq!(r.draws, 1, "the shared first place is a draw");
        assert!(r.notes[0].starts_with("Surest strong: Wisp, whose holders scored 75%"), "{:?}", r.notes);
        assert!(r.csv().contains("Kite,2,0.2500"), "{}", r.csv());
        assert!(r.text().contains("the average seat: 0.400"), "{}", r.text());
        assert!(r.markdown().starts_with("| held | times | its seats won |\n|---|---|---|\n| Wisp | 2 | 75% ("), "{}", r.markdown());
    }

    #[test]
    fn an_empty_run_reports_nothing_played() {
        let plan = Plan {
            kind: LabKind::Matchups,
            sides: vec![0, 1, 2],
            levels: [Level::Easy; 2],
            games: 2,
            seed: 1,
            seats: 2,
            mode: String::new(),
            custom: String::new(),
        };
        let r = Report::new(&plan, &["a".into(), "b".into(), "c".into()], &[]);
        assert_eq!((r.games, r.lengths.len(), r.notes.len()), (0, 0, 0));
    }
}
