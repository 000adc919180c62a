//! A lab run gives the same figures however its games are spread: in order, backwards, or
//! split between "workers" — what lets the browser and `dojo lab` agree for the same seed.

use dojo_bot::Level;
use dojo_games::dragon_punch::DragonPunch;
use dojo_games::fusion::Fusion;
use dojo_games::punish::Punish;
use dojo_games::registry::{LabAsk, Sampled};
use dojo_games::rumble::Rumble;
use dojo_games::taunt::Taunt;
use dojo_lab::{LabKind, Plan, Report, play};

fn report<G: Sampled>(plan: &Plan, order: impl Fn(Vec<dojo_lab::Job>) -> Vec<dojo_lab::Job>) -> Report {
    let played: Vec<_> = order(plan.jobs()).into_iter().map(|job| play::<G>(plan, job).unwrap()).collect();
    Report::new(plan, &G::sides(), &played)
}

#[test]
fn a_run_reports_the_same_whatever_order_its_games_are_played_in() {
    let plan = Plan {
        kind: LabKind::Matchups,
        sides: vec![0, 1, 2],
        levels: [Level::Easy; 2],
        games: 4,
        seed: 11,
        seats: 2,
        mode: String::new(),
        custom: String::new(),
    };
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
    let plan = Plan {
        kind: LabKind::Matchups,
        sides: vec![0, 1, 2],
        levels: [Level::Easy; 2],
        games: 6,
        seed: 7,
        seats: 2,
        mode: String::new(),
        custom: String::new(),
    };
    let csv = report::<DragonPunch>(&plan, |jobs| jobs).csv();
    assert_eq!(csv, include_str!("../../../tests/e2e/fixtures/lab-dragon-punch.csv"));
}

#[test]
fn taunt_fighters_meet_in_a_lab_run_and_every_game_ends() {
    let plan = Plan {
        kind: LabKind::Matchups,
        sides: vec![0, 3],
        levels: [Level::Easy, Level::Easy],
        games: 6,
        seed: 5,
        seats: 2,
        mode: String::new(),
        custom: String::new(),
    };
    let r = report::<Taunt>(&plan, |jobs| jobs);
    assert_eq!(r.games, 6);
    assert_eq!(r.unfinished, 0);
    assert_eq!(r.names, vec![Taunt::sides()[0].clone(), Taunt::sides()[3].clone()]);
    let shares = r.cells[0][1].unwrap().share + r.cells[1][0].unwrap().share;
    assert!((shares - 1.0).abs() < 1e-12, "the two sides' shares add up to one");
}

/// A plan over every entry `G` offers at `seats`, in the kind it offers there.
fn whole_plan<G: Sampled>(seats: usize, games: u32, seed: u64) -> (Plan, Vec<String>) {
    let offer = G::lab(seats).expect("the game offers a lab at this table");
    let plan = Plan {
        kind: offer.kind,
        sides: (0..offer.entries.len()).collect(),
        levels: [Level::Easy; 2],
        games,
        seed,
        seats,
        mode: String::new(),
        custom: String::new(),
    };
    (plan, offer.entries)
}

fn run<G: Sampled>(plan: &Plan, names: &[String]) -> Report {
    let played: Vec<_> = plan.jobs().into_iter().map(|job| play::<G>(plan, job).unwrap()).collect();
    Report::new(plan, names, &played)
}

#[test]
fn punish_options_are_compared_as_variants_each_played_in_turn() {
    let (plan, names) = whole_plan::<Punish>(2, 2, 3);
    assert_eq!(plan.kind, LabKind::Variants);
    assert!(names.contains(&"Blindfolded".to_string()) && names.contains(&"Blitz".to_string()));
    let r = run::<Punish>(&plan, &names);
    assert_eq!(r.games, 2 * names.len() as u32);
    assert_eq!(r.unfinished, 0, "every PUNISH game ends");
    assert!(r.variants.iter().all(|v| v.mean_length > 0.0));
    // Blitz measures have three breaths, so its games are not longer than… nothing to say on
    // two games; but the one-heart variant cannot outlast the five-heart one by much: check
    // only that each variant was played twice.
    assert!(r.overall.iter().all(|rate| rate.games == 2), "{:?}", r.overall);
    assert!(Punish::lab(3).is_none(), "PUNISH is for two");
}

#[test]
fn rumble_powers_are_measured_by_the_heroes_who_won_them() {
    let (plan, names) = whole_plan::<Rumble>(3, 3, 5);
    assert_eq!(plan.kind, LabKind::Holdings);
    let played: Vec<_> = plan.jobs().into_iter().map(|job| play::<Rumble>(&plan, job).unwrap()).collect();
    assert!(played.iter().all(|p| p.seats.len() == 3));
    let held: usize = played.iter().flat_map(|p| &p.seats).map(|s| s.held.len()).sum();
    assert!(held > 0, "heroes win powers in the auction");
    let r = Report::new(&plan, &names, &played);
    assert_eq!(r.overall.iter().map(|rate| rate.games as usize).sum::<usize>(), held, "every power held is counted once");
    assert!(r.baseline > 0.0 && r.baseline < 1.0);
    // A run offering two powers only deals from those two.
    let two = Plan { sides: vec![0, 1], ..plan.clone() };
    for job in two.jobs() {
        for seat in play::<Rumble>(&two, job).unwrap().seats {
            assert!(seat.held.iter().all(|e| *e < 2), "{:?}", seat.held);
        }
    }
}

#[test]
fn fusion_pilot_sheets_face_the_coach_who_holds_none() {
    let (plan, names) = whole_plan::<Fusion>(3, 6, 9);
    assert_eq!(plan.kind, LabKind::Holdings);
    let played: Vec<_> = plan.jobs().into_iter().map(|job| play::<Fusion>(&plan, job).unwrap()).collect();
    for p in &played {
        assert_eq!(p.seats.len(), 3);
        assert!(p.seats[2].held.is_empty(), "the Coach flies no sheet");
        assert_eq!(p.seats[0].half_points, p.seats[1].half_points, "the pilots win or lose together");
    }
    let r = Report::new(&plan, &names, &played);
    // Six games of two pilots, six sheets handed out in turn: each sheet twice, with two
    // different wingmates.
    assert!(r.overall.iter().all(|rate| rate.games == 2), "{:?}", r.overall);
}

#[test]
fn taunt_fighters_at_bigger_tables_fight_last_pobber_and_every_fight_ends() {
    let (plan, names) = whole_plan::<Taunt>(4, 5, 2);
    assert_eq!(plan.kind, LabKind::Holdings);
    let r = run::<Taunt>(&plan, &names);
    assert_eq!(r.unfinished, 0);
    // Five games of four seats, five fighters in turn: each fighter four times.
    assert!(r.overall.iter().all(|rate| rate.games == 4), "{:?}", r.overall);
    assert!((r.baseline - 0.25).abs() < 0.2);
}

#[test]
fn a_dragon_punch_set_from_a_link_is_what_the_lab_plays() {
    let mut set = dojo_games::dragon_punch::set::reconstructed();
    set.characters.truncate(3);
    set.characters[0].name = "Tester".into();
    let piece = set.to_link();
    let offer = DragonPunch::lab_with(LabAsk { mode: "", seats: 2, custom: &piece }).unwrap();
    assert_eq!(offer.entries.len(), 3);
    assert_eq!(offer.entries[0], "Tester");
    let plan = Plan {
        kind: offer.kind,
        sides: vec![0, 2],
        levels: [Level::Easy; 2],
        games: 2,
        seed: 4,
        seats: 2,
        mode: String::new(),
        custom: piece,
    };
    let r = run::<DragonPunch>(&plan, &offer.entries);
    assert_eq!((r.games, r.names[0].as_str()), (2, "Tester"));
    // Each game is set up with the linked set, not ours.
    let table = DragonPunch::lab_setup(1, plan.ask(), &[0, 2]).unwrap();
    assert_eq!(table.setup.set.characters.len(), 3);
    assert!(DragonPunch::lab_with(LabAsk { custom: "1.broken", ..LabAsk::seats(2) }).is_err(), "a damaged set says so");
    assert!(Punish::lab_with(LabAsk { custom: "1.abc", ..LabAsk::seats(2) }).is_err(), "only DRAGON PUNCH reads sets");
}

#[test]
fn taunt_team_fights_count_a_team_win_for_both_fighters_and_fusion_plays_gambits() {
    let plan = Plan {
        kind: LabKind::Holdings,
        sides: vec![0, 1, 2, 3, 4],
        levels: [Level::Easy; 2],
        games: 3,
        seed: 8,
        seats: 4,
        mode: "team".into(),
        custom: String::new(),
    };
    assert_eq!(Taunt::lab_with(plan.ask()).unwrap().kind, LabKind::Holdings);
    assert!(Taunt::lab_with(LabAsk { mode: "team", ..LabAsk::seats(3) }).is_err(), "Team is for four");
    for job in plan.jobs() {
        let p = play::<Taunt>(&plan, job).unwrap();
        assert!(!p.unfinished);
        let winners: Vec<usize> = (0..4).filter(|s| p.seats[*s].half_points == 2).collect();
        assert_eq!(winners.len(), 2, "a team of two wins together: {:?}", p.seats);
    }
    let gambit = Plan { mode: "gambit".into(), seats: 2, ..whole_plan::<Fusion>(2, 4, 1).0 };
    let r = run::<Fusion>(&gambit, &Fusion::lab_with(gambit.ask()).unwrap().entries);
    assert_eq!((r.games, r.unfinished), (4, 0));
    assert!(Fusion::lab_with(LabAsk { mode: "fiat", ..LabAsk::seats(3) }).is_err());
}
