//! The TAUNT match state: what each seat decides, and how a turn, a fight and a series move on.
//! The Act phase itself is in `act.rs`.

use super::MAX_CHARGE;
use super::act::Turn;
use super::combo::Combo;
use super::fighter::FighterId;
use super::modes_data::{MONSTER_TEAM, WAMPIRE_BLOOD};
use super::monsters::{MONSTER_KINDS, MONSTERS, SQUAD_CARDS, Trainer, Trainers};
use super::moves::{Slot, Slots};
use super::ring::{Fighters, PerFighter};
use super::setup::{Battle, Half, Options, Position, Setup, SetupError};
use super::{DISABLED_TO_LOSE, Event};
use dojo_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One seat's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Play this move card face down for the turn.
    Play(Slot),
    /// Among two Runs of different levels, the higher-level fighter acts first (`true`) or second.
    Order {
        /// Act first.
        first: bool,
    },
    /// After a Grab hit (or a Punch on a running fighter), set the Position.
    Place(Position),
    /// After an unanswered TAUNT, lay this card face down as the next taunting move.
    Queue(Slot),
    /// Stop laying cards face down.
    EndQueue,
    /// After a Charge acted: pass one charge token to this fighter, or keep it (`None`).
    /// A Team Spirit whose card matched gives its teammate a token from the supply the same way.
    Pass(Option<Seat>),
    /// In a circle of three or more, a Run changes the marker it shares with one neighbour or both.
    Flip(Flip),
    /// Monsters, building in secret: put this card into the monster being built (the first
    /// five cards make Monster 1, the next five Monster 2, the last five Monster 3).
    Draft(Slot),
}

/// Which of a runner's two markers its Run changes, in a circle of three or more. The left
/// neighbour is the one before in seat order (the last seat's right neighbour is the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Flip {
    /// The marker shared with the neighbour before.
    Left,
    /// The marker shared with the neighbour after.
    Right,
    /// Both markers.
    Both,
}

impl Flip {
    /// Every choice, in the order the page offers them.
    pub const ALL: [Flip; 3] = [Flip::Left, Flip::Right, Flip::Both];

    /// Whether the choice changes the marker shared with the neighbour before (`left`) or after.
    pub fn changes(self, left: bool) -> bool {
        matches!((self, left), (Flip::Both, _) | (Flip::Left, true) | (Flip::Right, false))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(slot) => write!(f, "play {slot}"),
            Action::Order { first: true } => write!(f, "act first"),
            Action::Order { first: false } => write!(f, "act second"),
            Action::Place(p) => write!(f, "set the Position to {p}"),
            Action::Queue(slot) => write!(f, "lay {slot} face down"),
            Action::EndQueue => write!(f, "stop laying cards"),
            Action::Pass(Some(seat)) => write!(f, "pass a charge token to {seat}"),
            Action::Pass(None) => write!(f, "keep every charge token"),
            Action::Flip(Flip::Left) => write!(f, "run at the neighbour before"),
            Action::Flip(Flip::Right) => write!(f, "run at the neighbour after"),
            Action::Flip(Flip::Both) => write!(f, "run at both neighbours"),
            Action::Draft(slot) => write!(f, "put {slot} into a monster"),
        }
    }
}

/// The decision a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Pick a move for this turn; picks are revealed together.
    Pick {
        /// The turn of the fight, from 1.
        turn: u16,
    },
    /// Two Runs of different levels: the higher-level fighter picks whether to act first.
    Order,
    /// Choose the Position after your hit: the one Position of a duel, or the one you share
    /// with `victim` (a circle's marker, or the victim's half of the Dojo).
    Place {
        /// Whose Position with you is set, when there are several.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Seat>,
    },
    /// Lay another card face down, or stop.
    Queue {
        /// Cards laid so far.
        queued: u8,
    },
    /// Your Charge acted (or, as a Team Spirit, your card matched an opponent's): pass a charge
    /// token, or keep it.
    Pass,
    /// Your Run acts in a circle: change the marker you share with one neighbour, or both.
    Flip,
    /// Monsters: put the next card into your monsters, in secret.
    Build {
        /// Cards put in so far (Monster 1 takes the first five).
        placed: u8,
    },
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Monsters: both trainers build their monsters in secret, a card at a time.
    Build,
    /// Fighters pick their moves.
    Select,
    /// The revealed moves are two Runs of different levels; `seat` (the higher level) picks the order.
    Order {
        /// Who decides.
        seat: Seat,
    },
    /// `seat` hit with a Grab (or Punched a runner) and sets the Position (with `victim`, when
    /// the fight has more than one).
    Place {
        /// Who decides.
        seat: Seat,
        /// Whose Position with `seat` is set; `None` in a duel.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Seat>,
    },
    /// `seat`'s Run acts in a circle of three or more and it chooses which markers change; the
    /// rest of the turn waits (`Taunt::paused`).
    Flip {
        /// Who decides.
        seat: Seat,
    },
    /// The fighters in `passing` played a Charge that acted (or are Team Spirits whose card
    /// matched) and may pass a charge token; `place` is who then sets the Position, if anyone
    /// (more Position choices owed are in `Taunt::owed_places`, combo cards in `queue_next`).
    Pass {
        /// Who may pass.
        passing: Fighters,
        /// Who sets the Position next.
        place: Option<Seat>,
    },
    /// The fighters in `laying` went unpunished after a TAUNT and lay cards face down.
    Queue {
        /// Who is still laying cards.
        laying: Fighters,
    },
    /// The series is over.
    MatchOver,
}

/// Why an action is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// That card is disabled (set aside by Peril).
    Disabled {
        /// The card.
        slot: Slot,
    },
    /// A Near block last turn forbids Attacks this turn.
    AttacksLocked {
        /// The Attack asked for.
        slot: Slot,
    },
    /// That card is already face down in the combo.
    AlreadyQueued {
        /// The card.
        slot: Slot,
    },
    /// TAUNT itself cannot be laid face down in a combo.
    TauntInCombo,
    /// Monsters: a Switch cannot be laid face down, since the cards laid belong to the monster
    /// in play (notes, "Monsters").
    SwitchInCombo,
    /// The card is not in this hand (in Monsters, not in the active monster, or every copy is
    /// already face down).
    NotInHand {
        /// The card.
        slot: Slot,
    },
    /// Monsters: the two decks have no more copies of that card to build with.
    NoCopiesLeft {
        /// The card.
        slot: Slot,
    },
    /// A charge token can only go to another fighter below the top level, from a fighter who has
    /// one (a Team Spirit's, only to its teammate).
    CannotPass,
    /// The action answers a different decision from the one asked.
    NotNow {
        /// What was asked.
        expected: &'static str,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Disabled { slot } => write!(f, "{slot} is disabled"),
            Refusal::AttacksLocked { slot } => write!(f, "{slot} is an Attack, and Attacks are forbidden this turn after a Near block"),
            Refusal::AlreadyQueued { slot } => write!(f, "{slot} is already face down in the combo"),
            Refusal::TauntInCombo => write!(f, "TAUNT cannot be laid face down in its own combo"),
            Refusal::SwitchInCombo => write!(f, "a Switch cannot be laid face down: the cards laid belong to the monster in play"),
            Refusal::NotInHand { slot } => write!(f, "{slot} is not in your hand"),
            Refusal::NoCopiesLeft { slot } => write!(f, "your two decks have no more {slot} cards"),
            Refusal::CannotPass => write!(f, "a charge token can only go to another fighter below L3, from one of your own"),
            Refusal::NotNow { expected } => write!(f, "the decision now is to {expected}"),
        }
    }
}

/// One fighter's public situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corner {
    /// Which fighter.
    pub fighter: FighterId,
    /// Damage on the Danger Track.
    pub damage: u8,
    /// Charge tokens: the level of the next move.
    pub charge: u8,
    /// Block tokens.
    pub blocks: u8,
    /// Cards set aside by Peril.
    pub disabled: Slots,
    /// Knocked down: plays no card until all block tokens are back.
    pub knocked_down: bool,
    /// May not play Attacks this turn (the other fighter blocked them at Near).
    pub attacks_locked: bool,
    /// Moves of the current taunting combo already revealed.
    pub combo_played: Slots,
    /// Defeated in a mode for more fighters: out of the circle, or a Team Spirit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub out: bool,
    /// A Wampire's blood (0 for other fighters).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub blood: u16,
    /// A Wampire knocked out this turn: a hit with too much Peril for its blood, or no blood left.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drained: bool,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

impl Corner {
    /// A fighter at the start of a fight carrying `damage`.
    pub fn fresh(fighter: FighterId, damage: u8) -> Corner {
        Corner {
            fighter,
            damage,
            charge: 0,
            blocks: fighter.card().block_tokens,
            disabled: Slots::NONE,
            knocked_down: false,
            attacks_locked: false,
            combo_played: Slots::NONE,
            out: false,
            blood: 0,
            drained: false,
        }
    }

    /// A Wampire at the start of a fight: full blood, the rest as [`Corner::fresh`].
    pub(crate) fn fresh_wampire(fighter: FighterId) -> Corner {
        Corner { blood: WAMPIRE_BLOOD, ..Corner::fresh(fighter, 0) }
    }

    /// Whether this fighter may play `slot` as their move this turn.
    pub fn may_play(&self, slot: Slot) -> Result<(), Refusal> {
        if self.disabled.contains(slot) {
            return Err(Refusal::Disabled { slot });
        }
        if self.attacks_locked && slot.is_attack() {
            return Err(Refusal::AttacksLocked { slot });
        }
        Ok(())
    }
}

/// A TAUNT match in progress. Build it with [`dojo_engine::Game::from_setup`]; change it only
/// with [`dojo_engine::apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taunt {
    pub(crate) options: Options,
    pub(crate) phase: Phase,
    /// Fight of the series, from 1.
    pub(crate) fight: u8,
    /// Turn of the fight, from 1.
    pub(crate) turn: u16,
    /// Fight wins, one per fighter.
    pub(crate) wins: PerFighter<u8>,
    /// The winner of each finished fight (`None` for a double knockout).
    pub(crate) results: Vec<Option<Seat>>,
    /// The Position of a duel, and of the last two of a Last Pobber Standing.
    pub(crate) position: Position,
    /// A circle of three or more: `markers[s]` is the marker fighter `s` shares with the next
    /// fighter still in the circle after it.
    pub(crate) markers: PerFighter<Position>,
    /// Team Battle: the half of the Dojo each fighter stands in.
    pub(crate) halves: PerFighter<Half>,
    /// Fighters out of a circle or a Team Battle, a group per turn, the first out first.
    pub(crate) out_order: Vec<Vec<Seat>>,
    /// The final places of a mode for more fighters, first place first, once it is over.
    pub(crate) places: Vec<Vec<Seat>>,
    /// Position choices still owed this turn after the current one: (attacker, victim).
    pub(crate) owed_places: Vec<(Seat, Seat)>,
    /// The turn waiting for a runner's choice of markers (`Phase::Flip`); public, as every
    /// move in it is revealed.
    pub(crate) paused: Option<Box<Turn>>,
    /// Each fighter's public situation; there are as many fighters as corners.
    pub(crate) corners: PerFighter<Corner>,
    /// Cards laid face down in a taunting combo, next first, one queue per fighter. Hidden from
    /// the other seats.
    pub(crate) queues: PerFighter<Combo>,
    /// The revealed moves, one per fighter, waiting for the order choice.
    pub(crate) pending: Option<Vec<Option<Slot>>>,
    /// Which of the pending moves came from a combo.
    pub(crate) pending_queued: Fighters,
    /// Seats owed a queueing step after a Position choice.
    pub(crate) queue_next: Fighters,
    /// Monsters: each trainer's monsters (their cards are secret from the other trainer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) monsters: Option<Box<Trainers>>,
}

impl Taunt {
    pub(crate) fn start(setup: &Setup) -> Result<Taunt, SetupError> {
        setup.check()?;
        let wampires = setup.options.wampires;
        let fresh = |f: &FighterId| if wampires { Corner::fresh_wampire(*f) } else { Corner::fresh(*f, 0) };
        let mut corners = PerFighter::from_vec(setup.fighters.iter().map(fresh).collect());
        let count = corners.len();
        let monsters = (setup.options.battle == Battle::Monsters).then(|| {
            let mut trainers = Trainers::default();
            if let Some(squads) = &setup.squads {
                for (trainer, squad) in trainers.trainers.iter_mut().zip(squads) {
                    *trainer = Trainer::from_squad(squad);
                }
                trainers.placed = SQUAD_CARDS as u8;
            }
            for corner in corners.iter_mut() {
                corner.blocks = MONSTER_TEAM.block_tokens;
            }
            Box::new(trainers)
        });
        if let Some(starts) = &setup.start {
            for (corner, start) in corners.iter_mut().zip(starts) {
                if wampires {
                    corner.blood = start.blood.unwrap_or(corner.blood);
                } else {
                    corner.damage = start.damage;
                }
                corner.charge = start.charge;
                corner.blocks = start.blocks.unwrap_or(corner.blocks);
                corner.disabled = start.disabled;
            }
        }
        let mut monsters = monsters;
        if let Some(trainers) = monsters.as_mut() {
            // A Monsters start's disabled cards are the active monster's, where it holds them.
            for (s, corner) in corners.iter_mut().enumerate() {
                let trainer = &mut trainers.trainers[s];
                for card in corner.disabled.to_vec() {
                    trainer.disable(card);
                }
                corner.disabled = trainer.disabled_set();
            }
        }
        let building = monsters.as_ref().is_some_and(|m| m.building());
        Ok(Taunt {
            options: setup.options,
            phase: if building { Phase::Build } else { Phase::Select },
            fight: 1,
            turn: 1,
            wins: PerFighter::filled(count, 0),
            results: Vec::new(),
            position: setup.position,
            markers: PerFighter::from_fn(count, |s| setup.markers.as_ref().map_or(Position::Far, |m| m[s])),
            halves: PerFighter::from_fn(count, |s| {
                setup.halves.as_ref().map_or(if s < count / 2 { Half::Left } else { Half::Right }, |h| h[s])
            }),
            out_order: Vec::new(),
            places: Vec::new(),
            owed_places: Vec::new(),
            paused: None,
            corners,
            queues: PerFighter::filled(count, Combo::default()),
            pending: None,
            pending_queued: Fighters::none(count),
            queue_next: Fighters::none(count),
            monsters,
        })
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// One fighter's public situation.
    pub fn corner(&self, seat: Seat) -> &Corner {
        &self.corners[seat.index()]
    }

    /// The Position of a duel (and of the last two of a Last Pobber Standing).
    pub fn position(&self) -> Position {
        self.position
    }

    /// The way of playing.
    pub fn battle(&self) -> Battle {
        self.options.battle
    }

    /// Fight of the series, from 1.
    pub fn fight(&self) -> u8 {
        self.fight
    }

    /// Turn of the current fight, from 1.
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// Fight wins per seat.
    pub fn wins(&self) -> &[u8] {
        &self.wins
    }

    /// The winner of each finished fight (`None`: a double knockout).
    pub fn results(&self) -> &[Option<Seat>] {
        &self.results
    }

    /// The match options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// How many cards `seat` has face down in a combo.
    pub fn queued(&self, seat: Seat) -> usize {
        self.queues[seat.index()].len()
    }

    pub(crate) fn decision_of(&self, seat: Seat) -> Option<Decision> {
        let s = seat.index();
        match self.phase {
            Phase::Build => Some(Decision::Build { placed: self.monsters.as_ref().map_or(0, |m| m.placed) }),
            Phase::Select => {
                let corner = &self.corners[s];
                let fights = !corner.out || self.is_spirit(s);
                (fights && !corner.knocked_down && self.queues[s].is_empty()).then_some(Decision::Pick { turn: self.turn })
            }
            Phase::Order { seat: who } => (who == seat).then_some(Decision::Order),
            Phase::Place { seat: who, victim } => (who == seat).then_some(Decision::Place { victim }),
            Phase::Flip { seat: who } => (who == seat).then_some(Decision::Flip),
            Phase::Queue { laying } => laying[s].then_some(Decision::Queue { queued: self.queues[s].len() as u8 }),
            Phase::Pass { passing, .. } => passing[s].then_some(Decision::Pass),
            Phase::MatchOver => None,
        }
    }

    pub(crate) fn check_action(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        let s = seat.index();
        // The common case first, without copying the phase into the match below.
        if let (Phase::Select, Action::Play(slot), None) = (&self.phase, action, &self.monsters) {
            return self.fighter_may_play(s, *slot);
        }
        match (self.phase, action) {
            (Phase::Build, Action::Draft(slot)) => match &self.monsters {
                Some(m) if m.left_to_build(s, *slot) > 0 => Ok(()),
                _ => Err(Refusal::NoCopiesLeft { slot: *slot }),
            },
            (Phase::Build, _) => Err(Refusal::NotNow { expected: "build your monsters" }),
            (Phase::Select, Action::Play(slot)) => match &self.monsters {
                Some(m) => self.monster_may_play(&m.trainers[s], s, *slot, 0),
                None => self.fighter_may_play(s, *slot),
            },
            (Phase::Select, _) => Err(Refusal::NotNow { expected: "pick a move" }),
            (Phase::Order { .. }, Action::Order { .. }) => Ok(()),
            (Phase::Order { .. }, _) => Err(Refusal::NotNow { expected: "choose to act first or second" }),
            (Phase::Place { .. }, Action::Place(_)) => Ok(()),
            (Phase::Place { .. }, _) => Err(Refusal::NotNow { expected: "choose the Position" }),
            // Any choice stands, even one naming only a marker that equal Runs hold still (notes,
            // "Runs in a circle").
            (Phase::Flip { .. }, Action::Flip(_)) => Ok(()),
            (Phase::Flip { .. }, _) => Err(Refusal::NotNow { expected: "choose which markers your Run changes" }),
            (Phase::Queue { .. }, Action::Queue(Slot::Taunt)) => Err(Refusal::TauntInCombo),
            (Phase::Queue { .. }, Action::Queue(slot)) if slot.is_switch() => Err(Refusal::SwitchInCombo),
            (Phase::Queue { .. }, Action::Queue(slot)) if self.monsters.is_some() => {
                let laid = self.queues[s].iter().filter(|q| q == slot).count() as u8;
                let trainer = &self.monsters.as_ref().expect("checked").trainers[s];
                match self.monster_may_play(trainer, s, *slot, laid) {
                    Err(Refusal::AttacksLocked { .. }) => Ok(()),
                    other => other,
                }
            }
            (Phase::Queue { .. }, Action::Queue(slot)) if !slot.in_fighter_hand() => Err(Refusal::NotInHand { slot: *slot }),
            (Phase::Queue { .. }, Action::Queue(slot)) if self.queues[s].contains(*slot) => Err(Refusal::AlreadyQueued { slot: *slot }),
            (Phase::Queue { .. }, Action::Queue(slot)) if self.corners[s].disabled.contains(*slot) => {
                Err(Refusal::Disabled { slot: *slot })
            }
            (Phase::Queue { .. }, Action::Queue(_) | Action::EndQueue) => Ok(()),
            (Phase::Queue { .. }, _) => Err(Refusal::NotNow { expected: "lay a card face down or stop" }),
            (Phase::Pass { .. }, Action::Pass(None)) => Ok(()),
            (Phase::Pass { .. }, Action::Pass(Some(to))) => {
                let can = if self.is_spirit(s) {
                    Some(to.index()) == self.teammate(s) && self.may_receive(s, to.index())
                } else {
                    self.corners[s].charge > 0 && self.may_receive(s, to.index())
                };
                if can { Ok(()) } else { Err(Refusal::CannotPass) }
            }
            (Phase::Pass { .. }, _) => Err(Refusal::NotNow { expected: "pass a charge token or keep it" }),
            (Phase::MatchOver, _) => Err(Refusal::NotNow { expected: "nothing: the series is over" }),
        }
    }

    /// Whether fighter `s` (not a trainer of monsters) may play `slot`: one of the nine cards
    /// of a fighter's hand, not disabled, not an Attack while Attacks are forbidden.
    fn fighter_may_play(&self, s: usize, slot: Slot) -> Result<(), Refusal> {
        if !slot.in_fighter_hand() {
            return Err(Refusal::NotInHand { slot });
        }
        self.corners[s].may_play(slot)
    }

    /// Whether trainer `s` may play `slot` from the active monster, `laid` copies of it being
    /// face down already: a Switch always; another card if the monster has a copy left that is
    /// neither disabled nor laid, and it is not an Attack while Attacks are forbidden.
    fn monster_may_play(&self, trainer: &Trainer, s: usize, slot: Slot, laid: u8) -> Result<(), Refusal> {
        if slot.is_switch() {
            return Ok(());
        }
        if trainer.playable(slot) <= laid {
            let held = trainer.cards[usize::from(trainer.active)].count(slot);
            return Err(if held > laid { Refusal::Disabled { slot } } else { Refusal::NotInHand { slot } });
        }
        if self.corners[s].attacks_locked && slot.is_attack() {
            return Err(Refusal::AttacksLocked { slot });
        }
        Ok(())
    }

    /// Whether fighter `to` may receive a charge token passed by fighter `from`: the Charge card
    /// lets its player pass to another fighter below the top level (any other fighter, not only
    /// one its moves reach).
    pub(crate) fn may_receive(&self, from: usize, to: usize) -> bool {
        to != from && to < self.fighter_count() && !self.corners[to].out && self.corners[to].charge < MAX_CHARGE
    }

    pub(crate) fn legal(&self, seat: Seat) -> Vec<Action> {
        if self.decision_of(seat).is_none() {
            return Vec::new();
        }
        if self.phase == Phase::Select && self.monsters.is_none() {
            // Every fighter's moves are checked many times a second in random play: straight
            // from the corner, with one allocation.
            let corner = &self.corners[seat.index()];
            let mut moves = Vec::with_capacity(Slot::ALL.len());
            moves.extend(Slot::ALL.into_iter().filter(|slot| corner.may_play(*slot).is_ok()).map(Action::Play));
            return moves;
        }
        let candidates: Vec<Action> = match self.phase {
            Phase::Build => MONSTER_KINDS.into_iter().map(Action::Draft).collect(),
            Phase::Select => MONSTER_KINDS.into_iter().chain([Slot::SwitchHigher, Slot::SwitchLower]).map(Action::Play).collect(),
            Phase::Order { .. } => vec![Action::Order { first: true }, Action::Order { first: false }],
            Phase::Place { .. } => vec![Action::Place(Position::Near), Action::Place(Position::Far)],
            Phase::Flip { .. } => Flip::ALL.into_iter().map(Action::Flip).collect(),
            Phase::Queue { .. } => {
                let cards: &[Slot] = if self.monsters.is_some() { &MONSTER_KINDS } else { &Slot::ALL };
                cards.iter().copied().map(Action::Queue).chain([Action::EndQueue]).collect()
            }
            Phase::Pass { .. } => {
                let others = Seat::all(self.fighter_count()).filter(|to| *to != seat);
                std::iter::once(None).chain(others.map(Some)).map(Action::Pass).collect()
            }
            Phase::MatchOver => Vec::new(),
        };
        candidates.into_iter().filter(|a| self.check_action(seat, a).is_ok()).collect()
    }

    /// Carries out a checked joint action.
    pub(crate) fn step(&mut self, joint: &PerSeat<Option<Action>>) -> Vec<Event> {
        let mut events = Vec::new();
        match self.phase {
            Phase::Build => {
                if let Some(m) = self.monsters.as_mut() {
                    let monster = usize::from(m.placed) / super::monsters::MONSTER_CARDS;
                    for (s, trainer) in m.trainers.iter_mut().enumerate() {
                        if let Some(Some(Action::Draft(card))) = joint.0.get(s) {
                            trainer.cards[monster.min(MONSTERS - 1)].add(*card);
                        }
                    }
                    m.placed += 1;
                    if !m.building() {
                        self.phase = Phase::Select;
                        events.push(Event::Built);
                    }
                }
            }
            Phase::Select => {
                let picks = PerFighter::from_fn(self.fighter_count(), |s| match joint.0[s] {
                    Some(Action::Play(slot)) => Some(slot),
                    _ => None,
                });
                self.reveal(picks, &mut events);
            }
            Phase::Order { seat } => {
                let first = matches!(joint[seat], Some(Action::Order { first: true }));
                events.push(Event::OrderChosen { seat, first });
                let moves = self.pending.take().unwrap_or_else(|| vec![None; self.fighter_count()]);
                let queued = self.pending_queued;
                // Two Runs are ordered only between two fighters (see `run_order_chooser`).
                let other = Seat(self.opponent(seat.index()) as u8);
                let order = if first { [seat, other] } else { [other, seat] };
                self.act(&moves, queued, Some(&order), &mut events);
            }
            Phase::Place { seat, victim } => {
                if let Some(Action::Place(position)) = joint[seat] {
                    self.set_distance(seat.index(), victim, position, &mut events);
                }
                self.after_place(&mut events);
            }
            Phase::Flip { seat } => {
                let flip = match joint[seat] {
                    Some(Action::Flip(flip)) => flip,
                    _ => Flip::Both,
                };
                match self.paused.take() {
                    Some(mut turn) => {
                        turn.flip = Some(flip);
                        self.run_turn(*turn, &mut events);
                    }
                    None => self.next_turn(&mut events),
                }
            }
            Phase::Queue { mut laying } => {
                for s in self.fighters() {
                    match joint.0[s] {
                        Some(Action::Queue(slot)) => self.queues[s].push(slot),
                        Some(Action::EndQueue) => {
                            laying.remove(s);
                            events.push(Event::Queued { seat: Seat(s as u8), count: self.queues[s].len() as u8 });
                        }
                        _ => {}
                    }
                }
                if !laying.is_empty() {
                    self.phase = Phase::Queue { laying };
                } else {
                    self.next_turn(&mut events);
                }
            }
            Phase::Pass { passing, place } => {
                // Passes are simultaneous: every passer gives a token before anyone receives one.
                let passes: Vec<(usize, Seat)> = passing
                    .iter()
                    .filter_map(|s| match joint.0[s] {
                        Some(Action::Pass(Some(to))) => Some((s, to)),
                        _ => None,
                    })
                    .collect();
                // A Team Spirit gives from the supply, not from its own charge.
                for (from, _) in &passes {
                    if !self.corners[*from].out {
                        self.corners[*from].charge -= 1;
                    }
                }
                for (from, to) in passes {
                    let corner = &mut self.corners[to.index()];
                    corner.charge = (corner.charge + 1).min(MAX_CHARGE);
                    events.push(Event::ChargePassed { from: Seat(from as u8), to, level: corner.charge });
                }
                match place {
                    Some(_) => self.next_place(&mut events),
                    None => self.after_place(&mut events),
                }
            }
            Phase::MatchOver => {}
        }
        events
    }

    /// Every fighter's move is shown (taking taunting moves from their queues) and the turn
    /// acts, unless the order of two Runs must be chosen first.
    pub(crate) fn reveal(&mut self, picks: PerFighter<Option<Slot>>, events: &mut Vec<Event>) {
        let mut moves = picks;
        let mut queued = Fighters::none(self.fighter_count());
        for s in self.fighters() {
            if let Some(next) = self.queues[s].pop_front() {
                moves[s] = Some(next);
                queued.insert(s);
            }
        }
        if let Some(m) = self.monsters.as_mut() {
            for (trainer, card) in m.trainers.iter_mut().zip(moves.iter()) {
                if let Some(card) = card.filter(|c| !c.is_switch()) {
                    trainer.show(card);
                }
            }
        }
        let levels: Vec<u8> = self.corners.iter().map(|c| c.charge).collect();
        let chooser = self.run_order_chooser(&moves, &levels);
        events.push(Event::Revealed {
            turn: self.turn,
            moves: PerSeat(moves.to_vec()),
            levels: PerSeat(levels),
            queued: PerSeat(queued.flags().collect()),
            out: Seat::all(self.fighter_count()).filter(|s| self.corners[s.index()].out && !self.is_spirit(s.index())).collect(),
        });
        if let Some(higher) = chooser {
            self.pending = Some(moves.to_vec());
            self.pending_queued = queued;
            self.phase = Phase::Order { seat: higher };
            return;
        }
        self.act(&moves, queued, None, events);
    }

    /// Two fighters sharing one Position only (a duel, the last two of a Last Pobber Standing):
    /// when both Run at different levels, the higher-level fighter chooses whether their Run
    /// acts first (Runs share a number, and the second runner decides where the fighters end
    /// up). The v0.4 text orders Runs only in a duel; elsewhere the usual order of ties holds.
    fn run_order_chooser(&self, moves: &[Option<Slot>], levels: &[u8]) -> Option<Seat> {
        if !self.shares_one_position() {
            return None;
        }
        let mut runners = self.fighters().filter(|s| !self.corners[*s].out && moves[*s].is_some_and(Slot::is_run));
        match (runners.next(), runners.next()) {
            (Some(a), Some(b)) if levels[a] != levels[b] => Some(Seat(if levels[a] > levels[b] { a } else { b } as u8)),
            _ => None,
        }
    }

    /// Asks the next owed Position choice, or moves on as [`Taunt::after_place`] does.
    pub(crate) fn next_place(&mut self, events: &mut Vec<Event>) {
        if self.owed_places.is_empty() {
            self.after_place(events);
        } else {
            let (seat, victim) = self.owed_places.remove(0);
            let victim = (!self.shares_one_position()).then_some(victim);
            self.phase = Phase::Place { seat, victim };
        }
    }

    /// After a Position choice: the next one owed, else lay combo cards if owed, else the next turn.
    pub(crate) fn after_place(&mut self, events: &mut Vec<Event>) {
        if !self.owed_places.is_empty() {
            self.next_place(events);
            return;
        }
        if !self.queue_next.is_empty() {
            self.phase = Phase::Queue { laying: self.queue_next };
            self.queue_next = Fighters::none(self.fighter_count());
        } else {
            self.next_turn(events);
        }
    }

    /// Starts the next turn, playing out turns in which nobody can choose (everyone knocked
    /// down, or moves already face down).
    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        self.turn += 1;
        self.phase = Phase::Select;
        while self.phase == Phase::Select && Seat::all(self.fighter_count()).all(|s| self.decision_of(s).is_none()) {
            self.reveal(PerFighter::from_fn(self.fighter_count(), |_| None), events);
        }
    }

    /// The winner of a fight lost by `losers`: the one fighter left standing, if exactly one is
    /// (with two fighters, the other one; nobody on a double knockout).
    fn last_standing(&self, losers: &[Seat]) -> Option<Seat> {
        let mut standing = Seat::all(self.fighter_count()).filter(|s| !losers.contains(s));
        match (standing.next(), standing.next()) {
            (Some(winner), None) => Some(winner),
            _ => None,
        }
    }

    /// Ends a fight lost by `losers`, then starts the next or ends the series.
    pub(crate) fn end_fight(&mut self, losers: Vec<Seat>, events: &mut Vec<Event>) {
        self.finish_fight(losers, false, events);
    }

    /// Ends a fight lost by `losers` (on the judges' decision when `judged`), then starts the
    /// next or ends the series.
    fn finish_fight(&mut self, losers: Vec<Seat>, judged: bool, events: &mut Vec<Event>) {
        let winner = self.last_standing(&losers);
        if let Some(w) = winner {
            self.wins[w.index()] += 1;
        }
        self.results.push(winner);
        events.push(Event::FightOver {
            fight: self.fight,
            losers,
            wins: PerSeat(self.wins.to_vec()),
            knocked_out: self.options.wampires && !judged,
            judged,
        });
        if let Some(w) = winner
            && self.wins[w.index()] >= self.options.wins_needed()
        {
            self.phase = Phase::MatchOver;
            events.push(Event::MatchWon { seat: w });
            return;
        }
        let carried: Vec<u8> = self
            .fighters()
            .map(|s| match winner {
                Some(w) if w.index() == s => {
                    let corner = &self.corners[s];
                    // The Monster Team card prints no Recovery.
                    let recovery = if self.options.recovery && self.monsters.is_none() { corner.fighter.card().recovery } else { 0 };
                    corner.damage.saturating_sub(recovery)
                }
                _ => 0,
            })
            .collect();
        let wampires = self.options.wampires;
        for (corner, damage) in self.corners.iter_mut().zip(&carried) {
            *corner = if wampires { Corner::fresh_wampire(corner.fighter) } else { Corner::fresh(corner.fighter, *damage) };
        }
        if let Some(m) = self.monsters.as_mut() {
            // Every monster is whole again and Monster 1 steps in; what was seen stays seen.
            for (trainer, corner) in m.trainers.iter_mut().zip(self.corners.iter_mut()) {
                trainer.heal_all();
                trainer.active = 0;
                corner.blocks = MONSTER_TEAM.block_tokens;
            }
        }
        self.queues.iter_mut().for_each(Combo::clear);
        self.position = Position::Far;
        self.fight += 1;
        self.turn = 1;
        self.phase = Phase::Select;
        events.push(Event::FightStarts { fight: self.fight, damage: PerSeat(carried) });
    }

    /// How fighter `s` stands in the judges' eyes at the time limit, lower being better: its
    /// disabled cards (a trainer's on all three monsters), then its damage, or for a Wampire
    /// (whose cards come back every turn) the blood it lacks.
    fn judged(&self, s: usize) -> (usize, i32) {
        let corner = &self.corners[s];
        if self.options.wampires {
            return (0, -i32::from(corner.blood));
        }
        let disabled = self.monsters.as_ref().map_or(corner.disabled.len(), |m| m.trainers[s].disabled_count());
        (disabled, i32::from(corner.damage))
    }

    /// The fight's last turn ended with nobody beaten: the judges decide (notes, "Time limit").
    /// Two fighters: the better one wins the fight, and an even fight ends the match. Free-for-All
    /// and Last Pobber Standing: the fighters still standing are placed by how they stand, ahead
    /// of those already out. Team Battle: the team with more fighters standing wins, then the
    /// one whose standing fighters stand better together; otherwise a draw.
    pub(crate) fn time_up(&mut self, events: &mut Vec<Event>) {
        events.push(Event::TimeUp { turn: self.turn });
        let n = self.fighter_count();
        let standing: Vec<usize> = self.fighters().filter(|s| !self.corners[*s].out).collect();
        if self.options.battle.is_duel() {
            let (a, b) = (self.judged(0), self.judged(1));
            if a != b {
                let loser = Seat(if a > b { 0 } else { 1 });
                self.finish_fight(vec![loser], true, events);
                return;
            }
            self.results.push(None);
            let wins = PerSeat(self.wins.to_vec());
            events.push(Event::FightOver { fight: self.fight, losers: Vec::new(), wins, knocked_out: false, judged: true });
            self.phase = Phase::MatchOver;
            if let Some(w) = self.fighters().find(|s| self.wins[*s] > self.wins[1 - *s]) {
                events.push(Event::MatchWon { seat: Seat(w as u8) });
            }
            return;
        }
        let seats = |set: &[usize]| set.iter().map(|s| Seat(*s as u8)).collect::<Vec<_>>();
        let mut places: Vec<Vec<Seat>> = if self.options.battle == Battle::Team {
            let team = |k: usize| -> Vec<usize> { standing.iter().copied().filter(|s| self.team_of(*s) == k).collect() };
            let score = |k: usize| {
                let members = team(k);
                let (disabled, damage) = members.iter().map(|s| self.judged(*s)).fold((0, 0), |(d, h), (d2, h2)| (d + d2, h + h2));
                (std::cmp::Reverse(members.len()), disabled, damage)
            };
            let whole = |k: usize| self.fighters().filter(|s| self.team_of(*s) == k).collect::<Vec<_>>();
            match score(0).cmp(&score(1)) {
                std::cmp::Ordering::Less => vec![seats(&whole(0)), seats(&whole(1))],
                std::cmp::Ordering::Greater => vec![seats(&whole(1)), seats(&whole(0))],
                std::cmp::Ordering::Equal => vec![seats(&(0..n).collect::<Vec<_>>())],
            }
        } else {
            let mut ranked = standing.clone();
            dojo_engine::sorting::sort_by_key(&mut ranked, |s| self.judged(*s));
            let mut groups: Vec<Vec<Seat>> = Vec::new();
            for (i, s) in ranked.iter().enumerate() {
                if i > 0 && self.judged(ranked[i - 1]) == self.judged(*s) {
                    groups.last_mut().expect("a group is open").push(Seat(*s as u8));
                } else {
                    groups.push(vec![Seat(*s as u8)]);
                }
            }
            groups.extend(self.out_order.iter().rev().cloned());
            groups
        };
        places.retain(|g| !g.is_empty());
        let winners = if places.len() > 1 || self.options.battle != Battle::Team { places[0].clone() } else { Vec::new() };
        self.places = places;
        self.phase = Phase::MatchOver;
        events.push(Event::Victory { seats: winners });
    }

    /// Fighters still in the fight who lost it this turn: three or more disabled cards, or a
    /// Wampire knocked out.
    pub(crate) fn beaten(&self) -> Vec<Seat> {
        let lost = |s: usize| match &self.monsters {
            Some(m) => m.trainers[s].disabled_count() >= DISABLED_TO_LOSE,
            None if self.options.wampires => self.corners[s].drained,
            None => self.corners[s].disabled.len() >= DISABLED_TO_LOSE,
        };
        Seat::all(self.fighter_count()).filter(|s| !self.corners[s.index()].out && lost(s.index())).collect()
    }
}
