//! A lab run as a link: its settings in the address's fragment, so a designer can send "look
//! at this" and the other person runs the same games (`#sides=0.2.4&games=20&levels=easy.hard&seed=7`).

use dojo_bot::Level;
use dojo_lab::Plan;

/// The fragment (without `#`) that holds `plan`.
pub fn to_hash(plan: &Plan) -> String {
    let sides: Vec<String> = plan.sides.iter().map(usize::to_string).collect();
    format!(
        "sides={}&games={}&levels={}.{}&seed={}",
        sides.join("."),
        plan.games,
        plan.levels[0].label().to_lowercase(),
        plan.levels[1].label().to_lowercase(),
        plan.seed
    )
}

/// The plan a fragment holds (with or without its `#`); `None` for an empty one, the reason for
/// one that cannot be read.
pub fn from_hash(hash: &str, sides: usize, max_games: u32) -> Option<Result<Plan, String>> {
    let hash = hash.trim_start_matches('#');
    if hash.is_empty() {
        return None;
    }
    Some(read(hash, sides, max_games).map_err(|why| format!("This lab link cannot be read ({why}); the usual settings are shown instead.")))
}

fn read(hash: &str, sides: usize, max_games: u32) -> Result<Plan, String> {
    let mut plan = Plan { sides: Vec::new(), levels: [Level::Easy; 2], games: 0, seed: 1 };
    for part in hash.split('&') {
        let (key, value) = part.split_once('=').ok_or_else(|| format!("{part:?} is not a setting"))?;
        match key {
            "sides" => {
                plan.sides = value.split('.').map(|s| s.parse().map_err(|_| format!("{s:?} is not a side"))).collect::<Result<_, _>>()?
            }
            "games" => plan.games = value.parse().map_err(|_| format!("{value:?} is not a number of games"))?,
            "seed" => plan.seed = value.parse().map_err(|_| format!("{value:?} is not a seed"))?,
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
        return Err(format!("more than {max_games} games a pair"));
    }
    plan.check(sides)?;
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_survives_its_link_and_a_broken_link_says_why() {
        let plan = Plan { sides: vec![4, 0, 2], levels: [Level::Easy, Level::Hard], games: 30, seed: 99 };
        let hash = to_hash(&plan);
        assert_eq!(hash, "sides=4.0.2&games=30&levels=easy.hard&seed=99");
        assert_eq!(from_hash(&format!("#{hash}"), 5, 2000), Some(Ok(plan)));
        assert_eq!(from_hash("", 5, 2000), None);
        for bad in [
            "sides=0.9&games=4&levels=easy.easy&seed=1",
            "sides=0.1&games=x",
            "colour=red",
            "sides=0.1&games=5000&levels=easy.easy",
            "sides=0&games=2",
        ] {
            let why = from_hash(bad, 5, 2000).unwrap().unwrap_err();
            assert!(why.starts_with("This lab link cannot be read ("), "{bad}: {why}");
        }
    }
}
