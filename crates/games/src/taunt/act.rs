//! The Act phase: the two revealed moves act in order of their numbers, then the end of the turn
//! (combos, knockdowns, the Near-block lock, the three-card loss).

use super::MAX_CHARGE;
use super::event::{ChargeCause, Event, Miss};
use super::fighter::{HealCard, RunType};
use super::moves::{CHARGE_INTERRUPT, HEAL_INTERRUPT, Kind, MoveCard, RUN_2_PENALTY, Row, Slot};
use super::setup::Position;
use super::state::{Phase, Taunt};
use super::track::{Mode, mode_of};
use dojo_engine::Seat;

/// What the turn has done so far to each fighter.
#[derive(Default)]
struct Turn {
    moves: [Option<Slot>; 2],
    levels: [u8; 2],
    /// The move was laid face down in a taunting combo.
    combo: [bool; 2],
    /// The move has acted (or was interrupted).
    done: [bool; 2],
    interrupted: [bool; 2],
    /// Took damage or Peril this turn.
    hurt: [bool; 2],
    /// Damage taken this turn that can interrupt.
    jolt: [u8; 2],
    /// All damage taken this turn.
    taken: [u8; 2],
    /// The level of each fighter's Block once it has acted.
    blocking: [Option<u8>; 2],
    /// Moves each fighter is immune to this turn (from their Run).
    immune: [&'static [Slot]; 2],
    /// Charge held just before this turn's Charge acted, for fighters whose Charge acted.
    charged_from: [Option<u8>; 2],
    /// Who owes a Position choice.
    place: Option<usize>,
    /// Who may not attack next turn.
    lock: [bool; 2],
    /// Equal-level moves of the same kind acting together: no Position change, no interrupts between them.
    mirror: bool,
    /// Interrupting damage each fighter had taken before a mirrored pair began.
    jolt_before_pair: [u8; 2],
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

    /// Runs the Act phase of a turn and everything after it. `order` fixes which of two Runs acts
    /// first when the higher-level fighter has chosen.
    pub(crate) fn act(&mut self, moves: [Option<Slot>; 2], combo: [bool; 2], order: Option<[Seat; 2]>, events: &mut Vec<Event>) {
        let levels = [0, 1].map(|s| self.corners[s].charge);
        let mut t = Turn { moves, levels, combo, ..Turn::default() };
        let number = |s: usize| moves[s].map(|m| self.card(s, m).number).unwrap_or(u8::MAX);
        let mut seats: Vec<usize> = (0..2).filter(|s| moves[*s].is_some()).collect();
        // Lower numbers first; on a tie the higher level first, unless the order was chosen.
        seats.sort_by_key(|s| (number(*s), std::cmp::Reverse(levels[*s])));
        if let Some(chosen) = order {
            seats = chosen.iter().map(|s| s.index()).collect();
        }
        let pair = seats.len() == 2 && moves[0] == moves[1] && levels[0] == levels[1];
        if pair {
            t.mirror = true;
            t.jolt_before_pair = t.jolt;
            if matches!(moves[0], Some(Slot::Run | Slot::Grab)) {
                events.push(Event::Cancelled { slot: moves[0].expect("a pair has moves") });
            }
        }
        for s in seats {
            self.execute(s, &mut t, events);
        }
        self.end_of_turn(&mut t, events);
    }

    /// Whether `s`'s move is interrupted at the moment it would act.
    fn is_interrupted(&self, s: usize, t: &Turn) -> bool {
        if t.interrupted[s] {
            return true;
        }
        let jolt = if t.mirror { t.jolt_before_pair[s] } else { t.jolt[s] };
        match t.moves[s] {
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
        if t.levels[s] >= 1 && !t.combo[s] {
            self.set_charge(s, 0, ChargeCause::Spent, events);
        }
    }

    fn execute(&mut self, s: usize, t: &mut Turn, events: &mut Vec<Event>) {
        let Some(slot) = t.moves[s] else { return };
        let seat = Seat(s as u8);
        let o = 1 - s;
        let card = self.card(s, slot);
        let level = t.levels[s];
        let row = card.at(level);
        t.done[s] = true;
        if self.is_interrupted(s, t) {
            let damage = (!t.interrupted[s]).then_some(if t.mirror { t.jolt_before_pair[s] } else { t.jolt[s] });
            t.interrupted[s] = true;
            events.push(Event::Interrupted { seat, slot, level, damage });
            if !t.combo[s] {
                let keep = if self.mode(s) == Mode::Red { self.corners[s].charge.saturating_sub(1) } else { 0 };
                self.set_charge(s, keep, ChargeCause::Interrupted, events);
            }
            return;
        }
        match slot {
            Slot::Block => {
                t.blocking[s] = Some(level);
                self.spend(s, t, events);
            }
            Slot::Run => {
                if !t.mirror {
                    self.position = self.position.flipped();
                    events.push(Event::Moved { seat, position: self.position });
                }
                t.immune[s] = row.immune;
                let landed = self.position == Position::Near && self.hit(s, slot, row, t, events);
                let spends = match self.corners[s].fighter.card().run {
                    RunType::One => landed,
                    RunType::Two => false,
                };
                if spends {
                    self.spend(s, t, events);
                }
            }
            Slot::Punch | Slot::Grab | Slot::Shoot | Slot::Kick => {
                let landed = self.hit(s, slot, row, t, events);
                if landed && !t.mirror {
                    let interrupts = slot == Slot::Grab;
                    if interrupts && !t.done[o] && t.moves[o].is_some() {
                        t.interrupted[o] = true;
                    }
                    if interrupts || (slot == Slot::Punch && t.moves[o] == Some(Slot::Run)) {
                        t.place = Some(s);
                    }
                }
                self.spend(s, t, events);
            }
            Slot::Charge => {
                let before = self.corners[s].charge;
                let charge = (before + 1).min(MAX_CHARGE);
                t.charged_from[s] = Some(before);
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

    /// Whether `slot` reaches the other fighter at the current Position.
    fn reaches(&self, slot: Slot, row: &Row) -> Result<(), Miss> {
        let near = self.position == Position::Near;
        match () {
            _ if row.far_only && near => Err(Miss::TooNear),
            _ if row.far_only || slot == Slot::Shoot || near => Ok(()),
            _ => Err(Miss::TooFar),
        }
    }

    /// `s`'s move tries to hit. Returns whether it hit (a blocked hit still hits).
    fn hit(&mut self, s: usize, slot: Slot, row: &Row, t: &mut Turn, events: &mut Vec<Event>) -> bool {
        let seat = Seat(s as u8);
        let o = 1 - s;
        if let Err(why) = self.reaches(slot, row) {
            events.push(Event::Missed { seat, slot, why });
            return false;
        }
        if t.immune[o].contains(&slot) {
            events.push(Event::Missed { seat, slot, why: Miss::Immune });
            return false;
        }
        let ignores_block = slot == Slot::Grab || (slot == Slot::Run && row.immune.contains(&Slot::Block));
        match t.blocking[o] {
            Some(block_level) if !ignores_block => self.blocked(s, slot, row, block_level, t, events),
            _ => {
                let peril = |mode: Mode| mode.peril_column().map_or("", |c| row.peril[c]);
                self.take(o, seat, slot, t.levels[s], row.damage, &peril, !row.no_interrupt, false, t, events);
            }
        }
        true
    }

    /// `o`'s Block stops `s`'s hit: tokens, the Near lock, and what comes back.
    fn blocked(&mut self, s: usize, slot: Slot, row: &Row, block_level: u8, t: &mut Turn, events: &mut Vec<Event>) {
        let o = 1 - s;
        let blocker = Seat(o as u8);
        let tokens = (i16::from(block_level) - i16::from(t.levels[s]) + 1).max(0) as u8;
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
            t.lock[s] = true;
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
        let (mut disabled, mut ignored) = (Vec::new(), Vec::new());
        for letter in peril(mode).chars() {
            let Some(target) = Slot::from_letter(letter) else { continue };
            let laid = t.combo[v] && (self.queues[v].contains(&target) || t.moves[v] == Some(target));
            let corner = &mut self.corners[v];
            if laid {
                ignored.push(target);
            } else if corner.disabled.insert(target) {
                disabled.push(target);
            }
        }
        t.taken[v] += amount;
        if interrupts {
            t.jolt[v] += amount;
        }
        // A combo breaks on damage that can interrupt, or on any Peril.
        if (interrupts && amount > 0) || !disabled.is_empty() || !ignored.is_empty() {
            t.hurt[v] = true;
        }
        let total = self.corners[v].damage;
        events.push(Event::Hit { attacker, slot, level, damage: amount, total, mode, disabled, ignored, reflected });
    }

    /// Whether fighter `s` may pass a charge token after this turn: its Charge acted, it holds a
    /// token, and the other fighter is below the top level.
    fn may_pass(&self, s: usize, t: &Turn) -> bool {
        self.options.pass_charge
            && t.moves[s] == Some(Slot::Charge)
            && !t.interrupted[s]
            && self.corners[s].charge > 0
            && self.corners[1 - s].charge < MAX_CHARGE
    }

    fn end_of_turn(&mut self, t: &mut Turn, events: &mut Vec<Event>) {
        for s in 0..2 {
            let seat = Seat(s as u8);
            if t.combo[s] {
                if self.corners[s].knocked_down && !t.hurt[s] {
                    // Knocked down by a Block, not by Peril or damage: nothing interrupted the
                    // taunt, so the combo ends with its charge kept (notes, "Knocked down mid-combo").
                    let returned = self.queues[s].len() as u8;
                    self.queues[s].clear();
                    self.corners[s].combo_played = Default::default();
                    events.push(Event::ComboEnded { seat, returned });
                } else if t.hurt[s] {
                    let returned = self.queues[s].len() as u8;
                    self.queues[s].clear();
                    self.corners[s].combo_played = Default::default();
                    events.push(Event::ComboBroken { seat, returned });
                    // The charge held is lost (all but one token in Red); a Charge that acted still
                    // gains its token afterwards.
                    let base = t.charged_from[s].unwrap_or(self.corners[s].charge);
                    let keep = if self.mode(s) == Mode::Red { base.saturating_sub(1) } else { 0 };
                    let gain = u8::from(t.charged_from[s].is_some());
                    self.set_charge(s, (keep + gain).min(MAX_CHARGE), ChargeCause::ComboBroken, events);
                } else {
                    let slot = t.moves[s].expect("a combo turn has a move");
                    let kind = self.card(s, slot).kind;
                    if !t.interrupted[s] && matches!(kind, Kind::Attack | Kind::PowerUp) {
                        let charge = (self.corners[s].charge + 1).min(MAX_CHARGE);
                        self.set_charge(s, charge, ChargeCause::ComboBonus, events);
                    }
                    self.corners[s].combo_played.insert(slot);
                    if self.queues[s].is_empty() {
                        self.corners[s].combo_played = Default::default();
                    }
                }
            }
            let run_two = self.corners[s].fighter.card().run == RunType::Two;
            // Charge never goes down during a combo except when it breaks (handled above).
            if t.moves[s] == Some(Slot::Run) && run_two && !t.combo[s] && !t.interrupted[s] && t.taken[s] >= RUN_2_PENALTY {
                let charge = self.corners[s].charge.saturating_sub(1);
                self.set_charge(s, charge, ChargeCause::RunPenalty, events);
            }
        }
        for s in 0..2 {
            let corner = &mut self.corners[s];
            if corner.knocked_down {
                corner.blocks += 1;
                let max = corner.fighter.card().block_tokens;
                corner.knocked_down = corner.blocks < max;
                events.push(Event::Regained { seat: Seat(s as u8), blocks: corner.blocks, standing: !corner.knocked_down });
            }
            corner.attacks_locked = t.lock[s];
            if t.lock[s] {
                events.push(Event::AttacksLocked { seat: Seat(s as u8) });
            }
        }
        let beaten = self.beaten();
        if !beaten.is_empty() {
            self.end_fight(beaten, events);
            return;
        }
        let taunted: [bool; 2] =
            [0, 1].map(|s| t.moves[s] == Some(Slot::Taunt) && !t.interrupted[s] && !t.hurt[s] && !self.corners[s].knocked_down);
        for s in (0..2).filter(|s| taunted[*s]) {
            events.push(Event::Taunted { seat: Seat(s as u8) });
        }
        let passing = [0, 1].map(|s| self.may_pass(s, t));
        if passing.iter().any(|p| *p) {
            self.queue_next = taunted;
            self.phase = Phase::Pass { passing, place: t.place.map(|s| Seat(s as u8)) };
        } else if let Some(s) = t.place {
            self.queue_next = taunted;
            self.phase = Phase::Place { seat: Seat(s as u8) };
        } else if taunted.iter().any(|q| *q) {
            self.phase = Phase::Queue { laying: taunted };
        } else {
            self.next_turn(events);
        }
    }
}
