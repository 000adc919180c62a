//! The games of the collection, as the site lists them: the registry's entries
//! ([`dojo_games::registry`]) minus the test games, in the registry's order.

pub use dojo_games::registry::{GameInfo, Status};

/// The games the site lists (playable and planned), in order.
pub fn listed() -> impl Iterator<Item = &'static GameInfo> {
    dojo_games::registry::GAMES.iter().filter(|g| g.status != Status::Test)
}

/// The game with pages on the site whose id is `id`.
pub fn on_site(id: &str) -> Option<&'static GameInfo> {
    dojo_games::registry::on_site().find(|g| g.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_lists_the_five_games_and_never_the_test_game() {
        let ids: Vec<&str> = listed().map(|g| g.id).collect();
        assert_eq!(ids, ["punish", "taunt", "dragon-punch", "rumble", "fusion"]);
        assert!(on_site("toy").is_none());
        assert_eq!(on_site("taunt").map(|g| g.name), Some("TAUNT"));
    }
}
