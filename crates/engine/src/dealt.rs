//! What devices that deal a game's cards between themselves need to know of the game: the
//! deck, how the first deal is laid out, which cards a choice plays, what each step did with
//! the cards, and how dealt orders become a setup. A game whose cards are dealt this way (see
//! `dojo-remote`'s dealer) implements [`Dealt`] and opts in with [`Game::DEALT`]; no other
//! game needs to.
//!
//! Every deal lays its cards out the same way, in the order the deal leaves them: the first
//! cards to the hands, seat by seat, then the cards turned face up, and the rest is the deck,
//! top card first.

use crate::game::Game;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A game's deck and its first deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealing {
    /// The face of each card of the deck, by the card's number (cards with one face are
    /// interchangeable: a played Strike is any of the Strikes).
    pub faces: Vec<u16>,
    /// Cards dealt to each seat's hand at the start, by seat.
    pub hands: Vec<u8>,
    /// Cards then turned face up.
    pub shown: u8,
    /// Faces whose cards are shuffled in face up (FUSION's Jokers), numbered after every
    /// other card: every device sees such a card once it reaches the deck's top, and it is
    /// taken off there at once, out of play, so a card is only ever drawn, shown or laid from
    /// under it. The devices do not deal them: whether one surfaces each time a new top shows
    /// is drawn by them together, which lays them as a shuffle would.
    #[serde(default)]
    pub marked: Vec<u16>,
    /// What the setup itself then does with the cards, before the first step (FUSION's
    /// pilots draw their Stashes, the Coach may challenge blind); empty for most games.
    #[serde(default)]
    pub opening: Vec<CardMove>,
}

impl Dealing {
    /// Cards in the deck.
    pub fn size(&self) -> u16 {
        self.faces.len() as u16
    }

    /// Cards the devices deal: all but the marked ones, which come last.
    pub fn dealt_size(&self) -> u16 {
        self.faces.iter().take_while(|f| !self.marked.contains(f)).count() as u16
    }

    /// Whether card number `card` is a marked one.
    pub fn is_marked(&self, card: u16) -> bool {
        card >= self.dealt_size() && card < self.size()
    }
}

/// Something one step did with the cards, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardMove {
    /// `seat` played a card with face `face` from its hand, face up.
    Played {
        /// Who played it.
        seat: Seat,
        /// Its face ([`Dealing::faces`]).
        face: u16,
    },
    /// The deck's top card was turned face up.
    TopShown,
    /// Every card outside the hands (the deck and the cards face up) was shuffled and dealt
    /// again: `draws[s]` to seat `s`, seat by seat, then `shown` face up; the rest is the deck.
    Reshuffled {
        /// Cards each seat drew, by seat.
        draws: Vec<u8>,
        /// Cards then turned face up.
        shown: u8,
    },
    /// `count` cards off the deck's top went to `seat`'s hand, seen by its holder alone.
    Drawn {
        /// Who drew them.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// The deck's top card was laid face down where no one sees it (FUSION's Threshold, the
    /// Coach's blind card).
    TopHidden,
    /// The card laid face down longest ago by [`CardMove::TopHidden`] was turned face up.
    HiddenShown,
    /// Every card of `seat`'s hand was turned face up (a whole hand thrown away).
    HandShown {
        /// Whose hand.
        seat: Seat,
    },
    /// `count` cards of `from`'s hand went to `to`'s, seen by the two holders alone: the
    /// places `from`'s device names once the step is played.
    Passed {
        /// The giver.
        from: Seat,
        /// The receiver.
        to: Seat,
        /// How many.
        count: u8,
        /// Their faces as the copy that played the step holds them: true on the giver's
        /// device, which names the places holding them; another device's stand-in guesses.
        faces: Vec<u16>,
    },
    /// The deck's cards still in it and the cards face up with faces `faces` (one each, out
    /// of play, FUSION's Trash and Jokers) were shuffled into a new deck; the rest stay where
    /// they are.
    Restocked {
        /// The faces of the cards taken back in from face up.
        faces: Vec<u16>,
    },
    /// Every card, hands included, was gathered, shuffled and dealt as at the start.
    Redealt {
        /// Cards dealt to each seat, by seat.
        hands: Vec<u8>,
        /// Cards then turned face up.
        shown: u8,
    },
}

/// A game whose hidden cards devices that do not trust each other may deal between themselves
/// (`dojo-remote`'s dealer): its deck, what each choice and step does with the cards, and how
/// dealt orders become a setup. Only such a game implements it, and opts in on [`Game`] with
/// `const DEALT: Option<DealtHooks<Self>> = Some(DealtHooks::of());`, through which generic
/// code (and the conformance suite) reaches these hooks.
pub trait Dealt: Game {
    /// Its deck and first deal, for `setup`'s options.
    fn dealing(setup: &Self::Setup) -> Dealing;

    /// The faces of the cards `action` takes from its seat's hand, which are turned face up
    /// once the choice is shown.
    fn cards_of(action: &Self::Action) -> Vec<u16>;

    /// What a step whose events were `events` did with the cards, in order.
    fn card_moves(events: &[Self::Event]) -> Vec<CardMove>;

    /// The faces of the cards `action`, kept face down, still turns face up at once (a FUSION
    /// Card-Assist's discard, which its outline names): its device opens them to everyone as
    /// it commits to the choice. None by default.
    fn shown_at_once(_action: &Self::Action) -> Vec<u16> {
        Vec::new()
    }

    /// The faces of the cards `action` itself hands to another seat's hand, which a
    /// [`CardMove::Passed`] then moves first, before any cards the giver passes on (a FUSION
    /// Card-Assist's own card). None by default.
    fn passed_of(_action: &Self::Action) -> Vec<u16> {
        Vec::new()
    }

    /// `setup` with its cards as the devices dealt them, each deal an order of card numbers
    /// laid out as [`CardMove`] describes: `orders[0]` the first deal, each later one the next
    /// shuffle of the match.
    fn dealt_setup(setup: &Self::Setup, orders: &[Vec<u16>]) -> Self::Setup;
}

/// The [`Dealt`] hooks of a game that implements it, as [`Game::DEALT`] hands them to code
/// generic over any [`Game`].
pub struct DealtHooks<G: Game> {
    dealing: fn(&G::Setup) -> Dealing,
    cards_of: fn(&G::Action) -> Vec<u16>,
    card_moves: fn(&[G::Event]) -> Vec<CardMove>,
    shown_at_once: fn(&G::Action) -> Vec<u16>,
    passed_of: fn(&G::Action) -> Vec<u16>,
    dealt_setup: fn(&G::Setup, &[Vec<u16>]) -> G::Setup,
}

hook_traits!(DealtHooks);

impl<G: Dealt> DealtHooks<G> {
    /// The hooks of `G`'s [`Dealt`] implementation.
    pub const fn of() -> Self {
        DealtHooks {
            dealing: G::dealing,
            cards_of: G::cards_of,
            card_moves: G::card_moves,
            shown_at_once: G::shown_at_once,
            passed_of: G::passed_of,
            dealt_setup: G::dealt_setup,
        }
    }
}

impl<G: Game> DealtHooks<G> {
    /// [`Dealt::dealing`].
    pub fn dealing(&self, setup: &G::Setup) -> Dealing {
        (self.dealing)(setup)
    }

    /// [`Dealt::cards_of`].
    pub fn cards_of(&self, action: &G::Action) -> Vec<u16> {
        (self.cards_of)(action)
    }

    /// [`Dealt::card_moves`].
    pub fn card_moves(&self, events: &[G::Event]) -> Vec<CardMove> {
        (self.card_moves)(events)
    }

    /// [`Dealt::shown_at_once`].
    pub fn shown_at_once(&self, action: &G::Action) -> Vec<u16> {
        (self.shown_at_once)(action)
    }

    /// [`Dealt::passed_of`].
    pub fn passed_of(&self, action: &G::Action) -> Vec<u16> {
        (self.passed_of)(action)
    }

    /// [`Dealt::dealt_setup`].
    pub fn dealt_setup(&self, setup: &G::Setup, orders: &[Vec<u16>]) -> G::Setup {
        (self.dealt_setup)(setup, orders)
    }
}
