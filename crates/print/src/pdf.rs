//! Writes a laid-out document as PDF bytes with printpdf, embedding the bundled DejaVu Sans
//! subsets (about 600 characters each, 73 KB before compression).

use crate::document::Document;
use crate::draw::{Ink, Shape, Stroke};
use crate::geometry::{MM_PER_PT, Point};
use crate::text::Face;
use printpdf::{
    Color, DateTime, FontId, Line, LineDashPattern, LinePoint, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Polygon, PolygonRing, Pt, Rgb, TextItem, TextMatrix, WindingOrder,
};

/// DejaVu Sans, cut down to the characters kits use (see `fonts/README.md`).
pub const REGULAR_FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, cut down the same way.
pub const BOLD_FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold-subset.ttf");

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

/// Renders `doc` to PDF bytes. `created` (seconds since 1970, UTC) is written as the creation
/// date, so the same input gives the same file.
pub fn render(doc: &Document, created: i64) -> Result<Vec<u8>, PdfError> {
    let mut pdf = PdfDocument::new(&doc.title);
    let mut font_warnings = Vec::new();
    let mut regular = ParsedFont::from_bytes(REGULAR_FONT, 0, &mut font_warnings).ok_or_else(|| PdfError::Font("DejaVu Sans".into()))?;
    let mut bold = ParsedFont::from_bytes(BOLD_FONT, 0, &mut font_warnings).ok_or_else(|| PdfError::Font("DejaVu Sans Bold".into()))?;
    // The embedded programs are subsets of DejaVu Sans, so their names carry the six-letter
    // subset tag PDF asks for (ISO 32000-1, 9.6.4), which also tells viewers not to look for
    // the full font. printpdf's own per-file subsetting needs its large text-layout feature.
    regular.font_name = Some("DOJOAA+DejaVuSans".into());
    bold.font_name = Some("DOJOAB+DejaVuSans-Bold".into());
    let fonts = Fonts { regular: pdf.add_font(&regular), bold: pdf.add_font(&bold) };
    if let Ok(date) = DateTime::from_unix_timestamp(created) {
        let info = &mut pdf.metadata.info;
        info.creation_date = date;
        info.modification_date = date;
        info.metadata_date = date;
        info.creator = "Pocket Dojo".into();
        info.producer = "Pocket Dojo (printpdf)".into();
    }
    let pages = doc
        .pages
        .iter()
        .map(|page| {
            let mut ops = Vec::with_capacity(page.drawing.shapes.len() * 4);
            let to_pdf = |p: Point| printpdf::Point { x: mm(p.x), y: mm(page.size.h - p.y) };
            for shape in &page.drawing.shapes {
                shape_ops(&mut ops, shape, &fonts, &to_pdf);
            }
            PdfPage::new(printpdf::Mm(page.size.w), printpdf::Mm(page.size.h), ops)
        })
        .collect();
    let options = PdfSaveOptions { subset_fonts: true, optimize: true, ..PdfSaveOptions::default() };
    let mut warnings = Vec::new();
    Ok(pdf.with_pages(pages).save(&options, &mut warnings))
}

struct Fonts {
    regular: FontId,
    bold: FontId,
}

fn mm(v: f32) -> Pt {
    Pt(v / MM_PER_PT)
}

fn colour(ink: Ink) -> Color {
    let [r, g, b] = ink.rgb();
    Color::Rgb(Rgb { r, g, b, icc_profile: None })
}

fn set_stroke(ops: &mut Vec<Op>, stroke: &Stroke) {
    ops.push(Op::SetOutlineColor { col: colour(stroke.ink) });
    ops.push(Op::SetOutlineThickness { pt: mm(stroke.width) });
    let dash = match stroke.dash {
        Some((on, off)) => LineDashPattern::new(0.0, &[mm(on).0, mm(off).0]),
        None => LineDashPattern::solid(),
    };
    ops.push(Op::SetLineDashPattern { dash });
}

fn shape_ops(ops: &mut Vec<Op>, shape: &Shape, fonts: &Fonts, to_pdf: &impl Fn(Point) -> printpdf::Point) {
    let line_points = |points: &[Point]| points.iter().map(|p| LinePoint { p: to_pdf(*p), bezier: false }).collect::<Vec<_>>();
    match shape {
        Shape::Rect { rect, fill, stroke } => {
            let corners = [
                Point::new(rect.x, rect.y),
                Point::new(rect.right(), rect.y),
                Point::new(rect.right(), rect.bottom()),
                Point::new(rect.x, rect.bottom()),
            ];
            polygon(ops, line_points(&corners), *fill, stroke.as_ref());
        }
        Shape::Path { points, closed: true, fill, stroke } => polygon(ops, line_points(points), *fill, stroke.as_ref()),
        Shape::Path { points, closed: false, stroke, .. } => {
            if let Some(stroke) = stroke {
                set_stroke(ops, stroke);
                ops.push(Op::DrawLine { line: Line { points: line_points(points), is_closed: false } });
            }
        }
        Shape::Text { start, size, face, ink, turn, text } => {
            let p = to_pdf(*start);
            // Clockwise on the page (y down) is clockwise in PDF space too, which counts angles anticlockwise.
            let theta = -(f32::from(turn.degrees())).to_radians();
            let (sin, cos) = if turn.degrees() % 90 == 0 { exact_sin_cos(turn.degrees()) } else { theta.sin_cos() };
            let font = match face {
                Face::Regular => fonts.regular.clone(),
                Face::Bold => fonts.bold.clone(),
            };
            ops.push(Op::StartTextSection);
            ops.push(Op::SetFillColor { col: colour(*ink) });
            ops.push(Op::SetFont { font: PdfFontHandle::External(font), size: Pt(*size) });
            ops.push(Op::SetTextMatrix { matrix: TextMatrix::Raw([cos, sin, -sin, cos, p.x.0, p.y.0]) });
            ops.push(Op::ShowText { items: vec![TextItem::Text(text.clone())] });
            ops.push(Op::EndTextSection);
        }
    }
}

/// sin and cos of minus a whole quarter turn, without rounding noise.
fn exact_sin_cos(clockwise_degrees: u16) -> (f32, f32) {
    match clockwise_degrees % 360 {
        0 => (0.0, 1.0),
        90 => (-1.0, 0.0),
        180 => (0.0, -1.0),
        _ => (1.0, 0.0),
    }
}

fn polygon(ops: &mut Vec<Op>, points: Vec<LinePoint>, fill: Option<Ink>, stroke: Option<&Stroke>) {
    let mode = match (fill, stroke) {
        (Some(_), Some(_)) => PaintMode::FillStroke,
        (Some(_), None) => PaintMode::Fill,
        (None, Some(_)) => PaintMode::Stroke,
        (None, None) => return,
    };
    if let Some(fill) = fill {
        ops.push(Op::SetFillColor { col: colour(fill) });
    }
    if let Some(stroke) = stroke {
        set_stroke(ops, stroke);
    }
    ops.push(Op::DrawPolygon { polygon: Polygon { rings: vec![PolygonRing { points }], mode, winding_order: WindingOrder::NonZero } });
}
