//! Comparing two revealed moves: which attacks are Blocked, Evaded, Interrupted or Successful,
//! the damage each player deals, and who claims the Initiative. Pure: two moves and who holds
//! the Initiative in, a [`Clash`] out. The steps follow the rulebook's order, with the points it
//! leaves open decided in the notes (`notes.md`, "Resolving two moves").

use super::card::{Icon, Location, Move};
use serde::{Deserialize, Serialize};

/// What became of one attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// It deals its strength in damage.
    Successful,
    /// A Block in the same location stopped it.
    Blocked,
    /// An Evade in the same location stopped it.
    Evaded,
    /// The other player's attacks were quicker (or held the Initiative), or an opposing
    /// Projectile met this Projectile in its location.
    Interrupted,
}

/// One attack of a revealed move and its fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    /// Where it was aimed.
    pub location: Location,
    /// Its strength.
    pub strength: u8,
    /// Its execution time.
    pub time: u8,
    /// What became of it.
    pub fate: Fate,
}

/// The comparison of two moves, per player (index 0 and 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clash {
    /// Each player's attacks, High first.
    pub strikes: [Vec<Strike>; 2],
    /// Damage each player deals to the other.
    pub damage: [u8; 2],
    /// Whether each player's move claims the Initiative for the next turn.
    pub claims: [bool; 2],
}

/// Compares `moves` (player 0's, player 1's) with `initiative` held by one player or nobody.
///
/// 1. An attack meeting an Evade in its location is Evaded; one meeting a Block is Blocked,
///    unless it is a Throw.
/// 2. If both players still have attacks, the Initiative holder's attacks win; without it, the
///    player whose quickest remaining attack is quicker wins; on equal times both do. The other
///    player's remaining attacks are Interrupted, unless the move cannot be Interrupted.
/// 3. A Projectile attack is Interrupted when the other move has a Projectile attack in the same
///    location (even one that was stopped or Interrupted itself), unless it cannot be Interrupted.
/// 4. What remains is Successful. A move with the Initiative property claims it when one of its
///    attacks is Successful or its Block stops an attack.
pub fn clash(moves: [&Move; 2], initiative: Option<usize>) -> Clash {
    let mut strikes: [Vec<Strike>; 2] = [Vec::new(), Vec::new()];
    let mut stopped_by_block = [false; 2];
    for p in 0..2 {
        let (mine, theirs) = (moves[p], moves[1 - p]);
        for (location, strength, time) in mine.attacks() {
            let fate = match theirs.at(location) {
                Some(Icon::Evade) => Fate::Evaded,
                Some(Icon::Block) if !mine.properties.throw => {
                    stopped_by_block[1 - p] = true;
                    Fate::Blocked
                }
                // Successful for now: the race and the Projectile rule come next.
                _ => Fate::Successful,
            };
            strikes[p].push(Strike { location, strength, time, fate });
        }
    }
    let quickest = |p: usize| strikes[p].iter().filter(|s| s.fate == Fate::Successful).map(|s| s.time).min();
    if let (Some(a), Some(b)) = (quickest(0), quickest(1)) {
        let winner = initiative.or(match a.cmp(&b) {
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Equal => None,
        });
        if let Some(w) = winner {
            let loser = 1 - w;
            if !moves[loser].properties.unstoppable {
                interrupt(&mut strikes[loser], |_| true);
            }
        }
    }
    for p in 0..2 {
        let (mine, theirs) = (moves[p], moves[1 - p]);
        if mine.properties.projectile && theirs.properties.projectile && !mine.properties.unstoppable {
            let met = |s: &Strike| theirs.attacks().any(|(l, _, _)| l == s.location);
            interrupt(&mut strikes[p], met);
        }
    }
    let dealt = |p: usize| strikes[p].iter().filter(|s| s.fate == Fate::Successful).map(|s| s.strength).sum::<u8>();
    let hit = |p: usize| strikes[p].iter().any(|s| s.fate == Fate::Successful);
    let claims = [0, 1].map(|p| moves[p].properties.initiative && (hit(p) || stopped_by_block[p]));
    Clash { damage: [dealt(0), dealt(1)], claims, strikes }
}

/// Marks the still-Successful strikes that `which` picks as Interrupted.
fn interrupt(strikes: &mut [Strike], which: impl Fn(&Strike) -> bool) {
    for s in strikes.iter_mut().filter(|s| s.fate == Fate::Successful) {
        if which(s) {
            s.fate = Fate::Interrupted;
        }
    }
}

/// Who holds the Initiative next turn: the one player who claimed it, else nobody.
pub fn next_initiative(claims: [bool; 2]) -> Option<usize> {
    match claims {
        [true, false] => Some(0),
        [false, true] => Some(1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::card::Properties;
    use super::super::card::fixtures::{hit, mv};
    use super::*;

    fn projectile() -> Properties {
        Properties { projectile: true, ..Properties::default() }
    }

    fn fates(c: &Clash, p: usize) -> Vec<Fate> {
        c.strikes[p].iter().map(|s| s.fate).collect()
    }

    #[test]
    fn low_poke_against_combo_kick_with_and_without_the_initiative() {
        let poke = mv("Low Poke", Some(Icon::Evade), hit(0, 1), Properties::default());
        let combo = mv("Combo Kick", hit(2, 3), hit(1, 3), Properties::default());
        // The high kick is Evaded; the Poke is quicker and Interrupts the low kick; it deals 0.
        let plain = clash([&poke, &combo], None);
        assert_eq!((fates(&plain, 0), fates(&plain, 1)), (vec![Fate::Successful], vec![Fate::Evaded, Fate::Interrupted]));
        assert_eq!(plain.damage, [0, 0]);
        // With the Initiative, the low kick Interrupts the Poke and deals 1; the high is still Evaded.
        let joe = clash([&poke, &combo], Some(1));
        assert_eq!((fates(&joe, 0), fates(&joe, 1)), (vec![Fate::Interrupted], vec![Fate::Evaded, Fate::Successful]));
        assert_eq!(joe.damage, [0, 1]);
    }

    #[test]
    fn meteor_storm_against_fireball_with_and_without_the_initiative() {
        let meteor = mv("Meteor Storm", hit(2, 5), hit(2, 5), projectile());
        let fireball = mv("Fireball", hit(2, 3), None, projectile());
        // The Fireball is quicker and Interrupts both meteors, but meets the high meteor: Interrupted too.
        let plain = clash([&meteor, &fireball], None);
        assert_eq!((fates(&plain, 0), fates(&plain, 1)), (vec![Fate::Interrupted; 2], vec![Fate::Interrupted]));
        assert_eq!(plain.damage, [0, 0]);
        // With the Initiative the low meteor hits; the high one still meets the Fireball.
        let charlie = clash([&meteor, &fireball], Some(0));
        assert_eq!(fates(&charlie, 0), [Fate::Interrupted, Fate::Successful]);
        assert_eq!(charlie.damage, [2, 0]);
    }

    #[test]
    fn throws_pass_blocks_unstoppable_moves_finish_and_blocks_claim_the_initiative() {
        let block = mv("Block", Some(Icon::Block), Some(Icon::Block), Properties { initiative: true, ..Properties::default() });
        let throw = mv("Throw", hit(2, 4), None, Properties { throw: true, ..Properties::default() });
        let kick = mv("High Kick", hit(2, 3), None, Properties::default());
        let blocked = clash([&block, &kick], None);
        assert_eq!((fates(&blocked, 1), blocked.claims), (vec![Fate::Blocked], [true, false]));
        let thrown = clash([&block, &throw], None);
        assert_eq!((fates(&thrown, 1), thrown.damage, thrown.claims), (vec![Fate::Successful], [0, 2], [false, false]));
        let auto = mv("Auto-Punch", hit(1, 6), None, Properties { unstoppable: true, ..Properties::default() });
        let both = clash([&auto, &kick], None);
        assert_eq!((both.damage, fates(&both, 0)), ([1, 2], vec![Fate::Successful]), "slower, but never Interrupted");
        assert_eq!(clash([&kick, &kick.clone()], None).damage, [2, 2], "equal times: both succeed");
        assert_eq!(next_initiative([true, true]), None);
        assert_eq!(next_initiative([false, true]), Some(1));
    }
}
