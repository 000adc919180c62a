//! The display list every kit draws into: rectangles, paths and text in millimetres.
//! The PDF writer and the SVG preview both render it, so the preview shows exactly what prints.

use crate::geometry::{Point, Rect, Size};
use crate::symbols;
use crate::text::{self, Face};

/// A colour of ink. Kits pick from these so the ink-saver mode and black-and-white prints
/// stay in their control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// Full black.
    Black,
    /// Paper white (no ink).
    White,
    /// A grey, 0 = black … 100 = white.
    Grey(u8),
    /// A colour, 0–255 per channel.
    Rgb(u8, u8, u8),
}

impl Ink {
    /// The colour as 0–1 red, green, blue.
    pub fn rgb(self) -> [f32; 3] {
        match self {
            Ink::Black => [0.0; 3],
            Ink::White => [1.0; 3],
            Ink::Grey(level) => [f32::from(level.min(100)) / 100.0; 3],
            Ink::Rgb(r, g, b) => [f32::from(r) / 255.0, f32::from(g) / 255.0, f32::from(b) / 255.0],
        }
    }

    /// The colour as a six-digit hex code, for SVG.
    pub fn hex(self) -> String {
        let [r, g, b] = self.rgb().map(|c| (c * 255.0).round() as u8);
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// How an outline is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub ink: Ink,
    /// Line width in millimetres.
    pub width: f32,
    /// Dash length and gap in millimetres, or solid.
    pub dash: Option<(f32, f32)>,
}

impl Stroke {
    /// A solid line.
    pub const fn solid(ink: Ink, width: f32) -> Self {
        Stroke { ink, width, dash: None }
    }

    /// A dashed line.
    pub const fn dashed(ink: Ink, width: f32, dash: f32, gap: f32) -> Self {
        Stroke { ink, width, dash: Some((dash, gap)) }
    }
}

/// A quarter-turn rotation, clockwise as seen on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Turn {
    /// Upright.
    #[default]
    None,
    /// A quarter turn clockwise.
    Quarter,
    /// Upside down.
    Half,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    ThreeQuarters,
}

impl Turn {
    /// The angle in degrees, clockwise.
    pub fn degrees(self) -> u16 {
        match self {
            Turn::None => 0,
            Turn::Quarter => 90,
            Turn::Half => 180,
            Turn::ThreeQuarters => 270,
        }
    }

    /// The turn that undoes this one.
    pub fn inverse(self) -> Turn {
        match self {
            Turn::Quarter => Turn::ThreeQuarters,
            Turn::ThreeQuarters => Turn::Quarter,
            other => other,
        }
    }

    /// This turn followed by `other`.
    pub fn then(self, other: Turn) -> Turn {
        match (self.degrees() + other.degrees()) % 360 {
            0 => Turn::None,
            90 => Turn::Quarter,
            180 => Turn::Half,
            _ => Turn::ThreeQuarters,
        }
    }
}

/// How a line of text sits on its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the start of the line.
    Left,
    /// The anchor is the middle of the line.
    Centre,
    /// The anchor is the end of the line.
    Right,
}

/// Which way the lines of a hatching run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hatch {
    /// Rising to the right: ////.
    Rising,
    /// Falling to the right: \\\\.
    Falling,
    /// Across: ====.
    Level,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle, filled and/or outlined.
    Rect {
        /// Where.
        rect: Rect,
        /// Fill colour, if filled.
        fill: Option<Ink>,
        /// Outline, if outlined.
        stroke: Option<Stroke>,
    },
    /// A polygon (closed) or polyline (open).
    Path {
        /// The corners in order.
        points: Vec<Point>,
        /// Whether the last point joins the first.
        closed: bool,
        /// Fill colour (closed paths only).
        fill: Option<Ink>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// One line of text in the bundled font. `start` is where the baseline begins; the text runs
    /// in the direction given by `turn` (rightwards when upright).
    Text {
        /// Start of the baseline.
        start: Point,
        /// Font size in points.
        size: f32,
        /// Regular or bold.
        face: Face,
        /// Colour.
        ink: Ink,
        /// Rotation about `start`.
        turn: Turn,
        /// The characters (all in the bundled font: other symbols become paths).
        text: String,
    },
}

/// A list of shapes in one coordinate space: a piece (origin at its top-left trim corner) or a page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// What is drawn, back to front.
    pub shapes: Vec<Shape>,
    /// Characters the kit asked for that neither the font nor the symbol set has; drawn as a
    /// visible box, and a test fails if any kit produces one.
    pub missing: Vec<char>,
}

impl Drawing {
    /// An empty drawing.
    pub fn new() -> Self {
        Drawing::default()
    }

    /// A filled and/or outlined rectangle.
    pub fn rect(&mut self, rect: Rect, fill: Option<Ink>, stroke: Option<Stroke>) {
        self.shapes.push(Shape::Rect { rect, fill, stroke });
    }

    /// A rectangle with rounded corners of radius `r`.
    pub fn rounded_rect(&mut self, rect: Rect, r: f32, fill: Option<Ink>, stroke: Option<Stroke>) {
        let r = r.min(rect.w / 2.0).min(rect.h / 2.0);
        let mut points = Vec::with_capacity(4 * 7);
        let corners = [
            (rect.right() - r, rect.y + r, 270.0),
            (rect.right() - r, rect.bottom() - r, 0.0),
            (rect.x + r, rect.bottom() - r, 90.0),
            (rect.x + r, rect.y + r, 180.0),
        ];
        for (cx, cy, from) in corners {
            for step in 0..=6 {
                let angle = (from + 15.0 * step as f32).to_radians();
                points.push(Point::new(cx + r * angle.cos(), cy + r * angle.sin()));
            }
        }
        self.path(points, true, fill, stroke);
    }

    /// A straight line.
    pub fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.path(vec![from, to], false, None, Some(stroke));
    }

    /// A polygon or polyline.
    pub fn path(&mut self, points: Vec<Point>, closed: bool, fill: Option<Ink>, stroke: Option<Stroke>) {
        self.shapes.push(Shape::Path { points, closed, fill, stroke });
    }

    /// A circle, drawn as a 32-sided polygon (indistinguishable in print at these sizes).
    pub fn circle(&mut self, centre: Point, radius: f32, fill: Option<Ink>, stroke: Option<Stroke>) {
        let points = (0..32)
            .map(|i| {
                let angle = (i as f32 * 360.0 / 32.0).to_radians();
                Point::new(centre.x + radius * angle.cos(), centre.y + radius * angle.sin())
            })
            .collect();
        self.path(points, true, fill, stroke);
    }

    /// Parallel lines `spacing` millimetres apart (measured across them) filling `area`, cut
    /// off at its edges: a pattern that tells areas apart without colour.
    pub fn hatch(&mut self, area: Rect, hatch: Hatch, spacing: f32, stroke: Stroke) {
        let (x0, y0, x1, y1) = (area.x, area.y, area.right(), area.bottom());
        // Each line is y = c - x (rising), y = x + c (falling) or y = c (level), c stepping
        // by the spacing measured along the edge, and starting half a step in.
        let (from, to, step) = match hatch {
            Hatch::Rising => (x0 + y0, x1 + y1, spacing * std::f32::consts::SQRT_2),
            Hatch::Falling => (y0 - x1, y1 - x0, spacing * std::f32::consts::SQRT_2),
            Hatch::Level => (y0, y1, spacing),
        };
        let mut c = from + step / 2.0;
        while c < to {
            let ends = match hatch {
                Hatch::Rising => {
                    let (a, b) = ((c - y1).max(x0), (c - y0).min(x1));
                    (a < b).then(|| (Point::new(a, c - a), Point::new(b, c - b)))
                }
                Hatch::Falling => {
                    let (a, b) = ((y0 - c).max(x0), (y1 - c).min(x1));
                    (a < b).then(|| (Point::new(a, a + c), Point::new(b, b + c)))
                }
                Hatch::Level => Some((Point::new(x0, c), Point::new(x1, c))),
            };
            if let Some((a, b)) = ends {
                self.line(a, b, stroke);
            }
            c += step;
        }
    }

    /// One line of text with its baseline at `baseline`, placed by `align` around `x`. Returns its width.
    #[allow(clippy::too_many_arguments)] // position, type and text read best side by side at call sites
    pub fn text(&mut self, x: f32, baseline: f32, size: f32, face: Face, ink: Ink, align: Align, text: &str) -> f32 {
        let width = text::width(text, size, face);
        let start = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        self.text_run(Point::new(start, baseline), size, face, ink, text);
        width
    }

    /// Text wrapped to the width of `area`, lines `leading` × size apart, capitals of the first
    /// line touching the top of `area`. Returns the height used.
    #[allow(clippy::too_many_arguments)]
    pub fn paragraph(&mut self, area: Rect, size: f32, leading: f32, face: Face, ink: Ink, align: Align, text: &str) -> f32 {
        let lines = text::wrap(text, size, face, area.w);
        let line_height = size * leading * crate::geometry::MM_PER_PT;
        let x = match align {
            Align::Left => area.x,
            Align::Centre => area.centre().x,
            Align::Right => area.right(),
        };
        let mut baseline = area.y + text::cap_height(size);
        for line in &lines {
            self.text(x, baseline, size, face, ink, align, line);
            baseline += line_height;
        }
        lines.len() as f32 * line_height
    }

    /// Lays out one upright line starting at `start`, turning characters the font lacks into
    /// vector symbols.
    fn text_run(&mut self, start: Point, size: f32, face: Face, ink: Ink, text: &str) {
        let mut pending = String::new();
        let mut pending_start = start.x;
        let mut x = start.x;
        for ch in text.chars() {
            if let Some(advance) = text::advance(ch, size, face) {
                if pending.is_empty() {
                    pending_start = x;
                }
                pending.push(ch);
                x += advance;
                continue;
            }
            self.flush_text(&mut pending, Point::new(pending_start, start.y), size, face, ink);
            let em = size * crate::geometry::MM_PER_PT;
            let cell = Rect::new(x, start.y - text::cap_height(size) - em * 0.1, em, em);
            if !symbols::draw(self, ch, cell, ink) {
                self.missing.push(ch);
                self.rect(cell.outset(-em * 0.1), None, Some(Stroke::solid(ink, 0.2)));
            }
            x += em;
        }
        self.flush_text(&mut pending, Point::new(pending_start, start.y), size, face, ink);
    }

    fn flush_text(&mut self, pending: &mut String, start: Point, size: f32, face: Face, ink: Ink) {
        if !pending.is_empty() {
            self.shapes.push(Shape::Text { start, size, face, ink, turn: Turn::None, text: std::mem::take(pending) });
        }
    }

    /// Copies `piece` (drawn with its origin at its top-left corner, `size` big) onto this
    /// drawing so that its box lands on `at`, turned by `turn` about its centre.
    pub fn place(&mut self, piece: &Drawing, size: Size, at: Rect, turn: Turn) {
        let map = Placement { size, at, turn };
        for shape in &piece.shapes {
            self.shapes.push(map.shape(shape));
        }
        self.missing.extend_from_slice(&piece.missing);
    }

    /// Copies `src`, drawn around its own origin, so that its origin lands on `at`, turned by `turn` about it.
    pub fn place_at(&mut self, src: &Drawing, at: Point, turn: Turn) {
        self.place(src, Size::new(0.0, 0.0), Rect::new(at.x, at.y, 0.0, 0.0), turn);
    }

    /// Every character of text in the drawing.
    pub fn chars(&self) -> impl Iterator<Item = char> + '_ {
        self.shapes
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text { text, .. } => Some(text.chars()),
                _ => None,
            })
            .flatten()
    }
}

/// Maps piece coordinates onto a page: turn about the piece's centre, then move.
struct Placement {
    size: Size,
    at: Rect,
    turn: Turn,
}

impl Placement {
    fn point(&self, p: Point) -> Point {
        let Size { w, h } = self.size;
        let (x, y) = match self.turn {
            Turn::None => (p.x, p.y),
            Turn::Quarter => (h - p.y, p.x),
            Turn::Half => (w - p.x, h - p.y),
            Turn::ThreeQuarters => (p.y, w - p.x),
        };
        Point::new(self.at.x + x, self.at.y + y)
    }

    fn rect(&self, r: Rect) -> Rect {
        let a = self.point(Point::new(r.x, r.y));
        let b = self.point(Point::new(r.right(), r.bottom()));
        Rect::new(a.x.min(b.x), a.y.min(b.y), (a.x - b.x).abs(), (a.y - b.y).abs())
    }

    fn shape(&self, shape: &Shape) -> Shape {
        match shape {
            Shape::Rect { rect, fill, stroke } => Shape::Rect { rect: self.rect(*rect), fill: *fill, stroke: *stroke },
            Shape::Path { points, closed, fill, stroke } => {
                Shape::Path { points: points.iter().map(|p| self.point(*p)).collect(), closed: *closed, fill: *fill, stroke: *stroke }
            }
            Shape::Text { start, size, face, ink, turn, text } => Shape::Text {
                start: self.point(*start),
                size: *size,
                face: *face,
                ink: *ink,
                turn: turn.then(self.turn),
                text: text.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_turn_maps_corners_to_opposite_corners() {
        let mut piece = Drawing::new();
        piece.rect(Rect::new(0.0, 0.0, 10.0, 5.0), Some(Ink::Black), None);
        piece.text(1.0, 4.0, 8.0, Face::Regular, Ink::Black, Align::Left, "A");
        let mut page = Drawing::new();
        page.place(&piece, Size::new(63.0, 88.0), Rect::new(100.0, 50.0, 63.0, 88.0), Turn::Half);
        assert_eq!(page.shapes[0], Shape::Rect { rect: Rect::new(153.0, 133.0, 10.0, 5.0), fill: Some(Ink::Black), stroke: None });
        match &page.shapes[1] {
            Shape::Text { start, turn, .. } => {
                assert_eq!(*start, Point::new(162.0, 134.0));
                assert_eq!(*turn, Turn::Half);
            }
            other => panic!("expected text, got {other:?}"),
        }
    }

    #[test]
    fn quarter_turn_keeps_the_piece_inside_its_turned_box() {
        let mut piece = Drawing::new();
        piece.rect(Rect::new(0.0, 0.0, 63.0, 88.0), None, Some(Stroke::solid(Ink::Black, 0.2)));
        let mut page = Drawing::new();
        let at = Rect::new(10.0, 10.0, 88.0, 63.0);
        page.place(&piece, Size::new(63.0, 88.0), at, Turn::Quarter);
        match &page.shapes[0] {
            Shape::Rect { rect, .. } => assert_eq!(*rect, at),
            other => panic!("expected a rectangle, got {other:?}"),
        }
    }

    #[test]
    fn symbols_outside_the_font_become_paths_and_unknown_ones_are_recorded() {
        let mut d = Drawing::new();
        d.text(0.0, 10.0, 9.0, Face::Regular, Ink::Black, Align::Left, "a🏠b");
        assert!(d.missing.is_empty());
        let texts: Vec<_> = d.chars().collect();
        assert_eq!(texts, vec!['a', 'b']);
        assert!(d.shapes.iter().any(|s| matches!(s, Shape::Path { .. })));
        d.text(0.0, 20.0, 9.0, Face::Regular, Ink::Black, Align::Left, "\u{1F47E}");
        assert_eq!(d.missing, vec!['\u{1F47E}']);
    }

    #[test]
    fn hatching_stays_inside_its_area() {
        let area = Rect::new(10.0, 20.0, 28.0, 16.0);
        for hatch in [Hatch::Rising, Hatch::Falling, Hatch::Level] {
            let mut d = Drawing::new();
            d.hatch(area, hatch, 3.0, Stroke::solid(Ink::Black, 0.2));
            assert!(d.shapes.len() >= 5, "{hatch:?}: {}", d.shapes.len());
            for shape in &d.shapes {
                let Shape::Path { points, .. } = shape else { panic!("lines only") };
                assert!(points.iter().all(|p| area.contains(&Rect::new(p.x, p.y, 0.0, 0.0), 1e-3)), "{hatch:?}: {points:?}");
            }
        }
    }

    #[test]
    fn turns_compose() {
        assert_eq!(Turn::Quarter.then(Turn::ThreeQuarters), Turn::None);
        assert_eq!(Turn::Half.then(Turn::Half), Turn::None);
        assert_eq!(Turn::Quarter.then(Turn::Quarter), Turn::Half);
        for turn in [Turn::None, Turn::Quarter, Turn::Half, Turn::ThreeQuarters] {
            assert_eq!(turn.then(turn.inverse()), Turn::None);
        }
    }
}
