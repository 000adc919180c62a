//! A PUNISH match as the play page runs it: who plays which seat, the picks made in secret so
//! far, the record, and the log. Plain Rust with no browser types, so it is tested natively.
//!
//! Secret picks wait here, in memory, until every acting seat has picked; the page never
//! renders a pick before the reveal. What [`Session::save`] writes holds no secret of the
//! computer (against it, only the person's view is saved) and no unrevealed pick or plan (on a
//! shared device, only the record up to the last step with nothing face down).
//!
//! A seat may queue several picks when nothing would be revealed in between (Blindfolded
//! planning), so one person plans a whole measure before handing the device over. What the
//! seat may pick next is asked of the engine, on a state drawn from that seat's own view with
//! its queued picks applied: no rule is written twice, and nothing hidden is consulted.

use crate::play::{LogLine, Mode};
use dojo_bot::Level;
use dojo_engine::{Game, GameRecord, Observer, PerSeat, Rng, Seat, apply, joint_from};
use dojo_games::punish::{Card, Decision, Event, Options, Play, Punish, PunishView, Setup, Speaker};

/// A log line for `event`, with `mode`'s names; against the computer, the person is "you".
pub fn describe(mode: Mode, event: &Event) -> String {
    let [a, b] = mode.names();
    let you = matches!(mode, Mode::VsBot(_)).then_some(Seat(0));
    event.describe_with(&Speaker { names: [&a, &b], you })
}

/// A match in progress on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    mode: Mode,
    /// The record, on a shared device only: against the computer nothing needs it, and its
    /// setup holds the computer's hand.
    record: Option<GameRecord<Punish>>,
    /// Steps applied so far.
    steps: usize,
    /// Steps of the record that may be saved: up to the last one that left no plan face down.
    revealed: usize,
    state: Punish,
    log: Vec<LogLine>,
    /// Secret picks not yet applied, per seat, oldest first.
    pending: [Vec<Play>; 2],
    last_events: Vec<Event>,
    /// Against the computer after a reload: the last step in words, until the next step.
    last_lines: Vec<String>,
}

impl Session {
    /// A new match dealt from `seed`.
    pub fn new(mode: Mode, options: Options, seed: u64) -> Result<Session, String> {
        let setup = Setup::deal(seed, options);
        let state = Punish::from_setup(&setup).map_err(|e| e.to_string())?;
        let record = (mode == Mode::HotSeat).then(|| GameRecord::new(setup));
        Ok(Session::starting(mode, record, state))
    }

    /// A match at `state` with nothing played on the page yet.
    fn starting(mode: Mode, record: Option<GameRecord<Punish>>, state: Punish) -> Session {
        Session {
            mode,
            record,
            steps: 0,
            revealed: 0,
            state,
            log: Vec::new(),
            pending: Default::default(),
            last_events: Vec::new(),
            last_lines: Vec::new(),
        }
    }

    /// Restores a saved match: a shared device's record is replayed; against the computer, its
    /// hidden cards are dealt from `seed` among those the person's view leaves possible. A
    /// damaged, old or foreign save is refused with the reason.
    pub fn load(json: &str, seed: u64) -> Result<Session, String> {
        let r = crate::play::restore::<Punish>(json, "game", describe, check_view, &mut Rng::new(seed))?;
        let steps = r.record.as_ref().map_or_else(|| r.log.last().map_or(0, |l| l.step), |record| record.actions.len());
        let revealed = r.record.as_ref().map_or(0, |record| crate::play::revealed_prefix(record, face_down));
        Ok(Session {
            mode: r.mode,
            record: r.record,
            steps,
            revealed,
            state: r.state,
            log: r.log,
            pending: Default::default(),
            last_events: r.last_events,
            last_lines: r.last_lines,
        })
    }

    /// The match as JSON for storage, never a pending pick. Against the computer: the person's
    /// view and log only. On a shared device: the record up to the last step that left no
    /// Blindfolded plan face down.
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

    /// The match options.
    pub fn options(&self) -> Options {
        self.public_view().options
    }

    /// Who plays.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The record so far, on a shared device (`None` against the computer).
    pub fn record(&self) -> Option<&GameRecord<Punish>> {
        self.record.as_ref()
    }

    /// Steps played so far.
    pub fn steps(&self) -> usize {
        self.steps
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
            self.steps += 1;
            let step = self.steps;
            if let Some(record) = &mut self.record {
                record.actions.push(joint);
                if !face_down(&self.state) {
                    self.revealed = record.actions.len();
                }
            }
            self.log.extend(events.iter().map(|e| LogLine { step, text: describe(self.mode, e) }));
            let revealed = !events.is_empty();
            all.extend(events);
            if revealed {
                // Anything still queued belonged to a measure that is over.
                self.pending = Default::default();
                break;
            }
        }
        self.last_events = all;
        self.last_lines.clear();
        Ok(&self.last_events)
    }
}

/// True when some Blindfolded plan holds a card not yet revealed.
fn face_down(state: &Punish) -> bool {
    state.public_view().plan_slots.0.iter().flatten().any(|card| *card)
}

/// Checks a view saved against the computer before a state is dealt from it: the person's
/// seat, two of everything, sane numbers, no card seen more often than the deck holds, and
/// exactly as many unseen cards as the computer's hand, plan and the deck hold.
fn check_view(v: &PunishView) -> Result<(), String> {
    let person = crate::play::PERSON;
    if v.observer != Observer::Seat(person) {
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
    let theirs = crate::play::PERSON.index() ^ 1;
    let hidden = usize::from(v.hand_sizes.0[theirs]) + v.plan_slots.0[theirs].iter().filter(|f| **f).count() + usize::from(v.deck_size);
    if hidden != v.unseen().len() {
        return Err("the computer's hand, plan and the deck do not add up to the unseen cards".into());
    }
    Ok(())
}

impl crate::play::PlaySession for Session {
    const SAVE_KEY: &'static str = "pocket-dojo/punish";
    const NOUN: &'static str = "match";

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
    /// The last step's events in words (as saved, right after a reload against the computer).
    fn last_lines(&self) -> Vec<String> {
        if self.last_events.is_empty() {
            return self.last_lines.clone();
        }
        self.last_events.iter().map(|e| describe(self.mode, e)).collect()
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
        assert_eq!(s.view(Seat(1)), Session::load(&s.save(), 1).unwrap().view(Seat(1)));
        assert!(s.record().unwrap().actions.is_empty());
        let card = s.view(Seat(1)).hand.to_vec()[0];
        s.pick(Seat(1), Play::card(card)).unwrap();
        assert!(s.ready());
        s.reveal().unwrap();
        assert_eq!(s.record().unwrap().actions.len(), 1);
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
        assert!(s.record().unwrap().actions.is_empty());
        while s.next_human() == Some(Seat(1)) {
            let card = s.own_view(Seat(1)).hand.to_vec()[0];
            s.pick(Seat(1), Play::card(card)).unwrap();
        }
        let events = s.reveal().unwrap().to_vec();
        assert!(events.iter().any(|e| matches!(e, Event::Revealed { breath: 1, .. })));
        assert!(s.record().unwrap().actions.len() >= 3, "each planned breath is its own step in the record");
        assert!(!s.has_picked(Seat(0)) && !s.has_picked(Seat(1)));
        assert_eq!(Session::load(&s.save(), 1).unwrap().view(Seat(0)), s.view(Seat(0)));
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
        Session::starting(Mode::VsBot(Level::Easy), None, Punish::from_setup(&setup).unwrap())
    }

    /// Plays one step with each seat's first legal pick.
    fn play_first_picks(s: &mut Session) {
        while let Some(seat) = s.acting().into_iter().find(|seat| s.can_pick(*seat)) {
            let play = s.lookahead(seat).unwrap().legal_actions(seat)[0];
            s.pick(seat, play).unwrap();
        }
        s.reveal().unwrap();
    }

    #[test]
    fn a_save_against_the_computer_holds_none_of_its_secrets() {
        let mut s = vs_bot(Options::default());
        for _ in 0..2 {
            play_first_picks(&mut s);
        }
        let json = s.save();
        for secret in ["record", "seed", "setup", "\"deck\"", "hands", "actions", "104373592874733", "plans"] {
            assert!(!json.contains(secret), "{secret} in {json}");
        }
        assert_eq!(json.matches("\"hand\":").count(), 1, "one hand is listed: the person's");
        let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
        let view = &saved["match"]["VsBot"]["view"];
        assert_eq!(view["observer"], serde_json::json!({ "Seat": 0 }));
        // The computer's hand is a count only; the only hand listed is the person's.
        assert_eq!(view["hand_sizes"][1], s.view(Seat(1)).hand.len());
        assert_eq!(view["hand"], serde_json::to_value(s.view(Seat(0)).hand).unwrap());
        assert_eq!(serde_json::from_value::<PunishView>(view.clone()).unwrap(), s.view(Seat(0)));
        // Nothing else in the save could hold a hand: the log is what the person read.
        let mut keys: Vec<&String> = saved["match"]["VsBot"].as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["last", "level", "log", "view"]);
    }

    #[test]
    fn restoring_against_the_computer_deals_its_cards_afresh_and_shows_the_person_the_same() {
        let mut s = vs_bot(Options::default());
        play_first_picks(&mut s);
        let json = s.save();
        let a = Session::load(&json, 1).unwrap();
        assert_eq!(a.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(a.log(), s.log());
        use crate::play::PlaySession;
        assert!(!s.last_lines().is_empty());
        assert_eq!(a.last_lines(), s.last_lines(), "the last step is told again after a reload");
        assert_eq!(a.steps(), 1);
        assert_eq!(a.save(), json, "saving again changes nothing the person sees");
        // Different seeds deal the computer different hands, each consistent with the view.
        let hands: std::collections::HashSet<_> = (0..20).map(|seed| Session::load(&json, seed).unwrap().view(Seat(1)).hand).collect();
        assert!(hands.len() > 1, "the computer's hidden cards are re-dealt at random");
        let mut b = Session::load(&json, 2).unwrap();
        while !b.is_over() && b.steps() < 200 {
            if let Some(seat) = b.bot_to_move() {
                let mut rng = Rng::new(b.steps() as u64);
                crate::play::PlaySession::bot_decide(&mut b, seat, Level::Easy, &mut rng).unwrap();
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
        while s.can_pick(Seat(0)) {
            let play = s.lookahead(Seat(0)).unwrap().legal_actions(Seat(0))[0];
            s.pick(Seat(0), play).unwrap();
            planned += 1;
        }
        assert!(planned >= 3);
        let bot_play = Card::Rush;
        s.pick(Seat(1), Play::card(bot_play)).unwrap();
        assert!(s.reveal().unwrap().is_empty(), "nothing is revealed while the computer is still planning");
        assert_eq!(s.view(Seat(0)).plan_slots.0[1], [true], "the computer has a card face down");
        let json = s.save();
        assert!(json.contains("\"my_plan\":[{"), "the person's own plan is theirs to see: {json}");
        // Another computer card face down instead gives the very same save.
        let other = Card::Strike;
        let mut t = vs_bot(options);
        for _ in 0..planned {
            let play = t.lookahead(Seat(0)).unwrap().legal_actions(Seat(0))[0];
            t.pick(Seat(0), play).unwrap();
        }
        t.pick(Seat(1), Play::card(other)).unwrap();
        t.reveal().unwrap();
        assert_ne!(t.view(Seat(1)).my_plan, s.view(Seat(1)).my_plan);
        assert_eq!(t.save(), json, "the computer's face-down card does not reach the save");
        // Nor does anything else hidden from the person: re-deal it all, and the save stays.
        let mut redealt = 0;
        for seed in 0..10 {
            let mut u = s.clone();
            u.state = s.state.resample_hidden(Observer::Seat(Seat(0)), &mut Rng::new(seed));
            redealt += usize::from(u.state != s.state);
            assert_eq!(u.save(), json);
        }
        assert!(redealt > 0, "the computer's cards, plan or the deck were re-dealt");
        let back = Session::load(&json, 9).unwrap();
        assert_eq!(back.view(Seat(0)), s.view(Seat(0)));
        assert_eq!(back.next_human(), Some(Seat(0)), "the person plans the rest of the measure again");
    }

    #[test]
    fn a_shared_device_never_saves_a_plan_before_it_is_revealed() {
        let options = Options { blindfolded: true, ..Options::default() };
        let plan = |second: Card| {
            let mut s = Session::new(Mode::HotSeat, options, 1).unwrap();
            s.record = Some(GameRecord::new(known_setup(options)));
            s.state = Punish::from_setup(&known_setup(options)).unwrap();
            let before = s.save();
            // Both plan their first breath; Player 1's second breath is the secret that differs.
            s.pick(Seat(0), Play::card(Card::Rush)).unwrap();
            s.pick(Seat(0), Play::card(second)).unwrap();
            s.pick(Seat(1), Play::card(Card::Rush)).unwrap();
            s.reveal().unwrap();
            assert_eq!(s.record().unwrap().actions.len(), 1, "one planning step was applied");
            (before, s.save())
        };
        let (before, guard) = plan(Card::Guard);
        let (_, dodge) = plan(Card::Dodge);
        assert_eq!(guard, dodge, "the saves do not depend on Player 1's plan");
        assert_eq!(guard, before, "a plan not yet revealed is not saved");
        assert!(guard.contains("\"HotSeat\"") && guard.contains("\"record\""), "a shared device keeps the record");
    }

    #[test]
    fn a_save_round_trips_and_a_damaged_save_is_refused() {
        let mut s = Session::new(Mode::HotSeat, Options { feint: true, ..Options::default() }, 3).unwrap();
        for seat in [Seat(0), Seat(1)] {
            let card = s.view(seat).hand.to_vec()[0];
            s.pick(seat, Play::card(card)).unwrap();
        }
        s.reveal().unwrap();
        let back = Session::load(&s.save(), 1).unwrap();
        assert_eq!(back, s);
        assert!(Session::load("{not json", 1).unwrap_err().starts_with("the saved game could not be read"));
        let tampered = s.save().replace("\"actions\":[", "\"actions\":[[null,null],");
        assert_eq!(
            Session::load(&tampered, 1).unwrap_err(),
            "the saved game does not replay: step 1 is illegal: Player 1 must act but gave no action"
        );
        let wrong_version = s.save().replace("\"version\":2", "\"version\":9");
        assert!(Session::load(&wrong_version, 1).unwrap_err().contains("another version"));
        let taunt = s.save().replace("\"game\":\"punish\",\"match\"", "\"game\":\"taunt\",\"match\"");
        assert!(Session::load(&taunt, 1).unwrap_err().contains("another game (taunt)"));
    }

    #[test]
    fn a_saved_view_that_cannot_be_dealt_is_refused_in_words() {
        let mut s = vs_bot(Options::default());
        play_first_picks(&mut s);
        let json = s.save();
        let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
            f(&mut v["match"]["VsBot"]["view"]);
            Session::load(&v.to_string(), 1).unwrap_err()
        };
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
