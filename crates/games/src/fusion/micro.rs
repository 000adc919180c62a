//! Microevents (+Triggers) as data, each with its whole effect in one place ([`Standing::fire`]),
//! and what they act on: the team's Harmony, the pilots' sheets, the Threats, the scene's
//! Location and the team's counters (notes `#microevents`, `#harmony`, `#damage`).
//!
//! Left to the conflicts, which hold the cards and ask the seats: +Burn (a Stash), +Tarry (the
//! Deck), the +Trauma on each pilot that a Strife in the Red fires (each pilot chooses), and
//! Waves and Storms (their microevents are fired here one by one). [`Standing::fire`] reports
//! those as [`Happened::Burn`], [`Happened::Tarry`] and [`Happened::TraumaOnEach`].

use super::sheet::{HARMONY_RED, HARMONY_VIOLET, PilotSheet, Threat};
use serde::{Deserialize, Serialize};

/// A microevent.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Micro {
    /// Pilots: gain this many Charges, up to the maximum.
    Chargeup(u8),
    /// Pilots: one spent Buffer comes back.
    Fortify,
    /// The team: Harmony +1; at Violet, every pilot gains a Charge instead.
    Rally,
    /// Pilots: a lowered Commitment goes back up by 1 (never above the sheet's full value).
    Recover,
    /// The team: +1 to the named team counter.
    Replenish(String),
    /// Pilots or the Coach: the whole Stash is discarded.
    Burn,
    /// Moves as many cards from the Deck to the Trash as there are Active Omens.
    Tarry,
    /// The scene's Location: Damaged back to Standing.
    Rebuild,
    /// Damage to a pilot: her Charges go to 0.
    Purge,
    /// Damage to the team: Harmony −1; already in the Red, +Trauma on each pilot. Aimed at the
    /// pilot who caused it or was hit by it, whose Buffer may stop it.
    Strife,
    /// Damage: a pilot lowers a Commitment by 1; a Threat loses 1 Rating.
    Trauma,
    /// Damage to the scene's Location: Standing → Damaged → Razed.
    Ruin,
}

impl Micro {
    /// Whether it is damage: held in a Payload during a Throwdown, and preventable.
    pub fn is_damage(&self) -> bool {
        matches!(self, Micro::Purge | Micro::Strife | Micro::Trauma | Micro::Ruin)
    }

    /// Its name as the source writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Micro::Chargeup(_) => "+Chargeup",
            Micro::Fortify => "+Fortify",
            Micro::Rally => "+Rally",
            Micro::Recover => "+Recover",
            Micro::Replenish(_) => "+Replenish",
            Micro::Burn => "+Burn",
            Micro::Tarry => "+Tarry",
            Micro::Rebuild => "+Rebuild",
            Micro::Purge => "+Purge",
            Micro::Strife => "+Strife",
            Micro::Trauma => "+Trauma",
            Micro::Ruin => "+Ruin",
        }
    }
}

/// Who a microevent lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Target {
    /// A pilot, by her place in the team.
    Pilot(u8),
    /// One of the Coach's Threats, by its place in his list.
    Threat(u8),
    /// The Coach himself (+Burn on his Stash).
    Coach,
    /// The team as a whole (Harmony, counters) or the scene (the Location).
    Team,
}

/// One of a pilot's two Commitments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Commitment {
    /// To the Fight: her Strike Range.
    Fight,
    /// To the Team: her bonus draw.
    Team,
}

/// The scene's Location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Location {
    /// Whole.
    #[default]
    Standing,
    /// Hit once.
    Damaged,
    /// Destroyed: no longer a target.
    Razed,
}

/// The choices a microevent's target makes as it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub struct Choices {
    /// Spend a Buffer to prevent damage (1 per point).
    pub buffer: bool,
    /// The Commitment that +Trauma lowers or +Recover raises.
    pub commitment: Option<Commitment>,
}

/// What a microevent did, for the log and for the conflict that fired it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Happened {
    /// Prevented by a Buffer of this target.
    Prevented(Target),
    /// Nothing to do (a full gauge, no valid target, an unknown counter).
    NoEffect,
    /// A pilot's Charges are now this many.
    Charges(u8, u8),
    /// A pilot's unspent Buffers are now this many.
    Buffers(u8, u8),
    /// Harmony is now this level.
    Harmony(u8),
    /// A pilot's Commitment is now this value.
    Committed(u8, Commitment, u8),
    /// A Threat's Rating is now this value (0: removed).
    Rating(u8, u8),
    /// The Location is now in this state.
    Location(Location),
    /// A team counter is now this value.
    Counter(String, u16),
    /// The target's whole Stash is to be discarded.
    Burn(Target),
    /// The Deck's top cards are to be trashed, as many as Active Omens.
    Tarry,
    /// A Strife arrived in the Red: +Trauma is to be fired on each pilot, with her choices.
    TraumaOnEach,
}

/// Everything microevents act on, apart from the cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The team's Harmony, 1–7.
    pub harmony: u8,
    /// The pilots' sheets, in seat order.
    pub pilots: Vec<PilotSheet>,
    /// Each pilot's Commitments as her sheet gives them, before any loss (Fight, Team).
    pub full: Vec<(u8, u8)>,
    /// The Coach's Threats (a Threat at Rating 0 stays listed, removed from play).
    pub threats: Vec<Threat>,
    /// The scene's Location.
    pub location: Location,
    /// The team's counters, by name.
    pub counters: Vec<(String, u16)>,
}

impl Standing {
    /// The standing at the start of an evening.
    pub fn new(harmony: u8, pilots: Vec<PilotSheet>, threats: Vec<Threat>, counters: &[String]) -> Standing {
        let full = pilots.iter().map(|p| (p.fight, p.team)).collect();
        Standing {
            harmony: harmony.clamp(HARMONY_RED, HARMONY_VIOLET),
            pilots,
            full,
            threats,
            location: Location::Standing,
            counters: counters.iter().map(|name| (name.clone(), 0)).collect(),
        }
    }

    /// Fires `micro` at `target` with the target's `choices`; what happened, in order. Each
    /// microevent's whole effect is here. A +Trauma with no Commitment chosen lowers the one
    /// the pilot holds more of.
    pub fn fire(&mut self, micro: &Micro, target: Target, choices: Choices) -> Vec<Happened> {
        if micro.is_damage() && choices.buffer && self.spend_buffer(target) {
            return vec![Happened::Prevented(target)];
        }
        let pilot = match target {
            Target::Pilot(p) if usize::from(p) < self.pilots.len() => Some(p),
            _ => None,
        };
        match (micro, target) {
            (Micro::Chargeup(n), _) => match pilot {
                Some(p) => vec![self.gain_charges(p, *n)],
                None => vec![Happened::NoEffect],
            },
            (Micro::Fortify, _) => match pilot {
                Some(p) => {
                    let sheet = &mut self.pilots[usize::from(p)];
                    if sheet.buffers >= sheet.buffer_max {
                        return vec![Happened::NoEffect];
                    }
                    sheet.buffers += 1;
                    vec![Happened::Buffers(p, sheet.buffers)]
                }
                None => vec![Happened::NoEffect],
            },
            (Micro::Rally, _) => {
                if self.harmony >= HARMONY_VIOLET {
                    (0..self.pilots.len() as u8).map(|p| self.gain_charges(p, 1)).collect()
                } else {
                    self.harmony += 1;
                    vec![Happened::Harmony(self.harmony)]
                }
            }
            (Micro::Recover, _) => match (pilot, choices.commitment) {
                (Some(p), Some(which)) => {
                    let (fight, team) = self.full[usize::from(p)];
                    let sheet = &mut self.pilots[usize::from(p)];
                    let (value, full) = match which {
                        Commitment::Fight => (&mut sheet.fight, fight),
                        Commitment::Team => (&mut sheet.team, team),
                    };
                    if *value >= full {
                        return vec![Happened::NoEffect];
                    }
                    *value += 1;
                    vec![Happened::Committed(p, which, *value)]
                }
                _ => vec![Happened::NoEffect],
            },
            (Micro::Replenish(name), _) => match self.counters.iter_mut().find(|(n, _)| n == name) {
                Some((n, value)) => {
                    *value = value.saturating_add(1);
                    vec![Happened::Counter(n.clone(), *value)]
                }
                None => vec![Happened::NoEffect],
            },
            (Micro::Burn, Target::Pilot(_) | Target::Coach) => vec![Happened::Burn(target)],
            (Micro::Burn, _) => vec![Happened::NoEffect],
            (Micro::Tarry, _) => vec![Happened::Tarry],
            (Micro::Rebuild, _) => {
                if self.location != Location::Damaged {
                    return vec![Happened::NoEffect];
                }
                self.location = Location::Standing;
                vec![Happened::Location(self.location)]
            }
            (Micro::Purge, _) => match pilot {
                Some(p) => {
                    self.pilots[usize::from(p)].charges = 0;
                    vec![Happened::Charges(p, 0)]
                }
                None => vec![Happened::NoEffect],
            },
            (Micro::Strife, _) => {
                if self.harmony > HARMONY_RED {
                    self.harmony -= 1;
                    return vec![Happened::Harmony(self.harmony)];
                }
                // Already in the Red: +Trauma on each pilot, who each choose their Commitment
                // and whether to spend a Buffer, so the caller fires them.
                vec![Happened::Harmony(self.harmony), Happened::TraumaOnEach]
            }
            (Micro::Trauma, Target::Threat(t)) => match self.threats.get_mut(usize::from(t)) {
                Some(threat) if threat.rating > 0 => {
                    threat.rating -= 1;
                    vec![Happened::Rating(t, threat.rating)]
                }
                _ => vec![Happened::NoEffect],
            },
            (Micro::Trauma, _) => match pilot {
                Some(p) => {
                    let which = choices.commitment.unwrap_or_else(|| self.larger_commitment(p));
                    let sheet = &mut self.pilots[usize::from(p)];
                    let value = match which {
                        Commitment::Fight => &mut sheet.fight,
                        Commitment::Team => &mut sheet.team,
                    };
                    *value = value.saturating_sub(1);
                    vec![Happened::Committed(p, which, *value)]
                }
                None => vec![Happened::NoEffect],
            },
            (Micro::Ruin, _) => {
                self.location = match self.location {
                    Location::Standing => Location::Damaged,
                    Location::Damaged => Location::Razed,
                    Location::Razed => return vec![Happened::NoEffect],
                };
                vec![Happened::Location(self.location)]
            }
        }
    }

    /// Spends one of `target`'s Buffers, if it has one.
    fn spend_buffer(&mut self, target: Target) -> bool {
        let buffers = match target {
            Target::Pilot(p) => self.pilots.get_mut(usize::from(p)).map(|s| &mut s.buffers),
            Target::Threat(t) => self.threats.get_mut(usize::from(t)).map(|t| &mut t.buffers),
            Target::Coach | Target::Team => None,
        };
        match buffers {
            Some(b) if *b > 0 => {
                *b -= 1;
                true
            }
            _ => false,
        }
    }

    /// Gives pilot `p` up to `n` Charges, never over her maximum.
    fn gain_charges(&mut self, p: u8, n: u8) -> Happened {
        let sheet = &mut self.pilots[usize::from(p)];
        if sheet.charges >= sheet.charge_max {
            return Happened::NoEffect;
        }
        sheet.charges = sheet.charges.saturating_add(n).min(sheet.charge_max);
        Happened::Charges(p, sheet.charges)
    }

    /// The Commitment pilot `p` holds more of (Fight on a tie).
    fn larger_commitment(&self, p: u8) -> Commitment {
        let sheet = &self.pilots[usize::from(p)];
        if sheet.team > sheet.fight { Commitment::Team } else { Commitment::Fight }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(harmony: u8) -> Standing {
        Standing::new(
            harmony,
            vec![PilotSheet::named("Aiko"), PilotSheet::named("Bea")],
            vec![Threat::plain("Bully", 1, 0)],
            &["Fuel".to_string()],
        )
    }

    const NONE: Choices = Choices { buffer: false, commitment: None };

    #[test]
    fn rally_raises_harmony_and_at_violet_charges_every_pilot_instead() {
        let mut s = standing(6);
        assert_eq!(s.fire(&Micro::Rally, Target::Team, NONE), [Happened::Harmony(7)]);
        assert_eq!(s.fire(&Micro::Rally, Target::Team, NONE), [Happened::Charges(0, 1), Happened::Charges(1, 1)]);
        assert_eq!(s.harmony, 7);
    }

    #[test]
    fn strife_lowers_harmony_and_only_strife_arriving_in_the_red_traumatises_each_pilot() {
        let mut s = standing(2);
        assert_eq!(s.fire(&Micro::Strife, Target::Team, NONE), [Happened::Harmony(1)], "reaching the Red fires nothing more");
        assert_eq!(s.fire(&Micro::Strife, Target::Team, NONE), [Happened::Harmony(1), Happened::TraumaOnEach]);
        let buffered = Choices { buffer: true, commitment: None };
        assert_eq!(
            s.fire(&Micro::Strife, Target::Team, buffered),
            [Happened::Harmony(1), Happened::TraumaOnEach],
            "the team has no Buffer of its own"
        );
        assert_eq!(
            s.fire(&Micro::Strife, Target::Pilot(1), buffered),
            [Happened::Prevented(Target::Pilot(1))],
            "the pilot's Buffer stops it"
        );
        assert_eq!(s.pilots[1].buffers, 1);
    }

    #[test]
    fn a_buffer_prevents_one_point_of_damage_and_nothing_else() {
        let mut s = standing(4);
        s.pilots[0].charges = 2;
        let with_buffer = Choices { buffer: true, commitment: None };
        assert_eq!(s.fire(&Micro::Purge, Target::Pilot(0), with_buffer), [Happened::Prevented(Target::Pilot(0))]);
        assert_eq!((s.pilots[0].charges, s.pilots[0].buffers), (2, 1));
        assert_eq!(s.fire(&Micro::Purge, Target::Pilot(0), NONE), [Happened::Charges(0, 0)]);
        assert_eq!(s.fire(&Micro::Chargeup(1), Target::Pilot(0), with_buffer), [Happened::Charges(0, 1)], "no Buffer is spent on a gain");
        assert_eq!(s.pilots[0].buffers, 1);
        s.pilots[0].buffers = 0;
        assert_eq!(s.fire(&Micro::Purge, Target::Pilot(0), with_buffer), [Happened::Charges(0, 0)], "no Buffer left to spend");
    }

    #[test]
    fn chargeup_and_fortify_stop_at_the_maximum() {
        let mut s = standing(4);
        assert_eq!(s.fire(&Micro::Chargeup(5), Target::Pilot(1), NONE), [Happened::Charges(1, 3)]);
        assert_eq!(s.fire(&Micro::Chargeup(1), Target::Pilot(1), NONE), [Happened::NoEffect]);
        assert_eq!(s.fire(&Micro::Fortify, Target::Pilot(1), NONE), [Happened::NoEffect], "no Buffer spent yet");
        s.pilots[1].buffers = 0;
        assert_eq!(s.fire(&Micro::Fortify, Target::Pilot(1), NONE), [Happened::Buffers(1, 1)]);
    }

    #[test]
    fn trauma_lowers_a_chosen_commitment_to_crisis_and_recover_restores_only_what_was_lost() {
        let mut s = standing(4);
        let fight = Choices { buffer: false, commitment: Some(Commitment::Fight) };
        let team = Choices { buffer: false, commitment: Some(Commitment::Team) };
        assert_eq!(s.fire(&Micro::Recover, Target::Pilot(0), fight), [Happened::NoEffect], "nothing lost yet");
        for _ in 0..4 {
            s.fire(&Micro::Trauma, Target::Pilot(0), fight);
        }
        assert_eq!(s.pilots[0].fight, 0, "never below 0");
        s.fire(&Micro::Trauma, Target::Pilot(0), team);
        s.fire(&Micro::Trauma, Target::Pilot(0), team);
        assert!(s.pilots[0].in_crisis());
        assert_eq!(s.fire(&Micro::Recover, Target::Pilot(0), team), [Happened::Committed(0, Commitment::Team, 1)]);
        assert!(!s.pilots[0].in_crisis());
    }

    #[test]
    fn trauma_on_a_threat_lowers_its_rating_until_it_is_removed() {
        let mut s = standing(4);
        assert_eq!(s.fire(&Micro::Trauma, Target::Threat(0), NONE), [Happened::Rating(0, 0)]);
        assert_eq!(s.fire(&Micro::Trauma, Target::Threat(0), NONE), [Happened::NoEffect], "already removed");
    }

    #[test]
    fn the_location_is_ruined_in_two_steps_and_rebuilt_only_when_damaged() {
        let mut s = standing(4);
        assert_eq!(s.fire(&Micro::Rebuild, Target::Team, NONE), [Happened::NoEffect]);
        assert_eq!(s.fire(&Micro::Ruin, Target::Team, NONE), [Happened::Location(Location::Damaged)]);
        assert_eq!(s.fire(&Micro::Rebuild, Target::Team, NONE), [Happened::Location(Location::Standing)]);
        s.fire(&Micro::Ruin, Target::Team, NONE);
        assert_eq!(s.fire(&Micro::Ruin, Target::Team, NONE), [Happened::Location(Location::Razed)]);
        assert_eq!(s.fire(&Micro::Rebuild, Target::Team, NONE), [Happened::NoEffect], "a Razed Location is beyond repair");
        assert_eq!(s.fire(&Micro::Ruin, Target::Team, NONE), [Happened::NoEffect], "nor a target any more");
    }

    #[test]
    fn counters_burn_and_tarry() {
        let mut s = standing(4);
        assert_eq!(s.fire(&Micro::Replenish("Fuel".into()), Target::Team, NONE), [Happened::Counter("Fuel".into(), 1)]);
        assert_eq!(s.fire(&Micro::Replenish("Ammo".into()), Target::Team, NONE), [Happened::NoEffect]);
        assert_eq!(s.fire(&Micro::Burn, Target::Coach, NONE), [Happened::Burn(Target::Coach)]);
        assert_eq!(s.fire(&Micro::Tarry, Target::Team, NONE), [Happened::Tarry]);
        assert!(Micro::Strife.is_damage() && !Micro::Rally.is_damage());
    }
}
