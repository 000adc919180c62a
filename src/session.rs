//! A PUNISH match as the play page runs it: who plays which seat, the picks made in secret so
//! far, the record, and the log. Plain Rust with no browser types, so it is tested natively.
//!
//! Secret picks wait here, in memory, until every acting seat has picked; the page never
//! renders a pick before the reveal, and only [`Session::save`]d records (picks already
//! revealed) reach storage.

use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, PerSeat, ReplayError, Seat, apply};
use dojo_games::punish::{Event, Options, Play, Punish, PunishView, Setup, Speaker};
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

/// What is saved between visits: the mode and the record of revealed steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    /// Format version, so an old save can be recognised.
    pub version: u32,
    /// Who plays.
    pub mode: Mode,
    /// The match so far.
    pub record: GameRecord<Punish>,
}

/// A match in progress on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    mode: Mode,
    record: GameRecord<Punish>,
    state: Punish,
    log: Vec<LogLine>,
    pending: [Option<Play>; 2],
    last_events: Vec<Event>,
}

const SAVE_VERSION: u32 = 1;

impl Session {
    /// A new match dealt from `seed`.
    pub fn new(mode: Mode, options: Options, seed: u64) -> Result<Session, String> {
        let setup = Setup::deal(seed, options);
        let state = Punish::from_setup(&setup).map_err(|e| e.to_string())?;
        Ok(Session { mode, record: GameRecord::new(setup), state, log: Vec::new(), pending: [None; 2], last_events: Vec::new() })
    }

    /// Restores a saved match, replaying its record. A damaged save is refused with the reason.
    pub fn load(json: &str) -> Result<Session, String> {
        let saved: Saved = serde_json::from_str(json).map_err(|e| format!("the saved game could not be read ({e})"))?;
        if saved.version != SAVE_VERSION {
            return Err(format!("the saved game is from another version ({})", saved.version));
        }
        let mut log = Vec::new();
        let mut last = Vec::new();
        let state = saved
            .record
            .replay_with(|i, events| {
                log.extend(events.iter().map(|e| LogLine { step: i + 1, text: saved.mode.describe(e) }));
                last = events.to_vec();
            })
            .map_err(|e: ReplayError<Punish>| format!("the saved game does not replay: {e}"))?;
        Ok(Session { mode: saved.mode, record: saved.record, state, log, pending: [None; 2], last_events: last })
    }

    /// The match as JSON for storage: revealed steps only, never a pending pick.
    pub fn save(&self) -> String {
        serde_json::to_string(&Saved { version: SAVE_VERSION, mode: self.mode, record: self.record.clone() }).expect("records serialise")
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

    /// The next person who must pick, in seat order, if any.
    pub fn next_human(&self) -> Option<Seat> {
        self.acting().into_iter().find(|s| !self.mode.is_bot(*s) && self.pending[s.index()].is_none())
    }

    /// The computer's seat, if it must still pick this step.
    pub fn bot_to_move(&self) -> Option<Seat> {
        self.acting().into_iter().find(|s| self.mode.is_bot(*s) && self.pending[s.index()].is_none())
    }

    /// True when `seat` has picked in secret for this step.
    pub fn has_picked(&self, seat: Seat) -> bool {
        self.pending[seat.index()].is_some()
    }

    /// Records `seat`'s secret pick after checking it is legal.
    pub fn pick(&mut self, seat: Seat, play: Play) -> Result<(), String> {
        if !self.acting().contains(&seat) {
            return Err(format!("{seat} does not pick now"));
        }
        self.state.check(seat, &play).map_err(|r| format!("{seat}: {r}"))?;
        self.pending[seat.index()] = Some(play);
        Ok(())
    }

    /// Takes back `seat`'s pick (before the reveal).
    pub fn unpick(&mut self, seat: Seat) {
        self.pending[seat.index()] = None;
    }

    /// True when every acting seat has picked and the step can be revealed.
    pub fn ready(&self) -> bool {
        !self.is_over() && self.acting().iter().all(|s| self.pending[s.index()].is_some())
    }

    /// Reveals and resolves the step: applies the picks, extends the record and the log.
    pub fn reveal(&mut self) -> Result<&[Event], String> {
        let joint = PerSeat(self.pending.to_vec());
        let events = apply(&mut self.state, &joint).map_err(|e| e.to_string())?;
        self.record.actions.push(joint);
        let step = self.record.actions.len();
        self.log.extend(events.iter().map(|e| LogLine { step, text: self.mode.describe(e) }));
        self.pending = [None; 2];
        self.last_events = events;
        Ok(&self.last_events)
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
