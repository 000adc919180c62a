//! Mixed strategies: probabilities over actions.

use dojo_engine::Rng;
use serde::{Deserialize, Serialize};

/// A probability for each action; the probabilities sum to 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Strategy<A> {
    /// Actions with their probabilities, most likely first.
    pub weights: Vec<(A, f64)>,
}

impl<A: Clone> Strategy<A> {
    /// The same probability for every action.
    pub fn uniform(actions: &[A]) -> Self {
        let p = 1.0 / actions.len().max(1) as f64;
        Strategy { weights: actions.iter().map(|a| (a.clone(), p)).collect() }
    }

    /// Normalises `weights` (negative ones count as zero; all zero becomes uniform) and sorts them.
    pub fn from_weights(mut weights: Vec<(A, f64)>) -> Self {
        let total: f64 = weights.iter().map(|(_, w)| w.max(0.0)).sum();
        let n = weights.len().max(1) as f64;
        for (_, w) in &mut weights {
            *w = if total > 0.0 { w.max(0.0) / total } else { 1.0 / n };
        }
        dojo_engine::sorting::sort_by(&mut weights, |a, b| b.1.total_cmp(&a.1));
        Strategy { weights }
    }

    /// Drops actions below `floor` probability (search noise) and renormalises.
    pub fn purified(&self, floor: f64) -> Self {
        let kept: Vec<(A, f64)> = self.weights.iter().filter(|(_, w)| *w >= floor).cloned().collect();
        if kept.is_empty() { self.clone() } else { Strategy::from_weights(kept) }
    }

    /// Mixes in the uniform strategy with weight `share` (0 keeps this strategy, 1 is uniform).
    pub fn mixed_with_uniform(&self, share: f64) -> Self {
        let n = self.weights.len().max(1) as f64;
        Strategy::from_weights(self.weights.iter().map(|(a, w)| (a.clone(), (1.0 - share) * w + share / n)).collect())
    }

    /// Draws one action.
    pub fn sample(&self, rng: &mut Rng) -> A {
        let ws: Vec<f64> = self.weights.iter().map(|(_, w)| *w).collect();
        self.weights[rng.weighted(&ws)].0.clone()
    }

    /// The most likely action.
    pub fn most_likely(&self) -> A {
        self.weights[0].0.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_normalise_sort_and_purify() {
        let s = Strategy::from_weights(vec![("a", 1.0), ("b", 3.0), ("c", -1.0)]);
        assert_eq!(s.weights, vec![("b", 0.75), ("a", 0.25), ("c", 0.0)]);
        let p = s.purified(0.3);
        assert_eq!(p.weights, vec![("b", 1.0)]);
        let m = p.mixed_with_uniform(1.0);
        assert_eq!(m.weights, vec![("b", 1.0)]);
        let mut rng = Rng::new(1);
        assert_eq!(p.sample(&mut rng), "b");
    }
}
