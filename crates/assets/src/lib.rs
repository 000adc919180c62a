//! The content-hashed file names of the site's lazily loaded code.
//!
//! Trunk gives the first download hashed names, but not the pages and workers the site fetches
//! later (it builds those as "workers", named after their binary). After each build,
//! `scripts/post-build.mjs` renames every such pair to `NAME-HASH.js` / `NAME-HASH_bg.wasm`,
//! with HASH taken from both files' contents, and lists the hashes in the page as
//! `<meta name="dojo-assets" content="NAME:HASH NAME:HASH …">`. A deploy therefore never leaves a
//! browser holding a stale JS file with a new wasm file, or the other way round.
//!
//! This crate reads that list. It is shared by the site and the print page.
#![deny(missing_docs)]

use std::fmt;

/// The `name` of the `<meta>` element that lists the hashes.
pub const META_NAME: &str = "dojo-assets";

/// The two files of one lazily loaded module or worker, as absolute paths on the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Files {
    /// The JavaScript glue (an ES module for pages, a classic script for workers).
    pub js: String,
    /// The WebAssembly binary.
    pub wasm: String,
}

/// Why a module's files could not be named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssetError {
    /// The page has no asset list (the post-build step did not run).
    NoList,
    /// The list does not name this module.
    Unknown(String),
}

impl fmt::Display for AssetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssetError::NoList => write!(f, "the page does not list its code files"),
            AssetError::Unknown(name) => write!(f, "the page does not list the module {name:?}"),
        }
    }
}

/// The files of `name` according to the list `content` (`NAME:HASH` entries separated by
/// spaces). A hash is hexadecimal; a malformed entry is ignored.
pub fn files_in(content: &str, name: &str) -> Result<Files, AssetError> {
    content
        .split_whitespace()
        .filter_map(|entry| entry.split_once(':'))
        .find(|(n, hash)| *n == name && !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(|(n, hash)| Files { js: format!("/{n}-{hash}.js"), wasm: format!("/{n}-{hash}_bg.wasm") })
        .ok_or_else(|| AssetError::Unknown(name.to_string()))
}

/// The files of `name` according to the current page's list.
pub fn files(name: &str) -> Result<Files, AssetError> {
    let meta = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("meta[name=\"{META_NAME}\"]")).ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .ok_or(AssetError::NoList)?;
    files_in(&meta, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_module_gets_its_hashed_pair() {
        let list = "print-page:0a1b2c punish-play:ffee01";
        let files = files_in(list, "punish-play").unwrap();
        assert_eq!(files.js, "/punish-play-ffee01.js");
        assert_eq!(files.wasm, "/punish-play-ffee01_bg.wasm");
    }

    #[test]
    fn unknown_or_malformed_entries_are_refused() {
        let list = "print-page:0a1b2c taunt-play:../evil broken";
        assert_eq!(files_in(list, "taunt-play"), Err(AssetError::Unknown("taunt-play".into())));
        assert_eq!(files_in(list, "broken"), Err(AssetError::Unknown("broken".into())));
        assert_eq!(files_in(list, "print"), Err(AssetError::Unknown("print".into())));
        assert!(files_in("", "print-page").is_err());
    }
}
