//! A card set as a piece of a link, so an owner who typed their cards in can send them to a
//! friend, and the print page and play page can read the same set.
//!
//! The piece is `1.` followed by the set's JSON in URL-safe base64 without padding: it needs no
//! escaping in a query or fragment, and the leading version leaves room for a later format.
//! Reading a link checks the set, so a link that decodes is a set that plays.

use super::setup::{CardSet, SetupError};
use std::fmt;

/// The longest link piece read, in characters: a full set of long names is far below this.
pub const MAX_LINK: usize = 32_000;

/// Why a link's card set could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The piece is empty.
    Empty,
    /// The piece is longer than [`MAX_LINK`].
    TooLong,
    /// The piece does not start with a known version.
    UnknownVersion,
    /// A character is not URL-safe base64, or the length cannot be base64.
    NotBase64,
    /// The decoded text is not a card set.
    NotASet {
        /// What the reader said.
        reason: String,
    },
    /// The set decodes but breaks a rule of sets.
    Invalid(SetupError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Empty => write!(f, "the link holds no card set"),
            LinkError::TooLong => write!(f, "the link's card set is longer than {MAX_LINK} characters"),
            LinkError::UnknownVersion => write!(f, "the link's card set is in a format this site does not know"),
            LinkError::NotBase64 => write!(f, "the link's card set is damaged (was it cut short when copied?)"),
            LinkError::NotASet { reason } => write!(f, "the link does not hold a card set: {reason}"),
            LinkError::Invalid(e) => write!(f, "the link's card set breaks a rule: {e}"),
        }
    }
}

impl From<crate::link::PieceFault> for LinkError {
    fn from(fault: crate::link::PieceFault) -> Self {
        match fault {
            crate::link::PieceFault::Empty => LinkError::Empty,
            crate::link::PieceFault::TooLong => LinkError::TooLong,
            crate::link::PieceFault::UnknownVersion => LinkError::UnknownVersion,
            crate::link::PieceFault::NotBase64 => LinkError::NotBase64,
        }
    }
}

impl CardSet {
    /// The set as a link piece (`1.` and URL-safe base64 of its JSON).
    pub fn to_link(&self) -> String {
        crate::link::to_piece(self)
    }

    /// Reads and checks a set from a link piece made by [`CardSet::to_link`].
    pub fn from_link(piece: &str) -> Result<CardSet, LinkError> {
        let json = crate::link::piece_json(piece, MAX_LINK).map_err(LinkError::from)?;
        let json = String::from_utf8(json).map_err(|e| LinkError::NotASet { reason: e.to_string() })?;
        let set: CardSet = dojo_engine::json::from_str(&json).map_err(|e| LinkError::NotASet { reason: e.to_string() })?;
        set.check().map_err(LinkError::Invalid)?;
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon_punch::set::reconstructed;

    #[test]
    fn our_set_travels_by_link_and_broken_links_say_why() {
        let set = reconstructed();
        let link = set.to_link();
        assert!(link.starts_with("1.") && link.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)), "{link}");
        assert_eq!(CardSet::from_link(&link).unwrap(), set);
        assert_eq!(CardSet::from_link(" "), Err(LinkError::Empty));
        assert_eq!(CardSet::from_link("2.abc"), Err(LinkError::UnknownVersion));
        assert_eq!(
            CardSet::from_link(&link[..link.len() - 1]).map_err(|e| matches!(e, LinkError::NotBase64 | LinkError::NotASet { .. })),
            Err(true)
        );
        assert!(matches!(CardSet::from_link(&format!("1.{}", crate::link::encode(b"{\"name\":1}"))), Err(LinkError::NotASet { .. })));
        let mut broken = set.clone();
        broken.basics.pop();
        assert_eq!(CardSet::from_link(&broken.to_link()), Err(LinkError::Invalid(SetupError::BasicCount { got: 5 })));
        assert_eq!(CardSet::from_link(&"1.".repeat(MAX_LINK)), Err(LinkError::TooLong));
    }

    #[test]
    fn typed_text_stays_text_through_a_link() {
        let mut set = reconstructed();
        set.name = "<script>alert(1)</script> & \"quotes\" é".into();
        assert_eq!(CardSet::from_link(&set.to_link()).unwrap().name, set.name);
    }
}
