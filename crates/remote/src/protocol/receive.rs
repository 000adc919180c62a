//! A message from another device: read, checked against the protocol's rules, relayed by the
//! host, and answered.

use super::{Body, Choice, Device, Happening, MAX_MESSAGE, Message, Peer, Round, Shown, Violation};
use crate::commit::opens;
use crate::mix;

impl Peer {
    /// Reads a message, given as text, that came on the connection to device `line` (a guest's
    /// one connection is to the host, 0). The host takes from each guest's connection only that
    /// guest's own messages, so one friend cannot speak for another ([`Violation::WrongSender`]).
    pub fn receive_text(&mut self, line: Device, text: &str) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if text.len() > MAX_MESSAGE {
            return Err(Violation::TooLong { bytes: text.len() });
        }
        // The reader's words can quote the message: a forged one must not fill the page.
        let message: Message = dojo_engine::json::from_str(text).map_err(|e| {
            let why = e.to_string();
            let mut cut: String = why.chars().filter(|c| !c.is_control()).take(120).collect();
            if cut.len() < why.len() {
                cut.push('…');
            }
            Violation::Unreadable(cut)
        })?;
        self.receive_on(line, message)
    }

    /// Reads `message`, which came on the connection to device `line`: the host checks that its
    /// sender is the device at the other end, a guest that it came from the host (who relays
    /// every other device's messages).
    pub fn receive_on(&mut self, line: Device, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if !self.stopped && !self.is_sender_on(line, &message) {
            self.stopped = true;
            return Err(Violation::WrongSender { line, claimed: message.from });
        }
        self.receive(message)
    }

    /// Whether `message` may have come on the connection to `line`: to the host, only from
    /// that guest; to a guest, only through the host.
    pub fn is_sender_on(&self, line: Device, message: &Message) -> bool {
        if self.me == 0 { message.from == line } else { line == 0 }
    }

    /// Reads a message from another device whose connection was already checked (see
    /// [`Peer::receive_on`]), or one kept in a journal: the messages to send in answer and what
    /// the page must do. A violation stops the match (send [`Peer::refuse`] with its words).
    pub fn receive(&mut self, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        let result = self.receive_checked(message);
        if result.is_err() {
            self.stopped = true;
        }
        result
    }

    pub(super) fn receive_checked(&mut self, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        if self.stopped {
            return Err(Violation::Over);
        }
        let from = message.from;
        if from == self.me || from >= self.devices {
            return Err(Violation::Impostor { from });
        }
        let due = self.due[usize::from(from)];
        if message.seq < due {
            return Err(Violation::Replayed { from, seq: message.seq });
        }
        if message.seq > due {
            return Err(Violation::Skipped { from, expected: due, got: message.seq });
        }
        self.due[usize::from(from)] += 1;
        self.handle(message)
    }

    /// The devices a host passes `message`, which came on the connection to `line`, on to:
    /// everyone but the sender and itself. Guests relay nothing, and nobody relays a message
    /// that names a sender other than the device it came from.
    pub fn relay_targets(&self, line: Device, message: &Message) -> Vec<Device> {
        if self.me != 0 || message.from != line {
            return Vec::new();
        }
        (1..self.devices).filter(|d| *d != message.from).collect()
    }

    pub(super) fn handle(&mut self, message: Message) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        let from = message.from;
        match &message.body {
            Body::Start { game, setup, seats, devices, table } => {
                if self.started || from != 0 || *devices != self.devices || seats.iter().any(|d| *d >= *devices) {
                    return Err(Violation::BadStart);
                }
                self.started = true;
                self.table = table.clone();
                self.seats = seats.clone();
                return Ok((Vec::new(), vec![Happening::Started { game: game.clone(), setup: setup.clone(), seats: seats.clone() }]));
            }
            Body::Stop { reason } => {
                self.stopped = true;
                return Ok((Vec::new(), vec![Happening::Stopped { by: from, reason: reason.clone() }]));
            }
            _ if !self.started => return Err(Violation::NotStarted),
            Body::Chance { commitment } => {
                if self.chance.commits.insert(from, *commitment).is_some() {
                    return Err(Violation::BadChance { from });
                }
                return Ok((Vec::new(), Vec::new()));
            }
            Body::ChanceOpen { bytes, salt } => {
                let held = self.chance.commits.get(&from).copied();
                if self.chance.commits.len() != usize::from(self.devices) || self.chance.opens.contains_key(&from) {
                    return Err(Violation::BadChance { from });
                }
                if !held.is_some_and(|c| opens(&c, mix::context(&self.table, 0, from), bytes, salt)) {
                    return Err(Violation::ForgedChance { from });
                }
                self.chance.opens.insert(from, (*bytes, *salt));
                return Ok((Vec::new(), self.chance_drawn()?));
            }
            Body::Deal(deal) => return Ok((Vec::new(), vec![Happening::Dealing { from, message: deal.clone() }])),
            Body::Keys { round, keys, chance, named } => {
                let (round, keys, chance, named) = (*round, keys.clone(), *chance, named.clone());
                return Ok((Vec::new(), vec![Happening::Keys { from, round, keys, chance, named }]));
            }
            Body::Opens { keys } => return Ok((Vec::new(), vec![Happening::Opens { from, keys: keys.clone() }])),
            Body::Unveil { shown } => {
                let mut told = Vec::new();
                for Shown { step: at, seat, choice, salt } in shown {
                    if self.seats.get(usize::from(*seat)) != Some(&from) {
                        return Err(Violation::NotTheirSeat { from, seat: *seat });
                    }
                    let held = self.withheld.remove(&(*at, *seat)).ok_or(Violation::NotWithheld { step: *at, seat: *seat })?;
                    if !opens(&held, self.context(*at, *seat), choice.as_bytes(), salt) {
                        return Err(Violation::Forged { step: *at, seat: *seat });
                    }
                    told.push((*at, *seat, choice.clone()));
                }
                return Ok((Vec::new(), vec![Happening::Unveiled { from, shown: told }]));
            }
            _ => {}
        }
        let step = self.step();
        let (Body::Commit { step: named, .. }
        | Body::Reveal { step: named, .. }
        | Body::Withhold { step: named, .. }
        | Body::Settle { step: named, .. }
        | Body::Agree { step: named, .. }) = &message.body
        else {
            unreachable!("start, stop, chance and deals are handled above")
        };
        // The page has not begun this step yet: keep the message until it does.
        if *named == step && self.round.acting.is_none() {
            self.round.early.push(message);
            return Ok((Vec::new(), Vec::new()));
        }
        if *named != step {
            return Err(Violation::WrongStep { expected: step, got: *named });
        }
        match message.body {
            Body::Commit { seat, commitment, .. } => {
                self.check_seat(from, step, seat)?;
                match self.round.commits.get(&seat) {
                    Some(held) if *held != commitment => return Err(Violation::Recommitted { step, seat }),
                    _ => {}
                }
                self.round.commits.insert(seat, commitment);
            }
            Body::Reveal { seat, choice, salt, .. } => {
                self.check_seat(from, step, seat)?;
                if !self.all_committed() {
                    return Err(Violation::EarlyReveal { step, seat });
                }
                if self.round.answers.contains_key(&seat) {
                    return Err(Violation::Recommitted { step, seat });
                }
                let held = self.round.commits[&seat];
                if !opens(&held, self.context(step, seat), choice.as_bytes(), &salt) {
                    return Err(Violation::Forged { step, seat });
                }
                self.round.answers.insert(seat, Choice::Shown(choice));
            }
            Body::Withhold { seat, outline, .. } => {
                self.check_seat(from, step, seat)?;
                if !self.all_committed() {
                    return Err(Violation::EarlyReveal { step, seat });
                }
                if self.round.answers.contains_key(&seat) {
                    return Err(Violation::Recommitted { step, seat });
                }
                self.withheld.insert((step, seat), self.round.commits[&seat]);
                self.round.answers.insert(seat, Choice::Hidden(outline));
            }
            Body::Settle { shown, round, .. } => {
                let early = round == self.round.settle_round + 1;
                let held = if early { &self.round.next_settles } else { &self.round.settles };
                if held.contains_key(&from) || !self.all_answered() || !(early || round == self.round.settle_round) {
                    return Err(Violation::WrongStep { expected: step, got: step });
                }
                let mut told = Vec::new();
                for Shown { step: at, seat, choice, salt } in shown {
                    if self.seats.get(usize::from(seat)) != Some(&from) {
                        return Err(Violation::NotTheirSeat { from, seat });
                    }
                    let held = self.withheld.remove(&(at, seat)).ok_or(Violation::NotWithheld { step: at, seat })?;
                    if !opens(&held, self.context(at, seat), choice.as_bytes(), &salt) {
                        return Err(Violation::Forged { step: at, seat });
                    }
                    told.push((at, seat, choice));
                }
                if early {
                    self.round.next_settles.insert(from, told);
                } else {
                    self.round.settles.insert(from, told);
                }
            }
            Body::Agree { hash, .. } => {
                self.round.hashes.insert(from, hash);
            }
            Body::Start { .. }
            | Body::Stop { .. }
            | Body::Chance { .. }
            | Body::ChanceOpen { .. }
            | Body::Deal(_)
            | Body::Keys { .. }
            | Body::Opens { .. }
            | Body::Unveil { .. } => {
                unreachable!("handled above")
            }
        }
        self.progress()
    }

    pub(super) fn check_seat(&self, from: Device, step: u32, seat: u8) -> Result<(), Violation> {
        if self.seats.get(usize::from(seat)) != Some(&from) {
            return Err(Violation::NotTheirSeat { from, seat });
        }
        if !self.round.acting.as_ref().is_some_and(|a| a.contains(&seat)) {
            return Err(Violation::NotActing { step, seat });
        }
        Ok(())
    }

    pub(super) fn all_answered(&self) -> bool {
        self.round.acting.as_ref().is_some_and(|acting| acting.iter().all(|s| self.round.answers.contains_key(s)))
    }

    pub(super) fn all_committed(&self) -> bool {
        self.round.acting.as_ref().is_some_and(|acting| acting.iter().all(|s| self.round.commits.contains_key(s)))
    }

    /// Whatever the round can do now: tell the page that everyone committed, answered or
    /// settled, or close the step.
    pub(super) fn progress(&mut self) -> Result<(Vec<Message>, Vec<Happening>), Violation> {
        let (out, mut happened) = (Vec::new(), Vec::new());
        let step = self.step();
        if self.all_committed() && !self.round.committed_told {
            self.round.committed_told = true;
            happened.push(Happening::Committed { step });
        }
        if self.all_answered() && !self.round.opened_told {
            self.round.opened_told = true;
            let choices = (0..self.seats.len() as u8).map(|s| self.round.answers.get(&s).cloned().unwrap_or(Choice::Idle)).collect();
            happened.push(Happening::Opened { step, choices, shown: Vec::new() });
        }
        if self.round.settles.len() == usize::from(self.devices) && !self.round.settled_told {
            let settles = std::mem::take(&mut self.round.settles);
            let quiet = settles.values().all(Vec::is_empty);
            self.round.shown.extend(settles.into_values().flatten());
            if quiet {
                self.round.settled_told = true;
                happened.push(Happening::Settled { step, shown: self.round.shown.clone() });
            } else {
                // Something was shown: another round, in which each device looks again.
                self.round.settle_round += 1;
                self.round.settled_own = false;
                self.round.settles = std::mem::take(&mut self.round.next_settles);
                let choices = (0..self.seats.len() as u8).map(|s| self.round.answers.get(&s).cloned().unwrap_or(Choice::Idle)).collect();
                happened.push(Happening::Opened { step, choices, shown: self.round.shown.clone() });
            }
        }
        if self.round.hashes.len() == usize::from(self.devices)
            && let Some(mine) = self.round.hashes.get(&self.me).copied()
        {
            if let Some((device, _)) = self.round.hashes.iter().find(|(_, h)| **h != mine) {
                return Err(Violation::Diverged { step, device: *device });
            }
            self.agreed = step;
            self.round = Round::default();
            happened.push(Happening::Agreed { step });
        }
        Ok((out, happened))
    }
}
