//! Writes a laid-out document as a PDF file: every page's shapes as a compressed content
//! stream, and the two bundled DejaVu Sans subsets (about 600 characters each, 73 KB before
//! compression) embedded as CID TrueType fonts with a Unicode map, so text can be searched and
//! copied.
//!
//! Our own writer rather than a PDF library: a kit needs rectangles, polygons, lines and text in
//! two embedded fonts, and a library brought 0.9 MB of fonts, colour profiles and parsers into the
//! PDF worker that no kit uses (issue 43).

mod file;
mod truetype;

use crate::document::Document;
use crate::draw::{Ink, Shape, Stroke};
use crate::geometry::{MM_PER_PT, Point};
use crate::metrics::{ASCENT, CAP_HEIGHT, DESCENT};
use crate::text::Face;
use file::{Object, PdfFile, pdf_string};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use truetype::FontProgram;

/// DejaVu Sans, cut down to the characters kits use (see `fonts/README.md`).
pub const REGULAR_FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, cut down the same way.
pub const BOLD_FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold-subset.ttf");

/// Why a PDF could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdfError {
    /// A bundled font failed to load (a broken build).
    Font(String),
}

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PdfError::Font(why) => write!(f, "the bundled font could not be loaded: {why}"),
        }
    }
}

/// One embedded face: its program, the name it goes by in the file and the glyphs the pages use.
struct EmbeddedFont {
    program: FontProgram,
    /// Bytes of the TrueType file.
    file: &'static [u8],
    /// The PostScript name with a subset tag: the embedded program is a subset of DejaVu Sans,
    /// which the six-letter tag says (ISO 32000-1, 9.6.4), so viewers do not look for the
    /// whole font.
    name: &'static str,
    /// Resource name in content streams.
    resource: &'static str,
    /// Bold faces are drawn with a thicker stem (only a hint for viewers).
    stem: u32,
    /// Glyph → the character it was used for (for the Unicode map), in glyph order.
    used: BTreeMap<u16, char>,
}

impl EmbeddedFont {
    fn load(file: &'static [u8], name: &'static str, resource: &'static str, stem: u32) -> Result<Self, PdfError> {
        let program = FontProgram::read(file).map_err(|e| PdfError::Font(format!("{name}: {e}")))?;
        Ok(EmbeddedFont { program, file, name, resource, stem, used: BTreeMap::new() })
    }

    /// `text` as a hex string of glyph ids, noting each glyph used.
    fn encode(&mut self, text: &str) -> String {
        let mut hex = String::with_capacity(2 + 4 * text.len());
        hex.push('<');
        for ch in text.chars() {
            let glyph = self.program.glyph(ch);
            self.used.entry(glyph).or_insert(ch);
            let _ = write!(hex, "{glyph:04X}");
        }
        hex.push('>');
        hex
    }
}

/// Renders `doc` to PDF bytes. `created` (seconds since 1970, UTC) is written as the creation
/// date, so the same input gives the same file.
pub fn render(doc: &Document, created: i64) -> Result<Vec<u8>, PdfError> {
    let mut fonts = [
        EmbeddedFont::load(REGULAR_FONT, "DOJOAA+DejaVuSans", "F1", 80)?,
        EmbeddedFont::load(BOLD_FONT, "DOJOAB+DejaVuSans-Bold", "F2", 140)?,
    ];
    let contents: Vec<Vec<u8>> = doc.pages.iter().map(|page| page_content(page, &mut fonts).into_bytes()).collect();

    let mut pdf = PdfFile::new();
    let catalog = pdf.reserve();
    let pages_id = pdf.reserve();
    let font_ids: Vec<u32> = fonts.iter().map(|font| embed_font(&mut pdf, font)).collect();
    let resources =
        format!("<</Font<<{}>>>>", fonts.iter().zip(&font_ids).map(|(f, id)| format!("/{} {id} 0 R", f.resource)).collect::<String>());
    let mut kids = Vec::new();
    for (page, content) in doc.pages.iter().zip(contents) {
        let stream = pdf.add(Object::stream("", content, true));
        let (w, h) = (num(page.size.w / MM_PER_PT), num(page.size.h / MM_PER_PT));
        let dict = format!("<</Type/Page/Parent {pages_id} 0 R/MediaBox[0 0 {w} {h}]/Resources{resources}/Contents {stream} 0 R>>");
        kids.push(pdf.add(Object::Dict(dict)));
    }
    let kid_list = kids.iter().map(|k| format!("{k} 0 R")).collect::<Vec<_>>().join(" ");
    pdf.set(pages_id, Object::Dict(format!("<</Type/Pages/Count {}/Kids[{kid_list}]>>", kids.len())));
    pdf.set(catalog, Object::Dict(format!("<</Type/Catalog/Pages {pages_id} 0 R>>")));
    let date = pdf_date(created);
    let info = pdf.add(Object::Dict(format!(
        "<</Title{}/Creator(Pocket Dojo)/Producer(Pocket Dojo)/CreationDate({date})/ModDate({date})>>",
        pdf_string(&doc.title)
    )));
    Ok(pdf.finish(catalog, info))
}

/// Embeds `font` (the program, its descriptor, widths and Unicode map); returns the id of the
/// font dictionary pages refer to.
fn embed_font(pdf: &mut PdfFile, font: &EmbeddedFont) -> u32 {
    let p = &font.program;
    let program = pdf.add(Object::stream(&format!("/Length1 {}", font.file.len()), font.file.to_vec(), true));
    let [x0, y0, x1, y1] = p.bbox.map(|v| p.scaled(v));
    let descriptor = pdf.add(Object::Dict(format!(
        "<</Type/FontDescriptor/FontName/{}/Flags 32/FontBBox[{x0} {y0} {x1} {y1}]/ItalicAngle 0/Ascent {}/Descent {}/CapHeight {}/StemV {}/FontFile2 {program} 0 R>>",
        font.name,
        p.scaled(ASCENT),
        p.scaled(DESCENT),
        p.scaled(CAP_HEIGHT),
        font.stem
    )));
    let widths: String = font.used.keys().map(|g| format!("{g}[{}]", p.width(*g))).collect::<Vec<_>>().join(" ");
    let cid_font = pdf.add(Object::Dict(format!(
        "<</Type/Font/Subtype/CIDFontType2/BaseFont/{}/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor {descriptor} 0 R/DW 1000/W[{widths}]/CIDToGIDMap/Identity>>",
        font.name
    )));
    let unicode = pdf.add(Object::stream("", unicode_map(&font.used).into_bytes(), true));
    pdf.add(Object::Dict(format!(
        "<</Type/Font/Subtype/Type0/BaseFont/{}/Encoding/Identity-H/DescendantFonts[{cid_font} 0 R]/ToUnicode {unicode} 0 R>>",
        font.name
    )))
}

/// The ToUnicode CMap: each glyph used → the character it stands for, in UTF-16.
fn unicode_map(used: &BTreeMap<u16, char>) -> String {
    let mut cmap = String::from(
        "/CIDInit/ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n/CMapName/Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000><FFFF>\nendcodespacerange\n",
    );
    let pairs: Vec<(&u16, &char)> = used.iter().filter(|(g, _)| **g != 0).collect();
    // A CMap section holds at most 100 entries.
    for chunk in pairs.chunks(100) {
        let _ = writeln!(cmap, "{} beginbfchar", chunk.len());
        for (glyph, ch) in chunk {
            let utf16: String = ch.encode_utf16(&mut [0; 2]).iter().map(|u| format!("{u:04X}")).collect();
            let _ = writeln!(cmap, "<{glyph:04X}><{utf16}>");
        }
        cmap.push_str("endbfchar\n");
    }
    cmap.push_str("endcmap\nCMapName currentdict/CMap defineresource pop\nend\nend\n");
    cmap
}

/// The drawing state last set in a content stream, so each operator is written only when the
/// value changes.
#[derive(Default)]
struct Pen {
    fill: Option<Ink>,
    stroke: Option<Ink>,
    width: Option<f32>,
    dash: Option<Option<(f32, f32)>>,
}

impl Pen {
    fn fill(&mut self, out: &mut String, ink: Ink) {
        if self.fill != Some(ink) {
            let [r, g, b] = ink.rgb();
            let _ = writeln!(out, "{} {} {} rg", num(r), num(g), num(b));
            self.fill = Some(ink);
        }
    }

    fn stroke(&mut self, out: &mut String, stroke: &Stroke) {
        if self.stroke != Some(stroke.ink) {
            let [r, g, b] = stroke.ink.rgb();
            let _ = writeln!(out, "{} {} {} RG", num(r), num(g), num(b));
            self.stroke = Some(stroke.ink);
        }
        if self.width != Some(stroke.width) {
            let _ = writeln!(out, "{} w", num(stroke.width / MM_PER_PT));
            self.width = Some(stroke.width);
        }
        if self.dash != Some(stroke.dash) {
            match stroke.dash {
                Some((on, off)) => {
                    let _ = writeln!(out, "[{} {}] 0 d", num(on / MM_PER_PT), num(off / MM_PER_PT));
                }
                None => out.push_str("[] 0 d\n"),
            }
            self.dash = Some(stroke.dash);
        }
    }
}

/// One page's content stream.
fn page_content(page: &crate::document::Page, fonts: &mut [EmbeddedFont; 2]) -> String {
    let mut out = String::with_capacity(page.drawing.shapes.len() * 48);
    let mut pen = Pen::default();
    let to_pdf = |p: Point| (num(p.x / MM_PER_PT), num((page.size.h - p.y) / MM_PER_PT));
    for shape in &page.drawing.shapes {
        match shape {
            Shape::Rect { rect, fill, stroke } => {
                let corners = [
                    Point::new(rect.x, rect.y),
                    Point::new(rect.right(), rect.y),
                    Point::new(rect.right(), rect.bottom()),
                    Point::new(rect.x, rect.bottom()),
                ];
                path(&mut out, &mut pen, &corners, true, *fill, stroke.as_ref(), &to_pdf);
            }
            Shape::Path { points, closed, fill, stroke } => {
                let fill = if *closed { *fill } else { None };
                path(&mut out, &mut pen, points, *closed, fill, stroke.as_ref(), &to_pdf);
            }
            Shape::Text { start, size, face, ink, turn, text } => {
                let (x, y) = to_pdf(*start);
                let (sin, cos) = exact_sin_cos(turn.degrees());
                let font = &mut fonts[usize::from(*face == Face::Bold)];
                pen.fill(&mut out, *ink);
                let glyphs = font.encode(text);
                let _ = writeln!(
                    out,
                    "BT /{} {} Tf {} {} {} {} {x} {y} Tm {glyphs} Tj ET",
                    font.resource,
                    num(*size),
                    num(cos),
                    num(sin),
                    num(-sin),
                    num(cos)
                );
            }
        }
    }
    out
}

/// A polygon or polyline, filled and/or stroked; nothing when it would draw nothing.
fn path(
    out: &mut String,
    pen: &mut Pen,
    points: &[Point],
    closed: bool,
    fill: Option<Ink>,
    stroke: Option<&Stroke>,
    to_pdf: &impl Fn(Point) -> (String, String),
) {
    let paint = match (fill, stroke) {
        (Some(_), Some(_)) => "B",
        (Some(_), None) => "f",
        (None, Some(_)) => "S",
        (None, None) => return,
    };
    let Some((first, rest)) = points.split_first() else { return };
    if let Some(ink) = fill {
        pen.fill(out, ink);
    }
    if let Some(stroke) = stroke {
        pen.stroke(out, stroke);
    }
    let (x, y) = to_pdf(*first);
    let _ = write!(out, "{x} {y} m");
    for point in rest {
        let (x, y) = to_pdf(*point);
        let _ = write!(out, " {x} {y} l");
    }
    let _ = writeln!(out, "{} {paint}", if closed { " h" } else { "" });
}

/// sin and cos of a clockwise quarter-turn rotation on the page, as PDF counts angles
/// (anticlockwise), without rounding noise.
fn exact_sin_cos(clockwise_degrees: u16) -> (f32, f32) {
    match clockwise_degrees % 360 {
        0 => (0.0, 1.0),
        90 => (-1.0, 0.0),
        180 => (0.0, -1.0),
        270 => (1.0, 0.0),
        other => (-f32::from(other).to_radians()).sin_cos(),
    }
}

/// A number as PDF writes it: at most three decimals, no trailing zeros, never "-0".
fn num(v: f32) -> String {
    let rounded = (v * 1000.0).round() / 1000.0;
    if rounded == 0.0 || !rounded.is_finite() {
        return "0".into();
    }
    let text = format!("{rounded:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `seconds` since 1970 (UTC) as a PDF date, `D:YYYYMMDDHHmmSSZ`.
fn pdf_date(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let secs = seconds.rem_euclid(86_400);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = (yoe + era * 400 + i64::from(month <= 2)).clamp(0, 9999);
    format!("D:{year:04}{month:02}{day:02}{:02}{:02}{:02}Z", secs / 3600, secs / 60 % 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(595.275_6), "595.276");
        assert_eq!(num(-3.0), "-3");
    }

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(pdf_date(0), "D:19700101000000Z");
        assert_eq!(pdf_date(1_790_000_000), "D:20260921141320Z");
        assert_eq!(pdf_date(951_782_400), "D:20000229000000Z", "a leap day");
    }

    #[test]
    fn the_unicode_map_names_every_glyph_used_in_sections_of_at_most_100() {
        let used: BTreeMap<u16, char> = (1..=150u16).map(|g| (g, char::from_u32(0x40 + u32::from(g)).unwrap())).collect();
        let map = unicode_map(&used);
        assert!(map.contains("100 beginbfchar") && map.contains("50 beginbfchar"), "{map}");
        assert!(map.contains("<0001><0041>"));
        let suit: BTreeMap<u16, char> = [(7, '♥'), (8, '🏠')].into();
        let map = unicode_map(&suit);
        assert!(map.contains("<0007><2665>") && map.contains("<0008><D83CDFE0>"), "surrogate pairs for characters past the BMP");
    }
}
