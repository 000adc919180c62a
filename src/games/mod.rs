//! The site's code for each game, one folder per game: its play page, the pieces of its rules
//! page and its example players. A game's play page is built into its own lazily loaded module
//! (`src/bin/<id>-play.rs`) and its rules pieces into another (`src/bin/<id>-rules.rs`), so the
//! shell (home, router, rules-page reader) holds none of it and names no game: the registry ([`dojo_games::registry`]) says which games have pages.

pub mod dragon_punch;
pub mod fusion;
pub mod punish;
pub mod rumble;
pub mod taunt;

/// The name of the lazily loaded module holding the game `id`'s play page and computer.
pub fn play_module(id: &str) -> String {
    format!("{id}-play")
}

/// The name of the lazily loaded module holding the pieces of the game `id`'s rules page.
pub fn rules_module(id: &str) -> String {
    format!("{id}-rules")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_html_builds_a_module_and_copies_the_texts_of_every_game_on_the_site() {
        let index = include_str!("../../index.html");
        let main_rs = |module: &str| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/bin/{module}.rs"));
        for game in dojo_games::registry::on_site() {
            for module in [play_module(game.id), rules_module(game.id)] {
                let built = format!("data-bin=\"{module}\"");
                assert!(index.contains(&built), "index.html does not build {built}");
                assert!(main_rs(&module).is_file(), "no {}", main_rs(&module).display());
            }
            for text in ["rules.md", "notes.md"] {
                // A game's folder is its id as a Rust module name (`dragon-punch` in `dragon_punch/`).
                let copy = format!("href=\"crates/games/src/{}/{text}\" data-target-path=\"text/{}\"", game.id.replace('-', "_"), game.id);
                assert!(index.contains(&copy), "index.html does not copy {}'s {text}", game.id);
            }
        }
        assert!(!index.contains("data-bin=\"toy-"), "the test game has no pages");
    }

    #[test]
    fn the_registry_offers_a_lesson_exactly_where_a_play_page_has_one() {
        use crate::play::OnSite;
        let offered = |id: &str| dojo_games::registry::GAMES.iter().find(|g| g.id == id).is_some_and(|g| g.lesson);
        let has = [
            ("punish", punish::session::PunishSite::lesson().is_some()),
            ("taunt", taunt::play::session::TauntSite::lesson().is_some()),
            ("dragon-punch", dragon_punch::play::session::DragonPunchSite::lesson().is_some()),
            ("rumble", rumble::play::session::RumbleSite::lesson().is_some()),
            ("fusion", fusion::play::session::FusionSite::lesson().is_some()),
        ];
        assert_eq!(has.len(), dojo_games::registry::on_site().count(), "every game on the site is listed here");
        for (id, has) in has {
            assert_eq!(offered(id), has, "{id}: the rules page offers a lesson exactly when the play page has one");
        }
    }

    #[test]
    fn every_connection_module_is_built_and_belongs_to_a_game_on_the_site() {
        let index = include_str!("../../index.html");
        let bins = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin");
        let mut found = 0;
        for entry in std::fs::read_dir(bins).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let Some(game) = name.strip_suffix("-remote.rs") else { continue };
            found += 1;
            assert!(dojo_games::registry::on_site().any(|g| g.id == game), "{name} names no game on the site");
            assert!(index.contains(&format!("data-bin=\"{game}-remote\"")), "index.html does not build {game}-remote");
        }
        assert_eq!(found, dojo_games::registry::on_site().count(), "every game on the site can be played with friends on other devices");
    }
}
