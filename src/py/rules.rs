//! `Rules`: the immutable stakes and settings, as a frozen Python class.

use pyo3::prelude::*;
use pyo3::types::{PyNone, PyString};

use super::args::{bool_arg, int_arg, int_in};
use super::errors::type_error;
use crate::rules::{OddChip, Rules, MAX_CHIPS};

/// An optional argument that tells "not given" from an explicit None, so a
/// None where an int or bool belongs is a TypeError, not the default.
pub enum Given {
    Default,
    Value(Py<PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Given {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Given> {
        Ok(Given::Value(obj.to_owned().unbind()))
    }
}

/// Rules(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4,
/// uncapped_heads_up=False, burn_cards=False, odd_chip="seat")
///
/// Immutable stakes and rule settings of a razz game.
#[pyclass(frozen, eq, hash, name = "Rules", module = "razz_fast")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub inner: Rules,
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (ante=Given::Default, bring_in=Given::Default, small_bet=Given::Default, big_bet=Given::Default, *, cap=Given::Default, uncapped_heads_up=Given::Default, burn_cards=Given::Default, odd_chip=Given::Default))]
    #[pyo3(
        text_signature = "(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4, uncapped_heads_up=False, burn_cards=False, odd_chip='seat')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ante: Given,
        bring_in: Given,
        small_bet: Given,
        big_bet: Given,
        cap: Given,
        uncapped_heads_up: Given,
        burn_cards: Given,
        odd_chip: Given,
    ) -> PyResult<PyRules> {
        let d = Rules::default();
        // A default is checked against the arguments before it too, in
        // signature order (ENGINE.md §2): `bring_in=10` leaves the default
        // small_bet of 2 below it, a ValueError before any later argument's
        // TypeError, as in the reference.
        let chips = |arg: Given, name: &str, lo: u64, default: u64| match arg {
            Given::Default if default < lo => Err(pyo3::exceptions::PyValueError::new_err(
                format!("{name} must be at least {lo}, got {default} (its default)"),
            )),
            Given::Default => Ok(default),
            Given::Value(o) => int_in(o.bind(py), name, lo, MAX_CHIPS),
        };
        let ante = chips(ante, "ante", 0, d.ante)?;
        let bring_in = chips(bring_in, "bring_in", 1, d.bring_in)?;
        let small_bet = chips(small_bet, "small_bet", bring_in, d.small_bet)?;
        let big_bet = chips(big_bet, "big_bet", small_bet, d.big_bet)?;
        let cap = match cap {
            Given::Default => d.cap,
            Given::Value(o) if o.bind(py).is_instance_of::<PyNone>() => None,
            Given::Value(o) => {
                // A cap past any stack can never bind, so a larger one is a
                // mistake (and would not survive the round trip to u64).
                let v = int_arg(o.bind(py), "cap")?;
                if !(1..=MAX_CHIPS as i128).contains(&v) {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "cap must be None or 1..{MAX_CHIPS}, got {v}"
                    )));
                }
                Some(v as u64)
            }
        };
        let flag = |arg: Given, name: &str| match arg {
            Given::Default => Ok(false),
            Given::Value(o) => bool_arg(o.bind(py), name),
        };
        let uncapped_heads_up = flag(uncapped_heads_up, "uncapped_heads_up")?;
        let burn_cards = flag(burn_cards, "burn_cards")?;
        let odd_chip = match odd_chip {
            Given::Default => d.odd_chip,
            Given::Value(o) => {
                let o = o.bind(py);
                let name = o
                    .cast::<PyString>()
                    .map_err(|_| type_error("odd_chip must be a str", o))?;
                // Lossy: text that is no valid UTF-8 (a lone surrogate) is
                // then simply no known name, a ValueError like any other.
                OddChip::from_name(&name.to_string_lossy())?
            }
        };
        let inner = Rules {
            ante,
            bring_in,
            small_bet,
            big_bet,
            cap,
            uncapped_heads_up,
            burn_cards,
            odd_chip,
        }
        .validated()?;
        Ok(PyRules { inner })
    }

    #[getter]
    fn ante(&self) -> u64 {
        self.inner.ante
    }
    #[getter]
    fn bring_in(&self) -> u64 {
        self.inner.bring_in
    }
    #[getter]
    fn small_bet(&self) -> u64 {
        self.inner.small_bet
    }
    #[getter]
    fn big_bet(&self) -> u64 {
        self.inner.big_bet
    }
    #[getter]
    fn cap(&self) -> Option<u64> {
        self.inner.cap
    }
    #[getter]
    fn uncapped_heads_up(&self) -> bool {
        self.inner.uncapped_heads_up
    }
    #[getter]
    fn burn_cards(&self) -> bool {
        self.inner.burn_cards
    }
    #[getter]
    fn odd_chip(&self) -> &'static str {
        self.inner.odd_chip.name()
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        let cap = r.cap.map_or("None".to_string(), |c| c.to_string());
        let py_bool = |b: bool| if b { "True" } else { "False" };
        format!(
            "Rules(ante={}, bring_in={}, small_bet={}, big_bet={}, cap={cap}, uncapped_heads_up={}, burn_cards={}, odd_chip='{}')",
            r.ante,
            r.bring_in,
            r.small_bet,
            r.big_bet,
            py_bool(r.uncapped_heads_up),
            py_bool(r.burn_cards),
            r.odd_chip.name()
        )
    }
}
