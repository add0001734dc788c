//! `Rules`: the immutable stakes and settings, as a frozen Python class.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyNone, PyString, PyTuple};

use super::args::{bool_arg, int_arg, int_in};
use super::errors::type_error;
use crate::error::Result as CoreResult;
use crate::rules::{
    AnteAllIn, HeadsUp, OddChip, OpenerTies, Reopen, Rules, ShortBringIn, Showdown, MAX_CHIPS,
    PRESETS,
};

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

/// The four stakes, checked in signature order (ENGINE.md §2).
fn stakes(
    py: Python<'_>,
    ante: Given,
    bring_in: Given,
    small_bet: Given,
    big_bet: Given,
) -> PyResult<[u64; 4]> {
    let d = Rules::default();
    // Converted to chip counts only: how the stakes relate is the core's to
    // check (`Rules::validated`, whose messages say why). It checks them in
    // signature order as each is read (ENGINE.md §2), the stakes not yet
    // read at their loosest, so that `bring_in=10` with the default
    // small_bet of 2 is a ValueError before any later argument's TypeError,
    // as in the reference.
    let chips = |arg: Given, name: &str, default: u64| match arg {
        Given::Default => Ok(default),
        Given::Value(o) => int_in(o.bind(py), name, 0, MAX_CHIPS),
    };
    let so_far = |ante, bring_in, small_bet, big_bet| {
        Rules {
            ante,
            bring_in,
            small_bet,
            big_bet,
            ..d
        }
        .validated()
    };
    let ante = chips(ante, "ante", d.ante)?;
    so_far(ante, 1, MAX_CHIPS, MAX_CHIPS)?;
    let bring_in = chips(bring_in, "bring_in", d.bring_in)?;
    so_far(ante, bring_in, MAX_CHIPS, MAX_CHIPS)?;
    let small_bet = chips(small_bet, "small_bet", d.small_bet)?;
    so_far(ante, bring_in, small_bet, MAX_CHIPS)?;
    let big_bet = chips(big_bet, "big_bet", d.big_bet)?;
    so_far(ante, bring_in, small_bet, big_bet)?;
    Ok([ante, bring_in, small_bet, big_bet])
}

/// A str argument, TypeError otherwise.
fn text(py: Python<'_>, obj: &Py<PyAny>, name: &str) -> PyResult<String> {
    let o = obj.bind(py);
    let text = o
        .cast::<PyString>()
        .map_err(|_| type_error(&format!("{name} must be a str"), o))?;
    // Lossy: text that is no valid UTF-8 (a lone surrogate) is then simply
    // no known name, a ValueError like any other.
    Ok(text.to_string_lossy().into_owned())
}

/// A named setting: its default when not given, else parsed by name.
fn choice<T>(
    py: Python<'_>,
    arg: Given,
    name: &str,
    default: T,
    parse: fn(&str) -> CoreResult<T>,
) -> PyResult<T> {
    match arg {
        Given::Default => Ok(default),
        Given::Value(o) => Ok(parse(&text(py, &o, name)?)?),
    }
}

/// Rules(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4,
/// heads_up="capped", reopen="full", short_bring_in="short",
/// ante_all_in="forced", opener_ties="seat", burn_cards=False,
/// showdown="seat", odd_chip="seat")
///
/// Immutable stakes and rule settings of a razz game ([the rules](RULES.md)).
/// `Rules.preset(name, ante, bring_in, small_bet, big_bet)` gives a rule
/// book's settings (`Rules.PRESETS` lists them); `rules.replace(**changes)`
/// a copy with some settings changed.
#[pyclass(frozen, eq, hash, name = "Rules", module = "razz_fast")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub inner: Rules,
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (ante=Given::Default, bring_in=Given::Default, small_bet=Given::Default, big_bet=Given::Default, *, cap=Given::Default, heads_up=Given::Default, reopen=Given::Default, short_bring_in=Given::Default, ante_all_in=Given::Default, opener_ties=Given::Default, burn_cards=Given::Default, showdown=Given::Default, odd_chip=Given::Default, uncapped_heads_up=Given::Default))]
    #[pyo3(
        text_signature = "(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4, heads_up='capped', reopen='full', short_bring_in='short', ante_all_in='forced', opener_ties='seat', burn_cards=False, showdown='seat', odd_chip='seat')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ante: Given,
        bring_in: Given,
        small_bet: Given,
        big_bet: Given,
        cap: Given,
        heads_up: Given,
        reopen: Given,
        short_bring_in: Given,
        ante_all_in: Given,
        opener_ties: Given,
        burn_cards: Given,
        showdown: Given,
        odd_chip: Given,
        uncapped_heads_up: Given,
    ) -> PyResult<PyRules> {
        if let Given::Value(_) = uncapped_heads_up {
            // Its old meaning (no cap with two players in the hand, all-in
            // ones counted) matched no rule book.
            return Err(PyTypeError::new_err(
                "uncapped_heads_up was removed: use heads_up='capped', 'round_starts' or 'before_cap'",
            ));
        }
        let d = Rules::default();
        let [ante, bring_in, small_bet, big_bet] = stakes(py, ante, bring_in, small_bet, big_bet)?;
        let cap = match cap {
            Given::Default => d.cap,
            Given::Value(o) if o.bind(py).is_instance_of::<PyNone>() => None,
            Given::Value(o) => {
                // A cap past any stack can never bind, so a larger one is a
                // mistake (and would not survive the round trip to u64).
                let v = int_arg(o.bind(py), "cap")?;
                if !(1..=MAX_CHIPS as i128).contains(&v) {
                    return Err(PyValueError::new_err(format!(
                        "cap must be None or 1..{MAX_CHIPS}, got {v}"
                    )));
                }
                Some(v as u64)
            }
        };
        let heads_up = choice(py, heads_up, "heads_up", d.heads_up, HeadsUp::from_name)?;
        let reopen = choice(py, reopen, "reopen", d.reopen, Reopen::from_name)?;
        let short_bring_in = choice(
            py,
            short_bring_in,
            "short_bring_in",
            d.short_bring_in,
            ShortBringIn::from_name,
        )?;
        let ante_all_in = choice(
            py,
            ante_all_in,
            "ante_all_in",
            d.ante_all_in,
            AnteAllIn::from_name,
        )?;
        let opener_ties = choice(
            py,
            opener_ties,
            "opener_ties",
            d.opener_ties,
            OpenerTies::from_name,
        )?;
        let burn_cards = match burn_cards {
            Given::Default => d.burn_cards,
            Given::Value(o) => bool_arg(o.bind(py), "burn_cards")?,
        };
        let showdown = choice(py, showdown, "showdown", d.showdown, Showdown::from_name)?;
        let odd_chip = choice(py, odd_chip, "odd_chip", d.odd_chip, OddChip::from_name)?;
        let inner = Rules {
            ante,
            bring_in,
            small_bet,
            big_bet,
            cap,
            heads_up,
            reopen,
            short_bring_in,
            ante_all_in,
            opener_ties,
            burn_cards,
            showdown,
            odd_chip,
        }
        .validated()?;
        Ok(PyRules { inner })
    }

    /// Rules.preset(name, ante=0, bring_in=1, small_bet=2, big_bet=4)
    ///
    /// A rule book's settings at these stakes: "pokerstars" (the default
    /// Rules()), "wsop", "wsop_live", "tda" or "roberts" ([the rules](RULES.md)).
    #[staticmethod]
    #[pyo3(signature = (name, ante=Given::Default, bring_in=Given::Default, small_bet=Given::Default, big_bet=Given::Default))]
    #[pyo3(text_signature = "(name, ante=0, bring_in=1, small_bet=2, big_bet=4)")]
    fn preset(
        py: Python<'_>,
        name: Py<PyAny>,
        ante: Given,
        bring_in: Given,
        small_bet: Given,
        big_bet: Given,
    ) -> PyResult<PyRules> {
        let name = text(py, &name, "name")?;
        let [ante, bring_in, small_bet, big_bet] = stakes(py, ante, bring_in, small_bet, big_bet)?;
        let inner = Rules::preset(&name, ante, bring_in, small_bet, big_bet)?;
        Ok(PyRules { inner })
    }

    /// The names `Rules.preset` takes, the default first.
    #[classattr]
    #[allow(non_snake_case)]
    fn PRESETS(py: Python<'_>) -> PyResult<Py<PyTuple>> {
        Ok(PyTuple::new(py, PRESETS)?.unbind())
    }

    /// rules.replace(**changes): a copy with the named settings changed,
    /// checked as the constructor checks them.
    #[pyo3(signature = (**changes))]
    fn replace<'py>(
        slf: &Bound<'py, Self>,
        changes: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let fields = slf.borrow().fields(slf.py())?;
        if let Some(changes) = changes {
            fields.update(changes.as_mapping())?;
        }
        slf.get_type().call((), Some(&fields))
    }

    /// Chips each player antes before the cards are dealt (0: no ante).
    #[getter]
    fn ante(&self) -> u64 {
        self.inner.ante
    }
    /// Chips the forced bring-in puts in on third street; it is paid by the
    /// seat showing the worst up card.
    #[getter]
    fn bring_in(&self) -> u64 {
        self.inner.bring_in
    }
    /// The size of a completion, bet or raise on third and fourth street.
    #[getter]
    fn small_bet(&self) -> u64 {
        self.inner.small_bet
    }
    /// The size of a bet or raise on fifth, sixth and seventh street.
    #[getter]
    fn big_bet(&self) -> u64 {
        self.inner.big_bet
    }
    /// The most completions, bets and raises one betting round allows (the
    /// bring-in counts none), or None for no cap.
    #[getter]
    fn cap(&self) -> Option<u64> {
        self.inner.cap
    }
    /// When the cap is lifted heads-up: "capped" (never), "round_starts" (a
    /// round that starts with two players not all in), "before_cap" (two
    /// players not all in before the cap is reached).
    #[getter]
    fn heads_up(&self) -> &'static str {
        self.inner.heads_up.name()
    }
    /// What a short all-in must add to reopen the betting: "full" (a whole
    /// bet) or "half" (at least half a bet).
    #[getter]
    fn reopen(&self) -> &'static str {
        self.inner.reopen.name()
    }
    /// After a bring-in posted all in for less: "short" (the others call that
    /// amount, or complete) or "full" (they enter for at least the whole bring-in,
    /// or complete).
    #[getter]
    fn short_bring_in(&self) -> &'static str {
        self.inner.short_bring_in.name()
    }
    /// When the high card is all in from the ante, the bring-in passes to the next
    /// player with chips: "forced" (who must bring in or complete) or "may_fold"
    /// (who may fold instead, passing it on).
    #[getter]
    fn ante_all_in(&self) -> &'static str {
        self.inner.ante_all_in.name()
    }
    /// Equal boards from fourth street on: "seat" (the lowest seat, first
    /// clockwise from the dealer, acts first) or "suit" (the board with the
    /// highest up card by suit).
    #[getter]
    fn opener_ties(&self) -> &'static str {
        self.inner.opener_ties.name()
    }
    /// Whether one card is burned before each street is dealt.
    #[getter]
    fn burn_cards(&self) -> bool {
        self.inner.burn_cards
    }
    /// Who shows first when nobody bet on seventh street (else the last to bet
    /// or raise): "seat" (the lowest seat in the hand) or "opener" (the best low
    /// board); the rest show clockwise.
    #[getter]
    fn showdown(&self) -> &'static str {
        self.inner.showdown.name()
    }
    /// Who gets the odd chips of a split pot: "seat" (lowest seat first),
    /// "low_card" (the winner with the smallest card first) or "high_card"
    /// (the winner with the highest card first).
    #[getter]
    fn odd_chip(&self) -> &'static str {
        self.inner.odd_chip.name()
    }

    /// Pickles as `Rules(**fields)` (rebuilt by `razz_fast._pickle`), the
    /// same `__reduce__` mechanism as `Hand`'s.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py.import("razz_fast._pickle")?.getattr("_rules")?;
        PyTuple::new(
            py,
            [rebuild, PyTuple::new(py, [self.fields(py)?])?.into_any()],
        )
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts: Vec<String> = self
            .fields(py)?
            .iter()
            .map(|(k, v)| Ok(format!("{k}={}", v.repr()?)))
            .collect::<PyResult<_>>()?;
        Ok(format!("Rules({})", parts.join(", ")))
    }
}

impl PyRules {
    /// Every field by name, in signature order, as the constructor takes it.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = &self.inner;
        let d = PyDict::new(py);
        d.set_item("ante", r.ante)?;
        d.set_item("bring_in", r.bring_in)?;
        d.set_item("small_bet", r.small_bet)?;
        d.set_item("big_bet", r.big_bet)?;
        d.set_item("cap", r.cap)?;
        d.set_item("heads_up", r.heads_up.name())?;
        d.set_item("reopen", r.reopen.name())?;
        d.set_item("short_bring_in", r.short_bring_in.name())?;
        d.set_item("ante_all_in", r.ante_all_in.name())?;
        d.set_item("opener_ties", r.opener_ties.name())?;
        d.set_item("burn_cards", r.burn_cards)?;
        d.set_item("showdown", r.showdown.name())?;
        d.set_item("odd_chip", r.odd_chip.name())?;
        Ok(d)
    }
}

/// `rules` as a `Rules` of the core; a `TypeError` otherwise, naming the
/// type given by `razz_fast._checks.rules_type` (the reference's wording),
/// which tells the reference's `Rules` from ours.
pub fn rules_arg<'py>(rules: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyRules>> {
    rules.cast::<PyRules>().cloned().map_err(|_| {
        let name = rules
            .py()
            .import("razz_fast._checks")
            .and_then(|checks| checks.getattr("rules_type")?.call1((rules,))?.extract())
            .unwrap_or_else(|_: PyErr| "?".to_string());
        PyTypeError::new_err(format!("rules must be a razz_fast.Rules, got {name}"))
    })
}
