//! `simulate_chunks`: the compiled simulation loop for the Python wrapper in
//! `razz_fast/simulate.py`, which cuts a run into batches of chunks (for the
//! progress bar and for Ctrl-C) and merges their exact sums.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::args::{checked_threads, index_of};
use super::errors::type_error;
use super::hand::PyHand;
use super::rules::PyRules;
use crate::error::Error;
use crate::event::{Action, ActionSet};
use crate::hand::{DeckSource, Hand};
use crate::sim::{self, Player, Table};
use crate::strategy::Strategy;

/// Sums of a batch: (hands, net per seat, sum of squared payoffs per seat,
/// showdowns, [(rank, count)] of winning ranks).
type Sums = (u64, Vec<i128>, Vec<u128>, u64, Vec<(usize, u64)>);

/// The action a Python strategy returned, checked: an int that is a legal
/// action for this hand.
fn checked_action(seat: usize, legal: ActionSet, value: &Bound<'_, PyAny>) -> PyResult<Action> {
    let shown = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    let Some(value) = index_of(value)? else {
        return Err(PyTypeError::new_err(format!(
            "strategy of seat {seat} must return an Action, got {shown}"
        )));
    };
    // An int too large for i64 is still an int: not an Action, like -1.
    let index: i64 = value.extract().unwrap_or(i64::MAX);
    let action = Action::from_index(index).ok_or_else(|| {
        Error::IllegalAction(format!(
            "strategy of seat {seat} returned {shown}, which is not an Action"
        ))
    })?;
    if !legal.contains(action) {
        let names: Vec<&str> = legal.iter().map(Action::name).collect();
        return Err(Error::IllegalAction(format!(
            "strategy of seat {seat} returned {}, which is not legal now (legal: {})",
            action.name(),
            names.join(", ")
        ))
        .into());
    }
    Ok(action)
}

/// simulate_chunks(rules, stacks, strategies, seed, hands, first_chunk, n_chunks, threads=None)
///
/// Plays chunks `first_chunk .. first_chunk + n_chunks` of a run of `hands`
/// hands without the GIL (Python strategies take it for their call only).
#[pyfunction]
#[pyo3(signature = (rules, stacks, strategies, seed, hands, first_chunk, n_chunks, threads=None))]
#[allow(clippy::too_many_arguments)]
fn simulate_chunks(
    py: Python<'_>,
    rules: Bound<'_, PyRules>,
    stacks: Vec<u64>,
    strategies: Vec<Bound<'_, PyAny>>,
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
    if strategies.len() != stacks.len() {
        return Err(Error::InvalidArgument(format!(
            "{} strategies for {} players",
            strategies.len(),
            stacks.len()
        ))
        .into());
    }
    let mut players = Vec::with_capacity(strategies.len());
    let mut callables = Vec::with_capacity(strategies.len());
    for strategy in &strategies {
        if let Ok(name) = strategy.cast::<PyString>() {
            players.push(Player::Builtin(Strategy::from_name(&name.to_cow()?)?));
            callables.push(None);
        } else if strategy.is_callable() {
            players.push(Player::External);
            callables.push(Some(strategy.clone().unbind()));
        } else {
            return Err(type_error(
                "a strategy must be a name or a callable",
                strategy,
            ));
        }
    }
    let rules_py = rules.unbind();
    let external = |seat: usize, hand: &Hand| -> PyResult<Action> {
        Python::attach(|py| {
            let f = callables[seat]
                .as_ref()
                .expect("only seats with a callable are external")
                .bind(py);
            let view = PyHand::from_core(hand.clone(), rules_py.clone_ref(py));
            let value = f.call1((Py::new(py, view)?,))?;
            checked_action(seat, hand.legal_actions(), &value)
        })
    };
    let table = Table {
        rules: core_rules,
        stacks: &stacks,
        players: &players,
        seed,
        hands,
    };
    let totals =
        py.detach(|| sim::simulate_chunks(&table, first_chunk, n_chunks, threads, &external))?;
    if totals.overflow {
        return Err(Error::InvalidArgument(
            "the sums of squared payoffs overflow 128 bits: play fewer chunks per call".into(),
        )
        .into());
    }
    let n = stacks.len();
    let ranks = totals
        .winning_ranks
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .map(|(rank, &count)| (rank, count))
        .collect();
    Ok((
        totals.hands,
        totals.net[..n].to_vec(),
        totals.sum_sq[..n].to_vec(),
        totals.showdowns,
        ranks,
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(simulate_chunks, m)?)?;
    m.add("CHUNK", sim::CHUNK)?;
    Ok(())
}
