//! DRAGON PUNCH as its play page runs it: the [`crate::play::OnSite`] answers the shared play
//! machine needs (how events read, which steps are reveals, how a damaged player switches all
//! owed cards before handing over, what a saved view must satisfy). Plain Rust, tested natively.
//!
//! Secret choices wait in the [`Session`] until both players have chosen. Which white card a
//! damaged player turns red is secret too (unless the card faces the other player), so it is
//! made behind a hand-off like a choice. Saves follow the play machine: against the computer
//! only the person's view (the computer's red cards out of sight are dealt afresh on reload); on
//! a shared device the record up to the last step.

use crate::play::OnSite;
use crate::play::lesson::{Lesson, Step};
use dojo_engine::{Game, Observer, Seat};
use dojo_games::Speaker;
use dojo_games::dragon_punch::{
    Action, CardRef, CardSet, Decision, DragonPunch, DragonPunchView, Event, MAX_HAND, Phase, ROUNDS_TO_WIN, Setup,
};

/// DRAGON PUNCH on the play page.
#[derive(Clone, Debug, PartialEq)]
pub struct DragonPunchSite;

/// A DRAGON PUNCH match on the page.
pub type Session = crate::play::Session<DragonPunchSite>;

impl OnSite for DragonPunchSite {
    type G = DragonPunch;
    const SAVE_KEY: &'static str = "pocket-dojo/dragon-punch";
    const NOUN: &'static str = "match";

    /// A first round of four turns with our set, Sol (the person) against Rook: a Block takes
    /// the Initiative, the Initiative lets a slow Throw through, a quicker Combo Kick beats a
    /// Throw, and a High Kick turns the computer's last white card red. The computer chooses
    fn option_words(view: &DragonPunchView, seat: Seat, action: &Action) -> String {
        let name = |card: u8, second: bool| {
            crate::games::dragon_punch::seen::move_at(view, seat.index(), card, second).map(|(m, _)| m.name.to_string())
        };
        match action {
            Action::Play { card, second } => name(*card, *second).unwrap_or_else(|| "a card".into()),
            Action::Switch(card) => name(*card, false).map_or_else(|| "a card turned red".into(), |n| format!("{n} turned red")),
            Action::Pick(_) => "a card for the hand".into(),
        }
    }

    /// A Custom Character hand is secret from its first card to the end of the match.
    fn hides_options(view: &DragonPunchView) -> bool {
        view.table.custom
    }

    /// which of its cards turn red as the script says.
    fn lesson() -> Option<Lesson<DragonPunch>> {
        let play = |card: u8| Some(Action::Play { card, second: false });
        let turn = |say, point, you: u8, them: u8| Step { say, point, inputs: vec![play(you), play(them)] };
        let red = |card: u8| Step { say: "", point: "", inputs: vec![None, Some(Action::Switch(card))] };
        Some(Lesson {
            title: "A first fight",
            seats: 2,
            setup: Setup::standard(crate::games::dragon_punch::sets::ours(), [0, 1]),
            steps: vec![
                turn(
                    "You both pick an unflipped card in secret. Each card's High and Low meet the other card's, and a Block there stops an attack. Play Block: blocking an attack also takes the Initiative for the next turn.",
                    "[data-testid=\"card-5\"]",
                    4,
                    2,
                ),
                turn(
                    "You hold the Initiative: when both of you attack, yours succeed and the other's are Interrupted. Throw is slow (time 5) but cannot be Blocked: play it.",
                    "[data-testid=\"card-4\"]",
                    3,
                    1,
                ),
                red(2),
                red(1),
                turn(
                    "Each point of damage turns one white card red, and your health is your white cards. Nobody holds the Initiative now, so the quicker attack (the lower time) succeeds: play Combo Kick, time 3, High and Low.",
                    "[data-testid=\"card-2\"]",
                    1,
                    3,
                ),
                red(3),
                red(0),
                turn(
                    "A played card is flipped and cannot be played again until a Taunt unflips your hand. The computer has two white cards left, and a High Kick deals 2.",
                    "[data-testid=\"card-3\"]",
                    2,
                    5,
                ),
            ],
            done: "The computer's last white card turned red, so you won the round. Two rounds win the match, and between rounds every card turns white again. When you are hit, you choose which of your white cards turns red.",
        })
    }

    fn goal(_: Option<&DragonPunchView>) -> (String, &'static str) {
        (
            format!(
                "Every hit turns one of your white cards red, and you lose the round when the last one turns. Win {ROUNDS_TO_WIN} rounds to win the match."
            ),
            "rounds",
        )
    }

    fn describe(event: &Event, speaker: &Speaker) -> String {
        event.describe_with(speaker)
    }

    fn check_view(view: &DragonPunchView, seat: Seat) -> Result<(), String> {
        check_view(view, seat)
    }

    /// In the usual game nothing stays face down between steps: a chosen card waits in the
    /// session, not in the engine, until both have chosen. A Custom Character hand is secret
    /// from its first card to the end of the match, so a shared device saves nothing of it.
    fn face_down(state: &DragonPunch) -> bool {
        state.public_view().table.custom
    }

    /// A player who owes several points of damage switches one card per step, and a Custom
    /// Character hand is taken one card per step; nothing is shown in between, so all of them
    /// are entered before the device is handed over.
    fn plans_ahead(before: &DragonPunch, after: &DragonPunch, seat: Seat) -> bool {
        let switching = |s: &DragonPunch| matches!(s.decision(seat), Some(Decision::Switch { .. }));
        let picking = |s: &DragonPunch| matches!(s.decision(seat), Some(Decision::Pick { .. }));
        (switching(before) && switching(after)) || (picking(before) && picking(after))
    }

    /// Only a reveal gets the countdown and the result screen; a switch goes straight on (the
    /// log tells it).
    fn shows_reveal(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e, Event::Revealed { .. }))
    }

    /// In Turbo Mode the players have just counted to FIGHT!: the reveal shows at once.
    fn counts_before_reveal() -> bool {
        !super::turbo()
    }

    /// The host's Turbo setting is this device's for the match.
    fn joined(setup: &Setup) {
        crate::browser::store(super::TURBO_KEY, if setup.turbo { "1" } else { "0" });
    }
}

/// The setup of the next match after `s`: the same set and hands, or in Custom Character the
/// same set with hands to pick again.
pub fn rematch(s: &Session) -> Setup {
    let table = s.public_view().table;
    if table.custom { Setup { turbo: table.turbo, ..Setup::custom(table.set.clone()) } } else { (*table).clone() }
}

/// Whether `cards` could all come from one copy of the game for one Custom Character hand: one
/// Taunt card at most, at most two of any other basic card and six of them in all, at most two
/// characters and those different, every card in the set.
fn fits_one_copy(set: &CardSet, cards: &[CardRef]) -> bool {
    let count = |c: &CardRef| cards.iter().filter(|d| *d == c).count();
    let taunts = cards.iter().filter(|c| matches!(c, CardRef::Basic(b) if set.is_taunt(usize::from(*b)))).count();
    let characters = cards.iter().filter(|c| matches!(c, CardRef::Character(_))).count();
    let others = cards.iter().filter(|c| matches!(c, CardRef::Basic(_))).count() - taunts;
    cards.iter().all(|c| match c {
        CardRef::Basic(b) => usize::from(*b) < set.basics.len() && count(c) <= 2,
        CardRef::Character(x) => usize::from(*x) < set.characters.len() && count(c) == 1,
    }) && taunts <= 1
        && others <= 6
        && characters <= 2
}

/// Checks a view saved against the computer before a position is dealt from it: the person's
/// seat, a valid set and hands (in Custom Character: hands of nine cards, or none while they are
/// taken, whose known cards fit one copy of the game), health within the basic cards and in
/// step with the red cards known, places in the hand that exist, and counts in range. Nothing
/// that passes can make the deal fail; the play machine then checks the deal shows the person
/// exactly the saved view.
fn check_view(v: &DragonPunchView, person: Seat) -> Result<(), String> {
    if v.observer != Observer::Seat(person) || person.index() > 1 {
        return Err("it is not the view of your seat".into());
    }
    let set = &v.table.set;
    set.check().map_err(|e| format!("its cards break a rule ({e})"))?;
    if v.table.custom {
        let picking = v.phase == Phase::Pick;
        let sizes_fit = (0..2).all(|p| v.hands[p].len() == if picking { 0 } else { MAX_HAND });
        let picks_fit = v.picked.iter().all(|n| usize::from(*n) <= MAX_HAND) && v.picks.len() == usize::from(v.picked[person.index()]);
        if set.characters.len() < 2 || !sizes_fit || !picks_fit || !fits_one_copy(set, &v.picks) {
            return Err("its Custom Character hands do not fit one copy of the game".into());
        }
        for p in 0..2 {
            let known: Vec<CardRef> = v.hands[p].iter().filter_map(|c| c.card).collect();
            let placed = v.hands[p].iter().enumerate().all(|(i, c)| match c.card {
                Some(CardRef::Basic(_)) | None => i < v.basics(p) || c.card.is_none(),
                Some(CardRef::Character(_)) => i >= v.basics(p),
            });
            if !fits_one_copy(set, &known) || !placed {
                return Err("its Custom Character hands do not fit one copy of the game".into());
            }
        }
    } else if v.table.check().is_err() {
        return Err("its hands break a rule".into());
    }
    for p in 0..2 {
        let basics = v.basics(p);
        let hand = &v.hands[p];
        if !v.table.custom && hand.len() != basics + v.table.players[p].characters.len() {
            return Err("a hand does not match its cards".into());
        }
        let len = hand.len();
        let health = usize::from(v.health[p]);
        let known = |red: bool| hand[..basics].iter().filter(|c| c.red == Some(red)).count();
        if health > basics || known(true) > basics - health || known(false) > health {
            return Err("a player's health does not match their red cards".into());
        }
        if p == person.index() && hand.iter().any(|c| c.red.is_none() || c.card.is_none()) {
            return Err("your own hand is not fully known".into());
        }
        let inside = |card: Option<u8>| card.is_none_or(|c| usize::from(c) < len);
        if !inside(v.last_flipped[p]) || !inside(v.played[p].map(|(c, _)| c)) || v.wins[p] > ROUNDS_TO_WIN {
            return Err("it names a card or a count out of range".into());
        }
        if let Phase::Switch { owed } = v.phase
            && usize::from(owed[p]) >= health.max(1)
        {
            return Err("more damage is owed than the health left".into());
        }
    }
    if v.initiative.is_some_and(|p| p > 1) {
        return Err("the Initiative is held by a player who is not at the table".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Controller, Seats};
    use dojo_bot::Level;
    use dojo_engine::{Rng, apply};
    use dojo_games::dragon_punch::set::reconstructed;
    use std::sync::Arc;

    #[test]
    fn the_lesson_plays_as_written_and_the_person_wins_the_first_round() {
        let lesson = DragonPunchSite::lesson().unwrap();
        let end = crate::play::lesson::check(&lesson);
        let v = end.public_view();
        assert_eq!(v.wins, [1, 0], "the person won round 1");
        assert!(end.outcome().is_none(), "the match goes on: the lesson stops after a round");
    }

    fn setup() -> Setup {
        Setup::standard(Arc::new(reconstructed()), [0, 1])
    }

    fn play(card: u8) -> Action {
        Action::Play { card, second: false }
    }

    /// Every person gives a random legal input until the step can be played; computers decide.
    #[test]
    fn a_choice_waits_unseen_until_both_have_chosen() {
        let mut s = Session::new(Seats::people(2), &setup()).unwrap();
        let fresh = s.save().unwrap();
        s.give(Seat(0), play(2)).unwrap();
        assert!(!s.ready());
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert_eq!(s.save().unwrap(), fresh, "a choice not yet revealed is never saved");
        assert_eq!(s.view(Seat(1)), Session::new(Seats::people(2), &setup()).unwrap().view(Seat(1)));
        s.give(Seat(1), play(0)).unwrap();
        let events = s.play().unwrap();
        assert!(DragonPunchSite::shows_reveal(&events));
        assert!(s.log()[0].text.starts_with("Turn 1: Player 1 plays High Kick, Player 2 plays Low Poke"), "{}", s.log()[0].text);
    }

    #[test]
    fn a_damaged_player_switches_every_owed_card_before_handing_over() {
        // Both attack with High Kick (time 3, 2 damage): both succeed and both owe 2.
        let mut s = Session::new(Seats::people(2), &setup()).unwrap();
        s.give(Seat(0), play(2)).unwrap();
        s.give(Seat(1), play(2)).unwrap();
        s.play().unwrap();
        assert_eq!(s.public_view().phase, Phase::Switch { owed: [2, 2] });
        assert!(s.is_secret(Seat(0)), "which card turns red is secret");
        s.give(Seat(0), Action::Switch(0)).unwrap();
        assert_eq!(s.next_person(), Some(Seat(0)), "Player 1 goes on switching");
        s.give(Seat(0), Action::Switch(1)).unwrap();
        assert_eq!(s.next_person(), Some(Seat(1)));
        s.give(Seat(1), Action::Switch(3)).unwrap();
        s.give(Seat(1), Action::Switch(4)).unwrap();
        let events = s.play().unwrap();
        assert!(!DragonPunchSite::shows_reveal(&events), "switching is no reveal");
        assert_eq!(s.public_view().health, [4, 4]);
        assert_eq!(s.public_view().phase, Phase::Choose);
        assert_eq!(s.record().unwrap().actions.len(), 3);
    }

    #[test]
    fn matches_play_to_the_end_against_the_computer_and_on_one_device() {
        for (i, seats) in
            [Seats::against_computer(Level::Easy, 2), Seats::people(2), Seats(vec![Controller::Computer(Level::Easy), Controller::Person])]
                .into_iter()
                .enumerate()
        {
            let mut s = Session::new(seats, &setup()).unwrap();
            let mut rng = Rng::new(i as u64 + 3);
            s.play_out_checking_saves(&mut rng, 2000, 7);
            assert!(s.outcome().is_some());
            assert!(s.log().iter().any(|l| l.text.contains("wins the match") || l.text.contains("win the match")));
        }
    }

    #[test]
    fn a_save_against_the_computer_holds_none_of_its_red_cards() {
        let mut state = DragonPunch::from_setup(&setup()).unwrap();
        // The computer takes 2 (a High Kick against its Throw) and turns two unshown cards red.
        apply(&mut state, &dojo_engine::PerSeat(vec![Some(play(2)), Some(play(3))])).unwrap();
        let mut s: Session = crate::play::Session::starting(Seats::against_computer(Level::Easy, 2), None, state);
        assert_eq!(s.public_view().phase, Phase::Switch { owed: [0, 2] });
        let mut rng = Rng::new(5);
        s.computer_decide(Seat(1), &mut rng).unwrap();
        s.play().unwrap();
        s.computer_decide(Seat(1), &mut rng).unwrap();
        s.play().unwrap();
        let json = s.save().unwrap();
        assert!(!json.contains("\"record\""), "no record against the computer");
        let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
        let theirs = &saved["match"]["View"]["view"]["hands"][1];
        let unseen = theirs.as_array().unwrap()[..6].iter().filter(|c| c["red"].is_null()).count();
        assert!(unseen >= 4, "the computer's cards out of sight show no side: {theirs}");
        for seed in 0..5 {
            let back = Session::load(&json, seed).unwrap();
            assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
            assert_eq!(back.save().unwrap(), json);
        }
    }

    #[test]
    fn a_custom_hand_is_taken_before_handing_over_and_stays_out_of_every_save() {
        let custom = Setup::custom(Arc::new(reconstructed()));
        // On one device: Player 1 takes all nine cards, then Player 2; nothing past the lobby is saved.
        let mut s = Session::new(Seats::people(2), &custom).unwrap();
        let fresh = s.save().unwrap();
        let mut rng = Rng::new(11);
        for seat in [Seat(0), Seat(1)] {
            for taken in 0..MAX_HAND {
                assert_eq!(s.next_person(), Some(seat), "card {taken}");
                assert!(matches!(s.decision(seat), Some(Decision::Pick { .. })) && s.is_secret(seat));
                let legal = s.legal(seat);
                s.give(seat, legal[rng.below(legal.len())]).unwrap();
            }
        }
        assert!(s.ready());
        s.play().unwrap();
        assert_eq!(s.public_view().phase, Phase::Choose);
        assert_eq!(s.public_view().health, [7, 7]);
        s.random_step(&mut rng);
        assert_eq!(s.save().unwrap(), fresh, "a secret hand keeps the whole match out of a shared device's save");
        // Against the computer: the person's view is saved, never the computer's unplayed cards.
        let mut s = Session::new(Seats::against_computer(Level::Easy, 2), &custom).unwrap();
        let mut steps = 0;
        while !s.is_over() {
            s.random_step(&mut rng);
            steps += 1;
            if steps % 5 == 0 {
                let json = s.save().unwrap();
                let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
                let view = &saved["match"]["View"]["view"];
                let theirs = view["hands"][1].as_array().unwrap();
                let known = theirs.iter().filter(|c| !c["card"].is_null()).count();
                assert!(known <= usize::from(s.public_view().revealed[1].count_ones() as u8), "only played cards are named: {theirs:?}");
                assert_eq!(view["table"]["players"][1]["basics"], serde_json::json!([]), "the computer's hand is not in the table");
                let back = Session::load(&json, steps as u64).unwrap();
                assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
            }
            assert!(steps < 3000);
        }
        assert_eq!(rematch(&s), custom, "a rematch takes new hands");
    }

    #[test]
    fn a_tampered_view_is_refused_in_words() {
        let s = Session::new(Seats::against_computer(Level::Easy, 2), &setup()).unwrap();
        let json = s.save().unwrap();
        let tamper = |f: &dyn Fn(&mut serde_json::Value)| Session::load_tampered(&json, f);
        assert!(tamper(&|v| v["observer"] = serde_json::json!({ "Seat": 1 })).contains("not the view of your seat"));
        assert!(tamper(&|v| v["health"][1] = serde_json::json!(9)).contains("health"));
        assert!(tamper(&|v| v["hands"][0][0]["red"] = serde_json::Value::Null).contains("not fully known"));
        assert!(tamper(&|v| v["last_flipped"][1] = serde_json::json!(40)).contains("out of range"));
        assert!(tamper(&|v| v["initiative"] = serde_json::json!(5)).contains("not at the table"));
        assert!(tamper(&|v| v["hands"][1] = serde_json::json!([])).contains("does not match its cards"));
        assert!(tamper(&|v| v["table"]["set"]["characters"] = serde_json::json!([])).contains("break a rule"));
        assert!(tamper(&|v| v["phase"] = serde_json::json!({ "Switch": { "owed": [0, 6] } })).contains("owed"));
    }
}
