//! Typed arguments of the run objects (`SimRun`, `MatchRun`, `EquitySpot`):
//! each user argument becomes a small domain type here, checked with the
//! message and exception class the pure-Python reference uses, so that a
//! binding names what it takes (Hands, Seed, Threads, ...) instead of taking
//! a Python object apart in its body.
//!
//! Types that stand alone implement `FromPyObject`. Some arguments are only
//! checkable against an earlier one (a list of strategies or stacks has one
//! entry per player; `stacks=None` means 100 big bets of the rules): they
//! take that context in a constructor. Since PyO3 converts every argument
//! of a signature before the body runs, a binding whose checks depend on
//! one another converts them in its body, one after the other in signature
//! order, so that the first bad argument is the one reported.

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::args::{index_of, int_text, text_or_mapping, unordered};
use super::errors::type_error;
use super::hand::PyHand;
use super::policy::{policy_strategy, shipped_strategy, SHIPPED};
use super::rules::rules_arg;
use super::rules::PyRules;
use crate::event::Event;
use crate::policy::PolicyRef;
use crate::rules::{Rules, MAX_CHIPS};
use crate::strategy::Strategy;

/// An integer argument (ints and numpy's integer scalars, never a bool) in
/// `low..=high`: TypeError naming `name` for a non-int, ValueError outside
/// the range (the wording of `razz_fast._args.checked_int`).
pub fn int_in_range(obj: &Bound<'_, PyAny>, name: &str, low: i128, high: i128) -> PyResult<i128> {
    let Some(int) = index_of(obj)? else {
        return Err(type_error(&format!("{name} must be an int"), obj));
    };
    match int.extract::<i128>() {
        Ok(v) if (low..=high).contains(&v) => Ok(v),
        _ => Err(PyValueError::new_err(format!(
            "{name} must be {low}..{high}, got {}",
            int_text(int.as_any())
        ))),
    }
}

/// A bool argument: Python's or numpy's, never an int.
fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.extract::<bool>()
        .map_err(|_| type_error(&format!("{name} must be a bool"), obj))
}

/// Whether `obj` lists one value per seat: it has a length and an order of
/// the caller's (a list, tuple, range, deque, 1-D array), and is no text,
/// dict, set or 0-d array (as `razz_fast._args.per_seat`).
pub fn per_seat(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    if text_or_mapping(obj) || unordered(obj) {
        return Ok(false);
    }
    if let Some(ndim) = obj.getattr_opt("ndim")? {
        if ndim.eq(0)? {
            return Ok(false);
        }
    }
    Ok(obj.hasattr("__len__")? && obj.hasattr("__iter__")?)
}

/// One value per seat: the items of a per-seat sequence of `players`
/// entries, or `obj` itself for every seat.
fn seat_values<'py>(
    obj: &Bound<'py, PyAny>,
    players: usize,
    name: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if !per_seat(obj)? {
        return Ok(vec![obj.clone(); players]);
    }
    let len = obj.len()?;
    if len != players {
        return Err(PyValueError::new_err(format!(
            "{name} has {len} entries for {players} players"
        )));
    }
    obj.try_iter()?.collect()
}

macro_rules! count_type {
    ($(#[$doc:meta])* $name:ident($int:ty), $arg:literal, $low:expr, $high:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name(pub $int);

        impl<'a, 'py> FromPyObject<'a, 'py> for $name {
            type Error = PyErr;

            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                let v = int_in_range(&obj, $arg, $low as i128, $high as i128)?;
                Ok($name(v as $int))
            }
        }
    };
}

count_type!(
    /// `hands`: 1 to 2**63 - 1 hands (a match: hands asked for).
    Hands(u64), "hands", 1, i64::MAX
);
count_type!(
    /// `players`: 2 to 8 seats.
    Players(usize), "players", 2, crate::hand::MAX_SEATS
);
count_type!(
    /// `iterations`: 1 to 2**63 - 1 training iterations.
    Iterations(u64), "iterations", 1, i64::MAX
);
count_type!(
    /// `trials`: 1 to 2**63 - 1 samples.
    Trials(u64), "trials", 1, i64::MAX
);

/// `seed`: 0 to 2**64 - 1; None draws one from the operating system's
/// randomness (as `os.urandom`), to be reported in the result.
#[derive(Clone, Copy, Debug)]
pub struct Seed(pub u64);

impl Seed {
    pub fn or_random(obj: &Bound<'_, PyAny>) -> PyResult<Seed> {
        if obj.is_none() {
            let bytes = obj.py().import("os")?.getattr("urandom")?.call1((8,))?;
            let bytes: [u8; 8] = bytes.extract()?;
            return Ok(Seed(u64::from_le_bytes(bytes)));
        }
        obj.extract()
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Seed(int_in_range(&obj, "seed", 0, u64::MAX as i128)? as u64))
    }
}

/// `threads`: None (the default of each use) or 1 to `MAX_THREADS`.
#[derive(Clone, Copy, Debug)]
pub struct Threads(pub Option<usize>);

impl<'a, 'py> FromPyObject<'a, 'py> for Threads {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(Threads(None));
        }
        let max = crate::threads::MAX_THREADS as i128;
        Ok(Threads(Some(
            int_in_range(&obj, "threads", 1, max)? as usize
        )))
    }
}

macro_rules! flag_type {
    ($(#[$doc:meta])* $name:ident, $arg:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name(pub bool);

        impl<'a, 'py> FromPyObject<'a, 'py> for $name {
            type Error = PyErr;

            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                Ok($name(flag(&obj, $arg)?))
            }
        }
    };
}

flag_type!(
    /// `progress`: whether to show a bar (the wrapper draws it).
    Progress,
    "progress"
);
flag_type!(
    /// `duplicate`: a match plays each deal in every rotation.
    Duplicate,
    "duplicate"
);
flag_type!(
    /// `adjust_luck`: a match takes each hand's luck out of its figures.
    AdjustLuck,
    "adjust_luck"
);

/// `exact`: None (the spot decides) or a bool.
#[derive(Clone, Copy, Debug)]
pub struct Exact(pub Option<bool>);

impl<'a, 'py> FromPyObject<'a, 'py> for Exact {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(Exact(None));
        }
        let exact = obj
            .extract::<bool>()
            .map_err(|_| type_error("exact must be None or a bool", &obj))?;
        Ok(Exact(Some(exact)))
    }
}

/// `rules`: None (the default `Rules()`) or a `razz_fast.Rules`.
pub struct RulesArg(pub Py<PyRules>);

impl RulesArg {
    pub fn get(&self) -> Rules {
        self.0.get().inner
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for RulesArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            let rules = PyRules {
                inner: Rules::default(),
            };
            return Ok(RulesArg(Py::new(obj.py(), rules)?));
        }
        Ok(RulesArg(rules_arg(&obj)?.unbind()))
    }
}

/// `record`: hands to keep whole, checked by the shared
/// `razz_fast.results.checked_record` (the reference's rule and limit),
/// at most the hands played.
#[derive(Clone, Copy, Debug)]
pub struct Record(pub u64);

impl Record {
    pub fn checked(obj: &Bound<'_, PyAny>, hands: u64) -> PyResult<Record> {
        let checked = obj
            .py()
            .import("razz_fast.results")?
            .getattr("checked_record")?
            // (the core's simulate and match also take a sink, checked before)
            .call1((obj, hands, true))?;
        Ok(Record(checked.extract()?))
    }

    /// A MemoryError now, before any hand is played, if memory cannot hold
    /// `count` recorded hands of `players` seats: asked of the allocator
    /// in one piece, and given back at once. The records themselves are
    /// many small allocations (a hand, its history, its Python object),
    /// and a small one that fails deep in the engine would abort the
    /// process; this asks for about what they will all take (a little
    /// more), so a record that does not fit is refused up front.
    pub fn reserve(count: u64, players: usize) -> PyResult<()> {
        let bytes = usize::try_from(count)
            .ok()
            .and_then(|count| count.checked_mul(Record::bytes_per_hand(players)));
        let mut probe: Vec<u8> = Vec::new();
        match bytes {
            Some(bytes) if probe.try_reserve_exact(bytes).is_ok() => Ok(()),
            _ => Err(PyMemoryError::new_err(format!(
                "not enough memory for record={count}: {count} hands of {players} players \
                 kept whole take about {} MB",
                (count as u128 * Record::bytes_per_hand(players) as u128).div_ceil(1 << 20)
            ))),
        }
    }

    /// What one recorded hand takes at most while the records are made:
    /// the core's copy and its Python object (each about a `Hand`, both
    /// held while the objects are made), and its history, whose vector
    /// starts with room for 96 events and doubles (about fifteen events a
    /// seat: the ante, seven cards, the show, the award and some betting).
    fn bytes_per_hand(players: usize) -> usize {
        let events = 15 * players + 4;
        let mut room = 96;
        while room < events {
            room *= 2;
        }
        2 * (size_of::<PyHand>() + 64) + room * size_of::<Event>()
    }
}

/// How a seat's strategy decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A built-in strategy, played in the core.
    Builtin(Strategy),
    /// A `Policy` (or the shipped blueprint), played in the core.
    Policy(PolicyRef),
    /// A callable asked once per decision, `f(view) -> Action`.
    PerDecision,
    /// A `batch_policy`, asked for many tables at once.
    Batch,
}

/// A seat's strategy as given (kept for pickling and labels) and how it
/// decides.
pub struct SeatStrategy {
    pub given: Py<PyAny>,
    pub kind: Kind,
}

/// `strategies`: one per seat, from one strategy for every seat or a
/// per-seat sequence; each a built-in's name, a callable or a batch policy.
pub struct Strategies(pub Vec<SeatStrategy>);

impl Strategies {
    pub fn checked(obj: &Bound<'_, PyAny>, players: usize) -> PyResult<Strategies> {
        let py = obj.py();
        let batch_type = py.import("razz_fast.policy")?.getattr("BatchPolicy")?;
        seat_values(obj, players, "strategies")?
            .into_iter()
            .map(|s| {
                let kind = if let Ok(name) = s.cast::<PyString>() {
                    builtin(&name.to_cow()?, &s, players)?
                } else if let Some(policy) = policy_strategy(&s, players)? {
                    Kind::Policy(policy)
                } else if !s.is_callable() {
                    return Err(type_error(
                        "a strategy must be a name, a Policy or a callable",
                        &s,
                    ));
                } else if s.is_instance(&batch_type)? {
                    Kind::Batch
                } else {
                    Kind::PerDecision
                };
                Ok(SeatStrategy {
                    given: s.unbind(),
                    kind,
                })
            })
            .collect::<PyResult<_>>()
            .map(Strategies)
    }

    /// The strategies as given, one per seat.
    pub fn given<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyAny>> {
        self.0.iter().map(|s| s.given.bind(py).clone()).collect()
    }
}

/// A built-in strategy by name; an unknown name is a ValueError listing
/// the names (the wording of the reference).
fn builtin(name: &str, given: &Bound<'_, PyAny>, players: usize) -> PyResult<Kind> {
    if let Some(policy) = shipped_strategy(given.py(), name, players)? {
        return Ok(Kind::Policy(policy));
    }
    Strategy::from_name(name).map(Kind::Builtin).map_err(|_| {
        let mut names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
        names.extend(SHIPPED);
        let shown = given.repr().map_or_else(|_| "?".into(), |r| r.to_string());
        PyValueError::new_err(format!(
            "unknown strategy {shown}: expected one of {} or a callable",
            names.join(", ")
        ))
    })
}

/// `stacks`: one per seat, from one int for every seat or a per-seat
/// sequence, each 1 to `MAX_CHIPS`; None is 100 big bets of `rules`.
pub struct Stacks(pub Vec<u64>);

impl Stacks {
    pub fn checked(obj: &Bound<'_, PyAny>, players: usize, rules: &Rules) -> PyResult<Stacks> {
        if obj.is_none() {
            let stack = 100 * u128::from(rules.big_bet);
            if stack > u128::from(MAX_CHIPS) {
                return Err(PyValueError::new_err(format!(
                    "stacks=None means 100 big bets, {stack}, past the chip limit {MAX_CHIPS}: \
                     give stacks"
                )));
            }
            return Ok(Stacks(vec![stack as u64; players]));
        }
        seat_values(obj, players, "stacks")?
            .iter()
            .map(|s| Ok(int_in_range(s, "a stack", 1, MAX_CHIPS as i128)? as u64))
            .collect::<PyResult<_>>()
            .map(Stacks)
    }
}

/// A run's arguments for its `__reduce__`: the class and the arguments
/// that rebuild it.
pub fn reduce<'py>(
    this: &Bound<'py, PyAny>,
    args: impl IntoPyObject<'py, Target = PyTuple, Output = Bound<'py, PyTuple>, Error = PyErr>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = this.py();
    PyTuple::new(
        py,
        [
            this.get_type().into_any(),
            args.into_pyobject(py)?.into_any(),
        ],
    )
}
