//! Checks every game must pass, run over many random games.
//!
//! [`check_game`] plays random games from the given setups and, at every step, checks that:
//! some seat must act until the game ends and each acting seat has a legal action; every legal
//! action passes [`Game::check`] and applies; actions outside the legal list, missing actions
//! and actions out of turn are refused and change nothing; states, views, actions, events and
//! setups survive a JSON round trip; a state drawn from an observer's view (a seat's or the
//! public one) shows that observer the same view, and a seat the same legal actions;
//! re-drawing what an observer cannot see never changes its view; every event names a real
//! audience; the table size is within the game's range; the outcome ranks each seat at most
//! once and names the table's teams; and the finished record replays to the same state.
//!
//! It checks each extension of the contract for the games that implement it. For a game whose
//! positions hold a hidden future ([`crate::HiddenFuture`]) a position dealt from every seat's
//! view together (where the game deals one) shows each seat its view and the same actions. For a
//! game whose seed may be drawn by the players ([`crate::DrawnSeed`]) it plays the same game from
//! another seed alongside, and checks that nothing differs while the seed is unread
//! ([`crate::DrawnSeed::chance_pending`]), which never comes back. For a game whose cards the
//! devices may deal ([`crate::Dealt`]) the first deal fits the table and the deck, the deck dealt
//! in order is a setup the game accepts, every card a choice or a step moves is a card of the
//! deck and a seat of the table, and what others learn of a face-down choice (its outline)
//! depends only on what everyone sees.

use crate::chance::{DrawnSeedHooks, HiddenFutureHooks, chance_pending};
use crate::dealt::{CardMove, DealtHooks};
use crate::face_down::FaceDownHooks;
use crate::game::{Audience, Game, IllegalAction, Joint, acting_seats, apply, joint_from};
use crate::record::GameRecord;
use crate::rng::Rng;
use crate::seat::{Observer, PerSeat, Seat};
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
        Config { games: 10_000, max_steps: 2000, seed: 1, check_every: 1 }
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
    /// Events readable by only some seats.
    pub private_events: usize,
    /// Checked steps at which a position was dealt from every seat's view together (games with
    /// [`Game::HIDDEN_FUTURE`]).
    pub table_deals: usize,
    /// Card moves checked (games with [`Game::DEALT`]).
    pub card_moves: usize,
}

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(what: &str, value: &T) -> Result<(), String> {
    let json = serde_json::to_string(value).map_err(|e| format!("{what} does not serialise: {e}"))?;
    let back: T = serde_json::from_str(&json).map_err(|e| format!("{what} does not deserialise: {e}\n{json}"))?;
    if &back != value {
        return Err(format!("{what} changes in a JSON round trip:\n{json}"));
    }
    // The site writes and reads its saves, links and worker messages with its own small JSON
    // code: the same text, read back the same (checked wherever that code is built: every
    // game's crate builds it).
    #[cfg(feature = "json")]
    site_round_trip(what, value, &json)?;
    Ok(())
}

/// The site's JSON writer writes `value` as `json` (`serde_json`'s text) and its reader reads
/// that back to `value`.
#[cfg(feature = "json")]
fn site_round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(what: &str, value: &T, json: &str) -> Result<(), String> {
    match crate::json::to_string(value) {
        Ok(ours) if ours == json => {}
        Ok(ours) => return Err(format!("{what} is written differently by the site's JSON writer:\n{ours}\n{json}")),
        Err(e) => return Err(format!("{what} cannot be written by the site's JSON writer: {e}")),
    }
    match crate::json::from_str::<T>(json) {
        Ok(ours) if &ours == value => Ok(()),
        Ok(_) => Err(format!("{what} changes when the site's JSON reader reads it back:\n{json}")),
        Err(e) => Err(format!("{what} cannot be read by the site's JSON reader: {e}\n{json}")),
    }
}

fn expect_refused<G: Game>(state: &G, joint: &Joint<G::Action>, what: &str) -> Result<(), String> {
    let mut copy = state.clone();
    match apply(&mut copy, joint) {
        Ok(_) => Err(format!("{what} was accepted: {joint:?}")),
        Err(_) if copy != *state => Err(format!("{what} was refused but changed the state")),
        Err(_) => Ok(()),
    }
}

/// The legal actions of `seat` in a state drawn from its own view.
fn drawn_legal<G: Game>(state: &G, seat: Seat, rng: &mut Rng) -> Vec<G::Action> {
    G::determinize(&state.view_for(seat), rng).legal_actions(seat)
}

/// Checks what every observer sees: the view round-trips, a state drawn from it shows the same
/// view, and re-drawing what the observer cannot see leaves its view alone.
fn check_views<G: Game>(state: &G, rng: &mut Rng, report: &mut Report) -> Result<(), String> {
    for observer in Observer::all(state.seat_count()) {
        let who = match observer {
            Observer::Seat(seat) => seat.to_string(),
            Observer::Public => "the public".to_string(),
        };
        let view = state.view(observer);
        round_trip("view", &view)?;
        let drawn = G::determinize(&view, rng);
        if drawn.view(observer) != view {
            return Err(format!(
                "a state drawn from {who}'s view shows a different view\nview:  {view:?}\ndrawn: {:?}",
                drawn.view(observer)
            ));
        }
        let resampled = state.resample_hidden(observer, rng);
        if resampled.view(observer) != view {
            return Err(format!(
                "{who}'s view changes when only hidden information changes: the view leaks it\nbefore: {view:?}\nafter:  {:?}",
                resampled.view(observer)
            ));
        }
        if resampled != *state {
            report.hidden_resamples_that_changed += 1;
        }
    }
    Ok(())
}

/// For a game with [`Game::HIDDEN_FUTURE`]: a position dealt from all the seats' views, when
/// the game deals one, shows each seat its view and gives the same actions. (A game may refuse
/// to deal while the seats hide something from each other; a shared device saves only when they
/// do not, and the game's own tests show it deals there.)
fn check_table<G: Game>(state: &G, hooks: HiddenFutureHooks<G>, rng: &mut Rng, report: &mut Report) -> Result<(), String> {
    let views: Vec<G::View> = Seat::all(state.seat_count()).map(|s| state.view_for(s)).collect();
    let Some(dealt) = hooks.determinize_table(&views, rng) else { return Ok(()) };
    for (i, view) in views.iter().enumerate() {
        let seat = Seat(i as u8);
        if dealt.view_for(seat) != *view {
            return Err(format!(
                "a position dealt from every seat's view shows {seat} another view\nview:  {view:?}\ndealt: {:?}",
                dealt.view_for(seat)
            ));
        }
        if dealt.legal_actions(seat) != state.legal_actions(seat) {
            return Err(format!("a position dealt from every seat's view gives {seat} other legal actions"));
        }
    }
    report.table_deals += 1;
    Ok(())
}

/// Checks that an event's audience names seats of this table.
fn check_audience<G: Game>(event: &G::Event, seats: usize, report: &mut Report) -> Result<(), String> {
    if let Audience::Seats(readers) = G::audience(event) {
        if readers.is_empty() || readers.iter().any(|s| s.index() >= seats) {
            return Err(format!("event {event:?} is addressed to {readers:?}, not to seats of this table"));
        }
        report.private_events += 1;
    }
    Ok(())
}

/// Checks a finished game's outcome: real seats, each ranked at most once, the table's teams.
fn check_outcome<G: Game>(state: &G) -> Result<(), String> {
    let outcome = state.outcome().ok_or("the game is over but has no outcome")?;
    let mut ranked: Vec<Seat> = outcome.players().collect();
    if ranked.is_empty() || ranked.iter().any(|s| s.index() >= state.seat_count()) {
        return Err(format!("the outcome ranks no seat, or a seat not at the table: {outcome:?}"));
    }
    ranked.sort();
    if ranked.windows(2).any(|w| w[0] == w[1]) {
        return Err(format!("the outcome ranks a seat twice: {outcome:?}"));
    }
    if outcome.places.iter().any(Vec::is_empty) {
        return Err(format!("the outcome has an empty place: {outcome:?}"));
    }
    if outcome.teams != state.teams() || (!G::HAS_TEAMS && !outcome.teams.is_empty()) {
        return Err(format!("the outcome's teams {:?} are not the table's {:?}", outcome.teams, state.teams()));
    }
    Ok(())
}

fn check_step<G: Game>(state: &G, rng: &mut Rng, seen_actions: &[G::Action], report: &mut Report) -> Result<(), String> {
    let seats = state.seat_count();
    round_trip("state", state)?;
    check_views(state, rng, report)?;
    if let Some(hooks) = G::HIDDEN_FUTURE {
        check_table(state, hooks, rng, report)?;
    }
    if let Some(hooks) = G::FACE_DOWN {
        check_outlines(state, hooks, rng)?;
    }
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
        if drawn_legal(state, seat, rng) != legal {
            return Err(format!("a state drawn from {seat}'s view gives {seat} other legal actions"));
        }
        // Actions seen elsewhere that are not legal here must be refused, alone and in a joint action.
        // (Games with open actions list a menu: an unlisted action may still be allowed.)
        if acts && !G::OPEN_ACTIONS {
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

/// `setup` with another seed, for a game with [`Game::DRAWN_SEED`].
fn other_seed<G: Game>(setup: &G::Setup) -> Option<G::Setup> {
    let hooks: DrawnSeedHooks<G> = G::DRAWN_SEED?;
    let mut other = setup.clone();
    let seed = hooks.chance_seed(&mut other);
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    Some(other)
}

/// Every observer sees the same in `a` and `b`, and every seat has the same actions.
fn check_same_sight<G: Game>(a: &G, b: &G) -> Result<(), String> {
    let observers = std::iter::once(Observer::Public).chain(Seat::all(a.seat_count()).map(Observer::Seat));
    for who in observers {
        if a.view(who) != b.view(who) {
            return Err(format!("the seed shows while it is unread: {who:?} sees a difference"));
        }
    }
    for seat in Seat::all(a.seat_count()) {
        if a.legal_actions(seat) != b.legal_actions(seat) {
            return Err(format!("the seed changes {seat:?}'s actions while it is unread"));
        }
    }
    Ok(())
}

/// For a game with [`Game::DRAWN_SEED`]: the table built from `setup` with another seed
/// looks the same to everyone at the start, so nothing before the first step depends on it.
fn check_chance_seed<G: Game>(setup: &G::Setup, state: &G) -> Result<(), String> {
    let Some(other) = other_seed::<G>(setup) else { return Ok(()) };
    let reseeded = G::from_setup(&other).map_err(|e| format!("the setup with another seed is refused: {e}"))?;
    check_same_sight(&reseeded, state)
}

/// For a game with [`Game::DEALT`]: the first deal fits the table and the deck, and the deck
/// dealt in number order is a setup the game accepts for a table of the same size.
fn check_dealing<G: Game>(setup: &G::Setup, state: &G, hooks: DealtHooks<G>) -> Result<(), String> {
    let dealing = hooks.dealing(setup);
    let dealt: usize = dealing.hands.iter().map(|h| usize::from(*h)).sum::<usize>() + usize::from(dealing.shown);
    if dealing.hands.len() != state.seat_count() || dealt > dealing.faces.len() {
        return Err(format!(
            "the first deal ({:?} to the hands, {} face up) does not fit {} seats and a deck of {}",
            dealing.hands,
            dealing.shown,
            state.seat_count(),
            dealing.faces.len()
        ));
    }
    let in_order: Vec<u16> = (0..dealing.size()).collect();
    let table = G::from_setup(&hooks.dealt_setup(setup, &[in_order])).map_err(|e| format!("the deck dealt in order is refused: {e}"))?;
    if table.seat_count() != state.seat_count() {
        return Err("the deck dealt in order makes a table of another size".into());
    }
    Ok(())
}

/// For a game with [`Game::DEALT`]: what a step did with the cards names seats of the table,
/// faces of the deck, and no more cards than the deck holds.
fn check_card_moves(moves: &[CardMove], dealing: &crate::Dealing, seats: usize) -> Result<(), String> {
    let fits = |counts: &[u8], shown: u8| {
        counts.len() == seats && counts.iter().map(|c| usize::from(*c)).sum::<usize>() + usize::from(shown) <= dealing.faces.len()
    };
    for m in moves {
        let ok = match m {
            CardMove::Played { seat, face } => seat.index() < seats && dealing.faces.contains(face),
            CardMove::TopShown => true,
            CardMove::Reshuffled { draws, shown } => fits(draws, *shown),
            CardMove::Redealt { hands, shown } => fits(hands, *shown),
            CardMove::Drawn { seat, count } => seat.index() < seats && usize::from(*count) <= dealing.faces.len(),
            CardMove::HandShown { seat } => seat.index() < seats,
            CardMove::Passed { from, to, count, faces } => {
                from.index() < seats
                    && to.index() < seats
                    && from != to
                    && faces.len() == usize::from(*count)
                    && faces.iter().all(|f| dealing.faces.contains(f))
            }
            CardMove::Restocked { faces } => faces.len() <= dealing.faces.len() && faces.iter().all(|f| dealing.faces.contains(f)),
            CardMove::TopHidden | CardMove::HiddenShown => true,
        };
        if !ok {
            return Err(format!("the step's card move {m:?} does not fit a table of {seats} and its deck"));
        }
    }
    Ok(())
}

/// For a game with [`Game::FACE_DOWN`]: what everyone learns of an acting seat's face-down
/// choice (its outline) is the same with everything the public cannot see re-drawn, since
/// another device finds a stand-in of that outline on a table whose hidden cards it does not
/// know.
fn check_outlines<G: Game>(state: &G, hooks: FaceDownHooks<G>, rng: &mut Rng) -> Result<(), String> {
    let resampled = state.resample_hidden(Observer::Public, rng);
    for seat in acting_seats(state) {
        for action in state.legal_actions(seat) {
            if hooks.outline(state, seat, &action) != hooks.outline(&resampled, seat, &action) {
                return Err(format!("the outline of {seat}'s {action:?} depends on what the public cannot see"));
            }
        }
    }
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
        if !G::SEATS.contains(&state.seat_count()) {
            return Err(format!("a table of {} seats is outside the game's range {:?}", state.seat_count(), G::SEATS));
        }
        check_chance_seed(setup, &state).map_err(|e| format!("setup {}: {e}", game % setups.len()))?;
        if let Some(hooks) = G::DEALT {
            check_dealing(setup, &state, hooks).map_err(|e| format!("setup {}: {e}", game % setups.len()))?;
        }
        // The same game from another seed, played alongside while the seed is unread.
        let mut reseeded =
            other_seed::<G>(setup).filter(|_| chance_pending(&state)).map(|s| G::from_setup(&s)).transpose().map_err(|e| e.to_string())?;
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
            let was_pending = chance_pending(&state);
            let events = apply(&mut state, &joint).map_err(|e| format!("game {game}: a legal joint action was refused: {e}"))?;
            if !was_pending && chance_pending(&state) {
                return Err(format!("game {game}, step {}: the seed became unread again", steps + 1));
            }
            if let Some(other) = reseeded.as_mut() {
                apply(other, &joint).map_err(|e| format!("game {game}: with another seed, step {} was refused: {e}", steps + 1))?;
                if chance_pending(&state) {
                    check_same_sight(other, &state).map_err(|e| format!("game {game}, step {}: {e}", steps + 1))?;
                } else {
                    reseeded = None;
                }
            }
            if let Some(hooks) = G::DEALT {
                let dealing = hooks.dealing(setup);
                let moves = hooks.card_moves(&events);
                check_card_moves(&moves, &dealing, state.seat_count()).map_err(|e| format!("game {game}, step {}: {e}", steps + 1))?;
                for (seat, action) in joint.iter().filter_map(|(s, a)| Some((s, a.as_ref()?))) {
                    if let Some(face) = hooks.cards_of(action).into_iter().find(|f| !dealing.faces.contains(f)) {
                        return Err(format!("game {game}, step {}: {seat}'s {action:?} plays face {face}, no card of the deck", steps + 1));
                    }
                }
                report.card_moves += moves.len();
            }
            for event in &events {
                round_trip("event", event)?;
                check_audience::<G>(event, state.seat_count(), &mut report)?;
            }
            record.actions.push(joint);
            steps += 1;
        }
        report.steps += steps;
        check_outcome(&state).map_err(|e| format!("game {game}: {e}"))?;
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
