//! The Pocket Dojo game contract.
//!
//! Every game of the collection is a [`Game`]: a plain [`Game::Setup`] is validated into a state;
//! seats act by joint actions (one action per seat that must act), checked and applied by
//! [`apply`], which leaves the state untouched on error; [`Game::view_for`] is all a seat may
//! see. Randomness is a seeded [`Rng`] owned by the state, so a [`GameRecord`] (setup plus joint
//! actions) replays exactly. [`conformance`] holds the checks every game must pass.
#![deny(missing_docs)]

pub mod conformance;
mod game;
mod outcome;
mod record;
mod rng;
mod seat;

pub use game::{Game, IllegalAction, Joint, acting_seats, apply, check_joint, joint_from};
pub use outcome::Outcome;
pub use record::{GameRecord, ReplayError, play_script};
pub use rng::Rng;
pub use seat::{PerSeat, Seat};
