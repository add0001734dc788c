//! Core events and action sets as the Python objects of `razz_fast.events`
//! (`Event` tuples, `Action` members), shared by `Hand` and `PlayerView`.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple, PyType};

use super::cards::card_list;
use crate::event::{Action, ActionSet, Event};

/// The seven `Action` members, fetched once: building an IntEnum member per
/// call would cost more than the engine's whole step.
static ACTIONS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
static EVENT: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `razz_fast.events.NAME`, imported once into `cell`.
pub fn shared_type<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
) -> PyResult<&'py Bound<'py, PyType>> {
    cell.import(py, "razz_fast.events", name)
}

/// The seven `Action` members, in `Action` order.
fn members(py: Python<'_>) -> PyResult<&Vec<Py<PyAny>>> {
    ACTIONS.get_or_try_init(py, || -> PyResult<Vec<Py<PyAny>>> {
        let action = py.import("razz_fast.events")?.getattr("Action")?;
        (0..Action::ALL.len())
            .map(|i| Ok(action.call1((i,))?.unbind()))
            .collect()
    })
}

/// The `Action` member of `action`.
pub fn action_member(py: Python<'_>, action: Action) -> PyResult<Bound<'_, PyAny>> {
    Ok(members(py)?[action as usize].bind(py).clone())
}

/// The `Action` members of `set`, in `Action` order, as a list built in
/// place (no intermediate vector to allocate on every decision).
pub fn action_list(py: Python<'_>, set: ActionSet) -> PyResult<Bound<'_, PyList>> {
    let members = members(py)?;
    PyList::new(py, set.iter().map(|a| members[a as usize].bind(py)))
}

/// The action `obj` is when it is one of the `Action` members themselves,
/// as `legal_actions()` gives them: a pointer comparison each, with no int
/// conversion. None for anything else (an int or a numpy integer, which
/// the caller converts).
pub fn member_action(obj: &Bound<'_, PyAny>) -> Option<Action> {
    let members = members(obj.py()).ok()?;
    let index = members.iter().position(|m| m.is(obj))?;
    Some(Action::ALL[index])
}

/// `events` as `razz_fast.Event` tuples.
pub fn event_list<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let event = shared_type(py, &EVENT, "Event")?;
    events
        .iter()
        .map(|e| {
            let cards = PyTuple::new(py, card_list(e.cards()))?;
            event.call1((e.kind.name(), e.seat, e.amount, cards))
        })
        .collect()
}
