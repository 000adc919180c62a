//! Generated input for the match protocol between devices: every kind of message a device can
//! receive ([`Body`]: the start, commitments, reveals, face-down choices and what settles them,
//! table hashes, the shared chance, the dealt cards' passes and keys, the unveiling at the end,
//! a stop), taken from honest matches of every game played between devices and then damaged as
//! JSON, as text, or blown up past [`MAX_MESSAGE`]. Each damaged message is delivered to a copy
//! of the device that received the honest one, at that moment of the match.
//!
//! No input may panic. A message that stops the match says why in words; the honest message is
//! always accepted; one longer than [`MAX_MESSAGE`] always stops the match. At least 100,000
//! inputs from a fixed seed under a time cap (see `dojo_engine::fuzz`):
//! `cargo test -p dojo-remote --test fuzz -- --nocapture` prints the counts.

use dojo_engine::fuzz::{Campaign, Mutator};
use dojo_engine::{Game, GameRecord, Rng, Seat, acting_seats};
use dojo_games::dragon_punch::DragonPunch;
use dojo_games::punish::{Options, Punish};
use dojo_games::registry::{Sampled, Table};
use dojo_games::rumble::{PowerRef, Rumble, catalog::PowerId};
use dojo_games::taunt::Taunt;
use dojo_remote::commit::Salt;
use dojo_remote::protocol::MAX_MESSAGE;
use dojo_remote::side::{Out, Side, Told};
use serde_json::Value;
use std::collections::{BTreeSet, VecDeque};

/// One honest delivery: the receiving device as it was just before, and the message.
struct Delivery<G: Game> {
    before: Side<G>,
    /// The device at the other end of the connection it came on.
    line: u8,
    text: String,
}

/// One device of an honest match, its people choosing at random on the table its page shows
/// (replayed from what the page is told, as a play page does).
struct Device<G: Game> {
    d: u8,
    devices: u8,
    seats: Vec<u8>,
    side: Side<G>,
    rng: Rng,
    setup: Option<G::Setup>,
    joints: Vec<dojo_engine::Joint<G::Action>>,
    shown: Option<G>,
}

impl<G: Game> Device<G> {
    /// Sends what `out` says to send (the host to every guest, a guest to the host), shows what
    /// it tells, and lets this device's people choose each time the page is told something.
    fn handle(&mut self, out: Out<G>, wire: &mut VecDeque<(u8, u8, String)>) {
        let mut pending = VecDeque::from([out]);
        while let Some(out) = pending.pop_front() {
            for m in out.send {
                let text = serde_json::to_string(&m).unwrap();
                // The site writes its messages with dojo-engine's codec: the same text.
                assert_eq!(dojo_engine::json::to_string(&m).unwrap(), text, "a message written two ways");
                let targets: Vec<u8> = if self.d == 0 { (1..self.devices).collect() } else { vec![0] };
                wire.extend(targets.into_iter().map(|t| (t, if t == 0 { self.d } else { 0 }, text.clone())));
            }
            for told in out.told {
                self.show(told);
                pending.extend(self.choose());
            }
        }
    }

    /// What the page does when told something.
    fn show(&mut self, told: Told<G>) {
        let replayed = |setup: &G::Setup, joints: &[dojo_engine::Joint<G::Action>]| {
            GameRecord::<G> { actions: joints.to_vec(), ..GameRecord::new(setup.clone()) }.replay().unwrap()
        };
        match told {
            Told::Started { setup, .. } => {
                self.shown = Some(G::from_setup(&setup).unwrap());
                self.setup = Some(setup);
            }
            Told::Seeded { setup, joints } => {
                if G::DEALT.is_some() {
                    self.joints = joints;
                    self.shown = Some(replayed(&setup, &self.joints));
                }
                self.setup = Some(setup);
            }
            Told::Agreed { joints, .. } => {
                self.joints = joints;
                self.shown = Some(replayed(self.setup.as_ref().unwrap(), &self.joints));
            }
            Told::Stopped(why) => panic!("device {}: an honest match stopped: {why}", self.d),
        }
    }

    /// The choices of this device's seats that act on the table shown and have not chosen.
    fn choose(&mut self) -> Vec<Out<G>> {
        let mut outs = Vec::new();
        let Some(state) = self.shown.clone() else { return outs };
        for seat in self.seats.clone() {
            if state.outcome().is_some() || !acting_seats(&state).contains(&Seat(seat)) || self.side.has_chosen(seat) {
                continue;
            }
            let legal = state.legal_actions(Seat(seat));
            let action = legal[self.rng.below(legal.len())].clone();
            let mut salt = [0u8; 32];
            salt[..8].copy_from_slice(&self.rng.next_u64().to_le_bytes());
            outs.push(self.side.choose(seat, action, Salt(salt)));
        }
        outs
    }
}

/// Every delivery of an honest match of `setup`, seat `s` played by device `owners[s]`.
fn honest_match<G: Game>(setup: &G::Setup, owners: &[u8], seed: u64) -> Vec<Delivery<G>> {
    let devices = owners.iter().max().unwrap() + 1;
    let secret = |d: u8| [d.wrapping_mul(31).wrapping_add(seed as u8); 32];
    let seats_of = |d: u8| -> Vec<u8> { (0..owners.len() as u8).filter(|s| owners[usize::from(*s)] == d).collect() };
    let (host, out) = Side::<G>::host(setup, owners.to_vec(), devices, format!("fuzz-{seed}"), secret(0)).unwrap();
    let device = |d: u8, side: Side<G>| Device {
        d,
        devices,
        seats: seats_of(d),
        side,
        rng: Rng::new(seed + u64::from(d)),
        setup: None,
        joints: Vec::new(),
        shown: None,
    };
    let mut devs = vec![device(0, host)];
    for d in 1..devices {
        devs.push(device(d, Side::guest(d, devices, secret(d))));
    }
    // The host's page plays from its own setup, unless the devices deal its cards.
    if G::DEALT.is_none() {
        devs[0].shown = Some(G::from_setup(setup).unwrap());
        devs[0].setup = Some(setup.clone());
    }
    let mut wire = VecDeque::new();
    devs[0].handle(out, &mut wire);
    for out in devs[0].choose() {
        devs[0].handle(out, &mut wire);
    }
    let mut deliveries = Vec::new();
    while let Some((to, line, text)) = wire.pop_front() {
        assert!(deliveries.len() < 50_000, "the match ends");
        let dev = &mut devs[usize::from(to)];
        deliveries.push(Delivery { before: dev.side.clone(), line, text: text.clone() });
        if to == 0 {
            let message = serde_json::from_str(&text).unwrap();
            let passed = text.clone();
            wire.extend(dev.side.relay(line, &message).into_iter().map(|t| (t, 0, passed.clone())));
        }
        let out = dev.side.receive(line, &text);
        dev.handle(out, &mut wire);
    }
    for dev in &devs {
        assert!(dev.side.is_done(), "device {} saw the match to its end", dev.d);
    }
    deliveries
}

/// The honest deliveries of a few matches of `G` at `table`, as the game's inputs.
fn deliveries<G: Sampled>(table: Table, owners: &[u8], matches: u64) -> Vec<Delivery<G>> {
    let setups: Vec<G::Setup> = (1..=matches).map(|seed| G::seeded_setup(seed, table).unwrap()).collect();
    of_setups(&setups, owners)
}

/// The honest deliveries of a match of each of `setups`, and now and then, in place of a
/// delivery, the sender's stop (a person leaving), so the stop is an input like the others.
fn of_setups<G: Game>(setups: &[G::Setup], owners: &[u8]) -> Vec<Delivery<G>> {
    let mut out = Vec::new();
    for (seed, setup) in (1u64..).zip(setups) {
        for (i, delivery) in honest_match::<G>(setup, owners, seed).into_iter().enumerate() {
            if i % 40 == 7 {
                let mut stop: Value = serde_json::from_str(&delivery.text).unwrap();
                stop["body"] = serde_json::json!({ "Stop": { "reason": "I have to go" } });
                out.push(Delivery { before: delivery.before.clone(), line: delivery.line, text: stop.to_string() });
            }
            out.push(delivery);
        }
    }
    out
}

/// The kind of message `text` is (the name of its body's variant).
fn kind(text: &str) -> String {
    let value: Value = serde_json::from_str(text).unwrap();
    match &value["body"] {
        Value::Object(map) => map.keys().next().cloned().unwrap_or_default(),
        other => other.as_str().unwrap_or_default().to_string(),
    }
}

/// Feeds `G`'s devices damaged messages.
fn fuzz_messages<G: Sampled>(name: &str, inputs: Vec<Delivery<G>>) {
    let kinds: BTreeSet<String> = inputs.iter().map(|d| kind(&d.text)).collect();
    let longest = inputs.iter().map(|d| d.text.len()).max().unwrap_or(0);
    println!("{name}: {} honest messages, kinds {kinds:?}, longest {longest} bytes", inputs.len());
    assert!(longest * 4 < MAX_MESSAGE, "{name}: an honest message of {longest} bytes is near the cap");
    let seeds: Vec<Value> = inputs.iter().map(|d| serde_json::from_str(&d.text).unwrap()).collect();
    let texts: Vec<String> = inputs.iter().map(|d| d.text.clone()).collect();
    let mut m = Mutator::new(Rng::new(0));
    seeds.iter().for_each(|s| m.learn(s));
    m.learn_words(["from", "seq", "body", "step", "seat", "round", "shown", "keys", "deal", "pass", "cards", "to", "secrets"]);
    let tally = Campaign::new(name).run(
        m,
        |m| {
            // The delivery the input stands in for, written before it (the check splits it off).
            let at = m.below(inputs.len());
            let text = match m.below(10) {
                0..=5 => {
                    // Damage this message's JSON: the others are there to splice from.
                    let mut one = [seeds[at].clone()];
                    let texts = [texts[at].clone()];
                    m.mutate_json(&mut one, &texts)
                }
                6 | 7 => m.mutate_text(std::slice::from_ref(&texts[at])),
                8 => texts[at].clone(),
                _ => {
                    // Past the cap: a long string or a long list where the message has one.
                    let mut v = seeds[at].clone();
                    let padding = Value::String("x".repeat(MAX_MESSAGE));
                    match v["body"].as_object_mut().and_then(|b| b.values_mut().next()) {
                        Some(Value::Object(fields)) => {
                            let key = fields.keys().next().cloned().unwrap_or_default();
                            fields.insert(key, padding);
                        }
                        _ => v["body"] = serde_json::json!({ "Stop": { "reason": padding } }),
                    }
                    v.to_string()
                }
            };
            format!("{at}\n{text}")
        },
        |input| {
            let (at, text) = input.split_once('\n').unwrap();
            let delivery = &inputs[at.parse::<usize>().unwrap()];
            let mut side = delivery.before.clone();
            let out = side.receive(delivery.line, text);
            let mut stopped = false;
            for told in &out.told {
                if let Told::Stopped(reason) = told {
                    stopped = true;
                    assert!(!reason.trim().is_empty(), "a stop says why");
                    assert!(
                        reason.chars().count() <= 600,
                        "a stop says why in a sentence, not a copy of the message: {} chars",
                        reason.len()
                    );
                }
            }
            if text == delivery.text {
                assert_eq!(stopped, kind(text) == "Stop", "the honest message is accepted (a stop stops the match)");
            }
            if text.len() > MAX_MESSAGE {
                assert!(stopped, "a message of {} bytes stops the match", text.len());
            }
            !stopped
        },
    );
    assert!(tally.accepted > 0 && tally.accepted < tally.inputs, "{name}: some messages pass and some stop the match: {tally:?}");
}

/// Every kind of message the protocol has, which the honest matches below must hold between them.
const EVERY_KIND: &[&str] =
    &["Start", "Commit", "Reveal", "Withhold", "Settle", "Agree", "Chance", "ChanceOpen", "Deal", "Opens", "Unveil", "Keys", "Stop"];

/// TAUNT duels: combos laid face down and settled later.
fn taunt() -> Vec<Delivery<Taunt>> {
    deliveries(Table::of(2), &[0, 1], 3)
}

/// TAUNT Monsters: the trainers' secret builds.
fn taunt_monsters() -> Vec<Delivery<Taunt>> {
    deliveries(Table { seats: 2, mode: Some("monsters") }, &[0, 1], 1)
}

/// DRAGON PUNCH's Custom Character: hands picked in secret.
fn dragon_punch() -> Vec<Delivery<DragonPunch>> {
    deliveries(Table { seats: 2, mode: Some("custom") }, &[0, 1], 2)
}

/// Rumble on three devices through the host, with Alternate Universe, the power whose chance
/// every device draws together.
fn rumble() -> Vec<Delivery<Rumble>> {
    let tables: Vec<_> = (1..=2)
        .map(|seed| {
            let mut table = Rumble::seeded_setup(seed, Table::of(4)).unwrap();
            let universe = PowerRef::Set(PowerId::AlternateUniverse);
            if !table.powers.contains(&universe) {
                table.powers.push(universe);
            }
            table
        })
        .collect();
    of_setups(&tables, &[0, 1, 2, 0])
}

/// PUNISH, dealt by the two devices.
fn punish() -> Vec<Delivery<Punish>> {
    deliveries(Table::of(2), &[0, 1], 2)
}

/// PUNISH Blindfolded: plans face down, unveiled at the end.
fn punish_blindfolded() -> Vec<Delivery<Punish>> {
    let setups = [1, 2].map(|seed| dojo_games::punish::Setup::deal(seed, Options { blindfolded: true, ..Options::default() }));
    of_setups(&setups, &[0, 1])
}

#[test]
fn fuzz_inputs_hold_every_kind_of_message() {
    let texts: Vec<String> = [
        taunt().into_iter().map(|d| d.text).collect::<Vec<_>>(),
        taunt_monsters().into_iter().map(|d| d.text).collect(),
        dragon_punch().into_iter().map(|d| d.text).collect(),
        rumble().into_iter().map(|d| d.text).collect(),
        punish().into_iter().map(|d| d.text).collect(),
        punish_blindfolded().into_iter().map(|d| d.text).collect(),
    ]
    .concat();
    let kinds: BTreeSet<String> = texts.iter().map(|t| kind(t)).collect();
    let missing: Vec<&&str> = EVERY_KIND.iter().filter(|k| !kinds.contains(**k)).collect();
    assert!(missing.is_empty(), "the honest matches hold no message of kinds {missing:?}");
}

#[test]
fn fuzz_protocol_taunt() {
    fuzz_messages("protocol_taunt", taunt());
}

#[test]
fn fuzz_protocol_taunt_monsters() {
    fuzz_messages("protocol_taunt_monsters", taunt_monsters());
}

#[test]
fn fuzz_protocol_dragon_punch() {
    fuzz_messages("protocol_dragon_punch", dragon_punch());
}

#[test]
fn fuzz_protocol_rumble() {
    fuzz_messages("protocol_rumble", rumble());
}

#[test]
fn fuzz_protocol_punish() {
    fuzz_messages("protocol_punish", punish());
}

#[test]
fn fuzz_protocol_punish_blindfolded() {
    fuzz_messages("protocol_punish_blindfolded", punish_blindfolded());
}

/// A message far past the cap stops the match in words before it is read.
#[test]
fn a_message_past_the_cap_stops_the_match_in_words() {
    let mut guest = Side::<dojo_games::taunt::Taunt>::guest(1, 2, [3; 32]);
    let text = format!("{{\"from\":0,\"seq\":0,\"body\":{{\"Stop\":{{\"reason\":\"{}\"}}}}}}", "x".repeat(MAX_MESSAGE));
    let out = guest.receive(0, &text);
    assert!(matches!(out.told.as_slice(), [Told::Stopped(why)] if why.contains("longer than")), "{:?}", out.told.len());
}

/// Found by `fuzz_protocol_taunt`: a message naming seat 255 was refused with "Player {seat + 1}"
/// computed in 8 bits (a panic in checked builds, "Player 0" in the release build).
#[test]
fn a_refusal_names_seat_255_as_player_256() {
    use dojo_remote::protocol::Violation;
    for v in [
        Violation::NotTheirSeat { from: 1, seat: 255 },
        Violation::NotActing { step: 1, seat: 255 },
        Violation::Forged { step: 1, seat: 255 },
    ] {
        assert!(v.to_string().contains("Player 256"), "{v}");
    }
}

/// Found by `fuzz_protocol_taunt` and `fuzz_protocol_rumble`: a refusal quoted the message that
/// caused it (an unknown body of thousands of characters, a whole setup), and the page showed it.
#[test]
fn a_refusal_quotes_no_more_than_a_sentence_of_the_message() {
    let long = "9".repeat(5_000);
    let mut guest = Side::<Taunt>::guest(1, 2, [3; 32]);
    let out = guest.receive(0, &format!("{{\"from\":0,\"seq\":0,\"body\":\"{long}\"}}"));
    let mut other = Side::<Taunt>::guest(1, 2, [4; 32]);
    let start = format!(
        "{{\"from\":0,\"seq\":0,\"body\":{{\"Start\":{{\"game\":\"taunt\",\"setup\":\"{long}\",\"seats\":[0,1],\"devices\":2,\"table\":\"t\"}}}}}}"
    );
    let started = other.receive(0, &start);
    for told in out.told.iter().chain(&started.told) {
        let Told::Stopped(why) = told else { panic!("the match stops: {told:?}") };
        assert!(why.chars().count() < 500, "{} characters", why.len());
    }
}
