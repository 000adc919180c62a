//! URL-safe base64 without padding, for the pieces of share links (a card set, a power list):
//! such a piece needs no escaping in a query or a fragment.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as URL-safe base64 without padding.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// The bytes of URL-safe base64 `text`, or `None` when it is not such base64.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        };
        Some(u32::from(v))
    };
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        let mut n = 0;
        for (i, c) in chunk.iter().enumerate() {
            n |= digit(*c)? << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    Some(out)
}

/// The format version written before the encoded JSON of every share piece.
const VERSION: &str = "1.";

/// Why a piece's bytes could not be read (before its JSON is looked at).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceFault {
    /// The piece is empty.
    Empty,
    /// The piece is longer than allowed.
    TooLong,
    /// The piece does not start with a known version.
    UnknownVersion,
    /// The piece is not URL-safe base64.
    NotBase64,
}

impl std::fmt::Display for PieceFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PieceFault::Empty => "the link holds nothing to read",
            PieceFault::TooLong => "the link's piece is too long",
            PieceFault::UnknownVersion => "the link is in a format this site does not know",
            PieceFault::NotBase64 => "the link is damaged (was it cut short when copied?)",
        })
    }
}

/// `value` as a share piece: the version, then its JSON in URL-safe base64.
pub(crate) fn to_piece<T: serde::Serialize>(value: &T) -> String {
    let json = serde_json::to_vec(value).unwrap_or_default();
    format!("{VERSION}{}", encode(&json))
}

/// The JSON bytes of a piece made by [`to_piece`], at most `max` characters long.
pub(crate) fn piece_json(piece: &str, max: usize) -> Result<Vec<u8>, PieceFault> {
    let piece = piece.trim();
    if piece.is_empty() {
        return Err(PieceFault::Empty);
    }
    if piece.len() > max {
        return Err(PieceFault::TooLong);
    }
    let body = piece.strip_prefix(VERSION).ok_or(PieceFault::UnknownVersion)?;
    decode(body).ok_or(PieceFault::NotBase64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_every_length_and_refuses_strangers() {
        for len in 0..10 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 200) as u8).collect();
            assert_eq!(decode(&encode(&bytes)).unwrap(), bytes, "length {len}");
        }
        assert_eq!(encode(b"Man"), "TWFu");
        assert_eq!(decode("TWFu+"), None);
        assert_eq!(decode("TW=u"), None);
    }
}
