//! The Pocket Dojo game contract.
//!
//! Every game of the collection is a [`Game`]: a plain [`Game::Setup`] is validated into a state;
//! seats act by joint actions (one action per seat that must act), checked and applied by
//! [`apply`], which leaves the state untouched on error; [`Game::view`] is all an [`Observer`]
//! (a seat, or the public) may see, and [`Game::audience`] says who may read each event. A game
//! declares its seat range ([`Game::SEATS`], 2–8 players and perhaps a moderator) and its teams;
//! an [`Outcome`] ranks the players with ties. Randomness is a seeded [`Rng`] owned by the state, so a [`GameRecord`] (setup plus joint
//! actions) replays exactly. [`conformance`] holds the checks every game must pass.
//!
//! A few games need more than that, each through an extension trait that only they implement,
//! switched on by one constant of [`Game`] through which generic code reaches it: [`Dealt`]
//! (cards dealt between devices, [`Game::DEALT`]), [`DrawnSeed`] (a seed drawn together by the
//! devices, [`Game::DRAWN_SEED`]) and [`HiddenFuture`] (a record that tells the future,
//! [`Game::HIDDEN_FUTURE`]). The site's JSON codec ([`json`], feature `json`) and the
//! generated-input campaigns (`fuzz`, feature `fuzz`) are not part of the contract.
#![deny(missing_docs)]

/// `Clone`, `Copy` and `Debug` for a struct of one game's hook functions (`FaceDownHooks<G>`,
/// …): derived ones would ask the game type itself to be `Clone`, `Copy` and `Debug`.
macro_rules! hook_traits {
    ($name:ident) => {
        impl<G: $crate::game::Game> Clone for $name<G> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<G: $crate::game::Game> Copy for $name<G> {}

        impl<G: $crate::game::Game> std::fmt::Debug for $name<G> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), <G as $crate::game::Game>::NAME)
            }
        }
    };
}

mod chance;
pub mod conformance;
mod dealt;
mod face_down;
#[cfg(feature = "fuzz")]
pub mod fuzz;
mod game;
#[cfg(feature = "json")]
pub mod json;
mod outcome;
mod record;
mod rng;
pub mod scenario;
mod seat;
pub mod sorting;

pub use chance::{DrawnSeed, DrawnSeedHooks, HiddenFuture, HiddenFutureHooks, chance_pending, determinize_table, table_from_first_view};
pub use dealt::{CardMove, Dealing, Dealt, DealtHooks};
pub use face_down::{FaceDown, FaceDownHooks, outline_of};
pub use game::{Audience, Game, IllegalAction, Joint, acting_seats, apply, check_joint, joint_from, visible_events};
pub use outcome::Outcome;
pub use record::{GameRecord, MAX_STEPS, RECORD_FORMAT, ReplayError, play_script};
pub use rng::Rng;
pub use seat::{Observer, PerSeat, Seat};
