//! The PDF file format's frame: numbered objects, streams (compressed with zlib), the
//! cross-reference table and the trailer (ISO 32000-1, 7.5). Knows nothing of pages or fonts.

use miniz_oxide::deflate::compress_to_vec_zlib;

/// One indirect object.
pub enum Object {
    /// A dictionary (or any other direct value), written as is.
    Dict(String),
    /// A stream: extra dictionary entries (without `/Length` and `/Filter`) and its bytes.
    Stream {
        /// Entries for the stream's dictionary beyond its length and filter.
        extra: String,
        /// The bytes, before compression.
        data: Vec<u8>,
        /// Compress with zlib (`/FlateDecode`).
        compress: bool,
    },
}

impl Object {
    /// A stream with extra dictionary entries `extra` (may be empty).
    pub fn stream(extra: &str, data: Vec<u8>, compress: bool) -> Self {
        Object::Stream { extra: extra.to_string(), data, compress }
    }
}

/// A PDF file being put together: objects are numbered from 1 in the order they are reserved or
/// added.
pub struct PdfFile {
    objects: Vec<Option<Object>>,
}

impl PdfFile {
    /// An empty file.
    pub fn new() -> Self {
        PdfFile { objects: Vec::new() }
    }

    /// A number for an object written later with [`PdfFile::set`] (for objects that refer to
    /// each other).
    pub fn reserve(&mut self) -> u32 {
        self.objects.push(None);
        self.objects.len() as u32
    }

    /// Sets the reserved object `id`.
    pub fn set(&mut self, id: u32, object: Object) {
        if let Some(slot) = self.objects.get_mut(id as usize - 1) {
            *slot = Some(object);
        }
    }

    /// Adds `object`; returns its number.
    pub fn add(&mut self, object: Object) -> u32 {
        let id = self.reserve();
        self.set(id, object);
        id
    }

    /// The file's bytes, with `root` as its catalogue and `info` as its document information.
    /// A reserved object never set is written as `null`.
    pub fn finish(self, root: u32, info: u32) -> Vec<u8> {
        // The second line's bytes above 127 mark the file as binary for tools that guess.
        let mut out: Vec<u8> = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec();
        let mut offsets = Vec::with_capacity(self.objects.len());
        for (i, object) in self.objects.into_iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
            match object {
                None => out.extend_from_slice(b"null"),
                Some(Object::Dict(dict)) => out.extend_from_slice(dict.as_bytes()),
                Some(Object::Stream { extra, data, compress }) => {
                    let (bytes, filter) = if compress { (compress_to_vec_zlib(&data, 9), "/Filter/FlateDecode") } else { (data, "") };
                    out.extend_from_slice(format!("<</Length {}{filter}{extra}>>\nstream\n", bytes.len()).as_bytes());
                    out.extend_from_slice(&bytes);
                    out.extend_from_slice(b"\nendstream");
                }
            }
            out.extend_from_slice(b"\nendobj\n");
        }
        let xref = out.len();
        out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", offsets.len() + 1).as_bytes());
        for offset in offsets.iter() {
            // Each entry is exactly 20 bytes, its end of line included.
            out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
        }
        out.extend_from_slice(
            format!("trailer\n<</Size {}/Root {root} 0 R/Info {info} 0 R>>\nstartxref\n{xref}\n%%EOF\n", offsets.len() + 1).as_bytes(),
        );
        out
    }
}

/// `text` as a PDF text string: a literal `( … )` with `\`, `(` and `)` escaped when it is
/// printable ASCII, else UTF-16 with a byte-order mark in hex.
pub fn pdf_string(text: &str) -> String {
    if text.chars().all(|c| (' '..='~').contains(&c)) {
        let mut out = String::with_capacity(text.len() + 2);
        out.push('(');
        for c in text.chars() {
            if matches!(c, '\\' | '(' | ')') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push(')');
        out
    } else {
        let hex: String = text.encode_utf16().map(|u| format!("{u:04X}")).collect();
        format!("<FEFF{hex}>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_reference_table_points_at_every_object() {
        let mut file = PdfFile::new();
        let root = file.reserve();
        let info = file.add(Object::Dict("<</Title(x)>>".into()));
        file.set(root, Object::Dict("<</Type/Catalog>>".into()));
        file.add(Object::stream("", b"0 0 m 1 1 l S".to_vec(), true));
        let bytes = file.finish(root, info);
        // Offsets count bytes: the binary marker and the compressed stream are not text.
        let at = bytes.windows(10).rposition(|w| w == b"startxref\n").unwrap() + 10;
        let tail = String::from_utf8(bytes[at..].to_vec()).unwrap();
        let xref: usize = tail.lines().next().unwrap().parse().unwrap();
        let table = String::from_utf8(bytes[xref..].to_vec()).unwrap();
        let lines: Vec<&str> = table.lines().collect();
        // The table's head (the keyword, then "first object, count"), the free entry for
        // object 0, one entry per object, then the trailer.
        assert_eq!(&lines[..3], ["xref", "0 4", "0000000000 65535 f "]);
        let entries = &lines[3..6];
        for (id, line) in (1..=3).zip(entries) {
            let offset: usize = line[..10].parse().unwrap();
            assert!(bytes[offset..].starts_with(format!("{id} 0 obj").as_bytes()), "object {id}");
            assert!(line.ends_with(" 00000 n "), "object {id}: {line:?}");
            assert_eq!(line.len() + 1, 20, "each entry is 20 bytes with its end of line");
        }
        assert_eq!(lines[6], "trailer", "no entry past the last object");
    }

    #[test]
    fn text_strings_escape_or_go_to_utf16() {
        assert_eq!(pdf_string("PUNISH (kit)"), "(PUNISH \\(kit\\))");
        assert_eq!(pdf_string("a\\b"), "(a\\\\b)");
        assert_eq!(
            pdf_string("Gattaibushido:FUSION! ♥"),
            "<FEFF004700610074007400610069006200750073006800690064006F003A0046005500530049004F004E002100202665>"
        );
    }
}
