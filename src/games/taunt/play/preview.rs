//! What each card in hand would do right now, in words: the hand shows every card at the
//! current level with its damage, the Peril it would cause and its special lines. With more
//! than two fighters each hit line names the fighter it would land on; whom a move reaches and
//! how far away they stand are asked of the engine, on a position dealt from the view.

use super::session::limits;
use dojo_engine::{Game, Rng, Seat};
use dojo_games::taunt::modes_data::{WAMPIRE_PERIL_MODE, monster_card};
use dojo_games::taunt::monsters::{Hand, MONSTER_KINDS, MonstersView, TrainerView};
use dojo_games::taunt::moves::Kind;
use dojo_games::taunt::{Action, Battle, Corner, HealCard, MoveCard, Position, Refusal, Slot, Taunt, TauntView, moves, track};

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
    /// Copies of it in hand that are not disabled (a monster may hold two; 1 otherwise).
    pub copies: u8,
    /// Its printed front in the sprite of TAUNT's cards ([`printed_face`]), if the site draws it.
    pub face: Option<String>,
}

/// The name of `fighter`'s printed card `card` in the sprite of TAUNT's cards
/// (public/faces/taunt.svg, drawn by the print kit), such as `taunt#tuggle-punch-3`:
/// public/table.js draws it over the card's words. The classic Heal (`classic`) is not in the
/// sprite, nor are a monster's cards.
pub fn printed_face(fighter: &str, card: &MoveCard, classic: bool) -> Option<String> {
    let word = |s: &str| s.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    (!classic).then(|| format!("taunt#{}-{}-{}", word(fighter), word(card.name), card.number))
}

fn names(letters: &str) -> String {
    let names: Vec<String> = letters.chars().filter_map(Slot::from_letter).map(|s| s.to_string()).collect();
    names.join(", ")
}

/// The hit line of an attacking row on `them`: damage, where they would land (their blood, for
/// a Wampire) and the Peril.
fn hit_line(view: &TauntView, them: &Corner, card: &MoveCard, level: u8) -> String {
    let row = card.at(level);
    let (after, mode) = if view.options.wampires {
        (format!("{} blood", them.blood.saturating_sub(u16::from(row.damage))), WAMPIRE_PERIL_MODE)
    } else {
        let critical = limits(view.battle, them).0;
        let after = (them.damage + row.damage).min(critical);
        (after.to_string(), track::mode_of(after, critical))
    };
    let peril = mode.peril_column().map_or("", |c| row.peril[c]);
    let peril = if peril.is_empty() { "no Peril".to_string() } else { format!("disables {}", names(peril)) };
    format!("{} damage → {after}, {}: {peril}", row.damage, mode.title())
}

/// Whom a move may reach with more than two fighters, and how far away each stands.
struct Reach<'a> {
    view: &'a TauntView,
    names: &'a [String],
    /// The fighters this fighter's moves reach, with the distance to each.
    targets: Vec<(usize, Position)>,
}

impl Reach<'_> {
    fn name(&self, s: usize) -> String {
        self.names.get(s).cloned().unwrap_or_else(|| format!("Player {}", s + 1))
    }

    /// One line per fighter in `hit`: their name and what the hit does to them.
    fn hits(&self, hit: &[usize], card: &MoveCard, level: u8) -> Vec<String> {
        hit.iter().map(|s| format!("{}: {}", self.name(*s), hit_line(self.view, &self.view.corners.0[*s], card, level))).collect()
    }

    /// The targets at `position`.
    fn at(&self, position: Position) -> Vec<usize> {
        self.targets.iter().filter(|(_, p)| *p == position).map(|(s, _)| *s).collect()
    }
}

/// Who `view`'s fighter reaches when more than two fight: `None` in a duel (and for the last
/// two of a circle, who share one Position as in a duel).
fn reach<'a>(view: &'a TauntView, names: &'a [String]) -> Option<Reach<'a>> {
    let fighting = view.corners.0.iter().filter(|c| !c.out).count();
    if view.battle == Battle::Duel || (view.battle.is_circle() && fighting <= 2) {
        return None;
    }
    let me = view.observer.seat()?.index();
    let state = Taunt::determinize(view, &mut Rng::new(0));
    let targets = state.targets(me).iter().map(|o| (o, state.distance(me, o))).collect();
    Some(Reach { view, names, targets })
}

/// What an Attack or a Run of `slot` would do with more than two fighters.
fn reach_lines(r: &Reach, slot: Slot, card: &MoveCard, level: u8, lines: &mut Vec<String>) {
    let row = card.at(level);
    let (near, far) = (r.at(Position::Near), r.at(Position::Far));
    match slot {
        Slot::Run if r.view.battle == Battle::Team => {
            let me = r.view.observer.seat().map_or(0, |s| s.index());
            let there = r.view.halves.get(me).map_or(dojo_games::taunt::Half::Right, |h| h.other());
            lines.push(format!("Crosses to the {there:?} half"));
            if far.is_empty() {
                lines.push("No opponent stands there: hits nobody".into());
            }
            lines.extend(r.hits(&far, card, level));
        }
        Slot::Run => {
            lines.push("Turns over your marker with one neighbour or both; hits each one it brings Near".into());
            lines.extend(r.hits(&far, card, level));
        }
        _ if row.far_only => {
            if far.is_empty() {
                lines.push("Reaches Far only: misses now".into());
            }
            lines.extend(r.hits(&far, card, level));
        }
        // Near first: a move that reaches both hits the Near fighters if there are any.
        Slot::Shoot => lines.extend(r.hits(if near.is_empty() { &far } else { &near }, card, level)),
        _ => {
            if near.is_empty() {
                lines.push("Misses: nobody in reach is Near".into());
            }
            lines.extend(r.hits(&near, card, level));
        }
    }
}

/// Every card of `view`'s fighter, as it would play this turn; `names` name the other fighters.
pub fn hand(view: &TauntView, names: &[String]) -> Vec<CardNow> {
    if let Some(m) = &view.monsters {
        return monster_hand(view, m);
    }
    let me = view.me();
    let fighter = me.fighter.card();
    let level = me.charge;
    let reach = reach(view, names);
    let me_seat = view.observer.seat().map_or(0, |s| s.index());
    // A Team Spirit's card does nothing in the Dojo; it counts only for the gift.
    let spirit = view.battle == Battle::Team && me.out;
    let mate = super::modes::teammate(view, me_seat).and_then(|m| names.get(m)).cloned().unwrap_or_else(|| "your teammate".into());
    Slot::ALL
        .into_iter()
        .map(|slot| {
            let card = fighter.move_card(slot, view.options.heal);
            let face = printed_face(fighter.name, card, slot == Slot::Heal && view.options.heal == HealCard::Classic);
            let row = card.at(level);
            let mut lines = Vec::new();
            let near = view.position == Position::Near;
            if spirit {
                lines.push("Does nothing in the Dojo".into());
                lines.push(format!("If an opponent reveals it too, you may give {mate} a charge token"));
                return CardNow { slot, card, level, lines, playable: me.may_play(slot), copies: 1, face };
            }
            match (slot, &reach) {
                (Slot::Run | Slot::Punch | Slot::Grab | Slot::Shoot | Slot::Kick, Some(r)) => {
                    reach_lines(r, slot, card, level, &mut lines);
                    if slot == Slot::Run && !row.immune.is_empty() {
                        let immune: Vec<String> = row.immune.iter().map(|s| s.to_string()).collect();
                        lines.push(format!("immune to {}", immune.join(" and ")));
                    }
                    if row.no_interrupt {
                        lines.push("never interrupts".into());
                    }
                    if slot == Slot::Grab {
                        lines.push("goes through Block; a hit interrupts".into());
                    }
                }
                _ => duel_lines(view, slot, card, level, near, &mut lines),
            }
            if level > 0 && (matches!(card.kind, Kind::Attack) || slot == Slot::Block) {
                lines.push("spends your charge".into());
            }
            CardNow { slot, card, level, lines, playable: me.may_play(slot), copies: 1, face }
        })
        .collect()
}

/// Monsters: the hand is the active monster's cards (one entry per card, with its copies) and
/// the two Switches. Whether each may be played is asked of the engine, on a position dealt from
/// the view.
fn monster_hand(view: &TauntView, m: &MonstersView) -> Vec<CardNow> {
    let me = view.me();
    let seat = view.observer.seat().unwrap_or(Seat(0));
    let Some(trainer) = m.trainers.get(seat.index()) else { return Vec::new() };
    let Some(monster) = trainer.monsters.get(usize::from(trainer.active)) else { return Vec::new() };
    let (cards, off) = (Hand::of(&monster.cards), Hand::of(&monster.disabled));
    let state = Taunt::determinize(view, &mut Rng::new(0));
    let level = me.charge;
    let near = view.position == Position::Near;
    MONSTER_KINDS
        .into_iter()
        .filter(|k| cards.count(*k) > 0)
        .chain([Slot::SwitchHigher, Slot::SwitchLower])
        .map(|slot| {
            let card = monster_card(slot);
            let mut lines = Vec::new();
            duel_lines(view, slot, card, level, near, &mut lines);
            if level > 0 && (matches!(card.kind, Kind::Attack) || slot == Slot::Block) {
                lines.push("spends your charge".into());
            }
            let copies = if cards.count(slot) > 0 { cards.count(slot) - off.count(slot).min(cards.count(slot)) } else { 1 };
            CardNow { slot, card, level, lines, playable: state.check(seat, &Action::Play(slot)), copies, face: None }
        })
        .collect()
}

/// The monster a Switch brings in for trainer `t`: of the two benched, the later (Higher) or
/// the earlier (Lower), from 0.
pub fn switch_target(t: &TrainerView, higher: bool) -> u8 {
    let mut bench = (0..3u8).filter(|m| *m != t.active);
    let (first, second) = (bench.next().unwrap_or(0), bench.next().unwrap_or(0));
    if higher { second } else { first }
}

/// What `slot` would do in a duel (and, for the cards that reach nobody, in any fight).
fn duel_lines(view: &TauntView, slot: Slot, card: &MoveCard, level: u8, near: bool, lines: &mut Vec<String>) {
    let me = view.me();
    // The one other fighter still fighting: the duel's rival, or the other of a circle's last two.
    let seat = view.observer.seat().map_or(0, |s| s.index());
    let Some(them) = view.corners.0.iter().enumerate().find(|(o, c)| *o != seat && !c.out).map(|(_, c)| c) else { return };
    let critical = limits(view.battle, me).0;
    let row = card.at(level);
    match slot {
        Slot::Block => {
            let Some(reflect) = row.reflect else { return };
            lines.push("Stops every hit except a Grab".into());
            let back = match reflect.damage_halves {
                0 => "sends nothing back".to_string(),
                1 => "sends half the damage back".to_string(),
                2 => "sends the damage back".to_string(),
                _ => "sends 1.5× the damage back".to_string(),
            };
            lines.push(back);
            lines.push(format!("costs {} token{} against an L0 hit", level + 1, if level == 0 { "" } else { "s" }));
            if reflect.heal > 0 {
                lines.push(format!("heals {} if hit", reflect.heal));
            }
        }
        Slot::Run | Slot::RunTwo => {
            let to = view.position.flipped();
            lines.push(format!("Moves to {to}"));
            if to == Position::Near {
                lines.push(hit_line(view, them, card, level));
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
                lines.push(hit_line(view, them, card, level));
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
        Slot::Heal if view.battle == Battle::Monsters => {
            // The team's Heal takes back every disabled card, a benched monster's too.
            let mine = view.monsters.as_ref().and_then(|m| m.trainers.get(seat));
            let back: Vec<String> = mine.into_iter().flat_map(|t| &t.monsters).flat_map(|x| &x.disabled).map(|s| s.to_string()).collect();
            lines.push(if back.is_empty() { "Nothing to take back".into() } else { format!("Takes back {}", back.join(", ")) });
            lines.push("keeps your charge".into());
            let column = track::mode_of(me.damage, critical).peril_column().unwrap_or(0);
            lines.push(format!("interrupted by {}+ damage", moves::HEAL_INTERRUPT[column]));
        }
        Slot::Heal => {
            if !me.disabled.is_empty() {
                let back: Vec<String> = me.disabled.to_vec().iter().map(|s| s.to_string()).collect();
                lines.push(format!("Takes back {}", back.join(", ")));
            } else if view.options.heal == HealCard::Standard {
                lines.push("Heals 1 and regains a block token".into());
            } else {
                lines.push("Nothing to take back".into());
            }
            let mode = if view.options.wampires { WAMPIRE_PERIL_MODE } else { track::mode_of(me.damage, critical) };
            let column = mode.peril_column().unwrap_or(0);
            lines.push(format!("interrupted by {}+ damage", moves::HEAL_INTERRUPT[column]));
        }
        Slot::Taunt => lines.push("If nothing hurts you, lay a combo face down".into()),
        Slot::SwitchHigher | Slot::SwitchLower => {
            let mine = view.monsters.as_ref().and_then(|m| m.trainers.get(seat));
            let to = mine.map_or(0, |t| switch_target(t, slot == Slot::SwitchHigher));
            lines.push(format!("Acts first: brings in Monster {}", to + 1));
            lines.push("Attacks but Grab do it no harm this turn; the team pays the attack's level + 1 block tokens per hit".into());
            lines.push("keeps your charge".into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_engine::{Game, Seat};
    use dojo_games::taunt::{FighterId, Options, Setup, Start};

    /// Every fighter's nine cards (with the standard Heal) have their printed front in the
    /// sprite the site serves; the classic Heal is drawn as words.
    #[test]
    fn every_fighter_card_has_its_printed_face() {
        let sprite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/public/faces/taunt.svg")).unwrap();
        for fighter in dojo_games::taunt::FIGHTERS {
            for slot in Slot::ALL {
                let face = printed_face(fighter.name, fighter.move_card(slot, HealCard::Standard), false).unwrap();
                let id = face.strip_prefix("taunt#").unwrap();
                assert!(sprite.contains(&format!("<symbol id=\"face-{id}\"")), "{}: no printed face {face}", fighter.name);
            }
        }
        assert_eq!(printed_face("Tuggle", &moves::HEAL_CLASSIC, true), None);
    }

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
            squads: None,
        };
        let state = Taunt::from_setup(&setup).unwrap();
        let names = ["Player 1".to_string(), "Player 2".to_string()];
        let mine = hand(&state.view_for(Seat(0)), &names);
        let punch = mine.iter().find(|c| c.slot == Slot::Punch).unwrap();
        assert_eq!(punch.lines[0], "8 damage → 18, Critical Mode: disables Grab, Block, Punch");
        let kick = mine.iter().find(|c| c.slot == Slot::Kick).unwrap();
        assert!(kick.lines[0].starts_with("10 damage → 20"));
        let charge = mine.iter().find(|c| c.slot == Slot::Charge).unwrap();
        assert_eq!(charge.lines, vec!["Charge to L3".to_string()]);
        let theirs = hand(&state.view_for(Seat(1)), &names);
        assert_eq!(theirs.iter().find(|c| c.slot == Slot::Heal).unwrap().lines[0], "Takes back Heal");
        assert!(theirs.iter().find(|c| c.slot == Slot::Heal).unwrap().playable.is_err());
    }

    fn lines(cards: &[CardNow], slot: Slot) -> Vec<String> {
        cards.iter().find(|c| c.slot == slot).map(|c| c.lines.clone()).unwrap_or_default()
    }

    #[test]
    fn in_a_circle_each_hit_names_the_neighbour_it_lands_on() {
        let names: Vec<String> = (1..=4).map(|i| format!("Player {i}")).collect();
        let mut setup = Setup::new(vec![FighterId::Tuggle; 4], Options { battle: Battle::FreeForAll, best_of: 1, ..Options::default() });
        // Player 1 is Near Player 2, Far from Player 4; Player 3 is no neighbour.
        setup.markers = Some(vec![Position::Near, Position::Far, Position::Far, Position::Far]);
        let state = Taunt::from_setup(&setup).unwrap();
        let cards = hand(&state.view_for(Seat(0)), &names);
        let punch = lines(&cards, Slot::Punch);
        assert!(punch[0].starts_with("Player 2: ") && punch[0].contains("damage →"), "{punch:?}");
        assert!(!punch.iter().any(|l| l.contains("Player 3") || l.contains("Player 4")), "{punch:?}");
        // Near first: Shoot hits only the Near neighbour while one is Near.
        let shoot = lines(&cards, Slot::Shoot);
        assert_eq!(shoot.iter().filter(|l| l.contains("damage →")).count(), 1, "{shoot:?}");
        // A Run can bring the Far neighbour Near.
        let run = lines(&cards, Slot::Run);
        assert!(run.iter().any(|l| l.starts_with("Player 4: ")), "{run:?}");
    }

    #[test]
    fn a_team_spirits_cards_only_count_for_the_gift_and_wampires_show_blood() {
        let names: Vec<String> = (1..=4).map(|i| format!("Player {i}")).collect();
        let setup =
            Setup::new(vec![FighterId::Mooshmere; 4], Options { battle: Battle::Team, best_of: 1, wampires: true, ..Options::default() });
        let state = Taunt::from_setup(&setup).unwrap();
        let mut view = state.view_for(Seat(0));
        let run = lines(&hand(&view, &names), Slot::Run);
        assert_eq!(run[0], "Crosses to the Right half");
        assert!(run[1].starts_with("Player 3: ") && run[1].contains("blood, Danger Mode"), "{run:?}");
        assert_eq!(lines(&hand(&view, &names), Slot::Punch)[0], "Misses: nobody in reach is Near");
        view.corners.0[0].out = true;
        let spirit = lines(&hand(&view, &names), Slot::Kick);
        assert_eq!(spirit[1], "If an opponent reveals it too, you may give Player 2 a charge token");
    }

    #[test]
    fn the_last_two_of_a_circle_aim_at_each_other() {
        let names: Vec<String> = (1..=4).map(|i| format!("Player {i}")).collect();
        let setup = Setup::new(
            vec![FighterId::Tuggle, FighterId::Tuggle, FighterId::Tuggle, FighterId::Wollypobber],
            Options { battle: Battle::LastStanding, best_of: 1, ..Options::default() },
        );
        let mut view = Taunt::from_setup(&setup).unwrap().view_for(Seat(2));
        view.corners.0[0].out = true;
        view.corners.0[1].out = true;
        view.corners.0[3].damage = 10;
        // Far: Shoot reaches Player 4 (Wollypobber, track 30) and names no one, as in a duel.
        let shoot = lines(&hand(&view, &names), Slot::Shoot);
        assert!(shoot[0].starts_with("2 damage → 12, White"), "{shoot:?}");
    }
}
