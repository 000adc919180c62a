//! The reference card: a round and the auction on the front, the keywords a line each on the
//! back. All words here are ours (the rules page says the same at length).

use super::{INK, card_frame, unit};
use crate::draw::Drawing;
use crate::kit::Style;
use crate::kits::column::Column;

/// A round in its three phases, then who is out and who wins.
pub(super) const ROUND: &[(&str, &str)] = &[
    (
        "1. Allocation:",
        "in secret, share out your Energy: one Defense, Attacks on other heroes, the costs of powers you use. What you leave out is held back.",
    ),
    ("2. Reveal:", "all show at once. Heroes with reveal-step powers then choose in secret, shown together."),
    ("3. Resolution:", "the Attacks on you minus your Defense come off your Energy. Damage from powers ignores Defense."),
    ("Out:", "at 0 Energy or less. The last hero standing wins."),
];

/// The auction, before round 1.
pub(super) const AUCTION: &[(&str, &str)] = &[
    ("Bid:", "in secret, 0 to 100 on every power at once; show together."),
    ("Win:", "the highest bid takes the power and pays its bid, its Power Strength. Others pay nothing."),
    ("Tie:", "only the tied heroes bid again."),
    ("All 0:", "the power is discarded."),
];

/// Every keyword, a line each.
pub(super) const KEYWORDS: &[(&str, &str)] = &[
    ("Spend N:", "paid from your allocation; yours again next round."),
    ("Burn N:", "paid from your allocation and gone for good."),
    ("Drain N:", "lost at once, outside the allocation, even after the reveal."),
    ("Activate N:", "at most N payments a round."),
    ("Exhaust N:", "at most N payments a game."),
    ("Flaw:", "the lowest bid wins it for free; everyone else pays their bid."),
    ("Sidekick:", "an extra hero with 50 Energy, played by its winner."),
    ("Power Strength:", "the winning bid on a power (a Flaw's: the lowest bid)."),
];

/// A framed card with a text column starting at its top.
fn column(style: &Style) -> Column {
    let u = unit(style);
    let mut d = Drawing::new();
    let inner = card_frame(&mut d, style, INK);
    Column::new(d, inner, u, 6.5, 2.5, 8.5, INK)
}

/// The front: a round, then the auction.
pub(super) fn front(style: &Style) -> Drawing {
    let mut col = column(style);
    col.heading("RUMBLE · a round", 4.6);
    for (lead, text) in ROUND {
        col.line(lead, text, 6.0, 0.9);
    }
    col.y += 3.2 * col.u;
    col.heading("The auction", 4.6);
    for (lead, text) in AUCTION {
        col.line(lead, text, 6.0, 0.9);
    }
    col.d
}

/// The back: the keywords, then the rule that settles arguments.
pub(super) fn back(style: &Style) -> Drawing {
    let mut col = column(style);
    col.heading("Keywords", 4.6);
    for (lead, text) in KEYWORDS {
        col.line(lead, text, 6.3, 1.3);
    }
    col.y += 2.4 * col.u;
    col.line("", "Pay for a power as often as you can, unless Activate or Exhaust limits it.", 6.3, 1.3);
    col.line("", "When a power and the rules disagree, the power wins.", 6.3, 0.0);
    col.d
}
