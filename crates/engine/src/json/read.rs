//! The JSON reader: a serde [`Deserializer`] over the bytes of a text.

use super::{Error, MAX_DEPTH, Result};
use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, VariantAccess, Visitor};
use std::borrow::Cow;

/// Reads a `T` from the whole of `text`.
pub fn from_str<'de, T: de::Deserialize<'de>>(text: &'de str) -> Result<T> {
    let mut reader = Reader { text: text.as_bytes(), at: 0, depth: 0 };
    let value = T::deserialize(&mut reader).and_then(|value| {
        reader.blank();
        if reader.at < reader.text.len() { Err(Error::new("trailing characters")) } else { Ok(value) }
    });
    value.map_err(|e| e.placed(text, reader.at))
}

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
