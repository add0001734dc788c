//! `LbrRun`: an `exploitability` run (local best response, `crate::lbr`),
//! built once from the user's arguments and checked here in the order of
//! `razz_fast.exploitability`'s signature. The Python wrapper
//! (`razz_fast/_runs/exploitability.py`) cuts the run into batches of
//! chunks (progress bar, Ctrl-C) and sums them; `razz_fast.distributed`
//! sends the same object to its Dask workers (it pickles to its arguments).

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::conversion::{reduce, Hands, Progress, RulesArg, Seed, Stacks, Threads};
use super::interrupt::interruptible_or;
use super::policy::{policy_strategy, shipped_strategy};
use super::rules::PyRules;
use super::sim::{check_chunks, max_chunks_per_call};
use super::view::PyPlayerView;
use crate::card::{Card, DECK_SIZE};
use crate::event::Action;
use crate::hand::{DeckSource, Hand};
use crate::lbr::{self, LbrTable, Opponent, Responder};
use crate::policy::PolicyRef;
use crate::probabilities::{Probabilities, Probs};
use crate::rng::Rng;
use crate::sim::{self, plain_chunk};
use crate::strategy::Strategy;
use crate::threads::Pool;
use crate::view::PlayerView;

/// The strategy a local best response plays against, as the core reads
/// its probabilities.
enum Target {
    Builtin(Strategy),
    /// A `razz_fast.Policy` or the shipped blueprint.
    Policy(PolicyRef),
    /// A `probability_policy`: asked through its `checked(view)` method;
    /// whether it said it is suit-blind.
    Python(Py<PyAny>, bool),
}

impl Target {
    /// The strategy when the core reads its probabilities itself.
    fn core(&self) -> Option<&dyn Probabilities> {
        match self {
            Target::Builtin(strategy) => Some(strategy),
            Target::Policy(policy) => Some(policy),
            Target::Python(..) => None,
        }
    }
}

/// `strategy` as a target, or a TypeError that says what is needed.
fn target(strategy: &Bound<'_, PyAny>) -> PyResult<Target> {
    let py = strategy.py();
    if let Ok(name) = strategy.cast::<PyString>() {
        let name = name.to_cow()?;
        if let Some(policy) = shipped_strategy(py, &name, 2)? {
            return Ok(Target::Policy(policy));
        }
        return Strategy::from_name(&name)
            .map(Target::Builtin)
            .map_err(|e| PyValueError::new_err(e.to_string()));
    }
    if let Some(policy) = policy_strategy(strategy, 2)? {
        return Ok(Target::Policy(policy));
    }
    let marked = py
        .import("razz_fast.policy")?
        .getattr("ProbabilityPolicy")?;
    if strategy.is_instance(&marked)? {
        let suit_blind = strategy.getattr("suit_blind")?.is_truthy()?;
        return Ok(Target::Python(strategy.clone().unbind(), suit_blind));
    }
    let shown = strategy
        .repr()
        .map_or_else(|_| "?".into(), |r| r.to_string());
    if strategy.is_callable() {
        return Err(PyTypeError::new_err(format!(
            "exploitability needs the strategy's action probabilities, and {shown} returns an \
             action only: mark a callable with @razz_fast.probability_policy and have it \
             return a dict of Action to probability"
        )));
    }
    Err(PyTypeError::new_err(format!(
        "strategy must be a built-in strategy's name, a Policy or a callable marked with \
         @razz_fast.probability_policy, got {shown}"
    )))
}

/// A Python target's probabilities for the hand's actor: its view (with
/// the down cards the hand holds, hypothetical or not) to `checked`.
fn python_probs(f: &Py<PyAny>, hand: &Hand, stop: &AtomicBool) -> PyResult<Probs> {
    if stop.load(Ordering::Relaxed) {
        return Err(PyKeyboardInterrupt::new_err("interrupted"));
    }
    let view = PlayerView::of(hand, None)?;
    Python::attach(|py| {
        let view = PyPlayerView::handed(py, view)?;
        let answer = f.bind(py).call_method1("checked", (view.clone(),));
        PyPlayerView::keep(view);
        let list: Vec<f64> = answer?.extract()?;
        let mut probs = [0.0; 7];
        for (p, v) in probs.iter_mut().zip(list) {
            *p = v;
        }
        Ok(probs)
    })
}

/// LbrRun(strategy, hands, rules, stacks, seed, threads, progress)
///
/// An exploitability run's checked arguments (a random seed drawn for
/// `seed=None`), every argument of `exploitability` given in its order.
#[pyclass(frozen, module = "razz_fast._core")]
pub struct LbrRun {
    strategy: Py<PyAny>,
    target: Target,
    #[pyo3(get)]
    hands: u64,
    rules: RulesArg,
    #[pyo3(get)]
    stacks: Vec<u64>,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    threads: Option<usize>,
    #[pyo3(get)]
    progress: bool,
    /// Python strategies play on a pool of their own, built once a run
    /// (as `simulate`'s: a strategy that calls back into the library must
    /// not wait for the threads it holds).
    pool: Option<Pool>,
}

/// A batch's exact sums: hands and deals played, and for the responder in
/// seat 0 and in seat 1 its chips, their squares and hands; the squares of
/// its chips on each deal (both seats).
#[pyclass(frozen, module = "razz_fast._core")]
pub struct LbrSums {
    #[pyo3(get)]
    hands: u64,
    #[pyo3(get)]
    deals: u64,
    #[pyo3(get)]
    net: Vec<i128>,
    #[pyo3(get)]
    sum_sq: Vec<u128>,
    #[pyo3(get)]
    seat_hands: Vec<u64>,
    #[pyo3(get)]
    deal_sq: u128,
}

/// The two starting stacks of a heads-up table, or a ValueError.
fn heads_up_stacks(stacks: &Bound<'_, PyAny>, rules: &RulesArg) -> PyResult<Vec<u64>> {
    if let Ok(n) = stacks.len() {
        if n != 2 && !stacks.is_instance_of::<PyString>() {
            return Err(PyValueError::new_err(format!(
                "exploitability is heads-up: stacks must give 2 players, got {n}"
            )));
        }
    }
    Ok(Stacks::checked(stacks, 2, &rules.get())?.0)
}

#[pymethods]
impl LbrRun {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        strategy: &Bound<'_, PyAny>,
        hands: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
        progress: &Bound<'_, PyAny>,
    ) -> PyResult<LbrRun> {
        let target = target(strategy)?;
        let hands: Hands = hands.extract()?;
        if hands.0 % 2 == 1 {
            return Err(PyValueError::new_err(format!(
                "hands must be even (each deal is played with the responder in each seat), got {}",
                hands.0
            )));
        }
        let rules: RulesArg = rules.extract()?;
        let stacks = heads_up_stacks(stacks, &rules)?;
        Hand::new(rules.get(), &stacks, DeckSource::Seed(0))?;
        let seed = Seed::or_random(seed)?.0;
        let threads: Threads = threads.extract()?;
        let progress: Progress = progress.extract()?;
        // Python callables hold the GIL: one thread unless asked.
        let pool = match target.core() {
            None => Some(Pool::new(Some(threads.0.unwrap_or(1)))?),
            Some(_) => None,
        };
        Ok(LbrRun {
            strategy: strategy.clone().unbind(),
            target,
            hands: hands.0,
            rules,
            stacks,
            seed,
            threads: threads.0,
            progress: progress.0,
            pool,
        })
    }

    #[getter]
    fn strategy(&self, py: Python<'_>) -> Py<PyAny> {
        self.strategy.clone_ref(py)
    }

    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyRules> {
        self.rules.0.clone_ref(py)
    }

    /// How many chunks of `CHUNK` hands the run has.
    #[getter]
    fn chunks(&self) -> u64 {
        self.hands.div_ceil(sim::CHUNK)
    }

    /// The most chunks one `play` may take (its sums of squares are 128-bit).
    #[getter]
    fn max_chunks_per_call(&self) -> u64 {
        max_chunks_per_call(&self.stacks)
    }

    /// The big bet of the run's rules (results are in big bets).
    #[getter]
    fn big_bet(&self) -> u64 {
        self.rules.get().big_bet
    }

    /// play(first, count, cancelled=None)
    ///
    /// The exact sums of chunks `first .. first + count`, played without
    /// the GIL (a Python strategy takes it for its calls). `cancelled`, a
    /// callable, is polled while they play: once it returns true they stop
    /// and RuntimeError is raised. Ctrl-C stops them between two hands (or
    /// two calls of a Python strategy).
    #[pyo3(signature = (first, count, cancelled=None))]
    fn play(
        &self,
        py: Python<'_>,
        first: u64,
        count: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<LbrSums> {
        check_chunks(first, count, self.chunks())?;
        let table = LbrTable {
            rules: self.rules.get(),
            stacks: &self.stacks,
            seed: self.seed,
            hands: self.hands,
        };
        let totals = match (&self.target, self.target.core()) {
            (_, Some(strategy)) => {
                let probs = |hand: &Hand| Ok::<_, PyErr>(strategy.probabilities(hand));
                let opponent = Opponent {
                    probs: &probs,
                    suit_blind: strategy.suit_blind(),
                };
                interruptible_or(py, cancelled, |stop| {
                    lbr::lbr_chunks(
                        &table,
                        first,
                        count,
                        self.threads,
                        stop,
                        &opponent,
                        false,
                        &plain_chunk,
                    )
                })??
            }
            (Target::Python(f, suit_blind), None) => {
                let pool = self.pool.as_ref().expect("a Python strategy has its pool");
                interruptible_or(py, cancelled, |stop| {
                    let probs = |hand: &Hand| python_probs(f, hand, stop);
                    let opponent = Opponent {
                        probs: &probs,
                        suit_blind: *suit_blind,
                    };
                    // A thread state once a chunk, the GIL kept for it (as
                    // `simulate`'s per-decision strategies).
                    let around = |chunk: &mut (dyn FnMut() + Send)| Python::attach(|_| chunk());
                    pool.install(|| {
                        lbr::lbr_chunks(&table, first, count, None, stop, &opponent, true, &around)
                    })
                })??
            }
            (Target::Builtin(_) | Target::Policy(_), None) => {
                unreachable!("a built-in or a policy is read in the core")
            }
        };
        Ok(LbrSums {
            hands: totals.hands,
            deals: totals.deals,
            net: totals.net.to_vec(),
            sum_sq: totals.sum_sq.to_vec(),
            seat_hands: totals.seat_hands.to_vec(),
            deal_sq: totals.deal_sq,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let run = slf.get();
        let args = (
            run.strategy.clone_ref(py),
            run.hands,
            run.rules.0.clone_ref(py),
            run.stacks.clone(),
            run.seed,
            run.threads,
            run.progress,
        );
        reduce(slf.as_any(), args)
    }
}

/// What `lbr_spot` returns: the range by rank class, and the action values.
type Spot = (Vec<(Vec<u8>, f64)>, Option<Vec<Option<f64>>>);

/// lbr_spot(strategy, rules, stacks, deck, actions, seat)
///
/// The responder's view of a spot, for tests against the reference: the
/// hand dealt from `deck` (all 52 cards) with `actions` played, the
/// responder in `seat` observing the opponent's actions (Bayes' rule on
/// the strategy's probabilities). Returns the opponent's range as
/// `(sorted down-card ranks, weight)` pairs (weights summing to one, one
/// pair per rank class) and, when `seat` is to act, the value of each
/// action (None where illegal; Monte Carlo before seventh street, from a
/// fixed generator, exact on it), else None.
#[pyfunction]
fn lbr_spot(
    strategy: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    stacks: &Bound<'_, PyAny>,
    deck: Vec<Card>,
    actions: Vec<u8>,
    seat: usize,
) -> PyResult<Spot> {
    let target = target(strategy)?;
    let rules: RulesArg = rules.extract()?;
    let stacks = heads_up_stacks(stacks, &rules)?;
    let deck: [Card; DECK_SIZE] = deck
        .try_into()
        .map_err(|_| PyValueError::new_err("deck must hold all 52 cards"))?;
    if seat > 1 {
        return Err(PyValueError::new_err(format!(
            "seat must be 0..1, got {seat}"
        )));
    }
    let mut hand = Hand::new(rules.get(), &stacks, DeckSource::Cards(deck))?;
    let stop = AtomicBool::new(false);
    let (in_core, python);
    let probs: &(dyn Fn(&Hand) -> PyResult<Probs> + Sync) = match (&target, target.core()) {
        (_, Some(s)) => {
            in_core = move |h: &Hand| Ok(s.probabilities(h));
            &in_core
        }
        (Target::Python(f, _), None) => {
            python = |h: &Hand| python_probs(f, h, &stop);
            &python
        }
        (Target::Builtin(_) | Target::Policy(_), None) => {
            unreachable!("a built-in or a policy is read in the core")
        }
    };
    let opponent = Opponent {
        probs,
        suit_blind: match &target {
            Target::Python(_, suit_blind) => *suit_blind,
            Target::Builtin(_) | Target::Policy(_) => {
                target.core().is_some_and(Probabilities::suit_blind)
            }
        },
    };
    let mut me = Responder::new(seat, opponent.suit_blind);
    for a in actions {
        let action = Action::from_index(i64::from(a))
            .filter(|&x| hand.legal_actions().contains(x))
            .ok_or_else(|| PyValueError::new_err(format!("action {a} is not legal here")))?;
        if hand.actor() == Some(1 - seat) {
            me.observe(&hand, &opponent, action)?;
        }
        hand.act_legal(action);
    }
    let mut sums = std::collections::BTreeMap::<Vec<u8>, f64>::new();
    let live = me.live(&hand).to_vec();
    let total: f64 = live.iter().map(|l| l.weight).sum();
    for l in &live {
        let mut ranks: Vec<u8> = l.cards[..me.range.down()].iter().map(|c| c / 4).collect();
        ranks.sort_unstable();
        *sums.entry(ranks).or_insert(0.0) += l.weight / total;
    }
    let values = if hand.actor() == Some(seat) {
        let mut rng = Rng::new(0);
        Some(me.values(&hand, &opponent, &mut rng)?.to_vec())
    } else {
        None
    };
    Ok((sums.into_iter().collect(), values))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LbrRun>()?;
    m.add_class::<LbrSums>()?;
    m.add_function(wrap_pyfunction!(lbr_spot, m)?)?;
    Ok(())
}
