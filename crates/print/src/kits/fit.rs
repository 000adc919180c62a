//! Text people typed, in a box: wrapped at spaces, a word too long for a line broken between
//! its letters, at the largest size that fits. Typed names and texts may hold any characters
//! (DRAGON PUNCH allows 80, Rumble's powers 300), so nothing may assume a name is short or has
//! spaces. The text is drawn as it is: nothing in it is read as markup.

use crate::draw::{Align, Drawing, Ink};
use crate::geometry::{MM_PER_PT, Rect};
use crate::text::{Face, cap_height, descent, width};

/// The smallest size tried, in points. Only text no real card has (80 capital Ws) gets near it;
/// anything smaller would not print legibly anyway.
pub(crate) const FLOOR: f32 = 2.5;

/// How far apart lines are, as a multiple of the size.
const LEADING: f32 = 1.15;

/// `text` broken into lines no wider than `max_width`: at spaces and `\n`, and inside a word
/// that is wider than a whole line.
pub(crate) fn lines(text: &str, size: f32, face: Face, max_width: f32) -> Vec<String> {
    let mut out = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if width(word, size, face) > max_width {
                // A word of its own lines: start it afresh, keep its last piece open.
                if !line.is_empty() {
                    out.push(std::mem::take(&mut line));
                }
                let mut pieces = broken(word, size, face, max_width);
                line = pieces.pop().unwrap_or_default();
                out.extend(pieces);
                continue;
            }
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if line.is_empty() || width(&candidate, size, face) <= max_width {
                line = candidate;
            } else {
                out.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        out.push(line);
    }
    // A trailing empty line (text ending in a line break) takes room and shows nothing.
    while out.len() > 1 && out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// `word` cut into pieces no wider than `max_width` (at least one letter each).
fn broken(word: &str, size: f32, face: Face, max_width: f32) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for ch in word.chars() {
        let last = pieces.last_mut().expect("never empty");
        let mut longer = last.clone();
        longer.push(ch);
        if !last.is_empty() && width(&longer, size, face) > max_width {
            pieces.push(ch.to_string());
        } else {
            *last = longer;
        }
    }
    pieces
}

/// The height of `count` lines at `size`: from the first line's capitals to the last one's descenders.
fn block_height(count: usize, size: f32) -> f32 {
    cap_height(size) + count.saturating_sub(1) as f32 * size * LEADING * MM_PER_PT + descent(size)
}

/// Paragraphs (each in its face) one under another, laid out at the largest size from `max`
/// down (quarter points) at which together they fit in `area`.
pub(crate) struct Fitted {
    /// The size chosen, in points.
    pub size: f32,
    /// Each line with its face.
    pub lines: Vec<(Face, String)>,
}

impl Fitted {
    /// Lays out `paragraphs` (empty ones are left out) in `area`.
    pub fn new(paragraphs: &[(Face, &str)], area: Rect, max: f32) -> Fitted {
        let layout = |size: f32| -> Vec<(Face, String)> {
            paragraphs
                .iter()
                .filter(|(_, text)| !text.trim().is_empty())
                .flat_map(|(face, text)| lines(text, size, *face, area.w).into_iter().map(move |line| (*face, line)))
                .collect()
        };
        let mut size = max;
        loop {
            let mut lines = layout(size);
            if block_height(lines.len(), size) <= area.h + 1e-3 {
                return Fitted { size, lines };
            }
            if size - 0.25 < FLOOR {
                // Too much even at the floor (no real card gets here): keep the lines that
                // fit and end the last with an ellipsis, rather than spill over the card.
                while lines.len() > 1 && block_height(lines.len(), size) > area.h + 1e-3 {
                    lines.pop();
                }
                if let Some((face, last)) = lines.last_mut() {
                    while !last.is_empty() && width(&format!("{last}…"), size, *face) > area.w {
                        last.pop();
                    }
                    last.push('…');
                }
                return Fitted { size, lines };
            }
            size -= 0.25;
        }
    }

    /// Draws the lines in `area` (the one they were fitted to), aligned by `align` across and
    /// centred top to bottom when `centred`, else from the top.
    pub fn draw(&self, d: &mut Drawing, area: Rect, ink: Ink, align: Align, centred: bool) {
        let used = block_height(self.lines.len(), self.size);
        let top = if centred { area.y + (area.h - used).max(0.0) / 2.0 } else { area.y };
        let x = match align {
            Align::Left => area.x,
            Align::Centre => area.centre().x,
            Align::Right => area.right(),
        };
        for (i, (face, line)) in self.lines.iter().enumerate() {
            let baseline = top + cap_height(self.size) + i as f32 * self.size * LEADING * MM_PER_PT;
            d.text(x, baseline, self.size, *face, ink, align, line);
        }
    }
}

/// Fits `text` in `area` from `max` points down and draws it; returns the size used.
#[allow(clippy::too_many_arguments)] // position, type and text read best side by side at call sites
pub(crate) fn fit(d: &mut Drawing, area: Rect, max: f32, face: Face, ink: Ink, align: Align, centred: bool, text: &str) -> f32 {
    let fitted = Fitted::new(&[(face, text)], area, max);
    fitted.draw(d, area, ink, align, centred);
    fitted.size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_break_between_letters_and_every_line_fits() {
        let word = "Shoryuken".repeat(8);
        let text = format!("A {word} b");
        let lines = lines(&text, 8.0, Face::Bold, 30.0);
        assert!(lines.len() >= 4, "{lines:?}");
        assert!(lines.iter().all(|l| width(l, 8.0, Face::Bold) <= 30.0), "{lines:?}");
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""), "no letter is lost");
        assert_eq!(super::lines("one\n", 8.0, Face::Regular, 30.0), vec!["one"]);
    }

    #[test]
    fn the_size_is_the_largest_that_fits_and_never_below_the_floor() {
        let area = Rect::new(0.0, 0.0, 40.0, 8.0);
        let text = "Gain the Initiative when you Block an attack or hit with it.";
        let fitted = Fitted::new(&[(Face::Regular, text)], area, 12.0);
        assert!(block_height(fitted.lines.len(), fitted.size) <= 8.0 + 1e-3);
        assert!(fitted.size < 12.0 && fitted.size > 5.0, "{}", fitted.size);
        let worst = Fitted::new(&[(Face::Bold, &"W".repeat(80))], Rect::new(0.0, 0.0, 40.0, 4.0), 12.0);
        assert!(worst.size >= FLOOR && block_height(worst.lines.len(), worst.size) <= 4.0, "{}", worst.size);
        // Past the floor, what fits is kept and the cut is shown.
        let cut = Fitted::new(&[(Face::Bold, &"W".repeat(80))], Rect::new(0.0, 0.0, 10.0, 1.5), 12.0);
        assert_eq!(cut.lines.len(), 1);
        assert!(cut.lines[0].1.ends_with('…') && width(&cut.lines[0].1, cut.size, Face::Bold) <= 10.0);
    }
}
