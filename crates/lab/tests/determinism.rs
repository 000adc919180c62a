//! A lab run gives the same figures however its games are spread: in order, backwards, or
//! split between "workers" — what lets the browser and `dojo lab` agree for the same seed.

use dojo_bot::Level;
use dojo_games::dragon_punch::DragonPunch;
use dojo_games::registry::Sampled;
use dojo_games::taunt::Taunt;
use dojo_lab::{Plan, Report, play};

fn report<G: Sampled>(plan: &Plan, order: impl Fn(Vec<dojo_lab::Job>) -> Vec<dojo_lab::Job>) -> Report {
    let played: Vec<_> = order(plan.jobs()).into_iter().map(|job| play::<G>(plan, job).unwrap()).collect();
    Report::new(plan, &G::sides(), &played)
}

#[test]
fn a_run_reports_the_same_whatever_order_its_games_are_played_in() {
    let plan = Plan { sides: vec![0, 1, 2], levels: [Level::Easy; 2], games: 4, seed: 11 };
    let forwards = report::<DragonPunch>(&plan, |jobs| jobs);
    let backwards = report::<DragonPunch>(&plan, |mut jobs| {
        jobs.reverse();
        jobs
    });
    // Two workers taking every other game, their results joined.
    let split = report::<DragonPunch>(&plan, |jobs| {
        let (even, odd): (Vec<_>, Vec<_>) = jobs.into_iter().enumerate().partition(|(i, _)| i % 2 == 0);
        odd.into_iter().chain(even).map(|(_, j)| j).collect()
    });
    assert_eq!(forwards, backwards);
    assert_eq!(forwards, split);
    assert_eq!(forwards.games, 12);
    // Another seed plays other games.
    let other = report::<DragonPunch>(&Plan { seed: 12, ..plan.clone() }, |jobs| jobs);
    assert_ne!(forwards.lengths, other.lengths, "the seed decides the games");
}

/// The run the browser test also plays: both must give exactly these figures.
#[test]
fn the_native_lab_gives_the_figures_the_browser_test_expects() {
    let plan = Plan { sides: vec![0, 1, 2], levels: [Level::Easy; 2], games: 6, seed: 7 };
    let csv = report::<DragonPunch>(&plan, |jobs| jobs).csv();
    assert_eq!(csv, include_str!("../../../tests/e2e/fixtures/lab-dragon-punch.csv"));
}

#[test]
fn taunt_fighters_meet_in_a_lab_run_and_every_game_ends() {
    let plan = Plan { sides: vec![0, 3], levels: [Level::Easy, Level::Easy], games: 6, seed: 5 };
    let r = report::<Taunt>(&plan, |jobs| jobs);
    assert_eq!(r.games, 6);
    assert_eq!(r.unfinished, 0);
    assert_eq!(r.names, vec![Taunt::sides()[0].clone(), Taunt::sides()[3].clone()]);
    let shares = r.cells[0][1].unwrap().share + r.cells[1][0].unwrap().share;
    assert!((shares - 1.0).abs() < 1e-12, "the two sides' shares add up to one");
}
