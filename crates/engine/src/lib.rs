//! The Pocket Dojo game contract.
//!
//! Every game of the collection is a [`Game`]: a plain [`Game::Setup`] is validated into a state;
//! seats act by joint actions (one action per seat that must act), checked and applied by
//! [`apply`], which leaves the state untouched on error; [`Game::view`] is all an [`Observer`]
//! (a seat, or the public) may see, and [`Game::audience`] says who may read each event. A game
//! declares its seat range ([`Game::SEATS`], 2–8 players and perhaps a moderator) and its teams;
//! an [`Outcome`] ranks the players with ties. Randomness is a seeded [`Rng`] owned by the state, so a [`GameRecord`] (setup plus joint
//! actions) replays exactly. [`conformance`] holds the checks every game must pass.
#![deny(missing_docs)]

pub mod conformance;
mod dealt;
pub mod fuzz;
mod game;
pub mod json;
mod outcome;
mod record;
mod rng;
pub mod scenario;
mod seat;
pub mod sorting;

pub use dealt::{CardMove, Dealing};
pub use game::{Audience, Game, IllegalAction, Joint, acting_seats, apply, check_joint, joint_from, visible_events};
pub use outcome::Outcome;
pub use record::{GameRecord, MAX_STEPS, RECORD_FORMAT, ReplayError, play_script};
pub use rng::Rng;
pub use seat::{Observer, PerSeat, Seat};
