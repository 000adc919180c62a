//! Unit tests of TAUNT's rules, the scenario files, and the conformance suite.

use super::*;
use FighterId::{Mooshmere, TeaBot, Tremble, Tuggle, Wollypobber};
use Slot::{Block, Charge, Grab, Heal, Kick, Punch, Run, Shoot, Taunt as TauntCard};
use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{Game, IllegalAction, PerSeat, apply};

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

fn fight(fighters: [FighterId; 2]) -> Taunt {
    Taunt::from_setup(&Setup::new(fighters, Options { best_of: 1, ..Options::default() })).unwrap()
}

fn from(fighters: [FighterId; 2], starts: [Start; 2], position: Position) -> Taunt {
    let setup = Setup { start: Some(starts.to_vec()), position, ..Setup::new(fighters, Options { best_of: 1, ..Options::default() }) };
    Taunt::from_setup(&setup).unwrap()
}

fn at(damage: u8, charge: u8) -> Start {
    Start { damage, charge, ..Start::default() }
}

fn turn(state: &mut Taunt, a: Option<Slot>, b: Option<Slot>) -> Vec<Event> {
    apply(state, &PerSeat(vec![a.map(Action::Play), b.map(Action::Play)])).expect("legal plays")
}

fn act(state: &mut Taunt, a: Option<Action>, b: Option<Action>) -> Vec<Event> {
    apply(state, &PerSeat(vec![a, b])).expect("legal actions")
}

#[test]
fn scenarios_play_as_narrated() {
    let examples = scenario::rules_examples();
    assert!(examples.len() >= 7);
    for example in examples {
        example.run().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn equal_moves_act_together_beside_other_moves_in_every_mode() {
    for check in scenario::rule_checks() {
        check.run().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn conformance_suite_passes() {
    let setups: Vec<Setup> = FighterId::ALL
        .iter()
        .flat_map(|a| FighterId::ALL.iter().map(move |b| (*a, *b)))
        .enumerate()
        .map(|(i, (a, b))| {
            let heal = if i % 2 == 0 { HealCard::Standard } else { HealCard::Classic };
            Setup::new(
                [a, b],
                Options { best_of: [1, 3, 5][i % 3], heal, recovery: i % 4 != 0, pass_charge: i % 5 != 0, ..Options::default() },
            )
        })
        .collect();
    // Ten thousand whole series; the per-step checks (the costly part) on every fifth step.
    let report =
        check_game::<Taunt>(&setups, &Config { games: 10_000, check_every: 5, ..Config::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 10_000);
    assert!(report.refused > 0);
    assert!(report.hidden_resamples_that_changed > 0, "random games should reach taunting combos");
    assert!(report.partial_steps > 0);
}

#[test]
fn each_of_two_fighters_targets_only_the_other() {
    let state = fight([Tuggle, Tremble]);
    assert_eq!(state.fighter_count(), 2);
    assert_eq!(state.targets(0).iter().collect::<Vec<_>>(), [1]);
    assert_eq!(state.targets(1).iter().collect::<Vec<_>>(), [0]);
    assert_eq!((state.opponent(0), state.opponent(1)), (1, 0));
}

#[test]
fn a_fight_opens_far_at_level_zero_with_full_block_tokens() {
    let state = fight([Tuggle, Tremble]);
    assert_eq!(state.position(), Position::Far);
    assert_eq!((state.corner(P1).blocks, state.corner(P2).blocks), (5, 3));
    assert_eq!((state.corner(P1).charge, state.corner(P1).damage), (0, 0));
    assert_eq!(state.legal_actions(P1).len(), 9);
    assert_eq!(state.decision(P1), Some(Decision::Pick { turn: 1 }));
    assert!(
        Taunt::from_setup(&Setup { start: Some(vec![at(21, 0), at(0, 0)]), ..Setup::new([Tuggle, Tremble], Options::default()) }).is_err()
    );
}

#[test]
fn refused_actions_change_nothing_and_say_why() {
    let mut state = from([Tuggle, Mooshmere], [Start { disabled: [Heal].into_iter().collect(), ..at(12, 0) }, at(0, 0)], Position::Near);
    let before = state.clone();
    let err = apply(&mut state, &PerSeat(vec![Some(Action::Play(Heal)), Some(Action::Play(Punch))])).unwrap_err();
    assert_eq!(err, IllegalAction::Refused { seat: P1, reason: Refusal::Disabled { slot: Heal } });
    assert_eq!(err.to_string(), "Player 1: Heal is disabled");
    assert_eq!(state, before);
    let err = apply(&mut state, &PerSeat(vec![Some(Action::EndQueue), Some(Action::Play(Punch))])).unwrap_err();
    assert!(matches!(err, IllegalAction::Refused { reason: Refusal::NotNow { .. }, .. }));
    // A Near block forbids Attacks next turn, and only Attacks.
    turn(&mut state, Some(Block), Some(Punch));
    assert!(state.corner(P2).attacks_locked);
    for slot in [Punch, Grab, Shoot, Kick] {
        assert_eq!(state.check_action(P2, &Action::Play(slot)), Err(Refusal::AttacksLocked { slot }));
    }
    assert_eq!(state.legal_actions(P2).len(), 5);
}

#[test]
fn queueing_refuses_taunt_repeats_and_disabled_cards() {
    let mut state = from([Tuggle, Mooshmere], [Start { disabled: [Kick].into_iter().collect(), ..at(12, 0) }, at(0, 0)], Position::Far);
    turn(&mut state, Some(TauntCard), Some(Charge));
    // Mooshmere's Charge acted: it may pass a token first, then Tuggle lays the combo.
    assert_eq!(state.decision(P2), Some(Decision::Pass));
    assert_eq!(state.decision(P1), None);
    act(&mut state, None, Some(Action::Pass(None)));
    assert_eq!(state.decision(P1), Some(Decision::Queue { queued: 0 }));
    assert_eq!(state.decision(P2), None);
    assert_eq!(state.check_action(P1, &Action::Queue(TauntCard)), Err(Refusal::TauntInCombo));
    assert_eq!(state.check_action(P1, &Action::Queue(Kick)), Err(Refusal::Disabled { slot: Kick }));
    act(&mut state, Some(Action::Queue(Punch)), None);
    assert_eq!(state.check_action(P1, &Action::Queue(Punch)), Err(Refusal::AlreadyQueued { slot: Punch }));
    // The other seat sees how many cards are down, never which.
    let theirs = state.view_for(P2);
    assert_eq!(theirs.queued[P1], 1);
    assert!(theirs.my_queue.is_empty());
    assert!(!serde_json::to_string(&theirs).unwrap().contains("Punch"));
    assert_eq!(state.view_for(P1).my_queue, vec![Punch]);
}

#[test]
fn kick_at_l3_reaches_far_only() {
    let mut near = from([Wollypobber, Mooshmere], [at(0, 3), at(0, 0)], Position::Near);
    let events = turn(&mut near, Some(Kick), Some(Block));
    assert!(events.contains(&Event::Missed { seat: P1, slot: Kick, why: Miss::TooNear, target: P2 }));
    let mut far = from([Wollypobber, Mooshmere], [at(0, 3), at(0, 0)], Position::Far);
    turn(&mut far, Some(Kick), Some(Charge));
    assert_eq!(far.corner(P2).damage, 10);
    assert_eq!(far.corner(P1).charge, 0, "an L3 move spends its charge");
}

#[test]
fn a_charged_type_one_run_dodges_shoot_and_keeps_charge_when_it_does_not_hit() {
    let mut state = from([Tuggle, Wollypobber], [at(0, 1), at(0, 1)], Position::Near);
    let events = turn(&mut state, Some(Run), Some(Shoot));
    assert_eq!(state.position(), Position::Far);
    assert!(events.contains(&Event::Missed { seat: P2, slot: Shoot, why: Miss::Immune, target: P1 }));
    assert_eq!(state.corner(P1).damage, 0);
    assert_eq!(state.corner(P1).charge, 1, "no hit, so the type 1 Run keeps its charge");
    // Running in from Far hits on arrival and spends the charge.
    turn(&mut state, Some(Run), Some(Charge));
    assert_eq!(state.position(), Position::Near);
    assert_eq!(state.corner(P2).damage, 3);
    assert_eq!(state.corner(P1).charge, 0);
}

#[test]
fn a_run_at_l2_goes_through_block() {
    let mut state = from([Tuggle, Mooshmere], [at(0, 2), at(0, 0)], Position::Far);
    turn(&mut state, Some(Run), Some(Block));
    assert_eq!(state.corner(P2).damage, 4);
    assert_eq!(state.corner(P2).blocks, 4);
}

#[test]
fn punching_a_runner_lets_the_puncher_set_the_position() {
    let mut state = from([Mooshmere, Tuggle], [at(0, 0), at(0, 0)], Position::Far);
    turn(&mut state, Some(Punch), Some(Run));
    assert_eq!(state.corner(P1).damage, 2);
    assert_eq!(state.corner(P2).damage, 3);
    assert_eq!(state.phase(), Phase::Place { seat: P1, victim: None });
    assert_eq!(state.legal_actions(P1), vec![Action::Place(Position::Near), Action::Place(Position::Far)]);
    act(&mut state, Some(Action::Place(Position::Far)), None);
    assert_eq!(state.position(), Position::Far);
    assert_eq!(state.phase(), Phase::Select);
}

#[test]
fn the_higher_runner_chooses_the_order() {
    let mut state = from([Tuggle, Wollypobber], [at(0, 2), at(0, 0)], Position::Near);
    turn(&mut state, Some(Run), Some(Run));
    assert_eq!(state.phase(), Phase::Order { seat: P1 });
    let mut second = state.clone();
    // Acting first: Tuggle runs Far and misses; Wollypobber runs back Near and hits for 2.
    act(&mut state, Some(Action::Order { first: true }), None);
    assert_eq!((state.corner(P1).damage, state.corner(P2).damage), (2, 0));
    assert_eq!(state.corner(P1).charge, 2);
    // Acting second: Tuggle's run brings them Near and lands for 4.
    act(&mut second, Some(Action::Order { first: false }), None);
    assert_eq!((second.corner(P1).damage, second.corner(P2).damage), (0, 4));
    assert_eq!(second.corner(P1).charge, 0);
}

#[test]
fn equal_runs_stay_put() {
    let mut state = from([Tuggle, Wollypobber], [at(0, 0), at(0, 0)], Position::Near);
    let events = turn(&mut state, Some(Run), Some(Run));
    assert_eq!(state.position(), Position::Near);
    assert!(events.contains(&Event::Cancelled { slot: Run }));
    assert_eq!((state.corner(P1).damage, state.corner(P2).damage), (2, 2));
}

#[test]
fn only_the_l0_shoot_is_a_soft_hit_teashot_is_not() {
    let mut shoot = from([Wollypobber, Mooshmere], [at(0, 0), at(0, 0)], Position::Far);
    turn(&mut shoot, Some(Shoot), Some(Charge));
    assert_eq!(shoot.corner(P2).charge, 1, "2 damage never interrupts a Charge anyway");
    let mut kick = from([Wollypobber, Mooshmere], [at(0, 0), at(0, 0)], Position::Near);
    let events = turn(&mut kick, Some(Shoot), Some(Kick));
    assert!(!events.iter().any(|e| matches!(e, Event::Interrupted { .. })), "an L0 Shoot does not interrupt");
    let mut tea = from([TeaBot, Mooshmere], [at(0, 0), at(0, 0)], Position::Near);
    let events = turn(&mut tea, Some(Shoot), Some(Kick));
    assert!(events.contains(&Event::Interrupted { seat: P2, slot: Kick, level: 0, damage: Some(2) }), "TeaShot at L0 does");
}

#[test]
fn heal_interrupts_by_mode_and_the_two_cards_differ() {
    // Orange: 4 damage interrupts; 3 does not.
    let hurt = Start { disabled: [Kick, Shoot].into_iter().collect(), ..at(11, 0) };
    let mut state = from([Tuggle, Mooshmere], [hurt, at(0, 0)], Position::Near);
    turn(&mut state, Some(Heal), Some(Punch));
    assert!(state.corner(P1).disabled.is_empty(), "3 damage in Orange does not stop a Heal");
    let mut state = from([Tuggle, Wollypobber], [hurt, at(0, 1)], Position::Near);
    let events = turn(&mut state, Some(Heal), Some(Shoot));
    assert!(events.contains(&Event::Interrupted { seat: P1, slot: Heal, level: 0, damage: Some(4) }));
    assert_eq!(state.corner(P1).disabled.len(), 2);
    // With nothing disabled the standard Heal mends 1 damage and a block token; the classic one does nothing.
    let worn = Start { blocks: Some(2), ..at(6, 0) };
    let mut standard = from([Tuggle, Mooshmere], [worn, at(0, 0)], Position::Far);
    turn(&mut standard, Some(Heal), Some(Charge));
    assert_eq!((standard.corner(P1).damage, standard.corner(P1).blocks), (5, 3));
    let setup = Setup {
        fighters: vec![Tuggle, Mooshmere],
        options: Options { heal: HealCard::Classic, best_of: 1, ..Options::default() },
        start: Some(vec![worn, at(0, 0)]),
        position: Position::Far,
        markers: None,
        halves: None,
        squads: None,
    };
    let mut classic = Taunt::from_setup(&setup).unwrap();
    turn(&mut classic, Some(Heal), Some(Charge));
    assert_eq!((classic.corner(P1).damage, classic.corner(P1).blocks), (6, 2));
}

#[test]
fn counter_heals_at_l3_and_sends_back_peril() {
    let mut state = from([Tremble, Wollypobber], [at(10, 3), at(20, 2)], Position::Near);
    turn(&mut state, Some(Block), Some(Punch));
    // 8 × 1.5 = 12 back: Wollypobber reaches 30, Red, and takes the Punch L2's full Red Peril.
    assert_eq!(state.corner(P2).damage, 30);
    assert_eq!(state.corner(P2).disabled.to_vec(), vec![Block, Punch, Grab]);
    assert_eq!(state.corner(P1).damage, 8);
    assert_eq!(state.results(), &[Some(P1)]);
}

#[test]
fn type_two_run_loses_a_token_to_a_hard_hit() {
    let mut state = from([Mooshmere, Wollypobber], [at(0, 2), at(0, 0)], Position::Far);
    turn(&mut state, Some(Run), Some(Punch));
    assert_eq!(state.corner(P1).damage, 3);
    assert_eq!(state.corner(P1).charge, 1);
}

#[test]
fn a_series_carries_the_winners_damage_less_recovery() {
    let setup = Setup {
        fighters: vec![Tuggle, Wollypobber],
        options: Options::default(),
        start: Some(vec![Start { disabled: [Heal, Shoot].into_iter().collect(), ..at(16, 0) }, at(9, 1)]),
        position: Position::Near,
        markers: None,
        halves: None,
        squads: None,
    };
    let mut state = Taunt::from_setup(&setup).unwrap();
    let events = turn(&mut state, Some(Block), Some(Grab));
    assert!(events.iter().any(|e| matches!(e, Event::FightOver { fight: 1, .. })));
    assert_eq!(state.wins(), [0, 1]);
    assert_eq!(state.fight(), 2);
    // Wollypobber won at 9 damage with Recovery 3; Tuggle starts fresh.
    assert_eq!((state.corner(P1).damage, state.corner(P2).damage), (0, 6));
    assert_eq!(state.corner(P2).charge, 0);
    assert_eq!(state.position(), Position::Far);
    assert!(state.outcome().is_none());
}

#[test]
fn a_recorded_series_replays_to_the_same_end() {
    let record: dojo_engine::GameRecord<Taunt> = serde_json::from_str(include_str!("records/series.json")).unwrap();
    let mut events = 0;
    let end = record.replay_with(|_, e| events += e.len()).unwrap();
    let again = record.replay().unwrap();
    assert_eq!(end, again);
    assert!(end.outcome().is_some());
    assert!(end.results().len() as u8 >= end.options().wins_needed());
    assert!(events > 50);
}

#[test]
fn a_full_charge_broken_mid_combo_keeps_the_token_its_charge_gains() {
    let mut state = from([Tuggle, Mooshmere], [at(0, 3), at(0, 1)], Position::Far);
    turn(&mut state, Some(TauntCard), Some(Charge));
    act(&mut state, Some(Action::Queue(Charge)), None);
    act(&mut state, Some(Action::EndQueue), None);
    // An L2 type 2 Run closes in for 2: the combo breaks, the Charge (needing 3) does not.
    turn(&mut state, None, Some(Run));
    assert_eq!(state.corner(P1).damage, 2);
    assert_eq!(state.corner(P1).charge, 1);
}

#[test]
fn a_type_two_run_in_a_combo_keeps_its_charge() {
    let mut state = from([Mooshmere, Wollypobber], [at(0, 2), at(0, 0)], Position::Far);
    turn(&mut state, Some(TauntCard), Some(Block));
    act(&mut state, Some(Action::Queue(Run)), None);
    act(&mut state, Some(Action::EndQueue), None);
    // An L0 Shoot hits the runner for 2 without interrupting: no break, and no Run penalty.
    turn(&mut state, None, Some(Shoot));
    assert_eq!(state.corner(P1).damage, 2);
    assert_eq!(state.corner(P1).charge, 2);
}

/// Tuggle (P1, no block tokens left, at L2) taunts unanswered while Mooshmere charges and keeps
/// its token; Tuggle lays Block then Punch face down. Returns the state before the Block acts.
fn combo_with_a_block() -> Taunt {
    let empty = Start { blocks: Some(0), ..at(0, 2) };
    let mut state = from([Tuggle, Mooshmere], [empty, at(0, 0)], Position::Near);
    turn(&mut state, Some(TauntCard), Some(Charge));
    act(&mut state, None, Some(Action::Pass(None)));
    act(&mut state, Some(Action::Queue(Block)), None);
    act(&mut state, Some(Action::Queue(Punch)), None);
    act(&mut state, Some(Action::EndQueue), None);
    state
}

#[test]
fn a_knockdown_ends_a_combo_but_keeps_its_charge() {
    let mut state = combo_with_a_block();
    assert_eq!(state.corner(P1).charge, 2);
    let events = turn(&mut state, None, Some(Punch));
    assert!(state.corner(P1).knocked_down, "{events:?}");
    assert!(events.contains(&Event::ComboEnded { seat: P1, returned: 1 }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::ComboBroken { .. })));
    assert_eq!(state.corner(P1).charge, 2, "nothing interrupted the taunt, so its charge stays");
    assert_eq!(state.queued(P1), 0, "the laid Punch went back to the hand");
}

#[test]
fn a_heal_laid_in_a_combo_gains_no_charge() {
    let mut state = from([Tuggle, Mooshmere], [at(3, 1), at(0, 0)], Position::Far);
    turn(&mut state, Some(TauntCard), Some(Block));
    act(&mut state, Some(Action::Queue(Heal)), None);
    act(&mut state, Some(Action::Queue(Charge)), None);
    act(&mut state, Some(Action::EndQueue), None);
    turn(&mut state, None, Some(Block));
    assert_eq!(state.corner(P1).charge, 1, "Heal is a Defense card: the TAUNT card counts only Attacks and Power-ups");
    turn(&mut state, None, Some(Block));
    assert_eq!(state.corner(P1).charge, 3, "the laid Charge gains its own token and the combo's");
}

#[test]
fn a_charge_that_acted_may_pass_a_token_to_the_other_fighter() {
    let mut state = from([Tuggle, Mooshmere], [at(0, 1), at(0, 0)], Position::Far);
    turn(&mut state, Some(Charge), Some(Block));
    assert_eq!(state.decision(P1), Some(Decision::Pass));
    assert_eq!(state.decision(P2), None);
    assert_eq!(state.legal_actions(P1), vec![Action::Pass(None), Action::Pass(Some(P2))]);
    assert_eq!(state.check_action(P1, &Action::Pass(Some(P1))), Err(Refusal::CannotPass));
    let events = act(&mut state, Some(Action::Pass(Some(P2))), None);
    assert_eq!(events, vec![Event::ChargePassed { from: P1, to: P2, level: 1 }]);
    assert_eq!((state.corner(P1).charge, state.corner(P2).charge), (1, 1));
    assert_eq!(state.decision(P1), Some(Decision::Pick { turn: 2 }));
    // Both charge: both may pass at once, and two crossing passes change nothing.
    turn(&mut state, Some(Charge), Some(Charge));
    assert_eq!((state.decision(P1), state.decision(P2)), (Some(Decision::Pass), Some(Decision::Pass)));
    act(&mut state, Some(Action::Pass(Some(P2))), Some(Action::Pass(Some(P1))));
    assert_eq!((state.corner(P1).charge, state.corner(P2).charge), (2, 2));
}

#[test]
fn no_pass_is_offered_to_a_fighter_at_the_top_level_or_with_the_option_off() {
    let mut top = from([Tuggle, Mooshmere], [at(0, 0), at(0, 2)], Position::Far);
    turn(&mut top, Some(Charge), Some(Charge));
    assert_eq!(top.decision(P1), None, "Mooshmere has reached L3: nothing can be passed to it");
    assert_eq!(top.decision(P2), Some(Decision::Pass));
    let setup = Setup {
        fighters: vec![Tuggle, Mooshmere],
        options: Options { best_of: 1, pass_charge: false, ..Options::default() },
        start: None,
        position: Position::Far,
        markers: None,
        halves: None,
        squads: None,
    };
    let mut off = Taunt::from_setup(&setup).unwrap();
    turn(&mut off, Some(Charge), Some(Block));
    assert_eq!(off.decision(P1), Some(Decision::Pick { turn: 2 }));
}

#[test]
fn a_passed_token_raises_the_other_fighters_block_cost() {
    // A Block costs (blocker's level - attacker's level + 1) tokens, so passing a token both
    // lowers the giver's attack and raises the blocker's cost: here enough to knock it down.
    let one = Start { blocks: Some(1), ..at(0, 0) };
    let start = from([Tuggle, Mooshmere], [at(0, 0), one], Position::Near);
    let mut kept = start.clone();
    turn(&mut kept, Some(Charge), Some(Block));
    act(&mut kept, Some(Action::Pass(None)), None);
    turn(&mut kept, Some(Punch), Some(Block));
    assert!(!kept.corner(P2).knocked_down, "an L0 Block of an L1 Punch costs nothing");
    let mut passed = start;
    turn(&mut passed, Some(Charge), Some(Block));
    act(&mut passed, Some(Action::Pass(Some(P2))), None);
    let events = turn(&mut passed, Some(Punch), Some(Block));
    assert!(passed.corner(P2).knocked_down, "an L1 Block of an L0 Punch costs 2 and Mooshmere has 1: {events:?}");
}

/// FNV-1a, 64 bits: a hash whose values never change (the standard library's hasher may change
/// between Rust releases, which would break a recorded fingerprint for no reason).
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *hash ^= u64::from(*b);
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// A setup drawn from `rng`: any two fighters, any options, and sometimes a start other than
/// the opening (damage, charge, block tokens, a disabled card, Near), so that random play
/// reaches the rare rules too.
fn random_setup(rng: &mut dojo_engine::Rng) -> Setup {
    let mut pick = |n: usize| rng.below(n);
    let fighters = [FighterId::ALL[pick(5)], FighterId::ALL[pick(5)]];
    let options = Options {
        best_of: [1, 3, 5][pick(3)],
        heal: if pick(2) == 0 { HealCard::Standard } else { HealCard::Classic },
        recovery: pick(2) == 0,
        pass_charge: pick(3) != 0,
        ..Options::default()
    };
    let mut setup = Setup::new(fighters, options);
    if pick(3) == 0 {
        let start = |pick: &mut dyn FnMut(usize) -> usize, f: FighterId| Start {
            damage: pick(usize::from(f.card().critical_damage) + 1) as u8,
            charge: pick(4) as u8,
            blocks: Some(pick(usize::from(f.card().block_tokens) + 1) as u8),
            disabled: [Slot::ALL[pick(9)]].into_iter().collect(),
            blood: None,
        };
        setup.start = Some(vec![start(&mut pick, fighters[0]), start(&mut pick, fighters[1])]);
        setup.position = if pick(2) == 0 { Position::Near } else { Position::Far };
    }
    setup
}

/// Pins the engine's behaviour and formats at once: every event, every view of every observer,
/// every list of legal actions, the bots' readings (heuristic, search payoff) and redealt hidden
/// cards along 400 seeded random series, hashed. Recorded before the engine was made to count its
/// fighters instead of assuming two; a deliberate change of the rules changes it (record the new
/// value in the same commit and say why).
#[test]
fn random_series_match_their_recorded_fingerprint() {
    use dojo_bot::SearchHints;
    use dojo_engine::{Observer, Rng, joint_from};
    let (mut rng, mut deal) = (Rng::new(2024), Rng::new(99));
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let mut steps = 0;
    for _ in 0..400 {
        let setup = random_setup(&mut rng);
        let Ok(mut state) = Taunt::from_setup(&setup) else { continue };
        let root = state.clone();
        while state.outcome().is_none() {
            for observer in Observer::all(2) {
                let view = state.view(observer);
                fnv(&mut hash, serde_json::to_string(&view).unwrap().as_bytes());
                let drawn = Taunt::determinize(&view, &mut deal);
                fnv(&mut hash, serde_json::to_string(&drawn).unwrap().as_bytes());
                fnv(&mut hash, serde_json::to_string(&state.resample_hidden(observer, &mut deal)).unwrap().as_bytes());
            }
            for seat in [P1, P2] {
                fnv(&mut hash, format!("{:?}", state.legal_actions(seat)).as_bytes());
                fnv(&mut hash, &state.heuristic(seat).to_bits().to_le_bytes());
            }
            fnv(&mut hash, format!("{:?}", state.search_payoff(&root)).as_bytes());
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).expect("someone can act");
            let events = apply(&mut state, &joint).expect("legal actions apply");
            fnv(&mut hash, serde_json::to_string(&events).unwrap().as_bytes());
            fnv(&mut hash, events.iter().map(Event::describe).collect::<String>().as_bytes());
            steps += 1;
        }
        fnv(&mut hash, serde_json::to_string(&state).unwrap().as_bytes());
    }
    assert!(steps > 20_000, "only {steps} steps");
    // Re-recorded when the modes for more fighters came: the formats grew (views carry the
    // markers, halves and places; a Hit names its victim, a Miss its target, and a miss's
    // sentence names whom it missed). The rules did not change: a behaviour-only hash of the
    // same 400 series (corners, legal actions, bot readings, event counts) was equal before and
    // after the change.
    // Re-recorded again for a sentence: a Heal's "regains a block token" counts its tokens
    // ("regains 1 block token"; two with several opponents) and agrees with "you".
    // Re-recorded for the time limit (notes, "Time limit"): some random series have a fight
    // that reaches turn 200, which the judges now decide. With the limit set out of reach the
    // hash was still the one before, so the equal-moves change of the same week left duels alone.
    assert_eq!(hash, 18_224_443_135_021_355_546, "behaviour changed ({steps} steps)");
}

/// A setup of `battle` for `count` fighters drawn round the roster, one fight, any options.
fn mode_setup(battle: Battle, count: usize, i: usize) -> Setup {
    let fighters: Vec<FighterId> = (0..count).map(|k| FighterId::ALL[(i + 2 * k) % FighterId::ALL.len()]).collect();
    let wampires = i.is_multiple_of(3) && battle != Battle::Monsters;
    let options = Options { best_of: 1, battle, wampires, pass_charge: i.is_multiple_of(2), ..Options::default() };
    Setup::new(fighters, options)
}

#[test]
fn conformance_suite_passes_in_every_mode() {
    let mut setups = Vec::new();
    for (i, count) in (3..=6).enumerate() {
        setups.push(mode_setup(Battle::FreeForAll, count, i));
        setups.push(mode_setup(Battle::LastStanding, count, i + 1));
    }
    for i in 0..4 {
        setups.push(mode_setup(Battle::Team, 4, i));
        setups.push(mode_setup(Battle::Duel, 2, i));
    }
    let report =
        check_game::<Taunt>(&setups, &Config { games: 600, check_every: 7, ..Config::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 600);
    assert!(report.refused > 0);
}

#[test]
fn every_mode_plays_to_an_outcome_with_every_fighter_placed() {
    use dojo_engine::{Rng, joint_from};
    let mut rng = Rng::new(7);
    for (battle, count) in [(Battle::FreeForAll, 4), (Battle::LastStanding, 5), (Battle::Team, 4), (Battle::LastStanding, 3)] {
        for i in 0..30 {
            let mut state = Taunt::from_setup(&mode_setup(battle, count, i)).unwrap();
            let mut steps = 0;
            while state.outcome().is_none() {
                let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).expect("someone can act");
                apply(&mut state, &joint).expect("legal actions apply");
                steps += 1;
                assert!(steps < 5_000, "{battle} with {count} fighters never ends");
            }
            let outcome = state.outcome().unwrap();
            let mut placed: Vec<Seat> = outcome.players().collect();
            placed.sort();
            assert_eq!(placed, Seat::all(count).collect::<Vec<_>>(), "{battle}: every fighter has a place");
            if battle == Battle::Team {
                assert_eq!(outcome.teams.len(), 2);
                assert!(outcome.places.iter().all(|g| g.len() % 2 == 0), "teams place together: {outcome:?}");
            }
            if battle == Battle::LastStanding {
                // First place: the one fighter standing, or the last ones out, who fell together.
                let first = &outcome.places[0];
                let standing = first.iter().filter(|s| !state.corner(**s).out).count();
                assert!((standing == 1 && first.len() == 1) || (standing == 0 && state.fighting().is_empty()), "{outcome:?}");
            }
        }
    }
}

#[test]
fn a_run_that_names_only_a_held_marker_changes_nothing_and_the_paused_turn_is_public() {
    let setup = Setup::new(
        vec![Tuggle, Mooshmere, TeaBot],
        Options { best_of: 1, battle: Battle::FreeForAll, pass_charge: false, ..Options::default() },
    );
    let mut state = Taunt::from_setup(&setup).unwrap();
    apply(&mut state, &PerSeat(vec![Some(Action::Play(Run)), Some(Action::Play(Run)), Some(Action::Play(Block))])).unwrap();
    // The turn waiting for Tuggle's choice is in every view, with every move already shown.
    assert!(state.public_view().paused.is_some());
    assert_eq!(state.legal_actions(P1), Flip::ALL.map(Action::Flip).to_vec());
    // Tuggle's right-hand marker (with Mooshmere) is held by the equal Runs: naming only it
    // leaves both of Tuggle's markers as they were.
    let events = apply(&mut state, &PerSeat(vec![Some(Action::Flip(Flip::Right)), None, None])).unwrap();
    assert!(events.contains(&Event::MarkerHeld { seat: P1, with: P2 }));
    assert_eq!(state.markers.to_vec(), [Position::Far; 3]);
    assert_eq!(state.phase(), Phase::Flip { seat: P2 });
}

#[test]
fn two_opponents_double_the_regain_and_a_spirit_is_never_a_target() {
    let knocked = Start { blocks: Some(0), ..at(0, 0) };
    let setup = Setup {
        start: Some(vec![knocked, at(0, 0), at(0, 0), at(0, 0)]),
        ..Setup::new(
            vec![Tuggle, Mooshmere, TeaBot, Wollypobber],
            Options { best_of: 1, battle: Battle::FreeForAll, pass_charge: false, ..Options::default() },
        )
    };
    let mut state = Taunt::from_setup(&setup).unwrap();
    state.corners[0].knocked_down = true;
    apply(&mut state, &PerSeat(vec![None, Some(Action::Play(Charge)), Some(Action::Play(Charge)), Some(Action::Play(Charge))])).unwrap();
    assert_eq!(state.corner(P1).blocks, 2, "three opponents still fighting: two tokens a turn");
    let mut team = Taunt::from_setup(&mode_setup(Battle::Team, 4, 1)).unwrap();
    team.corners[2].out = true;
    assert_eq!(team.targets(0).iter().collect::<Vec<_>>(), [3], "the Spirit (seat 3) is out of reach");
    assert_eq!(team.regain_rate(0), 1, "one opponent still fighting: the usual rate");
}

/// A Monsters battle, its monsters built in the game, starting at `damage` on the team track.
fn monsters_setup(i: usize, damage: u8) -> Setup {
    let mut setup = mode_setup(Battle::Monsters, 2, i);
    setup.start = Some(vec![Start { damage, ..Start::default() }; 2]);
    setup
}

#[test]
fn conformance_suite_passes_in_monsters() {
    // Random trainers switch two turns in seven, so a random battle runs long (hundreds of
    // steps, sometimes thousands, even from Red): fewer games, checked more sparsely.
    let setups: Vec<Setup> = (0..4).map(|i| monsters_setup(i, if i % 2 == 0 { 0 } else { 24 })).collect();
    let config = Config { games: 60, check_every: 3, max_steps: 60_000, ..Config::default() };
    let report = check_game::<Taunt>(&setups, &config).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 60);
    assert!(report.hidden_resamples_that_changed > 0, "the other trainer's unseen cards are redrawn");
}

#[test]
fn the_computer_builds_three_monsters_that_can_each_move_and_hit() {
    use dojo_bot::{Level, Policy};
    use dojo_engine::{Rng, joint_from};
    let mut rng = Rng::new(11);
    for i in 0..4 {
        let mut state = Taunt::from_setup(&mode_setup(Battle::Monsters, 2, i)).unwrap();
        for _ in 0..crate::taunt::monsters::SQUAD_CARDS {
            let joint = joint_from(&state, |s, _| Policy::Bot(Level::Hard).act::<Taunt>(&state.view_for(s), s, &mut rng)).unwrap();
            apply(&mut state, &joint).unwrap();
        }
        assert_eq!(state.phase(), Phase::Select, "fifteen cards each, then the battle");
        for trainer in state.monsters.as_ref().unwrap().trainers {
            for monster in trainer.cards {
                assert_eq!(monster.len(), 5);
                let has = |cards: &[Slot]| cards.iter().any(|c| monster.count(*c) > 0);
                assert!(has(&[Slot::Run, Slot::RunTwo]) && has(&[Slot::Punch, Slot::Grab, Slot::Kick]), "{monster:?}");
            }
        }
    }
}

/// A fight of `battle` for `fighters` with `starts` and every Position (or marker) Near.
fn near_fight(fighters: Vec<FighterId>, battle: Battle, wampires: bool, starts: Vec<Start>) -> Taunt {
    let n = fighters.len();
    let options = Options { best_of: 1, battle, wampires, pass_charge: false, ..Options::default() };
    let circle = battle.is_circle();
    let setup = Setup {
        start: Some(starts),
        position: Position::Near,
        markers: circle.then(|| vec![Position::Near; n]),
        halves: (battle == Battle::Team).then(|| vec![Half::Left; n]),
        ..Setup::new(fighters, options)
    };
    Taunt::from_setup(&setup).unwrap()
}

fn plays(state: &mut Taunt, moves: &[Option<Slot>]) -> Vec<Event> {
    apply(state, &PerSeat(moves.iter().map(|m| m.map(Action::Play)).collect())).expect("legal plays")
}

#[test]
fn a_card_disabled_earlier_in_its_turn_still_acts_and_stays_disabled() {
    // Tuggle (track 20) at 8 damage takes a Punch L1 (number 3) for 6: 14, Orange, Peril G. Its
    // Grab (number 4) was already shown: it still acts, and is disabled from then on.
    let mut state = from([Tuggle, Wollypobber], [at(8, 0), at(0, 1)], Position::Near);
    let events = turn(&mut state, Some(Grab), Some(Punch));
    assert!(state.corner(P1).disabled.contains(Grab), "{events:?}");
    assert_eq!(state.corner(P2).damage, 1, "the disabled Grab still hit: {events:?}");
    assert_eq!(state.phase(), Phase::Place { seat: P1, victim: None });
}

#[test]
fn an_opponent_defeated_in_the_turn_still_doubles_that_turns_regain() {
    // Team Battle, everyone Left. Player 1 is knocked down with no tokens; its opponents are
    // Players 3 and 4. Player 4 (Tuggle, 2 cards disabled, in Red) is Kicked by Player 2 and
    // disabled a third time: defeated this turn. Player 1's regain for the turn is still two.
    let knocked = Start { blocks: Some(0), ..at(0, 0) };
    let beaten = Start { disabled: [Block, Run].into_iter().collect(), ..at(18, 0) };
    let mut state =
        near_fight(vec![Wollypobber, Mooshmere, Wollypobber, Tuggle], Battle::Team, false, vec![knocked, at(0, 0), at(0, 0), beaten]);
    state.corners[0].knocked_down = true;
    let events = plays(&mut state, &[None, Some(Kick), Some(Charge), Some(Charge)]);
    assert!(events.iter().any(|e| matches!(e, Event::Defeated { seat: Seat(3), .. })), "{events:?}");
    assert_eq!(state.corner(P1).blocks, 2, "{events:?}");
}

#[test]
fn a_hit_a_switch_prevents_neither_locks_the_attacker_nor_comes_back() {
    let example = scenario::rules_examples().into_iter().find(|s| s.id == "monsters-switch").unwrap();
    let mut state = Taunt::from_setup(&example.setup).unwrap();
    let events = apply(&mut state, &example.steps[0].joint()).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Shielded { .. })), "{events:?}");
    assert!(!state.corner(P2).attacks_locked, "a Switch is not a Block: {events:?}");
    assert_eq!((state.corner(P1).damage, state.corner(P2).damage), (0, 0), "nothing is sent back: {events:?}");
}

#[test]
fn a_wampire_reads_danger_mode_for_interrupts_and_counts_the_hits_damage() {
    // Heal's threshold is Danger Mode's 4+: a 4-damage Kick interrupts it, and the interrupt
    // costs all charge (Danger Mode is not Critical).
    let mut state = near_fight(vec![Wollypobber, Tuggle], Battle::Duel, true, vec![at(0, 0), Start { charge: 2, ..at(0, 0) }]);
    let events = plays(&mut state, &[Some(Kick), Some(Heal)]);
    assert!(events.iter().any(|e| matches!(e, Event::Interrupted { slot: Heal, .. })), "{events:?}");
    assert_eq!(state.corner(P2).charge, 0);
    // A Wampire with 2 blood takes a 4-damage Kick: it loses 2 blood, but the hit's 4 damage
    // interrupts its Charge (3+).
    let low = Start { blood: Some(2), ..at(0, 0) };
    let mut state = near_fight(vec![Wollypobber, Tuggle], Battle::Duel, true, vec![at(0, 0), low]);
    let events = plays(&mut state, &[Some(Kick), Some(Charge)]);
    assert!(events.iter().any(|e| matches!(e, Event::Interrupted { slot: Charge, damage: Some(4), .. })), "{events:?}");
}

#[test]
fn a_taunting_combo_breaks_on_damage_from_a_fighter_it_does_not_attack() {
    // Free-for-All of three: Tuggle's combo Punch reaches only Mooshmere (Near); TeaBot, Far
    // from both, Shoots them at L1 for 4. Mooshmere blocks; Tuggle's combo breaks though TeaBot
    // is not the one it attacks.
    let setup = Setup {
        start: Some(vec![at(0, 0), at(0, 0), at(0, 1)]),
        markers: Some(vec![Position::Near, Position::Far, Position::Far]),
        ..Setup::new(
            vec![Tuggle, Mooshmere, TeaBot],
            Options { best_of: 1, battle: Battle::FreeForAll, pass_charge: false, ..Options::default() },
        )
    };
    let mut state = Taunt::from_setup(&setup).unwrap();
    state.queues[0].push(Punch);
    state.queues[0].push(Kick);
    let events = plays(&mut state, &[None, Some(Block), Some(Shoot)]);
    assert!(events.contains(&Event::ComboBroken { seat: P1, returned: 1 }), "{events:?}");
    assert_eq!(state.queued(P1), 0);
}

/// Plays `moves` every turn until the match is over or `turns` have passed; returns the events
/// of the last step.
fn stall(state: &mut Taunt, moves: &[Option<Slot>], turns: usize) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..turns {
        if state.outcome().is_some() {
            break;
        }
        events = plays(state, moves);
    }
    events
}

#[test]
fn a_monsters_stand_off_ends_at_the_time_limit_even_and_drawn() {
    // Both teams at 30 damage with nothing disabled, both blocking for ever: the seed-3 battle's
    // stand-off without the Heals. The judges see them even: the match ends in a draw.
    let example = scenario::rules_examples().into_iter().find(|s| s.id == "monsters-switch").unwrap();
    let mut setup = example.setup.clone();
    setup.start = Some(vec![Start { damage: 30, ..Start::default() }; 2]);
    let mut state = Taunt::from_setup(&setup).unwrap();
    // A thousand turns, well past the limit: before it, this battle never ended.
    let events = stall(&mut state, &[Some(Block), Some(Block)], 1_000);
    assert!(state.outcome().is_some(), "a stand-off must end");
    assert_eq!(state.turn, TURN_LIMIT, "the battle stops at the limit");
    assert!(events.contains(&Event::TimeUp { turn: TURN_LIMIT }), "{events:?}");
    assert_eq!(state.outcome(), Some(dojo_engine::Outcome::draw([P1, P2])));
}

#[test]
fn at_the_time_limit_fewer_disabled_cards_then_less_damage_win() {
    // A duel best of 3: Tuggle has one card disabled, Wollypobber none but more damage.
    let starts = [Start { disabled: [Heal].into_iter().collect(), ..at(2, 0) }, at(9, 0)];
    let setup = Setup { start: Some(starts.to_vec()), ..Setup::new([Tuggle, Wollypobber], Options::default()) };
    let mut state = Taunt::from_setup(&setup).unwrap();
    let events = stall(&mut state, &[Some(Block), Some(Block)], usize::from(TURN_LIMIT));
    assert!(events.iter().any(|e| matches!(e, Event::FightOver { losers, judged: true, .. } if losers == &[P1])), "{events:?}");
    assert_eq!(state.results(), [Some(P2)], "the series goes on after a judged fight");
    assert_eq!(state.phase(), Phase::Select);
    // The next fight: Tuggle fresh, Wollypobber carrying 9 − 3 (Recovery) damage; nothing
    // disabled on either side, so the fighter with less damage takes it.
    stall(&mut state, &[Some(Block), Some(Block)], usize::from(TURN_LIMIT));
    assert_eq!(state.results(), [Some(P2), Some(P1)]);
    // In a Free-for-All the judges place everyone still standing.
    let mut ffa = near_fight(vec![Tuggle, Mooshmere, TeaBot], Battle::FreeForAll, false, vec![at(3, 0), at(1, 0), at(3, 0)]);
    stall(&mut ffa, &[Some(Block), Some(Block), Some(Block)], usize::from(TURN_LIMIT));
    assert_eq!(ffa.places, [vec![Seat(1)], vec![P1, Seat(2)]]);
}

#[test]
fn random_play_ends_every_fight_of_every_mode_within_the_time_limit() {
    use dojo_engine::{Rng, joint_from};
    let mut rng = Rng::new(31);
    let tables = [
        (Battle::Duel, 2, false),
        (Battle::Duel, 2, true),
        (Battle::FreeForAll, 4, false),
        (Battle::FreeForAll, 3, true),
        (Battle::LastStanding, 5, false),
        (Battle::Team, 4, false),
        (Battle::Monsters, 2, false),
    ];
    for (battle, count, wampires) in tables {
        for i in 0..100 {
            let fighters: Vec<FighterId> = (0..count).map(|k| FighterId::ALL[(i + 2 * k) % FighterId::ALL.len()]).collect();
            let best_of = if battle.is_duel() { 3 } else { 1 };
            let options = Options { best_of, battle, wampires, pass_charge: i % 2 == 0, ..Options::default() };
            let mut state = Taunt::from_setup(&Setup::new(fighters, options)).unwrap();
            let mut steps = 0;
            while state.outcome().is_none() {
                let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).expect("someone can act");
                apply(&mut state, &joint).expect("legal actions apply");
                assert!(state.turn <= TURN_LIMIT, "{battle} (wampires {wampires}) passed the time limit");
                steps += 1;
                assert!(steps < 100_000, "{battle} (wampires {wampires}) never ends");
            }
        }
    }
}
