//! What happens during a PUNISH match, step by step: for the log, animations and tests.

use super::card::Card;
use dojo_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// Which status stopped a card from doing its job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Blocker {
    /// DISARMED: the attack dealt no damage.
    Disarmed,
    /// EXPOSED: the Guard or Dodge reduced nothing.
    Exposed,
}

/// One thing that happened. Every event is public: both players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A player used their Feint: `chosen` is discarded and the deck's top card is played instead.
    Feinted {
        /// Who feinted.
        seat: Seat,
        /// The card they had picked, discarded face up.
        chosen: Card,
        /// The deck's top card, played in its place.
        played: Card,
    },
    /// Both picks are shown. `None` for a player who could not play (EXHAUSTED).
    Revealed {
        /// The breath of the measure, from 1.
        breath: u8,
        /// What each player played.
        cards: PerSeat<Option<Card>>,
    },
    /// Two identical attacks met and neither deals damage.
    Clash {
        /// The attack both played.
        card: Card,
    },
    /// An attack landed (possibly reduced to nothing).
    Hit {
        /// Who attacked.
        attacker: Seat,
        /// The attack.
        card: Card,
        /// Damage after reductions.
        damage: u8,
        /// The defensive card that reduced it, if any.
        reduced_by: Option<Card>,
        /// The target's hearts afterwards.
        hearts_left: u8,
    },
    /// A card did nothing because of a status.
    Negated {
        /// Whose card.
        seat: Seat,
        /// The card.
        card: Card,
        /// The status responsible.
        by: Blocker,
    },
    /// A player becomes EXHAUSTED and skips the next breath of this measure.
    Exhausted {
        /// Who.
        seat: Seat,
    },
    /// A player reached zero hearts and lost the game.
    KnockedOut {
        /// Who fell.
        seat: Seat,
        /// The game of the match, from 1.
        game: u8,
        /// Game wins per player after this game.
        wins: PerSeat<u8>,
    },
    /// The match is decided.
    MatchWon {
        /// The champion.
        seat: Seat,
    },
    /// The measure is over: cards are gathered and shuffled back.
    MeasureEnded {
        /// The measure that ended, from 1.
        measure: u16,
    },
    /// A player drew back up to a full hand.
    Drew {
        /// Who drew.
        seat: Seat,
        /// How many cards.
        count: u8,
    },
    /// Two cards are revealed out of play for the new measure.
    OutOfPlay {
        /// The two cards.
        cards: Vec<Card>,
    },
    /// A damaged player got a heart back at the end of the measure.
    Recovered {
        /// Who.
        seat: Seat,
        /// Hearts afterwards.
        hearts: u8,
    },
    /// A new game of the match is dealt.
    NewGame {
        /// The game number, from 1.
        game: u8,
    },
}

impl Event {
    /// The event as a plain English sentence for the log, calling the seats "Player 1" and "Player 2".
    pub fn describe(&self) -> String {
        self.describe_with(&["Player 1", "Player 2"])
    }

    /// The event as a plain English sentence, calling the seats by `names`.
    pub fn describe_with(&self, names: &[&str; 2]) -> String {
        let n = |seat: &Seat| names[seat.index().min(1)];
        match self {
            Event::Feinted { seat, chosen, played } => {
                format!("{} feints: {chosen} is discarded and the top card of the deck, {played}, is played instead.", n(seat))
            }
            Event::Revealed { breath, cards } => {
                let show = |c: &Option<Card>| c.map_or("nothing (exhausted)".to_string(), |c| c.to_string());
                format!("Breath {breath}: {} shows {}, {} shows {}.", names[0], show(&cards.0[0]), names[1], show(&cards.0[1]))
            }
            Event::Clash { card } => format!("Two {card}s clash: no damage."),
            Event::Hit { attacker, card, damage, reduced_by, hearts_left } => {
                let (attacker, target) = (n(attacker), n(&attacker.opponent()));
                match (damage, reduced_by) {
                    (0, Some(by)) => format!("{attacker}'s {card} is stopped by {target}'s {by}."),
                    (d, Some(by)) => {
                        format!("{attacker}'s {card} hits {target} for {d} (softened by {by}); {target} has {hearts_left} ♥ left.")
                    }
                    (d, None) => format!("{attacker}'s {card} hits {target} for {d}; {target} has {hearts_left} ♥ left."),
                }
            }
            Event::Negated { seat, card, by: Blocker::Disarmed } => format!("{} is DISARMED: their {card} deals no damage.", n(seat)),
            Event::Negated { seat, card, by: Blocker::Exposed } => format!("{} is EXPOSED: their {card} reduces nothing.", n(seat)),
            Event::Exhausted { seat } => format!("{} is EXHAUSTED and sits out the next breath.", n(seat)),
            Event::KnockedOut { seat, game, wins } => {
                format!("{} is out of hearts. {} wins game {game} ({}–{}).", n(seat), n(&seat.opponent()), wins.0[0], wins.0[1])
            }
            Event::MatchWon { seat } => format!("{} wins the match!", n(seat)),
            Event::MeasureEnded { measure } => {
                format!("Measure {measure} ends: played and revealed cards are shuffled back into the deck.")
            }
            Event::Drew { seat, count } => format!("{} draws {count} card{}.", n(seat), if *count == 1 { "" } else { "s" }),
            Event::OutOfPlay { cards } => {
                format!("Out of play this measure: {}.", cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and "))
            }
            Event::Recovered { seat, hearts } => format!("{} recovers a heart ({hearts} ♥).", n(seat)),
            Event::NewGame { game } => format!("Game {game}: fresh shuffle, fresh hearts."),
        }
    }
}
