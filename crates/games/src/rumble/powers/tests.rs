//! Tests across the power modules: every card's module tests the card by name, and the
//! moderator carries out typed-in powers.

use super::test_kit::*;

/// Every power module's source.
const SOURCES: [&str; 24] = [
    include_str!("attack_boosts.rs"),
    include_str!("batman_captions.rs"),
    include_str!("block_rules.rs"),
    include_str!("brainswap.rs"),
    include_str!("control.rs"),
    include_str!("curses.rs"),
    include_str!("defense_boosts.rs"),
    include_str!("direct_damage.rs"),
    include_str!("flight.rs"),
    include_str!("gains.rs"),
    include_str!("galactic.rs"),
    include_str!("javalin.rs"),
    include_str!("lighten_load.rs"),
    include_str!("precognition.rs"),
    include_str!("psionic_rays.rs"),
    include_str!("psuedonite.rs"),
    include_str!("reactions.rs"),
    include_str!("revivals.rs"),
    include_str!("sidekick.rs"),
    include_str!("technical_training.rs"),
    include_str!("when_won.rs"),
    include_str!("win_conditions.rs"),
    include_str!("wounds.rs"),
    include_str!("zypher.rs"),
];

#[test]
fn every_power_of_the_set_has_a_test_here() {
    for card in catalog::CARDS {
        let name = format!("{:?}", card.id);
        let home =
            SOURCES.iter().find(|s| s.contains(&format!("id: PowerId::{name},"))).unwrap_or_else(|| panic!("no module prints {name}"));
        assert!(home.contains(&format!("fn {}", snake(&name))), "no test named after {name} beside its card");
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
