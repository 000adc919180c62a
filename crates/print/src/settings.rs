//! What a person chooses on `/print/<game>` or `dojo print`, and its form in a share link
//! (`?paper=letter&backs=short&dx=-1.5&modes=monsters,team`). Settings left at their default are
//! left out of links.
//!
//! A kit that prints a card set people can type in (DRAGON PUNCH's cards, Rumble's power list)
//! reads it from `set=`, the piece the game's own `to_link` writes. The settings keep that piece
//! as it came and only check its form, so the print page's own wasm needs no JSON reader and no
//! game's set type; each such kit decodes its own piece where it is drawn
//! ([`crate::kits::set_problem`]), and a piece that does not decode is reported there.

use crate::geometry::{CardSize, Orientation, Paper};
use std::fmt;

/// The longest `set=` piece kept, in characters: the longest any game's link reader takes
/// (each game's reader applies its own limit when it decodes the piece).
pub const MAX_SET: usize = 32_000;

/// How card backs are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backs {
    /// Fronts only.
    None,
    /// Two-sided printing, the sheet turning over its long edge.
    LongEdge,
    /// Two-sided printing, the sheet turning over its short edge.
    ShortEdge,
    /// One-sided: fronts and backs side by side on one page, folded in half and glued.
    Fold,
}

impl Backs {
    /// Every choice, in the order the page lists them.
    pub const ALL: [Backs; 4] = [Backs::LongEdge, Backs::ShortEdge, Backs::Fold, Backs::None];

    /// The short name used in links and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Backs::None => "none",
            Backs::LongEdge => "long",
            Backs::ShortEdge => "short",
            Backs::Fold => "fold",
        }
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Backs::None => "No backs (fronts only)",
            Backs::LongEdge => "Two-sided, flip on long edge",
            Backs::ShortEdge => "Two-sided, flip on short edge",
            Backs::Fold => "One-sided, fold in half",
        }
    }

    /// Whether backs go on their own pages, printed on the other side of the sheet.
    pub fn is_duplex(self) -> bool {
        matches!(self, Backs::LongEdge | Backs::ShortEdge)
    }
}

/// Largest front/back offset accepted, in tenths of a millimetre (±10 mm).
pub const MAX_OFFSET_TENTHS: i16 = 100;
/// Largest gap between pieces, in millimetres.
pub const MAX_GUTTER_MM: u8 = 10;
/// Most copies of one component in one kit.
pub const MAX_COPIES: u8 = 9;

/// Everything that shapes a printed kit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Paper size.
    pub paper: Paper,
    /// Paper orientation.
    pub orientation: Orientation,
    /// Size of the cards (boards and tokens keep their own size).
    pub card: CardSize,
    /// Whether each piece's art runs 3 mm past its cut line (for print shops and guillotines).
    pub bleed: bool,
    /// Gap between pieces, in whole millimetres.
    pub gutter_mm: u8,
    /// Whether cut lines are marked in the margins.
    pub crop_marks: bool,
    /// How backs are printed.
    pub backs: Backs,
    /// How far to move the back pages right (positive) and down (positive), in tenths of a
    /// millimetre, as seen looking at the back side; for printers that drift.
    pub offset_tenths: (i16, i16),
    /// Outlines instead of fills, for saving ink.
    pub ink_saver: bool,
    /// The game's optional ways to play whose pieces print, by mode id, sorted and without
    /// repeats (so a link does not depend on the order they were ticked). None by default: the
    /// basic kit is what a two-fighter game needs, and every mode adds sheets.
    pub modes: Vec<String>,
    /// Copies of each component, by component id; components not listed print their default.
    pub copies: Vec<(String, u8)>,
    /// The card set to print, as the game's link piece (`1.` and URL-safe base64: DRAGON PUNCH's
    /// `CardSet::to_link`, Rumble's `PowerList::to_link`), for the kits that print one
    /// ([`crate::kits::takes_set`]); `None` prints the game's own set.
    pub set: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            paper: Paper::A4,
            orientation: Orientation::Portrait,
            card: CardSize::Poker,
            bleed: false,
            gutter_mm: 0,
            crop_marks: true,
            backs: Backs::LongEdge,
            offset_tenths: (0, 0),
            ink_saver: false,
            modes: Vec::new(),
            copies: Vec::new(),
            set: None,
        }
    }
}

/// Why part of a share link or command line could not be read. The setting keeps its default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// A key this page does not know.
    UnknownSetting(String),
    /// `paper=` is neither `a4` nor `letter`.
    UnknownPaper(String),
    /// `orient=` is neither `portrait` nor `landscape`.
    UnknownOrientation(String),
    /// `card=` is not one of the card sizes.
    UnknownCardSize(String),
    /// `backs=` is not one of `long`, `short`, `fold`, `none`.
    UnknownBacks(String),
    /// An on/off setting is neither `1` nor `0`.
    NotOnOrOff {
        /// Which setting.
        key: String,
        /// What the link said.
        value: String,
    },
    /// `dx=` or `dy=` is not a number of millimetres with at most one decimal, within ±10.
    BadOffset {
        /// Which setting.
        key: String,
        /// What the link said.
        value: String,
    },
    /// `gutter=` is not a whole number of millimetres from 0 to 10.
    BadGutter(String),
    /// `copies=` is not a list of `component:count` with counts from 0 to 9.
    BadCopies(String),
    /// `modes=` is not a comma-separated list of mode ids.
    BadModes(String),
    /// `set=` does not hold a card set that can be read or played (why, in words): the kit
    /// prints its own set.
    BadCardSet(String),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::UnknownSetting(key) => write!(f, "'{key}' is not a print setting"),
            SettingsError::UnknownPaper(v) => write!(f, "paper '{v}' is not offered: use a4 or letter"),
            SettingsError::UnknownOrientation(v) => write!(f, "orientation '{v}' is not offered: use portrait or landscape"),
            SettingsError::UnknownCardSize(v) => write!(f, "card size '{v}' is not offered: use poker, bridge or mini"),
            SettingsError::UnknownBacks(v) => write!(f, "backs '{v}' is not offered: use long, short, fold or none"),
            SettingsError::NotOnOrOff { key, value } => write!(f, "'{key}' must be 1 or 0, not '{value}'"),
            SettingsError::BadOffset { key, value } => {
                write!(f, "'{key}' must be millimetres between -10 and 10 with at most one decimal, not '{value}'")
            }
            SettingsError::BadGutter(v) => write!(f, "gutter must be whole millimetres from 0 to {MAX_GUTTER_MM}, not '{v}'"),
            SettingsError::BadCopies(v) => write!(f, "copies must look like 'actions:2,hearts:1' with counts 0 to {MAX_COPIES}, not '{v}'"),
            SettingsError::BadModes(v) => write!(f, "modes must look like 'team,monsters', not '{v}'"),
            SettingsError::BadCardSet(e) => write!(f, "{e}, so the kit prints its own card set instead"),
        }
    }
}

impl Settings {
    /// How many copies of component `id` to print, given the kit's default.
    pub fn copies_of(&self, id: &str, default: u8) -> u8 {
        self.copies.iter().find(|(c, _)| c == id).map_or(default, |(_, n)| *n)
    }

    /// Sets the copies of component `id`.
    pub fn set_copies(&mut self, id: &str, copies: u8) {
        let copies = copies.min(MAX_COPIES);
        match self.copies.iter_mut().find(|(c, _)| c == id) {
            Some(entry) => entry.1 = copies,
            None => self.copies.push((id.to_string(), copies)),
        }
    }

    /// Whether the pieces of mode `id` print.
    pub fn has_mode(&self, id: &str) -> bool {
        self.modes.iter().any(|m| m == id)
    }

    /// Chooses mode `id` (`on`) or leaves it out.
    pub fn set_mode(&mut self, id: &str, on: bool) {
        self.modes.retain(|m| m != id);
        if on {
            self.modes.push(id.to_string());
            self.modes.sort();
        }
    }

    /// Whether a component for `modes` prints: it belongs to no mode, or one of them is chosen.
    pub fn includes(&self, modes: &[&str]) -> bool {
        modes.is_empty() || modes.iter().any(|m| self.has_mode(m))
    }

    /// Reads a query string (with or without the leading `?`). Every part that can be read is
    /// used; each part that cannot is reported and leaves its setting at the default.
    pub fn from_query(query: &str) -> (Settings, Vec<SettingsError>) {
        let mut s = Settings::default();
        let mut errors = Vec::new();
        for pair in query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            if let Err(e) = s.set(key, &decode(value)) {
                errors.push(e);
            }
        }
        (s, errors)
    }

    /// Changes one setting from its link form.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingsError> {
        match key {
            "paper" => {
                self.paper = Paper::ALL.into_iter().find(|p| p.code() == value).ok_or_else(|| SettingsError::UnknownPaper(value.into()))?
            }
            "orient" => {
                self.orientation = match value {
                    "portrait" => Orientation::Portrait,
                    "landscape" => Orientation::Landscape,
                    _ => return Err(SettingsError::UnknownOrientation(value.into())),
                }
            }
            "card" => {
                self.card =
                    CardSize::ALL.into_iter().find(|c| c.code() == value).ok_or_else(|| SettingsError::UnknownCardSize(value.into()))?
            }
            "backs" => {
                self.backs = Backs::ALL.into_iter().find(|b| b.code() == value).ok_or_else(|| SettingsError::UnknownBacks(value.into()))?
            }
            "bleed" => self.bleed = on_off(key, value)?,
            "crop" => self.crop_marks = on_off(key, value)?,
            "ink" => self.ink_saver = on_off(key, value)?,
            "gutter" => {
                self.gutter_mm = value.parse().ok().filter(|g| *g <= MAX_GUTTER_MM).ok_or_else(|| SettingsError::BadGutter(value.into()))?
            }
            "dx" | "dy" => {
                let tenths = parse_tenths(value).ok_or_else(|| SettingsError::BadOffset { key: key.into(), value: value.into() })?;
                if key == "dx" { self.offset_tenths.0 = tenths } else { self.offset_tenths.1 = tenths }
            }
            "copies" => self.copies = parse_copies(value).ok_or_else(|| SettingsError::BadCopies(value.into()))?,
            "modes" => self.modes = parse_modes(value).ok_or_else(|| SettingsError::BadModes(value.into()))?,
            "set" => self.set = parse_set(value).map_err(SettingsError::BadCardSet)?,
            _ => return Err(SettingsError::UnknownSetting(key.into())),
        }
        Ok(())
    }

    /// The settings as a query string without the `?`, leaving out defaults (empty if all are).
    pub fn to_query(&self) -> String {
        let d = Settings::default();
        let mut parts: Vec<String> = Vec::new();
        if self.paper != d.paper {
            parts.push(format!("paper={}", self.paper.code()));
        }
        if self.orientation != d.orientation {
            parts.push("orient=landscape".into());
        }
        if self.card != d.card {
            parts.push(format!("card={}", self.card.code()));
        }
        if self.backs != d.backs {
            parts.push(format!("backs={}", self.backs.code()));
        }
        for (key, value, default) in
            [("bleed", self.bleed, d.bleed), ("crop", self.crop_marks, d.crop_marks), ("ink", self.ink_saver, d.ink_saver)]
        {
            if value != default {
                parts.push(format!("{key}={}", u8::from(value)));
            }
        }
        if self.gutter_mm != d.gutter_mm {
            parts.push(format!("gutter={}", self.gutter_mm));
        }
        if self.offset_tenths.0 != 0 {
            parts.push(format!("dx={}", format_tenths(self.offset_tenths.0)));
        }
        if self.offset_tenths.1 != 0 {
            parts.push(format!("dy={}", format_tenths(self.offset_tenths.1)));
        }
        if !self.modes.is_empty() {
            parts.push(format!("modes={}", self.modes.join(",")));
        }
        if !self.copies.is_empty() {
            let list: Vec<String> = self.copies.iter().map(|(id, n)| format!("{id}:{n}")).collect();
            parts.push(format!("copies={}", list.join(",")));
        }
        // Last: it is by far the longest part.
        if let Some(set) = &self.set {
            parts.push(format!("set={set}"));
        }
        parts.join("&")
    }

    /// Decodes `set=` with a game's own reader (`read` turns a piece into a set, or says why
    /// not): `Ok(None)` when there is none, an error (for the person to read) when it cannot be
    /// read or breaks a rule of the game's sets.
    pub fn decode_set<T, E: fmt::Display>(&self, read: impl FnOnce(&str) -> Result<T, E>) -> Result<Option<T>, SettingsError> {
        self.set.as_deref().map(read).transpose().map_err(|e| SettingsError::BadCardSet(e.to_string()))
    }
}

/// Checks the form of a `set=` piece without decoding it: empty means no set; otherwise at most
/// [`MAX_SET`] characters, all URL-safe base64 or the version's dot. Whether it holds a set is
/// the kit's question ([`Settings::decode_set`]).
fn parse_set(value: &str) -> Result<Option<String>, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if value.len() > MAX_SET {
        return Err(format!("the link's card set is longer than {MAX_SET} characters"));
    }
    if !value.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)) {
        return Err("the link's card set is damaged (was it cut short when copied?)".into());
    }
    Ok(Some(value.to_string()))
}

fn on_off(key: &str, value: &str) -> Result<bool, SettingsError> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(SettingsError::NotOnOrOff { key: key.into(), value: value.into() }),
    }
}

/// Decodes the `%2C`-style escapes a browser may put in a link (only ASCII ones matter here).
fn decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = String::with_capacity(value.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(byte) = value.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok()).filter(u8::is_ascii)
        {
            out.push(char::from(byte));
            i += 3;
            continue;
        }
        out.push(if bytes[i] == b'+' { ' ' } else { char::from(bytes[i]) });
        i += 1;
    }
    out
}

/// Parses "-1.5", "2", "0.3" into tenths of a millimetre, within ±10 mm.
pub fn parse_tenths(value: &str) -> Option<i16> {
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, value.strip_prefix('+').unwrap_or(value)),
    };
    let (whole, tenth) = match digits.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t),
        Some(_) => return None,
        None => (digits, "0"),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !tenth.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 3 {
        return None;
    }
    let magnitude: i16 = whole.parse::<i16>().ok()? * 10 + tenth.parse::<i16>().ok()?;
    let tenths = if negative { -magnitude } else { magnitude };
    (tenths.abs() <= MAX_OFFSET_TENTHS).then_some(tenths)
}

/// Writes tenths of a millimetre as "-1.5", "2", "0.3".
pub fn format_tenths(tenths: i16) -> String {
    let sign = if tenths < 0 { "-" } else { "" };
    let magnitude = tenths.unsigned_abs();
    if magnitude.is_multiple_of(10) { format!("{sign}{}", magnitude / 10) } else { format!("{sign}{}.{}", magnitude / 10, magnitude % 10) }
}

/// Whether `id` may name a component or a mode in a link: lowercase letters, digits and `-`.
fn is_id(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Reads "team,monsters" into sorted ids without repeats. Whether the game has these modes is
/// for the caller to check: the settings do not know the game.
fn parse_modes(value: &str) -> Option<Vec<String>> {
    let mut modes: Vec<String> =
        value.split(',').filter(|p| !p.is_empty()).map(|id| is_id(id).then(|| id.to_string())).collect::<Option<_>>()?;
    modes.sort();
    modes.dedup();
    Some(modes)
}

fn parse_copies(value: &str) -> Option<Vec<(String, u8)>> {
    value
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|part| {
            let (id, n) = part.split_once(':')?;
            let n: u8 = n.parse().ok().filter(|n| *n <= MAX_COPIES)?;
            is_id(id).then(|| (id.to_string(), n))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_make_an_empty_link() {
        assert_eq!(Settings::default().to_query(), "");
        assert_eq!(Settings::from_query(""), (Settings::default(), vec![]));
    }

    #[test]
    fn every_setting_survives_a_link() {
        let mut s = Settings {
            paper: Paper::Letter,
            orientation: Orientation::Landscape,
            card: CardSize::Mini,
            bleed: true,
            gutter_mm: 4,
            crop_marks: false,
            backs: Backs::ShortEdge,
            offset_tenths: (-15, 7),
            ink_saver: true,
            modes: Vec::new(),
            copies: Vec::new(),
            set: None,
        };
        s.set_copies("actions", 2);
        s.set_copies("hearts", 0);
        s.set_mode("team", true);
        s.set_mode("monsters", true);
        let query = s.to_query();
        assert_eq!(
            query,
            "paper=letter&orient=landscape&card=mini&backs=short&bleed=1&crop=0&ink=1&gutter=4&dx=-1.5&dy=0.7&modes=monsters,team&copies=actions:2,hearts:0"
        );
        assert_eq!(Settings::from_query(&format!("?{query}")), (s, vec![]));
    }

    #[test]
    fn bad_parts_are_reported_and_keep_their_defaults() {
        let (s, errors) = Settings::from_query("paper=a3&dx=abc&dy=-2.5&gutter=99&crop=yes&zoom=2&copies=actions:12&backs=fold");
        assert_eq!(s.paper, Paper::A4);
        assert_eq!(s.offset_tenths, (0, -25));
        assert_eq!(s.gutter_mm, 0);
        assert!(s.crop_marks);
        assert_eq!(s.backs, Backs::Fold);
        assert!(s.copies.is_empty());
        assert_eq!(
            errors,
            vec![
                SettingsError::UnknownPaper("a3".into()),
                SettingsError::BadOffset { key: "dx".into(), value: "abc".into() },
                SettingsError::BadGutter("99".into()),
                SettingsError::NotOnOrOff { key: "crop".into(), value: "yes".into() },
                SettingsError::UnknownSetting("zoom".into()),
                SettingsError::BadCopies("actions:12".into()),
            ]
        );
        assert!(errors[1].to_string().contains("between -10 and 10"));
    }

    #[test]
    fn modes_survive_a_link_whatever_order_they_were_chosen_in() {
        let mut s = Settings::default();
        for id in ["wampires", "ffa", "monsters", "ffa"] {
            s.set_mode(id, true);
        }
        s.set_mode("monsters", false);
        assert_eq!(s.modes, ["ffa", "wampires"]);
        assert_eq!(s.to_query(), "modes=ffa,wampires");
        assert_eq!(Settings::from_query("modes=wampires,ffa,wampires"), (s.clone(), vec![]));
        assert_eq!(Settings::from_query("modes=wampires%2Cffa").0, s);
        // A component of no mode always prints; one of a mode only when that mode is chosen.
        assert!(s.includes(&[]) && s.includes(&["ffa", "last-pobber"]) && !s.includes(&["monsters"]));
        // Choosing none is the default and leaves the link empty.
        s.set_mode("ffa", false);
        s.set_mode("wampires", false);
        assert_eq!((s.to_query(), s), (String::new(), Settings::default()));
        let (s, errors) = Settings::from_query("modes=Team,monsters");
        assert!(s.modes.is_empty());
        assert_eq!(errors, vec![SettingsError::BadModes("Team,monsters".into())]);
    }

    #[test]
    fn offsets_read_and_write_in_tenths() {
        for (text, tenths) in [("0", 0), ("2", 20), ("-1.5", -15), ("+0.3", 3), ("10", 100), ("-10.0", -100)] {
            assert_eq!(parse_tenths(text), Some(tenths), "{text}");
        }
        for bad in ["", "-", "1.25", "10.1", "1e1", "abc", ".5", "1."] {
            assert_eq!(parse_tenths(bad), None, "{bad}");
        }
        assert_eq!(format_tenths(-15), "-1.5");
        assert_eq!(format_tenths(20), "2");
        assert_eq!(format_tenths(-3), "-0.3");
        assert_eq!(Settings::from_query("copies=actions%3A2%2Chearts%3A1").0.copies_of("hearts", 5), 1);
    }

    #[test]
    fn a_card_set_travels_last_in_the_link_and_a_bad_one_is_reported() {
        use dojo_games::dragon_punch::{CardSet, LinkError};
        let mut typed = dojo_games::dragon_punch::set::reconstructed();
        typed.name = "Our table's cards".into();
        let piece = typed.to_link();
        let s = Settings { paper: Paper::Letter, set: Some(piece.clone()), ..Settings::default() };
        assert_eq!(s.to_query(), format!("paper=letter&set={piece}"));
        let (read, problems) = Settings::from_query(&s.to_query());
        assert_eq!((&read, problems), (&s, vec![]));
        assert_eq!(read.decode_set(CardSet::from_link), Ok(Some(typed)));
        assert_eq!(Settings::default().decode_set(CardSet::from_link), Ok(None));
        // Characters no link piece has are refused at once and leave no set, with the words
        // DRAGON PUNCH's own reader uses.
        let (read, problems) = Settings::from_query("set=1.abc%3Cdef&ink=1");
        assert!(read.set.is_none() && read.ink_saver);
        assert_eq!(problems, vec![SettingsError::BadCardSet(LinkError::NotBase64.to_string())]);
        // A piece of the right form that does not decode is kept (the link stays as it was
        // sent) and reported when the set is read.
        let (read, problems) = Settings::from_query(&format!("set={}", &piece[..piece.len() / 2]));
        assert!(problems.is_empty() && read.set.is_some());
        let error = read.decode_set(CardSet::from_link).unwrap_err();
        let SettingsError::BadCardSet(why) = &error else { panic!("{error:?}") };
        assert!(why.contains("damaged") || why.contains("does not hold a card set"), "{why}");
        assert!(error.to_string().ends_with("so the kit prints its own card set instead"), "{error}");
        assert_eq!(Settings::from_query("set=").0.set, None);
    }

    #[test]
    fn the_set_piece_kept_is_as_long_as_any_game_reads() {
        const { assert!(MAX_SET >= dojo_games::dragon_punch::MAX_LINK && MAX_SET >= dojo_games::rumble::share::MAX_LINK) };
        let (read, problems) = Settings::from_query(&format!("set=1.{}", "A".repeat(MAX_SET)));
        assert!(read.set.is_none());
        assert_eq!(problems, vec![SettingsError::BadCardSet(dojo_games::dragon_punch::LinkError::TooLong.to_string())]);
    }
}
