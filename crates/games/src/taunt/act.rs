//! The Act phase: the revealed moves act in order of their numbers, then the end of the turn
//! (combos, knockdowns, the Near-block lock, the three-card loss, defeats in the modes for more
//! fighters). A move's hits are resolved per (attacker, target) pair, the targets being whoever
//! [`Taunt::targets`] names. A turn can stop halfway for a runner's choice of markers in a
//! circle; it is then kept in the state ([`Turn`]) and carries on from the next move.

use super::event::{ChargeCause, Event, Miss};
use super::fighter::{HealCard, RunType};
use super::modes_data::{MONSTER_TEAM, WAMPIRE_DRINK_LEAVES, WAMPIRE_PERIL_MODE, knockout_peril, monster_card};
use super::monsters::named_by;
use super::moves::{CHARGE_INTERRUPT, HEAL_INTERRUPT, Kind, MoveCard, RUN_2_PENALTY, Row, Slot, Slots};
use super::ring::{Fighters, PerFighter};
use super::setup::{Battle, Position};
use super::state::{Flip, Phase, Taunt};
use super::track::{Mode, mode_of};
use super::{MAX_CHARGE, TURN_LIMIT};
use dojo_engine::Seat;
use serde::{Deserialize, Serialize};

/// What the turn has done so far to one fighter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Part {
    /// The move shown this turn (`None`: knocked down).
    slot: Option<Slot>,
    /// Its level: the charge held when it was shown.
    level: u8,
    /// The move was laid face down in a taunting combo.
    combo: bool,
    /// The move has acted (or was interrupted).
    done: bool,
    interrupted: bool,
    /// Took damage or Peril this turn.
    hurt: bool,
    /// Damage taken this turn that can interrupt.
    jolt: u8,
    /// All damage taken this turn.
    taken: u8,
    /// The level of the fighter's Block once it has acted.
    blocking: Option<u8>,
    /// Moves the fighter is immune to this turn (from their Run).
    immune: Slots,
    /// Charge held just before this turn's Charge acted, if the fighter's Charge acted.
    charged_from: Option<u8>,
    /// May not attack next turn.
    lock: bool,
    /// The move acts together with another fighter's equal move (same move, same level;
    /// notes, "Ties in the order of play").
    #[serde(default)]
    mirrored: bool,
    /// Interrupting damage taken before its set of equal moves began to act.
    jolt_before_pair: u8,
    /// Monsters: the monster in play came in by a Switch this turn, and non-Grab Attacks do it
    /// no Damage and no Peril.
    newcomer: bool,
}

impl Part {
    /// Nothing done yet. A constant, so that a turn's parts start as one block copy.
    const BLANK: Part = Part {
        slot: None,
        level: 0,
        combo: false,
        done: false,
        interrupted: false,
        hurt: false,
        jolt: 0,
        taken: 0,
        blocking: None,
        immune: Slots::NONE,
        charged_from: None,
        lock: false,
        mirrored: false,
        jolt_before_pair: 0,
        newcomer: false,
    };
}

/// What the turn has done so far: one [`Part`] per fighter, and what concerns the turn as a
/// whole. Kept in the state while a runner chooses its markers, so it is plain public data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    fighter: PerFighter<Part>,
    /// Position choices owed, in the order the hits landed: (attacker, victim).
    places: Vec<(u8, u8)>,
    /// The fighters with a move, in the order the moves act.
    order: PerFighter<u8>,
    /// How many of them have acted.
    next: u8,
    /// The choice of the runner about to act, once made.
    pub(crate) flip: Option<Flip>,
    /// Circle markers held still by two neighbours' equal Runs (by marker index).
    frozen: Fighters,
    /// Team Spirits whose card matched a surviving opponent's this turn.
    gifts: Fighters,
    /// For each fighter, who put Peril on it this turn.
    perilled: PerFighter<Fighters>,
}

impl Turn {
    /// What a hit of `s`'s `slot` that landed on `o` does besides damage: a Grab interrupts
    /// `o`'s move if it has not acted yet, and a Grab, or a Punch on a runner, lets `s` set the
    /// Position it shares with `o` afterwards.
    fn follow_up(&mut self, s: usize, o: usize, slot: Slot) {
        let grab = slot == Slot::Grab;
        let target = &mut self.fighter[o];
        if grab && !target.done && target.slot.is_some() {
            target.interrupted = true;
        }
        if grab || (slot == Slot::Punch && target.slot.is_some_and(Slot::is_run)) {
            self.places.push((s as u8, o as u8));
        }
    }
}

/// One hit that lands on a fighter: who dealt it, with what, and how it counts.
#[derive(Clone, Copy)]
struct Blow {
    /// Who dealt it (for damage a Block sends back, the blocker).
    attacker: Seat,
    /// The move.
    slot: Slot,
    /// Its level.
    level: u8,
    /// Damage dealt.
    amount: u8,
    /// Whether the damage can interrupt the victim's move.
    interrupts: bool,
    /// Whether this is damage sent back by a Block.
    reflected: bool,
}

/// Rounds `x × halves / 2` down, but never below 1 when anything is scaled.
fn scale(x: u8, halves: u8) -> u8 {
    if x == 0 || halves == 0 { 0 } else { (u16::from(x) * u16::from(halves) / 2).max(1) as u8 }
}

impl Taunt {
    fn card(&self, s: usize, slot: Slot) -> &'static MoveCard {
        if self.monsters.is_some() {
            return monster_card(slot);
        }
        self.corners[s].fighter.card().move_card(slot, self.options.heal)
    }

    /// The Critical Damage of fighter `s`'s track: its fighter card's, or the Monster Team's.
    pub(crate) fn critical(&self, s: usize) -> u8 {
        if self.monsters.is_some() { MONSTER_TEAM.critical_damage } else { self.corners[s].fighter.card().critical_damage }
    }

    /// The block tokens fighter `s` starts with and can hold: its fighter card's, or the Monster Team's.
    pub(crate) fn block_max(&self, s: usize) -> u8 {
        if self.monsters.is_some() { MONSTER_TEAM.block_tokens } else { self.corners[s].fighter.card().block_tokens }
    }

    /// The type of the Run `slot` that fighter `s` plays: the fighter's, or in Monsters the card's.
    fn run_type(&self, s: usize, slot: Slot) -> RunType {
        match (self.monsters.is_some(), slot) {
            (true, Slot::RunTwo) => RunType::Two,
            (true, _) => RunType::One,
            (false, _) => self.corners[s].fighter.card().run,
        }
    }

    /// Keeps the corner's disabled cards (what the page and bots read) those of trainer `s`'s
    /// monster in play.
    fn sync_disabled(&mut self, s: usize) {
        if let Some(m) = &self.monsters {
            self.corners[s].disabled = m.trainers[s].disabled_set();
        }
    }

    /// The mode a fighter's Peril is read in: its Danger Track's, or Danger Mode for a Wampire.
    fn mode(&self, s: usize) -> Mode {
        if self.options.wampires {
            return WAMPIRE_PERIL_MODE;
        }
        mode_of(self.corners[s].damage, self.critical(s))
    }

    /// Runs the Act phase of a turn and everything after it: `moves` has one move per fighter
    /// (`None` for a fighter who plays none) and `combo` the fighters whose move was laid face
    /// down. `order` fixes the acting order when it was chosen (two Runs). A Team Spirit's card
    /// does not act; it only counts for the Spirit's gift.
    pub(crate) fn act(&mut self, moves: &[Option<Slot>], combo: Fighters, order: Option<&[Seat]>, events: &mut Vec<Event>) {
        let n = self.fighter_count();
        let mut t = Turn {
            fighter: PerFighter::filled(n, Part::BLANK),
            places: Vec::new(),
            order: PerFighter::filled(0, 0),
            next: 0,
            flip: None,
            frozen: Fighters::none(n),
            gifts: Fighters::none(n),
            perilled: PerFighter::filled(n, Fighters::none(n)),
        };
        for (s, part) in t.fighter.iter_mut().enumerate() {
            if !self.corners[s].out {
                part.slot = moves[s];
            }
            part.level = self.corners[s].charge;
            part.combo = combo.contains(s);
        }
        if self.options.battle == Battle::Team {
            t.gifts = Fighters::from_fn(n, |s| {
                self.is_spirit(s)
                    && moves[s].is_some()
                    && self.fighters().any(|o| !self.corners[o].out && self.team_of(o) != self.team_of(s) && moves[o] == moves[s])
            });
        }
        if self.options.battle.is_circle() && !self.shares_one_position() {
            let runs = |s: usize| t.fighter[s].slot.is_some_and(Slot::is_run);
            for a in self.fighting().iter() {
                let b = self.next_in_circle(a);
                if runs(a) && runs(b) && t.fighter[a].level == t.fighter[b].level {
                    t.frozen.insert(a);
                }
            }
        }
        let seats = match order {
            Some(chosen) => PerFighter::collect(chosen.iter().map(|s| s.0)),
            None => self.acting_order(&t),
        };
        Self::mark_mirrored(&mut t, &seats);
        // One line per set of equal Grabs, or of equal Runs on a shared Position: their
        // Position changes cancel.
        let mut told = Slots::NONE;
        for s in seats.iter().map(|s| usize::from(*s)) {
            let Some(slot) = t.fighter[s].slot.map(Slot::base) else { continue };
            let shown = slot == Slot::Grab || (slot == Slot::Run && self.shares_one_position());
            if t.fighter[s].mirrored && shown && !told.contains(slot) {
                told.insert(slot);
                events.push(Event::Cancelled { slot });
            }
        }
        t.order = seats;
        self.run_turn(t, events);
    }

    /// Acts the moves of turn `t` from the next one on, then ends the turn; stops and keeps the
    /// turn in the state when a runner in a circle must first choose its markers.
    pub(crate) fn run_turn(&mut self, mut t: Turn, events: &mut Vec<Event>) {
        while usize::from(t.next) < t.order.len() {
            let s = usize::from(t.order[usize::from(t.next)]);
            Self::begin_mirror(s, &mut t);
            if t.flip.is_none() && self.must_choose_markers(s, &t) {
                self.phase = Phase::Flip { seat: Seat(s as u8) };
                self.paused = Some(Box::new(t));
                return;
            }
            self.execute(s, &mut t, events);
            t.flip = None;
            t.next += 1;
        }
        self.end_of_turn(&mut t, events);
    }

    /// Whether `s`'s move is a Run in a circle of three or more that can still change one of its
    /// two markers, so its fighter chooses which.
    fn must_choose_markers(&self, s: usize, t: &Turn) -> bool {
        t.fighter[s].slot.is_some_and(Slot::is_run)
            && self.options.battle.is_circle()
            && !self.shares_one_position()
            && !self.is_interrupted(s, t)
            && !(t.frozen.contains(self.prev_in_circle(s)) && t.frozen.contains(s))
    }

    /// The fighters with a move, in the order their moves act: lower numbers first; on a tie
    /// the higher level first, then the lower seat.
    fn acting_order(&self, t: &Turn) -> PerFighter<u8> {
        // Each card's number is looked up once, not at every comparison.
        let number = PerFighter::from_fn(self.fighter_count(), |s| t.fighter[s].slot.map_or(u8::MAX, |m| self.card(s, m).number));
        let mut seats = PerFighter::collect(self.fighters().filter(|s| t.fighter[*s].slot.is_some()).map(|s| s as u8));
        dojo_engine::sorting::sort_by_key(&mut seats, |s| (number[usize::from(*s)], std::cmp::Reverse(t.fighter[usize::from(*s)].level)));
        seats
    }

    /// Whether `a` and `b` play equal moves: the same move at the same level (both Runs are a
    /// Run, and a fighter's own card counts as the move it replaces, as they share a slot).
    fn equal_moves(t: &Turn, a: usize, b: usize) -> bool {
        let (p, q) = (&t.fighter[a], &t.fighter[b]);
        a != b && p.slot.is_some() && p.slot.map(Slot::base) == q.slot.map(Slot::base) && p.level == q.level
    }

    /// Marks every acting fighter (`seats`) whose move equals another acting fighter's: such
    /// moves act together, whatever the other fighters play (notes, "Ties in the order of play").
    fn mark_mirrored(t: &mut Turn, seats: &[u8]) {
        for a in seats.iter().map(|s| usize::from(*s)) {
            t.fighter[a].mirrored = seats.iter().any(|b| Self::equal_moves(t, a, usize::from(*b)));
        }
    }

    /// Before the first of a set of equal moves acts, notes the interrupting damage each of them
    /// has taken so far: the set is judged on that, not on what its members do to each other.
    fn begin_mirror(s: usize, t: &mut Turn) {
        if !t.fighter[s].mirrored {
            return;
        }
        let set: Vec<usize> = (0..t.fighter.len()).filter(|o| *o == s || Self::equal_moves(t, s, *o)).collect();
        if set.iter().any(|o| t.fighter[*o].done) {
            return;
        }
        for o in set {
            t.fighter[o].jolt_before_pair = t.fighter[o].jolt;
        }
    }

    /// Whether `s`'s move is interrupted at the moment it would act.
    fn is_interrupted(&self, s: usize, t: &Turn) -> bool {
        let me = &t.fighter[s];
        if me.interrupted {
            return true;
        }
        let jolt = if me.mirrored { me.jolt_before_pair } else { me.jolt };
        match me.slot {
            Some(Slot::Kick | Slot::Taunt) => jolt > 0,
            Some(Slot::Charge) => jolt >= CHARGE_INTERRUPT,
            Some(Slot::Heal) => {
                let column = self.mode(s).peril_column().unwrap_or(0);
                jolt >= HEAL_INTERRUPT[column]
            }
            _ => false,
        }
    }

    fn set_charge(&mut self, s: usize, charge: u8, cause: ChargeCause, events: &mut Vec<Event>) {
        if self.corners[s].charge != charge {
            self.corners[s].charge = charge;
            events.push(Event::ChargeChanged { seat: Seat(s as u8), charge, cause });
        }
    }

    /// An L1+ move uses up all charge, except in a taunting combo.
    fn spend(&mut self, s: usize, t: &Turn, events: &mut Vec<Event>) {
        if t.fighter[s].level >= 1 && !t.fighter[s].combo {
            self.set_charge(s, 0, ChargeCause::Spent, events);
        }
    }

    fn execute(&mut self, s: usize, t: &mut Turn, events: &mut Vec<Event>) {
        let Some(slot) = t.fighter[s].slot else { return };
        let seat = Seat(s as u8);
        let card = self.card(s, slot);
        let level = t.fighter[s].level;
        let row = card.at(level);
        t.fighter[s].done = true;
        if self.is_interrupted(s, t) {
            let me = &mut t.fighter[s];
            let damage = (!me.interrupted).then_some(if me.mirrored { me.jolt_before_pair } else { me.jolt });
            me.interrupted = true;
            events.push(Event::Interrupted { seat, slot, level, damage });
            if !me.combo {
                let keep = if self.mode(s) == Mode::Red { self.corners[s].charge.saturating_sub(1) } else { 0 };
                self.set_charge(s, keep, ChargeCause::Interrupted, events);
            }
            return;
        }
        match slot {
            Slot::Block => {
                t.fighter[s].blocking = Some(level);
                self.spend(s, t, events);
            }
            Slot::Run | Slot::RunTwo => {
                let approached = self.run(s, t, events);
                t.fighter[s].immune = row.immune.iter().copied().collect();
                let landed = !approached.is_empty() && self.strike_at(s, slot, row, approached, t, events);
                let spends = match self.run_type(s, slot) {
                    RunType::One => landed,
                    RunType::Two => false,
                };
                if spends {
                    self.spend(s, t, events);
                }
            }
            Slot::Punch | Slot::Grab | Slot::Shoot | Slot::Kick => {
                self.strike(s, slot, row, t, events);
                self.spend(s, t, events);
            }
            Slot::Charge => {
                let before = self.corners[s].charge;
                let charge = (before + 1).min(MAX_CHARGE);
                t.fighter[s].charged_from = Some(before);
                self.corners[s].charge = charge;
                events.push(Event::Charged { seat, charge });
            }
            Slot::Heal if self.monsters.is_some() => {
                // The Monster Team's Heal: every monster's disabled cards come back, nothing else.
                let restored = self.monsters.as_mut().map(|m| m.trainers[s].heal_all()).unwrap_or_default();
                self.sync_disabled(s);
                events.push(Event::Healed { seat, restored, healed: 0, blocks: 0, blood: false, team: true });
            }
            Slot::SwitchHigher | Slot::SwitchLower => {
                if let Some(m) = self.monsters.as_mut() {
                    let trainer = &mut m.trainers[s];
                    let from = trainer.active;
                    trainer.active = trainer.switch_target(slot == Slot::SwitchHigher);
                    events.push(Event::Switched { seat, from, to: trainer.active });
                    t.fighter[s].newcomer = true;
                    self.sync_disabled(s);
                }
            }
            Slot::Heal => {
                let rate = self.regain_rate(s);
                let wampire = self.options.wampires;
                let corner = &mut self.corners[s];
                let restored = corner.disabled.to_vec();
                let (mut healed, mut blocks) = (0, 0);
                if !restored.is_empty() {
                    corner.disabled = Default::default();
                } else if self.options.heal == HealCard::Standard {
                    if wampire {
                        healed = 1;
                        corner.blood = corner.blood.saturating_add(1);
                    } else {
                        healed = corner.damage.min(1);
                        corner.damage -= healed;
                    }
                    blocks = (corner.fighter.card().block_tokens - corner.blocks).min(rate);
                    corner.blocks += blocks;
                }
                events.push(Event::Healed { seat, restored, healed, blocks, blood: wampire, team: false });
            }
            Slot::Taunt => {}
        }
    }

    /// Moves runner `s`: the duel's Position flips (unless equal Runs cancel), a circle's chosen
    /// markers flip (unless frozen), or the runner crosses to the other half of the Dojo.
    /// Returns the fighters the Run brought Near, whom it may hit.
    fn run(&mut self, s: usize, t: &mut Turn, events: &mut Vec<Event>) -> Fighters {
        let seat = Seat(s as u8);
        let n = self.fighter_count();
        if self.shares_one_position() {
            // Two equal Runs on one Position cancel each other's change.
            if !t.fighter[s].mirrored {
                self.position = self.position.flipped();
                events.push(Event::Moved { seat, position: self.position, with: None });
            }
            return if self.position == Position::Near { self.targets(s) } else { Fighters::none(n) };
        }
        let mut approached = Fighters::none(n);
        match self.options.battle {
            Battle::Team => {
                self.halves[s] = self.halves[s].other();
                events.push(Event::Crossed { seat, half: self.halves[s] });
                for o in self.targets(s).iter() {
                    if self.halves[o] == self.halves[s] {
                        approached.insert(o);
                    }
                }
            }
            _ => {
                let flip = t.flip.unwrap_or(Flip::Both);
                for (neighbour, left) in [(self.prev_in_circle(s), true), (self.next_in_circle(s), false)] {
                    if !flip.changes(left) {
                        continue;
                    }
                    let marker = self.marker_between(s, neighbour);
                    if t.frozen.contains(marker) {
                        events.push(Event::MarkerHeld { seat, with: Seat(neighbour as u8) });
                        continue;
                    }
                    let position = self.markers[marker].flipped();
                    self.markers[marker] = position;
                    events.push(Event::Moved { seat, position, with: Some(Seat(neighbour as u8)) });
                    if position == Position::Near {
                        approached.insert(neighbour);
                    }
                }
            }
        }
        approached
    }

    /// `s`'s move tries to hit each fighter it targets (see [`Taunt::strike_at`]).
    fn strike(&mut self, s: usize, slot: Slot, row: &Row, t: &mut Turn, events: &mut Vec<Event>) -> bool {
        let targets = self.targets(s);
        self.strike_at(s, slot, row, targets, t, events)
    }

    /// `s`'s move tries to hit each of `targets`, one (attacker, target) pair at a time. A move
    /// that reaches both Near and Far hits only the Near targets when there are any (notes,
    /// "Near first"). Returns whether it hit any of them (a blocked hit still hits).
    fn strike_at(&mut self, s: usize, slot: Slot, row: &Row, targets: Fighters, t: &mut Turn, events: &mut Vec<Event>) -> bool {
        let mut targets = targets;
        if slot == Slot::Shoot && !row.far_only && targets.len() > 1 {
            let near = Fighters::from_fn(self.fighter_count(), |o| targets.contains(o) && self.distance(s, o) == Position::Near);
            if !near.is_empty() {
                targets = near;
            }
        }
        let mut landed = false;
        for o in targets.iter() {
            if self.hit(s, o, slot, row, t, events) {
                landed = true;
                // Equal moves acting together do not interrupt each other or move each other.
                if !Self::equal_moves(t, s, o) {
                    t.follow_up(s, o, slot);
                }
            }
        }
        landed
    }

    /// Whether `slot` reaches a target standing at `distance`.
    fn reaches(slot: Slot, row: &Row, distance: Position) -> Result<(), Miss> {
        let near = distance == Position::Near;
        match () {
            _ if row.far_only && near => Err(Miss::TooNear),
            _ if row.far_only || slot == Slot::Shoot || near => Ok(()),
            _ => Err(Miss::TooFar),
        }
    }

    /// `s`'s move tries to hit `o`. Returns whether it hit (a blocked hit still hits).
    fn hit(&mut self, s: usize, o: usize, slot: Slot, row: &Row, t: &mut Turn, events: &mut Vec<Event>) -> bool {
        let seat = Seat(s as u8);
        let target = Seat(o as u8);
        if let Err(why) = Self::reaches(slot, row, self.distance(s, o)) {
            events.push(Event::Missed { seat, slot, why, target });
            return false;
        }
        if t.fighter[o].immune.contains(slot) {
            events.push(Event::Missed { seat, slot, why: Miss::Immune, target });
            return false;
        }
        if t.fighter[o].newcomer && slot.is_attack() && slot != Slot::Grab {
            self.shielded(s, o, slot, t, events);
            return true;
        }
        let ignores_block = slot == Slot::Grab || (slot.is_run() && row.immune.contains(&Slot::Block));
        match t.fighter[o].blocking {
            Some(block_level) if !ignores_block => self.blocked(s, o, slot, row, block_level, t, events),
            _ => {
                let peril = |mode: Mode| mode.peril_column().map_or("", |c| row.peril[c]);
                let level = t.fighter[s].level;
                let blow = Blow { attacker: seat, slot, level, amount: row.damage, interrupts: !row.no_interrupt, reflected: false };
                self.take(o, &blow, &peril, t, events);
            }
        }
        true
    }

    /// Monsters: `s`'s Attack meets `o`'s monster that came in this turn. No Damage, no Peril;
    /// the team pays the attack's level plus 1 in block tokens, and is knocked down if short.
    fn shielded(&mut self, s: usize, o: usize, slot: Slot, t: &Turn, events: &mut Vec<Event>) {
        let owed = t.fighter[s].level + 1;
        let corner = &mut self.corners[o];
        let paid = owed.min(corner.blocks);
        corner.blocks -= paid;
        let left = corner.blocks;
        events.push(Event::Shielded { seat: Seat(o as u8), attacker: Seat(s as u8), slot, tokens: paid, left });
        if owed > paid && !corner.knocked_down {
            corner.knocked_down = true;
            events.push(Event::KnockedDown { seat: Seat(o as u8) });
        }
    }

    /// `o`'s Block stops `s`'s hit: tokens, the Near lock, and what comes back.
    #[allow(clippy::too_many_arguments, reason = "one blocked hit's facts: who, whose Block, the move and its level")]
    fn blocked(&mut self, s: usize, o: usize, slot: Slot, row: &Row, block_level: u8, t: &mut Turn, events: &mut Vec<Event>) {
        let blocker = Seat(o as u8);
        let tokens = (i16::from(block_level) - i16::from(t.fighter[s].level) + 1).max(0) as u8;
        let corner = &mut self.corners[o];
        let short = tokens > corner.blocks;
        let paid = tokens.min(corner.blocks);
        corner.blocks -= paid;
        events.push(Event::Blocked { seat: blocker, slot, tokens: paid, left: corner.blocks });
        if short && !corner.knocked_down {
            corner.knocked_down = true;
            events.push(Event::KnockedDown { seat: blocker });
        }
        if self.distance(s, o) == Position::Near {
            t.fighter[s].lock = true;
        }
        let Some(reflect) = self.card(o, Slot::Block).at(block_level).reflect else { return };
        let back = scale(row.damage, reflect.damage_halves);
        if back > 0 {
            let peril = |mode: Mode| {
                let letters = mode.peril_column().map_or("", |c| row.peril[c]);
                let keep = if reflect.peril_halves >= 2 { letters.len() } else { scale(letters.len() as u8, reflect.peril_halves).into() };
                &letters[..keep.min(letters.len())]
            };
            let blow = Blow { attacker: blocker, slot: Slot::Block, level: block_level, amount: back, interrupts: true, reflected: true };
            self.take(s, &blow, &peril, t, events);
        }
        if reflect.heal > 0 {
            let wampire = self.options.wampires;
            let corner = &mut self.corners[o];
            let total = if wampire {
                corner.blood = corner.blood.saturating_add(u16::from(reflect.heal));
                corner.blood
            } else {
                corner.damage = corner.damage.saturating_sub(reflect.heal);
                u16::from(corner.damage)
            };
            events.push(Event::CounterHealed { seat: blocker, total, blood: wampire });
        }
    }

    /// Fighter `v` takes the blow's damage and the Peril of their mode afterwards (`peril`
    /// gives the letters for a mode).
    fn take(&mut self, v: usize, blow: &Blow, peril: &dyn Fn(Mode) -> &'static str, t: &mut Turn, events: &mut Vec<Event>) {
        if self.options.wampires {
            return self.bite(v, blow, peril, t, events);
        }
        let Blow { attacker, slot, level, amount, interrupts, reflected } = *blow;
        let critical = self.critical(v);
        let corner = &mut self.corners[v];
        corner.damage = (corner.damage + amount).min(critical);
        let mode = mode_of(corner.damage, critical);
        if !peril(mode).is_empty() {
            t.perilled[v].insert(attacker.index());
        }
        let (disabled, ignored) = self.apply_peril(v, peril(mode), amount, interrupts, t);
        let total = u16::from(self.corners[v].damage);
        let victim = Seat(v as u8);
        events.push(Event::Hit { attacker, victim, slot, level, damage: amount, total, mode, disabled, ignored, reflected, blood: false });
    }

    /// A Wampire `v` is hit: the damage takes blood, a Near bite (not a reflection) lets the
    /// attacker drink all but one of it, and Peril read in Danger Mode knocks `v` out when it
    /// has more letters than the tens digit of the blood left (notes, "Wampires").
    fn bite(&mut self, v: usize, blow: &Blow, peril: &dyn Fn(Mode) -> &'static str, t: &mut Turn, events: &mut Vec<Event>) {
        let Blow { attacker, slot, level, amount, interrupts, reflected } = *blow;
        let mode = WAMPIRE_PERIL_MODE;
        let letters = peril(mode);
        let lost = u16::from(amount).min(self.corners[v].blood);
        self.corners[v].blood -= lost;
        if !letters.is_empty() {
            t.perilled[v].insert(attacker.index());
        }
        let (disabled, ignored) = self.apply_peril(v, letters, amount, interrupts, t);
        let total = self.corners[v].blood;
        let victim = Seat(v as u8);
        events.push(Event::Hit { attacker, victim, slot, level, damage: amount, total, mode, disabled, ignored, reflected, blood: true });
        let a = attacker.index();
        if !reflected && self.distance(a, v) == Position::Near && lost > WAMPIRE_DRINK_LEAVES {
            let drunk = lost - WAMPIRE_DRINK_LEAVES;
            self.corners[a].blood = self.corners[a].blood.saturating_add(drunk);
            events.push(Event::Drank { seat: attacker, blood: drunk, total: self.corners[a].blood });
        }
        let blood = self.corners[v].blood;
        if !self.corners[v].drained && (blood == 0 || letters.len() as u16 >= knockout_peril(blood)) {
            self.corners[v].drained = true;
            events.push(Event::Drained { seat: victim, peril: letters.len() as u8, blood });
        }
    }

    /// Disables the cards `letters` name on fighter `v` (those already played in its combo are
    /// ignored) and records the hit's `amount` for interrupts and combos. Returns the cards
    /// disabled and the letters ignored.
    fn apply_peril(&mut self, v: usize, letters: &str, amount: u8, interrupts: bool, t: &mut Turn) -> (Vec<Slot>, Vec<Slot>) {
        let victim = &mut t.fighter[v];
        let (mut disabled, mut ignored) = (Vec::new(), Vec::new());
        for letter in letters.chars() {
            let Some(target) = Slot::from_letter(letter) else { continue };
            let queue = self.queues[v];
            let laid = |card: Slot| victim.combo && (queue.contains(card) || victim.slot == Some(card));
            if let Some(m) = self.monsters.as_mut() {
                // A trainer's Peril lands on the monster in play, one copy per letter (notes, "Monsters").
                if let Some(card) = named_by(target).iter().copied().find(|c| laid(*c)) {
                    ignored.push(card);
                } else if let Some(card) = m.trainers[v].disable(target) {
                    disabled.push(card);
                }
                continue;
            }
            let corner = &mut self.corners[v];
            if laid(target) {
                ignored.push(target);
            } else if corner.disabled.insert(target) {
                disabled.push(target);
            }
        }
        self.sync_disabled(v);
        victim.taken += amount;
        if interrupts {
            victim.jolt += amount;
        }
        // A combo breaks on damage that can interrupt, or on any Peril.
        if (interrupts && amount > 0) || !disabled.is_empty() || !ignored.is_empty() {
            victim.hurt = true;
        }
        (disabled, ignored)
    }

    /// Whether fighter `s` may pass a charge token after this turn: its Charge acted, it holds a
    /// token, and another fighter is below the top level.
    fn may_pass(&self, s: usize, t: &Turn) -> bool {
        if t.gifts.contains(s) {
            return self.teammate(s).is_some_and(|mate| self.may_receive(s, mate));
        }
        self.options.pass_charge
            && t.fighter[s].slot == Some(Slot::Charge)
            && !t.fighter[s].interrupted
            && self.corners[s].charge > 0
            && self.fighters().any(|to| self.may_receive(s, to))
    }

    /// The end of the turn for fighter `s`'s taunting combo, if its move came from one: it ends
    /// on a knockdown, breaks on a hurt, or else gains its charge.
    fn end_combo_turn(&mut self, s: usize, t: &Turn, events: &mut Vec<Event>) {
        let seat = Seat(s as u8);
        let me = &t.fighter[s];
        if self.corners[s].knocked_down && !me.hurt {
            // Knocked down by a Block, not by Peril or damage: nothing interrupted the
            // taunt, so the combo ends with its charge kept (notes, "Knocked down mid-combo").
            let returned = self.queues[s].len() as u8;
            self.queues[s].clear();
            self.corners[s].combo_played = Default::default();
            events.push(Event::ComboEnded { seat, returned });
        } else if me.hurt {
            let returned = self.queues[s].len() as u8;
            self.queues[s].clear();
            self.corners[s].combo_played = Default::default();
            events.push(Event::ComboBroken { seat, returned });
            // The charge held is lost (all but one token in Red); a Charge that acted still
            // gains its token afterwards.
            let base = me.charged_from.unwrap_or(self.corners[s].charge);
            let keep = if self.mode(s) == Mode::Red { base.saturating_sub(1) } else { 0 };
            let gain = u8::from(me.charged_from.is_some());
            self.set_charge(s, (keep + gain).min(MAX_CHARGE), ChargeCause::ComboBroken, events);
        } else {
            let slot = me.slot.expect("a combo turn has a move");
            let kind = self.card(s, slot).kind;
            if !me.interrupted && matches!(kind, Kind::Attack | Kind::PowerUp) {
                let charge = (self.corners[s].charge + 1).min(MAX_CHARGE);
                self.set_charge(s, charge, ChargeCause::ComboBonus, events);
            }
            self.corners[s].combo_played.insert(slot);
            if self.queues[s].is_empty() {
                self.corners[s].combo_played = Default::default();
            }
        }
    }

    fn end_of_turn(&mut self, t: &mut Turn, events: &mut Vec<Event>) {
        for s in self.fighters() {
            if t.fighter[s].combo {
                self.end_combo_turn(s, t, events);
            }
            let me = &t.fighter[s];
            let run_two = me.slot.is_some_and(|slot| slot.is_run() && self.run_type(s, slot) == RunType::Two);
            // Charge never goes down during a combo except when it breaks (handled above).
            if run_two && !me.combo && !me.interrupted && me.taken >= RUN_2_PENALTY {
                let charge = self.corners[s].charge.saturating_sub(1);
                self.set_charge(s, charge, ChargeCause::RunPenalty, events);
            }
        }
        for s in self.fighters() {
            if self.corners[s].knocked_down {
                let (rate, max) = (self.regain_rate(s), self.block_max(s));
                let corner = &mut self.corners[s];
                corner.blocks = (corner.blocks + rate).min(max);
                corner.knocked_down = corner.blocks < max;
                events.push(Event::Regained { seat: Seat(s as u8), blocks: corner.blocks, standing: !corner.knocked_down });
            }
            self.corners[s].attacks_locked = t.fighter[s].lock;
            if t.fighter[s].lock {
                events.push(Event::AttacksLocked { seat: Seat(s as u8) });
            }
        }
        let beaten = self.beaten();
        if self.options.wampires {
            // A Wampire keeps no Peril between turns.
            for corner in self.corners.iter_mut() {
                corner.disabled = Slots::NONE;
            }
        }
        if !beaten.is_empty() {
            let over = match self.options.battle {
                Battle::Duel | Battle::Monsters => {
                    self.end_fight(beaten, events);
                    return;
                }
                _ => self.defeat(&beaten, t, events),
            };
            if over {
                return;
            }
        }
        if self.turn >= TURN_LIMIT {
            self.time_up(events);
            return;
        }
        let taunted = Fighters::from_fn(self.fighter_count(), |s| {
            let me = &t.fighter[s];
            me.slot == Some(Slot::Taunt) && !me.interrupted && !me.hurt && !self.corners[s].knocked_down && !self.corners[s].out
        });
        for s in taunted.iter() {
            events.push(Event::Taunted { seat: Seat(s as u8) });
        }
        let passing = Fighters::from_fn(self.fighter_count(), |s| self.may_pass(s, t));
        let mut places: Vec<(Seat, Seat)> = t
            .places
            .iter()
            .filter(|(a, v)| !self.corners[usize::from(*a)].out && !self.corners[usize::from(*v)].out)
            .map(|(a, v)| (Seat(*a), Seat(*v)))
            .collect();
        if self.shares_one_position() && places.len() > 1 {
            // One Position between two fighters: the last hit that sets it is the one that counts.
            places.drain(..places.len() - 1);
        }
        let first_place = places.first().map(|(a, _)| *a);
        self.owed_places = places;
        if !passing.is_empty() {
            self.queue_next = taunted;
            self.phase = Phase::Pass { passing, place: first_place };
        } else if first_place.is_some() {
            self.queue_next = taunted;
            self.next_place(events);
        } else if !taunted.is_empty() {
            self.phase = Phase::Queue { laying: taunted };
        } else {
            self.next_turn(events);
        }
    }

    /// Fighters `beaten` are defeated in a mode for more fighters. Free-for-All ends with those
    /// who put Peril on them winning; Last Pobber Standing takes them out of the circle (closing
    /// it with a Far marker) until one is left; a Team Battle makes them Team Spirits until a
    /// team has none left fighting. Returns whether the match is over.
    fn defeat(&mut self, beaten: &[Seat], t: &Turn, events: &mut Vec<Event>) -> bool {
        let n = self.fighter_count();
        let standing = Fighters::from_fn(n, |s| !self.corners[s].out && !beaten.contains(&Seat(s as u8)));
        for v in beaten {
            let by: Vec<Seat> = t.perilled[v.index()].iter().filter(|a| standing.contains(*a)).map(|a| Seat(a as u8)).collect();
            events.push(Event::Defeated { seat: *v, by });
        }
        if self.options.battle == Battle::FreeForAll {
            let credited = Fighters::from_fn(n, |a| standing.contains(a) && beaten.iter().any(|v| t.perilled[v.index()].contains(a)));
            let winners = if credited.is_empty() { standing } else { credited };
            let seats = |set: Fighters| set.iter().map(|s| Seat(s as u8)).collect::<Vec<_>>();
            let others = Fighters::from_fn(n, |s| standing.contains(s) && !winners.contains(s));
            self.places = vec![seats(winners), seats(others), beaten.to_vec()];
            self.places.retain(|g| !g.is_empty());
            self.phase = Phase::MatchOver;
            events.push(Event::Victory { seats: seats(winners) });
            return true;
        }
        let next_before: Vec<usize> = self.fighters().map(|s| self.next_in_circle(s)).collect();
        for v in beaten {
            let corner = &mut self.corners[v.index()];
            corner.out = true;
            corner.knocked_down = false;
            corner.attacks_locked = false;
            corner.charge = 0;
            corner.combo_played = Slots::NONE;
            self.queues[v.index()].clear();
        }
        self.out_order.push(beaten.to_vec());
        if self.options.battle.is_circle() {
            // Neighbours who now face someone new share a fresh marker at Far.
            let mut kept = None;
            for s in standing.iter() {
                if self.next_in_circle(s) != next_before[s] {
                    self.markers[s] = Position::Far;
                } else {
                    kept = Some(self.markers[s]);
                }
            }
            if standing.len() == 2 {
                self.position = kept.unwrap_or(Position::Far);
            }
            if standing.len() <= 1 {
                let mut places = vec![standing.iter().map(|s| Seat(s as u8)).collect::<Vec<_>>()];
                places.extend(self.out_order.iter().rev().cloned());
                places.retain(|g| !g.is_empty());
                // The last one standing wins; if the last ones fell together, they share first place.
                let winners = places.first().cloned().unwrap_or_default();
                self.places = places;
                self.phase = Phase::MatchOver;
                events.push(Event::Victory { seats: winners });
                return true;
            }
            return false;
        }
        // A Team Battle: over when a team has nobody left fighting.
        let team_down = |k: usize| self.fighters().filter(|s| self.team_of(*s) == k).all(|s| self.corners[s].out);
        let teams: Vec<Vec<Seat>> =
            (0..2).map(|k| self.fighters().filter(|s| self.team_of(*s) == k).map(|s| Seat(s as u8)).collect()).collect();
        let team = |k: usize| teams[k].clone();
        match (team_down(0), team_down(1)) {
            (false, false) => false,
            (true, true) => {
                self.places = vec![team(0).into_iter().chain(team(1)).collect()];
                self.phase = Phase::MatchOver;
                events.push(Event::Victory { seats: Vec::new() });
                true
            }
            (down0, _) => {
                let (won, lost) = if down0 { (1, 0) } else { (0, 1) };
                self.places = vec![team(won), team(lost)];
                self.phase = Phase::MatchOver;
                events.push(Event::Victory { seats: team(won) });
                true
            }
        }
    }
}
