//! Devices for the tests of [`dojo_remote::side::Side`]: each holds its side, the journal its
//! module keeps, every message it sent or passed on and what its page shows, and a match is
//! played between them over a wire that can lose, forge or cut what it carries.

use dojo_engine::{Game, GameRecord, Observer, Rng, Seat, acting_seats};
use dojo_games::registry::{Sampled, Table};
use dojo_remote::commit::Salt;
use dojo_remote::protocol::{Body, Message};
use dojo_remote::side::{Begin, Entry, Journal, Out, Side, Told, missed};
use std::collections::VecDeque;

/// Messages on their way: to which device, on the connection to which device, the text.
pub type Wire = VecDeque<(u8, u8, String)>;

pub fn salt(rng: &mut Rng) -> Salt {
    let mut salt = [0u8; 32];
    for chunk in salt.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Salt(salt)
}

/// One device: its side, the journal its module keeps, every message it sent or passed on,
/// and what its page shows.
pub struct Dev<G: Game> {
    pub d: u8,
    pub devices: u8,
    /// The seats its people play.
    pub seats: Vec<u8>,
    pub owners: Vec<u8>,
    pub side: Side<G>,
    pub journal: Journal,
    pub passed: Vec<Message>,
    pub setup: Option<G::Setup>,
    pub shown: Option<G>,
    pub stopped: Option<String>,
    pub rng: Rng,
    /// True once the devices' seed has come.
    pub seeded: bool,
    /// The last steps agreed, as told.
    pub joints: Vec<dojo_engine::Joint<G::Action>>,
    /// Setups told after the start (a seed drawn, cards opened).
    pub reseeds: usize,
    /// The setup the page was first told.
    pub first: Option<G::Setup>,
    /// For each step as it was agreed, and each seat of another device that acted in it:
    /// whether its choice was still face down here.
    pub face_down: Vec<(u32, u8, bool)>,
    /// Microseconds this device's side spent on each message and choice, with the step being
    /// played then (from 1).
    pub side_us: Vec<(usize, u128)>,
    /// For each choice of another device's seat this device came to hold: (the step agreed
    /// when it first held it, the step of the choice, the seat).
    pub learned: Vec<(u32, u32, u8)>,
    /// Messages after which the cards (a key round, a deal) had this device wait on another
    /// device for an answer that needs nobody to choose, besides what the protocol waits on.
    pub owed_by_cards: usize,
}

impl<G: Game> Dev<G> {
    /// Where a message from this device goes: the host's to every guest, a guest's to the host.
    pub fn targets(&self) -> Vec<u8> {
        if self.d == 0 { (1..self.devices).collect() } else { vec![0] }
    }

    /// Sends `out`'s messages and shows what it tells; the people choose when asked.
    pub fn handle(&mut self, out: Out<G>, wire: &mut Wire) {
        // In the order they were made: their messages carry growing numbers.
        let mut pending = VecDeque::from([out]);
        while let Some(out) = pending.pop_front() {
            for m in out.send {
                let text = serde_json::to_string(&m).unwrap();
                wire.extend(self.targets().into_iter().map(|t| (t, if t == 0 { self.d } else { 0 }, text.clone())));
                self.passed.push(m);
            }
            for told in out.told {
                self.show(told);
                while let Some(out) = self.person_chooses() {
                    pending.push_back(out);
                }
            }
        }
    }

    pub fn show(&mut self, told: Told<G>) {
        match told {
            Told::Started { setup, owners, me } => {
                assert_eq!((&owners, me), (&self.owners, self.d));
                self.first.get_or_insert(setup.clone());
                self.shown = Some(G::from_setup(&setup).unwrap());
                self.setup = Some(setup);
            }
            Told::Seeded { setup, joints } => {
                self.reseeds += 1;
                if G::DEALT.is_some() {
                    // Cards were opened here: the match so far replays from the new setup, with
                    // the stand-ins the side now holds.
                    assert_eq!(joints.len(), self.joints.len(), "device {}: the steps told with a new setup are the steps shown", self.d);
                    self.joints = joints;
                    let record = GameRecord::<G> { actions: self.joints.clone(), ..GameRecord::new(setup.clone()) };
                    self.shown = Some(record.replay().unwrap());
                } else {
                    assert!(self.shown.as_ref().is_some_and(dojo_engine::chance_pending), "the seed comes for the step that reads it");
                    self.seeded = true;
                }
                self.setup = Some(setup);
            }
            Told::Agreed { step, joints } => {
                for (seat, choice) in joints.last().into_iter().flat_map(|j| j.iter()) {
                    if choice.is_some() && !self.seats.contains(&seat.0) {
                        self.face_down.push((step, seat.0, self.side.is_face_down(step, seat.0)));
                    }
                }
                // Every choice of another device's seat this device holds now and did not before.
                for (at, joint) in joints.iter().enumerate() {
                    let at = at as u32 + 1;
                    for (seat, choice) in joint.iter() {
                        let known = |l: &&(u32, u32, u8)| l.1 == at && l.2 == seat.0;
                        if choice.is_some()
                            && !self.seats.contains(&seat.0)
                            && !self.side.is_face_down(at, seat.0)
                            && !self.learned.iter().any(|l| known(&l))
                        {
                            self.learned.push((step, at, seat.0));
                        }
                    }
                }
                self.joints = joints.clone();
                let record = GameRecord::<G> { actions: joints, ..GameRecord::new(self.setup.clone().unwrap()) };
                self.shown = Some(record.replay().unwrap());
                if self.shown.as_ref().is_some_and(dojo_engine::chance_pending) {
                    assert!(!self.seeded, "device {}: no seed is known while a step before the one that reads it is played", self.d);
                }
                for seat in &self.seats {
                    let mine = self.shown.as_ref().unwrap().view(Observer::Seat(Seat(*seat)));
                    assert_eq!(mine, self.side.state().unwrap().view(Observer::Seat(Seat(*seat))), "the page shows what the side holds");
                }
            }
            Told::Stopped(reason) => self.stopped = Some(reason),
        }
    }

    /// A person here picks at random for a seat of theirs that acts on the table shown and has
    /// not chosen.
    pub fn person_chooses(&mut self) -> Option<Out<G>> {
        let state = self.shown.clone()?;
        if state.outcome().is_some() || self.stopped.is_some() {
            return None;
        }
        let acting = acting_seats(&state);
        let seat = *self.seats.iter().find(|s| acting.contains(&Seat(**s)) && !self.side.has_chosen(**s))?;
        let legal = state.legal_actions(Seat(seat));
        let action = legal[self.rng.below(legal.len())].clone();
        let salt = salt(&mut self.rng);
        self.journal.entries.push(Entry::Chose { seat, action: serde_json::to_string(&action).unwrap(), salt });
        let clock = std::time::Instant::now();
        let out = self.side.choose(seat, action, salt);
        self.side_us.push((self.joints.len() + 1, clock.elapsed().as_micros()));
        Some(out)
    }

    /// A message arrives on the connection to `line`: the host passes it on to the other guests
    /// first, then answers it.
    pub fn receive(&mut self, line: u8, text: &str, wire: &mut Wire) {
        self.journal.entries.push(Entry::Received(text.to_string()));
        if self.d == 0 {
            let message: Message = serde_json::from_str(text).unwrap();
            wire.extend(self.side.relay(line, &message).into_iter().map(|t| (t, 0, text.to_string())));
            self.passed.push(message);
        }
        let clock = std::time::Instant::now();
        let out = self.side.receive(line, text);
        self.side_us.push((self.joints.len() + 1, clock.elapsed().as_micros()));
        self.handle(out, wire);
    }

    /// How many messages this device holds from each device.
    pub fn counts(&self) -> Vec<u64> {
        (0..self.devices).map(|d| self.side.peer().due_from(d)).collect()
    }

    /// The page reloads: the side comes back from the journal, the page from what it is told.
    pub fn reload(&mut self) {
        // The module keeps its journal written with dojo-engine's codec: the same text serde_json
        // writes, so a journal kept before either reads back.
        assert_eq!(dojo_engine::json::to_string(&self.journal).unwrap(), serde_json::to_string(&self.journal).unwrap());
        let back = Side::<G>::replay(&self.journal).unwrap();
        assert_eq!(back.passed, self.passed, "device {}: the journal gives back every message sent or passed on", self.d);
        self.side = back.side;
        // The host's page still holds the setup it started from: only a guest is told it.
        let first: Option<G::Setup> = match &self.journal.begin {
            Begin::Host { setup, .. } => serde_json::from_str(setup).ok().filter(|_: &G::Setup| G::DEALT.is_none()),
            Begin::Guest { .. } => None,
        };
        let (mut setup, mut shown) = (first.clone(), first.map(|s| G::from_setup(&s).unwrap()));
        self.joints.clear();
        for told in back.told {
            match told {
                Told::Seeded { setup: s, joints } => {
                    self.seeded = true;
                    if G::DEALT.is_some() {
                        self.joints = joints;
                        let record = GameRecord::<G> { actions: self.joints.clone(), ..GameRecord::new(s.clone()) };
                        shown = Some(record.replay().unwrap());
                    }
                    setup = Some(s);
                }
                Told::Started { setup: s, .. } => {
                    shown = Some(G::from_setup(&s).unwrap());
                    setup = Some(s);
                }
                Told::Agreed { joints, .. } => {
                    self.joints = joints.clone();
                    shown = Some(GameRecord::<G> { actions: joints, ..GameRecord::new(setup.clone().unwrap()) }.replay().unwrap());
                }
                Told::Stopped(_) => unreachable!("a stopped journal is refused"),
            }
        }
        self.setup = setup;
        self.shown = shown;
    }
}

/// Plays a match of `setup` between devices, `owners[s]` playing seat `s` (device 0 hosts and
/// passes on what each guest sends). `forge` changes the choice of the first reveal device 1
/// sends at or after that step; after `cut` messages are delivered, every message in flight is
/// lost and every device reloads, then each guest and the host send each other again what the
/// other has not received ([`missed`]). Returns every device.
pub fn play<G: Game>(setup: &G::Setup, owners: &[u8], seed: u64, forge: Option<u32>, cut: Option<usize>) -> Vec<Dev<G>> {
    play_with(setup, owners, seed, forge, cut, Wire2::Honest)
}

/// What device 1's messages to the host suffer on the way.
#[derive(Clone, Copy, PartialEq)]
pub enum Wire2 {
    /// Nothing.
    Honest,
    /// Its part of the match's chance is changed.
    Chance,
    /// The first key it gives to open a card it played is another device's key.
    Opens,
    /// Device 1 sends the host, on its own connection, a stop in device 2's name.
    StopAsFriend2,
    /// Device 1 sends the host, on its own connection, a commitment for device 2's seat in
    /// device 2's name, numbered as device 2's next message.
    CommitAsFriend2,
}

/// [`play`] with device 1's part of the match's chance changed on its way to the host.
pub fn play_forging_chance<G: Game>(setup: &G::Setup, owners: &[u8], seed: u64) -> Vec<Dev<G>> {
    play_with(setup, owners, seed, None, None, Wire2::Chance)
}

pub fn play_with<G: Game>(setup: &G::Setup, owners: &[u8], seed: u64, forge: Option<u32>, cut: Option<usize>, wire2: Wire2) -> Vec<Dev<G>> {
    let forge_chance = wire2 == Wire2::Chance;
    let devices = owners.iter().max().unwrap() + 1;
    let table = format!("table-{seed}");
    let secret = |d: u8| {
        let mut bytes = [7u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8] = d;
        bytes
    };
    let (host, out) = Side::<G>::host(setup, owners.to_vec(), devices, table.clone(), secret(0)).unwrap();
    let begin = Begin::Host { setup: serde_json::to_string(setup).unwrap(), owners: owners.to_vec(), devices, table, secret: secret(0) };
    let dev = |d: u8, side: Side<G>, begin: Begin| Dev {
        d,
        devices,
        seats: (0..owners.len() as u8).filter(|s| owners[usize::from(*s)] == d).collect(),
        owners: owners.to_vec(),
        side,
        journal: Journal { begin, entries: Vec::new() },
        passed: Vec::new(),
        setup: None,
        shown: None,
        stopped: None,
        rng: Rng::new(seed * 7 + u64::from(d)),
        seeded: false,
        joints: Vec::new(),
        reseeds: 0,
        first: None,
        face_down: Vec::new(),
        side_us: Vec::new(),
        learned: Vec::new(),
        owed_by_cards: 0,
    };
    let mut devs = vec![dev(0, host, begin)];
    for d in 1..devices {
        devs.push(dev(d, Side::<G>::guest(d, devices, secret(d)), Begin::Guest { me: d, devices, secret: secret(d) }));
    }
    // The host's page plays from its own setup, but for a game whose cards the devices deal:
    // that setup's cards are no one's, and the page waits to be told the dealt ones.
    if G::DEALT.is_none() {
        devs[0].setup = Some(setup.clone());
        devs[0].shown = Some(G::from_setup(setup).unwrap());
    }
    let mut wire = Wire::new();
    devs[0].handle(out, &mut wire);
    while let Some(out) = devs[0].person_chooses() {
        devs[0].handle(out, &mut wire);
    }
    let (mut forged, mut delivered) = (false, 0);
    while let Some((to, line, mut text)) = wire.pop_front() {
        delivered += 1;
        assert!(delivered < 100_000, "the match ends");
        if cut == Some(delivered) {
            wire.clear();
            for dev in &mut devs {
                dev.reload();
            }
            for g in 1..devices {
                let (host, guest) = (&devs[0], &devs[usize::from(g)]);
                let to_guest = missed(g, &guest.counts(), &host.passed);
                let to_host = missed(0, &host.counts(), &guest.passed);
                wire.extend(to_guest.iter().map(|m| (g, 0, serde_json::to_string(m).unwrap())));
                wire.extend(to_host.iter().map(|m| (0, g, serde_json::to_string(m).unwrap())));
            }
            for dev in &mut devs {
                while let Some(out) = dev.person_chooses() {
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
                && m.from == 1
            {
                choice.push(' ');
                forged = true;
                text = serde_json::to_string(&m).unwrap();
            }
        }
        if forge_chance && to == 0 && !forged {
            let mut m: Message = serde_json::from_str(&text).unwrap();
            if let Body::ChanceOpen { bytes, .. } = &mut m.body
                && m.from == 1
            {
                bytes[0] ^= 1;
                forged = true;
                text = serde_json::to_string(&m).unwrap();
            }
        }
        if wire2 == Wire2::Opens && to == 0 && !forged {
            let mut m: Message = serde_json::from_str(&text).unwrap();
            if let Body::Opens { keys } = &mut m.body
                && let Some(dojo_remote::dealer::DealMessage::Keys { keys, .. }) = keys.first_mut()
            {
                // A key for the card from a deal device 1 never made: it opens no card.
                keys[0].1 = dojo_remote::deal::Keys::new(&[9; 32], 15).card_key(0).unwrap();
                forged = true;
                text = serde_json::to_string(&m).unwrap();
            }
        }
        if matches!(wire2, Wire2::StopAsFriend2 | Wire2::CommitAsFriend2) && line == 1 && !forged && devs[1].joints.len() >= 3 {
            // Friend 1 knows how many messages friend 2 has sent (the host passed them on) and
            // which step is being played: its forgery is numbered to pass every other check.
            let peer = devs[1].side.peer();
            let body = match wire2 {
                Wire2::StopAsFriend2 => Body::Stop { reason: "friend 2 gives up".into() },
                _ => {
                    let seat = peer.seats_of(2).first().copied().expect("device 2 plays a seat");
                    Body::Commit { step: peer.step(), seat, commitment: dojo_remote::Commitment([1; 32]) }
                }
            };
            let forgery = Message { from: 2, seq: peer.due_from(2), body };
            forged = true;
            devs[0].receive(1, &serde_json::to_string(&forgery).unwrap(), &mut wire);
        }
        devs[usize::from(to)].receive(line, &text, &mut wire);
        for dev in &mut devs {
            if dev.side.owing().len() > dev.side.peer().owing().len() {
                dev.owed_by_cards += 1;
            }
        }
    }
    assert!(!matches!(wire2, Wire2::StopAsFriend2 | Wire2::CommitAsFriend2) || forged, "friend 1 forged a message");
    assert!(wire2 != Wire2::Opens || forged, "a card was opened");
    assert!(!forge_chance || forged, "a part of the chance was opened");
    assert!(cut.is_none_or(|c| delivered >= c), "the match ended after {delivered} messages, before the cut at {c:?}", c = cut);
    devs
}

pub fn setup<G: Sampled>(seed: u64, mode: Option<&str>) -> G::Setup {
    setup_for::<G>(seed, 2, mode)
}

pub fn setup_for<G: Sampled>(seed: u64, seats: usize, mode: Option<&str>) -> G::Setup {
    G::seeded_setup(seed, Table { seats, mode }).unwrap()
}

/// Two devices, one seat each.
pub const TWO: &[u8] = &[0, 1];

pub fn finished<G: Game>(devs: &[Dev<G>], what: &str) {
    for dev in devs {
        assert_eq!(dev.stopped, None, "{what}: device {}", dev.d);
        assert!(dev.shown.as_ref().unwrap().outcome().is_some(), "{what}: device {} shows the end", dev.d);
        assert_eq!(dev.shown, devs[0].shown, "{what}: at the end every choice is shown and every page shows the same match");
    }
}
