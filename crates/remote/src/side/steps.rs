//! A step through the protocol on one device: the match started, every acting seat committed,
//! the choices opened and settled, the match's seed drawn, the step taken and agreed.

use super::{ChanceState, Out, Side, Told, quoted_reason};
use crate::ledger::{Ledger, LedgerError};
use crate::protocol::device_name;
use crate::protocol::{Choice, Device, Happening};
use crate::table::hash_of;
use dojo_engine::{Game, Seat, acting_seats, chance_pending};

impl<G: Game> Side<G> {
    pub(super) fn react(&mut self, happened: Vec<Happening>, out: &mut Out<G>) {
        for h in happened {
            if self.peer.is_stopped() && !matches!(h, Happening::Stopped { .. }) {
                return;
            }
            let result = match h {
                Happening::Started { game, setup, seats } => self.started(&game, &setup, seats, out),
                Happening::Committed { step } => self.committed(step, out),
                Happening::Opened { choices, shown, .. } => self.opened(choices, &shown, out),
                Happening::Settled { shown, .. } => self.settled(&shown, out),
                Happening::Chance { bytes } => self.chance_drawn(&bytes, out),
                Happening::Dealing { from, message } => self.deal_message(from, message, out),
                Happening::Keys { from, round, keys, chance, named } => self.keys_in(from, round, keys, chance, named, out),
                Happening::Opens { from, keys } => self.opens_in(from, keys),
                Happening::Unveiled { shown, .. } => self.cards().map(|c| c.unveiled.extend(shown)),
                Happening::Agreed { step } => {
                    if let Some(ledger) = &self.ledger {
                        out.told.push(Told::Agreed { step, joints: ledger.joints() });
                    }
                    self.begin_next(out);
                    self.audit_at_end(out);
                    Ok(())
                }
                Happening::Stopped { by, reason } => {
                    self.stop_known = true;
                    let who = device_name(by);
                    out.told.push(Told::Stopped(format!("{who} stopped the match, in its own words: “{}”", quoted_reason(&reason))));
                    Ok(())
                }
            };
            if let Err(reason) = result {
                return self.stop(reason, out);
            }
        }
    }

    pub(super) fn started(&mut self, game: &str, setup: &str, owners: Vec<Device>, out: &mut Out<G>) -> Result<(), String> {
        if game != G::NAME {
            return Err(format!("the other device started a match of {game}, not {}", G::NAME));
        }
        let setup: G::Setup = dojo_engine::json::from_str(setup).map_err(|e| format!("the host's setup cannot be read: {e}"))?;
        let me = self.peer.me();
        let ledger: Ledger<G> = Ledger::new(setup.clone(), owners.iter().map(|o| *o == me).collect())?;
        if owners.len() != ledger.state().seat_count() {
            return Err(format!("the host named {} players for a table of {}", owners.len(), ledger.state().seat_count()));
        }
        self.ledger = Some(ledger);
        if G::DEALT.is_some() {
            self.start_cards(&setup, out);
            return Ok(());
        }
        out.told.push(Told::Started { setup, owners, me });
        self.commit_chance(out);
        self.begin_next(out);
        Ok(())
    }

    pub(super) fn ledger(&self) -> Result<&Ledger<G>, String> {
        self.ledger.as_ref().ok_or_else(|| "a step came before the match started".to_string())
    }

    pub(super) fn committed(&mut self, step: u32, out: &mut Out<G>) -> Result<(), String> {
        let ledger = self.ledger()?;
        let acting = acting_seats(ledger.state());
        let choices: Vec<Choice> =
            Seat::all(ledger.state().seat_count()).map(|s| if acting.contains(&s) { Choice::Hidden(None) } else { Choice::Idle }).collect();
        let show: Vec<u8> = ledger
            .to_show(&choices, &self.own, &[])
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter(|(at, _)| *at == step)
            .map(|(_, seat)| seat)
            // In a dealt match a seat's choice is not shown before its earlier face-down ones:
            // they are shown together when the step settles.
            .filter(|seat| !(G::DEALT.is_some() && ledger.holds_face_down_since_gathering(*seat)))
            .collect();
        let acts: Vec<(u8, G::Action)> = show.iter().filter_map(|s| Some((*s, self.own.get(usize::from(*s))?.clone()?))).collect();
        // The cards they play, and those the choices kept face down still turn up at once.
        let mut faces: Vec<(u8, Vec<u16>)> = Vec::new();
        if let Some(hooks) = G::DEALT {
            faces.extend(acts.iter().map(|(seat, action)| (*seat, hooks.cards_of(action))));
            faces.extend(
                self.own
                    .iter()
                    .enumerate()
                    .filter(|(seat, _)| !show.contains(&(*seat as u8)))
                    .filter_map(|(seat, action)| Some((seat as u8, hooks.shown_at_once(action.as_ref()?)))),
            );
        }
        // What every observer sees at once of the choices kept face down.
        let outlines: Vec<(u8, u8)> = match G::FACE_DOWN {
            Some(hooks) => self
                .own
                .iter()
                .enumerate()
                .filter(|(seat, _)| !show.contains(&(*seat as u8)))
                .filter_map(|(seat, action)| Some((seat as u8, hooks.outline(ledger.state(), Seat(seat as u8), action.as_ref()?)?)))
                .collect(),
            None => Vec::new(),
        };
        self.open_own(&faces, &[], out)?;
        let (send, happened) = self.peer.open(&show, &outlines).map_err(|v| v.to_string())?;
        out.send.extend(send);
        self.react(happened, out);
        Ok(())
    }

    pub(super) fn opened(&mut self, choices: Vec<Choice>, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_some() && self.cards.is_some() && self.ledger()?.plays(&choices, &self.own, shown).is_err() {
            // Another device's face-down choice may need a stand-in this device's cards lack:
            // fill them in otherwise. (A shown choice that only the other device's earlier
            // face-down ones make legal waits for them, below.)
            let veiled = self.others_veiled(&choices);
            if let Ok(setup) = self.fit(Some((&choices, shown))).or_else(|_| self.fit(Some((&veiled, shown)))) {
                self.tell_setup(setup, out);
            }
        }
        let ledger = self.ledger()?;
        let withheld = self.peer.still_withheld();
        // At the end every choice still face down is shown, so that every device holds the
        // whole match; in a dealt match that comes after the end, with the deals (`Body::Unveil`),
        // as its cards are no longer in the hands.
        let show = if G::DEALT.is_none() && ledger.ends_with(&choices, &self.own, shown) {
            withheld.clone()
        } else {
            match ledger.to_show(&choices, &self.own, shown) {
                Ok(show) => show,
                // Another device showed a choice that its earlier face-down ones make legal;
                // they come in this round. Meanwhile this device shows what its own choices
                // need, judged with the others' choices of this step face down: when both
                // devices play a card the other's copy cannot see yet, each must show its part
                // at once, or each would wait for the other. If they never come, the step
                // itself is refused.
                Err(LedgerError::Illegal { .. }) => ledger.to_show(&self.others_veiled(&choices), &self.own, shown).unwrap_or_default(),
                Err(e) => return Err(e.to_string()),
            }
        };
        let show: Vec<(u32, u8)> = show.into_iter().filter(|at| withheld.contains(at)).collect();
        self.opened = choices;
        let acts: Vec<(u8, G::Action)> = match &self.ledger {
            // This step's own choices are not in the ledger yet.
            Some(ledger) => show
                .iter()
                .filter_map(|(at, seat)| {
                    let action = if *at as usize == ledger.len() + 1 {
                        self.own.get(usize::from(*seat))?.clone()
                    } else {
                        ledger.own_action(*at, *seat)
                    };
                    Some((*seat, action?))
                })
                .collect(),
            None => Vec::new(),
        };
        // Each was face down when made: what it turned up at once is open already.
        let faces: Vec<(u8, Vec<u16>)> = match G::DEALT {
            Some(hooks) => acts
                .iter()
                .map(|(seat, action)| {
                    let mut faces = hooks.cards_of(action);
                    for early in hooks.shown_at_once(action) {
                        if let Some(at) = faces.iter().position(|f| *f == early) {
                            faces.remove(at);
                        }
                    }
                    (*seat, faces)
                })
                .collect(),
            None => Vec::new(),
        };
        // A choice of an earlier step that handed cards on: those cards are no secret now. (One
        // of this step hands them on once the step is played, opening them as it names them.)
        let step = self.ledger.as_ref().map_or(0, |l| l.len() as u32 + 1);
        let handed: Vec<(u32, u8, usize)> = match (G::DEALT, &self.ledger) {
            (Some(hooks), Some(ledger)) => show
                .iter()
                .filter(|(at, _)| *at < step)
                .filter_map(|(at, seat)| Some((*at, *seat, hooks.passed_of(&ledger.own_action(*at, *seat)?).len())))
                .filter(|(.., count)| *count > 0)
                .collect(),
            _ => Vec::new(),
        };
        self.open_own(&faces, &handed, out)?;
        let (send, happened) = self.peer.settle(&show).map_err(|v| v.to_string())?;
        out.send.extend(send);
        self.react(happened, out);
        Ok(())
    }

    /// `choices` with the other devices' shown choices face down.
    pub(super) fn others_veiled(&self, choices: &[Choice]) -> Vec<Choice> {
        choices
            .iter()
            .enumerate()
            .map(|(seat, c)| match c {
                Choice::Shown(_) if self.own.get(seat).is_none_or(Option::is_none) => Choice::Hidden(None),
                other => other.clone(),
            })
            .collect()
    }

    pub(super) fn settled(&mut self, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        if G::DEALT.is_some() && self.cards.is_some() {
            return self.open_plays(shown, out);
        }
        if self.chance == ChanceState::Pending {
            let ledger = self.ledger.as_ref().ok_or("a step came before the match started")?;
            let mut trial = ledger.clone();
            trial.take(&self.opened, &self.own, shown).map_err(|e| e.to_string())?;
            if !chance_pending(trial.state()) {
                // This step reads the seed: every choice in it is fixed, so the parts open now.
                self.chance = ChanceState::Opening(shown.to_vec());
                let (send, happened) = self.peer.open_chance().map_err(|v| v.to_string())?;
                out.send.extend(send);
                self.react(happened, out);
                return Ok(());
            }
        }
        self.take_step(shown, out)
    }

    /// Every device's part of the chance is open: the seed goes into the setup, the match is
    /// played again from it, and the step that reads it is taken.
    pub(super) fn chance_drawn(&mut self, bytes: &[u8; 32], out: &mut Out<G>) -> Result<(), String> {
        let ChanceState::Opening(shown) = std::mem::replace(&mut self.chance, ChanceState::Drawn) else {
            return Err("the match's chance opened before its seed was needed".into());
        };
        let ledger = self.ledger.as_mut().ok_or("a step came before the match started")?;
        let setup = ledger.reseed(crate::mix::seed(bytes))?;
        out.told.push(Told::Seeded { setup, joints: ledger.joints() });
        self.take_step(&shown, out)
    }

    pub(super) fn take_step(&mut self, shown: &[(u32, u8, String)], out: &mut Out<G>) -> Result<(), String> {
        let ledger = self.ledger.as_mut().ok_or("a step came before the match started")?;
        ledger.take(&self.opened, &self.own, shown).map_err(|e| e.to_string())?;
        let hash = hash_of(ledger.state());
        self.own.iter_mut().for_each(|o| *o = None);
        let (send, happened) = self.peer.applied(hash).map_err(|v| v.to_string())?;
        out.send.extend(send);
        self.react(happened, out);
        Ok(())
    }
}
