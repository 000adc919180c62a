//! What every kit's card art is drawn with: the scale of a card against the poker card the art
//! was designed on, the faint cut line on a piece, and a card's inner frame.

use crate::draw::{Drawing, Ink, Stroke};
use crate::geometry::Rect;
use crate::kit::Style;

/// The faint grey of the cut lines drawn on the art.
pub(crate) const FAINT: Ink = Ink::Grey(70);

/// Scale factor from the poker card (63 × 88 mm) the card art was designed on.
pub(crate) fn unit(style: &Style) -> f32 {
    (style.card.w / 63.0).min(style.card.h / 88.0)
}

/// The faint cut line of a piece (helps when cutting without crop marks).
pub(crate) fn cut_line(d: &mut Drawing, piece: Rect) {
    d.rect(piece, None, Some(Stroke::solid(FAINT, 0.15)));
}

/// The cut line and the inner frame of a card in `colour`; returns the inside of the frame.
pub(crate) fn card_frame(d: &mut Drawing, style: &Style, colour: Ink) -> Rect {
    let u = unit(style);
    let card = Rect::of_size(style.card);
    cut_line(d, card);
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(colour, 0.5 * u)));
    inner
}

/// What the kits' tests read off a drawn side.
#[cfg(test)]
pub(crate) mod testing {
    use crate::draw::{Drawing, Shape, Turn};
    use crate::geometry::Rect;
    use crate::text::{cap_height, descent, width};

    /// Every upright line of text on a side, with its size and the box it takes.
    pub(crate) fn texts(d: &Drawing) -> Vec<(String, f32, Rect)> {
        d.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, size, start, face, turn: Turn::None, .. } => Some((
                    text.clone(),
                    *size,
                    Rect::new(start.x, start.y - cap_height(*size), width(text, *size, *face), cap_height(*size) + descent(*size)),
                )),
                _ => None,
            })
            .collect()
    }

    /// Whether `needle` is on the side, on one line or broken over several.
    pub(crate) fn shows(d: &Drawing, needle: &str) -> bool {
        let joined: String = texts(d).into_iter().map(|(t, _, _)| t).collect::<Vec<_>>().join(" ");
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        squeeze(&joined).contains(&squeeze(needle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Shape;
    use crate::geometry::CardSize;

    #[test]
    fn a_card_frame_sits_three_units_inside_the_cut_line() {
        let style = Style { card: CardSize::Mini.size(), bleed: 0.0, ink_saver: false };
        let mut d = Drawing::new();
        let inner = card_frame(&mut d, &style, Ink::Black);
        let u = unit(&style);
        assert!(u < 1.0, "a mini card scales the art down: {u}");
        assert!((inner.x - 3.0 * u).abs() < 1e-4 && (inner.w - (style.card.w - 6.0 * u)).abs() < 1e-4, "{inner:?}");
        assert_eq!(d.shapes.len(), 2, "the cut line and the frame");
        assert!(matches!(&d.shapes[0], Shape::Rect { .. }), "{:?}", d.shapes[0]);
    }
}
