//! Reference text as a list of items (headings, entries with a bold lead running into their
//! text, plain paragraphs, small grids), written down an area at the largest size at which all
//! of it fits. The reference cards and the mat's columns are written this way, so a card that
//! gains a line shrinks a little instead of spilling over its frame (the kit's tests hold every
//! card to 6 pt on a poker card).

use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{MM_PER_PT, Rect};
use crate::text::{Face, cap_height, descent, width};

/// How far apart lines are, as a multiple of the size.
const LEADING: f32 = 1.2;
/// A heading's size, as a multiple of the text's.
const HEADING: f32 = 1.32;

/// One thing written down an area.
#[derive(Clone, Debug)]
pub(super) enum Item {
    /// A centred bold heading in the heading colour.
    Heading(String),
    /// A bold lead ("Push:") with its text running on after it and wrapping under it.
    Entry(String, String),
    /// A plain paragraph.
    Text(String),
    /// A row of equal boxes, each with a bold line over a plain one ("J" over "11").
    Grid(Vec<(String, String)>),
}

/// A heading.
pub(super) fn heading(text: &str) -> Item {
    Item::Heading(text.into())
}

/// An entry with a bold lead.
pub(super) fn entry(lead: &str, text: impl Into<String>) -> Item {
    Item::Entry(lead.into(), text.into())
}

/// A plain paragraph.
pub(super) fn para(text: impl Into<String>) -> Item {
    Item::Text(text.into())
}

/// The colours items are written in.
#[derive(Clone, Copy, Debug)]
pub(super) struct Inks {
    /// Text.
    pub text: Ink,
    /// Headings.
    pub heading: Ink,
}

/// `text` after a lead `lead_w` wide: the first line has the room left beside the lead, the
/// others the whole `full` width. The first line may be empty when not even one word fits.
/// Lines break at plain spaces only: a no-break space keeps "♠ 4" together.
fn run_in(text: &str, size: f32, lead_w: f32, full: f32) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut room = full - lead_w;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let line = lines.last_mut().expect("never empty");
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        // A word wider than a whole line keeps a line of its own.
        if width(&candidate, size, Face::Regular) <= room || (line.is_empty() && room >= full) {
            *line = candidate;
        } else {
            lines.push(word.to_string());
            room = full;
        }
    }
    lines
}

/// Writes `items` down `area` at `size` points, from its top; returns the height used, from the
/// first line's capitals to the last line's descenders (or the last box's foot).
pub(super) fn lay(d: &mut Drawing, area: Rect, items: &[Item], size: f32, inks: Inks) -> f32 {
    let line = size * LEADING * MM_PER_PT;
    let mut y = area.y;
    let mut bottom = area.y;
    for (i, item) in items.iter().enumerate() {
        let last = i + 1 == items.len();
        match item {
            Item::Heading(text) => {
                let big = size * HEADING;
                let baseline = y + cap_height(big);
                d.text(area.centre().x, baseline, big, Face::Bold, inks.heading, Align::Centre, text);
                bottom = baseline + descent(big);
                y = bottom + 0.45 * line;
            }
            Item::Entry(lead, text) => {
                let lead_w = if lead.is_empty() { 0.0 } else { width(&format!("{lead} "), size, Face::Bold) };
                let lines = run_in(text, size, lead_w, area.w);
                let mut baseline = y + cap_height(size);
                if !lead.is_empty() {
                    d.text(area.x, baseline, size, Face::Bold, inks.text, Align::Left, lead);
                }
                for (n, words) in lines.iter().enumerate() {
                    if n > 0 {
                        baseline += line;
                    }
                    let x = if n == 0 { area.x + lead_w } else { area.x };
                    if !words.is_empty() {
                        d.text(x, baseline, size, Face::Regular, inks.text, Align::Left, words);
                    }
                }
                bottom = baseline + descent(size);
                y = baseline + line - cap_height(size) + if last { 0.0 } else { 0.3 * line };
            }
            Item::Text(text) => {
                let used = d.paragraph(Rect::new(area.x, y, area.w, 0.0), size, LEADING, Face::Regular, inks.text, Align::Left, text);
                bottom = y + used - line + cap_height(size) + descent(size);
                y += used + 0.3 * line;
            }
            Item::Grid(cells) => {
                let pad = 0.3 * line;
                let h = pad + cap_height(size) + line + descent(size) + pad;
                let w = area.w / cells.len().max(1) as f32;
                for (n, (top, under)) in cells.iter().enumerate() {
                    let cell = Rect::new(area.x + n as f32 * w, y, w, h);
                    d.rect(cell, None, Some(Stroke::solid(inks.text, 0.04 * size)));
                    let x = cell.centre().x;
                    let baseline = y + pad + cap_height(size);
                    d.text(x, baseline, size, Face::Bold, inks.text, Align::Centre, top);
                    d.text(x, baseline + line, size, Face::Regular, inks.text, Align::Centre, under);
                }
                bottom = y + h;
                y = bottom + 0.45 * line;
            }
        }
    }
    bottom - area.y
}

/// Writes `items` down `area` at the largest size from `max` down to `min` points (in tenths)
/// at which they fit its height (at `min` when none does: the kit's tests then report the
/// overflow). Returns the size used.
pub(super) fn write(d: &mut Drawing, area: Rect, items: &[Item], max: f32, min: f32, inks: Inks) -> f32 {
    let steps = ((max - min) * 10.0).round().max(0.0) as u32;
    let size = (0..=steps)
        .map(|i| max - i as f32 / 10.0)
        .find(|size| lay(&mut Drawing::new(), area, items, *size, inks) <= area.h + 1e-3)
        .unwrap_or(min);
    lay(d, area, items, size, inks);
    size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Shape;

    #[test]
    fn an_entry_runs_on_after_its_lead_and_wraps_at_the_full_width() {
        let lines = run_in("one two three four five six seven eight nine ten", 8.0, 20.0, 30.0);
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(width(&lines[0], 8.0, Face::Regular) <= 10.0);
        assert!(lines[1..].iter().all(|l| width(l, 8.0, Face::Regular) <= 30.0));
        assert_eq!(lines.join(" "), "one two three four five six seven eight nine ten");
        // A lead too wide for any word beside it: the text starts on the next line.
        assert_eq!(run_in("longish", 8.0, 29.0, 30.0), ["", "longish"]);
    }

    #[test]
    fn items_are_written_at_the_largest_size_that_fits() {
        let items = [heading("Title"), entry("Lead:", "some words ".repeat(12)), Item::Grid(vec![("A".into(), "11".into())])];
        let inks = Inks { text: Ink::Black, heading: Ink::Black };
        let area = Rect::new(0.0, 0.0, 40.0, 30.0);
        let mut d = Drawing::new();
        let size = write(&mut d, area, &items, 12.0, 4.0, inks);
        assert!((4.0..12.0).contains(&size), "{size}");
        assert!(lay(&mut Drawing::new(), area, &items, size, inks) <= 30.0 + 1e-3);
        assert!(lay(&mut Drawing::new(), area, &items, size + 0.1, inks) > 30.0);
        let texts = d.shapes.iter().filter(|s| matches!(s, Shape::Text { .. })).count();
        assert!(texts >= 5, "{texts}");
    }
}
