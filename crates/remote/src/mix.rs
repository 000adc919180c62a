//! Randomness no device chooses alone: every device commits to 32 random bytes of its own,
//! and once all have committed they reveal; the result is SHA-256 of every contribution in
//! device order. One honest device is enough for it to be uniform, and no device can change its
//! part after seeing the others'.

use crate::commit::{Commitment, Context, Salt, opens, seal};
use sha2::{Digest, Sha256};

/// The context of device `device`'s contribution to the mix numbered `round` of match `table`.
pub fn context(table: &str, round: u32, device: u8) -> Context<'_> {
    Context { table, kind: "mix", step: round, seat: device }
}

/// The commitment to one device's contribution.
pub fn commit(table: &str, round: u32, device: u8, contribution: &[u8; 32], salt: &Salt) -> Commitment {
    seal(context(table, round, device), contribution, salt)
}

/// Why a mix failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MixError {
    /// Fewer or more contributions than commitments.
    Count {
        /// Commitments held.
        commitments: usize,
        /// Openings given.
        openings: usize,
    },
    /// A device's opening does not match its commitment.
    Forged {
        /// The device.
        device: u8,
    },
}

/// The joint random bytes from every device's commitment and opening (contribution, salt), in
/// device order; refused when an opening does not match.
pub fn combine(table: &str, round: u32, commitments: &[Commitment], openings: &[([u8; 32], Salt)]) -> Result<[u8; 32], MixError> {
    if commitments.len() != openings.len() {
        return Err(MixError::Count { commitments: commitments.len(), openings: openings.len() });
    }
    let mut h = Sha256::new();
    h.update(b"pocket-dojo mix v1\0");
    for (device, (c, (bytes, salt))) in commitments.iter().zip(openings).enumerate() {
        if !opens(c, context(table, round, device as u8), bytes, salt) {
            return Err(MixError::Forged { device: device as u8 });
        }
        h.update(bytes);
    }
    Ok(h.finalize().into())
}

/// The first eight bytes of a mix as a seed for a game's generator.
pub fn seed(bytes: &[u8; 32]) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_contribution_changes_the_result_and_a_changed_one_is_caught() {
        let parts = [([1u8; 32], Salt([11; 32])), ([2u8; 32], Salt([12; 32]))];
        let commits: Vec<_> = parts.iter().enumerate().map(|(d, (b, s))| commit("t", 1, d as u8, b, s)).collect();
        let joint = combine("t", 1, &commits, &parts).unwrap();
        let mut other = parts;
        other[1].0 = [3u8; 32];
        assert_eq!(
            combine("t", 1, &commits, &other),
            Err(MixError::Forged { device: 1 }),
            "a device cannot change its part after committing"
        );
        let fresh: Vec<_> = other.iter().enumerate().map(|(d, (b, s))| commit("t", 1, d as u8, b, s)).collect();
        assert_ne!(combine("t", 1, &fresh, &other).unwrap(), joint);
        assert_eq!(combine("t", 2, &commits, &parts), Err(MixError::Forged { device: 0 }), "an opening belongs to its round");
        assert!(matches!(combine("t", 1, &commits, &parts[..1]), Err(MixError::Count { .. })));
        assert_ne!(seed(&joint), 0);
    }
}
