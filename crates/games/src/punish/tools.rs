//! How tools deal and measure PUNISH: a shuffled deal, matches of best of 3; the variants the
//! balance lab compares.

use super::{Event, Options, Punish, Setup};
use crate::registry::{LabAsk, LabKind, LabOffer, LabTable, Sampled, Table, two_seats_only};

impl Sampled for Punish {
    const ROUND_WORD: &'static str = "breaths";
    const EVAL_UNIT: &'static str = "best-of-3 matches";
    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        two_seats_only("PUNISH", table)?;
        Ok(Setup::deal(seed, Options::default()))
    }
    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }

    /// PUNISH has no sides: the lab compares its options ([`LAB_VARIANTS`]), each a single
    /// game between two computers.
    fn lab(seats: usize) -> Option<LabOffer> {
        (seats == 2).then(|| LabOffer {
            kind: LabKind::Variants,
            entries: LAB_VARIANTS.iter().map(|(name, _)| name.to_string()).collect(),
            noun: "options",
        })
    }

    fn lab_setup(seed: u64, ask: LabAsk, deal: &[usize]) -> Result<LabTable<Setup>, String> {
        let seats = ask.seats;
        if !ask.mode.is_empty() || !ask.custom.is_empty() {
            return Err("PUNISH's lab plays its options, with our own cards".into());
        }
        two_seats_only("PUNISH", Table::of(seats))?;
        let &[variant] = deal else { return Err("a PUNISH lab game plays one variant".into()) };
        let (_, options) = LAB_VARIANTS.get(variant).ok_or_else(|| format!("PUNISH has no variant {}", variant + 1))?;
        Ok(LabTable { setup: Setup::deal(seed, *options), held: vec![Vec::new(), Vec::new()] })
    }
}

/// The variants the balance lab compares: the printed optional rules and our hearts and
/// recovery settings, one at a time, each a single game (not a match) so a run measures games.
pub const LAB_VARIANTS: [(&str, Options); 7] = {
    const ONE: Options = Options { blindfolded: false, feint: false, blitz: false, best_of: 1, hearts: 3, heart_recovery: true };
    [
        ("Standard", ONE),
        ("Feint", Options { feint: true, ..ONE }),
        ("Blitz", Options { blitz: true, ..ONE }),
        ("Blindfolded", Options { blindfolded: true, ..ONE }),
        ("No recovery", Options { heart_recovery: false, ..ONE }),
        ("One heart", Options { hearts: 1, ..ONE }),
        ("Five hearts", Options { hearts: 5, ..ONE }),
    ]
};
