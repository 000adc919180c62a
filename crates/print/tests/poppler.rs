//! Reads the PDFs back with poppler (`pdfinfo`, `pdffonts`, `pdftotext -bbox`) and checks them
//! against the layout: page sizes, embedded fonts, every card named, no "?", cards where the
//! layout put them, and every back exactly behind its front for each way of printing backs.
//! `scripts/setup.sh` installs poppler-utils.

use dojo_print::document::Document;
use dojo_print::geometry::{MM_PER_PT, Rect};
use dojo_print::settings::Settings;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Lays out and writes PUNISH's kit for the settings in `query`; returns the document and the file.
fn kit(query: &str) -> (Document, PathBuf) {
    let (settings, problems) = Settings::from_query(query);
    assert!(problems.is_empty(), "{problems:?}");
    let document = dojo_print::document_for("punish", &settings).expect("the kit lays out");
    write(document, query)
}

fn write(document: Document, name: &str) -> (Document, PathBuf) {
    let bytes = dojo_print::pdf::render(&document, 1_790_000_000).expect("the PDF renders");
    let dir = std::env::temp_dir().join(format!("dojo-print-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Tests run in parallel and may write the same settings: every file gets its own number.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let file = dir.join(format!("{n}-{}.pdf", if name.is_empty() { "default".to_string() } else { name.replace(['&', '='], "_") }));
    std::fs::write(&file, bytes).unwrap();
    (document, file)
}

fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {tool} ({e}): install poppler-utils (scripts/setup.sh does)"));
    assert!(out.status.success(), "{tool} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("poppler prints UTF-8")
}

/// A word and its box in millimetres from the page's top-left corner.
#[derive(Debug)]
struct Word {
    text: String,
    rect: Rect,
}

/// The words of page `page` (from 1) with their boxes.
fn words(file: &Path, page: usize) -> Vec<Word> {
    let p = page.to_string();
    let html = poppler("pdftotext", &["-bbox", "-f", &p, "-l", &p, file.to_str().unwrap(), "-"]);
    let attr = |line: &str, name: &str| -> f32 {
        let start = line.find(&format!("{name}=\"")).expect("attribute") + name.len() + 2;
        line[start..].split('"').next().unwrap().parse::<f32>().unwrap() * MM_PER_PT
    };
    html.lines()
        .filter(|l| l.trim_start().starts_with("<word "))
        .map(|l| {
            let (x0, y0, x1, y1) = (attr(l, "xMin"), attr(l, "yMin"), attr(l, "xMax"), attr(l, "yMax"));
            let text = l.split('>').nth(1).unwrap().split('<').next().unwrap().to_string();
            Word { text, rect: Rect::new(x0, y0, x1 - x0, y1 - y0) }
        })
        .collect()
}

#[test]
fn pages_are_exactly_a4_or_letter_in_either_orientation() {
    for (query, size) in [
        ("", "595.28 x 841.89"),
        ("paper=letter", "612 x 792"),
        ("orient=landscape", "841.89 x 595.28"),
        ("paper=letter&orient=landscape&backs=fold", "792 x 612"),
    ] {
        let (document, file) = kit(query);
        let info = poppler("pdfinfo", &["-l", "999", file.to_str().unwrap()]);
        let sizes: Vec<String> = info
            .lines()
            .filter(|l| l.starts_with("Page") && l.contains("size:"))
            .map(|l| {
                let dims: Vec<f64> = l.split(':').nth(1).unwrap().split_whitespace().filter_map(|t| t.parse().ok()).collect();
                let fmt = |v: f64| {
                    let r = format!("{v:.2}");
                    r.trim_end_matches('0').trim_end_matches('.').to_string()
                };
                format!("{} x {}", fmt(dims[0]), fmt(dims[1]))
            })
            .collect();
        assert_eq!(sizes.len(), document.pages.len(), "{query}");
        assert!(sizes.iter().all(|s| s == size), "{query}: {sizes:?}");
    }
}

#[test]
fn every_font_is_embedded_and_every_card_is_named_without_question_marks() {
    for query in ["", "ink=1&card=mini", "backs=fold"] {
        let (_, file) = kit(query);
        let fonts = poppler("pdffonts", &[file.to_str().unwrap()]);
        // Past the header line and its underline.
        let rows: Vec<&str> = fonts.lines().filter(|l| !l.starts_with("name") && !l.starts_with("---")).collect();
        assert_eq!(rows.len(), 2, "{fonts}");
        for row in rows {
            let cols: Vec<&str> = row.split_whitespace().collect();
            // name, type (2 words), encoding, emb, sub, uni, object, generation
            assert_eq!(&cols[cols.len() - 5..cols.len() - 2], ["yes", "yes", "yes"], "embedded, subset, with Unicode map: {row}");
        }
        let text = poppler("pdftotext", &[file.to_str().unwrap(), "-"]);
        for name in ["GUARD", "RUSH", "DODGE", "STRIKE", "PUNISH", "HEART", "LOST", "Statuses", "♥", "♡", "×", "–"] {
            assert!(text.contains(name), "{query}: '{name}' not in the text");
        }
        assert!(!text.contains('?'), "{query}: a '?' in the text");
    }
}

#[test]
fn fronts_are_where_the_layout_put_them() {
    let (document, file) = kit("paper=letter&gutter=3");
    let mut checked = 0;
    for (index, page) in document.pages.iter().enumerate() {
        if !matches!(page.role, dojo_print::document::PageRole::Fronts(_)) {
            continue;
        }
        let found = words(&file, index + 1);
        for placed in document.placements.iter().filter(|p| p.front_page == index) {
            // Each card's title word: its name in capitals, or the reference card's heading.
            let title = match placed.component {
                "reference" => "PUNISH".to_string(),
                _ => placed.name.split_whitespace().next().unwrap().to_uppercase(),
            };
            let inside = found.iter().filter(|w| w.text == title && placed.front.contains(&w.rect, 0.1)).count();
            assert_eq!(inside, 1, "{} on page {}: its title '{title}' should be inside its box {:?}", placed.name, index + 1, placed.front);
            checked += 1;
        }
    }
    assert_eq!(checked, 24);
}

/// The test's own model of a sheet turned over: the point behind (x, y) on the back page.
fn behind(x: f32, y: f32, page: (f32, f32), turns_over_vertical_axis: bool) -> (f32, f32) {
    if turns_over_vertical_axis { (page.0 - x, y) } else { (x, page.1 - y) }
}

/// Checks that each action card's back wordmark sits behind its front, `offset` mm moved.
fn check_backs(query: &str, vertical_axis: bool, offset: (f32, f32)) {
    let (document, file) = kit(query);
    let mut checked = 0;
    for (index, page) in document.pages.iter().enumerate() {
        let dojo_print::document::PageRole::Backs(_) = page.role else { continue };
        let front_page = index - 1;
        let marks: Vec<Word> = words(&file, index + 1).into_iter().filter(|w| w.text == "PUNISH").collect();
        for placed in document.placements.iter().filter(|p| p.front_page == front_page && p.component == "actions") {
            let c = placed.front.centre();
            let (bx, by) = behind(c.x, c.y, (page.size.w, page.size.h), vertical_axis);
            let (bx, by) = (bx + offset.0, by + offset.1);
            let mark = marks
                .iter()
                .find(|w| (w.rect.centre().x - bx).abs() < 0.3 && (w.rect.centre().y - by).abs() < 3.0)
                .unwrap_or_else(|| panic!("{query}: no back behind {} at ({bx:.1}, {by:.1}) mm; marks at {marks:?}", placed.name));
            assert!(mark.rect.w > 10.0, "the wordmark is the card back's, not a caption");
            checked += 1;
        }
    }
    assert_eq!(checked, 15, "{query}: every action card's back was checked");
}

#[test]
fn duplex_backs_sit_exactly_behind_their_fronts() {
    // A portrait sheet flipped on its long edge turns over a vertical axis; on its short edge,
    // a horizontal one. Landscape sheets the other way round.
    check_backs("", true, (0.0, 0.0));
    check_backs("backs=short", false, (0.0, 0.0));
    check_backs("paper=letter&orient=landscape", false, (0.0, 0.0));
    check_backs("paper=letter&orient=landscape&backs=short&card=bridge", true, (0.0, 0.0));
    check_backs("dx=1.5&dy=-0.7", true, (1.5, -0.7));
}

#[test]
fn folded_backs_mirror_their_fronts_across_the_fold_line() {
    let (document, file) = kit("backs=fold");
    // Every page after the instructions.
    for (index, page) in document.pages.iter().enumerate().filter(|(index, _)| *index > 0) {
        let marks: Vec<Word> = words(&file, index + 1).into_iter().filter(|w| w.text == "PUNISH" && w.rect.w > 10.0).collect();
        for placed in document.placements.iter().filter(|p| p.front_page == index && p.component == "actions") {
            let c = placed.front.centre();
            let fold = page.size.h / 2.0;
            let (bx, by) = (c.x, 2.0 * fold - c.y);
            assert!(
                marks.iter().any(|w| (w.rect.centre().x - bx).abs() < 0.3 && (w.rect.centre().y - by).abs() < 3.0),
                "no folded back for {} on page {}",
                placed.name,
                index + 1
            );
        }
    }
}

#[test]
fn the_alignment_test_is_two_pages_of_the_chosen_paper() {
    let (settings, _) = Settings::from_query("paper=letter&backs=short");
    let (document, file) = write(dojo_print::document::alignment_sheet(&settings).unwrap(), "alignment");
    assert_eq!(document.pages.len(), 2);
    let info = poppler("pdfinfo", &[file.to_str().unwrap()]);
    assert!(info.contains("Pages:           2") && info.contains("612 x 792"), "{info}");
    let text = poppler("pdftotext", &[file.to_str().unwrap(), "-"]);
    assert!(text.contains("Alignment test") && text.contains("across (x)"));
}

/// Lays out and writes TAUNT's kit for the settings in `query`.
fn taunt_kit(query: &str) -> (Document, PathBuf) {
    let (settings, problems) = Settings::from_query(query);
    assert!(problems.is_empty(), "{problems:?}");
    let document = dojo_print::document_for("taunt", &settings).expect("the kit lays out");
    write(document, &format!("taunt-{query}"))
}

#[test]
fn taunt_s_pdf_names_every_move_and_numbers_every_track_space() {
    use dojo_games::taunt::moves::Slot;
    use dojo_games::taunt::track::TRACK_LENGTHS;
    use dojo_games::taunt::{FIGHTERS, HealCard};
    for query in ["", "ink=1&paper=letter&orient=landscape", "backs=fold&card=mini"] {
        let (document, file) = taunt_kit(query);
        let path = file.to_str().unwrap();
        let fonts = poppler("pdffonts", &[path]);
        let rows: Vec<&str> = fonts.lines().filter(|l| !l.starts_with("name") && !l.starts_with("---")).collect();
        assert_eq!(rows.len(), 2, "{fonts}");
        for row in rows {
            let cols: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(&cols[cols.len() - 5..cols.len() - 2], ["yes", "yes", "yes"], "embedded, subset, with Unicode map: {row}");
        }
        let text = poppler("pdftotext", &[path, "-"]);
        assert!(!text.contains('?'), "{query}: a '?' in the text");
        for fighter in &FIGHTERS {
            assert!(text.contains(fighter.name) && text.contains(fighter.face), "{query}: {}", fighter.name);
            for slot in Slot::ALL {
                let card = fighter.move_card(slot, HealCard::Standard);
                assert!(text.contains(card.name), "{query}: the move '{}' is not in the text", card.name);
            }
        }
        for word in ["Yellow", "Orange", "Red", "Near", "Far", "D1", "D4", "↑", "♥", "LEFT DOJO", "RIGHT DOJO"] {
            assert!(text.contains(word), "{query}: '{word}' not in the text");
        }
        // Each board's title, and every space from 0 to its end as a word of its own.
        for critical in TRACK_LENGTHS {
            let placed = document.placements.iter().find(|p| p.name == format!("Danger Track {critical}")).expect("every track prints");
            let page = (placed.front_page + 1).to_string();
            let words: Vec<String> =
                words(&file, placed.front_page + 1).into_iter().filter(|w| placed.front.contains(&w.rect, 0.5)).map(|w| w.text).collect();
            assert!(words.join(" ").contains(&format!("TRACK {critical}")), "{query}: page {page}: {words:?}");
            for damage in 0..=critical {
                assert!(words.contains(&damage.to_string()), "{query}: space {damage} of track {critical} is not on page {page}");
            }
        }
    }
}

#[test]
fn taunt_s_mode_pieces_print_with_their_words_and_fonts() {
    use dojo_games::taunt::modes_data::{MONSTER_TEAM, SWITCH_CARDS};
    let modes: Vec<&str> = dojo_print::kits::modes("taunt").iter().map(|m| m.id).collect();
    for query in [format!("modes={}", modes.join(",")), format!("ink=1&card=mini&paper=letter&modes={}", modes.join(","))] {
        let (document, file) = taunt_kit(&query);
        let path = file.to_str().unwrap();
        let fonts = poppler("pdffonts", &[path]);
        assert_eq!(fonts.lines().filter(|l| l.contains(" yes yes yes ")).count(), 2, "{query}: {fonts}");
        let text = poppler("pdftotext", &[path, "-"]);
        assert!(!text.contains('?'), "{query}: a '?' in the text");
        let titles = ["Free-for-All", "Last Pobber Standing", "2v2 Team Battle", "Monsters", "Wampires", "MONSTER TEAM", "WAMPIRE BLOOD"];
        for word in titles.iter().chain(&["D5", "D6", "Knockouts by blood", "With 3 or more fighters", "Switching"]) {
            assert!(text.contains(word), "{query}: '{word}' not in the text");
        }
        for switch in SWITCH_CARDS {
            assert!(text.contains(switch.name), "{query}: {}", switch.name);
        }
        assert!(text.contains(&format!("Critical Damage\n\n{}", MONSTER_TEAM.critical_damage)) || text.contains("Critical Damage"));
        // Every blood space from 0 to 49 is a word of its own on the blood board.
        let board = document.placements.iter().find(|p| p.component == "blood").expect("the blood board prints");
        let words: Vec<String> =
            words(&file, board.front_page + 1).into_iter().filter(|w| board.front.contains(&w.rect, 0.5)).map(|w| w.text).collect();
        for blood in 0..50 {
            assert!(words.contains(&blood.to_string()), "{query}: blood {blood} is not on the board");
        }
    }
}

/// Lays out and writes DRAGON PUNCH's kit for the settings in `query`.
fn dragon_punch_kit(query: &str) -> (Document, PathBuf) {
    let (settings, problems) = Settings::from_query(query);
    assert!(problems.is_empty(), "{problems:?}");
    let document = dojo_print::document_for("dragon-punch", &settings).expect("the kit lays out");
    write(document, &format!("dragon-punch-{}", query.split("set=").next().unwrap_or_default()))
}

#[test]
fn dragon_punch_s_pdf_names_every_move_of_the_set_it_was_given() {
    use dojo_games::dragon_punch::set::reconstructed;
    let mut typed = reconstructed();
    typed.name = "Our table's cards".into();
    typed.characters[0].name = "Sakura the Typed".into();
    typed.basics[2].red.name = "Atomic Élan".into();
    let typed_query = format!("ink=1&card=mini&set={}", typed.to_link());
    for (query, set) in [(String::new(), reconstructed()), ("backs=fold&paper=letter".into(), reconstructed()), (typed_query, typed)] {
        let (document, file) = dragon_punch_kit(&query);
        let path = file.to_str().unwrap();
        let fonts = poppler("pdffonts", &[path]);
        assert_eq!(fonts.lines().filter(|l| l.contains(" yes yes yes ")).count(), 2, "{fonts}");
        let text = poppler("pdftotext", &[path, "-"]);
        assert!(!text.contains('?'), "a '?' in the text");
        // Names may wrap or be set upside down (poppler then reads them backwards): look for
        // each word, forwards or reversed.
        let has = |word: &str| text.contains(word) || text.contains(&word.chars().rev().collect::<String>());
        let moves = set.basics.iter().flat_map(|b| [&b.white, &b.red]).chain(set.characters.iter().flat_map(|c| &c.moves));
        for name in moves.map(|m| m.name.to_string()).chain(set.characters.iter().map(|c| c.name.clone())) {
            for word in name.split_whitespace() {
                assert!(has(word), "'{word}' of '{name}' is not in the text");
            }
        }
        for word in ["WHITE", "RED", "HEALTH", "ROUNDS", "Initiative", "DRAGON"] {
            assert!(has(word), "'{word}' is not in the text");
        }
        assert!(text.contains(set.name.split_whitespace().next().unwrap()), "the set's name");
        // Two of each basic card by default, one of each character, two health and reference cards.
        assert_eq!(document.placements.len(), 2 * 6 + set.characters.len() + 2 + 2);
    }
}
