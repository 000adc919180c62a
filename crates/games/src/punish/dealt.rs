//! PUNISH dealt between two devices (`dojo-remote`'s dealer): the deck as numbered cards, what
//! each step does with them (read from its events), and a setup from the dealt orders.
//!
//! Card `n` is `Card::full_deck()[n]`; its face is the card's kind. The first deal is five
//! cards to each hand, then two out of play, then the deck; the shuffle at the end of a
//! measure lays out each player's draws, then the two out of play, then the deck; a new game
//! of the match deals as at the start.

use super::card::{Card, HAND_SIZE, OUT_OF_PLAY};
use super::event::Event;
use super::setup::Setup;
use super::state::{Phase, Play, Punish};
use dojo_engine::{CardMove, Dealing, Seat};

/// The deck and the first deal.
pub(crate) fn dealing() -> Dealing {
    Dealing {
        faces: Card::full_deck().iter().map(|c| face(*c)).collect(),
        hands: vec![HAND_SIZE as u8; 2],
        shown: OUT_OF_PLAY as u8,
        marked: Vec::new(),
        opening: Vec::new(),
    }
}

/// A card's face: its kind.
pub(crate) fn face(card: Card) -> u16 {
    card.index() as u16
}

/// What everyone sees at once of a face-down choice: in a Blindfolded plan, a Punish laid
/// before the last breath leaves the next breath empty (outline 1), any other plan does not
/// (outline 0). A pick in a breath is shown in its step, so it has no outline.
pub(crate) fn outline(state: &Punish, seat: Seat, play: &Play) -> Option<u8> {
    if state.phase != Phase::Planning {
        return None;
    }
    let slot = state.plans.get(seat.index()).map_or(0, Vec::len);
    let last = usize::from(state.options.breaths_per_measure()).saturating_sub(1);
    Some(u8::from(play.card == Card::Punish && slot < last))
}

/// What a step did with the cards, from its events. A Feint plays the picked card face up and
/// turns the deck's top card face up; a revealed card that no Feint replaced left its hand.
pub(crate) fn card_moves(events: &[Event]) -> Vec<CardMove> {
    let mut moves = Vec::new();
    let mut feinted = [false; 2];
    let mut draws: Option<Vec<u8>> = None;
    let mut redealt = false;
    for event in events {
        match event {
            Event::Feinted { seat, chosen, .. } => {
                moves.push(CardMove::Played { seat: *seat, face: face(*chosen) });
                moves.push(CardMove::TopShown);
                if let Some(f) = feinted.get_mut(seat.index()) {
                    *f = true;
                }
            }
            Event::Revealed { cards, .. } => {
                for (seat, card) in cards.iter() {
                    if let Some(card) = card
                        && !feinted.get(seat.index()).copied().unwrap_or(false)
                    {
                        moves.push(CardMove::Played { seat, face: face(*card) });
                    }
                }
                feinted = [false; 2];
            }
            Event::MeasureEnded { .. } => draws = Some(vec![0; 2]),
            Event::Drew { seat, count } => {
                if let Some(d) = draws.as_mut().and_then(|d| d.get_mut(seat.index())) {
                    *d = *count;
                }
            }
            Event::NewGame { .. } => redealt = true,
            Event::OutOfPlay { cards } => {
                let shown = cards.len() as u8;
                if std::mem::take(&mut redealt) {
                    moves.push(CardMove::Redealt { hands: vec![HAND_SIZE as u8; 2], shown });
                } else if let Some(draws) = draws.take() {
                    moves.push(CardMove::Reshuffled { draws, shown });
                }
            }
            _ => {}
        }
    }
    moves
}

/// `setup` with the dealt cards: the first order as the hands, the cards out of play and the
/// deck; each later order as the next shuffle ([`Setup::later`]). A number that is no card is
/// left out, and the setup then fails its check.
pub(crate) fn dealt_setup(setup: &Setup, orders: &[Vec<u16>]) -> Setup {
    let deck = Card::full_deck();
    let cards = |order: &[u16]| -> Vec<Card> { order.iter().filter_map(|n| deck.get(usize::from(*n)).copied()).collect() };
    let Some((first, later)) = orders.split_first() else { return setup.clone() };
    let first = cards(first);
    let part = |from: usize, to: usize| first.get(from.min(first.len())..to.min(first.len())).unwrap_or_default().to_vec();
    let hands_end = 2 * HAND_SIZE;
    Setup {
        hands: [part(0, HAND_SIZE), part(HAND_SIZE, hands_end)],
        revealed: part(hands_end, hands_end + OUT_OF_PLAY),
        deck: part(hands_end + OUT_OF_PLAY, first.len()),
        later: later.iter().map(|o| cards(o)).collect(),
        ..setup.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::punish::{Options, Punish};
    use dojo_engine::{FaceDown, Game, Rng, Seat, joint_from};

    #[test]
    fn card_moves_account_for_every_card_of_random_matches() {
        let options = [
            Options::default(),
            Options { feint: true, ..Options::default() },
            Options { blindfolded: true, feint: true, ..Options::default() },
            Options { blitz: true, feint: true, best_of: 5, hearts: 2, ..Options::default() },
        ];
        let mut seen = [0usize; 4];
        for seed in 0..60u64 {
            let options = options[seed as usize % options.len()];
            let mut state = Punish::from_setup(&Setup::deal(seed, options)).unwrap();
            let (mut hands, mut deck) = ([HAND_SIZE; 2], state.deck().len());
            let mut rng = Rng::new(seed);
            while state.outcome().is_none() {
                let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
                let events = dojo_engine::apply(&mut state, &joint).unwrap();
                for m in card_moves(&events) {
                    match m {
                        CardMove::Played { seat, .. } => {
                            hands[seat.index()] -= 1;
                            seen[0] += 1;
                        }
                        CardMove::TopShown => {
                            deck -= 1;
                            seen[1] += 1;
                        }
                        CardMove::Reshuffled { draws, shown } => {
                            // Every card out of the hands is dealt again.
                            let out = 15 - hands[0] - hands[1];
                            hands = [hands[0] + usize::from(draws[0]), hands[1] + usize::from(draws[1])];
                            deck = out - usize::from(draws[0]) - usize::from(draws[1]) - usize::from(shown);
                            seen[2] += 1;
                        }
                        CardMove::Redealt { hands: dealt, shown } => {
                            hands = [usize::from(dealt[0]), usize::from(dealt[1])];
                            deck = 15 - hands[0] - hands[1] - usize::from(shown);
                            seen[3] += 1;
                        }
                        other => panic!("PUNISH makes no {other:?}"),
                    }
                }
                assert_eq!(deck, state.deck().len(), "seed {seed}: the deck as the moves leave it");
                // A Blindfolded plan leaves the hand when it is laid, its card is played later
                // (or never, when the match ends first).
                for s in (0..2).filter(|_| state.outcome().is_none()) {
                    let planned = state.plans[s].iter().flatten().count();
                    assert_eq!(hands[s], state.hand(Seat(s as u8)).len() + planned, "seed {seed}: seat {s}'s hand");
                }
            }
        }
        assert!(seen.iter().all(|n| *n > 0), "every kind of move happened: {seen:?}");
    }

    #[test]
    fn a_blindfolded_punish_before_the_last_breath_has_its_own_outline_as_the_view_shows() {
        // The outline must match what the public view shows of a face-down plan: a Punish
        // before the last breath leaves the next slot empty, anything else does not.
        for seed in 0..40u64 {
            let options = Options { blindfolded: true, feint: true, blitz: seed % 2 == 0, ..Options::default() };
            let mut state = Punish::from_setup(&Setup::deal(seed, options)).unwrap();
            let mut rng = Rng::new(seed);
            while state.outcome().is_none() && state.phase() == crate::punish::Phase::Planning {
                let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
                for (seat, play) in joint.iter().filter_map(|(s, p)| Some((s, (*p)?))) {
                    let outline = state.outline(seat, &play);
                    let mut alone = state.clone();
                    let before = alone.plans[seat.index()].len();
                    alone.plans[seat.index()].push(Some(play));
                    if play.card == Card::Punish && before + 1 < usize::from(options.breaths_per_measure()) {
                        alone.plans[seat.index()].push(None);
                    }
                    let skips = alone.view(dojo_engine::Observer::Public).plan_slots.get(seat).is_some_and(|s| s.last() == Some(&false));
                    assert_eq!(outline, Some(u8::from(skips)), "seed {seed}: {play:?} in slot {}", before + 1);
                }
                dojo_engine::apply(&mut state, &joint).unwrap();
            }
        }
        let playing = Punish::from_setup(&Setup::deal(1, Options::default())).unwrap();
        assert_eq!(playing.outline(Seat(0), &Play::card(Card::Punish)), None, "a pick in a breath is shown in its step");
    }

    #[test]
    fn a_dealt_setup_lays_out_the_first_order_and_keeps_the_later_ones() {
        let first: Vec<u16> = (0..15).rev().collect();
        let later = [(0..9).collect::<Vec<u16>>()];
        let setup = dealt_setup(&Setup::deal(3, Options::default()), &[first, later[0].clone()]);
        use Card::*;
        assert_eq!(setup.hands, [vec![Punish, Punish, Punish, Strike, Strike], vec![Strike, Dodge, Dodge, Dodge, Rush]]);
        assert_eq!((setup.revealed.clone(), setup.deck.clone()), (vec![Rush, Rush], vec![Guard, Guard, Guard]));
        assert_eq!(setup.later, vec![vec![Guard, Guard, Guard, Rush, Rush, Rush, Dodge, Dodge, Dodge]]);
        assert_eq!(setup.validate(), Ok(()));
        let short = dealt_setup(&Setup::deal(3, Options::default()), &[vec![0, 1, 99]]);
        assert!(short.validate().is_err(), "a number that is no card fails the setup's check, without a panic");
    }
}
