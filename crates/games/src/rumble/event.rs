//! What happens in a Rumble game, as the log shows it. Everything is public except a tied
//! hero's private notice of its tie: the table hears only who bids again.

use super::action::{Allocation, Change, RevealChoice, Source};
use super::setup::PowerRef;
use serde::{Deserialize, Serialize};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Every sealed sheet is in.
    BidsIn,
    /// These heroes tied for a top bid and bid again. Which powers tied, and at what bid, is
    /// told to each tied hero alone ([`Event::Tied`]).
    Rebid {
        /// The heroes who re-bid.
        heroes: Vec<u8>,
    },
    /// Private to the tied hero's seat: its bid tied for the top on this power.
    Tied {
        /// The seat told (the tied hero's).
        seat: u8,
        /// The hero.
        hero: u8,
        /// The power's auction place.
        lot: u8,
        /// The bid that tied.
        bid: u16,
    },
    /// A power is won (a Flaw may have several winners), at this Power Strength.
    Won {
        /// The power's auction place.
        lot: u8,
        /// Its winners.
        heroes: Vec<u8>,
        /// The winning bid, its Power Strength (for a Flaw, the lowest bid).
        strength: i32,
    },
    /// Nobody bid on a power: it is discarded.
    NoTaker {
        /// The power's auction place.
        lot: u8,
    },
    /// A hero pays for the auction: winning bids plus losing Flaw bids, as one sum.
    Paid {
        /// The hero.
        hero: u8,
        /// Energy paid.
        amount: i32,
    },
    /// These heroes flagged a power "might discard"; the table waits for them.
    MightDiscard(Vec<u8>),
    /// A power changed hands.
    Given {
        /// The power.
        power: PowerRef,
        /// Who had it.
        from: u8,
        /// Who has it now.
        to: u8,
    },
    /// A hero discarded (or lost) a power.
    Discarded {
        /// The hero.
        hero: u8,
        /// The power.
        power: PowerRef,
    },
    /// Expert Training changed a number.
    Changed {
        /// The hero.
        hero: u8,
        /// The power changed.
        power: PowerRef,
        /// The number before.
        from: i32,
        /// The number after.
        to: i32,
    },
    /// Alternate Universe brought in a power.
    Drew {
        /// The hero.
        hero: u8,
        /// The power drawn.
        power: PowerRef,
    },
    /// A Sidekick joined the fight as a hero.
    SidekickJoins {
        /// The new hero.
        hero: u8,
    },
    /// The Sidekick's card changed hands, and the Sidekick with it: this seat plays it now.
    SidekickSides {
        /// The Sidekick.
        hero: u8,
        /// The seat that controls it now.
        seat: u8,
    },
    /// A round begins.
    Round(u16),
    /// Every allocation, shown at once.
    Allocations(Vec<(u8, Allocation)>),
    /// Every reveal-step choice, shown at once.
    Choices(Vec<(u8, RevealChoice)>),
    /// The Attacks and Defenses that go into Resolution, after every power.
    Battle {
        /// (attacker, defender, Attack).
        attacks: Vec<(u8, u8, i32)>,
        /// (hero, Defense).
        defenses: Vec<(u8, i32)>,
    },
    /// A defender chose which points to block.
    Blocked {
        /// The defender.
        hero: u8,
        /// (attacker, points blocked).
        blocked: Vec<(u8, i32)>,
    },
    /// Damage taken.
    Damage {
        /// The hero hit.
        to: u8,
        /// Who dealt it, if a hero did.
        from: Option<u8>,
        /// How much.
        amount: i32,
        /// What dealt it.
        source: Source,
    },
    /// Damage cancelled by a power.
    Prevented {
        /// The hero spared.
        hero: u8,
        /// How much was cancelled.
        amount: i32,
        /// The power that cancelled it.
        by: PowerRef,
    },
    /// Energy gained.
    Gained {
        /// The hero.
        hero: u8,
        /// How much.
        amount: i32,
        /// From what.
        source: Source,
    },
    /// Energy lost without damage (Burn, Drain, Psuedonite).
    Lost {
        /// The hero.
        hero: u8,
        /// How much.
        amount: i32,
        /// For what.
        source: Source,
    },
    /// A shouted sound effect (Batman Captions).
    Shouted {
        /// The hero who shouted.
        hero: u8,
        /// The hero whose damage it boosts.
        at: u8,
        /// The word.
        word: String,
    },
    /// A power saved a hero from being knocked out.
    Saved {
        /// The hero.
        hero: u8,
        /// Energy now.
        energy: i32,
        /// The power.
        by: PowerRef,
    },
    /// Heroes knocked out together.
    Out(Vec<u8>),
    /// Two heroes swapped powers and Energy (Brainswap).
    Swapped {
        /// The Brainswap user.
        hero: u8,
        /// The other hero.
        with: u8,
    },
    /// The moderator's adjustment, with its reason.
    Adjusted {
        /// What changed.
        change: Change,
        /// The moderator's reason.
        reason: String,
    },
    /// The game is over; these seats share first place.
    Winners(Vec<u8>),
}
