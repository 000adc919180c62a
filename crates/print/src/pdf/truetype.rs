//! Just enough of a TrueType file to embed it in a PDF: which glyph draws a character (the
//! `cmap` table), how wide each glyph is (`hhea`, `hmtx`), the units per em and the bounding box
//! (`head`). The fonts are our own bundled files, but they are still read with every offset
//! checked, so a broken file is an error rather than a panic.

use std::collections::HashMap;

/// What the PDF writer needs from a TrueType font.
#[derive(Clone, Debug)]
pub struct FontProgram {
    /// Font units per em.
    pub units_per_em: u16,
    /// The box every glyph fits in: x min, y min, x max, y max, in font units.
    pub bbox: [i16; 4],
    /// Character → glyph id.
    glyphs: HashMap<char, u16>,
    /// Advance width of each glyph id, in font units (the last repeats for the rest).
    advances: Vec<u16>,
}

/// Why a font file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FontError {
    /// A table the writer needs is missing.
    MissingTable(&'static str),
    /// The file ends inside a table or record.
    Truncated(&'static str),
    /// No Unicode character map of a format this reader knows (4 or 12).
    NoUnicodeMap,
}

impl std::fmt::Display for FontError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FontError::MissingTable(t) => write!(f, "the font has no '{t}' table"),
            FontError::Truncated(t) => write!(f, "the font's '{t}' table is cut short"),
            FontError::NoUnicodeMap => write!(f, "the font has no Unicode character map"),
        }
    }
}

/// Big-endian reads that fail instead of panicking.
struct Bytes<'a>(&'a [u8], &'static str);

impl Bytes<'_> {
    fn u16(&self, at: usize) -> Result<u16, FontError> {
        let b = self.0.get(at..at + 2).ok_or(FontError::Truncated(self.1))?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    fn i16(&self, at: usize) -> Result<i16, FontError> {
        Ok(self.u16(at)? as i16)
    }

    fn u32(&self, at: usize) -> Result<u32, FontError> {
        let b = self.0.get(at..at + 4).ok_or(FontError::Truncated(self.1))?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// The bytes of table `tag` in the font file `file`.
fn table<'a>(file: &'a [u8], tag: &'static str) -> Result<Bytes<'a>, FontError> {
    let dir = Bytes(file, "table directory");
    let count = usize::from(dir.u16(4)?);
    for i in 0..count {
        let record = 12 + 16 * i;
        if file.get(record..record + 4) == Some(tag.as_bytes()) {
            let offset = dir.u32(record + 8)? as usize;
            let length = dir.u32(record + 12)? as usize;
            let bytes = file.get(offset..offset.saturating_add(length)).ok_or(FontError::Truncated(tag))?;
            return Ok(Bytes(bytes, tag));
        }
    }
    Err(FontError::MissingTable(tag))
}

impl FontProgram {
    /// Reads what the writer needs from the TrueType file `file`.
    pub fn read(file: &[u8]) -> Result<Self, FontError> {
        let head = table(file, "head")?;
        let units_per_em = head.u16(18)?;
        let bbox = [head.i16(36)?, head.i16(38)?, head.i16(40)?, head.i16(42)?];
        let metrics_count = usize::from(table(file, "hhea")?.u16(34)?);
        let hmtx = table(file, "hmtx")?;
        let advances = (0..metrics_count).map(|g| hmtx.u16(4 * g)).collect::<Result<Vec<_>, _>>()?;
        let glyphs = character_map(&table(file, "cmap")?)?;
        Ok(FontProgram { units_per_em, bbox, glyphs, advances })
    }

    /// The glyph that draws `ch` (0, the font's "missing" box, when it has none).
    pub fn glyph(&self, ch: char) -> u16 {
        self.glyphs.get(&ch).copied().unwrap_or(0)
    }

    /// The advance width of glyph `glyph`, in thousandths of the font size (PDF's unit).
    pub fn width(&self, glyph: u16) -> u32 {
        let advance = self.advances.get(usize::from(glyph)).or(self.advances.last()).copied().unwrap_or(0);
        (u32::from(advance) * 1000 + u32::from(self.units_per_em) / 2) / u32::from(self.units_per_em.max(1))
    }

    /// A length in font units as thousandths of the font size.
    pub fn scaled(&self, units: i16) -> i32 {
        i32::from(units) * 1000 / i32::from(self.units_per_em.max(1))
    }
}

/// Character → glyph from the best Unicode subtable: format 12 (all planes) if there is one,
/// else format 4 (the Basic Multilingual Plane).
fn character_map(cmap: &Bytes) -> Result<HashMap<char, u16>, FontError> {
    let count = usize::from(cmap.u16(2)?);
    let mut best: Option<(u16, usize)> = None;
    for i in 0..count {
        let record = 4 + 8 * i;
        let (platform, encoding) = (cmap.u16(record)?, cmap.u16(record + 2)?);
        let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
        if !unicode {
            continue;
        }
        let offset = cmap.u32(record + 4)? as usize;
        let format = cmap.u16(offset)?;
        if (format == 4 || format == 12) && best.is_none_or(|(f, _)| format > f) {
            best = Some((format, offset));
        }
    }
    match best {
        Some((12, at)) => segments_12(cmap, at),
        Some((_, at)) => segments_4(cmap, at),
        None => Err(FontError::NoUnicodeMap),
    }
}

/// A format 4 subtable: segments of 16-bit codes, each mapped by a delta or through an array.
fn segments_4(cmap: &Bytes, at: usize) -> Result<HashMap<char, u16>, FontError> {
    let segments = usize::from(cmap.u16(at + 6)? / 2);
    let ends = at + 14;
    let starts = ends + 2 * segments + 2;
    let deltas = starts + 2 * segments;
    let ranges = deltas + 2 * segments;
    let mut map = HashMap::new();
    for s in 0..segments {
        let (start, end) = (cmap.u16(starts + 2 * s)?, cmap.u16(ends + 2 * s)?);
        let delta = cmap.u16(deltas + 2 * s)?;
        let range = usize::from(cmap.u16(ranges + 2 * s)?);
        for code in start..=end {
            if code == 0xFFFF {
                break;
            }
            let glyph = if range == 0 {
                code.wrapping_add(delta)
            } else {
                let slot = ranges + 2 * s + range + 2 * usize::from(code - start);
                match cmap.u16(slot)? {
                    0 => 0,
                    g => g.wrapping_add(delta),
                }
            };
            if let (Some(ch), true) = (char::from_u32(u32::from(code)), glyph != 0) {
                map.insert(ch, glyph);
            }
        }
    }
    Ok(map)
}

/// A format 12 subtable: groups of consecutive 32-bit codes and glyphs.
fn segments_12(cmap: &Bytes, at: usize) -> Result<HashMap<char, u16>, FontError> {
    let groups = cmap.u32(at + 12)? as usize;
    let mut map = HashMap::new();
    for g in 0..groups {
        let record = at + 16 + 12 * g;
        let (start, end, first) = (cmap.u32(record)?, cmap.u32(record + 4)?, cmap.u32(record + 8)?);
        // Our fonts hold a few hundred characters: a group wider than a plane is a broken file.
        if end < start || end - start > 0xFFFF {
            return Err(FontError::Truncated("cmap"));
        }
        for code in start..=end {
            let glyph = u16::try_from(first + (code - start)).map_err(|_| FontError::Truncated("cmap"))?;
            if let Some(ch) = char::from_u32(code) {
                map.insert(ch, glyph);
            }
        }
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::{ADVANCES, UNITS_PER_EM};
    use crate::pdf::{BOLD_FONT, REGULAR_FONT};

    #[test]
    fn every_character_the_kits_measure_has_a_glyph_of_the_measured_width() {
        let regular = FontProgram::read(REGULAR_FONT).unwrap();
        let bold = FontProgram::read(BOLD_FONT).unwrap();
        assert_eq!(regular.units_per_em, UNITS_PER_EM);
        for &(code, r, b) in ADVANCES {
            let ch = char::from_u32(code).unwrap();
            for (font, advance) in [(&regular, r), (&bold, b)] {
                let glyph = font.glyph(ch);
                assert_ne!(glyph, 0, "{ch:?} has no glyph");
                let expected = (u32::from(advance) * 1000 + 1024) / 2048;
                assert_eq!(font.width(glyph), expected, "{ch:?}");
            }
        }
        assert_eq!(regular.glyph('🏠'), 0, "a character the font lacks draws the missing box");
    }

    #[test]
    fn a_cut_file_is_an_error_not_a_panic() {
        for cut in [0, 11, 40, 300, REGULAR_FONT.len() / 2] {
            assert!(FontProgram::read(&REGULAR_FONT[..cut]).is_err(), "cut at {cut}");
        }
    }
}
