//! The move cards: a deck of nine for each fighter, with the fighter's own back, and the
//! optional classic Heal. Monsters' standard decks ([`super::monsters`]) are drawn here too,
//! with a deck name and back of their own instead of a fighter's.
//!
//! A card reads from the top: its Peril letter and name in the header with its execution
//! number in the top-right corner, its type, then its level table (or, for Charge, Heal and
//! TAUNT, what stands in for one), its text, and the deck's name at the foot.

use super::{INK, SOFT, card_frame, fighter_colour, look, mode_area, unit};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::{Face, cap_height, fitting_size, width};
use dojo_games::taunt::moves::{self, Kind, MoveCard, Reflect, Row, Slot};
use dojo_games::taunt::{FIGHTERS, Fighter, FighterId, HealCard, MAX_CHARGE, Mode, RunType};

/// The deck's id in links and on the command line.
pub(super) fn deck_id(id: FighterId) -> &'static str {
    match id {
        FighterId::Mooshmere => "mooshmere",
        FighterId::Wollypobber => "wollypobber",
        FighterId::Tuggle => "tuggle",
        FighterId::TeaBot => "teabot",
        FighterId::Tremble => "tremble",
    }
}

/// Whose deck a card is in: its name and face print at the card's foot and on its back, in its
/// colour, so decks do not get mixed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Owner<'a> {
    /// The name at the foot and on the back.
    pub name: &'a str,
    /// The face beside the name, and the picture on TAUNT.
    pub face: &'a str,
    /// The colour of the back and of the rule above the foot.
    pub colour: Ink,
}

impl Owner<'_> {
    /// A fighter's deck.
    pub fn of(fighter: &Fighter) -> Owner<'_> {
        Owner { name: fighter.name, face: fighter.face, colour: fighter_colour(fighter.id) }
    }
}

/// One fighter's nine move cards, all with the fighter's back.
pub(super) fn deck(style: &Style, fighter: &Fighter) -> Component {
    let owner = Owner::of(fighter);
    let back = back(style, owner);
    let pieces = Slot::ALL
        .iter()
        .map(|slot| {
            let card = fighter.move_card(*slot, HealCard::Standard);
            Piece {
                name: format!("{} {} ({})", fighter.name, card.name, card.number),
                front: front(style, owner, card),
                back: Some(back.clone()),
            }
        })
        .collect();
    let special = fighter.special.map(|text| format!(" {text}")).unwrap_or_default();
    Component {
        id: deck_id(fighter.id),
        name: format!("{}'s move cards", fighter.name),
        about: format!("{}: nine cards with {}'s own back.{special}", fighter.face, fighter.name),
        size: PieceSize::Card,
        default_copies: 1,
        pieces,
        modes: &[],
    }
}

/// The first printed Heal, one per fighter with their back: not printed unless asked for.
pub(super) fn classic_heals(style: &Style) -> Component {
    let pieces = FIGHTERS
        .iter()
        .map(|fighter| {
            let card = fighter.move_card(Slot::Heal, HealCard::Classic);
            Piece {
                name: format!("{} classic {} ({})", fighter.name, card.name, card.number),
                front: front(style, Owner::of(fighter), card),
                back: Some(back(style, Owner::of(fighter))),
            }
        })
        .collect();
    Component {
        id: "classic-heal",
        name: "Classic Heal cards".into(),
        about: "The optional first Heal card (it only takes back disabled moves), one per fighter. Not printed unless you ask for copies."
            .into(),
        size: PieceSize::Card,
        default_copies: 0,
        pieces,
        modes: &[],
    }
}

/// Each type's colour; its name is printed on the card too.
pub(super) fn kind_colour(kind: Kind) -> Ink {
    match kind {
        Kind::Attack => Ink::Rgb(186, 28, 40),
        Kind::Defense => Ink::Rgb(36, 88, 168),
        Kind::PowerUp => Ink::Rgb(22, 128, 82),
        Kind::Untyped => Ink::Rgb(118, 66, 160),
    }
}

/// The card's front.
pub(super) fn front(style: &Style, owner: Owner, card: &MoveCard) -> Drawing {
    let u = unit(style);
    let colour = kind_colour(card.kind);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, colour);
    let band = header(&mut d, style, inner, card, colour);
    let subtitle = subtitle(card);
    d.text(inner.x + 2.5 * u, band.bottom() + 4.6 * u, 7.0 * u, Face::Bold, colour, Align::Left, &subtitle);
    let footer_top = footer(&mut d, style, inner, owner);
    let area = Rect::new(inner.x + 2.0 * u, band.bottom() + 7.5 * u, inner.w - 4.0 * u, 0.0);
    // The level table, or what stands in for it on a card without one.
    let y = if let Some(table) = level_table(card) {
        table.draw(&mut d, style, area)
    } else if card.slot == Slot::Heal {
        heal_interrupts(&mut d, style, area, moves::HEAL_INTERRUPT)
    } else {
        emblem(&mut d, style, area, owner, card)
    };
    let text_box = Rect::new(area.x + 0.5 * u, y + 2.5 * u, area.w - 1.0 * u, footer_top - y - 3.5 * u);
    fitted(&mut d, text_box, 7.5 * u, 6.0 * u, INK, card.text);
    d
}

/// `text` as large as fits in `area`, from `max` down to `min` points, centred across.
pub(super) fn fitted(d: &mut Drawing, area: Rect, max: f32, min: f32, ink: Ink, text: &str) {
    let size = fitting_size(text, Face::Regular, area.w, area.h, 1.2, max, min).unwrap_or(min);
    d.paragraph(area, size, 1.2, Face::Regular, ink, Align::Centre, text);
}

/// The header band: Peril letter on the left, name, execution number in the top-right corner.
fn header(d: &mut Drawing, style: &Style, inner: Rect, card: &MoveCard, colour: Ink) -> Rect {
    let u = unit(style);
    let band = Rect::new(inner.x, inner.y, inner.w, 13.0 * u);
    match style.fill(colour) {
        Some(fill) => d.rounded_rect(band, 2.5 * u, Some(fill), None),
        None => d.line(Point::new(band.x, band.bottom()), Point::new(band.right(), band.bottom()), Stroke::solid(colour, 0.5 * u)),
    }
    let middle = band.centre().y;
    // The letter Peril tables use for this card, in a square.
    let letter_box = Rect::new(band.x + 2.0 * u, middle - 4.2 * u, 8.4 * u, 8.4 * u);
    d.rounded_rect(letter_box, 1.2 * u, Some(Ink::White), Some(Stroke::solid(colour, 0.5 * u)));
    let size = 12.0 * u;
    let letter = card.slot.letter().to_string();
    d.text(letter_box.centre().x, middle + cap_height(size) / 2.0, size, Face::Bold, colour, Align::Centre, &letter);
    // The execution number in a circle, top right.
    let circle = Point::new(band.right() - 6.8 * u, middle);
    d.circle(circle, 4.9 * u, Some(Ink::White), Some(Stroke::solid(colour, 0.5 * u)));
    d.text(circle.x, middle + cap_height(size) / 2.0, size, Face::Bold, colour, Align::Centre, &card.number.to_string());
    let name_size = 13.0 * u;
    d.text(
        letter_box.right() + 2.5 * u,
        middle + cap_height(name_size) / 2.0,
        name_size,
        Face::Bold,
        style.on(colour),
        Align::Left,
        card.name,
    );
    band
}

/// The line under the header: the card's type, and which Run it is (read from the card, since
/// a Monsters deck holds both).
fn subtitle(card: &MoveCard) -> String {
    let mut parts = Vec::new();
    if !card.kind.label().is_empty() {
        parts.push(card.kind.label().to_string());
    }
    if card.slot == Slot::Run {
        parts.push(if *card == moves::RUN_2 { run_label(RunType::Two) } else { run_label(RunType::One) }.to_string());
    }
    parts.join(" · ")
}

/// A Run's type as printed.
fn run_label(run: RunType) -> &'static str {
    match run {
        RunType::One => "type 1",
        RunType::Two => "type 2",
    }
}

/// The deck's name and face at the foot, so decks do not get mixed; returns its top.
pub(super) fn footer(d: &mut Drawing, style: &Style, inner: Rect, owner: Owner) -> f32 {
    let u = unit(style);
    let top = inner.bottom() - 6.5 * u;
    d.line(Point::new(inner.x + 4.0 * u, top), Point::new(inner.right() - 4.0 * u, top), Stroke::solid(owner.colour, 0.3 * u));
    let text = format!("{}  {}", owner.name, owner.face);
    d.text(inner.centre().x, inner.bottom() - 2.4 * u, 6.0 * u, Face::Regular, SOFT, Align::Centre, &text);
    top
}

/// A table column's heading: words, or a damage mode's pattern over its name.
enum Head {
    Text(String),
    Mode(Mode),
}

/// One row: a cell per column, and a note that spans the cells it can (empty Peril sections)
/// or sits on a line of its own below.
struct TableRow {
    cells: Vec<String>,
    note: Option<String>,
}

/// A card's table, with column widths as fractions of the table's width.
struct Table {
    columns: Vec<(Head, f32)>,
    rows: Vec<TableRow>,
}

/// Heights in a table, in millimetres for the card size.
struct Rows {
    head: f32,
    row: f32,
    note: f32,
    unit: f32,
}

impl Table {
    /// Draws the table across `at` from its top; returns the bottom.
    fn draw(&self, d: &mut Drawing, style: &Style, at: Rect) -> f32 {
        let u = unit(style);
        let rows = Rows { head: 6.0 * u, row: 5.8 * u, note: 3.6 * u, unit: u };
        let xs = self.column_edges(at);
        let rule = Stroke::solid(super::FAINT, 0.2 * u);
        self.heading(d, style, &xs, at.y, &rows);
        let mut y = at.y + rows.head;
        for row in &self.rows {
            let spans = self.note_spans(row);
            self.backdrop(d, style, &xs, y, &rows, spans);
            d.line(Point::new(at.x, y), Point::new(at.right(), y), rule);
            self.cells(d, &xs, y, &rows, row);
            if let Some(note) = &row.note {
                if spans {
                    let centre = (xs[2] + xs[xs.len() - 1]) / 2.0;
                    d.text(centre, y + rows.row / 2.0 + cap_height(6.5 * u) / 2.0, 6.5 * u, Face::Regular, INK, Align::Centre, note);
                } else {
                    d.text(xs[1] + 0.8 * u, y + rows.row + rows.note - 1.0 * u, 6.0 * u, Face::Regular, INK, Align::Left, note);
                }
            }
            y += if row.note.is_some() && !spans { rows.row + rows.note } else { rows.row };
        }
        d.line(Point::new(at.x, y), Point::new(at.right(), y), rule);
        y
    }

    /// The headings: a pattern strip over each mode's name, or plain words.
    fn heading(&self, d: &mut Drawing, style: &Style, xs: &[f32], top: f32, rows: &Rows) {
        let u = rows.unit;
        let size = 6.0 * u;
        for (i, (head, _)) in self.columns.iter().enumerate() {
            let cell = Rect::new(xs[i], top, xs[i + 1] - xs[i], rows.head);
            let baseline = cell.bottom() - 1.3 * u;
            match head {
                Head::Text(text) => {
                    d.text(cell.centre().x, baseline, size, Face::Bold, INK, Align::Centre, text);
                }
                Head::Mode(mode) => {
                    let strip = Rect::new(cell.x + 0.4 * u, cell.y, cell.w - 0.8 * u, 1.9 * u);
                    mode_area(d, strip, *mode, style, 0.9 * u);
                    d.rect(strip, None, Some(Stroke::solid(look(*mode).line, 0.15 * u)));
                    d.text(cell.centre().x, baseline, size, Face::Bold, INK, Align::Centre, &mode.to_string());
                }
            }
        }
    }

    /// Whether the row's note goes across its Peril sections (they are all empty).
    fn note_spans(&self, row: &TableRow) -> bool {
        row.note.is_some() && self.mode_columns() > 0 && row.cells[2..].iter().all(String::is_empty)
    }

    /// Behind a row's Peril sections: their tint, or in ink-saver mode faint lines between
    /// them (except under a note across them), so the sections read down the card.
    fn backdrop(&self, d: &mut Drawing, style: &Style, xs: &[f32], y: f32, rows: &Rows, spans: bool) {
        let u = rows.unit;
        for (i, (head, _)) in self.columns.iter().enumerate() {
            let Head::Mode(mode) = head else { continue };
            match style.fill(look(*mode).tint) {
                Some(fill) => d.rect(Rect::new(xs[i] + 0.4 * u, y, xs[i + 1] - xs[i] - 0.8 * u, rows.row), Some(fill), None),
                None if !spans => d.line(Point::new(xs[i], y), Point::new(xs[i], y + rows.row), Stroke::solid(super::FAINT, 0.2 * u)),
                None => {}
            }
        }
    }

    /// A row's cells: the level at the left, the rest centred; levels and Peril letters bold.
    fn cells(&self, d: &mut Drawing, xs: &[f32], y: f32, rows: &Rows, row: &TableRow) {
        let size = 7.0 * rows.unit;
        let baseline = y + rows.row / 2.0 + cap_height(size) / 2.0;
        for (i, text) in row.cells.iter().enumerate() {
            let face = if i == 0 || matches!(self.columns[i].0, Head::Mode(_)) { Face::Bold } else { Face::Regular };
            if i == 0 {
                d.text(xs[i] + 0.8 * rows.unit, baseline, size, face, INK, Align::Left, text);
            } else {
                d.text((xs[i] + xs[i + 1]) / 2.0, baseline, size, face, INK, Align::Centre, text);
            }
        }
    }

    /// The x of each column's left edge, and the table's right edge last.
    fn column_edges(&self, at: Rect) -> Vec<f32> {
        let total: f32 = self.columns.iter().map(|(_, w)| w).sum();
        let mut xs = vec![at.x];
        for (_, w) in &self.columns {
            xs.push(xs[xs.len() - 1] + at.w * w / total);
        }
        xs
    }

    fn mode_columns(&self) -> usize {
        self.columns.iter().filter(|(head, _)| matches!(head, Head::Mode(_))).count()
    }
}

/// The level as printed in a table's first column: "L2 ↑↑".
fn level_label(level: u8) -> String {
    let arrows = "↑".repeat(usize::from(level));
    if arrows.is_empty() { format!("L{level}") } else { format!("L{level} {arrows}") }
}

/// The card's level table: Peril sections for hits, the reflection for Block and Counter;
/// `None` for cards that print no table.
fn level_table(card: &MoveCard) -> Option<Table> {
    if !card.has_table {
        return None;
    }
    let levels = 0..=MAX_CHARGE;
    if card.rows.iter().any(|row| row.reflect.is_some()) {
        return Some(reflect_table(card));
    }
    let mut columns = vec![(Head::Text("Level".into()), 0.25), (Head::Text("♥".into()), 0.18)];
    columns.extend([Mode::Yellow, Mode::Orange, Mode::Red].map(|mode| (Head::Mode(mode), 0.19)));
    let rows = levels
        .map(|level| {
            let row = card.at(level);
            let mut cells = vec![level_label(level), format!("{} ♥", row.damage)];
            cells.extend(row.peril.iter().map(|letters| letters.to_string()));
            TableRow { cells, note: row_note(row) }
        })
        .collect();
    Some(Table { columns, rows })
}

/// What a row says besides damage and Peril: "no Interrupt", "Immune S B", "Far only".
fn row_note(row: &Row) -> Option<String> {
    let mut parts = Vec::new();
    if row.no_interrupt {
        parts.push("no Interrupt".to_string());
    }
    if !row.immune.is_empty() {
        let letters: Vec<String> = row.immune.iter().map(|slot| slot.letter().to_string()).collect();
        parts.push(format!("Immune {}", letters.join(" ")));
    }
    if row.far_only {
        parts.push("Far only".to_string());
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Block and Counter: what each level sends back at the attacker.
fn reflect_table(card: &MoveCard) -> Table {
    let heals = card.rows.iter().any(|row| row.reflect.is_some_and(|r| r.heal > 0));
    let mut columns =
        vec![(Head::Text("Level".into()), 0.23), (Head::Text("♥ back".into()), 0.22), (Head::Text("Peril back".into()), 0.27)];
    if heals {
        columns.push((Head::Text("Heal if hit".into()), 0.28));
    }
    let rows = (0..=MAX_CHARGE)
        .map(|level| {
            let r = card.at(level).reflect.unwrap_or(Reflect { damage_halves: 0, peril_halves: 0, heal: 0 });
            let mut cells = vec![level_label(level), halves(r.damage_halves).into(), halves(r.peril_halves).into()];
            if heals {
                cells.push(if r.heal > 0 { format!("{} ♥", r.heal) } else { "–".into() });
            }
            TableRow { cells, note: None }
        })
        .collect();
    Table { columns, rows }
}

/// A number of halves as a share: "½", "full", "1½×".
fn halves(n: u8) -> &'static str {
    match n {
        0 => "–",
        1 => "½",
        2 => "full",
        _ => "1½×",
    }
}

/// A Heal's interrupt thresholds (damage in White and Yellow, Orange, Red) under the three Peril sections.
pub(super) fn heal_interrupts(d: &mut Drawing, style: &Style, at: Rect, thresholds: [u8; 3]) -> f32 {
    let u = unit(style);
    let mut columns = vec![(Head::Text(String::new()), 0.4)];
    columns.extend([Mode::Yellow, Mode::Orange, Mode::Red].map(|mode| (Head::Mode(mode), 0.2)));
    let mut cells = vec!["Interrupted by".to_string()];
    cells.extend(thresholds.iter().map(|n| format!("{n}+ ♥")));
    let table = Table { columns, rows: vec![TableRow { cells, note: None }] };
    let bottom = table.draw(d, style, at);
    let size = 6.0 * u;
    d.text(at.centre().x, bottom + 1.5 * u + cap_height(size), size, Face::Regular, SOFT, Align::Centre, "White counts as Yellow.");
    bottom + 2.5 * u + cap_height(size)
}

/// The picture on a card without a table: Charge's arrows, TAUNT's fighter pulling a face.
fn emblem(d: &mut Drawing, style: &Style, at: Rect, owner: Owner, card: &MoveCard) -> f32 {
    let u = unit(style);
    let colour = kind_colour(card.kind);
    let (text, max) = match card.slot {
        Slot::Charge => ("↑".repeat(usize::from(MAX_CHARGE)), 30.0),
        _ => (owner.face.to_string(), 22.0),
    };
    // As large as fits across the card.
    let size = (max * u).min(max * u * (at.w - 6.0 * u) / width(&text, max * u, Face::Bold));
    let box_h = 20.0 * u;
    d.text(at.centre().x, at.y + box_h / 2.0 + cap_height(size) / 2.0, size, Face::Bold, colour, Align::Centre, &text);
    at.y + box_h
}

/// A deck's card back: the same on all its cards, different from every other deck's.
pub(super) fn back(style: &Style, owner: Owner) -> Drawing {
    let u = unit(style);
    let colour = owner.colour;
    let mut d = Drawing::new();
    let card = Rect::of_size(style.card);
    let word = style.on(colour);
    match style.fill(colour) {
        Some(fill) => d.rect(card.outset(style.bleed), Some(fill), None),
        None => super::cut_line(&mut d, card),
    }
    let inner = card.outset(-3.0 * u);
    d.rounded_rect(inner, 2.5 * u, None, Some(Stroke::solid(word, 0.5 * u)));
    d.rounded_rect(inner.outset(-2.0 * u), 1.8 * u, None, Some(Stroke::solid(word, 0.25 * u)));
    let centre = card.centre();
    let title = 17.0 * u;
    d.text(centre.x, centre.y + cap_height(title) / 2.0, title, Face::Bold, word, Align::Centre, "TAUNT");
    let name = 10.0 * u;
    d.text(centre.x, centre.y - 14.0 * u, name, Face::Bold, word, Align::Centre, owner.name);
    let face_size = (12.0 * u).min(12.0 * u * (inner.w - 10.0 * u) / width(owner.face, 12.0 * u, Face::Regular));
    d.text(centre.x, centre.y + 18.0 * u, face_size, Face::Regular, word, Align::Centre, owner.face);
    d
}
