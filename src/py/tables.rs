//! `Tables` and the `Batch` a batch policy receives: observation arrays
//! allocated once as numpy arrays and written in place by the core
//! (`tables::Obs`), with the GIL released while the tables step.

use numpy::ndarray::Dimension;
use numpy::npyffi::objects::_PyArray_GET_ITEM_DATA;
use numpy::npyffi::NPY_ARRAY_OWNDATA;
use numpy::{
    BorrowError, Element, PyArray, PyArray1, PyArray2, PyArray3, PyArrayDescrMethods,
    PyArrayMethods, PyReadonlyArray, PyReadwriteArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::args::{int_in, rules_arg, sequence_items, threads_arg};
use super::errors::type_error;
use super::rules::PyRules;
use super::view::PyPlayerView;
use crate::event::Action;
use crate::hand::Hand;
use crate::rules::MAX_CHIPS;
use crate::strategy::Strategy;
use crate::tables::features::WIDTH;
use crate::tables::obs::SLOTS;
use crate::tables::{Obs, ObsRef, Player, Tables};

/// More tables than this would take gigabytes.
const MAX_TABLES: u64 = 1 << 22;

/// The observation arrays of `rows` tables, owned by numpy.
pub struct ObsArrays {
    rows: usize,
    players: usize,
    actor: Py<PyArray1<i8>>,
    street: Py<PyArray1<i8>>,
    to_call: Py<PyArray1<i64>>,
    pot: Py<PyArray1<i64>>,
    legal: Py<PyArray2<bool>>,
    stacks: Py<PyArray2<i64>>,
    bets: Py<PyArray2<i64>>,
    folded: Py<PyArray2<bool>>,
    all_in: Py<PyArray2<bool>>,
    cards: Py<PyArray3<i8>>,
    community: Py<PyArray1<i8>>,
}

/// `array` of `obs`, checked to be still as `ObsArrays::new` made it.
/// The caller holds the arrays and may make one read-only, change its
/// dtype or shape in place (`a.dtype = ...`, `a.shape = ...`) or, with
/// numpy 1.x, point it at other memory (`a.data = ...`, which could make
/// two arrays overlap or misalign one behind rust-numpy's borrow
/// tracking): the core would then read or write past it or through an
/// alias, so that is a `ValueError` naming the array rather than a panic
/// or undefined behaviour. (Checking the eleven arrays costs well under a
/// microsecond a call.)
fn usable<'py, T: Element, D: Dimension>(
    py: Python<'py>,
    array: &Py<PyArray<T, D>>,
    name: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let array = array.bind(py).clone();
    let dtype = T::get_dtype(py);
    if array.shape() != shape || !array.dtype().is_equiv_to(&dtype) || !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "the {name} array was changed in place: it must stay a C-contiguous {dtype} \
             array of shape {shape:?}, it is {} of shape {:?}",
            array.dtype(),
            array.shape()
        )));
    }
    // SAFETY: a live array object (bound), read while attached, through
    // rust-numpy's own accessor of its fields (numpy 1.x and 2.x alike).
    let flags = unsafe { (*_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags };
    let owns = flags & NPY_ARRAY_OWNDATA != 0;
    if !owns || !array.is_aligned() {
        return Err(PyValueError::new_err(format!(
            "the {name} array was changed in place: its data was replaced"
        )));
    }
    Ok(array)
}

/// A borrow of an array that numpy refused: read-only (`setflags(write=False)`),
/// or already borrowed by the core; `writer` is the method that writes it.
fn unusable(name: &str, writer: &str, error: BorrowError) -> PyErr {
    PyValueError::new_err(match error {
        BorrowError::NotWriteable => format!("{name} is read-only, but {writer} writes into it"),
        e => format!("{name} cannot be used now: {e}"),
    })
}

fn values_mut<'a, T: Element, D: Dimension>(
    array: &'a mut PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    Ok(array.as_slice_mut()?)
}

fn values<'a, T: Element, D: Dimension>(array: &'a PyReadonlyArray<'_, T, D>) -> PyResult<&'a [T]> {
    Ok(array.as_slice()?)
}

/// A bool array's data as bytes, never as `&mut [bool]`: the caller may
/// have written any byte into it through a uint8 view, and a Rust `bool`
/// holding a byte other than 0 or 1 is undefined behaviour. The core
/// checks the bytes instead (`ObsRef::check`).
fn bytes_mut<'a, D: Dimension>(
    array: &'a mut PyReadwriteArray<'_, bool, D>,
) -> PyResult<&'a mut [u8]> {
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err("a flag array is not contiguous"));
    }
    let len = array.len();
    // SAFETY: a C-contiguous array of `len` one-byte bools starts at
    // `data()`; the write borrow `array`, held as long as the slice, keeps
    // every other borrow from the core out; any byte is a valid `u8`.
    Ok(unsafe { std::slice::from_raw_parts_mut(array.data().cast::<u8>(), len) })
}

/// `bytes_mut`, read only.
fn bytes<'a, D: Dimension>(array: &'a PyReadonlyArray<'_, bool, D>) -> PyResult<&'a [u8]> {
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err("a flag array is not contiguous"));
    }
    let len = array.len();
    // SAFETY: as in `bytes_mut`, with a read borrow held as long as the slice.
    Ok(unsafe { std::slice::from_raw_parts(array.data().cast::<u8>().cast_const(), len) })
}

/// The data of the `$field` array of `$obs` as a slice (`$as_slice`:
/// `values_mut`, or `bytes_mut` for a bool array), checked by `usable`;
/// the borrow guard lives on, shadowed, as long as the slice.
macro_rules! slice_mut {
    ($py:expr, $obs:expr, $field:ident, $shape:expr, $as_slice:ident) => {
        let mut $field = usable($py, &$obs.$field, stringify!($field), &$shape)?
            .try_readwrite()
            .map_err(|e| unusable(stringify!($field), "step()", e))?;
        let $field = $as_slice(&mut $field)?;
    };
}
/// `slice_mut!`, read only (`values` or `bytes`).
macro_rules! slice {
    ($py:expr, $obs:expr, $field:ident, $shape:expr, $as_slice:ident) => {
        let $field = usable($py, &$obs.$field, stringify!($field), &$shape)?
            .try_readonly()
            .map_err(|e| unusable(stringify!($field), "step()", e))?;
        let $field = $as_slice(&$field)?;
    };
}

impl ObsArrays {
    pub fn new(py: Python<'_>, rows: usize, players: usize) -> ObsArrays {
        let a = Action::ALL.len();
        ObsArrays {
            rows,
            players,
            actor: PyArray1::zeros(py, rows, false).unbind(),
            street: PyArray1::zeros(py, rows, false).unbind(),
            to_call: PyArray1::zeros(py, rows, false).unbind(),
            pot: PyArray1::zeros(py, rows, false).unbind(),
            legal: PyArray2::zeros(py, [rows, a], false).unbind(),
            stacks: PyArray2::zeros(py, [rows, players], false).unbind(),
            bets: PyArray2::zeros(py, [rows, players], false).unbind(),
            folded: PyArray2::zeros(py, [rows, players], false).unbind(),
            all_in: PyArray2::zeros(py, [rows, players], false).unbind(),
            cards: PyArray3::zeros(py, [rows, players, SLOTS], false).unbind(),
            community: PyArray1::zeros(py, rows, false).unbind(),
        }
    }

    fn clone_ref(&self, py: Python<'_>) -> ObsArrays {
        ObsArrays {
            rows: self.rows,
            players: self.players,
            actor: self.actor.clone_ref(py),
            street: self.street.clone_ref(py),
            to_call: self.to_call.clone_ref(py),
            pot: self.pot.clone_ref(py),
            legal: self.legal.clone_ref(py),
            stacks: self.stacks.clone_ref(py),
            bets: self.bets.clone_ref(py),
            folded: self.folded.clone_ref(py),
            all_in: self.all_in.clone_ref(py),
            cards: self.cards.clone_ref(py),
            community: self.community.clone_ref(py),
        }
    }

    /// The shapes of one row's array, of the per-seat arrays, of `cards`.
    fn shapes(&self) -> ([usize; 1], [usize; 2], [usize; 2], [usize; 3]) {
        let (r, p) = (self.rows, self.players);
        ([r], [r, Action::ALL.len()], [r, p], [r, p, SLOTS])
    }

    /// Runs `f` on the arrays as the core's `Obs` (without the GIL when
    /// `detach`).
    pub fn write<T: Send>(
        &self,
        py: Python<'_>,
        detach: bool,
        f: impl FnOnce(Obs<'_>) -> T + Send,
    ) -> PyResult<T> {
        let (one, flags, seats, slots) = self.shapes();
        slice_mut!(py, self, actor, one, values_mut);
        slice_mut!(py, self, street, one, values_mut);
        slice_mut!(py, self, to_call, one, values_mut);
        slice_mut!(py, self, pot, one, values_mut);
        slice_mut!(py, self, legal, flags, bytes_mut);
        slice_mut!(py, self, stacks, seats, values_mut);
        slice_mut!(py, self, bets, seats, values_mut);
        slice_mut!(py, self, folded, seats, bytes_mut);
        slice_mut!(py, self, all_in, seats, bytes_mut);
        slice_mut!(py, self, cards, slots, values_mut);
        slice_mut!(py, self, community, one, values_mut);
        let obs = Obs {
            players: self.players,
            actor,
            street,
            to_call,
            pot,
            legal,
            stacks,
            bets,
            folded,
            all_in,
            cards,
            community,
        };
        Ok(if detach { py.detach(|| f(obs)) } else { f(obs) })
    }

    /// `features(out)`: the float32 encoding of every row.
    fn features<'py>(
        &self,
        py: Python<'py>,
        big_bet: u64,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let rows = self.rows;
        let out = match out.filter(|o| !o.is_none()) {
            None => PyArray2::<f32>::zeros(py, [rows, WIDTH], false),
            Some(o) => {
                let array = o.cast_into::<PyArray2<f32>>().map_err(|e| {
                    type_error(
                        &format!("out must be a float32 numpy array of shape ({rows}, {WIDTH})"),
                        &e.into_inner(),
                    )
                })?;
                if array.shape() != [rows, WIDTH] || !array.is_c_contiguous() {
                    return Err(PyValueError::new_err(format!(
                        "out must be a C-contiguous float32 array of shape ({rows}, {WIDTH}), got shape {:?}",
                        array.shape()
                    )));
                }
                if !array.is_aligned() {
                    return Err(PyValueError::new_err(
                        "out must be an aligned float32 array (numpy's own allocation is)",
                    ));
                }
                array
            }
        };
        {
            let (one, flags, seats, slots) = self.shapes();
            slice!(py, self, actor, one, values);
            slice!(py, self, street, one, values);
            slice!(py, self, to_call, one, values);
            slice!(py, self, pot, one, values);
            slice!(py, self, legal, flags, bytes);
            slice!(py, self, stacks, seats, values);
            slice!(py, self, bets, seats, values);
            slice!(py, self, folded, seats, bytes);
            slice!(py, self, all_in, seats, bytes);
            slice!(py, self, cards, slots, values);
            slice!(py, self, community, one, values);
            let obs = ObsRef {
                players: self.players,
                actor,
                street,
                to_call,
                pot,
                legal,
                stacks,
                bets,
                folded,
                all_in,
                cards,
                community,
            };
            let mut guard = out
                .try_readwrite()
                .map_err(|e| unusable("out", "features()", e))?;
            let dest = guard.as_slice_mut()?;
            py.detach(|| obs.encode(big_bet, dest))?;
        }
        Ok(out)
    }
}

/// The decisions a batch policy is asked for: the observation arrays of the
/// tables whose actor plays it. `Tables` extends it, with the same names.
#[pyclass(subclass, name = "Batch", module = "razz_fast")]
pub struct PyBatch {
    obs: ObsArrays,
    big_bet: u64,
}

#[pymethods]
impl PyBatch {
    /// The seat to act per table (int8), -1 where nobody is.
    #[getter]
    fn actor(&self, py: Python<'_>) -> Py<PyArray1<i8>> {
        self.obs.actor.clone_ref(py)
    }
    /// The street per table (int8): 3 to 7, 0 once the hand is over.
    #[getter]
    fn street(&self, py: Python<'_>) -> Py<PyArray1<i8>> {
        self.obs.street.clone_ref(py)
    }
    /// Chips the actor needs to call (int64).
    #[getter]
    fn to_call(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.obs.to_call.clone_ref(py)
    }
    /// Chips in the middle (int64).
    #[getter]
    fn pot(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.obs.pot.clone_ref(py)
    }
    /// Legal actions (bool, tables x 7, indexed by `Action`).
    #[getter]
    fn legal(&self, py: Python<'_>) -> Py<PyArray2<bool>> {
        self.obs.legal.clone_ref(py)
    }
    /// Stacks per seat (int64, tables x players).
    #[getter]
    fn stacks(&self, py: Python<'_>) -> Py<PyArray2<i64>> {
        self.obs.stacks.clone_ref(py)
    }
    /// Bets of this round per seat (int64, tables x players).
    #[getter]
    fn bets(&self, py: Python<'_>) -> Py<PyArray2<i64>> {
        self.obs.bets.clone_ref(py)
    }
    /// Folded flags (bool, tables x players).
    #[getter]
    fn folded(&self, py: Python<'_>) -> Py<PyArray2<bool>> {
        self.obs.folded.clone_ref(py)
    }
    /// All-in flags (bool, tables x players).
    #[getter]
    fn all_in(&self, py: Python<'_>) -> Py<PyArray2<bool>> {
        self.obs.all_in.clone_ref(py)
    }
    /// Each seat's seven card slots as the actor sees them (int8,
    /// tables x players x 7: two down, four up, the seventh-street
    /// down card), -1 where the actor cannot see a card or none is
    /// dealt.
    #[getter]
    fn cards(&self, py: Python<'_>) -> Py<PyArray3<i8>> {
        self.obs.cards.clone_ref(py)
    }
    /// The community card per table (int8), -1 if none.
    #[getter]
    fn community(&self, py: Python<'_>) -> Py<PyArray1<i8>> {
        self.obs.community.clone_ref(py)
    }
    /// features(out=None) -> float32 array (tables, FEATURES): the
    /// actor's observation encoded for neural networks (layout in
    /// docs/TABLES.md); `out` is reused when given.
    #[pyo3(signature = (out=None))]
    fn features<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        self.obs.features(py, self.big_bet, out)
    }
    fn __len__(&self) -> usize {
        self.obs.rows
    }
}

impl PyBatch {
    /// The observations of `hands` (each as its actor sees it).
    pub fn of(py: Python<'_>, hands: &[&Hand], big_bet: u64) -> PyResult<PyBatch> {
        let players = hands.first().map_or(2, |h| h.num_players());
        let obs = ObsArrays::new(py, hands.len(), players);
        obs.write(py, false, |mut o| {
            for (row, hand) in hands.iter().enumerate() {
                o.write(row, hand);
            }
        })?;
        Ok(PyBatch { obs, big_bet })
    }
}

/// `where` of `step`: one bool per table, as a numpy bool array or anything
/// `numpy.asarray` makes one of.
fn where_arg(py: Python<'_>, flags: &Bound<'_, PyAny>, len: usize) -> PyResult<Vec<bool>> {
    let expected = format!("where must be a 1-D bool array of length {len}");
    // Through uint8, which numpy casts to 0 or 1: a bool array may hold any
    // byte (written through a view), which is no Rust `bool`.
    let bytes: Vec<u8> = vector_arg(py, flags, len, &expected, &["b"], "uint8")?;
    Ok(bytes.into_iter().map(|b| b != 0).collect())
}

/// One action per table (or per row of a batch policy's batch): an integer
/// numpy array, or anything `numpy.asarray` makes one of.
pub fn actions_arg(py: Python<'_>, actions: &Bound<'_, PyAny>, len: usize) -> PyResult<Vec<i64>> {
    // The common case, read in place: what numpy's argmax returns.
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        // (`try_readonly`: an array the core is writing falls through to
        // numpy's copy instead of panicking.)
        if let (true, Ok(array)) = (array.len() == len, array.try_readonly()) {
            if let Ok(values) = array.as_slice() {
                return Ok(values.to_vec());
            }
        }
    }
    let expected = format!("actions must be a 1-D integer array of length {len}");
    vector_arg(py, actions, len, &expected, &["i", "u"], "int64")
}

/// `value` as `len` elements of `T`: anything `numpy.asarray` makes a 1-D
/// array of, of one of the dtype `kinds`, converted to `dtype`.
fn vector_arg<T: numpy::Element + Copy>(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    len: usize,
    expected: &str,
    kinds: &[&str],
    dtype: &str,
) -> PyResult<Vec<T>> {
    let np = py.import("numpy")?;
    let array = np
        .call_method1("asarray", (value,))
        .map_err(|_| type_error(expected, value))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !kinds.contains(&kind.as_str()) {
        return Err(type_error(expected, value));
    }
    let array = array
        .call_method1("astype", (dtype,))?
        .cast_into::<PyArray1<T>>()
        .map_err(|_| PyValueError::new_err(format!("{expected}, got another shape")))?;
    if array.len() != len {
        return Err(PyValueError::new_err(format!(
            "{expected}, got length {}",
            array.len()
        )));
    }
    Ok(array.readonly().as_array().to_vec())
}

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
        let players = match strategies.filter(|s| !s.is_none()) {
            None => vec![Player::Batch(0); stacks.len()],
            Some(list) => sequence_items(list, "strategies")?
                .iter()
                .map(|s| {
                    if s.is_none() {
                        Ok(Player::Batch(0))
                    } else if let Ok(name) = s.cast::<PyString>() {
                        Ok(Player::Builtin(Strategy::from_name(&name.to_cow()?)?))
                    } else {
                        Err(type_error(
                            "each of strategies must be a built-in strategy's name or None",
                            s,
                        ))
                    }
                })
                .collect::<PyResult<Vec<_>>>()?,
        };
        let core_rules = rules.get().inner;
        let inner = Tables::new(
            core_rules,
            &stacks,
            &players,
            tables,
            seed,
            0,
            u64::MAX,
            threads,
        )?;
        let n = stacks.len();
        let obs = ObsArrays::new(py, tables, n);
        obs.write(py, false, |o| inner.observe(o))?;
        let base = PyBatch {
            obs,
            big_bet: core_rules.big_bet,
        };
        Ok(PyClassInitializer::from(base).add_subclass(PyTables {
            inner,
            rules: rules.unbind(),
            seed,
            done: PyArray1::zeros(py, tables, false).unbind(),
            payoffs: PyArray2::zeros(py, [tables, n], false).unbind(),
        }))
    }

    /// step(actions, where=None): one `Action` per table (ignored where
    /// `actor` is -1). An illegal action raises IllegalActionError naming
    /// its table and changes no table. Finished hands set `done` and
    /// `payoffs`, and their tables deal the next hand at once. `where`, a
    /// bool array of one flag per table, steps only the tables it marks:
    /// the others stay exactly as they are (their actions are ignored).
    #[pyo3(signature = (actions, r#where=None))]
    fn step(
        mut slf: PyRefMut<'_, Self>,
        actions: &Bound<'_, PyAny>,
        r#where: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
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
        obs.write(py, true, |o| inner.step(&actions, only.as_deref(), Some(o)))??;
        for (flag, &finished) in bytes_mut(&mut done)?.iter_mut().zip(slf.inner.done()) {
            *flag = u8::from(finished);
        }
        payoffs.as_slice_mut()?.copy_from_slice(slf.inner.payoffs());
        Ok(())
    }

    /// view(table, seat=None): what `seat` (default: the actor) may know of
    /// the hand at `table` now, as a `PlayerView`: for a bot that needs
    /// more than the arrays (the history, `determinize` for search) or a
    /// per-decision strategy playing some of the seats.
    #[pyo3(signature = (table, seat=None))]
    fn view(
        &self,
        table: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPlayerView> {
        let table = int_in(table, "table", 0, self.inner.len() as u64 - 1)? as usize;
        PyPlayerView::of(&self.inner.replayed(table), seat)
    }

    /// Whether each table's hand finished in the last step (bool).
    #[getter]
    fn done(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.done.clone_ref(py)
    }
    /// Net chips of the hands finished in the last step (int64, tables x
    /// players; zeros elsewhere).
    #[getter]
    fn payoffs(&self, py: Python<'_>) -> Py<PyArray2<i64>> {
        self.payoffs.clone_ref(py)
    }
    /// Hands finished so far on all tables.
    #[getter]
    fn hands_played(&self) -> u64 {
        self.inner.hands_played()
    }
    /// How many tables are stepped together.
    #[getter]
    fn num_tables(&self) -> usize {
        self.inner.len()
    }
    /// How many seats each table deals in, 2 to 8.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.players()
    }
    /// The Rules every table plays.
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyRules> {
        self.rules.clone_ref(py)
    }
    /// The seed the batch deals from (drawn at random when none was given):
    /// hand k of the batch gets the same cards for it whatever the number of
    /// tables or threads.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }
    fn __repr__(&self) -> String {
        format!(
            "<Tables {} tables of {} players, {} hands played>",
            self.inner.len(),
            self.inner.players(),
            self.inner.hands_played()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTables>()?;
    m.add_class::<PyBatch>()?;
    m.add("FEATURES", WIDTH)?;
    m.add("FEATURES_VERSION", crate::tables::features::VERSION)?;
    Ok(())
}
