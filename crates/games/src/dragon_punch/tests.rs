//! Match-level tests: the contract in random play, and turns played by hand.

use super::*;
use dojo_engine::conformance::{Config, check_game};
use dojo_engine::{PerSeat, apply};

fn setup(a: usize, b: usize) -> Setup {
    Setup::standard(set::reconstructed(), [a, b])
}

fn play(card: u8) -> Option<Action> {
    Some(Action::Play { card, second: false })
}

#[test]
fn conformance_suite_passes() {
    let mut setups: Vec<Setup> = (0..5).map(|i| setup(i, (i + 2) % 5)).collect();
    setups.push(Setup { players: [Loadout::tag_team(0, 1), Loadout::tag_team(3, 1)], ..setup(0, 0) });
    setups.push(Setup::custom(set::reconstructed()));
    let report =
        check_game::<DragonPunch>(&setups, &Config { games: 350, check_every: 2, ..Config::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 350);
    assert!(report.hidden_resamples_that_changed > 0, "red cards out of sight are redrawn");
}

#[test]
fn custom_character_setups_are_checked_reason_by_reason() {
    let mut one = set::reconstructed();
    one.characters.truncate(1);
    assert_eq!(Setup::custom(one).check(), Err(SetupError::CustomCharacters { got: 1 }));
    let given = Loadout { basics: vec![5, 0, 0, 1, 1, 2, 3], characters: vec![0, 2] };
    let half = Setup { players: [given.clone(), Loadout { basics: vec![], characters: vec![] }], ..Setup::custom(set::reconstructed()) };
    assert_eq!(half.check(), Err(SetupError::CustomHalfPicked));
    let twice = Loadout { characters: vec![2, 2], ..given.clone() };
    let both = Setup { players: [given.clone(), twice], ..half.clone() };
    assert_eq!(both.check(), Err(SetupError::CustomHand { player: 2 }));
    let given_both = Setup { players: [given.clone(), given], ..half };
    let state = DragonPunch::from_setup(&given_both).unwrap();
    assert_eq!((state.phase(), state.health(1)), (Phase::Choose, 7), "a scenario may give both hands");
    assert!(state.view_for(Seat(0)).hands[1].iter().all(|c| c.card.is_none()), "given hands are still secret");
}

#[test]
fn the_computer_picks_a_legal_varied_custom_hand() {
    use dojo_bot::{Level, Policy};
    let mut hands = Vec::new();
    for game in 0..4u64 {
        let mut rng = dojo_engine::Rng::new(game);
        let mut state = DragonPunch::from_setup(&Setup::custom(set::reconstructed())).unwrap();
        while state.phase() == Phase::Pick {
            let mut act = |seat: Seat| Some(Policy::Bot(Level::Hard).act::<DragonPunch>(&state.view_for(seat), seat, &mut rng));
            let joint = PerSeat(vec![act(Seat(0)), act(Seat(1))]);
            apply(&mut state, &joint).unwrap();
        }
        state.table.check().unwrap();
        let kinds = state.table.players[0].basics.iter().collect::<std::collections::BTreeSet<_>>().len();
        assert!(kinds >= 5, "a varied hand: {:?}", state.table.players[0]);
        hands.push(state.table.players[0].clone());
    }
    assert!(hands.windows(2).any(|w| w[0] != w[1]), "hands differ from match to match");
}

#[test]
fn a_hit_switches_cards_flipping_and_taunting_change_the_hand() {
    let mut state = DragonPunch::from_setup(&setup(0, 0)).unwrap();
    // High Kick (card 3) against Low Poke (card 1): the Poke Evades high, and 0 damage lands.
    apply(&mut state, &PerSeat(vec![play(2), play(0)])).unwrap();
    assert_eq!((state.health(0), state.health(1), state.phase()), (6, 6, Phase::Choose));
    assert!(state.hands[0][2].flipped && state.hands[1][0].flipped);
    assert_eq!(state.check(Seat(0), &Action::Play { card: 2, second: false }), Err(Refusal::Flipped));
    // Combo Kick against Block: both attacks Blocked, and the Block claims the Initiative.
    apply(&mut state, &PerSeat(vec![play(1), play(4)])).unwrap();
    assert_eq!(state.initiative, Some(1));
    // Fireball (the character's first move) against Throw: the Fireball is quicker and hits for 2.
    let fireball = Some(Action::Play { card: BASIC_CARDS as u8, second: false });
    let events = apply(&mut state, &PerSeat(vec![play(3), fireball])).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Damaged { seat: Seat(0), amount: 2 })), "{events:?}");
    assert_eq!(state.phase(), Phase::Switch { owed: [2, 0] });
    let view = state.view_for(Seat(1));
    assert_eq!(view.decision, None);
    apply(&mut state, &PerSeat(vec![Some(Action::Switch(0)), None])).unwrap();
    assert_eq!(state.check(Seat(0), &Action::Switch(0)), Err(Refusal::NotWhite));
    let events = apply(&mut state, &PerSeat(vec![Some(Action::Switch(5)), None])).unwrap();
    assert_eq!(state.health(0), 4);
    // Card 6 (the Taunt card) was never shown: the other player learns only the health.
    assert!(events.iter().any(|e| matches!(e, Event::Switched { card: None, health: 4, .. })));
    assert_eq!(state.view_for(Seat(1)).hands[0][5].red, None);
    assert_eq!(state.view_for(Seat(0)).hands[0][5].red, Some(true));
    // Player 1 Taunts with the now-red Hopping Taunt: every card comes back.
    apply(&mut state, &PerSeat(vec![play(5), play(5)])).unwrap();
    assert!(state.hands[0].iter().all(|c| !c.flipped));
}

#[test]
fn running_out_of_white_cards_ends_the_round_and_two_rounds_the_match() {
    let mut state = DragonPunch::from_setup(&setup(0, 0)).unwrap();
    for card in state.hands[1].iter_mut().take(5) {
        card.red = true;
    }
    // High Kick for 2 against one white card left: the round is over at once.
    let events = apply(&mut state, &PerSeat(vec![play(2), play(5)])).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::RoundOver { round: 1, winner: Some(Seat(0)), .. })), "{events:?}");
    assert_eq!((state.round, state.wins, state.health(1)), (2, [1, 0], 6), "a new round starts white and unflipped");
    for card in state.hands[1].iter_mut().take(5) {
        card.red = true;
    }
    apply(&mut state, &PerSeat(vec![play(2), play(5)])).unwrap();
    assert_eq!(state.outcome().map(|o| o.places), Some(vec![vec![Seat(0)], vec![Seat(1)]]));
}

#[test]
fn every_note_the_rules_link_to_exists() {
    // Every "(#note-" opens a link; the id runs to the closing bracket.
    let links: Vec<&str> = RULES_TEXT
        .match_indices("(#note-")
        .map(|(at, open)| &RULES_TEXT[at + open.len()..])
        .map(|rest| &rest[..rest.find(')').unwrap()])
        .collect();
    assert!(links.len() >= 5, "{links:?}");
    for id in links {
        assert!(INTERPRETATION_NOTES.contains(&format!("{{#{id}}}")), "the rules link to a note #{id} that notes.md does not have");
    }
}

#[test]
fn the_matchup_table_compares_every_character_of_our_set() {
    use crate::registry::Sampled;
    assert_eq!(DragonPunch::sides(), ["Sol", "Rook", "Kite", "Bruna", "Wisp"]);
    let setup = DragonPunch::side_setup(7, 1, 3).unwrap();
    assert_eq!(setup.players.each_ref().map(|p| p.characters.clone()), [vec![1], vec![3]]);
    assert!(DragonPunch::side_setup(7, 1, 9).is_err(), "no sixth character");
    assert!(<crate::punish::Punish as Sampled>::sides().is_empty(), "a game without sides has none");
}

#[test]
fn a_hand_never_holds_one_character_twice() {
    // Tag Team with Kite twice: Kite's moves could be played twice between Taunts.
    let twice = Setup { players: [Loadout::tag_team(2, 2), Loadout::tag_team(0, 1)], ..setup(0, 0) };
    assert_eq!(twice.check(), Err(SetupError::SameCharacter { player: 1, name: "Kite".into() }));
    assert_eq!(DragonPunch::from_setup(&twice).err(), Some(SetupError::SameCharacter { player: 1, name: "Kite".into() }));
    let second = Setup { players: [Loadout::tag_team(0, 1), Loadout::tag_team(4, 4)], ..setup(0, 0) };
    assert_eq!(second.check(), Err(SetupError::SameCharacter { player: 2, name: "Wisp".into() }));
    // A set of one character cannot play Tag Team at all.
    let mut one = set::reconstructed();
    one.characters.truncate(1);
    let lonely = Setup { players: [Loadout::tag_team(0, 0), Loadout::tag_team(0, 0)], ..Setup::standard(one.clone(), [0, 0]) };
    assert_eq!(lonely.check(), Err(SetupError::TagTeamCharacters { got: 1 }));
    assert_eq!(Setup::standard(one, [0, 0]).check(), Ok(()), "the usual game still plays with one character");
    // Both players play Tag Team, or neither.
    let mixed = Setup { players: [Loadout::tag_team(0, 1), Loadout::standard(2)], ..setup(0, 0) };
    assert_eq!(mixed.check(), Err(SetupError::MixedCharacterCounts));
    // Different characters, and repeats between the players, are fine.
    let fine = Setup { players: [Loadout::tag_team(0, 1), Loadout::tag_team(1, 0)], ..setup(0, 0) };
    assert_eq!(fine.check(), Ok(()));
}

#[test]
fn the_usual_game_gives_both_players_the_same_six_basic_cards() {
    let seven = Loadout { basics: vec![0, 1, 2, 3, 4, 5, 0], characters: vec![0] };
    let extra = Setup { players: [Loadout::standard(0), seven], ..setup(0, 0) };
    assert_eq!(extra.check(), Err(SetupError::UsualBasicCount { player: 2, got: 7 }));
    // Six cards, but another six: two Low Pokes and no High Kick.
    let other = Loadout { basics: vec![0, 1, 0, 3, 4, 5], characters: vec![1] };
    let different = Setup { players: [other, Loadout::standard(1)], ..setup(0, 0) };
    assert_eq!(different.check(), Err(SetupError::UsualBasics { player: 1 }));
    // The same six in another order: "card 3" would name different cards for the two players.
    let shuffled = Loadout { basics: vec![1, 0, 2, 3, 4, 5], characters: vec![1] };
    let order = Setup { players: [Loadout::standard(1), shuffled], ..setup(0, 0) };
    assert_eq!(order.check(), Err(SetupError::UsualBasics { player: 2 }));
    let tag =
        Setup { players: [Loadout { basics: vec![0, 1, 2, 3, 4, 5, 1], characters: vec![0, 1] }, Loadout::tag_team(0, 1)], ..setup(0, 0) };
    assert_eq!(tag.check(), Err(SetupError::UsualBasicCount { player: 1, got: 7 }), "Tag Team too");
}

#[test]
fn a_claim_on_the_last_turn_of_a_round_gives_nobody_the_initiative_in_state_or_log() {
    // Rook's Dragon Sweep (gains the Initiative if it hits) for 2 against a Taunt, two white
    // cards left: the round ends on this turn, so nobody holds the Initiative next.
    let mut state = DragonPunch::from_setup(&setup(1, 0)).unwrap();
    for card in state.hands[1].iter_mut().take(4) {
        card.red = true;
    }
    let sweep = Some(Action::Play { card: BASIC_CARDS as u8, second: false });
    let events = apply(&mut state, &PerSeat(vec![sweep, play(5)])).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::RoundOver { round: 1, winner: Some(Seat(0)), .. })), "{events:?}");
    assert_eq!(state.initiative, None);
    assert!(!events.iter().any(|e| matches!(e, Event::InitiativeClaimed { .. })), "{events:?}");
    assert!(events.iter().all(|e| !e.describe().contains("Initiative")), "{events:?}");
    // A claim on a turn the round goes on is still told.
    let mut state = DragonPunch::from_setup(&setup(1, 0)).unwrap();
    let events = apply(&mut state, &PerSeat(vec![sweep, play(5)])).unwrap();
    assert_eq!(state.initiative, Some(0));
    assert!(events.iter().any(|e| e.describe() == "Player 1 takes the Initiative for the next turn."), "{events:?}");
}

/// The audit found the round counter in 8 bits: a match reaching round 256 (rounds that nobody
/// wins can follow each other) overflowed in checked builds and wrapped to round 0 in the
/// release build. Rounds and turns now count on and never wrap.
#[test]
fn a_match_past_round_255_counts_round_256() {
    let mut rng = dojo_engine::Rng::new(3);
    let mut state = DragonPunch::from_setup(&setup(0, 1)).unwrap();
    state.round = 255;
    while state.round == 255 && state.outcome().is_none() {
        let joint = dojo_engine::joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
        apply(&mut state, &joint).unwrap();
    }
    assert_eq!(state.round, 256, "the round after 255 is 256");
    assert_eq!(state.view_for(Seat(0)).round, 256);
    state.turn = u16::MAX;
    state.round = u16::MAX;
    while state.outcome().is_none() {
        let joint = dojo_engine::joint_from(&state, |_, legal| legal[rng.below(legal.len())]).unwrap();
        apply(&mut state, &joint).unwrap();
    }
    assert_eq!(state.round, u16::MAX, "the counters stop at their ends rather than wrap");
}
