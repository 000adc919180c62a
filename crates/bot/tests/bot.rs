//! The bot on games whose right answers are known, and its promise to read only its view.

use dojo_bot::{Level, Policy, SearchConfig, SearchHints, play_match, play_match_within, search, search_explained};
use dojo_engine::{Game, Joint, Observer, Outcome, PerSeat, Rng, Seat};
use dojo_games::punish::{Options, Punish, Setup};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One-shot matrix game: both seats pick a row/column; payoffs to seat 0 from `table`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Matrix {
    table: Vec<Vec<f64>>,
    result: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
struct Never;
impl fmt::Display for Never {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("never")
    }
}

impl Game for Matrix {
    type Setup = Vec<Vec<f64>>;
    type SetupError = Never;
    type Action = usize;
    type Decision = ();
    type Reason = Never;
    type Event = ();
    type View = Matrix;
    const NAME: &'static str = "matrix";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
    fn from_setup(table: &Vec<Vec<f64>>) -> Result<Self, Never> {
        Ok(Matrix { table: table.clone(), result: None })
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn decision(&self, _: Seat) -> Option<()> {
        self.result.is_none().then_some(())
    }
    fn legal_actions(&self, seat: Seat) -> Vec<usize> {
        if self.result.is_some() {
            return vec![];
        }
        if seat == Seat(0) { (0..self.table.len()).collect() } else { (0..self.table[0].len()).collect() }
    }
    fn check(&self, seat: Seat, a: &usize) -> Result<(), Never> {
        if self.legal_actions(seat).contains(a) { Ok(()) } else { Err(Never) }
    }
    fn resolve(&mut self, j: &Joint<usize>) -> Vec<()> {
        self.result = Some(self.table[j.0[0].unwrap()][j.0[1].unwrap()]);
        vec![]
    }
    fn view(&self, _: Observer) -> Matrix {
        self.clone()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.result.map(|r| {
            if r > 0.5 {
                Outcome::winner(Seat(0), Seat::all(2))
            } else if r < 0.5 {
                Outcome::winner(Seat(1), Seat::all(2))
            } else {
                Outcome::draw(Seat::all(2))
            }
        })
    }
    fn determinize(v: &Matrix, _: &mut Rng) -> Self {
        v.clone()
    }
    fn resample_hidden(&self, _: Observer, _: &mut Rng) -> Self {
        self.clone()
    }
}

impl SearchHints for Matrix {
    fn search_payoff(&self, _: &Self) -> Option<PerSeat<f64>> {
        self.result.map(|r| PerSeat(vec![r, 1.0 - r]))
    }
}

fn self_play(iterations: usize) -> SearchConfig {
    SearchConfig { iterations, ..SearchConfig::default() }
}

#[test]
fn rock_paper_scissors_is_played_close_to_uniformly() {
    let rps = vec![vec![0.5, 0.0, 1.0], vec![1.0, 0.5, 0.0], vec![0.0, 1.0, 0.5]];
    let game = Matrix::from_setup(&rps).unwrap();
    let s = search::<Matrix>(&game.view_for(Seat(0)), Seat(0), &self_play(20_000), &mut Rng::new(1));
    for (action, p) in &s.weights {
        assert!((p - 1.0 / 3.0).abs() < 0.08, "action {action} has probability {p}: {s:?}");
    }
}

#[test]
fn a_dominant_row_is_found_and_a_mixed_equilibrium_is_mixed() {
    // Row 1 beats row 0 whatever the column.
    let dominant = vec![vec![0.2, 0.4], vec![0.6, 0.9]];
    let s = search::<Matrix>(&Matrix::from_setup(&dominant).unwrap().view_for(Seat(0)), Seat(0), &self_play(5_000), &mut Rng::new(2));
    assert_eq!(s.most_likely(), 1);
    assert!(s.weights[0].1 > 0.9, "{s:?}");
    // Matching pennies with unequal stakes: the row player's equilibrium is (1/3, 2/3).
    let pennies = vec![vec![1.0, 0.0], vec![0.0, 0.5]];
    let s = search::<Matrix>(&Matrix::from_setup(&pennies).unwrap().view_for(Seat(0)), Seat(0), &self_play(30_000), &mut Rng::new(3));
    let p0 = s.weights.iter().find(|(a, _)| *a == 0).unwrap().1;
    assert!((p0 - 1.0 / 3.0).abs() < 0.1, "{s:?}");
}

#[test]
fn the_search_says_what_it_expected_of_the_other_seat_and_what_each_choice_left_it() {
    // Column 1 is dominated for the column player (it always gives the row player more): the
    // search expects column 0 most, and expects to do better when column 1 is chosen.
    let table = vec![vec![0.3, 0.9], vec![0.2, 0.8]];
    let game = Matrix::from_setup(&table).unwrap();
    let explained = search_explained::<Matrix>(&game.view_for(Seat(0)), Seat(0), &self_play(5_000), &mut Rng::new(4));
    assert_eq!(
        explained.strategy,
        search::<Matrix>(&game.view_for(Seat(0)), Seat(0), &self_play(5_000), &mut Rng::new(4)),
        "explaining changes nothing"
    );
    let [(seat, expected)] = explained.others.as_slice() else { panic!("one other seat: {explained:?}") };
    assert_eq!(*seat, Seat(1));
    let mut expected = expected.clone();
    expected.sort_by_key(|e| e.action);
    assert_eq!(expected.iter().map(|e| e.action).collect::<Vec<_>>(), vec![0, 1], "both columns expected: {expected:?}");
    assert!(expected[0].share > 0.8, "{expected:?}");
    assert!((expected.iter().map(|e| e.share).sum::<f64>() - 1.0).abs() < 1e-9);
    // Against column 0 the row player scores at most 0.3; against column 1 at least 0.8.
    assert!(expected[0].payoff < 0.35 && expected[1].payoff > 0.75, "{expected:?}");
}

#[test]
fn the_bot_decides_from_its_view_alone() {
    // Two true states that differ only in what Player 1 cannot see give the same decision.
    let state = Punish::from_setup(&Setup::deal(11, Options::default())).unwrap();
    let other = state.resample_hidden(Observer::Seat(Seat(0)), &mut Rng::new(99));
    assert_ne!(state, other, "the opponent's hand and the deck were re-drawn");
    assert_eq!(state.view_for(Seat(0)), other.view_for(Seat(0)));
    let config = Level::Medium.search_config();
    let a = search::<Punish>(&state.view_for(Seat(0)), Seat(0), &config, &mut Rng::new(5));
    let b = search::<Punish>(&other.view_for(Seat(0)), Seat(0), &config, &mut Rng::new(5));
    assert_eq!(a, b);
}

#[test]
fn the_easy_bot_already_beats_random_play_more_often_than_not() {
    let mut wins = 0.0;
    let matches = 40;
    for m in 0..matches {
        let mut rng = Rng::new(m);
        let setup = Setup::deal(m, Options::default());
        let (policies, bot) =
            if m % 2 == 0 { ([Policy::Bot(Level::Easy), Policy::Random], 0) } else { ([Policy::Random, Policy::Bot(Level::Easy)], 1) };
        wins += play_match::<Punish>(&setup, &policies, &mut rng).unwrap().payoff(2).0[bot];
    }
    assert!(wins / matches as f64 > 0.55, "easy bot won {wins} of {matches}");
}

#[test]
fn a_match_cut_short_reports_that_it_did_not_end() {
    let setup = Setup::deal(3, Options::default());
    let policies = [Policy::Random, Policy::Random];
    assert_eq!(play_match_within::<Punish>(&setup, &policies, &mut Rng::new(3), 1), Ok(None));
    let whole = play_match_within::<Punish>(&setup, &policies, &mut Rng::new(3), 100_000).unwrap();
    assert_eq!(whole, Some(play_match::<Punish>(&setup, &policies, &mut Rng::new(3)).unwrap()));
}

/// Clock readings taken by [`ticking_clock`], which moves one millisecond per reading.
static READINGS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn ticking_clock() -> f64 {
    READINGS.fetch_add(1, std::sync::atomic::Ordering::SeqCst) as f64
}

#[test]
fn a_time_budget_stops_the_search_early_and_no_budget_never_reads_a_clock() {
    use dojo_bot::TimeBudget;
    use std::sync::atomic::Ordering::SeqCst;
    let state = Punish::from_setup(&Setup::deal(11, Options::default())).unwrap();
    let view = state.view_for(Seat(0));
    // Without a budget the search runs every iteration and never asks the time.
    READINGS.store(0, SeqCst);
    let full = search::<Punish>(&view, Seat(0), &self_play(2_000), &mut Rng::new(5));
    assert_eq!(READINGS.load(SeqCst), 0);
    // A budget the clock has already spent after two readings stops at the first look after
    // the minimum: the start, then one look.
    let cut = SearchConfig { budget: Some(TimeBudget { now: ticking_clock, ms: 1.0 }), ..self_play(2_000) };
    let short = search::<Punish>(&view, Seat(0), &cut, &mut Rng::new(5));
    assert_eq!(READINGS.load(SeqCst), 2, "one reading to start, one to stop");
    assert_eq!(short.weights.len(), full.weights.len(), "still a strategy over every legal action");
    assert_ne!(short, full, "a few dozen simulations do not give the full search's answer");
    // A budget never reached looks at the clock every few simulations and changes nothing.
    READINGS.store(0, SeqCst);
    let roomy = SearchConfig { budget: Some(TimeBudget { now: ticking_clock, ms: 1e9 }), ..self_play(2_000) };
    assert_eq!(search::<Punish>(&view, Seat(0), &roomy, &mut Rng::new(5)), full);
    assert!(READINGS.load(SeqCst) > 100, "the clock was read along the way");
}
