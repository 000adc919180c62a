//! Monsters' cards: the standard decks trainers split into monsters, the Switch cards, the
//! Monster Team card and the mini-deck labels.
//!
//! They all share one back, the Monsters back, because a Switch is played face down among the
//! monsters' cards: a back of its own would give it away. Every trainer's decks are alike, so
//! the backs need not tell trainers apart either. What the cards say comes from
//! `dojo_games::taunt::modes_data`.

use super::cards::{self, Owner};
use super::modes::MONSTERS;
use super::{INK, SOFT, card_frame, fighters, stacked, unit};
use crate::draw::{Align, Drawing, Ink, Stroke};
use crate::geometry::{Point, Rect};
use crate::kit::{Component, Piece, PieceSize, Style};
use crate::text::{Face, cap_height, width};
use dojo_games::taunt::modes_data::{
    CARDS_PER_MONSTER, DECKS_PER_TRAINER, MONSTER_DECK, MONSTER_TEAM, MONSTERS_PER_TRAINER, SWITCH_CARDS, SWITCH_KEEPS, SWITCH_SHIELD,
    SwitchCard, TRAINERS,
};
use dojo_games::taunt::moves::{MoveCard, Slot};

/// The Monsters' colour: their back, their frames.
const COLOUR: Ink = Ink::Rgb(176, 84, 16);

/// Whose cards these are: the name and face on the Monsters back and at every card's foot.
const OWNER: Owner<'static> = Owner { name: "Monsters", face: "<(◣_◢)>", colour: COLOUR };

/// A Monsters card: its name for listings, its front, and the shared back.
fn card(style: &Style, name: String, front: Drawing) -> Piece {
    Piece { name, front, back: Some(cards::back(style, OWNER)) }
}

/// A card-sized component of the Monsters mode.
fn component(id: &'static str, name: &str, about: String, copies: u8, pieces: Vec<Piece>) -> Component {
    Component { id, name: name.into(), about, size: PieceSize::Card, default_copies: copies, pieces, modes: &[MONSTERS] }
}

/// Monsters' cards, in the order they print.
pub(super) fn components(style: &Style) -> Vec<Component> {
    vec![decks(style), switches(style), team_cards(style), labels(style)]
}

/// One standard deck of ten cards, both Runs among them; each trainer splits two.
fn decks(style: &Style) -> Component {
    let pieces =
        MONSTER_DECK.iter().map(|move_card| card(style, deck_card_name(move_card), cards::front(style, OWNER, move_card))).collect();
    let about = format!(
        "Every standard move with both Runs and the Monster Team's Heal; {DECKS_PER_TRAINER} per trainer, split into {MONSTERS_PER_TRAINER} monsters of {CARDS_PER_MONSTER}."
    );
    component("monster-decks", "Monster decks", about, TRAINERS * DECKS_PER_TRAINER, pieces)
}

/// "Monsters Run type 2 (2)": both Runs are in the deck, so listings say which.
fn deck_card_name(card: &MoveCard) -> String {
    let run = if card.slot == Slot::Run {
        format!(" {}", if *card == dojo_games::taunt::moves::RUN_2 { "type 2" } else { "type 1" })
    } else {
        String::new()
    };
    format!("Monsters {}{run} ({})", card.name, card.number)
}

fn switches(style: &Style) -> Component {
    let pieces = SWITCH_CARDS.iter().map(|s| card(style, format!("{} ({})", s.name, s.number), switch_front(style, s))).collect();
    let names: Vec<&str> = SWITCH_CARDS.iter().map(|s| s.name).collect();
    let about = format!("{} for each trainer: they bring in a benched monster before any move acts.", names.join(" and "));
    component("switch", "Switch cards", about, TRAINERS, pieces)
}

fn team_cards(style: &Style) -> Component {
    let about = format!(
        "One per trainer: the team's Critical Damage {}, {} block tokens and its own Heal.",
        MONSTER_TEAM.critical_damage, MONSTER_TEAM.block_tokens
    );
    component("monster-team", "Monster Team cards", about, TRAINERS, vec![card(style, "Monster Team".into(), team_front(style))])
}

fn labels(style: &Style) -> Component {
    let pieces = (1..=MONSTERS_PER_TRAINER).map(|n| card(style, format!("Monster {n} label"), label_front(style, n))).collect();
    let about = format!("{MONSTERS_PER_TRAINER} per trainer: write each monster's name and keep its cards under it.");
    component("monster-labels", "Mini-deck labels", about, TRAINERS, pieces)
}

/// A band across the top of a card in the Monsters colour (a rule under it in ink-saver mode).
fn band(d: &mut Drawing, style: &Style, inner: Rect, height: f32) -> Rect {
    let u = unit(style);
    let band = Rect::new(inner.x, inner.y, inner.w, height * u);
    match style.fill(COLOUR) {
        Some(fill) => d.rounded_rect(band, 2.5 * u, Some(fill), None),
        None => d.line(Point::new(band.x, band.bottom()), Point::new(band.right(), band.bottom()), Stroke::solid(COLOUR, 0.5 * u)),
    }
    band
}

/// A Switch card: a triangle pointing the way it switches, its name and 0 in the header, then
/// which monster comes in, the shield it gets, and what the card keeps.
fn switch_front(style: &Style, switch: &SwitchCard) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, COLOUR);
    let band = band(&mut d, style, inner, 13.0);
    let middle = band.centre().y;
    // The triangle stands where a move card has its Peril letter: Switches have none.
    let mark = if switch.name.contains("Higher") { "▲" } else { "▼" };
    let mark_box = Rect::new(band.x + 2.0 * u, middle - 4.2 * u, 8.4 * u, 8.4 * u);
    d.rounded_rect(mark_box, 1.2 * u, Some(Ink::White), Some(Stroke::solid(COLOUR, 0.5 * u)));
    let size = 9.0 * u;
    d.text(mark_box.centre().x, middle + cap_height(size) / 2.0, size, Face::Bold, COLOUR, Align::Centre, mark);
    let circle = Point::new(band.right() - 6.8 * u, middle);
    d.circle(circle, 4.9 * u, Some(Ink::White), Some(Stroke::solid(COLOUR, 0.5 * u)));
    let number = 12.0 * u;
    d.text(circle.x, middle + cap_height(number) / 2.0, number, Face::Bold, COLOUR, Align::Centre, &switch.number.to_string());
    // The name as large as fits between the triangle and the number.
    let room = circle.x - 4.9 * u - 1.5 * u - (mark_box.right() + 2.0 * u);
    let name = (11.0 * u).min(11.0 * u * room / width(switch.name, 11.0 * u, Face::Bold));
    d.text(mark_box.right() + 2.0 * u, middle + cap_height(name) / 2.0, name, Face::Bold, style.on(COLOUR), Align::Left, switch.name);
    d.text(inner.x + 2.5 * u, band.bottom() + 4.6 * u, 7.0 * u, Face::Bold, COLOUR, Align::Left, "Monsters · acts before every move");
    let footer_top = cards::footer(&mut d, style, inner, OWNER);
    let area = Rect::new(inner.x + 2.5 * u, band.bottom() + 8.0 * u, inner.w - 5.0 * u, footer_top - band.bottom() - 9.5 * u);
    let paragraphs = [(Face::Regular, switch.brings_in), (Face::Regular, SWITCH_SHIELD), (Face::Bold, SWITCH_KEEPS)];
    stacked(&mut d, area, &paragraphs, 2.0 * u, 7.5 * u, 6.0 * u, Align::Left);
    d
}

/// The Monster Team card: what the three monsters share, and the team's Heal.
fn team_front(style: &Style) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, COLOUR);
    let band = band(&mut d, style, inner, 12.0);
    let title = 12.0 * u;
    d.text(band.centre().x, band.centre().y + cap_height(title) / 2.0, title, Face::Bold, style.on(COLOUR), Align::Centre, "MONSTER TEAM");
    let (left, right) = (inner.x + 3.0 * u, inner.right() - 3.0 * u);
    let mut y = band.bottom() + 4.5 * u;
    d.text(inner.centre().x, y, 6.0 * u, Face::Regular, SOFT, Align::Centre, "Shared by the trainer's three monsters");
    y += 5.5 * u;
    let tokens = MONSTER_TEAM.block_tokens;
    let stats = [
        ("Critical Damage", MONSTER_TEAM.critical_damage.to_string()),
        ("Block tokens", format!("{} {tokens}", "🏠".repeat(usize::from(tokens)))),
    ];
    for (label, value) in stats {
        d.text(left, y, 7.0 * u, Face::Regular, INK, Align::Left, label);
        d.text(right, y, 7.5 * u, Face::Bold, INK, Align::Right, &value);
        y += 5.0 * u;
    }
    y = fighters::track_key(&mut d, style, Rect::new(left, y - 1.5 * u, right - left, 0.0), MONSTER_TEAM.critical_damage);
    // The team's Heal: what it does, then what interrupts it.
    let heal = &MONSTER_TEAM.heal;
    y += 1.0 * u;
    d.line(Point::new(left, y), Point::new(right, y), Stroke::solid(super::FAINT, 0.2 * u));
    y += 4.0 * u;
    let kind = heal.kind.label();
    let head = format!("{} ({}) · {kind} {}", heal.name, heal.slot.letter(), heal.number);
    d.text(left, y, 7.0 * u, Face::Bold, cards::kind_colour(heal.kind), Align::Left, &head);
    y += 1.5 * u;
    let text_area = Rect::new(left, y, right - left, 9.0 * u);
    y = stacked(&mut d, text_area, &[(Face::Regular, heal.text)], 0.0, 6.5 * u, 6.0 * u, Align::Left) + 1.5 * u;
    cards::heal_interrupts(&mut d, style, Rect::new(inner.x + 2.0 * u, y, inner.w - 4.0 * u, 0.0), MONSTER_TEAM.heal_interrupt);
    cards::footer(&mut d, style, inner, OWNER);
    d
}

/// A mini-deck label: the monster's number, large, and a line for its name.
fn label_front(style: &Style, number: u8) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, COLOUR);
    let band = band(&mut d, style, inner, 11.0);
    let title = 11.0 * u;
    d.text(band.centre().x, band.centre().y + cap_height(title) / 2.0, title, Face::Bold, style.on(COLOUR), Align::Centre, "MONSTER");
    let centre = Point::new(inner.centre().x, band.bottom() + 19.0 * u);
    d.circle(centre, 13.0 * u, None, Some(Stroke::solid(COLOUR, 0.8 * u)));
    let size = 40.0 * u;
    d.text(centre.x, centre.y + cap_height(size) / 2.0, size, Face::Bold, INK, Align::Centre, &number.to_string());
    // The name line: a rule to write on, named beneath.
    let line_y = centre.y + 25.0 * u;
    let (left, right) = (inner.x + 5.0 * u, inner.right() - 5.0 * u);
    d.line(Point::new(left, line_y), Point::new(right, line_y), Stroke::solid(INK, 0.35 * u));
    d.text(inner.centre().x, line_y + 3.5 * u, 6.0 * u, Face::Regular, SOFT, Align::Centre, "name (everyone may know it)");
    let footer_top = cards::footer(&mut d, style, inner, OWNER);
    let note = format!(
        "Its {CARDS_PER_MONSTER} cards go under this label, unseen. Switches go by names from A to Z, or by these numbers if you leave the names blank."
    );
    let area = Rect::new(left - 2.0 * u, line_y + 6.5 * u, right - left + 4.0 * u, footer_top - line_y - 8.0 * u);
    stacked(&mut d, area, &[(Face::Regular, &note)], 0.0, 6.5 * u, 6.0 * u, Align::Centre);
    d
}
