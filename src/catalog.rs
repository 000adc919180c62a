//! The five games of the collection and where each stands, for the home page.

/// How far a game has come on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Rules engine, play page and rules page are live.
    Playable,
    /// Not built yet.
    Planned,
}

/// One game of the collection.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The game's name as its designers write it.
    pub name: &'static str,
    /// URL slug, used in `/play/<slug>` and `/rules/<slug>`.
    pub slug: &'static str,
    /// One line on what the game is.
    pub pitch: &'static str,
    /// What our rules source contains, and what it lacks.
    pub source: &'static str,
    /// Where the game stands on the site.
    pub status: Status,
    /// A rules section people ask about most: its anchor and the question it answers.
    pub quick: (&'static str, &'static str),
}

/// The collection, in the order the home page lists it.
pub const GAMES: [Entry; 5] = [
    Entry {
        name: "PUNISH",
        slug: "punish",
        pitch: "Five action cards, one breath at a time: the fastest card hits first, and greed gets punished.",
        source: "Full rules, three worked examples and the optional rules. Not in the source: the 9 Slayer cards.",
        status: Status::Playable,
        quick: ("priority", "Which card goes first?"),
    },
    Entry {
        name: "TAUNT",
        slug: "taunt",
        pitch: "Two fighters on a Danger Track: charge up, taunt into combos, and keep your moves out of Peril.",
        source: "Rules v0.4, every move table, five fighters, the Danger Track grids and multiplayer modes. Open points (track zones, Recovery) are ours to decide; the two-fighter game is live, the multiplayer modes are planned.",
        status: Status::Playable,
        quick: ("order", "Which move acts first?"),
    },
    Entry {
        name: "DRAGON PUNCH",
        slug: "dragon-punch",
        pitch: "High and low attacks, blocks, evades and initiative; your cards turn red as you get hurt. Best of three rounds.",
        source: "Full rules, two worked examples and variants. The card list itself is not in the text.",
        status: Status::Planned,
        quick: ("", ""),
    },
    Entry {
        name: "Rumble",
        slug: "rumble",
        pitch: "Heroes split their energy in secret between attack and defence and bid for superpowers. Last one standing wins.",
        source: "Core rules, keywords and a print-and-play power set.",
        status: Status::Planned,
        quick: ("", ""),
    },
    Entry {
        name: "Gattaibushido:FUSION!",
        slug: "gattaibushido",
        pitch: "The Gambit and Throwdown card duels of a mecha role-playing game, played with two standard decks.",
        source: "The deck, microevents, Gambit and Throwdown. Pages it refers to (combo zones, Harmony, Threats) were never published.",
        status: Status::Planned,
        quick: ("", ""),
    },
];
