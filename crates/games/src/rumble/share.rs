//! A table's powers as a piece of a link: which cards of the set are in play and the powers
//! people typed in, so the lobby, the print page and a friend read the same list.
//!
//! The piece is `1.` followed by the list's JSON in URL-safe base64 without padding. Reading it
//! checks every typed-in power, so a piece that decodes is one the table can play and print.

use super::catalog::{Kind, PowerId};
use super::setup::{INVENTED_PER_PLAYER, Invented, MAX_NAME, MAX_TEXT};
use crate::link::PieceFault;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest link piece read, in characters.
pub const MAX_LINK: usize = 16_000;

/// The powers of a table: cards of the set and typed-in powers (whose `author` is a seat).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerList {
    /// Cards of the set in play.
    pub set: Vec<PowerId>,
    /// Powers people typed in.
    #[serde(default)]
    pub typed: Vec<Invented>,
}

/// Why a link's power list could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The piece itself cannot be read (empty, too long, unknown version, damaged).
    Piece(PieceFault),
    /// The decoded text is not a power list.
    NotAList {
        /// What the reader said.
        reason: String,
    },
    /// A typed-in power breaks a rule (its place in the list, and why).
    Invalid(usize, &'static str),
    /// The list holds no power at all.
    NoPowers,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Piece(fault) => write!(f, "{fault}"),
            LinkError::NotAList { reason } => write!(f, "the link does not hold a power list: {reason}"),
            LinkError::Invalid(i, why) => write!(f, "typed-in power {} {why}", i + 1),
            LinkError::NoPowers => write!(f, "the link's power list holds no powers"),
        }
    }
}

impl PowerList {
    /// Every problem of the typed-in powers, with their places, for a form to show.
    pub fn problems(&self) -> Vec<(usize, &'static str)> {
        let mut out = Vec::new();
        for (i, p) in self.typed.iter().enumerate() {
            if p.name.trim().is_empty() || p.name.chars().count() > MAX_NAME {
                out.push((i, "needs a name of 1 to 40 characters"));
            }
            if p.text.trim().is_empty() || p.text.chars().count() > MAX_TEXT {
                out.push((i, "needs a text of 1 to 300 characters"));
            }
            if p.kind == Kind::Curse {
                out.push((i, "cannot be a Curse (write what it does in its text)"));
            }
            if p.cost.is_some_and(|(_, a)| a.is_some_and(|a| a == 0 || a > 100)) || p.activate == Some(0) || p.exhaust == Some(0) {
                out.push((i, "has a keyword number out of range (costs 1 to 100, limits 1 or more)"));
            }
            if self.typed.iter().filter(|q| q.author == p.author).count() > INVENTED_PER_PLAYER {
                out.push((i, "is one too many for its author (two each)"));
            }
        }
        out
    }

    /// The list as a link piece.
    pub fn to_link(&self) -> String {
        crate::link::to_piece(self)
    }

    /// Reads and checks a list from a piece made by [`PowerList::to_link`].
    pub fn from_link(piece: &str) -> Result<PowerList, LinkError> {
        let json = crate::link::piece_json(piece, MAX_LINK).map_err(LinkError::Piece)?;
        let json = String::from_utf8(json).map_err(|e| LinkError::NotAList { reason: e.to_string() })?;
        let mut list: PowerList = dojo_engine::json::from_str(&json).map_err(|e| LinkError::NotAList { reason: e.to_string() })?;
        if let Some((i, why)) = list.problems().first() {
            return Err(LinkError::Invalid(*i, why));
        }
        list.set.dedup();
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(name: &str) -> Invented {
        Invented {
            author: 0,
            name: name.into(),
            text: "Gain 5 Energy <b>now</b> & then.".into(),
            kind: Kind::Normal,
            cost: None,
            activate: None,
            exhaust: None,
            targets: false,
        }
    }

    #[test]
    fn a_power_list_travels_by_link_with_typed_text_kept_as_text() {
        let list = PowerList { set: vec![PowerId::Flight, PowerId::ToughSkin], typed: vec![typed("<script>x</script>")] };
        let link = list.to_link();
        assert!(link.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "{link}");
        assert_eq!(PowerList::from_link(&link).unwrap(), list);
    }

    #[test]
    fn broken_links_and_bad_typed_powers_say_why() {
        assert_eq!(PowerList::from_link(""), Err(LinkError::Piece(PieceFault::Empty)));
        assert_eq!(PowerList::from_link("2.x"), Err(LinkError::Piece(PieceFault::UnknownVersion)));
        assert_eq!(PowerList::from_link("1.a"), Err(LinkError::Piece(PieceFault::NotBase64)));
        assert!(matches!(PowerList::from_link(&format!("1.{}", crate::link::encode(b"[1]"))), Err(LinkError::NotAList { .. })));
        let three = PowerList { set: vec![], typed: vec![typed("A"), typed("B"), typed("C")] };
        assert!(matches!(PowerList::from_link(&three.to_link()), Err(LinkError::Invalid(_, _))));
        let nameless = PowerList { set: vec![], typed: vec![typed(" ")] };
        assert_eq!(nameless.problems(), vec![(0, "needs a name of 1 to 40 characters")]);
    }
}
