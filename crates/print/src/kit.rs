//! A game's print-and-play kit as data: components (action cards, heart cards, a reference
//! card, boards, tokens), each a list of pieces with a drawn front and maybe a back. Each game
//! writes one function that builds its kit; the layout code never needs to know the game.

use crate::draw::{Drawing, Ink};
use crate::geometry::Size;
use crate::settings::Settings;

/// What every drawing function is told about the print it is drawing for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The size of a card at its cut line.
    pub card: Size,
    /// How far art should run past the cut line (0 without bleed).
    pub bleed: f32,
    /// Outlines, no large fills.
    pub ink_saver: bool,
}

impl Style {
    /// A large area's fill: the colour normally, nothing in ink-saver mode.
    pub fn fill(&self, colour: Ink) -> Option<Ink> {
        (!self.ink_saver).then_some(colour)
    }

    /// Text or a symbol drawn on top of `colour` fill: white normally, the colour itself when
    /// the fill is left out to save ink (so it still reads in black and white as dark on paper).
    pub fn on(&self, colour: Ink) -> Ink {
        if self.ink_saver { colour } else { Ink::White }
    }
}

/// How big a component's pieces are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PieceSize {
    /// The card size chosen when printing.
    Card,
    /// Its own size in millimetres (boards, tokens, player mats).
    Fixed(Size),
}

/// One physical piece: a card, a board, a token.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// What it is called in listings ("Guard (priority 1)").
    pub name: String,
    /// Its front, drawn with the origin at the top-left cut corner.
    pub front: Drawing,
    /// Its back, if it has one.
    pub back: Option<Drawing>,
}

/// A group of pieces printed together.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    /// Its id in links and on the command line ("actions").
    pub id: &'static str,
    /// Its name for people ("Action cards").
    pub name: String,
    /// One line on what it is for.
    pub about: String,
    /// How big its pieces are.
    pub size: PieceSize,
    /// Copies printed unless the person chooses otherwise.
    pub default_copies: u8,
    /// The pieces of one copy.
    pub pieces: Vec<Piece>,
    /// The kit's optional ways to play (ids of [`Kit::modes`]) this component is for: it prints
    /// only when one of them is chosen. Empty for what every game needs.
    pub modes: &'static [&'static str],
}

impl Component {
    /// A component every way of playing needs (no [`Component::modes`]).
    pub fn new(id: &'static str, name: &str, about: &str, size: PieceSize, default_copies: u8, pieces: Vec<Piece>) -> Self {
        Component { id, name: name.into(), about: about.into(), size, default_copies, pieces, modes: &[] }
    }
}

/// One of a game's optional ways to play whose extra pieces a person may choose to print
/// ("Monsters"). The basic game's pieces always print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KitMode {
    /// Its id in links and on the command line ("monsters").
    pub id: &'static str,
    /// Its name for people ("Monsters").
    pub name: &'static str,
    /// One line on what choosing it adds.
    pub about: &'static str,
}

/// A game's whole kit.
#[derive(Clone, Debug, PartialEq)]
pub struct Kit {
    /// The game's id, as in `/print/<game>`.
    pub game: &'static str,
    /// The game's name as printed.
    pub title: &'static str,
    /// Components in the order they print.
    pub components: Vec<Component>,
    /// The optional ways to play whose components print only when chosen.
    pub modes: &'static [KitMode],
    /// The name of the card set printed, for games whose cards people may type in (DRAGON
    /// PUNCH); `None` for games with one fixed set of cards.
    pub card_set: Option<String>,
}

/// A component's id, name and default copies: what the settings form lists, without drawing anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentInfo {
    /// Its id in links.
    pub id: &'static str,
    /// Its name for people.
    pub name: String,
    /// Pieces in one copy.
    pub pieces: u8,
    /// Copies printed by default.
    pub default_copies: u8,
}

impl Kit {
    /// The components `settings` print: every one that belongs to no mode, and those of the
    /// modes chosen.
    pub fn chosen<'k>(&'k self, settings: &'k Settings) -> impl Iterator<Item = &'k Component> {
        self.components.iter().filter(|c| settings.includes(c.modes))
    }

    /// What the settings form needs to know about each component these settings print.
    pub fn infos(&self, settings: &Settings) -> Vec<ComponentInfo> {
        self.chosen(settings)
            .map(|c| ComponentInfo { id: c.id, name: c.name.clone(), pieces: c.pieces.len() as u8, default_copies: c.default_copies })
            .collect()
    }
}
