//! `EquitySpot`: an `equity` run, built once from the user's arguments and
//! checked here in the order of `razz_fast.equity`'s signature. The Python
//! wrappers (`razz_fast/_equity.py`, `_range_equity.py`, `_chart.py`) turn
//! its integer tallies into results; `razz_fast.distributed` sends the same
//! object to its Dask workers (it pickles to its arguments) and runs it in
//! slices of units.

use std::sync::atomic::AtomicBool;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::cards::{card_list, extract_cards};
use super::conversion::{Exact, Progress, Seed, Threads, Trials};
use super::interrupt::interruptible_or;
use crate::card::Card;
use crate::equity::{self, Spot, Tally};

/// Samples when neither `trials` nor the caller says how many.
pub const DEFAULT_TRIALS: u64 = 1_000_000;

/// Runs below these sizes (a few milliseconds at most) are not worth a
/// thread that watches for Ctrl-C.
const SMALL_ENUMERATION: u128 = 1 << 20;
const SMALL_TRIALS: u64 = 1 << 18;

/// EquitySpot(hands, dead, exact, trials, seed, threads, progress)
///
/// An equity run's checked arguments: each player's known cards, the dead
/// cards, how to count (`exact`: True, False, or None for the spot to
/// choose; `trials` or `seed` given means sampling), the samples, the seed
/// (a random one drawn for None), the threads and whether a bar is shown.
#[pyclass(frozen, module = "razz_fast._core")]
pub struct EquitySpot {
    known: Vec<Vec<Card>>,
    dead: Vec<Card>,
    #[pyo3(get)]
    exact: Option<bool>,
    #[pyo3(get)]
    trials: u64,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    threads: Option<usize>,
    #[pyo3(get)]
    progress: bool,
    spot: Spot,
}

/// Integer tallies of an equity run: whether it was exact, how many deals
/// it counted, and per player the shares of the pot (in 1 / `SHARE_UNITS`
/// pots), their squares, the wins alone and the ties.
#[pyclass(frozen, module = "razz_fast._core")]
pub struct EquityTallies {
    #[pyo3(get)]
    exact: bool,
    #[pyo3(get)]
    total: u128,
    #[pyo3(get)]
    shares: Vec<u128>,
    #[pyo3(get)]
    squares: Vec<u128>,
    #[pyo3(get)]
    wins: Vec<u128>,
    #[pyo3(get)]
    ties: Vec<u128>,
}

impl EquityTallies {
    fn of(exact: bool, n: usize, tally: Tally) -> EquityTallies {
        EquityTallies {
            exact,
            total: tally.total,
            shares: tally.shares[..n].to_vec(),
            squares: tally.share_squares[..n].to_vec(),
            wins: tally.wins[..n].to_vec(),
            ties: tally.ties[..n].to_vec(),
        }
    }
}

/// `hands`: a list or tuple of card lists (text or card indices), never a
/// `Range` (which only `razz_fast.equity` takes, and resolves first).
fn known_hands(hands: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<Card>>> {
    if !(hands.is_instance_of::<PyList>() || hands.is_instance_of::<PyTuple>()) {
        return Err(super::errors::type_error(
            "hands must be a list of card lists",
            hands,
        ));
    }
    let range = hands.py().import("razz_fast.ranges")?.getattr("Range")?;
    let hands: Vec<Bound<'_, PyAny>> = hands.try_iter()?.collect::<PyResult<_>>()?;
    for hand in &hands {
        if hand.is_instance(&range)? {
            return Err(PyTypeError::new_err(
                "a Range is an entry of razz_fast.equity's hands only",
            ));
        }
    }
    hands.iter().map(|h| extract_cards(h)).collect()
}

impl EquitySpot {
    /// Tallies of units `start..stop` (all of them: `plan`), stopped by
    /// Ctrl-C or `cancelled()` when watched.
    fn run(
        &self,
        py: Python<'_>,
        exact: bool,
        units: std::ops::Range<u64>,
        watch: bool,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<EquityTallies> {
        let run = |stop: &AtomicBool| {
            let units = units.clone();
            equity::tally_units(
                &self.spot,
                exact,
                self.trials,
                self.seed,
                units,
                self.threads,
                stop,
            )
        };
        let tally = if watch {
            interruptible_or(py, cancelled, run)??
        } else {
            let never = AtomicBool::new(false);
            py.detach(|| run(&never))?
        };
        Ok(EquityTallies::of(exact, self.known.len(), tally))
    }
}

#[pymethods]
impl EquitySpot {
    #[new]
    fn new(
        hands: &Bound<'_, PyAny>,
        dead: &Bound<'_, PyAny>,
        exact: &Bound<'_, PyAny>,
        trials: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
        progress: &Bound<'_, PyAny>,
    ) -> PyResult<EquitySpot> {
        // In signature order. The spot's own rules (2 to 8 players, at most
        // 7 cards each, no card twice) are the core's: the hands first,
        // then the dead cards with them.
        let known = known_hands(hands)?;
        Spot::new(&known, &[])?;
        let dead = extract_cards(dead)?;
        let spot = Spot::new(&known, &dead)?;
        let Exact(mut exact) = exact.extract()?;
        if exact.is_none() && !(trials.is_none() && seed.is_none()) {
            // Trials or a seed ask for sampling: never a long enumeration.
            exact = Some(false);
        }
        let trials = if trials.is_none() {
            DEFAULT_TRIALS
        } else {
            trials.extract::<Trials>()?.0
        };
        let seed = Seed::or_random(seed)?.0;
        let Threads(threads) = threads.extract()?;
        let Progress(progress) = progress.extract()?;
        Ok(EquitySpot {
            known,
            dead,
            exact,
            trials,
            seed,
            threads,
            progress,
            spot,
        })
    }

    /// Each player's known cards, as card indices.
    #[getter]
    fn known(&self) -> Vec<Vec<u32>> {
        self.known.iter().map(|h| card_list(h)).collect()
    }

    /// The dead cards, as card indices.
    #[getter]
    fn dead(&self) -> Vec<u32> {
        card_list(&self.dead)
    }

    /// plan() -> (exact, units)
    ///
    /// How the run counts (`exact=None` resolved: heads-up and cheap spots
    /// enumerate) and its units of work: the items of the outer exact
    /// enumeration, or the seeded chunks of `SAMPLE_CHUNK` samples.
    fn plan(&self) -> (bool, u64) {
        self.spot.plan(self.exact, self.trials)
    }

    /// tallies() -> EquityTallies
    ///
    /// The whole run's tallies, without the GIL. A big run can take minutes
    /// (exact on a big spot), so Ctrl-C stops it; a small one (most calls
    /// in a loop over spots) ends in less time than the watching thread
    /// costs to start (about 0.1 ms).
    fn tallies(&self, py: Python<'_>) -> PyResult<EquityTallies> {
        let (exact, units) = self.plan();
        let small = if exact {
            self.spot.enumeration_size() < SMALL_ENUMERATION
        } else {
            self.trials < SMALL_TRIALS
        };
        if small {
            return self.run(py, exact, 0..units, false, None);
        }
        self.run(py, exact, 0..units, true, None)
    }

    /// slice(start, stop, cancelled=None) -> EquityTallies
    ///
    /// The tallies of units `start..stop` (see `plan`); slices that cover
    /// every unit once add up to `tallies()`. `cancelled`, a callable, is
    /// polled while the slice runs: once it returns true the slice stops
    /// and raises RuntimeError (a distributed run stopped by its client
    /// frees its workers so); with it, Ctrl-C stops the slice too.
    #[pyo3(signature = (start, stop, cancelled=None))]
    fn slice(
        &self,
        py: Python<'_>,
        start: u64,
        stop: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<EquityTallies> {
        let (exact, units) = self.plan();
        if start > stop || stop > units {
            return Err(PyValueError::new_err(format!(
                "units {start}..{stop} are outside the run's {units}"
            )));
        }
        self.run(py, exact, start..stop, cancelled.is_some(), cancelled)
    }

    /// row(hands, exact, trials, seed) -> EquitySpot
    ///
    /// This spot's dead cards, threads and bar with other known hands
    /// (card indices, checked as a spot) and another way to count: one row
    /// of a chart, or one choice of a range's hidden cards.
    fn row(
        &self,
        hands: Vec<Vec<Card>>,
        exact: Option<bool>,
        trials: u64,
        seed: u64,
    ) -> PyResult<EquitySpot> {
        let spot = Spot::new(&hands, &self.dead)?;
        Ok(EquitySpot {
            known: hands,
            dead: self.dead.clone(),
            exact,
            trials,
            seed,
            threads: self.threads,
            progress: self.progress,
            spot,
        })
    }

    /// To `_equity_spot` and the spot's checked fields: given again to the
    /// constructor, a drawn seed with `exact=None` would mean sampling.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let spot = slf.get();
        let args = (
            spot.known(),
            spot.dead(),
            spot.exact,
            spot.trials,
            spot.seed,
            spot.threads,
            spot.progress,
        );
        let rebuild = py.import("razz_fast._core")?.getattr("_equity_spot")?;
        PyTuple::new(py, [rebuild, args.into_pyobject(py)?.into_any()])
    }
}

/// _equity_spot(known, dead, exact, trials, seed, threads, progress)
///
/// An `EquitySpot` from its checked fields (what it pickles to).
#[pyfunction]
fn _equity_spot(
    known: Vec<Vec<Card>>,
    dead: Vec<Card>,
    exact: Option<bool>,
    trials: u64,
    seed: u64,
    threads: Option<usize>,
    progress: bool,
) -> PyResult<EquitySpot> {
    let threads = crate::threads::checked_threads(threads)?;
    let spot = Spot::new(&known, &dead)?;
    Ok(EquitySpot {
        known,
        dead,
        exact,
        trials,
        seed,
        threads,
        progress,
        spot,
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EquitySpot>()?;
    m.add_class::<EquityTallies>()?;
    m.add_function(wrap_pyfunction!(_equity_spot, m)?)?;
    m.add("DEFAULT_TRIALS", DEFAULT_TRIALS)?;
    m.add("SAMPLE_CHUNK", equity::SAMPLE_CHUNK)?;
    Ok(())
}
