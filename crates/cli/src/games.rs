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
    /// What one evaluated game is called ("best-of-3 matches").
    const EVAL_UNIT: &'static str;
    /// The setup the bot is measured on; by default [`CliGame::seeded_setup`].
    fn eval_setup(seed: u64) -> Self::Setup {
        Self::seeded_setup(seed)
    }
    /// True for the event that marks one reveal.
    fn is_round(event: &Self::Event) -> bool;
}

impl CliGame for punish::Punish {
    const TITLE: &'static str = "PUNISH";
    const ROUND_WORD: &'static str = "breaths";
    const EVAL_UNIT: &'static str = "best-of-3 matches";
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
    const EVAL_UNIT: &'static str = "single fights (random fighters)";
    /// The bot is measured on single fights: a series is several fights in a row.
    fn eval_setup(seed: u64) -> taunt::Setup {
        taunt::Setup { options: taunt::Options { best_of: 1, ..taunt::Options::default() }, ..Self::seeded_setup(seed) }
    }
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
