//! The site's code for each game, one folder per game: its play page, the pieces of its rules
//! page and its example players. Each game's code is built into its own lazily loaded module
//! (`src/bin/<id>-play.rs`), so the shell (home, router, rules-page reader) holds none of it and
//! names no game: the registry ([`dojo_games::registry`]) says which games have pages.

pub mod dragon_punch;
pub mod punish;
pub mod rumble;
pub mod taunt;

/// The name of the lazily loaded module holding the game `id`'s play page and rules pieces.
pub fn play_module(id: &str) -> String {
    format!("{id}-play")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_html_builds_a_module_and_copies_the_texts_of_every_game_on_the_site() {
        let index = include_str!("../../index.html");
        let main_rs = |id: &str| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/bin/{}.rs", play_module(id)));
        for game in dojo_games::registry::on_site() {
            let module = format!("data-bin=\"{}\"", play_module(game.id));
            assert!(index.contains(&module), "index.html does not build {module}");
            assert!(main_rs(game.id).is_file(), "no {}", main_rs(game.id).display());
            for text in ["rules.md", "notes.md"] {
                // A game's folder is its id as a Rust module name (`dragon-punch` in `dragon_punch/`).
                let copy = format!("href=\"crates/games/src/{}/{text}\" data-target-path=\"text/{}\"", game.id.replace('-', "_"), game.id);
                assert!(index.contains(&copy), "index.html does not copy {}'s {text}", game.id);
            }
        }
        assert!(!index.contains("data-bin=\"toy-play\""), "the test game has no pages");
    }
}
