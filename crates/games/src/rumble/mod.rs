//! # Rumble
//!
//! Superhero combat for 2–8 heroes. Every hero has Energy (100 at the start); each round they
//! secretly split it between Defense, Attacks aimed at chosen opponents and the costs of their
//! powers, all reveal at once, and each hero takes what the Attacks on them exceed their Defense
//! by. At 0 Energy or below a hero is out; the last hero standing wins. Before the fight every
//! power is won in a sealed auction paid in Energy, so strong powers cost their winners dearly.
//!
//! | parameter | value |
//! |---|---|
//! | seats | 2–8 (one may moderate instead of playing) |
//! | starting Energy | 100 |
//! | powers | the print-and-play set: 45 cards plus the rules' 4 examples; up to 2 typed in per player |
//! | auction | one sealed sheet for all powers, ties re-bid, Flaws to the lowest bid |
//! | keywords | Spend, Burn, Drain, Activate N, Exhaust N, Flaw, Sidekick, Power Strength |
//! | round | Allocation, Reveal (with a step of secret reveal-time choices), Resolution |
//!
//! Every reading of an open point is in `notes.md` beside this file ([`INTERPRETATION_NOTES`]).

pub mod action;
mod auction;
mod battle;
pub mod catalog;
pub mod event;
pub mod genre;
mod hints;
mod menu;
pub mod powers;
mod resolution;
pub mod round;
pub mod scenario;
pub mod setup;
pub mod share;
pub mod state;
mod tools;
mod view;

pub use action::{Act, Allocation, Change, Decision, Redirect, Refusal, RevealChoice, Source, Use};
pub use event::Event;
pub use setup::{CostKind, Held, Invented, PowerRef, Role, SeatSetup, SettledHero, Setup, SetupError, Start};
pub use state::{Hero, Phase, Rumble};
pub use view::{RumbleView, sealed_record};

use dojo_engine::{Audience, DrawnSeed, DrawnSeedHooks, Game, HiddenFuture, HiddenFutureHooks, Joint, Observer, Outcome, Rng, Seat};

/// Rumble's rules in our own words (the site's small Markdown).
pub const RULES_TEXT: &str = include_str!("rules.md");

/// Rumble's interpretation notes (Markdown): every open point and how we decided it.
pub const INTERPRETATION_NOTES: &str = include_str!("notes.md");

impl Game for Rumble {
    type Setup = Setup;
    type SetupError = SetupError;
    type Action = Act;
    type Decision = Decision;
    type Reason = Refusal;
    type Event = Event;
    type View = RumbleView;

    const NAME: &'static str = "rumble";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=8;
    const OPEN_ACTIONS: bool = true;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Rumble::start(setup)
    }

    fn seat_count(&self) -> usize {
        self.seats.len()
    }

    fn decision(&self, seat: Seat) -> Option<Decision> {
        self.decision_of(seat.index())
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Act> {
        menu::menu(self, seat.index())
    }

    fn check(&self, seat: Seat, action: &Act) -> Result<(), Refusal> {
        let decision = self.decision_of(seat.index()).ok_or(Refusal::WrongKind)?;
        self.check_act(&decision, action)
    }

    fn resolve(&mut self, joint: &Joint<Act>) -> Vec<Event> {
        self.step(&joint.0)
    }

    fn view(&self, observer: Observer) -> RumbleView {
        view::view(self, observer)
    }

    fn audience(event: &Event) -> Audience {
        match event {
            Event::Tied { seat, .. } => Audience::only(Seat(*seat)),
            _ => Audience::Public,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over)
            .then(|| Outcome::ranked(self.outcome_places().into_iter().map(|g| g.into_iter().map(Seat).collect()).collect()))
    }

    fn determinize(view: &RumbleView, rng: &mut Rng) -> Self {
        view::determinize(view, rng)
    }

    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self {
        view::determinize(&self.view(observer), rng)
    }

    /// The setup's seed decides which power Alternate Universe draws when the auction settles,
    /// so a record started before then tells it.
    const HIDDEN_FUTURE: Option<HiddenFutureHooks<Self>> = Some(HiddenFutureHooks::of());

    /// The seed is read only when the auction settles (Alternate Universe's draw): devices that
    /// do not trust each other draw it together just before the step that settles it.
    const DRAWN_SEED: Option<DrawnSeedHooks<Self>> = Some(DrawnSeedHooks::of());
}

/// Once every sheet is revealed the seats hide nothing from each other, and the default
/// [`HiddenFuture::determinize_table`] deals the position with a fresh seed.
impl HiddenFuture for Rumble {}

impl DrawnSeed for Rumble {
    fn chance_seed(setup: &mut Setup) -> &mut u64 {
        &mut setup.seed
    }

    /// While the auction is open and a power that draws from the seed when won is up for it.
    fn chance_pending(&self) -> bool {
        matches!(self.phase, Phase::Bidding | Phase::Rebidding) && self.lots.iter().any(powers::draws_when_won)
    }
}

impl Rumble {
    /// Whether `action` answers `decision` legally.
    pub fn check_act(&self, decision: &Decision, action: &Act) -> Result<(), Refusal> {
        match (decision, action) {
            (Decision::Bid, Act::Bid { bids, might_discard }) => {
                if bids.len() != self.lots.len() || might_discard.iter().any(|l| usize::from(*l) >= self.lots.len()) {
                    return Err(Refusal::WrongLength);
                }
                if bids.iter().any(|b| i32::from(*b) > setup::START_ENERGY) {
                    return Err(Refusal::BidTooHigh);
                }
                Ok(())
            }
            (Decision::Rebid { hero }, Act::Rebid(bids)) => {
                if bids.len() != self.rebid_lots(*hero).len() {
                    return Err(Refusal::WrongLength);
                }
                if bids.iter().any(|b| i32::from(*b) > setup::START_ENERGY) {
                    return Err(Refusal::BidTooHigh);
                }
                Ok(())
            }
            (Decision::Give { hero, .. }, Act::Give(to)) => {
                let giver = self.heroes[usize::from(*hero)].seat;
                match self.heroes.get(usize::from(*to)) {
                    Some(t) if t.standing() && t.seat == giver => Err(Refusal::NotAnOpponent(*to)),
                    Some(t) if t.standing() => Ok(()),
                    _ => Err(Refusal::BadHero(*to)),
                }
            }
            (Decision::Settle { hero }, Act::Settle { discard, expert }) => self.check_settle(*hero, discard, *expert),
            (Decision::Allocate(heroes), Act::Allocate(list)) => {
                if list.len() != heroes.len() {
                    return Err(Refusal::WrongLength);
                }
                heroes.iter().zip(list).try_for_each(|(h, a)| self.check_allocation(*h, a))
            }
            (Decision::Reveal(heroes), Act::Reveal(list)) => {
                if list.len() != heroes.len() {
                    return Err(Refusal::WrongLength);
                }
                heroes.iter().zip(list).try_for_each(|(h, c)| self.check_choice(*h, c))
            }
            (Decision::Block { hero, .. }, Act::Block(blocks)) => self.check_block(*hero, blocks),
            (Decision::Moderate, Act::Adjust { change, reason }) => self.check_adjustment(change, reason),
            (Decision::Moderate, Act::Done) => Ok(()),
            _ => Err(Refusal::WrongKind),
        }
    }

    fn check_settle(&self, hero: u8, discard: &[u8], expert: Option<(u8, u8, bool)>) -> Result<(), Refusal> {
        let h = &self.heroes[usize::from(hero)];
        let mut seen = Vec::new();
        for slot in discard {
            let p = h.powers.get(usize::from(*slot)).ok_or(Refusal::BadPower(*slot))?;
            // Flaws stay; so do the curses that must be handed on.
            if self.kind(p.power) == catalog::Kind::Flaw {
                return Err(Refusal::FlawKept);
            }
            if powers::handed_on(p) {
                return Err(Refusal::CurseKept);
            }
            if seen.contains(slot) {
                return Err(Refusal::BadPower(*slot));
            }
            seen.push(*slot);
        }
        if let Some((slot, number, _)) = expert {
            let et = powers::number_changer(h).ok_or(Refusal::NotOpen("Expert Training"))?;
            let ok = usize::from(slot) != et && h.powers.get(usize::from(slot)).is_some_and(|p| usize::from(number) < p.numbers.len());
            if !ok {
                return Err(Refusal::BadPower(slot));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
