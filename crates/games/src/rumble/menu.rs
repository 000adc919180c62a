//! The menu of actions a seat is offered: Rumble's choices carry free numbers (Energy splits,
//! bids), so `legal_actions` lists representative ones, every one legal. Random play and the
//! computer's search choose among these; people type any legal numbers on the site.

use super::action::{Act, Allocation, Decision, RevealChoice, Use};
use super::catalog::{self, Aim, Kind, Second, Timing};
use super::powers::{self, OBEY, REVEAL_OPTIONS};
use super::setup::PowerRef;
use super::state::Rumble;

/// The menu for `seat`; empty when it does not act.
pub fn menu(game: &Rumble, seat: usize) -> Vec<Act> {
    let Some(decision) = game.decision_of(seat) else { return Vec::new() };
    let mut out: Vec<Act> = match &decision {
        Decision::Bid => bid_sheet_list(game),
        Decision::Rebid { hero } => rebids(game, *hero),
        Decision::Give { hero, .. } => {
            let giver = game.heroes[usize::from(*hero)].seat;
            game.standing().filter(|t| game.heroes[usize::from(*t)].seat != giver).map(Act::Give).collect()
        }
        Decision::Settle { hero } => settles(game, *hero),
        Decision::Allocate(heroes) => {
            let per_hero: Vec<Vec<Allocation>> = heroes.iter().map(|h| allocations(game, *h)).collect();
            (0..per_hero[0].len())
                .map(|i| Act::Allocate(per_hero.iter().enumerate().map(|(k, list)| list[if k == 0 { i } else { 0 }].clone()).collect()))
                .collect()
        }
        Decision::Reveal(heroes) => {
            let per_hero: Vec<Vec<RevealChoice>> = heroes.iter().map(|h| reveal_choices(game, *h)).collect();
            (0..per_hero[0].len())
                .map(|i| Act::Reveal(per_hero.iter().enumerate().map(|(k, list)| list[if k == 0 { i } else { 0 }].clone()).collect()))
                .collect()
        }
        Decision::Block { hero, .. } => vec![Act::Block(game.default_blocks(*hero))],
        Decision::Moderate => vec![Act::Done],
    };
    out.retain(|a| game.check_act(&decision, a).is_ok());
    dojo_engine::sorting::sort(&mut out);
    out.dedup();
    out
}

/// What the computer thinks a power is worth at this table.
pub fn worth(game: &Rumble, power: PowerRef) -> u16 {
    let heroes = game.heroes.len().max(2) as u16;
    match power {
        PowerRef::Set(id) => catalog::card(id).worth * 4 / heroes.max(2) * heroes.min(6) / 4,
        PowerRef::Invented(_) => 6,
    }
}

/// The bid sheets offered: nothing, half, full and one and a half of each power's worth, and
/// one power bid on hard.
pub fn bid_sheet_list(game: &Rumble) -> Vec<Act> {
    let worths: Vec<u16> = game.lots.iter().map(|p| if game.kind(*p) == Kind::Flaw { 0 } else { worth(game, *p) }).collect();
    let sheet = |scale: u16| Act::Bid { bids: worths.iter().map(|w| (w * scale / 4).min(100)).collect(), might_discard: Vec::new() };
    let mut out = vec![sheet(0), sheet(2), sheet(4), sheet(6)];
    // Going after one power hard.
    if let Some(best) = (0..worths.len()).max_by_key(|i| worths[*i]) {
        let mut bids = vec![0; worths.len()];
        bids[best] = (worths[best] * 2).min(60);
        out.push(Act::Bid { bids, might_discard: Vec::new() });
    }
    out
}

fn rebids(game: &Rumble, hero: u8) -> Vec<Act> {
    let lots = game.rebid_lots(hero);
    let own: Vec<u16> =
        lots.iter().map(|l| game.auction.as_ref().and_then(|a| a.bids[usize::from(hero)][usize::from(*l)]).unwrap_or(0)).collect();
    let raise = |by: u16| Act::Rebid(own.iter().map(|b| (b + by).min(100)).collect());
    vec![Act::Rebid(vec![0; lots.len()]), raise(0), raise(3), raise(10)]
}

fn settles(game: &Rumble, hero: u8) -> Vec<Act> {
    let h = &game.heroes[usize::from(hero)];
    let mut out = vec![Act::Settle { discard: Vec::new(), expert: None }];
    if let Some(et) = powers::number_changer(h) {
        for (slot, p) in h.powers.iter().enumerate().filter(|(s, _)| *s != et) {
            if !p.numbers.is_empty() {
                out.push(Act::Settle { discard: Vec::new(), expert: Some((slot as u8, 0, true)) });
            }
        }
    }
    out
}

/// Representative allocations for `hero`: all Defense, three splits against each opponent,
/// an even spread, and one use of each usable power.
pub fn allocations(game: &Rumble, hero: u8) -> Vec<Allocation> {
    let h = &game.heroes[usize::from(hero)];
    // Allocations are in 16 bits: a hero with more Energy (a settled start may give any) is
    // offered splits of the most they can hold.
    let energy = h.energy.clamp(0, i32::from(u16::MAX)) as u16;
    let opponents: Vec<u8> = game.standing().filter(|o| *o != hero && game.heroes[usize::from(*o)].seat != h.seat).collect();
    let targets: Vec<u8> = if opponents.is_empty() { game.standing().filter(|o| *o != hero).collect() } else { opponents };
    let mut out = vec![Allocation { defense: energy, ..Allocation::default() }];
    let split = |defense: u16, on: &[u8], budget: u16| -> Allocation {
        let rest = budget.saturating_sub(defense);
        let each = if on.is_empty() { 0 } else { rest / on.len() as u16 };
        let attacks: Vec<(u8, u16)> = if each == 0 { Vec::new() } else { on.iter().map(|t| (*t, each)).collect() };
        Allocation { defense: budget - each * attacks.len() as u16, attacks, ..Allocation::default() }
    };
    for t in &targets {
        for share in [3, 5, 7] {
            out.push(split((u32::from(energy) * share / 10) as u16, &[*t], energy));
        }
    }
    out.push(split(energy / 2, &targets, energy));
    let weakest = targets.iter().copied().min_by_key(|t| (game.heroes[usize::from(*t)].energy, *t));
    for (slot, p) in h.powers.iter().enumerate() {
        if game.timing(p.power) != Timing::Allocation {
            continue;
        }
        let x = if needs_x(game, p.power) { (energy / 4).max(1) } else { 0 };
        let target = match p.power {
            PowerRef::Set(id) if catalog::card(id).usage.aim != Aim::Nobody => weakest,
            PowerRef::Invented(i) if game.invented[usize::from(i)].targets => weakest,
            _ => None,
        };
        let other = match p.power {
            PowerRef::Set(id) => match catalog::card(id).usage.second {
                Second::Victim => targets.iter().copied().find(|t| Some(*t) != weakest).or(Some(hero)),
                Second::OwnPower => {
                    (0..h.powers.len()).find(|s| *s != slot && game.kind(h.powers[*s].power) != Kind::Flaw).map(|s| s as u8)
                }
                Second::Nothing => None,
            },
            PowerRef::Invented(_) => None,
        };
        let u = Use { slot: slot as u8, x, target, other };
        let cost = use_cost_of(game, hero, &u);
        let budget = energy.saturating_sub(cost);
        let mut base = match weakest {
            Some(t) => split(budget / 2, &[t], budget),
            None => Allocation { defense: budget, ..Allocation::default() },
        };
        base.uses = vec![u];
        out.push(base);
    }
    if powers::may_hold_back(h) && energy > 0 {
        out.push(Allocation { reserve: energy, ..Allocation::default() });
    }
    // Orders for this round (Hypnotism, Plastic Ooze) shape every allocation.
    for a in out.iter_mut() {
        for obey in OBEY {
            obey(game, hero, a);
        }
    }
    out.retain(|a| game.check_allocation(hero, a).is_ok());
    out
}

fn needs_x(game: &Rumble, power: PowerRef) -> bool {
    match power {
        PowerRef::Set(id) => catalog::card(id).usage.asks_x(),
        PowerRef::Invented(i) => matches!(game.invented[usize::from(i)].cost, Some((_, None))),
    }
}

fn use_cost_of(game: &Rumble, hero: u8, u: &Use) -> u16 {
    super::round::use_cost(game, usize::from(hero), u).0.clamp(0, i32::from(u16::MAX)) as u16
}

/// Representative reveal-step choices: do nothing (Precognition into Defense), then those of
/// each open option.
fn reveal_choices(game: &Rumble, hero: u8) -> Vec<RevealChoice> {
    let a = game.fight.allocations[usize::from(hero)].clone().unwrap_or_default();
    let base = RevealChoice { split: (a.reserve > 0).then(|| (a.reserve, Vec::new())), ..RevealChoice::default() };
    let mut out = vec![base.clone()];
    let open = super::round::reveal_options(game, hero);
    for option in REVEAL_OPTIONS.iter().filter(|o| open.contains(&o.name)) {
        out.extend((option.menu)(game, hero, &base));
    }
    out.retain(|c| game.check_choice(hero, c).is_ok());
    if out.is_empty() {
        out.push(base);
    }
    out
}
