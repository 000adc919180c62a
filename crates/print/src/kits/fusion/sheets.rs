//! The sheets, all [`SHEET`] sized so they share pages: the pilot sheet, the Harmony gauge, the
//! Coach's sheet and the two Payload pads. Everything on them that the source names without
//! defining is ours, and says so (notes `#stand-ins`); our defaults come from the engine
//! (`PilotSheet::named`, `TableSettings::default`).

use super::{ACCENT, COACH, FAINT, INK, OURS, PILOTS, SHEET, SOFT, piece_frame};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::Style;
use crate::text::{Face, cap_height};
use dojo_games::fusion::cards::Suit;
use dojo_games::fusion::micro::Micro;
use dojo_games::fusion::setup::MAX_TRACK;
use dojo_games::fusion::sheet::{HARMONY_RED, HARMONY_VIOLET, PilotSheet, TableSettings};

/// The left and right edges of what is written on a sheet.
const LEFT: f32 = 6.0;
const RIGHT: f32 = SHEET.w - 6.0;
/// The smallest text on a sheet, in points.
const SMALL: f32 = 6.0;
/// A label's size.
const LABEL: f32 = 6.8;
/// The height of a level on the Harmony gauge: room for the Harmony marker.
pub(super) const HARMONY_ROW: f32 = 12.8;

/// The title at the top left, in `colour`, and a note at the top right.
fn title(d: &mut Drawing, text: &str, colour: Ink, note: &str) {
    d.text(LEFT, 10.5, 11.0, Face::Bold, colour, Align::Left, text);
    if !note.is_empty() {
        d.text(RIGHT, 10.5, SMALL, Face::Regular, SOFT, Align::Right, note);
    }
}

/// A bold label, then a note in small grey type after it; returns where the note ends.
fn label(d: &mut Drawing, x: f32, baseline: f32, bold: &str, note: &str) -> f32 {
    let mut end = x + d.text(x, baseline, LABEL, Face::Bold, INK, Align::Left, bold);
    if !note.is_empty() {
        end += 1.2;
        end += d.text(end, baseline, SMALL, Face::Regular, SOFT, Align::Left, note);
    }
    end
}

/// A faint line to write on, from `x0` to `x1` at height `y`.
fn write_on(d: &mut Drawing, x0: f32, x1: f32, y: f32) {
    d.line(Point::new(x0, y), Point::new(x1, y), Stroke::solid(FAINT, 0.25));
}

/// A box to write a number in.
fn number_box(d: &mut Drawing, r: Rect) {
    d.rect(r, None, Some(Stroke::solid(INK, 0.3)));
}

/// A small square to tick.
fn tick_box(d: &mut Drawing, x: f32, baseline: f32, side: f32) {
    d.rect(Rect::new(x, baseline - side + 0.3, side, side), None, Some(Stroke::solid(INK, 0.25)));
}

/// Small grey text wrapped across the sheet from `top`; returns the height used.
fn small_print(d: &mut Drawing, top: f32, text: &str) -> f32 {
    d.paragraph(Rect::new(LEFT, top, RIGHT - LEFT, 0.0), SMALL, 1.2, Face::Regular, SOFT, Align::Left, text)
}

/// A track of numbered boxes, 0 to [`MAX_TRACK`], under a label whose baseline is `baseline`.
fn track(d: &mut Drawing, baseline: f32, bold: &str, note: &str) {
    label(d, LEFT, baseline, bold, note);
    let cells = usize::from(MAX_TRACK) + 1;
    let w = (RIGHT - LEFT) / cells as f32;
    let top = baseline + 1.6;
    let h = 6.4;
    for n in 0..cells {
        let cell = Rect::new(LEFT + n as f32 * w, top, w, h);
        d.rect(cell, None, Some(Stroke::solid(INK, 0.25)));
        d.text(cell.centre().x, top + 1.1 + cap_height(SMALL), SMALL, Face::Regular, SOFT, Align::Centre, &n.to_string());
    }
}

/// A pilot sheet: name and Gambit Specialty, the four tracks, Stash max, Lessons and Gear, with
/// our default sheet at the foot.
pub(super) fn pilot(_style: &Style) -> Drawing {
    let mut d = Drawing::new();
    piece_frame(&mut d, SHEET, PILOTS);
    title(&mut d, "PILOT SHEET", PILOTS, OURS);
    small_print(&mut d, 13.3, "On each track, circle the full value; mark where it stands now.");
    let end = label(&mut d, LEFT, 20.8, "Name", "");
    write_on(&mut d, end + 1.5, RIGHT, 21.3);
    let end = label(&mut d, LEFT, 26.8, "Gambit Specialty", "");
    write_on(&mut d, end + 1.5, RIGHT, 27.3);
    let tracks = [
        ("Commitment to the Fight", "your Strike Range"),
        ("Commitment to the Team", "your bonus draw in a Throwdown"),
        ("Charges", "circle your maximum"),
        ("Buffers", "each stops 1 point of damage"),
    ];
    for (i, (bold, note)) in tracks.iter().enumerate() {
        track(&mut d, 33.8 + 11.6 * i as f32, bold, note);
    }
    // Stash max and Lessons, side by side.
    let row = 85.0;
    let end = label(&mut d, LEFT, row, "Stash max", "");
    number_box(&mut d, Rect::new(end + 1.5, row - 5.0, 9.0, 6.6));
    let lessons = end + 15.0;
    let end = label(&mut d, lessons, row, "Lessons", "");
    let side = 4.6;
    let boxes = ((RIGHT - end - 1.5) / (side + 0.8)).floor() as usize;
    for n in 0..boxes {
        tick_box(&mut d, end + 1.5 + n as f32 * (side + 0.8), row, side);
    }
    // Gear: a line per piece, with what it draws, what it fires when sacrificed, and a box to
    // tick once it has been Activated this Throwdown.
    let gear = 92.2;
    label(&mut d, LEFT, gear, "Gear", OURS);
    let heads = gear + 4.4;
    let (draws, fires) = (45.0, 53.5);
    d.text(LEFT, heads, SMALL, Face::Regular, SOFT, Align::Left, "name");
    d.text(draws + 2.5, heads, SMALL, Face::Regular, SOFT, Align::Centre, "draws");
    d.text(fires, heads, SMALL, Face::Regular, SOFT, Align::Left, "sacrifice fires");
    d.text(RIGHT, heads, SMALL, Face::Regular, SOFT, Align::Right, "activated");
    for n in 0..3 {
        let y = heads + 5.4 + 5.2 * n as f32;
        write_on(&mut d, LEFT, draws - 1.0, y);
        write_on(&mut d, draws, draws + 5.0, y);
        write_on(&mut d, fires, RIGHT - 6.0, y);
        tick_box(&mut d, RIGHT - 3.8, y, 3.6);
    }
    let ours = PilotSheet::named("");
    // No-break spaces keep each name with its number.
    let defaults = format!(
        "Our default sheet: Fight\u{a0}{}, Team\u{a0}{}, Charges\u{a0}{}\u{a0}of\u{a0}{}, Buffers\u{a0}{}\u{a0}of\u{a0}{}, Stash\u{a0}max\u{a0}{}. Both Commitments at 0: Crisis Mode.",
        ours.fight, ours.team, ours.charges, ours.charge_max, ours.buffers, ours.buffer_max, ours.stash_max
    );
    small_print(&mut d, 116.6, &defaults);
    d
}

/// A Harmony level's name, where it has one: the source names only the ends.
fn level_name(level: u8) -> &'static str {
    match level {
        HARMONY_RED => "Red",
        HARMONY_VIOLET => "Violet",
        _ => "",
    }
}

/// A level's colour: a pale band for a colour print, and a stronger one for its outline.
fn level_colours(level: u8) -> (Ink, Ink) {
    match level {
        1 => (Ink::Rgb(250, 206, 206), Ink::Rgb(190, 30, 40)),
        2 => (Ink::Rgb(252, 224, 198), Ink::Rgb(200, 96, 16)),
        3 => (Ink::Rgb(250, 240, 186), Ink::Rgb(168, 132, 0)),
        4 => (Ink::Rgb(214, 238, 206), Ink::Rgb(40, 130, 60)),
        5 => (Ink::Rgb(206, 226, 248), Ink::Rgb(30, 92, 170)),
        6 => (Ink::Rgb(218, 212, 244), Ink::Rgb(72, 56, 160)),
        _ => (Ink::Rgb(238, 214, 244), Ink::Rgb(128, 48, 150)),
    }
}

/// A signed modifier as printed: "+2", "0", "−3".
pub(super) fn signed(value: i8) -> String {
    match value {
        v if v > 0 => format!("+{v}"),
        v if v < 0 => format!("−{}", v.unsigned_abs()),
        _ => "0".into(),
    }
}

/// The Harmony gauge: Violet at the top, Red at the foot, each level with our Strike-Assist
/// value, the start marked, and what +Rally and +Strife do at the ends.
pub(super) fn harmony(style: &Style) -> Drawing {
    let mut d = Drawing::new();
    piece_frame(&mut d, SHEET, ACCENT);
    title(&mut d, "HARMONY", ACCENT, "the team's gauge");
    let table = TableSettings::default();
    small_print(&mut d, 13.3, "↑ +Rally: up 1. At Violet it stays, and every pilot gains 1 Charge instead.");
    let heads = 22.6;
    d.text(LEFT + 16.0, heads, SMALL, Face::Regular, SOFT, Align::Centre, "level");
    d.text(RIGHT, heads, SMALL, Face::Regular, SOFT, Align::Right, &format!("Strike-Assist, {OURS}"));
    let (top, row_h) = (24.0, HARMONY_ROW);
    for (i, level) in (HARMONY_RED..=HARMONY_VIOLET).rev().enumerate() {
        let row = Rect::new(LEFT, top + i as f32 * row_h, RIGHT - LEFT, row_h).outset(-0.35);
        let (pale, strong) = level_colours(level);
        d.rect(row, style.fill(pale), Some(Stroke::solid(strong, if style.ink_saver { 0.45 } else { 0.3 })));
        let mid = row.centre().y;
        // Where the Harmony marker sits.
        d.circle(Point::new(row.x + 6.6, mid), 5.4, Some(Ink::White), Some(Stroke::dashed(strong, 0.3, 1.0, 0.8)));
        let number = 15.0;
        d.text(row.x + 17.5, mid + cap_height(number) / 2.0, number, Face::Bold, INK, Align::Centre, &level.to_string());
        let name = level_name(level);
        let x = row.x + 24.0;
        if !name.is_empty() {
            d.text(x, mid + cap_height(8.0) / 2.0, 8.0, Face::Bold, strong, Align::Left, name);
        }
        if level == table.harmony {
            d.text(x, mid + cap_height(LABEL) / 2.0, LABEL, Face::Bold, INK, Align::Left, "start");
            d.text(x, mid + cap_height(LABEL) / 2.0 + 3.2, SMALL, Face::Regular, SOFT, Align::Left, OURS);
        }
        let value = 12.0;
        d.text(row.right() - 7.0, mid + cap_height(value) / 2.0, value, Face::Bold, INK, Align::Centre, &signed(table.assist_at(level)));
    }
    let foot = top + 7.0 * row_h + 2.6;
    small_print(
        &mut d,
        foot,
        "↓ +Strife: down 1, never below Red. Only a Strife that arrives at Red already fires a +Trauma on each pilot.",
    );
    d
}

/// The Coach's sheet: two Threats, the scene and its switches, the team's counters, the
/// Escalation Events and Omens.
pub(super) fn coach(_style: &Style) -> Drawing {
    let mut d = Drawing::new();
    piece_frame(&mut d, SHEET, COACH);
    title(&mut d, "COACH SHEET", COACH, "stand-ins (ours)");
    small_print(&mut d, 13.3, "His Strike Range, and his bonus draw beyond 1 per pilot: the Ratings of his Threats in the fight, added.");
    let mut y = 24.0;
    let boxed = |d: &mut Drawing, right: f32, y: f32, words: &str| -> f32 {
        number_box(d, Rect::new(right - 6.5, y - 4.6, 6.5, 6.0));
        let w = d.text(right - 7.5, y, LABEL, Face::Bold, INK, Align::Right, words);
        right - 7.5 - w
    };
    for n in 1..=2 {
        let buffers = boxed(&mut d, RIGHT, y, "Buffers");
        let rating = boxed(&mut d, buffers - 2.5, y, "Rating");
        let end = label(&mut d, LEFT, y, &format!("Threat {n}"), "");
        write_on(&mut d, end + 1.5, rating - 2.0, y + 0.5);
        let end = label(&mut d, LEFT, y + 6.2, "Waves", "1 Face card each");
        write_on(&mut d, end + 1.5, RIGHT, y + 6.7);
        write_on(&mut d, LEFT, RIGHT, y + 11.8);
        let end = label(&mut d, LEFT, y + 17.2, "Storms", "3 Face cards each");
        write_on(&mut d, end + 1.5, RIGHT, y + 17.7);
        y += 23.6;
    }
    // The scene: one Location and the table's two switches.
    let end = label(&mut d, LEFT, y, "Location", "");
    let mut x = end + 2.0;
    for state in ["Standing", "Damaged", "Razed"] {
        d.circle(Point::new(x + 1.4, y - 1.1), 1.3, None, Some(Stroke::solid(INK, 0.25)));
        x += 3.6 + d.text(x + 3.6, y, SMALL, Face::Regular, INK, Align::Left, state) + 2.5;
    }
    let switches = [
        format!("Robos present: {} {} buy {}", Suit::Clubs.symbol(), "Clubs", Micro::Ruin.name()),
        format!("The fight is about the Location: {} {} buy {}", Suit::Hearts.symbol(), "Hearts", Micro::Rebuild.name()),
    ];
    for switch in &switches {
        y += 5.0;
        tick_box(&mut d, LEFT, y, 3.2);
        d.text(LEFT + 4.4, y, SMALL, Face::Regular, INK, Align::Left, switch);
    }
    // The team's counters that +Replenish raises: a name and a count each.
    y += 6.2;
    let start = label(&mut d, LEFT, y, "Team counters", "") + 2.0;
    let slot = (RIGHT - start) / 2.0;
    for n in 0..2 {
        let x = start + n as f32 * slot;
        write_on(&mut d, x, x + slot - 10.0, y + 0.5);
        number_box(&mut d, Rect::new(x + slot - 8.5, y - 4.6, 6.5, 6.0));
    }
    y += 6.8;
    label(&mut d, LEFT, y, "Escalation Events", "one fires as each Omen is Spent");
    for n in 1..=4 {
        let line = y + 4.8 * n as f32;
        d.text(LEFT, line, SMALL, Face::Regular, SOFT, Align::Left, &format!("{n}."));
        write_on(&mut d, LEFT + 4.0, RIGHT, line + 0.5);
    }
    small_print(
        &mut d,
        y + 21.6,
        "Omens: a Joker reaching the top of the Deck is his, Active. Once four are Spent, the Jokers go back in at the next reshuffle.",
    );
    d
}

/// Whose incoming damage a Payload pad tallies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// The damage coming at the pilots (built by the Coach's side, with the pilots' own
    /// overreaching Strife).
    Pilots,
    /// The damage coming at the Coach's side (built by the pilots).
    Coach,
}

/// The rows a Payload pad has.
pub(super) const PAYLOAD_ROWS: usize = 14;

/// A Payload pad: a numbered row per damage, a column per kind of damage to tick, a note, a box
/// for a Diamond's cancel and one for done; how it is applied at the foot.
pub(super) fn payload(_style: &Style, side: Side) -> Drawing {
    let mut d = Drawing::new();
    let (colour, whom, built, applied) = match side {
        Side::Pilots => (
            PILOTS,
            "at the pilots",
            "Built by the Coach's side (his Waves, Storms and Clubs). A pilot who overreaches her Strike Range writes her +Strife here, with her name.",
            "Applied first at the end, whoever won, in order, skipping cancelled lines. The pilots' leader (whose initiative card lay highest among them) shares it out; a Buffer stops 1 point. Only the pilot who overreached may Buffer her Strife.",
        ),
        Side::Coach => (
            COACH,
            "at the Coach's side",
            "Built by the pilots (and the Clubs of their spoils): damage for the Threats and the scene.",
            "Applied after the pad at the pilots, whoever won, in order, skipping cancelled lines. The Coach shares it out among his Threats and the Location; a Threat's Buffer stops 1 point, and a Threat at Rating 0 is removed.",
        ),
    };
    piece_frame(&mut d, SHEET, colour);
    let end = LEFT + d.text(LEFT, 10.5, 11.0, Face::Bold, colour, Align::Left, "PAYLOAD");
    d.text(end + 1.8, 10.5, 8.5, Face::Bold, colour, Align::Left, whom);
    small_print(&mut d, 13.3, built);
    // The columns: number, a tick per kind of damage, a note, cancelled by a Diamond, done.
    let damage: Vec<Micro> = super::cards::every_micro().into_iter().filter(Micro::is_damage).collect();
    let (number_w, kind_w, box_w) = (5.0, 10.4, 7.6);
    let note_w = RIGHT - LEFT - number_w - damage.len() as f32 * kind_w - 2.0 * box_w;
    let mut columns: Vec<(String, f32)> = vec![("#".into(), number_w)];
    columns.extend(damage.iter().map(|m| (m.name().trim_start_matches('+').to_string(), kind_w)));
    columns.extend([("note".to_string(), note_w), (format!("{}", Suit::Diamonds.symbol()), box_w), ("done".to_string(), box_w)]);
    let top = 24.5;
    let head_h = 5.0;
    let row_h = 5.4;
    let bottom = top + head_h + PAYLOAD_ROWS as f32 * row_h;
    let mut x = LEFT;
    for (i, (head, w)) in columns.iter().enumerate() {
        let size = if head.starts_with(Suit::Diamonds.symbol()) { 8.0 } else { SMALL };
        d.text(x + w / 2.0, top + head_h - 1.4, size, Face::Bold, INK, Align::Centre, head);
        if i > 0 {
            d.line(
                Point::new(x, top),
                Point::new(x, bottom),
                Stroke::solid(INK, if i == 1 || i == 1 + damage.len() { 0.35 } else { 0.15 }),
            );
        }
        x += w;
    }
    d.text(LEFT + number_w + damage.len() as f32 * kind_w / 2.0, top - 1.2, SMALL, Face::Regular, SOFT, Align::Centre, "tick one");
    d.text(RIGHT - box_w * 1.5, top - 1.2, SMALL, Face::Regular, SOFT, Align::Centre, "cancelled");
    for r in 0..=PAYLOAD_ROWS {
        let y = top + head_h + r as f32 * row_h;
        d.line(Point::new(LEFT, y), Point::new(RIGHT, y), Stroke::solid(INK, if r == 0 { 0.35 } else { 0.15 }));
        if r < PAYLOAD_ROWS {
            d.text(
                LEFT + number_w / 2.0,
                y + row_h / 2.0 + cap_height(SMALL) / 2.0,
                SMALL,
                Face::Regular,
                SOFT,
                Align::Centre,
                &(r + 1).to_string(),
            );
        }
    }
    d.rect(Rect::new(LEFT, top, RIGHT - LEFT, bottom - top), None, Some(Stroke::solid(INK, 0.35)));
    small_print(&mut d, bottom + 3.0, applied);
    d
}
