//! Unit tests of PUNISH's rules, the rulebook's examples, and the conformance suite.

use super::*;
use Card::{Dodge, Guard, Rush, Strike};
use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{IllegalAction, PerSeat, apply};
type Match = super::Punish;
const PUNISH: Card = Card::Punish;

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

fn start(hands: [&[Card]; 2], revealed: &[Card], options: Options) -> Match {
    Match::from_setup(&Setup::arranged(hands, revealed, options).unwrap()).unwrap()
}

/// Both players hold a bit of everything; revealed out of play: two Rushes… adjusted per test.
fn duel(a: &[Card], b: &[Card]) -> Match {
    let used: Cards = a.iter().chain(b).copied().collect();
    let mut pool: Cards = Card::full_deck().into_iter().collect();
    for c in used.to_vec() {
        pool.remove(c);
    }
    let spare = pool.to_vec();
    let mut ha = a.to_vec();
    let mut hb = b.to_vec();
    let mut spare = spare.into_iter();
    while ha.len() < 5 {
        ha.push(spare.next().unwrap());
    }
    while hb.len() < 5 {
        hb.push(spare.next().unwrap());
    }
    let revealed: Vec<Card> = spare.take(2).collect();
    start([&ha, &hb], &revealed, Options { best_of: 1, ..Options::default() })
}

fn play(state: &mut Match, a: Option<Card>, b: Option<Card>) -> Vec<Event> {
    apply(state, &PerSeat(vec![a.map(Play::card), b.map(Play::card)])).expect("legal plays")
}

fn hearts(state: &Match) -> [u8; 2] {
    [state.hearts(P1), state.hearts(P2)]
}

#[test]
fn the_three_rulebook_examples_play_out_as_written() {
    for scenario in scenario::rules_examples() {
        scenario.run().unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn with_heart_recovery_example_three_turns_around() {
    // Under the printed procedure both players recover to 2 hearts before the last breath, so
    // Phantom's Rush no longer finishes Kleg and Kleg's PUNISH wins instead.
    let mut example = scenario::rules_examples().remove(2);
    example.setup.options.heart_recovery = true;
    let last = example.steps.len() - 1;
    example.steps[last - 1].expect.hearts = Some([2, 2]);
    example.steps[last].expect = scenario::Expect { hearts: Some([0, 1]), game_winner: Some(P2), ..Default::default() };
    example.run().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn guard_softens_every_attack_by_one() {
    for (attack, expected) in [(Rush, 3), (Strike, 2), (PUNISH, 1)] {
        let mut s = duel(&[Guard], &[attack]);
        play(&mut s, Some(Guard), Some(attack));
        assert_eq!(s.hearts(P1), expected, "Guard against {attack}");
    }
}

#[test]
fn dodge_stops_strike_and_punish_but_rush_is_faster() {
    for (attack, expected) in [(Rush, 2), (Strike, 3), (PUNISH, 3)] {
        let mut s = duel(&[Dodge], &[attack]);
        play(&mut s, Some(Dodge), Some(attack));
        assert_eq!(s.hearts(P1), expected, "Dodge against {attack}");
    }
}

#[test]
fn identical_attacks_clash_and_defences_do_nothing_to_each_other() {
    for card in [Rush, Strike] {
        let mut s = duel(&[card], &[card]);
        let events = play(&mut s, Some(card), Some(card));
        assert!(events.contains(&Event::Clash { card }));
        assert_eq!(hearts(&s), [3, 3]);
    }
    let mut s = duel(&[Guard, Dodge], &[Guard, Dodge]);
    let events = play(&mut s, Some(Guard), Some(Guard));
    assert!(!events.iter().any(|e| matches!(e, Event::Clash { .. })));
    assert_eq!(hearts(&s), [3, 3]);
}

#[test]
fn clashing_punishes_exhaust_both_and_the_empty_breath_passes_by_itself() {
    let mut s = duel(&[PUNISH], &[PUNISH]);
    let events = play(&mut s, Some(PUNISH), Some(PUNISH));
    assert_eq!(hearts(&s), [3, 3]);
    // Nobody could act on breath 2, so it was played out with no cards.
    assert!(events.contains(&Event::Revealed { breath: 2, cards: PerSeat(vec![None, None]) }));
    assert_eq!(s.breath(), 3);
    assert!(s.decision(P1).is_some() && s.decision(P2).is_some());
}

#[test]
fn the_faster_card_wins_when_both_would_fall() {
    let mut s = start(
        [&[Rush, Guard, Guard, Dodge, Dodge], &[PUNISH, Guard, Dodge, Strike, Strike]],
        &[Rush, Rush],
        Options { hearts: 1, best_of: 1, ..Options::default() },
    );
    play(&mut s, Some(Rush), Some(PUNISH));
    assert_eq!(hearts(&s), [1, 0]);
    assert_eq!(s.outcome(), Some(Outcome::winner(P1, Seat::all(2))));
}

#[test]
fn exhausted_player_sits_out_exactly_the_next_breath() {
    let mut s = duel(&[Guard, Guard, Dodge], &[PUNISH, Guard, Dodge]);
    let events = play(&mut s, Some(Guard), Some(PUNISH));
    assert!(events.contains(&Event::Exhausted { seat: P2 }));
    assert_eq!(s.decision(P2), None);
    assert_eq!(s.legal_actions(P2), vec![]);
    let before = s.clone();
    let err = apply(&mut s, &PerSeat(vec![Some(Play::card(Guard)), Some(Play::card(Guard))])).unwrap_err();
    assert_eq!(err, IllegalAction::NotYourTurn { seat: P2 });
    assert_eq!(s, before);
    play(&mut s, Some(Guard), None);
    assert!(s.decision(P2).is_some());
}

#[test]
fn exhaustion_does_not_carry_into_the_next_measure() {
    let mut s = duel(&[Guard, Guard, Rush, Dodge], &[Guard, Dodge, Strike, PUNISH]);
    play(&mut s, Some(Guard), Some(Guard));
    play(&mut s, Some(Guard), Some(Strike));
    play(&mut s, Some(Rush), Some(Dodge));
    let events = play(&mut s, Some(Dodge), Some(PUNISH));
    assert_eq!(hearts(&s), [3, 3], "both damaged players recovered a heart");
    assert!(!events.iter().any(|e| matches!(e, Event::Exhausted { .. })));
    assert_eq!(s.measure(), 2);
    assert!(s.decision(P2).is_some());
}

#[test]
fn disarmed_attacks_deal_nothing_and_exposed_defences_reduce_nothing() {
    let mut setup = Setup::arranged(
        [&[Strike, Guard, Dodge, Dodge, Rush], &[Guard, Guard, Dodge, Strike, Rush]],
        &[PUNISH, PUNISH],
        Options::default(),
    )
    .unwrap();
    setup.statuses[0].disarmed = true;
    setup.statuses[1].exposed = true;
    let mut s = Match::from_setup(&setup).unwrap();
    let events = play(&mut s, Some(Strike), Some(Guard));
    assert!(events.contains(&Event::Negated { seat: P1, card: Strike, by: Blocker::Disarmed }));
    assert!(events.contains(&Event::Negated { seat: P2, card: Guard, by: Blocker::Exposed }));
    assert_eq!(hearts(&s), [3, 3]);
    // Statuses last one breath only.
    assert!(s.statuses(P1).is_clear() && s.statuses(P2).is_clear());
    play(&mut s, Some(Rush), Some(Guard));
    assert_eq!(hearts(&s), [3, 3], "Guard works again once EXPOSED has worn off");

    let mut setup = Setup::arranged(
        [&[Strike, Guard, Guard, Dodge, Rush], &[Dodge, Strike, Guard, Dodge, Rush]],
        &[PUNISH, PUNISH],
        Options::default(),
    )
    .unwrap();
    setup.statuses[1].exposed = true;
    let mut s = Match::from_setup(&setup).unwrap();
    play(&mut s, Some(Strike), Some(Dodge));
    assert_eq!(hearts(&s), [3, 1], "an EXPOSED Dodge stops nothing");
}

#[test]
fn a_measure_ends_with_reshuffle_refill_reveal_and_recovery() {
    let mut s = duel(&[Guard, Guard, Guard, Dodge], &[Rush, Rush, Strike, Dodge]);
    play(&mut s, Some(Guard), Some(Strike)); // P1 takes 1
    play(&mut s, Some(Guard), Some(Rush));
    play(&mut s, Some(Guard), Some(Rush));
    let events = play(&mut s, Some(Dodge), Some(Dodge));
    assert!(events.contains(&Event::MeasureEnded { measure: 1 }));
    assert!(events.contains(&Event::Recovered { seat: P1, hearts: 3 }));
    assert!(!events.iter().any(|e| matches!(e, Event::Recovered { seat, .. } if *seat == P2)));
    assert_eq!((s.measure(), s.breath()), (2, 1));
    assert_eq!((s.hand(P1).len(), s.hand(P2).len(), s.revealed().len(), s.deck().len()), (5, 5, 2, 3));
    assert!(s.history().is_empty());
}

#[test]
fn refused_plays_name_the_reason_and_change_nothing() {
    let mut s = duel(&[Guard], &[Rush]);
    let missing = Card::ALL.into_iter().find(|c| !s.hand(P1).contains(*c)).unwrap();
    let before = s.clone();
    let err = apply(&mut s, &PerSeat(vec![Some(Play::card(missing)), Some(Play::card(Rush))])).unwrap_err();
    assert_eq!(err, IllegalAction::Refused { seat: P1, reason: Refusal::NotInHand { card: missing } });
    let err = apply(&mut s, &PerSeat(vec![Some(Play { card: Guard, feint: true }), Some(Play::card(Rush))])).unwrap_err();
    assert_eq!(err, IllegalAction::Refused { seat: P1, reason: Refusal::FeintIsOff });
    let err = apply(&mut s, &PerSeat(vec![Some(Play::card(Guard)), None])).unwrap_err();
    assert_eq!(err, IllegalAction::MissingAction { seat: P2 });
    assert_eq!(s, before);
    assert_eq!(err.to_string(), "Player 2 must act but gave no action");
}

#[test]
fn feint_plays_the_top_card_once_per_measure() {
    let setup = Setup::arranged(
        [&[Guard, Guard, Dodge, Dodge, Rush], &[Guard, Dodge, Rush, Rush, Strike]],
        &[PUNISH, PUNISH],
        Options { feint: true, ..Options::default() },
    )
    .unwrap();
    let top = setup.deck[0];
    let mut s = Match::from_setup(&setup).unwrap();
    let events = apply(&mut s, &PerSeat(vec![Some(Play { card: Guard, feint: true }), Some(Play::card(Guard))])).unwrap();
    assert!(events.contains(&Event::Feinted { seat: P1, chosen: Guard, played: top }));
    assert_eq!(s.deck().len(), 2);
    assert_eq!(s.hand(P1).len(), 4);
    assert!(!s.legal_actions(P1).iter().any(|p| p.feint));
    let before = s.clone();
    let err = apply(&mut s, &PerSeat(vec![Some(Play { card: Guard, feint: true }), Some(Play::card(Dodge))])).unwrap_err();
    assert_eq!(err, IllegalAction::Refused { seat: P1, reason: Refusal::FeintAlreadyUsed });
    assert_eq!(s, before);
}

#[test]
fn blitz_measures_have_three_breaths() {
    let mut s = start(
        [&[Guard, Guard, Guard, Dodge, Dodge], &[Rush, Rush, Strike, Strike, Dodge]],
        &[PUNISH, PUNISH],
        Options { blitz: true, ..Options::default() },
    );
    for answer in [Rush, Rush, Dodge] {
        play(&mut s, Some(Guard), Some(answer));
    }
    assert_eq!(hearts(&s), [3, 3]);
    assert_eq!((s.measure(), s.breath()), (2, 1));
}

#[test]
fn a_best_of_three_match_needs_two_game_wins_and_deals_fresh_games() {
    let mut s = Match::from_setup(&Setup::deal(9, Options::default())).unwrap();
    let mut rng = Rng::new(4);
    let mut games_seen = vec![];
    while s.outcome().is_none() {
        let joint = dojo_engine::joint_from(&s, |_, l| l[rng.below(l.len())]).unwrap();
        for e in apply(&mut s, &joint).unwrap() {
            if let Event::NewGame { game } = e {
                games_seen.push(game);
                assert_eq!(hearts(&s), [3, 3]);
                assert_eq!((s.hand(P1).len(), s.hand(P2).len()), (5, 5));
            }
        }
    }
    let winner = match s.outcome() {
        Some(o) if o.winning_seats().len() == 1 => o.winning_seats()[0],
        other => panic!("unexpected outcome {other:?}"),
    };
    assert_eq!(s.wins(winner), 2);
    assert!(s.wins(rival(winner)) <= 1);
    assert_eq!(s.game_winners().len(), 2 + usize::from(s.wins(rival(winner))));
    assert_eq!(games_seen.len() + 1, s.game_winners().len());
}

#[test]
fn blindfolded_players_plan_the_whole_measure_before_anything_is_revealed() {
    let mut s = start(
        [&[PUNISH, Guard, Guard, Dodge, Rush], &[Strike, Strike, Rush, Dodge, Guard]],
        &[PUNISH, PUNISH],
        Options { blindfolded: true, ..Options::default() },
    );
    assert_eq!(s.decision(P1), Some(Decision::Plan { breath: 1 }));
    let events = play(&mut s, Some(PUNISH), Some(Strike));
    assert!(events.is_empty(), "nothing is revealed while planning");
    // P1's PUNISH makes them sit out breath 2, so their next slot to plan is breath 3.
    assert_eq!(s.decision(P1), Some(Decision::Plan { breath: 3 }));
    assert_eq!(s.decision(P2), Some(Decision::Plan { breath: 2 }));
    let view = s.view_for(P2);
    assert_eq!(view.plan_slots.0[0], vec![true, false]);
    assert!(view.my_plan == vec![Some(Play::card(Strike))]);
    assert_eq!(serde_json::to_string(&view).unwrap().matches("Punish").count(), 2, "only the two revealed PUNISH cards are visible to P2");
    play(&mut s, Some(Guard), Some(Strike));
    play(&mut s, Some(Guard), Some(Rush));
    assert_eq!(s.decision(P1), None);
    let events = play(&mut s, None, Some(Dodge));
    // Breath 1: PUNISH vs Strike (P1 takes 2, P2 takes 3 -> out).
    assert!(events.iter().any(|e| matches!(e, Event::KnockedOut { seat, .. } if *seat == P2)) || s.hearts(P2) < 3);
    assert!(events.iter().any(|e| matches!(e, Event::Revealed { breath: 1, .. })));
}

fn option_sets() -> Vec<Options> {
    let base = Options::default();
    vec![
        base,
        Options { feint: true, ..base },
        Options { blitz: true, ..base },
        Options { blindfolded: true, ..base },
        Options { blindfolded: true, feint: true, blitz: true, ..base },
        Options { best_of: 1, hearts: 1, ..base },
        Options { best_of: 5, hearts: 5, heart_recovery: false, feint: true, ..base },
    ]
}

#[test]
fn punish_passes_the_conformance_suite() {
    let mut setups: Vec<Setup> = Vec::new();
    for (i, options) in option_sets().into_iter().enumerate() {
        for seed in 0..20u64 {
            let mut setup = Setup::deal(seed * 31 + i as u64, options);
            // Some games start with statuses, as puzzles may.
            match seed % 5 {
                1 => setup.statuses[0].exhausted = true,
                2 => setup.statuses[1].disarmed = true,
                3 => {
                    setup.statuses =
                        [Statuses { exposed: true, ..Statuses::default() }, Statuses { exhausted: true, ..Statuses::default() }]
                }
                4 => setup.statuses = [Statuses { exhausted: true, ..Statuses::default() }; 2],
                _ => {}
            }
            setups.push(setup);
        }
    }
    let games = std::env::var("CONFORMANCE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    let report = check_game::<Match>(&setups, &Config { games, ..Config::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, games);
    assert!(report.partial_steps > 0, "exhaustion must produce steps where one seat sits out");
    assert!(report.hidden_resamples_that_changed > report.steps / 2, "resampling hidden cards must usually change the state: {report:?}");
    assert!(report.refused > report.steps);
    assert!(report.table_deals >= report.steps, "both views always deal a whole position (checked every step): {report:?}");
}

#[test]
fn every_setup_error_is_reported_through_from_setup() {
    let mut bad = Setup::deal(3, Options::default());
    bad.options.best_of = 4;
    assert_eq!(Match::from_setup(&bad), Err(SetupError::BestOf { best_of: 4 }));
}

/// The order a shuffle just made, read back from the table after it: the cards each hand drew
/// (in any order: a hand has none), the two revealed, then the deck.
fn order_after_shuffle(before: &Match, joint: &dojo_engine::Joint<Play>, after: &Match) -> Vec<Card> {
    let mut order = Vec::new();
    for s in 0..2 {
        let mut drawn = after.hands[s];
        if after.game == before.game {
            let mut stayed = before.hands[s];
            if let Some(play) = &joint.0[s] {
                stayed.remove(play.card);
            }
            for card in stayed.to_vec() {
                drawn.remove(card);
            }
        }
        order.extend(drawn.to_vec());
    }
    order.extend(after.revealed.iter().copied());
    order.extend(after.deck.iter().copied());
    order
}

#[test]
fn a_match_dealt_by_the_devices_replays_from_the_orders_of_its_later_deals() {
    use dojo_engine::{Observer, joint_from};
    for seed in 0..40 {
        let options = Options { feint: seed % 2 == 0, blindfolded: seed % 3 == 0, ..Options::default() };
        let dealt = Setup::deal(seed, options);
        // The match as the seed shuffles it, each shuffle's order written down.
        let mut state = Match::from_setup(&dealt).unwrap();
        let mut rng = Rng::new(seed + 100);
        let (mut joints, mut orders) = (Vec::new(), Vec::new());
        while state.outcome().is_none() {
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
            let before = state.clone();
            let events = apply(&mut state, &joint).unwrap();
            if events.iter().any(|e| matches!(e, Event::MeasureEnded { .. } | Event::NewGame { .. })) {
                orders.push(order_after_shuffle(&before, &joint, &state));
            }
            joints.push(joint);
        }
        // The same match from another seed, with those orders: every step looks the same.
        let record = Setup { seed: seed + 7, later: orders.clone(), ..dealt.clone() };
        let (mut a, mut b) = (Match::from_setup(&dealt).unwrap(), Match::from_setup(&record).unwrap());
        for joint in &joints {
            apply(&mut a, joint).unwrap();
            apply(&mut b, joint).unwrap();
            for who in [Observer::Public, Observer::Seat(P1), Observer::Seat(P2)] {
                assert_eq!(a.view(who), b.view(who), "seed {seed}");
            }
        }
        assert!(b.later.is_empty(), "seed {seed}: every order was used");
        // An order that does not hold the cards being shuffled is passed over for the seed.
        if let Some(first) = orders.first() {
            let mut wrong = first.clone();
            wrong[0] = if wrong[0] == Guard { Rush } else { Guard };
            let broken = Setup { later: vec![wrong], ..dealt.clone() };
            let mut c = Match::from_setup(&broken).unwrap();
            let mut d = Match::from_setup(&dealt).unwrap();
            for joint in &joints {
                apply(&mut c, joint).unwrap();
                apply(&mut d, joint).unwrap();
            }
            assert_eq!(c.view(Observer::Public), d.view(Observer::Public), "seed {seed}: the seed shuffled instead");
        }
    }
    // No later deals: the setup's JSON is as it always was.
    assert!(!serde_json::to_string(&Setup::deal(1, Options::default())).unwrap().contains("later"));
}
