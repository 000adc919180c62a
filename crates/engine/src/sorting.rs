//! Sorting for the small lists games keep (seats, heroes, powers, a hand): a stable insertion
//! sort.
//!
//! The standard library's sorts are fast on long slices but bring their whole machinery
//! (quicksort, heapsort, small-sort networks: about 3 KB of wasm) into every place that calls
//! them with a new closure; the site's game modules had about a hundred such copies. Slices of
//! up to 20 items are insertion-sorted by the standard library too, so on the lists games sort
//! the order is the same, ties included, while each call costs a few hundred bytes. Quadratic:
//! meant for lists of tens of items, not thousands.

use std::cmp::Ordering;

/// Sorts `items` in place by `compare`, keeping equal items in their order.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    for end in 1..items.len() {
        let mut at = end;
        while at > 0 && compare(&items[at - 1], &items[at]) == Ordering::Greater {
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}

/// Sorts `items` in place by `key`, keeping items with equal keys in their order.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in place, smallest first.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort_ties_included() {
        let mut rng = crate::Rng::new(11);
        for len in 0..40 {
            let items: Vec<(u8, usize)> = (0..len).map(|i| ((rng.next_u64() % 5) as u8, i)).collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |(k, _)| *k);
            let mut standard = items.clone();
            standard.sort_by_key(|(k, _)| *k);
            assert_eq!(ours, standard, "length {len}");
            let mut descending = items.clone();
            sort_by(&mut descending, |a, b| b.0.cmp(&a.0));
            standard.sort_by_key(|b| std::cmp::Reverse(b.0));
            assert_eq!(descending, standard, "length {len}, descending");
            let mut whole = items;
            sort(&mut whole);
            standard.sort();
            assert_eq!(whole, standard, "length {len}, whole items");
        }
    }
}
