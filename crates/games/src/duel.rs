//! Helpers for the two-seat games (PUNISH, TAUNT's duel).

use dojo_engine::Seat;

/// The other seat of a two-seat game. Only for games that always have exactly two seats: the
/// engine's contract makes no such assumption.
pub fn rival(seat: Seat) -> Seat {
    debug_assert!(seat.index() < 2, "{seat} is not a seat of a two-seat game");
    Seat(1 - seat.0.min(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_of_two_seats_faces_the_other() {
        assert_eq!(rival(Seat(0)), Seat(1));
        assert_eq!(rival(Seat(1)), Seat(0));
    }
}
