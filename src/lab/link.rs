//! A lab run as a link: its settings in the address's fragment, so a designer can send "look
//! at this" and the other person runs the same games
//! (`#sides=0.2.4&games=20&levels=easy.hard&seed=7&seats=2`, then `&set=1.…` for a DRAGON PUNCH
//! card set from the editor).

use dojo_bot::Level;
use dojo_games::registry::{LabAsk, LabOffer};

/// What the lab compares in a game for a way of playing, a table size and some material
/// ([`crate::lab::LabGame::offer`]).
pub type Offer = fn(LabAsk) -> Result<LabOffer, String>;
use dojo_lab::Plan;

/// The fragment (without `#`) that holds `plan`.
pub fn to_hash(plan: &Plan) -> String {
    let sides: Vec<String> = plan.sides.iter().map(usize::to_string).collect();
    format!(
        "sides={}&games={}&levels={}.{}&seed={}&seats={}",
        sides.join("."),
        plan.games,
        plan.levels[0].label().to_ascii_lowercase(),
        plan.levels[1].label().to_ascii_lowercase(),
        plan.seed,
        plan.seats
    ) + &if plan.mode.is_empty() { String::new() } else { format!("&mode={}", plan.mode) }
        + &if plan.custom.is_empty() { String::new() } else { format!("&set={}", plan.custom) }
}

/// The plan a fragment holds (with or without its `#`) for a game whose lab offers `offer` at
/// each table size and opens at `usual_seats` (a link without `seats`); `None` for an empty
/// fragment, the reason for one that cannot be read.
pub fn from_hash(hash: &str, offer: Offer, usual_seats: usize, max_games: u32) -> Option<Result<Plan, String>> {
    let hash = hash.trim_start_matches('#');
    if hash.is_empty() {
        return None;
    }
    Some(
        read(hash, offer, usual_seats, max_games)
            .map_err(|why| format!("This lab link cannot be read ({why}); the usual settings are shown instead.")),
    )
}

fn read(hash: &str, offer: Offer, usual_seats: usize, max_games: u32) -> Result<Plan, String> {
    let mut plan = Plan {
        kind: Default::default(),
        sides: Vec::new(),
        levels: [Level::Easy; 2],
        games: 0,
        seed: 1,
        seats: usual_seats,
        mode: String::new(),
        custom: String::new(),
    };
    for part in hash.split('&') {
        let (key, value) = part.split_once('=').ok_or_else(|| format!("{part:?} is not a setting"))?;
        match key {
            "sides" => {
                plan.sides = value.split('.').map(|s| s.parse().map_err(|_| format!("{s:?} is not a side"))).collect::<Result<_, _>>()?
            }
            "games" => plan.games = value.parse().map_err(|_| format!("{value:?} is not a number of games"))?,
            "seed" => plan.seed = value.parse().map_err(|_| format!("{value:?} is not a seed"))?,
            "seats" => plan.seats = value.parse().map_err(|_| format!("{value:?} is not a number of seats"))?,
            "set" => plan.custom = value.to_string(),
            "mode" => plan.mode = value.to_string(),
            "levels" => {
                let level = |name: &str| {
                    Level::ALL.into_iter().find(|l| l.label().eq_ignore_ascii_case(name)).ok_or(format!("{name:?} is not a level"))
                };
                let (a, b) = value.split_once('.').ok_or("two levels are needed")?;
                plan.levels = [level(a)?, level(b)?];
            }
            other => return Err(format!("{other:?} is not a setting")),
        }
    }
    if plan.games > max_games {
        return Err(format!("more than {max_games} games"));
    }
    let offered = offer(plan.ask())?;
    plan.kind = offered.kind;
    plan.check(offered.entries.len())?;
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dojo_games::registry::LabKind;

    /// Five sides in a duel (or two, with the material "two"); for three or four, three
    /// entries held.
    fn offer(ask: LabAsk) -> Result<LabOffer, String> {
        let (seats, custom) = (ask.seats, ask.custom);
        if !ask.mode.is_empty() && ask.mode != "team" {
            return Err(format!("no way of playing {:?}", ask.mode));
        }
        match (seats, custom) {
            (2, "") => Ok(LabOffer { kind: LabKind::Matchups, entries: vec!["x".into(); 5], noun: "sides" }),
            (2, "two") => Ok(LabOffer { kind: LabKind::Matchups, entries: vec!["x".into(); 2], noun: "sides" }),
            (3 | 4, "") => Ok(LabOffer { kind: LabKind::Holdings, entries: vec!["x".into(); 3], noun: "sides" }),
            (_, "") => Err(format!("no table of {seats} seats")),
            _ => Err("the material cannot be read".into()),
        }
    }

    #[test]
    fn a_plan_survives_its_link_and_a_broken_link_says_why() {
        let plan = Plan {
            kind: LabKind::Matchups,
            sides: vec![4, 0, 2],
            levels: [Level::Easy, Level::Hard],
            games: 30,
            seed: 99,
            seats: 2,
            mode: String::new(),
            custom: String::new(),
        };
        let hash = to_hash(&plan);
        assert_eq!(hash, "sides=4.0.2&games=30&levels=easy.hard&seed=99&seats=2");
        assert_eq!(from_hash(&format!("#{hash}"), offer, 2, 2000), Some(Ok(plan.clone())));
        assert_eq!(from_hash("", offer, 2, 2000), None);
        // A link from before table sizes opens at the usual one.
        assert_eq!(from_hash("sides=4.0.2&games=30&levels=easy.hard&seed=99", offer, 2, 2000), Some(Ok(plan)));
        let held = from_hash("sides=2&games=9&levels=easy.easy&seed=1&seats=4", offer, 2, 2000).unwrap().unwrap();
        assert_eq!((held.kind, held.seats, held.sides.clone()), (LabKind::Holdings, 4, vec![2]));
        let own = Plan { sides: vec![1, 0], custom: "two".into(), ..held.clone() };
        let own = Plan { kind: LabKind::Matchups, seats: 2, ..own };
        assert!(to_hash(&own).ends_with("&seats=2&set=two"));
        assert_eq!(from_hash(&to_hash(&own), offer, 2, 2000), Some(Ok(own)));
        let team = Plan { mode: "team".into(), ..held.clone() };
        assert!(to_hash(&team).ends_with("&seats=4&mode=team"));
        assert_eq!(from_hash(&to_hash(&team), offer, 2, 2000), Some(Ok(team)));
        for bad in [
            "sides=0.9&games=4&levels=easy.easy&seed=1",
            "sides=0.1&games=x",
            "colour=red",
            "sides=0.1&games=5000&levels=easy.easy",
            "sides=0&games=2",
            "sides=0.1&games=2&seats=7",
            "sides=4&games=2&seats=3",
            "sides=0.1&games=2&set=broken",
            "sides=0.4&games=2&set=two",
            "sides=0.1&games=2&mode=chess",
        ] {
            let why = from_hash(bad, offer, 2, 2000).unwrap().unwrap_err();
            assert!(why.starts_with("This lab link cannot be read ("), "{bad}: {why}");
        }
    }
}
