//! Zypher: Drain 10 in the reveal step to turn one use of a power aimed at the holder onto a hero
//! of their choice, once per use redirected (notes: zypher).

use super::RevealOption;
use crate::rumble::action::{Allocation, Redirect, Refusal, RevealChoice};
use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::Rumble;

use PowerId as P;

/// Zypher, as printed.
pub const ZYPHER: PowerCard = PowerCard {
    id: PowerId::Zypher,
    name: "Zypher",
    tier: Tier::Unsorted,
    aspects: "Reactive",
    kind: Kind::Normal,
    cost: "Drain 10",
    text: "Drain 10 in the reveal step: a power aimed at you this round is aimed at a hero you choose instead. Once per use you redirect.",
    numbers: &[10],
    timing: Timing::Reveal,
    author: "card",
    beginner: false,
    worth: 6,
    usage: Usage::NONE,
};

/// Zypher's Drain per use redirected: the card's number (10 unless changed).
fn drain_of(game: &Rumble, hero: u8) -> i32 {
    game.heroes[usize::from(hero)].all(P::Zypher).map(|p| p.n(0)).next().unwrap_or(10)
}

/// Redirecting, offered when a power is aimed at the holder and they can pay.
pub(crate) const OPTION: RevealOption = RevealOption { name: ZYPHER.name, open, menu };

fn open(game: &Rumble, hero: u8, _a: &Allocation) -> bool {
    let h = &game.heroes[usize::from(hero)];
    h.has(P::Zypher) && h.energy >= drain_of(game, hero) && !game.aimed_at(hero).is_empty()
}

/// The menu turns the first use aimed at the holder back on its user.
fn menu(game: &Rumble, hero: u8, base: &RevealChoice) -> Vec<RevealChoice> {
    let zypher = game.aimed_at(hero).first().map(|(user, index)| Redirect { user: *user, index: *index, to: *user }).into_iter().collect();
    vec![RevealChoice { zypher, ..base.clone() }]
}

/// Each redirection moves a different use aimed at the holder onto a hero standing.
pub(crate) fn check_redirects(game: &Rumble, hero: u8, c: &RevealChoice, _open: &[&str]) -> Result<(), Refusal> {
    let mut used = Vec::new();
    for r in &c.zypher {
        let aimed = game.aimed_at(hero);
        if !aimed.contains(&(r.user, r.index))
            || used.contains(&(r.user, r.index))
            || !game.heroes.get(usize::from(r.to)).is_some_and(|t| t.standing())
        {
            return Err(Refusal::NotOpen(ZYPHER.name));
        }
        used.push((r.user, r.index));
    }
    Ok(())
}

/// What the redirections cost at once.
pub(crate) fn drain(game: &Rumble, hero: u8, c: &RevealChoice) -> Option<(PowerId, i32)> {
    (!c.zypher.is_empty()).then(|| (P::Zypher, c.zypher.len() as i32 * drain_of(game, hero)))
}

/// The redirections change the allocations they aim at.
pub(crate) fn redirect(game: &mut Rumble, shown: &[(u8, RevealChoice)], _events: &mut Vec<Event>) {
    for (_, c) in shown {
        for r in &c.zypher {
            if let Some(a) = game.fight.allocations[usize::from(r.user)].as_mut()
                && let Some(u) = a.uses.get_mut(usize::from(r.index))
            {
                u.target = Some(r.to);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn zypher_drains_10_to_turn_a_power_aimed_at_you_onto_another_hero() {
        let mut g = table(&[(100, &[P::Zypher]), (100, &[P::LaserEyes]), (100, &[])]);
        let redirect = RevealChoice { zypher: vec![Redirect { user: 1, index: 0, to: 2 }], ..RevealChoice::default() };
        round_with(&mut g, vec![a(100, &[]), using(a(0, &[]), &[(0, 0, Some(0), None)]), a(100, &[])], vec![(0, redirect)]);
        assert_eq!(energy(&g), vec![90, 100, 95]);
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
}
