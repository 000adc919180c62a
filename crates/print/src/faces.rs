//! Card faces for the screen: every card of a game's kit drawn by the same code that prints it,
//! gathered into one SVG sprite per game (`public/faces/<game>.svg`), so a card played on the
//! site looks like the card printed at home.
//!
//! Each card front becomes a `<symbol>` whose id is `face-` and the card's name in lower case
//! ("face-guard-priority-1"). The site's `public/table.js` reads the file line by line (each
//! shared part of `<defs>` and each `<symbol>` on a line of its own) and draws only the cards a
//! page shows, as the page's own elements. The faces are drawn at the
//! kit's default card size (poker, no bleed, full colour) with every optional mode's cards
//! included. The sprite files are written by a test (`UPDATE_FACES=1 cargo test -p dojo-print
//! faces`) and the same test fails when a kit changes and the files were not rewritten.

use crate::KitError;
use crate::kit::PieceSize;
use crate::settings::Settings;
use crate::svg;

/// One card front, ready for a sprite.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    /// The id of the kit component it belongs to ("actions").
    pub component: String,
    /// Its id in the sprite: the piece's name in lower-case words joined by `-` ("guard-priority-1").
    pub id: String,
    /// Its name for people, as the kit lists it ("Guard (priority 1)").
    pub name: String,
    /// The SVG elements of the front, in millimetres from its top-left cut corner, in drawing order.
    pub elements: Vec<String>,
}

/// `text` in lower-case ASCII words joined by `-` ("Guard (priority 1)" → "guard-priority-1").
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&word.to_ascii_lowercase());
    }
    out
}

/// The components whose cards the site's tables show, by game: the rest of a kit (reference
/// cards, boards, mode cards) stays on paper. FUSION is played with two standard decks of
/// playing cards, which its kit does not print, so it has none. TAUNT shows the five fighters'
/// move cards; a monster's cards (Monsters mode) are drawn as text, as their sprite would take
/// the play page past its budget.
pub const ON_SCREEN: &[(&str, &[&str])] = &[
    ("punish", &["actions"]),
    ("dragon-punch", &["basics", "characters"]),
    ("rumble", &["powers"]),
    ("taunt", &["mooshmere", "wollypobber", "tuggle", "teabot", "tremble"]),
];

/// The settings faces are drawn with: the kit's defaults, with every optional mode's cards.
fn screen_settings(game: &str) -> Settings {
    Settings { modes: crate::kits::modes(game).iter().map(|m| m.id.to_string()).collect(), ..Settings::default() }
}

/// Every distinct card front of game `game`'s kit, in kit order (a card printed in several
/// copies appears once). Boards, tokens and other pieces of their own size are left out.
pub fn faces(game: &str) -> Result<Vec<CardFace>, KitError> {
    let make = crate::kits::find(game).ok_or_else(|| KitError::UnknownGame(game.to_string()))?;
    let settings = screen_settings(game);
    let kit = make(&crate::style_for(&settings), &settings);
    let mut out: Vec<CardFace> = Vec::new();
    for component in kit.components.iter().filter(|c| c.size == PieceSize::Card) {
        for piece in &component.pieces {
            let id = slug(&piece.name);
            if out.iter().any(|f| f.id == id && f.component == slug(component.id)) {
                continue;
            }
            let elements = svg::elements(&piece.front.shapes);
            out.push(CardFace { component: slug(component.id), id, name: piece.name.clone(), elements });
        }
    }
    Ok(out)
}

/// Cards drawn alike (one move card for each fighter, say) whose shared elements are written once.
struct Family {
    /// Each element of the family's cards: `Some` where every member draws the same one there.
    common: Vec<Option<String>>,
    /// Whether more than one card belongs to it (a family of one shares nothing).
    shared: bool,
}

impl Family {
    /// Whether `elements` is drawn almost like this family (three quarters of its elements the
    /// same, in the same places): then it joins, and the places where it differs become its own.
    fn join(&mut self, elements: &[String]) -> bool {
        if elements.len() != self.common.len() {
            return false;
        }
        let same = self.common.iter().zip(elements).filter(|(c, e)| c.as_ref() == Some(*e)).count();
        if same * 4 < elements.len() * 3 {
            return false;
        }
        for (c, e) in self.common.iter_mut().zip(elements) {
            if c.as_ref() != Some(e) {
                *c = None;
            }
        }
        self.shared = true;
        true
    }

    /// The runs of shared elements, as (first place, length).
    fn runs(&self) -> Vec<(usize, usize)> {
        let mut runs = Vec::new();
        let mut k = 0;
        while k < self.common.len() {
            let len = self.common[k..].iter().take_while(|c| c.is_some()).count();
            if len > 0 {
                runs.push((k, len));
                k += len;
            } else {
                k += 1;
            }
        }
        runs
    }
}

/// The faces the site shows of game `game` ([`ON_SCREEN`]) as one SVG sprite
/// (`public/faces/<game>.svg`), or `None` for a game with none. Each card is a `<symbol>` with
/// the card's view box in millimetres and its name as a `<title>`; what cards of one family draw
/// alike (the five fighters' Punch cards differ only in the owner's line) is written once in
/// `<defs>` and used by each, in the same drawing order.
pub fn sprite(game: &str) -> Result<Option<String>, KitError> {
    sprite_of(game, ON_SCREEN.iter().find(|(g, _)| *g == game).map_or(&[][..], |(_, list)| *list))
}

/// The sprite of the cards of components `shown` of game `game`'s kit (see [`sprite`]).
fn sprite_of(game: &str, shown: &[&str]) -> Result<Option<String>, KitError> {
    let faces: Vec<CardFace> = faces(game)?.into_iter().filter(|f| shown.contains(&f.component.as_str())).collect();
    if faces.is_empty() {
        return Ok(None);
    }
    let mut families: Vec<Family> = Vec::new();
    let mut family_of = Vec::new();
    for face in &faces {
        let found = families.iter_mut().position(|f| f.join(&face.elements));
        family_of.push(found.unwrap_or_else(|| {
            families.push(Family { common: face.elements.iter().cloned().map(Some).collect(), shared: false });
            families.len() - 1
        }));
    }
    let size = Settings::default().card.size();
    let (w, h) = (size.w, size.h);
    let mut out = String::from("<svg xmlns=\"http://www.w3.org/2000/svg\" font-family=\"DejaVu Sans, Verdana, sans-serif\"><defs>\n");
    for (f, family) in families.iter().enumerate().filter(|(_, f)| f.shared) {
        for (r, (start, len)) in family.runs().into_iter().enumerate() {
            out.push_str(&format!("<g id=\"fp{f}-{r}\">"));
            family.common[start..start + len].iter().flatten().for_each(|e| out.push_str(e));
            out.push_str("</g>\n");
        }
    }
    out.push_str("</defs>\n");
    for (face, &f) in faces.iter().zip(&family_of) {
        let family = &families[f];
        out.push_str(&format!(
            "<symbol id=\"face-{}\" viewBox=\"0 0 {w} {h}\"><title>{}</title>",
            face.id,
            face.name.replace('&', "&amp;").replace('<', "&lt;")
        ));
        let runs = if family.shared { family.runs() } else { Vec::new() };
        let mut k = 0;
        while k < face.elements.len() {
            match runs.iter().position(|(start, _)| *start == k) {
                Some(r) => {
                    out.push_str(&format!("<use href=\"#fp{f}-{r}\"/>"));
                    k += runs[r].1;
                }
                None => {
                    out.push_str(&face.elements[k]);
                    k += 1;
                }
            }
        }
        out.push_str("</symbol>\n");
    }
    out.push_str("</svg>\n");
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_words() {
        assert_eq!(slug("Guard (priority 1)"), "guard-priority-1");
        assert_eq!(slug("Tuggle's move cards"), "tuggle-s-move-cards");
        assert_eq!(slug("  "), "");
    }

    #[test]
    fn every_kit_has_distinct_card_faces() {
        for (game, _) in crate::kits::KITS {
            let faces = faces(game).unwrap();
            assert!(!faces.is_empty(), "{game} has no card faces");
            for face in &faces {
                assert!(!face.id.is_empty() && face.elements.iter().any(|e| e.starts_with("<text")), "{game}: {face:?}");
            }
            // A page holds one game's shown faces at once: their ids must not collide.
            let shown = sprite(game).unwrap().unwrap_or_default();
            let ids: Vec<&str> = shown
                .match_indices("<symbol id=\"")
                .map(|(at, tag)| {
                    let rest = &shown[at + tag.len()..];
                    &rest[..rest.find('"').unwrap()]
                })
                .collect();
            for (i, id) in ids.iter().enumerate() {
                assert!(!ids[..i].contains(id), "{game}: {id} twice");
            }
        }
        assert!(matches!(faces("chess"), Err(KitError::UnknownGame(_))));
    }

    #[test]
    fn a_family_writes_what_its_cards_share_once() {
        let shown = sprite_of("taunt", &["tuggle", "teabot"]).unwrap().unwrap();
        let punch = |owner: &str| {
            let start = shown.find(&format!("<symbol id=\"face-{owner}-punch-3\"")).unwrap();
            shown[start..start + shown[start..].find("</symbol>").unwrap()].to_string()
        };
        // Tuggle's Punch and TeaBot's use the same shared runs, and each writes its own owner line.
        let uses = |card: &str| card.matches("<use href=").count();
        assert!(uses(&punch("tuggle")) >= 2 && uses(&punch("tuggle")) == uses(&punch("teabot")));
        assert!(punch("tuggle").contains("Tuggle") && punch("teabot").contains("TeaBot") && !punch("tuggle").contains("TeaBot"));
        // A family of one (PUNISH's five different cards) is written out whole.
        let punish = sprite("punish").unwrap().unwrap();
        assert!(!punish.contains("<use href=") && punish.matches("<symbol ").count() == 5);
        assert_eq!(sprite("fusion").unwrap(), None);
    }

    /// `public/table.js` reads a sprite line by line, not as a whole document: each shared part is a
    /// `<g id="fp…">` line, each card a `<symbol id="face-…" viewBox="…">` line, and a card uses
    /// nothing but its family's parts (so a card drawn alone is whole, with no id to collide).
    #[test]
    fn a_sprite_holds_one_part_or_card_per_line() {
        for (game, _) in crate::kits::KITS {
            let Some(text) = sprite(game).unwrap() else { continue };
            let mut parts = Vec::new();
            let mut cards = 0;
            for line in text.lines() {
                if let Some(rest) = line.strip_prefix("<g id=\"fp") {
                    assert!(line.ends_with("</g>"), "{game}: a part spans lines: {line}");
                    parts.push(format!("fp{}", &rest[..rest.find('"').unwrap()]));
                } else if line.starts_with("<symbol ") {
                    assert!(line.starts_with("<symbol id=\"face-") && line.ends_with("</symbol>"), "{game}: {line}");
                    let body = &line[line.find('>').unwrap()..];
                    assert_eq!(body.matches(" id=").count(), 0, "{game}: an id inside a card: {line}");
                    for (at, _) in body.match_indices("<use href=\"#") {
                        let id = &body[at + 12..at + 12 + body[at + 12..].find('"').unwrap()];
                        assert!(parts.iter().any(|p| p == id), "{game}: {id} is not a part written above it");
                    }
                    cards += 1;
                } else {
                    assert!(!line.contains("<symbol") && !line.contains("<use"), "{game}: {line}");
                }
            }
            assert_eq!(cards, text.matches("<symbol ").count(), "{game}");
            assert!(cards > 0, "{game}");
        }
    }

    /// The sprites the site serves are the kits' faces now: rewritten with `UPDATE_FACES=1`.
    #[test]
    fn the_served_sprites_are_current() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/faces");
        let update = std::env::var_os("UPDATE_FACES").is_some();
        for (game, _) in crate::kits::KITS {
            let path = root.join(format!("{game}.svg"));
            let want = sprite(game).unwrap();
            if update {
                std::fs::create_dir_all(&root).unwrap();
                match &want {
                    Some(text) => std::fs::write(&path, text).unwrap(),
                    None => drop(std::fs::remove_file(&path)),
                }
            }
            let have = std::fs::read_to_string(&path).ok();
            assert!(have == want, "{} is out of date: run `UPDATE_FACES=1 cargo test -p dojo-print faces`", path.display());
        }
    }
}
