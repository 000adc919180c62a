//! The games the command line knows, and what it needs of each beyond the rules contract.

use dojo_engine::{Game, Rng};
use dojo_games::{punish, taunt};

/// What the measuring commands need from a game.
pub trait CliGame: Game {
    /// The game's name in output headings.
    const TITLE: &'static str;
    /// What one simultaneous reveal is called, plural ("breaths", "turns").
    const ROUND_WORD: &'static str;
    /// A setup drawn from `seed` with default options (shuffled deck, fighters drawn, …).
    fn seeded_setup(seed: u64) -> Self::Setup;
    /// True for the event that marks one reveal.
    fn is_round(event: &Self::Event) -> bool;
}

impl CliGame for punish::Punish {
    const TITLE: &'static str = "PUNISH";
    const ROUND_WORD: &'static str = "breaths";
    fn seeded_setup(seed: u64) -> punish::Setup {
        punish::Setup::deal(seed, punish::Options::default())
    }
    fn is_round(event: &punish::Event) -> bool {
        matches!(event, punish::Event::Revealed { .. })
    }
}

impl CliGame for taunt::Taunt {
    const TITLE: &'static str = "TAUNT";
    const ROUND_WORD: &'static str = "turns";
    /// Two fighters drawn from the seed (possibly the same one twice), best of 3.
    fn seeded_setup(seed: u64) -> taunt::Setup {
        let mut rng = Rng::new(seed);
        let mut pick = || taunt::FighterId::ALL[rng.below(taunt::FighterId::ALL.len())];
        taunt::Setup::new([pick(), pick()], taunt::Options::default())
    }
    fn is_round(event: &taunt::Event) -> bool {
        matches!(event, taunt::Event::Revealed { .. })
    }
}

/// The names of the games with a rules engine, for messages.
pub const NAMES: &str = "punish, taunt";

/// Runs `$body` with `$g` bound to the game type named by `$name`, or returns an error.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        match $name {
            "punish" => {
                type $g = dojo_games::punish::Punish;
                $body
            }
            "taunt" => {
                type $g = dojo_games::taunt::Taunt;
                $body
            }
            other => Err(format!("unknown game {other:?}; games with a rules engine so far: {}", $crate::games::NAMES)),
        }
    };
}
