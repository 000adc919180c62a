//! Your games on this device: every finished game, kept in the browser's local storage under
//! [`KEY`] (the last [`KEEP`]), with what the "Your games" page lists and counts, and the
//! shareable record as a replay piece. Nothing about a game in progress is written here: a
//! play page adds the entry when its game ends ([`remember`]).
//!
//! Local storage rather than IndexedDB: an entry is about 300–900 bytes (the piece is most of
//! it), so 200 entries take well under 200 KB of the 5 MB a site may keep, and it is read and
//! written whole, at once, with no callbacks to wait for.
//!
//! The list is plain JSON: an export is the same list, and an import checks each entry on its
//! own (its fields, its piece, its game) and skips a damaged one with the reason.

use serde::{Deserialize, Serialize};

/// The storage key of the list.
pub const KEY: &str = "dojo-history";

/// How many finished games are kept (the oldest go first).
pub const KEEP: usize = 200;

/// The most entries a list may hold to be read: five devices' worth of kept games, so a merge of
/// honest exports always reads, and a forged file of millions is refused before any is unpacked.
pub const MAX_READ: usize = 5 * KEEP;

/// How one finished game went for the person who played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Result {
    /// The lone person won (alone, or with their team).
    Won,
    /// The lone person shared first place with a rival.
    Drew,
    /// Someone else won.
    Lost,
    /// Several people played at this device: nobody's result is "yours".
    Played,
}

/// Writes milliseconds as a whole number.
fn whole_ms<S: serde::Serializer>(ms: &f64, out: S) -> std::result::Result<S::Ok, S::Error> {
    out.serialize_u64(ms.max(0.0) as u64)
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Unique on this device: the finish time and a random part.
    pub id: String,
    /// When it finished, in milliseconds since 1970. Written as a whole number: a play page that
    /// writes an entry then carries no float printer (older entries with a fraction still read).
    #[serde(serialize_with = "whole_ms")]
    pub when: f64,
    /// The game's registry id.
    pub game: String,
    /// What was played ("series", "fight", "evening") and at how many seats.
    pub mode: String,
    /// The seats' names, in seat order.
    pub seats: Vec<String>,
    /// The computer's level in each seat it played ("Easy", "Medium", "Hard"); `null` for people.
    pub levels: Vec<Option<String>>,
    /// The result for the person, when one person played against the computer.
    pub result: Result,
    /// Who won, in words.
    pub summary: String,
    /// Steps played.
    pub steps: usize,
    /// The game as a replay piece (`/watch/<game>#<piece>`); `None` when it could not be kept
    /// (the game was reloaded part way against the computer).
    pub piece: Option<String>,
}

impl Entry {
    /// The computer's level this game was played against: the strongest at the table, or
    /// `None` when only people played.
    pub fn level(&self) -> Option<&str> {
        let rank = |l: &str| ["Easy", "Medium", "Hard"].iter().position(|x| *x == l);
        self.levels.iter().flatten().map(String::as_str).max_by_key(|l| rank(l))
    }

    /// The line under the result: the way it was played, its steps and who sat at the table,
    /// each computer with its level once ("Match, 2 players · 6 steps · You, Computer (Medium)").
    pub fn details(&self) -> String {
        let mut mode = self.mode.clone();
        if let Some(first) = mode.get(..1) {
            mode = first.to_ascii_uppercase() + &mode[1..];
        }
        let seats: Vec<String> = self
            .seats
            .iter()
            .zip(&self.levels)
            .map(|(name, level)| match level {
                Some(level) if !name.contains(&format!("({level})")) => format!("{name} ({level})"),
                _ => name.clone(),
            })
            .collect();
        let steps = if self.steps == 1 { "1 step".to_string() } else { format!("{} steps", self.steps) };
        format!("{mode} · {steps} · {}", seats.join(", "))
    }

    /// The path that watches it, if it has a piece.
    pub fn watch_path(&self) -> Option<String> {
        self.piece.as_ref().map(|p| dojo_games::replay_link::watch_path(&self.game, p))
    }

    /// Why the entry cannot be kept, if it cannot: each field is checked, and the piece must be
    /// a replay piece of the same game.
    pub fn check(&self) -> std::result::Result<(), String> {
        if dojo_games::registry::find(&self.game).is_none_or(|g| !g.on_site()) {
            return Err(format!("it names no game of this site ({:?})", short(&self.game)));
        }
        if self.id.is_empty() || !self.when.is_finite() || self.when < 0.0 {
            return Err("its id or date is missing".into());
        }
        if self.seats.is_empty() || self.seats.len() > 8 || self.levels.len() != self.seats.len() {
            return Err("its seats do not add up".into());
        }
        let too_long = [("id", &self.id, 64), ("way of playing", &self.mode, 120), ("result", &self.summary, 300)]
            .into_iter()
            .chain(self.seats.iter().map(|name| ("seat name", name, 60)))
            .find(|(_, text, most)| text.chars().count() > *most);
        if let Some((what, _, most)) = too_long {
            return Err(format!("its {what} is longer than {most} characters"));
        }
        if self.steps > dojo_engine::MAX_STEPS {
            return Err(format!("it claims {} steps, more than any game is allowed", self.steps));
        }
        if let Some(level) = self.levels.iter().flatten().find(|l| !["Easy", "Medium", "Hard"].contains(&l.as_str())) {
            return Err(format!("it names no computer level ({:?})", short(level)));
        }
        if let Some(piece) = &self.piece {
            let (game, _) = dojo_games::replay_link::piece_value(piece).map_err(|e| format!("its replay: {e}"))?;
            if game != self.game {
                return Err(format!("its replay is a game of {game:?}, not {:?}", self.game));
            }
        }
        Ok(())
    }
}

/// A string cut short for a message.
fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// The list as stored, oldest first, read without checking entries (what a play page needs to
/// add one): anything unreadable counts as an empty list.
pub fn raw_list(text: Option<&str>) -> Vec<serde_json::Value> {
    text.and_then(|t| serde_json::from_str::<Vec<serde_json::Value>>(t).ok()).unwrap_or_default()
}

/// `list` (oldest first) with `entry` added, the oldest dropped beyond [`KEEP`].
pub fn with_entry(mut list: Vec<serde_json::Value>, entry: &Entry) -> Vec<serde_json::Value> {
    list.push(serde_json::to_value(entry).unwrap_or_default());
    let extra = list.len().saturating_sub(KEEP);
    list.drain(..extra);
    list
}

/// Adds `entry` to the stored list; false when storage refused it.
pub fn remember(entry: &Entry) -> bool {
    let list = with_entry(raw_list(crate::browser::load(KEY).as_deref()), entry);
    crate::browser::store(KEY, &serde_json::to_string(&list).unwrap_or_default())
}

/// What a play page asks of the "Your games" module when a game ends (see [`pack_finished`]).
#[derive(Serialize, Deserialize)]
pub struct Finished {
    /// The entry to add, without its piece; `None` to pack the link only.
    pub entry: Option<Entry>,
    /// The shared game as JSON ([`dojo_games::replay_link::SharedGame`]), when it can be shared.
    pub shared: Option<serde_json::Value>,
}

/// The replay piece of a finished game ("" when it cannot be shared), after adding its entry,
/// with that piece, to the stored list when the request carries one.
pub fn pack_finished(request: &str) -> std::result::Result<String, String> {
    let finished: Finished = serde_json::from_str(request).map_err(|e| format!("the request cannot be read: {e}"))?;
    let piece = match &finished.shared {
        Some(shared) => dojo_games::replay_link::piece_from_json(&shared.to_string()).map_err(|e| e.to_string())?,
        None => String::new(),
    };
    if let Some(mut entry) = finished.entry {
        entry.piece = (!piece.is_empty()).then(|| piece.clone());
        if !remember(&entry) {
            return Err("this browser would not let us add the game to Your games".into());
        }
    }
    Ok(piece)
}

/// What reading a list found: the good entries (oldest first) and why each other one was
/// skipped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Read {
    /// Entries that passed every check.
    pub entries: Vec<Entry>,
    /// One sentence per skipped entry.
    pub skipped: Vec<String>,
}

/// Reads a list (the stored one, or an export): each entry on its own.
pub fn read(text: &str) -> std::result::Result<Read, String> {
    let values: Vec<serde_json::Value> =
        serde_json::from_str(text).map_err(|e| format!("this is not a list of games ({})", short(&e.to_string())))?;
    if values.len() > MAX_READ {
        return Err(format!("this list holds {} games, more than the {MAX_READ} an import reads", values.len()));
    }
    let mut read = Read::default();
    for (i, value) in values.into_iter().enumerate() {
        match serde_json::from_value::<Entry>(value).map_err(|e| short(&e.to_string())).and_then(|e| e.check().map(|()| e)) {
            Ok(entry) => read.entries.push(entry),
            Err(why) => read.skipped.push(format!("Entry {} was skipped: {why}.", i + 1)),
        }
    }
    Ok(read)
}

/// `ours` with the entries of `theirs` it does not have (by id) added, in date order, the
/// oldest dropped beyond [`KEEP`]; and how many were added.
pub fn merged(ours: Vec<Entry>, theirs: Vec<Entry>) -> (Vec<Entry>, usize) {
    let mut all = ours;
    let mut added = 0;
    for entry in theirs {
        if !all.iter().any(|e| e.id == entry.id) {
            all.push(entry);
            added += 1;
        }
    }
    all.sort_by(|a, b| a.when.total_cmp(&b.when));
    let extra = all.len().saturating_sub(KEEP);
    all.drain(..extra);
    (all, added)
}

/// The results against one computer level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub won: usize,
    /// Games drawn.
    pub drew: usize,
    /// Games lost.
    pub lost: usize,
}

/// One game's figures for the "Your games" page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Finished games of it.
    pub games: usize,
    /// Against the computer, per level (Easy, Medium, Hard).
    pub by_level: [Tally; 3],
    /// The current streak against the computer: how many games in a row ended the same way,
    /// and how (`None` when there is none).
    pub streak: Option<(Result, usize)>,
}

/// The figures of `game` in `entries` (oldest first).
pub fn stats(entries: &[Entry], game: &str) -> Stats {
    let mine: Vec<&Entry> = entries.iter().filter(|e| e.game == game).collect();
    let mut stats = Stats { games: mine.len(), ..Stats::default() };
    for entry in &mine {
        let Some(i) = entry.level().and_then(|l| ["Easy", "Medium", "Hard"].iter().position(|x| *x == l)) else { continue };
        let tally = &mut stats.by_level[i];
        match entry.result {
            Result::Won => tally.won += 1,
            Result::Drew => tally.drew += 1,
            Result::Lost => tally.lost += 1,
            Result::Played => {}
        }
    }
    let mut against: Vec<Result> = mine.iter().filter(|e| e.result != Result::Played).map(|e| e.result).collect();
    if let Some(last) = against.pop() {
        stats.streak = Some((last, 1 + against.iter().rev().take_while(|r| **r == last).count()));
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, when: f64, result: Result, level: Option<&str>) -> Entry {
        Entry {
            id: id.into(),
            when,
            game: "punish".into(),
            mode: "match, 2 players".into(),
            seats: vec!["You".into(), "Computer 2".into()],
            levels: vec![None, level.map(str::to_string)],
            result,
            summary: "You won the match!".into(),
            steps: 12,
            piece: None,
        }
    }

    /// The audit read "Lost Computer (Medium) won the match! match, 2 players · 6 steps · You,
    /// Computer (Medium) (Medium)": the summary ran into the way of playing, and the level was
    /// said twice.
    #[test]
    fn an_entrys_details_name_each_level_once() {
        let mut e = entry("a", 1.0, Result::Lost, Some("Medium"));
        e.seats = vec!["You".into(), "Computer (Medium)".into()];
        e.steps = 6;
        assert_eq!(e.details(), "Match, 2 players · 6 steps · You, Computer (Medium)");
        e.seats[1] = "Rival".into();
        e.steps = 1;
        assert_eq!(e.details(), "Match, 2 players · 1 step · You, Rival (Medium)");
    }

    #[test]
    fn the_list_keeps_the_last_two_hundred() {
        let mut list = Vec::new();
        for i in 0..(KEEP + 5) {
            list = with_entry(list, &entry(&i.to_string(), i as f64, Result::Won, Some("Easy")));
        }
        assert_eq!(list.len(), KEEP);
        assert_eq!(list[0]["id"], "5");
        assert!(raw_list(Some("{broken")).is_empty());
    }

    #[test]
    fn an_import_skips_each_damaged_entry_with_its_reason_and_keeps_the_rest() {
        let good = entry("a", 1.0, Result::Won, Some("Hard"));
        let mut wrong_game = entry("b", 2.0, Result::Lost, None);
        wrong_game.game = "chess".into();
        let mut bad_piece = entry("c", 3.0, Result::Lost, None);
        bad_piece.piece = Some("r1.punish.@@".into());
        let mut bad_level = entry("d", 4.0, Result::Lost, Some("Godlike"));
        bad_level.levels[1] = Some("Godlike".into());
        let text = serde_json::json!([good, wrong_game, bad_piece, bad_level, {"id": 3}]).to_string();
        let read = read(&text).unwrap();
        assert_eq!(read.entries, vec![good.clone()]);
        assert_eq!(read.skipped.len(), 4, "{:?}", read.skipped);
        assert!(read.skipped[0].starts_with("Entry 2 was skipped: it names no game"));
        assert!(read.skipped[1].contains("its replay"));
        assert!(read.skipped[2].contains("no computer level"));
        assert!(super::read("{").unwrap_err().starts_with("this is not a list"));
        let (all, added) = merged(vec![good.clone()], vec![good.clone(), entry("e", 0.5, Result::Drew, None)]);
        assert_eq!((all.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), added), (vec!["e", "a"], 1));
    }

    #[test]
    fn a_finished_game_is_packed_for_its_link_or_refused_in_words() {
        let shared = serde_json::json!({"names": ["You", "Computer 2 (Easy)"], "record": {"format": 1, "game": "punish",
            "setup": {"options": {"best_of": 1}, "seed": 1, "hands": [["Rush","Guard","Guard","Strike","Dodge"],["Punish","Rush","Guard","Strike","Dodge"]],
            "revealed": ["Punish","Dodge"], "deck": ["Rush","Strike","Punish"]}, "actions": [[{"card": "Rush"}, {"card": "Punish"}]]}});
        let request = serde_json::json!({"entry": null, "shared": shared}).to_string();
        let piece = pack_finished(&request).unwrap();
        assert_eq!(piece, dojo_games::replay_link::piece_from_json(&shared.to_string()).unwrap());
        let (game, back) = dojo_games::replay_link::piece_value(&piece).unwrap();
        assert_eq!((game.as_str(), &back["record"]["actions"]), ("punish", &shared["record"]["actions"]));
        assert_eq!(pack_finished(r#"{"entry": null, "shared": null}"#).unwrap(), "");
        assert!(pack_finished("{").unwrap_err().starts_with("the request cannot be read"));
    }

    #[test]
    fn stats_count_results_per_level_and_the_current_streak() {
        let entries = vec![
            entry("1", 1.0, Result::Lost, Some("Hard")),
            entry("2", 2.0, Result::Won, Some("Easy")),
            entry("3", 3.0, Result::Played, None),
            entry("4", 4.0, Result::Won, Some("Medium")),
            entry("5", 5.0, Result::Drew, Some("Medium")),
            entry("6", 6.0, Result::Won, Some("Hard")),
            entry("7", 7.0, Result::Won, Some("Hard")),
        ];
        let s = stats(&entries, "punish");
        assert_eq!(s.games, 7);
        assert_eq!(s.by_level[0], Tally { won: 1, drew: 0, lost: 0 });
        assert_eq!(s.by_level[1], Tally { won: 1, drew: 1, lost: 0 });
        assert_eq!(s.by_level[2], Tally { won: 2, drew: 0, lost: 1 });
        assert_eq!(s.streak, Some((Result::Won, 2)));
        assert_eq!(stats(&entries, "taunt"), Stats::default());
    }
}
