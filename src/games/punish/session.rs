//! PUNISH as its play page runs it: the [`crate::play::OnSite`] answers the shared play machine
//! needs (how events read, when a plan is face down, how a Blindfolded player plans a whole
//! measure ahead, what a saved view must satisfy). Plain Rust, tested natively.
//!
//! Secret picks wait in the [`Session`] until every acting seat has picked; a Blindfolded
//! player enters a whole measure's plan before handing the device over. What is saved holds no
//! secret of the computer (against it, only the person's view) and no unrevealed pick or plan
//! (on a shared device, only the record up to the last step with nothing face down).

use crate::play::OnSite;
use crate::play::lesson::{Lesson, Step};
use dojo_engine::{Game, Observer, Seat};
use dojo_games::Speaker;
use dojo_games::punish::{Card, Decision, Event, Options, Play, Punish, PunishView, Setup};

/// PUNISH on the play page.
#[derive(Clone, Debug, PartialEq)]
pub struct PunishSite;

/// A PUNISH match on the page.
pub type Session = crate::play::Session<PunishSite>;

impl OnSite for PunishSite {
    type G = Punish;
    const SAVE_KEY: &'static str = "pocket-dojo/punish";
    const NOUN: &'static str = "match";

    fn option_words(_view: &PunishView, _seat: Seat, play: &Play) -> String {
        if play.feint { format!("{} (Feint)", play.card) } else { play.card.to_string() }
    }

    /// A hand is dealt from the shuffled deck: the computer's other cards stay unnamed.
    fn hides_options(_view: &PunishView) -> bool {
        true
    }

    fn goal(view: Option<&PunishView>) -> (String, &'static str) {
        let options = view.map(|v| v.options).unwrap_or_default();
        let games = match options.wins_needed() {
            1 => "One game decides the match.".to_string(),
            n => format!("The first to win {n} games takes the match."),
        };
        (format!("A fighter who drops to zero hearts loses the game at once. {games}"), "winning")
    }

    /// A first match of three breaths: Dodge stops a later hit, both fighters take a hit in
    /// priority order, and a Rush takes the last heart before a Punish can resolve.
    fn lesson() -> Option<Lesson<Punish>> {
        use Card::{Dodge, Guard, Punish as P, Rush, Strike};
        let options = Options { best_of: 1, ..Options::default() };
        let setup = Setup::arranged([&[Dodge, Strike, Rush, Guard, P], &[Strike, Rush, P, Guard, Dodge]], &[Guard, Dodge], options).ok()?;
        let step = |say, point, you: Card, them: Card| Step { say, point, inputs: vec![Some(Play::card(you)), Some(Play::card(them))] };
        Some(Lesson {
            title: "A first match",
            seats: 2,
            setup,
            steps: vec![
                step(
                    "You both have 3 hearts, and whoever loses all of theirs loses. Each breath you both choose a card in secret and show them together; the lower number on a card resolves first. Play Dodge (3): any hit that would land after it does nothing.",
                    "[data-testid=\"pick-dodge\"]",
                    Dodge,
                    Strike,
                ),
                step(
                    "Played cards stay face up until the measure ends, so you can count what the other fighter has left. Rush (2) deals 1 and Strike (4) deals 2: play Strike, and both of you will be hit, the faster card first.",
                    "[data-testid=\"pick-strike\"]",
                    Strike,
                    Rush,
                ),
                step(
                    "The computer is down to 1 heart. A hit that takes a fighter's last heart ends the game at once, before their own card resolves. Play Rush (2): nothing but a Guard is faster.",
                    "[data-testid=\"pick-rush\"]",
                    Rush,
                    P,
                ),
            ],
            done: "Your Rush took the last heart before the computer's Punish (3 damage, but priority 5) could land. A real match is best of three games; after every four breaths, a measure, the cards are shuffled and dealt again.",
        })
    }

    fn describe(event: &Event, speaker: &Speaker) -> String {
        event.describe_with(speaker)
    }

    fn check_view(view: &PunishView, seat: Seat) -> Result<(), String> {
        check_view(view, seat)
    }

    fn face_down(state: &Punish) -> bool {
        face_down(state)
    }

    /// A Blindfolded player goes on planning while the measure's plan is not complete: the
    /// next slot to plan is a later breath of the same plan (a new measure or game starts
    /// again at breath 1).
    fn plans_ahead(before: &Punish, after: &Punish, seat: Seat) -> bool {
        match (before.decision(seat), after.decision(seat)) {
            (Some(Decision::Plan { breath: was }), Some(Decision::Plan { breath: next })) => next > was,
            _ => false,
        }
    }
}

/// True when some Blindfolded plan holds a card not yet revealed.
fn face_down(state: &Punish) -> bool {
    state.public_view().plan_slots.0.iter().flatten().any(|card| *card)
}

/// Checks a view saved against the computer before a state is dealt from it: `person`'s
/// seat, two of everything, sane numbers, no card seen more often than the deck holds, and
/// exactly as many unseen cards as the computer's hand, plan and the deck hold.
fn check_view(v: &PunishView, person: Seat) -> Result<(), String> {
    if v.observer != Observer::Seat(person) || person.index() > 1 {
        return Err("it is not the view of your seat".into());
    }
    let two = [v.wins.len(), v.hearts.len(), v.statuses.len(), v.hand_sizes.len(), v.feint_used.len(), v.plan_slots.len()];
    if two.iter().any(|n| *n != 2) {
        return Err("it does not have two players".into());
    }
    let o = &v.options;
    if o.best_of.is_multiple_of(2) || !(1..=9).contains(&o.best_of) || !(1..=9).contains(&o.hearts) {
        return Err("its options are out of range".into());
    }
    if v.hearts.0.iter().any(|h| *h > o.hearts) || v.wins.0.iter().any(|w| *w > o.wins_needed()) {
        return Err("its hearts or wins are out of range".into());
    }
    let slots = usize::from(o.breaths_per_measure());
    if !(1..=o.breaths_per_measure()).contains(&v.breath) || v.plan_slots.0.iter().any(|p| p.len() > slots) || v.my_plan.len() > slots {
        return Err("its breath or plans are out of range".into());
    }
    let mine = v.my_plan.iter().map(Option::is_some).collect::<Vec<_>>();
    if v.hand.len() != usize::from(v.hand_sizes.0[person.index()]) || mine != v.plan_slots.0[person.index()] {
        return Err("your hand or plan does not match its size".into());
    }
    let seen = v.hand.len() + v.my_plan.iter().flatten().count() + v.revealed.len() + v.discard.len();
    if seen + v.unseen().len() != Card::full_deck().len() {
        return Err("it shows more copies of a card than the deck holds".into());
    }
    let theirs = person.index() ^ 1;
    let hidden = usize::from(v.hand_sizes.0[theirs]) + v.plan_slots.0[theirs].iter().filter(|f| **f).count() + usize::from(v.deck_size);
    if hidden != v.unseen().len() {
        return Err("the computer's hand, plan and the deck do not add up to the unseen cards".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Seats;
    use dojo_bot::Level;
    use dojo_engine::{GameRecord, HiddenFuture, Rng};

    #[test]
    fn the_lesson_plays_as_written_and_the_person_wins_its_game() {
        let lesson = PunishSite::lesson().unwrap();
        let end = crate::play::lesson::check(&lesson);
        assert_eq!(end.outcome().map(|o| o.winning_seats().to_vec()), Some(vec![Seat(0)]), "the Rush takes the last heart first");
        assert_eq!(end.public_view().hearts, dojo_engine::PerSeat(vec![2, 0]));
    }

    fn hot_seat(options: Options, seed: u64) -> Session {
        Session::new(Seats::people(2), &Setup::deal(seed, options)).unwrap()
    }

    #[test]
    fn picks_stay_pending_until_every_acting_seat_has_given() {
        let mut s = hot_seat(Options::default(), 7);
        assert_eq!(s.next_person(), Some(Seat(0)));
        let card = s.view(Seat(0)).hand.to_vec()[0];
        s.give(Seat(0), Play::card(card)).unwrap();
        assert!(!s.ready());
        assert_eq!(s.next_person(), Some(Seat(1)));
        // Nothing of the pick is in the other seat's view or in the save.
        assert_eq!(s.view(Seat(1)), Session::load(&s.save().unwrap(), 1).unwrap().view(Seat(1)));
        assert!(s.record().unwrap().actions.is_empty());
        let card = s.view(Seat(1)).hand.to_vec()[0];
        s.give(Seat(1), Play::card(card)).unwrap();
        assert!(s.ready());
        s.play().unwrap();
        assert_eq!(s.record().unwrap().actions.len(), 1);
        assert!(!s.log().is_empty());
    }

    #[test]
    fn the_log_calls_players_by_the_names_the_page_uses() {
        let mut s = Session::new(Seats::against_computer(Level::Medium, 2), &Setup::deal(5, Options::default())).unwrap();
        for seat in [Seat(0), Seat(1)] {
            let card = s.view(seat).hand.to_vec()[0];
            s.give(seat, Play::card(card)).unwrap();
        }
        s.play().unwrap();
        assert!(s.log()[0].text.starts_with("Breath 1: You show "), "{}", s.log()[0].text);
        assert!(s.log()[0].text.contains("Computer (Medium) shows"));
    }

    #[test]
    fn a_blindfolded_player_plans_the_whole_measure_before_handing_over() {
        let mut s = hot_seat(Options { blindfolded: true, best_of: 1, ..Options::default() }, 8);
        let p2_view = s.view(Seat(1));
        let mut planned = 0;
        while s.next_person() == Some(Seat(0)) {
            let v = s.own_view(Seat(0));
            assert_eq!(v.hand.len(), 5 - planned, "the hand shrinks as cards are planned");
            let card = v.hand.distinct().find(|c| *c != Card::Punish).unwrap();
            s.give(Seat(0), Play::card(card)).unwrap();
            planned += 1;
        }
        assert_eq!(planned, 4, "four breaths planned in one go");
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert_eq!(s.view(Seat(1)), p2_view, "nothing of Player 1's plan reaches Player 2's view");
        assert!(s.record().unwrap().actions.is_empty());
        while s.next_person() == Some(Seat(1)) {
            let card = s.own_view(Seat(1)).hand.to_vec()[0];
            s.give(Seat(1), Play::card(card)).unwrap();
        }
        let events = s.play().unwrap();
        assert!(events.iter().any(|e| matches!(e, Event::Revealed { breath: 1, .. })));
        assert!(s.record().unwrap().actions.len() >= 3, "each planned breath is its own step in the record");
        assert!(!s.has_given(Seat(0)) && !s.has_given(Seat(1)));
        assert_eq!(Session::load(&s.save().unwrap(), 1).unwrap().view(Seat(0)), s.view(Seat(0)));
    }

    #[test]
    fn a_blindfolded_plan_waits_while_the_computer_plans_breath_by_breath() {
        for seed in 0..20 {
            let options = Options { blindfolded: true, ..Options::default() };
            let mut s = Session::new(Seats::against_computer(Level::Easy, 2), &Setup::deal(seed, options)).unwrap();
            let mut planned = 0;
            while s.next_person() == Some(Seat(0)) {
                let card = s.own_view(Seat(0)).hand.to_vec()[0];
                s.give(Seat(0), Play::card(card)).unwrap();
                planned += 1;
            }
            assert!(planned >= 3, "seed {seed}: a whole measure is planned in one go ({planned})");
            let mut rng = Rng::new(seed);
            let mut steps = 0;
            loop {
                s.computer_decide(Seat(1), &mut rng).unwrap();
                steps += 1;
                if !s.play().unwrap().is_empty() {
                    break;
                }
                let planned_out = s.has_given(Seat(0)) || !s.acting().contains(&Seat(0));
                assert!(planned_out && s.next_person().is_none(), "seed {seed}: the plan is kept, not asked again");
                assert!(steps < usize::from(options.breaths_per_measure()), "seed {seed}: the measure is revealed by its last breath");
            }
        }
    }

    #[test]
    fn an_illegal_pick_is_refused_with_a_reason() {
        let mut s = Session::new(Seats::against_computer(Level::Easy, 2), &Setup::deal(7, Options::default())).unwrap();
        let missing = Card::ALL.into_iter().find(|c| !s.view(Seat(0)).hand.contains(*c));
        if let Some(card) = missing {
            assert!(s.give(Seat(0), Play::card(card)).unwrap_err().contains("not in their hand"));
        }
        assert_eq!(s.computer_to_move(), Some(Seat(1)));
        assert_eq!(s.next_person(), Some(Seat(0)));
    }

    /// A known deal: Player 1 holds Rush, Guard, Guard, Strike, Dodge; the computer holds
    /// Punish, Punish, Rush, Strike, Dodge; Punish and Dodge are out of play.
    fn known_setup(options: Options) -> Setup {
        use Card::*;
        let mut setup =
            Setup::arranged([&[Rush, Guard, Guard, Strike, Dodge], &[Punish, Punish, Rush, Strike, Dodge]], &[Punish, Dodge], options)
                .unwrap();
        setup.seed = 0x5EED_5EED_5EED;
        setup
    }

    fn vs_bot(options: Options) -> Session {
        let setup = known_setup(options);
        Session::starting(Seats::against_computer(Level::Easy, 2), None, Punish::from_setup(&setup).unwrap())
    }

    /// Plays one step with each seat's first legal pick.
    fn play_first_picks(s: &mut Session) {
        while let Some(seat) = s.acting().into_iter().find(|seat| s.can_give(*seat)) {
            let play = s.lookahead(seat).unwrap().legal_actions(seat)[0];
            s.give(seat, play).unwrap();
        }
        s.play().unwrap();
    }

    #[test]
    fn a_save_against_the_computer_holds_none_of_its_secrets() {
        let mut s = vs_bot(Options::default());
        for _ in 0..2 {
            play_first_picks(&mut s);
        }
        let json = s.save().unwrap();
        for secret in ["record", "seed", "setup", "\"deck\"", "hands", "actions", "104373592874733", "plans"] {
            assert!(!json.contains(secret), "{secret} in {json}");
        }
        assert_eq!(json.matches("\"hand\":").count(), 1, "one hand is listed: the person's");
        let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
        let view = &saved["match"]["View"]["view"];
        assert_eq!(view["observer"], serde_json::json!({ "Seat": 0 }));
        // The computer's hand is a count only; the only hand listed is the person's.
        assert_eq!(view["hand_sizes"][1], s.view(Seat(1)).hand.len());
        assert_eq!(view["hand"], serde_json::to_value(s.view(Seat(0)).hand).unwrap());
        assert_eq!(serde_json::from_value::<PunishView>(view.clone()).unwrap(), s.view(Seat(0)));
        // Nothing else in the save could hold a hand: the log is what the person read.
        let mut keys: Vec<&String> = saved["match"]["View"].as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["last", "log", "view"]);
    }

    #[test]
    fn restoring_against_the_computer_deals_its_cards_afresh_and_shows_the_person_the_same() {
        let mut s = vs_bot(Options::default());
        play_first_picks(&mut s);
        let json = s.save().unwrap();
        let a = Session::load(&json, 1).unwrap();
        assert_eq!(a.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(a.log(), s.log());
        assert!(!s.last_lines().is_empty());
        assert_eq!(a.last_lines(), s.last_lines(), "the last step is told again after a reload");
        assert_eq!(a.steps(), 1);
        assert_eq!(a.save().unwrap(), json, "saving again changes nothing the person sees");
        // Different seeds deal the computer different hands, each consistent with the view.
        let hands: std::collections::HashSet<_> = (0..20).map(|seed| Session::load(&json, seed).unwrap().view(Seat(1)).hand).collect();
        assert!(hands.len() > 1, "the computer's hidden cards are re-dealt at random");
        let mut b = Session::load(&json, 2).unwrap();
        while !b.is_over() && b.steps() < 200 {
            if let Some(seat) = b.computer_to_move() {
                let mut rng = Rng::new(b.steps() as u64);
                b.computer_decide(seat, &mut rng).unwrap();
            }
            play_first_picks(&mut b);
        }
        assert!(b.is_over(), "a restored match plays to its end");
    }

    #[test]
    fn a_blindfolded_computer_plan_is_not_saved() {
        let options = Options { blindfolded: true, ..Options::default() };
        let mut s = vs_bot(options);
        // The person plans the whole measure; the computer plans one breath: one step is applied.
        let mut planned = 0;
        while s.can_give(Seat(0)) {
            let play = s.lookahead(Seat(0)).unwrap().legal_actions(Seat(0))[0];
            s.give(Seat(0), play).unwrap();
            planned += 1;
        }
        assert!(planned >= 3);
        let bot_play = Card::Rush;
        s.give(Seat(1), Play::card(bot_play)).unwrap();
        assert!(s.play().unwrap().is_empty(), "nothing is revealed while the computer is still planning");
        assert_eq!(s.view(Seat(0)).plan_slots.0[1], [true], "the computer has a card face down");
        let json = s.save().unwrap();
        assert!(json.contains("\"my_plan\":[{"), "the person's own plan is theirs to see: {json}");
        // Another computer card face down instead gives the very same save.
        let other = Card::Strike;
        let mut t = vs_bot(options);
        for _ in 0..planned {
            let play = t.lookahead(Seat(0)).unwrap().legal_actions(Seat(0))[0];
            t.give(Seat(0), play).unwrap();
        }
        t.give(Seat(1), Play::card(other)).unwrap();
        t.play().unwrap();
        assert_ne!(t.view(Seat(1)).my_plan, s.view(Seat(1)).my_plan);
        assert_eq!(t.save().unwrap(), json, "the computer's face-down card does not reach the save");
        // Nor does anything else hidden from the person: re-deal it all, and the save stays.
        let mut redealt = 0;
        for seed in 0..10 {
            let mut u = s.clone();
            let mut original = s.clone();
            *u.state_mut() = original.state_mut().resample_hidden(Observer::Seat(Seat(0)), &mut Rng::new(seed));
            redealt += usize::from(u != s);
            assert_eq!(u.save().unwrap(), json);
        }
        assert!(redealt > 0, "the computer's cards, plan or the deck were re-dealt");
        let back = Session::load(&json, 9).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(back.next_person(), Some(Seat(0)), "the person plans the rest of the measure again");
    }

    #[test]
    fn a_shared_device_never_saves_a_plan_before_it_is_revealed() {
        let options = Options { blindfolded: true, ..Options::default() };
        let plan = |second: Card| {
            let setup = known_setup(options);
            let mut s = Session::starting(Seats::people(2), Some(GameRecord::new(setup.clone())), Punish::from_setup(&setup).unwrap());
            let before = s.save().unwrap();
            // Both plan their first breath; Player 1's second breath is the secret that differs.
            s.give(Seat(0), Play::card(Card::Rush)).unwrap();
            s.give(Seat(0), Play::card(second)).unwrap();
            s.give(Seat(1), Play::card(Card::Rush)).unwrap();
            s.play().unwrap();
            assert_eq!(s.record().unwrap().actions.len(), 1, "one planning step was applied");
            (before, s.save().unwrap())
        };
        let (before, guard) = plan(Card::Guard);
        let (_, dodge) = plan(Card::Dodge);
        assert_eq!(guard, dodge, "the saves do not depend on Player 1's plan");
        assert_eq!(guard, before, "a plan not yet revealed is not saved");
        assert!(guard.contains("\"Table\"") && !guard.contains("\"record\""), "a shared device keeps the seats' views, not the record");
    }

    #[test]
    fn a_save_round_trips_and_a_damaged_save_is_refused() {
        let mut s = hot_seat(Options { feint: true, ..Options::default() }, 3);
        for seat in [Seat(0), Seat(1)] {
            let card = s.view(seat).hand.to_vec()[0];
            s.give(seat, Play::card(card)).unwrap();
        }
        s.play().unwrap();
        let back = Session::load(&s.save().unwrap(), 1).unwrap();
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(back.view(seat), s.view(seat), "{seat} sees what it saw");
        }
        assert_eq!(back.log(), s.log());
        assert_eq!(back.save(), s.save(), "saving the resumed match writes the same save");
        assert!(Session::load("{not json", 1).unwrap_err().starts_with("the saved match could not be read"));
        let wrong_version = s.save().unwrap().replace("\"version\":4", "\"version\":9");
        assert!(Session::load(&wrong_version, 1).unwrap_err().contains("another version"));
        let taunt = s.save().unwrap().replace("\"game\":\"punish\"", "\"game\":\"taunt\"");
        assert!(Session::load(&taunt, 1).unwrap_err().contains("another game (taunt)"));
        // The two hands must leave room for each other: a doctored one is refused in words.
        let mut v: serde_json::Value = serde_json::from_str(&s.save().unwrap()).unwrap();
        v["match"]["Table"]["views"][1]["hand"] = v["match"]["Table"]["views"][0]["hand"].clone();
        v["match"]["Table"]["views"][1]["hand"][0] = serde_json::json!("Punish");
        let e = Session::load(&v.to_string(), 1).unwrap_err();
        assert!(e.starts_with("the saved match is not a position that can be played"), "{e}");
        let mut v: serde_json::Value = serde_json::from_str(&s.save().unwrap()).unwrap();
        v["match"]["Table"]["views"].as_array_mut().unwrap().pop();
        assert!(Session::load(&v.to_string(), 1).unwrap_err().contains("1 views for 2 seats"));
    }

    #[test]
    fn a_shared_device_saves_both_hands_but_never_the_cards_to_come() {
        let mut s = hot_seat(Options::default(), 11);
        let mut rng = Rng::new(4);
        for _ in 0..6 {
            s.random_step(&mut rng);
        }
        let json = s.save().unwrap();
        for secret in ["\"seed\"", "\"deck\"", "\"rng\"", "\"record\"", "\"setup\"", "\"actions\""] {
            assert!(!json.contains(secret), "{secret} in a shared device's save: {json}");
        }
        // The same table with another order of the cards nobody has seen saves the same.
        let state = s.state().clone();
        let views = [state.view_for(Seat(0)), state.view_for(Seat(1))];
        let redrawn = Punish::determinize_table(&views, &mut Rng::new(9)).unwrap();
        assert_ne!(redrawn, state, "the deck or the seed differs");
        let kept = |state: &Punish| {
            let table = crate::play::saves::Kept::Table { state: state.clone(), log: s.log().to_vec(), step: s.steps() };
            crate::play::saves::save(s.seats(), Some(table), state, s.log(), Vec::new(), String::new())
        };
        assert_eq!(kept(&redrawn), kept(&state), "the save does not depend on the cards still to come");
        assert_eq!(kept(&state), s.save(), "and it is what the page saves");
        // Resuming deals the unseen cards afresh: two reloads draw different futures.
        let a = Session::load(&json, 1).unwrap();
        let b = Session::load(&json, 2).unwrap();
        assert_eq!(a.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(a.view(Seat(1)), s.view(Seat(1)));
        assert_ne!(a.state(), b.state(), "the future is drawn on resuming, not kept");
    }

    #[test]
    fn a_saved_view_that_cannot_be_dealt_is_refused_in_words() {
        let mut s = vs_bot(Options::default());
        play_first_picks(&mut s);
        let json = s.save().unwrap();
        let tamper = |f: &dyn Fn(&mut serde_json::Value)| Session::load_tampered(&json, f);
        assert!(tamper(&|v| v["observer"] = serde_json::json!({ "Seat": 1 })).contains("not the view of your seat"));
        assert!(tamper(&|v| v["observer"] = serde_json::json!({ "Seat": 7 })).contains("not the view of your seat"));
        assert!(tamper(&|v| v["hearts"] = serde_json::json!([3])).contains("two players"));
        assert!(tamper(&|v| v["hand_sizes"][1] = serde_json::json!(200)).contains("do not add up"));
        assert!(tamper(&|v| v["deck_size"] = serde_json::json!(0)).contains("do not add up"));
        let e = tamper(&|v| v["hand"] = serde_json::json!(["Rush", "Rush", "Rush", "Rush"]));
        assert!(e.contains("more copies"), "{e}");
        assert!(tamper(&|v| v["breath"] = serde_json::json!(0)).contains("out of range"));
        assert!(tamper(&|v| v["hearts"][0] = serde_json::json!(9)).contains("out of range"));
        assert!(tamper(&|v| v["decision"] = serde_json::Value::Null).contains("contradicts itself"));
        assert!(tamper(&|v| v["hand"] = serde_json::json!("lots")).contains("could not be read"));
    }
}
