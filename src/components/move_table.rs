//! TAUNT's printed facts as compact tables, drawn from the engine's data (never retyped): one
//! move card's level table, the five fighters, and where the damage modes begin on each track.
//! Only `moves`, `fighter` and `track` are read, so the rules page does not pull in the engine's
//! turn logic. Modes are named in every header, not told apart by colour alone.

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

/// A table cell: its text (a `\n` starts a smaller second line) and a tooltip (empty: none).
pub type Cell = (String, String);

/// A table as data: a test id, a class per column, the header row, body rows (first cell is the
/// row's header).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// `data-testid` of the table.
    pub id: String,
    /// Class of each column (mode columns carry `mode-yellow` and so on).
    pub classes: Vec<&'static str>,
    /// Header texts.
    pub head: Vec<String>,
    /// Body rows.
    pub rows: Vec<Vec<Cell>>,
}

fn cell(text: impl Into<String>) -> Cell {
    (text.into(), String::new())
}

/// `Yellow\nTrouble`: a mode's colour and its name in play.
fn mode_head(mode: Mode) -> String {
    match mode {
        Mode::White => "White".into(),
        m => format!("{m}\n{}", m.title().trim_end_matches(" Mode")),
    }
}

fn mode_class(mode: Mode) -> &'static str {
    ["mode-white", "mode-yellow", "mode-orange", "mode-red"][mode as usize]
}

/// Peril letters with the names of the cards they disable as a tooltip; `–` for none.
fn peril_cell(letters: &str) -> Cell {
    if letters.is_empty() {
        return ("–".into(), "no Peril".into());
    }
    let names: Vec<String> = letters.chars().filter_map(Slot::from_letter).map(|s| s.to_string()).collect();
    (letters.into(), format!("disables {}", names.join(", ")))
}

/// The extra words of a row: "no Interrupt", immunities, "Far only".
fn extras(row: &Row) -> String {
    let mut out = Vec::new();
    if row.no_interrupt {
        out.push("no Interrupt".to_string());
    }
    if !row.immune.is_empty() {
        let names: Vec<String> = row.immune.iter().map(|s| s.to_string()).collect();
        out.push(format!("immune to {}", names.join(" and ")));
    }
    if row.far_only {
        out.push("hits Far only".into());
    }
    out.join("; ")
}

fn share(halves: u8) -> &'static str {
    ["none", "half", "full", "1½ ×"][usize::from(halves.min(3))]
}

/// A move card's level table as data; `None` for cards that print no table (Charge, Heal, TAUNT).
pub fn move_grid(key: &str, card: &MoveCard) -> Option<Grid> {
    if !card.has_table {
        return None;
    }
    let id = format!("move-{}", key.to_ascii_lowercase().replace(' ', "-"));
    let levels = (0..4u8).map(|l| (format!("L{l}"), card.at(l)));
    if card.rows[0].reflect.is_some() {
        let heals = card.rows.iter().any(|r| r.reflect.is_some_and(|x| x.heal > 0));
        let rows = levels
            .map(|(level, row)| {
                let r = row.reflect.unwrap_or(moves::Reflect { damage_halves: 0, peril_halves: 0, heal: 0 });
                let mut cells = vec![cell(level), cell(share(r.damage_halves)), cell(share(r.peril_halves))];
                if heals {
                    cells.push(cell(if r.heal > 0 { format!("heal {} damage when hit", r.heal) } else { String::new() }));
                }
                cells
            })
            .collect();
        let mut head = vec!["Level".to_string(), "Damage sent back".into(), "Peril sent back".into()];
        let mut classes = vec![""; 3];
        if heals {
            head.push("Also".into());
            classes.push("extra");
        }
        return Some(Grid { id, classes, head, rows });
    }
    let any_extra = card.rows.iter().any(|r| !extras(r).is_empty());
    let rows = levels
        .map(|(level, row)| {
            let mut cells = vec![cell(level), cell(row.damage.to_string())];
            cells.extend(row.peril.iter().map(|p| peril_cell(p)));
            if any_extra {
                cells.push(cell(extras(row)));
            }
            cells
        })
        .collect();
    let mut head = vec!["Level".to_string(), "Damage".into()];
    let mut classes = vec!["", ""];
    for mode in &Mode::ALL[1..] {
        head.push(mode_head(*mode));
        classes.push(mode_class(*mode));
    }
    if any_extra {
        head.push("Also".into());
        classes.push("extra");
    }
    Some(Grid { id, classes, head, rows })
}

/// Heal's interrupt row: the damage taken earlier in the turn that stops it, per mode.
pub fn heal_interrupt_grid() -> Grid {
    let mut row = vec![cell("Damage that interrupts")];
    row.extend(Mode::ALL.iter().map(|m| cell(format!("{}+", moves::HEAL_INTERRUPT[m.peril_column().unwrap_or(0)]))));
    let mut head = vec!["Mode".to_string()];
    head.extend(Mode::ALL.iter().map(|m| mode_head(*m)));
    let mut classes = vec![""];
    classes.extend(Mode::ALL.iter().map(|m| mode_class(*m)));
    Grid { id: "heal-interrupt".into(), classes, head, rows: vec![row] }
}

/// The five fighters.
pub fn fighters_grid() -> Grid {
    let rows = FIGHTERS
        .iter()
        .map(|f| {
            vec![
                cell(format!("{}\n{}", f.name, f.face)),
                cell(f.critical_damage.to_string()),
                if f.recovery == 0 { ("–".into(), "none printed".into()) } else { cell(f.recovery.to_string()) },
                cell(f.block_tokens.to_string()),
                cell(match f.run {
                    RunType::One => "type 1",
                    RunType::Two => "type 2",
                }),
                cell(f.special.unwrap_or("–")),
            ]
        })
        .collect();
    let head = ["Fighter", "Critical Damage", "Recovery", "Block tokens", "Run", "Special"].map(String::from).to_vec();
    Grid { id: "fighters".into(), classes: vec!["", "", "", "", "", "extra"], head, rows }
}

/// Where each mode begins and ends on each printed track, and who fights on it.
pub fn tracks_grid() -> Grid {
    let rows = TRACK_LENGTHS
        .iter()
        .map(|&length| {
            let starts = mode_starts(length);
            let mut cells = vec![cell(length.to_string())];
            cells.extend((0..4).map(|i| {
                let end = if i == 3 { length } else { starts[i + 1] - 1 };
                cell(format!("{}–{end}", starts[i]))
            }));
            let who: Vec<&str> = FIGHTERS.iter().filter(|f| f.critical_damage == length).map(|f| f.name).collect();
            cells.push(cell(who.join(", ")));
            cells
        })
        .collect();
    let mut head = vec!["Track".to_string()];
    head.extend(Mode::ALL.iter().map(|m| mode_head(*m)));
    head.push("Fighters".into());
    let mut classes = vec![""];
    classes.extend(Mode::ALL.iter().map(|m| mode_class(*m)));
    classes.push("extra");
    Grid { id: "tracks".into(), classes, head, rows }
}

fn text_view(text: String) -> AnyView {
    match text.split_once('\n') {
        Some((main, small)) => view! { {main.to_string()}<small>{small.to_string()}</small> }.into_any(),
        None => text.into_any(),
    }
}

/// Draws a [`Grid`] in a box that scrolls sideways on its own when the page is narrow.
pub fn grid_view(grid: Grid) -> impl IntoView {
    let Grid { id, classes, head, rows } = grid;
    let body = rows
        .into_iter()
        .map(|row| {
            let cells = row.into_iter().enumerate().map(|(i, (text, title))| {
                let title = (!title.is_empty()).then_some(title);
                if i == 0 {
                    view! { <th scope="row" title=title>{text_view(text)}</th> }.into_any()
                } else {
                    view! { <td class=classes[i] title=title>{text_view(text)}</td> }.into_any()
                }
            });
            view! { <tr>{cells.collect_view()}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0">
            <table class="facts" data-testid=id>
                <thead><tr>{head.into_iter().enumerate().map(|(i, h)| view! { <th scope="col" class=classes[i]>{text_view(h)}</th> }).collect_view()}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}

/// One move card: name, letter, type and number, its level table, and its text.
pub fn move_view(key: &str, card: &'static MoveCard) -> impl IntoView {
    let mut meta = vec![card.slot.letter().to_string()];
    if card.kind != Kind::Untyped {
        meta.push(card.kind.label().to_string());
    }
    meta.push(format!("number {}", card.number));
    let title = match key {
        "Run 1" | "Run 2" => format!("Run, type {}", &key[4..]),
        "Heal classic" => "Heal (classic)".into(),
        _ => card.name.to_string(),
    };
    let grid = move_grid(key, card).or_else(|| (card.slot == Slot::Heal).then(heal_interrupt_grid));
    view! {
        <figure class="move" data-testid=format!("card-{}", key.to_ascii_lowercase().replace(' ', "-"))>
            <figcaption><strong>{title}</strong>" "<span class="move-meta">{meta.join(" · ")}</span></figcaption>
            {grid.map(grid_view)}
            <p class="move-text">{card.text}</p>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(grid: &Grid) -> Vec<Vec<&str>> {
        grid.rows.iter().map(|r| r.iter().map(|(t, _)| t.as_str()).collect()).collect()
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
    fn punch_shows_its_damage_and_peril_by_mode() {
        let grid = move_grid("Punch", move_card("Punch").unwrap()).unwrap();
        assert_eq!(grid.id, "move-punch");
        assert_eq!(grid.head, ["Level", "Damage", "Yellow\nTrouble", "Orange\nDanger", "Red\nCritical"]);
        assert_eq!(grid.classes[2..], ["mode-yellow", "mode-orange", "mode-red"]);
        assert_eq!(
            texts(&grid),
            [["L0", "3", "–", "–", "–"], ["L1", "6", "–", "G", "G"], ["L2", "8", "–", "G", "GBP"], ["L3", "10", "G", "GB", "GBP"]]
        );
        assert_eq!(grid.rows[3][4].1, "disables Grab, Block, Punch");
    }

    #[test]
    fn rows_name_their_extras() {
        let run = move_grid("Run 1", move_card("Run 1").unwrap()).unwrap();
        let extra: Vec<&str> = texts(&run).iter().map(|r| *r.last().unwrap()).collect();
        assert_eq!(extra, ["no Interrupt", "immune to Shoot", "immune to Shoot and Block", "immune to Shoot and Block"]);
        let kick = move_grid("Kick", move_card("Kick").unwrap()).unwrap();
        assert_eq!(texts(&kick)[3], ["L3", "10", "PC", "PCS", "PCS", "hits Far only"]);
        assert_eq!(texts(&kick)[0], ["L0", "4", "–", "–", "P", ""]);
        let teashot = move_grid("TeaShot", move_card("TeaShot").unwrap()).unwrap();
        assert_eq!(teashot.head.len(), 5, "TeaShot has no extras column: even its L0 interrupts");
    }

    #[test]
    fn block_and_counter_show_what_comes_back() {
        let block = move_grid("Block", move_card("Block").unwrap()).unwrap();
        assert_eq!(texts(&block), [["L0", "none", "none"], ["L1", "half", "half"], ["L2", "full", "full"], ["L3", "1½ ×", "full"]]);
        let counter = move_grid("Counter", move_card("Counter").unwrap()).unwrap();
        assert_eq!(counter.head.last().unwrap(), "Also");
        assert_eq!(texts(&counter)[0], ["L0", "half", "none", ""]);
        assert_eq!(texts(&counter)[3], ["L3", "1½ ×", "full", "heal 2 damage when hit"]);
    }

    #[test]
    fn cards_without_a_table_have_none() {
        for key in ["Charge", "Heal", "Heal classic", "TAUNT"] {
            assert!(move_grid(key, move_card(key).unwrap()).is_none(), "{key}");
        }
        assert_eq!(texts(&heal_interrupt_grid()), [["Damage that interrupts", "5+", "5+", "4+", "3+"]]);
    }

    #[test]
    fn fighters_and_tracks_come_from_the_engine() {
        let fighters = fighters_grid();
        assert_eq!(fighters.rows.len(), 5);
        assert_eq!(texts(&fighters)[3], ["TeaBot\n☕←[▣▣]↑", "20", "–", "4", "type 2", "TeaShot takes the place of Shoot."]);
        let tracks = tracks_grid();
        assert_eq!(
            texts(&tracks),
            [
                ["20", "0–4", "5–10", "11–16", "17–20", "Tuggle, TeaBot"],
                ["25", "0–9", "10–15", "16–21", "22–25", "Mooshmere, Tremble"],
                ["30", "0–14", "15–20", "21–26", "27–30", "Wollypobber"],
            ]
        );
    }
}
