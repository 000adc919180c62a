use super::*;
use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{Game, Rng, Seat};

fn setups() -> Vec<Setup> {
    (0..40u64)
        .map(|i| {
            let pilots = 1 + (i as usize % 4);
            let conflict = if i % 3 == 0 {
                Conflict::Gambit { pilot: (i % pilots as u64) as u8, specialty: i % 2 == 0 }
            } else {
                Conflict::Throwdown { challenger: (i % (pilots as u64 + 1)) as u8, stakes: "Win".into(), threats: vec![0] }
            };
            Setup::sample(pilots, conflict, i)
        })
        .collect()
}

#[test]
fn fusion_passes_the_conformance_suite_at_two_to_five_seats() {
    let report = check_game::<Fusion>(&setups(), &Config { games: 2_000, ..Config::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.private_events > 0, "{report:?}");
}

/// Plays `setup` at random to the end, calling `each` on every position on the way.
fn play_out(setup: &Setup, seed: u64, mut each: impl FnMut(&Fusion)) -> Fusion {
    let mut state = Fusion::from_setup(setup).unwrap();
    let mut rng = Rng::new(seed);
    let mut steps = 0;
    while state.outcome().is_none() {
        each(&state);
        let joint = dojo_engine::joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).expect("someone can act");
        dojo_engine::apply(&mut state, &joint).unwrap();
        steps += 1;
        assert!(steps < 5_000, "a conflict that never ends");
    }
    state
}

#[test]
fn a_shared_device_can_always_resume_from_every_seats_view() {
    let mut rng = Rng::new(3);
    for (i, setup) in setups().iter().enumerate().take(24) {
        play_out(setup, i as u64, |state| {
            let views: Vec<FusionView> = Seat::all(state.seat_count()).map(|s| state.view_for(s)).collect();
            let dealt = Fusion::determinize_table(&views, &mut rng).unwrap_or_else(|| panic!("setup {i}: no table from {views:?}"));
            for (s, view) in views.iter().enumerate() {
                assert_eq!(dealt.view_for(Seat(s as u8)), *view);
            }
        });
    }
}

#[test]
fn an_evening_plays_every_conflict_and_the_side_with_more_wins_takes_it() {
    let mut setup = Setup::quick(3, Conflict::Gambit { pilot: 1, specialty: false }, 11);
    setup.then = vec![
        Conflict::Throwdown { challenger: 0, stakes: "The gate".into(), threats: vec![0] },
        Conflict::Throwdown { challenger: 3, stakes: "The bridge".into(), threats: vec![0] },
    ];
    for seed in 0..30 {
        let end = play_out(&setup, seed, |_| {});
        assert_eq!(end.results().len(), 3);
        let outcome = end.outcome().unwrap();
        let won = |side| end.results().iter().filter(|r| **r == Some(side)).count();
        let (pilots, coach) = (won(throwdown::Part::Pilots), won(throwdown::Part::Coach));
        assert_eq!(outcome.is_win_for(Seat(0)), pilots > coach);
        assert_eq!(outcome.is_win_for(Seat(3)), coach > pilots);
        assert_eq!(outcome.is_draw(), pilots == coach);
    }
}
