//! Tests of [`super::Session`]: mixes of people and computers, secrets kept until the reveal,
//! saves, and following a match agreed with other devices.

use super::toy_page::ToyPage;
use super::*;
use crate::play::Controller;
use dojo_bot::Level;
use dojo_games::toy::Setup;

fn legal(s: &Session<ToyPage>, seat: Seat) -> Vec<Action<ToyPage>> {
    s.lookahead(seat).unwrap().legal_actions(seat)
}

fn random_input(s: &Session<ToyPage>, seat: Seat, rng: &mut Rng) -> Action<ToyPage> {
    let legal = legal(s, seat);
    legal[rng.below(legal.len())]
}

/// Plays a whole match: people give random legal inputs, computers decide at their level.
fn play_out(seats: Seats, seed: u64) -> Session<ToyPage> {
    let count = seats.count();
    let mut s = Session::<ToyPage>::new(seats, &Setup::deal(count as u8, count == 4, seed)).unwrap();
    let mut rng = Rng::new(seed);
    let mut steps = 0;
    while !s.is_over() {
        while let Some(seat) = s.next_person() {
            assert!(s.is_secret(seat), "sealed bids are secret");
            let input = random_input(&s, seat, &mut rng);
            s.give(seat, input).unwrap();
            assert!(!s.can_give(seat), "one bid per step");
        }
        while let Some(seat) = s.computer_to_move() {
            s.computer_decide(seat, &mut rng).unwrap();
        }
        assert!(s.ready());
        s.play().unwrap();
        steps += 1;
        assert!(steps < 500, "the match ends");
    }
    s
}

#[test]
fn any_mix_of_people_and_computers_plays_to_the_end() {
    let mixes = [
        Seats::people(3),
        Seats::against_computer(Level::Easy, 4),
        Seats(vec![Controller::Computer(Level::Easy), Controller::Person, Controller::Computer(Level::Easy), Controller::Person]),
    ];
    for (i, seats) in mixes.into_iter().enumerate() {
        let s = play_out(seats, i as u64 + 1);
        let outcome = s.outcome().unwrap();
        assert!(!outcome.places.is_empty());
        assert_eq!(s.steps(), s.log().iter().map(|l| l.step).max().unwrap_or(0).max(s.steps()));
    }
}

#[test]
fn a_bid_waits_unseen_until_every_seat_has_bid() {
    let mut s = Session::<ToyPage>::new(Seats::people(3), &Setup::deal(3, false, 4)).unwrap();
    let before: Vec<_> = Seat::all(3).map(|seat| s.view(seat)).collect();
    let bid = legal(&s, Seat(0))[1];
    s.give(Seat(0), bid).unwrap();
    assert!(s.has_given(Seat(0)) && !s.ready());
    assert_eq!(s.next_person(), Some(Seat(1)));
    assert!(s.give(Seat(0), legal(&s, Seat(1))[0]).is_err(), "one bid per step");
    for seat in Seat::all(3) {
        assert_eq!(s.view(seat), before[seat.index()], "a pending bid changes no view");
    }
    assert_eq!(s.save(), Session::<ToyPage>::new(Seats::people(3), &Setup::deal(3, false, 4)).unwrap().save());
    s.take_back(Seat(0));
    assert_eq!(s.next_person(), Some(Seat(0)));
}

#[test]
fn the_log_and_saves_follow_who_reads_them() {
    // On a shared device only public events reach the log; against the computer, the
    // person's own private draws too, and never another seat's.
    let shared = play_out(Seats::people(3), 9);
    assert!(shared.log().iter().all(|l| !l.text.starts_with("Drew {")), "no private draw on a shared screen");
    let alone = play_out(Seats::against_computer(Level::Easy, 3), 9);
    let draws: Vec<_> = alone.log().iter().filter(|l| l.text.starts_with("Drew {")).collect();
    assert!(!draws.is_empty(), "the person reads their own draws");
    assert!(draws.iter().all(|l| l.text.contains("Seat(0)")), "{draws:?}");
    let mixed = Seats(vec![Controller::Person, Controller::Person, Controller::Computer(Level::Easy)]);
    let s = Session::<ToyPage>::new(mixed, &Setup::deal(3, false, 2)).unwrap();
    assert_eq!(s.save(), None, "several people and the computer: nothing saved");
    assert!(s.record().is_none());
}

#[test]
fn a_friend_device_follows_the_agreed_match_and_refuses_a_shorter_one() {
    let setup = Setup::deal(3, false, 6);
    let mut here = Session::<ToyPage>::new(Seats::people(3), &setup).unwrap();
    let mut rng = Rng::new(2);
    here.random_step(&mut rng);
    here.random_step(&mut rng);
    let actions = here.record().unwrap().actions.clone();
    let seats = Seats(vec![Controller::Remote, Controller::Person, Controller::Remote]);
    let mut there = Session::<ToyPage>::new(seats, &setup).unwrap();
    assert_eq!(there.names(), ["Player 1", "You", "Player 3"]);
    assert_eq!(there.save(), None, "a match on two devices keeps nothing in this browser");
    let events = there.follow(actions.clone()).unwrap();
    assert_eq!(there.steps(), 2);
    assert_eq!(there.view(Seat(1)), here.view(Seat(1)), "this device shows what its seat may see");
    assert_eq!(events.len(), here.last_events.len(), "the newest step's events come back for the reveal");
    assert_eq!(there.log().last().map(|l| l.step), Some(2), "the log is told again up to the last step");
    let shorter = there.follow(actions[..1].to_vec()).unwrap_err();
    assert_eq!(shorter, "the other device's match has 1 steps, fewer than the 2 here");
    assert_eq!(there.steps(), 2, "a refused line changes nothing");
    // A choice given here waits for the step; it is the one the page sends.
    let bid = legal(&there, Seat(1))[0];
    there.give(Seat(1), bid).unwrap();
    assert_eq!(there.planned(Seat(1)), Some(&bid));
    assert_eq!(there.planned(Seat(0)), None);
}

/// Following the agreed match step by step gives, at every step, the very session a replay
/// from the start gives (log, record, view, planned inputs), and a line that rewrites a step
/// already played here is replayed from the start or refused.
#[test]
fn following_one_step_at_a_time_is_a_replay_from_the_start() {
    for seed in 0..12 {
        let count = 3 + (seed as usize % 2);
        let setup = Setup::deal(count as u8, count == 4 && seed % 3 == 1, seed);
        let mut here = Session::<ToyPage>::new(Seats::people(count), &setup).unwrap();
        let mut seats = vec![Controller::Remote; count];
        seats[1] = Controller::Person;
        let mut there = Session::<ToyPage>::new(Seats(seats.clone()), &setup).unwrap();
        let mut rng = Rng::new(seed);
        while !here.is_over() {
            here.random_step(&mut rng);
            let actions = here.record().unwrap().actions.clone();
            // Sometimes a choice is planned here before the step arrives.
            if rng.below(2) == 0 && there.acting().contains(&Seat(1)) && !there.has_given(Seat(1)) {
                let choice = legal(&there, Seat(1))[0];
                there.give(Seat(1), choice).unwrap();
            }
            let mut replayed = there.clone();
            let record = GameRecord { actions: actions.clone(), ..GameRecord::new(setup.clone()) };
            let fresh = Session::<ToyPage>::played_on(Seats(seats.clone()), &record, actions.len()).unwrap();
            replayed.pending = there.pending.clone();
            let mut stepped = there.clone();
            there.follow(actions.clone()).unwrap();
            stepped.follow_step(actions.len(), actions.last().unwrap().clone()).unwrap();
            assert_eq!(stepped, there, "the step alone or the whole match: the same session");
            let again = stepped.follow_step(actions.len(), actions.last().unwrap().clone()).unwrap_err();
            assert!(again.contains("does not follow"), "{again}");
            let mut expected = fresh;
            for seat in Seat::all(count) {
                let acted = actions.last().is_some_and(|joint| joint.get(seat).is_some_and(Option::is_some));
                // What the seat planned beyond the input it just played (the first in its queue).
                let queue = &replayed.pending[seat.index()];
                for action in &queue[usize::from(acted).min(queue.len())..] {
                    if expected.give(seat, *action).is_err() {
                        break;
                    }
                }
            }
            assert_eq!(there, expected, "seed {seed}, step {}", actions.len());
        }
        // A line whose first step differs from the one played here is not a continuation.
        let mut actions = here.record().unwrap().actions.clone();
        if actions.len() >= 2 {
            actions.swap(0, 1);
            let before = there.clone();
            let record = GameRecord { actions: actions.clone(), ..GameRecord::new(setup.clone()) };
            match (there.follow(actions.clone()), Session::<ToyPage>::played_on(Seats(seats.clone()), &record, actions.len())) {
                (Ok(_), Ok(fresh)) => assert_eq!(there, fresh, "replayed from the start"),
                (Err(_), Err(_)) => assert_eq!(there, before, "a refused line changes nothing"),
                (mine, fresh) => panic!("follow and a replay disagree: {mine:?} / {:?}", fresh.map(|s| s.steps())),
            }
        }
    }
}

#[test]
fn a_view_save_restores_the_person_seat_and_refuses_another() {
    let seats = Seats(vec![Controller::Computer(Level::Easy), Controller::Computer(Level::Easy), Controller::Person]);
    let mut s = Session::<ToyPage>::new(seats, &Setup::deal(3, false, 5)).unwrap();
    let mut rng = Rng::new(3);
    while let Some(seat) = s.computer_to_move() {
        s.computer_decide(seat, &mut rng).unwrap();
    }
    let input = random_input(&s, Seat(2), &mut rng);
    s.give(Seat(2), input).unwrap();
    s.play().unwrap();
    let json = s.save().unwrap();
    let back = Session::<ToyPage>::load(&json, 77).unwrap();
    assert_eq!(back.view(Seat(2)), s.view(Seat(2)));
    assert_eq!(back.log(), s.log());
    let moved = json.replace(
        "[{\"Computer\":\"Easy\"},{\"Computer\":\"Easy\"},\"Person\"]",
        "[\"Person\",{\"Computer\":\"Easy\"},{\"Computer\":\"Easy\"}]",
    );
    assert_ne!(moved, json);
    assert_eq!(Session::<ToyPage>::load(&moved, 1).err().unwrap(), "the saved game is not a position that can be played: not yours");
}
