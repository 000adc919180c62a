//! How tools set up and measure TAUNT: fighters drawn from the seed, in any of its ways of
//! playing (`--mode ffa`, …); the bot is measured on single fights.

use super::{Battle, Event, FighterId, Options, Setup, Taunt};
use crate::registry::{LabKind, LabOffer, LabTable, Sampled, Table};
use dojo_engine::Rng;

impl Sampled for Taunt {
    const ROUND_WORD: &'static str = "turns";
    const EVAL_UNIT: &'static str = "single fights (random fighters)";
    const MODES: &'static [&'static str] = &["duel", "ffa", "last-pobber", "team", "monsters", "wampires"];

    /// Two fighters for a duel or Wampires, four for the modes for more fighters.
    fn default_seats(mode: Option<&str>) -> usize {
        match mode.and_then(Battle::from_id) {
            Some(battle) => *battle.fighters().start().max(&4).min(battle.fighters().end()),
            None => 2,
        }
    }

    /// Fighters drawn from the seed (possibly the same one twice). A duel and Monsters are best
    /// of 3 (the trainers build their monsters in the game itself); the other modes are one fight. `wampires` is a Wampire duel for two, a Wampire
    /// Free-for-All for more.
    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        let (battle, wampires) = match table.mode {
            None => (Battle::Duel, false),
            Some("wampires") => (if table.seats == 2 { Battle::Duel } else { Battle::FreeForAll }, true),
            Some(id) => {
                let battle = Battle::from_id(id).ok_or_else(|| format!("TAUNT has no mode {id:?} (modes: {})", Self::MODES.join(", ")))?;
                (battle, false)
            }
        };
        if !battle.fighters().contains(&table.seats) {
            let range = battle.fighters();
            return Err(format!("{battle} is for {} to {} fighters, not {}", range.start(), range.end(), table.seats));
        }
        let mut rng = Rng::new(seed);
        let fighters: Vec<FighterId> = (0..table.seats).map(|_| FighterId::ALL[rng.below(FighterId::ALL.len())]).collect();
        let best_of = if battle.is_duel() { 3 } else { 1 };
        Ok(Setup::new(fighters, Options { best_of, battle, wampires, ..Options::default() }))
    }

    /// The bot is measured on single fights: a series is several fights in a row.
    fn eval_setup(seed: u64, table: Table) -> Result<Setup, String> {
        let setup = Self::seeded_setup(seed, table)?;
        Ok(Setup { options: Options { best_of: 1, ..setup.options }, ..setup })
    }

    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Revealed { .. })
    }

    /// The five fighters, for a duel.
    fn sides() -> Vec<String> {
        FighterId::ALL.iter().map(|f| f.to_string()).collect()
    }

    /// A duel between two (matchups), Last Pobber for three to six (how often each fighter
    /// is the last one standing).
    const LAB_SEATS: &'static [usize] = &[2, 3, 4, 5, 6];

    fn lab(seats: usize) -> Option<LabOffer> {
        let entries = Self::sides();
        match seats {
            2 => Some(LabOffer { kind: LabKind::Matchups, entries, noun: "fighters" }),
            3..=6 => Some(LabOffer { kind: LabKind::Holdings, entries, noun: "fighters" }),
            _ => None,
        }
    }

    /// A duel fight for two; for more, a Last Pobber fight with the fighters of `deal` in seat
    /// order (again from the start when there are more seats than fighters).
    fn lab_setup(seed: u64, seats: usize, deal: &[usize], custom: &str) -> Result<LabTable<Setup>, String> {
        if !custom.is_empty() {
            return Err("this game's lab plays only our own material".into());
        }
        if seats == 2 {
            let &[first, second] = deal else { return Err("a duel needs two fighters".into()) };
            return Ok(LabTable { setup: Self::side_setup(seed, first, second)?, held: vec![vec![first], vec![second]] });
        }
        if deal.is_empty() {
            return Err("choose at least one fighter".into());
        }
        let held: Vec<usize> = (0..seats).map(|s| deal[s % deal.len()]).collect();
        let fighters = held
            .iter()
            .map(|i| FighterId::ALL.get(*i).copied().ok_or_else(|| format!("TAUNT has no fighter {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        let setup = Setup::new(fighters, Options { best_of: 1, battle: Battle::LastStanding, ..Options::default() });
        setup.check().map_err(|e| e.to_string())?;
        Ok(LabTable { setup, held: held.into_iter().map(|f| vec![f]).collect() })
    }

    /// A single duel fight between two fighters (the same one twice is allowed).
    fn side_setup(_seed: u64, first: usize, second: usize) -> Result<Setup, String> {
        let fighter = |i: usize| FighterId::ALL.get(i).copied().ok_or_else(|| format!("TAUNT has no fighter {}", i + 1));
        let setup = Setup::new([fighter(first)?, fighter(second)?], Options { best_of: 1, battle: Battle::Duel, ..Options::default() });
        setup.check().map_err(|e| e.to_string())?;
        Ok(setup)
    }
}
