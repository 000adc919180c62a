//! The Rumble table: heroes, the auction while it runs, the round being fought, and the steps
//! that move it on. The auction's steps are in `auction.rs`, the round's in `round.rs`,
//! `battle.rs` and `resolution.rs`, and what each power does in its module under `powers/`.

use super::action::{Act, Allocation, Decision, RevealChoice};
use super::catalog::{self, Kind, PowerId, Timing};
use super::event::Event;
use super::setup::{Held, Invented, PowerRef, Role, START_ENERGY, Setup, SetupError, Start};
use dojo_engine::Rng;
use serde::{Deserialize, Serialize};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Everyone fills in a sealed bid sheet.
    Bidding,
    /// Tied heroes bid again.
    Rebidding,
    /// Winners of a curse that must be given away choose who gets it.
    Giving,
    /// Heroes who flagged "might discard", or hold Expert Training, settle their powers.
    Settling,
    /// Secret allocations.
    Allocating,
    /// Secret reveal-step choices.
    Revealing,
    /// The moderator applies typed-in powers.
    Moderating,
    /// Defenders choose which Attack points to block.
    Blocking,
    /// The game is over.
    Over,
}

/// What lasts from one round to the next for a hero.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// The hero put Energy into an Attack last round (Wind Up Punch).
    pub attacked_last: bool,
    /// Defense lost this round (Metal Tentacles).
    pub tentacles: i32,
    /// Metal Tentacles' loss for next round.
    pub tentacles_next: i32,
    /// (damage, rounds left) of Sharp Knives wounds, and who caused each.
    pub knives: Vec<(u8, i32, u8)>,
    /// May not Attack this round (Plastic Ooze).
    pub grounded: bool,
    /// May not Attack next round.
    pub grounded_next: bool,
    /// Hypnotism: (victim, at least) to Attack this round.
    pub hypnotized: Vec<(u8, i32)>,
    /// Hypnotism orders for next round.
    pub hypnotized_next: Vec<(u8, i32)>,
    /// Psionic rays: out at the end of this round number.
    pub rays_due: Option<u16>,
    /// Disagreeable When Angry has fired.
    pub angry_done: bool,
    /// Energy put into the Doomsday Device so far.
    pub doomsday: i32,
}

/// One hero.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hero {
    /// The hero's name.
    pub name: String,
    /// The seat that makes the hero's decisions.
    pub seat: u8,
    /// Energy now.
    pub energy: i32,
    /// Powers held, in the order they were won.
    pub powers: Vec<Held>,
    /// True for a Sidekick.
    pub sidekick: bool,
    /// When knocked out: the round it happened in (0 = in the auction); heroes out in the same round share a place.
    pub out: Option<u16>,
    /// Effects carried between rounds.
    pub status: Status,
}

impl Hero {
    /// True while the hero is in the fight.
    pub fn standing(&self) -> bool {
        self.out.is_none()
    }
    /// The slot of the set power `id`, if held.
    pub fn slot_of(&self, id: PowerId) -> Option<usize> {
        self.powers.iter().position(|p| p.is(id))
    }
    /// True when the hero holds the set power `id`.
    pub fn has(&self, id: PowerId) -> bool {
        self.slot_of(id).is_some()
    }
    /// The first held copy of the set power `id`, as a copy.
    pub fn first(&self, id: PowerId) -> Option<Held> {
        self.powers.iter().find(|p| p.is(id)).cloned()
    }
    /// Every held copy of the set power `id`.
    pub fn all(&self, id: PowerId) -> impl Iterator<Item = &Held> {
        self.powers.iter().filter(move |p| p.is(id))
    }
}

/// The auction while it runs. Dropped when it is settled: no losing bid outlives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// Standing bids, per hero per power; `None` where the observer may not see it.
    pub bids: Vec<Vec<Option<u16>>>,
    /// Each hero's "might discard" flags (auction places).
    pub flags: Vec<Vec<u8>>,
    /// Powers in a re-bid, with the heroes tied on each. Secret: a seat's view keeps only the
    /// powers its own hero tied on, with no other hero named (notes: secrecy).
    pub rebids: Vec<(u8, Vec<u8>)>,
    /// The heroes bidding again, in order: public, as everyone sees who is still deciding.
    #[serde(default)]
    pub rebidding: Vec<u8>,
    /// Energy bid on all powers in the first sheets (Pure Energy Being), when the observer may see it.
    pub first_total: Option<i32>,
}

/// The round being fought.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// Energy of each hero when the round began.
    pub start_energy: Vec<i32>,
    /// Each standing hero's allocation, once revealed.
    pub allocations: Vec<Option<Allocation>>,
    /// Each hero's reveal-step choice, once revealed.
    pub choices: Vec<RevealChoice>,
    /// Attacks after every power: `attack[from][to]`.
    pub attack: Vec<Vec<i32>>,
    /// Defenses after every power.
    pub defense: Vec<i32>,
    /// Attacks Defense does not stop (Shieldbreaker): `unblockable[from][to]`.
    pub unblockable: Vec<Vec<bool>>,
    /// Points blocked: `blocked[from][to]`, once decided.
    pub blocked: Vec<Vec<i32>>,
    /// Defenders still to choose their blocks, in order.
    pub to_block: Vec<u8>,
}

/// A game of Rumble.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rumble {
    /// Each seat's name and role.
    pub seats: Vec<(String, Role)>,
    /// The heroes, one per playing seat in seat order, then any Sidekick.
    pub heroes: Vec<Hero>,
    /// The powers put up for auction.
    pub lots: Vec<PowerRef>,
    /// The typed-in powers.
    pub invented: Vec<Invented>,
    /// Where the game stands.
    pub phase: Phase,
    /// The round number (0 during the auction).
    pub round: u16,
    /// The auction, while it runs.
    pub auction: Option<Auction>,
    /// Curses still to be given away: (hero, slot).
    pub to_give: Vec<(u8, u8)>,
    /// Heroes still to settle their powers after the auction.
    pub to_settle: Vec<u8>,
    /// The public result of the auction, kept for records that start after it.
    pub settled: Option<Vec<super::setup::SettledHero>>,
    /// The round being fought.
    pub fight: Fight,
    /// Words shouted this game (Batman Captions).
    pub shouted: Vec<String>,
    /// Seats that won by a power's own win condition.
    pub instant_winners: Vec<u8>,
    /// The last round played before places go by Energy (0: none).
    pub round_limit: u16,
    /// Rounds fully resolved.
    pub rounds_done: u16,
    /// The only chance in the game.
    pub rng: Rng,
}

impl Rumble {
    /// Checks `setup` and seats the heroes.
    pub fn start(setup: &Setup) -> Result<Self, SetupError> {
        setup.check()?;
        let mut game = Rumble {
            seats: setup.seats.iter().map(|s| (s.name.clone(), s.role)).collect(),
            heroes: Vec::new(),
            lots: setup.powers.clone(),
            invented: setup.invented.clone(),
            phase: Phase::Bidding,
            round: 0,
            auction: None,
            to_give: Vec::new(),
            to_settle: Vec::new(),
            settled: None,
            fight: Fight::default(),
            shouted: Vec::new(),
            instant_winners: Vec::new(),
            round_limit: setup.round_limit,
            rounds_done: 0,
            rng: Rng::new(setup.seed),
        };
        match &setup.start {
            Start::Auction => {
                for (seat, s) in setup.seats.iter().enumerate().filter(|(_, s)| s.role.plays()) {
                    game.heroes.push(new_hero(s.name.clone(), seat as u8, START_ENERGY, Vec::new(), false));
                }
                let n = game.heroes.len();
                if game.lots.is_empty() {
                    game.settled = Some(game.snapshot());
                    game.begin_round(&mut Vec::new());
                } else {
                    game.auction = Some(Auction {
                        bids: vec![vec![Some(0); game.lots.len()]; n],
                        flags: vec![Vec::new(); n],
                        rebids: Vec::new(),
                        rebidding: Vec::new(),
                        first_total: Some(0),
                    });
                }
            }
            Start::Settled(heroes) => {
                for h in heroes {
                    let mut hero = new_hero(h.name.clone(), h.seat, h.energy, h.powers.clone(), h.sidekick);
                    if h.out {
                        hero.out = Some(0);
                    }
                    game.heroes.push(hero);
                }
                game.settled = Some(heroes.clone());
                game.begin_round(&mut Vec::new());
            }
        }
        Ok(game)
    }

    /// The public result of the auction as a settled start.
    pub fn snapshot(&self) -> Vec<super::setup::SettledHero> {
        self.heroes
            .iter()
            .map(|h| super::setup::SettledHero {
                name: h.name.clone(),
                seat: h.seat,
                energy: h.energy,
                powers: h.powers.clone(),
                sidekick: h.sidekick,
                out: !h.standing(),
            })
            .collect()
    }

    /// The standing heroes, as indices.
    pub fn standing(&self) -> impl Iterator<Item = u8> + '_ {
        self.heroes.iter().enumerate().filter(|(_, h)| h.standing()).map(|(i, _)| i as u8)
    }

    /// The heroes `seat` decides for that are standing, in order.
    pub fn heroes_of(&self, seat: usize) -> Vec<u8> {
        self.standing().filter(|h| usize::from(self.heroes[usize::from(*h)].seat) == seat).collect()
    }

    /// The seat that moderates, if any.
    pub fn moderator(&self) -> Option<usize> {
        self.seats.iter().position(|(_, r)| r.moderates())
    }

    /// The hero a playing seat started with.
    pub fn hero_of_seat(&self, seat: usize) -> Option<u8> {
        self.heroes.iter().position(|h| usize::from(h.seat) == seat && !h.sidekick).map(|i| i as u8)
    }

    /// A power's name, for people.
    pub fn power_name(&self, power: PowerRef) -> &str {
        match power {
            PowerRef::Set(id) => catalog::card(id).name,
            PowerRef::Invented(i) => self.invented.get(usize::from(i)).map_or("?", |p| p.name.as_str()),
        }
    }

    /// The kind of a power.
    pub fn kind(&self, power: PowerRef) -> Kind {
        match power {
            PowerRef::Set(id) => catalog::card(id).kind,
            PowerRef::Invented(i) => self.invented.get(usize::from(i)).map_or(Kind::Normal, |p| p.kind),
        }
    }

    /// True when typed-in powers are held by a standing hero (the moderator has work).
    pub fn invented_in_play(&self) -> bool {
        self.heroes.iter().filter(|h| h.standing()).any(|h| h.powers.iter().any(|p| matches!(p.power, PowerRef::Invented(_))))
    }

    /// The powers (auction places) `hero` tied on and bids again for, in order. Only the hero's
    /// own seat (and the moderator) can see them: other views hold no tie but their own.
    pub fn rebid_lots(&self, hero: u8) -> Vec<u8> {
        let Some(auction) = self.auction.as_ref() else { return Vec::new() };
        auction.rebids.iter().filter(|(_, tied)| tied.contains(&hero)).map(|(l, _)| *l).collect()
    }

    /// What `seat` must decide now.
    pub fn decision_of(&self, seat: usize) -> Option<Decision> {
        let plays = self.seats.get(seat).is_some_and(|(_, r)| r.plays());
        match self.phase {
            Phase::Over => None,
            Phase::Bidding => (plays && self.hero_of_seat(seat).is_some()).then_some(Decision::Bid),
            Phase::Rebidding => {
                let hero = self.hero_of_seat(seat)?;
                self.auction.as_ref()?.rebidding.contains(&hero).then_some(Decision::Rebid { hero })
            }
            Phase::Giving => {
                let (hero, slot) = *self.to_give.iter().find(|(h, _)| usize::from(self.heroes[usize::from(*h)].seat) == seat)?;
                Some(Decision::Give { hero, slot })
            }
            Phase::Settling => {
                let hero = *self.to_settle.iter().find(|h| usize::from(self.heroes[usize::from(**h)].seat) == seat)?;
                Some(Decision::Settle { hero })
            }
            Phase::Allocating => {
                let heroes = self.heroes_of(seat);
                (!heroes.is_empty()).then_some(Decision::Allocate(heroes))
            }
            Phase::Revealing => {
                let heroes: Vec<u8> = self.heroes_of(seat).into_iter().filter(|h| self.reveal_open(*h)).collect();
                (!heroes.is_empty()).then_some(Decision::Reveal(heroes))
            }
            Phase::Moderating => (self.moderator() == Some(seat)).then_some(Decision::Moderate),
            Phase::Blocking => {
                let hero = *self.fight.to_block.iter().find(|h| usize::from(self.heroes[usize::from(**h)].seat) == seat)?;
                let (attacks, defense) = self.blockable(hero);
                Some(Decision::Block { hero, attacks, defense })
            }
        }
    }

    /// Carries out a checked joint action.
    pub fn step(&mut self, joint: &[Option<Act>]) -> Vec<Event> {
        let mut events = Vec::new();
        match self.phase {
            Phase::Bidding => self.take_bids(joint, &mut events),
            Phase::Rebidding => self.take_rebids(joint, &mut events),
            Phase::Giving => self.take_gifts(joint, &mut events),
            Phase::Settling => self.take_settles(joint, &mut events),
            Phase::Allocating => self.take_allocations(joint, &mut events),
            Phase::Revealing => self.take_choices(joint, &mut events),
            Phase::Moderating => self.take_moderation(joint, &mut events),
            Phase::Blocking => self.take_blocks(joint, &mut events),
            Phase::Over => {}
        }
        events
    }

    /// The seats still in the game (controlling a standing hero), in order.
    pub fn seats_in(&self) -> Vec<u8> {
        let mut seats: Vec<u8> = self.standing().map(|h| self.heroes[usize::from(h)].seat).collect();
        dojo_engine::sorting::sort(&mut seats);
        seats.dedup();
        seats
    }

    /// Ends the game when one seat (or none) is left, or a power's win condition was met.
    pub(super) fn check_over(&mut self, events: &mut Vec<Event>) -> bool {
        let left = self.seats_in();
        if self.instant_winners.is_empty() && left.len() > 1 && !self.time_up() {
            return false;
        }
        self.phase = Phase::Over;
        let winners = self.outcome_places().into_iter().next().unwrap_or_default();
        events.push(Event::Winners(winners));
        true
    }

    /// True once the round limit has been played.
    pub fn time_up(&self) -> bool {
        self.round_limit > 0 && self.rounds_done >= self.round_limit
    }

    /// Places of the playing seats, first to last: instant winners, then seats still in (by the
    /// Energy of their standing heroes when the round limit ended the game), then
    /// seats by when their last hero fell (latest first); seats whose heroes fell together share.
    pub fn outcome_places(&self) -> Vec<Vec<u8>> {
        let players: Vec<u8> = (0..self.seats.len()).filter(|s| self.seats[*s].1.plays()).map(|s| s as u8).collect();
        let last_fall =
            |seat: u8| -> u16 { self.heroes.iter().filter(|h| h.seat == seat).map(|h| h.out.unwrap_or(u16::MAX)).max().unwrap_or(0) };
        let mut places: Vec<Vec<u8>> = Vec::new();
        if !self.instant_winners.is_empty() {
            places.push(self.instant_winners.clone());
        }
        // Standing seats rank by their Energy only when time ran out; otherwise they share.
        let energy_of = |seat: u8| -> i32 {
            if !self.time_up() || last_fall(seat) != u16::MAX {
                return 0;
            }
            self.heroes.iter().filter(|h| h.seat == seat && h.standing()).map(|h| h.energy).sum()
        };
        let key = |seat: u8| (last_fall(seat), energy_of(seat));
        let mut rest: Vec<u8> = players.iter().copied().filter(|s| !self.instant_winners.contains(s)).collect();
        dojo_engine::sorting::sort_by(&mut rest, |a, b| key(*b).cmp(&key(*a)).then(a.cmp(b)));
        let mut last_key = None;
        for seat in rest {
            match places.last_mut() {
                Some(group) if last_key == Some(key(seat)) => group.push(seat),
                _ => places.push(vec![seat]),
            }
            last_key = Some(key(seat));
        }
        places
    }

    /// True when the hero may use the reveal step's options now.
    pub fn reveal_open(&self, hero: u8) -> bool {
        !super::round::reveal_options(self, hero).is_empty()
    }

    /// Timing of a held power.
    pub fn timing(&self, power: PowerRef) -> Timing {
        match power {
            PowerRef::Set(id) => catalog::card(id).timing,
            PowerRef::Invented(i) => {
                let p = &self.invented[usize::from(i)];
                if p.cost.is_some() || p.targets || p.activate.is_some() || p.exhaust.is_some() {
                    Timing::Allocation
                } else {
                    Timing::Passive
                }
            }
        }
    }
}

/// A hero at the start of the game, with nothing carried between rounds yet.
pub(crate) fn new_hero(name: String, seat: u8, energy: i32, powers: Vec<Held>, sidekick: bool) -> Hero {
    Hero { name, seat, energy, powers, sidekick, out: None, status: Status::default() }
}
