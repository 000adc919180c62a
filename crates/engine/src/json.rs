//! A small JSON reader and writer for serde: the site's own saves, links and worker messages.
//!
//! It reads the same JSON as `serde_json::from_str` for our types, with one difference that is
//! the reason it exists: a struct is read from an object only, never from an array. `serde_json`
//! accepts both, so every struct's generated reader is built twice into each page; this one
//! builds only the object reader, and a page's download is several kilobytes smaller for it (a
//! play page is held to a budget). Everything else is standard JSON:
//! - objects, arrays, strings with every escape (`\uXXXX` and surrogate pairs), numbers, `true`,
//!   `false` and `null`; whitespace between tokens; nothing after the value;
//! - enums as `serde_json` writes them: `"Unit"`, `{"Variant": value}`;
//! - unknown fields are skipped unless the type denies them, and nesting stops at
//!   [`MAX_DEPTH`], so a hostile link cannot overflow the stack.
//!
//! [`to_string`] writes the same JSON as `serde_json::to_string`, for the same reason.

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, VariantAccess, Visitor};
use serde::ser;
use std::borrow::Cow;
use std::fmt;

/// How deep arrays and objects may nest (as `serde_json`).
pub const MAX_DEPTH: usize = 128;

/// Reads a `T` from the whole of `text`.
pub fn from_str<'de, T: de::Deserialize<'de>>(text: &'de str) -> Result<T> {
    let mut reader = Reader { text: text.as_bytes(), at: 0, depth: 0 };
    let value = T::deserialize(&mut reader).and_then(|value| {
        reader.blank();
        if reader.at < reader.text.len() { Err(Error::new("trailing characters")) } else { Ok(value) }
    });
    value.map_err(|e| e.placed(text, reader.at))
}

/// Why a text could not be read, and where. (Boxed: a reader's every step passes its
/// result on, and a one-pointer error keeps that code small.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Fault>);

/// The inside of an [`Error`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct Fault {
    message: String,
    /// Line and column (from 1) of the character the reader stopped at.
    place: Option<(usize, usize)>,
}

impl Error {
    #[cold]
    #[inline(never)]
    fn new(message: &str) -> Self {
        Error(Box::new(Fault { message: message.to_string(), place: None }))
    }

    /// Notes the place of byte `at` of `text`, unless a place is already known.
    fn placed(mut self, text: &str, at: usize) -> Self {
        if self.0.place.is_none() {
            let before = &text.as_bytes()[..at.min(text.len())];
            let line = 1 + before.iter().filter(|b| **b == b'\n').count();
            let column = 1 + before.iter().rev().take_while(|b| **b != b'\n').count();
            self.0.place = Some((line, column));
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.place {
            Some((line, column)) => write!(f, "{} at line {line} column {column}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(Box::new(Fault { message: message.to_string(), place: None }))
    }
}

type Result<T> = std::result::Result<T, Error>;

/// The reading position in a text.
struct Reader<'de> {
    text: &'de [u8],
    at: usize,
    depth: usize,
}

impl<'de> Reader<'de> {
    /// Skips whitespace.
    #[inline(never)]
    fn blank(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.text.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte after whitespace, not taken.
    #[inline(never)]
    fn peek(&mut self) -> Result<u8> {
        self.blank();
        self.text.get(self.at).copied().ok_or_else(|| Error::new("the text ends too soon"))
    }

    /// Takes `byte` after whitespace, or fails saying what was `wanted`.
    #[inline(never)]
    fn expect(&mut self, byte: u8, wanted: &str) -> Result<()> {
        if self.peek()? == byte {
            self.at += 1;
            Ok(())
        } else {
            Err(de::Error::custom(format_args!("expected {wanted}")))
        }
    }

    /// Takes the literal `word` (`true`, `false`, `null`).
    #[inline(never)]
    fn word(&mut self, word: &str) -> Result<()> {
        if self.text[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(())
        } else {
            Err(de::Error::custom(format_args!("expected `{word}`")))
        }
    }

    /// Opens an array or object: takes `open` and counts the depth.
    #[inline(never)]
    fn open(&mut self, open: u8, wanted: &str) -> Result<()> {
        self.expect(open, wanted)?;
        self.depth += 1;
        if self.depth > MAX_DEPTH { Err(Error::new("nested too deeply")) } else { Ok(()) }
    }

    /// Closes what [`Reader::open`] opened: everything inside must have been read.
    #[inline(never)]
    fn close(&mut self, close: u8) -> Result<()> {
        self.depth -= 1;
        match self.peek()? {
            b if b == close => {
                self.at += 1;
                Ok(())
            }
            b',' => Err(Error::new("more elements than expected")),
            _ => Err(de::Error::custom(format_args!("expected `{}`", close as char))),
        }
    }

    /// Before an element of an array (or a key of an object): whether there is one, taking the
    /// comma that separates it from the one before.
    #[inline(never)]
    fn has_next(&mut self, close: u8, first: &mut bool) -> Result<bool> {
        let next = self.peek()?;
        if next == close {
            return Ok(false);
        }
        if !std::mem::take(first) {
            if next != b',' {
                return Err(de::Error::custom(format_args!("expected `,` or `{}`", close as char)));
            }
            self.at += 1;
            if self.peek()? == close {
                return Err(Error::new("a trailing comma"));
            }
        }
        Ok(true)
    }

    /// Reads a string, borrowed from the text when it has no escapes.
    #[inline(never)]
    fn string(&mut self) -> Result<Cow<'de, str>> {
        self.expect(b'"', "a string")?;
        let text = self.text;
        let start = self.at;
        let mut owned: Option<Vec<u8>> = None;
        let mut run = start;
        loop {
            let Some(&b) = text.get(self.at) else { return Err(Error::new("a string is not closed")) };
            match b {
                b'"' => {
                    let end = self.at;
                    self.at += 1;
                    let bytes = match owned {
                        None => return Ok(Cow::Borrowed(utf8(&text[start..end])?)),
                        Some(mut bytes) => {
                            bytes.extend_from_slice(&text[run..end]);
                            bytes
                        }
                    };
                    return String::from_utf8(bytes).map(Cow::Owned).map_err(|_| Error::new("a string is not UTF-8"));
                }
                b'\\' => {
                    let bytes = owned.get_or_insert_with(Vec::new);
                    bytes.extend_from_slice(&text[run..self.at]);
                    self.at += 1;
                    let escaped = match text.get(self.at) {
                        Some(b'u') => {
                            self.at += 1;
                            self.unicode_escape()?
                        }
                        Some(&letter) => {
                            self.at += 1;
                            match letter {
                                b'"' => '"',
                                b'\\' => '\\',
                                b'/' => '/',
                                b'b' => '\u{8}',
                                b'f' => '\u{c}',
                                b'n' => '\n',
                                b'r' => '\r',
                                b't' => '\t',
                                _ => return Err(Error::new("an unknown escape in a string")),
                            }
                        }
                        None => return Err(Error::new("a string is not closed")),
                    };
                    let mut buf = [0; 4];
                    bytes.extend_from_slice(escaped.encode_utf8(&mut buf).as_bytes());
                    run = self.at;
                }
                0..0x20 => return Err(Error::new("a control character in a string")),
                _ => self.at += 1,
            }
        }
    }

    /// After `\u`: four hex digits (and a second escape for a surrogate pair). Leaves the
    /// position after the escape.
    #[inline(never)]
    fn unicode_escape(&mut self) -> Result<char> {
        let high = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&high) {
            if !self.text[self.at..].starts_with(b"\\u") {
                return Err(Error::new("a lone surrogate in a string"));
            }
            self.at += 2;
            let low = self.hex4()?;
            if !(0xDC00..0xE000).contains(&low) {
                return Err(Error::new("a lone surrogate in a string"));
            }
            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else {
            high
        };
        char::from_u32(code).ok_or_else(|| Error::new("a lone surrogate in a string"))
    }

    /// Four hex digits.
    #[inline(never)]
    fn hex4(&mut self) -> Result<u32> {
        let digits = self.text.get(self.at..self.at + 4).ok_or_else(|| Error::new("a short `\\u` escape"))?;
        let mut code = 0;
        for d in digits {
            code = code * 16 + (*d as char).to_digit(16).ok_or_else(|| Error::new("a bad `\\u` escape"))?;
        }
        self.at += 4;
        Ok(code)
    }

    /// The text of a number, checked against JSON's grammar; whether it has a fraction or
    /// exponent.
    #[inline(never)]
    fn number_text(&mut self) -> Result<(&'de str, bool)> {
        self.blank();
        let start = self.at;
        let digits = |r: &mut Self| {
            let from = r.at;
            while r.text.get(r.at).is_some_and(u8::is_ascii_digit) {
                r.at += 1;
            }
            r.at - from
        };
        if self.text.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let whole = digits(self);
        let mut real = false;
        let bad = whole == 0 || (whole > 1 && self.text[self.at - whole] == b'0');
        if self.text.get(self.at) == Some(&b'.') {
            self.at += 1;
            real = true;
            if digits(self) == 0 {
                return Err(Error::new("expected a number"));
            }
        }
        if let Some(b'e' | b'E') = self.text.get(self.at) {
            self.at += 1;
            real = true;
            if let Some(b'+' | b'-') = self.text.get(self.at) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return Err(Error::new("expected a number"));
            }
        }
        if bad {
            self.at = start;
            return Err(Error::new("expected a number"));
        }
        Ok((utf8(&self.text[start..self.at])?, real))
    }

    /// Reads an integer and hands it to `visitor` (a number with a fraction or exponent is
    /// refused: none of our integers is written so).
    fn integer<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        match self.whole_number()? {
            Whole::Natural(n) => visitor.visit_u64(n),
            Whole::Negative(n) => visitor.visit_i64(n),
        }
    }

    /// Reads an integer.
    #[inline(never)]
    fn whole_number(&mut self) -> Result<Whole> {
        let (text, real) = self.number_text()?;
        let out_of_range = |_| Error::new("a number out of range");
        if real {
            Err(Error::new("expected a whole number"))
        } else if text.starts_with('-') {
            text.parse().map(Whole::Negative).map_err(out_of_range)
        } else {
            text.parse().map(Whole::Natural).map_err(out_of_range)
        }
    }

    /// Reads any number and hands it to `visitor` as a float.
    fn float<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let (text, _) = self.number_text()?;
        visitor.visit_f64(text.parse().map_err(|_| Error::new("expected a number"))?)
    }

    /// Steps over one value of any kind.
    #[inline(never)]
    fn step_over(&mut self) -> Result<()> {
        match self.peek()? {
            b'"' => self.string().map(drop),
            b't' => self.word("true"),
            b'f' => self.word("false"),
            b'n' => self.word("null"),
            b'[' => {
                self.open(b'[', "`[`")?;
                let mut first = true;
                while self.has_next(b']', &mut first)? {
                    self.step_over()?;
                }
                self.close(b']')
            }
            b'{' => {
                self.open(b'{', "`{`")?;
                let mut first = true;
                while self.has_next(b'}', &mut first)? {
                    self.string()?;
                    self.expect(b':', "`:`")?;
                    self.step_over()?;
                }
                self.close(b'}')
            }
            _ => self.number_text().map(drop),
        }
    }

    /// Reads an array with `visitor`.
    fn array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.open(b'[', "an array")?;
        let value = visitor.visit_seq(Elements { reader: self, first: true })?;
        self.close(b']')?;
        Ok(value)
    }

    /// Reads an object with `visitor`.
    fn object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.open(b'{', "an object")?;
        let value = visitor.visit_map(Entries { reader: self, first: true })?;
        self.close(b'}')?;
        Ok(value)
    }

    /// Reads a string and hands it to `visitor`, borrowed when it can be.
    fn str<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        match self.string()? {
            Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
            Cow::Owned(s) => visitor.visit_string(s),
        }
    }
}

/// An integer as read: serde visits the two kinds apart.
enum Whole {
    Natural(u64),
    Negative(i64),
}

fn utf8(bytes: &[u8]) -> Result<&str> {
    std::str::from_utf8(bytes).map_err(|_| Error::new("a string is not UTF-8"))
}

impl<'de> Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek()? {
            b'"' => self.str(visitor),
            b'[' => self.array(visitor),
            b'{' => self.object(visitor),
            b't' => self.word("true").and_then(|()| visitor.visit_bool(true)),
            b'f' => self.word("false").and_then(|()| visitor.visit_bool(false)),
            b'n' => self.word("null").and_then(|()| visitor.visit_unit()),
            _ => {
                let at = self.at;
                let (_, real) = self.number_text()?;
                self.at = at;
                if real { self.float(visitor) } else { self.integer(visitor) }
            }
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek()? {
            b't' => self.word("true").and_then(|()| visitor.visit_bool(true)),
            b'f' => self.word("false").and_then(|()| visitor.visit_bool(false)),
            _ => Err(Error::new("expected `true` or `false`")),
        }
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer(visitor)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.float(visitor)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.float(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.str(visitor)
    }
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.str(visitor)
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.str(visitor)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.array(visitor)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.array(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.peek()? == b'n' {
            self.word("null")?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.peek()?;
        self.word("null")?;
        visitor.visit_unit()
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.array(visitor)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.array(visitor)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(self, _name: &'static str, _len: usize, visitor: V) -> Result<V::Value> {
        self.array(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.object(visitor)
    }
    /// The point of this reader: a struct from an object only.
    fn deserialize_struct<V: Visitor<'de>>(self, _name: &'static str, _fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        self.object(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(self, _name: &'static str, _variants: &'static [&'static str], visitor: V) -> Result<V::Value> {
        match self.peek()? {
            b'"' => visitor.visit_enum(self.string()?.into_deserializer()),
            b'{' => {
                self.open(b'{', "an object")?;
                let value = visitor.visit_enum(Variant { reader: self })?;
                self.close(b'}')?;
                Ok(value)
            }
            _ => Err(Error::new("expected a string or an object naming a variant")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.step_over()?;
        visitor.visit_unit()
    }
}

/// The elements of an array being read.
struct Elements<'a, 'de> {
    reader: &'a mut Reader<'de>,
    first: bool,
}

impl<'de> SeqAccess<'de> for Elements<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.reader.has_next(b']', &mut self.first)? { seed.deserialize(&mut *self.reader).map(Some) } else { Ok(None) }
    }
}

/// The entries of an object being read.
struct Entries<'a, 'de> {
    reader: &'a mut Reader<'de>,
    first: bool,
}

impl<'de> MapAccess<'de> for Entries<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if !self.reader.has_next(b'}', &mut self.first)? {
            return Ok(None);
        }
        if self.reader.peek()? != b'"' {
            return Err(Error::new("expected a key in quotes"));
        }
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.reader.expect(b':', "`:`")?;
        seed.deserialize(&mut *self.reader)
    }
}

/// An enum written `{"Variant": value}`, inside its braces.
struct Variant<'a, 'de> {
    reader: &'a mut Reader<'de>,
}

impl<'de> EnumAccess<'de> for Variant<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        if self.reader.peek()? != b'"' {
            return Err(Error::new("expected a variant's name in quotes"));
        }
        let name = seed.deserialize(&mut *self.reader)?;
        self.reader.expect(b':', "`:`")?;
        Ok((name, self))
    }
}

impl<'de> VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(&mut *self.reader)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(&mut *self.reader)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.reader.array(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        self.reader.object(visitor)
    }
}

/// Writes `value` as compact JSON, the same text as `serde_json::to_string` for our types (a
/// float is written by Rust's own formatting, which can differ from `serde_json`'s in form but
/// not in value). Like the reader, it exists because it is much smaller in a page than
/// `serde_json`'s writer.
pub fn to_string<T: ser::Serialize + ?Sized>(value: &T) -> Result<String> {
    let mut writer = Writer { out: String::new() };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// The text written so far.
struct Writer {
    out: String,
}

impl Writer {
    /// Writes `text` as a JSON string, escaped as `serde_json` escapes it.
    #[inline(never)]
    fn string(&mut self, text: &str) {
        self.out.push('"');
        for c in text.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                '\u{8}' => self.out.push_str("\\b"),
                '\u{c}' => self.out.push_str("\\f"),
                c if c < ' ' => {
                    let n = c as u8;
                    let hex = |d: u8| char::from(if d < 10 { b'0' + d } else { b'a' + d - 10 });
                    self.out.push_str("\\u00");
                    self.out.push(hex(n >> 4));
                    self.out.push(hex(n & 15));
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// Writes a whole number.
    #[inline(never)]
    fn natural(&mut self, n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut n = n;
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        digits[at..].iter().for_each(|d| self.out.push(char::from(*d)));
    }

    /// Writes a signed whole number.
    #[inline(never)]
    fn integer(&mut self, n: i64) {
        if n < 0 {
            self.out.push('-');
        }
        self.natural(n.unsigned_abs());
    }

    /// Opens `{"name":` for an enum variant with content.
    #[inline(never)]
    fn variant(&mut self, name: &str) {
        self.out.push('{');
        self.string(name);
        self.out.push(':');
    }

    /// Before an element or entry: a comma unless it is the first.
    #[inline(never)]
    fn separate(&mut self, first: &mut bool) {
        if !std::mem::take(first) {
            self.out.push(',');
        }
    }
}

/// A list, object or variant being written: whether the next element is its first, and
/// whether a variant's closing brace is owed after it.
struct Compound<'a> {
    writer: &'a mut Writer,
    first: bool,
    variant: bool,
}

impl Compound<'_> {
    /// Writes one element.
    fn element<T: ser::Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.writer.separate(&mut self.first);
        value.serialize(&mut *self.writer)
    }

    /// Writes one entry `"key":value`.
    fn field<T: ser::Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<()> {
        self.writer.separate(&mut self.first);
        self.writer.string(key);
        self.writer.out.push(':');
        value.serialize(&mut *self.writer)
    }

    /// Closes with `close` (and a variant's brace).
    fn close(self, close: char) -> Result<()> {
        self.writer.out.push(close);
        if self.variant {
            self.writer.out.push('}');
        }
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.integer(v.into());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.integer(v.into());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.integer(v.into());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.natural(v.into());
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.natural(v.into());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.natural(v.into());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        self.natural(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.serialize_f64(v.into())
    }
    /// As `serde_json`: a float that is not finite is `null`, a whole one keeps its `.0`.
    fn serialize_f64(self, v: f64) -> Result<()> {
        if !v.is_finite() {
            self.out.push_str("null");
        } else if v.fract() == 0.0 && v.abs() < 1e16 {
            self.out.push_str(&format!("{v:.1}"));
        } else {
            self.out.push_str(&format!("{v}"));
        }
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<()> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        use ser::SerializeSeq;
        let mut list = self.serialize_seq(Some(v.len()))?;
        v.iter().try_for_each(|b| list.serialize_element(b))?;
        list.end()
    }
    fn serialize_none(self) -> Result<()> {
        self.serialize_unit()
    }
    fn serialize_some<T: ser::Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<()> {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ser::Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ser::Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.variant(variant);
        value.serialize(&mut *self)?;
        self.out.push('}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>> {
        self.out.push('[');
        Ok(Compound { writer: self, first: true, variant: false })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _name: &'static str, _index: u32, variant: &'static str, _len: usize) -> Result<Compound<'a>> {
        self.variant(variant);
        self.out.push('[');
        Ok(Compound { writer: self, first: true, variant: true })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>> {
        self.out.push('{');
        Ok(Compound { writer: self, first: true, variant: false })
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(self, _name: &'static str, _index: u32, variant: &'static str, _len: usize) -> Result<Compound<'a>> {
        self.variant(variant);
        self.out.push('{');
        Ok(Compound { writer: self, first: true, variant: true })
    }
}

/// The four kinds of list serde writes: each element through [`Compound::element`], then `]`.
macro_rules! list {
    ($($kind:ident :: $add:ident),*) => {$(
        impl ser::$kind for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $add<T: ser::Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
                self.element(value)
            }
            fn end(self) -> Result<()> {
                self.close(']')
            }
        }
    )*};
}
list!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// Maps are written with string keys only (none of ours has another kind).
impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ser::Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.writer.separate(&mut self.first);
        let at = self.writer.out.len();
        key.serialize(&mut *self.writer)?;
        if !self.writer.out[at..].starts_with('"') {
            return Err(Error::new("a map key that is not a string"));
        }
        self.writer.out.push(':');
        Ok(())
    }
    fn serialize_value<T: ser::Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut *self.writer)
    }
    fn end(self) -> Result<()> {
        self.close('}')
    }
}

/// The two kinds of object with named fields: each field through [`Compound::field`], then `}`.
macro_rules! object {
    ($($kind:ident),*) => {$(
        impl ser::$kind for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: ser::Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
                self.field(key, value)
            }
            fn end(self) -> Result<()> {
                self.close('}')
            }
        }
    )*};
}
object!(SerializeStruct, SerializeStructVariant);

impl ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(Box::new(Fault { message: message.to_string(), place: None }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Move {
        Wait,
        Step(i8),
        Pair(u8, bool),
        Strike { power: u16, aim: Option<char> },
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Table {
        name: String,
        moves: Vec<Move>,
        scores: (u64, i64),
        odds: f64,
        #[serde(default)]
        note: Option<String>,
        nothing: (),
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        a: u8,
    }

    fn sample() -> Table {
        Table {
            name: "Tab\t\"quoted\" \\ é 🥋 \u{1}".into(),
            moves: vec![
                Move::Wait,
                Move::Step(-3),
                Move::Pair(7, true),
                Move::Strike { power: 900, aim: Some('↑') },
                Move::Strike { power: 0, aim: None },
            ],
            scores: (u64::MAX, i64::MIN),
            odds: -0.125e-3,
            note: None,
            nothing: (),
        }
    }

    #[test]
    fn writes_what_serde_json_writes() {
        let table = Table { odds: 2.0, ..sample() };
        assert_eq!(to_string(&table).unwrap(), serde_json::to_string(&table).unwrap());
        let text = "\u{0}\u{1f}\u{7f}\u{8}\u{c} \"\\/é🥋";
        assert_eq!(to_string(text).unwrap(), serde_json::to_string(text).unwrap());
        for odds in [0.5, -0.125e-3, 1e300, f64::NAN] {
            let back: Option<f64> = from_str(&to_string(&odds).unwrap()).unwrap();
            assert!(back == Some(odds) || (odds.is_nan() && back.is_none()), "{odds}");
        }
        let mut map = std::collections::BTreeMap::new();
        map.insert("b".to_string(), vec![Move::Wait]);
        assert_eq!(to_string(&map).unwrap(), serde_json::to_string(&map).unwrap());
        let mut numbered = std::collections::BTreeMap::new();
        numbered.insert(1u8, 2u8);
        assert!(to_string(&numbered).is_err(), "only string keys");
    }

    #[test]
    fn reads_what_serde_json_writes() {
        let table = sample();
        for json in [serde_json::to_string(&table).unwrap(), serde_json::to_string_pretty(&table).unwrap()] {
            assert_eq!(from_str::<Table>(&json).unwrap(), table, "{json}");
        }
    }

    #[test]
    fn reads_escapes_and_surrogate_pairs() {
        assert_eq!(from_str::<String>(r#""a\u00e9\ud83e\udd4b\/\b\f\n\r\t\"\\z""#).unwrap(), "aé🥋/\u{8}\u{c}\n\r\t\"\\z");
        for bad in [r#""\ud83e""#, r#""\ud83ez""#, r#""\udd4b""#, r#""\x""#, r#""\u12""#, "\"a\u{1}\"", r#""open"#] {
            assert!(from_str::<String>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn skips_unknown_fields_unless_denied() {
        let json = r#"{"extra": [1, {"deep": [true, null, -2.5e3]}, "x"], "a": 4}"#;
        assert_eq!(from_str::<Strict>(r#"{"a": 4}"#).unwrap(), Strict { a: 4 });
        assert!(from_str::<Strict>(json).unwrap_err().to_string().contains("unknown field"));
        #[derive(Debug, PartialEq, Deserialize)]
        struct Loose {
            a: u8,
        }
        assert_eq!(from_str::<Loose>(json).unwrap(), Loose { a: 4 });
    }

    #[test]
    fn refuses_a_struct_written_as_an_array() {
        assert!(serde_json::from_str::<Strict>("[4]").is_ok(), "serde_json reads it");
        assert!(from_str::<Strict>("[4]").unwrap_err().to_string().starts_with("expected an object"));
    }

    #[test]
    fn refuses_bad_json_and_says_where() {
        let err = from_str::<Vec<u8>>("[1,\n 2,]").unwrap_err().to_string();
        assert_eq!(err, "a trailing comma at line 2 column 4");
        for bad in ["", "[1 2]", "[1,2", "[1] x", "[256]", "[-1]", "[1.5]", "[01]", "[1.]", "[1e]", "[-]", "[nul]", "{}", "[1,,2]"] {
            assert!(from_str::<Vec<u8>>(bad).is_err(), "{bad:?}");
        }
        assert!(from_str::<(u8, u8)>("[1,2,3]").unwrap_err().to_string().contains("more elements"));
        assert!(from_str::<Move>(r#""Step""#).is_err());
        assert!(from_str::<Move>(r#"{"Wait": null, "Step": 1}"#).is_err());
        assert!(from_str::<Move>(r#"{"Jump": 1}"#).unwrap_err().to_string().contains("unknown variant"));
    }

    #[test]
    fn stops_at_the_nesting_limit() {
        let deep = |n: usize| format!("{{\"x\": {}{}}}", "[".repeat(n), "]".repeat(n));
        #[derive(Debug, Deserialize)]
        struct Any {}
        assert!(from_str::<Any>(&deep(MAX_DEPTH - 1)).is_ok());
        assert!(from_str::<Any>(&deep(MAX_DEPTH)).unwrap_err().to_string().contains("nested too deeply"));
        assert!(from_str::<Any>(&deep(100_000)).is_err(), "no stack overflow");
    }

    #[test]
    fn reads_into_any_value() {
        let json = r#"{"a": [1, -2, 3.5, "s", true, false, null, {}]}"#;
        assert_eq!(from_str::<serde_json::Value>(json).unwrap(), serde_json::from_str::<serde_json::Value>(json).unwrap());
    }
}
