//! What happens during a PUNISH match, step by step: for the log, animations and tests.

use super::card::Card;
use crate::duel::rival;
pub use crate::speaker::Speaker;
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
        self.describe_with(&Speaker::PLAIN)
    }

    /// The event as a plain English sentence, naming the seats as `who` says.
    pub fn describe_with(&self, who: &Speaker) -> String {
        let is = |seat: Seat| who.verb(seat, "is", "are");
        match self {
            Event::Feinted { seat, chosen, played } => format!(
                "{} {}: {chosen} is discarded and the top card of the deck, {played}, is played instead.",
                who.subject(*seat),
                who.verb(*seat, "feints", "feint")
            ),
            Event::Revealed { breath, cards } => {
                let show = |c: &Option<Card>| c.map_or("nothing (exhausted)".to_string(), |c| c.to_string());
                let (a, b) = (Seat(0), Seat(1));
                format!(
                    "Breath {breath}: {} {} {}, {} {} {}.",
                    who.subject(a),
                    who.verb(a, "shows", "show"),
                    show(&cards.0[0]),
                    who.object(b),
                    who.verb(b, "shows", "show"),
                    show(&cards.0[1])
                )
            }
            Event::Clash { card } => format!("Two {card}s clash: no damage."),
            Event::Hit { attacker, card, damage, reduced_by, hearts_left } => {
                let target = rival(*attacker);
                let left = format!("{} {} {hearts_left} ♥ left", who.object(target), who.verb(target, "has", "have"));
                match (damage, reduced_by) {
                    (0, Some(by)) => {
                        format!("{} {card} is stopped by {} {by}.", who.possessive(*attacker, true), who.possessive(target, false))
                    }
                    (d, Some(by)) => format!(
                        "{} {card} hits {} for {d} (softened by {by}); {left}.",
                        who.possessive(*attacker, true),
                        who.object(target)
                    ),
                    (d, None) => format!("{} {card} hits {} for {d}; {left}.", who.possessive(*attacker, true), who.object(target)),
                }
            }
            Event::Negated { seat, card, by: Blocker::Disarmed } => {
                format!("{} {} DISARMED: {} {card} deals no damage.", who.subject(*seat), is(*seat), who.possessive(*seat, false))
            }
            Event::Negated { seat, card, by: Blocker::Exposed } => {
                format!("{} {} EXPOSED: {} {card} reduces nothing.", who.subject(*seat), is(*seat), who.possessive(*seat, false))
            }
            Event::Exhausted { seat } => {
                format!("{} {} EXHAUSTED and {} out the next breath.", who.subject(*seat), is(*seat), who.verb(*seat, "sits", "sit"))
            }
            Event::KnockedOut { seat, game, wins } => {
                let winner = rival(*seat);
                format!(
                    "{} {} out of hearts. {} {} game {game} ({}–{}).",
                    who.subject(*seat),
                    is(*seat),
                    who.subject(winner),
                    who.verb(winner, "wins", "win"),
                    wins.0[0],
                    wins.0[1]
                )
            }
            Event::MatchWon { seat } => format!("{} {} the match!", who.subject(*seat), who.verb(*seat, "wins", "win")),
            Event::MeasureEnded { measure } => {
                format!("Measure {measure} is over: every card played or set aside goes back into the deck for a fresh shuffle.")
            }
            Event::Drew { seat, count } => {
                format!("{} {} {count} card{}.", who.subject(*seat), who.verb(*seat, "draws", "draw"), if *count == 1 { "" } else { "s" })
            }
            Event::OutOfPlay { cards } => {
                format!("Out of play this measure: {}.", cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and "))
            }
            Event::Recovered { seat, hearts } => {
                format!("{} {} a heart ({hearts} ♥).", who.subject(*seat), who.verb(*seat, "recovers", "recover"))
            }
            Event::NewGame { game } => format!("Game {game}: fresh shuffle, fresh hearts."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_agree_with_you_and_with_names() {
        let vs = Speaker { names: &["You", "Computer (Hard)"], you: Some(Seat(0)) };
        let hit = Event::Hit { attacker: Seat(1), card: Card::Punish, damage: 2, reduced_by: Some(Card::Guard), hearts_left: 1 };
        assert_eq!(hit.describe_with(&vs), "Computer (Hard)'s Punish hits you for 2 (softened by Guard); you have 1 ♥ left.");
        assert_eq!(hit.describe(), "Player 2's Punish hits Player 1 for 2 (softened by Guard); Player 1 has 1 ♥ left.");
        let tired = Event::Exhausted { seat: Seat(0) };
        assert_eq!(tired.describe_with(&vs), "You are EXHAUSTED and sit out the next breath.");
        assert_eq!(tired.describe(), "Player 1 is EXHAUSTED and sits out the next breath.");
        let shown = Event::Revealed { breath: 2, cards: PerSeat(vec![Some(Card::Rush), None]) };
        assert_eq!(shown.describe_with(&vs), "Breath 2: You show Rush, Computer (Hard) shows nothing (exhausted).");
        let stopped = Event::Hit { attacker: Seat(0), card: Card::Strike, damage: 0, reduced_by: Some(Card::Dodge), hearts_left: 3 };
        assert_eq!(stopped.describe_with(&vs), "Your Strike is stopped by Computer (Hard)'s Dodge.");
    }
}
