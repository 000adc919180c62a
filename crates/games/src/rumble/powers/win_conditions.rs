//! Powers with a win of their own, read at the very end of a round: Doomsday Device and Friends
//! With Death (notes: doomsday-device, friends-with-death, two-wins).

use super::Aftermath;
use crate::rumble::action::Use;
use crate::rumble::catalog::{Cost, Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::setup::Held;
use crate::rumble::state::{Hero, Rumble};

use PowerId as P;

/// Doomsday Device, as printed.
pub const DOOMSDAY_DEVICE: PowerCard = PowerCard {
    id: PowerId::DoomsdayDevice,
    name: "Doomsday Device",
    tier: Tier::Unsorted,
    aspects: "Win",
    kind: Kind::Normal,
    cost: "Spend X",
    text: "Spend X: once you have put 70 Energy in all into this device over the game, you win.",
    numbers: &[70],
    timing: Timing::Allocation,
    author: "card",
    beginner: false,
    worth: 10,
    usage: Usage::costs(Cost::SpendX),
};

/// Friends With Death, as printed.
pub const FRIENDS_WITH_DEATH: PowerCard = PowerCard {
    id: PowerId::FriendsWithDeath,
    name: "Friends With Death",
    tier: Tier::Unsorted,
    aspects: "Win",
    kind: Kind::Normal,
    cost: "",
    text: "At the end of a round, if you are standing with 5 Energy or less, you win.",
    numbers: &[5],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 6,
    usage: Usage::NONE,
};

/// Doomsday Device, used: the X spent goes into the device, over the whole game.
pub(crate) fn doomsday_device(game: &mut Rumble, u: usize, use_: &Use, held: &Held, _after: &Aftermath, _events: &mut Vec<Event>) {
    if held.is(P::DoomsdayDevice) {
        game.heroes[u].status.doomsday += i32::from(use_.x);
    }
}

/// Doomsday Device: its holder wins once the card's number has gone into it.
pub(crate) fn doomsday_reached(hero: &Hero) -> bool {
    hero.all(P::DoomsdayDevice).next().is_some_and(|p| hero.status.doomsday >= p.n(0))
}

/// Friends With Death: its holder wins standing on the card's number of Energy or less.
pub(crate) fn friends_with_death(hero: &Hero) -> bool {
    hero.all(P::FriendsWithDeath).next().is_some_and(|p| hero.energy <= p.n(0))
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn doomsday_device_wins_once_70_has_gone_into_it() {
        let mut g = table(&[(100, &[P::DoomsdayDevice]), (100, &[])]);
        round(&mut g, vec![using(a(0, &[]), &[(0, 40, None, None)]), a(100, &[])]);
        assert!(g.outcome().is_none());
        round(&mut g, vec![using(a(0, &[]), &[(0, 30, None, None)]), a(100, &[])]);
        assert!(g.outcome().unwrap().is_win_for(Seat(0)));
    }

    #[test]
    fn friends_with_death_wins_at_5_or_less() {
        let mut g = table(&[(10, &[P::FriendsWithDeath]), (100, &[]), (100, &[])]);
        round(&mut g, vec![a(0, &[]), a(0, &[(0, 5)]), a(100, &[])]);
        assert!(g.outcome().unwrap().is_win_for(Seat(0)));
    }
}
