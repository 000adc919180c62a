//! Seats at the table and per-seat data.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// One player's place at the table, counted from zero. Shown to people as "Player 1", "Player 2", ….
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's position as an index into per-seat data.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// All seats of a table of `count` players, in order.
    pub fn all(count: usize) -> impl Iterator<Item = Seat> {
        (0..count).map(|i| Seat(i as u8))
    }
}

/// Who is looking at a game: one seat (its player sees their own secrets) or the public (a
/// spectator, a replay, the shared table of a hot-seat device), who sees no seat's secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Observer {
    /// The player in this seat.
    Seat(Seat),
    /// Anyone at all: what is on the table for everybody.
    Public,
}

impl Observer {
    /// The seat observing, or `None` for the public.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Observer::Seat(seat) => Some(seat),
            Observer::Public => None,
        }
    }

    /// True when this observer is `seat`'s player.
    pub fn is(self, seat: Seat) -> bool {
        self == Observer::Seat(seat)
    }

    /// Every observer of a table of `seats` players: each seat, then the public.
    pub fn all(seats: usize) -> impl Iterator<Item = Observer> {
        Seat::all(seats).map(Observer::Seat).chain(std::iter::once(Observer::Public))
    }
}

impl From<Seat> for Observer {
    fn from(seat: Seat) -> Self {
        Observer::Seat(seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player {}", self.0 + 1)
    }
}

/// One value per seat, indexed by [`Seat`]: hearts, hands, the actions of a joint move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(pub Vec<T>);

impl<T> PerSeat<T> {
    /// Builds the per-seat values from a function of the seat.
    pub fn from_fn(count: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        PerSeat(Seat::all(count).map(&mut f).collect())
    }

    /// How many seats there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are no seats at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The seats with their values, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// The value of `seat`, or `None` when the seat does not exist.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// Applies `f` to every value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> PerSeat<U> {
        PerSeat(self.iter().map(|(s, v)| f(s, v)).collect())
    }
}

impl<T: Clone> PerSeat<T> {
    /// The same value for every seat.
    pub fn filled(count: usize, value: T) -> Self {
        PerSeat(vec![value; count])
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_display_from_one_and_observers_list_every_seat_then_the_public() {
        assert_eq!(Seat(0).to_string(), "Player 1");
        assert_eq!(Seat(7).to_string(), "Player 8");
        let all: Vec<Observer> = Observer::all(3).collect();
        assert_eq!(all, vec![Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Seat(Seat(2)), Observer::Public]);
        assert_eq!(Observer::Public.seat(), None);
        assert!(Observer::from(Seat(2)).is(Seat(2)));
        assert!(!Observer::Public.is(Seat(0)));
    }

    #[test]
    fn per_seat_indexes_and_maps() {
        let mut hearts = PerSeat::filled(2, 3u8);
        hearts[Seat(1)] -= 2;
        assert_eq!(hearts.0, vec![3, 1]);
        assert_eq!(hearts.map(|s, h| s.index() as u8 + h).0, vec![3, 2]);
        assert_eq!(serde_json::to_string(&hearts).unwrap(), "[3,1]");
    }
}
