//! Print-and-play kits for the Pocket Dojo games.
//!
//! - [`geometry`], [`layout`]: paper, card sizes and where pieces go, in millimetres.
//! - [`draw`], [`text`], [`symbols`]: the display list kits draw into, with text measured in
//!   the bundled DejaVu Sans so lines break the same in the preview and the PDF.
//! - [`kit`], [`kits`]: each game's components as data plus drawing functions.
//! - [`settings`]: what a person chooses, and its share-link form.
//! - [`document`]: kit + settings → pages (instructions, sheets, backs, alignment test).
//! - [`faces`]: every card front as an SVG sprite, for cards on screen that match the print.
//! - [`svg`] for the live preview; [`pdf`] (feature `pdf`) for the file.
#![deny(missing_docs)]

pub mod document;
pub mod draw;
pub mod faces;
pub mod geometry;
pub mod kit;
pub mod kits;
pub mod layout;
pub mod metrics;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod settings;
pub mod svg;
pub mod symbols;
pub mod text;

use document::{BuildError, Document};
use kit::Style;
use settings::Settings;

/// The print style a kit is drawn in for these settings.
pub fn style_for(settings: &Settings) -> Style {
    Style { card: settings.card.size(), bleed: if settings.bleed { layout::BLEED } else { 0.0 }, ink_saver: settings.ink_saver }
}

/// How many cards fit on one sheet with these settings (0 if none fit).
pub fn cards_per_sheet(settings: &Settings) -> usize {
    let page = settings.orientation.apply(settings.paper.size());
    layout::SheetLayout::new(page, settings.card.size(), settings.bleed, f32::from(settings.gutter_mm), settings.backs)
        .map_or(0, |sheet| sheet.grid.capacity())
}

/// The same settings with the paper turned the other way.
pub fn turned(settings: &Settings) -> Settings {
    let orientation = match settings.orientation {
        geometry::Orientation::Portrait => geometry::Orientation::Landscape,
        geometry::Orientation::Landscape => geometry::Orientation::Portrait,
    };
    Settings { orientation, ..settings.clone() }
}

/// Why a kit could not be made.
#[derive(Clone, Debug, PartialEq)]
pub enum KitError {
    /// No game has this id, or the game has no kit yet.
    UnknownGame(String),
    /// The settings do not produce a printable layout.
    Layout(BuildError),
}

impl std::fmt::Display for KitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KitError::UnknownGame(id) => write!(f, "there is no print-and-play kit for '{id}'"),
            KitError::Layout(e) => e.fmt(f),
        }
    }
}

/// Lays out game `game`'s kit with `settings`.
pub fn document_for(game: &str, settings: &Settings) -> Result<Document, KitError> {
    let make = kits::find(game).ok_or_else(|| KitError::UnknownGame(game.to_string()))?;
    document::build(&make(&style_for(settings), settings), settings).map_err(KitError::Layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_fits_more_poker_cards_on_landscape_a4() {
        let (portrait, _) = Settings::from_query("backs=fold");
        assert_eq!(cards_per_sheet(&portrait), 3);
        assert_eq!(cards_per_sheet(&turned(&portrait)), 4);
        assert_eq!(cards_per_sheet(&Settings::default()), 9);
    }
}
