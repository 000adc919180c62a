//! How event sentences name the seats: by name, or as "you" for the person reading.

use dojo_engine::Seat;

/// How the log names the seats: by name, or as "you" for the person reading it.
#[derive(Clone, Copy, Debug)]
pub struct Speaker<'a> {
    /// Names of the seats in seat order, used in the third person.
    pub names: &'a [&'a str],
    /// The seat addressed as "you", if any (the person playing against the computer).
    pub you: Option<Seat>,
}

impl Speaker<'_> {
    /// "Player 1" to "Player 8", nobody addressed as "you".
    pub const PLAIN: Speaker<'static> =
        Speaker { names: &["Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6", "Player 7", "Player 8"], you: None };

    /// The seat's name; a seat beyond the names given is "another player".
    fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).copied().unwrap_or("another player")
    }

    pub(crate) fn is_you(&self, seat: Seat) -> bool {
        self.you == Some(seat)
    }

    /// The seat as a subject starting a sentence: "You" or its name.
    pub(crate) fn subject(&self, seat: Seat) -> &str {
        if self.is_you(seat) { "You" } else { self.name(seat) }
    }

    /// The seat inside a sentence: "you" or its name.
    pub(crate) fn object(&self, seat: Seat) -> &str {
        if self.is_you(seat) { "you" } else { self.name(seat) }
    }

    /// Possessive inside a sentence ("your", "Kleg's"); capitalised at the start with `start`.
    pub(crate) fn possessive(&self, seat: Seat, start: bool) -> String {
        match (self.is_you(seat), start) {
            (true, true) => "Your".into(),
            (true, false) => "your".into(),
            (false, _) => format!("{}'s", self.name(seat)),
        }
    }

    /// The verb form agreeing with the seat: `second` for "you", `third` otherwise.
    pub(crate) fn verb<'v>(&self, seat: Seat, third: &'v str, second: &'v str) -> &'v str {
        if self.is_you(seat) { second } else { third }
    }
}
