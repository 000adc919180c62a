//! `dojo print GAME`: writes a print-and-play PDF with the same code the site's PDF worker runs.

use crate::Flags;
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
    FLAG_KEYS.iter().map(|(flag, _)| *flag).chain(["out", "alignment"]).collect()
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
    if let Some(kit) = dojo_print::kits::find(game) {
        let ids: Vec<&str> = kit(&dojo_print::style_for(&settings)).components.iter().map(|c| c.id).collect();
        if let Some((unknown, _)) = settings.copies.iter().find(|(id, _)| !ids.contains(&id.as_str())) {
            return Err(format!("--copies: {game} has no component {unknown:?} (components: {})", ids.join(", ")));
        }
    }
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
    println!("settings: ?{}", settings.to_query());
    println!("pages: {}", document.pages.len());
    println!("pieces: {}", document.placements.len());
    println!("pdf_bytes: {}", bytes.len());
    println!("layout_ms: {}", laid_out.as_millis());
    println!("total_ms: {}", total.as_millis());
    Ok(())
}
