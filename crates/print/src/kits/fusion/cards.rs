//! The reference cards and the microevent card, each two-sided. The words are ours; names,
//! numbers and who does what come from the rules engine.

use super::text::{Inks, Item, entry, heading, para, write};
use super::{ACCENT, INK, card_frame, unit};
use crate::draw::Drawing;
use crate::geometry::Rect;
use crate::kit::Style;
use dojo_games::fusion::cards::{Card, Rank, Suit};
use dojo_games::fusion::gambit::{Outcome, Side};
use dojo_games::fusion::micro::Micro;

/// The largest and smallest sizes a card's text is tried at, in points on a poker card.
const MAX: f32 = 7.4;
const MIN: f32 = 4.0;

/// A card side with `items` written down it, as large as they fit.
fn side(style: &Style, items: &[Item]) -> Drawing {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, ACCENT);
    let area = Rect::new(inner.x + 2.4 * u, inner.y + 3.0 * u, inner.w - 4.8 * u, inner.h - 5.4 * u);
    write(&mut d, area, items, MAX * u, MIN * u, Inks { text: INK, heading: ACCENT });
    d
}

/// The suits, highest first, with their Suit Values: "♠ Spades 4, ♥ Hearts 3, …", each held
/// together on one line by no-break spaces.
fn suit_values() -> String {
    Suit::ALL.iter().rev().map(|s| format!("{}\u{a0}{}\u{a0}{}", s.symbol(), suit_name(*s), s.value())).collect::<Vec<_>>().join(", ")
}

/// A suit's name.
pub(super) fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "Clubs",
        Suit::Diamonds => "Diamonds",
        Suit::Hearts => "Hearts",
        Suit::Spades => "Spades",
    }
}

/// The Suit Values as a Recharge reads them: "♠ 4, ♥ 3, ♦ 2, ♣ 1".
fn recharge_values() -> String {
    Suit::ALL.iter().rev().map(|s| format!("{}\u{a0}{}", s.symbol(), s.value())).collect::<Vec<_>>().join(", ")
}

/// A Throwdown turn on the front; the other main actions and the end on the back.
pub(super) fn turn(style: &Style) -> (Drawing, Drawing) {
    let front = [
        heading("A Throwdown turn"),
        entry(
            "Order:",
            "the seat to the left of the initiative winner starts, then round to the left, skipping seats that sit out or have folded.",
        ),
        entry("Your turn:", "as many side actions as you like, each a different one, then exactly one main action. Nobody passes."),
        entry("Main actions:", "Push, Beat-Back, Assist (pilots) or Fold. When nothing else is possible, you Fold."),
        entry(
            "Side actions:",
            "Recharge, Gear, Waves and Storms, Omens: see the side actions card. What they fire happens at once; only damage waits in the Payloads.",
        ),
        heading("Push"),
        para(
            "Beat the top card of the Pile with one from your Stash: strictly higher in value. An Ace beats any other rank; only a Two laid straight on an Ace beats it. The same rank never Pushes, whatever the suit. Allies' cards and your own must be beaten too.",
        ),
        entry(
            "Strike check:",
            "a pilot who beats the top card by more than her Strike Range adds a +Strife with her name to the Payload at the pilots; the Push stands. The Coach may never go beyond his. See the mat.",
        ),
    ];
    let back = [
        heading("More main actions"),
        entry(
            "Beat-Back:",
            "lay a card of the top card's rank, its suit equal or higher. Both go face down to the bottom of the Pile, still spoils. The card now on top leads: its owner takes the next turn. No Strike check. With no face-up card left, the next Push may be any card.",
        ),
        entry(
            "Card-Assist:",
            "(pilots) discard a card, then hand a different one from your Stash to your next ally: the next seat of your side still in the fight.",
        ),
        entry(
            "Strike-Assist:",
            "(pilots) discard a card. Your next ally's Strike Range changes by the Harmony gauge's Strike-Assist value until the end of her next turn: hand her a Strike token.",
        ),
        entry(
            "Chains:",
            "an ally who has just received an Assist may pass it on as her main action: she discards a card of her own (never one she received), then hands on everything she received plus one card or one Strike-Assist of her own. Both kinds may mix.",
        ),
        entry(
            "Fold:",
            "lay your Stash face down and leave the turn order. Side actions you took this turn still count. The Stash comes back at the end.",
        ),
        entry(
            "The end:",
            "once everyone opposing the top card's side has folded, that side wins. All folded with no face-up card left: the challenged side wins.",
        ),
    ];
    (side(style, &front), side(style, &back))
}

/// The side actions on the front; what cards are worth on the back.
pub(super) fn sides(style: &Style) -> (Drawing, Drawing) {
    let faces: Vec<&str> = Rank::ALL.iter().filter(|r| r.is_face()).map(|r| r.label()).collect();
    let front = [
        heading("Side actions"),
        para("Take any before your main action, each once a turn. Discards go to the Trash, never to the Pile."),
        entry(
            "Recharge:",
            format!(
                "(pilots) discard a card and gain as many Charges as its Suit Value ({}), never beyond your maximum.",
                recharge_values()
            ),
        ),
        entry("Activate Gear:", "draw as many cards as the Gear says. Each piece once a Throwdown."),
        entry("Sacrifice Gear:", "it fires its microevent and is gone. Not in a Throwdown where it was Activated."),
        entry(
            "Wave or Storm:",
            format!(
                "(Coach) discard one Face card ({}; an Ace is not one) for a Wave of a Threat in the fight, or three for a Storm. Each Wave or Storm once a turn.",
                faces.join(", ")
            ),
        ),
        entry("Spend an Omen:", "(Coach) turn an Active Omen face down: the next Escalation Event fires."),
        entry("Stand-ins (ours):", "Gear, Threats with their Waves and Storms, Escalation Events. The table writes them on the sheets."),
        entry("Left out:", "Invoke Faction, Summon Robo, FUSION! and LET'S RUMBLE!: their rules are not in the chapters we have."),
    ];
    let ranks = Rank::ALL.iter().map(|r| (r.label().to_string(), r.value().to_string())).collect();
    let back = [
        heading("Card values"),
        Item::Grid(ranks),
        entry(
            "Ace:",
            format!(
                "beats every other rank, faces too, as {}. Only a Two laid straight on it beats it, and the Ace then counts {}. Drawn for a random number: {}.",
                Rank::Ace.value(),
                Rank::Ace.random_value(),
                Rank::Ace.random_value()
            ),
        ),
        entry("In a Gambit:", format!("an Ace is a plain {} on both sides: a Q or K beats it. No Two-on-Ace.", Rank::Ace.value())),
        entry("Suits:", format!("highest first, with Suit Values: {}.", suit_values())),
        entry(
            "Ties:",
            "in a Gambit equal values go by suit, at initiative equal ranks. Two packs hold each card twice: in a Gambit the very same card is not higher; at initiative the one laid first lies higher.",
        ),
        entry(
            "Jokers:",
            "never drawn. One reaching the top of the Deck gives every pilot 1 Charge and becomes the Coach's Active Omen. Once four are Spent, they go back in at the next reshuffle.",
        ),
        entry("Deck:", "two packs, Jokers shuffled in face up. Out of cards: shuffle the Trash in."),
    ];
    (side(style, &front), side(style, &back))
}

/// Whose choice an outcome's consequence is, in words.
fn chooser(outcome: Outcome) -> &'static str {
    match outcome.chooser() {
        Side::Pilot => "the pilot's choice",
        Side::Coach => "the Coach's choice",
    }
}

/// What an outcome brings, in words: success or not, and one consequence of its kind.
fn outcome_text(outcome: Outcome) -> String {
    let result = if outcome.success() { "success" } else { "failure" };
    let kind = if outcome.positive() { "positive" } else { "negative" };
    let first = if outcome == Outcome::NoAnd { "; the pilot gains 1 Charge at once, then" } else { ";" };
    format!("{result}{first} a {kind} consequence, {}.", chooser(outcome))
}

/// The names of microevents, joined: "+Purge or +Strife".
fn names(micros: &[Micro], last: &str) -> String {
    let names: Vec<&str> = micros.iter().map(Micro::name).collect();
    match names.split_last() {
        Some((end, [])) => end.to_string(),
        Some((end, rest)) => format!("{} {last} {end}", rest.join(", ")),
        None => String::new(),
    }
}

/// The Gambit on the front; its consequences on the back.
pub(super) fn gambit(style: &Style) -> (Drawing, Drawing) {
    // The outcomes a higher card opens, and those anything else opens for the pilot to pick from.
    let higher = Outcome::open(Card::new(Rank::King, Suit::Spades), Card::new(Rank::Two, Suit::Clubs));
    let others = Outcome::open(Card::new(Rank::Two, Suit::Clubs), Card::new(Rank::King, Suit::Spades));
    let mut front = vec![
        heading("The Gambit"),
        para("The Coach calls it on one pilot, who may back off: then nothing happens. Otherwise:"),
        entry("1.", "The Coach lays the Deck's top card face down, unseen by all: the Threshold."),
        entry("2.", "The pilot plays a card from her Stash, or flips the Deck's top card."),
        entry("3.", "Turn both up: the higher value wins, then the higher suit. Strike Range plays no part."),
    ];
    front.extend(higher.iter().map(|o| entry(o.words(), format!("(a higher card) {}", outcome_text(*o)))));
    front.push(para("Equal or lower: the pilot picks one of these."));
    front.extend(others.iter().map(|o| entry(o.words(), outcome_text(*o))));
    let back = [
        heading("Gambit consequences"),
        entry("Who chooses:", "the pilot picks the positive consequences, the Coach the negative ones."),
        entry(
            "Positive:",
            format!(
                "{} on the pilot or a fitting target, {} on the Location, or something told at the table.",
                names(&[Micro::Chargeup(1), Micro::Fortify, Micro::Recover, Micro::Replenish(String::new())], "or"),
                Micro::Rebuild.name()
            ),
        ),
        entry(
            "Negative:",
            format!("a Wave of an involved Threat, {} fired by the Coach, or something told.", names(&[Micro::Purge, Micro::Strife], "or")),
        ),
        entry(
            &format!("{}:", Outcome::NoAnd.words()),
            format!("the pilot's Charge comes first, so a {} that lands takes it away again.", Micro::Purge.name()),
        ),
        entry(
            "Specialty (ours):",
            "when the table agrees it applies, a second consequence is due, of the same kind but not the same one. A No, and… also earns a Lesson.",
        ),
        entry(
            "Aces and Twos:",
            format!(
                "an Ace is {} on either side: a Q or K beats it, against a J the suits decide. A Two against an Ace is lower.",
                Rank::Ace.value()
            ),
        ),
        entry("After:", "both cards go to the Trash; the pilot draws up to her Stash max, or discards down to it."),
    ];
    (side(style, &front), side(style, &back))
}

/// Starting a Throwdown on the front; winning it (the spoils, Payloads, drop and draw) on the back.
pub(super) fn throwdown(style: &Style) -> (Drawing, Drawing) {
    let front = [
        heading("Starting a Throwdown"),
        entry(
            "Challenge:",
            "a pilot lays a Stash card face down, without drawing, and names her Stakes. The Coach challenges with the Deck's top card, blind.",
        ),
        entry(
            "Join:",
            "from the Challenger's left, each seat opposes, joins her side or sits out, for all to see. Taking part, a pilot lays a Stash card face down; the Coach plays blind. An empty Stash sits out.",
        ),
        entry(
            "Refused:",
            "if nobody opposes, the face-down cards are the Pile and the Challenger's side wins at once: no Strike check, no bonus draws. The side that declined loses.",
        ),
        entry(
            "Initiative:",
            "turn all up and stack by value, lowest at the bottom, an Ace above a King; equal ranks by suit; of two copies of a card, the one laid first lies higher. The top card's owner has the initiative; a pilot there takes the Strike check against the card beneath.",
        ),
        entry(
            "Bonus draws:",
            "from the initiative winner round to the left, each pilot in the fight draws her Commitment to the Team; the Coach 1 per pilot in the fight plus his Threats' Ratings.",
        ),
        entry("Leaders:", "the pilot whose initiative card lay highest leads the pilots; the Coach leads his side."),
    ];
    let suit = |s: Suit| format!("{} {}:", s.symbol(), suit_name(s));
    let back = [
        heading("Winning a Throwdown"),
        entry("Stakes:", "the Challenger's come true if her side wins."),
        entry("Spoils:", "the winners' leader sorts the Pile by suit, face-down cards too, spends what it likes, trashes the rest."),
        entry(
            &suit(Suit::Clubs),
            format!("a {} each in the Payload at the losers (with Robos present, ours: {}).", Micro::Trauma.name(), Micro::Ruin.name()),
        ),
        entry(&suit(Suit::Diamonds), "cancel a damage in the Payload at the winners, even their own Strife."),
        entry(
            &suit(Suit::Hearts),
            format!("a spent Buffer of the winners back at once (in a fight about a Location, ours: {}).", Micro::Rebuild.name()),
        ),
        entry(&suit(Suit::Spades), "any other suit, the winner's pick; for each, the losers' leader takes one of those effects."),
        entry("Playtest option:", "(off unless chosen) the winner cannot spend Spades: each gives the losers one such effect."),
        entry("Payloads:", "both land, whoever won: the one at the pilots first."),
        entry(
            "Drop and draw:",
            "from the winners' leader leftwards, pilots take back folded Stashes, then draw or discard to their Stash max. The Coach discards his.",
        ),
    ];
    (side(style, &front), side(style, &back))
}

/// Every microevent, in the engine's order: what the card lists.
pub(super) fn every_micro() -> Vec<Micro> {
    vec![
        Micro::Chargeup(1),
        Micro::Fortify,
        Micro::Rally,
        Micro::Recover,
        Micro::Replenish(String::new()),
        Micro::Burn,
        Micro::Tarry,
        Micro::Rebuild,
        Micro::Purge,
        Micro::Strife,
        Micro::Trauma,
        Micro::Ruin,
    ]
}

/// What a microevent does, in our words. Every microevent has its line: a new one in the engine
/// does not compile here until it has one.
pub(super) fn does(micro: &Micro) -> &'static str {
    match micro {
        Micro::Chargeup(_) => "a pilot gains Charges, 1 unless a number is given, never beyond her maximum.",
        Micro::Fortify => "a pilot gets one spent Buffer back.",
        Micro::Rally => "Harmony rises 1. Already at Violet: every pilot gains 1 Charge instead.",
        Micro::Recover => "a pilot raises a lowered Commitment by 1, never above her sheet's value.",
        Micro::Replenish(_) => "a named team counter (ours) goes up by 1.",
        Micro::Burn => "a pilot or the Coach discards the whole Stash.",
        Micro::Tarry => {
            "as many cards as there are Active Omens go from the top of the Deck to the Trash. A Joker met on the way becomes an Omen and is not counted."
        }
        Micro::Rebuild => "the scene's Location goes from Damaged back to Standing.",
        Micro::Purge => "a pilot's Charges drop to 0.",
        Micro::Strife => {
            "Harmony drops 1, never below 1 (Red). Only a Strife that arrives while Harmony is already at 1 fires a +Trauma on each pilot."
        }
        Micro::Trauma => "a pilot lowers a Commitment of her choice by 1, not below 0; a Threat loses 1 Rating and at 0 is removed.",
        Micro::Ruin => "the scene's Location goes from Standing to Damaged, or from Damaged to Razed.",
    }
}

/// The microevents that act on the front, the damage on the back.
pub(super) fn microevents(style: &Style) -> (Drawing, Drawing) {
    let all = every_micro();
    let lines = |damage: bool| all.iter().filter(move |m| m.is_damage() == damage).map(|m| entry(&format!("{}:", m.name()), does(m)));
    let mut front = vec![heading("Microevents: actions"), para("They happen at once, in a Throwdown too.")];
    front.extend(lines(false));
    let mut back = vec![
        heading("Microevents: damage"),
        para("Held in the Payloads until a Throwdown ends; anywhere else it lands at once, in the order fired. A Buffer stops 1 point."),
    ];
    back.extend(lines(true));
    back.extend([
        entry("Targets:", "Self: who caused it. Opponent: the other side. Choice: the causer picks. Each: every valid target."),
        entry("Crisis Mode:", "a pilot with both Commitments at 0; no rule of its own here."),
        entry("Left out:", "+BREAK!, +Favor and +Disfavor, with the Fusions and Factions they act on."),
    ]);
    (side(style, &front), side(style, &back))
}
