//! Small helpers for the sentences pages build.
//!
//! Case changes here are ASCII only: `str::to_uppercase` and `to_lowercase` carry Unicode's
//! case tables (about 12 KB each, 5 KB gzipped) into every module that calls them, and the
//! words they change are ours. A test keeps the site's code free of them.

/// `text` with its first letter capitalised, for a message that starts a sentence (a typed-in
/// name that starts it with a letter outside ASCII is left as it is, never cut in two).
pub fn sentence(text: &str) -> String {
    let mut rest = text.chars();
    match rest.next() {
        Some(first) => format!("{}{}", first.to_ascii_uppercase(), rest.as_str()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_starts_with_a_capital_and_a_typed_name_is_never_cut() {
        assert_eq!(sentence("a hero needs a name"), "A hero needs a name");
        assert_eq!(sentence("éclair is taken"), "éclair is taken");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn the_site_code_carries_no_unicode_case_tables() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut found = Vec::new();
        let mut dirs = vec![root.join("src"), root.join("crates/games/src"), root.join("crates/engine/src"), root.join("crates/bot/src")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && path.file_name().is_some_and(|n| n != "text.rs") {
                    let code = std::fs::read_to_string(&path).unwrap();
                    for (n, line) in code.lines().enumerate() {
                        let case = [".to_uppercase()", ".to_lowercase()"].iter().any(|c| line.contains(c));
                        // The rules keep Unicode where players type words (a shouted word).
                        if case && !line.contains("unicode: typed") {
                            found.push(format!("{}:{}", path.display(), n + 1));
                        }
                    }
                }
            }
        }
        assert!(found.is_empty(), "Unicode case changes in site code (use the ASCII ones): {found:?}");
    }
}
