//! Who is in the fight and who faces whom: the one place of the engine that knows how the
//! fighters stand.
//!
//! A duel has two fighters and one Position. Free-for-All and Last Pobber Standing seat 3–6
//! fighters in a circle, in seat order, with a marker between each pair of neighbours; when two
//! are left they share one Position as in a duel. A Team Battle puts four fighters in the two
//! halves of the Dojo, Players 1 and 2 against 3 and 4. The rest of the engine asks
//! [`Taunt::targets`] whom a move reaches and [`Taunt::distance`] how far apart two fighters
//! stand, and is resolved per (attacker, target) pair.
//!
//! A rule the text writes only for two fighters stays so: which of two Runs acts first
//! (`run_order_chooser`, through [`Taunt::opponent`]). Equal moves act together pair by pair
//! in every mode (`mark_mirrored` in `act.rs`).

use super::setup::{Battle, Position};
use super::state::Taunt;
use dojo_engine::Seat;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut, Index, IndexMut};

/// The most fighters one TAUNT fight could seat: the engine's limit of eight seats. It sizes the
/// inline storage below, not any rule.
pub const MAX_FIGHTERS: usize = 8;

/// A set of the fighters of a fight, by seat index: who may pass a charge token, who lays
/// combo cards. Written as one `true` or `false` per fighter (`[false, true]`), as the
/// two-element arrays it replaced were, so saved phases and scenario files read the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fighters {
    /// Fighters in the fight, member or not.
    count: u8,
    /// Bit `s` set: fighter `s` is in the set.
    members: u8,
}

impl Fighters {
    /// Nobody, out of `count` fighters.
    pub fn none(count: usize) -> Fighters {
        assert!(count <= MAX_FIGHTERS, "{count} fighters is more than the {MAX_FIGHTERS} a fight can seat");
        Fighters { count: count as u8, members: 0 }
    }

    /// Every one of `count` fighters.
    pub fn all(count: usize) -> Fighters {
        let mut set = Fighters::none(count);
        set.members = ((1u16 << count) - 1) as u8;
        set
    }

    /// The fighters among `count` for whom `member` says yes.
    pub fn from_fn(count: usize, mut member: impl FnMut(usize) -> bool) -> Fighters {
        let mut set = Fighters::none(count);
        for s in 0..count {
            if member(s) {
                set.insert(s);
            }
        }
        set
    }

    /// How many fighters the fight has (members or not).
    pub fn fighter_count(self) -> usize {
        usize::from(self.count)
    }

    /// How many fighters are in the set.
    pub fn len(self) -> usize {
        self.members.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.members == 0
    }

    /// Whether fighter `s` is in the set.
    pub fn contains(self, s: usize) -> bool {
        s < self.fighter_count() && self.members & (1 << s) != 0
    }

    /// Puts fighter `s` in the set.
    pub fn insert(&mut self, s: usize) {
        assert!(s < self.fighter_count(), "fighter {s} of {}", self.count);
        self.members |= 1 << s;
    }

    /// Takes fighter `s` out of the set.
    pub fn remove(&mut self, s: usize) {
        self.members &= !(1 << s);
    }

    /// The set without fighter `s`.
    pub fn without(mut self, s: usize) -> Fighters {
        self.remove(s);
        self
    }

    /// The members' seat indices, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        // Lowest set bit first, each cleared in turn: as cheap as the two-element loops were.
        let mut left = self.members;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            Some(s)
        })
    }

    /// One `true` or `false` per fighter of the fight, in seat order.
    pub fn flags(self) -> impl Iterator<Item = bool> {
        (0..self.fighter_count()).map(move |s| self.contains(s))
    }
}

impl Index<usize> for Fighters {
    type Output = bool;

    /// Whether fighter `s` is in the set, as `set[s]` (the arrays it replaced read that way).
    fn index(&self, s: usize) -> &bool {
        assert!(s < self.fighter_count(), "fighter {s} of {}", self.count);
        if self.contains(s) { &true } else { &false }
    }
}

impl<const N: usize> From<[bool; N]> for Fighters {
    fn from(flags: [bool; N]) -> Fighters {
        Fighters::from_fn(N, |s| flags[s])
    }
}

impl Serialize for Fighters {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.flags())
    }
}

impl<'de> Deserialize<'de> for Fighters {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Fighters, D::Error> {
        let flags = Vec::<bool>::deserialize(deserializer)?;
        if flags.len() > MAX_FIGHTERS {
            return Err(D::Error::invalid_length(flags.len(), &"one flag for each of at most eight fighters"));
        }
        Ok(Fighters::from_fn(flags.len(), |s| flags[s]))
    }
}

/// One value per fighter, kept inline: the match state's corners, queues and wins, and the
/// Act phase's scratch. Every step reads these many times and the Act phase builds several a
/// turn; on the heap (a `Vec`) each read goes through a pointer and a length and each build
/// allocates, which made random play (the bots' playouts, `dojo bench`) measurably slower than
/// with the two-element arrays. Reads and writes as a slice of one value per fighter, and is
/// written (serde) and compared as that slice; the places past the fighter count are filler.
#[derive(Clone, Copy)]
pub(crate) struct PerFighter<T> {
    count: u8,
    items: [T; MAX_FIGHTERS],
}

impl<T: Clone> PerFighter<T> {
    /// The values of `values`, one per fighter: at least one (the rest of the places are filled
    /// with copies of the first), at most [`MAX_FIGHTERS`].
    pub(crate) fn from_vec(values: Vec<T>) -> PerFighter<T> {
        assert!((1..=MAX_FIGHTERS).contains(&values.len()), "{} fighters: a fight seats one to {MAX_FIGHTERS}", values.len());
        PerFighter { count: values.len() as u8, items: std::array::from_fn(|s| values.get(s).unwrap_or(&values[0]).clone()) }
    }
}

impl<T: PartialEq> PartialEq for PerFighter<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for PerFighter<T> {}

impl<T: std::fmt::Debug> std::fmt::Debug for PerFighter<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for PerFighter<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de> + Clone> Deserialize<'de> for PerFighter<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PerFighter<T>, D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        if !(1..=MAX_FIGHTERS).contains(&values.len()) {
            return Err(D::Error::invalid_length(values.len(), &"one value for each of one to eight fighters"));
        }
        Ok(PerFighter::from_vec(values))
    }
}

// Built as one copied value and then written slot by slot in a loop: building the array
// element by element (`std::array::from_fn`) lets the compiler take it apart into dozens of
// separate stores, which cost more than the turn's rules.
impl<T: Copy> PerFighter<T> {
    /// `value` for each of `count` fighters.
    pub(crate) fn filled(count: usize, value: T) -> PerFighter<T> {
        assert!(count <= MAX_FIGHTERS, "{count} fighters is more than the {MAX_FIGHTERS} a fight can seat");
        PerFighter { count: count as u8, items: [value; MAX_FIGHTERS] }
    }

    /// `value(s)` for each of `count` fighters.
    pub(crate) fn from_fn(count: usize, mut value: impl FnMut(usize) -> T) -> PerFighter<T>
    where
        T: Default,
    {
        let mut out = PerFighter::filled(count, T::default());
        for (s, item) in out.iter_mut().enumerate() {
            *item = value(s);
        }
        out
    }

    /// The values of `values`, in order (at most [`MAX_FIGHTERS`]).
    pub(crate) fn collect(values: impl IntoIterator<Item = T>) -> PerFighter<T>
    where
        T: Default,
    {
        let mut out = PerFighter::filled(0, T::default());
        for value in values {
            out.push(value);
        }
        out
    }

    /// Adds a value for one more fighter.
    pub(crate) fn push(&mut self, value: T) {
        self.items[usize::from(self.count)] = value;
        self.count += 1;
    }
}

// Indexing checks against the fixed capacity only (a debug build checks the count too): the
// Act phase indexes these in every step, and a check against a count read at run time costs
// measurably more than the two-element arrays did.
impl<T> Index<usize> for PerFighter<T> {
    type Output = T;

    fn index(&self, s: usize) -> &T {
        debug_assert!(s < usize::from(self.count), "fighter {s} of {}", self.count);
        &self.items[s]
    }
}

impl<T> IndexMut<usize> for PerFighter<T> {
    fn index_mut(&mut self, s: usize) -> &mut T {
        debug_assert!(s < usize::from(self.count), "fighter {s} of {}", self.count);
        &mut self.items[s]
    }
}

impl<T> Deref for PerFighter<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.count)]
    }
}

impl<T> DerefMut for PerFighter<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.count)]
    }
}

impl Taunt {
    /// How many fighters the match seats (out of the fight or not).
    pub fn fighter_count(&self) -> usize {
        self.corners.len()
    }

    /// Every fighter's seat index, in seat order.
    pub(crate) fn fighters(&self) -> std::ops::Range<usize> {
        0..self.fighter_count()
    }

    /// The fighters still fighting: not out of the circle, not Team Spirits.
    pub fn fighting(&self) -> Fighters {
        let mut set = Fighters::all(self.fighter_count());
        for (s, corner) in self.corners.iter().enumerate() {
            if corner.out {
                set.remove(s);
            }
        }
        set
    }

    /// Whether fighter `s` is a Team Spirit: defeated in a Team Battle, still picking cards.
    pub fn is_spirit(&self, s: usize) -> bool {
        self.options.battle == Battle::Team && self.corners[s].out
    }

    /// Team Battle: fighter `s`'s team, 0 (Players 1 and 2) or 1 (Players 3 and 4).
    pub fn team_of(&self, s: usize) -> usize {
        s * 2 / self.fighter_count()
    }

    /// Team Battle: fighter `s`'s teammate.
    pub fn teammate(&self, s: usize) -> Option<usize> {
        (self.options.battle == Battle::Team).then(|| self.fighters().find(|o| *o != s && self.team_of(*o) == self.team_of(s))).flatten()
    }

    /// Whether the fighters still fighting share one Position, as in a duel: a duel, or a circle
    /// down to its last two.
    pub(crate) fn shares_one_position(&self) -> bool {
        match self.options.battle {
            Battle::Duel | Battle::Monsters => true,
            Battle::FreeForAll | Battle::LastStanding => self.fighting().len() <= 2,
            Battle::Team => false,
        }
    }

    /// The next fighter still in the circle after `s` (round from the last seat to the first).
    pub(crate) fn next_in_circle(&self, s: usize) -> usize {
        let n = self.fighter_count();
        (1..n).map(|k| (s + k) % n).find(|o| !self.corners[*o].out).unwrap_or(s)
    }

    /// The fighter still in the circle before `s`.
    pub(crate) fn prev_in_circle(&self, s: usize) -> usize {
        let n = self.fighter_count();
        (1..n).map(|k| (s + n - k) % n).find(|o| !self.corners[*o].out).unwrap_or(s)
    }

    /// The index of the marker neighbours `a` and `b` share: the one kept by whichever of the
    /// two has the other next.
    pub(crate) fn marker_between(&self, a: usize, b: usize) -> usize {
        if self.next_in_circle(a) == b { a } else { b }
    }

    /// How far apart fighters `a` and `b` stand: the duel's Position, the neighbours' marker,
    /// or the halves of the Dojo.
    pub fn distance(&self, a: usize, b: usize) -> Position {
        if self.shares_one_position() {
            return self.position;
        }
        match self.options.battle {
            Battle::Team => {
                if self.halves[a] == self.halves[b] {
                    Position::Near
                } else {
                    Position::Far
                }
            }
            _ => self.markers[self.marker_between(a, b)],
        }
    }

    /// Sets how far apart `seat` and `victim` stand after `seat`'s Grab (or Punch on a runner):
    /// the one Position, their marker, or the victim's half (Near: the attacker's half).
    pub(crate) fn set_distance(&mut self, a: usize, victim: Option<Seat>, position: Position, events: &mut Vec<super::Event>) {
        let seat = Seat(a as u8);
        match victim {
            Some(v) if self.options.battle == Battle::Team => {
                let half = if position == Position::Near { self.halves[a] } else { self.halves[a].other() };
                self.halves[v.index()] = half;
            }
            Some(v) => {
                let marker = self.marker_between(a, v.index());
                self.markers[marker] = position;
            }
            None => self.position = position,
        }
        events.push(super::Event::PositionChosen { seat, position, with: victim });
    }

    /// The fighters that fighter `s`'s moves reach: whom its hits land on, whose Block stops
    /// them, whose Run makes them miss. In a duel the other fighter; in a circle its two
    /// neighbours (the other one, when two are left); in a Team Battle the opponents still
    /// fighting. A fighter out of the fight reaches nobody. Every hit is resolved per
    /// (attacker, target) pair from it.
    pub fn targets(&self, s: usize) -> Fighters {
        let n = self.fighter_count();
        if self.corners[s].out {
            return Fighters::none(n);
        }
        match self.options.battle {
            Battle::Duel | Battle::Monsters => Fighters::all(n).without(s),
            Battle::FreeForAll | Battle::LastStanding => {
                let fighting = self.fighting();
                if fighting.len() <= 3 {
                    fighting.without(s)
                } else {
                    let mut neighbours = Fighters::none(n);
                    neighbours.insert(self.prev_in_circle(s));
                    neighbours.insert(self.next_in_circle(s));
                    neighbours
                }
            }
            Battle::Team => Fighters::from_fn(n, |o| !self.corners[o].out && self.team_of(o) != self.team_of(s)),
        }
    }

    /// How many opponents still fighting fighter `s` has: with two or more, block tokens come
    /// back twice as fast (notes, "Block tokens with several opponents").
    pub(crate) fn opponents_fighting(&self, s: usize) -> usize {
        match self.options.battle {
            Battle::Duel | Battle::Monsters => 1,
            Battle::FreeForAll | Battle::LastStanding => self.fighting().without(s).len(),
            Battle::Team => self.targets(s).len(),
        }
    }

    /// Block tokens regained at once: two with two or more opponents fighting, else one.
    pub(crate) fn regain_rate(&self, s: usize) -> u8 {
        if self.opponents_fighting(s) >= 2 { 2 } else { 1 }
    }

    /// Two fighters sharing one Position only: the one fighter `s` faces, for the rules written
    /// for a duel (which of two Runs acts first and who chooses). A debug build stops here if
    /// `s` faces anything but exactly one fighter, so a mode that reaches a duel-only rule is
    /// noticed rather than guessed.
    pub(crate) fn opponent(&self, s: usize) -> usize {
        let targets = self.targets(s);
        debug_assert_eq!(targets.len(), 1, "a duel-only rule in a fight where fighter {s} faces {targets:?}");
        targets.iter().next().expect("a fighter in a duel faces one other")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fighters_read_and_write_as_one_flag_per_fighter() {
        let set = Fighters::from([false, true]);
        assert_eq!(serde_json::to_string(&set).unwrap(), "[false,true]");
        assert_eq!(serde_json::from_str::<Fighters>("[false,true]").unwrap(), set);
        assert_eq!((set[0], set[1], set.len(), set.fighter_count()), (false, true, 1, 2));
        assert_eq!(set.iter().collect::<Vec<_>>(), [1]);
        assert_eq!(Fighters::all(3).without(1).iter().collect::<Vec<_>>(), [0, 2]);
        assert!(serde_json::from_str::<Fighters>("[true,true,true,true,true,true,true,true,true]").is_err());
    }

    #[test]
    fn per_fighter_values_are_a_slice_of_the_fighter_count() {
        let mut levels = PerFighter::from_fn(2, |s| s as u8 + 1);
        levels[1] = 5;
        assert_eq!(levels.to_vec(), [1, 5]);
        assert_eq!(PerFighter::collect([3u8, 1, 2]).to_vec(), [3, 1, 2]);
    }
}
