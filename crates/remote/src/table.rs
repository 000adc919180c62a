//! What the protocol needs of a game, for any game of the contract: whether a table can be
//! played between devices that hold the whole position, and the hash of a position that the
//! devices compare after every step.

use crate::commit::{Commitment, digest};
use dojo_engine::{Game, Observer, Rng};

/// Why a table cannot be played between devices this way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// The position holds something hidden from some seat (a hand, a deck, a secret build):
    /// each device would hold it. Such tables need the deal of [`crate::deal`].
    Hidden,
}

/// Checks that `state` hides nothing from anyone but the choices of the step in progress: each
/// device will hold the whole position, so it must be one that every seat may see whole. The
/// check redraws everything the public may not see, several times, and asks for the same position.
pub fn check_open<G: Game>(state: &G) -> Result<(), Unplayable> {
    let same = (1..=4).all(|seed| state.resample_hidden(Observer::Public, &mut Rng::new(seed)) == *state);
    if same { Ok(()) } else { Err(Unplayable::Hidden) }
}

/// The hash the devices compare after a step: SHA-256 of the position as the public sees it,
/// written as JSON. For an open table ([`check_open`]) that is the whole position.
pub fn hash_of<G: Game>(state: &G) -> Commitment {
    hash_of_json(&dojo_engine::json::to_string(&state.public_view()).unwrap_or_default())
}

/// [`hash_of`] from the public view already written as JSON.
pub fn hash_of_json(json: &str) -> Commitment {
    digest(json.as_bytes())
}
