//! `MatchRun`: a `match` run, built once from the user's arguments and
//! checked here in the order of `razz_fast.match`'s signature. The Python
//! wrapper (`razz_fast/_match.py`) plays it in batches of chunks of deals
//! and ranks the strategies; `razz_fast.distributed` sends the same object
//! to its Dask workers (it pickles to its arguments).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

use super::columns::chunk_list;
use super::conversion::{
    per_seat, reduce, AdjustLuck, Duplicate, Hands, Players, Progress, Record, RulesArg, Seed,
    Stacks, Strategies, Threads,
};
use super::hand::PyHand;
use super::rules::PyRules;
use super::sim::{check_chunks, max_chunks_per_call, overflow, Seats};
use crate::hand::{DeckSource, Hand};
use crate::match_play::{match_chunks, match_columns, Match, MatchTotals};
use crate::sim::{self, Player, Table};

/// MatchRun(strategies, hands, players, rules, stacks, duplicate, seed, threads, progress, record, adjust_luck)
///
/// A match's checked arguments (a random seed drawn for `seed=None`) and
/// what every batch of it reuses: the seats' strategies classified, which
/// of the distinct strategies each seat holds, the seatings a deal is
/// played in and, when Python strategies play, their thread pool. Every
/// argument of `match` is given, in its order.
#[pyclass(frozen, module = "razz_fast._core")]
pub struct MatchRun {
    /// The hands asked for; the match plays `deals` deals in `seatings`.
    #[pyo3(get)]
    hands: u64,
    #[pyo3(get)]
    deals: u64,
    #[pyo3(get)]
    players: usize,
    strategies: Strategies,
    /// Each seat's number among the distinct strategies (names by
    /// equality, callables by identity, numbered in first-seen order).
    index: Vec<u8>,
    #[pyo3(get)]
    seatings: usize,
    rules: RulesArg,
    #[pyo3(get)]
    stacks: Vec<u64>,
    #[pyo3(get)]
    duplicate: bool,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    threads: Option<usize>,
    #[pyo3(get)]
    progress: bool,
    #[pyo3(get)]
    record: u64,
    #[pyo3(get)]
    adjust_luck: bool,
    seats: Seats,
}

/// A batch's exact sums per distinct strategy: deals and hands played,
/// net chips, sums of squares over deals and over hands, seat-hands, luck
/// (in 1 / `LUCK_UNITS` chips) and sums of squares of the luck-adjusted
/// results over deals (zeros without `adjust_luck`).
#[pyclass(frozen, module = "razz_fast._core")]
pub struct MatchSums {
    #[pyo3(get)]
    deals: u64,
    #[pyo3(get)]
    hands: u64,
    #[pyo3(get)]
    net: Vec<i128>,
    #[pyo3(get)]
    deal_sq: Vec<u128>,
    #[pyo3(get)]
    hand_sq: Vec<u128>,
    #[pyo3(get)]
    seat_hands: Vec<u64>,
    #[pyo3(get)]
    luck: Vec<i128>,
    /// (high, low) 128-bit halves of 256-bit sums.
    halves: Vec<(u128, u128)>,
}

#[pymethods]
impl MatchSums {
    /// The luck-adjusted sums of squares, as Python ints (256 bits each).
    #[getter]
    fn adjusted_sq<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.halves
            .iter()
            .map(|&(hi, lo)| {
                let hi = PyInt::new(py, hi).into_any();
                hi.lshift(128)?.bitor(PyInt::new(py, lo))
            })
            .collect()
    }
}

/// Each seat's number among the distinct strategies: names equal by
/// value, callables by identity (as `razz_fast.seating.distinct`).
fn distinct(strategies: &[Bound<'_, PyAny>]) -> PyResult<Vec<u8>> {
    let mut seen: Vec<&Bound<'_, PyAny>> = Vec::new();
    let mut index = Vec::with_capacity(strategies.len());
    for s in strategies {
        let mut found = None;
        for (j, t) in seen.iter().enumerate() {
            let same_name = s.is_instance_of::<PyString>() && s.eq(*t)?;
            if same_name || s.is(*t) {
                found = Some(j);
                break;
            }
        }
        index.push(found.unwrap_or_else(|| {
            seen.push(s);
            seen.len() - 1
        }) as u8);
    }
    Ok(index)
}

/// The sums of `totals`' first `n` strategies, or the error of an overflow.
fn sums(totals: &MatchTotals, n: usize) -> PyResult<MatchSums> {
    if totals.overflow {
        return Err(overflow());
    }
    Ok(MatchSums {
        deals: totals.deals,
        hands: totals.hands,
        net: totals.net[..n].to_vec(),
        deal_sq: totals.deal_sq[..n].to_vec(),
        hand_sq: totals.hand_sq[..n].to_vec(),
        seat_hands: totals.seat_hands[..n].to_vec(),
        luck: totals.luck[..n].to_vec(),
        halves: totals.adjusted_sq[..n]
            .iter()
            .map(|w| (w.hi, w.lo))
            .collect(),
    })
}

impl MatchRun {
    /// The match as the core plays it.
    fn played(&self) -> Match<'_> {
        Match {
            table: self.table(&self.seats.players),
            strategy_of_seat: &self.index,
            duplicate: self.duplicate,
            luck: self.adjust_luck,
        }
    }

    fn table<'a>(&'a self, players: &'a [Player]) -> Table<'a> {
        Table {
            rules: self.rules.get(),
            stacks: &self.stacks,
            players,
            seed: self.seed,
            hands: self.deals,
        }
    }
}

#[pymethods]
impl MatchRun {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        strategies: &Bound<'_, PyAny>,
        hands: &Bound<'_, PyAny>,
        players: &Bound<'_, PyAny>,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        duplicate: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
        progress: &Bound<'_, PyAny>,
        record: &Bound<'_, PyAny>,
        adjust_luck: &Bound<'_, PyAny>,
    ) -> PyResult<MatchRun> {
        // In signature order; the strategies' own checks need `players`.
        if !per_seat(strategies)? {
            return Err(PyTypeError::new_err(
                "strategies must be a sequence with one strategy per seat",
            ));
        }
        let given = strategies.len()?;
        let hands: Hands = hands.extract()?;
        let players: Players = if players.is_none() {
            // Seats come from the strategies: say so, not "players must be".
            if !(2..=8).contains(&given) {
                return Err(PyValueError::new_err(format!(
                    "strategies must hold one strategy per seat, 2 to 8 of them, got {given}"
                )));
            }
            given.into_pyobject(py)?.extract()?
        } else {
            players.extract()?
        };
        let players = players.0;
        if given != players {
            return Err(PyValueError::new_err(format!(
                "strategies has {given} entries for {players} players"
            )));
        }
        let strategies = Strategies::checked(strategies, players)?;
        let rules: RulesArg = rules.extract()?;
        let stacks = Stacks::checked(stacks, players, &rules.get())?.0;
        Hand::new(rules.get(), &stacks, DeckSource::Seed(0))?;
        let duplicate: Duplicate = duplicate.extract()?;
        let seed = Seed::or_random(seed)?.0;
        let threads: Threads = threads.extract()?;
        let progress: Progress = progress.extract()?;
        let index = distinct(&strategies.given(py))?;
        let seats = Seats::new(py, &strategies, &rules.get(), threads.0)?;
        let seatings = Match {
            table: Table {
                rules: rules.get(),
                stacks: &stacks,
                players: &seats.players,
                seed: 0,
                hands: 0,
            },
            strategy_of_seat: &index,
            duplicate: duplicate.0,
            luck: false,
        }
        .rotations();
        let deals = hands.0.div_ceil(seatings as u64);
        let record = Record::checked(record, deals * seatings as u64)?.0;
        let adjust_luck: AdjustLuck = adjust_luck.extract()?;
        Ok(MatchRun {
            hands: hands.0,
            deals,
            players,
            strategies,
            index,
            seatings,
            rules,
            stacks,
            duplicate: duplicate.0,
            seed,
            threads: threads.0,
            progress: progress.0,
            record,
            adjust_luck: adjust_luck.0,
            seats,
        })
    }

    /// The strategies, one per seat, as given.
    #[getter]
    fn strategies<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyAny>> {
        self.strategies.given(py)
    }

    /// Each seat's number among the distinct strategies (names by
    /// equality, callables by identity, numbered in first-seen order).
    #[getter]
    fn index(&self) -> Vec<usize> {
        self.index.iter().map(|&j| j as usize).collect()
    }

    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyRules> {
        self.rules.0.clone_ref(py)
    }

    /// How many chunks of `CHUNK` deals the match has.
    #[getter]
    fn chunks(&self) -> u64 {
        self.deals.div_ceil(sim::CHUNK)
    }

    /// The most chunks of deals one `play` may take: the sums of squared
    /// chips are kept in 128 bits (the luck-adjusted ones in 256, which no
    /// stack can fill), and a deal is played in every seating.
    #[getter]
    fn max_chunks_per_call(&self) -> u64 {
        (max_chunks_per_call(&self.stacks) / self.seatings as u64).max(1)
    }

    /// The threads of the pool the match's Python strategies play on,
    /// built once with the run; None when only built-in strategies play.
    #[getter]
    fn pool_threads(&self) -> Option<usize> {
        self.seats.pool_threads()
    }

    /// play(first, count, cancelled=None)
    ///
    /// The exact sums of the deals of chunks `first .. first + count`, per
    /// distinct strategy, each deal played once per seating; `cancelled` as
    /// for `SimRun.play`.
    #[pyo3(signature = (first, count, cancelled=None))]
    fn play(
        &self,
        py: Python<'_>,
        first: u64,
        count: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<MatchSums> {
        check_chunks(first, count, self.chunks())?;
        let m = self.played();
        let totals = self.seats.play(py, cancelled, |deciders, stop, threads| {
            match_chunks(&m, first, count, threads, stop, deciders)
        })?;
        sums(&totals, self.players)
    }

    /// columns(first, count, cancelled=None)
    ///
    /// The deals of chunks `first .. first + count` played as `play` plays
    /// them, each chunk's hands (every seating of each deal in turn, the
    /// order of `record_hands`) as a dict of numpy columns, and their
    /// exact sums: `(chunks, sums)`.
    #[pyo3(signature = (first, count, cancelled=None))]
    fn columns<'py>(
        &self,
        py: Python<'py>,
        first: u64,
        count: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Bound<'py, PyList>, MatchSums)> {
        check_chunks(first, count, self.chunks())?;
        let m = self.played();
        let (chunks, totals) = self.seats.play(py, cancelled, |deciders, stop, threads| {
            match_columns(&m, first, count, threads, stop, deciders)
        })?;
        Ok((chunk_list(py, chunks)?, sums(&totals, self.players)?))
    }

    /// record_hands(count)
    ///
    /// The first `count` hands of the match, played again whole with their
    /// history, deal by deal, each deal in its seatings' order (seating
    /// `r` moves each strategy `r` seats back).
    fn record_hands<'py>(&self, py: Python<'py>, count: u64) -> PyResult<Bound<'py, PyList>> {
        let seatings = self.seatings as u64;
        let deals = count.div_ceil(seatings);
        let n = self.players;
        // (Whole deals are kept, up to a seating's worth more than `count`.)
        Record::reserve(deals.saturating_mul(seatings), n)?;
        let mut by_seating = Vec::with_capacity(self.seatings);
        for r in 0..self.seatings {
            let seated: Vec<Player> = (0..n).map(|s| self.seats.players[(s + r) % n]).collect();
            let table = self.table(&seated);
            let kept = self.seats.play(py, None, |deciders, stop, _| {
                sim::record_hands(&table, 0, deals, deciders, stop)
            })?;
            by_seating.push(kept.into_iter());
        }
        // Each hand into its Python object, one at a time: the objects'
        // memory is Python's, whose failures are MemoryErrors.
        let hands = PyList::empty(py);
        'deals: for _ in 0..deals {
            for seating in &mut by_seating {
                if hands.len() as u64 == count {
                    break 'deals;
                }
                if let Some(hand) = seating.next() {
                    hands.append(Bound::new(
                        py,
                        PyHand::seeded(hand, self.rules.0.clone_ref(py)),
                    )?)?;
                }
            }
        }
        Ok(hands)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let run = slf.get();
        let args = (
            run.strategies.given(py),
            run.hands,
            run.players,
            run.rules.0.clone_ref(py),
            run.stacks.clone(),
            run.duplicate,
            run.seed,
            run.threads,
            run.progress,
            run.record,
            run.adjust_luck,
        );
        reduce(slf.as_any(), args)
    }
}
