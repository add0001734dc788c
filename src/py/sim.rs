//! `simulate_chunks`: the compiled simulation loop for the Python wrapper in
//! `razz_fast/_simulate.py`, which cuts a run into batches of chunks (for the
//! progress bar) and merges their exact sums. Ctrl-C stops a batch between
//! two decisions (`interrupt`).

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::args::{checked_threads, index_of};
use super::errors::type_error;
use super::events::member_action;
use super::hand::PyHand;
use super::interrupt::interruptible_or;
use super::rules::PyRules;
use super::tables::{actions_arg, PyBatch};
use super::view::PyPlayerView;
use crate::error::Error;
use crate::event::{Action, ActionSet};
use crate::hand::{DeckSource, Hand};
use crate::match_play::{match_chunks as match_chunks_core, Match};
use crate::rules::Rules;
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
            players.push(Player::External(callables.len() as u8));
            callables.push(Some(strategy.clone().unbind()));
        }
    }
    Ok((players, callables, policies))
}

/// A run's checked arguments: the seats' players and the Python callables
/// behind them.
struct Run {
    rules: Rules,
    stacks: Vec<u64>,
    players: Vec<Player>,
    callables: Vec<Option<Py<PyAny>>>,
    policies: Vec<Py<PyAny>>,
    threads: Option<usize>,
}

impl Run {
    /// Checks the arguments the private entry points share.
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: &Bound<'_, PyRules>,
        stacks: Vec<u64>,
        strategies: &[Bound<'_, PyAny>],
        batch: &[bool],
        hands: u64,
        first_chunk: u64,
        n_chunks: u64,
        threads: Option<usize>,
    ) -> PyResult<Run> {
        let threads = checked_threads(threads)?;
        let rules = rules.get().inner;
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
        Hand::new(rules, &stacks, DeckSource::Seed(0))?;
        if strategies.len() != stacks.len() || batch.len() != stacks.len() {
            return Err(Error::InvalidArgument(format!(
                "{} strategies for {} players",
                strategies.len(),
                stacks.len()
            ))
            .into());
        }
        let (players, callables, policies) = players(strategies, batch)?;
        Ok(Run {
            rules,
            stacks,
            players,
            callables,
            policies,
            threads,
        })
    }

    fn table(&self, seed: u64, hands: u64) -> Table<'_> {
        Table {
            rules: self.rules,
            stacks: &self.stacks,
            players: &self.players,
            seed,
            hands,
        }
    }

    /// `work(deciders, stop)` without the GIL, stopped by Ctrl-C or once
    /// `cancelled()` returns true (a Dask task's stop flag, `interrupt`):
    /// on the caller's threads for built-in seats only; else on a pool of its own,
    /// so a strategy that calls back into the library (whose long calls use
    /// rayon's global pool) never waits for a thread that waits for it. The
    /// calls into Python take the GIL one decision or one batch at a time,
    /// and Ctrl-C stops the run before the next one.
    fn play<T: Send>(
        &self,
        py: Python<'_>,
        cancelled: Option<&Bound<'_, PyAny>>,
        work: impl Fn(&Deciders<'_, PyErr>, &AtomicBool, Option<usize>) -> PyResult<T> + Sync,
    ) -> PyResult<T> {
        if self.players.iter().all(|p| matches!(p, Player::Builtin(_))) {
            let builtin = sim::builtin_only();
            let deciders = Deciders {
                external: &|_, _| Err(PyTypeError::new_err("no Python strategy here")),
                batch: &|_, _| Err(PyTypeError::new_err("no Python strategy here")),
                around_chunk: builtin.around_chunk,
            };
            return interruptible_or(py, cancelled, |stop| work(&deciders, stop, self.threads))?;
        }
        // Per-decision callables hold the GIL for most of their time: more
        // threads than one would only queue for it.
        let only_batch = self.callables.iter().all(Option::is_none);
        let threads = self.threads.unwrap_or(if only_batch {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        } else {
            1
        });
        let big_bet = self.rules.big_bet;
        let (callables, policies) = (&self.callables, &self.policies);
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
                    let value = call_one(f.bind(py), &view);
                    PyPlayerView::keep(view);
                    checked_action(seat, legal, &value?)
                })
            };
            let batch = |policy: u8, hands: &[&Hand]| -> PyResult<Vec<Action>> {
                if let Some(e) = interrupted() {
                    return Err(e);
                }
                Python::attach(|py| batch_actions(py, &policies[policy as usize], hands, big_bet))
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
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| {
                    Error::InvalidArgument(format!("cannot start {threads} threads: {e}"))
                })?;
            pool.install(|| work(&deciders, stop, None))
        };
        interruptible_or(py, cancelled, run)?
    }
}

/// A batch policy's actions for `hands`, each checked.
fn batch_actions(
    py: Python<'_>,
    policy: &Py<PyAny>,
    hands: &[&Hand],
    big_bet: u64,
) -> PyResult<Vec<Action>> {
    let value = policy.bind(py).call1((PyBatch::of(py, hands, big_bet)?,))?;
    let actions = actions_arg(py, &value, hands.len())
        .map_err(|e| PyTypeError::new_err(format!("a batch policy's result: {}", e.value(py))))?;
    hands
        .iter()
        .zip(actions)
        .enumerate()
        .map(|(row, (hand, a))| {
            let legal = hand.legal_actions();
            match Action::from_index(a) {
                Some(action) if legal.contains(action) => Ok(action),
                _ => {
                    let seat = hand.actor().unwrap_or(0);
                    let who = format!("batch policy of seat {seat} (row {row})");
                    legal_action(&who, legal, a, &a.to_string())
                }
            }
        })
        .collect()
}

/// simulate_chunks(rules, stacks, strategies, batch, seed, hands, first_chunk, n_chunks, threads=None)
///
/// Plays chunks `first_chunk .. first_chunk + n_chunks` of a run of `hands`
/// hands without the GIL (Python strategies take it for their call only).
/// `batch[seat]` marks the seats whose callable is a batch policy.
/// `cancelled`, a callable, is polled while the chunks play: once it
/// returns true they stop between two decisions and RuntimeError is raised
/// (a distributed run stopped by its client frees its workers so).
#[pyfunction]
#[pyo3(signature = (rules, stacks, strategies, batch, seed, hands, first_chunk, n_chunks, threads=None, cancelled=None))]
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
    cancelled: Option<&Bound<'_, PyAny>>,
) -> PyResult<Sums> {
    let run = Run::new(
        &rules,
        stacks,
        &strategies,
        &batch,
        hands,
        first_chunk,
        n_chunks,
        threads,
    )?;
    let table = run.table(seed, hands);
    let totals = run.play(py, cancelled, |deciders, stop, threads| {
        sim::simulate_chunks(&table, first_chunk, n_chunks, threads, stop, deciders)
    })?;
    if totals.overflow {
        return Err(Error::InvalidArgument(
            "the sums of squared payoffs overflow 128 bits: play fewer chunks per call".into(),
        )
        .into());
    }
    Ok(sums(&totals, run.stacks.len()))
}

/// record_hands(rules, stacks, strategies, batch, seed, hands, first, count)
///
/// Hands `first .. first + count` of a run of `hands` hands, played as
/// `simulate_chunks` plays them, as finished `Hand`s with their history.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn record_hands(
    py: Python<'_>,
    rules: Bound<'_, PyRules>,
    stacks: Vec<u64>,
    strategies: Vec<Bound<'_, PyAny>>,
    batch: Vec<bool>,
    seed: u64,
    hands: u64,
    first: u64,
    count: u64,
) -> PyResult<Vec<PyHand>> {
    let run = Run::new(&rules, stacks, &strategies, &batch, hands, 0, 0, Some(1))?;
    let table = run.table(seed, hands);
    let kept = run.play(py, None, |deciders, _, _| {
        sim::record_hands(&table, first, count, deciders)
    })?;
    Ok(kept
        .into_iter()
        .map(|hand| PyHand::seeded(hand, rules.clone().unbind()))
        .collect())
}

/// Sums of a match, per distinct strategy: (deals, hands, net, sums of
/// squares over deals, sums of squared payoffs, seat-hands, luck, sums of
/// squares of the luck-adjusted results over deals as (high, low) 128-bit
/// halves).
type MatchSums = (
    u64,
    u64,
    Vec<i128>,
    Vec<u128>,
    Vec<u128>,
    Vec<u64>,
    Vec<i128>,
    Vec<(u128, u128)>,
);

/// match_chunks(rules, stacks, strategies, batch, strategy_of_seat, duplicate, seed, deals, first_chunk, n_chunks, threads=None, cancelled=None, luck=False)
///
/// Plays the deals of chunks `first_chunk .. first_chunk + n_chunks` of a
/// match of `deals` deals, once per rotation of the seating if `duplicate`;
/// sums per distinct strategy (`strategy_of_seat[seat]` numbers them).
/// `cancelled` as for `simulate_chunks`. With `luck`, each strategy's luck
/// and the squares of its luck-adjusted results on each deal are summed too
/// (in units of 1 / `LUCK_UNITS` chips, the squares in two 128-bit halves;
/// zeros without).
#[pyfunction]
#[pyo3(signature = (rules, stacks, strategies, batch, strategy_of_seat, duplicate, seed, deals, first_chunk, n_chunks, threads=None, cancelled=None, luck=false))]
#[allow(clippy::too_many_arguments)]
fn match_chunks(
    py: Python<'_>,
    rules: Bound<'_, PyRules>,
    stacks: Vec<u64>,
    strategies: Vec<Bound<'_, PyAny>>,
    batch: Vec<bool>,
    strategy_of_seat: Vec<u8>,
    duplicate: bool,
    seed: u64,
    deals: u64,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    cancelled: Option<&Bound<'_, PyAny>>,
    luck: bool,
) -> PyResult<MatchSums> {
    let run = Run::new(
        &rules,
        stacks,
        &strategies,
        &batch,
        deals,
        first_chunk,
        n_chunks,
        threads,
    )?;
    let n = run.stacks.len();
    if strategy_of_seat.len() != n || strategy_of_seat.iter().any(|&j| j as usize >= n) {
        return Err(Error::InvalidArgument(format!(
            "strategy_of_seat must give each of the {n} seats a number below {n}"
        ))
        .into());
    }
    let m = Match {
        table: run.table(seed, deals),
        strategy_of_seat: &strategy_of_seat,
        duplicate,
        luck,
    };
    let totals = run.play(py, cancelled, |deciders, stop, threads| {
        match_chunks_core(&m, first_chunk, n_chunks, threads, stop, deciders)
    })?;
    if totals.overflow {
        return Err(Error::InvalidArgument(
            "the sums of squared payoffs overflow 128 bits: play fewer chunks per call".into(),
        )
        .into());
    }
    Ok((
        totals.deals,
        totals.hands,
        totals.net[..n].to_vec(),
        totals.deal_sq[..n].to_vec(),
        totals.hand_sq[..n].to_vec(),
        totals.seat_hands[..n].to_vec(),
        totals.luck[..n].to_vec(),
        totals.adjusted_sq[..n]
            .iter()
            .map(|w| (w.hi, w.lo))
            .collect(),
    ))
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
    m.add_function(wrap_pyfunction!(match_chunks, m)?)?;
    m.add_function(wrap_pyfunction!(record_hands, m)?)?;
    m.add("CHUNK", sim::CHUNK)?;
    Ok(())
}
