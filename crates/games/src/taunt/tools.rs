//! How tools set up and measure TAUNT: fighters drawn from the seed, in any of its ways of
//! playing (`--mode ffa`, …); the bot is measured on single fights.

use super::{Battle, Event, FighterId, Options, Setup, Taunt};
use crate::registry::{LabAsk, LabKind, LabOffer, LabTable, Sampled, Table};
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

    /// The usual way: a duel between two (matchups), Last Pobber for three to six (how often
    /// each fighter is the last one standing).
    const LAB_SEATS: &'static [usize] = &[2, 3, 4, 5, 6];
    /// Beside the usual way: Free-for-All (the first to defeat another wins), Team (two
    /// against two) and Wampires (a duel for two, a Free-for-All for more).
    const LAB_MODES: &'static [(&'static str, &'static str)] = &[("ffa", "Free-for-All"), ("team", "Team"), ("wampires", "Wampires")];

    fn lab(seats: usize) -> Option<LabOffer> {
        Self::lab_with(LabAsk::seats(seats)).ok()
    }

    fn lab_with(ask: LabAsk) -> Result<LabOffer, String> {
        if !ask.custom.is_empty() {
            return Err("TAUNT's lab plays our own fighters".into());
        }
        let (battle, _) = lab_battle(ask)?;
        let kind = if battle == Battle::Duel { LabKind::Matchups } else { LabKind::Holdings };
        Ok(LabOffer { kind, entries: Self::sides(), noun: "fighters" })
    }

    /// A single fight: a duel for two; for more, the way's fight with the fighters of `deal`
    /// in seat order (again from the start when there are more seats than fighters).
    fn lab_setup(seed: u64, ask: LabAsk, deal: &[usize]) -> Result<LabTable<Setup>, String> {
        let (battle, wampires) = lab_battle(ask)?;
        if battle == Battle::Duel && !wampires {
            let &[first, second] = deal else { return Err("a duel needs two fighters".into()) };
            return Ok(LabTable { setup: Self::side_setup(seed, first, second)?, held: vec![vec![first], vec![second]] });
        }
        if deal.is_empty() {
            return Err("choose at least one fighter".into());
        }
        let held: Vec<usize> = (0..ask.seats).map(|s| deal[s % deal.len()]).collect();
        let fighters = held
            .iter()
            .map(|i| FighterId::ALL.get(*i).copied().ok_or_else(|| format!("TAUNT has no fighter {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        let setup = Setup::new(fighters, Options { best_of: 1, battle, wampires, ..Options::default() });
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

/// The fight a lab run of TAUNT plays for `ask`, and whether with Wampires; or why there is
/// none at that table.
fn lab_battle(ask: LabAsk) -> Result<(Battle, bool), String> {
    let (battle, wampires) = match (ask.mode, ask.seats) {
        ("", 2) => (Battle::Duel, false),
        ("", _) => (Battle::LastStanding, false),
        ("ffa", _) => (Battle::FreeForAll, false),
        ("team", _) => (Battle::Team, false),
        ("wampires", 2) => (Battle::Duel, true),
        ("wampires", _) => (Battle::FreeForAll, true),
        (other, _) => return Err(format!("TAUNT's lab has no way of playing {other:?}")),
    };
    if !battle.fighters().contains(&ask.seats) {
        let range = battle.fighters();
        return Err(format!("{battle} is for {} to {} fighters, not {}", range.start(), range.end(), ask.seats));
    }
    Ok((battle, wampires))
}
