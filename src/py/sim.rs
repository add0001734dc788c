//! `simulate_chunks`: the compiled simulation loop for the Python wrapper in
//! `razz_fast/simulate.py`, which cuts a run into batches of chunks (for the
//! progress bar) and merges their exact sums. Ctrl-C stops a batch between
//! two decisions (`interrupt`).

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::args::{checked_threads, index_of};
use super::errors::type_error;
use super::interrupt::interruptible;
use super::rules::PyRules;
use super::tables::{actions_arg, PyBatch};
use super::view::PyPlayerView;
use crate::error::Error;
use crate::event::{Action, ActionSet};
use crate::hand::{DeckSource, Hand};
use crate::sim::{self, Deciders, Player, Table, Totals};
use crate::strategy::Strategy;
use crate::view::PlayerView;

/// Sums of a batch: (hands, net per seat, sum of squared payoffs per seat,
/// showdowns, [(rank, count)] of winning ranks).
type Sums = (u64, Vec<i128>, Vec<u128>, u64, Vec<(usize, u64)>);

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

/// Each seat's player, and the Python callables behind the ones that are
/// not built in: per seat for per-decision strategies, per policy for batch
/// policies (one entry per distinct policy object).
type Seats = (Vec<Player>, Vec<Option<Py<PyAny>>>, Vec<Py<PyAny>>);

fn players(strategies: &[Bound<'_, PyAny>], batch: &[bool]) -> PyResult<Seats> {
    let mut players = Vec::with_capacity(strategies.len());
    let mut callables = Vec::with_capacity(strategies.len());
    let mut policies: Vec<Py<PyAny>> = Vec::new();
    for (strategy, &is_batch) in strategies.iter().zip(batch) {
        if let Ok(name) = strategy.cast::<PyString>() {
            players.push(Player::Builtin(Strategy::from_name(&name.to_cow()?)?));
            callables.push(None);
        } else if !strategy.is_callable() {
            return Err(type_error(
                "a strategy must be a name or a callable",
                strategy,
            ));
        } else if is_batch {
            let id = match policies
                .iter()
                .position(|p| p.bind(strategy.py()).is(strategy))
            {
                Some(id) => id,
                None => {
                    policies.push(strategy.clone().unbind());
                    policies.len() - 1
                }
            };
            players.push(Player::Batch(id as u8));
            callables.push(None);
        } else {
            players.push(Player::External);
            callables.push(Some(strategy.clone().unbind()));
        }
    }
    Ok((players, callables, policies))
}

/// simulate_chunks(rules, stacks, strategies, batch, seed, hands, first_chunk, n_chunks, threads=None)
///
/// Plays chunks `first_chunk .. first_chunk + n_chunks` of a run of `hands`
/// hands without the GIL (Python strategies take it for their call only).
/// `batch[seat]` marks the seats whose callable is a batch policy.
#[pyfunction]
#[pyo3(signature = (rules, stacks, strategies, batch, seed, hands, first_chunk, n_chunks, threads=None))]
#[allow(clippy::too_many_arguments)]
fn simulate_chunks(
    py: Python<'_>,
    rules: Bound<'_, PyRules>,
    stacks: Vec<u64>,
    strategies: Vec<Bound<'_, PyAny>>,
    batch: Vec<bool>,
    seed: u64,
    hands: u64,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
) -> PyResult<Sums> {
    let threads = checked_threads(threads)?;
    let core_rules = rules.get().inner;
    let chunks_in_run = hands.div_ceil(sim::CHUNK);
    if first_chunk
        .checked_add(n_chunks)
        .is_none_or(|end| end > chunks_in_run)
    {
        return Err(Error::InvalidArgument(format!(
            "chunks {first_chunk}..+{n_chunks} are outside the run's {chunks_in_run}"
        ))
        .into());
    }
    // Validates the table the way a Hand does (players, stacks).
    Hand::new(core_rules, &stacks, DeckSource::Seed(0))?;
    if strategies.len() != stacks.len() || batch.len() != stacks.len() {
        return Err(Error::InvalidArgument(format!(
            "{} strategies for {} players",
            strategies.len(),
            stacks.len()
        ))
        .into());
    }
    let (players, callables, policies) = players(&strategies, &batch)?;
    let table = Table {
        rules: core_rules,
        stacks: &stacks,
        players: &players,
        seed,
        hands,
    };
    let builtin_only = players.iter().all(|p| matches!(p, Player::Builtin(_)));
    let totals = if builtin_only {
        let deciders = sim::builtin_only();
        interruptible(py, |stop| {
            sim::simulate_chunks(&table, first_chunk, n_chunks, threads, stop, &deciders)
        })?
        .unwrap_or_else(|never| match never {})
    } else {
        play_with_python(
            py,
            &table,
            first_chunk,
            n_chunks,
            threads,
            &callables,
            &policies,
        )?
    };
    if totals.overflow {
        return Err(Error::InvalidArgument(
            "the sums of squared payoffs overflow 128 bits: play fewer chunks per call".into(),
        )
        .into());
    }
    Ok(sums(&totals, stacks.len()))
}

/// The chunks of a run with Python strategies. They run on a pool of their
/// own, so a strategy that calls back into the library (whose long calls use
/// rayon's global pool) never waits for a thread that waits for it; the
/// calls into Python take the GIL one decision or one batch at a time, and
/// Ctrl-C stops the run before the next one.
fn play_with_python(
    py: Python<'_>,
    table: &Table<'_>,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    callables: &[Option<Py<PyAny>>],
    policies: &[Py<PyAny>],
) -> PyResult<Totals> {
    // Per-decision callables hold the GIL for most of their time: more
    // threads than one would only queue for it.
    let only_batch = callables.iter().all(Option::is_none);
    let threads = threads.unwrap_or(if only_batch {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        1
    });
    let big_bet = table.rules.big_bet;
    let run = |stop: &AtomicBool| -> PyResult<Totals> {
        let interrupted = || {
            stop.load(Ordering::Relaxed)
                .then(|| PyKeyboardInterrupt::new_err("simulate was interrupted"))
        };
        let external = |seat: usize, hand: &Hand| -> PyResult<Action> {
            if let Some(e) = interrupted() {
                return Err(e);
            }
            let view = PlayerView::of(hand, Some(seat))?;
            Python::attach(|py| {
                let f = callables[seat]
                    .as_ref()
                    .ok_or_else(|| PyTypeError::new_err("no strategy for this seat"))?;
                let value = f.bind(py).call1((PyPlayerView::from(view),))?;
                checked_action(seat, hand.legal_actions(), &value)
            })
        };
        let batch = |policy: u8, hands: &[&Hand]| -> PyResult<Vec<Action>> {
            if let Some(e) = interrupted() {
                return Err(e);
            }
            Python::attach(|py| {
                let f = policies[policy as usize].bind(py);
                let value = f.call1((PyBatch::of(py, hands, big_bet)?,))?;
                let actions = actions_arg(py, &value, hands.len())
                    .map_err(|e| PyTypeError::new_err(format!("a batch policy's result: {e}")))?;
                hands
                    .iter()
                    .zip(actions)
                    .enumerate()
                    .map(|(row, (hand, a))| {
                        let who = format!(
                            "batch policy of seat {} (row {row})",
                            hand.actor().unwrap_or(0)
                        );
                        legal_action(&who, hand.legal_actions(), a, &a.to_string())
                    })
                    .collect()
            })
        };
        // Attaching a thread to Python the first time makes it a thread
        // state, which costs more than a decision: that is done once a
        // chunk. Batch policies then give the GIL back between their calls,
        // so other threads play on; per-decision strategies keep it for the
        // chunk, since they call Python all the time (Python still hands
        // the GIL to the main thread for Ctrl-C while a strategy runs).
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
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::InvalidArgument(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| sim::simulate_chunks(table, first_chunk, n_chunks, None, stop, &deciders))
    };
    interruptible(py, run)?
}

fn sums(totals: &Totals, n: usize) -> Sums {
    let ranks = totals
        .winning_ranks
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .map(|(rank, &count)| (rank, count))
        .collect();
    (
        totals.hands,
        totals.net[..n].to_vec(),
        totals.sum_sq[..n].to_vec(),
        totals.showdowns,
        ranks,
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(simulate_chunks, m)?)?;
    m.add("CHUNK", sim::CHUNK)?;
    Ok(())
}
