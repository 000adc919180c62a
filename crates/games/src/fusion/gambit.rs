//! The Gambit's rules (notes `#gambit`): how the pilot's card against the Threshold opens the
//! outcomes, who chooses each outcome's consequences, which consequences are allowed, and how
//! they land. The Game wrapper (seats, views, hidden Threshold) builds on these.

use super::cards::{Card, gambit_higher};
use super::micro::{Choices, Happened, Micro, Standing, Target};
use serde::{Deserialize, Serialize};

/// The four outcomes of a Gambit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// A higher card: success, and one positive consequence.
    YesAnd,
    /// Success, and one negative consequence.
    YesBut,
    /// Failure, and one positive consequence.
    NoBut,
    /// Failure, one negative consequence, and the pilot gains a Charge at once.
    NoAnd,
}

/// The two sides of a Gambit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// The pilot who took the Gambit.
    Pilot,
    /// The Coach.
    Coach,
}

impl Outcome {
    /// The outcomes open after the reveal: "Yes, and…" alone for a higher card, otherwise the
    /// other three, for the pilot to pick from.
    pub fn open(card: Card, threshold: Card) -> &'static [Outcome] {
        if gambit_higher(card, threshold) { &[Outcome::YesAnd] } else { &[Outcome::YesBut, Outcome::NoBut, Outcome::NoAnd] }
    }

    /// Whether the pilot succeeds.
    pub fn success(self) -> bool {
        matches!(self, Outcome::YesAnd | Outcome::YesBut)
    }

    /// Whether its consequences are positive ones.
    pub fn positive(self) -> bool {
        matches!(self, Outcome::YesAnd | Outcome::NoBut)
    }

    /// Who chooses its consequences: the pilot the positive ones, the Coach the negative ones.
    pub fn chooser(self) -> Side {
        if self.positive() { Side::Pilot } else { Side::Coach }
    }

    /// How many consequences it brings: one, or two when the pilot's Specialty applies.
    pub fn consequences(self, specialty: bool) -> usize {
        if specialty { 2 } else { 1 }
    }

    /// Whether it records a Lesson: a "No, and…" on the pilot's Specialty.
    pub fn lesson(self, specialty: bool) -> bool {
        specialty && self == Outcome::NoAnd
    }

    /// How it is said at the table.
    pub fn words(self) -> &'static str {
        match self {
            Outcome::YesAnd => "Yes, and…",
            Outcome::YesBut => "Yes, but…",
            Outcome::NoBut => "No, but…",
            Outcome::NoAnd => "No, and…",
        }
    }
}

/// One consequence of a Gambit.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Consequence {
    /// A microevent, aimed at a target.
    Fire(Micro, Target),
    /// One of an involved Threat's Waves, by Threat and Wave.
    Wave(u8, u8),
    /// Something the table tells in its own words (the site records only that it was told).
    Told,
}

/// Why a consequence is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConsequenceError {
    /// A positive outcome with a negative consequence, or the reverse.
    WrongKind,
    /// The second consequence of a Specialty repeats the first.
    Repeated,
    /// The target does not exist, or cannot take this microevent.
    BadTarget,
    /// A Wave the Threat does not have.
    NoSuchWave,
    /// More or fewer consequences than the outcome brings.
    WrongCount,
}

impl std::fmt::Display for ConsequenceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ConsequenceError::WrongKind => "that consequence is of the other kind (positive or negative)",
            ConsequenceError::Repeated => "the Specialty's second consequence must differ from the first",
            ConsequenceError::BadTarget => "that target cannot take this consequence",
            ConsequenceError::NoSuchWave => "that Threat has no such Wave",
            ConsequenceError::WrongCount => "the outcome brings a different number of consequences",
        })
    }
}

/// Checks one consequence for an outcome of this kind against the standing.
pub fn check_one(positive: bool, consequence: &Consequence, pilot: u8, standing: &Standing) -> Result<(), ConsequenceError> {
    let pilots = standing.pilots.len() as u8;
    match consequence {
        Consequence::Told => Ok(()),
        Consequence::Wave(threat, wave) => {
            if positive {
                return Err(ConsequenceError::WrongKind);
            }
            let threat = standing.threats.get(usize::from(*threat)).filter(|t| t.rating > 0).ok_or(ConsequenceError::BadTarget)?;
            threat.waves.get(usize::from(*wave)).map(|_| ()).ok_or(ConsequenceError::NoSuchWave)
        }
        Consequence::Fire(micro, target) => {
            let allowed = if positive {
                matches!(micro, Micro::Chargeup(1) | Micro::Fortify | Micro::Recover | Micro::Replenish(_) | Micro::Rebuild)
            } else {
                matches!(micro, Micro::Purge | Micro::Strife)
            };
            if !allowed {
                return Err(ConsequenceError::WrongKind);
            }
            let fits = match (micro, target) {
                (Micro::Replenish(name), Target::Team) => standing.counters.iter().any(|(n, _)| n == name),
                (Micro::Rebuild, Target::Team) => true,
                (Micro::Strife, Target::Pilot(p)) => *p == pilot,
                (Micro::Replenish(_) | Micro::Rebuild, _) => false,
                (_, Target::Pilot(p)) => *p < pilots,
                _ => false,
            };
            if fits { Ok(()) } else { Err(ConsequenceError::BadTarget) }
        }
    }
}

/// Checks the consequences chosen for `outcome` (with the Specialty or not) on pilot `pilot`.
pub fn check_consequences(
    outcome: Outcome,
    specialty: bool,
    pilot: u8,
    chosen: &[Consequence],
    standing: &Standing,
) -> Result<(), ConsequenceError> {
    if chosen.len() != outcome.consequences(specialty) {
        return Err(ConsequenceError::WrongCount);
    }
    for consequence in chosen {
        check_one(outcome.positive(), consequence, pilot, standing)?;
    }
    if let [first, second] = chosen
        && same_effect(first, second)
    {
        return Err(ConsequenceError::Repeated);
    }
    Ok(())
}

/// Whether two consequences are the same trigger (told ones never are).
pub fn same_effect(a: &Consequence, b: &Consequence) -> bool {
    match (a, b) {
        (Consequence::Fire(x, _), Consequence::Fire(y, _)) => std::mem::discriminant(x) == std::mem::discriminant(y),
        (Consequence::Wave(t, w), Consequence::Wave(u, v)) => (t, w) == (u, v),
        _ => false,
    }
}

/// Carries out a checked outcome on pilot `pilot`: "No, and…"'s own Charge first, then each
/// consequence in order (a Wave fires its microevents at the pilot), then the Lesson. `choices`
/// are the target's for each damage (a Buffer spent or not). What happened, in order.
pub fn resolve(
    outcome: Outcome,
    specialty: bool,
    pilot: u8,
    chosen: &[Consequence],
    choices: Choices,
    standing: &mut Standing,
) -> Vec<Happened> {
    let mut happened = Vec::new();
    if outcome == Outcome::NoAnd {
        happened.extend(standing.fire(&Micro::Chargeup(1), Target::Pilot(pilot), Choices::default()));
    }
    for consequence in chosen {
        match consequence {
            Consequence::Fire(micro, target) => happened.extend(standing.fire(micro, *target, choices)),
            Consequence::Wave(threat, wave) => {
                let fires = standing.threats[usize::from(*threat)].waves[usize::from(*wave)].fires.clone();
                for micro in &fires {
                    happened.extend(standing.fire(micro, Target::Pilot(pilot), choices));
                }
            }
            Consequence::Told => {}
        }
    }
    if outcome.lesson(specialty) {
        standing.pilots[usize::from(pilot)].lessons += 1;
    }
    happened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fusion::cards::{Rank, Suit};
    use crate::fusion::sheet::{PilotSheet, Surge, Threat};

    fn standing() -> Standing {
        let mut bully = Threat::plain("Bully", 2, 0);
        bully.waves.push(Surge { name: "Shove".into(), fires: vec![Micro::Purge] });
        Standing::new(4, vec![PilotSheet::named("Aiko"), PilotSheet::named("Bea")], vec![bully], &[])
    }

    #[test]
    fn a_higher_card_opens_only_yes_and_anything_else_the_other_three() {
        let seven = |suit| Card::new(Rank::Seven, suit);
        assert_eq!(Outcome::open(seven(Suit::Spades), seven(Suit::Hearts)), [Outcome::YesAnd]);
        assert_eq!(Outcome::open(seven(Suit::Hearts), seven(Suit::Hearts)), [Outcome::YesBut, Outcome::NoBut, Outcome::NoAnd]);
        assert_eq!(Outcome::open(Card::new(Rank::Two, Suit::Spades), Card::new(Rank::Ace, Suit::Clubs)).len(), 3);
    }

    #[test]
    fn the_pilot_picks_positives_and_the_coach_negatives() {
        assert_eq!(Outcome::YesAnd.chooser(), Side::Pilot);
        assert_eq!(Outcome::NoBut.chooser(), Side::Pilot);
        assert_eq!(Outcome::YesBut.chooser(), Side::Coach);
        assert_eq!(Outcome::NoAnd.chooser(), Side::Coach);
        assert!(Outcome::YesBut.success() && !Outcome::NoBut.success());
    }

    #[test]
    fn consequences_are_checked_for_kind_target_count_and_repetition() {
        let s = standing();
        let charge = Consequence::Fire(Micro::Chargeup(1), Target::Pilot(0));
        let purge = Consequence::Fire(Micro::Purge, Target::Pilot(0));
        assert_eq!(check_consequences(Outcome::YesAnd, false, 0, std::slice::from_ref(&charge), &s), Ok(()));
        assert_eq!(check_consequences(Outcome::YesAnd, false, 0, std::slice::from_ref(&purge), &s), Err(ConsequenceError::WrongKind));
        assert_eq!(check_consequences(Outcome::NoAnd, false, 0, &[Consequence::Wave(0, 0)], &s), Ok(()));
        assert_eq!(check_consequences(Outcome::NoAnd, false, 0, &[Consequence::Wave(0, 1)], &s), Err(ConsequenceError::NoSuchWave));
        assert_eq!(
            check_consequences(Outcome::NoAnd, false, 0, &[Consequence::Fire(Micro::Strife, Target::Pilot(1))], &s),
            Err(ConsequenceError::BadTarget)
        );
        assert_eq!(check_consequences(Outcome::YesAnd, true, 0, std::slice::from_ref(&charge), &s), Err(ConsequenceError::WrongCount));
        assert_eq!(
            check_consequences(Outcome::YesAnd, true, 0, &[charge.clone(), Consequence::Fire(Micro::Chargeup(1), Target::Pilot(1))], &s),
            Err(ConsequenceError::Repeated)
        );
        assert_eq!(check_consequences(Outcome::YesAnd, true, 0, &[charge, Consequence::Told], &s), Ok(()));
        assert_eq!(
            check_consequences(Outcome::YesAnd, true, 0, &[Consequence::Told, Consequence::Told], &s),
            Ok(()),
            "two told consequences are two stories"
        );
        assert_eq!(
            check_consequences(Outcome::YesAnd, false, 0, &[Consequence::Fire(Micro::Chargeup(2), Target::Pilot(0))], &s),
            Err(ConsequenceError::WrongKind),
            "one point only"
        );
    }

    #[test]
    fn no_and_charges_first_so_an_unprevented_purge_takes_that_charge_and_a_specialty_records_a_lesson() {
        let mut s = standing();
        let chosen = [Consequence::Fire(Micro::Purge, Target::Pilot(0)), Consequence::Fire(Micro::Strife, Target::Pilot(0))];
        check_consequences(Outcome::NoAnd, true, 0, &chosen, &s).unwrap();
        let happened = resolve(Outcome::NoAnd, true, 0, &chosen, Choices::default(), &mut s);
        assert_eq!(happened, [Happened::Charges(0, 1), Happened::Charges(0, 0), Happened::Harmony(3)]);
        assert_eq!(s.pilots[0].lessons, 1);
    }

    #[test]
    fn a_wave_fires_its_microevents_at_the_pilot_and_a_buffer_may_stop_them() {
        let mut s = standing();
        s.pilots[0].charges = 2;
        let happened = resolve(Outcome::YesBut, false, 0, &[Consequence::Wave(0, 0)], Choices { buffer: true, commitment: None }, &mut s);
        assert_eq!(happened, [Happened::Prevented(Target::Pilot(0))]);
        assert_eq!(s.pilots[0].charges, 2);
        assert_eq!(s.pilots[0].lessons, 0);
    }
}
