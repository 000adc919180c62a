//! How tools set up and measure DRAGON PUNCH: our reconstructed set, characters drawn from the
//! seed, matches of two won rounds; `--mode tag-team` (two characters each) and `--mode custom`
//! (Custom Character: both players pick their hands in secret).

use super::{CardSet, DragonPunch, Event, Loadout, Setup, set};
use crate::registry::{LabAsk, LabKind, LabOffer, LabTable, Sampled, Table};
use dojo_engine::Rng;

impl Sampled for DragonPunch {
    const ROUND_WORD: &'static str = "turns";
    const EVAL_UNIT: &'static str = "best-of-3-round matches (random characters)";
    const MODES: &'static [&'static str] = &["tag-team", "custom"];

    /// Characters drawn from the seed, from our reconstructed set.
    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        if table.seats != 2 {
            return Err(format!("DRAGON PUNCH is played by 2, not {}", table.seats));
        }
        let set = set::reconstructed();
        let mut rng = Rng::new(seed);
        let n = set.characters.len();
        let mut two = || {
            let first = rng.below(n);
            [first, (first + 1 + rng.below(n - 1)) % n]
        };
        match table.mode {
            None => Ok(Setup::standard(set, [rng.below(n), rng.below(n)])),
            Some("tag-team") => {
                let (a, b) = (two(), two());
                Ok(Setup {
                    set: set.into(),
                    players: [Loadout::tag_team(a[0], a[1]), Loadout::tag_team(b[0], b[1])],
                    custom: false,
                    turbo: false,
                })
            }
            Some("custom") => Ok(Setup::custom(set)),
            Some(other) => Err(format!("DRAGON PUNCH has no mode {other:?} (modes: {})", Self::MODES.join(", "))),
        }
    }

    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }

    /// The characters of our reconstructed set.
    fn sides() -> Vec<String> {
        set::reconstructed().characters.into_iter().map(|c| c.name).collect()
    }

    fn side_setup(_seed: u64, first: usize, second: usize) -> Result<Setup, String> {
        let setup = Setup::standard(set::reconstructed(), [first, second]);
        setup.check().map_err(|e| e.to_string())?;
        Ok(setup)
    }

    /// Our set's characters, or those of a set from a link (`custom`: its piece, as the card
    /// editor shares it), in matchups.
    fn lab_with(ask: LabAsk) -> Result<LabOffer, String> {
        if ask.seats != 2 || !ask.mode.is_empty() {
            return Err(format!("DRAGON PUNCH's lab plays single characters, two at a table, not {}", ask.seats));
        }
        let set = lab_set(ask.custom)?;
        Ok(LabOffer { kind: LabKind::Matchups, entries: set.characters.into_iter().map(|c| c.name).collect(), noun: "characters" })
    }

    fn lab_setup(_seed: u64, ask: LabAsk, deal: &[usize]) -> Result<LabTable<Setup>, String> {
        Self::lab_with(ask)?;
        let &[first, second] = deal else { return Err("a matchup needs two characters".into()) };
        let setup = Setup::standard(lab_set(ask.custom)?, [first, second]);
        setup.check().map_err(|e| e.to_string())?;
        Ok(LabTable { setup, held: vec![vec![first], vec![second]] })
    }
}

/// The set a lab run plays: ours, or the one in a link's piece.
fn lab_set(custom: &str) -> Result<CardSet, String> {
    if custom.is_empty() { Ok(set::reconstructed()) } else { CardSet::from_link(custom).map_err(|e| e.to_string()) }
}
