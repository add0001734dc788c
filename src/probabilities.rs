//! What a strategy's action probabilities look like to the core: local
//! best response (`crate::lbr`) needs them, not just a sampled action, to
//! weigh the hidden holdings a strategy might have by Bayes' rule.

use crate::event::{Action, ActionSet};
use crate::hand::Hand;
use crate::policy::PolicyRef;
use crate::strategy::Strategy;

/// Action probabilities indexed by `Action as usize` (0..7): zero off the legal actions, summing to one.
pub type Probs = [f64; 7];

/// A strategy whose action probabilities the core can read (local best response needs them).
pub trait Probabilities: Sync {
    /// The hand's actor's probabilities, read from what that seat may know only (its own cards, the public state).
    fn probabilities(&self, hand: &Hand) -> Probs;
    /// True when the actor's own cards matter through their ranks only (suits never do): a range may then be tracked by rank classes.
    fn suit_blind(&self) -> bool {
        false
    }
}

/// Probability one on `action`.
pub fn certain(action: Action) -> Probs {
    let mut probs = [0.0; 7];
    probs[action as usize] = 1.0;
    probs
}

/// Equal probabilities over `legal`.
pub fn uniform(legal: ActionSet) -> Probs {
    let mut probs = [0.0; 7];
    let share = 1.0 / legal.len().max(1) as f64;
    for action in legal.iter() {
        probs[action as usize] = share;
    }
    probs
}

impl Probabilities for Strategy {
    /// Check/call and tight are deterministic (one action with probability
    /// one, the one `decide` picks); random is uniform over the legal
    /// actions, as `decide` draws it.
    fn probabilities(&self, hand: &Hand) -> Probs {
        match self {
            Strategy::Random => uniform(hand.legal_actions()),
            // Neither draws from the generator, so any will do.
            _ => certain(self.decide(hand, &mut crate::rng::Rng::new(0))),
        }
    }

    /// Every built-in reads its own cards through the running low key (a
    /// set of ranks) and their count: never suits, nor their order.
    fn suit_blind(&self) -> bool {
        true
    }
}

impl Probabilities for PolicyRef {
    fn probabilities(&self, hand: &Hand) -> Probs {
        self.get().probabilities(hand)
    }

    /// The abstraction reads ranks only, and the down cards' unordered.
    fn suit_blind(&self) -> bool {
        true
    }
}

#[cfg(test)]
// The floats compared here are exact: whole counts, zeros and ones.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::hand::DeckSource;
    use crate::rng::Rng;
    use crate::rules::Rules;

    /// Over many random hands and decisions, each built-in's probabilities
    /// put one on what `decide` picks (the deterministic ones) or are
    /// uniform over the legal actions (random).
    #[test]
    fn builtin_probabilities_agree_with_decide() {
        let mut hand = Hand::new(Rules::default(), &[60, 45, 200], DeckSource::Seed(0)).unwrap();
        hand.set_record_history(false);
        let mut rng = Rng::new(3);
        let mut decisions = 0;
        for deal in 0..400 {
            hand.redeal(DeckSource::Seed(deal));
            while hand.actor().is_some() {
                let legal = hand.legal_actions();
                for strategy in Strategy::ALL {
                    let probs = strategy.probabilities(&hand);
                    assert!((probs.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                    for action in Action::ALL {
                        if !legal.contains(action) {
                            assert_eq!(probs[action as usize], 0.0, "{strategy:?} {action:?}");
                        }
                    }
                    if strategy == Strategy::Random {
                        assert_eq!(probs, uniform(legal));
                    } else {
                        let picked = strategy.decide(&hand, &mut rng);
                        assert_eq!(probs, certain(picked), "{strategy:?}");
                    }
                    assert!(strategy.suit_blind());
                }
                decisions += 1;
                Strategy::Random.play(&mut hand, &mut rng);
            }
        }
        assert!(decisions > 2000);
    }
}
