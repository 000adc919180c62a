//! Commitments: a device publishes the hash of a choice and a secret salt, and later the choice
//! and the salt; anyone can check that they open the hash. The salt (256 bits, fresh for every
//! commitment) keeps a choice from a small menu from being found by trying every option.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// A secret salt, 32 random bytes, written as hex.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Salt(pub [u8; 32]);

/// A SHA-256 commitment (or any 32-byte hash), written as hex.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Commitment(pub [u8; 32]);

impl fmt::Debug for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A salt never reaches a log by accident.
        f.write_str("Salt(…)")
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({}…)", &hex(&self.0)[..12])
    }
}

/// `bytes` as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 bytes from 64 hex digits, or why not.
pub fn unhex32(text: &str) -> Result<[u8; 32], String> {
    if text.len() != 64 || !text.is_ascii() {
        return Err(format!("expected 64 hex digits, got {} characters", text.len()));
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| "not hex".to_string())?;
    }
    Ok(out)
}

/// Hex text conversions for a 32-byte newtype, as serde reads and writes it.
macro_rules! hex_text {
    ($name:ident) => {
        impl TryFrom<String> for $name {
            type Error = String;
            fn try_from(text: String) -> Result<Self, String> {
                unhex32(&text).map($name)
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                hex(&value.0)
            }
        }
    };
}

hex_text!(Salt);
hex_text!(Commitment);

/// What a commitment is bound to besides the choice: which match, which step and which seat,
/// so an opening cannot be moved to another step or seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context<'a> {
    /// The match's identifier (from its start message).
    pub table: &'a str,
    /// What is committed: "choice", "mix", "deal".
    pub kind: &'a str,
    /// The step (from 1), or 0 before the first.
    pub step: u32,
    /// The seat (or device) committing.
    pub seat: u8,
}

/// The commitment to `choice` under `salt` in `context`: SHA-256 of a domain tag, the context,
/// the choice's length and bytes, and the salt.
pub fn seal(context: Context<'_>, choice: &[u8], salt: &Salt) -> Commitment {
    let mut h = Sha256::new();
    h.update(b"pocket-dojo commit v1\0");
    for part in [context.table.as_bytes(), context.kind.as_bytes()] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.update(context.step.to_le_bytes());
    h.update([context.seat]);
    h.update((choice.len() as u64).to_le_bytes());
    h.update(choice);
    h.update(salt.0);
    Commitment(h.finalize().into())
}

/// True when `choice` and `salt` open `commitment` in `context`.
pub fn opens(commitment: &Commitment, context: Context<'_>, choice: &[u8], salt: &Salt) -> bool {
    seal(context, choice, salt) == *commitment
}

/// SHA-256 of `bytes` (the table's hash after a step).
pub fn digest(bytes: &[u8]) -> Commitment {
    Commitment(Sha256::digest(bytes).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: Context<'static> = Context { table: "t", kind: "choice", step: 3, seat: 1 };

    #[test]
    fn an_opening_matches_only_its_own_choice_salt_and_place() {
        let salt = Salt([7; 32]);
        let c = seal(AT, b"\"Jab\"", &salt);
        assert!(opens(&c, AT, b"\"Jab\"", &salt));
        assert!(!opens(&c, AT, b"\"Kick\"", &salt), "another choice");
        assert!(!opens(&c, AT, b"\"Jab\"", &Salt([8; 32])), "another salt");
        assert!(!opens(&c, Context { step: 4, ..AT }, b"\"Jab\"", &salt), "another step");
        assert!(!opens(&c, Context { seat: 0, ..AT }, b"\"Jab\"", &salt), "another seat");
        assert!(!opens(&c, Context { table: "u", ..AT }, b"\"Jab\"", &salt), "another match");
    }

    #[test]
    fn lengths_keep_fields_apart() {
        let salt = Salt([1; 32]);
        let a = seal(Context { table: "ab", kind: "c", ..AT }, b"x", &salt);
        let b = seal(Context { table: "a", kind: "bc", ..AT }, b"x", &salt);
        assert_ne!(a, b);
    }

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        let c = Commitment([0xab; 32]);
        let text: String = c.into();
        assert_eq!(Commitment::try_from(text).unwrap(), c);
        assert!(Salt::try_from("zz".repeat(32)).is_err());
        assert!(Salt::try_from("ab".to_string()).is_err());
        assert_eq!(format!("{:?}", Salt([9; 32])), "Salt(…)");
    }
}
