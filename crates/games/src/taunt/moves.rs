//! TAUNT's move cards as data: one [`MoveCard`] per printed card, its level table written out row
//! by row the way the card prints it.
//!
//! Each row prints its Peril letters under three headings, Yellow, Orange and Red. Where the source prints
//! fewer than three entries, they fill from the Red section leftward (see the interpretation
//! notes): Punch L1 prints "G G", which is Orange G and Red G.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The nine move slots every fighter has. A fighter's special card takes the place (and the
/// letter) of the card it replaces: TeaBot's TeaShot is in the Shoot slot, Tremble's Counter in
/// the Block slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Slot {
    /// Block (B), or Tremble's Counter.
    Block,
    /// Run (R), type 1 or 2 by fighter.
    Run,
    /// Punch (P).
    Punch,
    /// Grab (G).
    Grab,
    /// Shoot (S), or TeaBot's TeaShot.
    Shoot,
    /// Kick (K).
    Kick,
    /// Charge (C).
    Charge,
    /// Heal (H).
    Heal,
    /// TAUNT (T).
    Taunt,
    /// Run type 2 (R) beside a Run type 1 in one hand: only in Monsters, where a trainer's
    /// decks hold both Runs. A fighter's one Run is always [`Slot::Run`], whatever its type.
    RunTwo,
    /// Switch-Higher, Monsters only: brings in the later of the two benched monsters.
    SwitchHigher,
    /// Switch-Lower, Monsters only: brings in the earlier of the two benched monsters.
    SwitchLower,
}

impl Slot {
    /// All slots, in the order cards are laid out in a hand.
    pub const ALL: [Slot; 9] =
        [Slot::Block, Slot::Run, Slot::Punch, Slot::Grab, Slot::Shoot, Slot::Kick, Slot::Charge, Slot::Heal, Slot::Taunt];

    /// Every slot by its number: the nine of a fighter's hand, then those only Monsters uses.
    pub const EVERY: [Slot; 12] = [
        Slot::Block,
        Slot::Run,
        Slot::Punch,
        Slot::Grab,
        Slot::Shoot,
        Slot::Kick,
        Slot::Charge,
        Slot::Heal,
        Slot::Taunt,
        Slot::RunTwo,
        Slot::SwitchHigher,
        Slot::SwitchLower,
    ];

    /// The slot numbered `index` (its place in [`Slot::EVERY`]).
    pub fn from_index(index: usize) -> Option<Slot> {
        Slot::EVERY.get(index).copied()
    }

    /// The letter Peril tables use for this slot (both Runs are R; a Switch, which no Peril
    /// names, prints + or −).
    pub fn letter(self) -> char {
        match self {
            Slot::Block => 'B',
            Slot::Run | Slot::RunTwo => 'R',
            Slot::SwitchHigher => '+',
            Slot::SwitchLower => '-',
            Slot::Punch => 'P',
            Slot::Grab => 'G',
            Slot::Shoot => 'S',
            Slot::Kick => 'K',
            Slot::Charge => 'C',
            Slot::Heal => 'H',
            Slot::Taunt => 'T',
        }
    }

    /// The slot a Peril letter names.
    pub fn from_letter(letter: char) -> Option<Slot> {
        Slot::ALL.into_iter().find(|s| s.letter() == letter)
    }

    /// Bit of this slot in a [`Slots`] set.
    fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// True for the Attack moves (Punch, Grab, Shoot, Kick and the cards that replace them).
    pub fn is_attack(self) -> bool {
        matches!(self, Slot::Punch | Slot::Grab | Slot::Shoot | Slot::Kick)
    }

    /// True for the nine cards of a fighter's hand ([`Slot::ALL`]), false for those only
    /// Monsters uses.
    pub fn in_fighter_hand(self) -> bool {
        self as u8 <= Slot::Taunt as u8
    }

    /// True for either Run.
    pub fn is_run(self) -> bool {
        matches!(self, Slot::Run | Slot::RunTwo)
    }

    /// True for either Switch.
    pub fn is_switch(self) -> bool {
        matches!(self, Slot::SwitchHigher | Slot::SwitchLower)
    }

    /// The move as the rules compare moves: both Runs are a Run.
    pub fn base(self) -> Slot {
        if self == Slot::RunTwo { Slot::Run } else { self }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Slot::Taunt => "TAUNT",
            Slot::RunTwo => "Run 2",
            Slot::SwitchHigher => "Switch-Higher",
            Slot::SwitchLower => "Switch-Lower",
            other => return write!(f, "{other:?}"),
        };
        f.write_str(name)
    }
}

/// A set of slots, e.g. the disabled cards of a fighter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Slot>", into = "Vec<Slot>")]
pub struct Slots(u16);

impl Slots {
    /// The empty set.
    pub const NONE: Slots = Slots(0);

    /// Whether `slot` is in the set.
    pub fn contains(self, slot: Slot) -> bool {
        self.0 & slot.bit() != 0
    }

    /// Adds `slot`; returns true when it was not there before.
    pub fn insert(&mut self, slot: Slot) -> bool {
        let new = !self.contains(slot);
        self.0 |= slot.bit();
        new
    }

    /// Removes `slot`.
    pub fn remove(&mut self, slot: Slot) {
        self.0 &= !slot.bit();
    }

    /// How many slots are in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The slots in hand order.
    pub fn to_vec(self) -> Vec<Slot> {
        Slot::EVERY.into_iter().filter(|s| self.contains(*s)).collect()
    }
}

impl From<Vec<Slot>> for Slots {
    fn from(slots: Vec<Slot>) -> Self {
        let mut set = Slots::NONE;
        slots.into_iter().for_each(|s| {
            set.insert(s);
        });
        set
    }
}

impl From<Slots> for Vec<Slot> {
    fn from(set: Slots) -> Self {
        set.to_vec()
    }
}

impl FromIterator<Slot> for Slots {
    fn from_iter<I: IntoIterator<Item = Slot>>(iter: I) -> Self {
        Slots::from(iter.into_iter().collect::<Vec<_>>())
    }
}

/// The printed type of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Punch, Grab, Shoot, Kick: the moves a Near block forbids for a turn.
    Attack,
    /// Block, Run, Heal.
    Defense,
    /// Charge.
    PowerUp,
    /// TAUNT has no type.
    Untyped,
}

impl Kind {
    /// The type as printed.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Attack => "Attack",
            Kind::Defense => "Defense",
            Kind::PowerUp => "Power-up",
            Kind::Untyped => "",
        }
    }
}

/// The three damage modes that carry Peril, in the order their sections print.
pub const PERIL_MODES: [&str; 3] = ["Yellow", "Orange", "Red"];

/// How a Block-type card answers a hit at one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reflect {
    /// Damage sent back, in halves of the blocked damage (0, 1 = half, 2 = full, 3 = one and a half).
    pub damage_halves: u8,
    /// Peril sent back, in halves of the blocked Peril letters (0, 1 = half, 2 = full).
    pub peril_halves: u8,
    /// Damage the blocker heals when hit (Tremble's Counter at L3).
    pub heal: u8,
}

/// One level of a move: the row of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Damage dealt when it hits.
    pub damage: u8,
    /// Peril letters per damage mode: Yellow, Orange, Red.
    pub peril: [&'static str; 3],
    /// The hit never interrupts the move it lands on ("no Interrupt").
    pub no_interrupt: bool,
    /// A Run at this level cannot be hit by these slots this turn ("Immune S B").
    pub immune: &'static [Slot],
    /// Kick L3: hits only at Far.
    pub far_only: bool,
    /// Block and Counter: what comes back at the attacker.
    pub reflect: Option<Reflect>,
}

const fn row(damage: u8, peril: [&'static str; 3]) -> Row {
    Row { damage, peril, no_interrupt: false, immune: &[], far_only: false, reflect: None }
}

const fn soft(damage: u8) -> Row {
    Row { no_interrupt: true, ..row(damage, ["", "", ""]) }
}

const fn immune(damage: u8, immune: &'static [Slot]) -> Row {
    Row { immune, ..row(damage, ["", "", ""]) }
}

const fn guard(damage_halves: u8, peril_halves: u8, heal: u8) -> Row {
    Row { reflect: Some(Reflect { damage_halves, peril_halves, heal }), ..row(0, ["", "", ""]) }
}

const NOTHING: Row = row(0, ["", "", ""]);

/// A printed move card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveCard {
    /// The slot it fills.
    pub slot: Slot,
    /// The name printed on the card.
    pub name: &'static str,
    /// Its type.
    pub kind: Kind,
    /// Its execution number: lower numbers act first.
    pub number: u8,
    /// The level table, L0 to L3. Cards without a table repeat one row.
    pub rows: [Row; 4],
    /// Whether the card prints a level table at all.
    pub has_table: bool,
    /// The card's rule text, in our words.
    pub text: &'static str,
}

impl MoveCard {
    /// The row for `level` (0–3).
    pub fn at(&self, level: u8) -> &Row {
        &self.rows[usize::from(level.min(3))]
    }
}

/// Block (B), Defense 1.
pub const BLOCK: MoveCard = MoveCard {
    slot: Slot::Block,
    name: "Block",
    kind: Kind::Defense,
    number: 1,
    rows: [guard(0, 0, 0), guard(1, 1, 0), guard(2, 2, 0), guard(3, 2, 0)],
    has_table: true,
    text: "Stops the damage and Peril of every hit except a Grab (and a type 1 Run at L2+). \
           A blocked hit costs block tokens: your level minus the attacker's, plus one (none if that is below zero). \
           Block a hit at Near and the attacker may not play an Attack next turn.",
};

/// Counter (B), Tremble's Block, Defense 1.
pub const COUNTER: MoveCard = MoveCard {
    slot: Slot::Block,
    name: "Counter",
    kind: Kind::Defense,
    number: 1,
    rows: [guard(1, 0, 0), guard(2, 1, 0), guard(3, 2, 0), guard(3, 2, 2)],
    has_table: true,
    text: "Works as Block, and sends damage back even at L0. At L3 you also heal 2 damage when hit.",
};

/// Run type 1 (R), Defense 2.
pub const RUN_1: MoveCard = MoveCard {
    slot: Slot::Run,
    name: "Run",
    kind: Kind::Defense,
    number: 2,
    rows: [soft(2), immune(3, &[Slot::Shoot]), immune(4, &[Slot::Shoot, Slot::Block]), immune(5, &[Slot::Shoot, Slot::Block])],
    has_table: true,
    text: "Switch Position, then hit if you are Near. Charge is spent only if you hit.",
};

/// Run type 2 (R), Defense 2.
pub const RUN_2: MoveCard = MoveCard {
    slot: Slot::Run,
    name: "Run",
    kind: Kind::Defense,
    number: 2,
    rows: [soft(2), NOTHING_2, NOTHING_2, row(2, ["", "", "R"])],
    has_table: true,
    text: "Switch Position, then hit if you are Near. Keeps your charge; taking 2 or more damage this turn costs 1 charge token.",
};

const NOTHING_2: Row = row(2, ["", "", ""]);

/// Punch (P), Attack 3.
pub const PUNCH: MoveCard = MoveCard {
    slot: Slot::Punch,
    name: "Punch",
    kind: Kind::Attack,
    number: 3,
    rows: [row(3, ["", "", ""]), row(6, ["", "G", "G"]), row(8, ["", "G", "GBP"]), row(10, ["G", "GB", "GBP"])],
    has_table: true,
    text: "Punch a fighter who is Running and you choose the Position afterwards.",
};

/// Grab (G), Attack 4.
pub const GRAB: MoveCard = MoveCard {
    slot: Slot::Grab,
    name: "Grab",
    kind: Kind::Attack,
    number: 4,
    rows: [row(1, ["", "", ""]), row(2, ["", "K", "KB"]), row(3, ["R", "KB", "KBR"]), row(4, ["R", "KBR", "KBR"])],
    has_table: true,
    text: "Goes through Block. A hit interrupts the other fighter's move, and you choose the Position afterwards.",
};

/// Shoot (S), Attack 5.
pub const SHOOT: MoveCard = MoveCard {
    slot: Slot::Shoot,
    name: "Shoot",
    kind: Kind::Attack,
    number: 5,
    rows: [soft(2), row(4, ["", "", "S"]), row(6, ["", "S", "SR"]), row(8, ["S", "S", "SR"])],
    has_table: true,
    text: "Hits at Near and at Far.",
};

/// TeaShot (S), TeaBot's Shoot, Attack 5.
pub const TEASHOT: MoveCard = MoveCard {
    slot: Slot::Shoot,
    name: "TeaShot",
    kind: Kind::Attack,
    number: 5,
    rows: [row(2, ["", "", ""]), row(4, ["", "", "S"]), row(6, ["", "S", "SR"]), row(8, ["", "S", "SR"])],
    has_table: true,
    text: "Hits at Near and at Far. Even the L0 hit interrupts.",
};

/// Kick (K), Attack 6.
pub const KICK: MoveCard = MoveCard {
    slot: Slot::Kick,
    name: "Kick",
    kind: Kind::Attack,
    number: 6,
    rows: [
        row(4, ["", "", "P"]),
        row(8, ["", "P", "PC"]),
        row(10, ["P", "PC", "PCS"]),
        Row { far_only: true, ..row(10, ["PC", "PCS", "PCS"]) },
    ],
    has_table: true,
    text: "A hit taken before it acts interrupts the Kick (an L0 Shoot or Run does not). At L3 it reaches Far, and only Far.",
};

/// Charge (C), Power-up 7.
pub const CHARGE: MoveCard = MoveCard {
    slot: Slot::Charge,
    name: "Charge",
    kind: Kind::PowerUp,
    number: 7,
    rows: [NOTHING; 4],
    has_table: false,
    text: "Gain 1 charge token (3 at most). Taking 3 or more damage first interrupts it: lose all charge, or 1 in Critical Mode. Once it has acted, you may pass 1 token to another fighter.",
};

/// Heal (H), the standard card, Defense 7.
pub const HEAL: MoveCard = MoveCard {
    slot: Slot::Heal,
    name: "Heal",
    kind: Kind::Defense,
    number: 7,
    rows: [NOTHING; 4],
    has_table: false,
    text: "With any move disabled: take them all back. With none: regain 1 block token and heal 1 damage. Keeps your charge.",
};

/// Heal (H), the first printed card, Defense 7: only re-enables.
pub const HEAL_CLASSIC: MoveCard = MoveCard { text: "Take back all your disabled moves. Keeps your charge.", ..HEAL };

/// TAUNT (T), 8.
pub const TAUNT: MoveCard = MoveCard {
    slot: Slot::Taunt,
    name: "TAUNT",
    kind: Kind::Untyped,
    number: 8,
    rows: [NOTHING; 4],
    has_table: false,
    text: "If nothing hurts you this turn, lay any number of cards face down for the coming turns. \
           Each Attack or Charge among them that acts uninterrupted gains 1 charge, and your charge is not spent while the combo lasts. \
           An interrupting hit or any Peril ends it: queued cards go back to your hand and you lose all charge (1 in Critical Mode).",
};

/// Damage a Heal may take before the Heal acts, per mode (White and Yellow, Orange, Red): this
/// much or more interrupts it.
pub const HEAL_INTERRUPT: [u8; 3] = [5, 4, 3];

/// Damage that interrupts a Charge.
pub const CHARGE_INTERRUPT: u8 = 3;

/// Damage in one turn that costs a type-2 runner one charge token.
pub const RUN_2_PENALTY: u8 = 2;
