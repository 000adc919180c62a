//! How the computer players read a TAUNT position: a short look ahead scored by the Danger
//! Track, the disabled cards and the fight score.

use super::modes_data::knockout_peril;
use super::monsters::{COPIES, Hand, MONSTER_CARDS, MONSTER_KINDS, MONSTERS, SQUAD_CARDS};
use super::moves::Slot;
use super::setup::Battle;
use super::state::Taunt;
use super::state::{Action, Decision};
use super::view::TauntView;
use super::{DISABLED_TO_LOSE, MAX_CHARGE};
use dojo_bot::SearchHints;
use dojo_bot::Strategy;
use dojo_engine::{Outcome, PerSeat, Seat};

/// Turns a Wampire playout runs before its blood is read (see `search_payoff`).
const WAMPIRE_HORIZON: u16 = 3;

/// Turns a Monsters playout runs before the trainers' corners are read: random trainers switch
/// two turns in seven, so a longer playout says little about the move searched.
const MONSTERS_HORIZON: u16 = 2;

/// Splits the computer builds its monsters from, one monster of five after another: each
/// monster can move and hit, two hold a Block and two the team's Heal. Chosen by hand, not tuned.
const SPLITS: [[Slot; SQUAD_CARDS]; 3] = {
    use Slot::*;
    [
        [Block, Run, Punch, Grab, Heal, Block, RunTwo, Shoot, Kick, Heal, Run, Punch, Grab, Shoot, Charge],
        [Block, Run, Punch, Shoot, Heal, Block, Run, Grab, Kick, Charge, RunTwo, Punch, Grab, Shoot, Heal],
        [Block, Run, Punch, Shoot, Heal, Block, RunTwo, Punch, Kick, Taunt, Run, Grab, Grab, Shoot, Heal],
    ]
};

/// The next card of a computer trainer's build: a card of one of [`SPLITS`] that agrees with
/// what it has built so far, or else the first card in a fighter's hand order that the monster
/// being built lacks (any card left, if it has them all).
fn planned_build(view: &TauntView, seat: Seat) -> Option<Strategy<Action>> {
    let m = view.monsters.as_ref()?;
    if !matches!(view.decision, Some(Decision::Build { .. })) {
        return None;
    }
    let built: Vec<Hand> = m.trainers.get(seat.index())?.monsters.iter().map(|monster| Hand::of(&monster.cards)).collect();
    let current = usize::from(m.placed) / MONSTER_CARDS;
    let mut next = Vec::new();
    for split in &SPLITS {
        let agrees = (0..=current.min(MONSTERS - 1)).all(|k| {
            let plan = Hand::of(&split[k * MONSTER_CARDS..(k + 1) * MONSTER_CARDS]);
            MONSTER_KINDS.iter().all(|card| built[k].count(*card) <= plan.count(*card))
        });
        if agrees && current < MONSTERS {
            let plan = Hand::of(&split[current * MONSTER_CARDS..(current + 1) * MONSTER_CARDS]);
            next.extend(
                MONSTER_KINDS.iter().filter(|card| built[current].count(**card) < plan.count(**card)).map(|c| (Action::Draft(*c), 1.0)),
            );
        }
    }
    if next.is_empty() {
        let used = |card: Slot| built.iter().map(|h| h.count(card)).sum::<u8>();
        let left: Vec<Slot> = MONSTER_KINDS.into_iter().filter(|c| used(*c) < COPIES).collect();
        let missing = left.iter().find(|c| built.get(current).is_some_and(|h| h.count(**c) == 0));
        next.extend(missing.or(left.first()).map(|c| (Action::Draft(*c), 1.0)));
    }
    Some(Strategy::from_weights(next))
}

impl SearchHints for Taunt {
    /// A monster's worth shows only long after it is built, past any playout: the computer
    /// builds from a plan (see [`planned_build`]).
    fn planned(view: &TauntView, seat: Seat) -> Option<Strategy<Action>> {
        planned_build(view, seat)
    }

    /// A random fight lasts about forty turns; the heuristic reads the track and the disabled
    /// cards well enough that a short look ahead is worth more than more long playouts.
    const PLAYOUT_HORIZON: usize = 10;

    /// A TAUNT simulation costs several times a PUNISH one (longer fights, two tracks to
    /// read), so each level runs two thirds of its simulations: Hard (about 4,000) decides in
    /// about 20 ms natively and 50 ms in a browser. At a third, Hard beat the greedy yardstick
    /// in 61% of fights; at two thirds, 76%. Measured with `dojo bot-eval taunt`.
    const SEARCH_EFFORT: f64 = 0.66;

    /// Fights of a series are nearly independent, so search scores the fight being played.
    /// The modes for more fighters are one fight: their end is the outcome.
    fn search_payoff(&self, root: &Self) -> Option<PerSeat<f64>> {
        if !self.options.battle.is_duel() {
            return dojo_engine::Game::outcome(self).map(|o| o.payoff(self.fighter_count()));
        }
        let horizon = if self.monsters.is_some() { MONSTERS_HORIZON } else { WAMPIRE_HORIZON };
        if (self.options.wampires || self.monsters.is_some())
            && self.results.len() == root.results.len()
            && self.turn >= root.turn + horizon
        {
            // Wampire fights are long and swing on who bites first: random play soon blurs
            // what a move did, so the blood count is read after a few turns.
            return Some(PerSeat::from_fn(self.fighter_count(), |s| self.heuristic(s)));
        }
        self.results.get(root.results.len()).map(|result| match result {
            Some(w) => Outcome::winner(*w, Seat::all(self.fighter_count())).payoff(self.fighter_count()),
            None => PerSeat::filled(self.fighter_count(), 0.5),
        })
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(o) = dojo_engine::Game::outcome(self) {
            return o.payoff(self.fighter_count())[seat];
        }
        let standing = |s: usize| {
            let c = &self.corners[s];
            if c.out {
                // Out of the circle, or a Team Spirit: the worst a fighter can stand.
                return -1.5;
            }
            if self.options.wampires {
                // A Wampire is read by its blood: the less it has, the fewer Peril letters in one
                // hit knock it out (one per ten of blood, plus one). Its cards come back each turn.
                if c.drained {
                    return -1.5;
                }
                let fragile = 1.0 / f64::from(knockout_peril(c.blood));
                let power = f64::from(c.charge) / f64::from(MAX_CHARGE);
                let guard = f64::from(c.blocks) / f64::from(self.block_max(s));
                return -0.3 * fragile + 0.8 * (f64::from(c.blood) / 60.0).min(1.0) + 0.08 * power + 0.05 * guard;
            }
            let critical = f64::from(self.critical(s));
            // A trainer loses by the disabled cards of all its monsters.
            let disabled = self.monsters.as_ref().map_or(c.disabled.len(), |m| m.trainers[s].disabled_count());
            let peril = disabled as f64 / DISABLED_TO_LOSE as f64;
            let hurt = f64::from(c.damage) / critical;
            let power = f64::from(c.charge) / f64::from(MAX_CHARGE);
            let guard = f64::from(c.blocks) / f64::from(self.block_max(s));
            -0.5 * peril * peril - 0.6 * peril - 0.25 * hurt + 0.08 * power + 0.05 * guard - if c.knocked_down { 0.1 } else { 0.0 }
        };
        let s = seat.index();
        if !self.options.battle.is_duel() {
            // One fight: a team reads as the mean of its two fighters against the other team's;
            // a fighter in a circle against the mean of everyone else.
            let n = self.fighter_count();
            let (mine, theirs): (Vec<usize>, Vec<usize>) = match self.options.battle {
                Battle::Team => (0..n).partition(|o| self.team_of(*o) == self.team_of(s)),
                _ => (vec![s], (0..n).filter(|o| *o != s).collect()),
            };
            let ours = mean(mine.iter().map(|o| standing(*o)), mine.len());
            let others = mean(theirs.iter().map(|o| standing(*o)), theirs.len());
            return (0.5 + 0.35 * (ours - others)).clamp(0.0, 1.0);
        }
        // Against the fighters this one's moves reach: with two fighters, the other one (the mean
        // of one reading is that reading, to the bit).
        let rivals = self.targets(s);
        let their = |read: &dyn Fn(usize) -> f64| mean(rivals.iter().map(read), rivals.len());
        let wins = (f64::from(self.wins[s]) - their(&|o| f64::from(self.wins[o]))) / f64::from(self.options.wins_needed());
        (0.5 + 0.35 * (standing(s) - their(&standing)) + 0.15 * wins).clamp(0.0, 1.0)
    }
}

/// The mean of `count` readings; 0 for none.
fn mean(readings: impl Iterator<Item = f64>, count: usize) -> f64 {
    if count == 0 { 0.0 } else { readings.sum::<f64>() / count as f64 }
}
