//! Resolution and the end of a round: burnt Energy, every Attack and power's damage as it lands,
//! what happens after the damage, the end of the round and the knock-out checks. Each power's
//! part is one hook of `powers/`, run in the order listed there.

use super::action::Source;
use super::event::Event;
use super::powers::{
    self, ATTACK_CANCELS, ATTACK_DAMAGED, ATTACK_EXTRAS, Aftermath, HERO_EFFECTS, HERO_HITS, HITS_LISTED, Hit, HitCtx, LANDING,
    LANDING_READY, Landing, RESCUES, RESOLUTION_BEGINS, ROUND_ENDS, Rescue, USE_EFFECTS, USE_HITS, WINS,
};
use super::round::use_cost;
use super::setup::PowerRef;
use super::state::Rumble;

impl Rumble {
    pub(super) fn resolve_round(&mut self, events: &mut Vec<Event>) {
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
        for begins in RESOLUTION_BEGINS {
            begins(self, &fight, events);
        }
        let mut hits: Vec<Hit> = Vec::new();
        for d in 0..n {
            for a in 0..n {
                let x = fight.attack[a][d];
                if x <= 0 || !self.heroes[d].standing() {
                    continue;
                }
                let mut dmg = x - fight.blocked[a][d];
                for extra in ATTACK_EXTRAS {
                    extra(self, a, d, &mut dmg);
                }
                if let Some(by) = ATTACK_CANCELS.iter().find_map(|cancels| cancels(&fight, a, d)) {
                    events.push(Event::Prevented { hero: d as u8, amount: dmg.max(0), by: PowerRef::Set(by) });
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
        let ctx = HitCtx {
            standing: (0..n).filter(|h| self.heroes[*h].standing()).collect(),
            totals: (0..n).map(|h| self.alloc(h).attack_total()).collect(),
        };
        for u in 0..n {
            if !self.heroes[u].standing() {
                continue;
            }
            for use_ in &self.alloc(u).uses {
                let Some(held) = self.heroes[u].powers.get(usize::from(use_.slot)) else { continue };
                for use_hits in USE_HITS {
                    use_hits(self, u, use_, held, &ctx, hits);
                }
            }
            for hero_hits in HERO_HITS {
                hero_hits(self, u, &ctx, hits);
            }
        }
        for listed in HITS_LISTED {
            listed(self);
        }
    }

    /// Applies hits in order, with every power that changes damage as it lands. Returns the
    /// damage each hit dealt.
    fn deal(&mut self, hits: Vec<Hit>, events: &mut Vec<Event>) -> Vec<(Hit, i32)> {
        let n = self.heroes.len();
        let mut landing =
            Landing { queue: hits.into(), extra: vec![0; n], first_extra: vec![0; n], dealt_first: vec![false; n], taken: vec![0; n] };
        for ready in LANDING_READY {
            ready(self, &mut landing);
        }
        let mut out = Vec::new();
        while let Some(hit) = landing.queue.pop_front() {
            let mut amount = hit.amount;
            if amount <= 0 || !self.heroes[hit.to].standing() {
                continue;
            }
            if !LANDING.iter().all(|step| step(self, &mut landing, &hit, &mut amount, events)) {
                continue;
            }
            let t = hit.to;
            self.heroes[t].energy -= amount;
            events.push(Event::Damage { to: t as u8, from: hit.from.map(|f| f as u8), amount, source: hit.source.clone() });
            out.push((hit, amount));
        }
        out
    }

    fn after_damage(&mut self, dealt: Vec<(Hit, i32)>, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        // Effects of an Attack that damaged.
        for (hit, amount) in &dealt {
            let (Some(f), Source::Attack) = (hit.from, &hit.source) else { continue };
            for damaged in ATTACK_DAMAGED {
                damaged(self, f, hit.to, hit, *amount, events);
            }
        }
        let after = Aftermath { anyone_hurt: dealt.iter().any(|(_, a)| *a > 0) };
        for u in 0..n {
            if !self.heroes[u].standing() {
                continue;
            }
            let a = self.alloc(u);
            for use_ in &a.uses {
                let Some(held) = self.heroes[u].powers.get(usize::from(use_.slot)).cloned() else { continue };
                for effect in USE_EFFECTS {
                    effect(self, u, use_, &held, &after, events);
                }
            }
            for effect in HERO_EFFECTS {
                effect(self, u, &a, events);
            }
        }
        self.sync_sidekicks(events);
        self.knock_out(events);
        if self.check_over(events) {
            return;
        }
        self.end_of_round(events);
    }

    fn end_of_round(&mut self, events: &mut Vec<Event>) {
        let round = self.round;
        for ends in ROUND_ENDS {
            ends(self, events);
        }
        self.sync_sidekicks(events);
        self.knock_out(events);
        for hero in &self.heroes {
            if hero.standing() && WINS.iter().any(|wins| wins(hero)) && !self.instant_winners.contains(&hero.seat) {
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
            let mut blasts = Vec::new();
            for h in 0..n {
                let hero = &self.heroes[h];
                if !hero.standing() || hero.energy > 0 || fallen.contains(&(h as u8)) {
                    continue;
                }
                match RESCUES.iter().find_map(|rescue| rescue(self, h, events)) {
                    Some(Rescue::Stands) => {}
                    Some(Rescue::Blast { damage, by }) => blasts.push((h, damage, by)),
                    None => fallen.push(h as u8),
                }
            }
            if blasts.is_empty() {
                break;
            }
            for (b, damage, by) in blasts {
                for t in 0..n {
                    if t != b && self.heroes[t].standing() && !fallen.contains(&(t as u8)) {
                        self.heroes[t].energy -= damage;
                        events.push(Event::Damage { to: t as u8, from: Some(b as u8), amount: damage, source: powers::set(by) });
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
