//! `SimRun`: a `simulate` run, built once from the user's arguments and
//! checked here in the order of `razz_fast.simulate`'s signature. The
//! Python wrapper (`razz_fast/_simulate.py`) cuts the run into batches of
//! chunks (for the progress bar and Ctrl-C) and merges their exact sums;
//! `razz_fast.distributed` sends the same object to its Dask workers
//! (it pickles to its arguments).

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::columns::chunk_list;
use super::conversion::{
    reduce, Hands, Players, Progress, Record, RulesArg, Seed, Stacks, Strategies, Threads,
};
use super::hand::PyHand;
use super::rules::PyRules;
use super::sim::{check_chunks, max_chunks_per_call, overflow, Seats};
use crate::hand::{DeckSource, Hand};
use crate::sim::{self, Table};

/// SimRun(hands, players, strategies, rules, stacks, seed, threads, progress, record)
///
/// A simulation run's checked arguments (a random seed drawn for
/// `seed=None`) and what every batch of it reuses: the seats' strategies
/// classified (built in, per decision, batch policy) and, when Python
/// strategies play, their thread pool. Every argument of `simulate` is
/// given, in its order (a default here could not tell an explicit None
/// from a missing argument).
#[pyclass(frozen, module = "razz_fast._core")]
pub struct SimRun {
    #[pyo3(get)]
    hands: u64,
    #[pyo3(get)]
    players: usize,
    strategies: Strategies,
    rules: RulesArg,
    #[pyo3(get)]
    stacks: Vec<u64>,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    threads: Option<usize>,
    #[pyo3(get)]
    progress: bool,
    #[pyo3(get)]
    record: u64,
    seats: Seats,
}

/// A batch's exact sums: hands played, each seat's net chips and sum of
/// squared payoffs, showdowns, and how often each rank won a showdown.
#[pyclass(frozen, module = "razz_fast._core")]
pub struct SimSums {
    #[pyo3(get)]
    hands: u64,
    #[pyo3(get)]
    net: Vec<i128>,
    #[pyo3(get)]
    sum_sq: Vec<u128>,
    #[pyo3(get)]
    showdowns: u64,
    /// (rank, count) of the ranks that won, in rank order.
    #[pyo3(get)]
    ranks: Vec<(usize, u64)>,
}

/// The sums of `totals`' first `n` seats, or the error of an overflow.
fn sums(totals: &sim::Totals, n: usize) -> PyResult<SimSums> {
    if totals.overflow {
        return Err(overflow());
    }
    let ranks = totals
        .winning_ranks
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .map(|(rank, &count)| (rank, count))
        .collect();
    Ok(SimSums {
        hands: totals.hands,
        net: totals.net[..n].to_vec(),
        sum_sq: totals.sum_sq[..n].to_vec(),
        showdowns: totals.showdowns,
        ranks,
    })
}

impl SimRun {
    fn table(&self) -> Table<'_> {
        Table {
            rules: self.rules.get(),
            stacks: &self.stacks,
            players: &self.seats.players,
            seed: self.seed,
            hands: self.hands,
        }
    }
}

#[pymethods]
impl SimRun {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        hands: Hands,
        players: Players,
        strategies: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
        progress: &Bound<'_, PyAny>,
        record: &Bound<'_, PyAny>,
    ) -> PyResult<SimRun> {
        // Past `players`, each check needs an earlier argument or must not
        // come before one that does: in signature order, in the body.
        let (hands, players) = (hands.0, players.0);
        let strategies = Strategies::checked(strategies, players)?;
        let rules: RulesArg = rules.extract()?;
        let stacks = Stacks::checked(stacks, players, &rules.get())?.0;
        // Checks the table the way a Hand does.
        Hand::new(rules.get(), &stacks, DeckSource::Seed(0))?;
        let seed = Seed::or_random(seed)?.0;
        let threads: Threads = threads.extract()?;
        let progress: Progress = progress.extract()?;
        let record = Record::checked(record, hands)?.0;
        let seats = Seats::new(py, &strategies, &rules.get(), threads.0)?;
        Ok(SimRun {
            hands,
            players,
            strategies,
            rules,
            stacks,
            seed,
            threads: threads.0,
            progress: progress.0,
            record,
            seats,
        })
    }

    /// The strategies, one per seat, as given.
    #[getter]
    fn strategies<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyAny>> {
        self.strategies.given(py)
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

    /// The most chunks one `play` may take: the core sums squared payoffs
    /// in 128 bits, which with stacks near the chip limit bounds the hands
    /// per call (Python ints take over between calls).
    #[getter]
    fn max_chunks_per_call(&self) -> u64 {
        max_chunks_per_call(&self.stacks)
    }

    /// The threads of the pool the run's Python strategies play on, built
    /// once with the run; None when only built-in strategies play.
    #[getter]
    fn pool_threads(&self) -> Option<usize> {
        self.seats.pool_threads()
    }

    /// play(first, count, cancelled=None)
    ///
    /// The exact sums of chunks `first .. first + count`, played without
    /// the GIL (Python strategies take it for their call only).
    /// `cancelled`, a callable, is polled while the chunks play: once it
    /// returns true they stop between two decisions and RuntimeError is
    /// raised (a distributed run stopped by its client frees its workers so).
    #[pyo3(signature = (first, count, cancelled=None))]
    fn play(
        &self,
        py: Python<'_>,
        first: u64,
        count: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SimSums> {
        check_chunks(first, count, self.chunks())?;
        let table = self.table();
        let totals = self.seats.play(py, cancelled, |deciders, stop, threads| {
            sim::simulate_chunks(&table, first, count, threads, stop, deciders)
        })?;
        sums(&totals, self.players)
    }

    /// columns(first, count, cancelled=None)
    ///
    /// Chunks `first .. first + count` played as `play` plays them, each
    /// chunk's hands as a dict of numpy columns (in chunk order; see
    /// `razz_fast.columnar`), and their exact sums: `(chunks, sums)`.
    #[pyo3(signature = (first, count, cancelled=None))]
    fn columns<'py>(
        &self,
        py: Python<'py>,
        first: u64,
        count: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Bound<'py, PyList>, SimSums)> {
        check_chunks(first, count, self.chunks())?;
        let table = self.table();
        let (chunks, totals) = self.seats.play(py, cancelled, |deciders, stop, threads| {
            sim::simulate_columns(&table, first, count, threads, stop, deciders)
        })?;
        Ok((chunk_list(py, chunks)?, sums(&totals, self.players)?))
    }

    /// record_hands(first, count)
    ///
    /// Hands `first .. first + count` of the run, played again whole as
    /// `play` plays them, as finished `Hand`s with their history
    /// (strategies are asked again).
    fn record_hands<'py>(
        &self,
        py: Python<'py>,
        first: u64,
        count: u64,
    ) -> PyResult<Bound<'py, PyList>> {
        let table = self.table();
        Record::reserve(count.min(self.hands.saturating_sub(first)), self.players)?;
        let kept = self.seats.play(py, None, |deciders, stop, _| {
            sim::record_hands(&table, first, count, deciders, stop)
        })?;
        // Each hand into its Python object, one at a time: the objects'
        // memory is Python's, whose failures are MemoryErrors.
        let records = PyList::empty(py);
        for hand in kept {
            records.append(Bound::new(
                py,
                PyHand::seeded(hand, self.rules.0.clone_ref(py)),
            )?)?;
        }
        Ok(records)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let run = slf.get();
        let args = (
            run.hands,
            run.players,
            run.strategies.given(py),
            run.rules.0.clone_ref(py),
            run.stacks.clone(),
            run.seed,
            run.threads,
            run.progress,
            run.record,
        );
        reduce(slf.as_any(), args)
    }
}
