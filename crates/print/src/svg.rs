//! Renders a page as SVG for the live preview on `/print/<game>`: the same shapes the PDF gets.
//! Numbers are written in tenths of a millimetre with integer arithmetic.

use crate::document::Page;
use crate::draw::{Ink, Shape, Stroke};
use crate::geometry::{MM_PER_PT, Point};
use crate::text::Face;
use std::fmt::Write;

/// A length in millimetres as text with at most one decimal ("12.5", "-3", "0.2").
fn n(v: f32) -> String {
    let tenths = (v * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let t = tenths.unsigned_abs();
    if t.is_multiple_of(10) { format!("{sign}{}", t / 10) } else { format!("{sign}{}.{}", t / 10, t % 10) }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn paint(fill: Option<Ink>, stroke: Option<&Stroke>) -> String {
    let mut s = match fill {
        Some(ink) => format!(" fill=\"{}\"", ink.hex()),
        None => " fill=\"none\"".to_string(),
    };
    if let Some(stroke) = stroke {
        // Hairlines stay visible on screen: at least 0.1 mm.
        let _ = write!(s, " stroke=\"{}\" stroke-width=\"{}\"", stroke.ink.hex(), n(stroke.width.max(0.1)));
        if let Some((on, off)) = stroke.dash {
            let _ = write!(s, " stroke-dasharray=\"{} {}\"", n(on), n(off));
        }
    }
    s
}

/// The stroke of an open line with a stroke (which a run of them can share one path), if `shape` is one.
fn open_line(shape: &Shape) -> Option<&Stroke> {
    match shape {
        Shape::Path { closed: false, stroke: Some(stroke), .. } => Some(stroke),
        _ => None,
    }
}

fn points(list: &[Point]) -> String {
    list.iter().map(|p| format!("{},{}", n(p.x), n(p.y))).collect::<Vec<_>>().join(" ")
}

/// The page as a standalone SVG document whose user unit is the millimetre.
pub fn page(page: &Page) -> String {
    let (w, h) = (n(page.size.w), n(page.size.h));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}mm\" height=\"{h}mm\" font-family=\"DejaVu Sans, Verdana, sans-serif\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    shapes(&mut out, &page.drawing.shapes);
    out.push_str("</svg>");
    out
}

/// Writes `list` as SVG elements, in millimetres, onto `out`: a page's shapes or one card's.
pub fn shapes(out: &mut String, list: &[Shape]) {
    for element in elements(list) {
        out.push_str(&element);
    }
}

/// `list` as SVG elements, in millimetres, one string each, in drawing order.
pub fn elements(list: &[Shape]) -> Vec<String> {
    let mut all = Vec::new();
    let mut rest = list;
    while let Some((shape, after)) = rest.split_first() {
        rest = after;
        let mut out = String::new();
        // A run of open lines drawn with the same stroke (a hatching, a table's rules) becomes
        // one path: a card's hatched cells are otherwise most of its bytes.
        if let Some(stroke) = open_line(shape) {
            let run = 1 + rest.iter().take_while(|s| open_line(s) == Some(stroke)).count();
            if run > 1 {
                let mut d = String::new();
                for s in std::iter::once(shape).chain(&rest[..run - 1]) {
                    if let Shape::Path { points: list, .. } = s {
                        let _ = write!(d, "M{}", points(list).replacen(' ', "L", 1).replace(' ', "L"));
                    }
                }
                all.push(format!("<path d=\"{d}\"{}/>", paint(None, Some(stroke))));
                rest = &rest[run - 1..];
                continue;
            }
        }
        match shape {
            Shape::Rect { rect, fill, stroke } => {
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>",
                    n(rect.x),
                    n(rect.y),
                    n(rect.w),
                    n(rect.h),
                    paint(*fill, stroke.as_ref())
                );
            }
            Shape::Path { points: list, closed, fill, stroke } => {
                let tag = if *closed { "polygon" } else { "polyline" };
                let fill = if *closed { *fill } else { None };
                let _ = write!(out, "<{tag} points=\"{}\"{}/>", points(list), paint(fill, stroke.as_ref()));
            }
            Shape::Text { start, size, face, ink, turn, text } => {
                let weight = if *face == Face::Bold { " font-weight=\"bold\"" } else { "" };
                let rotate = if turn.degrees() == 0 {
                    String::new()
                } else {
                    format!(" transform=\"rotate({} {} {})\"", turn.degrees(), n(start.x), n(start.y))
                };
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{weight} fill=\"{}\"{rotate}{}>{}</text>",
                    n(start.x),
                    n(start.y),
                    n(size * MM_PER_PT),
                    ink.hex(),
                    // Runs of spaces, and spaces at either end, are kept only when asked.
                    if text.contains("  ") || text.starts_with(' ') || text.ends_with(' ') { " xml:space=\"preserve\"" } else { "" },
                    escape(text)
                );
            }
        }
        all.push(out);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::PageRole;
    use crate::draw::{Align, Drawing, Turn};
    use crate::geometry::{Rect, Size};

    #[test]
    fn numbers_have_one_decimal_at_most() {
        assert_eq!(n(12.54), "12.5");
        assert_eq!(n(-3.0), "-3");
        assert_eq!(n(0.26), "0.3");
        assert_eq!(n(-0.04), "0");
    }

    #[test]
    fn shapes_become_svg_elements() {
        let mut d = Drawing::new();
        d.rect(Rect::new(10.0, 20.0, 63.0, 88.0), Some(Ink::Black), None);
        d.line(Point::new(0.0, 5.0), Point::new(5.0, 5.0), Stroke::dashed(Ink::Grey(50), 0.3, 3.0, 2.0));
        d.text(5.0, 5.0, 10.0, Face::Bold, Ink::White, Align::Left, "A & B");
        let mut turned = Drawing::new();
        turned.place(&d, Size::new(0.0, 0.0), Rect::new(0.0, 0.0, 0.0, 0.0), Turn::Half);
        let svg = page(&Page { size: Size::new(210.0, 297.0), drawing: d, role: PageRole::Instructions });
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("viewBox=\"0 0 210 297\""));
        assert!(svg.contains("<rect x=\"10\" y=\"20\" width=\"63\" height=\"88\" fill=\"#000000\"/>"));
        assert!(svg.contains("stroke-dasharray=\"3 2\""));
        assert!(svg.contains("font-weight=\"bold\"") && svg.contains(">A &amp; B</text>"));
        let svg = page(&Page { size: Size::new(210.0, 297.0), drawing: turned, role: PageRole::Instructions });
        assert!(svg.contains("transform=\"rotate(180 -5 -5)\""), "{svg}");
    }
}
