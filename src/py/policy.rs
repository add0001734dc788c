//! `Policy`'s core: the table of weights a `razz_fast.Policy` plays (the
//! Python class, in `razz_fast.bots.policy`, adds its file and header), and
//! its recognition wherever a strategy is taken.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::events::action_member;
use super::view::PyPlayerView;
use crate::abstraction::{self, INFOSETS, SLOTS};
use crate::policy::{Policy, PolicyRef, Weights};

/// Bytes per information set in a policy's weights: three little-endian
/// 16-bit weights (fold, passive, aggressive).
const ROW_BYTES: usize = SLOTS * 2;

/// The compiled table of a `razz_fast.Policy` (its base class): one row
/// of integer weights per abstract information set, for a player count.
#[pyclass(module = "razz_fast._core", name = "PolicyTable", subclass, frozen)]
pub struct PyPolicy {
    pub policy: PolicyRef,
}

#[pymethods]
impl PyPolicy {
    /// `weights`: bytes of three little-endian uint16 per information set.
    #[new]
    #[pyo3(signature = (weights, players, *_args, **_kwargs))]
    fn new(
        weights: &Bound<'_, PyBytes>,
        players: usize,
        _args: &Bound<'_, pyo3::types::PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyPolicy> {
        let bytes = weights.as_bytes();
        if bytes.len() != INFOSETS * ROW_BYTES {
            return Err(PyValueError::new_err(format!(
                "a policy's weights are {} bytes ({INFOSETS} information sets of {SLOTS} \
                 16-bit weights), got {}",
                INFOSETS * ROW_BYTES,
                bytes.len()
            )));
        }
        let rows: Vec<Weights> = bytes
            .chunks_exact(ROW_BYTES)
            .map(|row| std::array::from_fn(|i| u16::from_le_bytes([row[2 * i], row[2 * i + 1]])))
            .collect();
        Ok(PyPolicy {
            policy: Policy::new(players, rows)?.register()?,
        })
    }

    /// The weights as `new` takes them.
    fn weights_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let rows = self.policy.get().weights();
        PyBytes::new(
            py,
            &rows
                .iter()
                .flatten()
                .flat_map(|w| w.to_le_bytes())
                .collect::<Vec<u8>>(),
        )
    }

    /// How many players the policy is for.
    #[getter]
    fn players(&self) -> usize {
        self.policy.get().players()
    }

    /// The abstract information set of the view's seat, which must be the
    /// actor.
    #[staticmethod]
    fn infoset(view: PyRef<'_, PyPlayerView>) -> PyResult<usize> {
        view_infoset(&view)
    }

    /// The probability of each legal action for the view's seat, which
    /// must be the actor, as a dict from `Action` to float.
    fn probabilities<'py>(
        &self,
        py: Python<'py>,
        view: PyRef<'_, PyPlayerView>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let infoset = view_infoset(&view)?;
        let legal = view.view().legal_actions();
        let probabilities = self.policy.get().probabilities_at(infoset, legal);
        let out = PyDict::new(py);
        for action in legal.iter() {
            out.set_item(action_member(py, action)?, probabilities[action as usize])?;
        }
        Ok(out)
    }
}

fn view_infoset(view: &PyPlayerView) -> PyResult<usize> {
    let view = view.view();
    abstraction::of_view(view).ok_or_else(|| {
        PyValueError::new_err(format!(
            "the view is seat {}'s, which is not to act (a policy decides only for the actor)",
            view.seat()
        ))
    })
}

/// Probabilities (rows of fold, passive, aggressive) to the weights `new`
/// takes, each row scaled to sum to 65535 and rounded.
#[pyfunction]
fn quantize_policy<'py>(
    py: Python<'py>,
    rows: numpy::PyReadonlyArray2<'py, f64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let rows = rows.as_array();
    let shape = rows.shape();
    if shape != [INFOSETS, SLOTS] {
        return Err(PyValueError::new_err(format!(
            "probabilities must have shape ({INFOSETS}, {SLOTS}), got {shape:?}"
        )));
    }
    let mut out = Vec::with_capacity(INFOSETS * ROW_BYTES);
    for (i, row) in rows.outer_iter().enumerate() {
        let row = [row[0], row[1], row[2]];
        let weights = Policy::quantize(row)
            .map_err(|e| PyValueError::new_err(format!("probabilities row {i}: {e}")))?;
        out.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
    }
    Ok(PyBytes::new(py, &out))
}

/// The built-in strategies that are policies shipped in the package
/// (`razz_fast.bots.blueprint`), heads-up only.
pub const SHIPPED: [&str; 1] = ["blueprint"];

/// The shipped policy `name` as a strategy, if `name` is one, checked
/// against the table's player count.
pub fn shipped_strategy(py: Python<'_>, name: &str, players: usize) -> PyResult<Option<PolicyRef>> {
    if !SHIPPED.contains(&name) {
        return Ok(None);
    }
    let policy = py
        .import("razz_fast.bots.blueprint")?
        .getattr("blueprint")?
        .call0()?;
    let table = policy.cast::<PyPolicy>()?.get().policy;
    if table.get().players() != players {
        return Err(PyValueError::new_err(format!(
            "{name} is heads-up only: it plays at {} players, the table has {players}",
            table.get().players()
        )));
    }
    Ok(Some(table))
}

/// The strategy `obj` is when it is a policy, checked against the table's
/// player count.
pub fn policy_strategy(obj: &Bound<'_, PyAny>, players: usize) -> PyResult<Option<PolicyRef>> {
    let Ok(table) = obj.cast::<PyPolicy>() else {
        return Ok(None);
    };
    let policy = table.get().policy;
    if policy.get().players() != players {
        return Err(PyValueError::new_err(format!(
            "the policy is for {} players, the table has {players}",
            policy.get().players()
        )));
    }
    Ok(Some(policy))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPolicy>()?;
    m.add_function(wrap_pyfunction!(quantize_policy, m)?)?;
    m.add("ABSTRACTION", abstraction::NAME)?;
    m.add("ABSTRACTION_VERSION", abstraction::VERSION)?;
    m.add("INFOSETS", INFOSETS)?;
    Ok(())
}
