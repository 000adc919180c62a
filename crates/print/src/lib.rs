//! Print-and-play kits for the Pocket Dojo games.
//!
//! - [`geometry`], [`layout`]: paper, card sizes and where pieces go, in millimetres.
//! - [`draw`], [`text`], [`symbols`]: the display list kits draw into, with text measured in
//!   the bundled DejaVu Sans so lines break the same in the preview and the PDF.
//! - [`kit`], [`kits`]: each game's components as data plus drawing functions.
//! - [`settings`]: what a person chooses, and its share-link form.
//! - [`document`]: kit + settings → pages (instructions, sheets, backs, alignment test).
//! - [`svg`] for the live preview; [`pdf`] (feature `pdf`) for the file.
#![deny(missing_docs)]

pub mod document;
pub mod draw;
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
    document::build(&make(&style_for(settings)), settings).map_err(KitError::Layout)
}
