//! FUSION as its play page runs it: the [`crate::play::OnSite`] answers the shared play
//! machine needs. Plain Rust, tested natively.
//!
//! Secrets: every card a seat holds is in its own view only; a card laid face down to join a
//! Throwdown stays face down until every seat has chosen, so a shared device saves nothing
//! while cards are waiting ([`FusionSite::face_down`]). A Threshold and the Coach's blind cards
//! are in nobody's view, the Coach's included, so the computer never reads them.

use crate::games::fusion::words;
use crate::play::lesson::{Lesson, Step};
use crate::play::{Controller, OnSite, Seats};
use dojo_engine::Seat;
use dojo_games::Speaker;
use dojo_games::fusion::{Decision, Event, Fusion, FusionView, Phase};

/// FUSION on the play page.
#[derive(Clone, Debug, PartialEq)]
pub struct FusionSite;

/// A FUSION evening on the page.
pub type Session = crate::play::Session<FusionSite>;

impl OnSite for FusionSite {
    type G = Fusion;
    const SAVE_KEY: &'static str = "pocket-dojo/fusion";
    const NOUN: &'static str = "conflict";

    /// A Throwdown against a bully, Aiko (the person) against the Coach: a challenge laid face
    /// down, Pushes kept within her Strike Range so no +Strife lands on the team, the Coach out of
    /// cards he can Push, and a Club of the spoils spent as +Trauma.
    fn lesson() -> Option<Lesson<Fusion>> {
        use dojo_games::fusion::cards::Card;
        use dojo_games::fusion::payload::Buy;
        use dojo_games::fusion::sheet::{PilotSheet, Threat};
        use dojo_games::fusion::{Action, Conflict, Setup};
        let card = |code: &str| Card::try_from(code.to_string()).ok();
        let cards = |codes: &[&str]| codes.iter().map(|c| card(c)).collect::<Option<Vec<Card>>>();
        let mut aiko = PilotSheet::named("Aiko");
        aiko.fight = 1;
        let setup = Setup {
            pilots: vec![aiko],
            stashes: vec![cards(&["9C", "6H", "3D"])?],
            deck_top: cards(&["2C", "KC", "5H", "10C", "4D"])?,
            threats: vec![Threat::plain("Bully", 1, 0)],
            table: Default::default(),
            conflict: Conflict::Throwdown { challenger: 0, stakes: "He leaves Aiko's sisters alone".into(), threats: vec![0] },
            then: Vec::new(),
            seed: 7,
        };
        let you = |say, point, action| Step { say, point, inputs: vec![Some(action), None] };
        let coach = |action| Step { say: "", point: "", inputs: vec![None, Some(action)] };
        Some(Lesson {
            seats: 2,
            setup,
            steps: vec![
                you(
                    "You are Aiko, a pilot, and you throw down against a bully: lay a card face down and the Coach answers with one. Your Strike Range is 1, so a card more than 1 above the one it beats costs the team a +Strife. Lay the Three of Diamonds.",
                    "[data-choice=\"lay-3D\"]",
                    Action::Lay(card("3D")?),
                ),
                coach(Action::LayBlind),
                coach(Action::Push(card("4D")?)),
                you(
                    "A Push lays a higher card on the top of the Pile. The Four lies on top now: the Five beats it by 1, inside your range, while the King would overreach.",
                    "[data-choice=\"push-5H\"]",
                    Action::Push(card("5H")?),
                ),
                coach(Action::Fold),
                you(
                    "The bully had nothing within his range and folded, so your side won and you spend the spoils card by card. A Club buys a +Trauma for the losers: spend the Two of Clubs on him.",
                    "[data-choice=\"spend-2C-harm\"]",
                    Action::Spend(card("2C")?, Buy::Harm),
                ),
                you(
                    "Diamonds cancel damage aimed at your side and Hearts mend, but none came at you and your Buffers are full. Stop spending: the rest go to the Trash.",
                    "[data-choice=\"stop\"]",
                    Action::StopSpending,
                ),
            ],
            done: "The +Trauma took the bully's Rating to 0: he is out, and the pilots won the Throwdown. Overreaching would have cost Harmony, the team's shared track. A Gambit is shorter: one card against a hidden one.",
        })
    }

    fn option_words(view: &FusionView, seat: Seat, action: &dojo_games::fusion::Action) -> String {
        u8::try_from(seat.index()).map(|s| words::action_label(&view.table, s, action)).unwrap_or_default()
    }

    /// Stashes come from the shuffled Deck: the computer's other cards stay unnamed.
    fn hides_options(_view: &FusionView) -> bool {
        true
    }

    fn goal(view: Option<&FusionView>) -> (String, &'static str) {
        let (conflicts, _) = view.map_or((&[][..], 0), |v| v.table.conflicts());
        match conflicts {
            [dojo_games::fusion::Conflict::Gambit { .. }] => (
                "A Gambit goes to the pilots when the pilot's action succeeds (\"Yes…\") and to the Coach when it fails (\"No…\"). A card higher than the hidden one gives \"Yes, and…\"; otherwise the pilot picks another outcome.".into(),
                "outcomes",
            ),
            [_] | [] => (
                "Both sides lay cards on the Pile; a side wins the Throwdown when everyone against it has folded with its card on top.".into(),
                "end",
            ),
            _ => ("Each Gambit and Throwdown is won by one side; the side that wins more of them wins the evening.".into(), "evening"),
        }
    }

    /// Never used: events name pilots and Threats from the table ([`OnSite::describe_in`]).
    fn describe(_event: &Event, _speaker: &Speaker) -> String {
        "Something happened at the table.".into()
    }

    fn describe_in(state: &Fusion, event: &Event, _speaker: &Speaker) -> String {
        words::describe(state, event)
    }

    fn seat_names(state: &Fusion, seats: &Seats) -> Option<Vec<String>> {
        Some(
            (0..state.seats())
                .map(|s| {
                    let name = words::seat_subject(state, s);
                    match seats.0.get(usize::from(s)) {
                        Some(Controller::Computer(level)) => format!("{name} (computer, {})", level.label().to_ascii_lowercase()),
                        _ => name,
                    }
                })
                .collect(),
        )
    }

    fn check_view(view: &FusionView, seat: Seat) -> Result<(), String> {
        dojo_games::fusion::view::check(view, seat)
    }

    fn noun(state: &Fusion) -> &'static str {
        if state.conflicts().0.len() > 1 { "evening" } else { "conflict" }
    }

    /// Cards laid to join a Throwdown stay face down until every seat has chosen.
    fn face_down(state: &Fusion) -> bool {
        matches!(state.phase(), Phase::Joining(_))
    }

    /// Every decision: each FUSION screen shows its seat's own Stash (spending the spoils, aiming
    /// damage and soaking it included), so on a shared device it comes after a hand-off to that
    /// seat unless that seat's screen came just before. Limiting hand-offs to the card plays
    /// showed a winner's Stash to whoever held the device (found by an outside audit).
    fn is_secret(_decision: &Decision) -> bool {
        true
    }

    /// The reveals worth a pause: the Gambit's cards, the initiative, the end of a fight or a
    /// conflict.
    fn shows_reveal(events: &[Event]) -> bool {
        events
            .iter()
            .any(|e| matches!(e, Event::Revealed { .. } | Event::Initiative { .. } | Event::Won { .. } | Event::ConflictOver { .. }))
    }

    fn counts_before_reveal() -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Seats;
    use dojo_bot::Level;
    use dojo_engine::{Game, Rng};
    use dojo_games::fusion::{Conflict, Setup};

    fn throwdown(pilots: usize, challenger: u8) -> Setup {
        let mut setup = Setup::sample(pilots, Conflict::Throwdown { challenger, stakes: "The gate".into(), threats: vec![0] }, 4);
        setup.then = vec![Conflict::Gambit { pilot: 0, specialty: true }];
        setup
    }

    #[test]
    fn the_lesson_plays_as_written_and_the_pilots_win_the_throwdown() {
        let lesson = FusionSite::lesson().unwrap();
        let end = crate::play::lesson::check(&lesson);
        let outcome = end.outcome().expect("the Throwdown ends with the lesson");
        assert_eq!(outcome.places[0], vec![Seat(0)], "Aiko's side won");
        for step in lesson.steps.iter().filter(|s| !s.say.is_empty()) {
            let key = super::super::choice_key(step.inputs[0].as_ref().unwrap());
            assert_eq!(step.point, format!("[data-choice=\"{key}\"]"), "each step highlights its own choice");
        }
        let start = Fusion::from_setup(&lesson.setup).unwrap();
        assert_eq!(end.standing().harmony, start.standing().harmony, "no Push overreached: Harmony is whole");
        assert_eq!(end.standing().threats[0].rating, 0, "the +Trauma took the bully out");
    }

    #[test]
    fn evenings_play_to_the_end_in_every_mix_of_people_and_computers() {
        for (i, (seats, pilots)) in [
            (Seats::people(2), 1),
            (Seats::against_computer(Level::Easy, 3), 2),
            (
                Seats(vec![
                    Controller::Computer(Level::Easy),
                    Controller::Person,
                    Controller::Computer(Level::Easy),
                    Controller::Computer(Level::Easy),
                ]),
                3,
            ),
            (Seats::people(5), 4),
        ]
        .into_iter()
        .enumerate()
        {
            let mut s = Session::new(seats, &throwdown(pilots, (i % (pilots + 1)) as u8)).unwrap();
            let mut rng = Rng::new(i as u64 + 2);
            s.play_out_checking_saves(&mut rng, 2_000, 7);
            assert!(s.is_over(), "table {i} did not finish");
            assert!(s.log().iter().any(|l| l.text.starts_with("The conflict")), "{:?}", s.log().last());
        }
    }

    #[test]
    fn the_save_against_the_computer_holds_no_other_stash_nor_the_deck() {
        let mut s = Session::new(Seats::against_computer(Level::Easy, 3), &throwdown(2, 0)).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..6 {
            if s.is_over() {
                break;
            }
            s.random_step(&mut rng);
        }
        let json = s.save().unwrap();
        let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
        let table = &saved["match"]["View"]["view"]["table"];
        assert!(table.is_object(), "the save holds the person's view: {json}");
        assert_eq!(table["deck"]["cards"], serde_json::json!([]), "{json}");
        for other in [1, 2] {
            assert_eq!(table["stashes"][other], serde_json::json!([]), "seat {other}'s Stash in the save: {json}");
        }
        assert!(!json.contains("\"seed\""), "{json}");
        let back = Session::load(&json, 3).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
    }

    #[test]
    fn a_tampered_view_is_refused_in_words() {
        let s = Session::new(Seats::against_computer(Level::Easy, 3), &throwdown(2, 0)).unwrap();
        let json = s.save().unwrap();
        let tamper = |f: &dyn Fn(&mut serde_json::Value)| Session::load_tampered(&json, f);
        assert!(tamper(&|v| v["observer"] = serde_json::json!({ "Seat": 1 })).contains("not the view of your seat"));
        assert!(tamper(&|v| v["table"]["phase"] = serde_json::json!({ "Turn": 9 })).contains("not at the table"));
        assert!(tamper(&|v| v["hidden"]["deck_cards"] = serde_json::json!(3)).contains("add up"));
        assert!(tamper(&|v| v["table"]["stashes"] = serde_json::json!([])).contains("seats"));
    }
}
