//! Changes to valid inputs: JSON-aware ones (a node of the tree changed, dropped, repeated or
//! spliced from another seed) and byte-level ones, and the dictionary they draw words from.

use super::{Mutator, NUMBERS, ODD_STRINGS};
use crate::rng::Rng;
use serde_json::{Map, Value};

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
}

/// `value` as JSON text with one object's first key written twice (which a derived reader
/// refuses as a duplicate field, or reads as an unknown one).
pub(super) fn repeat_a_key(value: &Value, m: &mut Mutator) -> String {
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
