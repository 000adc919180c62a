//! Turns a kit and the print settings into pages: a first page that says how to print, then
//! sheets of fronts with their backs (on the next page, or beside them for folding), with crop
//! marks and true-size checks. Also the one-sheet alignment test for two-sided printing.

use crate::draw::{Align, Drawing, Ink, Stroke, Turn};
use crate::geometry::{MM_PER_INCH, MM_PER_PT, Orientation, Point, Rect, Size};
use crate::kit::{Kit, PieceSize};
use crate::layout::{BLEED, BackMapping, MIN_MARGIN, SheetLayout, band_middle};
use crate::settings::{Backs, Settings, format_tenths};
use crate::text::Face;
use std::fmt;

/// Width of crop marks and fold lines: 0.75 pt, thicker than the 0.5 pt that still survives a print shop.
pub const MARK_WIDTH: f32 = 0.75 * MM_PER_PT;

/// What a page is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageRole {
    /// The first page: how to print, what is in the kit.
    Instructions,
    /// Fronts of sheet n (from 1).
    Fronts(usize),
    /// Backs of sheet n, printed on the other side.
    Backs(usize),
    /// Fronts and backs of sheet n side by side, to fold.
    Folded(usize),
    /// The alignment test's front.
    AlignmentFront,
    /// The alignment test's back.
    AlignmentBack,
}

/// One page, ready to render.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Paper size in this orientation.
    pub size: Size,
    /// What is on it, in page millimetres.
    pub drawing: Drawing,
    /// What it is for.
    pub role: PageRole,
}

/// Where one piece went: for listings and for checking the output against the geometry.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// Component id.
    pub component: &'static str,
    /// Piece name.
    pub name: String,
    /// Index into `Document::pages` of its front.
    pub front_page: usize,
    /// Its front's cut box.
    pub front: Rect,
    /// Index of the page its back is on, its cut box there (offset included) and its turn.
    pub back: Option<(usize, Rect, Turn)>,
}

/// A whole printable document.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Title for the PDF's metadata.
    pub title: String,
    /// The pages in order.
    pub pages: Vec<Page>,
    /// Every piece printed.
    pub placements: Vec<Placement>,
}

/// Why a kit cannot be laid out with these settings.
#[derive(Clone, Debug, PartialEq)]
pub enum BuildError {
    /// Every component is set to 0 copies.
    NothingToPrint,
    /// A piece is too big for the paper with these settings.
    PieceTooBig {
        /// The component.
        component: &'static str,
        /// Its piece size.
        piece: Size,
    },
    /// The alignment test needs two-sided printing.
    AlignmentNeedsDuplex,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::NothingToPrint => write!(f, "every component is set to 0 copies: there is nothing to print"),
            BuildError::PieceTooBig { component, piece } => write!(
                f,
                "the {component} pieces ({} × {} mm) do not fit this paper with these settings: try landscape, no bleed or a smaller gutter",
                piece.w.round(),
                piece.h.round()
            ),
            BuildError::AlignmentNeedsDuplex => {
                write!(f, "the alignment test is for two-sided printing: choose a long-edge or short-edge flip")
            }
        }
    }
}

/// The pieces to print, in order, with the size they print at.
struct Queued<'k> {
    component: &'static str,
    size: Size,
    /// Whether it may lie on its side to fit more on a sheet (boards and tokens, not cards).
    may_turn: bool,
    piece: &'k crate::kit::Piece,
}

/// One sheet: its layout, the turn of every piece on it, and what goes on it.
struct Sheet<'q, 'k> {
    layout: SheetLayout,
    /// The size of its pieces before any turn.
    size: Size,
    /// Whether its pieces have backs.
    backed: bool,
    /// Whether its pieces have their own size (boards, tokens) rather than the card size.
    fixed: bool,
    turn: Turn,
    items: Vec<&'q Queued<'k>>,
}

impl Sheet<'_, '_> {
    /// Whether `item` can go on this sheet: the same size, backs alike and room left.
    fn takes(&self, item: &Queued) -> bool {
        self.size == item.size && self.backed == item.piece.back.is_some() && self.items.len() < self.layout.grid.capacity()
    }
}

/// Lays out a new sheet for pieces like `item`. Pieces without backs get the whole page even
/// when the others fold, and need no back page.
fn sheet_for<'q, 'k>(item: &'q Queued<'k>, page: Size, settings: &Settings) -> Result<Sheet<'q, 'k>, BuildError> {
    let backed = item.piece.back.is_some();
    let backs = if backed { settings.backs } else { Backs::None };
    let gutter = f32::from(settings.gutter_mm);
    let laid_out = if item.may_turn {
        SheetLayout::turnable(page, item.size, settings.bleed, gutter, backs)
    } else {
        SheetLayout::new(page, item.size, settings.bleed, gutter, backs).map(|layout| (layout, Turn::None))
    };
    let (layout, turn) = laid_out.ok_or(BuildError::PieceTooBig { component: item.component, piece: item.size })?;
    Ok(Sheet { layout, size: item.size, backed, fixed: item.may_turn, turn, items: vec![item] })
}

/// Lays out `kit` with `settings`.
pub fn build(kit: &Kit, settings: &Settings) -> Result<Document, BuildError> {
    let page_size = settings.orientation.apply(settings.paper.size());
    let card = settings.card.size();
    let mut queue: Vec<Queued> = Vec::new();
    // Components of the ways to play nobody chose print nothing, whatever their copies say.
    for component in kit.chosen(settings) {
        let (size, may_turn) = match component.size {
            PieceSize::Card => (card, false),
            PieceSize::Fixed(size) => (size, true),
        };
        for _ in 0..settings.copies_of(component.id, component.default_copies) {
            queue.extend(component.pieces.iter().map(|piece| Queued { component: component.id, size, may_turn, piece }));
        }
    }
    if queue.is_empty() {
        return Err(BuildError::NothingToPrint);
    }

    let offset = (f32::from(settings.offset_tenths.0) / 10.0, f32::from(settings.offset_tenths.1) / 10.0);
    let mut pages = vec![];
    let mut placements = Vec::new();
    let mut sheets: Vec<Sheet> = Vec::new();
    // Pieces of one size share sheets; a new size, or pieces with backs after pieces without
    // (or the other way round), start a new sheet.
    for item in &queue {
        match sheets.last_mut() {
            Some(sheet) if sheet.takes(item) => sheet.items.push(item),
            _ => sheets.push(sheet_for(item, page_size, settings)?),
        }
    }

    // A part-filled sheet of boards or tokens keeps only the rows it fills. (Card sheets keep
    // their whole grid: the 50 mm square goes in an empty slot.)
    for sheet in sheets.iter_mut().filter(|sheet| sheet.fixed) {
        sheet.layout = sheet.layout.trimmed(sheet.items.len());
    }

    let sheet_count = sheets.len();
    for (index, sheet) in sheets.iter().enumerate() {
        let (layout, items) = (&sheet.layout, &sheet.items);
        let number = index + 1;
        let mut front = Drawing::new();
        let folded = settings.backs == Backs::Fold && sheet.backed;
        let front_role = if folded { PageRole::Folded(number) } else { PageRole::Fronts(number) };
        let front_page = pages.len() + 1; // after the instructions page, which goes first
        let back_page = front_page + 1;
        // Two-sided printing keeps a back page even for a sheet without backs, so that every
        // later sheet still lands on its own paper.
        let mut back = settings.backs.is_duplex().then(Drawing::new);
        for (slot, item) in items.iter().enumerate() {
            let at = layout.grid.slot(slot);
            front.place(&item.piece.front, item.size, at, sheet.turn);
            let mut back_at = None;
            if let (Some(art), Some((rect, turn))) = (&item.piece.back, layout.back_of_turned(at, sheet.turn)) {
                match &mut back {
                    Some(back_drawing) => {
                        let rect = rect.moved(offset.0, offset.1);
                        back_drawing.place(art, item.size, rect, turn);
                        back_at = Some((back_page, rect, turn));
                    }
                    None => {
                        front.place(art, item.size, rect, turn);
                        back_at = Some((front_page, rect, turn));
                    }
                }
            }
            placements.push(Placement { component: item.component, name: item.piece.name.clone(), front_page, front: at, back: back_at });
        }
        sheet_furniture(&mut front, layout, settings, items.len(), &format!("{} · sheet {number} of {sheet_count}", kit.title), front_role);
        pages.push(Page { size: page_size, drawing: front, role: front_role });
        if let Some(mut back) = back {
            let what = if sheet.backed { "backs" } else { "back left blank" };
            let caption = format!("{} · sheet {number} of {sheet_count} · {what}", kit.title);
            let (_, facing, side) = layout.free_bands();
            caption_in_band(&mut back, facing, side, &caption);
            if !sheet.backed {
                let centre = Point::new(page_size.w / 2.0, page_size.h / 2.0);
                let note = "This side is left blank: it keeps the sheets after it on their own paper.";
                back.text(centre.x, centre.y, 9.0, Face::Regular, Ink::Grey(45), Align::Centre, note);
            }
            pages.push(Page { size: page_size, drawing: back, role: PageRole::Backs(number) });
        }
    }

    let blank_backs = settings.backs.is_duplex() && sheets.iter().any(|sheet| !sheet.backed);
    let first = instructions(kit, settings, page_size, &placements, &pages, blank_backs);
    pages.insert(0, first);
    Ok(Document { title: format!("{} print-and-play kit", kit.title), pages, placements })
}

/// Crop marks, fold line, true-size bars and caption on a sheet of fronts.
fn sheet_furniture(d: &mut Drawing, layout: &SheetLayout, settings: &Settings, filled: usize, title: &str, role: PageRole) {
    let grid = layout.grid;
    let (band, facing, side) = layout.free_bands();
    // A 50 mm square wherever a sheet has room for it: an empty slot, or a wide margin.
    let empty_slot = (filled < grid.capacity()).then(|| grid.slot(filled)).filter(|s| s.w >= 52.0 && s.h >= 58.0);
    let square = match empty_slot {
        Some(slot) => Some((Point::new(slot.centre().x - 25.0, slot.y + 2.0), false)),
        None if (if side { band.w } else { band.h }) >= 62.0 => {
            let at = if side {
                Point::new(band.centre().x - 25.0, MIN_MARGIN + 3.0)
            } else {
                Point::new(MIN_MARGIN + 3.0, band.centre().y - 25.0)
            };
            Some((at, true))
        }
        None => None,
    };
    // The two true-size bars: beside a square in the margin; else each centred on a column (or
    // row) of pieces where they fit between the crop marks, else side by side in the middle of the band.
    let bars = [size_bar(50.0, 5, "50 mm"), size_bar(2.0 * MM_PER_INCH, 4, "2 in")];
    let (count, slot_len) = if side { (grid.rows, grid.piece.h) } else { (grid.cols, grid.piece.w) };
    let middle = match square {
        Some((at, true)) => (if side { at.x } else { at.y }) + 25.0,
        _ => band_middle(band, side),
    };
    let centres: Vec<f32> = if let Some((at, true)) = square {
        let start = if side { at.y } else { at.x };
        vec![start + 85.0, start + 143.4]
    } else if count >= 2 && slot_len >= 54.0 {
        let first = grid.slot(0).centre();
        let last = grid.slot(if side { (grid.rows - 1) * grid.cols } else { grid.cols - 1 }).centre();
        if side { vec![last.y, first.y] } else { vec![first.x, last.x] }
    } else {
        let mid = if side { band.centre().y } else { band.centre().x };
        if side { vec![mid + 30.0, mid - 30.0] } else { vec![mid - 30.0, mid + 30.0] }
    };
    let mut keep_clear = Vec::new();
    for ((bar, length), centre) in bars.iter().zip(centres) {
        // A bar's art spans about 3 mm above and 4.5 mm below its baseline.
        let (at, turn, area) = if side {
            let at = Point::new(middle - 0.75, centre + length / 2.0);
            (at, Turn::ThreeQuarters, Rect::new(at.x - 3.0, at.y - length, 7.5, *length))
        } else {
            let at = Point::new(centre - length / 2.0, middle - 0.75);
            (at, Turn::None, Rect::new(at.x, at.y - 3.0, *length, 7.5))
        };
        d.place_at(bar, at, turn);
        keep_clear.push(area.outset(1.5));
    }
    if let Some((at, true)) = square {
        keep_clear.push(Rect::new(at.x, at.y, 50.0, 50.0).outset(1.5));
    }
    let what = match role {
        PageRole::Folded(_) => "fold on the dashed line, glue, then cut",
        _ => "fronts",
    };
    keep_clear.push(caption_in_band(d, facing, side, &format!("{title} · {what}")).outset(1.5));
    if settings.crop_marks {
        for (a, b) in layout.crop_marks() {
            for (a, b) in keep_clear
                .iter()
                .fold(vec![(a, b)], |segments, area| segments.into_iter().flat_map(|(a, b)| split_around(a, b, area)).collect())
            {
                d.line(a, b, Stroke::solid(Ink::Black, MARK_WIDTH));
            }
        }
    }
    if let BackMapping::Fold { vertical, at } = layout.backs {
        let (a, b) = if vertical {
            (Point::new(at, 0.0), Point::new(at, layout.page.h))
        } else {
            (Point::new(0.0, at), Point::new(layout.page.w, at))
        };
        for (a, b) in keep_clear
            .iter()
            .fold(vec![(a, b)], |segments, area| segments.into_iter().flat_map(|(a, b)| split_around(a, b, area)).collect())
        {
            d.line(a, b, Stroke::dashed(Ink::Black, MARK_WIDTH, 3.0, 2.0));
        }
    }
    if let Some((at, _)) = square {
        true_size_square(d, at);
    }
}

/// The parts of the straight line a–b (horizontal or vertical) outside `area`.
fn split_around(a: Point, b: Point, area: &Rect) -> Vec<(Point, Point)> {
    let vertical = (a.x - b.x).abs() < 1e-3;
    let crosses = if vertical { a.x > area.x && a.x < area.right() } else { a.y > area.y && a.y < area.bottom() };
    if !crosses {
        return vec![(a, b)];
    }
    let (lo, hi, from, to) =
        if vertical { (area.y, area.bottom(), a.y.min(b.y), a.y.max(b.y)) } else { (area.x, area.right(), a.x.min(b.x), a.x.max(b.x)) };
    let at = |v: f32| if vertical { Point::new(a.x, v) } else { Point::new(v, a.y) };
    let mut parts = Vec::new();
    if from < lo {
        parts.push((at(from), at(lo.min(to))));
    }
    if to > hi {
        parts.push((at(hi.max(from)), at(to)));
    }
    parts
}

/// A caption centred in the printable part of a margin band (reading upwards in a side band).
/// Returns the box it takes.
fn caption_in_band(d: &mut Drawing, band: Rect, side: bool, caption: &str) -> Rect {
    let size = 6.5;
    let middle = band_middle(band, side);
    let (cap, width) = (crate::text::cap_height(size), crate::text::width(caption, size, Face::Regular));
    let depth = cap + crate::text::descent(size);
    if side {
        let mut text = Drawing::new();
        text.text(0.0, 0.0, size, Face::Regular, Ink::Black, Align::Centre, caption);
        d.place_at(&text, Point::new(middle + cap / 2.0, band.centre().y), Turn::ThreeQuarters);
        Rect::new(middle - cap / 2.0, band.centre().y - width / 2.0, depth, width)
    } else {
        d.text(band.centre().x, middle + cap / 2.0, size, Face::Regular, Ink::Black, Align::Centre, caption);
        Rect::new(band.centre().x - width / 2.0, middle - cap / 2.0, width, depth)
    }
}

/// A true-size bar `length` mm long with `steps` divisions, labelled below, drawn along x from
/// the origin (the bar just above y = 0); and its length.
fn size_bar(length: f32, steps: usize, name: &str) -> (Drawing, f32) {
    let mut bar = Drawing::new();
    let tick = Stroke::solid(Ink::Black, 0.25);
    bar.rect(Rect::new(0.0, -1.6, length, 1.6), Some(Ink::Black), None);
    for i in 0..=steps {
        let x = length * i as f32 / steps as f32;
        bar.line(Point::new(x, -3.0), Point::new(x, 0.0), tick);
    }
    bar.text(length / 2.0, 3.2, 6.0, Face::Bold, Ink::Black, Align::Centre, &format!("{name} · print at 100% / actual size"));
    (bar, length)
}

/// A 50 mm square with its label, top-left at `at`.
fn true_size_square(d: &mut Drawing, at: Point) {
    let square = Rect::new(at.x, at.y, 50.0, 50.0);
    d.rect(square, None, Some(Stroke::solid(Ink::Black, 0.3)));
    let c = square.centre();
    d.text(c.x, c.y - 1.0, 8.0, Face::Bold, Ink::Black, Align::Centre, "50 mm × 50 mm");
    d.text(c.x, c.y + 4.0, 6.5, Face::Regular, Ink::Black, Align::Centre, "If this is smaller, print at");
    d.text(c.x, c.y + 7.5, 6.5, Face::Regular, Ink::Black, Align::Centre, "100% / actual size, not “fit”.");
}

/// The first page: how to print these settings, and what the kit holds on which pages.
fn instructions(kit: &Kit, settings: &Settings, size: Size, placements: &[Placement], pages: &[Page], blank_backs: bool) -> Page {
    let mut d = Drawing::new();
    let left = 18.0;
    let width = size.w - 2.0 * left;
    let mut y = 22.0;
    d.text(left, y, 20.0, Face::Bold, Ink::Black, Align::Left, &format!("{}: print-and-play kit", kit.title));
    y += 10.0;
    let orientation = match settings.orientation {
        Orientation::Portrait => "portrait",
        Orientation::Landscape => "landscape",
    };
    let sides = match settings.backs {
        Backs::LongEdge => {
            "Print two-sided, flip on LONG edge (sometimes called long-edge binding). Each back page then lands behind its fronts."
        }
        Backs::ShortEdge => {
            "Print two-sided, flip on SHORT edge (sometimes called short-edge binding). Each back page then lands behind its fronts."
        }
        Backs::Fold => {
            "Print one-sided. On each sheet, cut around the block of cards, fold it on the dashed line so the printing faces out, glue the halves together, then cut the cards apart."
        }
        Backs::None => "Print one-sided: this kit has fronts only.",
    };
    let mut steps = vec![
        format!(
            "Paper: {} {orientation}. Scale: 100% / actual size. Turn off “fit to page” and “shrink oversized pages”.",
            settings.paper.label()
        ),
        sides.to_string(),
        "Check the size: the square below must measure 50 mm on each side and the bar 2 inches. If not, the printer scaled the pages."
            .to_string(),
    ];
    if settings.backs.is_duplex() {
        let (dx, dy) = settings.offset_tenths;
        steps.push(if (dx, dy) == (0, 0) {
            "If backs land a little off their fronts, print the alignment test sheet from the same page and enter the offset it shows."
                .to_string()
        } else {
            format!(
                "Back pages are shifted {} mm across and {} mm down (as seen on the back) to make up for your printer's drift.",
                format_tenths(dx),
                format_tenths(dy)
            )
        });
    }
    if blank_backs {
        steps.push(
            "Boards print on one side: their back pages are blank on purpose, so print every page and each later sheet stays on its own paper."
                .to_string(),
        );
    }
    if settings.crop_marks {
        steps.push("Cut along the lines between the crop marks at the paper's edge.".to_string());
    }
    d.text(left, y, 11.0, Face::Bold, Ink::Black, Align::Left, "How to print");
    y += 6.0;
    for (i, step) in steps.iter().enumerate() {
        d.text(left, y, 9.0, Face::Bold, Ink::Black, Align::Left, &format!("{}.", i + 1));
        y += d.paragraph(
            Rect::new(left + 6.0, y - crate::text::cap_height(9.0), width - 6.0, 40.0),
            9.0,
            1.3,
            Face::Regular,
            Ink::Black,
            Align::Left,
            step,
        );
        y += 1.5;
    }
    y += 3.0;
    let details = format!(
        "Cards: {}{}{}{}.",
        settings.card.label(),
        if settings.bleed { format!(", {BLEED:.0} mm bleed") } else { String::new() },
        if settings.gutter_mm > 0 { format!(", {} mm gaps", settings.gutter_mm) } else { String::new() },
        if settings.ink_saver { ", ink saver (outlines only)" } else { "" }
    );
    d.text(left, y, 9.0, Face::Regular, Ink::Black, Align::Left, &details);
    y += 9.0;
    // Which of the game's other ways to play this kit has pieces for (nothing when none: the
    // basic kit's page stays as it was).
    let chosen: Vec<&str> = kit.modes.iter().filter(|m| settings.has_mode(m.id)).map(|m| m.name).collect();
    if !chosen.is_empty() {
        let modes = format!("With the pieces for: {}.", chosen.join(", "));
        // Its first line 5 mm under the card details, the heading below moving down to make room.
        let baseline = y - 4.0;
        let area = Rect::new(left, baseline - crate::text::cap_height(9.0), width, 20.0);
        y += d.paragraph(area, 9.0, 1.3, Face::Regular, Ink::Black, Align::Left, &modes) + 0.5;
    }

    d.text(left, y, 11.0, Face::Bold, Ink::Black, Align::Left, "What is in this kit");
    y += 6.0;
    let entries: Vec<Listed> = kit
        .components
        .iter()
        .filter_map(|component| {
            let printed: Vec<&Placement> = placements.iter().filter(|p| p.component == component.id).collect();
            let first = printed.iter().map(|p| p.front_page).min()? + 1;
            let last = printed.iter().map(|p| p.back.map_or(p.front_page, |b| b.0.max(p.front_page))).max()? + 1;
            let pages = if first == last { format!("page {first}") } else { format!("pages {first}–{last}") };
            Some(Listed { title: format!("{} × {}", printed.len(), component.name), pages, about: &component.about })
        })
        .collect();
    // Below the list: a line, then the 50 mm square and the bars, then the footer.
    let room = size.h - y - 2.0 - 8.0 - 50.0 - 14.0;
    let area = Rect::new(left, y, width, room);
    let (listing, height) = [(1, true), (2, true), (2, false), (3, false)]
        .into_iter()
        .map(|(columns, about)| listing(&entries, area, columns, about))
        .find(|(_, height)| *height <= room)
        .unwrap_or_else(|| listing(&entries, area, 3, false));
    d.shapes.extend(listing.shapes);
    d.missing.extend(listing.missing);
    y += height;
    let total_pages = pages.len() + 1;
    y += 2.0;
    d.text(left, y, 8.0, Face::Regular, Ink::Grey(25), Align::Left, &format!("{total_pages} pages in all, this one included."));
    y += 8.0;
    true_size_square(&mut d, Point::new(left, y));
    let (metric, _) = size_bar(50.0, 5, "50 mm");
    let (imperial, _) = size_bar(2.0 * MM_PER_INCH, 4, "2 in");
    d.place_at(&metric, Point::new(left + 60.0, y + 25.0), Turn::None);
    d.place_at(&imperial, Point::new(left + 118.0, y + 25.0), Turn::None);
    d.text(size.w / 2.0, size.h - 10.0, 7.0, Face::Regular, Ink::Grey(35), Align::Centre, "Made at Pocket Dojo · cards set in DejaVu Sans");
    Page { size, drawing: d, role: PageRole::Instructions }
}

/// One component in the first page's list: what and how many, on which pages, and what for.
struct Listed<'k> {
    title: String,
    pages: String,
    about: &'k str,
}

/// The list of what a kit holds in `columns` columns across `area`, each entry with its
/// description or (to save room) without; and the height it takes.
fn listing(entries: &[Listed], area: Rect, columns: usize, about: bool) -> (Drawing, f32) {
    let mut d = Drawing::new();
    let gap = 8.0;
    let column_w = (area.w - gap * (columns - 1) as f32) / columns as f32;
    let per_column = entries.len().div_ceil(columns);
    let mut height: f32 = 0.0;
    for (c, chunk) in entries.chunks(per_column.max(1)).enumerate() {
        let x = area.x + c as f32 * (column_w + gap);
        let mut y = area.y;
        for entry in chunk {
            // A long name in a narrow column gets smaller rather than run into its pages.
            let pages_w = d.text(x + column_w, y, 9.0, Face::Regular, Ink::Black, Align::Right, &entry.pages);
            let room = column_w - pages_w - 2.0;
            let title_w = crate::text::width(&entry.title, 9.0, Face::Bold);
            let title_size = if title_w > room { (9.0 * room / title_w).max(6.0) } else { 9.0 };
            d.text(x, y, title_size, Face::Bold, Ink::Black, Align::Left, &entry.title);
            y += 4.2;
            if about {
                // Clear of the page numbers in a wide column; most of a narrow one.
                let text_area = Rect::new(x + 4.0, y - crate::text::cap_height(8.0), (column_w - 30.0).max(column_w * 0.8), 30.0);
                y += d.paragraph(text_area, 8.0, 1.3, Face::Regular, Ink::Grey(25), Align::Left, entry.about);
                y += 2.0;
            } else {
                y += 0.6;
            }
        }
        height = height.max(y - area.y);
    }
    (d, height)
}

/// The alignment test: a front with crosses and a back with scales behind them. Held up to the
/// light, each cross shows the offset to enter.
pub fn alignment_sheet(settings: &Settings) -> Result<Document, BuildError> {
    if !settings.backs.is_duplex() {
        return Err(BuildError::AlignmentNeedsDuplex);
    }
    let size = settings.orientation.apply(settings.paper.size());
    let layout = SheetLayout::new(size, Size::new(10.0, 10.0), false, 0.0, settings.backs).expect("a 10 mm piece fits any paper");
    let offset = (f32::from(settings.offset_tenths.0) / 10.0, f32::from(settings.offset_tenths.1) / 10.0);
    let targets = [
        Point::new(size.w / 2.0, size.h / 2.0),
        Point::new(35.0, 45.0),
        Point::new(size.w - 35.0, 45.0),
        Point::new(35.0, size.h - 35.0),
        Point::new(size.w - 35.0, size.h - 35.0),
    ];
    let mut front = Drawing::new();
    let mut back = Drawing::new();
    let thin = Stroke::solid(Ink::Black, 0.2);
    for target in targets {
        front.circle(target, 3.0, None, Some(thin));
        // Arms long enough to cross the scales printed 12 mm away on the back.
        front.line(Point::new(target.x - 16.0, target.y), Point::new(target.x + 16.0, target.y), Stroke::solid(Ink::Black, 0.35));
        front.line(Point::new(target.x, target.y - 16.0), Point::new(target.x, target.y + 16.0), Stroke::solid(Ink::Black, 0.35));
        // Where this cross is behind the sheet, in back-page coordinates.
        let (behind, _) = layout.back_of(Rect::new(target.x, target.y, 0.0, 0.0)).expect("duplex has backs");
        let c = Point::new(behind.x + offset.0, behind.y + offset.1);
        // A tick at c + t reads t: where the cross shows through is the offset to enter.
        for half_mm in -10..=10i32 {
            let t = half_mm as f32 / 2.0;
            let long = if half_mm % 2 == 0 { 3.0 } else { 1.8 };
            back.line(Point::new(c.x + t, c.y - 12.0), Point::new(c.x + t, c.y - 12.0 + long), thin);
            back.line(Point::new(c.x - 12.0, c.y + t), Point::new(c.x - 12.0 + long, c.y + t), thin);
            if half_mm % 4 == 0 {
                let n = format_tenths((half_mm * 5) as i16);
                back.text(c.x + t, c.y - 13.0, 5.0, Face::Regular, Ink::Black, Align::Centre, &n);
                back.text(c.x - 13.0, c.y + t + 0.8, 5.0, Face::Regular, Ink::Black, Align::Right, &n);
            }
        }
        back.text(c.x + 7.0, c.y - 17.0, 5.0, Face::Bold, Ink::Black, Align::Centre, "across (x) →");
        back.text(c.x - 13.0, c.y + 8.0, 5.0, Face::Bold, Ink::Black, Align::Right, "down (y) ↓");
        back.line(Point::new(c.x - 5.0, c.y - 12.0), Point::new(c.x + 5.0, c.y - 12.0), thin);
        back.line(Point::new(c.x - 12.0, c.y - 5.0), Point::new(c.x - 12.0, c.y + 5.0), thin);
    }
    let flip = if settings.backs == Backs::LongEdge { "long" } else { "short" };
    let mut y = 80.0;
    let text = [
        "Alignment test".to_string(),
        format!(
            "Print this sheet two-sided on {} {}, flip on {flip} edge, at 100%.",
            settings.paper.label(),
            orientation_name(settings.orientation)
        ),
        "Hold it up to a window with the scales facing you. Where the arms of each cross meet the".to_string(),
        "across and down scales, read the numbers: they are the offset (mm) to enter on the print page.".to_string(),
        "If the five crosses read differently, use the middle one.".to_string(),
    ];
    for (i, line) in text.iter().enumerate() {
        let (size_pt, face) = if i == 0 { (14.0, Face::Bold) } else { (8.5, Face::Regular) };
        front.text(size.w / 2.0, y, size_pt, face, Ink::Black, Align::Centre, line);
        y += if i == 0 { 8.0 } else { 4.5 };
    }
    // Below the text and the middle cross, clear of all five targets.
    true_size_square(&mut front, Point::new(size.w / 2.0 - 25.0, (y + 4.0).max(size.h / 2.0 + 22.0)));
    back.text(size.w / 2.0, size.h / 2.0 + 30.0, 8.0, Face::Regular, Ink::Black, Align::Centre, "Alignment test · back");
    let pages =
        vec![Page { size, drawing: front, role: PageRole::AlignmentFront }, Page { size, drawing: back, role: PageRole::AlignmentBack }];
    Ok(Document { title: "Pocket Dojo alignment test".into(), pages, placements: Vec::new() })
}

fn orientation_name(orientation: Orientation) -> &'static str {
    match orientation {
        Orientation::Portrait => "portrait",
        Orientation::Landscape => "landscape",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Orientation, Paper};

    fn taunt(settings: &Settings) -> Document {
        crate::document_for("taunt", settings).expect("TAUNT's kit lays out")
    }

    /// Every box printed on page `page`: fronts, and backs printed on it, with their bleed.
    fn boxes_on(document: &Document, page: usize, bleed: f32) -> Vec<(String, Rect)> {
        let mut boxes = Vec::new();
        for p in &document.placements {
            if p.front_page == page {
                boxes.push((p.name.clone(), p.front.outset(bleed)));
            }
            if let Some((back_page, rect, _)) = p.back
                && back_page == page
            {
                boxes.push((format!("{} (back)", p.name), rect.outset(bleed)));
            }
        }
        boxes
    }

    #[test]
    fn boards_and_tokens_never_overlap_on_a4_and_letter_either_way_up() {
        for paper in Paper::ALL {
            for orientation in [Orientation::Portrait, Orientation::Landscape] {
                for backs in Backs::ALL {
                    for (bleed, gutter_mm) in [(false, 0), (true, 0), (true, 10)] {
                        let settings = Settings { paper, orientation, backs, bleed, gutter_mm, ..Settings::default() };
                        let document = taunt(&settings);
                        let b = if bleed { BLEED } else { 0.0 };
                        let size = orientation.apply(paper.size());
                        let printable = Rect::of_size(size).outset(-MIN_MARGIN + 1e-3);
                        for page in 1..document.pages.len() {
                            let boxes = boxes_on(&document, page, b);
                            for (i, (name, rect)) in boxes.iter().enumerate() {
                                assert!(printable.contains(rect, 1e-3), "{settings:?}: {name} leaves the printable area");
                                for (other, r) in &boxes[..i] {
                                    assert!(!rect.overlaps(r), "{:?}: {name} overlaps {other} on page {page}", settings.to_query());
                                }
                            }
                        }
                        // Two boards to a page whichever way up, each whole (lying down if need be).
                        let boards: Vec<&Placement> =
                            document.placements.iter().filter(|p| p.component == "tracks" || p.component == "dojo").collect();
                        assert_eq!(boards.len(), 4);
                        for page in boards.iter().map(|p| p.front_page) {
                            assert_eq!(boards.iter().filter(|p| p.front_page == page).count(), 2, "{}", settings.to_query());
                        }
                        for board in &boards {
                            let (w, h) = (board.front.w.max(board.front.h), board.front.w.min(board.front.h));
                            assert!((w - 180.0).abs() < 1e-3 && (h - 120.0).abs() < 1e-3, "{board:?}");
                        }
                        // Every token on one sheet (unless wide gaps leave too little room).
                        let tokens: Vec<&Placement> = document.placements.iter().filter(|p| p.front.w < 20.0).collect();
                        assert_eq!(tokens.len(), 47);
                        let elsewhere = tokens.iter().filter(|p| p.front_page != tokens[0].front_page).count();
                        assert!(gutter_mm > 0 || elsewhere == 0, "{}", settings.to_query());
                    }
                }
            }
        }
    }

    #[test]
    fn sheets_without_backs_keep_two_sided_printing_in_step() {
        let document = taunt(&Settings::default());
        // Fronts and backs alternate all the way through.
        // Page 0 is the how-to page; from page 1 on, fronts and backs alternate.
        for (i, page) in (1usize..).zip(&document.pages[1..]) {
            let expected = if i % 2 == 1 { PageRole::Fronts(i.div_ceil(2)) } else { PageRole::Backs(i / 2) };
            assert_eq!(page.role, expected);
        }
        let boards = document.placements.iter().filter(|p| p.component == "tracks").collect::<Vec<_>>();
        assert!(boards.iter().all(|p| p.back.is_none()));
        let blank = &document.pages[boards[0].front_page + 1];
        assert!(blank.drawing.chars().collect::<String>().contains("left blank"));
        // Folding: boards take the whole page, with no fold line through them.
        let (folded, _) = Settings::from_query("backs=fold");
        let document = taunt(&folded);
        let board = document.placements.iter().find(|p| p.component == "tracks").unwrap();
        assert!(matches!(document.pages[board.front_page].role, PageRole::Fronts(_)));
        assert_eq!(document.placements.iter().filter(|p| p.front_page == board.front_page).count(), 2);
    }
}
