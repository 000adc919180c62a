//! Rumble as its play page runs it: the [`crate::play::OnSite`] answers the shared play machine
//! needs. Plain Rust, tested natively.
//!
//! Secrets: bid sheets, re-bids, allocations and reveal-step choices wait in the session until
//! every seat acting has given one. The auction's standing bids are in the position while ties
//! are re-bid, so a shared device saves nothing of the auction ([`RumbleSite::face_down`]) and,
//! once it is settled, saves every seat's view with the log as text: no bid (the settled state
//! keeps none) and no seed (it would tell Alternate Universe's draw of a game resumed before the
//! auction settles: Rumble has [`dojo_engine::Game::HIDDEN_FUTURE`]). Against the computer only
//! the person's view is saved, as for every game.

use crate::games::rumble::words;
use crate::play::lesson::{Lesson, Step};
use crate::play::{Controller, OnSite, Seats};
use dojo_engine::{Observer, Seat};
use dojo_games::Speaker;
use dojo_games::rumble::{Event, Phase, PowerRef, Rumble, RumbleView, Setup, Start};

/// The allocation screen's Lock in button: what each round of the lesson highlights.
const SUBMIT_ALLOCATION: &str = "[data-testid=\"submit-allocation\"]";

/// Rumble on the play page.
#[derive(Clone, Debug, PartialEq)]
pub struct RumbleSite;

/// A Rumble game on the page.
pub type Session = crate::play::Session<RumbleSite>;

/// True while the auction is being decided (its bids, ties and flags are in the position).
pub fn in_auction(game: &Rumble) -> bool {
    matches!(game.phase, Phase::Bidding | Phase::Rebidding | Phase::Giving | Phase::Settling)
}

impl OnSite for RumbleSite {
    type G = Rumble;

    /// The host's genre is this device's for the match: both tell it in the same words.
    fn joined(setup: &Setup) {
        if !setup.genre.is_empty() {
            crate::browser::store(super::GENRE_KEY, &setup.genre);
            words::use_genre(&setup.genre);
        }
    }

    const SAVE_KEY: &'static str = "pocket-dojo/rumble";
    const NOUN: &'static str = "game";
    const RESTORED_UNSEEN: &'static str =
        "The save keeps only what you could see: anything the computer had not yet revealed it decides afresh.";

    /// Mantisman (the person) against Doctor Cuttlefish: a sealed auction for two powers where
    /// only the winner pays, then three rounds in which Defense meets the Attacks, Big, Gnashy
    /// Claws adds 20 and the Doctor, who overpaid, goes out. The sheets come filled in.
    fn lesson() -> Option<Lesson<Rumble>> {
        use dojo_games::rumble::catalog::PowerId;
        use dojo_games::rumble::{Act, Allocation};
        let setup = Setup::heroes(&["Mantisman", "Doctor Cuttlefish"], vec![PowerId::BigGnashyClaws, PowerId::Regeneration], 1);
        let round = |say, (defense, attack): (u16, u16), (their_defense, their_attack): (u16, u16)| {
            let alloc = |defense, attack, on| {
                Act::Allocate(vec![Allocation {
                    defense,
                    attacks: if attack > 0 { vec![(on, attack)] } else { Vec::new() },
                    ..Allocation::default()
                }])
            };
            Step {
                say,
                point: SUBMIT_ALLOCATION,
                inputs: vec![Some(alloc(defense, attack, 1)), Some(alloc(their_defense, their_attack, 0))],
            }
        };
        Some(Lesson {
            title: "A first round",
            seats: 2,
            setup,
            steps: vec![
                Step {
                    say: "Every hero starts with 100 Energy: your strength, your money and your health, and at 0 you are out. First the powers are auctioned in one secret sheet: the highest bid wins and pays, the others pay nothing. Your sheet is filled in: 20 on Big, Gnashy Claws and 5 on Regeneration; seal it.",
                    point: "[data-testid=\"submit-bids\"]",
                    inputs: vec![
                        Some(Act::Bid { bids: vec![20, 5], might_discard: Vec::new() }),
                        Some(Act::Bid { bids: vec![15, 40], might_discard: Vec::new() }),
                    ],
                },
                round(
                    "Each round you share out your Energy in secret: Defense stops that much of every Attack on you, and whatever gets past it comes off the Energy of the hero hit. Your Claws add 20 to your largest Attack. Lock in 50 Defense and an Attack of 30.",
                    (50, 30),
                    (20, 43),
                ),
                round(
                    "Nothing spent on a round is lost: Energy only falls when damage gets through. The Doctor, down to 36, may defend harder now; lock in 10 Defense and an Attack of 30, which the Claws make 50.",
                    (10, 30),
                    (30, 6),
                ),
                round("The Doctor has 19 Energy and you have 80. Put everything into one Attack: the Claws make it 100.", (0, 80), (19, 0)),
            ],
            done: "The Doctor's Energy fell below 0, so he is out and you are the last hero standing. His 40 on Regeneration won it but left him weak: winning is what an auction costs. In a real game up to 8 heroes bid on many powers, and some powers cost Energy to use.",
        })
    }

    /// Bid sheets are never shown, so every sheet is "a bid sheet"; an allocation is shown at
    /// its reveal, so it is named in full.
    fn option_words(view: &RumbleView, _seat: Seat, act: &dojo_games::rumble::Act) -> String {
        use dojo_games::rumble::Act;
        let game = &view.table;
        let w = words::words();
        match act {
            Act::Bid { .. } => "a bid sheet".into(),
            Act::Rebid(_) => "a new bid".into(),
            Act::Allocate(list) => list
                .iter()
                .map(|a| {
                    let mut parts = vec![format!("{} {}", w.defense, a.defense)];
                    parts.extend(a.attacks.iter().map(|(h, x)| format!("{} {x} on {}", w.attack, words::hero(game, *h))));
                    if !a.uses.is_empty() {
                        parts.push(format!("{} {}", a.uses.len(), w.powers.to_ascii_lowercase()));
                    }
                    parts.join(", ")
                })
                .collect::<Vec<String>>()
                .join("; "),
            _ => "a choice".into(),
        }
    }

    fn goal(view: Option<&RumbleView>) -> (String, &'static str) {
        let limit = view.map_or(dojo_games::rumble::setup::ROUND_LIMIT, |v| v.table.round_limit);
        let end = if limit == 0 { String::new() } else { format!(" After round {limit}, the heroes standing are placed by their Energy.") };
        (format!("A hero whose Energy falls to 0 is out, and the last hero standing wins.{end}"), "overview")
    }

    /// Never used: the page always describes events with the table ([`OnSite::describe_in`]),
    /// since they name heroes and powers by their places in it.
    fn describe(event: &Event, _speaker: &Speaker) -> String {
        match event {
            Event::Round(n) => format!("{} {n} begins.", words::words().round),
            _ => "Something happened at the table.".into(),
        }
    }

    fn describe_in(state: &Rumble, event: &Event, _speaker: &Speaker) -> String {
        words::describe(state, event)
    }

    /// The person alone at a table of computers is marked "(you)", and so are that seat's heroes
    /// on the table (not with friends on other devices: every device tells the match alike).
    fn seat_names(state: &Rumble, seats: &Seats) -> Option<Vec<String>> {
        let alone = seats.0.iter().filter(|c| **c == Controller::Person).count() == 1 && seats.has_computer() && !seats.has_remote();
        Some(
            state
                .seats
                .iter()
                .enumerate()
                .map(|(i, (name, role))| match (seats.0.get(i), role) {
                    (Some(Controller::Computer(level)), _) => format!("{name} (computer, {})", level.label().to_ascii_lowercase()),
                    (_, dojo_games::rumble::Role::Moderator) => format!("{name} (moderator)"),
                    (Some(Controller::Person), _) if alone => format!("{name}{}", crate::games::rumble::table::YOU),
                    _ => name.clone(),
                })
                .collect(),
        )
    }

    fn check_view(view: &RumbleView, seat: Seat) -> Result<(), String> {
        check_view(view, seat)
    }

    /// The auction's bids are in the position until it is settled: a shared device saves none
    /// of its steps (a reload starts the auction again).
    fn face_down(state: &Rumble) -> bool {
        in_auction(state)
    }

    /// A moderator's adjustment goes straight back to the moderator; everything else is shown.
    fn shows_reveal(events: &[Event]) -> bool {
        events.iter().any(|e| !matches!(e, Event::Adjusted { .. }))
    }
}

/// The setup of the next game after `s`: the same table and powers, a fresh auction.
pub fn rematch(s: &Session, seed: u64) -> Setup {
    let t = s.public_view().table;
    Setup {
        seats: t.seats.iter().map(|(name, role)| dojo_games::rumble::SeatSetup { name: name.clone(), role: *role }).collect(),
        powers: t.lots.clone(),
        invented: t.invented.clone(),
        seed,
        start: Start::Auction,
        round_limit: t.round_limit,
        genre: words::words().id.to_string(),
    }
}

/// Checks a view saved against the computer before a position is dealt from it: the person's
/// seat, and every hero, power, bid and Attack it names inside the table.
fn check_view(v: &RumbleView, person: Seat) -> Result<(), String> {
    let t = &v.table;
    if v.observer != Observer::Seat(person) || person.index() >= t.seats.len() {
        return Err("it is not the view of your seat".into());
    }
    let (seats, heroes, lots) = (t.seats.len(), t.heroes.len(), t.lots.len());
    if !(2..=8).contains(&seats) || heroes > seats + 1 || heroes < 2 {
        return Err("its table has the wrong number of seats or heroes".into());
    }
    let power_ok = |p: &PowerRef| match p {
        PowerRef::Invented(i) => usize::from(*i) < t.invented.len(),
        PowerRef::Set(_) => true,
    };
    let bad = || Err("it names a hero, power or seat that is not at the table".to_string());
    if t.heroes.iter().any(|h| usize::from(h.seat) >= seats || !h.powers.iter().all(|p| power_ok(&p.power)))
        || !t.lots.iter().all(power_ok)
        || t.invented.iter().any(|p| usize::from(p.author) >= seats)
    {
        return bad();
    }
    for (i, (_, role)) in t.seats.iter().enumerate() {
        let own = t.heroes.iter().filter(|h| usize::from(h.seat) == i && !h.sidekick).count();
        if own != usize::from(role.plays()) {
            return bad();
        }
    }
    let hero_ok = |h: u8| usize::from(h) < heroes;
    let slot_ok = |h: u8, s: u8| t.heroes.get(usize::from(h)).is_some_and(|x| usize::from(s) < x.powers.len());
    if !t.to_give.iter().all(|(h, s)| slot_ok(*h, *s)) || !t.to_settle.iter().all(|h| hero_ok(*h)) {
        return bad();
    }
    match &t.auction {
        Some(a) => {
            let shaped = a.bids.len() == heroes && a.bids.iter().all(|b| b.len() == lots) && a.flags.len() == heroes;
            let flags = a.flags.iter().flatten().all(|l| usize::from(*l) < lots);
            let rebids = a.rebids.iter().all(|(l, tied)| usize::from(*l) < lots && tied.iter().all(|h| hero_ok(*h)))
                && a.rebidding.iter().all(|h| hero_ok(*h));
            if !shaped || !flags || !rebids {
                return Err("its auction does not fit the table".into());
            }
        }
        None if matches!(t.phase, Phase::Bidding | Phase::Rebidding) => return Err("its auction is missing".into()),
        None => {}
    }
    if matches!(t.phase, Phase::Allocating | Phase::Revealing | Phase::Moderating | Phase::Blocking) {
        let f = &t.fight;
        let square = |m: &Vec<Vec<i32>>| m.len() == heroes && m.iter().all(|r| r.len() == heroes);
        if f.allocations.len() != heroes || f.choices.len() != heroes || f.start_energy.len() != heroes {
            return Err("its round does not fit the table".into());
        }
        for (h, a) in f.allocations.iter().enumerate() {
            let Some(a) = a else { continue };
            let fits = a.attacks.iter().all(|(x, _)| hero_ok(*x))
                && a.uses.iter().all(|u| slot_ok(h as u8, u.slot) && u.target.is_none_or(hero_ok));
            if !fits {
                return Err("its round does not fit the table".into());
            }
        }
        let later = matches!(t.phase, Phase::Moderating | Phase::Blocking);
        let matrices = square(&f.attack)
            && square(&f.blocked)
            && f.defense.len() == heroes
            && f.unblockable.len() == heroes
            && f.unblockable.iter().all(|r| r.len() == heroes);
        if later && (!matrices || !f.to_block.iter().all(|h| hero_ok(*h))) {
            return Err("its round does not fit the table".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Seats;
    use dojo_bot::Level;
    use dojo_engine::Rng;
    use dojo_games::rumble::catalog::{self, PowerId};
    use dojo_games::rumble::{Act, Allocation, Decision};

    /// The audit's "Your games" entry said 16 steps where its replay had 15: the shared record
    /// seals the auction's bids into fewer steps. The entry now counts the replay's steps.
    #[test]
    fn a_finished_games_entry_counts_the_steps_its_replay_shows() {
        use dojo_games::registry::{Sampled, Table};
        let setup = dojo_games::rumble::Rumble::seeded_setup(4, Table::of(3)).unwrap();
        let mut s = Session::new(Seats::against_computer(Level::Easy, 3), &setup).unwrap();
        let mut rng = Rng::new(9);
        for _ in 0..2_000 {
            if s.is_over() {
                break;
            }
            s.random_step(&mut rng);
        }
        assert!(s.is_over());
        let entry = s.history_entry(1.0, "x".into()).unwrap();
        let replay = s.shared().unwrap().record.actions.len();
        assert_eq!(entry.steps, replay, "the entry and its replay agree");
        assert_ne!(s.steps(), replay, "this game is one whose shared record folds steps together");
    }

    #[test]
    fn the_lesson_plays_as_written_and_the_person_is_the_last_hero_standing() {
        let lesson = RumbleSite::lesson().unwrap();
        let end = crate::play::lesson::check(&lesson);
        let outcome = dojo_engine::Game::outcome(&end).expect("the lesson plays the game to its end");
        assert_eq!(outcome.places[0], vec![Seat(0)], "Mantisman is the last hero standing");
        assert_eq!(end.heroes[0].energy, 80, "no damage got through his Defense");
    }

    fn setup(n: usize) -> Setup {
        let names: Vec<String> = (1..=n).map(|i| format!("Hero {i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Setup::heroes(&names, vec![PowerId::ToughSkin, PowerId::Regeneration, PowerId::LaserEyes], 3)
    }

    /// Every person gives a menu action until the step can be played; computers decide.
    #[test]
    fn a_shared_device_saves_no_bid_nor_seed_and_resumes_after_the_auction() {
        let mut s = Session::new(Seats::people(3), &setup(3)).unwrap();
        assert_eq!(s.save(), None, "nothing is saved while the auction runs");
        // Everyone bids 30 on Tough Skin: a tie, re-bid.
        for seat in Seat::all(3) {
            s.give(seat, Act::Bid { bids: vec![30, 7 + seat.0 as u16, 0], might_discard: vec![] }).unwrap();
        }
        s.play().unwrap();
        assert_eq!(s.public_view().table.phase, Phase::Rebidding);
        assert_eq!(s.save(), None, "a standing bid is never saved");
        for (seat, bid) in [(0, 40), (1, 10), (2, 0)] {
            s.give(Seat(seat), Act::Rebid(vec![bid])).unwrap();
        }
        s.play().unwrap();
        assert_eq!(s.public_view().table.phase, Phase::Allocating);
        let json = s.save().unwrap();
        assert!(!json.contains("\"Bid\"") && !json.contains("\"Rebid\""), "{json}");
        for secret in ["\"seed\"", "\"record\"", "\"setup\""] {
            assert!(!json.contains(secret), "{secret} in a shared device's save: {json}");
        }
        // A view's copy of the table carries its random state blanked.
        assert_eq!(json.matches("\"rng\":").count(), json.matches("\"rng\":{\"state\":0}").count(), "{json}");
        let back = Session::load(&json, 1).unwrap();
        assert_eq!(back.public_view(), s.public_view());
        for seat in Seat::all(3) {
            assert_eq!(back.view(seat), s.view(seat));
        }
        assert_eq!(back.log(), s.log(), "the auction's log is kept as text");
        assert!(back.log().iter().any(|l| l.text == "Hero 1 wins Tough Skin for 40."), "{:?}", back.log());
        assert!(back.log().iter().any(|l| l.text == "Hero 3 wins Regeneration for 9."), "{:?}", back.log());
        assert!(
            !back.log().iter().any(|l| l.text.contains("30") || l.text.contains(" 7") || l.text.contains(" 8")),
            "no losing bid in the log"
        );
        // A second save after the reload keeps the same log.
        let mut back = back;
        let mut rng = Rng::new(4);
        back.random_step(&mut rng);
        let again = Session::load(&back.save().unwrap(), 2).unwrap();
        assert_eq!(again.log(), back.log());
    }

    #[test]
    fn games_play_to_the_end_with_people_and_computers() {
        for (i, seats) in
            [Seats::against_computer(Level::Easy, 4), Seats::people(3), Seats::against_computer(Level::Easy, 6)].into_iter().enumerate()
        {
            let count = seats.count();
            let mut s = Session::new(seats, &setup(count)).unwrap();
            let mut rng = Rng::new(i as u64 + 5);
            s.play_out_checking_saves(&mut rng, 600, 5);
            assert!(s.log().iter().any(|l| l.text.contains("wins the game") || l.text.contains("share the win")), "{:?}", s.log().last());
        }
    }

    #[test]
    fn the_computer_bids_without_leaking_and_the_person_sees_only_their_bids() {
        let mut s = Session::new(Seats::against_computer(Level::Easy, 3), &setup(3)).unwrap();
        let mut rng = Rng::new(9);
        assert_eq!(s.decision(Seat(0)), Some(Decision::Bid));
        s.give(Seat(0), Act::Bid { bids: vec![50, 0, 0], might_discard: vec![] }).unwrap();
        while let Some(seat) = s.computer_to_move() {
            s.computer_decide(seat, &mut rng).unwrap();
        }
        s.play().unwrap();
        let json = s.save().unwrap();
        let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
        // Once the auction settles, the bids are gone from the state, so no save can hold one.
        assert!(saved["match"]["View"]["view"]["table"].is_object(), "the save holds the person's view: {json}");
        assert!(saved["match"]["View"]["view"]["table"]["auction"].is_null(), "a settled auction keeps no bid: {json}");
        assert!(!json.contains("\"Bid\""), "no bid sheet is saved: {json}");
        let _ = Session::load(&json, 3).unwrap();
    }

    #[test]
    fn the_person_alone_is_you_and_a_restored_game_speaks_of_no_cards() {
        use crate::games::rumble::table::YOU;
        let alone = Session::new(Seats::against_computer(Level::Easy, 3), &setup(3)).unwrap();
        let names = alone.names();
        assert!(names[0].ends_with(YOU) && !names[1].ends_with(YOU) && !names[2].ends_with(YOU), "{names:?}");
        let people = Session::new(Seats::people(3), &setup(3)).unwrap();
        assert!(!people.names().iter().any(|n| n.ends_with(YOU)), "no one is 'you' at a shared device");
        let (_, notice) = crate::play::page::welcome::<RumbleSite>(&alone.save().unwrap(), 1).unwrap();
        assert!(notice.starts_with("Welcome back") && !notice.contains("card"), "{notice}");
        let (text, section) = RumbleSite::goal(Some(&alone.public_view()));
        assert!(text.contains("last hero standing wins") && text.contains("After round 30"), "{text}");
        assert!(dojo_games::rumble::RULES_TEXT.contains(&format!("{{#{section}}}")));
    }

    #[test]
    fn an_allocation_is_refused_in_the_engines_words() {
        let mut s = Session::new(Seats::people(2), &Setup::heroes(&["A", "B"], vec![], 1)).unwrap();
        assert_eq!(s.public_view().table.phase, Phase::Allocating);
        let too_much = Act::Allocate(vec![Allocation { defense: 90, attacks: vec![(1, 20)], ..Allocation::default() }]);
        assert_eq!(s.give(Seat(0), too_much).unwrap_err(), "that puts in 110 Energy but the hero has 100");
        assert!(catalog::all().len() == 49);
    }

    #[test]
    fn a_tampered_view_is_refused_in_words() {
        let s = Session::new(Seats::against_computer(Level::Easy, 3), &setup(3)).unwrap();
        let json = s.save().unwrap();
        let tamper = |f: &dyn Fn(&mut serde_json::Value)| Session::load_tampered(&json, f);
        assert!(tamper(&|v| v["observer"] = serde_json::json!({ "Seat": 1 })).contains("not the view of your seat"));
        assert!(tamper(&|v| v["table"]["heroes"][1]["seat"] = serde_json::json!(7)).contains("not at the table"));
        assert!(tamper(&|v| v["table"]["auction"]["bids"][0] = serde_json::json!([1])).contains("auction"));
        assert!(tamper(&|v| v["table"]["auction"]["rebidding"] = serde_json::json!([9])).contains("auction"));
    }

    #[test]
    fn the_print_tests_power_list_link_holds_two_typed_powers() {
        use dojo_games::rumble::share::PowerList;
        use dojo_games::rumble::{CostKind, Invented, catalog::Kind};
        let typed = |author, name: &str, text: &str| Invented {
            author,
            name: name.into(),
            text: text.into(),
            kind: Kind::Normal,
            cost: None,
            activate: None,
            exhaust: None,
            targets: false,
        };
        let list = PowerList {
            set: vec![PowerId::Flight, PowerId::ToughSkin],
            typed: vec![
                Invented {
                    cost: Some((CostKind::Spend, Some(10))),
                    targets: true,
                    ..typed(0, "Zap <i>Ray</i>", "Spend 10 and name a hero: they lose 15 Energy.")
                },
                Invented { exhaust: Some(1), ..typed(1, "Iron Will", "Once per game, ignore one Attack.") },
            ],
        };
        let piece = "1.eyJzZXQiOlsiRmxpZ2h0IiwiVG91Z2hTa2luIl0sInR5cGVkIjpbeyJhdXRob3IiOjAsIm5hbWUiOiJaYXAgPGk-UmF5PC9pPiIsInRleHQiOiJTcGVuZCAxMCBhbmQgbmFtZSBhIGhlcm86IHRoZXkgbG9zZSAxNSBFbmVyZ3kuIiwia2luZCI6Ik5vcm1hbCIsImNvc3QiOlsiU3BlbmQiLDEwXSwiYWN0aXZhdGUiOm51bGwsImV4aGF1c3QiOm51bGwsInRhcmdldHMiOnRydWV9LHsiYXV0aG9yIjoxLCJuYW1lIjoiSXJvbiBXaWxsIiwidGV4dCI6Ik9uY2UgcGVyIGdhbWUsIGlnbm9yZSBvbmUgQXR0YWNrLiIsImtpbmQiOiJOb3JtYWwiLCJjb3N0IjpudWxsLCJhY3RpdmF0ZSI6bnVsbCwiZXhoYXVzdCI6MSwidGFyZ2V0cyI6ZmFsc2V9XX0";
        assert_eq!(list.to_link(), piece, "tests/e2e/print-rumble.test.mjs holds this piece");
        assert_eq!(PowerList::from_link(piece).unwrap(), list);
    }
}
