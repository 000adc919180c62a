//! The contract every game implements, and the one way to change a state: [`apply`].

use crate::chance::{DrawnSeedHooks, HiddenFutureHooks};
use crate::dealt::DealtHooks;
use crate::face_down::FaceDownHooks;
use crate::outcome::Outcome;
use crate::rng::Rng;
use crate::seat::{Observer, PerSeat, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;

/// Who may read an event.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Audience {
    /// Everybody: every seat and the public.
    Public,
    /// Only these seats (a private draw, a sealed bid before its reveal).
    Seats(Vec<Seat>),
}

impl Audience {
    /// Only `seat`.
    pub fn only(seat: Seat) -> Self {
        Audience::Seats(vec![seat])
    }

    /// Whether `observer` may read the event.
    pub fn includes(&self, observer: Observer) -> bool {
        match (self, observer) {
            (Audience::Public, _) => true,
            (Audience::Seats(seats), Observer::Seat(seat)) => seats.contains(&seat),
            (Audience::Seats(_), Observer::Public) => false,
        }
    }
}

/// One action per seat for a single step: `Some` for each seat that must act now, `None` for the others.
pub type Joint<A> = PerSeat<Option<A>>;

/// A game's rules: a valid position plus everything needed to move it on.
///
/// A game moves by *joint actions*: at every step the state says which seats must decide and
/// what kind of decision each faces ([`Game::decision`]); one action from each of those seats is
/// applied at once with [`apply`]. Secret simultaneous picks, follow-up decisions in the middle of
/// a resolution and plain turns (one seat deciding) are all the same mechanism.
///
/// Implementors write the rules once: [`Game::check`] says whether one seat's action is allowed,
/// [`Game::legal_actions`] lists the allowed ones, and [`Game::resolve`] carries out a joint
/// action that [`apply`] has already checked. Randomness lives in the state and is seeded from
/// the setup, so a setup plus its joint actions always replays to the same state.
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// Plain data describing a game before it starts, every hidden thing explicit (deck order, hands, seed, options).
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Why a setup was refused.
    type SetupError: Debug + Display + PartialEq;
    /// One seat's choice.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Ord + Serialize + DeserializeOwned;
    /// The kind of decision a seat faces now (pick a card, choose a position, …).
    type Decision: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Why one seat's action was refused.
    type Reason: Clone + Debug + Display + PartialEq;
    /// Something that happened while resolving; public unless [`Game::audience`] says otherwise.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Everything one observer (a seat, or the public) may see, and nothing more.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// The game's name as used in records and on the command line, e.g. `"punish"`.
    const NAME: &'static str;

    /// How many seats a table of this game may have.
    const SEATS: RangeInclusive<usize>;

    /// Whether some of its modes put seats in teams (see [`Game::teams`]).
    const HAS_TEAMS: bool = false;
    /// True when actions carry free numbers (an Energy split, a bid), so that
    /// [`Game::legal_actions`] lists a *menu* of representative actions (the computer's
    /// candidates, every one legal) and [`Game::check`] alone decides what else is allowed.
    /// False (the default) when `legal_actions` lists every allowed action.
    const OPEN_ACTIONS: bool = false;

    /// Checks a setup and builds the starting state.
    fn from_setup(setup: &Self::Setup) -> Result<Self, Self::SetupError>;

    /// How many seats this table has (within [`Game::SEATS`]), players and any moderator alike.
    fn seat_count(&self) -> usize;

    /// The teams at this table, each a list of seats; empty when everyone plays alone.
    fn teams(&self) -> Vec<Vec<Seat>> {
        Vec::new()
    }

    /// What `seat` must decide now, or `None` when it does not act in this step.
    fn decision(&self, seat: Seat) -> Option<Self::Decision>;

    /// Every action `seat` may take now (a menu of them for games with [`Game::OPEN_ACTIONS`]);
    /// empty when it does not act.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Whether `seat` may take `action` now, and if not, why. Only called for seats that act.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::Reason>;

    /// Carries out a joint action that [`apply`] has checked, returning what happened.
    ///
    /// Never call this directly: it may assume every action is legal.
    fn resolve(&mut self, joint: &Joint<Self::Action>) -> Vec<Self::Event>;

    /// What `observer` may see of the state: a seat sees its own secrets, the public none.
    fn view(&self, observer: Observer) -> Self::View;

    /// What `seat` may see of the state.
    fn view_for(&self, seat: Seat) -> Self::View {
        self.view(Observer::Seat(seat))
    }

    /// What everybody may see: the table with no seat's secret on it.
    fn public_view(&self) -> Self::View {
        self.view(Observer::Public)
    }

    /// Who may read `event`. By default every event is public.
    fn audience(event: &Self::Event) -> Audience {
        let _ = event;
        Audience::Public
    }

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A full state consistent with `view`, with everything the viewer cannot see drawn at random,
    /// including a fresh seed for every later shuffle.
    ///
    /// This is how computer players reason about hidden cards without peeking (they search over
    /// states sampled from their own view), and how a save that holds only one person's view is
    /// restored. The result shows the same observer exactly `view`.
    fn determinize(view: &Self::View, rng: &mut Rng) -> Self;

    /// The hooks of a game whose cards devices that do not trust each other may deal between
    /// themselves (`dojo-remote`'s dealer): `Some(DealtHooks::of())` for a game that implements
    /// [`Dealt`](crate::Dealt), `None` (the default) for every other. A constant, so that builds of the other
    /// games leave the dealing code out.
    const DEALT: Option<DealtHooks<Self>> = None;

    /// The hooks of a game some of whose choices stay face down while the table shows
    /// something of them (their outline, see [`FaceDown`](crate::FaceDown)): between devices,
    /// stand-ins and the judging of what to show follow it. `None` (the default): a face-down
    /// choice shows nothing until it is turned up.
    const FACE_DOWN: Option<FaceDownHooks<Self>> = None;

    /// The hooks of a game whose seed devices may draw together just before it is read:
    /// `Some(DrawnSeedHooks::of())` for a game that implements [`DrawnSeed`](crate::DrawnSeed), `None` (the
    /// default) for a game with no chance, or with chance that decides something before its
    /// first step.
    const DRAWN_SEED: Option<DrawnSeedHooks<Self>> = None;

    /// The hooks of a game whose positions can hold a future the record tells (an undrawn
    /// deck's order, the seed of later shuffles): `Some(HiddenFutureHooks::of())` for a game
    /// that implements [`HiddenFuture`](crate::HiddenFuture), `None` (the default) for a game with no chance. A
    /// device shared by every seat then saves the seats' views, not the record.
    const HIDDEN_FUTURE: Option<HiddenFutureHooks<Self>> = None;

    /// The same position with everything `observer` cannot see re-drawn at random (other seats'
    /// hands and secret picks, the deck order, the seed of later shuffles), used by the
    /// conformance suite to prove that views do not depend on hidden information. Unlike
    /// [`Game::determinize`] it starts from the true state.
    fn resample_hidden(&self, observer: Observer, rng: &mut Rng) -> Self;
}

/// Why a joint action was refused. The state is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum IllegalAction<R> {
    /// The game is already over.
    GameOver,
    /// The joint action has a slot count different from the number of seats.
    WrongSeatCount {
        /// Seats in the game.
        expected: usize,
        /// Slots in the joint action.
        got: usize,
    },
    /// A seat that must act gave no action.
    MissingAction {
        /// The silent seat.
        seat: Seat,
    },
    /// A seat that does not act now gave an action.
    NotYourTurn {
        /// The seat that spoke out of turn.
        seat: Seat,
    },
    /// The game's rules refuse this seat's action.
    Refused {
        /// The seat whose action was refused.
        seat: Seat,
        /// The rule that refuses it.
        reason: R,
    },
}

impl<R: Display> Display for IllegalAction<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalAction::GameOver => write!(f, "the game is already over"),
            IllegalAction::WrongSeatCount { expected, got } => {
                write!(f, "expected one slot per seat ({expected}), got {got}")
            }
            IllegalAction::MissingAction { seat } => write!(f, "{seat} must act but gave no action"),
            IllegalAction::NotYourTurn { seat } => write!(f, "{seat} does not act now"),
            IllegalAction::Refused { seat, reason } => write!(f, "{seat}: {reason}"),
        }
    }
}

/// Checks a joint action without changing anything.
pub fn check_joint<G: Game>(state: &G, joint: &Joint<G::Action>) -> Result<(), IllegalAction<G::Reason>> {
    if state.outcome().is_some() {
        return Err(IllegalAction::GameOver);
    }
    if joint.len() != state.seat_count() {
        return Err(IllegalAction::WrongSeatCount { expected: state.seat_count(), got: joint.len() });
    }
    for (seat, action) in joint.iter() {
        match (state.decision(seat).is_some(), action) {
            (true, None) => return Err(IllegalAction::MissingAction { seat }),
            (false, Some(_)) => return Err(IllegalAction::NotYourTurn { seat }),
            (true, Some(action)) => state.check(seat, action).map_err(|reason| IllegalAction::Refused { seat, reason })?,
            (false, None) => {}
        }
    }
    Ok(())
}

/// Applies a joint action: checks every seat's part, then resolves it and returns the events.
/// On any error nothing changes.
pub fn apply<G: Game>(state: &mut G, joint: &Joint<G::Action>) -> Result<Vec<G::Event>, IllegalAction<G::Reason>> {
    check_joint(state, joint)?;
    Ok(state.resolve(joint))
}

/// The events of `events` that `observer` may read, in order.
pub fn visible_events<'a, G: Game>(events: &'a [G::Event], observer: Observer) -> impl Iterator<Item = &'a G::Event> + 'a {
    events.iter().filter(move |e| G::audience(e).includes(observer))
}

/// The seats that must act now.
pub fn acting_seats<G: Game>(state: &G) -> Vec<Seat> {
    Seat::all(state.seat_count()).filter(|s| state.decision(*s).is_some()).collect()
}

/// A joint action with each acting seat's action chosen by `pick` from its legal actions.
/// Returns `None` if an acting seat has no legal action (a broken game).
pub fn joint_from<G: Game>(state: &G, mut pick: impl FnMut(Seat, Vec<G::Action>) -> G::Action) -> Option<Joint<G::Action>> {
    let mut joint = PerSeat::filled(state.seat_count(), None);
    // Seat by seat, without collecting the acting seats first: random play calls this at
    // every step.
    for seat in Seat::all(state.seat_count()).filter(|s| state.decision(*s).is_some()) {
        let legal = state.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        joint[seat] = Some(pick(seat, legal));
    }
    Some(joint)
}
