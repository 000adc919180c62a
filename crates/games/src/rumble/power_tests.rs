//! One test (at least) per power of the set: a small table, a round or two, and what the power
//! must have done. Readings of unclear wordings are the ones written in `notes.md`.

use super::catalog::{self, PowerId};
use super::*;
use dojo_engine::{Game, PerSeat, Seat, apply};

use PowerId as P;

/// A table that starts after the auction: hero `i` is seat `i`, with this Energy and powers (each
/// won at Power Strength 10 unless set later).
fn table(heroes: &[(i32, &[PowerId])]) -> Rumble {
    let names = ["A", "B", "C", "D", "E", "F", "G", "H"];
    let settled = heroes
        .iter()
        .enumerate()
        .map(|(i, (energy, powers))| SettledHero {
            name: names[i].into(),
            seat: i as u8,
            energy: *energy,
            powers: powers.iter().map(|p| Held::new(PowerRef::Set(*p), 10)).collect(),
            sidekick: false,
            out: false,
        })
        .collect();
    let setup = Setup { start: Start::Settled(settled), ..Setup::heroes(&names[..heroes.len()], vec![], 1) };
    Rumble::from_setup(&setup).unwrap()
}

fn a(defense: u16, attacks: &[(u8, u16)]) -> Allocation {
    Allocation { defense, attacks: attacks.to_vec(), ..Allocation::default() }
}

fn using(mut alloc: Allocation, uses: &[(u8, u16, Option<u8>, Option<u8>)]) -> Allocation {
    alloc.uses = uses.iter().map(|(slot, x, target, other)| Use { slot: *slot, x: *x, target: *target, other: *other }).collect();
    alloc
}

/// Plays a round: one allocation per hero (in hero order), then the given reveal-step choices
/// (others choose nothing), default blocks, and a moderator who is done at once.
fn round_with(game: &mut Rumble, allocs: Vec<Allocation>, choices: Vec<(u8, RevealChoice)>) -> Vec<Event> {
    let seats = game.seat_count();
    let joint = PerSeat::from_fn(seats, |s| match game.decision(s) {
        Some(Decision::Allocate(heroes)) => Some(Act::Allocate(heroes.iter().map(|h| allocs[usize::from(*h)].clone()).collect())),
        _ => None,
    });
    let mut events = apply(game, &joint).unwrap_or_else(|e| panic!("allocation refused: {e}"));
    while matches!(game.phase, Phase::Revealing | Phase::Blocking | Phase::Moderating) {
        let joint = PerSeat::from_fn(seats, |s| {
            game.decision(s).map(|d| match d {
                Decision::Reveal(heroes) => Act::Reveal(
                    heroes
                        .iter()
                        .map(|h| {
                            choices.iter().find(|(c, _)| c == h).map(|(_, c)| c.clone()).unwrap_or_else(|| {
                                let reserve = game.fight.allocations[usize::from(*h)].as_ref().map_or(0, |a| a.reserve);
                                RevealChoice { split: (reserve > 0).then(|| (reserve, vec![])), ..RevealChoice::default() }
                            })
                        })
                        .collect(),
                ),
                Decision::Block { hero, .. } => Act::Block(game.default_blocks(hero)),
                _ => Act::Done,
            })
        });
        events.extend(apply(game, &joint).unwrap_or_else(|e| panic!("reveal step refused: {e}")));
    }
    events
}

fn round(game: &mut Rumble, allocs: Vec<Allocation>) -> Vec<Event> {
    round_with(game, allocs, vec![])
}

fn energy(game: &Rumble) -> Vec<i32> {
    game.heroes.iter().map(|h| h.energy).collect()
}

fn quiet(n: usize) -> Vec<Allocation> {
    vec![a(0, &[]); n]
}

#[test]
fn every_power_of_the_set_has_a_test_here() {
    let me = include_str!("power_tests.rs");
    for card in catalog::CARDS {
        let name = format!("{:?}", card.id);
        assert!(me.contains(&format!("fn {}", snake(&name))), "no test named after {name}");
    }
}

fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[test]
fn regeneration_adds_3_at_the_start_of_every_round_including_the_first() {
    let mut g = table(&[(100, &[P::Regeneration]), (100, &[])]);
    assert_eq!(energy(&g), vec![103, 100]);
    round(&mut g, quiet(2));
    assert_eq!(energy(&g), vec![106, 100]);
}

#[test]
fn big_gnashy_claws_add_20_only_when_no_other_power_is_used() {
    let mut g = table(&[(100, &[P::BigGnashyClaws, P::LaserEyes]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 30)]), a(40, &[])]);
    assert_eq!(energy(&g)[1], 90, "30 + 20 against 40");
    round(&mut g, vec![using(a(0, &[(1, 30)]), &[(1, 0, Some(1), None)]), a(40, &[])]);
    assert_eq!(energy(&g)[1], 85, "no claws: only Laser Eyes' 5");
}

#[test]
fn laser_eyes_deal_5_that_defense_cannot_stop_and_the_spend_comes_back() {
    let mut g = table(&[(100, &[P::LaserEyes]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, Some(1), None), (0, 0, Some(1), None)]), a(100, &[])]);
    assert_eq!(energy(&g), vec![100, 90]);
}

#[test]
fn precognition_splits_the_reserve_after_the_reveal() {
    let mut g = table(&[(100, &[P::Precognition]), (100, &[])]);
    let reserve = Allocation { reserve: 100, ..Allocation::default() };
    round_with(
        &mut g,
        vec![reserve, a(50, &[(0, 50)])],
        vec![(0, RevealChoice { split: Some((50, vec![(1, 50)])), ..RevealChoice::default() })],
    );
    assert_eq!(energy(&g), vec![100, 100], "50 blocks 50 and 50 meets 50");
    let reserve = Allocation { reserve: 10, ..Allocation::default() };
    assert!(g.check_allocation(1, &reserve).is_err(), "holding back needs Precognition");
}

#[test]
fn lizard_dna_cancels_an_attack_that_would_break_through_for_10() {
    let mut g = table(&[(100, &[P::LizardDna]), (100, &[])]);
    round_with(&mut g, vec![a(20, &[]), a(0, &[(0, 90)])], vec![(0, RevealChoice { lizard: Some(1), ..RevealChoice::default() })]);
    assert_eq!(energy(&g)[0], 90);
    assert!(g.heroes[0].powers.is_empty(), "discarded");
}

#[test]
fn galactic_helm_cancels_the_second_damage_of_the_round() {
    let mut g = table(&[(100, &[P::GalacticHelm]), (100, &[]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 10)]), a(0, &[(0, 10)])]);
    assert_eq!(energy(&g)[0], 90);
}

#[test]
fn galactic_ray_gun_doubles_the_first_damage_and_with_the_helm_hits_another() {
    let mut g = table(&[(100, &[P::GalacticRayGun]), (100, &[]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 20)]), a(0, &[]), a(0, &[])]);
    assert_eq!(energy(&g), vec![100, 60, 100]);
    let mut g = table(&[(100, &[P::GalacticRayGun, P::GalacticHelm]), (100, &[]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 20)]), a(0, &[]), a(0, &[])]);
    assert_eq!(energy(&g), vec![100, 60, 60]);
}

#[test]
fn combat_training_adds_10_to_each_attack() {
    let mut g = table(&[(100, &[P::CombatTraining]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 10)]), a(15, &[])]);
    assert_eq!(energy(&g)[1], 95);
}

#[test]
fn wind_up_punch_doubles_after_a_round_without_attacking_but_never_in_round_one() {
    let mut g = table(&[(100, &[P::WindUpPunch]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 10)]), a(0, &[])]);
    assert_eq!(energy(&g)[1], 90, "round 1: no doubling");
    round(&mut g, quiet(2));
    round(&mut g, vec![a(0, &[(1, 10)]), a(0, &[])]);
    assert_eq!(energy(&g)[1], 70);
}

#[test]
fn air_strike_hits_everyone_standing_its_user_too() {
    let mut g = table(&[(100, &[P::AirStrike]), (100, &[]), (100, &[])]);
    round(&mut g, vec![using(a(50, &[]), &[(0, 10, None, None)]), a(100, &[]), a(100, &[])]);
    assert_eq!(energy(&g), vec![90, 90, 90]);
}

#[test]
fn shieldbreaker_ignores_defense_when_the_attack_is_bigger() {
    let mut g = table(&[(100, &[P::Shieldbreaker]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 30)]), a(20, &[])]);
    assert_eq!(energy(&g)[1], 70);
    round(&mut g, vec![a(0, &[(1, 20)]), a(20, &[])]);
    assert_eq!(energy(&g)[1], 70, "not bigger: blocked as usual");
}

#[test]
fn batman_captions_add_5_per_new_word_and_never_repeat_one() {
    let mut g = table(&[(100, &[P::BatmanCaptions]), (100, &[])]);
    let shout = |w: &str| RevealChoice { shouts: vec![(1, w.to_string())], ..RevealChoice::default() };
    let events = round_with(&mut g, vec![a(0, &[(1, 20)]), a(0, &[])], vec![(0, shout("Kapow"))]);
    assert_eq!(energy(&g)[1], 75);
    assert!(events.contains(&Event::Shouted { hero: 0, at: 1, word: "Kapow".into() }));
    let joint = PerSeat(vec![Some(Act::Allocate(vec![a(0, &[(1, 20)])])), Some(Act::Allocate(vec![a(0, &[])]))]);
    apply(&mut g, &joint).unwrap();
    assert_eq!(g.check_choice(0, &shout("kapow")), Err(Refusal::BadWord("kapow".into())), "already shouted");
    assert_eq!(g.check_choice(0, &shout("two words")), Err(Refusal::BadWord("two words".into())));
    assert_eq!(g.check_choice(0, &shout("zonk")), Ok(()));
}

#[test]
fn blood_rage_is_handed_on_and_hurts_a_holder_who_attacks_for_less_than_10() {
    let setup = Setup::heroes(&["A", "B"], vec![P::BloodRage], 1);
    let mut g = Rumble::from_setup(&setup).unwrap();
    apply(
        &mut g,
        &PerSeat(vec![Some(Act::Bid { bids: vec![5], might_discard: vec![] }), Some(Act::Bid { bids: vec![0], might_discard: vec![] })]),
    )
    .unwrap();
    assert_eq!(g.phase, Phase::Giving);
    assert_eq!(g.check(Seat(0), &Act::Give(0)), Err(Refusal::NotAnOpponent(0)), "only to an opponent");
    apply(&mut g, &PerSeat(vec![Some(Act::Give(1)), None])).unwrap();
    assert!(g.heroes[1].has(P::BloodRage));
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 5)])]);
    assert_eq!(energy(&g), vec![90, 90]);
}

#[test]
fn disagreeable_when_angry_gains_50_the_first_time_only() {
    let mut g = table(&[(100, &[P::DisagreeableWhenAngry]), (100, &[])]);
    round(&mut g, vec![a(20, &[]), a(0, &[(0, 20)])]);
    assert_eq!(energy(&g)[0], 150);
    round(&mut g, vec![a(20, &[]), a(0, &[(0, 20)])]);
    assert_eq!(energy(&g)[0], 150);
}

#[test]
fn quick_reflexes_burn_5_and_move_attack_into_defense() {
    let mut g = table(&[(100, &[P::QuickReflexes]), (100, &[])]);
    let choice = RevealChoice { reflexes: 40, ..RevealChoice::default() };
    round_with(&mut g, vec![using(a(0, &[(1, 40)]), &[(0, 0, None, None)]), a(0, &[(0, 40)])], vec![(0, choice)]);
    assert_eq!(energy(&g), vec![95, 100]);
}

#[test]
fn expert_training_doubles_a_number_on_another_power() {
    let setup = Setup::heroes(&["A", "B"], vec![P::ExpertTraining, P::ToughSkin], 1);
    let mut g = Rumble::from_setup(&setup).unwrap();
    apply(
        &mut g,
        &PerSeat(vec![
            Some(Act::Bid { bids: vec![5, 5], might_discard: vec![] }),
            Some(Act::Bid { bids: vec![0, 0], might_discard: vec![] }),
        ]),
    )
    .unwrap();
    assert_eq!(g.phase, Phase::Settling);
    assert!(g.check(Seat(0), &Act::Settle { discard: vec![], expert: Some((0, 0, true)) }).is_err(), "not on itself");
    apply(&mut g, &PerSeat(vec![Some(Act::Settle { discard: vec![], expert: Some((1, 0, true)) }), None])).unwrap();
    assert_eq!(g.heroes[0].powers[1].numbers, vec![40]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 40)])]);
    assert_eq!(energy(&g)[0], 90, "Tough Skin now gives 40");
}

#[test]
fn technical_training_makes_fixed_costs_5_cheaper() {
    let g = table(&[(100, &[P::TechnicalTraining, P::LaserEyes]), (100, &[])]);
    assert!(g.check_allocation(0, &using(a(95, &[]), &[(1, 0, Some(1), None)])).is_ok());
    assert!(g.check_allocation(0, &using(a(96, &[]), &[(1, 0, Some(1), None)])).is_err());
}

#[test]
fn combat_roll_ignores_the_largest_attack_when_its_holder_attacks_second_most() {
    let mut g = table(&[(100, &[P::CombatRoll]), (100, &[]), (100, &[])]);
    round(&mut g, vec![a(0, &[(2, 30)]), a(0, &[(0, 50)]), a(0, &[(0, 10)])]);
    assert_eq!(energy(&g)[0], 90);
}

#[test]
fn reflex_training_adds_10_to_defense() {
    let mut g = table(&[(100, &[P::ReflexTraining]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 10)])]);
    assert_eq!(energy(&g)[0], 100);
}

#[test]
fn flight_burnt_at_allocation_zeroes_every_attack_by_or_on_its_holder() {
    let mut g = table(&[(100, &[P::Flight]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[(1, 30)]), &[(0, 0, None, None)]), a(0, &[(0, 50)])]);
    assert_eq!(energy(&g), vec![95, 100]);
}

#[test]
fn green_gas_bombs_add_50_defense_three_times_a_game() {
    let mut g = table(&[(100, &[P::GreenGasBombs]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(0, &[(0, 50)])]);
    assert_eq!(energy(&g)[0], 100);
    g.heroes[0].powers[0].spent_uses = 3;
    assert_eq!(g.check_allocation(0, &using(a(0, &[]), &[(0, 0, None, None)])), Err(Refusal::Exhausted(0)));
}

#[test]
fn hyper_immune_system_gains_10_after_a_round_that_cost_energy() {
    let mut g = table(&[(100, &[P::HyperImmuneSystem]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 10)])]);
    assert_eq!(energy(&g)[0], 100);
    round(&mut g, quiet(2));
    assert_eq!(energy(&g)[0], 100, "nothing lost, nothing gained");
}

#[test]
fn lightning_strike_burns_10_to_hit_the_biggest_attacker_for_30_split_on_ties() {
    let mut g = table(&[(100, &[P::LightningStrike]), (100, &[]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(0, &[(2, 40)]), a(100, &[])]);
    assert_eq!(energy(&g), vec![90, 70, 100]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(50, &[(2, 20)]), a(50, &[(1, 20)])]);
    assert_eq!(energy(&g), vec![80, 55, 85]);
}

#[test]
fn meditation_gains_8_when_nobody_is_hurt() {
    let mut g = table(&[(100, &[P::Meditation]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, None)]), a(0, &[])]);
    assert_eq!(energy(&g)[0], 108);
    round(&mut g, vec![using(a(0, &[(1, 5)]), &[(0, 0, None, None)]), a(0, &[])]);
    assert_eq!(energy(&g), vec![108, 95]);
}

#[test]
fn metal_tentacles_cut_15_defense_next_round() {
    let mut g = table(&[(100, &[P::MetalTentacles]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 30)]), a(20, &[])]);
    assert_eq!(energy(&g)[1], 90);
    round(&mut g, vec![a(0, &[(1, 10)]), a(20, &[])]);
    assert_eq!(energy(&g)[1], 85, "Defense 20 - 15 = 5 against 10");
}

#[test]
fn tough_skin_adds_20_to_defense() {
    let mut g = table(&[(100, &[P::ToughSkin]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)])]);
    assert_eq!(energy(&g)[0], 100);
}

#[test]
fn perfect_balance_adds_20_to_a_single_attack_that_equals_defense() {
    let mut g = table(&[(100, &[P::PerfectBalance]), (100, &[])]);
    round(&mut g, vec![a(30, &[(1, 30)]), a(0, &[(0, 50)])]);
    assert_eq!(energy(&g), vec![100, 50]);
}

#[test]
fn plastic_ooze_grounds_whoever_attacked_its_user() {
    let mut g = table(&[(100, &[P::PlasticOoze]), (100, &[])]);
    round(&mut g, vec![using(a(10, &[]), &[(0, 0, None, None)]), a(0, &[(0, 10)])]);
    assert_eq!(g.check_allocation(1, &a(0, &[(0, 10)])), Err(Refusal::Grounded));
    assert!(g.check_allocation(1, &a(50, &[])).is_ok());
}

#[test]
fn psuedonite_costs_everyone_5_per_power_each_round() {
    let mut g = table(&[(100, &[P::Psuedonite, P::ToughSkin]), (100, &[]), (100, &[P::Flight])]);
    round(&mut g, quiet(3));
    assert_eq!(energy(&g), vec![90, 100, 95]);
}

#[test]
fn weak_hands_hurt_a_holder_who_attacks_with_over_half_their_energy() {
    let mut g = table(&[(100, &[P::WeakHands]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 50)]), a(100, &[])]);
    assert_eq!(energy(&g)[0], 100, "exactly half is fine");
    round(&mut g, vec![a(0, &[(1, 60)]), a(100, &[])]);
    assert_eq!(energy(&g)[0], 95);
}

#[test]
fn zypher_drains_10_to_turn_a_power_aimed_at_you_onto_another_hero() {
    let mut g = table(&[(100, &[P::Zypher]), (100, &[P::LaserEyes]), (100, &[])]);
    let redirect = RevealChoice { zypher: vec![Redirect { user: 1, index: 0, to: 2 }], ..RevealChoice::default() };
    round_with(&mut g, vec![a(100, &[]), using(a(0, &[]), &[(0, 0, Some(0), None)]), a(100, &[])], vec![(0, redirect)]);
    assert_eq!(energy(&g), vec![90, 100, 95]);
}

#[test]
fn lighten_load_discards_a_power_for_its_strength() {
    let mut g = table(&[(100, &[P::LightenLoad, P::ToughSkin]), (100, &[])]);
    g.heroes[0].powers[1].strength = 25;
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, None, Some(1))]), a(0, &[])]);
    assert_eq!(energy(&g)[0], 125);
    assert!(!g.heroes[0].has(P::ToughSkin));
}

#[test]
fn alternate_universe_swaps_itself_for_a_power_left_out_at_the_same_strength() {
    let setup = Setup::heroes(&["A", "B"], vec![P::AlternateUniverse, P::ToughSkin], 9);
    let mut g = Rumble::from_setup(&setup).unwrap();
    apply(
        &mut g,
        &PerSeat(vec![
            Some(Act::Bid { bids: vec![20, 0], might_discard: vec![] }),
            Some(Act::Bid { bids: vec![0, 0], might_discard: vec![] }),
        ]),
    )
    .unwrap();
    let held = &g.heroes[0].powers;
    assert_eq!(held.len(), 1);
    assert!(!held[0].is(P::AlternateUniverse) && !held[0].is(P::ToughSkin));
    assert_eq!(held[0].strength, 20);
}

#[test]
fn lazer_eyes_add_10_to_each_source_of_damage_on_the_target() {
    let mut g = table(&[(100, &[P::LazerEyes]), (100, &[]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, Some(1), None)]), a(100, &[]), a(0, &[(1, 20)])]);
    assert_eq!(energy(&g)[1], 100, "no damage, nothing to add to");
    round(&mut g, vec![using(a(0, &[(1, 5)]), &[(0, 0, Some(1), None)]), a(0, &[]), a(0, &[(1, 20)])]);
    assert_eq!(energy(&g)[1], 55, "two sources, each +10: 15 and 30");
}

#[test]
fn hypnotism_orders_an_attack_for_next_round() {
    let mut g = table(&[(100, &[P::Hypnotism]), (100, &[]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 20, Some(1), Some(2))]), a(100, &[]), a(100, &[])]);
    assert_eq!(g.check_allocation(1, &a(100, &[])), Err(Refusal::Hypnotized { victim: 2, at_least: 20 }));
    assert!(g.check_allocation(1, &a(80, &[(2, 20)])).is_ok());
}

#[test]
fn doomsday_device_wins_once_70_has_gone_into_it() {
    let mut g = table(&[(100, &[P::DoomsdayDevice]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 40, None, None)]), a(100, &[])]);
    assert!(g.outcome().is_none());
    round(&mut g, vec![using(a(0, &[]), &[(0, 30, None, None)]), a(100, &[])]);
    assert!(g.outcome().unwrap().is_win_for(Seat(0)));
}

#[test]
fn hidden_clone_turns_a_knock_out_into_50_energy_once() {
    let mut g = table(&[(10, &[P::HiddenClone]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)])]);
    assert_eq!(energy(&g)[0], 50);
    assert!(g.heroes[0].powers.is_empty());
}

#[test]
fn barter_with_fate_discards_a_power_to_take_no_damage() {
    let mut g = table(&[(100, &[P::BarterWithFate, P::ToughSkin]), (100, &[])]);
    round_with(&mut g, vec![a(0, &[]), a(0, &[(0, 80)])], vec![(0, RevealChoice { barter: Some(1), ..RevealChoice::default() })]);
    assert_eq!(energy(&g)[0], 100);
    assert!(!g.heroes[0].has(P::ToughSkin));
}

#[test]
fn javalin_adds_20_unstoppable_and_changes_hands() {
    let mut g = table(&[(100, &[P::Javalin]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[(1, 10)]), &[(0, 0, Some(1), None)]), a(10, &[])]);
    assert_eq!(energy(&g)[1], 80);
    assert!(g.heroes[1].has(P::Javalin) && !g.heroes[0].has(P::Javalin));
}

#[test]
fn pure_energy_being_gains_half_of_every_bid() {
    let setup = Setup::heroes(&["A", "B", "C"], vec![P::PureEnergyBeing, P::ToughSkin], 1);
    let mut g = Rumble::from_setup(&setup).unwrap();
    let sheet = |b: [u16; 2]| Some(Act::Bid { bids: b.to_vec(), might_discard: vec![] });
    apply(&mut g, &PerSeat(vec![sheet([40, 10]), sheet([20, 0]), sheet([0, 0])])).unwrap();
    assert_eq!(energy(&g), vec![85, 100, 100], "100 - 40 - 10 + 70 / 2");
}

#[test]
fn friends_with_death_wins_at_5_or_less() {
    let mut g = table(&[(10, &[P::FriendsWithDeath]), (100, &[]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 5)]), a(100, &[])]);
    assert!(g.outcome().unwrap().is_win_for(Seat(0)));
}

#[test]
fn clockwork_being_cannot_fall_until_round_12() {
    let mut g = table(&[(10, &[P::ClockworkBeing]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 50)])]);
    assert!(g.heroes[0].standing());
    assert_eq!(energy(&g)[0], -40);
    while g.outcome().is_none() {
        round(&mut g, vec![a(0, &[]), a(100, &[])]);
    }
    assert_eq!(g.heroes[0].out, Some(12));
}

#[test]
fn bomberman_blasts_everyone_for_30_and_comes_back_with_1() {
    let mut g = table(&[(10, &[P::Bomberman]), (100, &[]), (100, &[])]);
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)]), a(0, &[])]);
    assert_eq!(energy(&g), vec![1, 70, 70]);
    assert!(g.heroes[0].powers.is_empty());
}

#[test]
fn disarming_strike_takes_the_strongest_power_its_attack_can_reach() {
    let mut g = table(&[(100, &[P::DisarmingStrike]), (100, &[P::ToughSkin, P::Flight, P::Meditation])]);
    g.heroes[1].powers[0].strength = 25;
    g.heroes[1].powers[1].strength = 40;
    g.heroes[1].powers[2].strength = 5;
    round(&mut g, vec![a(0, &[(1, 30)]), a(0, &[])]);
    assert!(!g.heroes[1].has(P::ToughSkin) && g.heroes[1].has(P::Flight) && g.heroes[1].has(P::Meditation));
}

#[test]
fn sharp_knives_cut_for_2_in_each_of_the_next_two_rounds() {
    let mut g = table(&[(100, &[P::SharpKnives]), (100, &[])]);
    round(&mut g, vec![a(0, &[(1, 10)]), a(0, &[])]);
    assert_eq!(energy(&g)[1], 90);
    for _ in 0..3 {
        round(&mut g, quiet(2));
    }
    assert_eq!(energy(&g)[1], 86);
}

#[test]
fn sidekick_joins_as_a_hero_with_50_that_its_winner_controls() {
    let setup = Setup::heroes(&["A", "B"], vec![P::Sidekick], 1);
    let mut g = Rumble::from_setup(&setup).unwrap();
    apply(
        &mut g,
        &PerSeat(vec![Some(Act::Bid { bids: vec![10], might_discard: vec![] }), Some(Act::Bid { bids: vec![0], might_discard: vec![] })]),
    )
    .unwrap();
    assert_eq!(g.heroes.len(), 3);
    assert_eq!((g.heroes[2].energy, g.heroes[2].seat, g.heroes[2].sidekick), (50, 0, true));
    assert_eq!(g.decision(Seat(0)), Some(Decision::Allocate(vec![0, 2])));
    // The owner falls; the Sidekick fights on and wins for its seat.
    let joint = PerSeat(vec![Some(Act::Allocate(vec![a(0, &[]), a(0, &[(1, 50)])])), Some(Act::Allocate(vec![a(0, &[(0, 90)])]))]);
    apply(&mut g, &joint).unwrap();
    assert!(!g.heroes[0].standing() && g.heroes[2].standing());
    assert_eq!(g.decision(Seat(0)), Some(Decision::Allocate(vec![2])));
}

#[test]
fn ninja_training_ignores_attacks_below_its_strength() {
    let mut g = table(&[(100, &[P::NinjaTraining]), (100, &[]), (100, &[])]);
    g.heroes[0].powers[0].strength = 25;
    round(&mut g, vec![a(0, &[]), a(0, &[(0, 20)]), a(0, &[(0, 30)])]);
    assert_eq!(energy(&g)[0], 70);
}

#[test]
fn psionic_rays_knock_out_at_the_end_of_next_round_if_x_beat_defense() {
    let mut g = table(&[(100, &[P::PsionicRays]), (100, &[]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 30, Some(1), None)]), a(20, &[]), a(0, &[])]);
    assert!(g.heroes[1].standing());
    round(&mut g, quiet(3));
    assert!(!g.heroes[1].standing());
}

#[test]
fn brainswap_swaps_powers_and_energy_once() {
    let mut g = table(&[(100, &[P::Brainswap, P::ToughSkin]), (60, &[P::Flight]), (100, &[])]);
    round(&mut g, vec![using(a(0, &[]), &[(0, 0, Some(1), None)]), a(0, &[]), a(0, &[])]);
    assert_eq!(energy(&g)[..2], [60, 100]);
    assert!(g.heroes[0].has(P::Flight) && !g.heroes[0].has(P::Brainswap));
    assert!(g.heroes[1].has(P::ToughSkin) && !g.heroes[1].has(P::Brainswap));
}

#[test]
fn the_moderator_applies_a_typed_power_with_reasons_in_the_log() {
    let mut setup = Setup::heroes(&["A", "B"], vec![], 1);
    setup.seats.push(SeatSetup { name: "Judge".into(), role: Role::Moderator });
    setup.invented = vec![Invented {
        author: 0,
        name: "Sonic Yell".into(),
        text: "Spend 10: the target loses 15 Energy.".into(),
        kind: catalog::Kind::Normal,
        cost: Some((CostKind::Spend, Some(10))),
        activate: Some(1),
        exhaust: None,
        targets: true,
    }];
    setup.powers = vec![PowerRef::Invented(0)];
    let mut g = Rumble::from_setup(&setup).unwrap();
    let sheet = |b: u16| Some(Act::Bid { bids: vec![b], might_discard: vec![] });
    apply(&mut g, &PerSeat(vec![sheet(10), sheet(0), None])).unwrap();
    let joint =
        PerSeat(vec![Some(Act::Allocate(vec![using(a(80, &[]), &[(0, 0, Some(1), None)])])), Some(Act::Allocate(vec![a(90, &[])])), None]);
    apply(&mut g, &joint).unwrap();
    assert_eq!(g.phase, Phase::Moderating);
    assert_eq!(g.decision(Seat(2)), Some(Decision::Moderate));
    let bad = Act::Adjust { change: Change::Energy { hero: 1, delta: -15 }, reason: " ".into() };
    assert!(g.check(Seat(2), &bad).is_err(), "a reason is required");
    let adjust = Act::Adjust { change: Change::Energy { hero: 1, delta: -15 }, reason: "Sonic Yell hits B".into() };
    let events = apply(&mut g, &PerSeat(vec![None, None, Some(adjust)])).unwrap();
    assert!(matches!(&events[0], Event::Adjusted { reason, .. } if reason == "Sonic Yell hits B"));
    apply(&mut g, &PerSeat(vec![None, None, Some(Act::Done)])).unwrap();
    assert_eq!(energy(&g), vec![90, 85]);
    assert_eq!(g.phase, Phase::Allocating);
}

/// A table after the auction: A (seat 0) holds `powers` and then the Sidekick card, B and C
/// (seats 1 and 2) hold `b` and nothing, and A's Sidekick is hero 3 (seat 0) on 50.
fn with_sidekick(powers: &[PowerId], b: &[PowerId]) -> Rumble {
    let mut held: Vec<Held> = powers.iter().map(|p| Held::new(PowerRef::Set(*p), 10)).collect();
    held.push(Held::new(PowerRef::Set(P::Sidekick), 10));
    let hero = |name: &str, seat: u8, energy: i32, powers: Vec<Held>, sidekick: bool| SettledHero {
        name: name.into(),
        seat,
        energy,
        powers,
        sidekick,
        out: false,
    };
    let settled = vec![
        hero("A", 0, 100, held, false),
        hero("B", 1, 100, b.iter().map(|p| Held::new(PowerRef::Set(*p), 10)).collect(), false),
        hero("C", 2, 100, vec![], false),
        hero("A's Sidekick", 0, 50, vec![], true),
    ];
    let setup = Setup { start: Start::Settled(settled), ..Setup::heroes(&["A", "B", "C"], vec![], 1) };
    Rumble::from_setup(&setup).unwrap()
}

#[test]
fn brainswap_and_psionic_rays_refuse_the_users_own_sidekick_as_an_opponent() {
    let g = with_sidekick(&[P::Brainswap, P::PsionicRays], &[]);
    let swap = |t: u8| using(a(0, &[]), &[(0, 0, Some(t), None)]);
    let rays = |t: u8| using(a(0, &[]), &[(1, 20, Some(t), None)]);
    assert_eq!(g.check_allocation(0, &swap(3)), Err(Refusal::NotAnOpponent(3)));
    assert_eq!(g.check_allocation(0, &rays(3)), Err(Refusal::NotAnOpponent(3)));
    assert_eq!(g.check_allocation(0, &swap(1)), Ok(()));
    assert_eq!(g.check_allocation(0, &rays(2)), Ok(()));
    // The curse hand-off says the same.
    assert_eq!(g.check_act(&Decision::Give { hero: 0, slot: 0 }, &Act::Give(3)), Err(Refusal::NotAnOpponent(3)));
    // The computer is never offered it either.
    for act in g.legal_actions(Seat(0)) {
        let Act::Allocate(list) = act else { panic!("an allocation") };
        assert!(list[0].uses.iter().all(|u| u.target != Some(3)), "{list:?}");
    }
}

#[test]
fn powers_that_name_an_opponent_leave_a_heros_own_sidekick_alone() {
    // A attacks its own Sidekick: no Disarming Strike, no Sharp Knives, and the Sidekick's
    // Disagreeable When Angry does not fire (notes: opponents).
    let mut g = with_sidekick(&[P::DisarmingStrike, P::SharpKnives], &[]);
    g.heroes[3].powers = [P::Meditation, P::DisagreeableWhenAngry].map(|p| Held::new(PowerRef::Set(p), 5)).to_vec();
    let mut allocs = quiet(4);
    allocs[0] = a(0, &[(3, 20)]);
    round(&mut g, allocs);
    assert_eq!(energy(&g)[3], 30);
    assert!(g.heroes[3].status.knives.is_empty());
    assert!(g.heroes[3].has(P::Meditation));
    // Galactic Ray Gun with the Helm sends its second hit to an opponent, never to its own side.
    let mut g = with_sidekick(&[P::GalacticRayGun, P::GalacticHelm], &[]);
    g.heroes[3].energy = 300;
    let mut allocs = quiet(4);
    allocs[0] = a(0, &[(1, 20)]);
    round(&mut g, allocs);
    assert_eq!(energy(&g), vec![100, 60, 60, 300]);
}

#[test]
fn copies_of_psuedonite_act_once_a_round() {
    // Two holders (a Flaw won by both, say): each hero still loses 5 per power, once.
    let mut g = table(&[(100, &[P::Psuedonite, P::ToughSkin]), (100, &[P::Psuedonite]), (100, &[P::Flight])]);
    round(&mut g, quiet(3));
    assert_eq!(energy(&g), vec![90, 95, 95]);
}

#[test]
fn a_drain_cannot_take_more_energy_than_the_hero_has() {
    // Zypher's Drain 10 on a hero down to 5: not offered, and refused. (C's Precognition keeps
    // the round in the reveal step.)
    let mut g = table(&[(5, &[P::Zypher]), (100, &[P::LaserEyes]), (100, &[P::Precognition])]);
    let joint = PerSeat(vec![
        Some(Act::Allocate(vec![a(5, &[])])),
        Some(Act::Allocate(vec![using(a(0, &[]), &[(0, 0, Some(0), None)])])),
        Some(Act::Allocate(vec![Allocation { reserve: 100, ..Allocation::default() }])),
    ]);
    apply(&mut g, &joint).unwrap();
    let redirect = RevealChoice { zypher: vec![Redirect { user: 1, index: 0, to: 2 }], ..RevealChoice::default() };
    assert_eq!(g.check_choice(0, &redirect), Err(Refusal::OverDrained { drain: 10, has: 5 }));
    assert_eq!(g.phase, Phase::Revealing);
    assert!(!g.reveal_open(0), "Zypher is not offered to a hero who cannot pay it");
    // A typed-in Drain 10 at Allocation, by a hero on 8.
    let mut setup = Setup::heroes(&["A", "B"], vec![], 1);
    setup.seats.push(SeatSetup { name: "Judge".into(), role: Role::Moderator });
    setup.invented = vec![Invented {
        author: 0,
        name: "Overdrive".into(),
        text: "Drain 10: the moderator doubles your Attack.".into(),
        kind: catalog::Kind::Normal,
        cost: Some((CostKind::Drain, Some(10))),
        activate: None,
        exhaust: None,
        targets: false,
    }];
    let hero = |name: &str, seat: u8, energy: i32, powers: Vec<Held>| SettledHero {
        name: name.into(),
        seat,
        energy,
        powers,
        sidekick: false,
        out: false,
    };
    setup.start = Start::Settled(vec![hero("A", 0, 8, vec![Held::new(PowerRef::Invented(0), 10)]), hero("B", 1, 100, vec![])]);
    let g = Rumble::from_setup(&setup).unwrap();
    assert_eq!(g.check_allocation(0, &using(a(8, &[]), &[(0, 0, None, None)])), Err(Refusal::OverDrained { drain: 10, has: 8 }));
}

#[test]
fn a_drain_may_take_every_point_left_even_when_all_is_allocated() {
    // The Breeze's example, to the last point: 10 Energy, all in Defense, drains 10 and is out.
    let mut g = table(&[(10, &[P::Zypher]), (100, &[P::LaserEyes]), (100, &[])]);
    let redirect = RevealChoice { zypher: vec![Redirect { user: 1, index: 0, to: 2 }], ..RevealChoice::default() };
    round_with(&mut g, vec![a(10, &[]), using(a(0, &[]), &[(0, 0, Some(0), None)]), a(100, &[])], vec![(0, redirect)]);
    assert_eq!(energy(&g)[0], 0);
    assert!(!g.heroes[0].standing());
}

#[test]
fn the_sidekick_follows_its_card_when_brainswap_moves_it() {
    let mut g = with_sidekick(&[], &[P::Brainswap]);
    let mut allocs = quiet(4);
    allocs[1] = using(a(0, &[]), &[(0, 0, Some(0), None)]);
    let events = round(&mut g, allocs);
    assert!(g.heroes[1].has(P::Sidekick) && !g.heroes[0].has(P::Sidekick));
    assert_eq!(g.heroes[3].seat, 1, "B now plays A's old Sidekick");
    assert!(events.contains(&Event::SidekickSides { hero: 3, seat: 1 }), "{events:?}");
    assert_eq!(g.decision(Seat(1)), Some(Decision::Allocate(vec![1, 3])));
    assert_eq!(g.decision(Seat(0)), Some(Decision::Allocate(vec![0])));
}

#[test]
fn discarding_the_sidekick_card_knocks_the_sidekick_out() {
    // Lighten Load throws the Sidekick card away: its Power Strength comes back, the Sidekick goes.
    let mut g = with_sidekick(&[P::LightenLoad], &[]);
    let mut allocs = quiet(4);
    allocs[0] = using(a(0, &[]), &[(0, 0, None, Some(1))]);
    let events = round(&mut g, allocs);
    assert_eq!(energy(&g)[0], 110);
    assert!(!g.heroes[3].standing());
    assert!(events.contains(&Event::Out(vec![3])), "{events:?}");
}

#[test]
fn a_handed_on_curse_is_kept_for_its_own_reason_not_as_a_flaw() {
    let g = table(&[(100, &[P::WeakHands, P::ToughSkin]), (100, &[])]);
    let settle = |slot: u8| Act::Settle { discard: vec![slot], expert: None };
    assert_eq!(g.check_act(&Decision::Settle { hero: 0 }, &settle(0)), Err(Refusal::CurseKept));
    assert_eq!(g.check_act(&Decision::Settle { hero: 0 }, &settle(1)), Ok(()));
}
