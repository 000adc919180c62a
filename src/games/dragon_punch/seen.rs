//! What an observer knows of each card in a DRAGON PUNCH hand, read from its view only: which
//! move is up on it, whether it is a character card, and the action suggested when a person's
//! time runs out. Every screen asks these helpers, never the setup's loadouts, so the variants
//! in which the other player's cards are secret show nothing the view does not.

use super::cards::Hue;
use dojo_games::dragon_punch::card::Move;
use dojo_games::dragon_punch::{Action, CardRef, DragonPunchView};

/// One card of a hand as its observer knows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Known {
    /// Its place in the hand.
    pub index: u8,
    /// Flipped after use.
    pub flipped: bool,
    /// A character card (two moves to choose from).
    pub character: bool,
    /// The moves up on it: one for a basic card, two for a character card; empty when the
    /// observer does not know the card.
    pub moves: Vec<Move>,
    /// The side up.
    pub hue: Hue,
    /// The character's name, for a character card the observer knows.
    pub character_name: Option<String>,
    /// A known basic card's red move (what a white card becomes when switched).
    pub red_move: Option<Move>,
    /// A known basic card's printed front, for public/table.js, when the set is ours (the site
    /// has no printed faces of typed-in cards). The page turns it over when the card is red, as
    /// a player turns the card in hand.
    pub face: Option<String>,
}

/// Player `p`'s cards as `view`'s observer knows them, in hand order. Read from the view's hands
/// and their card identities only: in Custom Character the view's table does not hold the other
/// player's hand.
pub fn hand(view: &DragonPunchView, p: usize) -> Vec<Known> {
    let Some(seen) = view.hands.get(p) else { return Vec::new() };
    let set = &view.table.set;
    let basics = view.basics(p);
    let ours = **set == dojo_games::dragon_punch::set::reconstructed();
    seen.iter()
        .enumerate()
        .map(|(i, card)| {
            let index = i as u8;
            let up = |second: bool| view.move_at(p, i, second).cloned();
            match card.card {
                Some(CardRef::Character(c)) => {
                    let character = set.characters.get(usize::from(c));
                    Known {
                        index,
                        flipped: card.flipped,
                        character: true,
                        moves: [up(false), up(true)].into_iter().flatten().collect(),
                        hue: Hue::Purple,
                        character_name: character.map(|c| c.name.clone()),
                        red_move: None,
                        face: None,
                    }
                }
                Some(CardRef::Basic(b)) => Known {
                    index,
                    flipped: card.flipped,
                    character: false,
                    moves: up(false).into_iter().collect(),
                    hue: Hue::basic(card.red),
                    character_name: None,
                    red_move: set.basics.get(usize::from(b)).map(|b| b.red.clone()),
                    face: set.basics.get(usize::from(b)).filter(|_| ours).map(|b| basic_face(&b.white.name, &b.red.name)),
                },
                // A card the observer does not know: only where it sits says what kind it is.
                None => Known {
                    index,
                    flipped: card.flipped,
                    character: i >= basics,
                    moves: Vec::new(),
                    hue: if i >= basics { Hue::Purple } else { Hue::basic(card.red) },
                    character_name: None,
                    red_move: None,
                    face: None,
                },
            }
        })
        .collect()
}

/// The printed front of our basic card with these two moves (see [`Known::face`]), named as the
/// print crate names it (`crates/print/src/faces.rs`).
pub fn basic_face(white: &str, red: &str) -> String {
    format!("dragon-punch#{}", dojo_print::faces::slug(&format!("{white} / {red}")))
}

/// The move up on card `card` of player `p` (`second`: a character's second move), if the
/// observer knows it.
pub fn move_at(view: &DragonPunchView, p: usize, card: u8, second: bool) -> Option<(Move, Hue)> {
    let known = hand(view, p).into_iter().nth(usize::from(card))?;
    let m = known.moves.get(usize::from(second && known.character)).cloned()?;
    Some((m, known.hue))
}

/// The action suggested for the view's observer now (the engine's default): what is played if a
/// Turbo count ends with nothing chosen, and the card a damage switch offers first. `legal` is
/// what the observer may do now (the default when it is among them, else the first of them).
pub fn suggested(view: &DragonPunchView, legal: &[Action]) -> Option<Action> {
    view.default_action().filter(|a| legal.contains(a)).or_else(|| legal.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, Seat};
    use dojo_games::dragon_punch::set::reconstructed;
    use dojo_games::dragon_punch::{DragonPunch, Setup};

    #[test]
    fn our_basic_cards_carry_their_printed_face_and_typed_in_ones_none() {
        let ours = DragonPunch::from_setup(&Setup::standard(reconstructed(), [0, 1])).unwrap();
        let hand = hand(&ours.view_for(Seat(0)), 0);
        let basics: Vec<&Known> = hand.iter().filter(|k| !k.character).collect();
        assert!(!basics.is_empty());
        for k in &basics {
            let red = k.red_move.as_ref().unwrap();
            assert_eq!(k.face, Some(basic_face(&k.moves[0].name, &red.name)), "card {}", k.index);
        }
        assert!(hand.iter().filter(|k| k.character).all(|k| k.face.is_none()));
        // The same cards typed in under another name are not the printed ones: no face.
        let mut typed = reconstructed();
        typed.name = "Our own cards".into();
        typed.basics[0].white.name = "Jab".into();
        let theirs = DragonPunch::from_setup(&Setup::standard(typed, [0, 1])).unwrap();
        assert!(super::hand(&theirs.view_for(Seat(0)), 0).iter().all(|k| k.face.is_none()));
    }
}
