//! Training policies: external-sampling Monte Carlo counterfactual regret
//! minimisation (Lanctot et al., "Monte Carlo Sampling for Regret
//! Minimization in Extensive Games", 2009) for heads-up razz over the card
//! abstraction (docs/BOTS.md, "Training").
//!
//! Each iteration deals one deck (chance is sampled once) and walks the game
//! once for each seat as the *traverser*: at the traverser's decisions every
//! legal slot is tried and its regret updated; at the opponent's, one action
//! is drawn from the current strategy (regret matching), whose probabilities
//! are added to the average strategy with the iteration's number as weight
//! (linear averaging, which forgets the poor early strategies faster than a
//! plain average). The policy is the average strategy.
//!
//! On several threads, iterations run in parallel and update the shared
//! tables without locks (each entry an atomic; a rare lost update is noise
//! the sampling already has), so only `threads=1` is reproducible bit for
//! bit. Every sum is an `f64` and every step is done in a fixed order, so
//! the reference trainer (pure Python) finds the same numbers.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::abstraction::{self, slot_actions, INFOSETS, SLOTS};
use crate::error::{Error, Result};
use crate::event::Action;
use crate::hand::{DeckSource, Hand};
use crate::rng::{hand_seeds, Rng};
use crate::rules::Rules;
use crate::threads::run_in;

/// The trainer's tables: per information set and slot, the cumulative
/// regret and the weighted sum of the strategy played.
pub struct Trainer {
    rules: Rules,
    stacks: [u64; 2],
    seed: u64,
    regrets: Vec<AtomicU64>,
    sums: Vec<AtomicU64>,
    /// Iterations done, counting those of a checkpoint resumed.
    iterations: u64,
}

fn add(cell: &AtomicU64, value: f64) {
    let old = f64::from_bits(cell.load(Ordering::Relaxed));
    cell.store((old + value).to_bits(), Ordering::Relaxed);
}

fn read(cell: &AtomicU64) -> f64 {
    f64::from_bits(cell.load(Ordering::Relaxed))
}

/// `len` zeros, or the error that says memory ran out.
fn zeros(len: usize) -> Result<Vec<AtomicU64>> {
    let mut table = Vec::new();
    table.try_reserve_exact(len).map_err(|_| {
        Error::InvalidArgument(format!(
            "not enough memory for a trainer's table of {len} entries"
        ))
    })?;
    table.resize_with(len, || AtomicU64::new(0));
    Ok(table)
}

impl Trainer {
    /// A trainer for heads-up `rules` and `stacks`, seeded by `seed`.
    pub fn new(rules: Rules, stacks: &[u64], seed: u64) -> Result<Trainer> {
        let stacks: [u64; 2] = stacks.try_into().map_err(|_| {
            Error::InvalidArgument(format!(
                "training is heads-up: give 2 stacks, got {}",
                stacks.len()
            ))
        })?;
        // The rules and stacks must deal a hand (checked as every table's).
        Hand::new(rules, &stacks, DeckSource::Seed(0))?;
        Ok(Trainer {
            rules,
            stacks,
            seed,
            regrets: zeros(INFOSETS * SLOTS)?,
            sums: zeros(INFOSETS * SLOTS)?,
            iterations: 0,
        })
    }

    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The tables as plain numbers: regrets, then strategy sums.
    pub fn tables(&self) -> (Vec<f64>, Vec<f64>) {
        (
            self.regrets.iter().map(read).collect(),
            self.sums.iter().map(read).collect(),
        )
    }

    /// Resumes from a checkpoint's tables after `iterations` iterations.
    pub fn restore(&mut self, iterations: u64, regrets: &[f64], sums: &[f64]) -> Result<()> {
        if regrets.len() != self.regrets.len() || sums.len() != self.sums.len() {
            return Err(Error::InvalidArgument(format!(
                "a checkpoint's tables hold {} and {} entries; the abstraction has {}",
                regrets.len(),
                sums.len(),
                self.regrets.len()
            )));
        }
        for (cell, &value) in self
            .regrets
            .iter()
            .zip(regrets)
            .chain(self.sums.iter().zip(sums))
        {
            cell.store(value.to_bits(), Ordering::Relaxed);
        }
        self.iterations = iterations;
        Ok(())
    }

    /// Runs `count` more iterations on `threads` threads (one: in order,
    /// reproducible), stopping early once `stop` is set; returns how many
    /// ran. Iteration `k` (counting from 1 over the whole training) deals
    /// and draws from the generators of hand `k - 1` of the seed, so a
    /// resumed training goes on exactly where it left off.
    pub fn run(&mut self, count: u64, threads: Option<usize>, stop: &AtomicBool) -> Result<u64> {
        let first = self.iterations + 1;
        let end = first.saturating_add(count);
        let done = AtomicU64::new(0);
        let this = &*self;
        let one = |k: u64| {
            if !stop.load(Ordering::Relaxed) {
                this.iteration(k);
                done.fetch_add(1, Ordering::Relaxed);
            }
        };
        if threads == Some(1) {
            (first..end).for_each(one);
        } else {
            run_in(threads, || (first..end).into_par_iter().for_each(one))?;
        }
        let done = done.into_inner();
        self.iterations += done;
        Ok(done)
    }

    /// One iteration: a deal, walked once for each seat as traverser.
    pub fn iteration(&self, k: u64) {
        let (deck, decisions) = hand_seeds(self.seed, k - 1);
        let mut rng = Rng::new(decisions);
        let dealt = Hand::new(self.rules, &self.stacks, DeckSource::Seed(deck))
            .expect("the rules and stacks were checked");
        for traverser in 0..2 {
            let mut hand = dealt.clone();
            self.traverse(&mut hand, traverser, k as f64, &mut rng);
        }
    }

    /// The current strategy at an information set: each legal slot's
    /// positive regret over their sum, or uniform over the legal slots.
    fn current(&self, infoset: usize, slots: [Option<Action>; SLOTS]) -> [f64; SLOTS] {
        let row = &self.regrets[infoset * SLOTS..][..SLOTS];
        let mut sigma = [0.0; SLOTS];
        let mut total = 0.0;
        for s in 0..SLOTS {
            if slots[s].is_some() {
                sigma[s] = read(&row[s]).max(0.0);
                total += sigma[s];
            }
        }
        let legal = slots.iter().filter(|a| a.is_some()).count() as f64;
        for s in 0..SLOTS {
            if slots[s].is_some() {
                sigma[s] = if total > 0.0 {
                    sigma[s] / total
                } else {
                    1.0 / legal
                };
            }
        }
        sigma
    }

    /// The traverser's expected payoff from here, sampling the opponent.
    fn traverse(&self, hand: &mut Hand, traverser: usize, weight: f64, rng: &mut Rng) -> f64 {
        // Forced actions (a single legal slot, as a bring-in with no
        // completion possible) are no decisions: played as they come.
        let (actor, infoset, slots) = loop {
            let Some(actor) = hand.actor() else {
                return hand.payoffs()[traverser] as f64;
            };
            let slots = slot_actions(hand.legal_actions());
            let mut legal = slots.iter().flatten();
            match (legal.next(), legal.next()) {
                (Some(&only), None) => hand.act_legal(only),
                _ => break (actor, abstraction::of_hand(hand), slots),
            }
        };
        let sigma = self.current(infoset, slots);
        let row = infoset * SLOTS;
        if actor == traverser {
            let mut values = [0.0; SLOTS];
            let mut node = 0.0;
            for s in 0..SLOTS {
                if let Some(action) = slots[s] {
                    let mut child = hand.clone();
                    child.act_legal(action);
                    values[s] = self.traverse(&mut child, traverser, weight, rng);
                    node += sigma[s] * values[s];
                }
            }
            for s in 0..SLOTS {
                if slots[s].is_some() {
                    add(&self.regrets[row + s], weight * (values[s] - node));
                }
            }
            return node;
        }
        for s in 0..SLOTS {
            if slots[s].is_some() {
                add(&self.sums[row + s], weight * sigma[s]);
            }
        }
        let action = sample(&sigma, slots, rng);
        hand.act_legal(action);
        self.traverse(hand, traverser, weight, rng)
    }

    /// The average strategy's rows (strategy sums; zeros where never
    /// reached), as `Policy::quantize` takes them.
    pub fn average(&self) -> Vec<[f64; SLOTS]> {
        self.sums
            .chunks_exact(SLOTS)
            .map(|row| std::array::from_fn(|s| read(&row[s])))
            .collect()
    }
}

/// A slot drawn from `sigma` over the legal slots: `u`, 53 bits of the
/// generator as a fraction, falls in the first slot whose running sum
/// passes it (the last legal slot if rounding leaves it past them all).
fn sample(sigma: &[f64; SLOTS], slots: [Option<Action>; SLOTS], rng: &mut Rng) -> Action {
    let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
    let mut running = 0.0;
    let mut last = None;
    for s in 0..SLOTS {
        if let Some(action) = slots[s] {
            running += sigma[s];
            last = Some(action);
            if u < running {
                return action;
            }
        }
    }
    last.expect("a decision has a legal action")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_is_reproducible_and_a_resume_goes_on_where_it_left_off() {
        let rules = Rules::default();
        let stop = AtomicBool::new(false);
        let mut a = Trainer::new(rules, &[40, 40], 3).unwrap();
        a.run(30, Some(1), &stop).unwrap();
        let mut b = Trainer::new(rules, &[40, 40], 3).unwrap();
        b.run(12, Some(1), &stop).unwrap();
        let (regrets, sums) = b.tables();
        let mut c = Trainer::new(rules, &[40, 40], 3).unwrap();
        c.restore(12, &regrets, &sums).unwrap();
        c.run(18, Some(1), &stop).unwrap();
        assert_eq!(a.tables(), c.tables());
        assert_eq!(c.iterations(), 30);
        assert!(a.tables().0.iter().any(|&r| r != 0.0));
        assert!(Trainer::new(rules, &[40, 40, 40], 3).is_err());
    }

    #[test]
    fn a_stop_ends_the_run_early() {
        let stop = AtomicBool::new(true);
        let mut t = Trainer::new(Rules::default(), &[40, 40], 3).unwrap();
        assert_eq!(t.run(100, Some(1), &stop).unwrap(), 0);
        assert_eq!(t.iterations(), 0);
    }
}
