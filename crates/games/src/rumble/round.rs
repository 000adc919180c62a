//! A round of Rumble up to the battle: the round begins, Allocation, and the reveal step of
//! secret choices. The battle and its blocks are in `battle.rs`, Resolution and the end of the
//! round in `resolution.rs`; what each power does at each step is in its module under `powers/`.

use super::action::{Act, Allocation, Refusal, RevealChoice, Source, Use};
use super::catalog::{self, Aim, Cost, Kind, Second, Timing};
use super::event::Event;
use super::powers::{
    self, AFTER_CHOICES, AFTER_USES, BEFORE_USES, CHOICE_EFFECTS, CHOICE_RULES, REVEAL_DRAINS, REVEAL_OPTIONS, ROUND_BEGINS,
};
use super::setup::{CostKind, PowerRef};
use super::state::{Fight, Phase, Rumble};

/// What a power's use costs: (allocated Energy, of which burnt, drained at once).
pub(super) fn use_cost(game: &Rumble, hero: usize, u: &Use) -> (i32, i32, i32) {
    let h = &game.heroes[hero];
    let Some(held) = h.powers.get(usize::from(u.slot)) else { return (0, 0, 0) };
    let discount = powers::discount(h);
    let fixed = |n: i32| (n - discount).max(0);
    let x = i32::from(u.x);
    match held.power {
        PowerRef::Set(id) => match catalog::card(id).usage.cost {
            Cost::SpendX => (x, 0, 0),
            Cost::Burn => (fixed(held.n(0)), fixed(held.n(0)), 0),
            Cost::Spend => (fixed(held.n(0)), 0, 0),
            Cost::Free => (0, 0, 0),
        },
        PowerRef::Invented(i) => match game.invented[usize::from(i)].cost {
            Some((kind, amount)) => {
                let n = amount.map_or(x, |a| fixed(i32::from(a)));
                match kind {
                    CostKind::Spend => (n, 0, 0),
                    CostKind::Burn => (n, n, 0),
                    CostKind::Drain => (0, 0, n),
                }
            }
            None => (0, 0, 0),
        },
    }
}

/// The Activate (per round) and Exhaust (per game) limits of a power.
fn limits(game: &Rumble, power: PowerRef, held_numbers: &[i32]) -> (Option<u8>, Option<u8>) {
    match power {
        PowerRef::Set(id) => {
            let usage = catalog::card(id).usage;
            (usage.activate.count(held_numbers), usage.exhaust.count(held_numbers))
        }
        PowerRef::Invented(i) => {
            let p = &game.invented[usize::from(i)];
            (p.activate, p.exhaust)
        }
    }
}

impl Rumble {
    /// Starts the next round: start-of-round powers, then Allocation.
    pub(super) fn begin_round(&mut self, events: &mut Vec<Event>) {
        self.round += 1;
        events.push(Event::Round(self.round));
        for h in self.standing().collect::<Vec<_>>() {
            let st = &mut self.heroes[usize::from(h)].status;
            st.tentacles = std::mem::take(&mut st.tentacles_next);
            st.grounded = std::mem::take(&mut st.grounded_next);
            st.hypnotized = std::mem::take(&mut st.hypnotized_next);
            for begins in ROUND_BEGINS {
                begins(self, usize::from(h), events);
            }
        }
        if self.knock_out(events) && self.check_over(events) {
            return;
        }
        let n = self.heroes.len();
        self.fight = Fight {
            start_energy: self.heroes.iter().map(|h| h.energy).collect(),
            allocations: vec![None; n],
            choices: vec![RevealChoice::default(); n],
            ..Fight::default()
        };
        self.phase = Phase::Allocating;
    }

    // ---- Allocation ----

    /// Whether `hero` may make `a` this round.
    pub fn check_allocation(&self, hero: u8, a: &Allocation) -> Result<(), Refusal> {
        let h = &self.heroes[usize::from(hero)];
        let mut seen = Vec::new();
        for (target, amount) in &a.attacks {
            if !self.is_other_standing(hero, *target) {
                return Err(Refusal::BadHero(*target));
            }
            if *amount == 0 || seen.contains(target) {
                return Err(Refusal::BadAttack);
            }
            seen.push(*target);
        }
        BEFORE_USES.iter().try_for_each(|rule| rule(self, hero, a))?;
        let (mut put, mut drained) = (i32::from(a.defense) + a.attack_total() + i32::from(a.reserve), 0);
        let mut per_slot = vec![0u8; h.powers.len()];
        let mut javelins = Vec::new();
        for u in &a.uses {
            let slot = usize::from(u.slot);
            let Some(held) = h.powers.get(slot) else { return Err(Refusal::BadPower(u.slot)) };
            if self.timing(held.power) != Timing::Allocation {
                return Err(Refusal::BadPower(u.slot));
            }
            per_slot[slot] += 1;
            let (activate, exhaust) = limits(self, held.power, &held.numbers);
            if activate.is_some_and(|n| per_slot[slot] > n)
                || exhaust.is_some_and(|n| u16::from(held.spent_uses) + u16::from(per_slot[slot]) > u16::from(n))
            {
                return Err(Refusal::Exhausted(u.slot));
            }
            self.check_use(hero, u, held.power, &a.attacks, &mut javelins)?;
            let (cost, _, drain) = use_cost(self, usize::from(hero), u);
            put += cost;
            drained += drain;
        }
        // Drained Energy is lost without being allocated, so it does not count in `put`; but a
        // hero cannot drain more Energy than they have (notes: drain-limit).
        let has = h.energy.max(0);
        if drained > has {
            return Err(Refusal::OverDrained { drain: drained, has });
        }
        if put > has {
            return Err(Refusal::OverAllocated { put, has });
        }
        AFTER_USES.iter().try_for_each(|rule| rule(self, hero, a))
    }

    /// True when `other` is a hero standing other than `hero`.
    pub(crate) fn is_other_standing(&self, hero: u8, other: u8) -> bool {
        other != hero && self.heroes.get(usize::from(other)).is_some_and(|o| o.standing())
    }

    /// Whether a use asks for what its power's card (or typed-in text) says: an X, a hero, a
    /// second choice.
    fn check_use(&self, hero: u8, u: &Use, power: PowerRef, attacks: &[(u8, u16)], javelins: &mut Vec<u8>) -> Result<(), Refusal> {
        let bad = Err(Refusal::BadPower(u.slot));
        let standing_target = |t: Option<u8>| t.is_some_and(|t| self.heroes.get(usize::from(t)).is_some_and(|o| o.standing()));
        let other_target = |t: Option<u8>| t.is_some_and(|t| self.is_other_standing(hero, t));
        let ok = match power {
            PowerRef::Set(id) => {
                let usage = catalog::card(id).usage;
                // "An opponent" is never a hero played from the same seat (a hero and its Sidekick).
                if usage.aim == Aim::Opponent
                    && let Some(t) = u.target
                    && other_target(Some(t))
                    && self.heroes[usize::from(t)].seat == self.heroes[usize::from(hero)].seat
                {
                    return Err(Refusal::NotAnOpponent(t));
                }
                let x_ok = if usage.asks_x() { u.x > 0 } else { u.x == 0 };
                let aim_ok = match usage.aim {
                    Aim::Nobody => u.target.is_none(),
                    Aim::AnyHero => standing_target(u.target),
                    Aim::Opponent => other_target(u.target),
                    Aim::Attacked => {
                        let ok = u.target.is_some_and(|t| attacks.iter().any(|(h, a)| *h == t && *a > 0))
                            && !javelins.contains(&u.target.unwrap_or(0));
                        javelins.extend(u.target);
                        ok
                    }
                };
                let second_ok = match usage.second {
                    Second::Nothing => u.other.is_none(),
                    Second::Victim => standing_target(u.other) && u.target != u.other,
                    Second::OwnPower => {
                        let h = &self.heroes[usize::from(hero)];
                        u.other
                            .is_some_and(|o| o != u.slot && h.powers.get(usize::from(o)).is_some_and(|p| self.kind(p.power) != Kind::Flaw))
                    }
                };
                x_ok && aim_ok && second_ok
            }
            PowerRef::Invented(i) => {
                let p = &self.invented[usize::from(i)];
                let x_ok = match p.cost {
                    Some((_, None)) => u.x > 0,
                    _ => u.x == 0,
                };
                x_ok && u.other.is_none() && if p.targets { standing_target(u.target) } else { u.target.is_none() }
            }
        };
        if ok { Ok(()) } else { bad }
    }

    pub(super) fn take_allocations(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        for (seat, act) in joint.iter().enumerate() {
            if let Some(Act::Allocate(list)) = act {
                for (hero, a) in self.heroes_of(seat).into_iter().zip(list) {
                    self.fight.allocations[usize::from(hero)] = Some(a.clone());
                }
            }
        }
        let shown: Vec<(u8, Allocation)> =
            self.fight.allocations.iter().enumerate().filter_map(|(h, a)| a.clone().map(|a| (h as u8, a))).collect();
        events.push(Event::Allocations(shown));
        // Exhaust counts and drained costs are paid as the allocations are shown.
        for h in 0..self.heroes.len() {
            let Some(a) = self.fight.allocations[h].clone() else { continue };
            for u in &a.uses {
                let (_, _, drain) = use_cost(self, h, u);
                if drain > 0 {
                    self.heroes[h].energy -= drain;
                    events.push(Event::Lost {
                        hero: h as u8,
                        amount: drain,
                        source: Source::Power(self.heroes[h].powers[usize::from(u.slot)].power),
                    });
                }
                let held = &mut self.heroes[h].powers[usize::from(u.slot)];
                held.spent_uses = held.spent_uses.saturating_add(1);
            }
        }
        if self.standing().any(|h| self.reveal_open(h)) {
            self.phase = Phase::Revealing;
        } else {
            self.after_reveal(events);
        }
    }

    /// This round's allocation of hero `h` (nothing allocated when it made none).
    pub(crate) fn alloc(&self, h: usize) -> Allocation {
        self.fight.allocations[h].clone().unwrap_or_default()
    }

    // ---- the reveal step ----

    pub(super) fn take_choices(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        let mut shown = Vec::new();
        for (seat, act) in joint.iter().enumerate() {
            if let Some(Act::Reveal(list)) = act {
                let heroes: Vec<u8> = self.heroes_of(seat).into_iter().filter(|h| self.reveal_open(*h)).collect();
                for (hero, c) in heroes.into_iter().zip(list) {
                    shown.push((hero, c.clone()));
                }
            }
        }
        for (hero, c) in &shown {
            self.fight.choices[usize::from(*hero)] = c.clone();
        }
        events.push(Event::Choices(shown.clone()));
        for (hero, c) in &shown {
            let drains: Vec<_> = REVEAL_DRAINS.iter().filter_map(|d| d(self, *hero, c)).collect();
            let drain: i32 = drains.iter().map(|(_, amount)| amount).sum();
            if drain > 0 {
                self.heroes[usize::from(*hero)].energy -= drain;
                events.push(Event::Lost { hero: *hero, amount: drain, source: powers::set(drains[0].0) });
            }
            for effect in CHOICE_EFFECTS {
                effect(self, *hero, c, events);
            }
        }
        for after in AFTER_CHOICES {
            after(self, &shown, events);
        }
        self.after_reveal(events);
    }

    /// The Energy `c` drains from `hero` in the reveal step (Flight, Zypher).
    pub fn reveal_drain(&self, hero: u8, c: &RevealChoice) -> i32 {
        REVEAL_DRAINS.iter().filter_map(|d| d(self, hero, c)).map(|(_, amount)| amount).sum()
    }

    /// Whether `hero` may make `c` in the reveal step.
    pub fn check_choice(&self, hero: u8, c: &RevealChoice) -> Result<(), Refusal> {
        let open = reveal_options(self, hero);
        CHOICE_RULES.iter().try_for_each(|rule| rule(self, hero, c, &open))
    }

    /// True when some hero's allocated Attack is on `hero`.
    pub(crate) fn attacked_this_round(&self, hero: u8) -> bool {
        self.fight.allocations.iter().flatten().any(|a| a.attack_on(hero) > 0)
    }

    /// Uses by other heroes aimed at `hero` this round: (user, use index).
    pub fn aimed_at(&self, hero: u8) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        for (user, a) in self.fight.allocations.iter().enumerate() {
            for (i, u) in a.iter().flat_map(|a| a.uses.iter()).enumerate() {
                if u.target == Some(hero) && user != usize::from(hero) {
                    out.push((user as u8, i as u8));
                }
            }
        }
        out
    }
}

/// The reveal-step options open to `hero` now, by power name.
pub fn reveal_options(game: &Rumble, hero: u8) -> Vec<&'static str> {
    if !game.heroes[usize::from(hero)].standing() {
        return Vec::new();
    }
    let a = game.fight.allocations.get(usize::from(hero)).cloned().flatten().unwrap_or_default();
    REVEAL_OPTIONS.iter().filter(|o| (o.open)(game, hero, &a)).map(|o| o.name).collect()
}
