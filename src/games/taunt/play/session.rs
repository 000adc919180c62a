//! A TAUNT match as the play page runs it: who plays which seat, the inputs given in secret so
//! far, the record and the log. Plain Rust with no browser types, so it is tested natively.
//!
//! Secret inputs (a turn's pick, the cards laid face down after a TAUNT) wait here, in memory,
//! until every seat that must act has given theirs; only then are they applied to the engine.
//! Laid cards stay face down in the engine for several turns, so saves never hold the engine's
//! record as it is: against the computer a save holds only the person's view (the computer's
//! combo is a count, dealt afresh on reload), and on a shared device only the record up to the
//! last step with no combo face down (the combo is laid again after a reload).

use crate::play::{LogLine, Mode};
use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, Observer, PerSeat, Rng, Seat, apply};
use dojo_games::Speaker;
use dojo_games::taunt::{Action, Decision, Event, Phase, Setup, Slot, Taunt, TauntView};

/// A log line for `event`, with `mode`'s names; against the computer, the person is "you".
pub fn describe(mode: Mode, event: &Event) -> String {
    let [a, b] = mode.names();
    let you = matches!(mode, Mode::VsBot(_)).then_some(Seat(0));
    event.describe_with(&Speaker { names: [&a, &b], you })
}

/// One seat's input waiting for the others'.
#[derive(Clone, Debug, PartialEq)]
enum Input {
    /// A single action: a pick, the order of two Runs, a Position.
    Act(Action),
    /// The cards laid face down after a TAUNT, in order (possibly none).
    Lay(Vec<Slot>),
}

/// A match in progress on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    mode: Mode,
    /// The record, on a shared device only (against the computer it is never saved).
    record: Option<GameRecord<Taunt>>,
    /// Steps applied so far.
    steps: usize,
    /// Steps of the record that may be saved: up to the last one that left no combo face down.
    revealed: usize,
    state: Taunt,
    log: Vec<LogLine>,
    inputs: [Option<Input>; 2],
    /// The computer's face-down cards chosen so far, one decision at a time.
    laying: [Vec<Slot>; 2],
    last_events: Vec<Event>,
    /// Against the computer after a reload: the last step in words, until the next step.
    last_lines: Vec<String>,
}

impl Session {
    /// A new match from `setup`.
    pub fn new(mode: Mode, setup: Setup) -> Result<Session, String> {
        let state = Taunt::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(Session {
            mode,
            record: (mode == Mode::HotSeat).then(|| GameRecord::new(setup)),
            steps: 0,
            revealed: 0,
            state,
            log: Vec::new(),
            inputs: Default::default(),
            laying: Default::default(),
            last_events: Vec::new(),
            last_lines: Vec::new(),
        })
    }

    /// Restores a saved match: a shared device's record is replayed; against the computer, its
    /// face-down cards are dealt from `seed` among those the person's view leaves possible. A
    /// damaged, old or foreign save is refused with the reason.
    pub fn load(json: &str, seed: u64) -> Result<Session, String> {
        let r = crate::play::restore::<Taunt>(json, "series", describe, check_view, &mut Rng::new(seed))?;
        let steps = r.record.as_ref().map_or_else(|| r.log.last().map_or(0, |l| l.step), |record| record.actions.len());
        let revealed = r.record.as_ref().map_or(0, |record| crate::play::revealed_prefix(record, face_down));
        Ok(Session {
            mode: r.mode,
            record: r.record,
            steps,
            revealed,
            state: r.state,
            log: r.log,
            inputs: Default::default(),
            laying: Default::default(),
            last_events: r.last_events,
            last_lines: r.last_lines,
        })
    }

    /// The match as JSON for storage, never a pending input nor a combo face down. Against the
    /// computer: the person's view and log only. On a shared device: the record up to the last
    /// step that left no combo face down.
    pub fn save(&self) -> String {
        match (&self.record, self.mode) {
            (Some(record), _) => crate::play::save_hot_seat(record, self.revealed),
            (None, Mode::VsBot(level)) => {
                crate::play::save_vs_bot(level, &self.state, &self.log, crate::play::PlaySession::last_lines(self))
            }
            // Not reached: a shared device's session always keeps its record.
            (None, Mode::HotSeat) => String::new(),
        }
    }

    /// The setup of a new series with the same fighters and options.
    pub fn rematch(&self) -> Setup {
        let v = self.public_view();
        Setup::new([v.corners.0[0].fighter, v.corners.0[1].fighter], v.options)
    }

    /// Who plays.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The record so far, on a shared device (`None` against the computer).
    pub fn record(&self) -> Option<&GameRecord<Taunt>> {
        self.record.as_ref()
    }

    /// Steps applied so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> TauntView {
        self.state.view_for(seat)
    }

    /// What everybody at the table may see: the shared table of the page draws this.
    pub fn public_view(&self) -> TauntView {
        self.state.public_view()
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// The events of the last applied step(s).
    pub fn last_events(&self) -> &[Event] {
        &self.last_events
    }

    /// True once the series is decided.
    pub fn is_over(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// What `seat` must still decide, or `None` when it does not act or has already given its input.
    pub fn needs(&self, seat: Seat) -> Option<Decision> {
        self.inputs[seat.index()].is_none().then(|| self.state.decision(seat)).flatten()
    }

    /// True when `seat`'s decision is secret from the other seat (a pick or face-down cards), so
    /// a shared device must be handed over first.
    pub fn is_secret(&self, seat: Seat) -> bool {
        matches!(self.needs(seat), Some(Decision::Pick { .. } | Decision::Queue { .. }))
    }

    /// The next person who must decide, in seat order, if any.
    pub fn next_human(&self) -> Option<Seat> {
        Seat::all(2).find(|s| !self.mode.is_bot(*s) && self.needs(*s).is_some())
    }

    /// The computer's seat, if it must still decide.
    pub fn bot_to_move(&self) -> Option<Seat> {
        Seat::all(2).find(|s| self.mode.is_bot(*s) && self.needs(*s).is_some())
    }

    /// True when `seat` has decided in secret and waits for the other seat.
    pub fn has_decided(&self, seat: Seat) -> bool {
        self.inputs[seat.index()].is_some()
    }

    /// Gives `seat`'s action (a pick, an order, a Position) after checking it.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), String> {
        if self.needs(seat).is_none() || matches!(action, Action::Queue(_) | Action::EndQueue) {
            return Err(format!("{seat} has nothing to decide like that now"));
        }
        self.state.check(seat, &action).map_err(|r| format!("{r}"))?;
        self.inputs[seat.index()] = Some(Input::Act(action));
        Ok(())
    }

    /// Gives the cards `seat` lays face down after its TAUNT, in order, after checking them.
    pub fn lay(&mut self, seat: Seat, cards: Vec<Slot>) -> Result<(), String> {
        if !matches!(self.needs(seat), Some(Decision::Queue { .. })) {
            return Err(format!("{seat} is not laying cards face down now"));
        }
        let mut probe = self.state.clone();
        for (i, card) in cards.iter().enumerate() {
            probe.check(seat, &Action::Queue(*card)).map_err(|r| format!("card {}: {r}", i + 1))?;
            // Only this seat's queue matters for the next check; the other seat's input is unknown here.
            probe = lay_one(probe, seat, *card);
        }
        self.inputs[seat.index()] = Some(Input::Lay(cards));
        Ok(())
    }

    /// Takes back `seat`'s input (before it is applied).
    pub fn take_back(&mut self, seat: Seat) {
        self.inputs[seat.index()] = None;
    }

    /// True when every seat that must act has given its input.
    pub fn ready(&self) -> bool {
        !self.is_over() && Seat::all(2).any(|s| self.state.decision(s).is_some()) && Seat::all(2).all(|s| self.needs(s).is_none())
    }

    /// Applies the inputs: one step, or for face-down cards one step per card. Extends the record
    /// and the log and returns what happened.
    pub fn play(&mut self) -> Result<&[Event], String> {
        if !self.ready() {
            return Err("not everyone has decided yet".into());
        }
        let inputs = std::mem::take(&mut self.inputs);
        let mut all = Vec::new();
        if matches!(self.state.phase(), Phase::Queue { .. }) {
            let mut lays: [Vec<Slot>; 2] = inputs.map(|i| match i {
                Some(Input::Lay(cards)) => cards,
                _ => Vec::new(),
            });
            while matches!(self.state.phase(), Phase::Queue { .. }) {
                let joint = PerSeat::from_fn(2, |s| {
                    self.state
                        .decision(s)
                        .map(|_| if lays[s.index()].is_empty() { Action::EndQueue } else { Action::Queue(lays[s.index()].remove(0)) })
                });
                all.extend(self.apply(joint)?);
            }
        } else {
            let joint = PerSeat::from_fn(2, |s| match &inputs[s.index()] {
                Some(Input::Act(a)) => Some(*a),
                _ => None,
            });
            all.extend(self.apply(joint)?);
        }
        self.last_events = all;
        self.last_lines.clear();
        Ok(&self.last_events)
    }

    fn apply(&mut self, joint: PerSeat<Option<Action>>) -> Result<Vec<Event>, String> {
        let events = apply(&mut self.state, &joint).map_err(|e| e.to_string())?;
        self.steps += 1;
        let step = self.steps;
        if let Some(record) = &mut self.record {
            record.actions.push(joint);
            if !face_down(&self.state) {
                self.revealed = record.actions.len();
            }
        }
        self.log.extend(events.iter().map(|e| LogLine { step, text: describe(self.mode, e) }));
        Ok(events)
    }

    /// Makes one decision for the computer's seat at `level`, reading only its own view. Laying
    /// a combo is one decision per card, as in the engine, so this may need calling again
    /// while [`Session::bot_to_move`] still names the seat.
    pub fn bot_decide(&mut self, seat: Seat, level: Level, rng: &mut Rng) -> Result<(), String> {
        match self.needs(seat) {
            Some(Decision::Queue { .. }) => {
                // The next card is chosen from the view the bot would have after the cards so far.
                let mut probe = Taunt::determinize(&self.state.view_for(seat), rng);
                for card in &self.laying[seat.index()] {
                    probe = lay_one(probe, seat, *card);
                }
                let next = match probe.decision(seat) {
                    Some(Decision::Queue { .. }) => level.strategy::<Taunt>(&probe.view_for(seat), seat, rng).sample(rng),
                    _ => Action::EndQueue,
                };
                match next {
                    Action::Queue(card) => {
                        self.laying[seat.index()].push(card);
                        Ok(())
                    }
                    _ => {
                        let cards = std::mem::take(&mut self.laying[seat.index()]);
                        self.lay(seat, cards)
                    }
                }
            }
            Some(_) => {
                let action = level.strategy::<Taunt>(&self.state.view_for(seat), seat, rng).sample(rng);
                self.act(seat, action)
            }
            None => Err(format!("{seat} has nothing to decide")),
        }
    }
}

/// True when some fighter has combo cards face down.
fn face_down(state: &Taunt) -> bool {
    state.public_view().queued.0.iter().any(|n| *n > 0)
}

/// Checks a view saved against the computer before a state is dealt from it: the person's
/// seat, two of everything, and every count within what the fighters' cards allow.
fn check_view(v: &TauntView) -> Result<(), String> {
    let person = crate::play::PERSON;
    if v.observer != Observer::Seat(person) {
        return Err("it is not the view of your seat".into());
    }
    if [v.wins.len(), v.corners.len(), v.queued.len()].iter().any(|n| *n != 2) {
        return Err("it does not have two players".into());
    }
    if !matches!(v.options.best_of, 1 | 3 | 5) || v.wins.0.iter().any(|w| *w > v.options.best_of / 2 + 1) {
        return Err("its series length or wins are out of range".into());
    }
    for c in &v.corners.0 {
        let card = c.fighter.card();
        if c.damage > card.critical_damage || c.charge > dojo_games::taunt::MAX_CHARGE || c.blocks > card.block_tokens {
            return Err(format!("{}'s damage, charge or blocks are out of range", card.name));
        }
    }
    if v.my_queue.len() != usize::from(v.queued.0[person.index()]) || v.queued.0.iter().any(|n| usize::from(*n) > Slot::ALL.len()) {
        return Err("the face-down cards do not match their count".into());
    }
    Ok(())
}

impl crate::play::PlaySession for Session {
    const SAVE_KEY: &'static str = "pocket-dojo/taunt";
    const NOUN: &'static str = "series";

    fn load(json: &str, seed: u64) -> Result<Self, String> {
        Session::load(json, seed)
    }
    fn save(&self) -> String {
        Session::save(self)
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn is_over(&self) -> bool {
        Session::is_over(self)
    }
    fn next_human(&self) -> Option<Seat> {
        Session::next_human(self)
    }
    fn is_secret(&self, seat: Seat) -> bool {
        Session::is_secret(self, seat)
    }
    fn bot_to_move(&self) -> Option<Seat> {
        Session::bot_to_move(self)
    }
    fn bot_decide(&mut self, seat: Seat, level: Level, rng: &mut Rng) -> Result<(), String> {
        Session::bot_decide(self, seat, level, rng)
    }
    /// A reveal is shown only for steps that turned cards over.
    fn play(&mut self) -> Result<bool, String> {
        Session::play(self).map(|events| events.iter().any(|e| matches!(e, Event::Revealed { .. })))
    }
    fn log(&self) -> &[LogLine] {
        Session::log(self)
    }
    /// The last step's events in words (as saved, right after a reload against the computer).
    fn last_lines(&self) -> Vec<String> {
        if self.last_events.is_empty() {
            return self.last_lines.clone();
        }
        self.last_events.iter().map(|e| describe(self.mode, e)).collect()
    }
    fn winner(&self) -> Option<Seat> {
        self.state.results().last().copied().flatten()
    }
}

/// `state` with `seat` having laid `card` face down (the other seat, if laying too, waits).
fn lay_one(mut state: Taunt, seat: Seat, card: Slot) -> Taunt {
    let joint = PerSeat::from_fn(2, |s| {
        if s == seat {
            Some(Action::Queue(card))
        } else {
            // The other seat's own laying is unknown here; a placeholder card keeps it laying.
            state
                .decision(s)
                .map(|_| state.legal_actions(s).into_iter().find(|a| matches!(a, Action::Queue(_))).unwrap_or(Action::EndQueue))
        }
    });
    let _ = apply(&mut state, &joint);
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `seat` makes the first choice it is offered: an empty combo, or its first legal action.
    fn decide_first(s: &mut Session, seat: Seat) {
        match s.needs(seat) {
            Some(Decision::Queue { .. }) => s.lay(seat, vec![]).unwrap(),
            Some(_) => {
                let action = s.state.legal_actions(seat)[0];
                s.act(seat, action).unwrap();
            }
            None => {}
        }
    }
    use dojo_games::taunt::{FighterId, Options};

    fn hot_seat() -> Session {
        Session::new(Mode::HotSeat, Setup::new([FighterId::Tuggle, FighterId::TeaBot], Options::default())).unwrap()
    }

    #[test]
    fn picks_wait_in_secret_until_both_are_in() {
        let mut s = hot_seat();
        assert_eq!(s.next_human(), Some(Seat(0)));
        assert!(s.is_secret(Seat(0)));
        s.act(Seat(0), Action::Play(Slot::Taunt)).unwrap();
        assert!(!s.ready());
        assert_eq!(s.next_human(), Some(Seat(1)));
        assert_eq!(s.view(Seat(1)), Session::load(&s.save(), 1).unwrap().view(Seat(1)));
        assert!(s.record().unwrap().actions.is_empty(), "nothing of the pick is saved");
        s.act(Seat(1), Action::Play(Slot::Charge)).unwrap();
        s.play().unwrap();
        assert!(s.log()[0].text.starts_with("Turn 1: Player 1 plays TAUNT L0"), "{}", s.log()[0].text);
        // The taunt went unanswered: Player 1 lays cards in secret, Player 2 waits.
        assert_eq!(s.next_human(), Some(Seat(0)));
        assert!(matches!(s.needs(Seat(0)), Some(Decision::Queue { .. })));
        assert_eq!(s.needs(Seat(1)), None);
        assert!(s.lay(Seat(0), vec![Slot::Kick, Slot::Kick]).unwrap_err().contains("already face down"));
        assert!(s.lay(Seat(0), vec![Slot::Taunt]).unwrap_err().contains("TAUNT cannot"));
        s.lay(Seat(0), vec![Slot::Charge, Slot::Punch]).unwrap();
        s.play().unwrap();
        let theirs = s.view(Seat(1));
        assert_eq!(theirs.queued[Seat(0)], 2);
        assert!(!s.log().iter().any(|l| l.text.contains("Punch")), "the log never names face-down cards");
        assert_eq!(s.view(Seat(0)).my_queue, vec![Slot::Charge, Slot::Punch]);
        // Player 1's next moves are already down: only Player 2 picks.
        assert_eq!(s.next_human(), Some(Seat(1)));
        assert_eq!(s.needs(Seat(0)), None);
        // The combo is face down, so a reload goes back to laying it.
        let back = Session::load(&s.save(), 1).unwrap();
        assert!(matches!(back.needs(Seat(0)), Some(Decision::Queue { .. })));
        assert_eq!(back.record().unwrap().actions.len(), 1);
    }

    #[test]
    fn the_computer_lays_a_combo_one_decision_per_card() {
        let mut s = hot_seat();
        s.act(Seat(0), Action::Play(Slot::Taunt)).unwrap();
        s.act(Seat(1), Action::Play(Slot::Charge)).unwrap();
        s.play().unwrap();
        let mut rng = Rng::new(11);
        let mut calls = 0;
        while s.needs(Seat(0)).is_some() {
            s.bot_decide(Seat(0), Level::Easy, &mut rng).unwrap();
            calls += 1;
            assert!(calls <= 9, "at most eight cards and a stop");
        }
        assert!(s.record().unwrap().actions.len() == 1, "nothing is applied while the computer is still laying");
        s.play().unwrap();
        assert_eq!(usize::from(s.view(Seat(1)).queued[Seat(0)]), calls - 1);
    }

    #[test]
    fn an_illegal_input_is_refused_with_a_reason() {
        let mut s = hot_seat();
        assert!(s.act(Seat(0), Action::Place(dojo_games::taunt::Position::Near)).unwrap_err().contains("pick a move"));
        assert!(s.lay(Seat(0), vec![Slot::Kick]).unwrap_err().contains("not laying"));
        assert!(s.play().is_err());
    }

    #[test]
    fn the_computer_decides_from_its_own_view_and_the_save_round_trips() {
        let setup = Setup::new([FighterId::Mooshmere, FighterId::Wollypobber], Options { best_of: 1, ..Options::default() });
        let mut s = Session::new(Mode::VsBot(Level::Easy), setup).unwrap();
        let mut rng = Rng::new(3);
        let mut steps = 0;
        while !s.is_over() && steps < 400 {
            if let Some(seat) = s.bot_to_move() {
                s.bot_decide(seat, Level::Easy, &mut rng).unwrap();
            }
            if let Some(seat) = s.next_human() {
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
        let back = Session::load(&s.save(), 5).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(back.log(), s.log());
        assert!(back.is_over());
        assert_eq!(crate::play::PlaySession::winner(&back), crate::play::PlaySession::winner(&s));
        assert_eq!(
            back.rematch(),
            Setup::new([FighterId::Mooshmere, FighterId::Wollypobber], Options { best_of: 1, ..Options::default() })
        );
        assert!(Session::load("{", 1).unwrap_err().starts_with("the saved series could not be read"));
        let mut h = hot_seat();
        h.act(Seat(0), Action::Play(Slot::Taunt)).unwrap();
        h.act(Seat(1), Action::Play(Slot::Charge)).unwrap();
        h.play().unwrap();
        let tampered = h.save().replace("\"actions\":[", "\"actions\":[[null,null],");
        assert!(Session::load(&tampered, 1).unwrap_err().contains("does not replay: step 1 is illegal"));
    }

    /// Player 2 (Tuggle) TAUNTs unanswered and lays `combo` face down; returns the session
    /// and its save.
    fn player_two_lays(mode: Mode, combo: Vec<Slot>) -> (Session, String, String) {
        let mut s = Session::new(mode, Setup::new([FighterId::TeaBot, FighterId::Tuggle], Options::default())).unwrap();
        s.act(Seat(0), Action::Play(Slot::Charge)).unwrap();
        s.act(Seat(1), Action::Play(Slot::Taunt)).unwrap();
        s.play().unwrap();
        assert!(matches!(s.needs(Seat(1)), Some(Decision::Queue { .. })));
        let before = s.save();
        s.lay(Seat(1), combo.clone()).unwrap();
        s.play().unwrap();
        assert_eq!(s.view(Seat(1)).my_queue, combo);
        let after = s.save();
        (s, before, after)
    }

    #[test]
    fn a_save_against_the_computer_never_holds_its_combo() {
        let (s, _, a) = player_two_lays(Mode::VsBot(Level::Easy), vec![Slot::Charge, Slot::Punch]);
        let (_, _, b) = player_two_lays(Mode::VsBot(Level::Easy), vec![Slot::Punch, Slot::Charge]);
        let (_, _, c) = player_two_lays(Mode::VsBot(Level::Easy), vec![Slot::Kick]);
        assert_eq!(a, b, "the save does not depend on the computer's face-down cards");
        for seed in 0..10 {
            let mut t = s.clone();
            t.state = s.state.resample_hidden(Observer::Seat(Seat(0)), &mut Rng::new(seed));
            assert_eq!(t.save(), a, "nothing hidden from the person reaches the save");
        }
        assert_ne!(a, c, "it does show how many there are");
        for secret in ["record", "setup", "actions", "seed", "\"deck\""] {
            assert!(!a.contains(secret), "{secret} in {a}");
        }
        let saved: serde_json::Value = serde_json::from_str(&a).unwrap();
        let view = &saved["match"]["VsBot"]["view"];
        assert_eq!(view["queued"], serde_json::json!([0, 2]));
        assert_eq!(view["my_queue"], serde_json::json!([]));
        // Restoring deals the computer a combo of two cards and shows the person the same.
        let back = Session::load(&a, 3).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(back.view(Seat(1)).my_queue.len(), 2);
        assert_eq!(back.save(), a);
    }

    #[test]
    fn a_shared_device_never_saves_a_combo_face_down() {
        let (s, before, a) = player_two_lays(Mode::HotSeat, vec![Slot::Charge, Slot::Punch]);
        let (_, _, b) = player_two_lays(Mode::HotSeat, vec![Slot::Kick]);
        assert_eq!(a, b, "the saves do not depend on the face-down cards, nor on how many");
        assert_eq!(a, before, "the save stops before the combo was laid");
        let back = Session::load(&a, 1).unwrap();
        assert!(matches!(back.needs(Seat(1)), Some(Decision::Queue { .. })), "Player 2 lays the combo again");
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
        let spent = s.save();
        assert_eq!(Session::load(&spent, 1).unwrap().record().unwrap().actions.len(), s.record().unwrap().actions.len());
    }
}
