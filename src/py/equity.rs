//! `equity_tallies`: exact or sampled equity counts for the Python wrapper
//! in `razz_fast/_equity.py`, computed without the GIL; `equity_units` and
//! `equity_slice`: the same run cut into units, for `razz_fast/distributed.py`.

use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;

use super::args::checked_threads;
use super::interrupt::{interruptible, interruptible_or};
use crate::equity::{self, Spot, Tally};

/// Runs below these sizes (a few milliseconds at most) are not worth a
/// thread that watches for Ctrl-C.
const SMALL_ENUMERATION: u128 = 1 << 20;
const SMALL_TRIALS: u64 = 1 << 18;

/// (exact, total, shares in 1/840 pots, their squares, wins, ties) per player.
type Tallies = (bool, u128, Vec<u128>, Vec<u128>, Vec<u128>, Vec<u128>);

/// equity_tallies(hands, dead, exact, trials, seed, threads=None)
///
/// Integer tallies of the equity of `hands` (lists of card indices) with
/// `dead` cards out: exact when `exact` is True, or None and the spot is
/// small; otherwise `trials` samples seeded by `seed`.
#[pyfunction]
#[pyo3(signature = (hands, dead, exact, trials, seed, threads=None))]
fn equity_tallies(
    py: Python<'_>,
    hands: Vec<Vec<u8>>,
    dead: Vec<u8>,
    exact: Option<bool>,
    trials: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Tallies> {
    let threads = checked_threads(threads)?;
    let spot = Spot::new(&hands, &dead)?;
    let (exact, units) = spot.plan(exact, trials);
    let run = |stop: &AtomicBool| {
        equity::tally_units(&spot, exact, trials, seed, 0..units, threads, stop)
    };
    // A big run can take minutes (exact=True on a big spot), so Ctrl-C
    // stops it; a small one (most calls in a loop over spots) ends in less
    // time than the watching thread costs to start (about 0.1 ms).
    let small = if exact {
        spot.enumeration_size() < SMALL_ENUMERATION
    } else {
        trials < SMALL_TRIALS
    };
    let tally = if small {
        let never = AtomicBool::new(false);
        py.detach(|| run(&never))?
    } else {
        interruptible(py, run)??
    };
    Ok(tallies(exact, hands.len(), tally))
}

/// The tallies of the first `n` players, as Python gets them.
fn tallies(exact: bool, n: usize, tally: Tally) -> Tallies {
    (
        exact,
        tally.total,
        tally.shares[..n].to_vec(),
        tally.share_squares[..n].to_vec(),
        tally.wins[..n].to_vec(),
        tally.ties[..n].to_vec(),
    )
}

/// equity_units(hands, dead, exact, trials)
///
/// How `equity_tallies` would run this spot, cut into units of work:
/// (exact, units), where the units are the items of the outer exact
/// enumeration or the seeded chunks of `trials` samples.
#[pyfunction]
fn equity_units(
    hands: Vec<Vec<u8>>,
    dead: Vec<u8>,
    exact: Option<bool>,
    trials: u64,
) -> PyResult<(bool, u64)> {
    Ok(Spot::new(&hands, &dead)?.plan(exact, trials))
}

/// equity_slice(hands, dead, exact, trials, seed, start, stop, threads=None, cancelled=None)
///
/// The integer tallies of units `start..stop` (see `equity_units`) of an
/// exact or sampled run; slices that cover every unit once add up to the
/// tallies `equity_tallies` returns for the same arguments. `cancelled`, a
/// callable, is polled while the slice runs: once it returns true the
/// slice stops and raises RuntimeError (a distributed run stopped by its
/// client frees its workers so).
#[pyfunction]
#[pyo3(signature = (hands, dead, exact, trials, seed, start, stop, threads=None, cancelled=None))]
#[allow(clippy::too_many_arguments)]
fn equity_slice(
    py: Python<'_>,
    hands: Vec<Vec<u8>>,
    dead: Vec<u8>,
    exact: bool,
    trials: u64,
    seed: u64,
    start: u64,
    stop: u64,
    threads: Option<usize>,
    cancelled: Option<&Bound<'_, PyAny>>,
) -> PyResult<Tallies> {
    let threads = checked_threads(threads)?;
    let spot = Spot::new(&hands, &dead)?;
    let run = |halt: &AtomicBool| {
        equity::tally_units(&spot, exact, trials, seed, start..stop, threads, halt)
    };
    let tally = match cancelled {
        Some(cancelled) => interruptible_or(py, Some(cancelled), run)??,
        None => {
            let never = AtomicBool::new(false);
            py.detach(|| run(&never))?
        }
    };
    Ok(tallies(exact, hands.len(), tally))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity_tallies, m)?)?;
    m.add_function(wrap_pyfunction!(equity_units, m)?)?;
    m.add_function(wrap_pyfunction!(equity_slice, m)?)?;
    m.add("SAMPLE_CHUNK", equity::SAMPLE_CHUNK)?;
    Ok(())
}
