//! `equity_tallies`: exact or sampled equity counts for the Python wrapper
//! in `razz_fast/equity.py`, computed without the GIL; `equity_units` and
//! `equity_slice`: the same run cut into units, for `razz_fast/distributed.py`.

use pyo3::prelude::*;

use crate::equity::{self, Spot, Tally};

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
    let spot = Spot::new(&hands, &dead)?;
    let (exact, _) = spot.plan(exact, trials);
    let tally: Tally = py.detach(|| {
        if exact {
            equity::exact(&spot, threads)
        } else {
            equity::sample(&spot, trials, seed, threads)
        }
    });
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

/// equity_slice(hands, dead, exact, trials, seed, start, stop, threads=None)
///
/// The integer tallies of units `start..stop` (see `equity_units`) of an
/// exact or sampled run; slices that cover every unit once add up to the
/// tallies `equity_tallies` returns for the same arguments.
#[pyfunction]
#[pyo3(signature = (hands, dead, exact, trials, seed, start, stop, threads=None))]
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
) -> PyResult<Tallies> {
    let spot = Spot::new(&hands, &dead)?;
    let tally =
        py.detach(|| equity::tally_units(&spot, exact, trials, seed, start..stop, threads))?;
    Ok(tallies(exact, hands.len(), tally))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity_tallies, m)?)?;
    m.add_function(wrap_pyfunction!(equity_units, m)?)?;
    m.add_function(wrap_pyfunction!(equity_slice, m)?)?;
    m.add("SAMPLE_CHUNK", equity::SAMPLE_CHUNK)?;
    Ok(())
}
