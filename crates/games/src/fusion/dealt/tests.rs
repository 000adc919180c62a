use super::*;
use crate::fusion::Conflict;
use crate::registry::{Sampled, Table};
use dojo_engine::{Game, Rng, joint_from};

/// Where the moves say the 104 ordinary cards are, by count.
#[derive(Debug, Default)]
struct Counts {
    deck: usize,
    hands: Vec<usize>,
    hidden: usize,
    face_up: usize,
}

impl Counts {
    fn follow(&mut self, moves: &[CardMove], seen: &mut [usize; 8]) {
        for m in moves {
            match m {
                CardMove::Drawn { seat, count } => {
                    self.deck -= usize::from(*count);
                    self.hands[seat.index()] += usize::from(*count);
                    seen[0] += 1;
                }
                CardMove::TopHidden => {
                    self.deck -= 1;
                    self.hidden += 1;
                    seen[1] += 1;
                }
                CardMove::HiddenShown => {
                    self.hidden -= 1;
                    self.face_up += 1;
                    seen[2] += 1;
                }
                CardMove::TopShown => {
                    self.deck -= 1;
                    self.face_up += 1;
                    seen[3] += 1;
                }
                CardMove::Played { seat, .. } => {
                    self.hands[seat.index()] -= 1;
                    self.face_up += 1;
                    seen[4] += 1;
                }
                CardMove::HandShown { seat } => {
                    self.face_up += std::mem::take(&mut self.hands[seat.index()]);
                    seen[5] += 1;
                }
                CardMove::Passed { from, to, count, faces } => {
                    assert_eq!(faces.len(), usize::from(*count), "a pass names a face per card");
                    self.hands[from.index()] -= usize::from(*count);
                    self.hands[to.index()] += usize::from(*count);
                    seen[6] += 1;
                }
                CardMove::Restocked { faces } => {
                    let back = faces.iter().filter(|f| **f != JOKER_FACE).count();
                    self.face_up -= back;
                    self.deck += back;
                    seen[7] += 1;
                }
                other => panic!("FUSION makes no {other:?}"),
            }
        }
    }
}

/// The cards of `seat`'s hand as the moves count them: the Stash, cards received, a folded
/// Stash, and a card laid face down from it that the initiative stack has not turned yet.
fn held(state: &Fusion, seat: u8) -> usize {
    let fight = state.fight.as_ref();
    let folded = fight.map_or(0, |f| f.folded_stash[usize::from(seat)].len());
    let laid = fight.map_or(0, |f| f.laid.iter().filter(|c| c.seat == seat && !(f.blind && seat == state.coach())).count());
    state.hand(seat).len() + folded + laid
}

/// Cards face down that no one has seen: the Threshold before the reveal, the Coach's blind card.
fn hidden(state: &Fusion) -> usize {
    let threshold = state.gambit.as_ref().is_some_and(|g| g.threshold.is_some() && g.card.is_none());
    let blind = state.fight.as_ref().is_some_and(|f| f.blind);
    usize::from(threshold) + usize::from(blind)
}

#[test]
fn the_moves_account_for_every_card_of_random_evenings() {
    let mut seen = [0usize; 8];
    for seed in 0..150u64 {
        let seats = 2 + (seed % 4) as usize;
        let mode = ["throwdown", "gambit", "evening"][(seed / 4 % 3) as usize];
        let mut setup = Fusion::seeded_setup(seed, Table { seats, mode: Some(mode) }).unwrap();
        if seed % 5 == 0 {
            // Long evenings, so the Trash is shuffled back in.
            setup.then =
                (0..12).map(|i| Conflict::Throwdown { challenger: (i % seats) as u8, stakes: "More".into(), threats: vec![0] }).collect();
        }
        let dealing = dealing(&setup);
        let (mut state, _) = Fusion::new(&setup).unwrap();
        let mut counts = Counts { deck: 104, hands: vec![0; seats], ..Counts::default() };
        counts.follow(&dealing.opening, &mut seen);
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        loop {
            assert_eq!(counts.deck, state.deck.cards_left(), "seed {seed} step {steps}: the Deck");
            assert_eq!(counts.hidden, hidden(&state), "seed {seed} step {steps}: cards no one has seen");
            for s in 0..seats as u8 {
                assert_eq!(counts.hands[usize::from(s)], held(&state, s), "seed {seed} step {steps}: seat {s}'s hand");
            }
            assert_eq!(
                counts.deck + counts.hands.iter().sum::<usize>() + counts.hidden + counts.face_up,
                104,
                "seed {seed}: every card somewhere"
            );
            if state.outcome().is_some() || steps > 3_000 {
                break;
            }
            let joint = joint_from(&state, |_, legal| legal[rng.below(legal.len())].clone()).unwrap();
            let events = dojo_engine::apply(&mut state, &joint).unwrap();
            counts.follow(&card_moves(&events), &mut seen);
            steps += 1;
        }
        assert!(state.outcome().is_some(), "seed {seed}: random play ends the evening");
    }
    eprintln!("moves by kind: {seen:?}");
    assert!(seen.iter().all(|n| *n > 0), "every kind of move happened: {seen:?}");
}

#[test]
fn the_deck_dealt_in_order_plays_and_a_later_order_is_used_only_for_the_cards_it_holds() {
    let setup = Fusion::seeded_setup(7, Table { seats: 3, mode: Some("evening") }).unwrap();
    let in_order: Vec<u16> = (0..108).collect();
    let dealt = dealt_setup(&setup, std::slice::from_ref(&in_order));
    let (state, _) = Fusion::new(&dealt).unwrap();
    // Card 0 is the first of the pack, and the first pilot drew from the top.
    assert!(state.hand(0).contains(&Card::from_number(0).unwrap()), "{:?}", state.hand(0));
    let short = dealt_setup(&setup, &[in_order[..107].to_vec()]);
    assert_eq!(Fusion::new(&short).err(), Some(crate::fusion::SetupError::BadDeal));
    let mut stashed = dealt.clone();
    stashed.stashes = vec![vec![], vec![]];
    assert_eq!(Fusion::new(&stashed).err(), Some(crate::fusion::SetupError::BadDeal));
    assert_eq!(dealing(&setup).faces.iter().filter(|f| **f == JOKER_FACE).count(), 4);
    assert_eq!(dealing(&setup).opening.iter().filter(|m| matches!(m, CardMove::Drawn { .. })).count(), 2, "each pilot draws her Stash");
}

#[test]
fn a_reshuffle_takes_the_dealt_order_when_it_holds_the_trash_and_the_seed_otherwise() {
    use crate::fusion::deck::Deck;
    let two = |n: u8| DeckCard::Card(Card::from_number(n).unwrap());
    let (mut deck, _) = Deck::dealt(&[two(0)], &[vec![two(2), two(1)], vec![two(5)]]);
    let mut rng = Rng::new(1);
    assert_eq!(deck.take(&mut rng).card, Card::from_number(0));
    deck.trash([Card::from_number(1).unwrap(), Card::from_number(2).unwrap()]);
    assert_eq!(deck.next_restock(), Some((vec![Card::from_number(1).unwrap(), Card::from_number(2).unwrap()], 0)));
    let taken = deck.take(&mut rng);
    assert!(taken.reshuffled);
    assert_eq!(taken.card, Card::from_number(2), "the dealt order, top first");
    assert_eq!(deck.take(&mut rng).card, Card::from_number(1));
    // The next order names a card the Trash does not hold: the seed shuffles instead.
    deck.trash([Card::from_number(9).unwrap()]);
    assert_eq!(deck.take(&mut rng).card, Card::from_number(9));
}
