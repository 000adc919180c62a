//! Two ways a game's chance needs care beyond the core contract, each an extension of [`Game`]
//! that only the games that need it implement:
//!
//! - [`DrawnSeed`]: the game's only chance is a seed read while a step is resolved, never
//!   before the first, so devices that do not trust each other can draw it together just
//!   before it is read (see `dojo-remote`).
//! - [`HiddenFuture`]: a position holds something no seat has seen yet whose value the setup
//!   fixes, so a record tells the future; a device shared by every seat saves the seats' views
//!   instead and resumes with [`HiddenFuture::determinize_table`].
//!
//! A game opts in on [`Game`] with one line ([`Game::DRAWN_SEED`], [`Game::HIDDEN_FUTURE`]),
//! through which generic code (and the conformance suite) reaches the hooks.

use crate::game::Game;
use crate::rng::Rng;
use crate::seat::Seat;

/// A game whose only chance comes from a seed in its setup that is read only while a step is
/// resolved, never before the first: devices that do not trust each other can then draw the
/// seed together and put it in the setup just before the step that reads it
/// ([`DrawnSeed::chance_pending`]), once every choice of that step is fixed, so that no device
/// knows it, or chooses it, while any choice could still change (see `dojo-remote`). Opt in
/// with `const DRAWN_SEED: Option<DrawnSeedHooks<Self>> = Some(DrawnSeedHooks::of());`.
pub trait DrawnSeed: Game {
    /// The seed in `setup`.
    fn chance_seed(setup: &mut Self::Setup) -> &mut u64;

    /// True while the position has not read its seed yet and a later step may. Nothing seen
    /// before then depends on the seed; once false it stays false.
    fn chance_pending(&self) -> bool;
}

/// The [`DrawnSeed`] hooks of a game that implements it, as [`Game::DRAWN_SEED`] hands them to
/// code generic over any [`Game`].
pub struct DrawnSeedHooks<G: Game> {
    chance_seed: fn(&mut G::Setup) -> &mut u64,
    chance_pending: fn(&G) -> bool,
}

hook_traits!(DrawnSeedHooks);

impl<G: DrawnSeed> DrawnSeedHooks<G> {
    /// The hooks of `G`'s [`DrawnSeed`] implementation.
    pub const fn of() -> Self {
        DrawnSeedHooks { chance_seed: G::chance_seed, chance_pending: G::chance_pending }
    }
}

impl<G: Game> DrawnSeedHooks<G> {
    /// [`DrawnSeed::chance_seed`].
    pub fn chance_seed<'a>(&self, setup: &'a mut G::Setup) -> &'a mut u64 {
        (self.chance_seed)(setup)
    }

    /// [`DrawnSeed::chance_pending`].
    pub fn chance_pending(&self, state: &G) -> bool {
        (self.chance_pending)(state)
    }
}

/// True while `state` has not read a seed the devices may draw together ([`DrawnSeed`]) and a
/// later step may; false for every game without one.
pub fn chance_pending<G: Game>(state: &G) -> bool {
    G::DRAWN_SEED.is_some_and(|hooks| hooks.chance_pending(state))
}

/// A game whose positions can hold something no seat has seen yet whose value the setup fixes
/// (the order of an undrawn deck, the seed of later shuffles), so that a record tells the
/// future. A device shared by every seat then saves the seats' views, not the record, and
/// resumes with [`HiddenFuture::determinize_table`]. Opt in with
/// `const HIDDEN_FUTURE: Option<HiddenFutureHooks<Self>> = Some(HiddenFutureHooks::of());`.
pub trait HiddenFuture: Game {
    /// A full position consistent with every seat's view at once (`views[i]` is seat `i`'s),
    /// with what no seat has seen (the undrawn cards' order, the seed of later shuffles) drawn
    /// from `rng`; `None` when the views cannot belong to one position.
    ///
    /// The default is [`table_from_first_view`], exact for a game in which the seats hide
    /// nothing from each other whenever a shared device saves.
    fn determinize_table(views: &[Self::View], rng: &mut Rng) -> Option<Self> {
        table_from_first_view(views, rng)
    }
}

/// The [`HiddenFuture`] hooks of a game that implements it, as [`Game::HIDDEN_FUTURE`] hands
/// them to code generic over any [`Game`].
pub struct HiddenFutureHooks<G: Game> {
    determinize_table: fn(&[G::View], &mut Rng) -> Option<G>,
}

hook_traits!(HiddenFutureHooks);

impl<G: HiddenFuture> HiddenFutureHooks<G> {
    /// The hooks of `G`'s [`HiddenFuture`] implementation.
    pub const fn of() -> Self {
        HiddenFutureHooks { determinize_table: G::determinize_table }
    }
}

impl<G: Game> HiddenFutureHooks<G> {
    /// [`HiddenFuture::determinize_table`].
    pub fn determinize_table(&self, views: &[G::View], rng: &mut Rng) -> Option<G> {
        (self.determinize_table)(views, rng)
    }
}

/// A full position consistent with every seat's view at once (`views[i]` is seat `i`'s), for
/// any game: [`HiddenFuture::determinize_table`] for a game with a hidden future, else
/// [`table_from_first_view`].
pub fn determinize_table<G: Game>(views: &[G::View], rng: &mut Rng) -> Option<G> {
    match G::HIDDEN_FUTURE {
        Some(hooks) => hooks.determinize_table(views, rng),
        None => table_from_first_view(views, rng),
    }
}

/// A position dealt from the first seat's view ([`Game::determinize`]), kept only when it shows
/// every other seat its view: exact for a game in which the seats hide nothing from each other
/// at that moment.
pub fn table_from_first_view<G: Game>(views: &[G::View], rng: &mut Rng) -> Option<G> {
    let state = G::determinize(views.first()?, rng);
    let shows_each = state.seat_count() == views.len() && views.iter().enumerate().all(|(i, v)| state.view_for(Seat(i as u8)) == *v);
    shows_each.then_some(state)
}
