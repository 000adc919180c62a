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
}

/// Player `p`'s cards as `view`'s observer knows them, in hand order. Read from the view's hands
/// and their card identities only: in Custom Character the view's table does not hold the other
/// player's hand.
pub fn hand(view: &DragonPunchView, p: usize) -> Vec<Known> {
    let Some(seen) = view.hands.get(p) else { return Vec::new() };
    let set = &view.table.set;
    let basics = view.basics(p);
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
                },
            }
        })
        .collect()
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
