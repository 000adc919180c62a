//! The balance lab: many games between computer players, and what they show.
//!
//! A [`Plan`] names what to compare (the game's sides: DRAGON PUNCH characters…), the
//! computer's level on each side, how many games each pair plays and a seed. It splits into
//! [`Job`]s, one game each, that can run anywhere and in any order: a job's game depends only
//! on the plan and the job ([`play`]), so the site's workers and `dojo lab` give the same
//! figures for the same seed. Their results ([`Played`]) make a [`Report`]: the matchup table
//! with 95% confidence intervals, the first seat's advantage, draws, game lengths and what
//! stands out.

pub mod plan;
pub mod report;
pub mod run;
pub mod stats;

pub use plan::LabKind;
pub use plan::{Job, Plan};
pub use report::Report;
pub use run::{Played, SeatResult, play};
