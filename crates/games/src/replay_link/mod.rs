//! Replay links: a finished game as a link `/watch/<game>#<piece>` that any browser can replay.
//!
//! The piece is the game's shareable record ([`crate::registry::Sampled::shareable`]) with the
//! names the seats were shown under, packed so that a whole game fits a chat message:
//!
//! 1. a JSON head: the names, the record's format and game, the seat count, the setup written
//!    as its difference from a frozen reference setup of the game (`<game>-r1.json` beside this
//!    file: a Dragon Punch card set that is the usual one costs nothing), and the distinct
//!    actions of the game, each once, exactly as the record writes them;
//! 2. the steps: per step and seat one number, 0 for a seat that did not act, else 1 + the
//!    action's place in that list (a varint);
//! 3. all of it compressed with raw deflate primed with the game's frozen dictionary
//!    (`<game>-r1.dict`: setups and actions of sample games, so that names and card lists
//!    cost a few bits where they match), written in URL-safe base64 behind the version prefix
//!    [`PIECE_VERSION`] and the game's id: `r1.<game>.<data>`.
//!
//! Nothing in a piece depends on how an engine orders or numbers its choices: actions are
//! written as the records write them, so a link replays after any later change to an engine
//! that keeps records replaying. The reference setups and dictionaries are part of format `r1`
//! and never change (a test pins them); new ones need a new format.
//!
//! The piece lives in the address's fragment, so no server ever receives it. Reading a piece
//! checks each layer in turn and names the first fault ([`LinkFault`]); whether the record then
//! replays is the engine's question ([`dojo_engine::GameRecord::replay`]).

use crate::link::{decode, encode};
use dojo_engine::{Game, GameRecord};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// What every replay piece starts with: "r" for a record, then the piece format.
pub const PIECE_VERSION: &str = "r1.";

/// The longest piece read, in characters: far beyond any real game, short enough that a
/// pasted book is refused at once.
pub const MAX_PIECE: usize = 200_000;

/// The most bytes a piece may unpack to (a small piece that unpacks without end is refused).
pub const MAX_JSON: usize = 1 << 20;

/// The most names a piece may give its seats: the largest table any game seats.
pub const MAX_NAMES: usize = 8;

/// The longest name a piece may give a seat, in characters (the site's own names are under 30).
pub const MAX_NAME_CHARS: usize = 60;

/// A shared game: the record and what the seats were called.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "G::Setup: Serialize, G::Action: Serialize"))]
#[serde(bound(deserialize = "G::Setup: Deserialize<'de>, G::Action: Deserialize<'de>"))]
pub struct SharedGame<G: Game> {
    /// The seats' names as the players saw them ("You", "Computer 2 (Hard)"); may be empty.
    #[serde(default)]
    pub names: Vec<String>,
    /// The game, replayable from its setup.
    pub record: GameRecord<G>,
}

/// Why a piece could not be read, one variant per layer that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkFault {
    /// Nothing after the `#`.
    Empty,
    /// Longer than [`MAX_PIECE`].
    TooLong,
    /// Not a replay piece of a format this site knows.
    UnknownVersion,
    /// Characters that URL-safe base64 never uses, or a length it never has.
    NotBase64,
    /// The bytes are not a deflate stream, or it is cut short.
    NotCompressed,
    /// It inflates beyond [`MAX_JSON`].
    TooBig,
    /// The inflated bytes are not a shared game (the reason from the JSON reader).
    NotAGame(String),
    /// A shared game of another game than the page's.
    WrongGame {
        /// The game the piece names.
        found: String,
    },
}

impl fmt::Display for LinkFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkFault::Empty => f.write_str("the link holds no game (nothing after the #)"),
            LinkFault::TooLong => f.write_str("the link is far longer than any game's"),
            LinkFault::UnknownVersion => f.write_str("the link is not a game replay in a format this site knows"),
            LinkFault::NotBase64 => f.write_str("the link has characters no replay link uses (was it changed or cut when copied?)"),
            LinkFault::NotCompressed => f.write_str("the link is damaged: its data does not unpack (was it cut short when copied?)"),
            LinkFault::TooBig => f.write_str("the link unpacks to far more than any game"),
            LinkFault::NotAGame(why) => write!(f, "the link unpacks, but not to a game record ({why})"),
            LinkFault::WrongGame { found } => write!(f, "the link is a game of {found:?}, not of this game"),
        }
    }
}

/// The frozen files of a game in piece format `r1`: its reference setup (JSON) and its
/// deflate dictionary, with the game's table sizes, which bound what a piece may claim. A game
/// without files (the test game) writes its setups whole.
#[derive(Clone, Copy, Debug)]
pub struct Frozen {
    /// The reference setup, as JSON.
    pub reference: &'static str,
    /// The dictionary the compressor is primed with.
    pub dictionary: &'static [u8],
    /// The fewest seats a table of the game has ([`Game::SEATS`]).
    pub min_seats: usize,
    /// The most seats a table of the game has.
    pub max_seats: usize,
}

impl Frozen {
    /// No reference and no dictionary, for any table a game may have (2–8 seats).
    pub const NONE: Frozen = Frozen { reference: "{}", dictionary: b"", min_seats: 2, max_seats: 8 };

    fn reference(&self) -> Value {
        serde_json::from_str(self.reference).unwrap_or_else(|_| Value::Object(Map::new()))
    }
}

/// A game whose records can be packed into replay pieces: its frozen `r1` files. A play page
/// links only its own game's files.
pub trait Packing: Game {
    /// The game's reference setup and dictionary.
    const FROZEN: Frozen;
}

macro_rules! frozen_files {
    ($($ty:ty => $file:literal),*) => {
        $(impl Packing for $ty {
            const FROZEN: Frozen = Frozen {
                reference: include_str!(concat!($file, "-r1.json")),
                dictionary: include_bytes!(concat!($file, "-r1.dict")),
                min_seats: *<$ty as Game>::SEATS.start(),
                max_seats: *<$ty as Game>::SEATS.end(),
            };
        })*

        /// The frozen files of the game named `game` (any game; [`Frozen::NONE`] if unknown).
        fn frozen(game: &str) -> Frozen {
            $(if game == <$ty as Game>::NAME { return <$ty as Packing>::FROZEN; })*
            Frozen::NONE
        }
    };
}

frozen_files!(
    crate::punish::Punish => "punish",
    crate::taunt::Taunt => "taunt",
    crate::dragon_punch::DragonPunch => "dragon-punch",
    crate::rumble::Rumble => "rumble",
    crate::fusion::Fusion => "fusion"
);

impl Packing for crate::toy::Toy {
    const FROZEN: Frozen =
        Frozen { min_seats: *<crate::toy::Toy as Game>::SEATS.start(), max_seats: *<crate::toy::Toy as Game>::SEATS.end(), ..Frozen::NONE };
}

/// `bytes` compressed with raw deflate, primed with `dictionary`: the compressor reads the
/// dictionary first and flushes, and only what it writes after that is kept, so matches may
/// reach back into the dictionary.
fn pack(dictionary: &[u8], bytes: &[u8]) -> Vec<u8> {
    pack_at(10, dictionary, bytes)
}

/// [`pack`] at compression `level` (0–10): every level reads back the same.
fn pack_at(level: i32, dictionary: &[u8], bytes: &[u8]) -> Vec<u8> {
    use miniz_oxide::deflate::core::{CompressorOxide, TDEFLFlush, TDEFLStatus, compress, create_comp_flags_from_zip_params};
    let mut compressor = CompressorOxide::new(create_comp_flags_from_zip_params(level, -15, 0));
    let mut run = |input: &[u8], flush: TDEFLFlush| {
        let mut out = Vec::new();
        let mut buffer = vec![0u8; 64 * 1024];
        let mut input = input;
        loop {
            let (status, read, written) = compress(&mut compressor, input, &mut buffer, flush);
            out.extend_from_slice(&buffer[..written]);
            input = &input[read..];
            match status {
                TDEFLStatus::Okay if input.is_empty() && written < buffer.len() => return out,
                TDEFLStatus::Okay => {}
                _ => return out,
            }
        }
    };
    if !dictionary.is_empty() {
        run(dictionary, TDEFLFlush::Sync);
    }
    run(bytes, TDEFLFlush::Finish)
}

/// The bytes [`pack`] packed with the same `dictionary`.
fn unpack(dictionary: &[u8], packed: &[u8]) -> Result<Vec<u8>, LinkFault> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};
    // The output starts small and doubles as needed, up to MAX_JSON after the dictionary: a
    // real piece unpacks to a few kilobytes, and only a piece that truly unpacks far takes more.
    let most = dictionary.len() + MAX_JSON;
    let mut out = Vec::with_capacity(dictionary.len() + 16 * 1024);
    out.extend_from_slice(dictionary);
    out.resize(out.capacity().min(most), 0);
    let mut decompressor = DecompressorOxide::new();
    let (mut read, mut at) = (0, dictionary.len());
    loop {
        let (status, consumed, written) =
            decompress(&mut decompressor, &packed[read..], &mut out, at, inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF);
        read += consumed;
        at += written;
        match status {
            TINFLStatus::Done => {
                out.truncate(at);
                return Ok(out.split_off(dictionary.len()));
            }
            TINFLStatus::HasMoreOutput if out.len() < most => out.resize(out.len().saturating_mul(2).min(most), 0),
            TINFLStatus::HasMoreOutput => return Err(LinkFault::TooBig),
            _ => return Err(LinkFault::NotCompressed),
        }
    }
}

/// The key that marks, in a difference, a key of the reference the value does not have.
const GONE: &str = "~gone";

/// `value` written as its difference from `reference`: objects keep only the keys whose values
/// differ (recursively); anything else differs whole. `None` when they are equal.
fn difference(reference: &Value, value: &Value) -> Option<Value> {
    if reference == value {
        return None;
    }
    let (Value::Object(r), Value::Object(v)) = (reference, value) else { return Some(value.clone()) };
    let mut out = Map::new();
    for (key, item) in v {
        let changed = match r.get(key) {
            Some(before) => difference(before, item),
            None => Some(item.clone()),
        };
        if let Some(changed) = changed {
            out.insert(key.clone(), changed);
        }
    }
    for key in r.keys().filter(|k| !v.contains_key(*k)) {
        out.insert(key.clone(), serde_json::json!({ GONE: true }));
    }
    Some(Value::Object(out))
}

/// `reference` with `difference` (from [`difference`]) applied.
fn patched(reference: &Value, difference: Option<&Value>) -> Value {
    let Some(difference) = difference else { return reference.clone() };
    let (Value::Object(r), Value::Object(d)) = (reference, difference) else { return difference.clone() };
    let mut out = Map::new();
    for (key, before) in r {
        match d.get(key) {
            Some(Value::Object(m)) if m.len() == 1 && m.get(GONE) == Some(&Value::Bool(true)) => {}
            changed => {
                out.insert(key.clone(), patched(before, changed));
            }
        }
    }
    for (key, item) in d.iter().filter(|(k, _)| !r.contains_key(*k)) {
        out.insert(key.clone(), item.clone());
    }
    Value::Object(out)
}

/// The head of a piece: everything but the steps.
#[derive(Serialize, Deserialize)]
struct Head {
    #[serde(default)]
    names: Vec<String>,
    #[serde(default)]
    format: u32,
    game: String,
    seats: usize,
    #[serde(default)]
    setup: Option<Value>,
    actions: Vec<Value>,
}

/// Appends `n` as a varint (7 bits a byte, low first).
fn push_varint(out: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads a varint at `at`, moving it on; `None` at the end or for a runaway number.
fn read_varint(bytes: &[u8], at: &mut usize) -> Option<usize> {
    let mut n = 0usize;
    for shift in (0..35).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        n |= usize::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

/// `game` as a replay piece (the part after the `#`).
pub fn to_piece<G: Packing>(game: &SharedGame<G>) -> String {
    let value = serde_json::to_value(game).unwrap_or(Value::Null);
    packed_value(&value, G::FROZEN).unwrap_or_default()
}

/// A shared game given as JSON (`{"names": […], "record": {…}}`, as [`SharedGame`] writes it)
/// as a replay piece, for code that holds no game's types (the "Your games" module packs the
/// pieces of every game); refused when the JSON is not a shared game.
pub fn piece_from_json(json: &str) -> Result<String, LinkFault> {
    let value: Value = serde_json::from_str(json).map_err(|e| LinkFault::NotAGame(short(&e.to_string())))?;
    let game = value.pointer("/record/game").and_then(Value::as_str).unwrap_or_default();
    packed_value(&value, frozen(game))
}

/// The piece of a shared game as JSON, packed against `frozen`.
fn packed_value(value: &Value, frozen: Frozen) -> Result<String, LinkFault> {
    let not_a_game = |why: &str| LinkFault::NotAGame(why.to_string());
    let record = value.get("record").ok_or_else(|| not_a_game("it holds no record"))?;
    let game = record.get("game").and_then(Value::as_str).ok_or_else(|| not_a_game("it names no game"))?;
    let joints = record.get("actions").and_then(Value::as_array).ok_or_else(|| not_a_game("it has no steps"))?;
    let names: Vec<String> = value.get("names").and_then(|n| serde_json::from_value(n.clone()).ok()).unwrap_or_default();
    let format = record.get("format").and_then(Value::as_u64).unwrap_or(0) as u32;
    let mut actions: Vec<Value> = Vec::new();
    let mut steps = Vec::new();
    let mut seats = None;
    for joint in joints {
        let slots = joint.as_array().ok_or_else(|| not_a_game("a step is not a list of seats"))?;
        if *seats.get_or_insert(slots.len()) != slots.len() {
            return Err(not_a_game("its steps have different numbers of seats"));
        }
        for slot in slots {
            let n = match slot {
                Value::Null => 0,
                action => {
                    let at = actions.iter().position(|a| a == action).unwrap_or_else(|| {
                        actions.push(action.clone());
                        actions.len() - 1
                    });
                    at + 1
                }
            };
            push_varint(&mut steps, n);
        }
    }
    let setup = record.get("setup").cloned().unwrap_or(Value::Null);
    let head =
        Head { names, format, game: game.to_string(), seats: seats.unwrap_or(0), setup: difference(&frozen.reference(), &setup), actions };
    let head = serde_json::to_vec(&head).unwrap_or_default();
    let mut bytes = Vec::with_capacity(head.len() + steps.len() + 4);
    push_varint(&mut bytes, head.len());
    bytes.extend_from_slice(&head);
    bytes.extend_from_slice(&steps);
    let packed = pack(frozen.dictionary, &bytes);
    Ok(format!("{PIECE_VERSION}{game}.{}", encode(&packed)))
}

/// The shared game as JSON (`{"names": […], "record": {…}}`) from a piece's unpacked bytes.
fn unpacked(bytes: &[u8], frozen: Frozen) -> Result<Value, LinkFault> {
    let mut at = 0;
    let head_len = read_varint(bytes, &mut at).ok_or_else(|| LinkFault::NotAGame("it is empty".into()))?;
    let head_bytes = bytes.get(at..at.saturating_add(head_len)).ok_or_else(|| LinkFault::NotAGame("it is cut short".into()))?;
    let head: Head = serde_json::from_slice(head_bytes).map_err(|e| LinkFault::NotAGame(short(&e.to_string())))?;
    at += head_len;
    // Every number the head claims is checked before it sizes anything.
    let seats_allowed = frozen.min_seats..=frozen.max_seats;
    if head.seats == 0 && at < bytes.len() {
        return Err(LinkFault::NotAGame("steps for a table of no seats".into()));
    }
    if head.seats != 0 && !seats_allowed.contains(&head.seats) {
        return Err(LinkFault::NotAGame(format!(
            "it claims a table of {} seats, where this game seats {} to {}",
            short(&head.seats.to_string()),
            frozen.min_seats,
            frozen.max_seats
        )));
    }
    if head.names.len() > MAX_NAMES {
        return Err(LinkFault::NotAGame(format!("it names {} seats, more than any table has", head.names.len())));
    }
    if head.names.iter().any(|n| n.chars().count() > MAX_NAME_CHARS) {
        return Err(LinkFault::NotAGame(format!("a seat's name is longer than {MAX_NAME_CHARS} characters")));
    }
    let mut joints = Vec::new();
    while at < bytes.len() {
        if joints.len() == dojo_engine::MAX_STEPS {
            return Err(LinkFault::NotAGame(format!("it holds more than the {} steps any game is allowed", dojo_engine::MAX_STEPS)));
        }
        let mut joint = Vec::with_capacity(head.seats);
        for _ in 0..head.seats {
            let n = read_varint(bytes, &mut at).ok_or_else(|| LinkFault::NotAGame("a step is cut short".into()))?;
            let slot = match n {
                0 => Value::Null,
                n => head
                    .actions
                    .get(n - 1)
                    .cloned()
                    .ok_or_else(|| LinkFault::NotAGame(format!("a step names action {n} of {}", head.actions.len())))?,
            };
            joint.push(slot);
        }
        joints.push(Value::Array(joint));
    }
    let setup = patched(&frozen.reference(), head.setup.as_ref());
    Ok(serde_json::json!({
        "names": head.names,
        "record": { "format": head.format, "game": head.game, "setup": setup, "actions": joints },
    }))
}

/// A piece taken apart into its layers, before any of the head's claims is checked: the game it
/// names, its head as JSON and its steps as packed numbers. For tools and tests that make
/// damaged pieces on purpose, packed exactly as the site packs them ([`PieceParts::piece`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceParts {
    /// The game the piece names (which frozen files pack it).
    pub game: String,
    /// The head: names, format, game, seats, setup difference and distinct actions.
    pub head: Value,
    /// The steps: per step and seat one varint (0: the seat did not act, else 1 + an action's
    /// place in the head's list).
    pub steps: Vec<u8>,
}

/// The fields of a piece's head that claim something a reader must check before trusting it
/// (for generated damage: [`dojo_engine::fuzz::Mutator::mutate_layers`]).
pub const HEAD_CLAIMS: &[&str] = &["seats", "format", "names", "actions", "setup", "game"];

impl PieceParts {
    /// The layers of `piece`, or why it does not come apart.
    pub fn of(piece: &str) -> Result<PieceParts, LinkFault> {
        let piece = piece.trim().trim_start_matches('#');
        let body = piece.strip_prefix(PIECE_VERSION).ok_or(LinkFault::UnknownVersion)?;
        let (game, body) = body.split_once('.').ok_or(LinkFault::UnknownVersion)?;
        let packed = decode(body).ok_or(LinkFault::NotBase64)?;
        let bytes = unpack(frozen(game).dictionary, &packed)?;
        let mut at = 0;
        let head_len = read_varint(&bytes, &mut at).ok_or_else(|| LinkFault::NotAGame("it is empty".into()))?;
        let head = bytes.get(at..at.saturating_add(head_len)).ok_or_else(|| LinkFault::NotAGame("it is cut short".into()))?;
        let head = serde_json::from_slice(head).map_err(|e| LinkFault::NotAGame(short(&e.to_string())))?;
        Ok(PieceParts { game: game.to_string(), head, steps: bytes[at + head_len..].to_vec() })
    }

    /// The piece these layers make, packed with the frozen files of [`PieceParts::game`] (the
    /// head's keys in JSON's sorted order, so not always the same text as the site's piece).
    pub fn piece(&self) -> String {
        let head = serde_json::to_vec(&self.head).unwrap_or_default();
        let mut bytes = Vec::with_capacity(head.len() + self.steps.len() + 4);
        push_varint(&mut bytes, head.len());
        bytes.extend_from_slice(&head);
        bytes.extend_from_slice(&self.steps);
        // The quickest level: these pieces are made by the thousand in tests, never shared.
        format!("{PIECE_VERSION}{}.{}", self.game, encode(&pack_at(1, frozen(&self.game).dictionary, &bytes)))
    }
}

/// The site address that watches `piece` of game `id`: `/watch/<id>#<piece>`.
pub fn watch_path(id: &str, piece: &str) -> String {
    format!("/watch/{id}#{piece}")
}

/// The JSON a piece of any game holds, as a value, and the game it names.
pub fn piece_value(piece: &str) -> Result<(String, serde_json::Value), LinkFault> {
    read(piece, frozen)
}

/// The JSON a piece holds and the game it names, unpacked with the files `files` gives for the
/// game the piece names.
fn read(piece: &str, files: impl Fn(&str) -> Frozen) -> Result<(String, serde_json::Value), LinkFault> {
    let piece = piece.trim().trim_start_matches('#');
    if piece.is_empty() {
        return Err(LinkFault::Empty);
    }
    if piece.len() > MAX_PIECE {
        return Err(LinkFault::TooLong);
    }
    let body = piece.strip_prefix(PIECE_VERSION).ok_or(LinkFault::UnknownVersion)?;
    let (named, body) = body.split_once('.').ok_or(LinkFault::UnknownVersion)?;
    let packed = decode(body).ok_or(LinkFault::NotBase64)?;
    let frozen = files(named);
    let bytes = unpack(frozen.dictionary, &packed)?;
    let value = unpacked(&bytes, frozen)?;
    let game = value
        .get("record")
        .and_then(|r| r.get("game"))
        .and_then(|g| g.as_str())
        .ok_or_else(|| LinkFault::NotAGame("it names no game".into()))?
        .to_string();
    if game != named {
        return Err(LinkFault::NotAGame(format!("it names two games, {:?} and {:?}", name_of(named), name_of(&game))));
    }
    Ok((game, value))
}

/// The shared game of `G` a piece holds (not yet replayed).
pub fn from_piece<G: Packing>(piece: &str) -> Result<SharedGame<G>, LinkFault> {
    let trimmed = piece.trim().trim_start_matches('#');
    let named = trimmed.strip_prefix(PIECE_VERSION).and_then(|b| b.split_once('.')).map(|(n, _)| n);
    if let Some(named) = named.filter(|n| *n != G::NAME && trimmed.len() <= MAX_PIECE) {
        return Err(LinkFault::WrongGame { found: name_of(named) });
    }
    let (game, value) = read(piece, |_| G::FROZEN)?;
    if game != G::NAME {
        return Err(LinkFault::WrongGame { found: name_of(&game) });
    }
    // Read with the site's own reader, which the play page already holds for its saves.
    dojo_engine::json::from_str(&value.to_string()).map_err(|e| LinkFault::NotAGame(short(&e.to_string())))
}

/// A game's name as a piece gives it, cut to the length of a real one for a message.
fn name_of(game: &str) -> String {
    game.chars().take(40).collect()
}

/// A reader's message cut to a readable length (a damaged piece can quote anything).
fn short(text: &str) -> String {
    let cut: String = text.chars().take(160).collect();
    if cut.len() < text.len() { format!("{cut}…") } else { cut }
}

/// The piece of the path or address `link` (`…/watch/<game>#<piece>`, or the bare piece).
pub fn piece_of(link: &str) -> &str {
    link.rsplit_once('#').map_or(link, |(_, piece)| piece).trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::punish::{Punish, Setup};
    use dojo_engine::{Rng, joint_from};

    fn finished() -> SharedGame<Punish> {
        let setup = Setup::deal(5, Default::default());
        let mut record = GameRecord::<Punish>::new(setup);
        let mut state = record.replay().unwrap();
        let mut rng = Rng::new(9);
        while state.outcome().is_none() {
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
            dojo_engine::apply(&mut state, &joint).unwrap();
            record.actions.push(joint);
        }
        SharedGame { names: vec!["You".into(), "Computer 2 (Hard)".into()], record }
    }

    #[test]
    fn a_piece_round_trips_and_replays_to_the_same_end() {
        let game = finished();
        let piece = to_piece(&game);
        assert!(piece.starts_with(PIECE_VERSION));
        assert!(piece.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "{piece}");
        let back = from_piece::<Punish>(&piece).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.record.replay().unwrap().outcome(), game.record.replay().unwrap().outcome());
        assert_eq!(from_piece::<Punish>(piece_of(&watch_path("punish", &piece))).unwrap(), game);
    }

    #[test]
    fn a_piece_made_from_json_is_the_piece_made_from_the_game() {
        let game = finished();
        assert_eq!(piece_from_json(&serde_json::to_string(&game).unwrap()).unwrap(), to_piece(&game));
        assert!(matches!(piece_from_json("{\"record\":{}}"), Err(LinkFault::NotAGame(_))));
        assert!(matches!(piece_from_json("[1"), Err(LinkFault::NotAGame(_))));
    }

    #[test]
    fn each_damage_has_its_own_fault() {
        let piece = to_piece(&finished());
        assert_eq!(from_piece::<Punish>("").unwrap_err(), LinkFault::Empty);
        assert_eq!(from_piece::<Punish>(&"r1.A".repeat(MAX_PIECE)).unwrap_err(), LinkFault::TooLong);
        assert!(piece.starts_with("r1.punish."), "{piece}");
        assert_eq!(from_piece::<Punish>(&piece.replacen("r1.", "r9.", 1)).unwrap_err(), LinkFault::UnknownVersion);
        assert_eq!(from_piece::<Punish>("r1.punish").unwrap_err(), LinkFault::UnknownVersion);
        assert_eq!(from_piece::<Punish>(&format!("{piece}%")).unwrap_err(), LinkFault::NotBase64);
        let body_at = "r1.punish.".len();
        assert_eq!(from_piece::<Punish>(&piece[..body_at + (piece.len() - body_at) / 8 * 4]).unwrap_err(), LinkFault::NotCompressed);
        let made = |bytes: &[u8]| format!("r1.punish.{}", encode(&pack(Punish::FROZEN.dictionary, bytes)));
        assert!(matches!(from_piece::<Punish>(&made(b"\x0a{\"record\":")).unwrap_err(), LinkFault::NotAGame(_)));
        assert_eq!(from_piece::<Punish>(&made(&vec![b' '; MAX_JSON + 1])).unwrap_err(), LinkFault::TooBig);
        assert_eq!(from_piece::<crate::taunt::Taunt>(&piece).unwrap_err(), LinkFault::WrongGame { found: "punish".into() });
        let other_dictionary = piece.replacen("r1.punish.", "r1.taunt.", 1);
        assert_eq!(from_piece::<Punish>(&other_dictionary).unwrap_err(), LinkFault::WrongGame { found: "taunt".into() });
        assert!(matches!(piece_value(&other_dictionary).unwrap_err(), LinkFault::NotCompressed | LinkFault::NotAGame(_)));
        let bad_step = made;
        let head = br#"{"game":"punish","seats":2,"actions":[{"card":"Rush"}]}"#;
        let mut bytes = vec![head.len() as u8];
        bytes.extend_from_slice(head);
        bytes.extend_from_slice(&[1, 2]);
        assert!(matches!(from_piece::<Punish>(&bad_step(&bytes)).unwrap_err(), LinkFault::NotAGame(m) if m.contains("action 2 of 1")));
        bytes.truncate(bytes.len() - 1);
        assert!(matches!(from_piece::<Punish>(&bad_step(&bytes)).unwrap_err(), LinkFault::NotAGame(m) if m.contains("cut short")));
    }

    /// The outside audit's link: a real PUNISH game whose head claims 2^32 − 1 (or 2^64 − 1)
    /// seats. Reading it reserved that many slots and killed every reader (an abort natively,
    /// "unreachable" in the browser).
    #[test]
    fn a_head_that_claims_a_vast_table_is_refused_in_words() {
        let piece = to_piece(&finished());
        let parts = PieceParts::of(&piece).unwrap();
        let again = from_piece::<Punish>(&parts.piece()).unwrap();
        assert_eq!(again, from_piece::<Punish>(&piece).unwrap(), "taking a piece apart and packing it again keeps the game");
        for seats in [serde_json::json!(4_294_967_295u64), serde_json::json!(u64::MAX), serde_json::json!(9), serde_json::json!(1)] {
            let mut vast = parts.clone();
            vast.head["seats"] = seats.clone();
            let damaged = vast.piece();
            let fault = from_piece::<Punish>(&damaged).unwrap_err();
            assert!(matches!(&fault, LinkFault::NotAGame(why) if why.contains("seats")), "{seats}: {fault}");
            assert!(piece_value(&damaged).is_err());
        }
    }

    #[test]
    fn names_and_steps_beyond_any_game_are_refused_in_words() {
        let parts = PieceParts::of(&to_piece(&finished())).unwrap();
        let mut many = parts.clone();
        many.head["names"] = serde_json::json!(vec!["A"; MAX_NAMES + 1]);
        assert!(matches!(from_piece::<Punish>(&many.piece()).unwrap_err(), LinkFault::NotAGame(m) if m.contains("names 9 seats")));
        let mut long = parts.clone();
        long.head["names"] = serde_json::json!(["x".repeat(MAX_NAME_CHARS + 1)]);
        assert!(matches!(from_piece::<Punish>(&long.piece()).unwrap_err(), LinkFault::NotAGame(m) if m.contains("longer than")));
        // Zeros compress to almost nothing: a short link could otherwise unpack to a million steps.
        let mut endless = parts;
        endless.steps = vec![0; 2 * (dojo_engine::MAX_STEPS + 1)];
        let damaged = endless.piece();
        assert!(damaged.len() < 2_000, "{}", damaged.len());
        assert!(matches!(from_piece::<Punish>(&damaged).unwrap_err(), LinkFault::NotAGame(m) if m.contains("more than the 20000 steps")));
    }

    #[test]
    fn packing_with_a_dictionary_round_trips_and_uses_it() {
        let dictionary = frozen("rumble").dictionary;
        let text = &dictionary[dictionary.len() / 2..];
        let packed = pack(dictionary, text);
        assert_eq!(unpack(dictionary, &packed).unwrap(), text);
        assert!(packed.len() * 20 < text.len(), "{} bytes for {}", packed.len(), text.len());
        assert_eq!(unpack(b"", &pack(b"", b"plain")).unwrap(), b"plain");
    }

    #[test]
    fn a_setup_is_written_as_its_difference_from_the_reference_and_read_back_whole() {
        let reference = serde_json::json!({"a": 1, "b": {"c": [1, 2], "d": "x"}, "e": true});
        for value in [
            reference.clone(),
            serde_json::json!({"a": 2, "b": {"c": [1, 2], "d": "y"}, "e": true}),
            serde_json::json!({"a": 1, "b": {"c": [1]}, "f": null}),
            serde_json::json!({"b": 3}),
            serde_json::json!([1, 2]),
        ] {
            let diff = difference(&reference, &value);
            assert_eq!(patched(&reference, diff.as_ref()), value, "{diff:?}");
        }
        assert_eq!(
            difference(&reference, &serde_json::json!({"a": 1, "b": {"c": [1, 2], "d": "y"}, "e": true})),
            Some(serde_json::json!({"b": {"d": "y"}}))
        );
    }

    /// The reference setups are part of piece format r1: a link made today is read against
    /// them forever. Changing one breaks every link made before; make format r2 instead.
    #[test]
    fn the_reference_setups_of_format_r1_never_change() {
        let fingerprint = |text: &str| text.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100000001b3));
        let pinned = [
            ("punish", include_str!("punish-r1.json"), 0x495895ccba3eb96d),
            ("taunt", include_str!("taunt-r1.json"), 0x160c592c9c42af3e),
            ("dragon-punch", include_str!("dragon-punch-r1.json"), 0xb5da4f930abbe453),
            ("rumble", include_str!("rumble-r1.json"), 0x4c709819a1d59de7),
            ("punish-dict", include_str!("punish-r1.dict"), 0x1d0741727019a991),
            ("taunt-dict", include_str!("taunt-r1.dict"), 0xcd4baeccbd439112),
            ("dragon-punch-dict", include_str!("dragon-punch-r1.dict"), 0x75a3fdbd737187ed),
            ("rumble-dict", include_str!("rumble-r1.dict"), 0xaff73eacd03e0ea),
            ("fusion-dict", include_str!("fusion-r1.dict"), 0xe2c229637ebb746f),
            ("fusion", include_str!("fusion-r1.json"), 0x8a8ab3090446abc8),
        ];
        for (game, text, print) in pinned {
            assert_eq!(fingerprint(text), print, "{game}'s r1 file changed");
            assert!(game.ends_with("-dict") || frozen(game).reference().is_object(), "{game}-r1.json is a setup");
        }
    }
}
