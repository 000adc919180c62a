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
        use dojo_games::fusion::payload::Buy;
        use dojo_games::fusion::sheet::{PilotSheet, Threat};
        use dojo_games::fusion::{Action, Conflict, Setup};
        let mut aiko = PilotSheet::named("Aiko");
        aiko.fight = 1;
        let setup = Setup {
            pilots: vec![aiko],
            stashes: vec![cards(&["9C", "6H", "3D"])?],
            deck_top: cards(&["2C", "KC", "5H", "10C", "4D"])?,
            threats: vec![Threat::plain("Bully", 1, 0)],
            ..Setup::quick(1, Conflict::Throwdown { challenger: 0, stakes: "He leaves Aiko's sisters alone".into(), threats: vec![0] }, 7)
        };
        let you = |say, point, action| Step { say, point, inputs: vec![Some(action), None] };
        let coach = |action| Step { say: "", point: "", inputs: vec![None, Some(action)] };
        Some(Lesson {
            title: "A first Throwdown",
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

    /// The first lesson (a Throwdown's lay, Push and spoils), then a Gambit, then a Throwdown's
    /// side actions and an Assist.
    fn lessons() -> Vec<Lesson<Fusion>> {
        Self::lesson().into_iter().chain(gambit_lesson()).chain(side_actions_lesson()).collect()
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
                "The pilots win a Gambit when the pilot's action succeeds (\"Yes…\") and the Coach wins it when it fails (\"No…\"). A card higher than the hidden one gives \"Yes, and…\"; otherwise the pilot picks another outcome.".into(),
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

/// A card by its code (`9C`); the lessons' codes are all valid (their tests play them).
fn card(code: &str) -> Option<dojo_games::fusion::cards::Card> {
    dojo_games::fusion::cards::Card::try_from(code.to_string()).ok()
}

/// Cards by their codes.
fn cards(codes: &[&str]) -> Option<Vec<dojo_games::fusion::cards::Card>> {
    codes.iter().map(|c| card(c)).collect()
}

/// A Gambit for Aiko (the person): taken, a Nine played against the hidden Jack, an outcome
/// picked from the three a lower card leaves, and the Coach's +Purge stopped with a Buffer.
fn gambit_lesson() -> Option<Lesson<Fusion>> {
    use dojo_games::fusion::gambit::{Consequence, Outcome};
    use dojo_games::fusion::micro::{Choices, Micro, Target};
    use dojo_games::fusion::sheet::{PilotSheet, Threat};
    use dojo_games::fusion::{Action, Conflict, Setup};
    let mut aiko = PilotSheet::named("Aiko");
    aiko.charges = 2;
    let setup = Setup {
        pilots: vec![aiko],
        stashes: vec![cards(&["9C", "6H", "3D"])?],
        deck_top: cards(&["JS", "KC", "5H", "10C", "4D"])?,
        threats: vec![Threat::plain("Bully", 2, 1)],
        ..Setup::quick(1, Conflict::Gambit { pilot: 0, specialty: false }, 7)
    };
    let you = |say, point, action| Step { say, point, inputs: vec![Some(action), None] };
    Some(Lesson {
        title: "the Gambit",
        seats: 2,
        setup,
        steps: vec![
            you(
                "A Gambit settles one risky move with one card. The Coach calls it on you, Aiko; backing off is always allowed and nothing happens. Take it.",
                "[data-choice=\"take\"]",
                Action::Take,
            ),
            you(
                "The Deck's top card now lies face down: the Threshold, unseen by everyone, the Coach too. Beat it and the move succeeds with a bonus. Tap your highest card, the Nine of Clubs, then Play.",
                "[data-choice=\"play-9C\"]",
                Action::Play(card("9C")?),
            ),
            you(
                "The Threshold was the Jack of Spades, so your Nine is not higher and you pick the outcome: Yes, but (success at a cost), No, but (failure with a bonus) or No, and (failure at a cost, plus a Charge). Pick Yes, but.",
                "[data-choice=\"pick-yes-but\"]",
                Action::Pick(Outcome::YesBut),
            ),
            Step { say: "", point: "", inputs: vec![None, Some(Action::Consequence(Consequence::Fire(Micro::Purge, Target::Pilot(0))))] },
            you(
                "The Coach names the cost: +Purge on you, which would drop your 2 Charges to 0. A Buffer stops one point of damage. Spend one.",
                "[data-choice=\"soak-buffer\"]",
                Action::Soak(Choices { buffer: true, commitment: None }),
            ),
        ],
        done: "The move succeeded and the Buffer kept your Charges. With a higher card you would have had \u{201c}Yes, and\u{2026}\u{201d} with no choice to make; Aces count 11 in a Gambit.",
    })
}

/// A Throwdown for Aiko (the person) beside Bo, a scripted pilot: side actions before the main
/// action (a Recharge, a Booster Activated), a Push, then a Strike-Assist that lets Bo reach a
/// card beyond his own range.
fn side_actions_lesson() -> Option<Lesson<Fusion>> {
    use dojo_games::fusion::micro::Micro;
    use dojo_games::fusion::sheet::{Gear, PilotSheet, Threat};
    use dojo_games::fusion::{Action, Conflict, Setup};
    let mut aiko = PilotSheet::named("Aiko");
    aiko.gear = vec![Gear { name: "Booster".into(), draw: 1, sacrifice: Micro::Rally }];
    let setup = Setup {
        pilots: vec![aiko, PilotSheet::named("Bo")],
        stashes: vec![cards(&["9C", "6H", "3D"])?, cards(&["8S", "7D", "2C"])?],
        deck_top: cards(&["5C", "4H", "QD", "10C", "4D", "6S", "8H", "9D", "JC", "3S"])?,
        threats: vec![Threat::plain("Bully", 2, 1)],
        ..Setup::quick(1, Conflict::Throwdown { challenger: 0, stakes: "The bully leaves the market".into(), threats: vec![0] }, 7)
    };
    let you = |say, point, action| Step { say, point, inputs: vec![Some(action), None, None] };
    let bo = |action| Step { say: "", point: "", inputs: vec![None, Some(action), None] };
    let coach = |action| Step { say: "", point: "", inputs: vec![None, None, Some(action)] };
    Some(Lesson {
        title: "side actions and Assists",
        seats: 3,
        setup,
        steps: vec![
            you(
                "You challenge the bully with Bo at your side. Lay the Three of Diamonds face down: tap it, then Lay.",
                "[data-choice=\"lay-3D\"]",
                Action::Lay(card("3D")?),
            ),
            bo(Action::Lay(card("2C")?)),
            coach(Action::LayBlind),
            you(
                "The Coach's blind Five came out on top, and the first turn is yours. A turn is any side actions, each once, then one main action. Among the side actions, Recharge with the Six of Hearts: a Heart is worth 3 Charges.",
                "[data-choice=\"recharge-6H\"]",
                Action::Recharge(card("6H")?),
            ),
            you(
                "Your turn goes on after a side action. Activate your Booster, a piece of Gear: it draws you a card, once a Throwdown.",
                "[data-choice=\"activate-0\"]",
                Action::Activate(0),
            ),
            you(
                "Now your one main action. Tap the Six of Spades and Push it on the Five: 1 above it, within your Strike Range of 3, so no Strife.",
                "[data-choice=\"push-6S\"]",
                Action::Push(card("6S")?),
            ),
            bo(Action::Recharge(card("7D")?)),
            bo(Action::Push(card("8S")?)),
            coach(Action::Push(card("10C")?)),
            you(
                "The Coach pushed a Ten. Your Nine cannot beat it, but an Assist helps the next ally: tap the Eight of Hearts and, among its Assists, take the Strike-Assist, which discards it and widens Bo's range.",
                "[data-choice=\"assist-8H-strike\"]",
                Action::Assist { discard: card("8H")?, give: None },
            ),
            bo(Action::Recharge(card("9D")?)),
            bo(Action::Push(card("JC")?)),
        ],
        done: "Bo pushed his Jack on the Ten. Side actions never end a turn; an Assist is a main action that ends yours, and a Card-Assist would have handed Bo a card instead.",
    })
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
    fn the_gambit_and_side_action_lessons_play_as_written_each_step_pointing_at_its_choice() {
        let lessons = FusionSite::lessons();
        assert_eq!(lessons.len(), 3);
        for lesson in &lessons[1..] {
            let end = crate::play::lesson::check(lesson);
            for step in lesson.steps.iter().filter(|s| !s.say.is_empty()) {
                let key = super::super::choice_key(step.inputs[0].as_ref().unwrap());
                assert_eq!(step.point, format!("[data-choice=\"{key}\"]"), "{}: each step highlights its own choice", lesson.title);
            }
            let _ = end;
        }
        let gambit = crate::play::lesson::check(&lessons[1]);
        assert_eq!(gambit.standing().pilots[0].charges, 2, "the Buffer kept Aiko's Charges");
        let side = crate::play::lesson::check(&lessons[2]);
        let top = side.fight().and_then(|f| f.pile.top()).map(|c| (c.seat, String::from(c.card)));
        assert_eq!(top, Some((1, "JC".to_string())), "Bo's Jack lies on top, pushed with Aiko's Strike-Assist");
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
