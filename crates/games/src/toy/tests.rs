use super::*;
use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{Audience, Game, IllegalAction, Observer, PerSeat, Seat, apply, visible_events};

fn bids(values: &[u8]) -> PerSeat<Option<Bid>> {
    PerSeat(values.iter().map(|v| Some(Bid(*v))).collect())
}

/// A three-seat setup with known hands: seat 0 holds the 12s.
fn known() -> Setup {
    Setup {
        seats: 3,
        teams: false,
        hands: vec![vec![12, 12, 1, 2, 3], vec![5, 5, 6, 7, 8], vec![5, 9, 9, 10, 11]],
        stock: vec![4, 4, 4],
        prizes: vec![8, 7, 6, 5, 4, 3],
        seed: 9,
    }
}

#[test]
fn the_toy_game_passes_the_conformance_suite_at_two_to_eight_seats_with_and_without_teams() {
    let setups: Vec<Setup> = (0..60u64)
        .map(|i| {
            let seats = [3, 4, 4, 2, 6, 8][i as usize % 6];
            Setup::deal(seats, seats >= 4 && i % 2 == 1, i)
        })
        .collect();
    let report = check_game::<Toy>(&setups, &Config { games: 10_000, ..Config::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 10_000);
    assert!(report.private_events > 0, "winners draw cards only they may read");
    assert!(report.hidden_resamples_that_changed > report.steps, "hands, stock and prize order are hidden: {report:?}");
}

#[test]
fn the_highest_unmatched_bid_wins_and_only_its_bidder_reads_the_card_drawn() {
    let mut toy = Toy::from_setup(&known()).unwrap();
    // 12 stands alone against 8 and 11.
    let events = apply(&mut toy, &bids(&[12, 8, 11])).unwrap();
    assert!(events.contains(&Event::Won { seat: Seat(0), prize: 8 }));
    let drew = Event::Drew { seat: Seat(0), card: 4 };
    assert_eq!(Toy::audience(&drew), Audience::only(Seat(0)));
    assert!(visible_events::<Toy>(&events, Observer::Seat(Seat(0))).any(|e| *e == drew));
    for observer in [Observer::Seat(Seat(1)), Observer::Public] {
        let seen: Vec<&Event> = visible_events::<Toy>(&events, observer).collect();
        assert!(!seen.contains(&&drew), "{observer:?} reads the private draw");
        assert!(seen.contains(&&Event::DrewFaceDown { seat: Seat(0) }));
    }
    assert_eq!(toy.view_for(Seat(0)).hand, vec![1, 2, 3, 4, 12]);
    assert!(toy.view_for(Seat(1)).hand.iter().all(|c| *c != 4));
    assert!(toy.public_view().hand.is_empty());
    assert_eq!(toy.public_view().hand_sizes.0, vec![5, 4, 4]);
}

#[test]
fn matched_bids_cancel_and_the_prize_is_shuffled_back() {
    let mut toy = Toy::from_setup(&known()).unwrap();
    // The two 5s cancel each other, so seat 0's lone 3 is the highest unmatched bid.
    let events = apply(&mut toy, &bids(&[3, 5, 5])).unwrap();
    assert!(events.contains(&Event::Won { seat: Seat(0), prize: 8 }), "{events:?}");
    let mut toy = Toy::from_setup(&Setup {
        hands: vec![vec![12, 12, 1, 2, 3], vec![12, 5, 6, 7, 8], vec![12, 9, 9, 10, 11]],
        stock: vec![4, 4],
        ..known()
    })
    .unwrap();
    let events = apply(&mut toy, &bids(&[12, 12, 12])).unwrap();
    assert!(events.contains(&Event::Returned { prize: 8 }), "{events:?}");
    // The 8 went back among the face-down prizes before the next one was turned up.
    let view = toy.public_view();
    let mut all = view.prizes_left.clone();
    all.push(view.prize.unwrap());
    all.sort_unstable();
    assert_eq!(all, vec![3, 4, 5, 6, 7, 8]);
    assert_eq!(toy.scores(), &[0, 0, 0]);
}

#[test]
fn teams_add_their_points_and_share_their_place() {
    let setup = Setup::deal(4, true, 5);
    let mut toy = Toy::from_setup(&setup).unwrap();
    while toy.outcome().is_none() {
        let joint = dojo_engine::joint_from(&toy, |_, legal| legal[legal.len() - 1]).unwrap();
        apply(&mut toy, &joint).unwrap();
    }
    let outcome = toy.outcome().unwrap();
    assert_eq!(outcome.teams, vec![vec![Seat(0), Seat(2)], vec![Seat(1), Seat(3)]]);
    let team = |t: usize| toy.scores()[t] + toy.scores()[t + 2];
    let first = &outcome.places[0];
    match team(0).cmp(&team(1)) {
        std::cmp::Ordering::Greater => assert_eq!(first, &vec![Seat(0), Seat(2)]),
        std::cmp::Ordering::Less => assert_eq!(first, &vec![Seat(1), Seat(3)]),
        std::cmp::Ordering::Equal => assert!(outcome.is_draw()),
    }
}

#[test]
fn bad_setups_and_bids_are_refused_in_words_and_change_nothing() {
    assert_eq!(Toy::from_setup(&Setup::deal(9, false, 1)).unwrap_err(), SetupError::Seats(9));
    assert_eq!(Toy::from_setup(&Setup::deal(3, true, 1)).unwrap_err(), SetupError::Teams(3));
    let five_twelves = Setup { hands: vec![vec![12, 12, 12, 12, 12], vec![5, 5, 6, 7, 8], vec![5, 9, 9, 10, 11]], ..known() };
    assert_eq!(Toy::from_setup(&five_twelves).unwrap_err(), SetupError::Cards(12));
    assert!(Toy::from_setup(&Setup { prizes: vec![3, 3], ..known() }).unwrap_err().to_string().contains("prizes"));
    let mut toy = Toy::from_setup(&known()).unwrap();
    let before = toy.clone();
    let err = apply(&mut toy, &bids(&[11, 8, 11])).unwrap_err();
    assert_eq!(err, IllegalAction::Refused { seat: Seat(0), reason: Refusal::NotInHand(11) });
    assert_eq!(err.to_string(), "Player 1: there is no 11 in that hand");
    assert_eq!(toy, before);
}
