//! A round of Rumble: Allocation, Reveal (and its step of secret choices), the moderator's
//! adjustments, blocking, Resolution and the end of the round, with every power of the set.

use super::action::{Act, Allocation, Change, Refusal, RevealChoice, Source, Use};
use super::catalog::{Kind, PowerId};
use super::event::Event;
use super::setup::{CostKind, PowerRef};
use super::state::{Fight, Phase, Rumble};

use PowerId as P;

fn set(id: PowerId) -> Source {
    Source::Power(PowerRef::Set(id))
}

/// Powers whose holder's damage triggers something: the only case where a defender's choice of
/// which points to block can matter.
const ON_DAMAGE: [PowerId; 4] = [P::MetalTentacles, P::DisarmingStrike, P::SharpKnives, P::GalacticRayGun];

/// What a power's use costs: (allocated Energy, of which burnt, drained at once).
pub(super) fn use_cost(game: &Rumble, hero: usize, u: &Use) -> (i32, i32, i32) {
    let h = &game.heroes[hero];
    let Some(held) = h.powers.get(usize::from(u.slot)) else { return (0, 0, 0) };
    let discount: i32 = h.all(P::TechnicalTraining).map(|t| t.n(0)).sum();
    let fixed = |n: i32| (n - discount).max(0);
    let x = i32::from(u.x);
    match held.power {
        PowerRef::Set(id) => match id {
            P::AirStrike | P::Hypnotism | P::DoomsdayDevice | P::PsionicRays => (x, 0, 0),
            P::QuickReflexes | P::Flight | P::LightningStrike => (fixed(held.n(0)), fixed(held.n(0)), 0),
            P::GreenGasBombs | P::Meditation | P::PlasticOoze | P::LazerEyes | P::LaserEyes => (fixed(held.n(0)), 0, 0),
            _ => (0, 0, 0),
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
        PowerRef::Set(P::GreenGasBombs) => (None, Some(held_numbers.get(1).copied().unwrap_or(3).clamp(0, 255) as u8)),
        PowerRef::Set(P::Brainswap) => (None, Some(1)),
        PowerRef::Set(P::QuickReflexes | P::Flight | P::Javalin | P::LightenLoad) => (Some(1), None),
        PowerRef::Set(_) => (None, None),
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
            let hero = &mut self.heroes[usize::from(h)];
            let st = &mut hero.status;
            st.tentacles = std::mem::take(&mut st.tentacles_next);
            st.grounded = std::mem::take(&mut st.grounded_next);
            st.hypnotized = std::mem::take(&mut st.hypnotized_next);
            if let Some(slot) = hero.slot_of(P::ClockworkBeing)
                && i32::from(self.round) >= hero.powers[slot].n(0)
            {
                hero.powers.remove(slot);
                events.push(Event::Discarded { hero: h, power: PowerRef::Set(P::ClockworkBeing) });
                hero.out = Some(self.round);
                events.push(Event::Out(vec![h]));
            }
            let regen: i32 = hero.all(P::Regeneration).map(|p| p.n(0)).sum();
            if regen > 0 {
                hero.energy += regen;
                events.push(Event::Gained { hero: h, amount: regen, source: set(P::Regeneration) });
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
        if h.status.grounded && !a.attacks.is_empty() {
            return Err(Refusal::Grounded);
        }
        if a.reserve > 0 && !h.has(P::Precognition) {
            return Err(Refusal::BadReserve);
        }
        let (mut put, mut drained) = (i32::from(a.defense) + a.attack_total() + i32::from(a.reserve), 0);
        let mut per_slot = vec![0u8; h.powers.len()];
        let mut javelins = Vec::new();
        for u in &a.uses {
            let slot = usize::from(u.slot);
            let Some(held) = h.powers.get(slot) else { return Err(Refusal::BadPower(u.slot)) };
            if self.timing(held.power) != super::catalog::Timing::Allocation {
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
        let mut left = has;
        for (victim, at_least) in &h.status.hypnotized {
            if self.is_other_standing(hero, *victim) && !h.status.grounded {
                let need = (*at_least).min(left);
                if a.attack_on(*victim) < need {
                    return Err(Refusal::Hypnotized { victim: *victim, at_least: need });
                }
                left -= need;
            }
        }
        Ok(())
    }

    fn is_other_standing(&self, hero: u8, other: u8) -> bool {
        other != hero && self.heroes.get(usize::from(other)).is_some_and(|o| o.standing())
    }

    fn check_use(&self, hero: u8, u: &Use, power: PowerRef, attacks: &[(u8, u16)], javelins: &mut Vec<u8>) -> Result<(), Refusal> {
        let bad = Err(Refusal::BadPower(u.slot));
        let standing_target = |t: Option<u8>| t.is_some_and(|t| self.heroes.get(usize::from(t)).is_some_and(|o| o.standing()));
        let other_target = |t: Option<u8>| t.is_some_and(|t| self.is_other_standing(hero, t));
        let no_extra = u.target.is_none() && u.other.is_none();
        // "An opponent" is never a hero played from the same seat (a hero and its Sidekick).
        if let (PowerRef::Set(P::Brainswap | P::PsionicRays), Some(t)) = (power, u.target)
            && other_target(Some(t))
            && self.heroes[usize::from(t)].seat == self.heroes[usize::from(hero)].seat
        {
            return Err(Refusal::NotAnOpponent(t));
        }
        let ok = match power {
            PowerRef::Set(id) => match id {
                P::AirStrike | P::DoomsdayDevice => u.x > 0 && no_extra,
                P::QuickReflexes | P::Flight | P::LightningStrike | P::GreenGasBombs | P::Meditation | P::PlasticOoze => {
                    u.x == 0 && no_extra
                }
                P::Brainswap => u.x == 0 && other_target(u.target) && u.other.is_none(),
                P::LazerEyes | P::LaserEyes => u.x == 0 && standing_target(u.target) && u.other.is_none(),
                P::PsionicRays => u.x > 0 && other_target(u.target) && u.other.is_none(),
                P::Hypnotism => u.x > 0 && standing_target(u.target) && standing_target(u.other) && u.target != u.other,
                P::LightenLoad => {
                    let h = &self.heroes[usize::from(hero)];
                    u.x == 0
                        && u.target.is_none()
                        && u.other
                            .is_some_and(|o| o != u.slot && h.powers.get(usize::from(o)).is_some_and(|p| self.kind(p.power) != Kind::Flaw))
                }
                P::Javalin => {
                    let ok = u.x == 0
                        && u.other.is_none()
                        && u.target.is_some_and(|t| attacks.iter().any(|(h, a)| *h == t && *a > 0))
                        && !javelins.contains(&u.target.unwrap_or(0));
                    javelins.extend(u.target);
                    ok
                }
                _ => false,
            },
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
            let h = usize::from(*hero);
            let drain = self.reveal_drain(*hero, c);
            if drain > 0 {
                self.heroes[h].energy -= drain;
                events.push(Event::Lost { hero: *hero, amount: drain, source: set(if c.flight { P::Flight } else { P::Zypher }) });
            }
            for (at, word) in &c.shouts {
                self.shouted.push(word.to_lowercase()); // unicode: typed
                events.push(Event::Shouted { hero: *hero, at: *at, word: word.clone() });
            }
            if let Some(slot) = c.lizard.and(self.heroes[h].slot_of(P::LizardDna)) {
                let lose = self.heroes[h].powers[slot].n(0);
                self.heroes[h].powers.remove(slot);
                events.push(Event::Discarded { hero: *hero, power: PowerRef::Set(P::LizardDna) });
                self.heroes[h].energy -= lose;
                events.push(Event::Lost { hero: *hero, amount: lose, source: set(P::LizardDna) });
            }
        }
        // Zypher redirections change the allocations they aim at.
        for (_, c) in &shown {
            for r in &c.zypher {
                if let Some(a) = self.fight.allocations[usize::from(r.user)].as_mut()
                    && let Some(u) = a.uses.get_mut(usize::from(r.index))
                {
                    u.target = Some(r.to);
                }
            }
        }
        // Barter With Fate discards after the reveal (its protection is read from the choice).
        for (hero, c) in &shown {
            if let Some(slot) = c.barter {
                let h = usize::from(*hero);
                if usize::from(slot) < self.heroes[h].powers.len() {
                    let held = self.heroes[h].powers.remove(usize::from(slot));
                    events.push(Event::Discarded { hero: *hero, power: held.power });
                }
            }
        }
        self.after_reveal(events);
    }

    /// Flight's Drain 5 and Zypher's Drain 10 per use.
    fn flight_drain(&self, hero: u8) -> i32 {
        self.heroes[usize::from(hero)].all(P::Flight).map(|p| p.n(0)).next().unwrap_or(5)
    }

    fn zypher_drain(&self, hero: u8) -> i32 {
        self.heroes[usize::from(hero)].all(P::Zypher).map(|p| p.n(0)).next().unwrap_or(10)
    }

    /// The Energy `c` drains from `hero` in the reveal step (Flight, Zypher).
    pub fn reveal_drain(&self, hero: u8, c: &RevealChoice) -> i32 {
        i32::from(c.flight) * self.flight_drain(hero) + c.zypher.len() as i32 * self.zypher_drain(hero)
    }

    /// Whether `hero` may make `c` in the reveal step.
    pub fn check_choice(&self, hero: u8, c: &RevealChoice) -> Result<(), Refusal> {
        let open = reveal_options(self, hero);
        let h = &self.heroes[usize::from(hero)];
        let a = self.fight.allocations[usize::from(hero)].clone().unwrap_or_default();
        match (&c.split, a.reserve) {
            (None, 0) => {}
            (Some((d, attacks)), r) if r > 0 => {
                let sum: i32 = i32::from(*d) + attacks.iter().map(|(_, x)| i32::from(*x)).sum::<i32>();
                let mut seen = Vec::new();
                for (t, x) in attacks {
                    if !self.is_other_standing(hero, *t) || *x == 0 || seen.contains(t) {
                        return Err(Refusal::BadAttack);
                    }
                    seen.push(*t);
                }
                if h.status.grounded && !attacks.is_empty() {
                    return Err(Refusal::Grounded);
                }
                if sum != i32::from(r) {
                    return Err(Refusal::BadReserve);
                }
            }
            _ => return Err(Refusal::BadReserve),
        }
        if c.flight && !open.contains(&"Flight") {
            return Err(Refusal::NotOpen("Flight"));
        }
        if c.reflexes > 0 && (!open.contains(&"Quick Reflexes") || i32::from(c.reflexes) > a.attack_total()) {
            return Err(Refusal::NotOpen("Quick Reflexes"));
        }
        if let Some(slot) = c.barter
            && (!open.contains(&"Barter With Fate")
                || usize::from(slot) >= h.powers.len()
                || self.kind(h.powers[usize::from(slot)].power) == Kind::Flaw)
        {
            return Err(Refusal::NotOpen("Barter With Fate"));
        }
        if let Some(att) = c.lizard
            && !self.lizard_targets(hero).contains(&att)
        {
            return Err(Refusal::NotOpen("Lizard DNA"));
        }
        let mut used = Vec::new();
        for r in &c.zypher {
            let aimed = self.aimed_at(hero);
            if !aimed.contains(&(r.user, r.index))
                || used.contains(&(r.user, r.index))
                || !self.heroes.get(usize::from(r.to)).is_some_and(|t| t.standing())
            {
                return Err(Refusal::NotOpen("Zypher"));
            }
            used.push((r.user, r.index));
        }
        let (drain, has) = (self.reveal_drain(hero, c), h.energy.max(0));
        if drain > has {
            return Err(Refusal::OverDrained { drain, has });
        }
        if !c.shouts.is_empty() && !open.contains(&"Batman Captions") {
            return Err(Refusal::NotOpen("Batman Captions"));
        }
        let mut words: Vec<String> = Vec::new();
        for (at, word) in &c.shouts {
            let lower = word.to_lowercase(); // unicode: typed
            let one_word = !word.is_empty() && word.chars().count() <= 20 && word.chars().all(|ch| ch.is_alphabetic());
            if !one_word || self.shouted.contains(&lower) || words.contains(&lower) {
                return Err(Refusal::BadWord(word.clone()));
            }
            if !self.attacked_this_round(*at) {
                return Err(Refusal::BadHero(*at));
            }
            words.push(lower);
        }
        Ok(())
    }

    fn attacked_this_round(&self, hero: u8) -> bool {
        self.fight.allocations.iter().flatten().any(|a| a.attack_on(hero) > 0)
    }

    /// True when someone uses a power that hits heroes without aiming (Air Strike, Lightning Strike).
    fn area_damage_used(&self) -> bool {
        self.fight.allocations.iter().enumerate().any(|(h, a)| {
            a.iter()
                .flat_map(|a| a.uses.iter())
                .any(|u| self.heroes[h].powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::AirStrike) || p.is(P::LightningStrike)))
        })
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

    /// Attackers whose allocated Attack on `hero` is at least its Energy minus its Defense.
    pub fn lizard_targets(&self, hero: u8) -> Vec<u8> {
        let h = &self.heroes[usize::from(hero)];
        if !h.has(P::LizardDna) {
            return Vec::new();
        }
        let defense = self.fight.allocations[usize::from(hero)].as_ref().map_or(0, |a| i32::from(a.defense));
        let limit = h.energy - defense;
        (0..self.heroes.len() as u8)
            .filter(|att| {
                self.fight.allocations[usize::from(*att)].as_ref().is_some_and(|a| a.attack_on(hero) > 0 && a.attack_on(hero) >= limit)
            })
            .collect()
    }

    // ---- the battle: every modifier, then the moderator, then blocks ----

    fn after_reveal(&mut self, events: &mut Vec<Event>) {
        self.compute_battle();
        self.show_battle(events);
        if self.invented_in_play() && self.moderator().is_some() {
            self.phase = Phase::Moderating;
        } else {
            self.start_blocks(events);
        }
    }

    fn show_battle(&self, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        let mut attacks = Vec::new();
        for from in 0..n {
            for to in 0..n {
                if self.fight.attack[from][to] > 0 {
                    attacks.push((from as u8, to as u8, self.fight.attack[from][to]));
                }
            }
        }
        let defenses = self.standing().map(|h| (h, self.fight.defense[usize::from(h)])).collect();
        events.push(Event::Battle { attacks, defenses });
    }

    fn alloc(&self, h: usize) -> Allocation {
        self.fight.allocations[h].clone().unwrap_or_default()
    }

    /// True when the hero used any power this round (Big, Gnashy Claws).
    fn used_powers(&self, h: usize) -> bool {
        let a = self.alloc(h);
        !a.uses.is_empty() || a.reserve > 0 || self.fight.choices[h] != RevealChoice::default()
    }

    /// Attack and Defense after the reveal step and every passive power.
    fn compute_battle(&mut self) {
        let n = self.heroes.len();
        let mut attack = vec![vec![0i32; n]; n];
        let mut defense = vec![0i32; n];
        for h in 0..n {
            if !self.heroes[h].standing() {
                continue;
            }
            let a = self.alloc(h);
            let c = &self.fight.choices[h];
            defense[h] = i32::from(a.defense);
            for (t, x) in &a.attacks {
                attack[h][usize::from(*t)] += i32::from(*x);
            }
            if let Some((d, more)) = &c.split {
                defense[h] += i32::from(*d);
                for (t, x) in more {
                    attack[h][usize::from(*t)] += i32::from(*x);
                }
            }
            // Quick Reflexes: move Attack into Defense, largest Attack first.
            let mut moving = i32::from(c.reflexes);
            while moving > 0 {
                let Some(t) = (0..n).filter(|t| attack[h][*t] > 0).max_by_key(|t| (attack[h][*t], std::cmp::Reverse(*t))) else { break };
                let take = moving.min(attack[h][t]);
                attack[h][t] -= take;
                defense[h] += take;
                moving -= take;
            }
        }
        for h in 0..n {
            if !self.heroes[h].standing() {
                continue;
            }
            let hero = &self.heroes[h];
            let targets: Vec<usize> = (0..n).filter(|t| attack[h][*t] > 0).collect();
            // Perfect Balance reads the Energy the hero put in, before other bonuses.
            let balanced = targets.len() == 1 && attack[h][targets[0]] == defense[h];
            if hero.has(P::WindUpPunch) && self.round > 1 && !hero.status.attacked_last {
                for t in &targets {
                    attack[h][*t] *= 2;
                }
            }
            let training: i32 = hero.all(P::CombatTraining).map(|p| p.n(0)).sum();
            for t in &targets {
                attack[h][*t] += training;
            }
            if hero.has(P::BigGnashyClaws)
                && !self.used_powers(h)
                && let Some(t) = targets.iter().copied().max_by_key(|t| (attack[h][*t], std::cmp::Reverse(*t)))
            {
                attack[h][t] += hero.all(P::BigGnashyClaws).map(|p| p.n(0)).sum::<i32>();
            }
            if balanced && let Some(bonus) = hero.all(P::PerfectBalance).map(|p| p.n(0)).next() {
                attack[h][targets[0]] += bonus;
                defense[h] += bonus;
            }
            defense[h] += hero.all(P::ToughSkin).map(|p| p.n(0)).sum::<i32>();
            defense[h] += hero.all(P::ReflexTraining).map(|p| p.n(0)).sum::<i32>();
            let a = self.alloc(h);
            for u in &a.uses {
                if let Some(held) = hero.powers.get(usize::from(u.slot))
                    && held.is(P::GreenGasBombs)
                {
                    defense[h] += held.n(2);
                }
            }
            defense[h] = (defense[h] - hero.status.tentacles).max(0);
        }
        // Flight: every Attack by or on a flier is 0.
        for h in (0..n).filter(|h| self.flies(*h)) {
            attack[h].iter_mut().for_each(|x| *x = 0);
            attack.iter_mut().for_each(|row| row[h] = 0);
        }
        self.fight.attack = attack;
        self.fight.defense = defense;
        self.fight.unblockable = vec![vec![false; n]; n];
        self.fight.blocked = vec![vec![0; n]; n];
    }

    fn flies(&self, h: usize) -> bool {
        let by_burn = self.alloc(h).uses.iter().any(|u| self.heroes[h].powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::Flight)));
        self.heroes[h].standing() && (by_burn || self.fight.choices[h].flight)
    }

    /// The Attacks on `hero` that its Defense may block after Ninja Training, Combat Roll and
    /// Shieldbreaker, and the Defense there is.
    pub fn blockable(&self, hero: u8) -> (Vec<(u8, i32)>, i32) {
        let d = usize::from(hero);
        let n = self.heroes.len();
        let attacks = (0..n)
            .filter(|a| self.fight.attack.get(*a).is_some_and(|row| row[d] > 0) && !self.fight.unblockable[*a][d])
            .map(|a| (a as u8, self.fight.attack[a][d]))
            .collect();
        (attacks, self.fight.defense.get(d).copied().unwrap_or(0))
    }

    /// Ninja Training, Combat Roll and Shieldbreaker, then who must choose their blocks.
    fn start_blocks(&mut self, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        let totals: Vec<i32> = (0..n).map(|h| self.fight.attack[h].iter().sum()).collect();
        let standing = self.standing().count();
        for d in 0..n {
            if !self.heroes[d].standing() {
                continue;
            }
            let hero = &self.heroes[d];
            if let Some(ninja) = hero.all(P::NinjaTraining).map(|p| p.strength).max() {
                for a in 0..n {
                    if self.fight.attack[a][d] > 0 && self.fight.attack[a][d] < ninja {
                        self.fight.attack[a][d] = 0;
                    }
                }
            }
            if hero.has(P::CombatRoll) && standing > 2 && totals[d] > 0 && totals.iter().filter(|t| **t > totals[d]).count() == 1 {
                let largest =
                    (0..n).filter(|a| self.fight.attack[*a][d] > 0).max_by_key(|a| (self.fight.attack[*a][d], std::cmp::Reverse(*a)));
                if let Some(a) = largest {
                    self.fight.attack[a][d] = 0;
                }
            }
            for a in 0..n {
                if self.fight.attack[a][d] > self.fight.defense[d]
                    && self.heroes[a].has(P::Shieldbreaker)
                    && self.heroes[a].seat != hero.seat
                {
                    self.fight.unblockable[a][d] = true;
                }
            }
        }
        self.fight.to_block = (0..n as u8)
            .filter(|d| {
                let (attacks, defense) = self.blockable(*d);
                let total: i32 = attacks.iter().map(|(_, x)| x).sum();
                let matters = attacks.iter().any(|(a, _)| ON_DAMAGE.iter().any(|p| self.heroes[usize::from(*a)].has(*p)));
                self.heroes[usize::from(*d)].standing() && attacks.len() >= 2 && defense > 0 && defense < total && matters
            })
            .collect();
        for d in 0..n as u8 {
            if !self.fight.to_block.contains(&d) {
                self.default_block(d);
            }
        }
        if self.fight.to_block.is_empty() {
            self.resolve_round(events);
        } else {
            self.phase = Phase::Blocking;
        }
    }

    /// The default block: whole Attacks from heroes with damage-triggered powers first, then the largest.
    pub fn default_blocks(&self, hero: u8) -> Vec<u16> {
        let (attacks, defense) = self.blockable(hero);
        let mut order: Vec<usize> = (0..attacks.len()).collect();
        let key = |i: &usize| {
            let (a, x) = attacks[*i];
            let triggers = ON_DAMAGE.iter().any(|p| self.heroes[usize::from(a)].has(*p));
            (std::cmp::Reverse(triggers), std::cmp::Reverse(x), a)
        };
        dojo_engine::sorting::sort_by_key(&mut order, key);
        let mut left = defense.max(0);
        let mut out = vec![0u16; attacks.len()];
        for i in order {
            let take = left.min(attacks[i].1);
            out[i] = take as u16;
            left -= take;
        }
        out
    }

    fn default_block(&mut self, hero: u8) {
        let (attacks, _) = self.blockable(hero);
        for ((a, _), b) in attacks.iter().zip(self.default_blocks(hero)) {
            self.fight.blocked[usize::from(*a)][usize::from(hero)] = i32::from(b);
        }
    }

    /// Whether `blocks` is a valid choice for `hero`.
    pub fn check_block(&self, hero: u8, blocks: &[u16]) -> Result<(), Refusal> {
        let (attacks, defense) = self.blockable(hero);
        let total: i32 = attacks.iter().map(|(_, x)| x).sum();
        if blocks.len() != attacks.len() {
            return Err(Refusal::WrongLength);
        }
        let sum: i32 = blocks.iter().map(|b| i32::from(*b)).sum();
        if sum != defense.min(total) || blocks.iter().zip(&attacks).any(|(b, (_, x))| i32::from(*b) > *x) {
            return Err(Refusal::BadBlock);
        }
        Ok(())
    }

    pub(super) fn take_blocks(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        for (seat, act) in joint.iter().enumerate() {
            let Some(Act::Block(blocks)) = act else { continue };
            let Some(hero) = self.fight.to_block.iter().copied().find(|h| usize::from(self.heroes[usize::from(*h)].seat) == seat) else {
                continue;
            };
            let (attacks, _) = self.blockable(hero);
            let mut shown = Vec::new();
            for ((a, _), b) in attacks.iter().zip(blocks) {
                self.fight.blocked[usize::from(*a)][usize::from(hero)] = i32::from(*b);
                shown.push((*a, i32::from(*b)));
            }
            self.fight.to_block.retain(|h| *h != hero);
            events.push(Event::Blocked { hero, blocked: shown });
        }
        if self.fight.to_block.is_empty() {
            self.resolve_round(events);
        }
    }

    // ---- the moderator ----

    /// Whether the moderator may make `change`.
    pub fn check_adjustment(&self, change: &Change, reason: &str) -> Result<(), Refusal> {
        if reason.trim().is_empty() || reason.chars().count() > super::action::MAX_REASON {
            return Err(Refusal::BadAdjustment("give a reason of 1 to 120 characters"));
        }
        let standing = |h: u8| self.heroes.get(usize::from(h)).is_some_and(|x| x.standing());
        let has_slot = |h: u8, s: u8| self.heroes.get(usize::from(h)).is_some_and(|x| usize::from(s) < x.powers.len());
        let ok = match change {
            Change::Energy { hero, delta } => standing(*hero) && *delta != 0 && delta.abs() <= 1000,
            Change::Attack { from, to, delta } => {
                standing(*from)
                    && standing(*to)
                    && from != to
                    && *delta != 0
                    && self.fight.attack[usize::from(*from)][usize::from(*to)] + delta >= 0
            }
            Change::Defense { hero, delta } => standing(*hero) && *delta != 0 && self.fight.defense[usize::from(*hero)] + delta >= 0,
            Change::Retarget { from, old, new } => {
                standing(*from)
                    && standing(*new)
                    && new != from
                    && old != new
                    && self.fight.attack[usize::from(*from)][usize::from(*old)] > 0
            }
            Change::Discard { hero, slot } => has_slot(*hero, *slot),
            Change::Transfer { hero, slot, to } => has_slot(*hero, *slot) && standing(*to) && hero != to,
        };
        if ok { Ok(()) } else { Err(Refusal::BadAdjustment("that change does not fit the table")) }
    }

    pub(super) fn take_moderation(&mut self, joint: &[Option<Act>], events: &mut Vec<Event>) {
        let Some(act) = self.moderator().and_then(|m| joint.get(m).cloned().flatten()) else { return };
        match act {
            Act::Done => self.start_blocks(events),
            Act::Adjust { change, reason } => {
                self.adjust(&change);
                events.push(Event::Adjusted { change, reason });
                self.sync_sidekicks(events);
            }
            _ => {}
        }
    }

    fn adjust(&mut self, change: &Change) {
        match *change {
            Change::Energy { hero, delta } => self.heroes[usize::from(hero)].energy += delta,
            Change::Attack { from, to, delta } => self.fight.attack[usize::from(from)][usize::from(to)] += delta,
            Change::Defense { hero, delta } => self.fight.defense[usize::from(hero)] += delta,
            Change::Retarget { from, old, new } => {
                let (f, o, n) = (usize::from(from), usize::from(old), usize::from(new));
                let moved = std::mem::take(&mut self.fight.attack[f][o]);
                self.fight.attack[f][n] += moved;
            }
            Change::Discard { hero, slot } => {
                self.heroes[usize::from(hero)].powers.remove(usize::from(slot));
            }
            Change::Transfer { hero, slot, to } => {
                let held = self.heroes[usize::from(hero)].powers.remove(usize::from(slot));
                self.heroes[usize::from(to)].powers.push(held);
            }
        }
    }

    // ---- Resolution ----

    fn resolve_round(&mut self, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        let fight = self.fight.clone();
        // Burnt Energy is gone for good.
        for h in 0..n {
            for u in self.alloc(h).uses {
                let burnt = use_cost(self, h, &u).1;
                if burnt > 0 {
                    let power = self.heroes[h].powers[usize::from(u.slot)].power;
                    self.heroes[h].energy -= burnt;
                    events.push(Event::Lost { hero: h as u8, amount: burnt, source: Source::Power(power) });
                }
            }
        }
        // Disagreeable When Angry reads the Attacks as they come in.
        for d in 0..n {
            let hero = &self.heroes[d];
            if let Some(p) = hero.first(P::DisagreeableWhenAngry)
                && hero.standing()
                && !hero.status.angry_done
                && (0..n).any(|a| self.heroes[a].seat != hero.seat && fight.attack[a][d] >= p.n(0))
            {
                let gain = p.n(1);
                self.heroes[d].energy += gain;
                self.heroes[d].status.angry_done = true;
                events.push(Event::Gained { hero: d as u8, amount: gain, source: set(P::DisagreeableWhenAngry) });
            }
        }
        let mut hits: Vec<Hit> = Vec::new();
        for d in 0..n {
            for a in 0..n {
                let x = fight.attack[a][d];
                if x <= 0 || !self.heroes[d].standing() {
                    continue;
                }
                let mut dmg = x - fight.blocked[a][d];
                let javelin =
                    self.alloc(a).uses.iter().any(|u| {
                        u.target == Some(d as u8) && self.heroes[a].powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::Javalin))
                    });
                if javelin {
                    dmg += self.heroes[a].all(P::Javalin).map(|p| p.n(0)).next().unwrap_or(20);
                }
                let lizard = fight.choices[d].lizard == Some(a as u8);
                if lizard {
                    events.push(Event::Prevented { hero: d as u8, amount: dmg.max(0), by: PowerRef::Set(P::LizardDna) });
                    continue;
                }
                hits.push(Hit { to: d, from: Some(a), amount: dmg, source: Source::Attack, attack: x });
            }
        }
        self.power_hits(&mut hits);
        let dealt = self.deal(hits, events);
        self.after_damage(dealt, events);
    }

    /// Damage from powers this round, in a fixed order.
    fn power_hits(&mut self, hits: &mut Vec<Hit>) {
        let n = self.heroes.len();
        let standing: Vec<usize> = (0..n).filter(|h| self.heroes[*h].standing()).collect();
        let totals: Vec<i32> = (0..n).map(|h| self.alloc(h).attack_total()).collect();
        for u in 0..n {
            if !self.heroes[u].standing() {
                continue;
            }
            let a = self.alloc(u);
            for use_ in &a.uses {
                let Some(held) = self.heroes[u].powers.get(usize::from(use_.slot)) else { continue };
                let PowerRef::Set(id) = held.power else { continue };
                match id {
                    P::LaserEyes => {
                        if let Some(t) = use_.target {
                            hits.push(Hit { to: usize::from(t), from: Some(u), amount: held.n(1), source: set(id), attack: 0 });
                        }
                    }
                    P::AirStrike => {
                        for t in &standing {
                            hits.push(Hit { to: *t, from: Some(u), amount: i32::from(use_.x), source: set(id), attack: 0 });
                        }
                    }
                    P::LightningStrike => {
                        let most = standing.iter().map(|h| totals[*h]).max().unwrap_or(0);
                        if most > 0 {
                            let tied: Vec<usize> = standing.iter().copied().filter(|h| totals[*h] == most).collect();
                            let each = (held.n(1) + tied.len() as i32 - 1) / tied.len() as i32;
                            for t in tied {
                                hits.push(Hit { to: t, from: Some(u), amount: each, source: set(id), attack: 0 });
                            }
                        }
                    }
                    _ => {}
                }
            }
            let hero = &self.heroes[u];
            for (from, dmg, _) in &hero.status.knives {
                hits.push(Hit { to: u, from: Some(usize::from(*from)), amount: *dmg, source: set(P::SharpKnives), attack: 0 });
            }
            if let Some(p) = hero.all(P::WeakHands).next()
                && totals[u] * 2 > self.fight.start_energy[u]
            {
                hits.push(Hit { to: u, from: None, amount: p.n(0), source: set(P::WeakHands), attack: 0 });
            }
            if let Some(p) = hero.all(P::BloodRage).next()
                && totals[u] < p.n(0)
            {
                hits.push(Hit { to: u, from: None, amount: p.n(1), source: set(P::BloodRage), attack: 0 });
            }
        }
        for u in 0..n {
            let st = &mut self.heroes[u].status;
            for k in st.knives.iter_mut() {
                k.2 -= 1;
            }
            st.knives.retain(|k| k.2 > 0);
        }
    }

    /// Applies hits in order, with every power that changes damage as it lands. Returns the
    /// damage each hit dealt.
    fn deal(&mut self, hits: Vec<Hit>, events: &mut Vec<Event>) -> Vec<(Hit, i32)> {
        let n = self.heroes.len();
        let lazers: Vec<i32> = (0..n)
            .map(|t| {
                let mut extra = 0;
                for u in 0..n {
                    for use_ in &self.alloc(u).uses {
                        if use_.target == Some(t as u8)
                            && let Some(held) = self.heroes[u].powers.get(usize::from(use_.slot))
                            && held.is(P::LazerEyes)
                        {
                            extra += held.n(1);
                        }
                    }
                }
                extra
            })
            .collect();
        let mut captions: Vec<i32> = vec![0; n];
        for u in 0..n {
            let bonus = self.heroes[u].all(P::BatmanCaptions).map(|p| p.n(0)).next().unwrap_or(5);
            for (at, _) in &self.fight.choices[u].shouts {
                captions[usize::from(*at)] += bonus;
            }
        }
        let mut taken = vec![0u8; n];
        let mut dealt_first = vec![false; n];
        let mut out = Vec::new();
        let mut queue: std::collections::VecDeque<Hit> = hits.into();
        while let Some(hit) = queue.pop_front() {
            let mut amount = hit.amount;
            if amount <= 0 || !self.heroes[hit.to].standing() {
                continue;
            }
            let t = hit.to;
            if self.fight.choices[t].barter.is_some() && self.heroes[t].standing() {
                events.push(Event::Prevented { hero: t as u8, amount, by: PowerRef::Set(P::BarterWithFate) });
                continue;
            }
            amount += lazers[t];
            amount += std::mem::take(&mut captions[t]);
            if let Some(f) = hit.from
                && !dealt_first[f]
                && self.heroes[f].has(P::GalacticRayGun)
            {
                dealt_first[f] = true;
                amount *= 2;
                if self.heroes[f].has(P::GalacticHelm) {
                    let other = (0..n)
                        .filter(|o| *o != t && self.heroes[*o].standing() && self.heroes[*o].seat != self.heroes[f].seat)
                        .max_by_key(|o| (self.heroes[*o].energy, std::cmp::Reverse(*o)));
                    if let Some(o) = other {
                        queue.push_back(Hit { to: o, from: None, amount, source: set(P::GalacticRayGun), attack: 0 });
                    }
                }
            }
            taken[t] += 1;
            if taken[t] == 2 && self.heroes[t].has(P::GalacticHelm) {
                events.push(Event::Prevented { hero: t as u8, amount, by: PowerRef::Set(P::GalacticHelm) });
                if self.heroes[t].has(P::GalacticRayGun) {
                    self.heroes[t].energy += amount;
                    events.push(Event::Gained { hero: t as u8, amount, source: set(P::GalacticHelm) });
                }
                continue;
            }
            self.heroes[t].energy -= amount;
            events.push(Event::Damage { to: t as u8, from: hit.from.map(|f| f as u8), amount, source: hit.source.clone() });
            out.push((hit, amount));
        }
        out
    }

    fn after_damage(&mut self, dealt: Vec<(Hit, i32)>, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        let round = self.round;
        // Effects of an Attack that damaged.
        for (hit, amount) in &dealt {
            let (Some(f), Source::Attack) = (hit.from, &hit.source) else { continue };
            let t = hit.to;
            if let Some(p) = self.heroes[f].first(P::MetalTentacles) {
                let cut = p.n(0);
                self.heroes[t].status.tentacles_next += cut;
            }
            // Sharp Knives and Disarming Strike act on opponents: never on a hero of the same seat.
            let opponent = self.heroes[f].seat != self.heroes[t].seat;
            if let Some(p) = self.heroes[f].first(P::SharpKnives)
                && opponent
            {
                let (dmg, rounds) = (p.n(0), p.n(1));
                self.heroes[t].status.knives.push((f as u8, dmg, rounds.clamp(0, 255) as u8));
            }
            if self.heroes[f].has(P::DisarmingStrike) && *amount > 0 && opponent {
                let limit = hit.attack;
                let pick = self.heroes[t]
                    .powers
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.strength <= limit && self.kind(p.power) != Kind::Flaw)
                    .max_by_key(|(i, p)| (p.strength, std::cmp::Reverse(*i)))
                    .map(|(i, _)| i);
                if let Some(slot) = pick {
                    let held = self.heroes[t].powers.remove(slot);
                    events.push(Event::Discarded { hero: t as u8, power: held.power });
                }
            }
        }
        let anyone_hurt = dealt.iter().any(|(_, a)| *a > 0);
        for u in 0..n {
            if !self.heroes[u].standing() {
                continue;
            }
            let a = self.alloc(u);
            for use_ in &a.uses {
                let Some(held) = self.heroes[u].powers.get(usize::from(use_.slot)).cloned() else { continue };
                let PowerRef::Set(id) = held.power else { continue };
                match id {
                    P::Meditation if !anyone_hurt => {
                        self.heroes[u].energy += held.n(1);
                        events.push(Event::Gained { hero: u as u8, amount: held.n(1), source: set(id) });
                    }
                    P::PlasticOoze => {
                        for att in 0..n {
                            if self.fight.attack[att][u] > 0 || self.alloc(att).attack_on(u as u8) > 0 {
                                self.heroes[att].status.grounded_next = true;
                            }
                        }
                    }
                    P::Hypnotism => {
                        if let (Some(t), Some(v)) = (use_.target, use_.other) {
                            self.heroes[usize::from(t)].status.hypnotized_next.push((v, i32::from(use_.x)));
                        }
                    }
                    P::DoomsdayDevice => self.heroes[u].status.doomsday += i32::from(use_.x),
                    P::PsionicRays => {
                        if let Some(t) = use_.target
                            && i32::from(use_.x) > self.fight.defense[usize::from(t)]
                        {
                            self.heroes[usize::from(t)].status.rays_due = Some(round + 1);
                        }
                    }
                    _ => {}
                }
            }
            // Lighten Load: discard at Resolution, gain its strength (highest slot first).
            let mut lighten: Vec<u8> = a
                .uses
                .iter()
                .filter(|use_| self.heroes[u].powers.get(usize::from(use_.slot)).is_some_and(|p| p.is(P::LightenLoad)))
                .filter_map(|use_| use_.other)
                .collect();
            dojo_engine::sorting::sort_by(&mut lighten, |x, y| y.cmp(x));
            for slot in lighten {
                if usize::from(slot) < self.heroes[u].powers.len() {
                    let held = self.heroes[u].powers.remove(usize::from(slot));
                    events.push(Event::Discarded { hero: u as u8, power: held.power });
                    self.heroes[u].energy += held.strength;
                    events.push(Event::Gained { hero: u as u8, amount: held.strength, source: set(P::LightenLoad) });
                }
            }
            self.heroes[u].status.attacked_last = a.attack_total() > 0;
        }
        self.sync_sidekicks(events);
        self.knock_out(events);
        if self.check_over(events) {
            return;
        }
        self.end_of_round(events);
    }

    fn end_of_round(&mut self, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        let round = self.round;
        for h in 0..n {
            if !self.heroes[h].standing() {
                continue;
            }
            if let Some(p) = self.heroes[h].first(P::HyperImmuneSystem)
                && self.heroes[h].energy < self.fight.start_energy[h]
            {
                let gain = p.n(0);
                self.heroes[h].energy += gain;
                events.push(Event::Gained { hero: h as u8, amount: gain, source: set(P::HyperImmuneSystem) });
            }
        }
        // A global power acts once a round however many heroes hold a copy, at the largest
        // number among the copies (notes: global-copies).
        let psuedonite: Option<i32> = self.standing().flat_map(|h| self.heroes[usize::from(h)].all(P::Psuedonite).map(|p| p.n(0))).max();
        if let Some(per) = psuedonite {
            for h in 0..n {
                let owned = self.heroes[h].powers.len() as i32;
                if self.heroes[h].standing() && owned > 0 {
                    self.heroes[h].energy -= per * owned;
                    events.push(Event::Lost { hero: h as u8, amount: per * owned, source: set(P::Psuedonite) });
                }
            }
        }
        // Brainswap.
        for u in 0..n {
            let a = self.alloc(u);
            let swap = a
                .uses
                .iter()
                .find(|use_| self.heroes[u].powers.get(usize::from(use_.slot)).is_some_and(|p| p.is(P::Brainswap)))
                .and_then(|use_| use_.target);
            if let Some(t) = swap
                && self.heroes[u].standing()
                && self.heroes[usize::from(t)].standing()
            {
                let t = usize::from(t);
                let (mine, theirs) = (std::mem::take(&mut self.heroes[u].powers), std::mem::take(&mut self.heroes[t].powers));
                let (e1, e2) = (self.heroes[u].energy, self.heroes[t].energy);
                self.heroes[u].powers = theirs;
                self.heroes[t].powers = mine.into_iter().filter(|p| !p.is(P::Brainswap)).collect();
                self.heroes[u].energy = e2;
                self.heroes[t].energy = e1;
                events.push(Event::Swapped { hero: u as u8, with: t as u8 });
            }
        }
        // Javalin changes hands.
        for u in 0..n {
            let a = self.alloc(u);
            let gift = a
                .uses
                .iter()
                .find(|use_| self.heroes[u].powers.get(usize::from(use_.slot)).is_some_and(|p| p.is(P::Javalin)))
                .map(|use_| (use_.slot, use_.target));
            if let Some((slot, Some(t))) = gift
                && usize::from(slot) < self.heroes[u].powers.len()
                && self.heroes[u].powers[usize::from(slot)].is(P::Javalin)
            {
                let held = self.heroes[u].powers.remove(usize::from(slot));
                events.push(Event::Given { power: held.power, from: u as u8, to: t });
                self.heroes[usize::from(t)].powers.push(held);
            }
        }
        for h in 0..n {
            let hero = &mut self.heroes[h];
            if hero.standing() && hero.status.rays_due == Some(round) {
                hero.status.rays_due = None;
                hero.out = Some(round);
                events.push(Event::Out(vec![h as u8]));
            }
        }
        self.sync_sidekicks(events);
        self.knock_out(events);
        for h in 0..n {
            let hero = &self.heroes[h];
            if !hero.standing() {
                continue;
            }
            let friends = hero.all(P::FriendsWithDeath).next().is_some_and(|p| hero.energy <= p.n(0));
            let doom = hero.all(P::DoomsdayDevice).next().is_some_and(|p| hero.status.doomsday >= p.n(0));
            if (friends || doom) && !self.instant_winners.contains(&hero.seat) {
                self.instant_winners.push(hero.seat);
            }
        }
        self.rounds_done = round;
        if !self.check_over(events) {
            self.begin_round(events);
        }
    }

    /// Knocks out every standing hero at 0 or below, after the powers that save them. Returns
    /// true when somebody fell.
    pub(super) fn knock_out(&mut self, events: &mut Vec<Event>) -> bool {
        let n = self.heroes.len();
        let mut fallen = Vec::new();
        loop {
            let mut blast = Vec::new();
            for h in 0..n {
                let hero = &mut self.heroes[h];
                if !hero.standing() || hero.energy > 0 || fallen.contains(&(h as u8)) {
                    continue;
                }
                if hero.has(P::ClockworkBeing) {
                    continue;
                }
                if let Some(slot) = hero.slot_of(P::HiddenClone) {
                    let to = hero.powers[slot].n(0);
                    hero.powers.remove(slot);
                    hero.energy = to;
                    events.push(Event::Saved { hero: h as u8, energy: to, by: PowerRef::Set(P::HiddenClone) });
                    continue;
                }
                if let Some(slot) = hero.slot_of(P::Bomberman) {
                    let (dmg, back) = (hero.powers[slot].n(0), hero.powers[slot].n(1));
                    hero.powers.remove(slot);
                    hero.energy = back;
                    events.push(Event::Saved { hero: h as u8, energy: back, by: PowerRef::Set(P::Bomberman) });
                    blast.push((h, dmg));
                    continue;
                }
                fallen.push(h as u8);
            }
            if blast.is_empty() {
                break;
            }
            for (b, dmg) in blast {
                for t in 0..n {
                    if t != b && self.heroes[t].standing() && !fallen.contains(&(t as u8)) {
                        self.heroes[t].energy -= dmg;
                        events.push(Event::Damage { to: t as u8, from: Some(b as u8), amount: dmg, source: set(P::Bomberman) });
                    }
                }
            }
        }
        if fallen.is_empty() {
            return false;
        }
        for h in &fallen {
            self.heroes[usize::from(*h)].out = Some(self.round);
        }
        events.push(Event::Out(fallen));
        true
    }
}

/// One source of damage on its way to a hero.
#[derive(Clone, Debug)]
struct Hit {
    to: usize,
    from: Option<usize>,
    amount: i32,
    source: Source,
    /// For an Attack, its size before blocks (Disarming Strike compares with it).
    attack: i32,
}

/// The reveal-step options open to `hero` now, by power name.
pub fn reveal_options(game: &Rumble, hero: u8) -> Vec<&'static str> {
    let h = &game.heroes[usize::from(hero)];
    if !h.standing() {
        return Vec::new();
    }
    let a = game.fight.allocations.get(usize::from(hero)).cloned().flatten().unwrap_or_default();
    let mut open = Vec::new();
    if a.reserve > 0 {
        open.push("Precognition");
    }
    let burnt_flight = a.uses.iter().any(|u| h.powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::Flight)));
    // Options that only protect are offered when something is coming: an Attack, or a power.
    let threatened = game.attacked_this_round(hero) || !game.aimed_at(hero).is_empty() || game.area_damage_used();
    // A Drain is only offered when the hero has the Energy to pay it (notes: drain-limit).
    if h.has(P::Flight) && !burnt_flight && h.energy >= game.flight_drain(hero) && game.attacked_this_round(hero) {
        open.push("Flight");
    }
    if a.attack_total() > 0 && a.uses.iter().any(|u| h.powers.get(usize::from(u.slot)).is_some_and(|p| p.is(P::QuickReflexes))) {
        open.push("Quick Reflexes");
    }
    if h.has(P::BarterWithFate) && threatened {
        open.push("Barter With Fate");
    }
    if !game.lizard_targets(hero).is_empty() {
        open.push("Lizard DNA");
    }
    if h.has(P::Zypher) && h.energy >= game.zypher_drain(hero) && !game.aimed_at(hero).is_empty() {
        open.push("Zypher");
    }
    if h.has(P::BatmanCaptions) && (0..game.heroes.len() as u8).any(|t| game.fight.allocations.iter().flatten().any(|a| a.attack_on(t) > 0))
    {
        open.push("Batman Captions");
    }
    open
}
