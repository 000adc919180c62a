//! What a Rumble table is before it starts: its seats (heroes and a moderator), the powers up
//! for auction, the powers the players typed in, and either a fresh auction or its settled
//! result (a shared record starts there, so it never holds a losing bid).

use super::catalog::{self, Kind, PowerId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The Energy every hero starts with.
pub const START_ENERGY: i32 = 100;
/// The most powers one player may type in.
pub const INVENTED_PER_PLAYER: usize = 2;
/// The longest name of a typed-in power or hero, in characters.
pub const MAX_NAME: usize = 40;
/// The longest text of a typed-in power, in characters.
pub const MAX_TEXT: usize = 300;

/// A power in a game: one of the set, or one typed in by a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PowerRef {
    /// A card of the print-and-play set.
    Set(PowerId),
    /// The typed-in power at this place of [`Setup::invented`].
    Invented(u8),
}

/// What a seat is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// A hero's player.
    Hero,
    /// The moderator only: sees every secret and applies typed-in powers, plays no hero.
    Moderator,
    /// A hero's player who also moderates (the table agrees they see every secret).
    HeroModerator,
}

impl Role {
    /// True when the seat plays a hero.
    pub fn plays(self) -> bool {
        self != Role::Moderator
    }
    /// True when the seat moderates.
    pub fn moderates(self) -> bool {
        self != Role::Hero
    }
}

/// One seat of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSetup {
    /// The name the table shows (a hero name, or the moderator's).
    pub name: String,
    /// Hero, moderator or both.
    pub role: Role,
}

/// How a typed-in power is paid for, as its keywords say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CostKind {
    /// Part of the allocation; comes back next round.
    Spend,
    /// Allocated and lost for good.
    Burn,
    /// Lost at once, without being allocated.
    Drain,
}

/// A power a player typed in. The engine never runs its text: when it is used, the moderator
/// applies its effect with adjustments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invented {
    /// The seat that typed it.
    pub author: u8,
    /// Its name (plain text).
    pub name: String,
    /// What it does (plain text, never markup).
    pub text: String,
    /// Normal, Flaw or Sidekick (Sidekick makes a hero like the set's card).
    pub kind: Kind,
    /// Its cost keyword, if it is used by paying: `None` amount means X (the user chooses).
    #[serde(default)]
    pub cost: Option<(CostKind, Option<u16>)>,
    /// "Activate N": at most N uses a round.
    #[serde(default)]
    pub activate: Option<u8>,
    /// "Exhaust N": at most N uses a game.
    #[serde(default)]
    pub exhaust: Option<u8>,
    /// Whether a use names a hero.
    #[serde(default)]
    pub targets: bool,
}

impl Invented {
    /// Its cost and limit keywords as a card prints them ("Spend 10", "Burn X", "Activate 1",
    /// "Exhaust 3"), in that order; empty when it has none.
    pub fn keywords(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if let Some((kind, amount)) = self.cost {
            let word = match kind {
                CostKind::Spend => "Spend",
                CostKind::Burn => "Burn",
                CostKind::Drain => "Drain",
            };
            parts.push(format!("{word} {}", amount.map_or_else(|| "X".to_string(), |a| a.to_string())));
        }
        parts.extend(self.activate.map(|n| format!("Activate {n}")));
        parts.extend(self.exhaust.map(|n| format!("Exhaust {n}")));
        parts
    }
}

/// A power a hero holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// Which power.
    pub power: PowerRef,
    /// Its Power Strength: the winning bid (for a Flaw, the lowest bid, which won it).
    pub strength: i32,
    /// The numbers on it now (Expert Training may have changed one).
    pub numbers: Vec<i32>,
    /// Uses so far this game (for Exhaust).
    #[serde(default)]
    pub spent_uses: u8,
}

impl Held {
    /// A freshly won power with its printed numbers.
    pub fn new(power: PowerRef, strength: i32) -> Self {
        let numbers = match power {
            PowerRef::Set(id) => catalog::card(id).numbers.to_vec(),
            PowerRef::Invented(_) => Vec::new(),
        };
        Held { power, strength, numbers, spent_uses: 0 }
    }
    /// The card's `i`th number as it stands now.
    pub fn n(&self, i: usize) -> i32 {
        self.numbers.get(i).copied().unwrap_or(0)
    }
    /// True for the set's power `id`.
    pub fn is(&self, id: PowerId) -> bool {
        self.power == PowerRef::Set(id)
    }
}

/// A hero as the auction left them, for a game that starts after the auction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettledHero {
    /// The hero's name.
    pub name: String,
    /// The seat that controls the hero.
    pub seat: u8,
    /// Energy after paying for powers.
    pub energy: i32,
    /// The powers the hero holds.
    pub powers: Vec<Held>,
    /// Whether the hero is a Sidekick.
    #[serde(default)]
    pub sidekick: bool,
    /// True when the auction already knocked the hero out.
    #[serde(default)]
    pub out: bool,
}

/// Where a game begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// With the sealed auction of [`Setup::powers`].
    Auction,
    /// After the auction, with its public result: the heroes, their Energy and powers.
    Settled(Vec<SettledHero>),
}

/// A Rumble table before it starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The seats, in order: 2–8 of them.
    pub seats: Vec<SeatSetup>,
    /// The powers put up for auction, in the order they are listed.
    pub powers: Vec<PowerRef>,
    /// The powers the players typed in (referred to by [`PowerRef::Invented`]).
    #[serde(default)]
    pub invented: Vec<Invented>,
    /// Seeds the only chance in the game (Alternate Universe's draw).
    pub seed: u64,
    /// A fresh auction, or its settled result.
    pub start: Start,
    /// The game ends after this round with places by Energy (0: no limit). Rumble itself has
    /// no end when every hero only defends; see the notes. A setup written before the limit
    /// existed has none, and reads as 0 so that its record keeps its meaning.
    #[serde(default)]
    pub round_limit: u16,
    /// The genre whose words the table is told in ([`super::genre`]'s id; empty: the
    /// superhero words). The rules ignore it; the setup holds it so that every device at a
    /// match, and every replay of it, tells it in the host's words. Left out of the JSON when
    /// empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub genre: String,
}

/// The round limit new tables are set up with.
pub const ROUND_LIMIT: u16 = 30;

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The table has fewer than 2 or more than 8 seats.
    SeatCount(usize),
    /// Fewer than two seats play a hero.
    TooFewHeroes,
    /// More than one seat moderates.
    TwoModerators,
    /// Typed-in powers are in play but nobody moderates.
    NoModerator,
    /// A seat's or power's name is empty or longer than [`MAX_NAME`].
    BadName(String),
    /// A typed-in power's text is empty or longer than [`MAX_TEXT`].
    BadText(String),
    /// A player typed more than [`INVENTED_PER_PLAYER`] powers, or one names no hero seat.
    BadAuthor(usize),
    /// A typed-in power has a number that makes no sense (Activate 0, a cost over 100).
    BadKeyword(String),
    /// A power is listed twice, or a typed-in power that does not exist is listed.
    BadPowerList,
    /// A settled start does not fit the seats (wrong seat, no hero per playing seat).
    BadSettled(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::SeatCount(n) => write!(f, "Rumble is played by 2 to 8 seats, not {n}"),
            SetupError::TooFewHeroes => write!(f, "at least two seats must play a hero"),
            SetupError::TwoModerators => write!(f, "only one seat may moderate"),
            SetupError::NoModerator => write!(f, "typed-in powers need a moderator to apply them"),
            SetupError::BadName(n) => write!(f, "the name {n:?} is empty or longer than {MAX_NAME} characters"),
            SetupError::BadText(n) => write!(f, "the text of {n:?} is empty or longer than {MAX_TEXT} characters"),
            SetupError::BadAuthor(i) => {
                write!(f, "typed-in power {} has no hero seat as author, or its author typed more than {INVENTED_PER_PLAYER}", i + 1)
            }
            SetupError::BadKeyword(n) => write!(f, "{n:?} has a keyword number out of range"),
            SetupError::BadPowerList => write!(f, "the power list repeats a power or names a typed-in power that does not exist"),
            SetupError::BadSettled(why) => write!(f, "the settled start does not fit the table: {why}"),
        }
    }
}

impl Setup {
    /// A table of heroes named `names`, all of whom play, bidding on `powers`.
    pub fn heroes(names: &[&str], powers: Vec<PowerId>, seed: u64) -> Self {
        Setup {
            seats: names.iter().map(|n| SeatSetup { name: n.to_string(), role: Role::Hero }).collect(),
            powers: powers.into_iter().map(PowerRef::Set).collect(),
            invented: Vec::new(),
            seed,
            start: Start::Auction,
            round_limit: ROUND_LIMIT,
            genre: String::new(),
        }
    }

    /// The seat that moderates, if any.
    pub fn moderator(&self) -> Option<usize> {
        self.seats.iter().position(|s| s.role.moderates())
    }

    /// Checks everything [`SetupError`] names.
    pub fn check(&self) -> Result<(), SetupError> {
        let n = self.seats.len();
        if !(2..=8).contains(&n) {
            return Err(SetupError::SeatCount(n));
        }
        if self.seats.iter().filter(|s| s.role.plays()).count() < 2 {
            return Err(SetupError::TooFewHeroes);
        }
        if self.seats.iter().filter(|s| s.role.moderates()).count() > 1 {
            return Err(SetupError::TwoModerators);
        }
        for s in &self.seats {
            check_name(&s.name)?;
        }
        if !self.invented.is_empty() && self.moderator().is_none() {
            return Err(SetupError::NoModerator);
        }
        for (i, p) in self.invented.iter().enumerate() {
            check_name(&p.name)?;
            if p.text.trim().is_empty() || p.text.chars().count() > MAX_TEXT {
                return Err(SetupError::BadText(p.name.clone()));
            }
            let author = self.seats.get(usize::from(p.author));
            let typed = self.invented.iter().filter(|q| q.author == p.author).count();
            if !author.is_some_and(|a| a.role.plays()) || typed > INVENTED_PER_PLAYER {
                return Err(SetupError::BadAuthor(i));
            }
            let bad_cost = p.cost.is_some_and(|(_, amount)| amount.is_some_and(|a| a == 0 || a > 100));
            if bad_cost || p.activate == Some(0) || p.exhaust == Some(0) || p.kind == Kind::Curse {
                return Err(SetupError::BadKeyword(p.name.clone()));
            }
        }
        let mut listed = self.powers.clone();
        dojo_engine::sorting::sort(&mut listed);
        listed.dedup();
        let unknown = self.powers.iter().any(|p| matches!(p, PowerRef::Invented(i) if usize::from(*i) >= self.invented.len()));
        if listed.len() != self.powers.len() || unknown {
            return Err(SetupError::BadPowerList);
        }
        if let Start::Settled(heroes) = &self.start {
            for (seat, s) in self.seats.iter().enumerate() {
                let own = heroes.iter().filter(|h| usize::from(h.seat) == seat && !h.sidekick).count();
                if own != usize::from(s.role.plays()) {
                    return Err(SetupError::BadSettled(format!(
                        "seat {} needs {} hero(es), has {own}",
                        seat + 1,
                        usize::from(s.role.plays())
                    )));
                }
            }
            if heroes.iter().any(|h| usize::from(h.seat) >= n) {
                return Err(SetupError::BadSettled("a hero belongs to no seat".into()));
            }
            if heroes.iter().filter(|h| h.sidekick).count() > 1 {
                return Err(SetupError::BadSettled("more than one sidekick".into()));
            }
            for h in heroes {
                check_name(&h.name)?;
                let unknown = h.powers.iter().any(|p| matches!(p.power, PowerRef::Invented(i) if usize::from(i) >= self.invented.len()));
                if unknown {
                    return Err(SetupError::BadSettled(format!("{} holds a typed-in power that does not exist", h.name)));
                }
            }
        }
        Ok(())
    }
}

fn check_name(name: &str) -> Result<(), SetupError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME {
        return Err(SetupError::BadName(name.to_string()));
    }
    Ok(())
}
