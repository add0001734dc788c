//! What the run objects of `simulate` and `match` (`sim_run`, `match_run`)
//! share: their seats as the core plays them (`Seats`), with the Python
//! strategies behind them and the thread pool those play on, and the checks
//! of what a Python strategy returns. Ctrl-C stops a batch between two
//! decisions (`interrupt`).

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError};
use pyo3::prelude::*;

use super::args::index_of;
use super::conversion::{Kind, Strategies};
use super::events::member_action;
use super::interrupt::{interruptible_or, interruptible_with, InPython};
use super::tables::{actions_arg, PyBatch};
use super::view::PyPlayerView;
use crate::error::Error;
use crate::event::{Action, ActionSet};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::sim::{self, Deciders, Player};
use crate::threads::Pool;
use crate::view::PlayerView;

/// `value` as an action that is legal now, or the error that says why not.
fn legal_action(who: &str, legal: ActionSet, value: i64, shown: &str) -> PyResult<Action> {
    let action = Action::from_index(value).ok_or_else(|| {
        Error::IllegalAction(format!("{who} returned {shown}, which is not an Action"))
    })?;
    if !legal.contains(action) {
        let names: Vec<&str> = legal.iter().map(Action::name).collect();
        return Err(Error::IllegalAction(format!(
            "{who} returned {}, which is not legal now (legal: {})",
            action.name(),
            names.join(", ")
        ))
        .into());
    }
    Ok(action)
}

/// The action a per-decision strategy returned, checked: an int that is a
/// legal action for this hand.
fn checked_action(seat: usize, legal: ActionSet, value: &Bound<'_, PyAny>) -> PyResult<Action> {
    if let Some(action) = member_action(value).filter(|&a| legal.contains(a)) {
        return Ok(action);
    }
    // Shown only in an error: a repr per decision would cost more than it.
    let shown = || value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
    let Some(index) = index_of(value)? else {
        return Err(PyTypeError::new_err(format!(
            "strategy of seat {seat} must return an Action, got {}",
            shown()
        )));
    };
    // An int too large for i64 is still an int: not an Action, like -1.
    let index: i64 = index.extract().unwrap_or(i64::MAX);
    match Action::from_index(index) {
        Some(action) if legal.contains(action) => Ok(action),
        _ => legal_action(&format!("strategy of seat {seat}"), legal, index, &shown()),
    }
}

/// `f(arg)`. The stable ABI of Python 3.9 has no vectorcall, so PyO3 builds
/// an argument tuple for every call; `PyObject_CallFunctionObjArgs` (stable
/// ABI) passes its arguments on the C stack instead, which spares a tuple's
/// allocation and release on every decision of a per-decision strategy.
fn call_one<'py>(f: &Bound<'py, PyAny>, arg: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = f.py();
    // SAFETY: both objects are alive for the call (borrowed), the argument
    // list ends with the NULL the C function requires, and the result is a
    // new reference or NULL with an exception set, as `from_owned_ptr_or_err`
    // expects.
    unsafe {
        let result = pyo3::ffi::PyObject_CallFunctionObjArgs(
            f.as_ptr(),
            arg.as_ptr(),
            std::ptr::null_mut::<pyo3::ffi::PyObject>(),
        );
        Bound::from_owned_ptr_or_err(py, result)
    }
}

/// A run's seats as the core plays them, checked once when the run object
/// is built: each seat's player, the Python callables behind the ones that
/// are not built in (per seat for per-decision strategies, per policy for
/// batch policies: one entry per distinct policy object), and, where Python
/// strategies play, the thread pool every batch of the run reuses.
pub struct Seats {
    pub players: Vec<Player>,
    callables: Vec<Option<Py<PyAny>>>,
    policies: Vec<Py<PyAny>>,
    threads: Option<usize>,
    big_bet: u64,
    /// Python strategies play on a pool of their own, so a strategy that
    /// calls back into the library (whose long calls use rayon's global
    /// pool) never waits for a thread that waits for it. Starting threads
    /// costs far more than a short batch, so it is built once per run.
    pool: Option<Pool>,
}

impl Seats {
    pub fn new(
        py: Python<'_>,
        strategies: &Strategies,
        rules: &Rules,
        threads: Option<usize>,
    ) -> PyResult<Seats> {
        let mut players = Vec::with_capacity(strategies.0.len());
        let mut callables = Vec::with_capacity(strategies.0.len());
        let mut policies: Vec<Py<PyAny>> = Vec::new();
        for strategy in &strategies.0 {
            let given = strategy.given.bind(py);
            match strategy.kind {
                Kind::Builtin(builtin) => {
                    players.push(Player::Builtin(builtin));
                    callables.push(None);
                }
                Kind::Policy(policy) => {
                    players.push(Player::Policy(policy));
                    callables.push(None);
                }
                Kind::Batch => {
                    let id = match policies.iter().position(|p| p.bind(py).is(given)) {
                        Some(id) => id,
                        None => {
                            policies.push(given.clone().unbind());
                            policies.len() - 1
                        }
                    };
                    players.push(Player::Batch(id as u8));
                    callables.push(None);
                }
                Kind::PerDecision => {
                    players.push(Player::External(callables.len() as u8));
                    callables.push(Some(given.clone().unbind()));
                }
            }
        }
        let builtin = players.iter().all(|p| p.in_core());
        let pool = if builtin {
            None
        } else {
            // Per-decision callables hold the GIL for most of their time:
            // more threads than one would only queue for it.
            let only_batch = callables.iter().all(Option::is_none);
            let threads = threads.unwrap_or(if only_batch {
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
            } else {
                1
            });
            Some(Pool::new(Some(threads))?)
        };
        Ok(Seats {
            players,
            callables,
            policies,
            threads,
            big_bet: rules.big_bet,
            pool,
        })
    }

    /// How many threads the run's own pool has: None when only built-in
    /// strategies play (they need none: they run on the caller's threads).
    pub fn pool_threads(&self) -> Option<usize> {
        self.pool.as_ref().map(Pool::current_num_threads)
    }

    /// `work(deciders, stop, threads)` without the GIL, stopped by Ctrl-C
    /// or once `cancelled()` returns true (a Dask task's stop flag,
    /// `interrupt`): on the caller's threads for built-in seats only; else
    /// on the run's pool. The calls into Python take the GIL one decision
    /// or one batch at a time, and Ctrl-C stops the run before the next one.
    pub fn play<T: Send>(
        &self,
        py: Python<'_>,
        cancelled: Option<&Bound<'_, PyAny>>,
        work: impl Fn(&Deciders<'_, PyErr>, &AtomicBool, Option<usize>) -> PyResult<T> + Sync,
    ) -> PyResult<T> {
        let Some(pool) = &self.pool else {
            let builtin = sim::builtin_only();
            let deciders = Deciders {
                external: &|_, _| Err(PyTypeError::new_err("no Python strategy here")),
                batch: &|_, _| Err(PyTypeError::new_err("no Python strategy here")),
                around_chunk: builtin.around_chunk,
            };
            return interruptible_or(py, cancelled, |stop| work(&deciders, stop, self.threads))?;
        };
        let only_batch = self.callables.iter().all(Option::is_none);
        let big_bet = self.big_bet;
        let (callables, policies) = (&self.callables, &self.policies);
        // The pool's threads in a strategy now: Ctrl-C raises in them too.
        let in_python = InPython::default();
        let in_python = &in_python;
        let run = |stop: &AtomicBool| -> PyResult<T> {
            let interrupted = || {
                stop.load(Ordering::Relaxed)
                    .then(|| PyKeyboardInterrupt::new_err("interrupted"))
            };
            let external = |id: u8, hand: &Hand| -> PyResult<Action> {
                if let Some(e) = interrupted() {
                    return Err(e);
                }
                let view = PlayerView::of(hand, None)?;
                let (seat, legal) = (view.seat(), view.legal_actions());
                Python::attach(|py| {
                    let f = callables[id as usize]
                        .as_ref()
                        .ok_or_else(|| PyTypeError::new_err("no strategy for this seat"))?;
                    let view = PyPlayerView::handed(py, view)?;
                    let value = in_python.calling(|| call_one(f.bind(py), &view));
                    PyPlayerView::keep(view);
                    checked_action(seat, legal, &value?)
                })
            };
            let batch = |policy: u8, hands: &[&Hand]| -> PyResult<Vec<Action>> {
                if let Some(e) = interrupted() {
                    return Err(e);
                }
                Python::attach(|py| {
                    batch_actions(py, &policies[policy as usize], hands, big_bet, in_python)
                })
            };
            // Attaching a thread to Python the first time makes it a thread
            // state, which costs more than a decision: that is done once a
            // chunk. Batch policies then give the GIL back between their
            // calls, so other threads play on; per-decision strategies keep
            // it for the chunk, since they call Python all the time (Python
            // still hands the GIL to the main thread for Ctrl-C while a
            // strategy runs).
            let around_chunk = |chunk: &mut (dyn FnMut() + Send)| {
                Python::attach(|py| {
                    if only_batch {
                        py.detach(chunk);
                    } else {
                        chunk();
                    }
                });
            };
            let deciders = Deciders {
                external: &external,
                batch: &batch,
                around_chunk: &around_chunk,
            };
            pool.install(|| work(&deciders, stop, None))
        };
        interruptible_with(py, cancelled, Some(in_python), run)?
    }
}

/// `first_chunk .. first_chunk + n_chunks` as chunks of a run of `chunks`,
/// or the error that says why not.
pub fn check_chunks(first_chunk: u64, n_chunks: u64, chunks: u64) -> PyResult<()> {
    if first_chunk
        .checked_add(n_chunks)
        .is_none_or(|end| end > chunks)
    {
        return Err(Error::InvalidArgument(format!(
            "chunks {first_chunk}..+{n_chunks} are outside the run's {chunks}"
        ))
        .into());
    }
    Ok(())
}

/// The most chunks one core call may play: the core sums squared payoffs
/// in 128 bits, which with stacks near the chip limit bounds the hands per
/// call (Python ints take over between calls).
pub fn max_chunks_per_call(stacks: &[u64]) -> u64 {
    let biggest_payoff = 8 * u128::from(stacks.iter().copied().max().unwrap_or(1));
    let per_chunk = biggest_payoff * biggest_payoff * u128::from(sim::CHUNK);
    ((1u128 << 126) / per_chunk).clamp(1, 1 << 14) as u64
}

/// The error of a batch whose sums of squares overflowed.
pub fn overflow() -> PyErr {
    Error::InvalidArgument(
        "the sums of squared payoffs overflow 128 bits: play fewer chunks per call".into(),
    )
    .into()
}

/// A batch policy's actions for `hands`, each checked.
fn batch_actions(
    py: Python<'_>,
    policy: &Py<PyAny>,
    hands: &[&Hand],
    big_bet: u64,
    in_python: &InPython,
) -> PyResult<Vec<Action>> {
    let batch = PyBatch::of(py, hands, big_bet)?;
    let value = in_python.calling(|| policy.bind(py).call1((batch,)))?;
    let actions = actions_arg(py, &value, hands.len())
        .map_err(|e| PyTypeError::new_err(format!("a batch policy's result: {}", e.value(py))))?;
    hands
        .iter()
        .zip(&actions.values)
        .enumerate()
        .map(|(row, (hand, &a))| {
            let legal = hand.legal_actions();
            match Action::from_index(a) {
                Some(action) if legal.contains(action) => Ok(action),
                _ => {
                    let seat = hand.actor().unwrap_or(0);
                    let who = format!("batch policy of seat {seat} (row {row})");
                    legal_action(&who, legal, a, &actions.shown(a))
                }
            }
        })
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHUNK", sim::CHUNK)?;
    Ok(())
}
