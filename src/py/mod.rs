//! The Python module `razz_fast._core`: the only place that knows PyO3.
//! Each file converts arguments, calls one core function and converts back.

use pyo3::prelude::*;

mod args;
mod cards;
mod columns;
mod conversion;
mod equity_spot;
mod errors;
mod eval;
mod events;
mod hand;
mod interrupt;
mod lbr_run;
mod learner;
mod limits;
mod match_run;
mod policy;
mod rules;
mod sim;
mod sim_run;
mod tables;
mod train_run;
mod view;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // Loads numpy's C API now: loaded lazily, a Ctrl-C landing during the
    // first import would surface as a panic inside the first array call.
    // Imported first, so that a missing numpy is an ImportError, not the
    // panic of rust-numpy's loader.
    m.py().import("numpy")?;
    numpy::PyArray1::<u8>::zeros(m.py(), 0, false);
    cards::register(m)?;
    eval::register(m)?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<hand::PyHand>()?;
    sim::register(m)?;
    m.add_class::<sim_run::SimRun>()?;
    m.add_class::<sim_run::SimSums>()?;
    m.add_class::<match_run::MatchRun>()?;
    m.add_class::<match_run::MatchSums>()?;
    tables::register(m)?;
    learner::register(m)?;
    m.add_class::<view::PyPlayerView>()?;
    policy::register(m)?;
    train_run::register(m)?;
    equity_spot::register(m)?;
    lbr_run::register(m)?;
    limits::register(m)?;
    Ok(())
}
