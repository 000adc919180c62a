//! A toy game that uses every shape of step the contract promises: a secret simultaneous pick,
//! a follow-up decision by one seat in the middle of a resolution, and a hidden card. It must
//! pass the conformance suite, and a few of its rules are checked by hand.
//!
//! Rules of "Call and Raise": each seat holds a secret card (0–3) dealt from the seed. Both pick
//! Call or Fold at once. Fold vs anything: the folder loses. Call vs Call: Player 1 must then
//! decide alone whether to Raise; the higher card wins (ties go to Player 2), and a Raise that
//! loses hands the win to Player 2 but a Raise that wins ends it the same. Call vs Fold on both
//! sides: draw.

use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{Game, IllegalAction, Joint, Observer, Outcome, PerSeat, Rng, Seat, apply};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
enum Act {
    Call,
    Fold,
    Raise,
    Check,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum Step {
    Pick,
    FollowUp,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Toy {
    cards: [u8; 2],
    step: Step,
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ToyView {
    observer: Observer,
    /// The observer's own card (none for the public).
    my_card: Option<u8>,
    step: Step,
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq)]
struct NotNow;

impl fmt::Display for NotNow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("that is not a choice at this step")
    }
}

impl Game for Toy {
    type Setup = u64;
    type SetupError = NotNow;
    type Action = Act;
    type Decision = Step;
    type Reason = NotNow;
    type Event = String;
    type View = ToyView;
    const NAME: &'static str = "call-and-raise";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=2;

    fn from_setup(seed: &u64) -> Result<Self, NotNow> {
        let mut rng = Rng::new(*seed);
        Ok(Toy { cards: [rng.below(4) as u8, rng.below(4) as u8], step: Step::Pick, outcome: None })
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn decision(&self, seat: Seat) -> Option<Step> {
        match (self.outcome.is_some(), self.step) {
            (true, _) => None,
            (false, Step::Pick) => Some(Step::Pick),
            (false, Step::FollowUp) => (seat == Seat(0)).then_some(Step::FollowUp),
        }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Act> {
        match self.decision(seat) {
            Some(Step::Pick) => vec![Act::Call, Act::Fold],
            Some(Step::FollowUp) => vec![Act::Raise, Act::Check],
            None => vec![],
        }
    }
    fn check(&self, seat: Seat, action: &Act) -> Result<(), NotNow> {
        if self.legal_actions(seat).contains(action) { Ok(()) } else { Err(NotNow) }
    }
    fn resolve(&mut self, joint: &Joint<Act>) -> Vec<String> {
        match self.step {
            Step::Pick => match (joint.0[0], joint.0[1]) {
                (Some(Act::Call), Some(Act::Call)) => self.step = Step::FollowUp,
                (Some(Act::Fold), Some(Act::Fold)) => self.outcome = Some(Outcome::draw(Seat::all(2))),
                (Some(Act::Fold), _) => self.outcome = Some(Outcome::winner(Seat(1), Seat::all(2))),
                _ => self.outcome = Some(Outcome::winner(Seat(0), Seat::all(2))),
            },
            Step::FollowUp => {
                let p1_wins = self.cards[0] > self.cards[1];
                self.outcome = Some(Outcome::winner(if p1_wins { Seat(0) } else { Seat(1) }, Seat::all(2)));
            }
        }
        vec![format!("{:?}", joint.0)]
    }
    fn view(&self, observer: Observer) -> ToyView {
        ToyView { observer, my_card: observer.seat().map(|s| self.cards[s.index()]), step: self.step, outcome: self.outcome.clone() }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn determinize(view: &ToyView, rng: &mut Rng) -> Self {
        let cards = [0, 1].map(|i| match (view.observer, view.my_card) {
            (Observer::Seat(s), Some(card)) if s.index() == i => card,
            _ => rng.below(4) as u8,
        });
        Toy { cards, step: view.step, outcome: view.outcome.clone() }
    }
    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        let mut out = self.clone();
        for (i, card) in out.cards.iter_mut().enumerate() {
            if !observer.is(Seat(i as u8)) {
                *card = rng.below(4) as u8;
            }
        }
        out
    }
}

#[test]
fn the_toy_game_passes_the_conformance_suite() {
    let setups: Vec<u64> = (0..50).collect();
    let report = check_game::<Toy>(&setups, &Config { games: 500, ..Config::default() }).unwrap();
    assert_eq!(report.games, 500);
    assert!(report.partial_steps > 0, "the follow-up step has one seat acting");
    assert!(report.hidden_resamples_that_changed > 0);
}

#[test]
fn a_follow_up_is_asked_of_one_seat_and_the_other_must_stay_silent() {
    let mut toy = Toy::from_setup(&3).unwrap();
    apply(&mut toy, &PerSeat(vec![Some(Act::Call), Some(Act::Call)])).unwrap();
    assert_eq!(toy.decision(Seat(0)), Some(Step::FollowUp));
    assert_eq!(toy.decision(Seat(1)), None);
    let before = toy.clone();
    assert_eq!(apply(&mut toy, &PerSeat(vec![Some(Act::Raise), Some(Act::Check)])), Err(IllegalAction::NotYourTurn { seat: Seat(1) }));
    assert_eq!(apply(&mut toy, &PerSeat(vec![Some(Act::Call), None])), Err(IllegalAction::Refused { seat: Seat(0), reason: NotNow }));
    assert_eq!(toy, before);
    apply(&mut toy, &PerSeat(vec![Some(Act::Raise), None])).unwrap();
    assert!(toy.outcome().is_some());
    assert_eq!(apply(&mut toy, &PerSeat(vec![Some(Act::Raise), None])), Err(IllegalAction::GameOver));
}

/// A view that shows Player 2's card to everyone must be caught by the suite.
#[test]
fn the_suite_catches_a_view_that_leaks_the_hidden_card() {
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Leaky(Toy);
    impl Game for Leaky {
        type Setup = u64;
        type SetupError = NotNow;
        type Action = Act;
        type Decision = Step;
        type Reason = NotNow;
        type Event = String;
        type View = (ToyView, u8);
        const NAME: &'static str = "leaky";
        const SEATS: std::ops::RangeInclusive<usize> = 2..=2;
        fn from_setup(s: &u64) -> Result<Self, NotNow> {
            Toy::from_setup(s).map(Leaky)
        }
        fn seat_count(&self) -> usize {
            2
        }
        fn decision(&self, s: Seat) -> Option<Step> {
            self.0.decision(s)
        }
        fn legal_actions(&self, s: Seat) -> Vec<Act> {
            self.0.legal_actions(s)
        }
        fn check(&self, s: Seat, a: &Act) -> Result<(), NotNow> {
            self.0.check(s, a)
        }
        fn resolve(&mut self, j: &Joint<Act>) -> Vec<String> {
            self.0.resolve(j)
        }
        fn view(&self, o: Observer) -> (ToyView, u8) {
            (self.0.view(o), self.0.cards[1])
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn determinize(v: &(ToyView, u8), r: &mut Rng) -> Self {
            let mut toy = Toy::determinize(&v.0, r);
            toy.cards[1] = v.1;
            Leaky(toy)
        }
        fn resample_hidden(&self, o: Observer, r: &mut Rng) -> Self {
            Leaky(self.0.resample_hidden(o, r))
        }
    }
    let err = check_game::<Leaky>(&[1, 2, 3], &Config { games: 30, ..Config::default() }).unwrap_err();
    assert!(err.contains("leaks"), "{err}");
}
