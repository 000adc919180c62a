//! The battle of a round: Attack and Defense once every allocation, reveal-step choice and
//! passive power is in, the moderator's adjustments, and the blocks. Each power's part is one
//! hook of `powers/`, run in the order listed there.

use super::action::{Act, Change, Refusal};
use super::event::Event;
use super::powers::{self, BATTLE_BONUSES, BATTLE_CHOICES, BATTLE_LAST, BLOCK_RULES, Battle, BlockCtx};
use super::state::{Phase, Rumble};

impl Rumble {
    pub(super) fn after_reveal(&mut self, events: &mut Vec<Event>) {
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

    /// Attack and Defense after the reveal step and every passive power.
    fn compute_battle(&mut self) {
        let n = self.heroes.len();
        let mut battle = Battle { attack: vec![vec![0i32; n]; n], defense: vec![0i32; n] };
        for h in 0..n {
            if !self.heroes[h].standing() {
                continue;
            }
            let a = self.alloc(h);
            battle.defense[h] = i32::from(a.defense);
            for (t, x) in &a.attacks {
                battle.attack[h][usize::from(*t)] += i32::from(*x);
            }
            for choice in BATTLE_CHOICES {
                choice(self, h, &mut battle);
            }
        }
        // Each hero's bonuses touch only its own Attacks and Defense, so all read the battle as
        // the heroes put it in.
        let before = battle.clone();
        for h in 0..n {
            if !self.heroes[h].standing() {
                continue;
            }
            for bonus in BATTLE_BONUSES {
                bonus(self, h, &before, &mut battle);
            }
        }
        for last in BATTLE_LAST {
            last(self, &mut battle);
        }
        self.fight.attack = battle.attack;
        self.fight.defense = battle.defense;
        self.fight.unblockable = vec![vec![false; n]; n];
        self.fight.blocked = vec![vec![0; n]; n];
    }

    /// The Attacks on `hero` that its Defense may block after the powers that ignore Attacks or
    /// make them unblockable, and the Defense there is.
    pub fn blockable(&self, hero: u8) -> (Vec<(u8, i32)>, i32) {
        let d = usize::from(hero);
        let n = self.heroes.len();
        let attacks = (0..n)
            .filter(|a| self.fight.attack.get(*a).is_some_and(|row| row[d] > 0) && !self.fight.unblockable[*a][d])
            .map(|a| (a as u8, self.fight.attack[a][d]))
            .collect();
        (attacks, self.fight.defense.get(d).copied().unwrap_or(0))
    }

    /// Every defender's block rules, then who must choose their blocks.
    pub(super) fn start_blocks(&mut self, events: &mut Vec<Event>) {
        let n = self.heroes.len();
        let ctx = BlockCtx { totals: (0..n).map(|h| self.fight.attack[h].iter().sum()).collect(), standing: self.standing().count() };
        for d in 0..n {
            if !self.heroes[d].standing() {
                continue;
            }
            for rule in BLOCK_RULES {
                rule(self, d, &ctx);
            }
        }
        self.fight.to_block = (0..n as u8)
            .filter(|d| {
                let (attacks, defense) = self.blockable(*d);
                let total: i32 = attacks.iter().map(|(_, x)| x).sum();
                let matters = attacks.iter().any(|(a, _)| powers::reacts_to_damage(&self.heroes[usize::from(*a)]));
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
            let triggers = powers::reacts_to_damage(&self.heroes[usize::from(a)]);
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
}
