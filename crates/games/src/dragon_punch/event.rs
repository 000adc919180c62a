//! What happens in a DRAGON PUNCH match, and how the log says it.

use super::resolve::{Fate, Strike};
use crate::speaker::Speaker;
use dojo_engine::Seat;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One thing that happened. Every event is public: a switched card that the other player
/// cannot see is named by neither event nor log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Custom Character: both hands are picked (what is in them stays secret).
    HandsPicked,
    /// Both chosen cards are shown.
    Revealed {
        /// The turn of the round, from 1.
        turn: u16,
        /// Each player's card (place in the hand, and the character's second move).
        cards: [(u8, bool); 2],
        /// The moves' names.
        moves: [Arc<str>; 2],
        /// Who held the Initiative this turn.
        initiative: Option<Seat>,
    },
    /// The two moves were compared.
    Compared {
        /// Each player's attacks and their fates.
        strikes: [Vec<Strike>; 2],
        /// Damage each player dealt.
        damage: [u8; 2],
    },
    /// A player claimed the Initiative for the next turn.
    InitiativeClaimed {
        /// Who.
        seat: Seat,
    },
    /// A player took damage and switches that many cards to red.
    Damaged {
        /// Who.
        seat: Seat,
        /// Cards to switch.
        amount: u8,
    },
    /// A player switched a card to red (named only if the other player can see it).
    Switched {
        /// Who.
        seat: Seat,
        /// The card, when it is face up for the other player (flipped, or just played).
        card: Option<u8>,
        /// Health left.
        health: u8,
    },
    /// A Taunt unflipped a player's whole hand.
    Unflipped {
        /// Who.
        seat: Seat,
    },
    /// A player's last white card turned red.
    OutOfHealth {
        /// Who.
        seat: Seat,
    },
    /// A round ended.
    RoundOver {
        /// The round, from 1.
        round: u16,
        /// Its winner (`None`: both ran out in the same turn).
        winner: Option<Seat>,
        /// Round wins afterwards.
        wins: [u8; 2],
    },
    /// The match is won.
    MatchWon {
        /// Who.
        seat: Seat,
    },
}

fn fate_words(fate: Fate) -> &'static str {
    match fate {
        Fate::Successful => "hits",
        Fate::Blocked => "is Blocked",
        Fate::Evaded => "is Evaded",
        Fate::Interrupted => "is Interrupted",
    }
}

impl Event {
    /// The event in words, players named "Player 1" and "Player 2".
    pub fn describe(&self) -> String {
        self.describe_with(&Speaker::PLAIN)
    }

    /// The event in words, players named by `who`.
    pub fn describe_with(&self, who: &Speaker) -> String {
        match self {
            Event::HandsPicked => "Both hands are picked: the fight begins.".into(),
            Event::Revealed { turn, moves, initiative, .. } => {
                let lead =
                    initiative.map(|s| format!(" ({} {} the Initiative)", who.subject(s), who.verb(s, "has", "have"))).unwrap_or_default();
                let (a, b) = (Seat(0), Seat(1));
                format!(
                    "Turn {turn}: {} {} {}, {} {} {}{lead}.",
                    who.subject(a),
                    who.verb(a, "plays", "play"),
                    moves[0],
                    who.object(b),
                    who.verb(b, "plays", "play"),
                    moves[1]
                )
            }
            Event::Compared { strikes, damage } => {
                let mut parts = Vec::new();
                for (p, list) in strikes.iter().enumerate() {
                    for s in list {
                        // Only the first part starts the sentence: "Your high attack hits, your low…".
                        let whose = who.possessive(Seat(p as u8), parts.is_empty());
                        parts.push(format!("{whose} {} attack {}", s.location, fate_words(s.fate)));
                    }
                }
                if parts.is_empty() {
                    return "Nobody attacks.".into();
                }
                format!("{}; damage {} and {}.", parts.join(", "), damage[0], damage[1])
            }
            Event::InitiativeClaimed { seat } => {
                format!("{} {} the Initiative for the next turn.", who.subject(*seat), who.verb(*seat, "takes", "take"))
            }
            Event::Damaged { seat, amount } => format!("{} {} {amount} damage.", who.subject(*seat), who.verb(*seat, "takes", "take")),
            Event::Switched { seat, card: Some(card), health } => {
                format!("{} {} card {} to red ({health} health left).", who.subject(*seat), who.verb(*seat, "switches", "switch"), card + 1)
            }
            Event::Switched { seat, card: None, health } => {
                format!("{} {} a card to red ({health} health left).", who.subject(*seat), who.verb(*seat, "switches", "switch"))
            }
            Event::Unflipped { seat } => {
                format!("{} {}: every card of the hand is back.", who.subject(*seat), who.verb(*seat, "taunts", "taunt"))
            }
            Event::OutOfHealth { seat } => format!("{} {} out of white cards.", who.subject(*seat), who.verb(*seat, "is", "are")),
            Event::RoundOver { round, winner: Some(w), wins } => {
                format!("{} {} round {round} ({} to {}).", who.subject(*w), who.verb(*w, "wins", "win"), wins[0], wins[1])
            }
            Event::RoundOver { round, winner: None, .. } => format!("Both run out together: nobody wins round {round}."),
            Event::MatchWon { seat } => format!("{} {} the match!", who.subject(*seat), who.verb(*seat, "wins", "win")),
        }
    }
}
