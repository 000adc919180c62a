//! FUSION dealt between devices (`dojo-remote`'s dealer): the Deck as numbered cards, what
//! each step does with them (read from its events), and a setup from the dealt orders.
//!
//! Card `n` below 104 is [`Card::from_number`]`(n % 52)` (two packs); 104 to 107 are the
//! Jokers, one face among them, *marked*: shuffled in face up, each seen by everyone as it
//! reaches the top and taken off there at once. Nothing is dealt to a hand before the first
//! step: the setup's own moves draw each pilot's Stash from the top (and lay the Coach's blind
//! challenge), as the engine does.
//!
//! | the rules do | the cards move |
//! |---|---|
//! | a pilot or the Coach draws | [`CardMove::Drawn`], seen by the drawer alone |
//! | the Threshold, the Coach's blind card | [`CardMove::TopHidden`], seen by no one, then [`CardMove::HiddenShown`] when turned |
//! | a flip, +Tarry | [`CardMove::TopShown`] |
//! | a card laid face down from the Stash | nothing until the initiative stack turns it: then [`CardMove::Played`] |
//! | a Push, Beat-Back, Recharge, Surge, Gambit play, a discard down to the maximum, an Assist's discard | [`CardMove::Played`] |
//! | a Card-Assist's cards | [`CardMove::Passed`], seen by the giver and the receiver (the choice stays face down but for its discard, which its outline names) |
//! | +Burn, the Coach's Stash after a fight | [`CardMove::HandShown`] |
//! | a Fold | nothing: the Stash stays hidden and comes back |
//! | the Trash (and the Jokers) shuffled into an empty Deck | [`CardMove::Restocked`] |

use super::action::Action;
use super::cards::Card;
use super::deck::{DeckCard, JOKERS};
use super::event::Event;
use super::setup::Setup;
use super::state::Fusion;
use dojo_engine::{CardMove, Dealing};

/// Ordinary cards in the Deck.
const ORDINARY: u16 = 104;

/// The Jokers' face.
pub(crate) const JOKER_FACE: u16 = 52;

/// A card's face: its place in one pack.
pub(crate) fn face(card: Card) -> u16 {
    u16::from(card.number())
}

/// The card numbered `n` (a Joker from 104 on); `None` past the Deck.
fn deck_card(n: u16) -> Option<DeckCard> {
    match n {
        _ if n < ORDINARY => Card::from_number((n % 52) as u8).map(DeckCard::Card),
        _ if n < ORDINARY + u16::from(JOKERS) => Some(DeckCard::Joker),
        _ => None,
    }
}

/// The Deck, and the setup's own moves.
pub(crate) fn dealing(setup: &Setup) -> Dealing {
    let faces = (0..ORDINARY + u16::from(JOKERS)).map(|n| if n < ORDINARY { n % 52 } else { JOKER_FACE }).collect();
    let opening = Fusion::new(setup).map(|(_, events)| card_moves(&events)).unwrap_or_default();
    Dealing { faces, hands: vec![0; setup.seats()], shown: 0, marked: vec![JOKER_FACE], opening }
}

/// The faces of the cards `action` takes from its seat's hand and turns face up when shown
/// (a Card-Assist's card is passed on privately, not shown).
pub(crate) fn cards_of(action: &Action) -> Vec<u16> {
    match action {
        Action::Play(card)
        | Action::Lay(card)
        | Action::Recharge(card)
        | Action::Push(card)
        | Action::BeatBack(card)
        | Action::Discard(card)
        | Action::Assist { discard: card, .. } => vec![face(*card)],
        Action::Surge { cards, .. } => cards.iter().map(|c| face(*c)).collect(),
        _ => Vec::new(),
    }
}

/// A Card-Assist kept face down still discards its card in sight of all.
pub(crate) fn shown_at_once(action: &Action) -> Vec<u16> {
    match action {
        Action::Assist { discard, give: Some(_) } => vec![face(*discard)],
        _ => Vec::new(),
    }
}

/// A Card-Assist's own card, handed on before the cards the giver received.
pub(crate) fn passed_of(action: &Action) -> Vec<u16> {
    match action {
        Action::Assist { give: Some(card), .. } => vec![face(*card)],
        _ => Vec::new(),
    }
}

/// What a step did with the cards, from its events.
pub(crate) fn card_moves(events: &[Event]) -> Vec<CardMove> {
    let mut moves = Vec::new();
    for event in events {
        match event {
            Event::Drew { seat, count } => moves.push(CardMove::Drawn { seat: *seat, count: *count }),
            Event::ThresholdLaid | Event::Laid { blind: true, .. } => moves.push(CardMove::TopHidden),
            Event::Revealed { pilot, card, flipped, .. } => {
                moves.push(if *flipped { CardMove::TopShown } else { CardMove::Played { seat: *pilot, face: face(*card) } });
                moves.push(CardMove::HiddenShown);
            }
            Event::Initiative { stack, blind } => {
                for committed in stack {
                    let seat = dojo_engine::Seat(committed.seat);
                    moves.push(if Some(seat) == *blind {
                        CardMove::HiddenShown
                    } else {
                        CardMove::Played { seat, face: face(committed.card) }
                    });
                }
            }
            Event::Milled { cards } => moves.extend(cards.iter().map(|_| CardMove::TopShown)),
            Event::Recharged { seat, card } | Event::Pushed { seat, card, .. } | Event::BeatBack { seat, card } => {
                moves.push(CardMove::Played { seat: *seat, face: face(*card) });
            }
            Event::Surged { seat, cards, .. } | Event::Discarded { seat, cards, whole: false } => {
                moves.extend(cards.iter().map(|c| CardMove::Played { seat: *seat, face: face(*c) }));
            }
            Event::Discarded { seat, whole: true, .. } => moves.push(CardMove::HandShown { seat: *seat }),
            Event::Assisted { seat, discard, .. } => moves.push(CardMove::Played { seat: *seat, face: face(*discard) }),
            Event::Handed { from, to, cards } => moves.push(CardMove::Passed {
                from: *from,
                to: *to,
                count: cards.len() as u8,
                faces: cards.iter().map(|c| face(*c)).collect(),
            }),
            Event::Reshuffled { cards, jokers } => {
                let faces = cards.iter().map(|c| face(*c)).chain((0..*jokers).map(|_| JOKER_FACE)).collect();
                moves.push(CardMove::Restocked { faces });
            }
            _ => {}
        }
    }
    moves
}

/// `setup` with the Deck as dealt: each order of card numbers top first, the first the whole
/// Deck, each later one the next reshuffle's. A number that is no card is left out, and the
/// setup then fails its check.
pub(crate) fn dealt_setup(setup: &Setup, orders: &[Vec<u16>]) -> Setup {
    let dealt = orders.iter().map(|order| order.iter().filter_map(|n| deck_card(*n)).collect()).collect();
    Setup { dealt, stashes: Vec::new(), deck_top: Vec::new(), ..setup.clone() }
}

#[cfg(test)]
mod tests;
