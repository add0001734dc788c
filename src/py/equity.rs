//! `equity_tallies`: exact or sampled equity counts for the Python wrapper
//! in `razz_fast/equity.py`, computed without the GIL.

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
    let exact = exact.unwrap_or_else(|| spot.chooses_exact());
    let tally: Tally = py.detach(|| {
        if exact {
            equity::exact(&spot, threads)
        } else {
            equity::sample(&spot, trials, seed, threads)
        }
    });
    let n = hands.len();
    Ok((
        exact,
        tally.total,
        tally.shares[..n].to_vec(),
        tally.share_squares[..n].to_vec(),
        tally.wins[..n].to_vec(),
        tally.ties[..n].to_vec(),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity_tallies, m)?)?;
    Ok(())
}
