//! TAUNT as its play page runs it: the [`crate::play::OnSite`] answers the shared play machine
//! needs (how events read, when a combo is face down, how a fighter lays a whole combo before
//! handing over, which steps are reveals, what a saved view must satisfy). Plain Rust, tested
//! natively.
//!
//! Laid cards stay face down in the engine for several turns, so saves never hold the engine's
//! record as it is: against the computer a save holds only the person's view (the computer's
//! combo is a count, dealt afresh on reload), and on a shared device only the record up to the
//! last step with no combo face down (the combo is laid again after a reload).

use crate::play::OnSite;
use crate::play::lesson::{Lesson, Step};
use dojo_engine::{Game, Observer, Seat};
use dojo_games::Speaker;
use dojo_games::taunt::modes_data::MONSTER_TEAM;
use dojo_games::taunt::monsters::{Hand, MONSTER_CARDS, MONSTER_KINDS, MonstersView, SQUAD_CARDS, squad_error};
use dojo_games::taunt::{Action, Battle, Decision, Event, FighterId, Fighters, Options, Phase, Setup, Slot, Taunt, TauntView, Turn};
use serde::Deserialize;

/// TAUNT on the play page.
#[derive(Clone, Debug, PartialEq)]
pub struct TauntSite;

/// A TAUNT series on the page.
pub type Session = crate::play::Session<TauntSite>;

impl OnSite for TauntSite {
    type G = Taunt;
    const SAVE_KEY: &'static str = "pocket-dojo/taunt";
    const NOUN: &'static str = "series";

    /// A first fight of four turns, Wollypobber (the person) against Tuggle: charge up from Far
    /// while the computer shoots and runs in, then a level 3 Punch sends Tuggle into Trouble Mode
    /// and its Peril disables a card. Passing charge is off, so each turn is one choice.
    fn option_words(view: &TauntView, seat: Seat, action: &Action) -> String {
        match action {
            Action::Play(slot) => view.corners.get(seat).map(|c| super::board::card_name(view, c, *slot).to_string()).unwrap_or_default(),
            Action::Queue(slot) => {
                view.corners.get(seat).map(|c| format!("queue {}", super::board::card_name(view, c, *slot))).unwrap_or_default()
            }
            Action::EndQueue => "end the queue".into(),
            Action::Order { first } => (if *first { "go first" } else { "go second" }).into(),
            Action::Pass(_) => "pass the charge".into(),
            Action::Flip(_) => "flip".into(),
            Action::Place(_) => "place".into(),
            Action::Draft(_) => "draft".into(),
        }
    }

    /// A Monsters trainer's cards are hidden until played.
    fn hides_options(view: &TauntView) -> bool {
        view.battle == dojo_games::taunt::Battle::Monsters
    }

    fn lesson() -> Option<Lesson<Taunt>> {
        let options = Options { best_of: 1, pass_charge: false, ..Options::default() };
        let setup = Setup::new([FighterId::Wollypobber, FighterId::Tuggle], options);
        let turn = |say, point, you: Slot, them: Slot| Step { say, point, inputs: vec![Some(Action::Play(you)), Some(Action::Play(them))] };
        Some(Lesson {
            title: "A first duel",
            seats: 2,
            setup,
            steps: vec![
                turn(
                    "A fighter with three disabled cards at the end of a turn loses. Each turn you both pick a move in secret, and the lower number acts first. You start Far apart, where most attacks miss: play Charge (7) for a token that raises your next move a level.",
                    "[data-testid=\"pick-charge\"]",
                    Slot::Charge,
                    Slot::Shoot,
                ),
                turn(
                    "Shoot reaches Far too: the hit moved your marker along your Danger Track. Damage alone never ends a fight, so charge again; each token is a level, and higher levels hit harder.",
                    "[data-testid=\"pick-charge\"]",
                    Slot::Charge,
                    Slot::Run,
                ),
                turn(
                    "A Run switches Near and Far, and the computer ran in: you are Near now, where Punch, Grab and Kick land. One more Charge takes you to level 3, the highest.",
                    "[data-testid=\"pick-charge\"]",
                    Slot::Charge,
                    Slot::Block,
                ),
                turn(
                    "Punch (3) acts before most moves, and a hit interrupts a slower move of its victim. Past White on the Danger Track, a hit's Peril letters disable the victim's cards. Play your level 3 Punch.",
                    "[data-testid=\"pick-punch\"]",
                    Slot::Punch,
                    Slot::Kick,
                ),
            ],
            done: "Your Punch dealt 10 and pushed Tuggle into Trouble Mode, where its Peril letter G disabled Tuggle's Grab. Two more disabled cards at the end of a turn and Tuggle loses; a Heal brings one back. Each card in your hand says what it would do right now.",
        })
    }

    /// Three disabled cards defeat a fighter (a Wampire: one hit with too much Peril); who
    /// wins then depends on the way of playing.
    fn goal(view: Option<&TauntView>) -> (String, &'static str) {
        let options = view.map(|v| v.options).unwrap_or_default();
        let (wins, section) = match options.battle {
            Battle::Duel | Battle::Monsters if options.best_of > 1 => {
                (format!("The first to win {} fights takes the match.", options.wins_needed()), "peril")
            }
            Battle::Duel | Battle::Monsters => ("A single fight decides the match: defeat the other fighter to win.".to_string(), "peril"),
            Battle::FreeForAll => ("The first fighter to defeat another wins.".to_string(), "ffa"),
            Battle::LastStanding => ("The last fighter standing wins.".to_string(), "last-pobber"),
            Battle::Team => ("The first team to defeat both opponents wins.".to_string(), "team"),
        };
        let lose = if options.wampires {
            "A Wampire is knocked out by one hit whose Peril letters outnumber the tens of its blood left."
        } else if options.battle == Battle::Monsters {
            "A trainer loses with three disabled cards across its monsters at the end of a turn; hits disable cards once the team's damage is past White."
        } else {
            "A fighter with three disabled cards at the end of a turn is defeated; hits disable cards once their victim's damage is past White, and a Heal brings them back."
        };
        let section = match (options.wampires, options.battle) {
            (true, _) => "wampires",
            (false, Battle::Monsters) => "monsters",
            _ => section,
        };
        (format!("{lose} {wins}"), section)
    }

    fn describe(event: &Event, speaker: &Speaker) -> String {
        event.describe_with(speaker)
    }

    fn check_view(view: &TauntView, seat: Seat) -> Result<(), String> {
        check_view(view, seat)
    }

    /// A duel (and Monsters, two trainers sharing one Position) of more than one fight is a
    /// series; a best-of-1 duel and the modes for more fighters are one fight.
    fn noun(state: &Taunt) -> &'static str {
        if state.battle().is_duel() && state.options().best_of > 1 { Self::NOUN } else { "fight" }
    }

    fn face_down(state: &Taunt) -> bool {
        face_down(state)
    }

    /// A fighter whose TAUNT went unanswered lays card after card face down until it stops; a
    /// trainer of Monsters puts all fifteen cards into the monsters before handing over.
    fn plans_ahead(before: &Taunt, after: &Taunt, seat: Seat) -> bool {
        let laying = |s: &Taunt| matches!(s.decision(seat), Some(Decision::Queue { .. }));
        let building = |s: &Taunt| matches!(s.decision(seat), Some(Decision::Build { .. }));
        (laying(before) && laying(after)) || (building(before) && building(after))
    }

    /// Picks, face-down cards and a trainer's split are secret; the order of two Runs and the
    /// Position after a hit are chosen in the open.
    fn is_secret(decision: &Decision) -> bool {
        matches!(decision, Decision::Pick { .. } | Decision::Queue { .. } | Decision::Build { .. })
    }

    /// Steps that turn moves over, or that carry on a turn after a choice in the middle of it
    /// (the order of two Runs, a runner's markers), get the countdown and the result screen;
    /// steps that only record an open choice or a laid combo go straight on (the log tells them).
    fn shows_reveal(events: &[Event]) -> bool {
        events.iter().any(|e| {
            !matches!(e, Event::OrderChosen { .. } | Event::PositionChosen { .. } | Event::ChargePassed { .. } | Event::Queued { .. })
        })
    }
}

/// The inputs that lay `cards` face down in order and then stop.
pub fn combo(cards: &[Slot]) -> Vec<Action> {
    cards.iter().map(|c| Action::Queue(*c)).chain([Action::EndQueue]).collect()
}

/// The setup of a new match with the same fighters, way of playing and options as `s`.
pub fn rematch(s: &Session) -> Setup {
    let v = s.public_view();
    Setup::new(v.corners.0.iter().map(|c| c.fighter).collect::<Vec<_>>(), v.options)
}

/// True when some fighter has combo cards face down, or (Monsters) once any card of a split
/// is built: a split stays secret for the whole battle, so a shared device saves no step of it.
fn face_down(state: &Taunt) -> bool {
    let v = state.public_view();
    v.queued.0.iter().any(|n| *n > 0) || v.monsters.as_ref().is_some_and(|m| m.placed > 0)
}

/// The track and block tokens of corner `c`: the Monster Team card's in Monsters, else its
/// fighter's.
pub fn limits(battle: Battle, c: &dojo_games::taunt::Corner) -> (u8, u8) {
    if battle == Battle::Monsters {
        (MONSTER_TEAM.critical_damage, MONSTER_TEAM.block_tokens)
    } else {
        let card = c.fighter.card();
        (card.critical_damage, card.block_tokens)
    }
}

/// Checks a view saved against the computer before a state is dealt from it: the person's
/// seat, one of everything per fighter and as many fighters as the way of playing seats, every
/// seat it names among them, and every count within what the fighters' cards allow. A view
/// that fails none of these can be dealt from and played on without the engine meeting a seat
/// or a list length it does not expect.
fn check_view(v: &TauntView, person: Seat) -> Result<(), String> {
    let n = v.corners.len();
    if v.options.battle != v.battle || !v.battle.fighters().contains(&n) {
        return Err("its number of fighters does not fit its way of playing".into());
    }
    if v.observer != Observer::Seat(person) || person.index() >= n {
        return Err("it is not the view of your seat".into());
    }
    if [v.wins.len(), v.queued.len(), v.markers.len(), v.halves.len()].iter().any(|len| *len != n) {
        return Err(format!("it does not have one of everything for its {n} fighters"));
    }
    let series = v.battle.is_duel() || v.options.best_of == 1;
    if !series || !matches!(v.options.best_of, 1 | 3 | 5) || v.wins.0.iter().any(|w| *w > v.options.wins_needed()) {
        return Err("its series length or wins are out of range".into());
    }
    for c in &v.corners.0 {
        let (critical, blocks) = limits(v.battle, c);
        if c.damage > critical || c.charge > dojo_games::taunt::MAX_CHARGE || c.blocks > blocks {
            return Err(format!("{}'s damage, charge or blocks are out of range", c.fighter.card().name));
        }
    }
    if (v.battle == Battle::Monsters) != v.monsters.is_some() || !v.monsters.as_ref().is_none_or(|m| monsters_fit(m, person)) {
        return Err("its monsters do not fit two trainers' decks".into());
    }
    // A combo holds each card but TAUNT at most once (a monster: each card it holds, twice at
    // most), and never more than the engine's combo holds (found by `fuzz_save_taunt`: a
    // Monsters view claiming 15 face-down cards passed, and dealing it panicked).
    let (most, copies) = if v.monsters.is_some() { (2 * (MONSTER_KINDS.len() - 1), 2) } else { (Slot::ALL.len() - 1, 1) };
    let most = most.min(Slot::ALL.len() - 1);
    let mut mine = v.my_queue.clone();
    dojo_engine::sorting::sort(&mut mine);
    let too_many = mine.iter().any(|c| mine.iter().filter(|o| *o == c).count() > copies);
    if v.my_queue.len() != usize::from(v.queued.0[person.index()])
        || too_many
        || mine.contains(&Slot::Taunt)
        || mine.iter().any(|c| matches!(c, Slot::SwitchHigher | Slot::SwitchLower))
        || v.queued.0.iter().any(|q| usize::from(*q) > most)
    {
        return Err("the face-down cards do not match their count".into());
    }
    if !seats_fit(v, n) || !v.paused.as_deref().is_none_or(|t| turn_fits(t, n)) {
        return Err("it names a fighter who is not at the table".into());
    }
    Ok(())
}

/// Whether a Monsters view fits two trainers who each split two standard decks: three monsters
/// each, the active one among them, as many cards as are built, no card more often than the two
/// decks hold it, disabled and seen cards among those known, and a trainer's own split known
/// in full (the person's). Nothing the engine deals from it can then overflow a count.
fn monsters_fit(m: &MonstersView, person: Seat) -> bool {
    let placed = usize::from(m.placed);
    if placed > SQUAD_CARDS || m.trainers.len() != 2 {
        return false;
    }
    m.trainers.iter().enumerate().all(|(s, t)| {
        let split: Vec<Slot> = t.monsters.iter().flat_map(|x| x.cards.iter().copied()).collect();
        t.active < 3
            && t.monsters.len() == 3
            && squad_error(&split).is_none()
            && t.monsters.iter().enumerate().all(|(i, x)| {
                let built = placed.saturating_sub(i * MONSTER_CARDS).min(MONSTER_CARDS);
                let (cards, off, seen) = (Hand::of(&x.cards), Hand::of(&x.disabled), Hand::of(&x.seen));
                x.cards.len() + usize::from(x.unknown) == built
                    && (s != person.index() || x.unknown == 0)
                    && MONSTER_KINDS.iter().all(|k| off.count(*k) <= seen.count(*k) && seen.count(*k) <= cards.count(*k))
                    && x.disabled.len() + x.seen.len() <= 2 * MONSTER_CARDS
            })
    })
}

/// Whether every seat `v` names, and every set of fighters it holds, fits `n` fighters.
fn seats_fit(v: &TauntView, n: usize) -> bool {
    let seat = |s: &Seat| s.index() < n;
    let set = |f: &Fighters| f.fighter_count() == n;
    let phase = match v.phase {
        Phase::Order { seat: s } | Phase::Flip { seat: s } => seat(&s),
        Phase::Place { seat: s, victim } => seat(&s) && victim.as_ref().is_none_or(seat),
        Phase::Pass { passing, place } => set(&passing) && place.as_ref().is_none_or(seat),
        Phase::Queue { laying } => set(&laying),
        Phase::Build | Phase::Select | Phase::MatchOver => true,
    };
    phase
        && v.owed_places.iter().all(|(a, b)| seat(a) && seat(b))
        && v.out_order.iter().chain(&v.places).flatten().all(seat)
        && v.results.iter().flatten().all(seat)
        && v.pending.as_ref().is_none_or(|p| p.len() == n)
        && set(&v.pending_queued)
        && set(&v.queue_next)
}

/// The shape of a turn waiting for a runner's choice, as the engine writes it: only the parts
/// that name fighters, each part per fighter counted but not read.
#[derive(Deserialize)]
struct TurnShape {
    fighter: Vec<serde::de::IgnoredAny>,
    places: Vec<(u8, u8)>,
    order: Vec<u8>,
    next: u8,
    frozen: Vec<bool>,
    gifts: Vec<bool>,
    perilled: Vec<Vec<bool>>,
}

/// Whether a turn waiting for a runner's choice fits `n` fighters. Its parts are the engine's
/// own, so they are read back from its written form: a part per fighter, seats below `n`, and
/// a set of `n` flags wherever the turn holds a set of fighters.
fn turn_fits(turn: &Turn, n: usize) -> bool {
    let Some(t) = dojo_engine::json::to_string(turn).ok().and_then(|json| dojo_engine::json::from_str::<TurnShape>(&json).ok()) else {
        return false;
    };
    let seat = |s: &u8| usize::from(*s) < n;
    t.fighter.len() == n
        && t.order.len() <= n
        && t.order.iter().all(seat)
        && usize::from(t.next) <= t.order.len()
        && t.places.iter().all(|(a, b)| seat(a) && seat(b))
        && t.frozen.len() == n
        && t.gifts.len() == n
        && t.perilled.len() == n
        && t.perilled.iter().all(|p| p.len() == n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Controller, Seats};
    use dojo_bot::Level;
    use dojo_engine::Rng;
    use dojo_games::taunt::Battle;
    use dojo_games::taunt::{FighterId, Options};

    /// `seat` makes the first choice it is offered: an empty combo, or its first legal action.
    fn decide_first(s: &mut Session, seat: Seat) {
        match s.decision(seat) {
            Some(Decision::Queue { .. }) => s.give_all(seat, combo(&[])).unwrap(),
            Some(_) => {
                let action = s.lookahead(seat).unwrap().legal_actions(seat)[0];
                s.give(seat, action).unwrap();
            }
            None => {}
        }
    }

    fn hot_seat() -> Session {
        Session::new(Seats::people(2), &Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default())).unwrap()
    }

    #[test]
    fn picks_wait_in_secret_until_both_are_in() {
        let mut s = hot_seat();
        assert_eq!(s.next_person(), Some(Seat(0)));
        assert!(s.is_secret(Seat(0)));
        s.give(Seat(0), Action::Play(Slot::Taunt)).unwrap();
        assert!(!s.ready());
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert_eq!(s.view(Seat(1)), Session::load(&s.save().unwrap(), 1).unwrap().view(Seat(1)));
        assert!(s.record().unwrap().actions.is_empty(), "nothing of the pick is saved");
        s.give(Seat(1), Action::Play(Slot::Charge)).unwrap();
        s.play().unwrap();
        assert!(s.log()[0].text.starts_with("Turn 1: Player 1 plays TAUNT L0"), "{}", s.log()[0].text);
        // Player 2's Charge acted: passing a token is chosen in the open, with no hand-off.
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert!(!s.is_secret(Seat(1)));
        s.give(Seat(1), Action::Pass(None)).unwrap();
        s.play().unwrap();
        // The taunt went unanswered: Player 1 lays cards in secret, Player 2 waits.
        assert_eq!(s.next_person(), Some(Seat(0)));
        assert!(matches!(s.decision(Seat(0)), Some(Decision::Queue { .. })));
        assert_eq!(s.decision(Seat(1)), None);
        assert!(s.give_all(Seat(0), combo(&[Slot::Kick, Slot::Kick])).unwrap_err().contains("already face down"));
        assert!(s.give_all(Seat(0), combo(&[Slot::Taunt])).unwrap_err().contains("TAUNT cannot"));
        s.give_all(Seat(0), combo(&[Slot::Charge, Slot::Punch])).unwrap();
        s.play().unwrap();
        let theirs = s.view(Seat(1));
        assert_eq!(theirs.queued[Seat(0)], 2);
        assert!(!s.log().iter().any(|l| l.text.contains("Punch")), "the log never names face-down cards");
        assert_eq!(s.view(Seat(0)).my_queue, vec![Slot::Charge, Slot::Punch]);
        // Player 1's next moves are already down: only Player 2 picks.
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert_eq!(s.decision(Seat(0)), None);
        // The combo is face down, so a reload goes back to laying it.
        let back = Session::load(&s.save().unwrap(), 1).unwrap();
        assert!(matches!(back.decision(Seat(0)), Some(Decision::Queue { .. })));
        assert_eq!(back.record().unwrap().actions.len(), 2, "the pick and the open choice to keep the token");
    }

    #[test]
    fn the_computer_lays_a_combo_one_decision_per_card() {
        let seats = Seats(vec![Controller::Computer(Level::Easy), Controller::Person]);
        let mut s = Session::new(seats, &Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default())).unwrap();
        s.give(Seat(0), Action::Play(Slot::Taunt)).unwrap();
        s.give(Seat(1), Action::Play(Slot::Charge)).unwrap();
        s.play().unwrap();
        s.give(Seat(1), Action::Pass(None)).unwrap();
        s.play().unwrap();
        let mut rng = Rng::new(11);
        let mut calls = 0;
        while s.computer_to_move() == Some(Seat(0)) {
            s.computer_decide(Seat(0), &mut rng).unwrap();
            assert_eq!(s.computer_to_move(), None, "one card per decision");
            assert_eq!(s.next_person(), None, "the person waits while the computer lays");
            s.play().unwrap();
            calls += 1;
            assert!(calls <= 9, "at most eight cards and a stop");
        }
        assert_eq!(s.steps(), calls + 2, "each card laid is a step of its own, after the pick and the pass");
        assert_eq!(usize::from(s.view(Seat(1)).queued[Seat(0)]), calls - 1);
    }

    #[test]
    fn an_illegal_input_is_refused_with_a_reason() {
        let mut s = hot_seat();
        assert!(s.give(Seat(0), Action::Place(dojo_games::taunt::Position::Near)).unwrap_err().contains("pick a move"));
        assert!(s.give_all(Seat(0), combo(&[Slot::Kick])).unwrap_err().contains("pick a move"));
        assert!(s.play().is_err());
    }

    #[test]
    fn the_computer_decides_from_its_own_view_and_the_save_round_trips() {
        let setup = Setup::new([FighterId::Mooshmere, FighterId::Wollypobber], Options { best_of: 1, ..Options::default() });
        let mut s = Session::new(Seats::against_computer(Level::Easy, 2), &setup).unwrap();
        let mut rng = Rng::new(3);
        let mut steps = 0;
        while !s.is_over() && steps < 400 {
            if let Some(seat) = s.computer_to_move() {
                s.computer_decide(seat, &mut rng).unwrap();
            }
            if let Some(seat) = s.next_person() {
                // The person plays the first legal thing offered.
                decide_first(&mut s, seat);
            }
            if s.ready() {
                s.play().unwrap();
            }
            steps += 1;
        }
        assert!(s.is_over(), "a one-fight match ends");
        assert!(s.log().iter().any(|l| l.text.starts_with("Turn 1: You play")));
        let back = Session::load(&s.save().unwrap(), 5).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(back.log(), s.log());
        assert!(back.is_over());
        assert_eq!(back.outcome(), s.outcome());
        assert_eq!(
            rematch(&back),
            Setup::new([FighterId::Mooshmere, FighterId::Wollypobber], Options { best_of: 1, ..Options::default() })
        );
        assert!(Session::load("{", 1).unwrap_err().starts_with("the saved series could not be read"));
        let mut h = hot_seat();
        h.give(Seat(0), Action::Play(Slot::Taunt)).unwrap();
        h.give(Seat(1), Action::Play(Slot::Charge)).unwrap();
        h.play().unwrap();
        let tampered = h.save().unwrap().replace("\"actions\":[", "\"actions\":[[null,null],");
        assert!(Session::load(&tampered, 1).unwrap_err().contains("does not replay: step 1 is illegal"));
    }

    /// Player 2 (Tuggle) TAUNTs unanswered and lays `combo` face down; returns the session
    /// and its save.
    fn player_two_lays(seats: Seats, combo: Vec<Slot>) -> (Session, String, String) {
        let mut s = Session::new(seats, &Setup::new([FighterId::TeaBot, FighterId::Tuggle], Options::default())).unwrap();
        s.give(Seat(0), Action::Play(Slot::Charge)).unwrap();
        s.give(Seat(1), Action::Play(Slot::Taunt)).unwrap();
        s.play().unwrap();
        s.give(Seat(0), Action::Pass(None)).unwrap();
        s.play().unwrap();
        assert!(matches!(s.decision(Seat(1)), Some(Decision::Queue { .. })));
        let before = s.save().unwrap();
        s.give_all(Seat(1), super::combo(&combo)).unwrap();
        s.play().unwrap();
        assert_eq!(s.view(Seat(1)).my_queue, combo);
        let after = s.save().unwrap();
        (s, before, after)
    }

    #[test]
    fn a_save_against_the_computer_never_holds_its_combo() {
        let (s, _, a) = player_two_lays(Seats::against_computer(Level::Easy, 2), vec![Slot::Charge, Slot::Punch]);
        let (_, _, b) = player_two_lays(Seats::against_computer(Level::Easy, 2), vec![Slot::Punch, Slot::Charge]);
        let (_, _, c) = player_two_lays(Seats::against_computer(Level::Easy, 2), vec![Slot::Kick]);
        assert_eq!(a, b, "the save does not depend on the computer's face-down cards");
        for seed in 0..10 {
            let mut t = s.clone();
            let redealt = s.clone().state_mut().resample_hidden(Observer::Seat(Seat(0)), &mut Rng::new(seed));
            *t.state_mut() = redealt;
            assert_eq!(t.save().unwrap(), a, "nothing hidden from the person reaches the save");
        }
        assert_ne!(a, c, "it does show how many there are");
        for secret in ["record", "setup", "actions", "seed", "\"deck\""] {
            assert!(!a.contains(secret), "{secret} in {a}");
        }
        let saved: serde_json::Value = serde_json::from_str(&a).unwrap();
        let view = &saved["match"]["View"]["view"];
        assert_eq!(view["queued"], serde_json::json!([0, 2]));
        assert_eq!(view["my_queue"], serde_json::json!([]));
        // Restoring deals the computer a combo of two cards and shows the person the same.
        let back = Session::load(&a, 3).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(back.view(Seat(1)).my_queue.len(), 2);
        assert_eq!(back.save().unwrap(), a);
    }

    #[test]
    fn a_shared_device_never_saves_a_combo_face_down() {
        let (s, before, a) = player_two_lays(Seats::people(2), vec![Slot::Charge, Slot::Punch]);
        let (_, _, b) = player_two_lays(Seats::people(2), vec![Slot::Kick]);
        assert_eq!(a, b, "the saves do not depend on the face-down cards, nor on how many");
        assert_eq!(a, before, "the save stops before the combo was laid");
        let back = Session::load(&a, 1).unwrap();
        assert!(matches!(back.decision(Seat(1)), Some(Decision::Queue { .. })), "Player 2 lays the combo again");
        assert_eq!(back.view(Seat(0)).turn, 1);
        assert!(s.view(Seat(0)).queued[Seat(1)] == 2);
        // Once the combo is spent, the save catches up.
        let mut s = s;
        let mut turns = 0;
        while s.view(Seat(0)).queued[Seat(1)] > 0 && turns < 20 {
            for seat in Seat::all(2) {
                decide_first(&mut s, seat);
            }
            s.play().unwrap();
            turns += 1;
        }
        assert_eq!(s.view(Seat(0)).queued[Seat(1)], 0, "the combo is spent");
        let spent = s.save().unwrap();
        assert_eq!(Session::load(&spent, 1).unwrap().record().unwrap().actions.len(), s.record().unwrap().actions.len());
    }

    /// `seat` makes a random choice among those it is offered (a combo of one random card at most).
    fn decide_randomly(s: &mut Session, seat: Seat, rng: &mut Rng) {
        let legal = s.legal(seat);
        if legal.is_empty() {
            return;
        }
        match s.decision(seat) {
            Some(Decision::Queue { .. }) => {
                let cards: Vec<Slot> = legal.iter().filter_map(|a| if let Action::Queue(c) = a { Some(*c) } else { None }).collect();
                let laid = if cards.is_empty() || rng.below(2) == 0 { vec![] } else { vec![cards[rng.below(cards.len())]] };
                s.give_all(seat, combo(&laid)).unwrap();
            }
            _ => {
                let action = legal[rng.below(legal.len())];
                s.give(seat, action).unwrap();
            }
        }
    }

    /// Plays `s` to the end: people choose at random, computers decide; after every step the
    /// save must restore the same view. Returns the steps played.
    fn play_out(s: &mut Session, rng: &mut Rng) -> usize {
        let mut steps = 0;
        while !s.is_over() {
            assert!(steps < 3000, "the match ends");
            while let Some(seat) = s.computer_to_move() {
                s.computer_decide(seat, rng).unwrap();
            }
            while let Some(seat) = s.next_person() {
                decide_randomly(s, seat, rng);
            }
            s.play().unwrap();
            steps += 1;
            if let (Some(json), Some(person)) = (s.save(), s.seats().lone_person()) {
                let back = Session::load(&json, steps as u64).unwrap_or_else(|e| panic!("step {steps}: {e}\n{json}"));
                assert_eq!(back.view(person), s.view(person), "step {steps}");
            }
        }
        steps
    }

    fn mode(battle: Battle, fighters: usize, wampires: bool) -> Setup {
        let all = FighterId::ALL;
        Setup::new(
            (0..fighters).map(|i| all[i % all.len()]).collect::<Vec<_>>(),
            Options { battle, best_of: 1, wampires, ..Options::default() },
        )
    }

    /// A device following a friend's match applies each agreed step on its own instead of
    /// replaying the match from its start. Checked here for a 6-fighter Last Pobber and a
    /// Monsters match of five fights: at every step the follower shows and logs what a replay
    /// from the start would, told the whole match or the step alone. The figures are printed
    /// for the record (debug build, microseconds, the fastest of five steps around each):
    /// told the step alone, a step costs the same late as early.
    #[test]
    fn a_friend_device_follows_a_long_free_for_all_step_by_step() {
        let last_standing = follow_step_by_step("taunt_last_standing_6", &mode(Battle::LastStanding, 6, false), 6);
        let monsters = follow_step_by_step("taunt_monsters_best_of_5", &monsters_setup(5), 2);
        assert!(last_standing >= 20 && monsters >= 200, "long matches: {last_standing} and {monsters} steps");
    }

    /// Plays `setup` at random on one device and follows it on another (the first seat's),
    /// checking each step against a replay from the start; prints the cost of a step at step
    /// 10 and 200 (or the last) under `name`, and returns the match's length.
    fn follow_step_by_step(name: &str, setup: &Setup, fighters: usize) -> usize {
        use crate::play::Controller;
        use dojo_engine::GameRecord;
        use std::time::Instant;
        let mut here = Session::new(Seats::people(fighters), setup).unwrap();
        let mut seats = vec![Controller::Remote; fighters];
        seats[0] = Controller::Person;
        let mut there = Session::new(Seats(seats.clone()), setup).unwrap();
        let mut rng = Rng::new(6);
        let (mut follow_us, mut replay_us) = (Vec::new(), Vec::new());
        while !here.is_over() && here.steps() < 400 {
            here.random_step(&mut rng);
            let actions = here.record().unwrap().actions.clone();
            let agreed = actions.clone();
            let clock = Instant::now();
            there.follow(agreed).unwrap();
            follow_us.push((actions.len(), clock.elapsed().as_micros()));
            let clock = Instant::now();
            let record = GameRecord { actions: actions.clone(), ..GameRecord::new(setup.clone()) };
            let fresh = Session::played_on(Seats(seats.clone()), &record, actions.len()).unwrap();
            replay_us.push((actions.len(), clock.elapsed().as_micros()));
            assert_eq!(there.view(Seat(0)), fresh.view(Seat(0)), "step {}", actions.len());
            assert_eq!(there.log(), fresh.log(), "step {}", actions.len());
        }
        // What the page is told of the last step: the step alone, or (before) the whole match.
        let actions = here.record().unwrap().actions.clone();
        let alone =
            crate::play::friend::Heard::<dojo_games::taunt::Taunt>::Step { step: actions.len(), joint: actions.last().unwrap().clone() };
        let whole = crate::play::friend::Heard::<dojo_games::taunt::Taunt>::Line { actions: actions.clone() };
        let mut stepped = Session::new(Seats(seats.clone()), setup).unwrap();
        let mut alone_us = Vec::new();
        for (i, joint) in actions.iter().enumerate() {
            let joint = joint.clone();
            let clock = Instant::now();
            stepped.follow_step(i + 1, joint).unwrap();
            alone_us.push((i + 1, clock.elapsed().as_micros()));
        }
        assert_eq!(stepped.view(Seat(0)), there.view(Seat(0)), "step by step or by whole matches: the same");
        let steps = alone_us.len();
        println!("{name}_told_bytes_last_step: {} alone, {} as the whole match", alone.write().len(), whole.write().len());
        let late = steps.min(200);
        // The fastest of the steps within two of `step` (a person planning ahead makes several
        // steps at once, followed together).
        let at =
            |list: &[(usize, u128)], step: usize| list.iter().filter(|(s, _)| s.abs_diff(step) <= 2).map(|(_, us)| *us).min().unwrap_or(0);
        println!("{name}_steps: {steps}");
        for step in [10, late] {
            let (alone, whole, replay) = (at(&alone_us, step), at(&follow_us, step), at(&replay_us, step));
            println!(
                "{name}_follow_step_us_at_{step}: {alone} told the step alone, {whole} told the whole match, {replay} replayed from the start"
            );
        }
        steps
    }

    #[test]
    fn every_mode_plays_to_the_end_against_the_computer_and_each_save_restores() {
        let mut rng = Rng::new(21);
        for (battle, fighters, wampires) in [(Battle::FreeForAll, 4, false), (Battle::LastStanding, 5, true), (Battle::Team, 4, false)] {
            let setup = mode(battle, fighters, wampires);
            let mut s = Session::new(Seats::against_computer(Level::Easy, fighters), &setup).unwrap();
            assert_eq!(s.noun(), "fight");
            play_out(&mut s, &mut rng);
            let outcome = s.outcome().unwrap();
            assert_eq!(outcome.players().count(), fighters, "{battle}: every fighter has a place");
            assert_eq!(rematch(&s), setup);
        }
    }

    #[test]
    fn the_lesson_plays_as_written_and_ends_with_a_card_in_peril() {
        let lesson = TauntSite::lesson().unwrap();
        let end = crate::play::lesson::check(&lesson);
        let v = end.public_view();
        assert_eq!(v.position, dojo_games::taunt::Position::Near, "the computer ran in");
        assert_eq!((v.corners.0[1].damage, v.corners.0[0].damage), (10, 4), "the Punch dealt 10; Shoot and Run dealt 2 each");
        assert!(v.corners.0[1].disabled.contains(Slot::Grab), "Peril disabled Tuggle's Grab");
        assert_eq!(v.corners.0[1].disabled.len(), 1);
    }

    #[test]
    fn every_way_of_playing_says_how_it_is_won_and_links_a_section_of_the_rules() {
        let goal = |setup: &Setup| {
            let s = Session::new(Seats::people(setup.fighters.len()), setup).unwrap();
            TauntSite::goal(Some(&s.public_view()))
        };
        let anchor = |section: &str| dojo_games::taunt::RULES_TEXT.contains(&format!("{{#{section}}}"));
        let cases = [
            (mode(Battle::FreeForAll, 4, false), "The first fighter to defeat another wins.", "ffa"),
            (mode(Battle::LastStanding, 5, false), "The last fighter standing wins.", "last-pobber"),
            (mode(Battle::Team, 4, false), "The first team to defeat both opponents wins.", "team"),
            (mode(Battle::LastStanding, 3, true), "one hit whose Peril letters", "wampires"),
            (monsters_setup(3), "across its monsters", "monsters"),
            (monsters_setup(3), "The first to win 2 fights takes the match.", "monsters"),
            (Setup::new([FighterId::Wollypobber; 2], Options::default()), "The first to win 2 fights", "peril"),
            (Setup::new([FighterId::Wollypobber; 2], Options { best_of: 1, ..Options::default() }), "A single fight decides", "peril"),
        ];
        for (setup, says, section) in cases {
            let (text, at) = goal(&setup);
            assert!(text.contains(says), "{text}");
            assert_eq!(at, section, "{text}");
            assert!(anchor(at), "the rules have a section #{at}");
        }
        assert_eq!(TauntSite::goal(None), goal(&Setup::new([FighterId::Wollypobber; 2], Options::default())), "the lobby speaks of a duel");
    }

    #[test]
    fn people_only_modes_keep_the_record_and_mixed_tables_keep_nothing() {
        let mut rng = Rng::new(5);
        let mut people = Session::new(Seats::people(4), &mode(Battle::Team, 4, true)).unwrap();
        play_out(&mut people, &mut rng);
        let back = Session::load(&people.save().unwrap(), 1).unwrap();
        assert_eq!(back.outcome(), people.outcome());
        let mixed =
            Seats(vec![Controller::Person, Controller::Computer(Level::Easy), Controller::Person, Controller::Computer(Level::Easy)]);
        let mut mixed = Session::new(mixed, &mode(Battle::Team, 4, false)).unwrap();
        play_out(&mut mixed, &mut rng);
        assert_eq!(mixed.save(), None);
    }

    /// Why `good` (a save against the computer) is refused once `change` is made to its view.
    fn refusal(good: &str, change: &dyn Fn(&mut serde_json::Value)) -> String {
        let mut bad: serde_json::Value = serde_json::from_str(good).unwrap();
        change(&mut bad["match"]["View"]["view"]);
        Session::load(&bad.to_string(), 1).unwrap_err()
    }

    #[test]
    fn a_view_with_a_seat_or_count_out_of_place_is_refused() {
        let mut rng = Rng::new(8);
        let setup = mode(Battle::FreeForAll, 4, false);
        let s = Session::new(Seats::against_computer(Level::Easy, 4), &setup).unwrap();
        let good = s.save().unwrap();
        assert!(Session::load(&good, 1).is_ok());
        let refused = |change: &dyn Fn(&mut serde_json::Value)| refusal(&good, change);
        assert!(refused(&|v| v["corners"].as_array_mut().unwrap().truncate(1)).contains("does not fit its way of playing"));
        assert!(refused(&|v| v["markers"].as_array_mut().unwrap().truncate(3)).contains("one of everything"));
        assert!(refused(&|v| v["owed_places"] = serde_json::json!([[0, 7]])).contains("not at the table"));
        assert!(refused(&|v| v["phase"] = serde_json::json!({ "Flip": { "seat": 6 } })).contains("not at the table"));
        assert!(refused(&|v| v["queue_next"] = serde_json::json!([false, false])).contains("not at the table"));
        assert!(refused(&|v| v["options"]["best_of"] = serde_json::json!(3)).contains("series"));
        // A turn paused for a runner, with its order naming a ninth fighter.
        let mut s = Session::new(Seats::against_computer(Level::Easy, 3), &mode(Battle::FreeForAll, 3, false)).unwrap();
        let paused = loop {
            assert!(!s.is_over(), "some Run asks for its markers");
            if s.public_view().paused.is_some() {
                break s.save().unwrap();
            }
            while let Some(seat) = s.computer_to_move() {
                s.computer_decide(seat, &mut rng).unwrap();
            }
            while let Some(seat) = s.next_person() {
                let run = Action::Play(Slot::Run);
                if s.legal(seat).contains(&run) { s.give(seat, run).unwrap() } else { decide_randomly(&mut s, seat, &mut rng) }
            }
            s.play().unwrap();
        };
        assert!(Session::load(&paused, 2).is_ok(), "a paused turn restores");
        let mut bad: serde_json::Value = serde_json::from_str(&paused).unwrap();
        bad["match"]["View"]["view"]["paused"]["order"] = serde_json::json!([9]);
        assert!(Session::load(&bad.to_string(), 1).unwrap_err().contains("not at the table"));
    }

    fn monsters_setup(best_of: u8) -> Setup {
        Setup::new([FighterId::Wollypobber; 2], Options { battle: Battle::Monsters, best_of, ..Options::default() })
    }

    fn drafts(cards: &[Slot]) -> Vec<Action> {
        cards.iter().map(|c| Action::Draft(*c)).collect()
    }

    /// A split: Monster 1 all attacks, Monster 2 defence, Monster 3 the rest.
    const SPLIT_1: [Slot; 15] = [
        Slot::Kick,
        Slot::Kick,
        Slot::Shoot,
        Slot::Shoot,
        Slot::Grab,
        Slot::Block,
        Slot::Block,
        Slot::Heal,
        Slot::Heal,
        Slot::Run,
        Slot::Punch,
        Slot::Punch,
        Slot::Charge,
        Slot::RunTwo,
        Slot::Taunt,
    ];

    #[test]
    fn both_trainers_build_fifteen_cards_each_before_one_step_is_played() {
        let mut s = Session::new(Seats::people(2), &monsters_setup(3)).unwrap();
        assert_eq!(s.noun(), "series");
        // The audit's best-of-1 duel said "won the series": one fight is a fight.
        assert_eq!(Session::new(Seats::people(2), &monsters_setup(1)).unwrap().noun(), "fight");
        let lobby = s.save().unwrap();
        assert_eq!(s.next_person(), Some(Seat(0)));
        assert!(s.is_secret(Seat(0)));
        s.give_all(Seat(0), drafts(&SPLIT_1)).unwrap();
        assert!(!s.can_give(Seat(0)), "the whole split is in");
        assert_eq!(s.next_person(), Some(Seat(1)));
        assert!(matches!(s.decision(Seat(1)), Some(Decision::Build { placed: 0 })), "nothing of the other split shows");
        assert_eq!(s.save().unwrap(), lobby);
        let mut other = SPLIT_1;
        other.reverse();
        assert!(s.give_all(Seat(1), drafts(&[Slot::Kick, Slot::Kick, Slot::Kick])).unwrap_err().contains("input 3"));
        s.give_all(Seat(1), drafts(&other)).unwrap();
        assert!(s.ready());
        let events = s.play().unwrap();
        assert_eq!(events, vec![Event::Built]);
        assert_eq!(s.steps(), 15);
        assert!(TauntSite::shows_reveal(&events));
        assert!(s.log().iter().all(|l| !l.text.contains("Kick")), "{:?}", s.log());
        assert_eq!(s.log().last().unwrap().text, "Both trainers have built their three monsters in secret. Monster 1 of each steps in.");
        // A split stays secret all battle: the shared device's save stays at the lobby.
        assert!(face_down(s.state_mut()));
        assert_eq!(s.save().unwrap(), lobby);
        let mine = s.view(Seat(0));
        assert_eq!(
            mine.monsters.as_ref().unwrap().trainers[0].monsters[0].cards,
            vec![Slot::Grab, Slot::Shoot, Slot::Shoot, Slot::Kick, Slot::Kick]
        );
        assert_eq!(mine.monsters.as_ref().unwrap().trainers[1].monsters[0].unknown, 5);
        // Both play a turn with a Switch: the hand offers it, and the log tells the newcomer.
        s.give(Seat(0), Action::Play(Slot::SwitchHigher)).unwrap();
        assert!(s.give(Seat(1), Action::Play(Slot::Kick)).is_err(), "Monster 1 of Player 2 holds no Kick");
        s.give(Seat(1), Action::Play(Slot::Charge)).unwrap();
        s.play().unwrap();
        assert!(s.log().iter().any(|l| l.text == "Player 1 sends Monster 1 to the bench; Monster 3 steps in."), "{:?}", s.log());
    }

    #[test]
    fn a_monsters_battle_against_the_computer_saves_only_the_persons_split_and_restores() {
        let mut s = Session::new(Seats::against_computer(Level::Easy, 2), &monsters_setup(1)).unwrap();
        let mut rng = Rng::new(4);
        s.give_all(Seat(0), drafts(&SPLIT_1)).unwrap();
        // The computer builds a card a step; a reload in the middle keeps the person's cards
        // built so far, and the build screen goes on from there.
        s.computer_decide(Seat(1), &mut rng).unwrap();
        s.play().unwrap();
        assert_eq!(s.computer_to_move(), Some(Seat(1)), "the person's fourteen other cards wait");
        let back = Session::load(&s.save().unwrap(), 1).unwrap();
        assert_eq!(back.decision(Seat(0)), Some(Decision::Build { placed: 1 }));
        assert_eq!(back.view(Seat(0)).monsters.unwrap().trainers[0].monsters[0].cards, vec![Slot::Kick]);
        let mut steps = 0;
        while steps < 40 && !s.is_over() {
            while let Some(seat) = s.computer_to_move() {
                s.computer_decide(seat, &mut rng).unwrap();
            }
            if s.next_person().is_some() && !s.has_given(Seat(0)) {
                decide_randomly(&mut s, Seat(0), &mut rng);
            }
            if s.ready() {
                s.play().unwrap();
            }
            steps += 1;
            let json = s.save().unwrap();
            let back = Session::load(&json, steps as u64).unwrap_or_else(|e| panic!("step {steps}: {e}\n{json}"));
            assert_eq!(back.view(Seat(0)), s.view(Seat(0)), "step {steps}");
            let theirs = &s.view(Seat(1)).monsters.unwrap().trainers[1];
            let kept: Vec<Slot> = theirs.monsters.iter().flat_map(|m| m.cards.clone()).collect();
            let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
            let their_saved = &saved["match"]["View"]["view"]["monsters"]["trainers"][1];
            let seen: Vec<Slot> =
                (0..3).flat_map(|m| serde_json::from_value::<Vec<Slot>>(their_saved["monsters"][m]["cards"].clone()).unwrap()).collect();
            assert!(seen.len() <= kept.len(), "the computer's split is never saved beyond what was seen");
        }
        assert!(s.public_view().monsters.unwrap().placed == 15, "the build resolved");
        assert!(s.log().iter().any(|l| l.text.starts_with("Both trainers have built")));
    }

    #[test]
    fn a_monsters_view_out_of_its_decks_is_refused() {
        let mut s = Session::new(Seats::against_computer(Level::Easy, 2), &monsters_setup(3)).unwrap();
        let mut rng = Rng::new(2);
        s.give_all(Seat(0), drafts(&SPLIT_1)).unwrap();
        while s.public_view().phase == Phase::Build {
            s.computer_decide(Seat(1), &mut rng).unwrap();
            s.play().unwrap();
        }
        let good = s.save().unwrap();
        assert!(Session::load(&good, 1).is_ok());
        let refused = |change: &dyn Fn(&mut serde_json::Value)| refusal(&good, change);
        assert!(refused(&|v| v["monsters"]["trainers"][0]["monsters"][1]["cards"][0] = serde_json::json!("Kick")).contains("monsters"));
        assert!(refused(&|v| v["monsters"]["trainers"][1]["monsters"][0]["unknown"] = serde_json::json!(9)).contains("monsters"));
        assert!(refused(&|v| v["monsters"]["trainers"][0]["active"] = serde_json::json!(3)).contains("monsters"));
        assert!(refused(&|v| v["monsters"] = serde_json::Value::Null).contains("monsters"));
        assert!(refused(&|v| v["corners"][0]["blocks"] = serde_json::json!(5)).contains("out of range"));
    }
}
