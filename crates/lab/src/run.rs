//! One game of a lab run, played by the computer on both sides.

use crate::plan::{Job, Plan};
use dojo_bot::Policy;
use dojo_engine::{Rng, Seat, apply, joint_from};
use dojo_games::registry::Sampled;
use serde::{Deserialize, Serialize};

/// Steps after which a game is cut off and counted as a draw (a game the rules let run on).
pub const MAX_STEPS: usize = 4000;

/// How one game of a run went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The game.
    pub job: Job,
    /// True when the pair's first side sat in the first seat.
    pub first_side_first: bool,
    /// The pair's first side's result in half points: 2 a win, 1 a draw, 0 a loss.
    pub half_points: u8,
    /// Reveals the game took (breaths, turns: the game's rounds).
    pub rounds: u32,
    /// True when it was cut off after [`MAX_STEPS`] steps and counted as a draw.
    pub unfinished: bool,
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

/// Plays game `job` of `plan`: the pair's two sides, seats swapped every other game, each
/// played by the computer at its side's level. Only the plan and the job decide the game, so
/// it is the same in a browser's worker and on the command line.
pub fn play<G: Sampled>(plan: &Plan, job: Job) -> Result<Played, String> {
    let pairs = plan.pairs();
    let (a, b) = *pairs.get(job.pair as usize).ok_or_else(|| format!("the run has no pair {}", job.pair + 1))?;
    let first_side_first = job.game.is_multiple_of(2);
    let (first, second) = if first_side_first { (a, b) } else { (b, a) };
    let level = |side: usize| plan.levels[usize::from(side != a)];
    let policies = [Policy::Bot(level(first)), Policy::Bot(level(second))];
    let mut rng = Rng::new(game_seed(plan, job));
    let setup = G::side_setup(rng.next_u64(), plan.sides[first], plan.sides[second])?;
    let mut state = G::from_setup(&setup).map_err(|e| e.to_string())?;
    let mut rounds = 0u32;
    for _ in 0..MAX_STEPS {
        let Some(outcome) = state.outcome() else {
            let joint = joint_from(&state, |s, _| policies[s.index()].act::<G>(&state.view_for(s), s, &mut rng))
                .ok_or("an acting seat has no legal action")?;
            let events = apply(&mut state, &joint).map_err(|e| e.to_string())?;
            rounds += events.iter().filter(|e| G::is_round(e)).count() as u32;
            continue;
        };
        let seat_of_a = Seat(u8::from(!first_side_first));
        let half_points = match outcome.places.first() {
            Some(top) if top.contains(&seat_of_a) => {
                if top.len() > 1 {
                    1
                } else {
                    2
                }
            }
            _ => 0,
        };
        return Ok(Played { job, first_side_first, half_points, rounds, unfinished: false });
    }
    Ok(Played { job, first_side_first, half_points: 1, rounds, unfinished: true })
}
