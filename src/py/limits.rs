//! The core's numbers as module constants of `_core`, so that the Python
//! wrappers read them instead of restating them (the pure-Python reference
//! keeps its own copies on purpose; `tests/robustness/test_limits.py` checks they agree).

use pyo3::prelude::*;

use crate::strategy::Strategy;
use crate::{card, equity, hand, luck, rules, threads};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let rank_chars: String = card::RANK_CHARS.iter().map(|&c| char::from(c)).collect();
    m.add("RANK_CHARS", rank_chars)?;
    m.add("MAX_CHIPS", rules::MAX_CHIPS)?;
    m.add("MAX_THREADS", threads::MAX_THREADS)?;
    m.add("MAX_PLAYERS", hand::MAX_SEATS)?;
    m.add("SHARE_UNITS", equity::SHARE_UNITS)?;
    m.add("EXACT_LIMIT", equity::EXACT_LIMIT)?;
    m.add("LUCK_UNITS", luck::UNITS)?;
    m.add("LUCK_TRIALS", luck::TRIALS)?;
    let mut names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
    names.extend(super::policy::SHIPPED);
    m.add("STRATEGIES", pyo3::types::PyTuple::new(m.py(), names)?)?;
    Ok(())
}
