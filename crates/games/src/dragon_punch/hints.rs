//! How the computer players read a DRAGON PUNCH position: rounds won, then health, then the
//! cards still unflipped and the Initiative. A Custom Character hand is taken by plan, not by
//! search: a varied hand in a random order (see [`pick_plan`]).

use super::state::{CardRef, Decision, DragonPunch, ROUNDS_TO_WIN, check_pick};
use super::{Action, DragonPunchView};
use dojo_bot::{SearchHints, Strategy};
use dojo_engine::{Game, Seat};

/// The computer's next Custom Character card: any legal card, a basic card it holds none of
/// weighted three to one over a second copy, so its hands are varied and cover the moves; the
/// draw is random, so the order of its hand tells the other player nothing.
pub(crate) fn pick_plan(view: &DragonPunchView) -> Option<Strategy<Action>> {
    let set = &view.table.set;
    let cards = (0..set.basics.len() as u8).map(CardRef::Basic).chain((0..set.characters.len() as u8).map(CardRef::Character));
    let weights: Vec<(Action, f64)> = cards
        .filter(|c| check_pick(set, &view.picks, *c).is_ok())
        .map(|c| (Action::Pick(c), if view.picks.contains(&c) { 1.0 } else { 3.0 }))
        .collect();
    (!weights.is_empty()).then(|| Strategy::from_weights(weights))
}

impl SearchHints for DragonPunch {
    /// A round lasts a dozen turns or so: a short look ahead read by health.
    const PLAYOUT_HORIZON: usize = 16;

    fn planned(view: &DragonPunchView, _seat: Seat) -> Option<Strategy<Action>> {
        match view.decision? {
            Decision::Pick { .. } => pick_plan(view),
            _ => None,
        }
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = self.outcome() {
            return o.payoff(2)[seat];
        }
        let p = seat.index();
        let standing = |q: usize| {
            let (basics, len) = (self.basics(q).max(1) as f64, self.hand_len(q).max(1) as f64);
            let health = f64::from(self.health(q)) / basics;
            let ready = self.hands[q][..self.hand_len(q)].iter().filter(|c| !c.flipped).count() as f64 / len;
            let lead = if self.initiative == Some(q) { 0.05 } else { 0.0 };
            f64::from(self.wins[q]) / f64::from(ROUNDS_TO_WIN) + 0.4 * health + 0.1 * ready + lead
        };
        (0.5 + 0.5 * (standing(p) - standing(1 - p))).clamp(0.0, 1.0)
    }
}
