//! What the printed pieces of TAUNT's other ways to play say: the Switch cards and the Monster
//! Team card of Monsters, the decks trainers split into monsters, and the Wampires' blood.
//!
//! Plain data, kept beside the rules so the kit prints what the interpretation notes decided
//! (`notes.md`, "More than two fighters: what is decided") and the engine can read the same
//! numbers when it plays these modes. Every text is in our words.

use super::moves::{self, Kind, MoveCard, Slot};
use super::track::Mode;

/// Trainers in a game of Monsters.
pub const TRAINERS: u8 = 2;

/// Standard decks each trainer splits into monsters.
pub const DECKS_PER_TRAINER: u8 = 2;

/// Monsters each trainer makes from their decks.
pub const MONSTERS_PER_TRAINER: u8 = 3;

/// Cards in each monster's mini-deck; the cards left over sit out the game.
pub const CARDS_PER_MONSTER: u8 = 5;

/// The Monster Team's Heal: it only takes cards back, and leaves the charge alone.
pub const MONSTER_HEAL: MoveCard = MoveCard { text: "Take back all your disabled cards; nothing else. Keeps your charge.", ..moves::HEAL };

/// One standard deck as trainers use it: every standard move, both Runs, and the Monster
/// Team's Heal; no fighter's special card.
pub const MONSTER_DECK: [MoveCard; 10] = [
    moves::BLOCK,
    moves::RUN_1,
    moves::RUN_2,
    moves::PUNCH,
    moves::GRAB,
    moves::SHOOT,
    moves::KICK,
    moves::CHARGE,
    MONSTER_HEAL,
    moves::TAUNT,
];

/// A Switch card: it swaps the active monster for a benched one before any move acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchCard {
    /// The name printed on the card.
    pub name: &'static str,
    /// Its execution number: 0, so it acts before every move.
    pub number: u8,
    /// Which benched monster it brings in.
    pub brings_in: &'static str,
}

/// Switch-Higher, 0: brings in the benched monster later by name or higher by number.
pub const SWITCH_HIGHER: SwitchCard = SwitchCard {
    name: "Switch-Higher",
    number: 0,
    brings_in: "Your active monster goes to the bench; of the two benched, bring in the one whose name comes later from A to Z (playing by numbers: the higher number).",
};

/// Switch-Lower, 0: brings in the benched monster earlier by name or lower by number.
pub const SWITCH_LOWER: SwitchCard = SwitchCard {
    name: "Switch-Lower",
    number: 0,
    brings_in: "Your active monster goes to the bench; of the two benched, bring in the one whose name comes earlier from A to Z (playing by numbers: the lower number).",
};

/// The two Switch cards every trainer holds besides the active monster's five.
pub const SWITCH_CARDS: [SwitchCard; 2] = [SWITCH_HIGHER, SWITCH_LOWER];

/// What both Switch cards do for the monster coming in, the turn it arrives.
pub const SWITCH_SHIELD: &str = "If the newcomer is hit this turn by an Attack other than Grab, that hit does no Damage and no Peril: \
    the team discards block tokens instead, the attack's level plus 1. Short of tokens: discard them all and fall down, as with a Block.";

/// What both Switch cards keep: the trainer's charge.
pub const SWITCH_KEEPS: &str = "Keeps your charge. Cannot be laid face down in a combo.";

/// Switch-Higher as the engine plays it: number 0, no table, no type.
pub const SWITCH_HIGHER_MOVE: MoveCard = MoveCard {
    slot: Slot::SwitchHigher,
    name: SWITCH_HIGHER.name,
    kind: Kind::Untyped,
    number: SWITCH_HIGHER.number,
    rows: [moves::TAUNT.rows[0]; 4],
    has_table: false,
    text: SWITCH_HIGHER.brings_in,
};

/// Switch-Lower as the engine plays it.
pub const SWITCH_LOWER_MOVE: MoveCard =
    MoveCard { slot: Slot::SwitchLower, name: SWITCH_LOWER.name, text: SWITCH_LOWER.brings_in, ..SWITCH_HIGHER_MOVE };

/// Run type 2 as a monster holds it, beside a type 1 Run.
pub const MONSTER_RUN_2: MoveCard = MoveCard { slot: Slot::RunTwo, name: "Run 2", ..moves::RUN_2 };

/// The card a trainer's `slot` is in Monsters: the standard moves, Run 1 and Run 2, the Monster
/// Team's Heal and the two Switches.
pub fn monster_card(slot: Slot) -> &'static MoveCard {
    match slot {
        Slot::Block => &moves::BLOCK,
        Slot::Run => &moves::RUN_1,
        Slot::RunTwo => &MONSTER_RUN_2,
        Slot::Punch => &moves::PUNCH,
        Slot::Grab => &moves::GRAB,
        Slot::Shoot => &moves::SHOOT,
        Slot::Kick => &moves::KICK,
        Slot::Charge => &moves::CHARGE,
        Slot::Heal => &MONSTER_HEAL,
        Slot::Taunt => &moves::TAUNT,
        Slot::SwitchHigher => &SWITCH_HIGHER_MOVE,
        Slot::SwitchLower => &SWITCH_LOWER_MOVE,
    }
}

/// The Monster Team card: what the trainer's three monsters share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonsterTeam {
    /// Critical Damage of the team's one Danger Track.
    pub critical_damage: u8,
    /// Block tokens the team starts with, and the most it can hold.
    pub block_tokens: u8,
    /// The team's Heal, which takes the place of the standard Heal in every monster.
    pub heal: MoveCard,
    /// Damage taken before the Heal acts that interrupts it, in Yellow (and White), Orange and Red.
    pub heal_interrupt: [u8; 3],
}

/// The Monster Team card: Critical Damage 30, 4 block tokens, its own Heal.
pub const MONSTER_TEAM: MonsterTeam =
    MonsterTeam { critical_damage: 30, block_tokens: 4, heal: MONSTER_HEAL, heal_interrupt: moves::HEAL_INTERRUPT };

/// Blood each Wampire starts a fight with. There is no cap on it.
pub const WAMPIRE_BLOOD: u16 = 30;

/// The most blood a set-up Wampire may start with: all the blood of a table of six. Blood only
/// moves between Wampires (a bite drinks what it takes) apart from a Heal's single drop, so a
/// fight never reaches far past it, and a setup asking for more is refused (notes, "Wampires").
pub const MAX_START_BLOOD: u16 = WAMPIRE_BLOOD * 6;

/// The Danger Track mode every Wampire's Peril is read in: Danger Mode.
pub const WAMPIRE_PERIL_MODE: Mode = Mode::Orange;

/// Blood a Wampire leaves in its victim when it bites at Near: it drinks the rest of what it took.
pub const WAMPIRE_DRINK_LEAVES: u16 = 1;

/// How a Wampire drinks, as printed on its board.
pub const WAMPIRE_DRINKING: &str = "Bite at Near: drink all but 1 of the blood you take.";

/// Peril letters in one hit that knock out a Wampire left with `blood`: one more than the tens
/// digit of its blood after the hit (20 to 29 blood: 3 or more).
pub const fn knockout_peril(blood: u16) -> u16 {
    blood / 10 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::taunt::moves::Slot;
    use crate::taunt::track::TRACK_LENGTHS;

    #[test]
    fn a_monster_deck_is_every_standard_move_with_both_runs() {
        let slots: Vec<Slot> = MONSTER_DECK.iter().map(|card| card.slot).collect();
        assert_eq!(MONSTER_DECK.len(), Slot::ALL.len() + 1);
        assert!(Slot::ALL.iter().all(|slot| slots.contains(slot)));
        assert!(MONSTER_DECK.contains(&moves::RUN_1) && MONSTER_DECK.contains(&moves::RUN_2));
        // Two decks make exactly three monsters and five cards left out.
        let cards = usize::from(DECKS_PER_TRAINER) * MONSTER_DECK.len();
        assert_eq!(cards - usize::from(MONSTERS_PER_TRAINER * CARDS_PER_MONSTER), 5);
    }

    #[test]
    fn the_monster_team_fits_the_printed_tracks() {
        assert!(TRACK_LENGTHS.contains(&MONSTER_TEAM.critical_damage));
        assert_eq!(MONSTER_TEAM.heal.slot, Slot::Heal);
        assert!(SWITCH_CARDS.iter().all(|card| card.number == 0));
    }

    #[test]
    fn wampire_knockouts_follow_the_tens_digit() {
        assert_eq!([0, 9, 10, 20, 29, 30, 45].map(knockout_peril), [1, 1, 2, 3, 3, 4, 5]);
        assert_eq!(WAMPIRE_PERIL_MODE.title(), "Danger Mode");
    }
}
