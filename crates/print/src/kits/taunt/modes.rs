//! TAUNT's other ways to play, as the print page offers them: each one's id in links and the
//! components that print only when it is chosen. Nothing here draws; the print page reads
//! [`MODES`] to show its choices without pulling in the drawing code.

use crate::kit::KitMode;

/// Free-for-All: three to six fighters in a circle; the first to defeat someone wins.
pub const FREE_FOR_ALL: &str = "ffa";
/// Last Pobber Standing: a Free-for-All that goes on until one fighter is left.
pub const LAST_POBBER: &str = "last-pobber";
/// 2v2 Team Battle: two teams in the two halves of the Dojo.
pub const TEAM: &str = "team";
/// Monsters: two trainers with three monsters each.
pub const MONSTERS: &str = "monsters";
/// Wampires (a variant): fighters with blood instead of a Danger Track.
pub const WAMPIRES: &str = "wampires";

/// The ways to play, in the order the rules page gives them.
pub const MODES: &[KitMode] = &[
    KitMode { id: FREE_FOR_ALL, name: "Free-for-All", about: "Its reference card, and tokens for a fifth and sixth fighter." },
    KitMode { id: LAST_POBBER, name: "Last Pobber Standing", about: "Its reference card, and tokens for a fifth and sixth fighter." },
    KitMode { id: TEAM, name: "2v2 Team Battle", about: "Its reference card (the Dojo board is in every kit)." },
    KitMode {
        id: MONSTERS,
        name: "Monsters",
        about: "Four standard decks, the Switch cards, the Monster Team cards, mini-deck labels and the reference card.",
    },
    KitMode { id: WAMPIRES, name: "Wampires (variant)", about: "The blood board and the reference card." },
];
