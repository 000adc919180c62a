//! A column of text down a card, for reference cards: centred headings and wrapped lines (with
//! an optional bold lead), each placed below the last.

use crate::draw::{Align, Drawing, Ink};
use crate::geometry::Rect;
use crate::text::{Face, cap_height};

/// Where the next line goes on a card being written top to bottom.
pub(crate) struct Column {
    /// The card's drawing.
    pub d: Drawing,
    /// The card's area inside its frame.
    pub inner: Rect,
    /// One card unit (text sizes and gaps are given in units so they scale with the card).
    pub u: f32,
    /// The baseline of the next line.
    pub y: f32,
    /// Space kept free left and right, in units.
    margin: f32,
    /// Heading size, in units.
    heading: f32,
    ink: Ink,
}

impl Column {
    /// A column on drawing `d` inside `inner`, starting `top` units down, with `margin` units
    /// free on each side and headings of `heading` units, all in `ink`.
    pub fn new(d: Drawing, inner: Rect, u: f32, top: f32, margin: f32, heading: f32, ink: Ink) -> Column {
        Column { d, inner, u, y: inner.y + top * u, margin, heading, ink }
    }

    /// The left edge of the text.
    pub fn left(&self) -> f32 {
        self.inner.x + self.margin * self.u
    }

    /// The width of the text.
    pub fn width(&self) -> f32 {
        self.inner.w - 2.0 * self.margin * self.u
    }

    /// A centred bold heading, then `gap` units of space.
    pub fn heading(&mut self, text: &str, gap: f32) {
        self.d.text(self.inner.centre().x, self.y, self.heading * self.u, Face::Bold, self.ink, Align::Centre, text);
        self.y += gap * self.u;
    }

    /// Wrapped text at `size` units after a bold `lead` (none when empty), then `gap` units.
    pub fn line(&mut self, lead: &str, text: &str, size: f32, gap: f32) {
        let (u, ink) = (self.u, self.ink);
        let (left, width) = (self.left(), self.width());
        let indent = if lead.is_empty() { 0.0 } else { self.d.text(left, self.y, size * u, Face::Bold, ink, Align::Left, lead) + 1.0 * u };
        let area = Rect::new(left + indent, self.y - cap_height(size * u), width - indent, 30.0 * u);
        self.y += self.d.paragraph(area, size * u, 1.2, Face::Regular, ink, Align::Left, text) + gap * u;
    }
}
