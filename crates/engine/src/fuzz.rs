//! Generated input for the decoders' tests: every reader of outside text (game records, saves,
//! share links, print settings, the rules reader) is fed a large volume of mutated valid inputs
//! and structured random ones, from a fixed seed, under a time cap.
//!
//! [`Mutator`] makes the inputs: byte-level changes (flips, inserted, deleted and repeated spans,
//! cuts, two inputs spliced), JSON-aware ones (numbers made huge, negative or fractional,
//! strings made long, foreign or full of control characters or swapped for another string the
//! seeds hold, keys dropped, added or repeated, values nested deeply, subtrees swapped between
//! seeds) and random ones (JSON trees, base64, query strings, Markdown). [`Campaign`] feeds
//! them to a decoder, catches any panic and names the input that caused it, and reports the
//! counts as `fuzz_<name>_inputs: N` and `fuzz_<name>_ms: T` lines.
//!
//! The defaults (at least [`MIN_INPUTS`] inputs per decoder, at most [`TIME_CAP_SECS`]
//! seconds) can be changed with the environment variables `DOJO_FUZZ_INPUTS`,
//! `DOJO_FUZZ_SECS` and `DOJO_FUZZ_SEED` (another seed explores other inputs; the default one
//! keeps every run alike).

use crate::rng::Rng;
use serde_json::{Map, Value};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// Inputs each decoder is fed by default.
pub const MIN_INPUTS: usize = 100_000;
/// Seconds each decoder may take by default before its campaign stops short: a guard against a
/// decoder gone slow, not the measure. Every campaign reaches [`MIN_INPUTS`] well within it on
/// this project's 2-core machines (its figures are printed; the slowest, Rumble's saves, needs
/// about 20 s in an unoptimised test build while another campaign runs beside it).
pub const TIME_CAP_SECS: u64 = 40;

/// Strings and numbers worth trying anywhere: edges of the integer types, floats, escapes.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "8",
    "9",
    "10",
    "100",
    "127",
    "128",
    "255",
    "256",
    "-128",
    "65535",
    "65536",
    "2147483647",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "0.5",
    "-0.5",
    "1e308",
    "1e309",
    "-1e308",
    "1e-320",
    "3.0",
    "1E2",
];

/// Odd strings: empty, long, right-to-left, combining marks, astral, control characters, HTML.
const ODD_STRINGS: &[&str] = &[
    "",
    " ",
    "\u{0}",
    "\t\n\r",
    "\u{1b}[31m",
    "\u{202e}evil",
    "e\u{301}\u{301}\u{301}",
    "🎴🐉👊🏽",
    "ﷺ",
    "\u{feff}",
    "\u{fffd}",
    "<script>alert(1)</script>",
    "&amp;\"'",
    "%00%ff%2C",
    "null",
    "NaN",
    "-",
    "1.",
    "../../etc",
];

/// A seeded generator of inputs for decoders. `dictionary` holds the strings (object keys and
/// string values) found in the seeds, so mutated inputs keep naming real fields and variants.
#[derive(Clone, Debug)]
pub struct Mutator {
    /// The random source, seeded by the campaign.
    pub rng: Rng,
    dictionary: Vec<String>,
}

impl Mutator {
    /// A generator drawing from `rng`, with no dictionary yet.
    pub fn new(rng: Rng) -> Self {
        Mutator { rng, dictionary: Vec::new() }
    }

    /// Adds the object keys and string values of `value` to the dictionary.
    pub fn learn(&mut self, value: &Value) {
        let mut found = Vec::new();
        collect_strings(value, &mut found);
        for s in found {
            if s.len() <= 64 && !self.dictionary.contains(&s) {
                self.dictionary.push(s);
            }
        }
    }

    /// Adds words to the dictionary.
    pub fn learn_words<'a>(&mut self, words: impl IntoIterator<Item = &'a str>) {
        for w in words {
            if !self.dictionary.iter().any(|d| d == w) {
                self.dictionary.push(w.to_string());
            }
        }
    }

    /// A uniform integer in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    /// A uniform integer below `big` with probability `p`, else below `small`.
    pub fn size(&mut self, p: f64, big: usize, small: usize) -> usize {
        let n = if self.chance(p) { big } else { small };
        self.below(n)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.unit() < p
    }

    /// A word of the dictionary, or an odd string when it is empty.
    pub fn word(&mut self) -> String {
        if self.dictionary.is_empty() || self.chance(0.1) {
            ODD_STRINGS[self.below(ODD_STRINGS.len())].to_string()
        } else {
            let i = self.below(self.dictionary.len());
            self.dictionary[i].clone()
        }
    }

    /// A random string: a dictionary word, an odd one, a long run, or random characters.
    pub fn string(&mut self) -> String {
        match self.below(6) {
            0 | 1 => self.word(),
            2 => ODD_STRINGS[self.below(ODD_STRINGS.len())].to_string(),
            3 => {
                // Long, but not so long that reading it is all a campaign does.
                let unit = self.word();
                let most = 6_000 / unit.len().max(1);
                unit.repeat(1 + self.size(0.1, most, 50.min(most)))
            }
            _ => {
                let len = self.below(24);
                (0..len).map(|_| self.char()).collect()
            }
        }
    }

    /// A random character: mostly ASCII, sometimes control, sometimes far outside ASCII.
    pub fn char(&mut self) -> char {
        match self.below(10) {
            0 => char::from_u32(self.below(0x20) as u32).unwrap_or('?'),
            1 => char::from_u32(0x80 + self.below(0x780) as u32).unwrap_or('?'),
            2 => char::from_u32(0x1F300 + self.below(0x300) as u32).unwrap_or('?'),
            3 => ['\u{200b}', '\u{202e}', '\u{fe0f}', '\u{301}', '\u{ffff}', '\u{10ffff}'][self.below(6)],
            _ => char::from(0x20 + self.below(0x5f) as u8),
        }
    }

    /// A number as JSON: an edge value, a small one, or a float.
    pub fn number(&mut self) -> Value {
        match self.below(4) {
            0 => Value::from(self.below(20) as u64),
            1 => Value::from(-(self.below(5) as i64) - 1),
            _ => serde_json::from_str(NUMBERS[self.below(NUMBERS.len())]).unwrap_or(Value::Null),
        }
    }

    /// A random JSON tree at most `depth` deep, its keys usually from the dictionary.
    pub fn json(&mut self, depth: usize) -> Value {
        let leaf = depth == 0 || self.chance(0.4);
        match (leaf, self.below(6)) {
            (true, 0) => Value::Null,
            (true, 1) => Value::Bool(self.chance(0.5)),
            (true, 2 | 3) => self.number(),
            (true, _) => Value::String(self.string()),
            (false, 0..=2) => {
                let n = self.below(6);
                Value::Array((0..n).map(|_| self.json(depth - 1)).collect())
            }
            (false, _) => {
                let n = self.below(5);
                let mut map = Map::new();
                for _ in 0..n {
                    let key = self.word();
                    let value = self.json(depth - 1);
                    map.insert(key, value);
                }
                Value::Object(map)
            }
        }
    }

    /// One JSON-aware change somewhere in `value`; `others` are other seeds to splice from.
    pub fn mutate_value(&mut self, value: &mut Value, others: &[Value]) {
        let path = self.pick(value);
        self.mutate_node(node_at(value, &path), others);
    }

    /// A node of `value`, as the child places leading to it: a random walk from the top that
    /// stops at each node with probability 1/4 (and at leaves), so nodes at every depth are
    /// changed without counting the tree.
    pub fn pick(&mut self, value: &Value) -> Vec<usize> {
        let mut path = Vec::new();
        let mut node = value;
        loop {
            let n = match node {
                Value::Array(items) => items.len(),
                Value::Object(map) => map.len(),
                _ => 0,
            };
            if n == 0 || (!path.is_empty() && self.chance(0.25)) {
                return path;
            }
            let i = self.below(n);
            path.push(i);
            node = match node {
                Value::Array(items) => &items[i],
                Value::Object(map) => map.values().nth(i).unwrap_or(&Value::Null),
                _ => return path,
            };
        }
    }

    /// One JSON-aware change of `node`.
    fn mutate_node(&mut self, node: &mut Value, others: &[Value]) {
        match self.below(14) {
            0 => *node = self.number(),
            1 => {
                if let Some(n) = node.as_i64() {
                    let delta = [-1i64, 1, -2, 2, 10, -10][self.below(6)];
                    *node = Value::from(n.saturating_add(delta));
                } else {
                    *node = self.number();
                }
            }
            2 => *node = Value::String(self.string()),
            3 => {
                if let Value::String(s) = node {
                    let at = s.char_indices().map(|(i, _)| i).nth(self.below(s.chars().count() + 1)).unwrap_or(s.len());
                    let c = self.char();
                    s.insert(at, c);
                } else {
                    *node = Value::String(self.word());
                }
            }
            4 => {
                *node = [Value::Null, Value::Bool(true), Value::Bool(false), Value::Array(vec![]), Value::Object(Map::new())][self.below(5)]
                    .clone()
            }
            5 => *node = self.json(3),
            6 => {
                if !others.is_empty() {
                    let other = &others[self.below(others.len())];
                    let path = self.pick(other);
                    *node = node_ref(other, &path).clone();
                }
            }
            7 | 8 => match node {
                Value::Array(items) if !items.is_empty() => {
                    let i = self.below(items.len());
                    match self.below(6) {
                        0 => {
                            items.remove(i);
                        }
                        1 => {
                            let copy = items[i].clone();
                            items.insert(i, copy);
                        }
                        2 => {
                            let j = self.below(items.len());
                            items.swap(i, j);
                        }
                        3 => items.truncate(i),
                        4 => {
                            // Repeated, to at most a few thousand nodes.
                            let copy = items.clone();
                            let most = 4_000 / copy.iter().map(count_nodes).sum::<usize>().max(1);
                            for _ in 0..self.size(0.1, most.max(1), 4.min(most).max(1)) {
                                items.extend(copy.iter().cloned());
                            }
                        }
                        _ => items.insert(i, self.json(2)),
                    }
                }
                Value::Object(map) if !map.is_empty() => {
                    let key = map.keys().nth(self.below(map.len())).cloned().unwrap_or_default();
                    match self.below(3) {
                        0 => {
                            map.remove(&key);
                        }
                        1 => {
                            if let Some(v) = map.remove(&key) {
                                map.insert(self.word(), v);
                            }
                        }
                        _ => {
                            let v = self.json(2);
                            map.insert(self.word(), v);
                        }
                    }
                }
                _ => *node = Value::Array(vec![node.clone()]),
            },
            9 => {
                let depth = 1 + self.size(0.2, 150, 6);
                let mut wrapped = node.take();
                for _ in 0..depth {
                    wrapped = if self.chance(0.5) {
                        Value::Array(vec![wrapped])
                    } else {
                        let mut m = Map::new();
                        m.insert(self.word(), wrapped);
                        Value::Object(m)
                    };
                }
                *node = wrapped;
            }
            10 => {
                if let Value::Object(map) = node {
                    let v = self.json(2);
                    map.insert(self.word(), v);
                } else {
                    *node = Value::String(self.word());
                }
            }
            11 => {
                // An externally tagged enum: a variant name alone, or with some content.
                let name = self.word();
                *node = if self.chance(0.5) {
                    Value::String(name)
                } else {
                    let mut m = Map::new();
                    m.insert(name, node.take());
                    Value::Object(m)
                };
            }
            12 => {
                if let Some(f) = node.as_f64() {
                    *node = serde_json::Number::from_f64(f + 0.5).map_or(Value::Null, Value::Number);
                } else {
                    *node = self.number();
                }
            }
            _ => *node = Value::String(self.word()),
        }
    }

    /// One byte-level change of `text`; `others` are other inputs to splice with.
    pub fn mutate_bytes(&mut self, text: &mut Vec<u8>, others: &[String]) {
        if text.is_empty() {
            text.extend(self.word().bytes());
            return;
        }
        let len = text.len();
        let at = self.below(len);
        match self.below(11) {
            0 => text[at] ^= 1 << self.below(8),
            1 => text[at] = self.below(256) as u8,
            2 => text[at] = b"{}[],:\"\\-.0e1 %&=+#*`|()\n"[self.below(25)],
            3 => {
                let end = (at + 1 + self.below(16)).min(len);
                text.drain(at..end);
            }
            4 => {
                let end = (at + 1 + self.below(64)).min(len);
                let span: Vec<u8> = text[at..end].to_vec();
                let times = 1 + self.size(0.05, 500, 3);
                for _ in 0..times {
                    text.splice(end..end, span.iter().copied());
                }
            }
            5 => text.truncate(at),
            6 => {
                let extra: Vec<u8> = (0..1 + self.below(8)).map(|_| self.below(256) as u8).collect();
                text.splice(at..at, extra);
            }
            7 => {
                let word = if self.chance(0.5) { NUMBERS[self.below(NUMBERS.len())].to_string() } else { format!("\"{}\"", self.word()) };
                text.splice(at..at, word.bytes());
            }
            8 => {
                if !others.is_empty() {
                    let other = others[self.below(others.len())].as_bytes();
                    let from = self.below(other.len() + 1);
                    text.truncate(at);
                    text.extend_from_slice(&other[from..]);
                }
            }
            9 => {
                let n = 1 + self.size(0.1, 5_000, 40);
                let (open, close) = if self.chance(0.5) { (b'[', b']') } else { (b'{', b'}') };
                text.splice(0..0, std::iter::repeat_n(open, n));
                text.extend(std::iter::repeat_n(close, n));
            }
            _ => {
                let c = self.char().to_string();
                text.splice(at..at, c.bytes());
            }
        }
    }

    /// A JSON text made from `seeds` (already parsed): 1–4 JSON-aware changes, sometimes a
    /// repeated key, and sometimes byte-level changes after that.
    ///
    /// The changes are made in place and undone once the text is written (copying a large seed
    /// for every input would take much of a campaign's time), so `seeds` come back as they were.
    pub fn mutate_json(&mut self, seeds: &mut [Value], texts: &[String]) -> String {
        let i = self.below(seeds.len());
        let mut value = std::mem::take(&mut seeds[i]);
        let mut undo = Vec::new();
        for _ in 0..1 + self.below(4) {
            let path = self.pick(&value);
            let node = node_at(&mut value, &path);
            undo.push((path, node.clone()));
            self.mutate_node(node, seeds);
        }
        let mut text = if self.chance(0.1) { repeat_a_key(&value, self) } else { value.to_string() };
        // Undone last change first, each path leads to the node it changed.
        for (path, original) in undo.into_iter().rev() {
            *node_at(&mut value, &path) = original;
        }
        seeds[i] = value;
        if self.chance(0.25) {
            let mut bytes = text.into_bytes();
            for _ in 0..1 + self.below(3) {
                self.mutate_bytes(&mut bytes, texts);
            }
            text = String::from_utf8_lossy(&bytes).into_owned();
        }
        text
    }

    /// A text made from `texts` by 1–4 byte-level changes.
    pub fn mutate_text(&mut self, texts: &[String]) -> String {
        let mut bytes = texts[self.below(texts.len())].clone().into_bytes();
        for _ in 0..1 + self.below(4) {
            self.mutate_bytes(&mut bytes, texts);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// One change to the layers of a packed format (a replay link's head and steps): one of the
    /// head's `claims` (a count, a format, a list) set to an edge number or random JSON, any node
    /// of the head changed, or byte-level changes to the packed `bytes`. The caller packs the
    /// layers again as the format does, so the damage reaches the checks behind the packing.
    pub fn mutate_layers(&mut self, head: &mut Value, bytes: &mut Vec<u8>, claims: &[&str]) {
        match self.below(4) {
            0 if !claims.is_empty() && head.is_object() => {
                let key = claims[self.below(claims.len())];
                head[key] = if self.chance(0.6) { self.number() } else { self.json(3) };
            }
            1 => {
                let others = [head.clone()];
                self.mutate_value(head, &others);
            }
            _ => {
                for _ in 0..1 + self.below(3) {
                    self.mutate_bytes(bytes, &[]);
                }
            }
        }
    }

    /// Random URL-safe base64 (sometimes with a stray character or a bad length).
    pub fn base64(&mut self) -> String {
        const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let len = self.size(0.05, 40_000, 200);
        let mut out: String = (0..len).map(|_| char::from(DIGITS[self.below(64)])).collect();
        if self.chance(0.2) {
            let at = self.below(out.len() + 1);
            out.insert(at, ['=', '+', '/', '.', ' ', 'é', '%'][self.below(7)]);
        }
        out
    }

    /// A random query string of `keys` (and some unknown ones) with odd values and escapes.
    pub fn query(&mut self, keys: &[&str], values: &[&str]) -> String {
        let n = self.below(8);
        let mut parts = Vec::new();
        for _ in 0..n {
            let key = if self.chance(0.85) { keys[self.below(keys.len())].to_string() } else { self.string() };
            let value = match self.below(5) {
                0 | 1 => values[self.below(values.len())].to_string(),
                2 => NUMBERS[self.below(NUMBERS.len())].to_string(),
                3 => format!("%{:02X}{}", self.below(256), self.string()),
                _ => self.string(),
            };
            parts.push(if self.chance(0.1) { key } else { format!("{key}={value}") });
        }
        let q = parts.join(if self.chance(0.9) { "&" } else { "&&" });
        if self.chance(0.5) { format!("?{q}") } else { q }
    }

    /// A random Markdown text: headings (with and without anchors), paragraphs, nested and
    /// broken lists, tables of uneven rows, directives, and inline marks, links and code,
    /// some of them unclosed, with non-ASCII text throughout.
    pub fn markdown(&mut self) -> String {
        let mut out = String::new();
        for _ in 0..self.below(16) {
            match self.below(9) {
                0 => {
                    out.push_str(&"#".repeat(1 + self.below(9)));
                    out.push(' ');
                    out.push_str(&self.inline_text());
                    if self.chance(0.5) {
                        out.push_str(&format!(" {{#{}}}", self.string()));
                    }
                }
                1 => {
                    for i in 0..1 + self.below(5) {
                        let indent = " ".repeat(self.below(5));
                        let mark = if self.chance(0.5) { "- ".to_string() } else { format!("{}. ", i + self.below(3)) };
                        out.push_str(&format!("{indent}{mark}{}\n", self.inline_text()));
                    }
                }
                2 => {
                    let cols = self.below(5);
                    let row =
                        |m: &mut Mutator, c: usize| (0..c).map(|_| m.inline_text().replace('\n', " ")).collect::<Vec<_>>().join(" | ");
                    out.push_str(&format!("| {} |\n", row(self, cols)));
                    out.push_str(&format!("|{}|\n", vec!["---"; cols.max(1)].join("|")));
                    for _ in 0..self.below(4) {
                        let c = self.below(7);
                        out.push_str(&format!("| {} {}\n", row(self, c), if self.chance(0.5) { "|" } else { "\\|" }));
                    }
                }
                3 => out.push_str(&format!("::{} {}", self.word(), self.string())),
                4 => out.push_str(&"\n".repeat(1 + self.below(3))),
                5 => out.push_str(&format!("  {}", self.inline_text())),
                _ => out.push_str(&self.inline_text()),
            }
            out.push('\n');
        }
        out
    }

    fn inline_text(&mut self) -> String {
        let mut out = String::new();
        for _ in 0..self.below(8) {
            let t = self.string();
            match self.below(8) {
                0 => out.push_str(&format!("**{t}**")),
                1 => out.push_str(&format!("`{t}`")),
                2 => {
                    let href = ["/rules/punish", "#x", "https://x.org", "javascript:alert(1)", "//evil", "/\\evil", " /a", "", "/a b"]
                        [self.below(9)];
                    out.push_str(&format!("[{t}]({href})"));
                }
                3 => out.push_str(["**", "`", "[", "](", ")", "[a](", "*", "\\|"][self.below(8)]),
                _ => out.push_str(&t),
            }
            out.push(if self.chance(0.8) { ' ' } else { self.char() });
        }
        out
    }
}

/// `value` as JSON text with one object's first key written twice (which a derived reader
/// refuses as a duplicate field, or reads as an unknown one).
fn repeat_a_key(value: &Value, m: &mut Mutator) -> String {
    let mut copy = value.clone();
    const MARK: &str = "\u{1}repeat\u{1}";
    let mut path = m.pick(&copy);
    while !path.is_empty() && !node_ref(&copy, &path).is_object() {
        path.pop();
    }
    let node = node_at(&mut copy, &path);
    let Value::Object(map) = node else { return value.to_string() };
    let Some((key, first)) = map.iter().next().map(|(k, v)| (k.clone(), v.clone())) else { return value.to_string() };
    let object = Value::Object(map.clone()).to_string();
    let repeated = format!("{{{}:{},{}", Value::String(key), first, &object[1..]);
    *node = Value::String(MARK.into());
    copy.to_string().replacen(&Value::String(MARK.into()).to_string(), &repeated, 1)
}

fn collect_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                collect_strings(v, out);
            }
        }
        _ => {}
    }
}

/// How many nodes `value` has, itself included.
pub fn count_nodes(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

/// The node of `value` that `path` leads to (as [`Mutator::pick`] gives it).
fn node_at<'a>(value: &'a mut Value, path: &[usize]) -> &'a mut Value {
    let Some((first, rest)) = path.split_first() else { return value };
    let child = match value {
        Value::Array(items) => &mut items[*first],
        Value::Object(map) => map.values_mut().nth(*first).expect("a path from pick"),
        _ => unreachable!("a path from pick leads through arrays and objects"),
    };
    node_at(child, rest)
}

fn node_ref<'a>(value: &'a Value, path: &[usize]) -> &'a Value {
    let Some((first, rest)) = path.split_first() else { return value };
    let child = match value {
        Value::Array(items) => &items[*first],
        Value::Object(map) => map.values().nth(*first).expect("a path from pick"),
        _ => unreachable!("a path from pick leads through arrays and objects"),
    };
    node_ref(child, rest)
}

/// `bytes` as URL-safe base64 without padding (the form of share-link pieces).
pub fn base64url(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(DIGITS[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// `text` cut to its first 300 and last 100 characters, for a failure message.
pub fn shorten(text: &str) -> String {
    let count = text.chars().count();
    if count <= 500 {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(300).collect();
    let tail: String = text.chars().skip(count - 100).collect();
    format!("{head:?} … ({} characters in all) … {tail:?}", count)
}

/// What a campaign did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Inputs fed to the decoder.
    pub inputs: usize,
    /// Inputs the decoder accepted (the rest it refused without panicking).
    pub accepted: usize,
    /// Wall-clock milliseconds taken.
    pub ms: u128,
    /// True when the time cap stopped the campaign before its input count.
    pub capped: bool,
}

/// One decoder's run of generated inputs.
#[derive(Clone, Debug)]
pub struct Campaign {
    /// The decoder's name in the report lines (`fuzz_<name>_inputs`).
    pub name: String,
    /// Inputs to feed unless the cap comes first.
    pub inputs: usize,
    /// The most time the campaign may take.
    pub cap: Duration,
    /// The seed of its generator.
    pub seed: u64,
}

impl Campaign {
    /// A campaign for decoder `name` with the default (or environment's) count, cap and seed;
    /// the seed also depends on the name, so decoders are fed different inputs.
    pub fn new(name: &str) -> Self {
        let env = |key: &str| std::env::var(key).ok().and_then(|v| v.parse::<u64>().ok());
        let name_hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        Campaign {
            name: name.to_string(),
            inputs: env("DOJO_FUZZ_INPUTS").map_or(MIN_INPUTS, |n| n as usize),
            cap: Duration::from_secs(env("DOJO_FUZZ_SECS").unwrap_or(TIME_CAP_SECS)),
            seed: env("DOJO_FUZZ_SEED").unwrap_or(1) ^ name_hash,
        }
    }

    /// Feeds inputs made by `make` to `check`, which returns whether the decoder accepted the
    /// input and panics (for instance through `assert!`) when a property is broken. Stops after
    /// [`Campaign::inputs`] inputs or at the time cap, prints the report lines and returns the
    /// tally. A panic in `check` fails the campaign with the input that caused it (shortened;
    /// the whole input is written to a file in the temporary directory).
    pub fn run(&self, mut m: Mutator, mut make: impl FnMut(&mut Mutator) -> String, mut check: impl FnMut(&str) -> bool) -> Tally {
        m.rng = Rng::new(self.seed);
        let start = Instant::now();
        let mut tally = Tally { inputs: 0, accepted: 0, ms: 0, capped: false };
        while tally.inputs < self.inputs {
            if tally.inputs.is_multiple_of(32) && start.elapsed() >= self.cap {
                tally.capped = true;
                break;
            }
            let input = make(&mut m);
            match catch_unwind(AssertUnwindSafe(|| check(&input))) {
                Ok(accepted) => tally.accepted += usize::from(accepted),
                Err(payload) => {
                    let why = payload
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "(no message)".into());
                    let file = std::env::temp_dir().join(format!("fuzz-{}-panic.txt", self.name));
                    let _ = std::fs::write(&file, &input);
                    panic!(
                        "fuzz_{}: input {} (seed {}) panicked: {why}\ninput: {}\n(the whole input is in {})",
                        self.name,
                        tally.inputs + 1,
                        self.seed,
                        shorten(&input),
                        file.display()
                    );
                }
            }
            tally.inputs += 1;
        }
        tally.ms = start.elapsed().as_millis();
        if tally.capped {
            println!(
                "fuzz_{}: the time cap of {} s stopped it after {} of {} inputs",
                self.name,
                self.cap.as_secs(),
                tally.inputs,
                self.inputs
            );
        }
        println!("fuzz_{}_inputs: {}", self.name, tally.inputs);
        println!("fuzz_{}_accepted: {}", self.name, tally.accepted);
        println!("fuzz_{}_ms: {}", self.name, tally.ms);
        tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_makes_the_same_inputs_and_mutations_stay_text() {
        let seed: Value = serde_json::json!({"game": "punish", "setup": {"seed": 1, "hands": [["Rush", "Guard"]]}, "actions": [[{"card": "Rush"}, null]]});
        let texts = vec![seed.to_string()];
        let make = |rng_seed| {
            let mut m = Mutator::new(Rng::new(rng_seed));
            m.learn(&seed);
            let mut seeds = vec![seed.clone()];
            let out =
                (0..300).map(|i| if i % 2 == 0 { m.mutate_json(&mut seeds, &texts) } else { m.mutate_text(&texts) }).collect::<Vec<_>>();
            assert_eq!(seeds, std::slice::from_ref(&seed), "the seeds come back as they were");
            out
        };
        let a = make(5);
        assert_eq!(a, make(5));
        assert_ne!(a, make(6));
        assert!(a.iter().filter(|t| **t != texts[0]).count() > 250, "most inputs differ from the seed");
        assert!(a.iter().any(|t| serde_json::from_str::<Value>(t).is_ok()), "some stay JSON");
        assert!(a.iter().any(|t| serde_json::from_str::<Value>(t).is_err()), "some do not");
    }

    #[test]
    fn a_panic_names_its_input_and_the_counts_are_kept() {
        let mut campaign = Campaign::new("self-test");
        campaign.inputs = 500;
        let tally = campaign.run(Mutator::new(Rng::new(0)), |m| m.base64(), |s| s.len() % 2 == 0);
        assert_eq!(tally.inputs, 500);
        assert!(tally.accepted > 100 && tally.accepted < 400, "{tally:?}");
        let caught = std::panic::catch_unwind(|| {
            campaign.run(
                Mutator::new(Rng::new(0)),
                |m| m.query(&["paper"], &["a4"]),
                |s| {
                    assert!(!s.contains("paper=a4"), "found it");
                    true
                },
            )
        });
        let message = caught.err().and_then(|p| p.downcast_ref::<String>().cloned()).expect("the campaign fails");
        assert!(message.contains("fuzz_self-test") && message.contains("paper=a4") && message.contains("found it"), "{message}");
    }

    #[test]
    fn deep_nesting_and_a_repeated_key_are_made() {
        let seed = serde_json::json!({"a": [1, {"b": "x"}]});
        let mut m = Mutator::new(Rng::new(9));
        let repeated =
            (0..50).map(|_| repeat_a_key(&seed, &mut m)).find(|t| t.matches("\"b\"").count() == 2 || t.matches("\"a\"").count() == 2);
        assert!(repeated.is_some(), "a key is written twice");
        let mut bytes = seed.to_string().into_bytes();
        let deepest = (0..400)
            .map(|_| {
                let mut b = bytes.clone();
                m.mutate_bytes(&mut b, &[]);
                b.iter().take_while(|c| **c == b'[' || **c == b'{').count()
            })
            .max();
        assert!(deepest.unwrap_or(0) > 40, "{deepest:?}");
        bytes.clear();
        m.mutate_bytes(&mut bytes, &[]);
        assert!(!bytes.is_empty());
    }
}
