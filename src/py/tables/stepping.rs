//! The `Tables` class: many hands stepped together by the core without the
//! GIL, their observations written into the arrays of the `Batch` it
//! extends, the finished hands' `done` flags and `payoffs` after each step.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use super::actions::{actions_arg, where_arg};
use super::arrays::{bytes_mut, unusable, usable, zeros, ObsArrays};
use super::batch::{borrowed, in_use, PyBatch};
use super::seats::players_arg;
use crate::py::args::{int_in, sequence_items, threads_arg};
use crate::py::rules::rules_arg;
use crate::py::rules::PyRules;
use crate::py::view::PyPlayerView;
use crate::rules::MAX_CHIPS;
use crate::tables::Tables;

/// Why a `Tables` cannot be pickled or copied (the reference's words too).
const TABLES_NOT_COPIED: &str = "Tables cannot be pickled or copied: it holds live numpy \
    arrays over the core's tables; make a new Tables with the same seed instead";

/// Why a table's view is refused while Ctrl-C has its hand paused (the
/// reference's words too).
fn paused_view(table: usize) -> String {
    format!(
        "table {table}: Ctrl-C paused its hand while the built-in seats played it \
         (a raise war with no cap); step the table on before asking for its view"
    )
}

/// More tables than this would take gigabytes.
pub const MAX_TABLES: u64 = 1 << 22;

/// Tables(rules, stacks, tables, *, seed=None, threads=None, strategies=None)
///
/// `tables` independent hands of `len(stacks)` seats stepped together. Seats
/// whose `strategies` entry names a built-in strategy are played by the
/// core; the others (all by default) wait for `step(actions)`. Observation
/// arrays are numpy arrays reused from step to step. Hand `k` of the run
/// gets the same cards for a seed whatever `tables` or `threads` is.
#[pyclass(extends = PyBatch, name = "Tables", module = "razz_fast")]
pub struct PyTables {
    inner: Tables,
    rules: Py<PyRules>,
    seed: u64,
    done: Py<PyArray1<bool>>,
    payoffs: Py<PyArray2<i64>>,
}

#[pymethods]
impl PyTables {
    #[new]
    #[pyo3(signature = (rules, stacks, tables, *, seed=None, threads=None, strategies=None))]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        tables: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        strategies: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyTables>> {
        let rules = rules_arg(rules)?;
        let stacks = sequence_items(stacks, "stacks")?
            .iter()
            .map(|s| int_in(s, "a stack", 1, MAX_CHIPS))
            .collect::<PyResult<Vec<u64>>>()?;
        let tables = int_in(tables, "tables", 1, MAX_TABLES)? as usize;
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(s) => int_in(s, "seed", 0, u64::MAX)?,
            None => {
                let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
                u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8]))
            }
        };
        let threads = threads_arg(threads.filter(|t| !t.is_none()))?;
        let players = players_arg(strategies, stacks.len())?;
        let core_rules = rules.get().inner;
        // Built-in seats play up to the first waiting decision here, without
        // the GIL (other threads go on) but for a look at Ctrl-C now and
        // then in a long hand (a raise war with no cap), which drops the
        // tables.
        let mut interrupted = None;
        let inner = py.detach(|| {
            // (Once interrupted, it stays so: Python handles the signal
            // once, and a later look would let another war run on.)
            let mut stop = || {
                if interrupted.is_none() {
                    interrupted = Python::attach(|py| py.check_signals().err());
                }
                interrupted.is_some()
            };
            Tables::new_or(
                core_rules,
                &stacks,
                &players,
                tables,
                seed,
                0,
                u64::MAX,
                threads,
                &mut stop,
            )
        })?;
        if let Some(e) = interrupted {
            return Err(e);
        }
        let n = stacks.len();
        let obs = ObsArrays::new(py, tables, n)?;
        obs.write(py, false, |o| inner.observe(o))?;
        let base = PyBatch {
            obs,
            big_bet: core_rules.big_bet,
        };
        Ok(PyClassInitializer::from(base).add_subclass(PyTables {
            inner,
            rules: rules.unbind(),
            seed,
            done: zeros(py, tables)?.unbind(),
            payoffs: zeros(py, [tables, n])?.unbind(),
        }))
    }

    /// step(actions, where=None): one `Action` per table (ignored where
    /// `actor` is -1). An illegal action raises IllegalActionError naming
    /// its table and changes no table. Finished hands set `done` and
    /// `payoffs`, and their tables deal the next hand at once. `where`, a
    /// bool array of one flag per table, steps only the tables it marks:
    /// the others stay exactly as they are (their actions are ignored).
    /// Ctrl-C during a step (built-in seats in a raise war with no cap)
    /// raises KeyboardInterrupt after the step: the hands it stopped are
    /// paused, not over, and play on at their tables' next step.
    #[pyo3(signature = (actions, r#where=None))]
    fn step(
        slf: &Bound<'_, Self>,
        actions: &Bound<'_, PyAny>,
        r#where: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        // (Borrowed here, not by PyO3, for a clear error when in use.)
        let mut slf = slf.try_borrow_mut().map_err(|_| in_use())?;
        let actions = actions_arg(py, actions, slf.inner.len())?;
        let only = match r#where {
            Some(flags) if !flags.is_none() => Some(where_arg(py, flags, slf.inner.len())?),
            _ => None,
        };
        // `done` and `payoffs` are the caller's arrays too: checked before
        // the step, so that one made read-only or re-typed in place refuses
        // the step (a ValueError) instead of losing the finished hands'
        // results after it.
        let (n, p) = (slf.inner.len(), slf.inner.players());
        let done = usable(py, &slf.done, "done", &[n])?;
        let mut done = done
            .try_readwrite()
            .map_err(|e| unusable("done", "step()", e))?;
        let payoffs = usable(py, &slf.payoffs, "payoffs", &[n, p])?;
        let mut payoffs = payoffs
            .try_readwrite()
            .map_err(|e| unusable("payoffs", "step()", e))?;
        let obs = slf.as_super().obs.clone_ref(py);
        let inner = &mut slf.inner;
        // The step runs on this thread without the GIL; a hand that runs
        // long (`LOOK_EVERY` actions) takes it back now and then to let
        // Python see Ctrl-C (on the main thread), so the fast path pays
        // nothing. Stopped, the step completes with that hand paused.
        let mut interrupted = None;
        obs.write(py, true, |o| {
            let mut stop = || {
                if interrupted.is_none() {
                    interrupted = Python::attach(|py| py.check_signals().err());
                }
                interrupted.is_some()
            };
            inner.step_shown(
                &actions.values,
                only.as_deref(),
                Some(o),
                |a| actions.shown(a),
                &mut stop,
            )
        })??;
        for (flag, &finished) in bytes_mut(&mut done)?.iter_mut().zip(slf.inner.done()) {
            *flag = u8::from(finished);
        }
        payoffs.as_slice_mut()?.copy_from_slice(slf.inner.payoffs());
        interrupted.map_or(Ok(()), Err)
    }

    /// view(table, seat=None): what `seat` (default: the actor) may know of
    /// the hand at `table` now, as a `PlayerView`: for a bot that needs
    /// more than the arrays (the history, `determinize` for search) or a
    /// per-decision strategy playing some of the seats.
    #[pyo3(signature = (table, seat=None))]
    fn view(
        slf: &Bound<'_, Self>,
        table: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPlayerView> {
        let this = borrowed(slf)?;
        let table = int_in(table, "table", 0, this.inner.len() as u64 - 1)? as usize;
        // Replaying a raise war of millions of actions with its history
        // would take time and memory the caller never asked for.
        if this.inner.paused(table) {
            return Err(PyRuntimeError::new_err(paused_view(table)));
        }
        PyPlayerView::of(&this.inner.replayed(table), seat)
    }

    /// Whether each table's hand finished in the last step (bool).
    #[getter]
    fn done(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<bool>>> {
        let this = borrowed(slf)?;
        Ok(this.done.clone_ref(slf.py()))
    }
    /// Net chips of the hands finished in the last step (int64, tables x
    /// players; zeros elsewhere).
    #[getter]
    fn payoffs(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<i64>>> {
        let this = borrowed(slf)?;
        Ok(this.payoffs.clone_ref(slf.py()))
    }
    /// Hands finished so far on all tables.
    #[getter]
    fn hands_played(slf: &Bound<'_, Self>) -> PyResult<u64> {
        let this = borrowed(slf)?;
        Ok(this.inner.hands_played())
    }
    /// How many tables are stepped together.
    #[getter]
    fn num_tables(slf: &Bound<'_, Self>) -> PyResult<usize> {
        let this = borrowed(slf)?;
        Ok(this.inner.len())
    }
    /// How many seats each table deals in, 2 to 8.
    #[getter]
    fn num_players(slf: &Bound<'_, Self>) -> PyResult<usize> {
        let this = borrowed(slf)?;
        Ok(this.inner.players())
    }
    /// The Rules every table plays.
    #[getter]
    fn rules(slf: &Bound<'_, Self>) -> PyResult<Py<PyRules>> {
        let this = borrowed(slf)?;
        Ok(this.rules.clone_ref(slf.py()))
    }
    /// The seed the batch deals from (drawn at random when none was given):
    /// hand k of the batch gets the same cards for it whatever the number of
    /// tables or threads.
    #[getter]
    fn seed(slf: &Bound<'_, Self>) -> PyResult<u64> {
        let this = borrowed(slf)?;
        Ok(this.seed)
    }
    // No pickle or copy (pickle and copy call these; `Batch`'s are
    // overridden for the words): the arrays are the core's, rewritten in
    // place by every step, over tables a copy could not go on stepping.
    fn __reduce__(_slf: &Bound<'_, Self>) -> PyResult<()> {
        Err(PyTypeError::new_err(TABLES_NOT_COPIED))
    }
    fn __copy__(_slf: &Bound<'_, Self>) -> PyResult<()> {
        Err(PyTypeError::new_err(TABLES_NOT_COPIED))
    }
    fn __deepcopy__(_slf: &Bound<'_, Self>, memo: &Bound<'_, PyAny>) -> PyResult<()> {
        let _ = memo; // (named as copy passes it)
        Err(PyTypeError::new_err(TABLES_NOT_COPIED))
    }
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let this = borrowed(slf)?;
        Ok(format!(
            "<Tables {} tables of {} players, {} hands played>",
            this.inner.len(),
            this.inner.players(),
            this.inner.hands_played()
        ))
    }
}
