//! Choices the rules keep face down, played between devices: what every observer learns of
//! such a choice at once (its *outline*), so that another device stands in for it with an
//! action of the same outline and every device's table looks alike, and so that the device
//! that made it judges it only against the choices it could have made of that outline.

use crate::{Game, Seat};

/// A game some of whose choices stay face down while the table shows something of them: a
/// TAUNT combo card laid face down (everyone sees a card laid, and when the laying stops), a
/// PUNISH Blindfolded plan. Opted into on [`Game`] with
/// `const FACE_DOWN: Option<FaceDownHooks<Self>> = Some(FaceDownHooks::of());`.
pub trait FaceDown: Game {
    /// What every observer learns at once of `action`, a choice of `seat` from this position
    /// that stays face down, as a number (`None`: nothing). Two choices of one outline leave
    /// every other observer's table alike until the rules turn the choice up. It depends only on
    /// what every observer sees.
    fn outline(&self, seat: Seat, action: &Self::Action) -> Option<u8>;
}

/// The [`FaceDown`] hooks of a game that implements it, as [`Game::FACE_DOWN`] hands them to
/// code generic over any [`Game`].
pub struct FaceDownHooks<G: Game> {
    outline: fn(&G, Seat, &G::Action) -> Option<u8>,
}

hook_traits!(FaceDownHooks);

impl<G: FaceDown> FaceDownHooks<G> {
    /// The hooks of `G`'s [`FaceDown`] implementation.
    pub const fn of() -> Self {
        FaceDownHooks { outline: G::outline }
    }
}

impl<G: Game> FaceDownHooks<G> {
    /// [`FaceDown::outline`].
    pub fn outline(&self, state: &G, seat: Seat, action: &G::Action) -> Option<u8> {
        (self.outline)(state, seat, action)
    }
}

/// [`FaceDown::outline`] for any game: `None` for a game that keeps nothing face down this way.
pub fn outline_of<G: Game>(state: &G, seat: Seat, action: &G::Action) -> Option<u8> {
    G::FACE_DOWN.and_then(|hooks| hooks.outline(state, seat, action))
}
