//! What an observer knows of each card in a DRAGON PUNCH hand, read from its view only: which
//! move is up on it, whether it is a character card, and the action suggested when a person's
//! time runs out. Every screen asks these helpers, never the setup's loadouts, so the variants
//! in which the other player's cards are secret show nothing the view does not.

use super::cards::Hue;
use dojo_engine::Seat;
use dojo_games::dragon_punch::card::Move;
use dojo_games::dragon_punch::{Action, DragonPunchView};

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

/// Player `p`'s cards as `view`'s observer knows them, in hand order.
pub fn hand(view: &DragonPunchView, p: usize) -> Vec<Known> {
    let Some(seen) = view.hands.get(p) else { return Vec::new() };
    let loadout = &view.table.players[p];
    let set = &view.table.set;
    seen.iter()
        .enumerate()
        .map(|(i, card)| {
            let index = i as u8;
            match loadout.basics.get(i) {
                Some(b) => {
                    let basic = set.basics.get(*b);
                    let hue = Hue::basic(card.red);
                    let moves = match (basic, card.red) {
                        (Some(basic), Some(red)) => vec![if red { basic.red.clone() } else { basic.white.clone() }],
                        _ => Vec::new(),
                    };
                    let red_move = basic.map(|b| b.red.clone());
                    Known { index, flipped: card.flipped, character: false, moves, hue, character_name: None, red_move }
                }
                None => {
                    let character = loadout.characters.get(i - loadout.basics.len()).and_then(|c| set.characters.get(*c));
                    Known {
                        index,
                        flipped: card.flipped,
                        character: true,
                        moves: character.map(|c| c.moves.to_vec()).unwrap_or_default(),
                        hue: Hue::Purple,
                        character_name: character.map(|c| c.name.clone()),
                        red_move: None,
                    }
                }
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

/// The action suggested for the view's observer now: what is played if a Turbo count ends with
/// nothing chosen, and the card a damage switch offers first. `legal` is what the observer may
/// do.
pub fn suggested(view: &DragonPunchView, legal: &[Action]) -> Option<Action> {
    let _ = view;
    legal.first().copied()
}

/// The other player of a two-player match.
pub fn other(seat: Seat) -> usize {
    1 - seat.index().min(1)
}
