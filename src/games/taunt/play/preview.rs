//! What each card in hand would do right now, in words: the hand shows every card at the
//! current level with its damage, the Peril it would cause and its special lines.

use dojo_games::taunt::moves::Kind;
use dojo_games::taunt::{HealCard, MoveCard, Position, Refusal, Slot, TauntView, moves, track};

/// One card of the hand as it stands this turn.
#[derive(Clone, Debug, PartialEq)]
pub struct CardNow {
    /// The slot.
    pub slot: Slot,
    /// The printed card.
    pub card: &'static MoveCard,
    /// The level it would be played at.
    pub level: u8,
    /// What it would do, one short line each.
    pub lines: Vec<String>,
    /// Whether it may be played now, and if not why.
    pub playable: Result<(), Refusal>,
}

fn names(letters: &str) -> String {
    let names: Vec<String> = letters.chars().filter_map(Slot::from_letter).map(|s| s.to_string()).collect();
    names.join(", ")
}

/// The hit line of an attacking row: damage, where the other fighter would land and the Peril.
fn hit_line(view: &TauntView, card: &MoveCard, level: u8) -> String {
    let row = card.at(level);
    let them = view.them();
    let critical = them.fighter.card().critical_damage;
    let after = (them.damage + row.damage).min(critical);
    let mode = track::mode_of(after, critical);
    let peril = mode.peril_column().map_or("", |c| row.peril[c]);
    let peril = if peril.is_empty() { "no Peril".to_string() } else { format!("disables {}", names(peril)) };
    format!("{} damage → {after}, {}: {peril}", row.damage, mode.title())
}

/// Every card of `view`'s fighter, as it would play this turn.
pub fn hand(view: &TauntView) -> Vec<CardNow> {
    let me = view.me();
    let fighter = me.fighter.card();
    let level = me.charge;
    Slot::ALL
        .into_iter()
        .map(|slot| {
            let card = fighter.move_card(slot, view.options.heal);
            let row = card.at(level);
            let mut lines = Vec::new();
            let near = view.position == Position::Near;
            match slot {
                Slot::Block => {
                    let reflect = row.reflect.expect("Block-type cards reflect");
                    lines.push("Stops every hit except a Grab".into());
                    let back = match reflect.damage_halves {
                        0 => "sends nothing back".to_string(),
                        1 => "sends half the damage back".to_string(),
                        2 => "sends the damage back".to_string(),
                        _ => "sends 1.5× the damage back".to_string(),
                    };
                    lines.push(back);
                    lines.push(format!("costs {} token(s) against an L0 hit", level + 1));
                    if reflect.heal > 0 {
                        lines.push(format!("heals {} if hit", reflect.heal));
                    }
                }
                Slot::Run => {
                    let to = view.position.flipped();
                    lines.push(format!("Moves to {to}"));
                    if to == Position::Near {
                        lines.push(hit_line(view, card, level));
                    }
                    if !row.immune.is_empty() {
                        let immune: Vec<String> = row.immune.iter().map(|s| s.to_string()).collect();
                        lines.push(format!("immune to {}", immune.join(" and ")));
                    }
                    if row.no_interrupt {
                        lines.push("never interrupts".into());
                    }
                }
                Slot::Punch | Slot::Grab | Slot::Shoot | Slot::Kick => {
                    let reaches = if row.far_only { !near } else { slot == Slot::Shoot || near };
                    if reaches {
                        lines.push(hit_line(view, card, level));
                    } else {
                        lines.push(if row.far_only { "Reaches Far only: misses now".into() } else { "Misses at Far".into() });
                    }
                    if row.no_interrupt {
                        lines.push("never interrupts".into());
                    }
                    if slot == Slot::Grab {
                        lines.push("goes through Block; a hit interrupts".into());
                    }
                }
                Slot::Charge => lines.push(if level < 3 { format!("Charge to L{}", level + 1) } else { "Already at L3".into() }),
                Slot::Heal => {
                    if !me.disabled.is_empty() {
                        let back: Vec<String> = me.disabled.to_vec().iter().map(|s| s.to_string()).collect();
                        lines.push(format!("Takes back {}", back.join(", ")));
                    } else if view.options.heal == HealCard::Standard {
                        lines.push("Heals 1 and regains a block token".into());
                    } else {
                        lines.push("Nothing to take back".into());
                    }
                    let column = track::mode_of(me.damage, fighter.critical_damage).peril_column().unwrap_or(0);
                    lines.push(format!("interrupted by {}+ damage", moves::HEAL_INTERRUPT[column]));
                }
                Slot::Taunt => lines.push("If nothing hurts you, lay a combo face down".into()),
            }
            if level > 0 && (matches!(card.kind, Kind::Attack) || slot == Slot::Block) {
                lines.push("spends your charge".into());
            }
            CardNow { slot, card, level, lines, playable: me.may_play(slot) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, Seat};
    use dojo_games::taunt::{FighterId, Options, Setup, Start, Taunt};

    #[test]
    fn the_hand_shows_damage_and_peril_at_the_current_level() {
        let setup = Setup {
            fighters: vec![FighterId::Wollypobber, FighterId::Tuggle],
            options: Options::default(),
            start: Some(vec![
                Start { charge: 2, ..Start::default() },
                Start { damage: 10, disabled: [Slot::Heal].into_iter().collect(), ..Start::default() },
            ]),
            position: Position::Near,
            markers: None,
            halves: None,
        };
        let state = Taunt::from_setup(&setup).unwrap();
        let mine = hand(&state.view_for(Seat(0)));
        let punch = mine.iter().find(|c| c.slot == Slot::Punch).unwrap();
        assert_eq!(punch.lines[0], "8 damage → 18, Critical Mode: disables Grab, Block, Punch");
        let kick = mine.iter().find(|c| c.slot == Slot::Kick).unwrap();
        assert!(kick.lines[0].starts_with("10 damage → 20"));
        let charge = mine.iter().find(|c| c.slot == Slot::Charge).unwrap();
        assert_eq!(charge.lines, vec!["Charge to L3".to_string()]);
        let theirs = hand(&state.view_for(Seat(1)));
        assert_eq!(theirs.iter().find(|c| c.slot == Slot::Heal).unwrap().lines[0], "Takes back Heal");
        assert!(theirs.iter().find(|c| c.slot == Slot::Heal).unwrap().playable.is_err());
    }
}
