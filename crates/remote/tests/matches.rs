//! Whole matches of real games between simulated devices: every device applies every step with
//! its own engine, choices are committed and revealed, and tables are compared. Then the same
//! with one device cheating, to show each protection at work.

use dojo_engine::{Game, Rng, Seat, acting_seats};
use dojo_games::registry::{Sampled, Table};
use dojo_remote::commit::Salt;
use dojo_remote::ledger::Ledger;
use dojo_remote::protocol::{Body, Choice, Device, Happening, Message, Peer, Violation};
use dojo_remote::table::{check_open, hash_of};
use std::collections::VecDeque;

/// One device: its side of the protocol, its copy of the match, its own dice, and the step in
/// progress (its own actions, what it knows of everyone's).
struct Dev<G: Game> {
    peer: Peer,
    ledger: Option<Ledger<G>>,
    rng: Rng,
    own: Vec<Option<G::Action>>,
    opened: Vec<Choice>,
    begun: u32,
}

/// How a test meddles with the traffic.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cheat {
    None,
    /// Device 1 reveals a different choice than it committed to, at this step.
    ForgeReveal(u32),
    /// Device 1's table differs after this step (its engine was changed).
    ChangeState(u32),
    /// The first message device 1 sends at this step is delivered twice.
    Replay(u32),
}

/// Where a match ended.
#[derive(Debug)]
enum End {
    /// Every device holds the same finished position after this many steps, and this many
    /// choices were withheld at some point.
    Finished { steps: u32, withheld: usize },
    /// A device stopped the match for this reason.
    Stopped(Violation),
}

fn salt(rng: &mut Rng) -> Salt {
    let mut salt = [0u8; 32];
    for chunk in salt.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    Salt(salt)
}

/// Messages on their way: to which device, on the connection to which device, the message.
type Wire = VecDeque<(Device, Device, Message)>;

/// Sends `messages` from `from`: the host to every guest, a guest to the host (who relays).
fn send(wire: &mut Wire, devices: u8, from: Device, messages: Vec<Message>) {
    for m in messages {
        let targets: Vec<Device> = if from == 0 { (1..devices).collect() } else { vec![0] };
        for t in targets {
            wire.push_back((t, if t == 0 { from } else { 0 }, m.clone()));
        }
    }
}

/// What device `d` does about `happened`; returns the messages to send.
fn react<G: Game>(
    dev: &mut Dev<G>,
    d: Device,
    happened: Vec<Happening>,
    withheld: &mut usize,
    cheat: Cheat,
) -> Result<Vec<Message>, Violation> {
    let mut out = Vec::new();
    let mut queue: VecDeque<Happening> = happened.into();
    while let Some(h) = queue.pop_front() {
        let (o, more) = match h {
            Happening::Started { setup, seats, .. } => {
                let mine = seats.iter().map(|s| *s == d).collect();
                dev.ledger = Some(Ledger::new(serde_json::from_str(&setup).unwrap(), mine).unwrap());
                (Vec::new(), Vec::new())
            }
            Happening::Committed { step } => {
                let ledger = dev.ledger.as_ref().unwrap();
                let choices: Vec<Choice> = (0..ledger.state().seat_count())
                    .map(|s| if acting_seats(ledger.state()).contains(&Seat(s as u8)) { Choice::Hidden(None) } else { Choice::Idle })
                    .collect();
                let show: Vec<u8> =
                    ledger.to_show(&choices, &dev.own, &[]).unwrap().into_iter().filter(|(at, _)| *at == step).map(|(_, s)| s).collect();
                *withheld += dev.own.iter().enumerate().filter(|(s, a)| a.is_some() && !show.contains(&(*s as u8))).count();
                // What every observer sees at once of the choices kept face down.
                let outlines: Vec<(u8, u8)> = dev
                    .own
                    .iter()
                    .enumerate()
                    .filter(|(seat, _)| !show.contains(&(*seat as u8)))
                    .filter_map(|(seat, a)| Some((seat as u8, dojo_engine::outline_of(ledger.state(), Seat(seat as u8), a.as_ref()?)?)))
                    .collect();
                dev.peer.open(&show, &outlines)?
            }
            Happening::Opened { choices, shown, .. } => {
                let ledger = dev.ledger.as_ref().unwrap();
                let show = if ledger.ends_with(&choices, &dev.own, &shown) {
                    dev.peer.still_withheld()
                } else {
                    // A choice of another device shown before the earlier ones it needs: wait
                    // for the next round (see `Side`).
                    ledger.to_show(&choices, &dev.own, &shown).unwrap_or_default()
                };
                let show: Vec<(u32, u8)> = show.into_iter().filter(|at| dev.peer.still_withheld().contains(at)).collect();
                dev.opened = choices;
                dev.peer.settle(&show)?
            }
            Happening::Settled { step, shown } => {
                let ledger = dev.ledger.as_mut().unwrap();
                ledger.take(&dev.opened, &dev.own, &shown).unwrap_or_else(|e| panic!("device {d}: {e}"));
                let mut hash = hash_of(ledger.state());
                if d == 1 && cheat == Cheat::ChangeState(step) {
                    hash.0[0] ^= 1;
                }
                dev.own = Vec::new();
                dev.peer.applied(hash)?
            }
            Happening::Agreed { .. } => (Vec::new(), Vec::new()),
            Happening::Chance { .. } => panic!("the open tables played here draw no chance"),
            Happening::Dealing { .. } | Happening::Keys { .. } | Happening::Opens { .. } | Happening::Unveiled { .. } => {
                panic!("the open tables played here deal no cards")
            }
            Happening::Stopped { reason, .. } => panic!("stopped: {reason}"),
        };
        out.extend(o);
        queue.extend(more);
    }
    Ok(out)
}

/// Plays a whole match of `setup` with `devices` devices, `owners[s]` playing seat `s`, each
/// choosing at random among its legal actions.
fn play<G: Game>(setup: &G::Setup, owners: Vec<Device>, devices: u8, seed: u64, cheat: Cheat) -> End {
    let mut table: Vec<Dev<G>> = (0..devices)
        .map(|d| Dev {
            peer: Peer::guest(d, devices),
            ledger: None,
            rng: Rng::new(seed * 31 + u64::from(d)),
            own: Vec::new(),
            opened: Vec::new(),
            begun: 0,
        })
        .collect();
    let setup_json = serde_json::to_string(setup).unwrap();
    let (host, start) = Peer::host(G::NAME, &setup_json, owners.clone(), devices, format!("table-{seed}"));
    table[0].peer = host;
    table[0].ledger = Some(Ledger::new(setup.clone(), owners.iter().map(|o| *o == 0).collect()).unwrap());
    let mut wire: Wire = (1..devices).map(|d| (d, 0, start.clone())).collect();
    let (mut replayed, mut withheld) = (false, 0);
    loop {
        // Each device that holds the match and has not begun the step in progress begins it.
        for d in 0..devices {
            let dev = &mut table[usize::from(d)];
            let Some(ledger) = &dev.ledger else { continue };
            let state = ledger.state().clone();
            if state.outcome().is_some() || dev.begun == dev.peer.step() || dev.peer.is_stopped() {
                continue;
            }
            dev.begun = dev.peer.step();
            let acting: Vec<u8> = acting_seats(&state).iter().map(|s| s.0).collect();
            dev.own = vec![None; state.seat_count()];
            let (mut out, happened) = match dev.peer.begin(acting.clone()) {
                Ok(x) => x,
                Err(v) => return End::Stopped(v),
            };
            for seat in acting.iter().copied().filter(|s| owners[usize::from(*s)] == d) {
                let legal = state.legal_actions(Seat(seat));
                let action = legal[dev.rng.below(legal.len())].clone();
                dev.own[usize::from(seat)] = Some(action.clone());
                let salt = salt(&mut dev.rng);
                let (o, h) = dev.peer.choose(seat, serde_json::to_string(&action).unwrap(), salt).unwrap();
                out.extend(o);
                match react(dev, d, h, &mut withheld, cheat) {
                    Ok(o) => out.extend(o),
                    Err(v) => return End::Stopped(v),
                }
            }
            match react(dev, d, happened, &mut withheld, cheat) {
                Ok(o) => out.extend(o),
                Err(v) => return End::Stopped(v),
            }
            if d == 1 && matches!(cheat, Cheat::Replay(at) if dev.begun >= at) && !replayed && !out.is_empty() {
                replayed = true;
                out.push(out[0].clone());
            }
            send(&mut wire, devices, d, out);
        }
        let Some((to, line, mut message)) = wire.pop_front() else { break };
        if to == 0 {
            for t in table[0].peer.relay_targets(line, &message) {
                wire.push_back((t, 0, message.clone()));
            }
        }
        if let (Cheat::ForgeReveal(step), Body::Reveal { step: s, choice, .. }) = (cheat, &mut message.body)
            && message.from == 1
            && *s == step
        {
            *choice = format!("{choice} ");
        }
        let dev = &mut table[usize::from(to)];
        let result =
            dev.peer.receive_on(line, message).and_then(|(out, happened)| Ok((out, react(dev, to, happened, &mut withheld, cheat)?)));
        match result {
            Ok((out, more)) => {
                send(&mut wire, devices, to, out);
                send(&mut wire, devices, to, more);
            }
            Err(v) => {
                if matches!(v, Violation::Diverged { .. }) && std::env::var("DEBUG_DIVERGE").is_ok() {
                    for d in &table {
                        eprintln!("device {}: {:?}\n", d.peer.me(), d.ledger.as_ref().unwrap().state().public_view());
                    }
                }
                return End::Stopped(v);
            }
        }
    }
    let states: Vec<&G> = table.iter().map(|d| d.ledger.as_ref().unwrap().state()).collect();
    assert!(states.iter().all(|s| *s == states[0]), "every device holds the same finished match, every card shown");
    assert!(states[0].outcome().is_some(), "the match ended");
    for d in &table {
        assert_eq!((d.peer.agreed(), d.peer.still_withheld()), (table[0].peer.agreed(), vec![]), "device {}", d.peer.me());
    }
    End::Finished { steps: table[0].peer.agreed(), withheld }
}

fn setup<G: Sampled>(seed: u64, seats: usize, mode: Option<&str>) -> G::Setup {
    G::seeded_setup(seed, Table { seats, mode }).unwrap()
}

#[test]
fn every_open_two_seat_table_plays_to_the_end_between_two_devices() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    for seed in 1..=3 {
        let s = setup::<Taunt>(seed, 2, Some("duel"));
        check_open(&Taunt::from_setup(&s).unwrap()).unwrap();
        assert!(matches!(play::<Taunt>(&s, vec![0, 1], 2, seed, Cheat::None), End::Finished { steps, .. } if steps > 1));
        for mode in [None, Some("tag-team")] {
            let s = setup::<DragonPunch>(seed, 2, mode);
            check_open(&DragonPunch::from_setup(&s).unwrap()).unwrap();
            assert!(matches!(play::<DragonPunch>(&s, vec![0, 1], 2, seed, Cheat::None), End::Finished { steps, .. } if steps > 1));
        }
    }
}

#[test]
fn four_seats_on_three_devices_through_the_host() {
    use dojo_games::taunt::Taunt;
    for (seed, mode) in [(1, "ffa"), (2, "last-pobber"), (3, "team")] {
        let s = setup::<Taunt>(seed, 4, Some(mode));
        check_open(&Taunt::from_setup(&s).unwrap()).unwrap();
        // The host plays two seats (two people at one device, or the computer), each guest one.
        let end = play::<Taunt>(&s, vec![0, 1, 0, 2], 3, seed, Cheat::None);
        assert!(matches!(end, End::Finished { steps, .. } if steps > 1), "{mode}: {end:?}");
    }
}

#[test]
fn secrets_chosen_in_play_stay_face_down_until_the_rules_show_them() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    // Custom Character hands are picked in secret, card by card, and shown as they are played.
    let s = setup::<DragonPunch>(2, 2, Some("custom"));
    check_open(&DragonPunch::from_setup(&s).unwrap()).unwrap();
    match play::<DragonPunch>(&s, vec![0, 1], 2, 2, Cheat::None) {
        End::Finished { withheld, .. } => assert!(withheld >= 14, "both hands of seven were withheld: {withheld}"),
        other => panic!("{other:?}"),
    }
    // Monster trainers split their cards in secret.
    let s = setup::<Taunt>(3, 2, Some("monsters"));
    match play::<Taunt>(&s, vec![0, 1], 2, 3, Cheat::None) {
        End::Finished { withheld, .. } => assert!(withheld > 0, "{withheld}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn tables_dealt_from_a_hidden_deck_are_refused() {
    use dojo_games::{punish::Punish, rumble::Rumble};
    assert!(check_open(&Punish::from_setup(&setup::<Punish>(1, 2, None)).unwrap()).is_err(), "PUNISH hands come from a shuffled deck");
    // Rumble hides only its seed: the devices draw it together instead (see `sides.rs`).
    assert!(check_open(&Rumble::from_setup(&setup::<Rumble>(1, 4, None)).unwrap()).is_err(), "Rumble's seed is hidden at the start");
}

#[test]
fn a_forged_reveal_is_caught() {
    let s = setup::<dojo_games::taunt::Taunt>(4, 2, Some("duel"));
    match play::<dojo_games::taunt::Taunt>(&s, vec![0, 1], 2, 4, Cheat::ForgeReveal(2)) {
        End::Stopped(Violation::Forged { step: 2, seat: 1 }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_changed_table_is_caught_at_its_step() {
    let s = setup::<dojo_games::dragon_punch::DragonPunch>(4, 2, None);
    match play::<dojo_games::dragon_punch::DragonPunch>(&s, vec![0, 1], 2, 4, Cheat::ChangeState(3)) {
        End::Stopped(Violation::Diverged { step: 3, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_replayed_message_is_caught() {
    let s = setup::<dojo_games::taunt::Taunt>(5, 2, Some("duel"));
    match play::<dojo_games::taunt::Taunt>(&s, vec![0, 1], 2, 5, Cheat::Replay(2)) {
        End::Stopped(Violation::Replayed { from: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_guest_cannot_speak_for_another_seat_or_reveal_early() {
    let (mut host, _) = Peer::host("taunt", "{}", vec![0, 1], 2, "t".into());
    host.begin(vec![0, 1]).unwrap();
    let commit = |seq, seat| Message { from: 1, seq, body: Body::Commit { step: 1, seat, commitment: dojo_remote::Commitment([1; 32]) } };
    assert_eq!(host.clone().receive(commit(0, 0)), Err(Violation::NotTheirSeat { from: 1, seat: 0 }));
    let reveal = Message { from: 1, seq: 0, body: Body::Reveal { step: 1, seat: 1, choice: "x".into(), salt: Salt([0; 32]) } };
    assert_eq!(host.clone().receive(reveal), Err(Violation::EarlyReveal { step: 1, seat: 1 }));
    assert_eq!(host.clone().receive(commit(3, 1)), Err(Violation::Skipped { from: 1, expected: 0, got: 3 }));
    let mut forged_from = commit(0, 1);
    forged_from.from = 0;
    assert_eq!(host.clone().receive(forged_from), Err(Violation::Impostor { from: 0 }));
    // On three devices, guest 1 speaking in guest 2's name on its own connection.
    let (mut host3, _) = Peer::host("taunt", "{}", vec![0, 1, 2], 3, "t".into());
    host3.begin(vec![0, 1, 2]).unwrap();
    let as_two = Message { from: 2, seq: 0, body: Body::Commit { step: 1, seat: 2, commitment: dojo_remote::Commitment([1; 32]) } };
    assert_eq!(host3.relay_targets(1, &as_two), Vec::<Device>::new(), "the host passes none of it on");
    assert_eq!(host3.relay_targets(2, &as_two), vec![1], "from guest 2's own connection it goes to guest 1");
    assert_eq!(host3.clone().receive_on(2, as_two.clone()).map(|_| ()), Ok(()));
    assert_eq!(host3.receive_on(1, as_two), Err(Violation::WrongSender { line: 1, claimed: 2 }));
    assert!(host3.is_stopped(), "a violation stops the match");
    host.receive(commit(0, 1)).unwrap();
    assert!(!host.is_stopped());
}

#[test]
fn each_device_knows_which_seats_every_device_plays() {
    let (host, start) = Peer::host("taunt", "{}", vec![0, 1, 2, 0], 3, "t".into());
    assert_eq!(host.my_seats(), vec![0, 3]);
    assert_eq!(host.seats_of(2), vec![2]);
    let mut guest = Peer::guest(1, 3);
    assert!(guest.seats_of(2).is_empty(), "nothing is known before the host's start");
    guest.receive(start).unwrap();
    assert_eq!((guest.my_seats(), guest.seats_of(0), guest.seats_of(2)), (vec![1], vec![0, 3], vec![2]));
}

/// A device owes the others only a message that needs nobody to choose: while a person
/// chooses nothing is owed, and each automatic answer is owed only once this device has sent
/// its own (a page reports a device owing one for long as stalled).
#[test]
fn a_device_owes_only_the_answers_that_need_nobody_to_choose() {
    use dojo_remote::Commitment;
    let (mut host, _) = Peer::host("taunt", "{}", vec![0, 1], 2, "t".into());
    let from_guest = |seq, body| Message { from: 1, seq, body };
    host.begin(vec![0, 1]).unwrap();
    assert!(host.owing().is_empty(), "both people are choosing");
    host.choose(0, "\"a\"".into(), Salt([1; 32])).unwrap();
    assert!(host.owing().is_empty(), "the guest's person is choosing");
    host.receive_on(1, from_guest(0, Body::Commit { step: 1, seat: 1, commitment: Commitment([1; 32]) })).unwrap();
    assert!(host.owing().is_empty(), "this device has not shown its own choice yet");
    host.open(&[0], &[]).unwrap();
    assert_eq!(host.owing(), vec![1], "the guest owes its reveal or withholding");
    host.receive_on(1, from_guest(1, Body::Withhold { step: 1, seat: 1, outline: None })).unwrap();
    assert!(host.owing().is_empty(), "this device has not settled yet");
    host.settle(&[]).unwrap();
    assert_eq!(host.owing(), vec![1], "the guest owes its settle");
    host.receive_on(1, from_guest(2, Body::Settle { step: 1, round: 0, shown: Vec::new() })).unwrap();
    assert!(host.owing().is_empty(), "this device's page applies the step");
    host.applied(Commitment([2; 32])).unwrap();
    assert_eq!(host.owing(), vec![1], "the guest owes its table's hash");
    host.receive_on(1, from_guest(3, Body::Agree { step: 1, hash: Commitment([2; 32]) })).unwrap();
    assert!(host.owing().is_empty(), "the next step's people are choosing");
}
