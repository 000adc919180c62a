//! Whole matches between two [`Side`]s, driven as a play page and its connection module drive
//! one: a person chooses when the page hears that the match started or a step was agreed, the
//! page shows the match by replaying the joint actions it is told, and the module keeps a
//! journal. Then a message forged on the wire, and both devices reloaded mid-match with the
//! messages in flight lost: each rebuilds its side from its journal, and each sends again what
//! the other has not received.

use dojo_engine::{Game, GameRecord, Observer, Rng, Seat, acting_seats};
use dojo_games::registry::{Sampled, Table};
use dojo_remote::commit::Salt;
use dojo_remote::protocol::{Body, Message};
use dojo_remote::side::{Begin, Entry, Journal, Out, Side, Told};
use std::collections::VecDeque;

type Wire = VecDeque<(u8, String)>;

fn salt(rng: &mut Rng) -> Salt {
    let mut salt = [0u8; 32];
    for chunk in salt.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Salt(salt)
}

/// One device: its side, the journal its module keeps, every message it sent, and what its
/// page shows.
struct Dev<G: Game> {
    d: u8,
    side: Side<G>,
    journal: Journal,
    sent: Vec<Message>,
    setup: Option<G::Setup>,
    shown: Option<G>,
    stopped: Option<String>,
    rng: Rng,
}

impl<G: Game> Dev<G> {
    /// Sends `out`'s messages and shows what it tells; the person chooses when asked.
    fn handle(&mut self, out: Out<G>, wire: &mut Wire) {
        let mut pending = vec![out];
        while let Some(out) = pending.pop() {
            for m in out.send {
                wire.push_back((1 - self.d, serde_json::to_string(&m).unwrap()));
                self.sent.push(m);
            }
            for told in out.told {
                self.show(told);
                if let Some(out) = self.person_chooses() {
                    pending.push(out);
                }
            }
        }
    }

    fn show(&mut self, told: Told<G>) {
        match told {
            Told::Started { setup, owners, me } => {
                assert_eq!((owners, me), (vec![0, 1], self.d));
                self.shown = Some(G::from_setup(&setup).unwrap());
                self.setup = Some(setup);
            }
            Told::Agreed { joints, .. } => {
                let record = GameRecord::<G> { actions: joints, ..GameRecord::new(self.setup.clone().unwrap()) };
                self.shown = Some(record.replay().unwrap());
                let mine = self.shown.as_ref().unwrap().view(Observer::Seat(Seat(self.d)));
                assert_eq!(mine, self.side.state().unwrap().view(Observer::Seat(Seat(self.d))), "the page shows what the side holds");
            }
            Told::Stopped(reason) => self.stopped = Some(reason),
        }
    }

    /// The person picks at random when their seat acts on the table shown and has not chosen.
    fn person_chooses(&mut self) -> Option<Out<G>> {
        let state = self.shown.clone()?;
        let seat = Seat(self.d);
        if state.outcome().is_some() || !acting_seats(&state).contains(&seat) || self.stopped.is_some() || self.side.has_chosen(self.d) {
            return None;
        }
        let legal = state.legal_actions(seat);
        let action = legal[self.rng.below(legal.len())].clone();
        let salt = salt(&mut self.rng);
        self.journal.entries.push(Entry::Chose { seat: self.d, action: serde_json::to_string(&action).unwrap(), salt });
        Some(self.side.choose(self.d, action, salt))
    }

    fn receive(&mut self, text: &str, wire: &mut Wire) {
        self.journal.entries.push(Entry::Received(text.to_string()));
        let out = self.side.receive(text);
        self.handle(out, wire);
    }

    /// The page reloads: the side comes back from the journal, the page from what it is told.
    fn reload(&mut self) {
        let back = Side::<G>::replay(&self.journal).unwrap();
        assert_eq!(back.sent, self.sent, "device {}: the journal gives back every message sent", self.d);
        self.side = back.side;
        // The host's page still holds the setup it started from: only a guest is told it.
        let (mut setup, mut shown) =
            if self.d == 0 { (self.setup.clone(), self.setup.as_ref().map(|s| G::from_setup(s).unwrap())) } else { (None, None) };
        for told in back.told {
            match told {
                Told::Started { setup: s, .. } => {
                    shown = Some(G::from_setup(&s).unwrap());
                    setup = Some(s);
                }
                Told::Agreed { joints, .. } => {
                    shown = Some(GameRecord::<G> { actions: joints, ..GameRecord::new(setup.clone().unwrap()) }.replay().unwrap());
                }
                Told::Stopped(_) => unreachable!("a stopped journal is refused"),
            }
        }
        self.setup = setup;
        self.shown = shown;
    }
}

/// Plays a match of `setup` between two devices, device `d` playing seat `d`. `forge` changes
/// the choice of the first reveal device 1 sends at or after that step; after `cut` messages
/// are delivered, every message in flight is lost and both devices reload, then each sends
/// again what the other has not received. Returns both devices.
fn play<G: Game>(setup: &G::Setup, seed: u64, forge: Option<u32>, cut: Option<usize>) -> [Dev<G>; 2] {
    let table = format!("table-{seed}");
    let (host, out) = Side::<G>::host(setup, vec![0, 1], 2, table.clone()).unwrap();
    let begin = Begin::Host { setup: serde_json::to_string(setup).unwrap(), owners: vec![0, 1], devices: 2, table };
    let dev = |d: u8, side: Side<G>, begin: Begin| Dev {
        d,
        side,
        journal: Journal { begin, entries: Vec::new() },
        sent: Vec::new(),
        setup: None,
        shown: None,
        stopped: None,
        rng: Rng::new(seed * 7 + u64::from(d)),
    };
    let mut devs = [dev(0, host, begin), dev(1, Side::<G>::guest(1, 2), Begin::Guest { me: 1, devices: 2 })];
    devs[0].setup = Some(setup.clone());
    devs[0].shown = Some(G::from_setup(setup).unwrap());
    let mut wire = Wire::new();
    devs[0].handle(out, &mut wire);
    if let Some(out) = devs[0].person_chooses() {
        devs[0].handle(out, &mut wire);
    }
    let (mut forged, mut delivered) = (false, 0);
    while let Some((to, mut text)) = wire.pop_front() {
        delivered += 1;
        assert!(delivered < 100_000, "the match ends");
        if cut == Some(delivered) {
            wire.clear();
            for dev in &mut devs {
                dev.reload();
            }
            for d in 0..2u8 {
                let due = devs[usize::from(1 - d)].side.peer().due_from(d);
                let missed: Vec<Message> = devs[usize::from(d)].sent.iter().filter(|m| m.seq >= due).cloned().collect();
                wire.extend(missed.iter().map(|m| (1 - d, serde_json::to_string(m).unwrap())));
            }
            for dev in &mut devs {
                if let Some(out) = dev.person_chooses() {
                    dev.handle(out, &mut wire);
                }
            }
            continue;
        }
        if let Some(at) = forge
            && to == 0
            && !forged
        {
            let mut m: Message = serde_json::from_str(&text).unwrap();
            if let Body::Reveal { step, choice, .. } = &mut m.body
                && *step >= at
            {
                choice.push(' ');
                forged = true;
                text = serde_json::to_string(&m).unwrap();
            }
        }
        devs[usize::from(to)].receive(&text, &mut wire);
    }
    assert!(cut.is_none_or(|c| delivered >= c), "the match ended after {delivered} messages, before the cut at {c:?}", c = cut);
    devs
}

fn setup<G: Sampled>(seed: u64, mode: Option<&str>) -> G::Setup {
    G::seeded_setup(seed, Table { seats: 2, mode }).unwrap()
}

fn finished<G: Game>(devs: &[Dev<G>; 2], what: &str) {
    for dev in devs {
        assert_eq!(dev.stopped, None, "{what}: device {}", dev.d);
        assert!(dev.shown.as_ref().unwrap().outcome().is_some(), "{what}: device {} shows the end", dev.d);
    }
    assert_eq!(devs[0].shown, devs[1].shown, "{what}: at the end every choice is shown and both pages show the same match");
}

#[test]
fn two_pages_play_every_open_two_seat_table_to_the_end() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    for seed in 1..=4 {
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("duel")), seed, None, None), &format!("TAUNT duel {seed}"));
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), seed, None, None), &format!("TAUNT monsters {seed}"));
        for mode in [None, Some("tag-team"), Some("custom")] {
            let devs = play::<DragonPunch>(&setup::<DragonPunch>(seed, mode), seed, None, None);
            finished(&devs, &format!("DRAGON PUNCH {mode:?} {seed}"));
        }
    }
}

#[test]
fn both_devices_reload_mid_match_lose_what_was_in_flight_and_play_on() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    // Cut at the very start, mid-step and late: whatever was in flight is sent again.
    for (seed, cut) in [(1, 1), (2, 5), (3, 37), (4, 160)] {
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("duel")), seed, None, Some(cut)), &format!("TAUNT duel cut at {cut}"));
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), seed, None, Some(cut)), &format!("TAUNT monsters cut at {cut}"));
        let devs = play::<DragonPunch>(&setup::<DragonPunch>(seed, Some("custom")), seed, None, Some(cut));
        finished(&devs, &format!("DRAGON PUNCH custom cut at {cut}"));
    }
}

#[test]
fn a_journal_that_does_not_replay_is_refused() {
    use dojo_games::taunt::Taunt;
    let begin = Begin::Host { setup: "{".into(), owners: vec![0, 1], devices: 2, table: "t".into() };
    let err = Side::<Taunt>::replay(&Journal { begin, entries: Vec::new() }).err().unwrap();
    assert!(err.starts_with("the saved setup cannot be read"), "{err}");
    let guest = Journal { begin: Begin::Guest { me: 1, devices: 2 }, entries: vec![Entry::Received("not a message".into())] };
    let err = Side::<Taunt>::replay(&guest).err().unwrap();
    assert!(err.starts_with("the saved match had stopped: "), "{err}");
}

#[test]
fn a_forged_reveal_stops_both_pages_with_its_reason() {
    let devs = play::<dojo_games::taunt::Taunt>(&setup::<dojo_games::taunt::Taunt>(3, Some("duel")), 3, Some(2), None);
    let host = devs[0].stopped.clone().expect("the host stops");
    assert!(host.contains("forged reveal"), "{host}");
    let guest = devs[1].stopped.clone().expect("the guest hears it");
    assert!(guest.starts_with("device 1 stopped the match: "), "{guest}");
}
