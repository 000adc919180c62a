//! Our reconstructed DRAGON PUNCH set: NOT the retail cards, whose list is printed nowhere we
//! can read. Built from the moves the rulebook names (Low Poke, Combo Kick, High Kick, a Throw,
//! Auto-Punch, Block, Fireball, Meteor Storm, Taunt) and from reviews (sweeps, dive kicks,
//! Hopping Taunt, Atom Smasher), around the designer's summary "Defend beats Attack beats Throw
//! beats Defend": a Block stops attacks, attacks are quicker than throws, throws go through
//! Blocks. Red moves hit a little harder, as a losing player's cards should.
//!
//! The characters were balanced by self-play (`dojo matchups dragon-punch`, the Easy bot on
//! both sides). The first draft ran from 0.235 to 0.765 between characters (Rook's quick sweep
//! and heavy unstoppable punch against Sol's slow projectiles). So Fireball and Meteor Storm
//! became a step quicker, Rook's sweep a step slower and its rising punch 1 weaker, Kite's dive
//! kick a step slower, Bruna's Piledriver quicker but 1 weaker, and her guard a high Block with
//! a low jab.

use super::card::{BasicCard, CharacterCard, Icon, Move, Properties};
use super::setup::CardSet;

fn mv(name: &str, effect: Option<&str>, high: Option<Icon>, low: Option<Icon>, properties: Properties) -> Move {
    Move { name: name.into(), effect: effect.map(Into::into), high, low, properties }
}

fn hit(strength: u8, time: u8) -> Option<Icon> {
    Some(Icon::Attack { strength, time })
}

const PLAIN: Properties = Properties { throw: false, unstoppable: false, projectile: false, initiative: false, taunt: false };
const THROW: Properties = Properties { throw: true, ..PLAIN };
const UNSTOPPABLE: Properties = Properties { unstoppable: true, ..PLAIN };
const PROJECTILE: Properties = Properties { projectile: true, ..PLAIN };
const INITIATIVE: Properties = Properties { initiative: true, ..PLAIN };
const TAUNT: Properties = Properties { taunt: true, ..PLAIN };

/// The six basic cards, white move then red move.
fn basics() -> Vec<BasicCard> {
    let block = Some(Icon::Block);
    let evade = Some(Icon::Evade);
    vec![
        // Quick and harmless: it wins races and Interrupts, and its Evade dodges high attacks.
        BasicCard { white: mv("Low Poke", None, evade, hit(0, 1), PLAIN), red: mv("Low Sweep", None, evade, hit(1, 2), PLAIN) },
        // The rulebook's Combo Kick: a high and a low attack, the low one for 1.
        BasicCard { white: mv("Combo Kick", None, hit(1, 3), hit(1, 3), PLAIN), red: mv("Combo Rush", None, hit(2, 3), hit(1, 3), PLAIN) },
        // The rulebook's High Kick: 2 damage, high.
        BasicCard { white: mv("High Kick", None, hit(2, 3), None, PLAIN), red: mv("Atom Smasher", None, hit(3, 4), None, PLAIN) },
        // Throws go through Blocks but are slow: any attack Interrupts them.
        BasicCard {
            white: mv("Throw", Some("Cannot be Blocked."), hit(2, 5), None, THROW),
            red: mv("Suplex", Some("Cannot be Blocked."), hit(3, 5), None, THROW),
        },
        // The rulebook's Block gains the Initiative when it stops an attack; the red side is
        // the rulebook's Auto-Punch, which nothing Interrupts.
        BasicCard {
            white: mv("Block", Some("Gain the Initiative when you Block an attack."), block, block, INITIATIVE),
            red: mv("Auto-Punch", Some("Cannot be Interrupted."), hit(1, 4), block, UNSTOPPABLE),
        },
        // Taunt unflips the hand; Hopping Taunt (from reviews) also hops over a low attack.
        BasicCard {
            white: mv("Taunt", Some("Unflip all your cards."), None, None, TAUNT),
            red: mv("Hopping Taunt", Some("Unflip all your cards."), None, evade, TAUNT),
        },
    ]
}

/// The five characters, two special moves each.
fn characters() -> Vec<CharacterCard> {
    let block = Some(Icon::Block);
    let evade = Some(Icon::Evade);
    vec![
        // The rulebook's projectiles.
        CharacterCard {
            name: "Sol".into(),
            moves: [
                mv("Fireball", Some("Projectile."), hit(2, 2), None, PROJECTILE),
                mv("Meteor Storm", Some("Projectile."), hit(2, 4), hit(2, 4), PROJECTILE),
            ],
        },
        // Sweeps: low and quick.
        CharacterCard {
            name: "Rook".into(),
            moves: [
                mv("Dragon Sweep", Some("Gain the Initiative if it hits."), evade, hit(2, 3), INITIATIVE),
                mv("Rising Dragon", Some("Cannot be Interrupted."), hit(2, 4), None, UNSTOPPABLE),
            ],
        },
        // Dive kicks: over low attacks, down onto the head.
        CharacterCard {
            name: "Kite".into(),
            moves: [
                mv("Dive Kick", None, hit(2, 3), evade, PLAIN),
                mv("Cross-up", Some("Gain the Initiative if it hits."), hit(1, 1), evade, INITIATIVE),
            ],
        },
        // A grappler: a throw that beats Blocks, and a high guard with a low jab.
        CharacterCard {
            name: "Bruna".into(),
            moves: [
                mv("Piledriver", Some("Cannot be Blocked."), None, hit(3, 4), THROW),
                mv("Iron Guard", Some("Gain the Initiative when you Block an attack or hit."), block, hit(1, 3), INITIATIVE),
            ],
        },
        // An evader.
        CharacterCard {
            name: "Wisp".into(),
            moves: [
                mv("Phase Step", None, evade, evade, PLAIN),
                mv("Ghost Jab", Some("Gain the Initiative if it hits."), hit(1, 2), hit(1, 2), INITIATIVE),
            ],
        },
    ]
}

/// Our reconstructed set, clearly named as such.
pub fn reconstructed() -> CardSet {
    CardSet { name: "Pocket Dojo reconstruction (not the retail cards)".into(), basics: basics(), characters: characters() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reconstructed_set_passes_its_own_checks() {
        let set = reconstructed();
        assert_eq!(set.check(), Ok(()));
        assert_eq!(set.characters.len(), 5);
        let names: Vec<&str> = set.basics.iter().map(|b| &*b.white.name).collect();
        assert!(["Low Poke", "Combo Kick", "High Kick", "Block", "Taunt"].iter().all(|n| names.contains(n)), "{names:?}");
    }
}
