//! FUSION's words, explained where they show: each term on the table and in the choices opens
//! (on a tap, or a hover's tooltip) a one-line explanation in our words, with a link to its
//! section of the rules page. The lines are data, like the printed reference card.

use leptos::prelude::*;

/// A term the table or a choice uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// Its name in test ids and the page's address (`strike-range`).
    pub key: &'static str,
    /// What it means, in one line.
    pub line: &'static str,
    /// Its section of the rules page.
    pub section: &'static str,
}

/// Every term explained on the page.
pub const TERMS: &[Term] = &[
    Term {
        key: "strike-range",
        line: "How far above the top card a play may land: a pilot's Commitment to the Fight plus any Strike-Assist. Past it she still plays, but adds a +Strife with her name to the damage coming at the pilots; the Coach may never go past his.",
        section: "strike-range",
    },
    Term {
        key: "difference",
        line: "The value played minus the value beaten (J 11, Q 12, K 13; an Ace on a face card 0; a Two on an Ace 1). It is what the Strike Range is measured against.",
        section: "difference",
    },
    Term {
        key: "strife",
        line: "Damage to the team: Harmony drops 1. Arriving while Harmony is already in the Red, it also deals +Trauma to every pilot.",
        section: "harmony",
    },
    Term {
        key: "harmony",
        line: "The pilots' shared spirit, from R (Red, 1) to V (Violet, 7): +Rally raises it, +Strife lowers it, and it sizes a Strike-Assist.",
        section: "harmony",
    },
    Term {
        key: "charges",
        line: "A pilot's energy, up to her maximum: gained by a Recharge, a +Chargeup or a Joker turning up, lost all at once to +Purge.",
        section: "microevents",
    },
    Term {
        key: "buffers",
        line: "Each one spent stops one point of damage (+Purge, +Strife or +Trauma; never +Ruin). Spent Buffers come back with +Fortify or a Heart of the spoils.",
        section: "damage",
    },
    Term {
        key: "commitments",
        line: "Fight: the pilot's Strike Range in a Throwdown. Team: how many bonus cards she draws when a Throwdown starts. +Trauma lowers one of them.",
        section: "damage",
    },
    Term {
        key: "gear",
        line: "A piece of a pilot's equipment: Activate it to draw its cards (once a Throwdown), or Sacrifice it for its one effect. Either is a side action.",
        section: "side-actions",
    },
    Term {
        key: "payloads",
        line: "The damage and effects each side has earned during a Throwdown, held back and landing at its end, whoever won.",
        section: "payloads",
    },
    Term {
        key: "omens",
        line: "A Joker reaching the top of the Deck becomes the Coach's Active Omen (and every pilot gains a Charge). He may spend one to set off the table's next Escalation Event.",
        section: "omens",
    },
    Term {
        key: "pile",
        line: "The Throwdown's stack of face-up plays, top card first: each Push lands on top, and whichever side owns the top card when the turns end wins.",
        section: "turns",
    },
    Term {
        key: "threshold",
        line: "The Deck's top card, laid face down by the Coach, unseen by all: the pilot's card must come out higher for \u{201c}Yes, and\u{2026}\u{201d}.",
        section: "gambit",
    },
    Term {
        key: "outcomes",
        line: "Yes, and: success and a good turn. Yes, but: success with a cost. No, but: failure with a good turn. No, and: failure with a cost, and a Charge at once.",
        section: "outcomes",
    },
    Term {
        key: "rating",
        line: "A Threat's strength: the Coach's Strike Range is the total Rating of his Threats in the fight, and each +Trauma on a Threat takes 1 off (at 0 it is out).",
        section: "damage",
    },
    Term {
        key: "side-actions",
        line: "Things a turn may do before its one main action, each at most once: Recharge, Activate or Sacrifice Gear (the Coach: Waves, Storms, Omens). Your turn goes on after them.",
        section: "side-actions",
    },
];

/// The term named `key` (a typo in the code is caught by the tests, never shown).
pub fn term(key: &str) -> Term {
    TERMS.iter().copied().find(|t| t.key == key).unwrap_or(TERMS[0])
}

/// `shown` (the term as the table writes it) as a disclosure: a tap opens the term's line and a
/// link to its rules section; a hover shows the line as a tooltip.
pub fn explained(key: &'static str, shown: impl IntoView + 'static) -> impl IntoView {
    let Term { key, line, section } = term(key);
    view! {
        <details class="fu-term" data-testid=format!("term-{key}")>
            <summary title=line>{shown}</summary>
            <span class="fu-term-line" role="note">{line}" "<a href=format!("/rules/fusion#{section}")>"Rules"</a></span>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_is_named_once_and_links_to_a_section_of_the_rules_page() {
        let rules = dojo_games::fusion::RULES_TEXT;
        for (i, t) in TERMS.iter().enumerate() {
            assert!(TERMS[..i].iter().all(|o| o.key != t.key), "{} twice", t.key);
            assert!(rules.contains(&format!("{{#{}}}", t.section)), "{}: no section #{}", t.key, t.section);
            assert!(t.line.len() < 260, "{}: one line, not a paragraph", t.key);
            assert_eq!(term(t.key), *t);
        }
    }
}
