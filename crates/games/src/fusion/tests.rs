use super::micro::Target;
use super::payload::Buy;
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

/// The audit's refusal: the Coach challenges and every pilot declines, so the pilots are the
/// losers (notes `#throwdown-start`). A Club he spends as +Trauma must land on a pilot who
/// declined, and she may soak it with a Buffer; it used to land on nobody.
#[test]
fn a_club_spent_on_pilots_who_declined_the_coachs_challenge_lands_on_one_of_them() {
    let card = |c: &str| cards::Card::try_from(c.to_string()).unwrap();
    // The Coach's challenge is the Deck's top card, laid blind as the conflict starts.
    let mut state = refused_coach_challenge("9C");
    assert!(state.legal_actions(Seat(2)).contains(&Action::Spend(card("9C"), Buy::Harm)), "{:?}", state.legal_actions(Seat(2)));
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, None, Some(Action::Spend(card("9C"), Buy::Harm))])).unwrap();
    if state.decision(Seat(2)) == Some(Decision::Spoils) {
        dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, None, Some(Action::StopSpending)])).unwrap();
    }
    // The pilots' leader (the first pilot, as no pilot laid a card) aims the +Trauma.
    assert_eq!(
        state.decision(Seat(0)),
        Some(Decision::Aim),
        "the Trauma needs a target among the pilots: {:?} {:?}",
        state.phase(),
        (0..3).map(|s| state.decision(Seat(s))).collect::<Vec<_>>()
    );
    let aims = state.legal_actions(Seat(0));
    assert_eq!(aims, vec![Action::Aim(Target::Pilot(0)), Action::Aim(Target::Pilot(1))], "both pilots declined");
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::Aim(Target::Pilot(1))), None, None])).unwrap();
    assert_eq!(state.decision(Seat(1)), Some(Decision::Soak), "Bea may spend a Buffer on it");
    let buffers = state.standing().pilots[1].buffers;
    let soak = state.legal_actions(Seat(1)).into_iter().find(|a| matches!(a, Action::Soak(c) if c.buffer)).expect("a Buffer to spend");
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(soak), None])).unwrap();
    assert_eq!(state.standing().pilots[1].buffers, buffers - 1, "the Buffer soaked the Trauma");
}

/// The audit's Gambit: after "No, and…" the pilot's +Chargeup arrives at once (notes
/// `#gambit`), so while the Coach names the negatives every view already shows it. It used to
/// wait until he had named them.
#[test]
fn no_and_charges_the_pilot_before_the_coach_names_the_negatives() {
    use super::gambit::Outcome;
    let card = |c: &str| cards::Card::try_from(c.to_string()).unwrap();
    let mut setup = Setup::sample(1, Conflict::Gambit { pilot: 0, specialty: false }, 5);
    setup.stashes = vec![vec![card("2C"), card("3D"), card("4H")]];
    setup.deck_top = vec![card("KS"), card("8H"), card("9H")];
    let mut state = Fusion::from_setup(&setup).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::Take), None])).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::Play(card("2C"))), None])).unwrap();
    let before = state.standing().pilots[0].charges;
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::Pick(Outcome::NoAnd)), None])).unwrap();
    assert_eq!(state.decision(Seat(1)), Some(Decision::Consequence), "the Coach names the negative");
    assert_eq!(state.standing().pilots[0].charges, before + 1, "the Charge came at once");
    for seat in Seat::all(2) {
        assert_eq!(state.view_for(seat).table.standing().pilots[0].charges, before + 1, "{seat} sees it");
    }
    let negative = state.legal_actions(Seat(1)).into_iter().next().expect("a negative to name");
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(negative)])).unwrap();
    assert!(state.standing().pilots[0].charges <= before + 1, "and it comes only once");
}

/// Drop and draw when the Deck runs out (notes `#resolution`): the Coach drops his Stash
/// before any pilot draws, so when the Deck runs dry during the draws, his cards are in the
/// Trash that is shuffled in, and the pilot draws up to her maximum.
#[test]
fn the_coach_drops_his_stash_before_the_pilots_draw_so_a_dry_deck_reshuffles_it_in() {
    let mut state = coach_to_move();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(Action::Fold)])).unwrap();
    assert_eq!(state.decision(Seat(0)), Some(Decision::Spoils), "nobody opposes Aiko: she wins");
    let coach_cards = state.fight.as_ref().unwrap().folded_stash[1].clone();
    assert!(!coach_cards.is_empty(), "the Coach folded a Stash");
    // Aiko holds one card, and the Deck and the Trash are empty.
    state.stashes[0].truncate(1);
    state.deck = deck::Deck::from_order(Vec::new(), Vec::new()).0;
    let mut events = dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::StopSpending), None])).unwrap();
    // Damage in the Payloads lands first, each choice the first offered.
    while state.phase() == Phase::Landing {
        let joint = dojo_engine::joint_from(&state, |_, legal| legal[0].clone()).unwrap();
        events.extend(dojo_engine::apply(&mut state, &joint).unwrap());
    }
    let dropped = events
        .iter()
        .position(|e| matches!(e, Event::Discarded { seat: Seat(1), .. }))
        .unwrap_or_else(|| panic!("the Coach drops his Stash: {events:?} {:?}", state.phase()));
    let reshuffled = events.iter().position(|e| matches!(e, Event::Reshuffled { .. })).expect("the dry Deck takes the Trash");
    let Event::Reshuffled { cards, jokers: 0 } = &events[reshuffled] else { panic!("no Jokers go back in: {events:?}") };
    let Event::Discarded { cards: dropped_cards, whole: true, .. } = &events[dropped] else { panic!("the whole Stash") };
    assert!(dropped_cards.iter().all(|c| cards.contains(c)), "the Coach's dropped cards are in the Trash shuffled in: {events:?}");
    assert!(dropped < reshuffled, "{events:?}");
    assert_eq!(state.stashes[0].len(), usize::from(state.standing().pilots[0].stash_max), "Aiko draws up to her maximum");
}

/// A Coach's challenge every pilot declines, his blind card `blind`: the state as he is about
/// to spend it.
fn refused_coach_challenge(blind: &str) -> Fusion {
    let card = |c: &str| cards::Card::try_from(c.to_string()).unwrap();
    let mut setup = Setup::sample(2, Conflict::Throwdown { challenger: 2, stakes: "The gate".into(), threats: vec![0] }, 4);
    setup.stashes = vec![vec![card("2D"), card("3D"), card("4D")], vec![card("5D"), card("6D"), card("7D")]];
    setup.deck_top = vec![card(blind), card("8H")];
    let mut state = Fusion::from_setup(&setup).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[Some(Action::SitOut), None, None])).unwrap();
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, Some(Action::SitOut), None])).unwrap();
    assert_eq!(state.decision(Seat(2)), Some(Decision::Spoils));
    state
}

/// The audit's refusals: a Heart with nothing to restore, and a concession that cannot be
/// taken, were both refused as "no such damage left to cancel". Each now has its own reason.
#[test]
fn a_heart_with_nothing_to_mend_and_a_concession_not_on_offer_are_refused_for_their_own_reasons() {
    use super::payload::SpendError;
    let card = |c: &str| cards::Card::try_from(c.to_string()).unwrap();
    let state = refused_coach_challenge("9H");
    let heart = Action::Spend(card("9H"), Buy::Mend(Target::Threat(0)));
    assert_eq!(state.check(Seat(2), &heart), Err(Refusal::Spend(SpendError::NothingToMend)), "the Threat has every Buffer");
    assert_eq!(Refusal::Spend(SpendError::NothingToMend).to_string(), "there is no spent Buffer there to bring back");
    let mut state = refused_coach_challenge("9S");
    dojo_engine::apply(&mut state, &PerSeatJoint::of(&[None, None, Some(Action::Spend(card("9S"), Buy::Harm))])).unwrap();
    assert_eq!(state.decision(Seat(0)), Some(Decision::Concession), "a Spade owes the losers a concession");
    let mend = Action::Concede(Buy::Mend(Target::Pilot(0)));
    assert_eq!(state.check(Seat(0), &mend), Err(Refusal::Concession(SpendError::NothingToMend)), "Aiko has every Buffer");
    let cancel = Action::Concede(Buy::Cancel(5));
    assert_eq!(state.check(Seat(0), &cancel), Err(Refusal::Concession(SpendError::NothingToCancel)));
    assert!(Refusal::Concession(SpendError::NothingToCancel).to_string().starts_with("the losers cannot take that concession"));
}
