//! FUSION in words: every event as a sentence for the log, and every choice as the label of
//! its button. Units (pilots, Threats) are named from the table.

use dojo_engine::Seat;
use dojo_games::fusion::gambit::Consequence;
use dojo_games::fusion::micro::{Commitment, Happened, Location, Micro, Target};
use dojo_games::fusion::payload::Buy;
use dojo_games::fusion::throwdown::Part;
use dojo_games::fusion::{Action, Decision, Event, Fusion};

/// `n` and `word` ("card"), with an "s" unless `n` is 1: "1 card", "3 cards".
pub fn count(n: impl Into<u32>, word: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

/// What seat `seat` is called: the pilot's name, or "the Coach".
pub fn seat_name(t: &Fusion, seat: u8) -> String {
    if t.is_pilot(seat) { t.standing().pilots[usize::from(seat)].name.clone() } else { "the Coach".into() }
}

/// [`seat_name`] starting a sentence.
pub fn seat_subject(t: &Fusion, seat: u8) -> String {
    if t.is_pilot(seat) { seat_name(t, seat) } else { "The Coach".into() }
}

/// A side, in words.
pub fn side_name(side: Part) -> &'static str {
    match side {
        Part::Pilots => "the pilots",
        Part::Coach => "the Coach's side",
        Part::Out => "nobody",
    }
}

/// `side` winning, as a clause with its verb agreeing ("the pilots win", "the Coach's side
/// wins").
pub fn side_wins(side: Part) -> String {
    match side {
        Part::Pilots => "the pilots win".into(),
        other => format!("{} wins", side_name(other)),
    }
}

/// A unit a microevent may land on.
pub fn target_name(t: &Fusion, target: Target) -> String {
    match target {
        Target::Pilot(p) => seat_name(t, p),
        Target::Threat(i) => t.standing().threats.get(usize::from(i)).map_or("a Threat".into(), |th| th.name.clone()),
        Target::Coach => "the Coach".into(),
        Target::Team => "the team".into(),
    }
}

/// A microevent's name with its amount.
pub fn micro_name(micro: &Micro) -> String {
    match micro {
        Micro::Chargeup(n) if *n != 1 => format!("+Chargeup ×{n}"),
        Micro::Replenish(name) => format!("+Replenish ({name})"),
        other => other.name().to_string(),
    }
}

/// What a microevent does, in a short phrase (the reference and the buttons' hints).
pub fn micro_effect(micro: &Micro) -> &'static str {
    match micro {
        Micro::Chargeup(_) => "gain Charges, up to the maximum",
        Micro::Fortify => "a spent Buffer comes back",
        Micro::Rally => "Harmony +1 (at Violet, every pilot gains a Charge)",
        Micro::Recover => "a lowered Commitment goes back up 1",
        Micro::Replenish(_) => "a team counter +1",
        Micro::Burn => "the whole Stash is discarded",
        Micro::Tarry => "Deck cards to the Trash, one per Active Omen",
        Micro::Rebuild => "a Damaged Location stands again",
        Micro::Purge => "damage: Charges drop to 0",
        Micro::Strife => "damage: Harmony −1 (in the Red, +Trauma on each pilot)",
        Micro::Trauma => "damage: a Commitment −1, or a Threat's Rating −1",
        Micro::Ruin => "damage: the Location is Damaged, then Razed",
    }
}

fn commitment(c: Commitment) -> &'static str {
    match c {
        Commitment::Fight => "Commitment to the Fight",
        Commitment::Team => "Commitment to the Team",
    }
}

/// A Gambit consequence.
pub fn consequence_words(t: &Fusion, c: &Consequence) -> String {
    match c {
        Consequence::Fire(micro, target) => format!("{} on {}", micro_name(micro), target_name(t, *target)),
        Consequence::Wave(threat, wave) => {
            let th = t.standing().threats.get(usize::from(*threat));
            let name = th.and_then(|th| th.waves.get(usize::from(*wave))).map_or("a Wave".into(), |w| w.name.clone());
            format!("{}'s Wave {name}", th.map_or("a Threat".into(), |th| th.name.clone()))
        }
        Consequence::Told => "something the table tells".into(),
    }
}

/// What a card of the spoils (or a concession) buys.
pub fn buy_words(t: &Fusion, buy: Buy, for_side: Part) -> String {
    let harm = if t.table().robos_present { "+Ruin on the Location" } else { "+Trauma" };
    match buy {
        Buy::Harm => format!("{harm} for {}", side_name(other(for_side))),
        Buy::Cancel(i) => {
            let fight = t.fight();
            let payload = fight.map(|f| if for_side == Part::Coach { &f.at_coach } else { &f.at_pilots });
            let what = payload.and_then(|p| p.entries.get(i)).map_or("damage".into(), |e| micro_name(&e.micro));
            format!("cancel {what} (#{}) aimed at {}", i + 1, side_name(for_side))
        }
        Buy::Mend(Target::Team) => "+Rebuild on the Location".into(),
        Buy::Mend(target) => format!("a Buffer back for {}", target_name(t, target)),
    }
}

fn other(side: Part) -> Part {
    if side == Part::Coach { Part::Pilots } else { Part::Coach }
}

/// The label of `seat`'s button for `action`.
pub fn action_label(t: &Fusion, seat: u8, action: &Action) -> String {
    match action {
        Action::Take => "Take the Gambit".into(),
        Action::BackOff => "Back off (nothing happens)".into(),
        Action::Play(c) => format!("Play {c}"),
        Action::Flip => "Flip the Deck's top card".into(),
        Action::Pick(o) => o.words().into(),
        Action::Consequence(c) => consequence_words(t, c),
        Action::Lay(c) => format!("Lay {c} face down"),
        Action::LayBlind => {
            if t.fight().is_some_and(|f| f.challenger == seat) {
                "Challenge, blind".into()
            } else {
                "Oppose them, blind (the Deck's top card)".into()
            }
        }
        Action::SitOut => "Sit this one out".into(),
        Action::Recharge(c) => format!("Recharge: discard {c} for {}", count(c.suit.value(), "Charge")),
        Action::Activate(g) => format!("Activate {}", gear_name(t, seat, *g)),
        Action::Sacrifice(g) => format!("Sacrifice {}", gear_name(t, seat, *g)),
        Action::Surge { threat, storm, index, cards } => {
            let th = &t.standing().threats[usize::from(*threat)];
            let list = if *storm { &th.storms } else { &th.waves };
            let name = list.get(usize::from(*index)).map_or("?".into(), |s| s.name.clone());
            let cards: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
            format!("{} {name}: discard {}", if *storm { "Storm" } else { "Wave" }, cards.join(" "))
        }
        Action::SpendOmen => "Spend an Omen (next Escalation Event)".into(),
        Action::Push(c) => {
            let top = t.fight().and_then(|f| f.pile.top()).map(|c| c.card);
            match top {
                Some(top) => {
                    let gap = dojo_games::fusion::cards::difference(*c, top);
                    let over = t.is_pilot(seat) && i16::from(gap) > t.pilot_range(seat);
                    format!("Push {c} (difference {gap}{})", if over { ", beyond range: +Strife" } else { "" })
                }
                None => format!("Push {c}"),
            }
        }
        Action::BeatBack(c) => format!("Beat-Back with {c}"),
        Action::Assist { discard, give: Some(g) } => format!("Card-Assist: discard {discard}, hand on {g}"),
        Action::Assist { discard, give: None } => {
            format!("Strike-Assist: discard {discard} ({:+} to the next ally's range)", t.table().assist_at(t.standing().harmony))
        }
        Action::Fold => "Fold".into(),
        Action::Spend(card, buy) => {
            let winner = t.fight().and_then(|f| f.winner).unwrap_or(Part::Pilots);
            format!("{card}: {}", buy_words(t, *buy, winner))
        }
        Action::StopSpending => "Spend no more (the rest go to the Trash)".into(),
        Action::Concede(buy) => {
            let loser = t.fight().and_then(|f| f.winner).map_or(Part::Coach, other);
            buy_words(t, *buy, loser)
        }
        Action::Aim(target) => format!("Aim it at {}", target_name(t, *target)),
        Action::Soak(c) => match (c.buffer, c.commitment) {
            (true, _) => "Spend a Buffer to stop it".into(),
            (false, Some(which)) => format!("Take it: lower {}", commitment(which)),
            (false, None) => "Take it".into(),
        },
        Action::Discard(c) => format!("Discard {c}"),
    }
}

/// What choosing `action` does, in a sentence for under its button (the second tap), or
/// `None` when its label says it all. `decision` is what `seat` was asked.
pub fn consequence(t: &Fusion, seat: u8, decision: Decision, action: &Action) -> Option<String> {
    use dojo_games::fusion::cards::{Rank, difference};
    use dojo_games::fusion::gambit::Outcome;
    let line = match action {
        Action::Push(c) => {
            let Some(top) = t.fight().and_then(|f| f.pile.top()).map(|c| c.card) else {
                return Some(format!("{c} starts the Pile: your side holds the top."));
            };
            let gap = difference(*c, top);
            let ace = match (c.rank, top.rank) {
                (Rank::Two, Rank::Ace) => " (a Two on an Ace: the Ace counts 1)",
                (Rank::Ace, r) if r.value() > 10 => " (an Ace on a face card counts as 0 above it)",
                (Rank::Ace, _) => " (the Ace counts 11)",
                _ => "",
            };
            let head = format!("Push {c} on the {top}? That is {gap} above it{ace}");
            if !t.is_pilot(seat) {
                format!("{head}, within the Coach's Strike Range {}. His side holds the top.", t.coach_range())
            } else {
                let range = t.pilot_range(seat);
                let over = i16::from(gap) - range;
                if over > 0 {
                    format!(
                        "{head}, {over} over your Strike Range {range}: +1 Strife joins the damage coming at the pilots. Your side holds the top."
                    )
                } else {
                    format!("{head}, within your Strike Range {range}: no Strife. Your side holds the top.")
                }
            }
        }
        Action::BeatBack(c) => {
            format!(
                "{c} and the top card go face down to the bottom of the Pile; the card beneath becomes the top, and its owner's side leads."
            )
        }
        Action::Fold => "Your Stash goes face down and you leave the turns; the side actions you took this turn still count.".into(),
        Action::Assist { discard, give: Some(g) } => {
            format!("{discard} goes to the Trash and {g} to the next ally in the fight, with any cards handed to you; your turn ends.")
        }
        Action::Assist { discard, give: None } => format!(
            "{discard} goes to the Trash; the next ally to act gets {:+} Strike Range (Harmony {}); your turn ends.",
            t.table().assist_at(t.standing().harmony),
            harmony_name(t.standing().harmony)
        ),
        Action::Recharge(c) => format!(
            "{c} goes to the Trash for {} (its suit's value), up to your maximum; your turn goes on.",
            count(c.suit.value(), "Charge")
        ),
        Action::Activate(_) => "Draw this Gear's cards, once a Throwdown; your turn goes on.".into(),
        Action::Sacrifice(_) => {
            "Give this Gear up for its one effect (not after Activating it in this Throwdown); your turn goes on.".into()
        }
        Action::SpendOmen => "An Active Omen turns face down and the table's next Escalation Event happens; your turn goes on.".into(),
        Action::Surge { .. } => "These Face cards go to the Trash and the Threat's effect joins the fight; your turn goes on.".into(),
        Action::Lay(c) if decision == Decision::Challenge => {
            format!("{c} goes face down with your Stakes; once everyone has chosen, every laid card turns up and the highest leads.")
        }
        Action::Lay(c) => format!(
            "{c} goes face down on the challenger's or the other side; once everyone has chosen, all turn up and the highest leads."
        ),
        Action::LayBlind => "The Deck's top card goes face down for the Coach, unseen by all until the laid cards turn up.".into(),
        Action::SitOut => "You take no part in this Throwdown: no card, and none of its spoils.".into(),
        Action::Take => {
            "The Coach lays the Deck's top card face down as the Threshold; then you play a card, or flip the Deck's top card, against it."
                .into()
        }
        Action::BackOff => "Nothing happens: no card is played and no consequence follows.".into(),
        Action::Play(c) => format!(
            "{c} against the hidden Threshold{}: higher gives “Yes, and…”; otherwise you pick the outcome.",
            if c.rank == Rank::Ace { " (the Ace counts 11)" } else { "" }
        ),
        Action::Flip => "The Deck's top card plays for you, unseen until the reveal.".into(),
        Action::Pick(Outcome::YesAnd) => "Success, with a good turn.".into(),
        Action::Pick(Outcome::YesBut) => "Success, but the Coach names a cost.".into(),
        Action::Pick(Outcome::NoBut) => "Failure, but with a good turn.".into(),
        Action::Pick(Outcome::NoAnd) => "Failure and a cost named by the Coach; you gain a Charge at once.".into(),
        Action::StopSpending => "The spoils cards left go to the Trash.".into(),
        Action::Discard(c) => format!("{c} goes to the Trash."),
        Action::Spend(..) | Action::Concede(_) | Action::Aim(_) | Action::Soak(_) | Action::Consequence(_) => return None,
    };
    Some(line)
}

fn gear_name(t: &Fusion, seat: u8, g: u8) -> String {
    t.standing().pilots.get(usize::from(seat)).and_then(|p| p.gear.get(usize::from(g))).map_or("Gear".into(), |g| g.name.clone())
}

/// A microevent's result, in a sentence.
fn happened(t: &Fusion, h: &Happened) -> String {
    match h {
        Happened::Prevented(target) => format!("{} spends a Buffer and stops it.", target_name(t, *target)),
        Happened::NoEffect => "It has no effect.".into(),
        Happened::Charges(p, n) => format!("{} now holds {}.", target_name(t, Target::Pilot(*p)), count(*n, "Charge")),
        Happened::Buffers(p, n) => format!("{} has {}.", target_name(t, Target::Pilot(*p)), count(*n, "Buffer")),
        Happened::Harmony(h) => format!("Harmony is {}.", harmony_name(*h)),
        Happened::Committed(p, c, n) => format!("{}'s {} is {n}.", target_name(t, Target::Pilot(*p)), commitment(*c)),
        Happened::Rating(i, 0) => format!("{} drops to Rating 0 and is out of play.", target_name(t, Target::Threat(*i))),
        Happened::Rating(i, n) => format!("{}'s Rating is {n}.", target_name(t, Target::Threat(*i))),
        Happened::Location(l) => format!(
            "The Location is {}.",
            match l {
                Location::Standing => "Standing",
                Location::Damaged => "Damaged",
                Location::Razed => "Razed",
            }
        ),
        Happened::Counter(name, n) => format!("{name} is {n}."),
        Happened::Burn(target) => format!("+Burn: {}'s Stash goes to the Trash.", target_name(t, *target)),
        Happened::Tarry => "+Tarry moves cards from the Deck to the Trash.".into(),
        Happened::TraumaOnEach => "Strife in the Red: +Trauma on each pilot.".into(),
    }
}

/// Harmony's level in words: Red, 2–6, Violet.
pub fn harmony_name(h: u8) -> String {
    match h {
        1 => "1 (Red)".into(),
        7 => "7 (Violet)".into(),
        n => n.to_string(),
    }
}

/// `event` as a sentence, reading names from `t` (the table after it).
pub fn describe(t: &Fusion, event: &Event) -> String {
    let name = |s: Seat| seat_subject(t, s.0);
    match event {
        Event::ConflictBegins { index } => {
            let (conflicts, _) = t.conflicts();
            let what = match conflicts.get(usize::from(*index)) {
                Some(dojo_games::fusion::Conflict::Gambit { pilot, .. }) => format!("a Gambit for {}", seat_name(t, *pilot)),
                Some(dojo_games::fusion::Conflict::Throwdown { challenger, stakes, .. }) => {
                    format!("a Throwdown: {} challenges for \"{stakes}\"", seat_name(t, *challenger))
                }
                None => "a conflict".into(),
            };
            if conflicts.len() > 1 { format!("Conflict {} of {}: {what}.", index + 1, conflicts.len()) } else { format!("Now {what}.") }
        }
        Event::Jokers { count } => {
            let reach = if *count == 1 { "A Joker reaches" } else { "Jokers reach" };
            format!("{reach} the top of the Deck ({count}): Active Omens for the Coach, and a Charge for every pilot.")
        }
        Event::Reshuffled { cards, jokers } => {
            let jokers = if *jokers > 0 { format!(", with the {jokers} Jokers back in") } else { String::new() };
            format!("The Trash ({}) is shuffled into the Deck{jokers}.", count(cards.len() as u8, "card"))
        }
        Event::Milled { cards } => format!("{} goes from the top of the Deck to the Trash.", list(cards)),
        Event::Drew { seat, count } => format!("{} draws {count}.", name(*seat)),
        Event::DrewCards { seat, cards } => format!("{} drew {}.", name(*seat), list(cards)),
        Event::BackedOff => "The pilot backs off: nothing happens.".into(),
        Event::ThresholdLaid => "The Threshold is laid face down; nobody has seen it.".into(),
        Event::Revealed { threshold, card, flipped, .. } => {
            format!("The Threshold is {threshold}; the pilot's card{} is {card}.", if *flipped { ", flipped from the Deck," } else { "" })
        }
        Event::Outcome(o) => format!("The outcome: {}", o.words()),
        Event::Consequence(c) => format!("Consequence: {}.", consequence_words(t, c)),
        Event::Lesson => "The pilot records a Lesson.".into(),
        Event::Laid { seat, blind } => {
            if *blind {
                format!("{} lays the Deck's top card face down, blind.", name(*seat))
            } else {
                format!("{} lays a card face down.", name(*seat))
            }
        }
        Event::LaidCard { seat, card } => format!("{} laid {card}.", name(*seat)),
        Event::SatOut { seat } => format!("{} sits it out.", name(*seat)),
        Event::Refused => "Nobody opposes: the Challenger's side wins at once.".into(),
        Event::Initiative { stack, .. } => {
            let cards: Vec<String> = stack.iter().rev().map(|c| format!("{} ({})", c.card, seat_name(t, c.seat))).collect();
            format!("The cards turn over, highest first: {}.", cards.join(", "))
        }
        Event::Payload { at, micro, overreach_by } => match overreach_by {
            Some(p) => format!("{} overreaches: {} waits in the Payload aimed at the pilots.", seat_subject(t, *p), micro_name(micro)),
            None => format!("{} waits in the Payload aimed at {}.", micro_name(micro), side_name(*at)),
        },
        Event::Recharged { seat, card } => format!("{} discards {card} to Recharge.", name(*seat)),
        Event::Activated { seat, gear } => format!("{} Activates {gear}.", name(*seat)),
        Event::Sacrificed { seat, gear } => format!("{} Sacrifices {gear}.", name(*seat)),
        Event::Surged { threat, name: surge, cards, .. } => {
            format!("The Coach discards {} for {}'s {surge}.", list(cards), target_name(t, Target::Threat(*threat)))
        }
        Event::OmenSpent { number, text } => match text {
            Some(text) => format!("The Coach Spends an Omen: Escalation Event {number}, \"{text}\"."),
            None => format!("The Coach Spends an Omen: Escalation Event {number} (told at the table)."),
        },
        Event::Pushed { seat, card, difference } => format!("{} Pushes {card} (difference {difference}).", name(*seat)),
        Event::BeatBack { seat, card } => {
            format!("{} beats back with {card}: both cards go face down to the bottom of the Pile.", name(*seat))
        }
        Event::Assisted { seat, to, discard, cards, strike } => {
            let gave = if *cards > 0 {
                format!("hands {} to {}", count(*cards, "card"), seat_name(t, to.0))
            } else {
                format!("assists {}", seat_name(t, to.0))
            };
            format!("{} discards {discard} and {gave}; Strike-Assist held: {strike:+}.", name(*seat))
        }
        Event::Handed { from, to, cards } => format!("{} handed {} to {}.", name(*from), list(cards), seat_name(t, to.0)),
        Event::Folded { seat } => format!("{} folds.", name(*seat)),
        Event::TurnOf { seat } => format!("{}'s turn.", seat_subject(t, seat.0)),
        Event::Won { side, stakes } => {
            let challenger_side = t.fight().and_then(|f| f.parts[usize::from(f.challenger)]);
            let result = if challenger_side == Some(*side) { format!("\"{stakes}\" comes true") } else { format!("\"{stakes}\" fails") };
            format!("The Throwdown is over: {}, and {result}.", side_wins(*side))
        }
        Event::Spent { card, buy } => {
            let winner = t.fight().and_then(|f| f.winner).unwrap_or(Part::Pilots);
            format!("Spoils: {card} buys {}.", buy_words(t, *buy, winner))
        }
        Event::Conceded(buy) => {
            let loser = t.fight().and_then(|f| f.winner).map_or(Part::Coach, other);
            format!("Concession for a Spade: {}.", buy_words(t, *buy, loser))
        }
        Event::Aimed { micro, target } => format!("{} is aimed at {}.", micro_name(micro), target_name(t, *target)),
        Event::Happened(h) => happened(t, h),
        Event::Discarded { seat, cards, .. } => format!("{} discards {}.", name(*seat), list(cards)),
        Event::ConflictOver { winner } => match winner {
            Some(side) => format!("The conflict goes to {}.", side_name(*side)),
            None => "The conflict ends with no winner.".into(),
        },
    }
}

fn list(cards: &[dojo_games::fusion::cards::Card]) -> String {
    let names: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    names.join(" ")
}
