//! Tests of [`super`]: the explanations' text read back, and the panels drawn from it.
use super::*;
use crate::games::punish::session::PunishSite as Site;
use dojo_games::punish::{Options, Punish, Setup};

fn frozen_clock() -> f64 {
    0.0
}

#[test]
fn the_explaining_worker_decides_as_the_plain_one_and_says_what_it_expected_only_when_asked() {
    let state = Punish::from_setup(&Setup::deal(3, Options::default())).unwrap();
    let request = |explain| {
        serde_json::to_string(&Request::<Punish> { view: state.view_for(Seat(1)), seat: Seat(1), level: Level::Hard, seed: 9, explain })
            .unwrap()
    };
    let plain = super::super::think::answer_plain::<Punish>(&request(false), frozen_clock).unwrap();
    let explained = answer::<Site>(&request(true), frozen_clock).unwrap();
    let (action, lines) = explained.split_once('\n').expect("an explanation follows the action");
    assert_eq!(action, plain, "explaining changes nothing of the decision");
    assert!(lines.starts_with("P\t"), "{lines}");
    assert_eq!(answer::<Site>(&request(false), frozen_clock).unwrap(), plain, "nothing explained unless asked");
}

/// Plays a match of `T` against the Easy computer with explanations on and checks each:
/// the shares are hundredths, a game whose options would tell a hidden hand names none of
/// the computer's but what it played, and what is kept of the person's lines names only
/// options the person had. Returns how many explanations named the person's choice.
fn check_explained<T: crate::play::OnSite>(setup: &<T::G as Game>::Setup, seats: usize, seed: u64) -> usize {
    let mut session = crate::play::Session::<T>::new(crate::play::Seats::against_computer(Level::Easy, seats), setup).unwrap();
    let mut rng = Rng::new(seed);
    let mut with_person = 0;
    let text = session.explained_play(&mut rng, 12);
    let whys = whys::<T>(&read::<T::G>(&text));
    assert!(!whys.is_empty(), "the computer explained itself");
    for why in whys {
        assert!(!why.played.is_empty(), "{why:?}");
        let total: u32 = why.mine.iter().map(|(_, p)| u32::from(*p)).sum();
        assert!((95..=105).contains(&total), "the computer's options add up to about 100: {why:?}");
        if T::hides_options(&session.public_view()) {
            assert!(why.mine.iter().all(|(w, _)| *w == why.played || w == "another choice"), "a hidden option named: {why:?}");
        }
        for (seat, lines) in &why.theirs {
            let chose = why.chosen.iter().find(|(s, _)| s == seat);
            assert!(lines.is_empty() || chose.is_some(), "lines kept for a seat that is no person's: {why:?}");
            if lines.iter().any(|(w, _, _)| Some(w) == chose.map(|(_, c)| c)) {
                with_person += 1;
            }
            assert!(lines.iter().all(|(_, p, c)| *p <= 100 && *c <= 100), "{why:?}");
        }
    }
    with_person
}

#[test]
fn every_game_explains_its_computer_in_words_that_hide_what_it_holds() {
    use crate::games;
    use dojo_games::{dragon_punch, fusion, rumble, taunt};
    let punish = check_explained::<games::punish::session::PunishSite>(&Setup::deal(3, Options::default()), 2, 1);
    let taunt = check_explained::<games::taunt::play::session::TauntSite>(
        &taunt::Setup::new([taunt::FighterId::Tuggle, taunt::FighterId::TeaBot], taunt::Options::default()),
        2,
        2,
    );
    let dragon = check_explained::<games::dragon_punch::play::session::DragonPunchSite>(
        &dragon_punch::Setup::standard(games::dragon_punch::sets::ours(), [0, 1]),
        2,
        3,
    );
    let rumble_setup = rumble::Setup::heroes(&["A", "B"], vec![rumble::catalog::PowerId::ToughSkin], 4);
    // Rumble's computer weighs its allocations by playing each out, with no guess at the person's.
    assert_eq!(check_explained::<games::rumble::play::session::RumbleSite>(&rumble_setup, 2, 4), 0);
    let fusion_setup =
        fusion::Setup::sample(1, fusion::Conflict::Throwdown { challenger: 0, stakes: "The gate".into(), threats: vec![0] }, 5);
    check_explained::<games::fusion::play::session::FusionSite>(&fusion_setup, 2, 5);
    // In the games where both choose at once, the computer's guesses include the person's choices.
    for (game, named) in [("PUNISH", punish), ("TAUNT", taunt), ("DRAGON PUNCH", dragon)] {
        assert!(named > 0, "{game}: no explanation weighed the person's own choice");
    }
}

#[test]
fn an_explained_answer_reads_back_as_it_was_written_and_a_broken_one_is_refused() {
    let why = Why {
        step: 0,
        seat: Seat(1),
        played: "Strike".into(),
        mine: vec![("Strike".into(), 60), ("another choice".into(), 40)],
        theirs: Vec::new(),
        chosen: Vec::new(),
    };
    let card = |c| dojo_games::punish::Play::card(c);
    use dojo_games::punish::Card;
    let thought = Thought::<Punish> {
        action: card(Card::Strike),
        why: Some(why),
        expected: vec![(Seat(0), vec![(card(Card::Dodge), 70, 35), (card(Card::Rush), 30, 80)])],
    };
    let wire = thought.to_wire().unwrap();
    assert_eq!(Thought::<Punish>::from_wire(&wire, Seat(1)).unwrap(), thought);
    let plain = Thought::<Punish> { action: card(Card::Guard), why: None, expected: Vec::new() };
    assert_eq!(Thought::<Punish>::from_wire(&plain.to_wire().unwrap(), Seat(1)).unwrap(), plain);
    for broken in [format!("{wire}\nX\t1"), format!("{wire}\nE\t0\t300\t1\t{{}}"), "M\t5".to_string()] {
        assert!(
            Thought::<Punish>::from_wire(&broken, Seat(1)).unwrap_err().starts_with("the computer's answer cannot be read"),
            "{broken}"
        );
    }
}

#[test]
fn lines_are_ordered_likeliest_first_and_equal_ones_keep_their_order() {
    let mut lines = vec![("a", 1.0), ("b", 3.0), ("c", 1.0), ("d", 2.0)];
    likeliest_first(&mut lines, |l| l.1);
    assert_eq!(lines.iter().map(|l| l.0).collect::<String>(), "bdac");
}

#[test]
fn a_session_asks_for_the_panel_of_the_step_just_played_and_for_the_end_once_over() {
    let mut session = crate::play::Session::<Site>::new(
        crate::play::Seats::against_computer(Level::Easy, 2),
        &Setup::deal(5, Options { best_of: 1, ..Options::default() }),
    )
    .unwrap();
    let mut rng = Rng::new(5);
    session.explained_play(&mut rng, 1);
    let request = session.explain_request(None).expect("the step just played was explained");
    assert!(request.contains("Q\t0\n"), "{request}");
    assert_eq!(request.contains("O\n"), session.is_over(), "{request}");
    assert!(why_html::<Site>(&request).contains("What the computer expected"));
    session.explained_play(&mut rng, 400);
    assert!(session.is_over());
    let end = session.explain_request(Some("PIECE")).expect("the end is always told");
    assert!(end.contains("O\n") && end.contains("L\tpunish\tPIECE\n"), "{end}");
}

/// Against the computer, a reload keeps what it was seen to expect at the steps revealed:
/// the end's panel still has every decision, and the save holds nothing of the step not
/// yet played.
#[test]
fn explanations_of_revealed_steps_survive_a_reload() {
    let mut session = crate::play::Session::<Site>::new(
        crate::play::Seats::against_computer(Level::Easy, 2),
        &Setup::deal(5, Options { best_of: 1, ..Options::default() }),
    )
    .unwrap();
    let mut rng = Rng::new(8);
    let before = session.explained_play(&mut rng, 3);
    assert!(before.matches("S\t").count() >= 3, "{before}");
    // The computer has decided the next step, unseen: the save must not hold it.
    let seat = session.computer_to_move().expect("the computer decides the next step");
    let lines = session.computer_think_here(seat, 1).unwrap();
    session.keep_explained(seat, &lines);
    let next = session.steps();
    let json = session.save().unwrap();
    assert!(!json.contains(&format!("S\\t{next}\\t")), "the step not yet played is not saved: {json}");
    let back = crate::play::Session::<Site>::load(&json, 99).unwrap();
    let kept = back.explain_request(None);
    assert_eq!(kept, None, "no panel until the next reveal");
    let mut back = back;
    let after = back.explained_play(&mut rng, 400);
    assert!(back.is_over());
    for step in 0..next {
        assert!(after.contains(&format!("S\t{step}\t")), "step {step} was kept: {after}");
    }
    assert!(why_html::<Site>(&back.explain_request(None).unwrap()).contains("What the computer expected"));
}

#[test]
fn only_revealed_steps_and_the_persons_own_lines_are_kept() {
    let text = "N\t0\tAnn\nS\t0\t1\nP\tGuard\nM\t60\tGuard\nE\t0\t50\t40\t\"Rush\"\nE\t2\t50\t40\t\"Rush\"\nV\t0\t0\t{}\nC\t0\t0\t\"Rush\"\nQ\t0\nS\t1\t1\nP\tRush\nE\t0\t9\t9\t\"Guard\"\nV\t1\t0\t{}\n";
    let kept = crate::play::session::kept_explanations(text, 1, Seat(0));
    assert_eq!(kept, "S\t0\t1\nP\tGuard\nM\t60\tGuard\nE\t0\t50\t40\t\"Rush\"\nV\t0\t0\t{}\nC\t0\t0\t\"Rush\"\n");
    assert_eq!(crate::play::session::kept_explanations(text, 0, Seat(0)), "");
}

#[test]
fn the_panels_say_what_was_expected_in_words_and_name_every_seat_safely() {
    let text = [
        "N\t0\t<b>Ann</b>",
        "N\t1\tThe computer",
        "Y\t0",
        "Q\t0",
        "L\tpunish\tPIECE",
        "S\t0\t1",
        "P\tDodge",
        "M\t60\tDodge",
        "M\t40\tanother choice",
        "E\t0\t70\t30\t{\"card\":\"Strike\"}",
        "E\t0\t30\t80\t{\"card\":\"Rush\"}",
    ]
    .join("\n");
    use dojo_games::punish::Card::{Dodge, Guard, Punish as P, Rush, Strike};
    let setup =
        Setup::arranged([&[Dodge, Strike, Rush, Guard, P], &[Strike, Rush, P, Guard, Dodge]], &[Guard, Dodge], Options::default()).unwrap();
    let state = Punish::from_setup(&setup).unwrap();
    let view = serde_json::to_string(&state.view_for(Seat(0))).unwrap();
    let text = format!("{text}\nV\t0\t0\t{view}\nC\t0\t0\t{{\"card\":\"Rush\"}}\n");
    let html = why_html::<Site>(&text);
    assert!(html.contains("The computer played Dodge. It would have played: Dodge 60%, another choice 40%."), "{html}");
    assert!(html.contains("It expected you to choose:"), "{html}");
    assert!(html.contains("What it feared most: you choosing Strike, which left it 30 chances in 100."), "{html}");
    let end = why_html::<Site>(&format!("O\n{text}"));
    assert!(end.contains("Step 1: you chose Rush; the computer thought Strike would have left it 50 fewer chances in 100."), "{end}");
    assert!(end.contains("href=\"/watch/punish?step=1#PIECE\""), "{end}");
    // A name is text, never markup.
    let named = why_html::<Site>(&text.replace("Y\t0\n", ""));
    assert!(named.contains("&lt;b&gt;Ann&lt;/b&gt;") && !named.contains("<b>"), "{named}");
    // A step with no explanation draws nothing.
    assert_eq!(why_html::<Site>(&text.replace("Q\t0", "Q\t3")), "");
}
