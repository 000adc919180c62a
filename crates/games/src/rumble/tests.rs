//! Rumble's rules at work: the contract, the worked examples and the auction. Every power's
//! own test is in `power_tests.rs`.

use super::catalog::{self, PowerId};
use super::*;
use crate::registry::{Sampled, Table};
use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{GameRecord, Observer, PerSeat, apply};

/// A joint action from per-seat actions.
pub(super) fn joint(acts: Vec<Option<Act>>) -> dojo_engine::Joint<Act> {
    PerSeat(acts)
}

/// Bids of every seat, one sheet each.
fn bids(sheets: &[&[u16]]) -> dojo_engine::Joint<Act> {
    joint(sheets.iter().map(|b| Some(Act::Bid { bids: b.to_vec(), might_discard: Vec::new() })).collect())
}

#[test]
fn the_rules_worked_examples_play_as_written() {
    for scenario in scenario::rules_examples() {
        scenario.run().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn conformance_suite_passes_for_two_to_eight_heroes() {
    let setups: Vec<Setup> = (2..=8)
        .flat_map(|n| {
            [None, Some("all"), Some("beginner")]
                .into_iter()
                .map(move |mode| Rumble::seeded_setup(n as u64 * 7, Table { seats: n, mode }).unwrap())
        })
        .collect();
    let mut setups = setups;
    // A table with a moderator and typed-in powers of every kind of cost.
    let mut typed = Rumble::seeded_setup(5, Table::of(3)).unwrap();
    typed.seats.push(SeatSetup { name: "Judge".into(), role: Role::Moderator });
    let costs = [Some((CostKind::Spend, None)), Some((CostKind::Burn, Some(5))), Some((CostKind::Drain, Some(10))), None];
    for (i, cost) in costs.into_iter().enumerate() {
        typed.invented.push(Invented {
            author: (i % 3) as u8,
            name: format!("Typed {i}"),
            text: "Whatever the moderator says.".into(),
            kind: if i == 3 { catalog::Kind::Flaw } else { catalog::Kind::Normal },
            cost,
            activate: Some(2),
            exhaust: None,
            targets: i % 2 == 0,
        });
        typed.powers.push(PowerRef::Invented(i as u8));
    }
    setups.extend(std::iter::repeat_n(typed, 6));
    let report = check_game::<Rumble>(&setups, &Config { games: 81, check_every: 3, max_steps: 3000, ..Config::default() })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.games >= 81);
}

#[test]
fn the_highest_bid_wins_and_pays_and_an_all_zero_power_is_discarded() {
    let setup = Setup::heroes(&["A", "B", "C"], vec![PowerId::ToughSkin, PowerId::Flight], 3);
    let mut game = Rumble::from_setup(&setup).unwrap();
    let events = apply(&mut game, &bids(&[&[30, 0], &[20, 0], &[0, 0]])).unwrap();
    assert!(events.contains(&Event::Won { lot: 0, heroes: vec![0], strength: 30 }));
    assert!(events.contains(&Event::NoTaker { lot: 1 }));
    assert_eq!(game.heroes.iter().map(|h| h.energy).collect::<Vec<_>>(), vec![70, 100, 100]);
    assert_eq!(game.heroes[0].powers[0].strength, 30);
    assert_eq!(game.phase, Phase::Allocating);
    assert!(game.auction.is_none(), "no bid outlives the auction");
}

#[test]
fn tied_heroes_rebid_and_the_others_bids_stay_in_the_running() {
    let setup = Setup::heroes(&["A", "B", "C"], vec![PowerId::ToughSkin], 3);
    let mut game = Rumble::from_setup(&setup).unwrap();
    let events = apply(&mut game, &bids(&[&[30], &[30], &[20]])).unwrap();
    assert_eq!(game.phase, Phase::Rebidding);
    assert!(events.contains(&Event::Rebid { heroes: vec![0, 1] }));
    // The tie notice is private to each tied seat.
    let tied: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Tied { .. })).collect();
    assert_eq!(tied.len(), 2);
    assert!(dojo_engine::visible_events::<Rumble>(&events, Observer::Seat(dojo_engine::Seat(2))).all(|e| !matches!(e, Event::Tied { .. })));
    // The tied heroes back down: the third hero's sealed 20 wins.
    assert_eq!(game.decision(dojo_engine::Seat(2)), None);
    let events = apply(&mut game, &joint(vec![Some(Act::Rebid(vec![5])), Some(Act::Rebid(vec![10])), None])).unwrap();
    assert!(events.contains(&Event::Won { lot: 0, heroes: vec![2], strength: 20 }));
    assert_eq!(game.heroes[2].energy, 80);
}

#[test]
fn the_table_sees_only_who_bids_again_and_each_tied_hero_only_its_own_ties() {
    let setup = Setup::heroes(&["A", "B", "C", "D"], vec![PowerId::ToughSkin, PowerId::Flight], 3);
    // A ties with B on Tough Skin and C with D on Flight; then A with C, and B with D.
    let mut pairs = Rumble::from_setup(&setup).unwrap();
    let events = apply(&mut pairs, &bids(&[&[30, 0], &[30, 0], &[0, 20], &[0, 20]])).unwrap();
    let mut crossed = Rumble::from_setup(&setup).unwrap();
    apply(&mut crossed, &bids(&[&[30, 0], &[0, 20], &[30, 0], &[0, 20]])).unwrap();
    // Who bids again is public (everyone sees who decides); which power tied is not.
    let public: Vec<&Event> = dojo_engine::visible_events::<Rumble>(&events, Observer::Public).collect();
    assert_eq!(public, vec![&Event::BidsIn, &Event::Rebid { heroes: vec![0, 1, 2, 3] }]);
    assert_eq!(pairs.public_view(), crossed.public_view(), "the public view does not show who tied where");
    assert_eq!(pairs.view_for(dojo_engine::Seat(0)), crossed.view_for(dojo_engine::Seat(0)), "A does not learn who tied with it");
    let auction = |g: &Rumble, seat: u8| g.view_for(dojo_engine::Seat(seat)).table.auction.unwrap();
    assert_eq!(auction(&pairs, 0).rebids, vec![(0, vec![0])]);
    assert_eq!(auction(&pairs, 3).rebids, vec![(1, vec![3])]);
    assert_eq!(pairs.public_view().table.auction.unwrap().rebidding, vec![0, 1, 2, 3]);
    // The decision names the hero only; its powers are in the hero's own view.
    assert_eq!(pairs.decision(dojo_engine::Seat(2)), Some(Decision::Rebid { hero: 2 }));
    assert_eq!(pairs.view_for(dojo_engine::Seat(2)).table.rebid_lots(2), vec![1]);
    // The private notices go to the tied seats alone.
    for seat in 0..4 {
        let told: Vec<&Event> = dojo_engine::visible_events::<Rumble>(&events, Observer::Seat(dojo_engine::Seat(seat)))
            .filter(|e| matches!(e, Event::Tied { .. }))
            .collect();
        assert_eq!(told.len(), 1);
        assert!(matches!(told[0], Event::Tied { hero, .. } if *hero == seat));
    }
    let events = apply(&mut pairs, &joint((0..4).map(|_| Some(Act::Rebid(vec![0]))).collect())).unwrap();
    assert!(events.contains(&Event::NoTaker { lot: 0 }) && events.contains(&Event::NoTaker { lot: 1 }));
}

#[test]
fn a_flaw_goes_free_to_the_lowest_bids_and_everyone_else_pays() {
    let mut setup = Setup::heroes(&["A", "B", "C"], vec![], 3);
    setup.seats.push(SeatSetup { name: "Mod".into(), role: Role::Moderator });
    setup.invented = vec![Invented {
        author: 0,
        name: "Glass Jaw".into(),
        text: "Take 5 more from every Attack.".into(),
        kind: catalog::Kind::Flaw,
        cost: None,
        activate: None,
        exhaust: None,
        targets: false,
    }];
    setup.powers = vec![PowerRef::Invented(0)];
    let mut game = Rumble::from_setup(&setup).unwrap();
    let mut sheet = bids(&[&[5], &[5], &[12]]);
    sheet.0.push(None);
    let events = apply(&mut game, &sheet).unwrap();
    // The lowest bid is the Flaw's Power Strength, on every copy (notes: flaws).
    assert!(events.contains(&Event::Won { lot: 0, heroes: vec![0, 1], strength: 5 }));
    assert_eq!(game.heroes.iter().map(|h| h.energy).collect::<Vec<_>>(), vec![100, 100, 88]);
    assert_eq!(game.heroes[0].powers.len() + game.heroes[1].powers.len(), 2, "each tied low bidder gets a copy");
    assert_eq!((game.heroes[0].powers[0].strength, game.heroes[1].powers[0].strength), (5, 5));
}

#[test]
fn overbidding_knocks_a_hero_out_before_round_one() {
    let setup = Setup::heroes(&["A", "B", "C"], vec![PowerId::ToughSkin, PowerId::Flight], 3);
    let mut game = Rumble::from_setup(&setup).unwrap();
    let events = apply(&mut game, &bids(&[&[60, 50], &[0, 0], &[0, 0]])).unwrap();
    assert!(events.contains(&Event::Out(vec![0])));
    assert!(game.heroes[0].powers.is_empty());
    assert_eq!(game.round, 1);
}

#[test]
fn might_discard_flags_open_a_settling_step_and_flaws_and_curses_stay() {
    let setup = Setup::heroes(&["A", "B"], vec![PowerId::ToughSkin, PowerId::Psuedonite], 3);
    let mut game = Rumble::from_setup(&setup).unwrap();
    let sheet = joint(vec![
        Some(Act::Bid { bids: vec![10, 10], might_discard: vec![1] }),
        Some(Act::Bid { bids: vec![0, 0], might_discard: vec![] }),
    ]);
    let events = apply(&mut game, &sheet).unwrap();
    assert!(events.contains(&Event::MightDiscard(vec![0])));
    assert_eq!(game.phase, Phase::Settling);
    assert_eq!(game.decision(dojo_engine::Seat(1)), None);
    apply(&mut game, &joint(vec![Some(Act::Settle { discard: vec![1], expert: None }), None])).unwrap();
    assert_eq!(game.heroes[0].powers.len(), 1);
    assert!(game.heroes[0].has(PowerId::ToughSkin));
    assert_eq!(game.phase, Phase::Allocating);
}

#[test]
fn a_sealed_record_holds_no_losing_bid_and_replays_to_the_same_end() {
    let setup = Rumble::seeded_setup(11, Table { seats: 4, mode: Some("beginner") }).unwrap();
    let mut rng = dojo_engine::Rng::new(5);
    let mut game = Rumble::from_setup(&setup).unwrap();
    let mut record = GameRecord::<Rumble>::new(setup);
    while game.outcome().is_none() && record.actions.len() < 400 {
        let j = dojo_engine::joint_from(&game, |_, legal| legal[rng.below(legal.len())].clone()).unwrap();
        apply(&mut game, &j).unwrap();
        record.actions.push(j);
    }
    let sealed = sealed_record(&record).unwrap();
    let json = serde_json::to_string(&sealed).unwrap();
    assert!(!json.contains("\"Bid\"") && !json.contains("\"Rebid\""), "a sealed record holds no bid sheet");
    let replayed = sealed.replay().unwrap();
    assert_eq!(replayed.outcome(), game.outcome());
    assert_eq!(replayed.heroes.iter().map(|h| h.energy).collect::<Vec<_>>(), game.heroes.iter().map(|h| h.energy).collect::<Vec<_>>());
}

#[test]
fn heroes_who_fall_in_the_same_round_share_their_place() {
    let setup = Setup {
        start: Start::Settled(vec![
            SettledHero { name: "A".into(), seat: 0, energy: 10, powers: vec![], sidekick: false, out: false },
            SettledHero { name: "B".into(), seat: 1, energy: 10, powers: vec![], sidekick: false, out: false },
        ]),
        ..Setup::heroes(&["A", "B"], vec![], 1)
    };
    let mut game = Rumble::from_setup(&setup).unwrap();
    let attack = |t: u8| Some(Act::Allocate(vec![Allocation { defense: 0, attacks: vec![(t, 10)], ..Allocation::default() }]));
    apply(&mut game, &joint(vec![attack(1), attack(0)])).unwrap();
    let outcome = game.outcome().expect("both fell");
    assert!(outcome.is_draw(), "{outcome:?}");
}

#[test]
fn an_illegal_allocation_is_refused_and_changes_nothing() {
    let setup = Rumble::seeded_setup(2, Table::of(3)).unwrap();
    let setup = Setup { start: Start::Settled(Rumble::from_setup(&setup).unwrap().snapshot()), ..setup };
    let mut game = Rumble::from_setup(&setup).unwrap();
    let before = game.clone();
    let too_much = Some(Act::Allocate(vec![Allocation { defense: 90, attacks: vec![(1, 20)], ..Allocation::default() }]));
    let ok = Some(Act::Allocate(vec![Allocation { defense: 10, ..Allocation::default() }]));
    assert!(apply(&mut game, &joint(vec![too_much, ok.clone(), ok.clone()])).is_err());
    let self_attack = Some(Act::Allocate(vec![Allocation { defense: 0, attacks: vec![(0, 20)], ..Allocation::default() }]));
    assert!(apply(&mut game, &joint(vec![self_attack, ok.clone(), ok])).is_err());
    assert_eq!(game, before);
}

#[test]
fn after_the_round_limit_places_go_by_energy() {
    let setup = Setup {
        start: Start::Settled(vec![
            SettledHero { name: "A".into(), seat: 0, energy: 50, powers: vec![], sidekick: false, out: false },
            SettledHero { name: "B".into(), seat: 1, energy: 60, powers: vec![], sidekick: false, out: false },
            SettledHero { name: "C".into(), seat: 2, energy: 60, powers: vec![], sidekick: false, out: false },
        ]),
        round_limit: 2,
        ..Setup::heroes(&["A", "B", "C"], vec![], 1)
    };
    let mut game = Rumble::from_setup(&setup).unwrap();
    let defend = || Some(Act::Allocate(vec![Allocation { defense: 40, ..Allocation::default() }]));
    apply(&mut game, &joint(vec![defend(), defend(), defend()])).unwrap();
    assert!(game.outcome().is_none());
    apply(&mut game, &joint(vec![defend(), defend(), defend()])).unwrap();
    let outcome = game.outcome().expect("time is up");
    assert_eq!(outcome.places, vec![vec![dojo_engine::Seat(1), dojo_engine::Seat(2)], vec![dojo_engine::Seat(0)]]);
}

#[test]
fn every_view_of_a_rebid_draws_the_same_decisions_for_every_seat() {
    // Who decides is public: a state drawn from any observer's view asks the same of every seat,
    // and shows that observer the same view.
    let mut rebids_seen = 0;
    for seed in 0..40u64 {
        let seats = 3 + (seed % 6) as usize;
        let setup = Rumble::seeded_setup(seed, Table { seats, mode: Some("beginner") }).unwrap();
        let mut game = Rumble::from_setup(&setup).unwrap();
        let mut rng = dojo_engine::Rng::new(seed);
        let j = dojo_engine::joint_from(&game, |_, legal| legal[rng.below(legal.len())].clone()).unwrap();
        apply(&mut game, &j).unwrap();
        if game.phase != Phase::Rebidding {
            continue;
        }
        rebids_seen += 1;
        for observer in Observer::all(seats) {
            let view = game.view(observer);
            let drawn = Rumble::determinize(&view, &mut rng);
            assert_eq!(drawn.view(observer), view, "seed {seed}");
            for seat in dojo_engine::Seat::all(seats) {
                assert_eq!(drawn.decision(seat), game.decision(seat), "seed {seed}, {seat} seen by {observer:?}");
            }
        }
    }
    assert!(rebids_seen >= 5, "only {rebids_seen} tables went to a re-bid");
}

/// The audit's refusal: a choice naming hero 255 was refused with "hero {h + 1}" computed in 8
/// bits (a panic in checked builds, "hero 0" in the release build).
#[test]
fn a_choice_naming_hero_255_is_refused_as_hero_256() {
    assert_eq!(Refusal::BadHero(255).to_string(), "hero 256 cannot be chosen here");
}
