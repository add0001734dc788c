//! `Batch`, what a batch policy receives: the observation arrays of the
//! tables whose actor it plays, with their features. `Tables` extends it.

use numpy::{PyArray1, PyArray2, PyArray3};
use pyo3::exceptions::PyTypeError;
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
    /// [bots](TABLES.md)); `out` is reused when given.
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

/// Why a `Batch` cannot be pickled or copied (the reference's words too).
const BATCH_NOT_COPIED: &str = "Batch cannot be pickled or copied: it is the hands being \
    played as a batch policy is asked about them; copy the arrays you need (numpy's copy) \
    instead";

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
