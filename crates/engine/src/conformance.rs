//! Checks every game must pass, run over many random games.
//!
//! [`check_game`] plays random games from the given setups and, at every step, checks that:
//! some seat must act until the game ends and each acting seat has a legal action; every legal
//! action passes [`Game::check`] and applies; actions outside the legal list, missing actions
//! and actions out of turn are refused and change nothing; states, views, actions, events and
//! setups survive a JSON round trip; a state drawn from a seat's view shows that seat the same
//! view and the same legal actions; re-drawing what a seat cannot see never changes its view;
//! and the finished record replays to the same state.

use crate::game::{Game, IllegalAction, Joint, acting_seats, apply, joint_from};
use crate::record::GameRecord;
use crate::rng::Rng;
use crate::seat::{PerSeat, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// How much random play to check.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random games to play (spread over the setups).
    pub games: usize,
    /// Steps after which a game counts as stuck.
    pub max_steps: usize,
    /// Seed for the random choices.
    pub seed: u64,
    /// Run the per-step checks on every `check_every`-th step (1 = every step).
    pub check_every: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config { games: 2000, max_steps: 2000, seed: 1, check_every: 1 }
    }
}

/// What a passing run covered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games played to the end.
    pub games: usize,
    /// Joint actions applied.
    pub steps: usize,
    /// Illegal joint actions tried and refused.
    pub refused: usize,
    /// Hidden-information resamples that changed the state (so the view check meant something).
    pub hidden_resamples_that_changed: usize,
    /// Steps where not every seat acted.
    pub partial_steps: usize,
}

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(what: &str, value: &T) -> Result<(), String> {
    let json = serde_json::to_string(value).map_err(|e| format!("{what} does not serialise: {e}"))?;
    let back: T = serde_json::from_str(&json).map_err(|e| format!("{what} does not deserialise: {e}\n{json}"))?;
    if &back != value {
        return Err(format!("{what} changes in a JSON round trip:\n{json}"));
    }
    Ok(())
}

fn expect_refused<G: Game>(state: &G, joint: &Joint<G::Action>, what: &str) -> Result<(), String> {
    let mut copy = state.clone();
    match apply(&mut copy, joint) {
        Ok(_) => Err(format!("{what} was accepted: {joint:?}")),
        Err(_) if copy != *state => Err(format!("{what} was refused but changed the state")),
        Err(_) => Ok(()),
    }
}

fn check_step<G: Game>(state: &G, rng: &mut Rng, seen_actions: &[G::Action], report: &mut Report) -> Result<(), String> {
    let seats = state.seat_count();
    round_trip("state", state)?;
    let acting = acting_seats(state);
    if acting.is_empty() {
        return Err("the game is not over but no seat must act".into());
    }
    for seat in Seat::all(seats) {
        let legal = state.legal_actions(seat);
        let acts = state.decision(seat).is_some();
        if acts && legal.is_empty() {
            return Err(format!("{seat} must act but has no legal action"));
        }
        if !acts && !legal.is_empty() {
            return Err(format!("{seat} does not act but lists legal actions"));
        }
        for action in &legal {
            state.check(seat, action).map_err(|r| format!("{seat}: listed action {action:?} fails check: {r}"))?;
            round_trip("action", action)?;
        }
        let view = state.view_for(seat);
        round_trip("view", &view)?;
        let drawn = G::determinize(&view, rng);
        if drawn.view_for(seat) != view {
            return Err(format!(
                "a state drawn from {seat}'s view shows a different view\nview:  {view:?}\ndrawn: {:?}",
                drawn.view_for(seat)
            ));
        }
        if drawn.legal_actions(seat) != legal {
            return Err(format!("a state drawn from {seat}'s view gives {seat} other legal actions"));
        }
        let resampled = state.resample_hidden(seat, rng);
        if resampled.view_for(seat) != view {
            return Err(format!(
                "{seat}'s view changes when only hidden information changes: the view leaks it\nbefore: {view:?}\nafter:  {:?}",
                resampled.view_for(seat)
            ));
        }
        if resampled != *state {
            report.hidden_resamples_that_changed += 1;
        }
        // Actions seen elsewhere that are not legal here must be refused, alone and in a joint action.
        if acts {
            for action in seen_actions.iter().filter(|a| !legal.contains(a)) {
                if state.check(seat, action).is_ok() {
                    return Err(format!("{seat}: {action:?} passes check but is not listed as legal"));
                }
                let mut joint = joint_from(state, |_, l| l[0].clone()).ok_or("acting seat without actions")?;
                joint[seat] = Some(action.clone());
                expect_refused(state, &joint, "an unlisted action")?;
                report.refused += 1;
            }
        }
    }
    // Malformed joint actions.
    let good = joint_from(state, |_, l| l[0].clone()).ok_or("acting seat without actions")?;
    let mut missing = good.clone();
    missing[acting[0]] = None;
    expect_refused(state, &missing, "a joint action missing an acting seat")?;
    if let Some(idle) = Seat::all(seats).find(|s| !acting.contains(s)) {
        let mut extra = good.clone();
        extra[idle] = seen_actions.first().cloned().or_else(|| good[acting[0]].clone());
        expect_refused(state, &extra, "an action from a seat that does not act")?;
    }
    let mut short = good.clone();
    short.0.pop();
    expect_refused(state, &short, "a joint action with too few slots")?;
    report.refused += 2;
    Ok(())
}

/// Plays `config.games` random games over `setups` and checks the contract at every step.
/// Returns what was covered, or the first failure described in words.
pub fn check_game<G: Game>(setups: &[G::Setup], config: &Config) -> Result<Report, String> {
    let mut rng = Rng::new(config.seed);
    let mut report = Report::default();
    let mut seen_actions: Vec<G::Action> = Vec::new();
    for game in 0..config.games {
        let setup = &setups[game % setups.len()];
        round_trip("setup", setup)?;
        let mut state = G::from_setup(setup).map_err(|e| format!("setup {} refused: {e}", game % setups.len()))?;
        let mut record = GameRecord::<G>::new(setup.clone());
        let mut steps = 0;
        while state.outcome().is_none() {
            if steps >= config.max_steps {
                return Err(format!("game {game} did not end within {} steps", config.max_steps));
            }
            if steps % config.check_every.max(1) == 0 {
                check_step(&state, &mut rng, &seen_actions, &mut report).map_err(|e| format!("game {game}, step {}: {e}", steps + 1))?;
            }
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone())
                .ok_or_else(|| format!("game {game}: an acting seat has no legal action"))?;
            for action in joint.0.iter().flatten() {
                if !seen_actions.contains(action) && seen_actions.len() < 64 {
                    seen_actions.push(action.clone());
                }
            }
            if joint.0.iter().any(Option::is_none) {
                report.partial_steps += 1;
            }
            let events = apply(&mut state, &joint).map_err(|e| format!("game {game}: a legal joint action was refused: {e}"))?;
            for event in &events {
                round_trip("event", event)?;
            }
            record.actions.push(joint);
            steps += 1;
        }
        report.steps += steps;
        // Nothing may be applied to a finished game.
        let after = joint_from(&state, |_, l| l[0].clone()).unwrap_or_else(|| PerSeat::filled(state.seat_count(), None));
        let mut copy = state.clone();
        if !matches!(apply(&mut copy, &after), Err(IllegalAction::GameOver)) || copy != state {
            return Err(format!("game {game}: an action after the end was not refused as GameOver"));
        }
        let replayed = record.replay().map_err(|e| format!("game {game}: its record does not replay: {e}"))?;
        if replayed != state {
            return Err(format!("game {game}: replaying its record gives a different state"));
        }
        round_trip("record", &record).map_err(|e| format!("game {game}: {e}"))?;
        report.games += 1;
    }
    Ok(report)
}
