//! What tests of the play machine share: the toy game of sealed bids on a page, and ways to
//! drive a session through whole matches (random steps, explained play, saves checked as it
//! goes).

use super::*;
use dojo_engine::Observer;
use dojo_games::toy::Toy;

/// The toy game of sealed bids (3–4 seats, teams, bids private until the reveal) on a page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ToyPage;

impl OnSite for ToyPage {
    type G = Toy;
    const SAVE_KEY: &'static str = "test/toy";
    const NOUN: &'static str = "game";
    fn goal(_: Option<&View<Self>>) -> (String, &'static str) {
        ("The highest bid wins.".into(), "toy")
    }
    fn describe(event: &Event<Self>, speaker: &Speaker) -> String {
        format!("{event:?} ({})", speaker.names.len())
    }
    fn check_view(view: &View<Self>, seat: Seat) -> Result<(), String> {
        if view.observer == Observer::Seat(seat) { Ok(()) } else { Err("not yours".into()) }
    }
    fn face_down(_: &Toy) -> bool {
        false
    }
}

/// A toy match of `seats` (3 cards each) on a page.
pub(crate) fn toy(seats: Seats) -> Session<ToyPage> {
    let count = seats.count();
    Session::new(seats, &dojo_games::toy::Setup::deal(count as u8, false, 3)).unwrap()
}

/// Test drivers for every game's session: random people, the computer, and saves checked on
/// the way.
impl<T: OnSite> Session<T> {
    /// Plays up to `steps` steps, the people at random and the computer saying what it
    /// expected, and returns the text a play page keeps of it (see [`crate::play::explain`]).
    pub(crate) fn explained_play(&mut self, rng: &mut Rng, steps: usize) -> String {
        let mut text = String::new();
        for _ in 0..steps {
            if self.is_over() {
                break;
            }
            while let Some(seat) = self.next_person() {
                let legal = self.legal(seat);
                self.give(seat, legal[rng.below(legal.len())].clone()).unwrap();
            }
            while let Some(seat) = self.computer_to_move() {
                let lines = self.computer_think_here(seat, rng.next_u64()).unwrap();
                self.keep_explained(seat, &lines);
            }
            self.keep_choices();
            self.play().unwrap();
        }
        text.push_str(&self.explained.0);
        text
    }

    /// One step: every person still to choose picks a random legal action, the computer
    /// decides for its seats, and the step is played.
    pub(crate) fn random_step(&mut self, rng: &mut Rng) {
        while let Some(seat) = self.next_person() {
            let legal = self.legal(seat);
            self.give(seat, legal[rng.below(legal.len())].clone()).unwrap();
        }
        while let Some(seat) = self.computer_to_move() {
            self.computer_decide(seat, rng).unwrap();
        }
        self.play().unwrap();
    }

    /// Loads `json` (a save against the computer) after `change` has edited its saved view,
    /// and returns why it was refused; panics when it loads.
    pub(crate) fn load_tampered(json: &str, change: &dyn Fn(&mut serde_json::Value)) -> String {
        let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
        change(&mut v["match"]["View"]["view"]);
        Session::<T>::load(&v.to_string(), 1).err().expect("a tampered save is refused")
    }

    /// Plays random steps to the end (at most `limit`); every `every` steps the save is loaded
    /// back and must show its reader what the live game shows.
    pub(crate) fn play_out_checking_saves(&mut self, rng: &mut Rng, limit: usize, every: usize) {
        let mut steps = 0;
        while !self.is_over() {
            self.random_step(rng);
            steps += 1;
            assert!(steps < limit, "the game ends within {limit} steps");
            if steps % every == 0 {
                let back = Session::<T>::load(&self.save().unwrap(), steps as u64).unwrap();
                let reader = self.seats().lone_person().unwrap_or(Seat(0));
                assert_eq!(back.view(reader), self.view(reader), "a save restores what its reader saw");
            }
        }
    }
}
