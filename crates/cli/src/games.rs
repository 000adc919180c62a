//! Which game a command names: every engine in the registry (`dojo_games::for_each_engine!`),
//! so the command line itself names no game.

/// The ids of the games with a rules engine, for messages.
pub fn names() -> String {
    macro_rules! ids {
        ([] $($id:literal => $ty:ty),*) => { [$($id),*] };
    }
    dojo_games::for_each_engine!(ids []).join(", ")
}

/// The title of game `id` for output headings (its registry name).
pub fn title(id: &str) -> &'static str {
    dojo_games::registry::find(id).map_or("?", |g| g.name)
}

/// Expands to a `match` over the registry's engines (used by [`with_game!`]).
#[macro_export]
macro_rules! dispatch_game {
    ([$name:expr, $g:ident, $body:expr] $($id:literal => $ty:ty),*) => {
        match $name {
            $($id => {
                type $g = $ty;
                $body
            })*
            other => Err(format!("unknown game {other:?}; games with a rules engine: {}", $crate::games::names())),
        }
    };
}

/// Runs `$body` with `$g` bound to the game type named by `$name`, or returns an error.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        dojo_games::for_each_engine!(dispatch_game [$name, $g, $body])
    };
}
