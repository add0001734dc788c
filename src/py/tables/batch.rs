//! `Batch`, what a batch policy receives: the observation arrays of the
//! tables whose actor it plays, with their features. `Tables` extends it.

use numpy::{PyArray1, PyArray2, PyArray3};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use super::arrays::ObsArrays;
use crate::hand::Hand;

/// The decisions a batch policy is asked for: the observation arrays of the
/// tables whose actor plays it. `Tables` extends it, with the same names.
#[pyclass(subclass, name = "Batch", module = "razz_fast")]
pub struct PyBatch {
    pub(super) obs: ObsArrays,
    pub(super) big_bet: u64,
}

#[pymethods]
impl PyBatch {
    /// The seat to act per table (int8), -1 where nobody is.
    #[getter]
    fn actor(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i8>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.actor.clone_ref(slf.py()))
    }
    /// The street per table (int8): 3 to 7, 0 once the hand is over.
    #[getter]
    fn street(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i8>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.street.clone_ref(slf.py()))
    }
    /// Chips the actor needs to call (int64).
    #[getter]
    fn to_call(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i64>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.to_call.clone_ref(slf.py()))
    }
    /// Chips in the middle (int64).
    #[getter]
    fn pot(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i64>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.pot.clone_ref(slf.py()))
    }
    /// Legal actions (bool, tables x 7, indexed by `Action`).
    #[getter]
    fn legal(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<bool>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.legal.clone_ref(slf.py()))
    }
    /// Stacks per seat (int64, tables x players).
    #[getter]
    fn stacks(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<i64>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.stacks.clone_ref(slf.py()))
    }
    /// Bets of this round per seat (int64, tables x players).
    #[getter]
    fn bets(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<i64>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.bets.clone_ref(slf.py()))
    }
    /// Folded flags (bool, tables x players).
    #[getter]
    fn folded(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<bool>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.folded.clone_ref(slf.py()))
    }
    /// All-in flags (bool, tables x players).
    #[getter]
    fn all_in(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<bool>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.all_in.clone_ref(slf.py()))
    }
    /// Each seat's seven card slots as the actor sees them (int8,
    /// tables x players x 7: two down, four up, the seventh-street
    /// down card), -1 where the actor cannot see a card or none is
    /// dealt.
    #[getter]
    fn cards(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray3<i8>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.cards.clone_ref(slf.py()))
    }
    /// The community card per table (int8), -1 if none.
    #[getter]
    fn community(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i8>>> {
        let this = borrowed(slf)?;
        Ok(this.obs.community.clone_ref(slf.py()))
    }
    /// features(out=None) -> float32 array (tables, FEATURES): the
    /// actor's observation encoded for neural networks (layout in
    /// [bots](TABLES.md)); `out` is reused when given.
    #[pyo3(signature = (out=None))]
    fn features<'py>(
        slf: &Bound<'py, Self>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let this = borrowed(slf)?;
        this.obs.features(slf.py(), this.big_bet, out)
    }
    fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        let this = borrowed(slf)?;
        Ok(this.obs.rows)
    }
    // No pickle or copy (pickle and copy call these): a batch is the
    // hands being played as a policy is asked about them. (`slf`, not
    // `&self`: refused without a borrow.)
    fn __reduce__(_slf: &Bound<'_, Self>) -> PyResult<()> {
        Err(PyTypeError::new_err(BATCH_NOT_COPIED))
    }
    fn __copy__(_slf: &Bound<'_, Self>) -> PyResult<()> {
        Err(PyTypeError::new_err(BATCH_NOT_COPIED))
    }
    fn __deepcopy__(_slf: &Bound<'_, Self>, memo: &Bound<'_, PyAny>) -> PyResult<()> {
        let _ = memo; // (named as copy passes it)
        Err(PyTypeError::new_err(BATCH_NOT_COPIED))
    }
}

/// The RuntimeError of a `Tables` borrowed while in use: its `step` holds
/// it (with the GIL released while the core works) and a second call came,
/// from another thread or from a callback of the first (an `__array__` of
/// its actions). PyO3's own words were a bare "Already borrowed". (Only a
/// `Tables` is ever borrowed mutably, so only a `Tables` is ever in use.)
pub(super) fn in_use() -> PyErr {
    PyRuntimeError::new_err(IN_USE)
}

/// `slf` borrowed to read, or the error `in_use` when its `step` holds it
/// (getters too: a thread reading `legal` while another steps is the
/// common case).
pub(super) fn borrowed<'py, T: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::False>>(
    slf: &Bound<'py, T>,
) -> PyResult<PyRef<'py, T>> {
    slf.try_borrow().map_err(|_| in_use())
}

/// What `in_use` says (the reference's words too).
const IN_USE: &str = "this Tables is already in use (a call on it, such as step or \
    features, is running in another thread, or called back into it): use one Tables per \
    thread, or a lock";

/// Why a `Batch` cannot be pickled or copied (the reference's words too).
const BATCH_NOT_COPIED: &str = "Batch cannot be pickled or copied: it is the hands being \
    played as a batch policy is asked about them; copy the arrays you need (numpy's copy) \
    instead";

impl PyBatch {
    /// The observations of `hands` (each as its actor sees it).
    pub fn of(py: Python<'_>, hands: &[&Hand], big_bet: u64) -> PyResult<PyBatch> {
        let players = hands.first().map_or(2, |h| h.num_players());
        let obs = ObsArrays::new(py, hands.len(), players)?;
        obs.write(py, false, |mut o| {
            for (row, hand) in hands.iter().enumerate() {
                o.write(row, hand);
            }
        })?;
        Ok(PyBatch { obs, big_bet })
    }
}
