//! The Sidekick: a card that is also a hero. It joins when the auction settles, is played by
//! whoever holds its card, and goes out when the card is discarded (notes: sidekick,
//! sidekick-control, sidekick-discarded).

use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::event::Event;
use crate::rumble::state::{Rumble, new_hero};

/// Sidekick, as printed.
pub const SIDEKICK: PowerCard = PowerCard {
    id: PowerId::Sidekick,
    name: "Sidekick",
    tier: Tier::Intermediate,
    aspects: "Definition",
    kind: Kind::Sidekick,
    cost: "",
    text: "A second hero with 50 Energy, controlled by whoever holds this card. It fights on if its controller falls, and goes out if this card is discarded.",
    numbers: &[50],
    timing: Timing::Passive,
    author: "Kevan",
    beginner: false,
    worth: 22,
    usage: Usage::NONE,
};

impl Rumble {
    /// Each Sidekick card a standing hero won brings its hero in, for the winner's seat, on the
    /// card's number of Energy (50 when the number is 0).
    pub(crate) fn sidekicks_join(&mut self, events: &mut Vec<Event>) {
        let holders: Vec<(u8, i32)> = self
            .standing()
            .flat_map(|h| {
                self.heroes[usize::from(h)]
                    .powers
                    .iter()
                    .filter(|p| self.kind(p.power) == Kind::Sidekick)
                    .map(move |p| (h, p.n(0)))
                    .collect::<Vec<_>>()
            })
            .collect();
        for (owner, energy) in holders {
            let seat = self.heroes[usize::from(owner)].seat;
            let name = format!("{}'s Sidekick", self.heroes[usize::from(owner)].name);
            let energy = if energy == 0 { 50 } else { energy };
            self.heroes.push(new_hero(name, seat, energy, Vec::new(), true));
            events.push(Event::SidekickJoins { hero: (self.heroes.len() - 1) as u8 });
        }
    }

    /// The Sidekick hero follows its card: whoever holds it controls it, and without a holder it is out.
    pub(crate) fn sync_sidekicks(&mut self, events: &mut Vec<Event>) {
        let Some(kick) = self.heroes.iter().position(|h| h.sidekick) else { return };
        if !self.heroes[kick].standing() {
            return;
        }
        let holder = self.heroes.iter().position(|h| h.powers.iter().any(|p| self.kind(p.power) == Kind::Sidekick));
        match holder {
            Some(owner) => {
                let seat = self.heroes[owner].seat;
                if self.heroes[kick].seat != seat {
                    self.heroes[kick].seat = seat;
                    events.push(Event::SidekickSides { hero: kick as u8, seat });
                }
            }
            None => {
                self.heroes[kick].out = Some(self.round);
                events.push(Event::Out(vec![kick as u8]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn sidekick_joins_as_a_hero_with_50_that_its_winner_controls() {
        let setup = Setup::heroes(&["A", "B"], vec![P::Sidekick], 1);
        let mut g = Rumble::from_setup(&setup).unwrap();
        apply(
            &mut g,
            &PerSeat(vec![
                Some(Act::Bid { bids: vec![10], might_discard: vec![] }),
                Some(Act::Bid { bids: vec![0], might_discard: vec![] }),
            ]),
        )
        .unwrap();
        assert_eq!(g.heroes.len(), 3);
        assert_eq!((g.heroes[2].energy, g.heroes[2].seat, g.heroes[2].sidekick), (50, 0, true));
        assert_eq!(g.decision(Seat(0)), Some(Decision::Allocate(vec![0, 2])));
        // The owner falls; the Sidekick fights on and wins for its seat.
        let joint = PerSeat(vec![Some(Act::Allocate(vec![a(0, &[]), a(0, &[(1, 50)])])), Some(Act::Allocate(vec![a(0, &[(0, 90)])]))]);
        apply(&mut g, &joint).unwrap();
        assert!(!g.heroes[0].standing() && g.heroes[2].standing());
        assert_eq!(g.decision(Seat(0)), Some(Decision::Allocate(vec![2])));
    }

    #[test]
    fn discarding_the_sidekick_card_knocks_the_sidekick_out() {
        // Lighten Load throws the Sidekick card away: its Power Strength comes back, the Sidekick goes.
        let mut g = with_sidekick(&[P::LightenLoad], &[]);
        let mut allocs = quiet(4);
        allocs[0] = using(a(0, &[]), &[(0, 0, None, Some(1))]);
        let events = round(&mut g, allocs);
        assert_eq!(energy(&g)[0], 110);
        assert!(!g.heroes[3].standing());
        assert!(events.contains(&Event::Out(vec![3])), "{events:?}");
    }
}
