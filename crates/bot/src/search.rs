//! Simultaneous-move Monte Carlo tree search with regret matching, over sampled states.
//!
//! The search is *decoupled*: each node keeps separate regret-matching statistics for every
//! seat, and each acting seat picks from its own; children are found by hashing the joint
//! action. That keeps a node's work linear in the seats and their actions, however many seats
//! play, where a table of every joint action would grow as their product.

use crate::fxhash::FxMap;
use crate::hints::SearchHints;
use crate::strategy::Strategy;
use dojo_engine::{Joint, PerSeat, Rng, Seat, acting_seats};
use std::hash::Hash;

/// How hard the search works.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Simulations from the root, each on a freshly sampled state (scaled by the game's
    /// [`SearchHints::SEARCH_EFFORT`]).
    pub iterations: usize,
    /// Share of uniform exploration mixed into the searching seat's regret-matching strategy.
    pub exploration: f64,
    /// Share of uniform play mixed into the other seats' strategies: the search then answers an
    /// opponent who sometimes errs (a robust response) rather than a perfect one. At the
    /// exploration value it is plain self-play search.
    pub opponent_exploration: f64,
    /// Steps after which a random playout stops and scores the position heuristically, at most
    /// (the game's own [`SearchHints::PLAYOUT_HORIZON`] applies when shorter).
    pub playout_limit: usize,
    /// A limit on wall-clock time besides the iterations: the search stops at whichever comes
    /// first. `None` (the default) searches every iteration, the same on any machine.
    pub budget: Option<TimeBudget>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig { iterations: 2000, exploration: 0.15, opponent_exploration: 0.15, playout_limit: 400, budget: None }
    }
}

/// How long a search may think, by a clock its caller supplies: this crate reads no clock of its
/// own, so it runs the same natively (`std::time::Instant`) and in a browser's worker
/// (`performance.now()`).
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    /// The clock, in milliseconds from any fixed point.
    pub now: fn() -> f64,
    /// Milliseconds the search may take.
    pub ms: f64,
}

impl PartialEq for TimeBudget {
    /// Budgets are equal when they allow the same time (clocks are not compared).
    fn eq(&self, other: &Self) -> bool {
        self.ms == other.ms
    }
}

/// Simulations a budget never cuts below, so even a slow machine's answer comes from a search.
const MIN_ITERATIONS: usize = 24;
/// How often (in simulations) a budgeted search looks at the clock.
const CLOCK_EVERY: usize = 8;

/// Regret-matching statistics of one seat at one node, keyed by action (the legal actions of a
/// sampled opponent differ from sample to sample, so actions come and go).
struct SeatStats<A> {
    slots: FxMap<A, usize>,
    regret: Vec<f64>,
    average: Vec<f64>,
    /// The searcher's payoffs summed over the simulations this seat took the action in, and
    /// how many they were: what the searcher expects should the seat take it.
    payoff: Vec<f64>,
    visits: Vec<u32>,
}

impl<A: Hash + Eq + Clone> SeatStats<A> {
    fn new() -> Self {
        SeatStats { slots: FxMap::default(), regret: Vec::new(), average: Vec::new(), payoff: Vec::new(), visits: Vec::new() }
    }

    fn slot(&mut self, action: &A) -> usize {
        if let Some(&i) = self.slots.get(action) {
            return i;
        }
        let i = self.regret.len();
        self.slots.insert(action.clone(), i);
        self.regret.push(0.0);
        self.average.push(0.0);
        self.payoff.push(0.0);
        self.visits.push(0);
        i
    }

    /// The accumulated average-strategy weight of `action` (0 if never tried).
    fn average_of(&self, action: &A) -> f64 {
        self.slots.get(action).map_or(0.0, |&i| self.average[i])
    }

    /// Regret matching over `legal` (slots), mixed with exploration.
    fn strategy(&self, slots: &[usize], exploration: f64) -> (Vec<f64>, Vec<f64>) {
        let positive: f64 = slots.iter().map(|&i| self.regret[i].max(0.0)).sum();
        let n = slots.len() as f64;
        let sigma: Vec<f64> = slots.iter().map(|&i| if positive > 0.0 { self.regret[i].max(0.0) / positive } else { 1.0 / n }).collect();
        let explored = sigma.iter().map(|p| (1.0 - exploration) * p + exploration / n).collect();
        (sigma, explored)
    }
}

/// One acting seat's choice at a node during a simulation, kept for the regret update.
struct Choice {
    seat: Seat,
    /// Slots (in the seat's stats) of its legal actions.
    slots: Vec<usize>,
    /// Index into `slots` of the action taken.
    pick: usize,
    /// Regret-matching strategy over `slots`.
    sigma: Vec<f64>,
    /// The same with exploration mixed in: what the action was drawn from.
    explored: Vec<f64>,
}

struct Node<A> {
    seats: Vec<SeatStats<A>>,
    children: FxMap<Joint<A>, usize>,
}

/// The search tree, rebuilt for each decision.
struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Hash + Eq + Clone> Tree<A> {
    fn add(&mut self, seats: usize) -> usize {
        self.nodes.push(Node { seats: (0..seats).map(|_| SeatStats::new()).collect(), children: FxMap::default() });
        self.nodes.len() - 1
    }
}

fn playout<G: SearchHints>(state: &mut G, root: &G, limit: usize, rng: &mut Rng) -> PerSeat<f64> {
    for _ in 0..limit {
        if let Some(payoff) = state.search_payoff(root) {
            return payoff;
        }
        let Some(joint) = dojo_engine::joint_from(state, |_, legal| legal[rng.below(legal.len())].clone()) else { break };
        if dojo_engine::apply(state, &joint).is_err() {
            break;
        }
    }
    state.search_payoff(root).unwrap_or_else(|| PerSeat::from_fn(state.seat_count(), |s| state.heuristic(s)))
}

/// What one simulation needs besides the tree and the state.
struct Context<'a, G> {
    root: &'a G,
    searcher: Seat,
    config: &'a SearchConfig,
}

fn simulate<G: SearchHints>(tree: &mut Tree<G::Action>, node: usize, state: &mut G, cx: &Context<G>, rng: &mut Rng) -> PerSeat<f64> {
    let (root, config) = (cx.root, cx.config);
    if let Some(payoff) = state.search_payoff(root) {
        return payoff;
    }
    let acting = acting_seats(state);
    let mut joint: Joint<G::Action> = PerSeat::filled(state.seat_count(), None);
    let mut choices: Vec<Choice> = Vec::with_capacity(acting.len());
    for seat in acting {
        let legal = state.legal_actions(seat);
        let stats = &mut tree.nodes[node].seats[seat.index()];
        let slots: Vec<usize> = legal.iter().map(|a| stats.slot(a)).collect();
        let exploration = if seat == cx.searcher { config.exploration } else { config.opponent_exploration };
        let (sigma, explored) = stats.strategy(&slots, exploration);
        let pick = rng.weighted(&explored);
        joint[seat] = Some(legal[pick].clone());
        choices.push(Choice { seat, slots, pick, sigma, explored });
    }
    let existing = tree.nodes[node].children.get(&joint).copied();
    if dojo_engine::apply(state, &joint).is_err() {
        return PerSeat::from_fn(state.seat_count(), |s| state.heuristic(s));
    }
    let payoff = match existing {
        Some(child) => simulate(tree, child, state, cx, rng),
        None => {
            let child = tree.add(state.seat_count());
            tree.nodes[node].children.insert(joint, child);
            playout(state, root, config.playout_limit.min(G::PLAYOUT_HORIZON), rng)
        }
    };
    for Choice { seat, slots, pick, sigma, explored } in choices {
        let u = payoff[seat];
        let stats = &mut tree.nodes[node].seats[seat.index()];
        stats.payoff[slots[pick]] += payoff[cx.searcher];
        stats.visits[slots[pick]] += 1;
        for (k, &slot) in slots.iter().enumerate() {
            let estimate = if k == pick { u / explored[k] } else { 0.0 };
            stats.regret[slot] += estimate - u;
            stats.average[slot] += sigma[k];
        }
    }
    payoff
}

/// Searches from `view` (what `seat` sees) and returns a mixed strategy over `seat`'s legal
/// actions. Reads nothing but the view: every simulation starts from a state sampled from it.
/// Returns an empty strategy when `seat` has nothing to decide.
pub fn search<G: SearchHints>(view: &G::View, seat: Seat, config: &SearchConfig, rng: &mut Rng) -> Strategy<G::Action> {
    match grow::<G>(view, seat, config, rng) {
        Grown::Decided(strategy) => strategy,
        Grown::Searched { tree, root, legal, .. } => root_strategy(&tree, root, seat, &legal),
    }
}

/// A search's tree once grown, or the answer when there was nothing to search.
enum Grown<G: SearchHints> {
    /// A plan, or a single legal action: nothing searched.
    Decided(Strategy<G::Action>),
    /// The tree, its root, the searcher's legal actions and the position first sampled.
    Searched { tree: Tree<G::Action>, root: usize, legal: Vec<G::Action>, sample: G },
}

/// Grows the search tree from `view` as `seat` (see [`search`]).
fn grow<G: SearchHints>(view: &G::View, seat: Seat, config: &SearchConfig, rng: &mut Rng) -> Grown<G> {
    if let Some(plan) = G::planned(view, seat) {
        return Grown::Decided(plan);
    }
    let sample = G::determinize(view, rng);
    let legal = sample.legal_actions(seat);
    if legal.len() <= 1 {
        return Grown::Decided(Strategy::from_weights(legal.into_iter().map(|a| (a, 1.0)).collect()));
    }
    let mut tree = Tree { nodes: Vec::with_capacity(config.iterations.min(100_000) + 1) };
    let root = tree.add(sample.seat_count());
    let iterations = ((config.iterations as f64) * G::SEARCH_EFFORT).round().max(1.0) as usize;
    let started = config.budget.map(|b| (b.now)());
    for i in 0..iterations {
        if let (Some(budget), Some(t0)) = (config.budget, started)
            && i >= MIN_ITERATIONS
            && i % CLOCK_EVERY == 0
            && (budget.now)() - t0 >= budget.ms
        {
            break;
        }
        let start = G::determinize(view, rng);
        let mut state = start.clone();
        simulate(&mut tree, root, &mut state, &Context { root: &start, searcher: seat, config }, rng);
    }
    Grown::Searched { tree, root, legal, sample }
}

/// The searcher's average strategy at the root over its `legal` actions.
fn root_strategy<A: Hash + Eq + Clone>(tree: &Tree<A>, root: usize, seat: Seat, legal: &[A]) -> Strategy<A> {
    let stats = &tree.nodes[root].seats[seat.index()];
    Strategy::from_weights(legal.iter().map(|a| (a.clone(), stats.average_of(a))).collect())
}

/// One action another seat might take, as a search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected<A> {
    /// The action.
    pub action: A,
    /// How likely the search thought it, from 0 to 1.
    pub share: f64,
    /// The searcher's average payoff (0 to 1) in the simulations where the seat took it.
    pub payoff: f64,
}

/// A search's answer with what it expected: the searcher's mixed strategy and, for every other
/// seat deciding at the same moment, the strategy the search expected of it (the computer's
/// belief about a person's secret pick). Empty expectations where nothing was searched.
#[derive(Clone, Debug, PartialEq)]
pub struct Explained<A> {
    /// The searcher's mixed strategy.
    pub strategy: Strategy<A>,
    /// Each other seat acting with the searcher, and its actions as the search expected them
    /// (in no particular order).
    pub others: Vec<(Seat, Vec<Expected<A>>)>,
}

/// [`search`], and what it expected of the other seats deciding at the same moment.
pub fn search_explained<G: SearchHints>(view: &G::View, seat: Seat, config: &SearchConfig, rng: &mut Rng) -> Explained<G::Action> {
    match grow::<G>(view, seat, config, rng) {
        Grown::Decided(strategy) => Explained { strategy, others: Vec::new() },
        Grown::Searched { tree, root, legal, sample } => {
            let others = acting_seats(&sample)
                .into_iter()
                .filter(|s| *s != seat)
                .map(|other| (other, expected(&tree.nodes[root].seats[other.index()])))
                .collect();
            Explained { strategy: root_strategy(&tree, root, seat, &legal), others }
        }
    }
}

/// A seat's actions at a node as the search expected them, in no particular order.
fn expected<A: Clone>(stats: &SeatStats<A>) -> Vec<Expected<A>> {
    let total: f64 = stats.average.iter().sum();
    stats
        .slots
        .iter()
        .filter(|(_, i)| stats.visits[**i] > 0)
        .map(|(a, &i)| Expected {
            action: a.clone(),
            share: if total > 0.0 { stats.average[i] / total } else { 0.0 },
            payoff: stats.payoff[i] / f64::from(stats.visits[i]),
        })
        .collect()
}
