//! The play machine run natively, as the page runs it: [`Page`] carries out the flow's effects
//! on a real match (playing steps, the computer deciding, timers firing, the save written) with
//! people choosing at random, and the tests walk whole matches of the toy game and every real
//! game through every path the browser tests walk: hand-offs before every screen that shows a
//! seat's cards, a reload at every screen, a friend's device dropping and coming back, lessons,
//! explanations, changing a choice, skipping to the end and abandoning.

use super::*;
use crate::games::dragon_punch::play::session::DragonPunchSite;
use crate::games::fusion::play::session::FusionSite;
use crate::games::punish::session::PunishSite;
use crate::games::rumble::play::session::RumbleSite;
use crate::games::taunt::play::session::TauntSite;
use crate::play::lesson::{self, Lesson};
use crate::play::page::welcome;
use crate::play::session::toy_page::ToyPage;
use crate::play::{Controller, Seats};
use dojo_bot::Level;
use dojo_engine::{Game, Rng};
use dojo_games::registry::{Sampled, Table};

/// Page events a walk may take before it is called stuck (the longest match here takes a few
/// hundred steps, each a handful of events).
pub(super) const WALK_LIMIT: usize = 20_000;

/// A play page without a browser: the flow and the match, with every effect carried out at
/// once (a timer or the computer's thinking waits until [`Page::step`] lets it happen).
pub(super) struct Page<T: OnSite> {
    pub(super) session: Option<Session<T>>,
    pub(super) flow: Flow,
    rng: Rng,
    /// What storage holds under the game's key.
    pub(super) saved: Option<String>,
    /// The computer was asked to think (in the match of this generation) and has not answered.
    thinking: Option<u32>,
    /// Timers set and not fired, oldest first.
    timers: Vec<u32>,
    /// Every screen shown, in order.
    shown: Vec<Screen>,
    /// For each screen shown: it showed a seat's secret choice on a device people share.
    secret: Vec<bool>,
    /// Matches added to "Your games".
    remembered: usize,
    /// Times the page asked what the computer expected.
    whys: usize,
    /// Times the page gave the connection module its choices.
    pub(super) sends: usize,
    /// The page asked for an invitation.
    pub(super) hosted: bool,
    /// The page told the other devices it leaves.
    left: bool,
    /// The lesson's address was left.
    lesson_ended: bool,
    /// The lesson being played.
    lesson: Option<Lesson<T::G>>,
    /// The last words shown to the person.
    notice: Option<String>,
}

impl<T: OnSite> Page<T> {
    pub(super) fn new(seed: u64, explain: bool) -> Self {
        Page {
            session: None,
            flow: Flow::new(explain),
            rng: Rng::new(seed),
            saved: None,
            thinking: None,
            timers: Vec::new(),
            shown: Vec::new(),
            secret: Vec::new(),
            remembered: 0,
            whys: 0,
            sends: 0,
            hosted: false,
            left: false,
            lesson_ended: false,
            lesson: None,
            notice: None,
        }
    }

    /// A page on which `session` was started (the lesson `lesson`, when given).
    pub(super) fn started(session: Session<T>, seed: u64, explain: bool, lesson: Option<Lesson<T::G>>) -> Self {
        let mut page = Page::new(seed, explain);
        let steps = lesson.as_ref().map(|l| l.steps.len());
        page.lesson = lesson;
        page.session = Some(session);
        page.run(Input::Started { lesson: steps });
        page
    }

    /// The page opened again from what storage holds, as a reload does.
    fn reloaded(&self, seed: u64) -> Page<T> {
        let mut page = Page::new(seed, false);
        page.saved = self.saved.clone();
        if let Some(saved) = &self.saved {
            let (s, _) = welcome::<T>(saved, seed).expect("the page's own save reads back");
            page.session = Some(s);
            page.run(Input::Restored);
        }
        page
    }

    pub(super) fn s(&self) -> &Session<T> {
        self.session.as_ref().expect("a match is on the page")
    }

    pub(super) fn screen(&self) -> Screen {
        self.flow.screen()
    }

    pub(super) fn run(&mut self, input: Input) {
        let effects = self.flow.on(self.session.as_ref(), input);
        for effect in effects {
            self.perform(effect);
        }
    }

    fn perform(&mut self, effect: Effect) {
        match effect {
            Effect::Show(screen) => {
                let secret = |s: &Session<T>, seat| s.seats().share_device() && s.is_secret(seat);
                let shows = matches!(screen, Screen::Decide(seat) if self.session.as_ref().is_some_and(|s| secret(s, seat)));
                self.shown.push(screen);
                self.secret.push(shows);
            }
            Effect::Notice(notice) => self.notice = notice,
            Effect::StartThinkers | Effect::ForgetLink | Effect::ClearWhy => {}
            Effect::Think => self.thinking = Some(self.flow.generation()),
            Effect::Send => self.sends += 1,
            Effect::Host => self.hosted = true,
            Effect::Leave => self.left = true,
            Effect::Play { counted } => {
                let s = self.session.as_mut().expect("a step is played on a match");
                s.keep_choices();
                let events = s.play().expect("a step with every input in plays");
                self.run(Input::Played { revealed: T::shows_reveal(&events), counted });
            }
            Effect::Timer { id } => self.timers.push(id),
            Effect::Save => {
                assert!(self.lesson.is_none(), "a lesson saves nothing");
                self.saved = self.s().save();
            }
            Effect::ForgetSave => self.saved = None,
            Effect::Remember => {
                assert!(self.s().is_over() && self.lesson.is_none(), "only a finished match is remembered");
                self.remembered += 1;
            }
            Effect::Why => self.whys += 1,
            Effect::TakeBack(seat) => self.session.as_mut().expect("a match").take_back(seat),
            Effect::EndLesson => self.lesson_ended = true,
        }
    }

    /// The computers decide (or follow the lesson's script), if asked to; an answer for a
    /// match or a choice since replaced is dropped, as the page drops it.
    fn think(&mut self) -> bool {
        let Some(generation) = self.thinking.take() else { return false };
        if generation != self.flow.generation() {
            return true;
        }
        let s = self.session.as_mut().expect("the computer thinks in a match");
        match &self.lesson {
            Some(l) => lesson::give_scripted(l, s).expect("the script has every computer input"),
            None => {
                while let Some(seat) = s.computer_to_move() {
                    s.computer_decide(seat, &mut self.rng).expect("the computer decides");
                }
            }
        }
        self.run(Input::Thought);
        true
    }

    /// The person on the screen decides: the lesson's input, or one of their legal choices at
    /// random.
    fn decide(&mut self, seat: Seat) {
        let s = self.session.as_mut().expect("a person decides in a match");
        let action = match &self.lesson {
            Some(l) => l.input(s.steps(), seat).cloned().expect("the lesson writes the person's input"),
            None => {
                let legal = s.legal(seat);
                legal[self.rng.below(legal.len())].clone()
            }
        };
        s.give(seat, action).expect("a legal choice is taken");
        if let Some(l) = &self.lesson {
            lesson::keep_to_script(l, s).expect("the lesson's own input keeps to it");
        }
        self.run(Input::Chose);
    }

    /// One thing happens on the page: the computer's answer, a timer, or what a person does on
    /// the screen shown. False when the page waits on nothing it can do alone (the end, the
    /// lobby, a friend's device).
    pub(super) fn step(&mut self) -> bool {
        if self.think() {
            return true;
        }
        if !self.timers.is_empty() {
            let id = self.timers.remove(0);
            self.run(Input::Tick(id));
            return true;
        }
        match self.screen() {
            Screen::HandOff(seat) => self.run(Input::HandedOver(seat)),
            Screen::Decide(seat) => self.decide(seat),
            Screen::Result => self.run(Input::Next),
            _ => return false,
        }
        true
    }
}

/// A match of `T` at `seats` from `setup`.
pub(super) fn session<T: OnSite>(seats: Seats, setup: &<T::G as Game>::Setup) -> Session<T> {
    Session::new(seats, setup).expect("the setup is valid")
}

/// Setups of `T` for `seats` seats, one per way of playing it offers at that size.
pub(super) fn setups<T: OnSite>(seats: usize, seed: u64) -> Vec<<T::G as Game>::Setup> {
    let modes = <T::G as Sampled>::MODES.iter().map(Some).chain([None]);
    modes.filter_map(|mode| <T::G as Sampled>::seeded_setup(seed, Table { seats, mode: mode.copied() }).ok()).collect()
}

/// Walks `page` to the end, calling `each` before every step; panics if it does not end.
fn walk<T: OnSite>(page: &mut Page<T>, mut each: impl FnMut(&Page<T>)) {
    for _ in 0..WALK_LIMIT {
        each(page);
        if !page.step() {
            assert_eq!(page.screen(), Screen::Over, "a match on one device goes on until it ends");
            return;
        }
    }
    panic!("the match did not end");
}

/// The screens of a walk that showed a seat's cards without the device passing to it: a
/// `Decide` of a secret choice on a shared device not right after that seat's hand-off or its
/// own screen, with the screen before it.
fn unannounced<T: OnSite>(page: &Page<T>) -> Vec<(Screen, Screen)> {
    let after = |before: Screen, seat: Seat| matches!(before, Screen::HandOff(b) | Screen::Decide(b) if b == seat);
    (1..page.shown.len())
        .filter(|&i| page.secret[i] && matches!(page.shown[i], Screen::Decide(seat) if !after(page.shown[i - 1], seat)))
        .map(|i| (page.shown[i - 1], page.shown[i]))
        .collect()
}

#[test]
fn a_shared_device_is_handed_over_only_for_a_new_persons_secret() {
    use crate::play::session::toy_page::toy;
    let mut s = toy(Seats::people(3));
    assert_eq!(next_screen(&s, Screen::Lobby), Screen::HandOff(Seat(0)));
    let bid = s.own_view(Seat(0)).hand[0];
    s.give(Seat(0), dojo_games::toy::Bid(bid)).unwrap();
    assert_eq!(next_screen(&s, Screen::Decide(Seat(0))), Screen::HandOff(Seat(1)));
    assert_eq!(next_screen(&s, Screen::Decide(Seat(1))), Screen::Decide(Seat(1)), "the same person keeps the device");
    let alone = toy(Seats::against_computer(Level::Easy, 3));
    assert_eq!(next_screen(&alone, Screen::Result), Screen::Decide(Seat(0)), "one person needs no hand-off");
    let mut rng = Rng::new(1);
    let mut computers_first = toy(Seats(vec![Controller::Computer(Level::Easy), Controller::Person, Controller::Computer(Level::Easy)]));
    let bid = computers_first.own_view(Seat(1)).hand[0];
    computers_first.give(Seat(1), dojo_games::toy::Bid(bid)).unwrap();
    assert_eq!(next_screen(&computers_first, Screen::Decide(Seat(1))), Screen::Thinking);
    while let Some(seat) = computers_first.computer_to_move() {
        computers_first.computer_decide(seat, &mut rng).unwrap();
    }
    assert_eq!(next_screen(&computers_first, Screen::Thinking), Screen::Countdown(3));
}

/// Every game, people only and people beside the computer, every way of playing: each screen
/// with a seat's secret choice on a shared device comes right after that seat's hand-off; the
/// match ends, is saved after every step and remembered once.
fn hand_offs_in<T: OnSite>(seats: usize) -> usize {
    let mut decided = 0;
    let mixes = [Seats::people(seats), {
        let mut mix = Seats::people(seats);
        mix.0[seats - 1] = Controller::Computer(Level::Easy);
        mix
    }];
    for (m, mix) in mixes.into_iter().enumerate() {
        for (i, setup) in setups::<T>(seats, 7 + m as u64).iter().enumerate() {
            let mut page = Page::started(session::<T>(mix.clone(), setup), i as u64, false, None);
            walk(&mut page, |_| {});
            let wrong = unannounced(&page);
            assert!(wrong.is_empty(), "{} {mix:?} setup {i}: a seat's screen without its hand-off: {wrong:?}", T::NOUN);
            assert_eq!(page.remembered, 1, "a finished match is remembered once");
            let kept = page.s().save();
            assert_eq!(page.saved, kept, "the save written after the last step is the match's");
            decided += page.shown.iter().filter(|s| matches!(s, Screen::Decide(_))).count();
        }
    }
    decided
}

#[test]
fn every_seats_screen_on_a_shared_device_follows_its_hand_off_in_every_game() {
    let decided = hand_offs_in::<ToyPage>(4)
        + hand_offs_in::<TauntSite>(2)
        + hand_offs_in::<TauntSite>(4)
        + hand_offs_in::<DragonPunchSite>(2)
        + hand_offs_in::<PunishSite>(2)
        + hand_offs_in::<RumbleSite>(3)
        + hand_offs_in::<FusionSite>(3);
    assert!(decided > 500, "people decided {decided} times");
}

/// The outside audit's FUSION on one device: a Throwdown the Coach sat out, or an evening
/// after he folded, went from the last lay straight to "Bea: Your side won. Spend the
/// spoils" with Bea's Stash on screen, to whoever held the device. Every screen that shows
/// a seat's Stash now follows a hand-off to that seat, unless that seat's screen came just
/// before; checked for every mix of people among 1–4 pilots with a person as the Coach, in
/// a Throwdown challenged by a pilot, one challenged by the Coach, a Gambit, and an evening.
#[test]
fn fusion_on_one_device_shows_a_stash_only_after_a_hand_off_to_its_pilot() {
    use dojo_games::fusion::{Conflict, Setup};
    let mut shown = 0;
    for pilots in 1..=4usize {
        let coach = pilots;
        let conflicts = [
            Conflict::Throwdown { challenger: 0, stakes: "The gate".into(), threats: vec![0] },
            Conflict::Throwdown { challenger: coach as u8, stakes: "The gate".into(), threats: vec![0] },
            Conflict::Gambit { pilot: (pilots - 1) as u8, specialty: true },
        ];
        for mask in 1u32..(1 << pilots) {
            let mut seats: Vec<Controller> =
                (0..pilots).map(|p| if mask & (1 << p) != 0 { Controller::Person } else { Controller::Computer(Level::Easy) }).collect();
            seats.push(Controller::Person);
            for (i, conflict) in conflicts.iter().enumerate() {
                let mut setup = Setup::sample(pilots, conflict.clone(), u64::from(mask) * 7 + i as u64);
                if i == 2 {
                    // An evening: the Gambit, then a Throwdown the Coach may fold out of.
                    setup.then = vec![conflicts[0].clone(), conflicts[1].clone()];
                }
                for seed in 0..3 {
                    let mut page = Page::started(session::<FusionSite>(Seats(seats.clone()), &setup), seed, false, None);
                    let mut before = Screen::Lobby;
                    walk(&mut page, |p| {
                        let now = p.screen();
                        if let Screen::Decide(seat) = now
                            && before != now
                            && !p.s().own_view(seat).table.stash(seat).is_empty()
                        {
                            shown += 1;
                            assert!(
                                matches!(before, Screen::HandOff(b) | Screen::Decide(b) if b == seat),
                                "{pilots} pilots, people {mask:b}, conflict {i}, seed {seed}: {seat}'s Stash shown after {before:?} ({:?})",
                                p.s().decision(seat)
                            );
                        }
                        before = now;
                    });
                }
            }
        }
    }
    assert!(shown > 1_000, "Stashes were shown {shown} times");
}

/// Reloads `T`'s page at every screen of a match, for each mix of seats: the page comes back
/// to the same step of the same match (or, where nothing may be kept, to the lobby), on a
/// screen that shows no seat's secret before its hand-off, and a match taken up again at every
/// fortieth screen plays on to its end.
fn reloads_in<T: OnSite>(seats: usize, seed: u64) -> usize {
    let mut reloads = 0;
    let mut computers = Seats::people(seats);
    computers.0[seats - 1] = Controller::Computer(Level::Easy);
    for mix in [Seats::against_computer(Level::Easy, seats), Seats::people(seats), computers] {
        let setup = &setups::<T>(seats, seed)[0];
        let mut page = Page::started(session::<T>(mix.clone(), setup), seed, false, None);
        let mut k = 0usize;
        walk(&mut page, |p| {
            k += 1;
            let mut back = p.reloaded(seed + k as u64);
            reloads += 1;
            if mix.keeping() == crate::play::Keeping::Nothing {
                assert_eq!((p.saved.as_ref(), back.screen()), (None, Screen::Lobby), "{mix:?}: nothing kept, the lobby after a reload");
                return;
            }
            if p.saved.is_none() {
                // A game whose record tells the future keeps nothing before its first reveal.
                assert_eq!(back.screen(), Screen::Lobby);
                return;
            }
            // Back to the last step the save may keep (a step whose cards are still face down is
            // played again), of the same match: its log is the start of the one before.
            assert!(back.s().steps() <= p.s().steps(), "{} {mix:?}: the reload is ahead of the match", T::NOUN);
            assert!(p.s().log().starts_with(back.s().log()), "{} {mix:?}: the reload tells another match", T::NOUN);
            assert!(
                !matches!(back.screen(), Screen::Lobby | Screen::Countdown(_)),
                "{mix:?}: after a reload at {:?}: {:?}",
                p.screen(),
                back.screen()
            );
            if let Screen::Decide(seat) = back.screen() {
                assert!(!mix.share_device() || !back.s().is_secret(seat), "{mix:?}: {seat}'s secret shown at once after a reload");
            }
            if k.is_multiple_of(40) {
                walk(&mut back, |_| {});
            }
        });
        assert!(mix.keeping() == crate::play::Keeping::Nothing || page.saved.is_some(), "{} {mix:?}: the finished match is kept", T::NOUN);
    }
    reloads
}

#[test]
fn a_reload_at_any_screen_comes_back_to_the_same_step_of_the_match() {
    let reloads = reloads_in::<ToyPage>(3, 1)
        + reloads_in::<TauntSite>(2, 2)
        + reloads_in::<DragonPunchSite>(2, 3)
        + reloads_in::<PunishSite>(2, 4)
        + reloads_in::<RumbleSite>(3, 5)
        + reloads_in::<FusionSite>(2, 6);
    assert!(reloads > 300, "{reloads} reloads");
}

/// Every game's lesson, walked as the page walks it: the person's inputs are the script's,
/// the computer follows it, the page ends the lesson after its last step, saves and remembers
/// nothing, explains nothing even when asked to, and an input off the script is given back.
fn lesson_of<T: OnSite>() -> usize {
    (0..T::lessons().len()).map(|n| nth_lesson_of::<T>(n)).sum()
}

/// [`lesson_of`] for the game's `n`th lesson.
fn nth_lesson_of<T: OnSite>(n: usize) -> usize {
    let Some(l) = T::lessons().into_iter().nth(n) else { return 0 };
    let (steps, setup, seats) = (l.steps.len(), l.setup.clone(), l.seats);
    let mut page = Page::started(session::<T>(Seats::against_computer(Level::Easy, seats), &setup), 1, true, Some(l));
    assert!(page.notice.is_none(), "{}: a lesson starts with nothing to say", T::NOUN);
    walk(&mut page, |_| {});
    assert_eq!(page.s().steps(), steps, "{}: the lesson ends after its last step", T::NOUN);
    assert_eq!((page.saved.as_ref(), page.remembered, page.whys), (None, 0, 0), "{}: nothing saved, remembered or explained", T::NOUN);
    page.run(Input::Abandon);
    assert!(page.lesson_ended && page.screen() == Screen::Lobby, "{}: leaving the lesson leaves its address", T::NOUN);

    // An input the script does not write is given back.
    let l = T::lessons().into_iter().nth(n).expect("the same lesson");
    let mut s = session::<T>(Seats::against_computer(Level::Easy, seats), &setup);
    let person = Seat(0);
    let off = s.legal(person).into_iter().find(|a| l.input(0, person) != Some(a));
    if let Some(off) = off {
        s.give(person, off).expect("a legal input");
        assert_eq!(lesson::keep_to_script(&l, &mut s), Err(lesson::OFF_SCRIPT.to_string()));
        assert!(s.planned(person).is_none(), "{}: the input off the script is given back", T::NOUN);
    }
    steps
}

#[test]
fn every_lesson_plays_through_its_script_and_keeps_nothing() {
    let steps = lesson_of::<TauntSite>()
        + lesson_of::<DragonPunchSite>()
        + lesson_of::<PunishSite>()
        + lesson_of::<RumbleSite>()
        + lesson_of::<FusionSite>();
    assert!(steps >= 5 * 3, "lessons of {steps} steps in all");
}

#[test]
fn the_computer_explains_itself_only_when_asked_and_never_in_a_lesson() {
    let setup = &setups::<DragonPunchSite>(2, 3)[0];
    let against = || session::<DragonPunchSite>(Seats::against_computer(Level::Easy, 2), setup);
    let mut asked = Page::started(against(), 3, true, None);
    walk(&mut asked, |_| {});
    let results = asked.shown.iter().filter(|s| matches!(s, Screen::Result | Screen::Decide(_) | Screen::Over)).count();
    assert!(asked.whys > 0 && asked.whys <= results, "{} explanations for {results} screens", asked.whys);
    let mut quiet = Page::started(against(), 3, false, None);
    walk(&mut quiet, |_| {});
    assert_eq!(quiet.whys, 0, "nothing explained unless asked");
    // Turned on midway: from then on.
    let mut midway = Page::started(against(), 3, false, None);
    for _ in 0..20 {
        midway.step();
    }
    midway.run(Input::Explain(true));
    walk(&mut midway, |_| {});
    assert!(midway.whys > 0);
}

/// A choice taken back: against the computer while it thinks (its answer is then dropped), on
/// a shared device from the next person's hand-off; the device goes back to the chooser.
#[test]
fn a_choice_taken_back_goes_back_to_its_chooser_and_the_computers_answer_is_dropped() {
    for seats in [Seats::people(3), Seats::against_computer(Level::Easy, 3)] {
        let setup = dojo_games::toy::Setup::deal(3, false, 5);
        let mut page = Page::started(session::<ToyPage>(seats.clone(), &setup), 5, false, None);
        let mut taken = 0;
        for _ in 0..WALK_LIMIT {
            let waiting = matches!(page.screen(), Screen::Thinking | Screen::HandOff(_));
            if let (true, Some(seat)) = (waiting, page.flow.can_take_back(page.session.as_ref())) {
                let steps = page.s().steps();
                page.run(Input::TakeBack);
                taken += 1;
                let expected = if seats.share_device() { Screen::HandOff(seat) } else { Screen::Decide(seat) };
                assert_eq!(page.screen(), expected);
                assert!(!page.s().has_given(seat), "the choice is given back");
                // The computer's answer, if it was thinking, arrives and changes nothing.
                page.think();
                assert_eq!((page.screen(), page.s().steps()), (expected, steps), "nothing played meanwhile");
                assert!(Seat::all(3).all(|s| !page.s().has_given(s) || seats.computer(s).is_none()), "no computer input kept");
                if taken == 3 {
                    break;
                }
            }
            if !page.step() {
                break;
            }
        }
        assert_eq!(taken, 3, "{seats:?}: choices were taken back");
    }
}

#[test]
fn skipping_to_the_end_shows_no_more_results_and_abandoning_stops_every_timer() {
    let setup = &setups::<RumbleSite>(3, 4)[0];
    let mut page = Page::started(session::<RumbleSite>(Seats::against_computer(Level::Easy, 3), setup), 4, false, None);
    for _ in 0..6 {
        page.step();
    }
    page.run(Input::SkipToEnd);
    let from = page.shown.len();
    // The computers play on alone; the person's own screens still come when it is their turn.
    walk(&mut page, |_| {});
    let after = &page.shown[from..];
    assert!(!after.contains(&Screen::Result), "no result screen once skipping");
    // Only the last reveal is counted down to, straight to the end.
    let first_count = after.iter().position(|s| matches!(s, Screen::Countdown(_))).unwrap_or(after.len());
    assert!(after[first_count..].iter().all(|s| matches!(s, Screen::Countdown(_) | Screen::Over)), "{after:?}");

    let toy = dojo_games::toy::Setup::deal(3, false, 2);
    let mut page = Page::started(session::<ToyPage>(Seats::people(3), &toy), 2, false, None);
    while !matches!(page.screen(), Screen::Countdown(_)) {
        assert!(page.step());
    }
    page.run(Input::Abandon);
    page.session = None;
    assert!(!page.left && page.saved.is_none(), "a match on one device leaves nothing behind");
    while !page.timers.is_empty() {
        let id = page.timers.remove(0);
        page.run(Input::Tick(id));
    }
    assert_eq!(page.screen(), Screen::Lobby, "a count still running when the match was abandoned does nothing");
}
