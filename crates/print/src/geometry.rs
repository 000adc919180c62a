//! Points, sizes and rectangles in millimetres, with the page origin at the top-left corner
//! and y growing downwards (as on a screen; the PDF writer flips it).

/// Millimetres per PostScript point.
pub const MM_PER_PT: f32 = 25.4 / 72.0;
/// Millimetres per inch.
pub const MM_PER_INCH: f32 = 25.4;

/// A point on a page or a piece, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    /// Distance from the left edge.
    pub x: f32,
    /// Distance from the top edge.
    pub y: f32,
}

impl Point {
    /// The point at (x, y).
    pub const fn new(x: f32, y: f32) -> Self {
        Point { x, y }
    }
}

/// A width and height in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Size {
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Size {
    /// A size of w × h millimetres.
    pub const fn new(w: f32, h: f32) -> Self {
        Size { w, h }
    }

    /// The same size turned a quarter turn.
    pub const fn turned(self) -> Self {
        Size { w: self.h, h: self.w }
    }
}

/// An axis-aligned rectangle in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// The rectangle with its top-left corner at (x, y).
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Rect { x, y, w, h }
    }

    /// A rectangle of `size` at the origin.
    pub const fn of_size(size: Size) -> Self {
        Rect { x: 0.0, y: 0.0, w: size.w, h: size.h }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// The centre point.
    pub fn centre(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The size.
    pub fn size(&self) -> Size {
        Size::new(self.w, self.h)
    }

    /// This rectangle grown by `by` on every side (shrunk if negative).
    pub fn outset(&self, by: f32) -> Rect {
        Rect::new(self.x - by, self.y - by, self.w + 2.0 * by, self.h + 2.0 * by)
    }

    /// This rectangle moved by (dx, dy).
    pub fn moved(&self, dx: f32, dy: f32) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w, self.h)
    }

    /// Whether `other` lies inside this rectangle (edges may touch), within `tolerance`.
    pub fn contains(&self, other: &Rect, tolerance: f32) -> bool {
        other.x >= self.x - tolerance
            && other.y >= self.y - tolerance
            && other.right() <= self.right() + tolerance
            && other.bottom() <= self.bottom() + tolerance
    }

    /// Whether the two rectangles share any area (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f32 = 1e-3;
        self.x < other.right() - EPS && other.x < self.right() - EPS && self.y < other.bottom() - EPS && other.y < self.bottom() - EPS
    }
}

/// A paper size people print on at home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
}

impl Paper {
    /// Both papers, A4 first.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// The portrait size in millimetres.
    pub fn size(self) -> Size {
        match self {
            Paper::A4 => Size::new(210.0, 297.0),
            Paper::Letter => Size::new(215.9, 279.4),
        }
    }

    /// The name people see in the print dialog.
    pub fn label(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
        }
    }

    /// The short name used in links and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

/// Which way up the paper is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Taller than wide.
    Portrait,
    /// Wider than tall.
    Landscape,
}

impl Orientation {
    /// The paper's size in this orientation.
    pub fn apply(self, portrait: Size) -> Size {
        match self {
            Orientation::Portrait => portrait,
            Orientation::Landscape => portrait.turned(),
        }
    }
}

/// The card sizes a kit can be printed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardSize {
    /// Poker, 63 × 88 mm: the default.
    Poker,
    /// Bridge, 57 × 89 mm.
    Bridge,
    /// Mini, 44 × 63 mm.
    Mini,
}

impl CardSize {
    /// Every size, the default first.
    pub const ALL: [CardSize; 3] = [CardSize::Poker, CardSize::Bridge, CardSize::Mini];

    /// Width × height in millimetres, portrait.
    pub fn size(self) -> Size {
        match self {
            CardSize::Poker => Size::new(63.0, 88.0),
            CardSize::Bridge => Size::new(57.0, 89.0),
            CardSize::Mini => Size::new(44.0, 63.0),
        }
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            CardSize::Poker => "Poker 63 × 88 mm",
            CardSize::Bridge => "Bridge 57 × 89 mm",
            CardSize::Mini => "Mini 44 × 63 mm",
        }
    }

    /// The short name used in links and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            CardSize::Poker => "poker",
            CardSize::Bridge => "bridge",
            CardSize::Mini => "mini",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_edges_and_overlap() {
        let a = Rect::new(10.0, 20.0, 63.0, 88.0);
        assert_eq!(a.right(), 73.0);
        assert_eq!(a.bottom(), 108.0);
        let touching = Rect::new(73.0, 20.0, 63.0, 88.0);
        assert!(!a.overlaps(&touching));
        assert!(a.overlaps(&touching.moved(-0.5, 0.0)));
        assert!(a.outset(3.0).contains(&a, 0.0));
        assert!(!a.contains(&a.outset(3.0), 0.0));
    }

    #[test]
    fn papers_are_their_iso_and_us_sizes() {
        assert_eq!(Paper::A4.size(), Size::new(210.0, 297.0));
        let letter = Paper::Letter.size();
        assert!((letter.w - 8.5 * MM_PER_INCH).abs() < 1e-4 && (letter.h - 11.0 * MM_PER_INCH).abs() < 1e-4);
        assert_eq!(Orientation::Landscape.apply(Paper::A4.size()), Size::new(297.0, 210.0));
    }
}
