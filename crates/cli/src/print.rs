//! `dojo print GAME`: writes a print-and-play PDF with the same code the site's PDF worker runs.

use crate::Flags;
use dojo_games::dragon_punch::CardSet;
use dojo_games::rumble::share::PowerList;
use dojo_print::settings::Settings;
use std::time::Instant;

/// Command-line flag → share-link key. Every print setting has a flag.
const FLAG_KEYS: &[(&str, &str)] = &[
    ("paper", "paper"),
    ("orient", "orient"),
    ("card", "card"),
    ("duplex", "backs"),
    ("bleed", "bleed"),
    ("gutter", "gutter"),
    ("crop", "crop"),
    ("dx", "dx"),
    ("dy", "dy"),
    ("ink-saver", "ink"),
    ("modes", "modes"),
    ("copies", "copies"),
];

/// The flags `dojo print` takes.
pub fn known_flags() -> Vec<&'static str> {
    FLAG_KEYS.iter().map(|(flag, _)| *flag).chain(["out", "alignment", "set"]).collect()
}

/// Reads `--set` for `game`'s kit: a file holding its set as JSON (DRAGON PUNCH's card set, as
/// the editor and the engine write it; Rumble's power list, `{"set": [...], "typed": [...]}`)
/// or as a link piece (`1.…`, alone or inside a whole share link), or such a piece given
/// directly. The set is checked as the site checks it; the result is the link piece to print.
pub fn read_set(game: &str, value: &str) -> Result<String, String> {
    let path = std::path::Path::new(value);
    let text = if path.is_file() {
        std::fs::read_to_string(path).map_err(|e| format!("--set: cannot read {value}: {e}"))?
    } else if value.starts_with("1.") || value.contains("set=") {
        value.to_string()
    } else {
        return Err(format!("--set: there is no file {value:?} (give a JSON {} or a link piece starting with 1.)", what(game)));
    };
    let text = text.trim();
    if text.starts_with('{') {
        return match game {
            "rumble" => {
                let list: PowerList = serde_json::from_str(text).map_err(|e| format!("--set: {value} is not a power list: {e}"))?;
                let piece = list.to_link();
                PowerList::from_link(&piece).map_err(|e| format!("--set: the power list in {value} breaks a rule: {e}"))?;
                Ok(piece)
            }
            _ => {
                let set: CardSet = serde_json::from_str(text).map_err(|e| format!("--set: {value} is not a card set: {e}"))?;
                set.check().map_err(|e| format!("--set: the card set in {value} breaks a rule: {e}"))?;
                Ok(set.to_link())
            }
        };
    }
    // A whole link (`…/print/dragon-punch?set=1.…&ink=1`) carries the piece after `set=`.
    let piece = match text.split_once("set=") {
        Some((_, rest)) => rest.split(['&', '#']).next().unwrap_or_default(),
        None => text,
    };
    match game {
        "rumble" => PowerList::from_link(piece).map(|list| list.to_link()).map_err(|e| format!("--set: {e}")),
        _ => CardSet::from_link(piece).map(|set| set.to_link()).map_err(|e| format!("--set: {e}")),
    }
}

/// What `game`'s `--set` holds, for messages.
fn what(game: &str) -> &'static str {
    if game == "rumble" { "power list" } else { "card set" }
}

/// Builds the kit for `game` with the settings in `flags` and writes it to `--out`.
pub fn run(game: &str, flags: &Flags) -> Result<(), String> {
    let mut settings = Settings::default();
    let modes = dojo_print::kits::modes(game);
    // `--modes all` saves typing every mode's id; the link then lists them.
    let all: Vec<&str> = modes.iter().map(|m| m.id).collect();
    let all = all.join(",");
    for (flag, key) in FLAG_KEYS {
        if let Some(value) = flags.value(flag) {
            let value = if *flag == "modes" && value == "all" { all.as_str() } else { value };
            settings.set(key, value).map_err(|e| format!("--{flag}: {e}"))?;
        }
    }
    if let Some(unknown) = settings.modes.iter().find(|id| !modes.iter().any(|m| m.id == id.as_str())) {
        let offered = if modes.is_empty() { format!("{game} has none") } else { format!("{all} or all") };
        return Err(format!("--modes: {game} has no mode {unknown:?} ({offered})"));
    }
    if let Some(value) = flags.value("set") {
        if !dojo_print::kits::takes_set(game) {
            return Err(format!("--set: {game}'s kit has one fixed set of cards (dragon-punch and rumble take --set)"));
        }
        settings.set = Some(read_set(game, value)?);
        // A piece that reads may still break a rule of the kit (an empty power list).
        if let Some(problem) = dojo_print::kits::set_problem(game, &settings) {
            return Err(format!("--set: {problem}"));
        }
    }
    if let Some(kit) = dojo_print::kits::find(game) {
        let ids: Vec<&str> = kit(&dojo_print::style_for(&settings), &settings).components.iter().map(|c| c.id).collect();
        if let Some((unknown, _)) = settings.copies.iter().find(|(id, _)| !ids.contains(&id.as_str())) {
            return Err(format!("--copies: {game} has no component {unknown:?} (components: {})", ids.join(", ")));
        }
    }
    let set_name = dojo_print::kits::find(game).and_then(|kit| kit(&dojo_print::style_for(&settings), &settings).card_set);
    let out = flags.value("out").ok_or("where to? give -o FILE.pdf")?;
    let alignment = flags.get("alignment", 0u8)? == 1;
    let started = Instant::now();
    let document = if alignment {
        dojo_print::document::alignment_sheet(&settings).map_err(|e| e.to_string())?
    } else {
        dojo_print::document_for(game, &settings).map_err(|e| match e {
            dojo_print::KitError::UnknownGame(_) => {
                let kits: Vec<&str> = dojo_print::kits::games().map(|g| g.id).collect();
                format!("{e} (kits: {})", kits.join(", "))
            }
            other => other.to_string(),
        })?
    };
    let laid_out = started.elapsed();
    let created = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64));
    let bytes = dojo_print::pdf::render(&document, created).map_err(|e| e.to_string())?;
    let total = started.elapsed();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("file: {out}");
    if let Some(name) = set_name {
        println!("set: {name}");
    }
    println!("settings: ?{}", settings.to_query());
    println!("pages: {}", document.pages.len());
    println!("pieces: {}", document.placements.len());
    println!("pdf_bytes: {}", bytes.len());
    println!("layout_ms: {}", laid_out.as_millis());
    println!("total_ms: {}", total.as_millis());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::dragon_punch::set::reconstructed;

    fn temp_file(name: &str, text: &str) -> String {
        let path = std::env::temp_dir().join(format!("dojo-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    }

    #[test]
    fn a_set_is_read_from_json_a_link_piece_or_a_whole_link() {
        let mut set = reconstructed();
        set.name = "Our table's cards".into();
        let json = temp_file("set.json", &serde_json::to_string_pretty(&set).unwrap());
        let link = set.to_link();
        assert_eq!(read_set("dragon-punch", &json), Ok(link.clone()));
        let piece = temp_file("set.txt", &format!("{}\n", set.to_link()));
        assert_eq!(read_set("dragon-punch", &piece), Ok(link.clone()));
        assert_eq!(read_set("dragon-punch", &set.to_link()), Ok(link.clone()));
        assert_eq!(read_set("dragon-punch", &format!("https://example.org/print/dragon-punch?ink=1&set={link}&card=mini")), Ok(link));
    }

    #[test]
    fn a_bad_set_says_why() {
        let missing = read_set("dragon-punch", "no-such-file.json").unwrap_err();
        assert!(missing.contains("there is no file"), "{missing}");
        let not_json = read_set("dragon-punch", &temp_file("bad.json", "{\"name\": 3}")).unwrap_err();
        assert!(not_json.contains("is not a card set"), "{not_json}");
        let mut broken = reconstructed();
        broken.basics.pop();
        let rule = read_set("dragon-punch", &temp_file("five.json", &serde_json::to_string(&broken).unwrap())).unwrap_err();
        assert!(rule.contains("breaks a rule") && rule.contains("6 basic cards"), "{rule}");
        let damaged = read_set("dragon-punch", "1.abc!").unwrap_err();
        assert!(damaged.contains("damaged"), "{damaged}");
    }

    #[test]
    fn only_a_kit_that_takes_a_set_accepts_one() {
        let flags = Flags(vec![("set".into(), reconstructed().to_link()), ("out".into(), "/dev/null".into())]);
        let refused = run("punish", &flags).unwrap_err();
        assert!(refused.contains("one fixed set of cards"), "{refused}");
    }

    #[test]
    fn a_power_list_is_read_from_json_or_a_link_and_printed() {
        use dojo_games::rumble::catalog::{Kind, PowerId};
        use dojo_games::rumble::setup::Invented;
        let power = Invented {
            author: 0,
            name: "<b>Bold</b> & Co".into(),
            text: "Gain 5 Energy.".into(),
            kind: Kind::Normal,
            cost: None,
            activate: None,
            exhaust: None,
            targets: false,
        };
        let list = PowerList { set: vec![PowerId::Flight, PowerId::ToughSkin], typed: vec![power] };
        let json = temp_file("powers.json", &serde_json::to_string_pretty(&list).unwrap());
        assert_eq!(read_set("rumble", &json), Ok(list.to_link()));
        assert_eq!(read_set("rumble", &format!("https://example.org/print/rumble?set={}", list.to_link())), Ok(list.to_link()));
        let not_a_list = read_set("rumble", &temp_file("cards.json", &serde_json::to_string(&reconstructed()).unwrap())).unwrap_err();
        assert!(not_a_list.contains("is not a power list"), "{not_a_list}");
        let out = std::env::temp_dir().join(format!("dojo-cli-{}-rumble.pdf", std::process::id()));
        let flags = Flags(vec![("set".into(), json), ("out".into(), out.to_string_lossy().into_owned())]);
        run("rumble", &flags).expect("a kit with a typed power");
        assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF-"));
        let empty = temp_file("empty.json", "{\"set\": []}");
        let refused = run("rumble", &Flags(vec![("set".into(), empty), ("out".into(), "/dev/null".into())])).unwrap_err();
        assert!(refused.contains("holds no powers"), "{refused}");
    }
}
