//! Where pieces go on a sheet: the grid, where each back lands for each way of printing backs,
//! and the cut lines. Pure geometry in millimetres, so it is tested without drawing anything.

use crate::draw::Turn;
use crate::geometry::{Point, Rect, Size};
use crate::settings::Backs;

/// No piece comes closer to the paper's edge than this: most home printers cannot print there.
pub const MIN_MARGIN: f32 = 5.0;
/// How far art runs past the cut line when bleed is on.
pub const BLEED: f32 = 3.0;
/// Space kept clear between a fold line and the pieces beside it (plus any bleed).
pub const FOLD_GAP: f32 = 2.0;

/// A grid of equal pieces, centred in an area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// Size of one piece at its cut line.
    pub piece: Size,
    /// Art past the cut line on each side.
    pub bleed: f32,
    /// Gap between neighbouring pieces' bleed edges.
    pub gutter: f32,
    /// Pieces across.
    pub cols: usize,
    /// Pieces down.
    pub rows: usize,
    /// Top-left corner of the first piece's cut box.
    pub origin: Point,
}

impl Grid {
    /// As many pieces as fit in `area` (keeping bleed and gutters), centred in it; `None` if not even one fits.
    pub fn fit(area: Rect, piece: Size, bleed: f32, gutter: f32) -> Option<Grid> {
        let count = |room: f32, len: f32| {
            let slot = len + 2.0 * bleed;
            if room + 1e-3 < slot { 0 } else { 1 + ((room - slot + 1e-3) / (slot + gutter)).floor() as usize }
        };
        let cols = count(area.w, piece.w);
        let rows = count(area.h, piece.h);
        if cols == 0 || rows == 0 {
            return None;
        }
        let span_w = cols as f32 * (piece.w + 2.0 * bleed) + (cols - 1) as f32 * gutter;
        let span_h = rows as f32 * (piece.h + 2.0 * bleed) + (rows - 1) as f32 * gutter;
        let origin = Point::new(area.x + (area.w - span_w) / 2.0 + bleed, area.y + (area.h - span_h) / 2.0 + bleed);
        Some(Grid { piece, bleed, gutter, cols, rows, origin })
    }

    /// The same grid cut down to the rows (or, in a single row, the columns) that `count`
    /// pieces fill, keeping the first slot's corner where it was.
    fn cut_to(&self, count: usize) -> Grid {
        let count = count.clamp(1, self.capacity());
        let rows = count.div_ceil(self.cols);
        let cols = if rows == 1 { count } else { self.cols };
        Grid { rows, cols, ..*self }
    }

    /// How many pieces the grid holds.
    pub fn capacity(&self) -> usize {
        self.cols * self.rows
    }

    /// The cut box of piece `index`, counted along rows from the top-left.
    pub fn slot(&self, index: usize) -> Rect {
        let (col, row) = (index % self.cols, index / self.cols);
        let pitch_x = self.piece.w + 2.0 * self.bleed + self.gutter;
        let pitch_y = self.piece.h + 2.0 * self.bleed + self.gutter;
        Rect::new(self.origin.x + col as f32 * pitch_x, self.origin.y + row as f32 * pitch_y, self.piece.w, self.piece.h)
    }

    /// The box around every piece including bleed.
    pub fn extent(&self) -> Rect {
        let last = self.slot(self.capacity() - 1);
        let first = self.slot(0);
        Rect::new(first.x, first.y, last.right() - first.x, last.bottom() - first.y).outset(self.bleed)
    }

    /// Every distinct vertical cut line (x) and horizontal cut line (y).
    pub fn cut_lines(&self) -> (Vec<f32>, Vec<f32>) {
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for col in 0..self.cols {
            let r = self.slot(col);
            push_distinct(&mut xs, r.x);
            push_distinct(&mut xs, r.right());
        }
        for row in 0..self.rows {
            let r = self.slot(row * self.cols);
            push_distinct(&mut ys, r.y);
            push_distinct(&mut ys, r.bottom());
        }
        (xs, ys)
    }
}

fn push_distinct(list: &mut Vec<f32>, value: f32) {
    if !list.iter().any(|v| (v - value).abs() < 0.01) {
        list.push(value);
    }
}

/// How the back of a sheet relates to its front.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BackMapping {
    /// No backs.
    None,
    /// Backs on the next page, printed on the other side of the sheet. `mirror_x`: the sheet
    /// turns over a vertical axis (its left and right swap); otherwise over a horizontal axis.
    Duplex {
        /// Whether the sheet turns over a vertical axis.
        mirror_x: bool,
    },
    /// Backs on the same page, mirrored across a fold line. `vertical`: the fold runs top to bottom at x = `at`.
    Fold {
        /// Whether the fold line is vertical.
        vertical: bool,
        /// Where the fold line is (x if vertical, y if not).
        at: f32,
    },
}

/// A page of pieces: where fronts go, and where the back of each front goes.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetLayout {
    /// The page.
    pub page: Size,
    /// The grid of fronts.
    pub grid: Grid,
    /// How backs relate to fronts.
    pub backs: BackMapping,
}

impl SheetLayout {
    /// Lays out pieces of `piece` size on a `page`, with backs printed as `backs` says.
    /// `None` if not even one piece fits.
    pub fn new(page: Size, piece: Size, bleed: bool, gutter: f32, backs: Backs) -> Option<SheetLayout> {
        let bleed = if bleed { BLEED } else { 0.0 };
        let full = Rect::new(0.0, 0.0, page.w, page.h).outset(-MIN_MARGIN);
        let (area, mapping) = match backs {
            Backs::None => (full, BackMapping::None),
            Backs::LongEdge | Backs::ShortEdge => {
                // A portrait sheet turns over its long edge around a vertical axis; a landscape
                // sheet's long edge is horizontal. Short-edge flips are the other way round.
                let portrait = page.h >= page.w;
                (full, BackMapping::Duplex { mirror_x: (backs == Backs::LongEdge) == portrait })
            }
            Backs::Fold => {
                // Fold across the longer side, so each half is as square as the page allows;
                // the fronts take the top (or left) half.
                let vertical = page.w > page.h;
                let keep = FOLD_GAP;
                if vertical {
                    let at = page.w / 2.0;
                    (Rect::new(full.x, full.y, at - keep - full.x, full.h), BackMapping::Fold { vertical, at })
                } else {
                    let at = page.h / 2.0;
                    (Rect::new(full.x, full.y, full.w, at - keep - full.y), BackMapping::Fold { vertical, at })
                }
            }
        };
        let mut grid = Grid::fit(area, piece, bleed, gutter)?;
        // Folded fronts hug the fold line so the glued pair is as compact as possible.
        if let BackMapping::Fold { vertical, at } = mapping {
            let extent = grid.extent();
            if vertical {
                grid.origin.x += at - FOLD_GAP - extent.right();
            } else {
                grid.origin.y += at - FOLD_GAP - extent.bottom();
            }
        }
        Some(SheetLayout { page, grid, backs: mapping })
    }

    /// Lays out pieces of `piece` size as [`SheetLayout::new`] does, lying them on their side
    /// (a quarter turn clockwise) when that fits more of them on the page. Returns the layout,
    /// whose grid slots have the size the pieces take on the page, and the turn each front gets.
    pub fn turnable(page: Size, piece: Size, bleed: bool, gutter: f32, backs: Backs) -> Option<(SheetLayout, Turn)> {
        let upright = SheetLayout::new(page, piece, bleed, gutter, backs);
        let turned = SheetLayout::new(page, piece.turned(), bleed, gutter, backs);
        let capacity = |layout: &Option<SheetLayout>| layout.as_ref().map_or(0, |l| l.grid.capacity());
        if capacity(&turned) > capacity(&upright) {
            turned.map(|layout| (layout, Turn::Quarter))
        } else {
            upright.map(|layout| (layout, Turn::None))
        }
    }

    /// The same sheet holding just `count` pieces: the grid cut down to the rows they fill and
    /// centred again on the page (or, when folding, kept against the fold line), so a part-empty
    /// sheet of tokens has crop marks for its pieces only and room in its margins.
    pub fn trimmed(&self, count: usize) -> SheetLayout {
        let full = self.grid.extent();
        let mut grid = self.grid.cut_to(count);
        let part = grid.extent();
        // Centred where the full grid was centred; against the fold where it was against the fold.
        let (mut dx, mut dy) = (full.centre().x - part.centre().x, full.centre().y - part.centre().y);
        match self.backs {
            BackMapping::Fold { vertical: true, .. } => dx = full.right() - part.right(),
            BackMapping::Fold { vertical: false, .. } => dy = full.bottom() - part.bottom(),
            _ => {}
        }
        grid.origin = Point::new(grid.origin.x + dx, grid.origin.y + dy);
        SheetLayout { grid, ..self.clone() }
    }

    /// Where the back of a piece goes whose front is at `front` (its box on the page), turned by
    /// `turn`: as [`SheetLayout::back_of`], with the back turned so that it is upright whenever
    /// the piece's front is, when the piece is flipped over its own upright axis.
    pub fn back_of_turned(&self, front: Rect, turn: Turn) -> Option<(Rect, Turn)> {
        // Turning the sheet over mirrors the page, and a mirror reverses the direction of a turn.
        self.back_of(front).map(|(rect, base)| (rect, base.then(turn.inverse())))
    }

    /// Where the back of the piece whose front is at `front` goes, and how it is turned, in the
    /// coordinates of the page it is printed on (the back page for duplex, the same page for
    /// fold), before any front/back offset. `None` when there are no backs.
    pub fn back_of(&self, front: Rect) -> Option<(Rect, Turn)> {
        match self.backs {
            BackMapping::None => None,
            // Turning over a vertical axis swaps left and right; the back art stays upright.
            BackMapping::Duplex { mirror_x: true } => Some((Rect::new(self.page.w - front.right(), front.y, front.w, front.h), Turn::None)),
            // Turning over a horizontal axis swaps top and bottom, and the back art must be upside
            // down on the page to be upright on the card when the card is turned sideways.
            BackMapping::Duplex { mirror_x: false } => {
                Some((Rect::new(front.x, self.page.h - front.bottom(), front.w, front.h), Turn::Half))
            }
            BackMapping::Fold { vertical: true, at } => Some((Rect::new(2.0 * at - front.right(), front.y, front.w, front.h), Turn::None)),
            BackMapping::Fold { vertical: false, at } => {
                Some((Rect::new(front.x, 2.0 * at - front.bottom(), front.w, front.h), Turn::Half))
            }
        }
    }

    /// The box the printed pieces (fronts, and folded backs) take, bleed included.
    pub fn used(&self) -> Rect {
        let fronts = self.grid.extent();
        match self.backs {
            BackMapping::Fold { vertical, at } => {
                if vertical {
                    Rect::new(fronts.x, fronts.y, 2.0 * (at - fronts.x), fronts.h)
                } else {
                    Rect::new(fronts.x, fronts.y, fronts.w, 2.0 * (at - fronts.y))
                }
            }
            _ => fronts,
        }
    }

    /// Crop marks: short lines along every cut line, from the paper's edge to 2 mm short of the
    /// pieces, so they show after the first cuts and never cross a piece.
    pub fn crop_marks(&self) -> Vec<(Point, Point)> {
        let used = self.used();
        let clear = 2.0;
        let mut marks = Vec::new();
        let mut boxes = Vec::new();
        for i in 0..self.grid.capacity() {
            let front = self.grid.slot(i);
            boxes.push(front);
            if let (BackMapping::Fold { .. }, Some((back, _))) = (self.backs, self.back_of(front)) {
                boxes.push(back);
            }
        }
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for r in &boxes {
            push_distinct(&mut xs, r.x);
            push_distinct(&mut xs, r.right());
            push_distinct(&mut ys, r.y);
            push_distinct(&mut ys, r.bottom());
        }
        for x in xs {
            marks.push((Point::new(x, 0.0), Point::new(x, used.y - clear)));
            marks.push((Point::new(x, used.bottom() + clear), Point::new(x, self.page.h)));
        }
        for y in ys {
            marks.push((Point::new(0.0, y), Point::new(used.x - clear, y)));
            marks.push((Point::new(used.right() + clear, y), Point::new(self.page.w, y)));
        }
        marks.retain(|(a, b)| (a.x - b.x).abs() + (a.y - b.y).abs() > 0.5);
        marks
    }

    /// The two widest empty bands along opposite page edges, outside the pieces: the wider one
    /// (for the true-size bars), the one facing it (for the caption), and whether they run
    /// along the left and right edges rather than the top and bottom.
    pub fn free_bands(&self) -> (Rect, Rect, bool) {
        let used = self.used();
        let bottom = Rect::new(0.0, used.bottom(), self.page.w, self.page.h - used.bottom());
        let top = Rect::new(0.0, 0.0, self.page.w, used.y);
        let right = Rect::new(used.right(), 0.0, self.page.w - used.right(), self.page.h);
        let left = Rect::new(0.0, 0.0, used.x, self.page.h);
        if right.w > bottom.h + 0.01 { (right, left, true) } else { (bottom, top, false) }
    }
}

/// The middle of the printable part of a margin band (x for side bands, y otherwise): the part
/// of the band more than `MIN_MARGIN` from the paper's edge.
pub fn band_middle(band: Rect, side: bool) -> f32 {
    if side {
        if band.x < 0.01 { (MIN_MARGIN + band.right()) / 2.0 } else { (band.x + band.right() - MIN_MARGIN) / 2.0 }
    } else if band.y < 0.01 {
        (MIN_MARGIN + band.bottom()) / 2.0
    } else {
        (band.y + band.bottom() - MIN_MARGIN) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{CardSize, Orientation, Paper};

    fn page(paper: Paper, orientation: Orientation) -> Size {
        orientation.apply(paper.size())
    }

    #[test]
    fn nine_poker_cards_fit_centred_on_a4_and_letter() {
        for paper in Paper::ALL {
            let p = page(paper, Orientation::Portrait);
            let sheet = SheetLayout::new(p, CardSize::Poker.size(), false, 0.0, Backs::LongEdge).unwrap();
            assert_eq!((sheet.grid.cols, sheet.grid.rows), (3, 3), "{paper:?}");
            let e = sheet.grid.extent();
            assert!((e.x - (p.w - e.right())).abs() < 1e-3, "centred across");
            assert!((e.y - (p.h - e.bottom())).abs() < 1e-3, "centred down");
            assert!((e.w - 189.0).abs() < 1e-3 && (e.h - 264.0).abs() < 1e-3);
        }
    }

    #[test]
    fn slots_never_overlap_and_stay_inside_the_margins() {
        for paper in Paper::ALL {
            for orientation in [Orientation::Portrait, Orientation::Landscape] {
                for card in CardSize::ALL {
                    for (bleed, gutter) in [(false, 0.0), (true, 0.0), (false, 4.0), (true, 2.0)] {
                        let p = page(paper, orientation);
                        let sheet = SheetLayout::new(p, card.size(), bleed, gutter, Backs::None).unwrap();
                        let g = sheet.grid;
                        let inner = Rect::new(0.0, 0.0, p.w, p.h).outset(-MIN_MARGIN);
                        assert!(inner.contains(&g.extent(), 1e-3));
                        for i in 0..g.capacity() {
                            for j in 0..i {
                                assert!(!g.slot(i).outset(g.bleed).overlaps(&g.slot(j).outset(g.bleed)));
                            }
                        }
                        // Maximal: one more column or row would not fit.
                        let b = if bleed { BLEED } else { 0.0 };
                        let slot = card.size();
                        let need_w = (g.cols + 1) as f32 * (slot.w + 2.0 * b) + g.cols as f32 * gutter;
                        let need_h = (g.rows + 1) as f32 * (slot.h + 2.0 * b) + g.rows as f32 * gutter;
                        assert!(need_w > inner.w && need_h > inner.h);
                    }
                }
            }
        }
    }

    #[test]
    fn bleed_and_gutter_space_the_cut_boxes() {
        let sheet = SheetLayout::new(Paper::A4.size(), CardSize::Poker.size(), true, 2.0, Backs::None).unwrap();
        let (a, b) = (sheet.grid.slot(0), sheet.grid.slot(1));
        assert!((b.x - a.right() - (2.0 * BLEED + 2.0)).abs() < 1e-3);
    }

    /// The test's own model of turning a sheet over: where a point on the front ends up, in the
    /// coordinates of the back page as the printer lays it out.
    fn behind(p: Point, page: Size, mirror_x: bool) -> Point {
        if mirror_x { Point::new(page.w - p.x, p.y) } else { Point::new(p.x, page.h - p.y) }
    }

    #[test]
    fn duplex_backs_sit_behind_their_fronts() {
        for paper in Paper::ALL {
            for orientation in [Orientation::Portrait, Orientation::Landscape] {
                for backs in [Backs::LongEdge, Backs::ShortEdge] {
                    let p = page(paper, orientation);
                    let sheet = SheetLayout::new(p, CardSize::Bridge.size(), false, 1.0, backs).unwrap();
                    // Long edge of a portrait page is vertical; of a landscape page horizontal.
                    let mirror_x = (backs == Backs::LongEdge) == (orientation == Orientation::Portrait);
                    for i in 0..sheet.grid.capacity() {
                        let front = sheet.grid.slot(i);
                        let (back, turn) = sheet.back_of(front).unwrap();
                        let c = behind(front.centre(), p, mirror_x);
                        assert!((back.centre().x - c.x).abs() < 1e-3 && (back.centre().y - c.y).abs() < 1e-3);
                        // The card's top-left corner on the front is behind its back's top-right corner
                        // (as the card is turned sideways), so the back is turned half round exactly
                        // when the sheet turns top over bottom.
                        assert_eq!(turn == Turn::Half, !mirror_x);
                    }
                }
            }
        }
    }

    /// Where point `p` of a `size` piece lands when placed in `at` turned by `turn`.
    fn placed(p: Point, size: Size, at: Rect, turn: Turn) -> Point {
        let mut piece = crate::draw::Drawing::new();
        piece.line(p, p, crate::draw::Stroke::solid(crate::draw::Ink::Black, 0.1));
        let mut page = crate::draw::Drawing::new();
        page.place(&piece, size, at, turn);
        match &page.shapes[0] {
            crate::draw::Shape::Path { points, .. } => points[0],
            other => panic!("expected a path, got {other:?}"),
        }
    }

    #[test]
    fn a_turned_piece_has_its_back_behind_it_flipped_over_its_own_upright_axis() {
        // A 100 × 40 piece fits more often upright on portrait A4 and lying down on landscape.
        let piece = Size::new(100.0, 40.0);
        let mut turns = Vec::new();
        for backs in [Backs::LongEdge, Backs::ShortEdge, Backs::Fold] {
            for orientation in [Orientation::Portrait, Orientation::Landscape] {
                let p = page(Paper::A4, orientation);
                let (sheet, turn) = SheetLayout::turnable(p, piece, false, 0.0, backs).unwrap();
                turns.push(turn);
                let front = sheet.grid.slot(0);
                let (back, back_turn) = sheet.back_of_turned(front, turn).unwrap();
                // A corner of the piece's front is behind the corner of its back mirrored left to right.
                let at = placed(Point::new(10.0, 5.0), piece, front, turn);
                let behind_at = placed(Point::new(piece.w - 10.0, 5.0), piece, back, back_turn);
                let expected = match sheet.backs {
                    BackMapping::Duplex { mirror_x: true } => Point::new(p.w - at.x, at.y),
                    BackMapping::Duplex { mirror_x: false } => Point::new(at.x, p.h - at.y),
                    BackMapping::Fold { vertical: true, at: fold } => Point::new(2.0 * fold - at.x, at.y),
                    BackMapping::Fold { vertical: false, at: fold } => Point::new(at.x, 2.0 * fold - at.y),
                    BackMapping::None => unreachable!(),
                };
                assert!((behind_at.x - expected.x).abs() < 1e-3 && (behind_at.y - expected.y).abs() < 1e-3, "{backs:?} {orientation:?}");
            }
        }
        assert!(turns.contains(&Turn::None) && turns.contains(&Turn::Quarter), "{turns:?}");
    }

    #[test]
    fn a_part_filled_sheet_keeps_only_the_rows_it_fills() {
        let token = Size::new(14.0, 14.0);
        for backs in [Backs::LongEdge, Backs::Fold] {
            let full = SheetLayout::new(Paper::A4.size(), token, false, 0.0, backs).unwrap();
            let sheet = full.trimmed(30);
            assert_eq!((sheet.grid.cols, sheet.grid.rows), (full.grid.cols, 30usize.div_ceil(full.grid.cols)));
            assert!(full.grid.extent().contains(&sheet.grid.extent(), 1e-3));
            match sheet.backs {
                BackMapping::Fold { at, .. } => assert!((sheet.grid.extent().bottom() - (at - FOLD_GAP)).abs() < 1e-3),
                _ => assert!((sheet.grid.extent().centre().y - Paper::A4.size().h / 2.0).abs() < 1e-3),
            }
            let one_row = full.trimmed(3);
            assert_eq!((one_row.grid.cols, one_row.grid.rows), (3, 1));
            assert!(one_row.crop_marks().len() < full.crop_marks().len());
        }
    }

    #[test]
    fn boards_lie_down_when_that_fits_more_on_the_sheet() {
        let board = Size::new(180.0, 120.0);
        for paper in Paper::ALL {
            let (portrait, turn) = SheetLayout::turnable(paper.size(), board, false, 0.0, Backs::None).unwrap();
            assert_eq!((portrait.grid.capacity(), turn), (2, Turn::None), "{paper:?}");
            let (landscape, turn) = SheetLayout::turnable(paper.size().turned(), board, false, 0.0, Backs::None).unwrap();
            assert_eq!((landscape.grid.capacity(), turn), (2, Turn::Quarter), "{paper:?}");
            assert_eq!(landscape.grid.piece, board.turned());
        }
    }

    #[test]
    fn folded_backs_mirror_their_fronts_across_the_fold() {
        for orientation in [Orientation::Portrait, Orientation::Landscape] {
            let p = page(Paper::A4, orientation);
            let sheet = SheetLayout::new(p, CardSize::Poker.size(), false, 0.0, Backs::Fold).unwrap();
            let BackMapping::Fold { vertical, at } = sheet.backs else { panic!("fold layout expected") };
            assert_eq!(vertical, orientation == Orientation::Landscape);
            assert!(sheet.grid.capacity() >= 3);
            for i in 0..sheet.grid.capacity() {
                let front = sheet.grid.slot(i);
                let (back, _) = sheet.back_of(front).unwrap();
                if vertical {
                    assert!(front.right() <= at - FOLD_GAP + 1e-3 && back.x >= at + FOLD_GAP - 1e-3);
                    assert!((front.centre().x + back.centre().x - 2.0 * at).abs() < 1e-3);
                } else {
                    assert!(front.bottom() <= at - FOLD_GAP + 1e-3 && back.y >= at + FOLD_GAP - 1e-3);
                    assert!((front.centre().y + back.centre().y - 2.0 * at).abs() < 1e-3);
                }
                assert!(Rect::new(0.0, 0.0, p.w, p.h).outset(-MIN_MARGIN).contains(&back, 1e-3));
            }
        }
    }

    #[test]
    fn crop_marks_run_to_the_edge_without_touching_a_card() {
        let sheet = SheetLayout::new(Paper::Letter.size(), CardSize::Poker.size(), false, 0.0, Backs::LongEdge).unwrap();
        let marks = sheet.crop_marks();
        // 4 vertical and 4 horizontal cut lines, each marked at both ends.
        assert_eq!(marks.len(), 16);
        let cards: Vec<Rect> = (0..9).map(|i| sheet.grid.slot(i)).collect();
        for (a, b) in &marks {
            let on_edge = |p: &Point| p.x == 0.0 || p.y == 0.0 || (p.x - sheet.page.w).abs() < 1e-3 || (p.y - sheet.page.h).abs() < 1e-3;
            assert!(on_edge(a) || on_edge(b), "{a:?}–{b:?} should reach the paper's edge");
            let r = Rect::new(a.x.min(b.x), a.y.min(b.y), (a.x - b.x).abs().max(0.01), (a.y - b.y).abs().max(0.01));
            assert!(cards.iter().all(|c| !c.overlaps(&r)), "{a:?}–{b:?} crosses a card");
        }
    }

    #[test]
    fn the_free_bands_are_the_widest_margins() {
        let a4 = SheetLayout::new(Paper::A4.size(), CardSize::Poker.size(), false, 0.0, Backs::None).unwrap();
        let (band, facing, side) = a4.free_bands();
        assert!(!side && (band.h - 16.5).abs() < 1e-3 && band.y > 200.0 && facing.y == 0.0, "{band:?}");
        assert!((band_middle(band, side) - (280.5 + 292.0) / 2.0).abs() < 1e-3);
        let letter = SheetLayout::new(Paper::Letter.size(), CardSize::Poker.size(), false, 0.0, Backs::None).unwrap();
        let (band, facing, side) = letter.free_bands();
        assert!(side && (band.w - 13.45).abs() < 1e-2 && facing.x == 0.0, "{band:?}");
        assert!((band_middle(facing, side) - (5.0 + 13.45) / 2.0).abs() < 1e-2);
    }
}
