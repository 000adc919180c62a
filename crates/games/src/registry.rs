//! The one list of the collection's games. Routes, the home page, the header, the not-found
//! page, the command line, the print kits, the size report and the browser smoke test all
//! follow from [`GAMES`] (and, for code that needs each game's Rust type, [`for_each_engine!`]).
//!
//! Adding a game means its own folders plus one entry here and one line in
//! [`for_each_engine!`]; see "Adding a game" in the README.

use dojo_bot::SearchHints;
use dojo_engine::Game;

/// What tools that play many games (the command line's `bench`, `bot-eval` and `simulate`)
/// need of a game beyond its rules and search hints. Each game implements it in its own folder.
pub trait Sampled: Game + SearchHints + crate::replay_link::Packing {
    /// What one reveal is called, plural ("breaths", "turns").
    const ROUND_WORD: &'static str;
    /// What one evaluated game is called ("best-of-3 matches").
    const EVAL_UNIT: &'static str;
    /// The table size tools use when none is asked for.
    const DEFAULT_SEATS: usize = 2;
    /// For games whose sides differ, a name per team of [`dojo_engine::Game::teams`]: `dojo
    /// bot-eval` then also plays each whole team by the computer against random players on the
    /// other side, and prints `win_rate_<name>_vs_random`. Empty (the default): no such lines.
    const TEAM_YARDSTICKS: &'static [&'static str] = &[];
    /// The ways of playing tools may ask for with `--mode` (none: the game has one).
    const MODES: &'static [&'static str] = &[];
    /// The table size for `mode` when none is asked for.
    fn default_seats(mode: Option<&str>) -> usize {
        let _ = mode;
        Self::DEFAULT_SEATS
    }
    /// A setup for `table` drawn from `seed` with default options (shuffled deck, fighters
    /// drawn, …), or why that table is not offered.
    fn seeded_setup(seed: u64, table: Table) -> Result<Self::Setup, String>;
    /// The setup the bot is measured on; by default [`Sampled::seeded_setup`].
    fn eval_setup(seed: u64, table: Table) -> Result<Self::Setup, String> {
        Self::seeded_setup(seed, table)
    }
    /// True for the event that marks one reveal.
    fn is_round(event: &Self::Event) -> bool;
    /// The record as it may be shown or shared: by default the record itself. A game whose
    /// records hold secrets that must never be shown (Rumble's losing bids) returns a form
    /// without them that still replays to the same end.
    fn shareable(record: dojo_engine::GameRecord<Self>) -> dojo_engine::GameRecord<Self> {
        record
    }
    /// The sides a two-player matchup table compares (characters, fighters), by name; none
    /// when the game has no sides to pick.
    fn sides() -> Vec<String> {
        Vec::new()
    }
    /// A two-player setup from `seed` in which Player 1 plays side `first` and Player 2 side
    /// `second` (places in [`Sampled::sides`]).
    fn side_setup(seed: u64, first: usize, second: usize) -> Result<Self::Setup, String> {
        let _ = (seed, first, second);
        Err("this game has no sides to compare".into())
    }
    /// The table sizes the balance lab offers, smallest first.
    const LAB_SEATS: &'static [usize] = &[2];
    /// The table size the lab opens with: [`Sampled::DEFAULT_SEATS`] when offered.
    fn lab_usual_seats() -> usize {
        if Self::LAB_SEATS.contains(&Self::DEFAULT_SEATS) { Self::DEFAULT_SEATS } else { Self::LAB_SEATS.first().copied().unwrap_or(2) }
    }
    /// What the balance lab compares at a table of `seats`, or `None` when it compares nothing
    /// there. By default: the game's [`Sampled::sides`] in matchups, for two.
    fn lab(seats: usize) -> Option<LabOffer> {
        let sides = Self::sides();
        (seats == 2 && sides.len() >= 2).then_some(LabOffer { kind: LabKind::Matchups, entries: sides, noun: "sides" })
    }
    /// The lab's other ways of playing beside the usual one, as (id, name): TAUNT's Team
    /// fights. None by default.
    const LAB_MODES: &'static [(&'static str, &'static str)] = &[];
    /// What the lab compares for `ask` (a way of playing, a table size, the game's own
    /// material), or why it cannot. By default the usual way with our own material only:
    /// [`Sampled::lab`].
    fn lab_with(ask: LabAsk) -> Result<LabOffer, String> {
        if !ask.mode.is_empty() {
            return Err(format!("the lab has no way of playing {:?} for this game", ask.mode));
        }
        if !ask.custom.is_empty() {
            return Err("this game's lab plays only our own cards".into());
        }
        Self::lab(ask.seats).ok_or_else(|| format!("the lab has no table of {} seats for this game", ask.seats))
    }
    /// One game of a lab run for `ask` (see [`Sampled::lab_with`]), from `seed`. What `deal`
    /// holds depends on the [`LabKind`]: the two sides that meet (first seat first), the one
    /// variant played, or the entries to hand out at the table (places in
    /// [`LabOffer::entries`], in the order to hand them out). By default:
    /// [`Sampled::side_setup`], the usual way with our own material only.
    fn lab_setup(seed: u64, ask: LabAsk, deal: &[usize]) -> Result<LabTable<Self::Setup>, String> {
        if !ask.mode.is_empty() || !ask.custom.is_empty() {
            return Err("this game's lab plays only the usual way with our own cards".into());
        }
        let &[first, second] = deal else { return Err("a matchup needs two sides".into()) };
        Ok(LabTable { setup: Self::side_setup(seed, first, second)?, held: vec![vec![first], vec![second]] })
    }
    /// What each seat holds at the end of a lab game, for games where it is won in play
    /// (Rumble's powers); `None` (the default): what [`Sampled::lab_setup`] handed out.
    fn lab_held_at_end(&self) -> Option<Vec<Vec<usize>>> {
        None
    }
    /// For a team game, what kind of play `action` is, in a word the allies' report counts
    /// (`dojo allies`: "assist", "fold", …); `None` for a choice not worth counting.
    fn action_kind(action: &Self::Action) -> Option<&'static str> {
        let _ = action;
        None
    }
}

/// What a lab run asks of a game: the way of playing, the table size and the game's own
/// material instead of ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabAsk<'a> {
    /// The way of playing, by its id in [`Sampled::LAB_MODES`]; empty: the usual one.
    pub mode: &'a str,
    /// Seats at the table.
    pub seats: usize,
    /// The game's own material (DRAGON PUNCH: a card set's link piece); empty: ours.
    pub custom: &'a str,
}

impl LabAsk<'_> {
    /// The usual way at a table of `seats`, with our own material.
    pub fn seats(seats: usize) -> LabAsk<'static> {
        LabAsk { mode: "", seats, custom: "" }
    }
}

/// How the balance lab compares a game's entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LabKind {
    /// Two sides meet, every pair of those chosen (DRAGON PUNCH characters, TAUNT fighters in a
    /// duel): a matchup table.
    #[default]
    Matchups,
    /// Each entry is a way of playing the whole game (PUNISH's options); two computers play
    /// it, and the report compares the variants (first seat, lengths, the stronger computer).
    Variants,
    /// Seats hold entries (fighters dealt, powers bought, pilot sheets) and the report says how
    /// often a seat holding each one wins, against the average seat.
    Holdings,
}

/// What the balance lab offers to compare in a game at one table size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabOffer {
    /// How the entries are compared.
    pub kind: LabKind,
    /// The entries, by name.
    pub entries: Vec<String>,
    /// What the entries are called, plural ("characters", "options", "powers").
    pub noun: &'static str,
}

/// One lab game's table: its setup, and what each seat holds in it (places in
/// [`LabOffer::entries`]; empty for a seat that holds nothing, as FUSION's Coach).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabTable<S> {
    /// The setup.
    pub setup: S,
    /// What each seat holds, in seat order.
    pub held: Vec<Vec<usize>>,
}

/// The table tools ask a game to set up: how many seats, and which way of playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table<'a> {
    /// Seats at the table.
    pub seats: usize,
    /// The way of playing, by its id in [`Sampled::MODES`]; `None` for the usual one.
    pub mode: Option<&'a str>,
}

impl Table<'_> {
    /// `seats` seats, the usual way of playing.
    pub fn of(seats: usize) -> Table<'static> {
        Table { seats, mode: None }
    }
}

/// The refusal for a table a two-seat game with one way of playing does not offer.
pub fn two_seats_only(game: &str, table: Table) -> Result<(), String> {
    if let Some(mode) = table.mode {
        return Err(format!("{game} has one way of playing, not {mode:?}"));
    }
    if table.seats == 2 { Ok(()) } else { Err(format!("{game} is played by 2, not {}", table.seats)) }
}

/// How far a game has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Rules engine, play page, rules page and kit are live on the site.
    Playable,
    /// Not built yet: listed on the home page only.
    Planned,
    /// A game for tests and the command line, never shown on the site.
    Test,
}

/// One game of the collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The id used in records, on the command line and in addresses (`/play/<id>`).
    pub id: &'static str,
    /// The game's name as its designers write it.
    pub name: &'static str,
    /// One line on what the game is.
    pub pitch: &'static str,
    /// What our rules source contains, and what it lacks.
    pub source: &'static str,
    /// Where the game stands.
    pub status: Status,
    /// A rules section people ask about most: its anchor and the question it answers.
    pub quick: (&'static str, &'static str),
    /// Whether the game has a print-and-play kit.
    pub kit: bool,
    /// Whether the balance lab (`/lab/<id>`, `dojo lab`) has something to compare in the game
    /// ([`Sampled::lab`]).
    pub lab: bool,
    /// Whether the play page has a lesson, a guided first match (`/play/<id>#learn`), which
    /// the rules page then offers.
    pub lesson: bool,
}

impl GameInfo {
    /// True when the game has pages on the site (play, rules, print).
    pub fn on_site(&self) -> bool {
        self.status == Status::Playable
    }
}

/// Every game, in the order the home page lists them.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: "punish",
        name: "PUNISH",
        pitch: "Five action cards, one breath at a time: the fastest card hits first, and greed gets punished.",
        source: "Full rules, three worked examples and the optional rules. Not in the source: the 9 Slayer cards.",
        status: Status::Playable,
        quick: ("priority", "Which card goes first?"),
        kit: true,
        lab: true,
        lesson: true,
    },
    GameInfo {
        id: "taunt",
        name: "TAUNT",
        pitch: "Two fighters on a Danger Track: charge up, taunt into combos, and keep your moves out of Peril.",
        source: "Rules v0.4, every move table, five fighters, the Danger Track grids and multiplayer modes. Open points (track zones, Recovery) are ours to decide; the duel and every mode for more fighters, Monsters and Wampires are live.",
        status: Status::Playable,
        quick: ("order", "Which move acts first?"),
        kit: true,
        lab: true,
        lesson: true,
    },
    GameInfo {
        id: "dragon-punch",
        name: "DRAGON PUNCH",
        pitch: "High and low attacks, blocks, evades and initiative; your cards turn red as you get hurt. Best of three rounds.",
        source: "Full rules, two worked examples and variants. The card list itself is not in the text: we play a set reconstructed from the rulebook (not the retail cards), and owners can type in their own.",
        status: Status::Playable,
        quick: ("compare", "Which attack succeeds?"),
        kit: true,
        lab: true,
        lesson: true,
    },
    GameInfo {
        id: "rumble",
        name: "Rumble",
        pitch: "Heroes split their energy in secret between attack and defence and bid for superpowers. Last one standing wins.",
        source: "Core rules, keywords and a print-and-play power set.",
        status: Status::Playable,
        quick: ("rebids", "Who wins a tied bid?"),
        kit: true,
        lab: true,
        lesson: true,
    },
    GameInfo {
        id: "fusion",
        name: "Gattaibushido:FUSION!",
        pitch: "The Gambit and Throwdown card duels of a mecha role-playing game: pilots against the Coach, played with two standard decks.",
        source: "The deck, microevents, Gambit and Throwdown of an unfinished alpha. What it names without defining (pilot sheets, Threats, Gear, Harmony's levels) are stand-ins of ours; Fusions, Rumbles and Factions are left out.",
        status: Status::Playable,
        quick: ("push", "How far may a Push go?"),
        kit: true,
        lab: true,
        lesson: true,
    },
    GameInfo {
        id: "toy",
        name: "Sealed Bids",
        pitch: "A test game for 2–8 seats: sealed bids, private draws, teams.",
        source: "Ours.",
        status: Status::Test,
        quick: ("", ""),
        kit: false,
        lab: false,
        lesson: false,
    },
];

/// The entry of game `id`.
pub fn find(id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id)
}

/// The games with pages on the site, in order.
pub fn on_site() -> impl Iterator<Item = &'static GameInfo> {
    GAMES.iter().filter(|g| g.on_site())
}

/// Calls macro `$callback` with the list of games that have a rules engine, as
/// `id => path::to::Type` pairs: the one place that ties an id to its Rust type.
///
/// ```
/// macro_rules! names { ([] $($id:literal => $ty:ty),*) => { [$($id),*] } }
/// let ids = dojo_games::for_each_engine!(names []);
/// assert!(ids.contains(&"punish"));
/// ```
///
/// Anything in brackets after the callback's name is handed to it first, unchanged:
/// `for_each_engine!(callback [extra tokens])` calls `callback! { [extra tokens] "punish" => …, … }`.
#[macro_export]
macro_rules! for_each_engine {
    ($callback:ident [$($extra:tt)*]) => {
        $callback! {
            [$($extra)*]
            "punish" => $crate::punish::Punish,
            "taunt" => $crate::taunt::Taunt,
            "dragon-punch" => $crate::dragon_punch::DragonPunch,
            "rumble" => $crate::rumble::Rumble,
            "fusion" => $crate::fusion::Fusion,
            "toy" => $crate::toy::Toy
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! engine_names {
        ([] $($id:literal => $ty:ty),*) => { vec![$(($id, <$ty as Game>::NAME)),*] };
    }

    #[test]
    fn every_engine_is_registered_under_its_own_name_and_ids_are_unique() {
        for (id, name) in for_each_engine!(engine_names []) {
            assert_eq!(id, name, "the engine listed as {id:?} calls itself {name:?}");
            assert!(find(id).is_some(), "engine {id:?} has no registry entry");
        }
        let mut ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GAMES.len(), "two games share an id");
        assert!(GAMES.iter().all(|g| g.id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')), "ids are used in addresses");
    }

    #[test]
    fn games_on_the_site_have_an_engine_and_the_test_game_stays_off_it() {
        let engines: Vec<&str> = for_each_engine!(engine_names []).into_iter().map(|(id, _)| id).collect();
        for game in on_site() {
            assert!(engines.contains(&game.id), "{} is on the site without an engine", game.id);
        }
        assert!(!find("toy").unwrap().on_site());
    }
}
