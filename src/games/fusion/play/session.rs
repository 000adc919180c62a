//! FUSION as its play page runs it: the [`crate::play::OnSite`] answers the shared play
//! machine needs. Plain Rust, tested natively.
//!
//! Secrets: every card a seat holds is in its own view only; a card laid face down to join a
//! Throwdown stays face down until every seat has chosen, so a shared device saves nothing
//! while cards are waiting ([`FusionSite::face_down`]). A Threshold and the Coach's blind cards
//! are in nobody's view, the Coach's included, so the computer never reads them.

use crate::games::fusion::words;
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

    /// Only decisions that show the seat's cards are made behind a hand-off.
    fn is_secret(decision: &Decision) -> bool {
        matches!(decision, Decision::GambitCard | Decision::Challenge | Decision::Join | Decision::Turn | Decision::Discard)
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
    use dojo_engine::Rng;
    use dojo_games::fusion::{Conflict, Setup};

    fn throwdown(pilots: usize, challenger: u8) -> Setup {
        let mut setup = Setup::sample(pilots, Conflict::Throwdown { challenger, stakes: "The gate".into(), threats: vec![0] }, 4);
        setup.then = vec![Conflict::Gambit { pilot: 0, specialty: true }];
        setup
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
