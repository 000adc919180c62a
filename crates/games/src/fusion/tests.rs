use super::*;
use super::{cards, deck};
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

/// A one-pilot Throwdown at the Coach's first turn, the Coach holding one Active Omen and the
/// table one Escalation Event.
fn coach_to_move() -> Fusion {
    let mut setup = Setup::sample(1, Conflict::Throwdown { challenger: 0, stakes: "The gate".into(), threats: vec![0] }, 2);
    setup.stashes =
        vec![vec!["9C".to_string().try_into().unwrap(), "3D".to_string().try_into().unwrap(), "4H".to_string().try_into().unwrap()]];
    setup.deck_top = ["2C", "6S", "7S", "JD", "QD", "KD", "8C"].map(|c| c.to_string().try_into().unwrap()).to_vec();
    setup.table.escalations = vec!["The lights go out".into()];
    let mut state = Fusion::from_setup(&setup).unwrap();
    let card = |c: &str| cards::Card::try_from(c.to_string()).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::Lay(card("9C"))), None])).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(Action::LayBlind)])).unwrap();
    assert_eq!(state.phase(), Phase::Turn(1), "the Coach, on Aiko's left, starts");
    let (deck, jokers) = deck::Deck::from_order(vec![deck::DeckCard::Card(card("5C")), deck::DeckCard::Joker], Vec::new());
    assert_eq!(jokers, 1);
    state.deck = deck;
    state
}

/// Joint actions written as a list of slots.
struct PerSeatJoint;

impl PerSeatJoint {
    fn of(slots: &[Option<Action>]) -> dojo_engine::Joint<Action> {
        dojo_engine::PerSeat(slots.to_vec())
    }
}

#[test]
fn the_coach_spends_an_omen_once_a_turn_and_the_tables_escalation_is_told() {
    let mut state = coach_to_move();
    assert!(state.legal_actions(Seat(1)).contains(&Action::SpendOmen));
    let events = dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(Action::SpendOmen)])).unwrap();
    assert!(events.contains(&Event::OmenSpent { number: 1, text: Some("The lights go out".into()) }), "{events:?}");
    assert_eq!((state.deck().active_omens(), state.deck().spent_omens()), (0, 1));
    assert!(!state.legal_actions(Seat(1)).contains(&Action::SpendOmen), "no Omen left, and once a turn anyway");
    assert_eq!(state.check(Seat(1), &Action::SpendOmen), Err(Refusal::NoOmen));
    assert_eq!(state.check(Seat(0), &Action::Fold), Err(Refusal::NotNow(Decision::Turn)), "not Aiko's turn");
}

#[test]
fn gear_is_activated_or_sacrificed_once_and_a_sacrificed_rally_lands_at_once() {
    let mut state = coach_to_move();
    let jack = cards::Card::try_from("JD".to_string()).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(Action::Push(jack))])).unwrap();
    assert_eq!(state.phase(), Phase::Turn(0), "the Coach Pushed the Jack within his range of 2; Aiko's turn");
    let harmony = state.standing().harmony;
    assert!(state.legal_actions(Seat(0)).contains(&Action::Activate(0)));
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::Sacrifice(0)), None])).unwrap();
    assert_eq!(state.standing().harmony, harmony + 1, "the Booster's +Rally is not damage: it lands at once");
    assert!(state.standing().pilots[0].gear.is_empty(), "a Sacrificed Gear is gone");
    assert_eq!(state.check(Seat(0), &Action::Activate(0)), Err(Refusal::NoSuchThing));
}
