//! The `strategies` argument of `Tables`: who plays each seat, a built-in
//! strategy by name or (None) the caller through `step`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::py::args::sequence_items;
use crate::py::errors::type_error;
use crate::py::policy::policy_strategy;
use crate::strategy::Strategy;
use crate::tables::Player;

/// Each seat's player: by default (no `strategies`) every seat waits for
/// `step`; a name is a built-in strategy the core plays.
pub fn players_arg(strategies: Option<&Bound<'_, PyAny>>, seats: usize) -> PyResult<Vec<Player>> {
    match strategies.filter(|s| !s.is_none()) {
        None => Ok(vec![Player::Batch(0); seats]),
        Some(list) => sequence_items(list, "strategies")?
            .iter()
            .map(|s| {
                if s.is_none() {
                    Ok(Player::Batch(0))
                } else if let Ok(name) = s.cast::<PyString>() {
                    Ok(Player::Builtin(Strategy::from_name(&name.to_cow()?)?))
                } else if let Some(policy) = policy_strategy(s, seats)? {
                    Ok(Player::Builtin(policy))
                } else {
                    Err(type_error(
                        "each of strategies must be a built-in strategy's name, a Policy or None",
                        s,
                    ))
                }
            })
            .collect(),
    }
}
