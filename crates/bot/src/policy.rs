//! Ways to choose an action from a view: the difficulty levels and the yardstick players.

use crate::hints::SearchHints;
use crate::search::{Explained, SearchConfig, TimeBudget, search, search_explained};
use crate::strategy::Strategy;
use dojo_engine::{Outcome, Rng, Seat, apply};
use serde::{Deserialize, Serialize};

/// The difficulty levels offered on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// A short search, with a third of its choices made at random.
    Easy,
    /// A moderate search with a little randomness.
    Medium,
    /// The full search, noise trimmed.
    Hard,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name for people.
    pub fn label(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
    }

    /// Search effort of this level.
    pub fn search_config(self) -> SearchConfig {
        // Measured with `dojo bot-eval punish --level …`; see the closing notes of the foundation issue.
        let (iterations, opponent_exploration) = match self {
            Level::Easy => (200, 0.15),
            Level::Medium => (1000, 0.3),
            Level::Hard => (6000, 0.5),
        };
        SearchConfig { iterations, opponent_exploration, ..SearchConfig::default() }
    }

    /// Actions the search gives less probability than this are treated as search noise and dropped.
    pub fn floor(self) -> f64 {
        match self {
            Level::Hard => 0.05,
            _ => 0.0,
        }
    }

    /// The mixed strategy this level plays from `view` as `seat`: the search's answer, trimmed
    /// of noise and mixed with randomness as the level prescribes.
    pub fn strategy<G: SearchHints>(self, view: &G::View, seat: Seat, rng: &mut Rng) -> Strategy<G::Action> {
        self.strategy_within::<G>(view, seat, rng, None)
    }

    /// [`Level::strategy`] with its search cut short when `budget` runs out (the browser's
    /// computer answers in time on a slow phone; `dojo bot-eval --budget-ms` measures the cost).
    pub fn strategy_within<G: SearchHints>(
        self,
        view: &G::View,
        seat: Seat,
        rng: &mut Rng,
        budget: Option<TimeBudget>,
    ) -> Strategy<G::Action> {
        let config = SearchConfig { budget, ..self.search_config() };
        search::<G>(view, seat, &config, rng).purified(self.floor()).mixed_with_uniform(self.randomness())
    }

    /// [`Level::strategy_within`], with what the search expected of the seats deciding at the
    /// same moment (for a page that explains the computer's move afterwards).
    pub fn explained_within<G: SearchHints>(
        self,
        view: &G::View,
        seat: Seat,
        rng: &mut Rng,
        budget: Option<TimeBudget>,
    ) -> Explained<G::Action> {
        let config = SearchConfig { budget, ..self.search_config() };
        let mut explained = search_explained::<G>(view, seat, &config, rng);
        explained.strategy = explained.strategy.purified(self.floor()).mixed_with_uniform(self.randomness());
        explained
    }

    /// Share of uniformly random play mixed into the search's answer.
    pub fn randomness(self) -> f64 {
        match self {
            Level::Easy => 0.35,
            Level::Medium => 0.1,
            Level::Hard => 0.0,
        }
    }
}

/// A way of playing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// Every legal action equally likely.
    Random,
    /// Picks the action with the best average position after one step, against random replies.
    Greedy {
        /// States sampled from the view per candidate action.
        samples: usize,
    },
    /// The search bot at a difficulty level.
    Bot(Level),
    /// The search bot with explicit settings (for tuning and measurement).
    Search {
        /// Search effort.
        config: SearchConfig,
        /// Actions the search gives less than this probability are dropped.
        floor: f64,
        /// Share of uniformly random play mixed in afterwards.
        randomness: f64,
    },
}

impl Policy {
    /// The mixed strategy this policy plays from `view` as `seat`.
    pub fn strategy<G: SearchHints>(&self, view: &G::View, seat: Seat, rng: &mut Rng) -> Strategy<G::Action> {
        match self {
            Policy::Random => Strategy::uniform(&G::determinize(view, rng).legal_actions(seat)),
            Policy::Greedy { samples } => greedy::<G>(view, seat, *samples, rng),
            Policy::Bot(level) => Policy::Search { config: level.search_config(), floor: level.floor(), randomness: level.randomness() }
                .strategy::<G>(view, seat, rng),
            Policy::Search { config, floor, randomness } => {
                search::<G>(view, seat, config, rng).purified(*floor).mixed_with_uniform(*randomness)
            }
        }
    }

    /// Draws this policy's action from `view` as `seat`.
    pub fn act<G: SearchHints>(&self, view: &G::View, seat: Seat, rng: &mut Rng) -> G::Action {
        self.strategy::<G>(view, seat, rng).sample(rng)
    }
}

fn greedy<G: SearchHints>(view: &G::View, seat: Seat, samples: usize, rng: &mut Rng) -> Strategy<G::Action> {
    if let Some(plan) = G::planned(view, seat) {
        return plan;
    }
    let legal = G::determinize(view, rng).legal_actions(seat);
    let mut best: Option<(G::Action, f64)> = None;
    for action in &legal {
        let mut total = 0.0;
        for _ in 0..samples.max(1) {
            let mut state = G::determinize(view, rng);
            let joint = dojo_engine::joint_from(&state, |s, l| if s == seat { action.clone() } else { l[rng.below(l.len())].clone() });
            if let Some(joint) = joint {
                let _ = apply(&mut state, &joint);
            }
            total += state.heuristic(seat);
        }
        if best.as_ref().is_none_or(|(_, v)| total > *v) {
            best = Some((action.clone(), total));
        }
    }
    Strategy::from_weights(best.into_iter().map(|(a, _)| (a, 1.0)).collect())
}

/// Plays one match between `policies` (one per seat) and returns how it ended.
pub fn play_match<G: SearchHints>(setup: &G::Setup, policies: &[Policy], rng: &mut Rng) -> Result<Outcome, String> {
    play_match_within::<G>(setup, policies, rng, 100_000)?.ok_or_else(|| "the match did not end".into())
}

/// Plays one match between `policies` for at most `max_steps` joint steps: how it ended, or
/// `None` if it had not ended by then (some games can stall between cautious players).
pub fn play_match_within<G: SearchHints>(
    setup: &G::Setup,
    policies: &[Policy],
    rng: &mut Rng,
    max_steps: usize,
) -> Result<Option<Outcome>, String> {
    let mut state = G::from_setup(setup).map_err(|e| e.to_string())?;
    let mut steps = 0;
    while state.outcome().is_none() {
        if steps >= max_steps {
            return Ok(None);
        }
        let joint = dojo_engine::joint_from(&state, |s, _| policies[s.index()].act::<G>(&state.view_for(s), s, &mut *rng))
            .ok_or("an acting seat has no legal action")?;
        apply(&mut state, &joint).map_err(|e| e.to_string())?;
        steps += 1;
    }
    state.outcome().map(Some).ok_or_else(|| "the match ended without an outcome".to_string())
}
