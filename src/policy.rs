//! Policies: stochastic strategies the core plays at full speed (docs/BOTS.md).
//! A policy holds, for every abstract information set of the
//! [`abstraction`](crate::abstraction), an integer weight per action slot
//! (fold, passive, aggressive); a legal action's probability is its slot's
//! weight over the legal slots' sum. Integer weights make the sampling exact
//! and the same in the reference: equal weights draw exactly as the
//! built-in "random" does, and a single positive weight draws nothing, as
//! a deterministic strategy does.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};

use crate::abstraction::{self, slot_actions, INFOSETS, SLOTS};
use crate::error::{Error, Result};
use crate::event::Action;
use crate::hand::Hand;
use crate::pots::MAX_SEATS;
use crate::rng::Rng;

/// The weights of one information set's slots.
pub type Weights = [u16; SLOTS];

/// A row's weights sum to this once probabilities are quantized.
pub const WEIGHT_TOTAL: u16 = u16::MAX;

#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    players: u8,
    weights: Box<[Weights]>,
}

impl Policy {
    /// A policy for `players` seats from one row of weights per information
    /// set, checked: as many rows as the abstraction has information sets.
    pub fn new(players: usize, weights: Vec<Weights>) -> Result<Policy> {
        if !(2..=MAX_SEATS).contains(&players) {
            return Err(Error::InvalidArgument(format!(
                "a policy is for 2 to {MAX_SEATS} players, got {players}"
            )));
        }
        if weights.len() != INFOSETS {
            return Err(Error::InvalidArgument(format!(
                "a policy over the {} abstraction (version {}) has {INFOSETS} information sets, got {}",
                abstraction::NAME,
                abstraction::VERSION,
                weights.len()
            )));
        }
        Ok(Policy {
            players: players as u8,
            weights: weights.into_boxed_slice(),
        })
    }

    /// Probabilities to weights: each row scaled to sum to [`WEIGHT_TOTAL`]
    /// and rounded (a row of zeros stays zeros: uniform over what is legal).
    /// Equal probabilities give equal weights.
    pub fn quantize(row: [f64; SLOTS]) -> Result<Weights> {
        if row.iter().any(|p| !p.is_finite() || *p < 0.0) {
            return Err(Error::InvalidArgument(format!(
                "probabilities must be finite and non-negative, got {row:?}"
            )));
        }
        let sum: f64 = row.iter().sum();
        if sum == 0.0 {
            return Ok([0; SLOTS]);
        }
        Ok(row.map(|p| (p / sum * f64::from(WEIGHT_TOTAL)).round() as u16))
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    pub fn weights(&self) -> &[Weights] {
        &self.weights
    }

    /// Each legal action's weight at this information set, in `Action`
    /// order (zero rows count as all ones: uniform over the legal slots).
    #[inline]
    fn legal_weights(
        &self,
        infoset: usize,
        hand_legal: crate::event::ActionSet,
    ) -> [(Option<Action>, u64); SLOTS] {
        let row = self.weights[infoset];
        let actions = slot_actions(hand_legal);
        let mut out = [(None, 0); SLOTS];
        let mut any = false;
        for slot in 0..SLOTS {
            if let Some(action) = actions[slot] {
                out[slot] = (Some(action), u64::from(row[slot]));
                any |= row[slot] > 0;
            }
        }
        if !any {
            for entry in out.iter_mut().filter(|e| e.0.is_some()) {
                entry.1 = 1;
            }
        }
        out
    }

    /// The action of the hand's actor, drawn from its weights with the
    /// hand's decision generator: `below(sum)` picks the first legal slot
    /// whose running sum passes it; with one positive weight, no draw.
    // Out of line: the loops it is played in inline the built-ins' decisions,
    // whose registers it should not take.
    #[inline(never)]
    pub fn decide(&self, hand: &Hand, rng: &mut Rng) -> Action {
        let infoset = abstraction::of_hand(hand);
        let weights = self.legal_weights(infoset, hand.legal_actions());
        let positive = weights.iter().filter(|(_, w)| *w > 0).count();
        if positive == 1 {
            let (action, _) = weights
                .iter()
                .find(|(_, w)| *w > 0)
                .expect("one is positive");
            return action.expect("a positive weight is a legal slot's");
        }
        let total: u64 = weights.iter().map(|(_, w)| w).sum();
        let x = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
        let mut running = 0;
        for (action, weight) in weights {
            running += weight;
            if x < running {
                return action.expect("a positive weight is a legal slot's");
            }
        }
        unreachable!("the draw is below the sum of the weights")
    }

    /// The probability of each action (indexed as `Action`) at an
    /// information set, given the legal actions.
    pub fn probabilities_at(&self, infoset: usize, legal: crate::event::ActionSet) -> [f64; 7] {
        let weights = self.legal_weights(infoset, legal);
        let total: u64 = weights.iter().map(|(_, w)| w).sum();
        let mut out = [0.0; 7];
        for (action, weight) in weights {
            if let Some(action) = action {
                out[action as usize] = weight as f64 / total as f64;
            }
        }
        out
    }

    /// The probability of each action of the hand's actor.
    pub fn probabilities(&self, hand: &Hand) -> [f64; 7] {
        self.probabilities_at(abstraction::of_hand(hand), hand.legal_actions())
    }

    /// The policy as strategies hold it: kept for the life of the process,
    /// so that every thread of every run reads it with no reference
    /// counting, and named by a small number, so that a `Strategy` stays
    /// as small as the built-ins need (a wider one slowed the simulation
    /// loops). An equal policy registered before is reused, so loading the
    /// same file again takes no more memory. Past [`MAX_POLICIES`] distinct
    /// policies in one process, an error.
    pub fn register(self) -> Result<PolicyRef> {
        static KEPT: OnceLock<Mutex<HashMap<u64, Vec<u16>>>> = OnceLock::new();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut hasher);
        let key = hasher.finish();
        let mut kept = KEPT
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let registered: usize = kept.values().map(Vec::len).sum();
        let same = kept.entry(key).or_default();
        if let Some(&id) = same.iter().find(|&&id| *PolicyRef(id).get() == self) {
            return Ok(PolicyRef(id));
        }
        if registered >= MAX_POLICIES {
            return Err(Error::InvalidArgument(format!(
                "a process holds at most {MAX_POLICIES} distinct policies"
            )));
        }
        let policy: &'static Policy = Box::leak(Box::new(self));
        let id = registered as u16;
        // (Under the lock: slots are filled in order, each once.)
        let _ = REGISTERED[registered].set(policy);
        same.push(id);
        Ok(PolicyRef(id))
    }
}

/// The most distinct policies one process registers.
pub const MAX_POLICIES: usize = 4096;

static REGISTERED: [OnceLock<&'static Policy>; MAX_POLICIES] =
    [const { OnceLock::new() }; MAX_POLICIES];

/// A registered policy as a strategy holds it: its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyRef(u16);

impl PolicyRef {
    /// The policy.
    #[inline]
    pub fn get(self) -> &'static Policy {
        REGISTERED[self.0 as usize]
            .get()
            .expect("a PolicyRef is made only by registering its policy")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::DeckSource;
    use crate::rules::Rules;
    use crate::strategy::Strategy;

    fn uniform(players: usize) -> &'static Policy {
        Policy::new(players, vec![[1, 1, 1]; INFOSETS])
            .unwrap()
            .register()
            .unwrap()
            .get()
    }

    #[test]
    fn a_uniform_policy_draws_as_random_and_a_pure_one_as_check_call() {
        let call = Policy::new(2, vec![[0, 5, 0]; INFOSETS])
            .unwrap()
            .register()
            .unwrap()
            .get();
        for seed in 0..200 {
            let stacks = [40, 40, 40];
            let mut a = Hand::new(Rules::default(), &stacks, DeckSource::Seed(seed)).unwrap();
            let mut b = a.clone();
            let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
            while a.actor().is_some() {
                let (x, y) = (
                    Strategy::Random.decide(&a, &mut ra),
                    uniform(3).decide(&b, &mut rb),
                );
                assert_eq!(x, y);
                a.act_legal(x);
                b.act_legal(y);
            }
            let mut c = Hand::new(Rules::default(), &stacks[..2], DeckSource::Seed(seed)).unwrap();
            while c.actor().is_some() {
                let before = rb.clone();
                let action = call.decide(&c, &mut rb);
                assert_eq!(rb, before, "a pure policy draws nothing");
                assert_eq!(action, Strategy::CheckCall.decide(&c, &mut rb));
                c.act_legal(action);
            }
        }
    }

    #[test]
    fn registering_reuses_an_equal_policy_and_quantizing_keeps_ties() {
        assert!(std::ptr::eq(uniform(4), uniform(4)));
        assert!(!std::ptr::eq(uniform(4), uniform(5)));
        let q = Policy::quantize([1.0 / 3.0; 3]).unwrap();
        assert_eq!(q, [21845; 3]);
        assert_eq!(
            Policy::quantize([0.0, 2.0, 6.0]).unwrap(),
            [0, 16384, 49151]
        );
        assert!(Policy::quantize([f64::NAN, 1.0, 0.0]).is_err());
        assert!(Policy::new(2, vec![[1, 1, 1]; 3]).is_err());
        assert!(Policy::new(9, vec![[1, 1, 1]; INFOSETS]).is_err());
    }
}
