//! The JSON writer: a serde [`ser::Serializer`] into a string.

use super::{Error, Result};
use serde::ser;

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
