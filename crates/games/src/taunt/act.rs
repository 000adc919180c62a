//! The Act phase: the revealed moves act in order of their numbers, then the end of the turn
//! (combos, knockdowns, the Near-block lock, the three-card loss). A move's hits are resolved
//! per (attacker, target) pair, the targets being whoever [`Taunt::targets`] names.

use super::MAX_CHARGE;
use super::event::{ChargeCause, Event, Miss};
use super::fighter::{HealCard, RunType};
use super::moves::{CHARGE_INTERRUPT, HEAL_INTERRUPT, Kind, MoveCard, RUN_2_PENALTY, Row, Slot, Slots};
use super::ring::{Fighters, PerFighter};
use super::setup::Position;
use super::state::{Phase, Taunt};
use super::track::{Mode, mode_of};
use dojo_engine::Seat;

/// What the turn has done so far to one fighter.
#[derive(Clone, Copy)]
struct Part {
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
    /// Interrupting damage taken before a mirrored set of moves began.
    jolt_before_pair: u8,
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
        jolt_before_pair: 0,
    };
}

/// What the turn has done so far: one [`Part`] per fighter, and what concerns the turn as a whole.
struct Turn {
    fighter: PerFighter<Part>,
    /// Who owes a Position choice.
    place: Option<usize>,
    /// Equal-level moves of the same kind acting together: no Position change, no interrupts between them.
    mirror: bool,
}

impl Turn {
    /// What a hit of `s`'s `slot` that landed on `o` does besides damage: a Grab interrupts
    /// `o`'s move if it has not acted yet, and a Grab, or a Punch on a runner, lets `s` set the
    /// Position afterwards.
    fn follow_up(&mut self, s: usize, o: usize, slot: Slot) {
        let grab = slot == Slot::Grab;
        let target = &mut self.fighter[o];
        if grab && !target.done && target.slot.is_some() {
            target.interrupted = true;
        }
        if grab || (slot == Slot::Punch && target.slot == Some(Slot::Run)) {
            self.place = Some(s);
        }
    }
}

/// Rounds `x × halves / 2` down, but never below 1 when anything is scaled.
fn scale(x: u8, halves: u8) -> u8 {
    if x == 0 || halves == 0 { 0 } else { (u16::from(x) * u16::from(halves) / 2).max(1) as u8 }
}

impl Taunt {
    fn card(&self, s: usize, slot: Slot) -> &'static MoveCard {
        self.corners[s].fighter.card().move_card(slot, self.options.heal)
    }

    fn mode(&self, s: usize) -> Mode {
        mode_of(self.corners[s].damage, self.corners[s].fighter.card().critical_damage)
    }

    /// Runs the Act phase of a turn and everything after it: `moves` has one move per fighter
    /// (`None` for a fighter who plays none) and `combo` the fighters whose move was laid face
    /// down. `order` fixes the acting order when it was chosen (two Runs).
    pub(crate) fn act(&mut self, moves: &[Option<Slot>], combo: Fighters, order: Option<&[Seat]>, events: &mut Vec<Event>) {
        let mut t = Turn { fighter: PerFighter::filled(self.fighter_count(), Part::BLANK), place: None, mirror: false };
        for (s, part) in t.fighter.iter_mut().enumerate() {
            part.slot = moves[s];
            part.level = self.corners[s].charge;
            part.combo = combo.contains(s);
        }
        let seats = match order {
            Some(chosen) => PerFighter::collect(chosen.iter().map(|s| s.0)),
            None => self.acting_order(&t),
        };
        if Self::mirrored(&t, &seats) {
            t.mirror = true;
            for part in t.fighter.iter_mut() {
                part.jolt_before_pair = part.jolt;
            }
            let slot = t.fighter[usize::from(seats[0])].slot.expect("acting fighters have moves");
            if matches!(slot, Slot::Run | Slot::Grab) {
                events.push(Event::Cancelled { slot });
            }
        }
        for &s in seats.iter() {
            self.execute(usize::from(s), &mut t, events);
        }
        self.end_of_turn(&mut t, events);
    }

    /// The fighters with a move, in the order their moves act: lower numbers first; on a tie
    /// the higher level first, then the lower seat.
    fn acting_order(&self, t: &Turn) -> PerFighter<u8> {
        // Each card's number is looked up once, not at every comparison.
        let number = PerFighter::from_fn(self.fighter_count(), |s| t.fighter[s].slot.map_or(u8::MAX, |m| self.card(s, m).number));
        let mut seats = PerFighter::collect(self.fighters().filter(|s| t.fighter[*s].slot.is_some()).map(|s| s as u8));
        seats.sort_by_key(|s| (number[usize::from(*s)], std::cmp::Reverse(t.fighter[usize::from(*s)].level)));
        seats
    }

    /// Whether the acting fighters (`seats`, two or more) all play the same move at the same
    /// level: such moves act together, cancelling each other's Position change and interrupts.
    /// In a duel that is the v0.4 rule for two equal moves; a mode for more fighters must still
    /// say what a mirrored pair among other moves does (today it is no mirror at all).
    fn mirrored(t: &Turn, seats: &[u8]) -> bool {
        let part = |s: &u8| &t.fighter[usize::from(*s)];
        let first = match seats {
            [first, _, ..] => part(first),
            _ => return false,
        };
        seats.iter().map(part).all(|p| p.slot == first.slot && p.level == first.level)
    }

    /// Whether `s`'s move is interrupted at the moment it would act.
    fn is_interrupted(&self, s: usize, t: &Turn) -> bool {
        let me = &t.fighter[s];
        if me.interrupted {
            return true;
        }
        let jolt = if t.mirror { me.jolt_before_pair } else { me.jolt };
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
            let damage = (!me.interrupted).then_some(if t.mirror { me.jolt_before_pair } else { me.jolt });
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
            Slot::Run => {
                if !t.mirror {
                    self.position = self.position.flipped();
                    events.push(Event::Moved { seat, position: self.position });
                }
                t.fighter[s].immune = row.immune.iter().copied().collect();
                let landed = self.position == Position::Near && self.strike(s, slot, row, t, events);
                let spends = match self.corners[s].fighter.card().run {
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
            Slot::Heal => {
                let corner = &mut self.corners[s];
                let restored = corner.disabled.to_vec();
                let (mut healed, mut blocks) = (0, 0);
                if !restored.is_empty() {
                    corner.disabled = Default::default();
                } else if self.options.heal == HealCard::Standard {
                    healed = corner.damage.min(1);
                    corner.damage -= healed;
                    blocks = u8::from(corner.blocks < corner.fighter.card().block_tokens);
                    corner.blocks += blocks;
                }
                events.push(Event::Healed { seat, restored, healed, blocks });
            }
            Slot::Taunt => {}
        }
    }

    /// `s`'s move tries to hit each fighter it targets, one (attacker, target) pair at a time.
    /// Returns whether it hit any of them (a blocked hit still hits).
    fn strike(&mut self, s: usize, slot: Slot, row: &Row, t: &mut Turn, events: &mut Vec<Event>) -> bool {
        let mut landed = false;
        for o in self.targets(s).iter() {
            if self.hit(s, o, slot, row, t, events) {
                landed = true;
                // Equal moves acting together do not interrupt each other or move anyone.
                if !t.mirror {
                    t.follow_up(s, o, slot);
                }
            }
        }
        landed
    }

    /// Whether `slot` reaches a target at the current Position.
    fn reaches(&self, slot: Slot, row: &Row) -> Result<(), Miss> {
        let near = self.position == Position::Near;
        match () {
            _ if row.far_only && near => Err(Miss::TooNear),
            _ if row.far_only || slot == Slot::Shoot || near => Ok(()),
            _ => Err(Miss::TooFar),
        }
    }

    /// `s`'s move tries to hit `o`. Returns whether it hit (a blocked hit still hits).
    fn hit(&mut self, s: usize, o: usize, slot: Slot, row: &Row, t: &mut Turn, events: &mut Vec<Event>) -> bool {
        let seat = Seat(s as u8);
        if let Err(why) = self.reaches(slot, row) {
            events.push(Event::Missed { seat, slot, why });
            return false;
        }
        if t.fighter[o].immune.contains(slot) {
            events.push(Event::Missed { seat, slot, why: Miss::Immune });
            return false;
        }
        let ignores_block = slot == Slot::Grab || (slot == Slot::Run && row.immune.contains(&Slot::Block));
        match t.fighter[o].blocking {
            Some(block_level) if !ignores_block => self.blocked(s, o, slot, row, block_level, t, events),
            _ => {
                let peril = |mode: Mode| mode.peril_column().map_or("", |c| row.peril[c]);
                let level = t.fighter[s].level;
                self.take(o, seat, slot, level, row.damage, &peril, !row.no_interrupt, false, t, events);
            }
        }
        true
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
        if self.position == Position::Near {
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
            self.take(s, blocker, Slot::Block, block_level, back, &peril, true, true, t, events);
        }
        if reflect.heal > 0 {
            let corner = &mut self.corners[o];
            corner.damage = corner.damage.saturating_sub(reflect.heal);
            events.push(Event::CounterHealed { seat: blocker, total: corner.damage });
        }
    }

    /// Fighter `v` takes `amount` damage and the Peril of their mode afterwards.
    #[allow(clippy::too_many_arguments, reason = "one hit's facts, passed once from two places")]
    fn take(
        &mut self,
        v: usize,
        attacker: Seat,
        slot: Slot,
        level: u8,
        amount: u8,
        peril: &dyn Fn(Mode) -> &'static str,
        interrupts: bool,
        reflected: bool,
        t: &mut Turn,
        events: &mut Vec<Event>,
    ) {
        let critical = self.corners[v].fighter.card().critical_damage;
        let corner = &mut self.corners[v];
        corner.damage = (corner.damage + amount).min(critical);
        let mode = mode_of(corner.damage, critical);
        let victim = &mut t.fighter[v];
        let (mut disabled, mut ignored) = (Vec::new(), Vec::new());
        for letter in peril(mode).chars() {
            let Some(target) = Slot::from_letter(letter) else { continue };
            let laid = victim.combo && (self.queues[v].contains(target) || victim.slot == Some(target));
            let corner = &mut self.corners[v];
            if laid {
                ignored.push(target);
            } else if corner.disabled.insert(target) {
                disabled.push(target);
            }
        }
        victim.taken += amount;
        if interrupts {
            victim.jolt += amount;
        }
        // A combo breaks on damage that can interrupt, or on any Peril.
        if (interrupts && amount > 0) || !disabled.is_empty() || !ignored.is_empty() {
            victim.hurt = true;
        }
        let total = self.corners[v].damage;
        events.push(Event::Hit { attacker, slot, level, damage: amount, total, mode, disabled, ignored, reflected });
    }

    /// Whether fighter `s` may pass a charge token after this turn: its Charge acted, it holds a
    /// token, and another fighter is below the top level.
    fn may_pass(&self, s: usize, t: &Turn) -> bool {
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
            let run_two = self.corners[s].fighter.card().run == RunType::Two;
            // Charge never goes down during a combo except when it breaks (handled above).
            if me.slot == Some(Slot::Run) && run_two && !me.combo && !me.interrupted && me.taken >= RUN_2_PENALTY {
                let charge = self.corners[s].charge.saturating_sub(1);
                self.set_charge(s, charge, ChargeCause::RunPenalty, events);
            }
        }
        for s in self.fighters() {
            let corner = &mut self.corners[s];
            if corner.knocked_down {
                corner.blocks += 1;
                let max = corner.fighter.card().block_tokens;
                corner.knocked_down = corner.blocks < max;
                events.push(Event::Regained { seat: Seat(s as u8), blocks: corner.blocks, standing: !corner.knocked_down });
            }
            corner.attacks_locked = t.fighter[s].lock;
            if t.fighter[s].lock {
                events.push(Event::AttacksLocked { seat: Seat(s as u8) });
            }
        }
        let beaten = self.beaten();
        if !beaten.is_empty() {
            self.end_fight(beaten, events);
            return;
        }
        let taunted = Fighters::from_fn(self.fighter_count(), |s| {
            let me = &t.fighter[s];
            me.slot == Some(Slot::Taunt) && !me.interrupted && !me.hurt && !self.corners[s].knocked_down
        });
        for s in taunted.iter() {
            events.push(Event::Taunted { seat: Seat(s as u8) });
        }
        let passing = Fighters::from_fn(self.fighter_count(), |s| self.may_pass(s, t));
        if !passing.is_empty() {
            self.queue_next = taunted;
            self.phase = Phase::Pass { passing, place: t.place.map(|s| Seat(s as u8)) };
        } else if let Some(s) = t.place {
            self.queue_next = taunted;
            self.phase = Phase::Place { seat: Seat(s as u8) };
        } else if !taunted.is_empty() {
            self.phase = Phase::Queue { laying: taunted };
        } else {
            self.next_turn(events);
        }
    }
}
