//! Whole matches between two [`Side`]s, driven as a play page and its connection module drive
//! one: a person chooses when the page hears that the match started or a step was agreed, the
//! page shows the match by replaying the joint actions it is told, and the module keeps a
//! journal. Then a message forged on the wire, and both devices reloaded mid-match with the
//! messages in flight lost: each rebuilds its side from its journal, and each sends again what
//! the other has not received.

mod harness;

use dojo_engine::{Game, GameRecord, Observer, Seat};
use dojo_remote::side::{Begin, Entry, Journal, Side};
use harness::*;

#[test]
fn two_pages_play_every_open_two_seat_table_to_the_end() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    for seed in 1..=4 {
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("duel")), TWO, seed, None, None), &format!("TAUNT duel {seed}"));
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), TWO, seed, None, None), &format!("TAUNT monsters {seed}"));
        for mode in [None, Some("tag-team"), Some("custom")] {
            let devs = play::<DragonPunch>(&setup::<DragonPunch>(seed, mode), TWO, seed, None, None);
            finished(&devs, &format!("DRAGON PUNCH {mode:?} {seed}"));
        }
    }
}

#[test]
fn both_devices_reload_mid_match_lose_what_was_in_flight_and_play_on() {
    use dojo_games::{dragon_punch::DragonPunch, taunt::Taunt};
    // Cut at the very start, mid-step and late: whatever was in flight is sent again.
    for (seed, cut) in [(1, 1), (2, 5), (3, 37), (4, 160)] {
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("duel")), TWO, seed, None, Some(cut)), &format!("TAUNT duel cut at {cut}"));
        finished(
            &play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), TWO, seed, None, Some(cut)),
            &format!("TAUNT monsters cut at {cut}"),
        );
        let devs = play::<DragonPunch>(&setup::<DragonPunch>(seed, Some("custom")), TWO, seed, None, Some(cut));
        finished(&devs, &format!("DRAGON PUNCH custom cut at {cut}"));
    }
}

#[test]
fn a_journal_that_does_not_replay_is_refused() {
    use dojo_games::taunt::Taunt;
    let begin = Begin::Host { setup: "{".into(), owners: vec![0, 1], devices: 2, table: "t".into(), secret: [0; 32] };
    let err = Side::<Taunt>::replay(&Journal { begin, entries: Vec::new() }).err().unwrap();
    assert!(err.starts_with("the saved setup cannot be read"), "{err}");
    let guest =
        Journal { begin: Begin::Guest { me: 1, devices: 2, secret: [0; 32] }, entries: vec![Entry::Received("not a message".into())] };
    let err = Side::<Taunt>::replay(&guest).err().unwrap();
    assert!(err.starts_with("the saved match had stopped: "), "{err}");
}

#[test]
fn a_forged_reveal_stops_both_pages_with_its_reason() {
    let devs = play::<dojo_games::taunt::Taunt>(&setup::<dojo_games::taunt::Taunt>(3, Some("duel")), TWO, 3, Some(2), None);
    let host = devs[0].stopped.clone().expect("the host stops");
    assert!(host.contains("forged reveal"), "{host}");
    let guest = devs[1].stopped.clone().expect("the guest hears it");
    assert!(guest.starts_with("the host's device stopped the match, in its own words: “"), "{guest}");
}

#[test]
fn four_seats_on_three_devices_play_through_the_host_and_survive_a_reload() {
    use dojo_games::taunt::Taunt;
    // The host's person and the host's second seat (the computer, on a page), a friend on each
    // of two other devices; every way of playing TAUNT with four fighters.
    let owners = [0, 1, 2, 0];
    for (seed, mode) in [(1, "ffa"), (2, "team"), (3, "last-pobber")] {
        let table = setup_for::<Taunt>(seed, 4, Some(mode));
        finished(&play::<Taunt>(&table, &owners, seed, None, None), &format!("TAUNT {mode} on three devices"));
        for cut in [3, 40, 200] {
            let devs = play::<Taunt>(&table, &owners, seed, None, Some(cut));
            finished(&devs, &format!("TAUNT {mode} on three devices, cut at {cut}"));
        }
    }
}

#[test]
fn a_forged_reveal_passed_on_by_the_host_stops_every_device() {
    use dojo_games::taunt::Taunt;
    let devs = play::<Taunt>(&setup_for::<Taunt>(5, 4, Some("ffa")), &[0, 1, 2, 0], 5, Some(1), None);
    for dev in &devs {
        let why = dev.stopped.clone().unwrap_or_else(|| panic!("device {} stops", dev.d));
        assert!(
            why.contains("forged reveal") || why.starts_with("the host's device stopped the match, in its own words: “"),
            "device {}: {why}",
            dev.d
        );
    }
}

/// With three devices, friend 1 sends the host a stop, then a commitment for friend 2's seat,
/// each in friend 2's name and numbered as friend 2's next message: the host takes from a
/// connection only its own device's messages, so every device stops and names friend 1, and
/// none says friend 2 stopped the match (before the host bound its connections, the forged
/// stop was passed on as friend 2's).
#[test]
fn a_friend_speaking_in_another_friends_name_stops_every_device_and_is_named() {
    use dojo_games::taunt::Taunt;
    for wire2 in [Wire2::StopAsFriend2, Wire2::CommitAsFriend2] {
        let devs = play_with::<Taunt>(&setup_for::<Taunt>(6, 3, Some("ffa")), &[0, 1, 2], 6, None, None, wire2);
        let culprit = "friend 1's device sent a message in the name of friend 2's device";
        for dev in &devs {
            let why = dev.stopped.clone().unwrap_or_else(|| panic!("device {} stops", dev.d));
            assert!(why.contains(culprit), "device {}: {why}", dev.d);
            assert!(!why.contains("gives up") && !why.starts_with("friend 2's device stopped"), "device {}: {why}", dev.d);
        }
        assert!(devs[0].stopped.as_ref().is_some_and(|w| w.starts_with(culprit)), "the host names it in its own words");
    }
}

/// A Rumble table of four heroes with Alternate Universe up for auction.
fn rumble_with_alternate_universe(seed: u64) -> dojo_games::rumble::Setup {
    use dojo_games::rumble::{PowerRef, catalog::PowerId};
    let mut table = setup_for::<dojo_games::rumble::Rumble>(seed, 4, None);
    if !table.powers.contains(&PowerRef::Set(PowerId::AlternateUniverse)) {
        table.powers.push(PowerRef::Set(PowerId::AlternateUniverse));
    }
    table
}

#[test]
fn rumble_draws_its_seed_from_every_device_just_before_the_auction_settles_on_three_devices() {
    use dojo_games::rumble::Rumble;
    // Four heroes: the host's person and a computer on the host, a friend on each of two devices.
    let owners = [0, 1, 2, 0];
    let mut seeds = Vec::new();
    for seed in 1..=3 {
        let table = rumble_with_alternate_universe(seed);
        let devs = play::<Rumble>(&table, &owners, seed, None, None);
        finished(&devs, &format!("Rumble, seed {seed}"));
        let drawn = devs[0].setup.as_ref().unwrap().seed;
        assert_ne!(drawn, table.seed, "the host's own seed is not the one played");
        for dev in &devs {
            assert_eq!(dev.setup.as_ref().unwrap().seed, drawn, "device {} plays the seed every device drew", dev.d);
            assert!(dev.seeded, "device {} was told the seed", dev.d);
        }
        seeds.push(drawn);
        for cut in [2, 30] {
            let devs = play::<Rumble>(&table, &owners, seed, None, Some(cut));
            finished(&devs, &format!("Rumble, seed {seed}, cut at {cut}"));
            assert_eq!(devs[1].setup.as_ref().unwrap().seed, drawn, "a reload draws the same seed again");
        }
    }
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 3, "each match draws its own seed");
    // Without Alternate Universe nothing reads the seed: none is drawn, the host's stands.
    let mut plain = setup_for::<Rumble>(4, 3, None);
    plain.powers.retain(|p| *p != dojo_games::rumble::PowerRef::Set(dojo_games::rumble::catalog::PowerId::AlternateUniverse));
    let devs = play::<Rumble>(&plain, &[0, 1, 1], 4, None, None);
    finished(&devs, "Rumble without Alternate Universe");
    assert_eq!(devs[1].setup.as_ref().unwrap().seed, plain.seed);
    assert!(!devs[1].seeded);
}

#[test]
fn a_forged_part_of_the_chance_stops_every_device() {
    use dojo_games::rumble::Rumble;
    let devs = play_forging_chance::<Rumble>(&rumble_with_alternate_universe(5), &[0, 1, 2, 0], 5);
    for dev in &devs {
        let why = dev.stopped.clone().unwrap_or_else(|| panic!("device {} stops", dev.d));
        assert!(why.contains("forged opening") || why.contains("stopped the match"), "device {}: {why}", dev.d);
    }
}

/// PUNISH between two devices in every option but Blindfolded (not played between devices
/// yet): the devices deal the cards themselves, each sees only its own hand until cards are
/// played, and at the end every deal is shown and the match replays from the true cards on both.
#[test]
fn punish_is_dealt_by_the_two_devices_and_every_option_but_blindfolded_plays_to_the_end() {
    use dojo_games::punish::{Options, Punish, Setup};
    let options = [
        Options::default(),
        Options { feint: true, ..Options::default() },
        Options { feint: true, blitz: true, ..Options::default() },
        Options { best_of: 5, hearts: 1, heart_recovery: false, ..Options::default() },
    ];
    let mut guessed_right = 0;
    for seed in 1..=40u64 {
        let options = options[seed as usize % options.len()];
        let placeholder = Setup::deal(seed, options);
        let devs = play::<Punish>(&placeholder, TWO, seed, None, None);
        finished(&devs, &format!("PUNISH {options:?} {seed}"));
        let dealt = devs[0].setup.clone().unwrap();
        assert_eq!(Some(&dealt), devs[1].setup.as_ref(), "seed {seed}: both end with the true setup");
        assert_eq!(dealt.options, options);
        assert!(devs.iter().all(|d| d.reseeds >= 2), "seed {seed}: cards were opened during the match and shown at the end");
        assert_ne!(dealt.hands, placeholder.hands, "seed {seed}: the host's setup dealt nothing");
        // What device 1 first holds of the host's hand: its own cards are true, the host's a
        // guess from the cards it has not seen.
        let sorted = |cards: &[dojo_games::punish::Card]| {
            let mut c = cards.to_vec();
            c.sort();
            c
        };
        let guessed = devs[1].first.clone().unwrap();
        assert_eq!(sorted(&guessed.hands[1]), sorted(&dealt.hands[1]), "seed {seed}: device 1 holds its own hand");
        assert_eq!(guessed.revealed, dealt.revealed, "seed {seed}: and the cards out of play");
        if sorted(&guessed.hands[0]) == sorted(&dealt.hands[0]) {
            guessed_right += 1;
        }
    }
    // With the host's hand hidden, device 1's copy fills it with five of the eight cards it has
    // not seen: right by chance now and then, never every time.
    assert!(guessed_right < 20, "device 1 knew the host's hand in {guessed_right} of 40 matches");
}

/// Blindfolded between two devices: each device plans its measure face down, the other's
/// copy standing in for those plans with cards of its own guessing of the same outline (a
/// Punish before the last breath leaves the next one empty for all to see). Every match ends
/// alike on both, and no plan is held by the other device before the breaths it plans are
/// revealed.
#[test]
fn punish_blindfolded_between_two_devices_keeps_every_plan_face_down_until_the_reveal() {
    use dojo_games::punish::{Options, Punish, Setup};
    let options = [
        Options { blindfolded: true, ..Options::default() },
        Options { blindfolded: true, feint: true, ..Options::default() },
        Options { blindfolded: true, feint: true, blitz: true, ..Options::default() },
        Options { blindfolded: true, best_of: 5, hearts: 1, heart_recovery: false, ..Options::default() },
    ];
    let (mut kept_down, mut plans) = (0, 0);
    for seed in 1..=40u64 {
        let options = options[seed as usize % options.len()];
        let devs = play::<Punish>(&Setup::deal(seed, options), TWO, seed, None, None);
        finished(&devs, &format!("PUNISH {options:?} {seed}"));
        let dealt = devs[0].setup.clone().unwrap();
        assert_eq!(Some(&dealt), devs[1].setup.as_ref(), "seed {seed}: both end with the true setup");
        // The true match, step by step: a plan whose measure is still being planned after its
        // step was agreed must have been face down on the other device then.
        let record = GameRecord::<Punish> { actions: devs[0].joints.clone(), ..GameRecord::new(dealt) };
        let mut state = Punish::from_setup(&record.setup).unwrap();
        for (i, joint) in record.actions.iter().enumerate() {
            dojo_engine::apply(&mut state, joint).unwrap();
            let step = i as u32 + 1;
            let slots = state.view(Observer::Public).plan_slots;
            for dev in &devs {
                for (at, seat, face_down) in dev.face_down.iter().filter(|(at, ..)| *at == step) {
                    let still_planning = slots.get(Seat(*seat)).is_some_and(|s| !s.is_empty());
                    if still_planning {
                        plans += 1;
                        assert!(face_down, "seed {seed}: device {} held Player {}'s plan of step {at} before its reveal", dev.d, seat + 1);
                        kept_down += 1;
                    }
                }
            }
        }
    }
    assert!(plans > 200 && kept_down == plans, "{kept_down} of {plans} plans kept face down");
}

#[test]
fn a_dealt_punish_match_survives_both_devices_reloading() {
    use dojo_games::punish::{Options, Punish, Setup};
    // Cuts in the first deal, in a step's key rounds, and late in the match.
    for (seed, cut) in [(3u64, 4usize), (3, 40), (4, 150), (5, 70), (6, 11), (7, 60), (8, 130), (9, 100)] {
        // The last three Blindfolded.
        let options = Options { feint: true, blindfolded: seed >= 7, ..Options::default() };
        let devs = play::<Punish>(&Setup::deal(seed, options), TWO, seed, None, Some(cut));
        finished(&devs, &format!("PUNISH cut at {cut}"));
    }
}

#[test]
fn a_false_key_for_a_played_card_stops_both_devices() {
    use dojo_games::punish::{Options, Punish, Setup};
    let devs = play_with::<Punish>(&Setup::deal(2, Options::default()), TWO, 2, None, None, Wire2::Opens);
    let reason = devs[0].stopped.clone().expect("the host stops the match");
    assert!(reason.contains("false key"), "{reason}");
    assert!(devs[1].stopped.as_ref().is_some_and(|r| r.contains("false key")), "and tells device 1 why: {:?}", devs[1].stopped);
}

/// In this Monsters battle both trainers, in one step, play a card from a monster whose build
/// the other's device has not seen: each device must show its build at once. Until it did, each
/// waited for the other and both refused the step ("Shoot is not in your hand").
#[test]
fn both_trainers_playing_cards_the_other_cannot_see_yet_show_their_builds_at_once() {
    use dojo_games::taunt::Taunt;
    for seed in [60, 61] {
        finished(&play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), TWO, seed, None, None), &format!("TAUNT monsters {seed}"));
    }
}

/// What the connection modules spend on each agreed step of a long match, early and late: a
/// TAUNT Monsters match of five fights on two devices and a 6-fighter Last Pobber on two
/// devices, three fighters each. Printed for the record (debug build, microseconds, both
/// devices' sides together, the cheapest of the five steps around each).
#[test]
fn what_a_step_costs_the_connection_modules_early_and_late_in_a_long_match() {
    use dojo_games::taunt::{Battle, FighterId, Options, Setup, Taunt};
    let monsters = Setup::new([FighterId::Wollypobber; 2], Options { battle: Battle::Monsters, best_of: 5, ..Options::default() });
    let fighters: Vec<FighterId> = (0..6).map(|i| FighterId::ALL[i % FighterId::ALL.len()]).collect();
    let last_standing = Setup::new(fighters, Options { battle: Battle::LastStanding, best_of: 1, ..Options::default() });
    for (name, setup, owners) in
        [("taunt_monsters_best_of_5", monsters, TWO), ("taunt_last_standing_6", last_standing, &[0, 1, 0, 1, 0, 1][..])]
    {
        let devs = play::<Taunt>(&setup, owners, 3, None, None);
        finished(&devs, name);
        let steps = devs[0].joints.len();
        let spent = |step: usize| -> u128 { devs.iter().flat_map(|d| &d.side_us).filter(|(s, _)| *s == step).map(|(_, us)| us).sum() };
        let at = |step: usize| (step.saturating_sub(2)..=step + 2).filter(|s| *s >= 1 && *s <= steps).map(spent).min().unwrap_or(0);
        let late = steps.min(200);
        println!("{name}_between_devices_steps: {steps}");
        println!("{name}_connection_us_per_step: {} at step 10, {} at step {late}", at(10), at(late));
        assert!(steps >= 60, "{name}: a long match ({steps} steps)");
    }
}

/// The step (from 1) from which each face-down choice of the match `devs` played may be known
/// to other devices, as the rules turn it up: `kind` names the choices the rules keep face down
/// (others are left out), and `up(table, events, seat, nth, laid)` says whether the seat's
/// `nth` such choice is turned up after a step, `laid` being how many it has made so far. Every
/// choice may be known at the end. Returns (step, seat, turned up at, kind).
fn turned_up<G: Game>(
    devs: &[Dev<G>],
    kind: impl Fn(&G::Action) -> Option<&'static str>,
    up: impl Fn(&G, &[G::Event], Seat, usize, usize) -> bool,
) -> Vec<(u32, u8, u32, &'static str)> {
    let joints = &devs[0].joints;
    let mut state = G::from_setup(devs[0].setup.as_ref().unwrap()).unwrap();
    let mut open: Vec<(u32, u8, usize, &'static str)> = Vec::new();
    let mut laid = vec![0usize; state.seat_count()];
    let mut out = Vec::new();
    for (i, joint) in joints.iter().enumerate() {
        let step = i as u32 + 1;
        for (seat, action) in joint.iter() {
            if let Some(what) = action.as_ref().and_then(&kind) {
                laid[seat.index()] += 1;
                open.push((step, seat.0, laid[seat.index()], what));
            }
        }
        let events = dojo_engine::apply(&mut state, joint).unwrap();
        let last = step as usize == joints.len();
        open.retain(|(at, seat, nth, what)| {
            let now = last || up(&state, &events, Seat(*seat), *nth, laid[usize::from(*seat)]);
            if now {
                out.push((*at, *seat, step, *what));
            }
            !now
        });
    }
    out
}

/// Checks every device's knowledge of other devices' face-down choices against `up` (see
/// [`turned_up`]); returns how many were checked.
fn no_face_down_card_known_early<G: Game>(devs: &[Dev<G>], up: &[(u32, u8, u32, &'static str)], what: &str) -> usize {
    if let Some((d, at, seat, learned, from, kind)) = early_by(devs, up).first() {
        panic!("{what}: device {d} held seat {seat}'s {kind} of step {at} at step {learned}, before the rules turn it up at step {from}");
    }
    devs.iter().map(|dev| up.iter().filter(|u| !dev.seats.contains(&u.1)).count()).sum()
}

/// Every face-down choice a device held before `up` (see [`turned_up`]) says the rules turn it
/// up: (device, step, seat, step held, step turned up, kind).
fn early_by<G: Game>(devs: &[Dev<G>], up: &[(u32, u8, u32, &'static str)]) -> Vec<(u8, u32, u8, u32, u32, &'static str)> {
    let mut early = Vec::new();
    for dev in devs {
        for (at, seat, from, kind) in up.iter().filter(|u| !dev.seats.contains(&u.1)) {
            if let Some((learned, ..)) = dev.learned.iter().find(|l| l.1 == *at && l.2 == *seat).filter(|l| l.0 < *from) {
                early.push((dev.d, *at, *seat, *learned, *from, *kind));
            }
        }
    }
    early
}

/// A card the rules keep face down never reaches another device while its owner is still
/// laying, building or picking: TAUNT combo cards (a duel, and a Free-for-All of three on two
/// devices) not before the step the seat stops laying, a TAUNT trainer's Monsters build not
/// before both are built, DRAGON PUNCH's Custom Character picks not before both hands are
/// picked. Each device's copy of the match, which holds all its journal and messages told it,
/// is read after every agreed step. Also printed: combo cards held before the seat's view
/// turns them up, which happens when both fighters lay combos (the owner judges on a table
/// where the other's face-down cards are stand-ins, on which its card may act a turn sooner).
#[test]
fn face_down_cards_stay_on_their_owners_device_until_the_rules_turn_them_up() {
    use dojo_games::dragon_punch::{Action as DpAction, DragonPunch, Event as DpEvent};
    use dojo_games::taunt::Decision;
    use dojo_games::taunt::{Action, Event, Taunt};
    let combo = |a: &Action| matches!(a, Action::Queue(_)).then_some("combo card");
    let laying_over = |s: &Taunt, _: &[Event], seat: Seat, _: usize, _: usize| !matches!(s.decision(seat), Some(Decision::Queue { .. }));
    let view_turned_up = |s: &Taunt, _: &[Event], seat: Seat, nth: usize, laid: usize| {
        laid.saturating_sub(usize::from(s.public_view().queued.0[seat.index()])) >= nth
    };
    let (mut combos, mut combos_early) = (0, 0);
    let draft = |a: &Action| matches!(a, Action::Draft(_)).then_some("draft");
    let built = |_: &Taunt, events: &[Event], _: Seat, _: usize, _: usize| events.iter().any(|e| matches!(e, Event::Built));
    let pick = |a: &DpAction| matches!(a, DpAction::Pick(_)).then_some("pick");
    let picked =
        |_: &DragonPunch, events: &[DpEvent], _: Seat, _: usize, _: usize| events.iter().any(|e| matches!(e, DpEvent::HandsPicked));
    let mut checked = 0;
    for seed in 0..6 {
        for (mode, seats) in [(None, 2usize), (Some("ffa"), 3)] {
            let owners: Vec<u8> = (0..seats as u8).map(|s| s % 2).collect();
            let devs = play::<Taunt>(&setup_for::<Taunt>(seed, seats, mode), &owners, seed, None, None);
            finished(&devs, "TAUNT combos");
            checked += no_face_down_card_known_early(&devs, &turned_up(&devs, combo, laying_over), &format!("TAUNT {mode:?} seed {seed}"));
            let by_view = turned_up(&devs, combo, view_turned_up);
            combos += by_view.len();
            combos_early += early_by(&devs, &by_view).len();
        }
        let devs = play::<Taunt>(&setup::<Taunt>(seed, Some("monsters")), TWO, seed, None, None);
        finished(&devs, "TAUNT monsters");
        checked += no_face_down_card_known_early(&devs, &turned_up(&devs, draft, built), &format!("TAUNT monsters seed {seed}"));
        let devs = play::<DragonPunch>(&setup::<DragonPunch>(seed, Some("custom")), TWO, seed, None, None);
        finished(&devs, "DRAGON PUNCH custom");
        checked += no_face_down_card_known_early(&devs, &turned_up(&devs, pick, picked), &format!("DRAGON PUNCH custom seed {seed}"));
    }
    println!("taunt_combo_cards_held_before_their_turn: {combos_early} of {combos}");
    assert!(checked > 500, "{checked} face-down choices checked");
}

/// FUSION between three devices (two pilots and the Coach): the devices deal the Deck, each
/// Stash opens only on its pilot's device, the Threshold and the Coach's blind card on none
/// until turned, and whether a Joker surfaces each time a new top shows is drawn by the three
/// together. Every evening plays to its end alike everywhere and the deal is checked at the end.
/// Card-Assists hand cards on privately: every other device holds the choice face down (its
/// discard and how many cards went on in sight) when the step is agreed.
#[test]
fn fusion_evenings_are_dealt_by_three_devices_and_play_to_the_end() {
    use dojo_games::fusion::Action;
    use dojo_games::fusion::Fusion;
    use dojo_games::registry::{Sampled, Table};
    let (mut jokers, mut guessed_right, mut card_assists, mut owed, matches) = (0, 0, 0, 0, 40u64);
    for seed in 1..=matches {
        let setup = Fusion::seeded_setup(seed, Table { seats: 3, mode: Some("evening") }).unwrap();
        let devs = play::<Fusion>(&setup, &[0, 1, 2], seed, None, None);
        finished(&devs, &format!("FUSION evening {seed}"));
        owed += devs.iter().map(|d| d.owed_by_cards).sum::<usize>();
        // Every Card-Assist of the true record was face down on both other devices as its step
        // was agreed.
        for (i, joint) in devs[0].joints.iter().enumerate() {
            for (seat, action) in joint.iter() {
                let Some(Action::Assist { give: Some(_), .. }) = action else { continue };
                card_assists += 1;
                let step = i as u32 + 1;
                for dev in devs.iter().filter(|d| !d.seats.contains(&seat.0)) {
                    let held = dev.face_down.iter().find(|(at, s, _)| *at == step && *s == seat.0);
                    assert_eq!(
                        held.map(|h| h.2),
                        Some(true),
                        "seed {seed}: device {} saw Player {}'s Card-Assist of step {step}",
                        dev.d,
                        seat.0 + 1
                    );
                }
            }
        }
        let dealt = devs[0].setup.clone().unwrap();
        assert!(devs.iter().all(|d| d.setup.as_ref() == Some(&dealt)), "seed {seed}: every device ends with the true setup");
        assert!(!dealt.dealt.is_empty(), "seed {seed}: the devices dealt the Deck");
        assert!(devs.iter().all(|d| d.reseeds >= 2), "seed {seed}: cards were opened during the match and shown at the end");
        let end = devs[0].shown.clone().unwrap();
        jokers += end.deck().active_omens() + end.deck().spent_omens();
        // Each pilot's first Stash: true on her own device, a guess on the others'.
        let truth = Fusion::new(&dealt).unwrap().0;
        for dev in &devs {
            let first = Fusion::new(dev.first.as_ref().unwrap()).unwrap().0;
            for pilot in 0..2u8 {
                if dev.seats.contains(&pilot) {
                    assert_eq!(first.hand(pilot), truth.hand(pilot), "seed {seed}: device {} holds its pilot's Stash", dev.d);
                } else if first.hand(pilot) == truth.hand(pilot) {
                    guessed_right += 1;
                }
            }
        }
    }
    assert!(jokers > 0, "Jokers surfaced in some evening");
    assert!(owed > 0, "a device waited on another's keys or deal pass, which a page reports as stalled if it never comes");
    assert!(card_assists >= 4, "the pilots handed cards on ({card_assists} Card-Assists)");
    // Each device fills another pilot's Stash from the cards it has not seen: never all right.
    assert!(guessed_right < 6, "another pilot's Stash was known {guessed_right} times of {}", matches * 4);
}

/// A mixed table: three pilots and the Coach on two devices, Pilot 1 and the Coach on the host,
/// Pilots 2 and 3 on a friend's. Cards handed on between two seats of one device, and between
/// devices, play every evening to the same true end.
#[test]
fn fusion_evenings_at_a_mixed_table_of_two_devices_play_to_the_end() {
    const MIXED_EVENINGS: u64 = 40;
    use dojo_games::fusion::{Action, Fusion};
    use dojo_games::registry::{Sampled, Table};
    let mut card_assists = 0;
    for seed in 1..=MIXED_EVENINGS {
        let setup = Fusion::seeded_setup(seed, Table { seats: 4, mode: Some("evening") }).unwrap();
        let devs = play::<Fusion>(&setup, &[0, 1, 1, 0], seed, None, None);
        finished(&devs, &format!("FUSION evening {seed} at a mixed table"));
        let dealt = devs[0].setup.clone().unwrap();
        assert!(devs.iter().all(|d| d.setup.as_ref() == Some(&dealt)), "seed {seed}: both devices end with the true setup");
        card_assists +=
            devs[0].joints.iter().flat_map(|j| j.iter()).filter(|(_, a)| matches!(a, Some(Action::Assist { give: Some(_), .. }))).count();
    }
    assert!(card_assists >= 2, "the pilots handed cards on ({card_assists} Card-Assists)");
}

/// A reveal forged by one of three devices in a FUSION evening stops all three.
#[test]
fn a_forged_reveal_in_a_fusion_evening_between_three_devices_stops_them_all() {
    use dojo_games::fusion::Fusion;
    use dojo_games::registry::{Sampled, Table};
    let setup = Fusion::seeded_setup(4, Table { seats: 3, mode: Some("evening") }).unwrap();
    let devs = play::<Fusion>(&setup, &[0, 1, 2], 4, Some(2), None);
    for dev in &devs {
        let why = dev.stopped.clone().unwrap_or_else(|| panic!("device {} stops", dev.d));
        assert!(why.contains("forged reveal") || why.contains("in its own words"), "device {}: {why}", dev.d);
    }
}
