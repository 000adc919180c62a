//! A mental-poker deal: cards from a shared deck that only their holder may see, with no
//! dealer. Each card is a point of the Ristretto group (hashed from its number, so no one knows
//! how two cards relate), and a device "locks" a point by multiplying it by a secret scalar.
//! Multiplication commutes, so locks can be added and removed in any order (SRA encryption on
//! an elliptic curve, via `curve25519-dalek`; no arithmetic is written here).
//!
//! With two devices A and B:
//!
//! 1. A locks every card with one key `a` and shuffles; B does the same with `b`. Now no one
//!    knows the order.
//! 2. A swaps its one key for a key per card (`a_k / a`), then B does (`b_k / b`): card `k` of
//!    the deck is now locked by `a_k·b_k`, and each lock can be lifted on its own.
//! 3. To give card `k` to A, B tells A its key `b_k`; A lifts both locks and finds the card.
//!    To turn a card face up, both tell their keys. A card no one has unlocked stays unknown.
//!
//! Nothing here proves a shuffle correct as it happens (that takes zero-knowledge proofs):
//! when the match ends every key is shown and [`audit`] checks that the deck was a
//! permutation of the cards, so a device that cheated in the deal is caught then.

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use sha2::{Digest, Sha256, Sha512};

/// One locked card as sent between devices (32 bytes).
pub type Locked = CompressedRistretto;

/// Card `index` of deck `deck` as a point: SHA-512 of the names, mapped onto the group.
pub fn card_point(deck: &str, index: u16) -> RistrettoPoint {
    let mut h = Sha512::new();
    h.update(b"pocket-dojo card v1\0");
    h.update((deck.len() as u64).to_le_bytes());
    h.update(deck.as_bytes());
    h.update(index.to_le_bytes());
    RistrettoPoint::from_uniform_bytes(&h.finalize().into())
}

/// Every card of a deck of `size` cards, face up (not yet locked).
pub fn fresh_deck(deck: &str, size: u16) -> Vec<Locked> {
    (0..size).map(|i| card_point(deck, i).compress()).collect()
}

/// One device's secrets for one deal: the key of its shuffle, the order it chose and a key per
/// card, all drawn from 32 random bytes.
#[derive(Clone)]
pub struct Keys {
    shuffle_key: Scalar,
    order_seed: [u8; 32],
    card_keys: Vec<Scalar>,
}

fn scalar_from(seed: &[u8; 32], label: &[u8], index: u32) -> Scalar {
    let mut h = Sha512::new();
    h.update(seed);
    h.update(label);
    h.update(index.to_le_bytes());
    Scalar::from_bytes_mod_order_wide(&h.finalize().into())
}

impl Keys {
    /// The keys for a deck of `size` cards, from `secret` (32 random bytes, never sent).
    pub fn new(secret: &[u8; 32], size: u16) -> Keys {
        let mut order_seed = [0u8; 32];
        order_seed.copy_from_slice(&Sha256::digest([&secret[..], b"order"].concat()));
        Keys {
            shuffle_key: scalar_from(secret, b"shuffle", 0),
            order_seed,
            card_keys: (0..u32::from(size)).map(|k| scalar_from(secret, b"card", k)).collect(),
        }
    }

    /// The key of card `k` as sent to whoever may lift this device's lock on it.
    pub fn card_key(&self, k: usize) -> Option<[u8; 32]> {
        self.card_keys.get(k).map(Scalar::to_bytes)
    }
}

/// Why a step of the deal failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// A point that is not on the group (damaged or forged).
    NotAPoint {
        /// Its place in the deck.
        at: usize,
    },
    /// A key that is not a canonical scalar.
    NotAKey,
    /// The deck has another size than the keys.
    WrongSize {
        /// Cards the keys are for.
        expected: usize,
        /// Cards given.
        got: usize,
    },
    /// After every lock was lifted, a point that is no card of the deck.
    NotACard {
        /// Its place in the deck.
        at: usize,
    },
    /// The audit found a card twice: the deck was not a permutation.
    Repeated {
        /// The card's number.
        card: u16,
    },
}

fn open(deck: &[Locked]) -> Result<Vec<RistrettoPoint>, DealError> {
    deck.iter().enumerate().map(|(at, p)| p.decompress().ok_or(DealError::NotAPoint { at })).collect()
}

/// Step 1 for one device: locks every card with its shuffle key and puts them in its secret order.
pub fn shuffle(deck: &[Locked], keys: &Keys) -> Result<Vec<Locked>, DealError> {
    let mut points: Vec<Locked> = open(deck)?.into_iter().map(|p| (p * keys.shuffle_key).compress()).collect();
    // Fisher–Yates with a counter-mode SHA-256 stream of the device's secret.
    for i in (1..points.len()).rev() {
        let mut h = Sha256::new();
        h.update(keys.order_seed);
        h.update((i as u64).to_le_bytes());
        let digest = h.finalize();
        let mut word = [0u8; 8];
        word.copy_from_slice(&digest[..8]);
        let j = ((u128::from(u64::from_le_bytes(word)) * (i as u128 + 1)) >> 64) as usize;
        points.swap(i, j);
    }
    Ok(points)
}

/// Step 2 for one device: swaps its shuffle key for one key per card.
pub fn relock(deck: &[Locked], keys: &Keys) -> Result<Vec<Locked>, DealError> {
    if deck.len() != keys.card_keys.len() {
        return Err(DealError::WrongSize { expected: keys.card_keys.len(), got: deck.len() });
    }
    let undo = keys.shuffle_key.invert();
    Ok(open(deck)?.into_iter().zip(&keys.card_keys).map(|(p, k)| (p * (undo * k)).compress()).collect())
}

/// Lifts the locks `keys` (32-byte scalars, one per device, this device's own included) from
/// card `locked` and says which card it is, or why it is none.
pub fn reveal(deck_name: &str, size: u16, locked: &Locked, keys: &[[u8; 32]]) -> Result<u16, DealError> {
    let mut point = locked.decompress().ok_or(DealError::NotAPoint { at: 0 })?;
    for key in keys {
        let key = Option::<Scalar>::from(Scalar::from_canonical_bytes(*key)).ok_or(DealError::NotAKey)?;
        point *= key.invert();
    }
    (0..size).find(|i| card_point(deck_name, *i) == point).ok_or(DealError::NotACard { at: 0 })
}

/// At the end of the match, with every device's every key shown (`keys[device][card]`):
/// the cards of the whole deck in its dealt order, or the first sign of cheating.
pub fn audit(deck_name: &str, final_deck: &[Locked], keys: &[Vec<[u8; 32]>]) -> Result<Vec<u16>, DealError> {
    let size = final_deck.len() as u16;
    let mut seen = vec![false; final_deck.len()];
    let mut order = Vec::with_capacity(final_deck.len());
    for (at, locked) in final_deck.iter().enumerate() {
        let card_keys: Vec<[u8; 32]> = keys
            .iter()
            .map(|k| k.get(at).copied().ok_or(DealError::WrongSize { expected: final_deck.len(), got: k.len() }))
            .collect::<Result<_, _>>()?;
        let card = reveal(deck_name, size, locked, &card_keys).map_err(|e| match e {
            DealError::NotACard { .. } => DealError::NotACard { at },
            DealError::NotAPoint { .. } => DealError::NotAPoint { at },
            other => other,
        })?;
        if std::mem::replace(&mut seen[card as usize], true) {
            return Err(DealError::Repeated { card });
        }
        order.push(card);
    }
    Ok(order)
}

/// A whole two-device deal of `size` cards run in one place, as both devices would run it
/// (for benchmarks and tests): the final locked deck and each device's keys.
pub fn deal_two(deck_name: &str, size: u16, secrets: [&[u8; 32]; 2]) -> Result<(Vec<Locked>, [Keys; 2]), DealError> {
    let keys = [Keys::new(secrets[0], size), Keys::new(secrets[1], size)];
    let d = fresh_deck(deck_name, size);
    let d = shuffle(&d, &keys[0])?;
    let d = shuffle(&d, &keys[1])?;
    let d = relock(&d, &keys[0])?;
    let d = relock(&d, &keys[1])?;
    Ok((d, keys))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_keys(keys: &Keys) -> Vec<[u8; 32]> {
        (0..keys.card_keys.len()).map(|k| keys.card_key(k).unwrap()).collect()
    }

    #[test]
    fn a_card_opens_only_with_every_lock_lifted() {
        let (deck, [a, b]) = deal_two("punish", 15, [&[1; 32], &[2; 32]]).unwrap();
        // A is dealt cards 0..5: B sends A those keys.
        let hand: Vec<u16> =
            (0..5).map(|k| reveal("punish", 15, &deck[k], &[a.card_key(k).unwrap(), b.card_key(k).unwrap()]).unwrap()).collect();
        // With only its own key, B cannot read A's card.
        for (k, card) in deck.iter().enumerate().take(5) {
            assert_eq!(reveal("punish", 15, card, &[b.card_key(k).unwrap()]), Err(DealError::NotACard { at: 0 }));
        }
        let order = audit("punish", &deck, &[all_keys(&a), all_keys(&b)]).unwrap();
        assert_eq!(&order[..5], &hand[..]);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, (0..15).collect::<Vec<u16>>(), "the deal is a permutation");
        assert_ne!(order, sorted, "and a shuffled one");
    }

    #[test]
    fn different_secrets_deal_different_orders() {
        let order = |s: u8| {
            let (deck, [a, b]) = deal_two("d", 15, [&[s; 32], &[9; 32]]).unwrap();
            audit("d", &deck, &[all_keys(&a), all_keys(&b)]).unwrap()
        };
        assert_ne!(order(1), order(3));
    }

    #[test]
    fn a_cheating_deal_is_caught_at_the_audit() {
        let keys = [Keys::new(&[1; 32], 4), Keys::new(&[2; 32], 4)];
        // A puts card 0 in place of card 1 before locking.
        let mut d = fresh_deck("x", 4);
        d[1] = d[0];
        let d = shuffle(&d, &keys[0]).unwrap();
        let d = shuffle(&d, &keys[1]).unwrap();
        let d = relock(&d, &keys[0]).unwrap();
        let d = relock(&d, &keys[1]).unwrap();
        assert_eq!(audit("x", &d, &[all_keys(&keys[0]), all_keys(&keys[1])]), Err(DealError::Repeated { card: 0 }));
        let mut junk = d.clone();
        junk[2] = CompressedRistretto([0xff; 32]);
        assert_eq!(audit("x", &junk, &[all_keys(&keys[0]), all_keys(&keys[1])]), Err(DealError::NotAPoint { at: 2 }));
        assert_eq!(reveal("x", 4, &d[0], &[[0xff; 32]]), Err(DealError::NotAKey));
    }
}
