//! A PUNISH match as the play page runs it: who plays which seat, the picks made in secret so
//! far, the record, and the log. Plain Rust with no browser types, so it is tested natively.
//!
//! Secret picks wait here, in memory, until every acting seat has picked; the page never
//! renders a pick before the reveal, and only [`Session::save`]d records (picks already
//! revealed) reach storage.
//!
//! A seat may queue several picks when nothing would be revealed in between (Blindfolded
//! planning), so one person plans a whole measure before handing the device over. What the
//! seat may pick next is asked of the engine, on a state drawn from that seat's own view with
//! its queued picks applied: no rule is written twice, and nothing hidden is consulted.

use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, PerSeat, Rng, Seat, apply, joint_from};
use dojo_games::punish::{Decision, Event, Options, Play, Punish, PunishView, Setup, Speaker};
use serde::{Deserialize, Serialize};

/// Who sits in the two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Two people sharing one device.
    HotSeat,
    /// A person (Player 1) against the computer (Player 2).
    VsBot(Level),
}

impl Mode {
    /// What the page calls the two seats.
    pub fn names(self) -> [String; 2] {
        match self {
            Mode::HotSeat => ["Player 1".into(), "Player 2".into()],
            Mode::VsBot(level) => ["You".into(), format!("Computer ({})", level.label())],
        }
    }

    /// A log line for `event`, with this mode's names; against the computer, the person is "you".
    pub fn describe(self, event: &Event) -> String {
        let [a, b] = self.names();
        let you = matches!(self, Mode::VsBot(_)).then_some(Seat(0));
        event.describe_with(&Speaker { names: [&a, &b], you })
    }

    /// True when `seat` is played by the computer.
    pub fn is_bot(self, seat: Seat) -> bool {
        matches!(self, Mode::VsBot(_)) && seat == Seat(1)
    }
}

/// One line of the log, with the breath it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    /// Step number (from 1) that produced it.
    pub step: usize,
    /// The sentence.
    pub text: String,
}

/// A match in progress on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    mode: Mode,
    record: GameRecord<Punish>,
    state: Punish,
    log: Vec<LogLine>,
    /// Secret picks not yet applied, per seat, oldest first.
    pending: [Vec<Play>; 2],
    last_events: Vec<Event>,
}

impl Session {
    /// A new match dealt from `seed`.
    pub fn new(mode: Mode, options: Options, seed: u64) -> Result<Session, String> {
        let setup = Setup::deal(seed, options);
        let state = Punish::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(Session { mode, record: GameRecord::new(setup), state, log: Vec::new(), pending: Default::default(), last_events: Vec::new() })
    }

    /// Restores a saved match, replaying its record. A damaged save is refused with the reason.
    pub fn load(json: &str) -> Result<Session, String> {
        let r = crate::play::restore::<Punish>(json, "game", |mode, e| mode.describe(e))?;
        Ok(Session { mode: r.mode, record: r.record, state: r.state, log: r.log, pending: Default::default(), last_events: r.last_events })
    }

    /// The match as JSON for storage: revealed steps only, never a pending pick.
    pub fn save(&self) -> String {
        crate::play::save(self.mode, &self.record)
    }

    /// Who plays.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The record so far.
    pub fn record(&self) -> &GameRecord<Punish> {
        &self.record
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> PunishView {
        self.state.view_for(seat)
    }

    /// What everybody at the table may see: the shared table of the page draws this.
    pub fn public_view(&self) -> PunishView {
        self.state.public_view()
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// The events of the last reveal.
    pub fn last_events(&self) -> &[Event] {
        &self.last_events
    }

    /// True once the match is decided.
    pub fn is_over(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// The seats that must act in the current step.
    pub fn acting(&self) -> Vec<Seat> {
        dojo_engine::acting_seats(&self.state)
    }

    /// The position as `seat` will see it once its queued picks are played: drawn from its own
    /// view, with the other seat's unknown picks filled in arbitrarily. `None` when a queued
    /// pick would reveal something (then no further pick can be queued).
    fn lookahead(&self, seat: Seat) -> Option<Punish> {
        let queued = &self.pending[seat.index()];
        if queued.is_empty() {
            return Some(self.state.clone());
        }
        let mut state = Punish::determinize(&self.state.view_for(seat), &mut Rng::new(0));
        for play in queued {
            let joint = joint_from(&state, |s, legal| if s == seat { *play } else { legal[0] })?;
            if !apply(&mut state, &joint).ok()?.is_empty() {
                return None;
            }
        }
        Some(state)
    }

    /// What `seat` sees while choosing: its hand and plan with its queued picks taken into account.
    pub fn own_view(&self, seat: Seat) -> PunishView {
        match self.lookahead(seat) {
            Some(state) => state.view_for(seat),
            None => self.view(seat),
        }
    }

    /// True when `seat` may add a pick now: it acts in this step and has not picked, or it is
    /// planning and its queued picks leave it more to plan before anything is revealed.
    pub fn can_pick(&self, seat: Seat) -> bool {
        if !self.acting().contains(&seat) {
            return false;
        }
        if self.pending[seat.index()].is_empty() {
            return true;
        }
        matches!(self.state.decision(seat), Some(Decision::Plan { .. }))
            && self
                .lookahead(seat)
                .is_some_and(|s| matches!(s.decision(seat), Some(Decision::Plan { .. })) && s.measure() == self.state.measure())
    }

    /// The next person who must pick, in seat order, if any.
    pub fn next_human(&self) -> Option<Seat> {
        self.acting().into_iter().find(|s| !self.mode.is_bot(*s) && self.can_pick(*s))
    }

    /// The computer's seat, if it must still pick this step.
    pub fn bot_to_move(&self) -> Option<Seat> {
        self.acting().into_iter().find(|s| self.mode.is_bot(*s) && self.pending[s.index()].is_empty())
    }

    /// True when `seat` has picked in secret for this step.
    pub fn has_picked(&self, seat: Seat) -> bool {
        !self.pending[seat.index()].is_empty()
    }

    /// Records `seat`'s secret pick after checking it is legal.
    pub fn pick(&mut self, seat: Seat, play: Play) -> Result<(), String> {
        if !self.can_pick(seat) {
            return Err(format!("{seat} does not pick now"));
        }
        let state = self.lookahead(seat).ok_or_else(|| format!("{seat} does not pick now"))?;
        state.check(seat, &play).map_err(|r| format!("{seat}: {r}"))?;
        self.pending[seat.index()].push(play);
        Ok(())
    }

    /// Takes back `seat`'s picks (before the reveal).
    pub fn unpick(&mut self, seat: Seat) {
        self.pending[seat.index()].clear();
    }

    /// True when every acting seat has picked and the step can be revealed.
    pub fn ready(&self) -> bool {
        !self.is_over() && self.acting().iter().all(|s| !self.pending[s.index()].is_empty())
    }

    /// Plays every step for which all acting seats have a pick: applies the picks, extends the
    /// record and the log, and returns what happened.
    pub fn reveal(&mut self) -> Result<&[Event], String> {
        let mut all = Vec::new();
        while self.ready() {
            let joint = PerSeat::from_fn(2, |s| if self.acting().contains(&s) { self.pending[s.index()].first().copied() } else { None });
            let events = apply(&mut self.state, &joint).map_err(|e| e.to_string())?;
            for (s, play) in joint.iter() {
                if play.is_some() {
                    self.pending[s.index()].remove(0);
                }
            }
            self.record.actions.push(joint);
            let step = self.record.actions.len();
            self.log.extend(events.iter().map(|e| LogLine { step, text: self.mode.describe(e) }));
            let revealed = !events.is_empty();
            all.extend(events);
            if revealed {
                // Anything still queued belonged to a measure that is over.
                self.pending = Default::default();
                break;
            }
        }
        self.last_events = all;
        Ok(&self.last_events)
    }
}

impl crate::play::PlaySession for Session {
    const SAVE_KEY: &'static str = "pocket-dojo/punish";
    const NOUN: &'static str = "match";

    fn load(json: &str) -> Result<Self, String> {
        Session::load(json)
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
    /// Every PUNISH pick is secret.
    fn is_secret(&self, _seat: Seat) -> bool {
        true
    }
    fn bot_to_move(&self) -> Option<Seat> {
        Session::bot_to_move(self)
    }
    fn bot_decide(&mut self, seat: Seat, level: Level, rng: &mut Rng) -> Result<(), String> {
        let play = level.strategy::<Punish>(&self.view(seat), seat, rng).sample(rng);
        self.pick(seat, play)
    }
    fn play(&mut self) -> Result<bool, String> {
        self.reveal().map(|events| !events.is_empty())
    }
    fn log(&self) -> &[LogLine] {
        Session::log(self)
    }
    fn last_lines(&self) -> Vec<String> {
        self.last_events.iter().map(|e| self.mode.describe(e)).collect()
    }
    fn winner(&self) -> Option<Seat> {
        self.view(Seat(0)).game_winners.last().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::punish::Card;

    #[test]
    fn picks_stay_pending_until_every_acting_seat_has_picked() {
        let mut s = Session::new(Mode::HotSeat, Options::default(), 7).unwrap();
        assert_eq!(s.next_human(), Some(Seat(0)));
        let card = s.view(Seat(0)).hand.to_vec()[0];
        s.pick(Seat(0), Play::card(card)).unwrap();
        assert!(!s.ready());
        assert_eq!(s.next_human(), Some(Seat(1)));
        // Nothing of the pick is in the other seat's view or in the save.
        assert_eq!(s.view(Seat(1)), Session::load(&s.save()).unwrap().view(Seat(1)));
        assert!(s.record().actions.is_empty());
        let card = s.view(Seat(1)).hand.to_vec()[0];
        s.pick(Seat(1), Play::card(card)).unwrap();
        assert!(s.ready());
        s.reveal().unwrap();
        assert_eq!(s.record().actions.len(), 1);
        assert!(!s.log().is_empty());
    }

    #[test]
    fn the_log_calls_players_by_the_names_the_page_uses() {
        let mut s = Session::new(Mode::VsBot(Level::Medium), Options::default(), 5).unwrap();
        for seat in [Seat(0), Seat(1)] {
            let card = s.view(seat).hand.to_vec()[0];
            s.pick(seat, Play::card(card)).unwrap();
        }
        s.reveal().unwrap();
        assert!(s.log()[0].text.starts_with("Breath 1: You show "), "{}", s.log()[0].text);
        assert!(s.log()[0].text.contains("Computer (Medium) shows"));
    }

    #[test]
    fn a_blindfolded_player_plans_the_whole_measure_before_handing_over() {
        let mut s = Session::new(Mode::HotSeat, Options { blindfolded: true, best_of: 1, ..Options::default() }, 8).unwrap();
        let p2_view = s.view(Seat(1));
        let mut planned = 0;
        while s.next_human() == Some(Seat(0)) {
            let v = s.own_view(Seat(0));
            assert_eq!(v.hand.len(), 5 - planned, "the hand shrinks as cards are planned");
            let card = v.hand.distinct().find(|c| *c != Card::Punish).unwrap();
            s.pick(Seat(0), Play::card(card)).unwrap();
            planned += 1;
        }
        assert_eq!(planned, 4, "four breaths planned in one go");
        assert_eq!(s.next_human(), Some(Seat(1)));
        assert_eq!(s.view(Seat(1)), p2_view, "nothing of Player 1's plan reaches Player 2's view");
        assert!(s.record().actions.is_empty());
        while s.next_human() == Some(Seat(1)) {
            let card = s.own_view(Seat(1)).hand.to_vec()[0];
            s.pick(Seat(1), Play::card(card)).unwrap();
        }
        let events = s.reveal().unwrap().to_vec();
        assert!(events.iter().any(|e| matches!(e, Event::Revealed { breath: 1, .. })));
        assert!(s.record().actions.len() >= 3, "each planned breath is its own step in the record");
        assert!(!s.has_picked(Seat(0)) && !s.has_picked(Seat(1)));
        assert_eq!(Session::load(&s.save()).unwrap().view(Seat(0)), s.view(Seat(0)));
    }

    #[test]
    fn an_illegal_pick_is_refused_with_a_reason() {
        let mut s = Session::new(Mode::VsBot(Level::Easy), Options::default(), 7).unwrap();
        let missing = Card::ALL.into_iter().find(|c| !s.view(Seat(0)).hand.contains(*c));
        if let Some(card) = missing {
            assert!(s.pick(Seat(0), Play::card(card)).unwrap_err().contains("not in their hand"));
        }
        assert_eq!(s.bot_to_move(), Some(Seat(1)));
        assert_eq!(s.next_human(), Some(Seat(0)));
    }

    #[test]
    fn a_save_round_trips_and_a_damaged_save_is_refused() {
        let mut s = Session::new(Mode::VsBot(Level::Hard), Options { feint: true, ..Options::default() }, 3).unwrap();
        for seat in [Seat(0), Seat(1)] {
            let card = s.view(seat).hand.to_vec()[0];
            s.pick(seat, Play::card(card)).unwrap();
        }
        s.reveal().unwrap();
        let back = Session::load(&s.save()).unwrap();
        assert_eq!(back, s);
        assert!(Session::load("{not json").unwrap_err().starts_with("the saved game could not be read"));
        let tampered = s.save().replace("\"actions\":[", "\"actions\":[[null,null],");
        assert_eq!(
            Session::load(&tampered).unwrap_err(),
            "the saved game does not replay: step 1 is illegal: Player 1 must act but gave no action"
        );
        let wrong_version = s.save().replace("\"version\":1", "\"version\":9");
        assert!(Session::load(&wrong_version).unwrap_err().contains("another version"));
    }
}
