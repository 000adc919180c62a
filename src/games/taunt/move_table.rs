//! TAUNT's printed facts as compact tables, drawn from the engine's data (never retyped): one
//! move card's level table, the five fighters, and where the damage modes begin on each track.
//! Only `moves`, `fighter` and `track` are read, so the rules page does not pull in the engine's
//! turn logic. Modes are named in every header, not told apart by colour alone.
//!
//! The tables are static facts, so they are written out as HTML strings and shown with one
//! `inner_html` element rather than built node by node: the rules page is part of the site's
//! first download, and this keeps its share close to the size of its text.

use crate::markdown::escape_html as esc;
use dojo_games::taunt::moves::{self, Kind, MoveCard, Row, Slot};
use dojo_games::taunt::track::{TRACK_LENGTHS, mode_starts};
use dojo_games::taunt::{FIGHTERS, Mode, RunType};
use leptos::prelude::*;

/// The move cards a `::move NAME` line may name. Two printed cards share the name Run and two
/// share Heal, so those keys say which.
pub const MOVES: [(&str, &MoveCard); 13] = [
    ("Block", &moves::BLOCK),
    ("Counter", &moves::COUNTER),
    ("Run 1", &moves::RUN_1),
    ("Run 2", &moves::RUN_2),
    ("Punch", &moves::PUNCH),
    ("Grab", &moves::GRAB),
    ("Shoot", &moves::SHOOT),
    ("TeaShot", &moves::TEASHOT),
    ("Kick", &moves::KICK),
    ("Charge", &moves::CHARGE),
    ("Heal", &moves::HEAL),
    ("Heal classic", &moves::HEAL_CLASSIC),
    ("TAUNT", &moves::TAUNT),
];

/// The card a `::move` key names.
pub fn move_card(key: &str) -> Option<&'static MoveCard> {
    MOVES.iter().find(|(k, _)| *k == key).map(|(_, card)| *card)
}

/// A table whose cells are given flat, row after row, `classes.len()` to a row, the header row
/// first. In a cell's text, `\n` starts a smaller second line and `\t` starts its tooltip. The
/// first cell of each body row is that row's header. The table scrolls sideways in its own box.
fn table(out: &mut String, id: &str, classes: &[&str], cells: &[String]) {
    out.push_str(r#"<div class="table-scroll" tabindex="0"><table class="facts" data-testid=""#);
    out.push_str(id);
    out.push_str(r#""><thead>"#);
    let width = classes.len();
    for (i, cell) in cells.iter().enumerate() {
        let (col, head) = (i % width, i < width);
        if col == 0 {
            out.push_str("<tr>");
        }
        let tag = if head || col == 0 { "th" } else { "td" };
        out.push('<');
        out.push_str(tag);
        out.push_str(match (head, col) {
            (true, _) => r#" scope="col""#,
            (false, 0) => r#" scope="row""#,
            _ => "",
        });
        if !classes[col].is_empty() {
            out.push_str(r#" class=""#);
            out.push_str(classes[col]);
            out.push('"');
        }
        let (text, title) = cell.split_once('\t').unwrap_or((cell, ""));
        if !title.is_empty() {
            out.push_str(r#" title=""#);
            esc(out, title);
            out.push('"');
        }
        out.push('>');
        match text.split_once('\n') {
            Some((main, small)) => {
                esc(out, main);
                out.push_str("<small>");
                esc(out, small);
                out.push_str("</small>");
            }
            None => esc(out, text),
        }
        out.push_str("</");
        out.push_str(tag);
        out.push('>');
        if col == width - 1 {
            out.push_str("</tr>");
            if head {
                out.push_str("</thead><tbody>");
            }
        }
    }
    out.push_str("</tbody></table></div>");
}

/// `Yellow\nTrouble`: a mode's colour and its name in play.
fn mode_head(mode: Mode) -> String {
    match mode {
        Mode::White => "White".into(),
        m => format!("{m}\n{}", m.title().split(' ').next().unwrap_or_default()),
    }
}

const MODE_CLASSES: [&str; 4] = ["mode-white", "mode-yellow", "mode-orange", "mode-red"];

/// Names of the slots in `letters` ("GB" → "Grab, Block").
fn names(letters: impl Iterator<Item = Slot>, and: &str) -> String {
    let mut out = String::new();
    for (i, slot) in letters.enumerate() {
        if i > 0 {
            out.push_str(and);
        }
        out.push_str(&slot.to_string());
    }
    out
}

/// Peril letters with the names of the cards they disable as a tooltip; `–` for none.
fn peril_cell(letters: &str) -> String {
    match letters {
        "" => "–\tno Peril".into(),
        _ => format!("{letters}\tdisables {}", names(letters.chars().filter_map(Slot::from_letter), ", ")),
    }
}

/// The extra words of a row: "no Interrupt", immunities, "hits Far only".
fn extras(row: &Row) -> String {
    let mut out = String::new();
    if row.no_interrupt {
        out.push_str("no Interrupt");
    }
    if !row.immune.is_empty() {
        out.push_str("immune to ");
        out.push_str(&names(row.immune.iter().copied(), " and "));
    }
    if row.far_only {
        out.push_str("hits Far only");
    }
    out
}

const SHARES: [&str; 4] = ["none", "half", "full", "1½ ×"];

/// A move card's level table (Heal: its interrupt row; none for Charge and TAUNT), appended to `out`.
fn move_table(out: &mut String, id: &str, card: &MoveCard) {
    let mut cells: Vec<String> = Vec::new();
    let mut classes = vec!["", ""];
    if card.slot == Slot::Heal {
        // The damage that interrupts a Heal, by the mode after that damage (White reads Yellow's).
        classes = vec![""];
        cells.push("Mode".into());
        cells.extend(Mode::ALL.map(mode_head));
        classes.extend(MODE_CLASSES);
        cells.push("Damage that interrupts".into());
        cells.extend(Mode::ALL.map(|m| format!("{}+", moves::HEAL_INTERRUPT[m.peril_column().unwrap_or(0)])));
        return table(out, "heal-interrupt", &classes, &cells);
    }
    if !card.has_table {
        return;
    }
    let heals = card.rows.iter().any(|r| r.reflect.is_some_and(|x| x.heal > 0));
    let any_extra = card.rows.iter().any(|r| !extras(r).is_empty());
    if card.rows[0].reflect.is_some() {
        cells.extend(["Level", "Damage sent back", "Peril sent back"].map(String::from));
        classes.push("");
    } else {
        cells.extend(["Level".into(), "Damage".into()]);
        cells.extend(Mode::ALL[1..].iter().map(|m| mode_head(*m)));
        classes.extend(&MODE_CLASSES[1..]);
    }
    if heals || any_extra {
        cells.push("Also".into());
        classes.push("extra");
    }
    for (level, row) in card.rows.iter().enumerate() {
        cells.push(format!("L{level}"));
        match row.reflect {
            Some(r) => {
                cells.push(SHARES[usize::from(r.damage_halves.min(3))].into());
                cells.push(SHARES[usize::from(r.peril_halves.min(3))].into());
                if heals {
                    cells.push(if r.heal > 0 { format!("heal {} damage when hit", r.heal) } else { String::new() });
                }
            }
            None => {
                cells.push(row.damage.to_string());
                cells.extend(row.peril.map(peril_cell));
                if any_extra {
                    cells.push(extras(row));
                }
            }
        }
    }
    table(out, id, &classes, &cells);
}

/// One move card as HTML: name, letter, type and number, its table, and its text.
pub fn move_html(key: &str, card: &MoveCard) -> String {
    let slug = key.to_ascii_lowercase().replace(' ', "-");
    let mut out = format!(r#"<figure class="move" data-testid="card-{slug}"><figcaption><strong>"#);
    match key {
        "Run 1" | "Run 2" => out.push_str(&format!("Run, type {}", &key[4..])),
        "Heal classic" => out.push_str("Heal (classic)"),
        _ => esc(&mut out, card.name),
    }
    out.push_str(&format!(r#"</strong> <span class="move-meta">{}"#, card.slot.letter()));
    if card.kind != Kind::Untyped {
        out.push_str(" · ");
        out.push_str(card.kind.label());
    }
    out.push_str(&format!(" · number {}</span></figcaption>", card.number));
    move_table(&mut out, &format!("move-{slug}"), card);
    out.push_str(r#"<p class="move-text">"#);
    esc(&mut out, card.text);
    out.push_str("</p></figure>");
    out
}

/// The five fighters: Critical Damage, Recovery, block tokens, Run type, special.
pub fn fighters_html() -> String {
    let mut cells: Vec<String> = ["Fighter", "Critical Damage", "Recovery", "Block tokens", "Run", "Special"].map(String::from).to_vec();
    for f in &FIGHTERS {
        cells.push(format!("{}\n{}", f.name, f.face));
        cells.push(f.critical_damage.to_string());
        cells.push(if f.recovery == 0 { "–\tnone printed".into() } else { f.recovery.to_string() });
        cells.push(f.block_tokens.to_string());
        cells.push(if f.run == RunType::One { "type 1" } else { "type 2" }.into());
        cells.push(f.special.unwrap_or("–").into());
    }
    let mut out = String::new();
    table(&mut out, "fighters", &["", "", "", "", "", "extra"], &cells);
    out
}

/// Where each mode begins and ends on each printed track, and who fights on it.
pub fn tracks_html() -> String {
    let mut cells = vec!["Track".to_string()];
    cells.extend(Mode::ALL.map(mode_head));
    cells.push("Fighters".into());
    for length in TRACK_LENGTHS {
        let starts = mode_starts(length);
        cells.push(length.to_string());
        for i in 0..4 {
            let end = if i == 3 { length } else { starts[i + 1] - 1 };
            cells.push(format!("{}–{end}", starts[i]));
        }
        let mut who = String::new();
        for f in FIGHTERS.iter().filter(|f| f.critical_damage == length) {
            if !who.is_empty() {
                who.push_str(", ");
            }
            who.push_str(f.name);
        }
        cells.push(who);
    }
    let mut out = String::new();
    table(&mut out, "tracks", &["", "mode-white", "mode-yellow", "mode-orange", "mode-red", "extra"], &cells);
    out
}

/// Shows HTML written by this module.
pub fn html_view(html: String) -> AnyView {
    view! { <div class="facts-box" inner_html=html></div> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cell texts of the table `id` in `html`, row by row (tags dropped, `<small>` as a space).
    fn cells(html: &str, id: &str) -> Vec<Vec<String>> {
        let start = html.find(&format!(r#"data-testid="{id}""#)).unwrap_or_else(|| panic!("no table {id} in {html}"));
        let table = &html[start..html[start..].find("</table>").unwrap() + start];
        // Everything after the first `<tr>`, one piece per row.
        let rows = table.split_once("<tr>").map_or("", |(_, rows)| rows);
        rows.split("<tr>")
            .map(|row| {
                row.split(['<'])
                    .filter_map(|piece| {
                        let (tag, text) = piece.split_once('>')?;
                        (tag.starts_with("th") || tag.starts_with("td") || tag == "small").then(|| (tag == "small", text))
                    })
                    .fold(Vec::new(), |mut acc: Vec<String>, (small, text)| {
                        if small {
                            let last = acc.last_mut().unwrap();
                            last.push(' ');
                            last.push_str(text);
                        } else {
                            acc.push(text.to_string());
                        }
                        acc
                    })
            })
            .collect()
    }

    fn card(key: &str) -> String {
        move_html(key, move_card(key).unwrap_or_else(|| panic!("no card {key}")))
    }

    #[test]
    fn every_card_has_one_key() {
        for (key, card) in MOVES {
            assert_eq!(move_card(key), Some(card), "{key}");
            assert!(key.starts_with(card.name), "{key} names {}", card.name);
        }
        assert!(move_card("Run").is_none(), "plain Run is ambiguous");
    }

    #[test]
    fn punch_shows_its_damage_and_peril_under_named_modes() {
        let html = card("Punch");
        assert!(html.starts_with(
            r#"<figure class="move" data-testid="card-punch"><figcaption><strong>Punch</strong> <span class="move-meta">P · Attack · number 3</span></figcaption>"#
        ));
        assert_eq!(
            cells(&html, "move-punch"),
            [
                ["Level", "Damage", "Yellow Trouble", "Orange Danger", "Red Critical"],
                ["L0", "3", "–", "–", "–"],
                ["L1", "6", "–", "G", "G"],
                ["L2", "8", "–", "G", "GBP"],
                ["L3", "10", "G", "GB", "GBP"],
            ]
        );
        assert!(html.contains(r#"<th scope="col" class="mode-red">Red<small>Critical</small></th>"#));
        assert!(html.contains(r#"<td class="mode-red" title="disables Grab, Block, Punch">GBP</td>"#));
        assert!(html.contains(r#"<th scope="row">L3</th>"#));
        assert!(
            html.ends_with(r#"<p class="move-text">Punch a fighter who is Running and you choose the Position afterwards.</p></figure>"#)
        );
    }

    #[test]
    fn rows_name_their_extras() {
        let extra = |key: &str, id: &str| -> Vec<String> { cells(&card(key), id).iter().map(|r| r.last().unwrap().clone()).collect() };
        assert_eq!(
            extra("Run 1", "move-run-1"),
            ["Also", "no Interrupt", "immune to Shoot", "immune to Shoot and Block", "immune to Shoot and Block"]
        );
        assert!(card("Run 2").contains("<strong>Run, type 2</strong>"));
        let kick = cells(&card("Kick"), "move-kick");
        assert_eq!(kick[4], ["L3", "10", "PC", "PCS", "PCS", "hits Far only"]);
        assert_eq!(kick[1], ["L0", "4", "–", "–", "P", ""]);
        assert_eq!(cells(&card("TeaShot"), "move-teashot")[0].len(), 5, "TeaShot has no extras column: even its L0 interrupts");
    }

    #[test]
    fn block_and_counter_show_what_comes_back() {
        assert_eq!(
            cells(&card("Block"), "move-block"),
            [
                ["Level", "Damage sent back", "Peril sent back"],
                ["L0", "none", "none"],
                ["L1", "half", "half"],
                ["L2", "full", "full"],
                ["L3", "1½ ×", "full"]
            ]
        );
        let counter = cells(&card("Counter"), "move-counter");
        assert_eq!(counter[0].last().unwrap(), "Also");
        assert_eq!(counter[1], ["L0", "half", "none", ""]);
        assert_eq!(counter[4], ["L3", "1½ ×", "full", "heal 2 damage when hit"]);
    }

    #[test]
    fn cards_without_a_table_have_none_and_heal_shows_its_interrupts() {
        for key in ["Charge", "TAUNT"] {
            assert!(!card(key).contains("<table"), "{key}");
        }
        assert!(card("TAUNT").contains(r#"<span class="move-meta">T · number 8</span>"#));
        for key in ["Heal", "Heal classic"] {
            assert_eq!(cells(&card(key), "heal-interrupt")[1], ["Damage that interrupts", "5+", "5+", "4+", "3+"]);
        }
    }

    #[test]
    fn fighters_and_tracks_come_from_the_engine() {
        let html = fighters_html();
        let fighters = cells(&html, "fighters");
        assert_eq!(fighters.len(), 6);
        assert_eq!(fighters[4], ["TeaBot ☕←[▣▣]↑", "20", "–", "4", "type 2", "TeaShot takes the place of Shoot."]);
        assert!(html.contains(r#"<th scope="row">Tuggle<small>~(&gt;~&lt;)~</small></th>"#), "faces are escaped");
        assert!(html.contains(r#"<td title="none printed">–</td>"#));
        assert_eq!(
            cells(&tracks_html(), "tracks")[1..],
            [
                ["20", "0–4", "5–10", "11–16", "17–20", "Tuggle, TeaBot"],
                ["25", "0–9", "10–15", "16–21", "22–25", "Mooshmere, Tremble"],
                ["30", "0–14", "15–20", "21–26", "27–30", "Wollypobber"],
            ]
        );
        let mut escaped = String::new();
        esc(&mut escaped, r#"a<b>&"c""#);
        assert_eq!(escaped, "a&lt;b&gt;&amp;&quot;c&quot;");
    }
}
