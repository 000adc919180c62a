//! The cards a fighter has laid face down in a taunting combo, kept in one word rather than on
//! the heap: the match state holds one per fighter, and the bots' search copies that state
//! thousands of times a move.

use super::moves::Slot;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The most cards a combo can hold: every card but TAUNT, each once.
pub(crate) const MAX_COMBO: usize = Slot::ALL.len() - 1;

/// Cards laid face down in a taunting combo, next first. Written as the list of cards
/// (`["Run", "Grab"]`), as the `Vec` it replaced was.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Combo {
    len: u8,
    /// Four bits per card, the next card lowest: its place in [`Slot::EVERY`].
    packed: u32,
}

impl Combo {
    /// How many cards are face down.
    pub(crate) fn len(self) -> usize {
        usize::from(self.len)
    }

    /// Whether no card is face down.
    pub(crate) fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Lays `slot` face down after the others.
    pub(crate) fn push(&mut self, slot: Slot) {
        assert!(self.len() < MAX_COMBO, "a combo holds at most {MAX_COMBO} cards");
        self.packed |= (slot as u32) << (4 * u32::from(self.len));
        self.len += 1;
    }

    /// Takes the next card, if any.
    pub(crate) fn pop_front(&mut self) -> Option<Slot> {
        if self.is_empty() {
            return None;
        }
        let next = Slot::from_index((self.packed & 0xF) as usize).expect("a combo packs slot numbers");
        self.packed >>= 4;
        self.len -= 1;
        Some(next)
    }

    /// Returns every card to the hand.
    pub(crate) fn clear(&mut self) {
        *self = Combo::default();
    }

    /// The cards, next first.
    pub(crate) fn iter(self) -> impl Iterator<Item = Slot> {
        (0..self.len()).map(move |i| Slot::from_index(((self.packed >> (4 * i)) & 0xF) as usize).expect("a combo packs slot numbers"))
    }

    /// Whether `slot` is face down.
    pub(crate) fn contains(self, slot: Slot) -> bool {
        self.iter().any(|s| s == slot)
    }

    /// The cards, next first, as a list.
    pub(crate) fn to_vec(self) -> Vec<Slot> {
        self.iter().collect()
    }
}

impl FromIterator<Slot> for Combo {
    fn from_iter<I: IntoIterator<Item = Slot>>(slots: I) -> Combo {
        let mut combo = Combo::default();
        for slot in slots {
            combo.push(slot);
        }
        combo
    }
}

impl fmt::Debug for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Combo {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Combo {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Combo, D::Error> {
        let slots = Vec::<Slot>::deserialize(deserializer)?;
        if slots.len() > MAX_COMBO {
            return Err(D::Error::invalid_length(slots.len(), &"at most eight face-down cards"));
        }
        Ok(slots.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_combo_gives_back_its_cards_in_the_order_laid() {
        // The packing relies on each slot's number being its place in `Slot::ALL`.
        assert!(Slot::EVERY.iter().enumerate().all(|(i, s)| *s as usize == i));
        let mut combo: Combo = [Slot::Heal, Slot::Block, Slot::Kick].into_iter().collect();
        assert_eq!((combo.len(), combo.contains(Slot::Block), combo.contains(Slot::Run)), (3, true, false));
        assert_eq!(serde_json::to_string(&combo).unwrap(), r#"["Heal","Block","Kick"]"#);
        assert_eq!(serde_json::from_str::<Combo>(r#"["Heal","Block","Kick"]"#).unwrap(), combo);
        assert_eq!(combo.pop_front(), Some(Slot::Heal));
        assert_eq!(combo.to_vec(), [Slot::Block, Slot::Kick]);
        combo.clear();
        assert_eq!((combo.pop_front(), combo.is_empty()), (None, true));
        let full: Combo = Slot::ALL[..MAX_COMBO].iter().copied().collect();
        assert_eq!(full.to_vec(), Slot::ALL[..MAX_COMBO]);
    }
}
