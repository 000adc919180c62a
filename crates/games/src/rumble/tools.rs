//! How tools set up and measure Rumble: heroes named by seat, a dozen powers of the set drawn
//! from the seed (`--mode beginner`: the beginner subset; `--mode all`: the whole set).

use super::catalog;
use super::{Event, Rumble, Setup};
use crate::registry::{LabAsk, LabKind, LabOffer, LabTable, Sampled, Table};
use dojo_engine::{GameRecord, Rng};

/// Powers drawn for a default table.
const DRAWN: usize = 12;

impl Sampled for Rumble {
    const ROUND_WORD: &'static str = "rounds";
    const EVAL_UNIT: &'static str = "games (a dozen powers drawn from the set)";
    const DEFAULT_SEATS: usize = 4;
    const MODES: &'static [&'static str] = &["beginner", "all"];

    fn seeded_setup(seed: u64, table: Table) -> Result<Setup, String> {
        if !(2..=8).contains(&table.seats) {
            return Err(format!("Rumble is played by 2 to 8 heroes, not {}", table.seats));
        }
        let mut rng = Rng::new(seed);
        let powers = match table.mode {
            None => {
                let mut all = catalog::all();
                rng.shuffle(&mut all);
                all.truncate(DRAWN);
                all
            }
            Some("beginner") => catalog::beginner(),
            Some("all") => catalog::all(),
            Some(other) => return Err(format!("Rumble has no mode {other:?} (modes: {})", Self::MODES.join(", "))),
        };
        let names: Vec<String> = (1..=table.seats).map(|i| format!("Hero {i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Ok(Setup::heroes(&names, powers, rng.next_u64()))
    }

    fn is_round(event: &Event) -> bool {
        matches!(event, Event::Round(_))
    }

    /// Two to eight heroes; four is the usual table.
    const LAB_SEATS: &'static [usize] = &[2, 3, 4, 5, 6, 7, 8];

    /// The lab compares the set's powers: how often the hero who holds one wins.
    fn lab(seats: usize) -> Option<LabOffer> {
        (2..=8).contains(&seats).then(|| LabOffer {
            kind: LabKind::Holdings,
            entries: catalog::all().into_iter().map(|id| catalog::card(id).name.to_string()).collect(),
            noun: "powers",
        })
    }

    /// A table of `seats` heroes bidding for a dozen powers drawn from `deal` (all of them when
    /// fewer are chosen); what each hero holds is known only once the auction is over.
    fn lab_setup(seed: u64, ask: LabAsk, deal: &[usize]) -> Result<LabTable<Setup>, String> {
        let seats = ask.seats;
        if !ask.mode.is_empty() || !ask.custom.is_empty() {
            return Err("Rumble's lab plays the set's powers, the usual way".into());
        }
        if !(2..=8).contains(&seats) {
            return Err(format!("Rumble is played by 2 to 8 heroes, not {seats}"));
        }
        let all = catalog::all();
        let mut powers = deal
            .iter()
            .map(|i| all.get(*i).copied().ok_or_else(|| format!("the set has no power {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        if powers.is_empty() {
            return Err("choose at least one power".into());
        }
        let mut rng = Rng::new(seed);
        rng.shuffle(&mut powers);
        powers.truncate(DRAWN);
        let names: Vec<String> = (1..=seats).map(|i| format!("Hero {i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Ok(LabTable { setup: Setup::heroes(&names, powers, rng.next_u64()), held: vec![Vec::new(); seats] })
    }

    /// The powers of the set each seat's hero holds at the end (typed-in ones are not in the
    /// lab's list).
    fn lab_held_at_end(&self) -> Option<Vec<Vec<usize>>> {
        let all = catalog::all();
        let held = (0..self.seats.len())
            .map(|seat| {
                self.heroes
                    .iter()
                    .filter(|h| usize::from(h.seat) == seat && !h.sidekick)
                    .flat_map(|h| &h.powers)
                    .filter_map(|p| match p.power {
                        super::PowerRef::Set(id) => all.iter().position(|a| *a == id),
                        super::PowerRef::Invented(_) => None,
                    })
                    .collect()
            })
            .collect();
        Some(held)
    }

    /// A record that starts after the auction, so no losing bid is in it.
    fn shareable(record: GameRecord<Rumble>) -> GameRecord<Rumble> {
        super::sealed_record(&record).unwrap_or_else(|_| GameRecord::new(Setup { start: super::Start::Auction, ..record.setup }))
    }
}
