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
//! Mid-match, the cards not held (played, shown, or still in the deck) are shuffled again
//! ([`reshuffle_two`]): first each device, in the pool's order, puts a fresh key on every card
//! and lifts its old lock from those still locked ([`refresh`]), so every card ends up under
//! the two fresh keys alone; then the deal goes on as above. Held cards keep their old locks.
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
    let locked: Vec<Locked> = open(deck)?.into_iter().map(|p| (p * keys.shuffle_key).compress()).collect();
    Ok(permute(&locked, keys))
}

/// Puts `deck` in this device's secret order (Fisher–Yates with a counter-mode SHA-256 stream
/// of the device's secret), changing no lock.
pub fn permute(deck: &[Locked], keys: &Keys) -> Vec<Locked> {
    let mut points = deck.to_vec();
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
    points
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
/// the cards of a deal (from a deck of `size` cards; a reshuffled pool holds fewer) in their
/// dealt order, or the first sign of cheating.
pub fn audit(deck_name: &str, size: u16, final_deck: &[Locked], keys: &[Vec<[u8; 32]>]) -> Result<Vec<u16>, DealError> {
    let mut seen = vec![false; usize::from(size)];
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
    let (deck, keys) = deal_among(deck_name, size, &secrets)?;
    let [a, b]: [Keys; 2] = keys.try_into().map_err(|k: Vec<Keys>| DealError::WrongSize { expected: 2, got: k.len() })?;
    Ok((deck, [a, b]))
}

/// A whole deal of `size` cards among as many devices as `secrets`, run in one place as the
/// devices would run it one after another (for benchmarks and tests): every device shuffles
/// in turn, then every device swaps its shuffle key for a key per card. The final locked deck
/// and each device's keys.
pub fn deal_among(deck_name: &str, size: u16, secrets: &[&[u8; 32]]) -> Result<(Vec<Locked>, Vec<Keys>), DealError> {
    let keys: Vec<Keys> = secrets.iter().map(|s| Keys::new(s, size)).collect();
    let mut deck = fresh_deck(deck_name, size);
    for k in &keys {
        deck = shuffle(&deck, k)?;
    }
    for k in &keys {
        deck = relock(&deck, k)?;
    }
    Ok((deck, keys))
}

/// What a device knows of one card of a pool about to be shuffled again, mid-match: cards still
/// locked in the deck (nobody has seen them) and cards face up (played, or shown out of play).
/// Cards held in hands stay where they are and are not in the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pooled {
    /// Still locked: card `slot` of the previous deal, whose key this device holds.
    Locked {
        /// Its place in the previous deal.
        slot: usize,
    },
    /// Face up: the card's number.
    FaceUp(u16),
}

/// The pool's cards as the first device starts the reshuffle from: each locked card as the
/// previous deal left it (`previous[slot]`), each face-up card as its bare point.
pub fn pool(deck_name: &str, previous: &[Locked], what: &[Pooled]) -> Result<Vec<Locked>, DealError> {
    what.iter()
        .map(|w| match w {
            Pooled::Locked { slot } => {
                previous.get(*slot).copied().ok_or(DealError::WrongSize { expected: *slot + 1, got: previous.len() })
            }
            Pooled::FaceUp(card) => Ok(card_point(deck_name, *card).compress()),
        })
        .collect()
}

/// The first pass of a reshuffle for one device, in the pool's order (nothing moves yet):
/// every card gets this device's new shuffle key (`new`), and the cards still locked from the
/// previous deal lose this device's old lock on them (`old`). Once both devices have done it,
/// every card wears only the two new keys, whatever it wore before, so the cards can be
/// shuffled together; a device lifting its old lock only ever exposes a card under the other's
/// new key, which it does not know.
pub fn refresh(pool: &[Locked], what: &[Pooled], old: &Keys, new: &Keys) -> Result<Vec<Locked>, DealError> {
    if pool.len() != what.len() {
        return Err(DealError::WrongSize { expected: what.len(), got: pool.len() });
    }
    open(pool)?
        .into_iter()
        .zip(what)
        .map(|(p, w)| match w {
            Pooled::Locked { slot } => {
                let key = old.card_keys.get(*slot).ok_or(DealError::WrongSize { expected: *slot + 1, got: old.card_keys.len() })?;
                Ok((p * (new.shuffle_key * key.invert())).compress())
            }
            Pooled::FaceUp(_) => Ok((p * new.shuffle_key).compress()),
        })
        .collect()
}

/// A whole two-device reshuffle run in one place, as both devices would run it (for benchmarks
/// and tests): the pool `what` of the deal `previous` (each device's old keys in `old`) shuffled
/// again under new keys from `secrets`. Four passes, as in [`deal_two`]: A refreshes; B
/// refreshes and shuffles; A shuffles and relocks; B relocks. Gives the new deck and each
/// device's new keys.
pub fn reshuffle_two(
    deck_name: &str,
    previous: &[Locked],
    what: &[Pooled],
    old: [&Keys; 2],
    secrets: [&[u8; 32]; 2],
) -> Result<(Vec<Locked>, [Keys; 2]), DealError> {
    let size = what.len() as u16;
    let keys = [Keys::new(secrets[0], size), Keys::new(secrets[1], size)];
    let d = pool(deck_name, previous, what)?;
    let d = refresh(&d, what, old[0], &keys[0])?;
    let d = permute(&refresh(&d, what, old[1], &keys[1])?, &keys[1]);
    let d = relock(&permute(&d, &keys[0]), &keys[0])?;
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
        let order = audit("punish", 15, &deck, &[all_keys(&a), all_keys(&b)]).unwrap();
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
            audit("d", 15, &deck, &[all_keys(&a), all_keys(&b)]).unwrap()
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
        assert_eq!(audit("x", 4, &d, &[all_keys(&keys[0]), all_keys(&keys[1])]), Err(DealError::Repeated { card: 0 }));
        let mut junk = d.clone();
        junk[2] = CompressedRistretto([0xff; 32]);
        assert_eq!(audit("x", 4, &junk, &[all_keys(&keys[0]), all_keys(&keys[1])]), Err(DealError::NotAPoint { at: 2 }));
        assert_eq!(reveal("x", 4, &d[0], &[[0xff; 32]]), Err(DealError::NotAKey));
    }

    #[test]
    fn a_reshuffle_mid_match_keeps_hands_hidden_and_deals_the_pool_again() {
        // PUNISH's deal: A holds slots 0..5, B 5..10, two shown out of play, three in the deck.
        let (deck, [a, b]) = deal_two("punish", 15, [&[1; 32], &[2; 32]]).unwrap();
        let first = audit("punish", 15, &deck, &[all_keys(&a), all_keys(&b)]).unwrap();
        // A measure later: each played four (shown), each still holds one (slots 4 and 9).
        let mut what: Vec<Pooled> = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11].iter().map(|k| Pooled::FaceUp(first[*k])).collect();
        what.extend((12..15).map(|slot| Pooled::Locked { slot }));
        let (again, [a2, b2]) = reshuffle_two("punish", &deck, &what, [&a, &b], [&[3; 32], &[4; 32]]).unwrap();
        assert_eq!(again.len(), 13);
        let order = audit("punish", 15, &again, &[all_keys(&a2), all_keys(&b2)]).unwrap();
        let mut dealt = order.clone();
        dealt.sort();
        let mut expected: Vec<u16> = first.iter().enumerate().filter(|(k, _)| *k != 4 && *k != 9).map(|(_, c)| *c).collect();
        expected.sort();
        assert_eq!(dealt, expected, "the pool is dealt again, the held cards are not in it");
        // A draws the new slot 0: B gives its key; B alone cannot read it.
        let drawn = reveal("punish", 15, &again[0], &[a2.card_key(0).unwrap(), b2.card_key(0).unwrap()]).unwrap();
        assert_eq!(drawn, order[0]);
        assert!(reveal("punish", 15, &again[0], &[b2.card_key(0).unwrap()]).is_err());
        // The held cards still open with the first deal's keys.
        assert_eq!(reveal("punish", 15, &deck[4], &[a.card_key(4).unwrap(), b.card_key(4).unwrap()]).unwrap(), first[4]);
        // A device that lifts other keys than its own old ones leaves cards no one can name.
        let other = Keys::new(&[9; 32], 15);
        let wrong = reshuffle_two("punish", &deck, &what, [&other, &b], [&[3; 32], &[4; 32]]).unwrap();
        assert!(audit("punish", 15, &wrong.0, &[all_keys(&wrong.1[0]), all_keys(&wrong.1[1])]).is_err());
    }
}
