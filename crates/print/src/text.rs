//! Measuring and wrapping text in the bundled font, from its advance widths (`metrics.rs`),
//! so the preview and the PDF break lines in the same places.

use crate::geometry::MM_PER_PT;
use crate::metrics::{ADVANCES, ASCENT, CAP_HEIGHT, DESCENT, UNITS_PER_EM};

/// The two faces of the bundled font.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Whether the bundled font can set `ch` (in both faces).
pub fn in_font(ch: char) -> bool {
    lookup(ch).is_some()
}

/// Whether a kit can print `ch`: the bundled font has it, or it is drawn as a vector symbol.
pub fn printable(ch: char) -> bool {
    in_font(ch) || crate::symbols::has(ch)
}

/// The characters of `text` a kit cannot print, each once, in the order they first appear: what
/// a page that takes typed text warns about before printing.
pub fn unprintable(text: &str) -> Vec<char> {
    let mut found = Vec::new();
    for ch in text.chars().filter(|c| !printable(*c)) {
        if !found.contains(&ch) {
            found.push(ch);
        }
    }
    found
}

fn lookup(ch: char) -> Option<(u16, u16)> {
    let code = u32::from(ch);
    ADVANCES.binary_search_by_key(&code, |&(c, _, _)| c).ok().map(|i| (ADVANCES[i].1, ADVANCES[i].2))
}

/// How far `ch` moves the pen at `size` points, in millimetres; `None` if the font lacks it.
pub fn advance(ch: char, size: f32, face: Face) -> Option<f32> {
    let (regular, bold) = lookup(ch)?;
    let units = match face {
        Face::Regular => regular,
        Face::Bold => bold,
    };
    Some(f32::from(units) / f32::from(UNITS_PER_EM) * size * MM_PER_PT)
}

/// The width of one line of text, in millimetres. Characters the font lacks count one em
/// (that is the room a vector symbol takes).
pub fn width(text: &str, size: f32, face: Face) -> f32 {
    text.chars().map(|ch| advance(ch, size, face).unwrap_or(size * MM_PER_PT)).sum()
}

/// Height of a capital letter above the baseline at `size` points, in millimetres.
pub fn cap_height(size: f32) -> f32 {
    f32::from(CAP_HEIGHT) / f32::from(UNITS_PER_EM) * size * MM_PER_PT
}

/// Height of the tallest glyph above the baseline at `size` points, in millimetres.
pub fn ascent(size: f32) -> f32 {
    f32::from(ASCENT) / f32::from(UNITS_PER_EM) * size * MM_PER_PT
}

/// Depth of the font below the baseline at `size` points, in millimetres (positive).
pub fn descent(size: f32) -> f32 {
    -f32::from(DESCENT) / f32::from(UNITS_PER_EM) * size * MM_PER_PT
}

/// Breaks `text` into lines no wider than `max_width` millimetres, at spaces and at `\n`.
/// A single word wider than the line gets a line of its own rather than being cut.
pub fn wrap(text: &str, size: f32, face: Face, max_width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if line.is_empty() || width(&candidate, size, face) <= max_width {
                line = candidate;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        lines.push(line);
    }
    lines
}

/// The height of `text` wrapped to `max_width` at `size` points, lines `leading` × size apart.
pub fn wrapped_height(text: &str, size: f32, face: Face, max_width: f32, leading: f32) -> f32 {
    wrap(text, size, face, max_width).len() as f32 * size * leading * MM_PER_PT
}

/// The largest size from `max` down to `min` points, in quarter points, at which `text`
/// wrapped to `width` takes no more than `height` millimetres; `None` if even `min` is too big.
pub fn fitting_size(text: &str, face: Face, width: f32, height: f32, leading: f32, max: f32, min: f32) -> Option<f32> {
    let steps = ((max - min) * 4.0).round().max(0.0) as u32;
    (0..=steps).map(|i| max - i as f32 / 4.0).find(|size| wrapped_height(text, *size, face, width, leading) <= height + 1e-3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font_table() {
        // DejaVu Sans: 'i' is narrower than 'W', bold is wider than regular.
        let i = advance('i', 10.0, Face::Regular).unwrap();
        let w = advance('W', 10.0, Face::Regular).unwrap();
        assert!(i < w);
        assert!(advance('W', 10.0, Face::Bold).unwrap() > w);
        // 'M' in DejaVu Sans is 1767 units of 2048: at 10 pt that is 8.63 pt.
        let m = advance('M', 10.0, Face::Regular).unwrap();
        assert!((m / MM_PER_PT - 8.63).abs() < 0.01, "{m}");
        assert!(advance('\u{1F3E0}', 10.0, Face::Regular).is_none());
    }

    #[test]
    fn every_symbol_the_games_print_is_in_the_font_or_drawn() {
        for ch in "♥♡♣♠↑←→⊗☕⬆▣◊◦°’éèüßøåñçÉ—–•×−★".chars() {
            assert!(in_font(ch), "{ch} should be in the bundled font");
        }
        assert!(!in_font('🏠') && crate::symbols::has('🏠'));
    }

    #[test]
    fn typed_text_says_which_characters_cannot_print() {
        assert!(printable('é') && printable('🏠') && !printable('春'));
        assert_eq!(unprintable("Chun-Li 春麗 春 🏠 ♥"), vec!['春', '麗']);
        assert!(unprintable("Hopping Taunt — Zoë").is_empty());
    }

    #[test]
    fn the_fitting_size_is_the_largest_that_fits() {
        let text = "Hit for 3. You are EXHAUSTED on the next breath of this measure.";
        let size = fitting_size(text, Face::Regular, 40.0, 8.0, 1.2, 10.0, 5.0).unwrap();
        assert!(wrapped_height(text, size, Face::Regular, 40.0, 1.2) <= 8.0);
        assert!(size == 10.0 || wrapped_height(text, size + 0.25, Face::Regular, 40.0, 1.2) > 8.0);
        assert_eq!(fitting_size(text, Face::Regular, 40.0, 1.0, 1.2, 10.0, 5.0), None);
    }

    #[test]
    fn wrapping_keeps_lines_inside_the_width() {
        let text = "Hit for 3. You are EXHAUSTED on the next breath of this measure.";
        let lines = wrap(text, 8.0, Face::Regular, 40.0);
        assert!(lines.len() >= 2, "{lines:?}");
        for line in &lines {
            assert!(width(line, 8.0, Face::Regular) <= 40.0, "{line}");
        }
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("a\nb", 8.0, Face::Regular, 100.0), vec!["a", "b"]);
    }
}
