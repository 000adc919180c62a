//! Who sits in each seat: a person at this device or the computer at some strength, for any
//! number of seats in any mix. The names the page and the log use follow from it, and so does
//! what may be saved.

use dojo_bot::Level;
use dojo_engine::{Observer, Seat};
use serde::{Deserialize, Serialize};

/// Who plays one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this device.
    Person,
    /// The computer, at this strength.
    Computer(Level),
    /// A person at another device, connected directly (see [`super::friend`]).
    Remote,
}

/// Who plays every seat, in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats(pub Vec<Controller>);

/// What may be kept in the browser's storage for a match with these seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// Only people play, sharing the device: the record up to the last step with nothing face
    /// down (the device holds every hand anyway).
    Record,
    /// One person against the computer: only what that person's seat may see.
    ViewOf(Seat),
    /// Several people and the computer: no one view covers what the people may see, and the
    /// record would hold the computer's cards, so nothing is saved.
    Nothing,
}

impl Seats {
    /// A person in the first seat and the computer at `level` in the `count - 1` others.
    pub fn against_computer(level: Level, count: usize) -> Seats {
        Seats((0..count).map(|i| if i == 0 { Controller::Person } else { Controller::Computer(level) }).collect())
    }

    /// `count` people sharing the device.
    pub fn people(count: usize) -> Seats {
        Seats(vec![Controller::Person; count])
    }

    /// How many seats there are.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The computer's strength in `seat`, or `None` for a person (or a seat that does not exist).
    pub fn computer(&self, seat: Seat) -> Option<Level> {
        match self.0.get(seat.index()) {
            Some(Controller::Computer(level)) => Some(*level),
            _ => None,
        }
    }

    /// True when a person at another device plays any seat.
    pub fn has_remote(&self) -> bool {
        self.0.contains(&Controller::Remote)
    }

    /// True when the computer plays any seat.
    pub fn has_computer(&self) -> bool {
        self.0.iter().any(|c| matches!(c, Controller::Computer(_)))
    }

    /// True when a person plays `seat`.
    pub fn is_person(&self, seat: Seat) -> bool {
        self.0.get(seat.index()) == Some(&Controller::Person)
    }

    /// The seats people play.
    pub fn persons(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.count()).filter(|s| self.is_person(*s))
    }

    /// True when more than one person shares the device, so secret choices need a hand-off.
    pub fn share_device(&self) -> bool {
        self.persons().count() > 1
    }

    /// The one person's seat when a single person plays against the computer.
    pub fn lone_person(&self) -> Option<Seat> {
        let mut people = self.persons();
        match (people.next(), people.next()) {
            (Some(seat), None) if self.count() > 1 => Some(seat),
            _ => None,
        }
    }

    /// Who reads the page's log and result screens: the lone person's seat, or on a shared
    /// device the public (nothing private to one seat is shown).
    pub fn reader(&self) -> Observer {
        self.lone_person().map_or(Observer::Public, Observer::Seat)
    }

    /// What may be saved for a match with these seats.
    pub fn keeping(&self) -> Keeping {
        match self.lone_person() {
            // The match lives on both devices; what each may keep is the connection module's.
            _ if self.has_remote() => Keeping::Nothing,
            _ if self.0.iter().all(|c| *c == Controller::Person) => Keeping::Record,
            Some(seat) => Keeping::ViewOf(seat),
            None => Keeping::Nothing,
        }
    }

    /// Checks the seats for a game with `count` seats: one controller per seat and at least one person.
    pub fn check(&self, count: usize) -> Result<(), String> {
        if self.count() != count {
            return Err(format!("the game has {count} seats but {} were given players", self.count()));
        }
        if self.persons().next().is_none() {
            return Err("at least one seat must be played by a person".into());
        }
        Ok(())
    }

    /// What the page calls each seat: "You" and "Computer (Medium)" for one person against one
    /// computer; "Player 2" for a person among several; computers are numbered by seat when
    /// there are several of them; "Your friend" for the one seat played on another device,
    /// and "Player 3" when several are.
    pub fn names(&self) -> Vec<String> {
        let computers = self.0.iter().filter(|c| matches!(c, Controller::Computer(_))).count();
        let remotes = self.0.iter().filter(|c| **c == Controller::Remote).count();
        let lone = self.lone_person();
        Seat::all(self.count())
            .map(|seat| match self.0[seat.index()] {
                Controller::Person if lone == Some(seat) => "You".to_string(),
                Controller::Person => format!("Player {}", seat.index() + 1),
                Controller::Computer(level) if computers == 1 => format!("Computer ({})", level.label()),
                Controller::Computer(level) => format!("Computer {} ({})", seat.index() + 1, level.label()),
                Controller::Remote if remotes == 1 => "Your friend".to_string(),
                // Several friends (or, on a guest's device, the host's people and computers).
                Controller::Remote => format!("Player {}", seat.index() + 1),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Controller::{Computer, Person};

    #[test]
    fn names_follow_who_plays() {
        assert_eq!(Seats::against_computer(Level::Medium, 2).names(), ["You", "Computer (Medium)"]);
        assert_eq!(Seats::people(2).names(), ["Player 1", "Player 2"]);
        let mixed = Seats(vec![Computer(Level::Easy), Person, Computer(Level::Hard), Person]);
        assert_eq!(mixed.names(), ["Computer 1 (Easy)", "Player 2", "Computer 3 (Hard)", "Player 4"]);
        assert_eq!(Seats::against_computer(Level::Hard, 3).names(), ["You", "Computer 2 (Hard)", "Computer 3 (Hard)"]);
        assert_eq!(Seats(vec![Controller::Remote, Person]).names(), ["Your friend", "You"]);
        let friends = Seats(vec![Person, Controller::Remote, Controller::Remote, Computer(Level::Easy)]);
        assert_eq!(friends.names(), ["You", "Player 2", "Player 3", "Computer (Easy)"]);
    }

    #[test]
    fn what_is_saved_follows_who_plays() {
        assert_eq!(Seats::people(4).keeping(), Keeping::Record);
        assert_eq!(Seats(vec![Computer(Level::Easy), Person, Computer(Level::Easy)]).keeping(), Keeping::ViewOf(Seat(1)));
        assert_eq!(Seats(vec![Person, Person, Computer(Level::Easy)]).keeping(), Keeping::Nothing);
        assert_eq!(Seats(vec![Person, Person, Computer(Level::Easy)]).reader(), Observer::Public);
        assert_eq!(Seats::against_computer(Level::Easy, 2).reader(), Observer::Seat(Seat(0)));
        let friend = Seats(vec![Controller::Remote, Person]);
        assert_eq!(friend.keeping(), Keeping::Nothing, "the browser keeps no view of a match on two devices");
        assert_eq!(friend.reader(), Observer::Seat(Seat(1)), "each device reads its own seat");
    }

    #[test]
    fn seats_must_match_the_game_and_hold_a_person() {
        assert!(Seats::people(3).check(3).is_ok());
        assert_eq!(Seats::people(2).check(3).unwrap_err(), "the game has 3 seats but 2 were given players");
        assert_eq!(Seats(vec![Computer(Level::Easy); 2]).check(2).unwrap_err(), "at least one seat must be played by a person");
    }
}
