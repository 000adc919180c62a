//! The Throwdown's rules that need no seat to decide anything (notes `#throwdown-start`,
//! `#turns`, `#end`): the initiative stack and its Strike check, the bonus draws, whose turn
//! comes next, the Strike check of a Push, and when the fight is over. The Game wrapper
//! (secret commitments, turns, Payloads, spoils) builds on these.

use super::cards::{Card, difference};
use serde::{Deserialize, Serialize};

/// A seat's part in a Throwdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Part {
    /// On the pilots' side.
    Pilots,
    /// On the Coach's side.
    Coach,
    /// Sitting this one out.
    Out,
}

/// A card committed to the initiative: whose, which, and in what order it was laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Committed {
    /// The seat that laid it.
    pub seat: u8,
    /// The card.
    pub card: Card,
}

/// The initiative stack, lowest first: by rank (an Ace above a King), then suit; of two copies
/// of one card, the one laid earlier (earlier in `laid`) lies higher.
pub fn initiative_stack(laid: &[Committed]) -> Vec<Committed> {
    let mut stack: Vec<(usize, Committed)> = laid.iter().copied().enumerate().collect();
    dojo_engine::sorting::sort_by_key(&mut stack, |(order, c)| (c.card.stack_key(), std::cmp::Reverse(*order)));
    stack.into_iter().map(|(_, c)| c).collect()
}

/// Whether the top card of an initiative `stack` overreaches: its owner is a pilot (`is_pilot`)
/// and the gap to the card beneath is greater than her Strike Range (`range`). The Coach's top
/// card is never checked, and a lone card has nothing beneath it.
pub fn initiative_overreach(stack: &[Committed], is_pilot: impl Fn(u8) -> bool, range: impl Fn(u8) -> i16) -> Option<u8> {
    let [.., beneath, top] = stack else { return None };
    (is_pilot(top.seat) && i16::from(difference(top.card, beneath.card)) > range(top.seat)).then_some(top.seat)
}

/// Whether a pilot's Push of `played` on `top` overreaches her Strike Range `range` (her
/// Commitment to the Fight plus any Strike-Assist she holds, which may be negative). A Push on
/// a Pile with no face-up card is never checked.
pub fn push_overreaches(played: Card, top: Option<Card>, range: i16) -> bool {
    top.is_some_and(|top| i16::from(difference(played, top)) > range)
}

/// Whether the Coach may Push `played` on `top`: never beyond his Strike Range, the sum of his
/// involved Threats' Ratings.
pub fn coach_push_in_range(played: Card, top: Option<Card>, range: u8) -> bool {
    top.is_none_or(|top| difference(played, top) <= range)
}

/// The Coach's bonus draw: one card per pilot in the fight, plus his involved Threats' Ratings.
pub fn coach_bonus_draw(pilots_in_fight: usize, threat_ratings: u8) -> usize {
    pilots_in_fight + usize::from(threat_ratings)
}

/// The seat after `from` going round the table of `seats` seats (to the left), skipping those
/// for which `skip` holds; `None` if every other seat is skipped and `from` too.
pub fn next_seat(from: u8, seats: u8, skip: impl Fn(u8) -> bool) -> Option<u8> {
    (1..=seats).map(|step| (from + step) % seats).find(|s| !skip(*s))
}

/// Whether the fight is over (notes `#end`): every seat still in it (not out, not folded) is on
/// the side of the top card's owner, or nobody is left in it.
pub fn over(parts: &[Part], folded: &[bool], top_owner: Option<u8>) -> bool {
    let standing: Vec<Part> = parts.iter().zip(folded).filter(|(p, f)| **p != Part::Out && !**f).map(|(p, _)| *p).collect();
    match top_owner.map(|s| parts[usize::from(s)]) {
        Some(side) => standing.iter().all(|p| *p == side),
        None => standing.is_empty(),
    }
}

/// The Throwdown's Pile: face-up plays with their owners, on top of the face-down pairs that
/// Beat-Backs sent to the bottom (notes `#turns`, O18).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pile {
    /// Face-down cards at the very bottom, in the order they went there.
    pub beaten_back: Vec<Card>,
    /// Face-up cards, lowest first, each with the seat that laid it.
    pub face_up: Vec<Committed>,
}

impl Pile {
    /// A Pile that starts as the initiative stack.
    pub fn from_stack(stack: Vec<Committed>) -> Pile {
        Pile { beaten_back: Vec::new(), face_up: stack }
    }

    /// The top face-up card and its owner, if any card is face up.
    pub fn top(&self) -> Option<Committed> {
        self.face_up.last().copied()
    }

    /// Lays `card` of `seat` on top (a Push; the caller has checked it beats the top).
    pub fn push(&mut self, seat: u8, card: Card) {
        self.face_up.push(Committed { seat, card });
    }

    /// A Beat-Back: the top card and `card` go face down to the very bottom; the card beneath
    /// becomes the top. Returns the new top's owner, who leads next (`None`: no face-up card
    /// is left, and play goes on to the left of the seat that beat back).
    pub fn beat_back(&mut self, card: Card) -> Option<u8> {
        if let Some(top) = self.face_up.pop() {
            self.beaten_back.push(top.card);
        }
        self.beaten_back.push(card);
        self.top().map(|c| c.seat)
    }

    /// Every card of the Pile, face-down ones included: the spoils at the end.
    pub fn cards(&self) -> Vec<Card> {
        self.beaten_back.iter().copied().chain(self.face_up.iter().map(|c| c.card)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fusion::cards::{Rank, Suit};

    fn laid(seat: u8, rank: Rank, suit: Suit) -> Committed {
        Committed { seat, card: Card::new(rank, suit) }
    }

    #[test]
    fn the_stack_goes_by_rank_then_suit_and_an_identical_card_laid_earlier_lies_higher() {
        let cards = [
            laid(0, Rank::Nine, Suit::Clubs),
            laid(1, Rank::Ace, Suit::Clubs),
            laid(2, Rank::Nine, Suit::Spades),
            laid(3, Rank::Nine, Suit::Clubs),
        ];
        let stack = initiative_stack(&cards);
        let seats: Vec<u8> = stack.iter().map(|c| c.seat).collect();
        assert_eq!(seats, [3, 0, 2, 1], "the Ace on top; seat 0's Nine of Clubs was laid before seat 3's");
    }

    #[test]
    fn only_a_pilot_on_top_is_checked_and_only_a_gap_beyond_her_range_overreaches() {
        let is_pilot = |s: u8| s != 9;
        let stack = [laid(9, Rank::Two, Suit::Clubs), laid(0, Rank::Nine, Suit::Clubs)];
        assert_eq!(initiative_overreach(&stack, is_pilot, |_| 3), Some(0), "7 is beyond 3");
        assert_eq!(initiative_overreach(&stack, is_pilot, |_| 7), None, "7 is within 7");
        let coach_on_top = [laid(0, Rank::Two, Suit::Clubs), laid(9, Rank::King, Suit::Clubs)];
        assert_eq!(initiative_overreach(&coach_on_top, is_pilot, |_| 0), None);
        assert_eq!(initiative_overreach(&stack[1..], is_pilot, |_| 0), None, "a refused Pile of one card");
    }

    #[test]
    fn pushes_are_checked_against_the_range_with_assists_and_the_coach_is_held_to_his() {
        let c = Card::new;
        assert!(push_overreaches(c(Rank::Nine, Suit::Clubs), Some(c(Rank::Two, Suit::Clubs)), 3));
        assert!(!push_overreaches(c(Rank::Nine, Suit::Clubs), Some(c(Rank::Two, Suit::Clubs)), 3 + 4), "a Strike-Assist of +4");
        assert!(push_overreaches(c(Rank::Three, Suit::Clubs), Some(c(Rank::Two, Suit::Clubs)), 3 - 3), "a Strike-Assist of -3 in the Red");
        assert!(!push_overreaches(c(Rank::King, Suit::Clubs), None, 0));
        assert!(coach_push_in_range(c(Rank::Five, Suit::Clubs), Some(c(Rank::Three, Suit::Clubs)), 2));
        assert!(!coach_push_in_range(c(Rank::Six, Suit::Clubs), Some(c(Rank::Three, Suit::Clubs)), 2));
        assert!(
            coach_push_in_range(c(Rank::Ace, Suit::Clubs), Some(c(Rank::King, Suit::Clubs)), 0),
            "an Ace on a King is a difference of 0"
        );
        assert_eq!(coach_bonus_draw(3, 4), 7);
    }

    #[test]
    fn a_beat_back_sends_both_cards_to_the_bottom_and_they_stay_spoils() {
        let c = Card::new;
        let mut pile = Pile::from_stack(vec![laid(3, Rank::Four, Suit::Clubs), laid(0, Rank::Nine, Suit::Hearts)]);
        pile.push(3, c(Rank::Jack, Suit::Clubs));
        assert_eq!(pile.top().map(|t| (t.seat, t.card)), Some((3, c(Rank::Jack, Suit::Clubs))));
        assert_eq!(pile.beat_back(c(Rank::Jack, Suit::Spades)), Some(0), "the Nine is on top again and its owner leads");
        assert_eq!(pile.cards().len(), 4, "the face-down pair is still in the Pile");
        assert_eq!(pile.beat_back(c(Rank::Nine, Suit::Spades)), Some(3));
        assert_eq!(pile.beat_back(c(Rank::Four, Suit::Diamonds)), None, "no face-up card left");
        assert_eq!(pile.top(), None);
        assert_eq!(pile.cards().len(), 6);
    }

    #[test]
    fn turns_go_to_the_left_skipping_those_out_or_folded() {
        let folded = [false, true, false, false];
        assert_eq!(next_seat(0, 4, |s| folded[usize::from(s)]), Some(2));
        assert_eq!(next_seat(3, 4, |s| folded[usize::from(s)]), Some(0));
        assert_eq!(next_seat(0, 4, |_| true), None);
        assert_eq!(next_seat(2, 4, |s| s != 2), Some(2), "alone in the fight, the turn comes back");
    }

    #[test]
    fn the_fight_ends_when_nobody_opposes_the_top_cards_side() {
        let parts = [Part::Pilots, Part::Pilots, Part::Out, Part::Coach];
        assert!(!over(&parts, &[false, false, false, false], Some(0)), "the Coach is still in");
        assert!(over(&parts, &[false, false, false, true], Some(0)), "the Coach folded: the pilots' card wins, allies or not");
        assert!(!over(&parts, &[true, true, false, false], Some(0)), "the pilots folded, but the Coach must still beat their card");
        assert!(over(&parts, &[true, true, false, false], Some(3)));
        assert!(over(&parts, &[true, true, false, true], Some(0)), "everyone folded: the top card's side wins");
        assert!(over(&parts, &[true, true, false, true], None));
        assert!(!over(&parts, &[false, false, false, false], None), "a Pile with no face-up card is not a win");
    }
}
