//! A world consistent with what one device has seen of a match dealt by [`crate::dealer`]:
//! every card it has not seen given some value, so that its copy of the match can be played by
//! the engine as usual. The device knows some cards of each deal (its own hand, cards turned
//! up); the others are filled so that every deal is still a shuffle of its pool. Any such world
//! looks the same to this device as the true one, since the cards filled in are exactly the
//! ones it has not seen.
//!
//! Deals chain: a deal again mid-match takes the cards of the previous deal still locked in
//! the deck, plus cards face up. A card this device sees in a later deal, and that was not
//! face up in that deal's pool, must have been in the previous deal's undrawn deck: so the
//! filling first works backwards, collecting for each deal the cards its undrawn deck must
//! hold, then fills forwards.

use crate::deal::Pooled;
use std::collections::{BTreeMap, BTreeSet};

/// What one device knows of one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealSight {
    /// The pool of a deal again (the previous deal's places still locked, and cards face up
    /// by number), in the deal's order; `None` for a fresh deal of the whole deck.
    pub pool: Option<Vec<Pooled>>,
    /// The cards this device has seen, by place in the deal.
    pub known: BTreeMap<u16, u16>,
}

impl DealSight {
    /// The places of the previous deal this deal takes, still locked.
    fn taken(&self) -> BTreeSet<u16> {
        self.pool.iter().flatten().filter_map(|p| if let Pooled::Locked { slot } = p { Some(*slot as u16) } else { None }).collect()
    }

    /// The cards face up in this deal's pool.
    fn face_up(&self) -> BTreeSet<u16> {
        self.pool.iter().flatten().filter_map(|p| if let Pooled::FaceUp(card) = p { Some(*card) } else { None }).collect()
    }
}

/// Every place of every deal with a card (numbered 0..`deck`), the known ones as seen and the
/// rest so that each deal holds exactly its pool; `None` when no such world exists (what was
/// seen cannot come from one deck: a device cheated, or a card was misread).
pub fn fill(deck: u16, deals: &[DealSight]) -> Option<Vec<Vec<u16>>> {
    fill_in_order(deck, deals, 0)
}

/// [`fill`], the unseen cards of each deal going to its places in an order drawn from
/// `order` (0: smallest number first). Each order gives a world that shows this device the
/// same; a device tries several when its copy needs one in which another's face-down choices
/// have stand-ins (see [`dojo_engine::FaceDown::outline`]).
pub fn fill_in_order(deck: u16, deals: &[DealSight], order: u64) -> Option<Vec<Vec<u16>>> {
    let rank = |card: &u16| if order == 0 { u64::from(*card) } else { mixed(order, *card) };
    let size = |d: usize| -> usize { deals[d].pool.as_ref().map_or(usize::from(deck), Vec::len) };
    // Backwards: `needed[d]`, cards that deal d's places taken by deal d + 1 must hold.
    let mut needed: Vec<BTreeSet<u16>> = vec![BTreeSet::new(); deals.len()];
    for d in (1..deals.len()).rev() {
        if deals[d].pool.is_none() {
            // A fresh deal of the whole deck takes nothing from the deal before.
            continue;
        }
        let present: BTreeSet<u16> = deals[d].known.values().copied().chain(needed[d].iter().copied()).collect();
        let from_before: BTreeSet<u16> = present.difference(&deals[d].face_up()).copied().collect();
        let taken = deals[d].taken();
        let before = &deals[d - 1];
        for card in from_before {
            match before.known.iter().find(|(_, c)| **c == card) {
                // Seen in the previous deal: it must be at a place this deal took.
                Some((slot, _)) if taken.contains(slot) => {}
                Some(_) => return None,
                None => {
                    needed[d - 1].insert(card);
                }
            }
        }
    }
    // Forwards: each deal's unseen places take the pool's unseen cards, the needed ones first
    // at the places the next deal takes.
    let mut filled: Vec<Vec<u16>> = Vec::with_capacity(deals.len());
    for (d, sight) in deals.iter().enumerate() {
        let pool: Vec<u16> = match &sight.pool {
            None => (0..deck).collect(),
            Some(pool) => pool
                .iter()
                .map(|p| match p {
                    Pooled::FaceUp(card) => Some(*card),
                    Pooled::Locked { slot } => filled.get(d.wrapping_sub(1)).and_then(|prev| prev.get(*slot)).copied(),
                })
                .collect::<Option<Vec<u16>>>()?,
        };
        let mut unseen: BTreeSet<u16> = pool.iter().copied().collect();
        if unseen.len() != pool.len() || pool.len() != size(d) {
            return None;
        }
        for card in sight.known.values() {
            if !unseen.remove(card) {
                return None;
            }
        }
        let taken_next = deals.get(d + 1).map(DealSight::taken).unwrap_or_default();
        // Cards face up in the next pool were not in this deal's undrawn deck.
        let face_up_next = deals.get(d + 1).map(DealSight::face_up).unwrap_or_default();
        let mut places: Vec<Option<u16>> = (0..size(d) as u16).map(|s| sight.known.get(&s).copied()).collect();
        if sight.known.keys().any(|s| usize::from(*s) >= places.len()) {
            return None;
        }
        let (open_taken, open_other): (Vec<usize>, Vec<usize>) =
            (0..places.len()).filter(|s| places[*s].is_none()).partition(|s| taken_next.contains(&(*s as u16)));
        let mut must: Vec<u16> = needed[d].iter().copied().filter(|c| !sight.known.values().any(|k| k == c)).collect();
        if must.iter().any(|c| !unseen.contains(c)) {
            return None;
        }
        // The places the next deal takes: the needed cards, then any that was not face up next.
        let mut free: Vec<u16> = unseen.iter().copied().filter(|c| !must.contains(c) && !face_up_next.contains(c)).collect();
        free.sort_by_key(rank);
        must.extend(free);
        if must.len() < open_taken.len() {
            return None;
        }
        for (slot, card) in open_taken.iter().zip(&must) {
            places[*slot] = Some(*card);
            unseen.remove(card);
        }
        if unseen.len() != open_other.len() {
            return None;
        }
        let mut rest: Vec<u16> = unseen.into_iter().collect();
        rest.sort_by_key(rank);
        for (slot, card) in open_other.iter().zip(rest) {
            places[*slot] = Some(card);
        }
        filled.push(places.into_iter().collect::<Option<Vec<u16>>>()?);
    }
    Some(filled)
}

/// A number drawn from `order` and `card` (SplitMix64's finaliser), to order cards by.
fn mixed(order: u64, card: u16) -> u64 {
    let mut z = order.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(card).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::Rng;

    /// A true match: a fresh deal of 15, then deals again of what is not held; each deal with
    /// what one device saw of it. A card face up in a pool was turned up where it lay, so the
    /// device saw it there; it also sees some other cards (its own hand).
    fn true_match(seed: u64, deals: usize) -> (Vec<Vec<u16>>, Vec<DealSight>) {
        let mut rng = Rng::new(seed);
        let mut first: Vec<u16> = (0..15).collect();
        rng.shuffle(&mut first);
        let mut truth = vec![first];
        let mut sights = vec![DealSight { pool: None, known: BTreeMap::new() }];
        // Cards held in hands: (deal, place, card).
        let mut held: Vec<(usize, usize, u16)> = Vec::new();
        for d in 1..deals {
            let prev = truth[d - 1].clone();
            let mut pool = Vec::new();
            let mut values = Vec::new();
            for (slot, card) in prev.iter().enumerate() {
                match rng.below(4) {
                    0 => held.push((d - 1, slot, *card)),
                    1 => {
                        pool.push(Pooled::FaceUp(*card));
                        values.push(*card);
                        sights[d - 1].known.insert(slot as u16, *card);
                    }
                    _ => {
                        pool.push(Pooled::Locked { slot });
                        values.push(*card);
                    }
                }
            }
            // Cards held since an earlier deal are played, and come back face up.
            let mut still = Vec::new();
            for (at, slot, card) in held {
                if rng.below(2) == 0 {
                    pool.push(Pooled::FaceUp(card));
                    values.push(card);
                    sights[at].known.insert(slot as u16, card);
                } else {
                    still.push((at, slot, card));
                }
            }
            held = still;
            let mut order: Vec<usize> = (0..values.len()).collect();
            rng.shuffle(&mut order);
            truth.push(order.iter().map(|i| values[*i]).collect());
            sights.push(DealSight { pool: Some(pool), known: BTreeMap::new() });
        }
        for (sight, cards) in sights.iter_mut().zip(&truth) {
            for (slot, card) in cards.iter().enumerate() {
                if rng.below(3) == 0 {
                    sight.known.insert(slot as u16, *card);
                }
            }
        }
        (truth, sights)
    }

    fn consistent(filled: &[Vec<u16>], sights: &[DealSight]) -> bool {
        filled.iter().zip(sights).enumerate().all(|(d, (cards, sight))| {
            let known = sight.known.iter().all(|(s, c)| cards[usize::from(*s)] == *c);
            let mut pool: Vec<u16> = match &sight.pool {
                None => (0..15).collect(),
                Some(p) => p
                    .iter()
                    .map(|x| match x {
                        Pooled::FaceUp(c) => *c,
                        Pooled::Locked { slot } => filled[d - 1][*slot],
                    })
                    .collect(),
            };
            let mut mine = cards.clone();
            pool.sort_unstable();
            mine.sort_unstable();
            known && pool == mine
        })
    }

    #[test]
    fn what_one_device_saw_of_any_true_match_is_filled_into_a_consistent_world() {
        for seed in 0..500 {
            let (truth, sights) = true_match(seed, 1 + (seed as usize % 6));
            assert!(consistent(&truth, &sights), "seed {seed}: the test's own match is consistent");
            let filled = fill(15, &sights).unwrap_or_else(|| panic!("seed {seed}: a true match can be filled"));
            assert!(consistent(&filled, &sights), "seed {seed}: {filled:?}");
        }
    }

    #[test]
    fn a_card_seen_where_it_cannot_be_is_refused() {
        let (truth, sights) = true_match(3, 3);
        assert!(fill(15, &sights).is_some());
        // The same card seen at two places of the first deal.
        let mut twice = sights.clone();
        twice[0].known.insert(0, truth[0][1]);
        twice[0].known.insert(1, truth[0][1]);
        assert_eq!(fill(15, &twice), None);
        // A card seen in the second deal that the first deal shows at a place the second did
        // not take, and that was not face up: no shuffle brought it there.
        let (truth, sights) = true_match(11, 2);
        let taken = sights[1].taken();
        let face_up = sights[1].face_up();
        let stayed = (0..truth[0].len()).find(|s| !taken.contains(&(*s as u16)) && !face_up.contains(&truth[0][*s]));
        if let Some(slot) = stayed {
            let mut wrong = sights.clone();
            wrong[0].known.insert(slot as u16, truth[0][slot]);
            wrong[1].known.insert(0, truth[0][slot]);
            assert_eq!(fill(15, &wrong), None, "card {} stayed in a hand", truth[0][slot]);
        } else {
            panic!("seed 11 keeps a card in a hand");
        }
    }
}
