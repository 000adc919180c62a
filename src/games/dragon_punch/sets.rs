//! The DRAGON PUNCH card sets a person can play and print: our reconstructed set, the sets they
//! typed into the editor (kept in this browser), and a set someone sent them by link
//! (`?set=1.…`, see [`CardSet::to_link`]). Every set read back is checked again, so a damaged
//! storage entry or link is reported and never played.

use crate::browser;
use dojo_games::dragon_punch::{CardSet, LinkError, set::reconstructed};
use std::sync::Arc;

/// The storage key holding the person's own sets (a JSON list of sets).
pub const STORAGE_KEY: &str = "dojo.dragon-punch.sets";

/// The storage key holding the name of the set last chosen for play.
pub const CHOSEN_KEY: &str = "dojo.dragon-punch.chosen";

/// Most sets kept in the browser.
pub const MAX_STORED: usize = 12;

/// The query parameter that carries a shared set.
pub const LINK_PARAM: &str = "set";

/// Why the stored sets could not all be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredError {
    /// The stored text is not a list of sets; it is left untouched until the person saves.
    Damaged(String),
    /// One stored set breaks a rule (it is left out of the list).
    Invalid {
        /// The set's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl std::fmt::Display for StoredError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoredError::Damaged(e) => write!(f, "the card sets kept in this browser could not be read ({e})"),
            StoredError::Invalid { name, reason } => write!(f, "the kept set \"{name}\" is left out: {reason}"),
        }
    }
}

/// Our reconstructed set, shared.
pub fn ours() -> Arc<CardSet> {
    thread_local! { static OURS: Arc<CardSet> = Arc::new(reconstructed()); }
    OURS.with(Arc::clone)
}

/// Reads a stored list of sets, keeping the valid ones and reporting the rest.
pub fn parse_stored(text: &str) -> (Vec<CardSet>, Vec<StoredError>) {
    let list: Vec<CardSet> = match dojo_engine::json::from_str(text) {
        Ok(list) => list,
        Err(e) => return (Vec::new(), vec![StoredError::Damaged(e.to_string())]),
    };
    let mut problems = Vec::new();
    let mut good = Vec::new();
    for set in list {
        match set.check() {
            Ok(()) => good.push(set),
            Err(e) => problems.push(StoredError::Invalid { name: set.name.clone(), reason: e.to_string() }),
        }
    }
    (good, problems)
}

/// The person's own sets kept in this browser, and any problem reading them.
pub fn stored() -> (Vec<CardSet>, Vec<StoredError>) {
    browser::load(STORAGE_KEY).map_or((Vec::new(), Vec::new()), |text| parse_stored(&text))
}

/// The sets kept in this browser as the balance lab offers them: each set's name and link
/// piece (damaged entries left out, as everywhere).
pub fn lab_materials() -> Vec<(String, String)> {
    stored().0.into_iter().map(|set| (set.name.clone(), set.to_link())).collect()
}

/// Why a set could not be kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeepError {
    /// The set breaks a rule.
    Invalid(String),
    /// Our own set's name is reserved.
    ReservedName,
    /// The browser already keeps [`MAX_STORED`] sets.
    Full,
    /// The browser refused to store (storage off or full).
    StorageRefused,
}

impl std::fmt::Display for KeepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeepError::Invalid(e) => write!(f, "{e}"),
            KeepError::ReservedName => write!(f, "that name belongs to our reconstructed set: give yours another"),
            KeepError::Full => write!(f, "this browser already keeps {MAX_STORED} sets: delete one first"),
            KeepError::StorageRefused => write!(f, "this browser refused to store the set (is storage turned off or full?)"),
        }
    }
}

/// `list` with `set` kept in it: a set of the same name is replaced, otherwise it is added.
pub fn with_kept(mut list: Vec<CardSet>, set: CardSet) -> Result<Vec<CardSet>, KeepError> {
    set.check().map_err(|e| KeepError::Invalid(e.to_string()))?;
    if set.name.trim() == ours().name {
        return Err(KeepError::ReservedName);
    }
    match list.iter().position(|s| s.name.trim() == set.name.trim()) {
        Some(old) => list[old] = set,
        None if list.len() >= MAX_STORED => return Err(KeepError::Full),
        None => list.push(set),
    }
    Ok(list)
}

/// Keeps `set` in this browser, replacing a kept set of the same name.
pub fn keep(set: CardSet) -> Result<(), KeepError> {
    let list = with_kept(stored().0, set)?;
    let text = serde_json::to_string(&list).map_err(|e| KeepError::Invalid(e.to_string()))?;
    if browser::store(STORAGE_KEY, &text) { Ok(()) } else { Err(KeepError::StorageRefused) }
}

/// Deletes the kept set named `name`, if there is one.
pub fn delete(name: &str) {
    let list: Vec<CardSet> = stored().0.into_iter().filter(|s| s.name != name).collect();
    if let Ok(text) = serde_json::to_string(&list) {
        browser::store(STORAGE_KEY, &text);
    }
}

/// The set in the address bar's `?set=` parameter, if any: read and checked.
pub fn from_address() -> Option<Result<CardSet, LinkError>> {
    let search = web_sys::window()?.location().search().ok()?;
    link_piece(&search).map(|piece| CardSet::from_link(&piece))
}

/// The `set` parameter of a query string (`?a=1&set=…`), if present.
pub fn link_piece(query: &str) -> Option<String> {
    query.trim_start_matches('?').split('&').find_map(|pair| pair.strip_prefix("set=")).map(str::to_string)
}

/// The address of page `path` (e.g. `/play/dragon-punch`) carrying `set`, for sharing.
pub fn share_address(path: &str, set: &CardSet) -> String {
    format!("{}{path}?{LINK_PARAM}={}", browser::origin(), set.to_link())
}

/// The set to play or print by name: ours, or a kept one; ours when the name is unknown.
pub fn by_name(name: &str) -> Arc<CardSet> {
    stored().0.into_iter().find(|s| s.name == name).map_or_else(ours, Arc::new)
}

/// The name of the set last chosen in this browser (ours when none).
pub fn chosen_name() -> String {
    browser::load(CHOSEN_KEY).unwrap_or_else(|| ours().name.clone())
}

/// Remembers `name` as the set chosen for the next match.
pub fn choose(name: &str) {
    browser::store(CHOSEN_KEY, name);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> CardSet {
        let mut set = reconstructed();
        set.name = name.into();
        set
    }

    #[test]
    fn stored_sets_are_checked_one_by_one_and_damage_is_reported() {
        let mut broken = named("Broken");
        broken.characters.clear();
        let text = serde_json::to_string(&vec![named("Mine"), broken]).unwrap();
        let (good, problems) = parse_stored(&text);
        assert_eq!(good.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Mine"]);
        assert!(matches!(&problems[..], [StoredError::Invalid { name, .. }] if name == "Broken"), "{problems:?}");
        let (none, problems) = parse_stored("{not json");
        assert!(none.is_empty() && matches!(&problems[..], [StoredError::Damaged(_)]));
    }

    #[test]
    fn keeping_replaces_by_name_refuses_ours_and_stops_at_the_limit() {
        let list = with_kept(Vec::new(), named("Mine")).unwrap();
        let mut changed = named("Mine");
        changed.basics[0].white.name = "Jab".into();
        let list = with_kept(list, changed.clone()).unwrap();
        assert_eq!(list, vec![changed]);
        assert_eq!(with_kept(list.clone(), reconstructed()), Err(KeepError::ReservedName));
        let full: Vec<CardSet> = (0..MAX_STORED).map(|i| named(&format!("Set {i}"))).collect();
        assert_eq!(with_kept(full.clone(), named("One more")), Err(KeepError::Full));
        assert!(with_kept(full, named("Set 3")).is_ok(), "replacing is allowed when full");
        let mut bad = named("Bad");
        bad.basics.pop();
        assert!(matches!(with_kept(Vec::new(), bad), Err(KeepError::Invalid(_))));
    }

    #[test]
    fn the_link_piece_is_found_among_other_parameters() {
        assert_eq!(link_piece("?x=1&set=1.abc&y=2").as_deref(), Some("1.abc"));
        assert_eq!(link_piece("set=1.q").as_deref(), Some("1.q"));
        assert_eq!(link_piece("?reset=1"), None);
    }
}
