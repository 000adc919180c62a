//! Devices playing one match natively, as the connection module joins them: each page gives
//! its choices, every page is told each agreed step, and a device closed mid-match takes it up
//! again from the journal. See `flow_tests.rs` for the page itself.

use super::tests::{Page, WALK_LIMIT, session, setups};
use super::*;
use crate::games::dragon_punch::play::session::DragonPunchSite;
use crate::games::punish::session::PunishSite;
use crate::games::rumble::play::session::RumbleSite;
use crate::games::taunt::play::session::TauntSite;
use crate::play::session::toy_page::ToyPage;
use crate::play::{Controller, Seats};
use dojo_engine::{Game, Joint, PerSeat};
use dojo_games::registry::{Sampled, Table};

/// Devices playing one match through a connection that agrees each step, as the connection
/// module does: each device's page gives its choices, and once every seat acting in the step
/// has one, every page is told the step.
struct Devices<T: OnSite> {
    pages: Vec<Page<T>>,
    /// The device each seat is played on.
    owners: Vec<usize>,
    setup: <T::G as Game>::Setup,
    /// Every step agreed so far.
    agreed: Vec<Joint<<T::G as Game>::Action>>,
    /// The choices given for the next step, by seat.
    given: Vec<Option<<T::G as Game>::Action>>,
    /// `Effect::Send`s each page had made when last looked at.
    sends: Vec<usize>,
}

impl<T: OnSite> Devices<T> {
    /// One device per entry of `owners`' distinct values; the first hosts.
    fn new(owners: Vec<usize>, setup: <T::G as Game>::Setup, seed: u64) -> Self {
        let devices = owners.iter().max().map_or(0, |m| m + 1);
        let mut this = Devices { pages: Vec::new(), owners, setup, agreed: Vec::new(), given: Vec::new(), sends: vec![0; devices] };
        for d in 0..devices {
            let mut page = Page::new(seed + d as u64, false);
            if d > 0 {
                page.run(Input::Joining);
                assert_eq!(page.screen(), Screen::Friend, "an invitation answered waits for the host");
            }
            page.session = Some(session::<T>(this.seats_of(d), &this.setup));
            page.run(Input::Started { lesson: None });
            assert_eq!(page.hosted, d == 0, "only the host makes an invitation");
            assert_eq!(page.saved, None, "a match between devices is not saved by the page");
            this.pages.push(page);
        }
        this.given = vec![None; this.owners.len()];
        this
    }

    /// The seats as device `d` sees them.
    fn seats_of(&self, d: usize) -> Seats {
        Seats(self.owners.iter().map(|o| if *o == d { Controller::Person } else { Controller::Remote }).collect())
    }

    /// Takes what each page gave since last looked at, and tells every page the step once all
    /// its choices are in. False when nothing moved.
    fn connect(&mut self) -> bool {
        for (d, page) in self.pages.iter().enumerate() {
            if page.sends > self.sends[d] {
                self.sends[d] = page.sends;
                let s = page.s();
                for seat in Seat::all(self.owners.len()).filter(|seat| self.owners[seat.index()] == d) {
                    if let Some(action) = s.planned(seat) {
                        self.given[seat.index()] = Some(action.clone());
                    }
                }
            }
        }
        let acting = self.pages[0].s().acting();
        if acting.is_empty() || !acting.iter().all(|seat| self.given[seat.index()].is_some()) {
            return false;
        }
        let joint = PerSeat::from_fn(self.owners.len(), |seat| if acting.contains(&seat) { self.given[seat.index()].take() } else { None });
        self.given = vec![None; self.owners.len()];
        self.agreed.push(joint.clone());
        let step = self.agreed.len();
        for page in &mut self.pages {
            let events = page.session.as_mut().expect("a match").follow_step(step, joint.clone()).expect("the agreed step follows");
            page.run(Input::Agreed { revealed: T::shows_reveal(&events) });
        }
        true
    }

    /// Device `d` is closed and opened again: the connection module takes its match up from
    /// its journal (the setup, then every step agreed).
    fn come_back(&mut self, d: usize, seed: u64) {
        let mut page = Page::new(seed, false);
        page.run(Input::Joining);
        page.session = Some(session::<T>(self.seats_of(d), &self.setup));
        page.run(Input::Started { lesson: None });
        assert!(!page.hosted, "a match taken up again is not hosted again");
        if !self.agreed.is_empty() {
            let events = page.session.as_mut().expect("a match").follow(self.agreed.clone()).expect("the journal replays");
            page.run(Input::Agreed { revealed: T::shows_reveal(&events) });
        }
        // What the device had given for a step not yet agreed is given again from the page.
        for seat in Seat::all(self.owners.len()).filter(|seat| self.owners[seat.index()] == d) {
            self.given[seat.index()] = None;
        }
        self.sends[d] = 0;
        self.pages[d] = page;
    }

    /// Plays to the end, device `drop` coming back after every `every`-th agreed step.
    fn play(&mut self, drop: usize, every: usize) -> usize {
        let mut returns = 0;
        for _ in 0..WALK_LIMIT {
            let mut moved = false;
            for page in &mut self.pages {
                moved |= page.step();
            }
            let before = self.agreed.len();
            moved |= self.connect();
            if self.agreed.len() > before && self.agreed.len().is_multiple_of(every) && !self.pages[drop].s().is_over() {
                let was = self.pages[drop].screen();
                self.come_back(drop, self.agreed.len() as u64);
                let now = self.pages[drop].screen();
                returns += 1;
                assert!(!matches!(now, Screen::Lobby), "device {drop} came back to the lobby (was at {was:?})");
                if let Screen::Decide(seat) = was {
                    assert!(matches!(now, Screen::Decide(s) | Screen::HandOff(s) if s == seat) || matches!(now, Screen::Countdown(_)));
                }
            }
            if self.pages.iter().all(|p| p.screen() == Screen::Over) {
                let outcomes: Vec<_> = self.pages.iter().map(|p| p.s().outcome()).collect();
                assert!(outcomes.windows(2).all(|w| w[0] == w[1]), "every device ends the same match");
                return returns;
            }
            assert!(moved, "the devices are stuck: {:?}", self.pages.iter().map(Page::screen).collect::<Vec<_>>());
        }
        panic!("the match between devices did not end");
    }
}

#[test]
fn a_friends_device_dropping_and_coming_back_finds_the_match_where_it_was() {
    let mut returns = 0;
    for seed in 0..3 {
        returns += Devices::<ToyPage>::new(vec![0, 1, 1], dojo_games::toy::Setup::deal(3, false, seed), seed).play(1, 2);
        let taunt = &setups::<TauntSite>(2, seed)[0];
        returns += Devices::<TauntSite>::new(vec![0, 1], taunt.clone(), seed).play(1, 3);
        returns += Devices::<TauntSite>::new(vec![0, 1], taunt.clone(), seed).play(0, 5);
        let ffa = <dojo_games::taunt::Taunt as Sampled>::seeded_setup(seed, Table { seats: 4, mode: Some("ffa") }).unwrap();
        returns += Devices::<TauntSite>::new(vec![0, 1, 2, 0], ffa, seed).play(2, 4);
        let dp = &setups::<DragonPunchSite>(2, seed)[0];
        returns += Devices::<DragonPunchSite>::new(vec![0, 1], dp.clone(), seed).play(1, 2);
        let rumble = &setups::<RumbleSite>(3, seed)[0];
        returns += Devices::<RumbleSite>::new(vec![0, 1, 2], rumble.clone(), seed).play(1, 1);
    }
    assert!(returns > 50, "devices came back {returns} times");
}

#[test]
fn a_host_dealing_between_devices_waits_for_the_deal_before_any_screen_of_cards() {
    let setup = &setups::<PunishSite>(2, 9)[0];
    let seats = Seats(vec![Controller::Person, Controller::Remote]);
    let mut host = Page::started(session::<PunishSite>(seats.clone(), setup), 9, false, None);
    assert!(host.s().is_dealt(), "PUNISH's cards are dealt between the devices");
    assert!(host.hosted);
    assert_eq!(host.screen(), Screen::Friend, "the host waits for the deal");
    host.run(Input::Next);
    assert_eq!(host.screen(), Screen::Friend, "and nothing moves it on before the deal");
    host.session = Some(session::<PunishSite>(seats, setup));
    host.run(Input::Dealt);
    assert_eq!(host.screen(), Screen::Decide(Seat(0)), "the dealt cards are the person's to play");
}
