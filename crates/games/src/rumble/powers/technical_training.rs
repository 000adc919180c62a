//! Technical Training: the holder's fixed Spend and Burn costs are lower (notes:
//! technical-training).

use crate::rumble::catalog::{Kind, PowerCard, PowerId, Tier, Timing, Usage};
use crate::rumble::state::Hero;

use PowerId as P;

/// Technical Training, as printed.
pub const TECHNICAL_TRAINING: PowerCard = PowerCard {
    id: PowerId::TechnicalTraining,
    name: "Technical Training",
    tier: Tier::Unsorted,
    aspects: "Discount, Persistent Effect",
    kind: Kind::Normal,
    cost: "",
    text: "Fixed Spend and Burn costs of your powers are 5 lower (never below 0).",
    numbers: &[5],
    timing: Timing::Passive,
    author: "card",
    beginner: false,
    worth: 4,
    usage: Usage::NONE,
};

/// How much lower: the card's number, for every copy held.
pub(crate) fn discount(hero: &Hero) -> i32 {
    hero.all(P::TechnicalTraining).map(|t| t.n(0)).sum()
}

#[cfg(test)]
mod tests {
    use super::super::test_kit::*;

    #[test]
    fn technical_training_makes_fixed_costs_5_cheaper() {
        let g = table(&[(100, &[P::TechnicalTraining, P::LaserEyes]), (100, &[])]);
        assert!(g.check_allocation(0, &using(a(95, &[]), &[(1, 0, Some(1), None)])).is_ok());
        assert!(g.check_allocation(0, &using(a(96, &[]), &[(1, 0, Some(1), None)])).is_err());
    }
}
