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

fn points(list: &[Point]) -> String {
    list.iter().map(|p| format!("{},{}", n(p.x), n(p.y))).collect::<Vec<_>>().join(" ")
}

/// The page as a standalone SVG document whose user unit is the millimetre.
pub fn page(page: &Page) -> String {
    let (w, h) = (n(page.size.w), n(page.size.h));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}mm\" height=\"{h}mm\" font-family=\"DejaVu Sans, Verdana, sans-serif\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    for shape in &page.drawing.shapes {
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
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{weight} fill=\"{}\"{rotate} xml:space=\"preserve\">{}</text>",
                    n(start.x),
                    n(start.y),
                    n(size * MM_PER_PT),
                    ink.hex(),
                    escape(text)
                );
            }
        }
    }
    out.push_str("</svg>");
    out
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
