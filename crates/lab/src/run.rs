//! One game of a lab run, played by the computer on both sides.

use crate::plan::{Job, LabKind, Plan};
use dojo_bot::Policy;
use dojo_engine::{Rng, Seat, apply, joint_from};
use dojo_games::registry::Sampled;
use serde::{Deserialize, Serialize};

/// Steps after which a game is cut off and counted as a draw (a game the rules let run on).
pub const MAX_STEPS: usize = 4000;

/// How one game of a run went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The game.
    pub job: Job,
    /// True when the pair's first side (matchups) or the first level's computer (variants)
    /// sat in the first seat; always true for holdings.
    pub first_side_first: bool,
    /// In half points (2 a win, 1 a draw or a shared first place, 0 a loss): the pair's first
    /// side's result (matchups), the first level's computer's (variants), the first seat's
    /// (holdings).
    pub half_points: u8,
    /// Reveals the game took (breaths, turns: the game's rounds).
    pub rounds: u32,
    /// True when it was cut off after [`MAX_STEPS`] steps and counted as a draw.
    pub unfinished: bool,
    /// For holdings: each seat's entries at the end and its result.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatResult>,
}

/// One seat's part in a holdings game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    /// The entries it held (places in the game's lab list).
    pub held: Vec<u16>,
    /// Its result in half points.
    pub half_points: u8,
    /// True when it was handed entries at the start (FUSION's pilots, every TAUNT fighter;
    /// no Rumble hero, whose powers are bought in play).
    #[serde(default)]
    pub dealt: bool,
}

impl Played {
    /// The first seat's result in half points.
    pub fn first_seat_half_points(&self) -> u8 {
        if self.first_side_first { self.half_points } else { 2 - self.half_points }
    }
}

/// The seed of one game of `plan`: the same wherever and whenever it is played.
fn game_seed(plan: &Plan, job: Job) -> u64 {
    let mut rng = Rng::new(plan.seed ^ (u64::from(job.pair) << 32 | u64::from(job.game)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

/// What game `job` of `plan` deals: the pair's sides (first seat first), the variant, or the
/// entries in the order they are handed out (turned round by one each game, so every entry
/// is held as often as the others over a round of games, at every place); and whether the pair's first side or the first level's
/// computer sits first.
fn deal(plan: &Plan, job: Job) -> Result<(Vec<usize>, bool), String> {
    let first_side_first = job.game.is_multiple_of(2);
    let group = job.pair as usize;
    match plan.kind {
        LabKind::Matchups => {
            let (a, b) = *plan.pairs().get(group).ok_or_else(|| format!("the run has no pair {}", group + 1))?;
            let (first, second) = if first_side_first { (a, b) } else { (b, a) };
            Ok((vec![plan.sides[first], plan.sides[second]], first_side_first))
        }
        LabKind::Variants => {
            let variant = *plan.sides.get(group).ok_or_else(|| format!("the run has no variant {}", group + 1))?;
            Ok((vec![variant], first_side_first))
        }
        LabKind::Holdings => {
            let n = plan.sides.len().max(1);
            let turn = job.game as usize % n;
            Ok(((0..n).map(|i| plan.sides[(turn + i) % n]).collect(), true))
        }
    }
}

/// A seat's result in half points: 2 when the first place holds only it or its team, 1 when
/// it shares the first place with others, 0 otherwise.
fn half_points_of(outcome: &dojo_engine::Outcome, seat: Seat) -> u8 {
    let Some(top) = outcome.places.first() else { return 1 };
    let team: Vec<Seat> = outcome.teams.iter().find(|t| t.contains(&seat)).cloned().unwrap_or_else(|| vec![seat]);
    if top.iter().all(|s| team.contains(s)) {
        2
    } else if top.iter().any(|s| team.contains(s)) {
        1
    } else {
        0
    }
}

/// Plays game `job` of `plan`, every seat by the computer: a matchup's two sides or a
/// variant's two computers with seats swapped every other game, or a table whose seats hold
/// entries. Only the plan and the job decide the game, so it is the same in a browser's
/// worker and on the command line.
pub fn play<G: Sampled>(plan: &Plan, job: Job) -> Result<Played, String> {
    let (deal, first_side_first) = deal(plan, job)?;
    let mut rng = Rng::new(game_seed(plan, job));
    let table = G::lab_setup(rng.next_u64(), plan.ask(), &deal)?;
    let policies: Vec<Policy> = match plan.kind {
        // The first level plays the pair's first side (or is the first computer), wherever it sits.
        LabKind::Matchups | LabKind::Variants => {
            let [a, b] = plan.levels;
            if first_side_first { vec![Policy::Bot(a), Policy::Bot(b)] } else { vec![Policy::Bot(b), Policy::Bot(a)] }
        }
        LabKind::Holdings => {
            let anyone_holds = table.held.iter().any(|h| !h.is_empty());
            (0..plan.seats)
                .map(|s| {
                    let holds = table.held.get(s).is_some_and(|h| !h.is_empty());
                    Policy::Bot(if holds || !anyone_holds { plan.levels[0] } else { plan.levels[1] })
                })
                .collect()
        }
    };
    let dealt: Vec<bool> = (0..plan.seats).map(|s| table.held.get(s).is_some_and(|h| !h.is_empty())).collect();
    let mut state = G::from_setup(&table.setup).map_err(|e| e.to_string())?;
    if state.seat_count() != policies.len() {
        return Err(format!("the game seats {}, not {}", state.seat_count(), policies.len()));
    }
    let mut rounds = 0u32;
    for _ in 0..MAX_STEPS {
        let Some(outcome) = state.outcome() else {
            let joint = joint_from(&state, |s, _| policies[s.index()].act::<G>(&state.view_for(s), s, &mut rng))
                .ok_or("an acting seat has no legal action")?;
            let events = apply(&mut state, &joint).map_err(|e| e.to_string())?;
            rounds += events.iter().filter(|e| G::is_round(e)).count() as u32;
            continue;
        };
        let held = state.lab_held_at_end().unwrap_or(table.held);
        return Ok(match plan.kind {
            LabKind::Matchups | LabKind::Variants => {
                let seat_of_first = Seat(u8::from(!first_side_first));
                Played {
                    job,
                    first_side_first,
                    half_points: half_points_of(&outcome, seat_of_first),
                    rounds,
                    unfinished: false,
                    seats: Vec::new(),
                }
            }
            LabKind::Holdings => {
                let seats = (0..plan.seats)
                    .map(|s| SeatResult {
                        held: held.get(s).map(|h| h.iter().map(|e| *e as u16).collect()).unwrap_or_default(),
                        half_points: half_points_of(&outcome, Seat(s as u8)),
                        dealt: dealt[s],
                    })
                    .collect::<Vec<_>>();
                Played { job, first_side_first, half_points: seats[0].half_points, rounds, unfinished: false, seats }
            }
        });
    }
    let held = state.lab_held_at_end().unwrap_or(table.held);
    let seats = if plan.kind == LabKind::Holdings {
        (0..plan.seats)
            .map(|s| SeatResult {
                held: held.get(s).map(|h| h.iter().map(|e| *e as u16).collect()).unwrap_or_default(),
                half_points: 1,
                dealt: dealt[s],
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Played { job, first_side_first, half_points: 1, rounds, unfinished: true, seats })
}
