//! A DRAGON PUNCH card set and the setup of a match: both players' six basic cards and the
//! character each picked. A set is checked before play, with one error per reason, so that a
//! set typed into the editor is refused in words rather than played wrong.

use super::card::{BasicCard, CharacterCard, Icon, Move};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Basic cards each player holds.
pub const BASIC_CARDS: usize = 6;

/// The longest name or effect text a set may hold, in characters.
pub const MAX_TEXT: usize = 80;

/// The highest strength an attack may print.
pub const MAX_STRENGTH: u8 = BASIC_CARDS as u8;

/// The slowest execution time an attack may print.
pub const MAX_TIME: u8 = 9;

/// A card set: the six basic cards every player holds (one is the Taunt card) and the
/// characters to pick from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSet {
    /// The set's name (ours is marked as reconstructed).
    pub name: String,
    /// The six basic cards, in hand order.
    pub basics: Vec<BasicCard>,
    /// The character cards.
    pub characters: Vec<CharacterCard>,
}

/// Most characters a set may hold: all ten of two copies of the game.
pub const MAX_SET_CHARACTERS: usize = 10;

/// Most basic cards in a hand: the Custom Character variant's Taunt and six more.
pub const MAX_BASICS: usize = BASIC_CARDS + 1;

/// Most character cards in a hand: two, in Tag Team and Custom Character.
pub const MAX_CHARACTERS: usize = 2;

/// Most copies of one card in a hand: the variants that mix two copies of the game.
pub const MAX_COPIES: usize = 2;

/// The cards one player holds, by their places in the set: basic cards in hand order, then
/// character cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Loadout {
    /// Basic cards, by place in `CardSet::basics`.
    pub basics: Vec<usize>,
    /// Character cards, by place in `CardSet::characters`.
    pub characters: Vec<usize>,
}

impl Loadout {
    /// The usual hand: every basic card of the set once, and `character`.
    pub fn standard(character: usize) -> Loadout {
        Loadout { basics: (0..BASIC_CARDS).collect(), characters: vec![character] }
    }

    /// Tag Team: every basic card once, and two characters.
    pub fn tag_team(first: usize, second: usize) -> Loadout {
        Loadout { basics: (0..BASIC_CARDS).collect(), characters: vec![first, second] }
    }
}

/// Everything needed to start a match: the set and what each player holds. DRAGON PUNCH has
/// no chance, and the usual game and Tag Team nothing hidden at the start. In the Custom
/// Character variant (`custom`) each player's hand is their own secret: the players pick it
/// card by card at the start of the match (both hands left empty here), or a scenario gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The cards in play (shared: a set is read, never changed, by every copy of a match).
    pub set: Arc<CardSet>,
    /// What each player holds (both empty when the players pick in secret: Custom Character).
    pub players: [Loadout; 2],
    /// The Custom Character variant: hands of a Taunt, six basic cards and two characters, kept
    /// secret from the other player until played.
    #[serde(default)]
    pub custom: bool,
    /// Turbo Mode: each card is chosen against a "3, 2, 1, FIGHT!" count, and what is selected
    /// at FIGHT! is played (see the notes' Turbo Mode). The rules play the same either way; the
    /// setup holds it so that every device at a match, and every replay of it, knows the
    /// match was timed. Left out of the JSON when off.
    #[serde(default, skip_serializing_if = "is_off")]
    pub turbo: bool,
}

/// For serde: a flag written only when set.
fn is_off(flag: &bool) -> bool {
    !flag
}

impl Setup {
    /// The usual game: each player the six basic cards and one character.
    pub fn standard(set: impl Into<Arc<CardSet>>, characters: [usize; 2]) -> Setup {
        Setup { set: set.into(), players: characters.map(Loadout::standard), custom: false, turbo: false }
    }

    /// The Custom Character variant: both players pick their hands in secret at the start.
    pub fn custom(set: impl Into<Arc<CardSet>>) -> Setup {
        let empty = || Loadout { basics: Vec::new(), characters: Vec::new() };
        Setup { set: set.into(), players: [empty(), empty()], custom: true, turbo: false }
    }

    /// Whether the hands are still to be picked (Custom Character, before the first turn).
    pub fn to_pick(&self) -> bool {
        self.custom && self.players.iter().all(|p| p.basics.is_empty() && p.characters.is_empty())
    }
}

/// Why a set or setup was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A set holds other than six basic cards.
    BasicCount {
        /// How many it holds.
        got: usize,
    },
    /// A set has no character card.
    NoCharacter,
    /// A player's character is not in the set.
    NoSuchCharacter {
        /// The player, from 1.
        player: u8,
        /// The index given.
        index: usize,
    },
    /// A player's basic card is not in the set.
    NoSuchBasic {
        /// The player, from 1.
        player: u8,
        /// The index given.
        index: usize,
    },
    /// A hand holds other than 6 or 7 basic cards, or other than 1 or 2 characters.
    HandSize {
        /// The player, from 1.
        player: u8,
        /// Basic cards held.
        basics: usize,
        /// Character cards held.
        characters: usize,
    },
    /// A hand holds no Taunt card, or more than one.
    HandTaunts {
        /// The player, from 1.
        player: u8,
        /// Taunt cards held.
        got: usize,
    },
    /// A hand holds more copies of a card than two copies of the game have.
    HandCopies {
        /// The player, from 1.
        player: u8,
        /// The card's name.
        name: String,
    },
    /// The set has no Taunt card, or more than one: exactly one basic card must Taunt on both
    /// of its moves.
    TauntCard {
        /// Basic cards whose two moves both Taunt.
        found: usize,
    },
    /// Custom Character needs two different characters per hand: the set has fewer.
    CustomCharacters {
        /// Characters in the set.
        got: usize,
    },
    /// A Custom Character hand is not a Taunt, six basic cards and two different characters.
    CustomHand {
        /// The player, from 1.
        player: u8,
    },
    /// In Custom Character one hand is given and the other left to pick: give both or neither.
    CustomHalfPicked,
    /// A name is empty.
    EmptyName,
    /// The set has more characters than two copies of a game hold ([`MAX_SET_CHARACTERS`]).
    TooManyCharacters {
        /// Characters in the set.
        got: usize,
    },
    /// A name or effect text is longer than [`MAX_TEXT`] characters.
    TooLong {
        /// The start of the text.
        text: String,
    },
    /// An attack's strength is above [`MAX_STRENGTH`].
    Strength {
        /// The move.
        name: String,
        /// Its strength.
        got: u8,
    },
    /// An attack's execution time is 0 or above [`MAX_TIME`].
    Time {
        /// The move.
        name: String,
        /// Its time.
        got: u8,
    },
    /// A name or effect text holds a control character or one that changes the direction of
    /// the text (notes `#hidden-characters`): it would show differently from what it reads as.
    HiddenCharacter {
        /// The start of the text, the character shown as its code.
        text: String,
        /// The character's code point.
        code: u32,
    },
    /// Outside Custom Character a hand holds the set's six basic cards, no more and no fewer.
    UsualBasicCount {
        /// The player, from 1.
        player: u8,
        /// Basic cards held.
        got: usize,
    },
    /// Outside Custom Character both players hold the set's six basic cards, each once, in the
    /// set's order (notes `#same-basics`).
    UsualBasics {
        /// The player, from 1.
        player: u8,
    },
    /// A hand holds the same character twice (notes `#tag-team`).
    SameCharacter {
        /// The player, from 1.
        player: u8,
        /// The character's name.
        name: String,
    },
    /// Tag Team needs two different characters per hand: the set has fewer.
    TagTeamCharacters {
        /// Characters in the set.
        got: usize,
    },
    /// Outside Custom Character one player holds one character and the other two: both play
    /// the usual game, or both Tag Team.
    MixedCharacterCounts,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BasicCount { got } => write!(f, "a set has {BASIC_CARDS} basic cards, not {got}"),
            SetupError::NoCharacter => write!(f, "a set needs at least one character card"),
            SetupError::NoSuchCharacter { player, index } => {
                write!(f, "player {player}: there is no character number {}", *index as u128 + 1)
            }
            SetupError::NoSuchBasic { player, index } => write!(f, "player {player}: there is no basic card number {}", *index as u128 + 1),
            SetupError::HandSize { player, basics, characters } => {
                write!(f, "player {player}: a hand holds 6 or 7 basic cards and 1 or 2 characters, not {basics} and {characters}")
            }
            SetupError::HandTaunts { player, got } => write!(f, "player {player}: a hand holds exactly one Taunt card, not {got}"),
            SetupError::HandCopies { player, name } => write!(f, "player {player}: two copies of the game hold only two {name} cards"),
            SetupError::TauntCard { found } => {
                write!(f, "exactly one basic card must Taunt on both its moves (this set has {found})")
            }
            SetupError::CustomCharacters { got } => {
                write!(f, "Custom Character needs a set with at least two characters (this one has {got})")
            }
            SetupError::CustomHand { player } => {
                write!(f, "player {player}: a Custom Character hand is a Taunt, six other basic cards and two different characters")
            }
            SetupError::CustomHalfPicked => write!(f, "Custom Character: give both players' hands, or neither so they pick"),
            SetupError::TooManyCharacters { got } => write!(f, "a set holds at most {MAX_SET_CHARACTERS} characters, not {got}"),
            SetupError::EmptyName => write!(f, "every card and move needs a name"),
            SetupError::TooLong { text } => write!(f, "\"{text}…\" is longer than {MAX_TEXT} characters"),
            SetupError::Strength { name, got } => write!(f, "{name}: strength {got} is more than {MAX_STRENGTH}"),
            SetupError::Time { name, got } => write!(f, "{name}: execution time {got} is not between 1 and {MAX_TIME}"),
            SetupError::HiddenCharacter { text, code } => {
                write!(f, "\"{text}\" holds a hidden character ({}): delete it and type the text again", hidden_name(*code))
            }
            SetupError::UsualBasicCount { player, got } => {
                write!(f, "player {player}: outside Custom Character a hand holds the set's {BASIC_CARDS} basic cards, not {got}")
            }
            SetupError::UsualBasics { player } => write!(
                f,
                "player {player}: outside Custom Character both hands hold the set's {BASIC_CARDS} basic cards, each once, in the set's order"
            ),
            SetupError::SameCharacter { player, name } => write!(f, "player {player}: a hand cannot hold {name} twice"),
            SetupError::TagTeamCharacters { got } => {
                write!(f, "Tag Team needs a set with at least two characters (this one has {got})")
            }
            SetupError::MixedCharacterCounts => {
                write!(f, "both players hold one character, or both two (Tag Team)")
            }
        }
    }
}

/// Whether `ch` may not stand in a typed name or effect (notes `#hidden-characters`): a control
/// character (tabs and line breaks too: every text is one line), a line or paragraph separator,
/// a mark or embedding that changes the direction of the text, or an invisible space or joiner
/// that makes two names that read alike differ. The joiners that scripts and emoji need (U+200C,
/// U+200D) stay allowed.
pub fn is_hidden(ch: char) -> bool {
    ch.is_control()
        || matches!(
            ch,
            '\u{061C}' | '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
        )
}

/// How the editor and the errors name a hidden character: its code, and what it does.
fn hidden_name(code: u32) -> String {
    let what = match code {
        0x202A..=0x202E | 0x2066..=0x2069 => "which changes the direction of the text after it",
        0x061C | 0x200E | 0x200F => "an invisible direction mark",
        0x2028 | 0x2029 | 0x0A | 0x0D | 0x85 => "a line break",
        0x09 => "a tab",
        0x200B | 0x2060..=0x2064 | 0xFEFF => "an invisible space",
        _ => "a control character",
    };
    format!("U+{code:04X}, {what}")
}

fn check_text(text: &str) -> Result<(), SetupError> {
    if let Some(ch) = text.chars().find(|c| is_hidden(*c)) {
        let shown: String = text.chars().take(24).map(|c| if is_hidden(c) { '\u{FFFD}' } else { c }).collect();
        return Err(SetupError::HiddenCharacter { text: shown, code: u32::from(ch) });
    }
    if text.chars().count() > MAX_TEXT {
        return Err(SetupError::TooLong { text: text.chars().take(24).collect() });
    }
    Ok(())
}

fn check_move(m: &Move) -> Result<(), SetupError> {
    if m.name.trim().is_empty() {
        return Err(SetupError::EmptyName);
    }
    check_text(&m.name)?;
    if let Some(effect) = &m.effect {
        check_text(effect)?;
    }
    for icon in [m.high, m.low].into_iter().flatten() {
        if let Icon::Attack { strength, time } = icon {
            if strength > MAX_STRENGTH {
                return Err(SetupError::Strength { name: m.name.to_string(), got: strength });
            }
            if time == 0 || time > MAX_TIME {
                return Err(SetupError::Time { name: m.name.to_string(), got: time });
            }
        }
    }
    Ok(())
}

impl CardSet {
    /// Checks every card of the set.
    pub fn check(&self) -> Result<(), SetupError> {
        if self.basics.len() != BASIC_CARDS {
            return Err(SetupError::BasicCount { got: self.basics.len() });
        }
        if self.characters.is_empty() {
            return Err(SetupError::NoCharacter);
        }
        if self.characters.len() > MAX_SET_CHARACTERS {
            return Err(SetupError::TooManyCharacters { got: self.characters.len() });
        }
        let taunts = self.basics.iter().filter(|b| b.white.properties.taunt && b.red.properties.taunt).count();
        if taunts != 1 {
            return Err(SetupError::TauntCard { found: taunts });
        }
        for card in &self.basics {
            check_move(&card.white)?;
            check_move(&card.red)?;
        }
        for character in &self.characters {
            if character.name.trim().is_empty() {
                return Err(SetupError::EmptyName);
            }
            check_text(&character.name)?;
            character.moves.iter().try_for_each(check_move)?;
        }
        check_text(&self.name)
    }
}

impl CardSet {
    /// Every problem of the set, each with where it is ("Basic card 2, red move"), for the
    /// editor: [`CardSet::check`] stops at the first.
    pub fn problems(&self) -> Vec<(String, SetupError)> {
        let mut all = Vec::new();
        if self.name.trim().is_empty() {
            all.push(("The set's name".to_string(), SetupError::EmptyName));
        }
        if let Err(e) = check_text(&self.name) {
            all.push(("The set's name".to_string(), e));
        }
        if self.basics.len() != BASIC_CARDS {
            all.push(("The set".to_string(), SetupError::BasicCount { got: self.basics.len() }));
        }
        if self.characters.is_empty() {
            all.push(("The set".to_string(), SetupError::NoCharacter));
        }
        if self.characters.len() > MAX_SET_CHARACTERS {
            all.push(("The set".to_string(), SetupError::TooManyCharacters { got: self.characters.len() }));
        }
        let taunts = (0..self.basics.len()).filter(|i| self.is_taunt(*i)).count();
        if taunts != 1 {
            all.push(("The basic cards".to_string(), SetupError::TauntCard { found: taunts }));
        }
        for (i, card) in self.basics.iter().enumerate() {
            for (side, m) in [("white", &card.white), ("red", &card.red)] {
                if let Err(e) = check_move(m) {
                    all.push((format!("Basic card {}, {side} move", i + 1), e));
                }
            }
        }
        for (i, character) in self.characters.iter().enumerate() {
            if character.name.trim().is_empty() {
                all.push((format!("Character {}", i + 1), SetupError::EmptyName));
            }
            if let Err(e) = check_text(&character.name) {
                all.push((format!("Character {}", i + 1), e));
            }
            for (k, m) in character.moves.iter().enumerate() {
                if let Err(e) = check_move(m) {
                    all.push((format!("Character {}, move {}", i + 1, k + 1), e));
                }
            }
        }
        all
    }

    /// Whether basic card `index` is the Taunt card (it Taunts on both moves).
    pub fn is_taunt(&self, index: usize) -> bool {
        self.basics.get(index).is_some_and(|b| b.white.properties.taunt && b.red.properties.taunt)
    }
}

impl Setup {
    /// Checks the set and both hands.
    pub fn check(&self) -> Result<(), SetupError> {
        self.set.check()?;
        if self.custom {
            if self.set.characters.len() < MAX_CHARACTERS {
                return Err(SetupError::CustomCharacters { got: self.set.characters.len() });
            }
            if self.to_pick() {
                return Ok(());
            }
            if self.players.iter().any(|p| p.basics.is_empty() && p.characters.is_empty()) {
                return Err(SetupError::CustomHalfPicked);
            }
            for (i, hand) in self.players.iter().enumerate() {
                let distinct = hand.characters.first() != hand.characters.get(1);
                if hand.basics.len() != MAX_BASICS || hand.characters.len() != MAX_CHARACTERS || !distinct {
                    return Err(SetupError::CustomHand { player: i as u8 + 1 });
                }
            }
        } else if self.players.iter().any(|p| p.characters.len() == MAX_CHARACTERS) && self.set.characters.len() < MAX_CHARACTERS {
            return Err(SetupError::TagTeamCharacters { got: self.set.characters.len() });
        }
        for (i, hand) in self.players.iter().enumerate() {
            let player = i as u8 + 1;
            if !(BASIC_CARDS..=MAX_BASICS).contains(&hand.basics.len()) || !(1..=MAX_CHARACTERS).contains(&hand.characters.len()) {
                return Err(SetupError::HandSize { player, basics: hand.basics.len(), characters: hand.characters.len() });
            }
            if let Some(index) = hand.basics.iter().find(|b| **b >= self.set.basics.len()) {
                return Err(SetupError::NoSuchBasic { player, index: *index });
            }
            if let Some(index) = hand.characters.iter().find(|c| **c >= self.set.characters.len()) {
                return Err(SetupError::NoSuchCharacter { player, index: *index });
            }
            if !self.custom {
                // The usual game and Tag Team: the same six cards for both, in the set's order.
                if hand.basics.len() != BASIC_CARDS {
                    return Err(SetupError::UsualBasicCount { player, got: hand.basics.len() });
                }
                if !hand.basics.iter().copied().eq(0..BASIC_CARDS) {
                    return Err(SetupError::UsualBasics { player });
                }
            }
            let taunts = hand.basics.iter().filter(|b| self.set.is_taunt(**b)).count();
            if taunts != 1 {
                return Err(SetupError::HandTaunts { player, got: taunts });
            }
            let copies = |list: &[usize], x: usize| list.iter().filter(|y| **y == x).count();
            if let Some(b) = hand.basics.iter().find(|b| copies(&hand.basics, **b) > MAX_COPIES) {
                return Err(SetupError::HandCopies { player, name: self.set.basics[*b].white.name.to_string() });
            }
            if let [a, b] = hand.characters[..]
                && a == b
            {
                return Err(SetupError::SameCharacter { player, name: self.set.characters[a].name.clone() });
            }
        }
        if !self.custom && self.players[0].characters.len() != self.players[1].characters.len() {
            return Err(SetupError::MixedCharacterCounts);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon_punch::set::reconstructed;

    #[test]
    fn the_editor_hears_every_problem_and_where_it_is() {
        let mut set = reconstructed();
        assert!(set.problems().is_empty());
        set.basics[1].red.name = " ".into();
        set.characters[2].moves[1].high = Some(Icon::Attack { strength: 2, time: 0 });
        set.basics[5].red.properties.taunt = false;
        let problems = set.problems();
        let places: Vec<&str> = problems.iter().map(|(at, _)| at.as_str()).collect();
        assert_eq!(places, ["The basic cards", "Basic card 2, red move", "Character 3, move 2"]);
        assert_eq!(problems[0].1, SetupError::TauntCard { found: 0 });
        assert_eq!(set.check().err(), Some(SetupError::TauntCard { found: 0 }), "check stops at the first");
        set.characters = (0..11).map(|_| set.characters[0].clone()).collect();
        assert!(set.problems().iter().any(|(_, e)| *e == SetupError::TooManyCharacters { got: 11 }));
    }

    #[test]
    fn hidden_control_and_direction_characters_are_refused_in_words() {
        // A right-to-left override makes "Fireball" and the text after it show backwards.
        let mut set = reconstructed();
        set.characters[0].moves[0].name = "Fire\u{202E}llab".into();
        let error = SetupError::HiddenCharacter { text: "Fire\u{FFFD}llab".into(), code: 0x202E };
        assert_eq!(set.check(), Err(error.clone()));
        assert_eq!(set.problems(), vec![("Character 1, move 1".to_string(), error.clone())]);
        assert!(error.to_string().contains("U+202E, which changes the direction of the text"), "{error}");
        assert!(matches!(CardSet::from_link(&set.to_link()), Err(super::super::LinkError::Invalid(SetupError::HiddenCharacter { .. }))));
        for (ch, words) in [
            ('\u{2067}', "direction of the text"),
            ('\u{200F}', "direction mark"),
            ('\n', "line break"),
            ('\t', "a tab"),
            ('\u{7}', "control character"),
            ('\u{200B}', "invisible space"),
            ('\u{FEFF}', "invisible space"),
        ] {
            let mut set = reconstructed();
            set.basics[2].white.effect = Some(format!("Hits{ch} high"));
            let problems = set.problems();
            assert_eq!(problems.len(), 1, "{ch:?}");
            assert_eq!(problems[0].0, "Basic card 3, white move");
            assert!(problems[0].1.to_string().contains(words), "{ch:?}: {}", problems[0].1);
            let mut set = reconstructed();
            set.name = format!("My{ch}set");
            assert!(matches!(set.check(), Err(SetupError::HiddenCharacter { .. })), "{ch:?} in the set's name");
            let mut set = reconstructed();
            set.characters[3].name = format!("Bru{ch}na");
            assert!(matches!(set.check(), Err(SetupError::HiddenCharacter { .. })), "{ch:?} in a character's name");
        }
        // Letters of any script, emoji and the joiners they need are typed text, not hidden.
        let mut set = reconstructed();
        set.characters[0].name = "春麗 · שלום · \u{1F469}\u{200D}\u{1F3A4} · می\u{200C}خواهم".into();
        assert_eq!(set.check(), Ok(()));
    }
}
