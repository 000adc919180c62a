//! What happens during a TAUNT match, step by step, and how the log says it in words.

use super::moves::Slot;
use super::setup::{Half, Position};
use super::track::Mode;
use crate::duel::rival;
use crate::speaker::Speaker;
use dojo_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// Why a move did not hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Miss {
    /// The fighters are Far and the move only reaches Near.
    TooFar,
    /// Kick at L3 reaches only Far and the fighters are Near.
    TooNear,
    /// The target's Run makes them immune to this move this turn.
    Immune,
}

/// Why a fighter's charge changed outside a Charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChargeCause {
    /// An L1+ move used it up.
    Spent,
    /// The fighter's move was interrupted.
    Interrupted,
    /// The taunting combo was broken.
    ComboBroken,
    /// A taunting move acted uninterrupted.
    ComboBonus,
    /// A type-2 Run took 2 or more damage.
    RunPenalty,
}

/// One thing that happened. Every event is public: both players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Both moves are shown. `None` for a fighter who is knocked down.
    Revealed {
        /// The turn of this fight, from 1.
        turn: u16,
        /// Each fighter's move.
        moves: PerSeat<Option<Slot>>,
        /// Each fighter's level this turn.
        levels: PerSeat<u8>,
        /// Which moves were laid face down earlier in a taunting combo.
        queued: PerSeat<bool>,
        /// Fighters out of a circle, who play no card (empty when nobody is out).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        out: Vec<Seat>,
    },
    /// The higher-level fighter chose when their move acts among two moves of the same number.
    OrderChosen {
        /// Who chose.
        seat: Seat,
        /// Whether they act first.
        first: bool,
    },
    /// A Run switched the Position (in a circle, the marker shared `with` a neighbour).
    Moved {
        /// Who ran.
        seat: Seat,
        /// The Position now.
        position: Position,
        /// The neighbour whose marker changed, in a circle of three or more.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<Seat>,
    },
    /// A Run chose a marker that two equal Runs hold still: it stays as it is.
    MarkerHeld {
        /// Who ran.
        seat: Seat,
        /// The neighbour who ran too.
        with: Seat,
    },
    /// In a Team Battle, a Run crossed to the other half of the Dojo.
    Crossed {
        /// Who ran.
        seat: Seat,
        /// The half the runner is in now.
        half: Half,
    },
    /// Two equal-level moves of the same kind cancel each other's Position change and interrupt.
    Cancelled {
        /// The move both played.
        slot: Slot,
    },
    /// A move landed.
    Hit {
        /// Who dealt it (for a reflection, the blocker).
        attacker: Seat,
        /// Who took it.
        victim: Seat,
        /// The move.
        slot: Slot,
        /// Its level.
        level: u8,
        /// Damage dealt.
        damage: u8,
        /// The target's damage afterwards (a Wampire's blood).
        total: u16,
        /// The target's mode afterwards.
        mode: Mode,
        /// Cards the hit disabled.
        disabled: Vec<Slot>,
        /// Peril letters ignored because they named a card already played in a taunting combo.
        ignored: Vec<Slot>,
        /// Whether this is damage sent back by a Block.
        reflected: bool,
        /// Whether the target is a Wampire, so `total` is its blood.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blood: bool,
    },
    /// A Wampire drank blood from a Near bite.
    Drank {
        /// The Wampire who bit.
        seat: Seat,
        /// Blood drunk.
        blood: u16,
        /// Its blood now.
        total: u16,
    },
    /// A Wampire was knocked out: too much Peril in one hit for the blood it has left.
    Drained {
        /// Who.
        seat: Seat,
        /// Peril letters of the hit.
        peril: u8,
        /// Blood left.
        blood: u16,
    },
    /// A move reached nobody.
    Missed {
        /// Whose move.
        seat: Seat,
        /// The move.
        slot: Slot,
        /// Why.
        why: Miss,
        /// Whom it missed.
        target: Seat,
    },
    /// A Block stopped a hit.
    Blocked {
        /// The blocker.
        seat: Seat,
        /// The move blocked.
        slot: Slot,
        /// Block tokens it cost.
        tokens: u8,
        /// Block tokens left.
        left: u8,
    },
    /// A fighter had to discard a block token they did not have.
    KnockedDown {
        /// Who fell.
        seat: Seat,
    },
    /// A knocked-down fighter regained a block token.
    Regained {
        /// Who.
        seat: Seat,
        /// Tokens now.
        blocks: u8,
        /// Whether they are back on their feet (all tokens back).
        standing: bool,
    },
    /// After blocking at Near, the attacker may not play Attacks next turn.
    AttacksLocked {
        /// Who may not attack.
        seat: Seat,
    },
    /// A move was interrupted before it acted.
    Interrupted {
        /// Whose move.
        seat: Seat,
        /// The move.
        slot: Slot,
        /// Its level.
        level: u8,
        /// What interrupted it: the damage taken before it acted, or `None` for a Grab's hit.
        damage: Option<u8>,
    },
    /// A Charge gained a token.
    Charged {
        /// Who.
        seat: Seat,
        /// Charge now.
        charge: u8,
    },
    /// A fighter's charge changed for another reason.
    ChargeChanged {
        /// Who.
        seat: Seat,
        /// Charge now.
        charge: u8,
        /// Why.
        cause: ChargeCause,
    },
    /// A Heal acted.
    Healed {
        /// Who.
        seat: Seat,
        /// Cards taken back.
        restored: Vec<Slot>,
        /// Damage healed.
        healed: u8,
        /// Block tokens regained.
        blocks: u8,
        /// Whether the fighter is a Wampire, so `healed` is blood drunk back.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blood: bool,
        /// The Monster Team's Heal, which only takes cards back (on every monster).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        team: bool,
    },
    /// A Counter at L3 healed its fighter when hit.
    CounterHealed {
        /// Who.
        seat: Seat,
        /// Damage now (a Wampire's blood).
        total: u16,
        /// Whether the fighter is a Wampire, so `total` is its blood.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blood: bool,
    },
    /// A fighter's TAUNT went unanswered: they lay cards face down next.
    Taunted {
        /// Who.
        seat: Seat,
    },
    /// A taunting fighter finished laying cards face down.
    Queued {
        /// Who.
        seat: Seat,
        /// How many cards.
        count: u8,
    },
    /// A taunting combo was broken by a hit; the cards still face down go back to the hand.
    ComboBroken {
        /// Who.
        seat: Seat,
        /// Cards returned unplayed.
        returned: u8,
    },
    /// A taunting combo ended early because its fighter was knocked down, with no Peril and no
    /// interrupting damage: the cards still face down go back to the hand, the charge stays.
    ComboEnded {
        /// Who.
        seat: Seat,
        /// Cards returned unplayed.
        returned: u8,
    },
    /// A fighter whose Charge acted passed one charge token to another.
    ChargePassed {
        /// Who gave it.
        from: Seat,
        /// Who received it.
        to: Seat,
        /// The receiver's level now.
        level: u8,
    },
    /// A fighter chose the Position after their hit.
    PositionChosen {
        /// Who chose.
        seat: Seat,
        /// The Position now.
        position: Position,
        /// Whose Position with the chooser, when there are more than two fighters.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<Seat>,
    },
    /// A fighter was defeated in a mode for more fighters (out of the circle, or a Team Spirit).
    Defeated {
        /// Who.
        seat: Seat,
        /// The fighters still standing who put Peril on them this turn.
        by: Vec<Seat>,
    },
    /// A mode for more fighters is over.
    Victory {
        /// The winners (a team, several fighters who shared a defeat); none for a draw.
        seats: Vec<Seat>,
    },
    /// The fight reached its last turn with nobody beaten: the judges rank the fighters still
    /// standing (notes, "Time limit"); the fight's end follows.
    TimeUp {
        /// The last turn.
        turn: u16,
    },
    /// A fight ended: these fighters reached three disabled cards (or lost on the judges'
    /// decision).
    FightOver {
        /// The fight, from 1.
        fight: u8,
        /// Who lost (both on a double knockout).
        losers: Vec<Seat>,
        /// Fight wins per player afterwards.
        wins: PerSeat<u8>,
        /// Wampires: the losers were knocked out (by Peril or lack of blood), not by three cards.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        knocked_out: bool,
        /// Decided by the judges at the time limit: the loser had more disabled cards (or more
        /// damage, or less blood); no loser means an even fight, which ends the match.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        judged: bool,
    },
    /// Monsters: both trainers have built their three monsters in secret; the battle begins.
    Built,
    /// Monsters: a Switch sent the active monster to the bench and brought in another.
    Switched {
        /// The trainer.
        seat: Seat,
        /// The monster benched, 0 to 2.
        from: u8,
        /// The monster brought in, 0 to 2.
        to: u8,
    },
    /// Monsters: a hit on a monster that came in this turn did no Damage and no Peril; the
    /// team paid block tokens for it instead (the attack's level plus 1).
    Shielded {
        /// The newcomer's trainer.
        seat: Seat,
        /// Who attacked.
        attacker: Seat,
        /// With what.
        slot: Slot,
        /// Tokens paid.
        tokens: u8,
        /// Tokens left.
        left: u8,
    },
    /// A new fight of the series begins.
    FightStarts {
        /// The fight, from 1.
        fight: u8,
        /// Damage each fighter carries into it.
        damage: PerSeat<u8>,
    },
    /// The series is decided.
    MatchWon {
        /// The champion.
        seat: Seat,
    },
}

fn list(slots: &[Slot]) -> String {
    let names: Vec<String> = slots.iter().map(|s| s.to_string()).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

fn plural(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Event {
    /// The event as a plain English sentence, calling the seats "Player 1" and "Player 2".
    pub fn describe(&self) -> String {
        self.describe_with(&Speaker::PLAIN)
    }

    /// The event as a plain English sentence, naming the seats as `who` says.
    pub fn describe_with(&self, who: &Speaker) -> String {
        match self {
            Event::Revealed { turn, moves, levels, queued, out } => {
                let shown: Vec<String> = moves
                    .iter()
                    .filter(|(s, _)| !out.contains(s))
                    .map(|(s, m)| match m {
                        Some(m) => {
                            let from = if queued[s] { " (face down since the TAUNT)" } else { "" };
                            format!("{} {} {m} L{}{from}", who.subject(s), who.verb(s, "plays", "play"), levels[s])
                        }
                        None => {
                            format!("{} {} down and {} nothing", who.subject(s), who.verb(s, "is", "are"), who.verb(s, "plays", "play"))
                        }
                    })
                    .collect();
                let joined = shown.join(", ");
                // ASCII only: the full Unicode upper-casing table would add 12 KB to every
                // download that describes a turn, for names that start in ASCII anyway.
                let mut rest = joined.chars();
                let first = rest.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
                format!("Turn {turn}: {first}{}.", rest.as_str())
            }
            Event::OrderChosen { seat, first } => {
                format!(
                    "{} {} to act {}.",
                    who.subject(*seat),
                    who.verb(*seat, "chooses", "choose"),
                    if *first { "first" } else { "second" }
                )
            }
            Event::Moved { seat, position, with: None } => {
                format!("{} {} and the fighters are now {position}.", who.subject(*seat), who.verb(*seat, "runs", "run"))
            }
            Event::Moved { seat, position, with: Some(other) } => format!(
                "{} {} {} {}: {position} now.",
                who.subject(*seat),
                who.verb(*seat, "runs", "run"),
                if *position == Position::Near { "in on" } else { "away from" },
                who.object(*other)
            ),
            Event::MarkerHeld { seat, with } => {
                format!("{} and {} ran at the same level: the marker between them stays.", who.subject(*seat), who.object(*with))
            }
            Event::Crossed { seat, half } => {
                format!("{} {} to the {half:?} half of the Dojo.", who.subject(*seat), who.verb(*seat, "runs", "run"))
            }
            Event::Cancelled { slot } => format!("Equal {slot}s: their Position changes and interrupts cancel out."),
            Event::Hit { attacker, victim, slot, level, damage, total, mode, disabled, ignored, reflected, blood } => {
                let target = *victim;
                let mut s = if *reflected {
                    format!("{} Block sends {damage} damage back at {}", who.possessive(*attacker, true), who.object(target))
                } else {
                    format!("{} {slot} L{level} hits {} for {damage}", who.possessive(*attacker, true), who.object(target))
                };
                s += &if *blood { format!(" ({total} blood left)") } else { format!(" ({total} damage, {})", mode.title()) };
                if !disabled.is_empty() {
                    s += &format!("; Peril disables {} {}", who.possessive(target, false), list(disabled));
                }
                if !ignored.is_empty() {
                    s += &format!("; {} is already face down in the combo, so its Peril is ignored", list(ignored));
                }
                s + "."
            }
            Event::Missed { seat, slot, why, target } => {
                let why = match why {
                    Miss::TooFar => "they are Far",
                    Miss::TooNear => "at L3 it only reaches Far",
                    Miss::Immune => "the Run makes its target immune",
                };
                format!("{} {slot} misses {}: {why}.", who.possessive(*seat, true), who.object(*target))
            }
            Event::Drank { seat, blood, total } => {
                format!("{} {} {blood} blood (now {total}).", who.subject(*seat), who.verb(*seat, "drinks", "drink"))
            }
            Event::Drained { seat, peril, blood } => format!(
                "{} {} knocked out: {peril} Peril in one hit with {blood} blood left.",
                who.subject(*seat),
                who.verb(*seat, "is", "are")
            ),
            Event::Blocked { seat, slot, tokens, left } => format!(
                "{} {} the {slot}, spending {} ({left} left).",
                who.subject(*seat),
                who.verb(*seat, "blocks", "block"),
                plural(*tokens, "block token", "block tokens")
            ),
            Event::KnockedDown { seat } => format!(
                "{} {} out of block tokens and {} knocked down: no cards until every token is back.",
                who.subject(*seat),
                who.verb(*seat, "runs", "run"),
                who.verb(*seat, "is", "are")
            ),
            Event::Regained { seat, blocks, standing } => {
                let mut s = format!("{} {} a block token ({blocks})", who.subject(*seat), who.verb(*seat, "regains", "regain"));
                if *standing {
                    s += &format!(
                        " and {} back on {} feet",
                        who.verb(*seat, "is", "are"),
                        if who.you == Some(*seat) { "your" } else { "their" }
                    );
                }
                s + "."
            }
            Event::AttacksLocked { seat } => format!("{} may not play an Attack next turn.", who.subject(*seat)),
            Event::Interrupted { seat, slot, level, damage } => match damage {
                Some(d) => format!("{} {slot} L{level} is interrupted by the {d} damage taken before it.", who.possessive(*seat, true)),
                None => format!("{} {slot} L{level} is interrupted by the Grab.", who.possessive(*seat, true)),
            },
            Event::Charged { seat, charge } => {
                format!("{} {} up to level {charge}.", who.subject(*seat), who.verb(*seat, "charges", "charge"))
            }
            Event::ChargeChanged { seat, charge, cause } => {
                let why = match cause {
                    ChargeCause::Spent => "the move uses the charge",
                    ChargeCause::Interrupted => "interrupted",
                    ChargeCause::ComboBroken => "the combo is broken",
                    ChargeCause::ComboBonus => "an uninterrupted taunting move",
                    ChargeCause::RunPenalty => "hit hard while running",
                };
                format!("{} charge is now {charge} ({why}).", who.possessive(*seat, true))
            }
            Event::Healed { seat, restored, team: true, .. } if restored.is_empty() => {
                format!("{} team's Heal finds no disabled card to take back.", who.possessive(*seat, true))
            }
            Event::Healed { seat, restored, healed, blocks, blood, .. } => {
                if restored.is_empty() {
                    let tokens = match blocks {
                        0 => format!("{} no room for a block token", who.verb(*seat, "has", "have")),
                        n => format!("{} {}", who.verb(*seat, "regains", "regain"), plural(*n, "block token", "block tokens")),
                    };
                    format!(
                        "{} {} {healed} {} and {tokens}.",
                        who.subject(*seat),
                        who.verb(*seat, "heals", "heal"),
                        if *blood { "blood" } else { "damage" },
                    )
                } else {
                    format!("{} {} {} back.", who.subject(*seat), who.verb(*seat, "takes", "take"), list(restored))
                }
            }
            Event::CounterHealed { seat, total, blood } => {
                let left = if *blood { format!("{total} blood") } else { format!("{total} damage") };
                format!("{} Counter heals 2 ({left}).", who.possessive(*seat, true))
            }
            Event::Taunted { seat } => format!("{} TAUNT goes unpunished: a taunting combo begins.", who.possessive(*seat, true)),
            Event::Queued { seat, count } => {
                format!(
                    "{} {} {} face down for the coming turns.",
                    who.subject(*seat),
                    who.verb(*seat, "lays", "lay"),
                    plural(*count, "card", "cards")
                )
            }
            Event::ComboBroken { seat, returned } => format!(
                "{} taunting combo is broken{}.",
                who.possessive(*seat, true),
                if *returned > 0 { format!("; {} back to the hand", plural(*returned, "card goes", "cards go")) } else { String::new() }
            ),
            Event::ComboEnded { seat, returned } => format!(
                "Knocked down, {} taunting combo ends{}, but the charge stays.",
                who.possessive(*seat, false),
                if *returned > 0 { format!("; {} back to the hand", plural(*returned, "card goes", "cards go")) } else { String::new() }
            ),
            Event::ChargePassed { from, to, level } => format!(
                "{} {} a charge token to {} (now L{level}).",
                who.subject(*from),
                who.verb(*from, "passes", "pass"),
                who.object(*to)
            ),
            Event::PositionChosen { seat, position, with: None } => {
                format!("{} {} the Position: {position}.", who.subject(*seat), who.verb(*seat, "chooses", "choose"))
            }
            Event::PositionChosen { seat, position, with: Some(other) } => {
                format!("{} {} {} {position}.", who.subject(*seat), who.verb(*seat, "puts", "put"), who.object(*other))
            }
            Event::Defeated { seat, by } => {
                let names: Vec<&str> = by.iter().map(|s| who.object(*s)).collect();
                let by = if names.is_empty() { String::new() } else { format!(" by {}", names.join(" and ")) };
                format!("{} {} defeated{by}.", who.subject(*seat), who.verb(*seat, "is", "are"))
            }
            Event::Victory { seats } => match seats.as_slice() {
                [] => "Nobody wins: a draw.".to_string(),
                [one] => format!("{} {}!", who.subject(*one), who.verb(*one, "wins", "win")),
                many => {
                    let names: Vec<&str> = many.iter().map(|s| who.subject(*s)).collect();
                    format!("{} win together!", names.join(" and "))
                }
            },
            // Two fighters only: the winner is the loser's rival and the score has two sides.
            Event::TimeUp { turn } => {
                format!("Time is up after turn {turn}: the judges look at disabled cards first, then damage (or blood).")
            }
            Event::FightOver { fight, losers, wins, judged: true, .. } => match losers.as_slice() {
                [loser] => format!(
                    "{} {} on the judges' decision: {} fight {fight} ({}–{}).",
                    who.subject(*loser),
                    who.verb(*loser, "loses", "lose"),
                    format!("{} {}", who.subject(rival(*loser)), who.verb(rival(*loser), "wins", "win")).to_lowercase_first(),
                    wins[Seat(0)],
                    wins[Seat(1)]
                ),
                _ => {
                    format!("Fight {fight} is even on the judges' cards: a draw, and the match ends ({}–{}).", wins[Seat(0)], wins[Seat(1)])
                }
            },
            Event::FightOver { fight, losers, wins, knocked_out, .. } => match losers.as_slice() {
                [loser] => format!(
                    "{} {}: {} fight {fight} ({}–{}).",
                    who.subject(*loser),
                    if *knocked_out {
                        who.verb(*loser, "is knocked out", "are knocked out")
                    } else {
                        who.verb(*loser, "has three disabled cards", "have three disabled cards")
                    },
                    format!("{} {}", who.subject(rival(*loser)), who.verb(rival(*loser), "wins", "win")).to_lowercase_first(),
                    wins[Seat(0)],
                    wins[Seat(1)]
                ),
                _ if *knocked_out => format!("Both Wampires are knocked out: fight {fight} is a double knockout and nobody scores."),
                _ => format!("Both fighters reach three disabled cards: fight {fight} is a double knockout and nobody scores."),
            },
            // Two fighters only: the sentence names two carried damages.
            Event::FightStarts { fight, damage } => {
                format!("Fight {fight} begins; damage carried in: {} and {}.", damage[Seat(0)], damage[Seat(1)])
            }
            Event::MatchWon { seat } => format!("{} {} the series!", who.subject(*seat), who.verb(*seat, "wins", "win")),
            Event::Built => "Both trainers have built their three monsters in secret. Monster 1 of each steps in.".to_string(),
            Event::Switched { seat, from, to } => format!(
                "{} {} Monster {} to the bench; Monster {} steps in.",
                who.subject(*seat),
                who.verb(*seat, "sends", "send"),
                from + 1,
                to + 1
            ),
            Event::Shielded { seat, attacker, slot, tokens, left } => format!(
                "{} {slot} meets {} newcomer: no damage, no Peril; the team pays {} instead ({left} left).",
                who.possessive(*attacker, true),
                who.possessive(*seat, false),
                plural(*tokens, "block token", "block tokens")
            ),
        }
    }
}

trait LowerFirst {
    fn to_lowercase_first(&self) -> String;
}

impl LowerFirst for String {
    /// Keeps names as they are; only "You" becomes "you" inside a sentence.
    fn to_lowercase_first(&self) -> String {
        match self.strip_prefix("You ") {
            Some(rest) => format!("you {rest}"),
            None => self.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_agree_with_you_and_with_names() {
        let vs = Speaker { names: &["You", "Computer (Hard)"], you: Some(Seat(0)) };
        let kick = Event::Interrupted { seat: Seat(0), slot: Slot::Kick, level: 2, damage: Some(3) };
        assert_eq!(kick.describe_with(&vs), "Your Kick L2 is interrupted by the 3 damage taken before it.");
        assert_eq!(kick.describe(), "Player 1's Kick L2 is interrupted by the 3 damage taken before it.");
        let hit = Event::Hit {
            attacker: Seat(1),
            victim: Seat(0),
            slot: Slot::Punch,
            level: 1,
            damage: 6,
            total: 17,
            mode: Mode::Red,
            disabled: vec![Slot::Grab],
            ignored: vec![],
            reflected: false,
            blood: false,
        };
        assert_eq!(
            hit.describe_with(&vs),
            "Computer (Hard)'s Punch L1 hits you for 6 (17 damage, Critical Mode); Peril disables your Grab."
        );
        let shown = Event::Revealed {
            turn: 4,
            moves: PerSeat(vec![None, Some(Slot::Taunt)]),
            levels: PerSeat(vec![0, 2]),
            queued: PerSeat(vec![false, false]),
            out: vec![],
        };
        assert_eq!(shown.describe_with(&vs), "Turn 4: You are down and play nothing, Computer (Hard) plays TAUNT L2.");
        let over = Event::FightOver { fight: 1, losers: vec![Seat(1)], wins: PerSeat(vec![1, 0]), knocked_out: false, judged: false };
        assert_eq!(over.describe_with(&vs), "Computer (Hard) has three disabled cards: you win fight 1 (1–0).");
        assert_eq!(Event::Queued { seat: Seat(1), count: 1 }.describe(), "Player 2 lays 1 card face down for the coming turns.");
    }
}
