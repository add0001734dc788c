//! The `strategies` argument of `Tables`: who plays each seat, a built-in
//! strategy by name or (None) the caller through `step`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::error::Error;
use crate::py::args::sequence_items;
use crate::py::errors::type_error;
use crate::py::policy::{policy_strategy, shipped_strategy, SHIPPED};
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
                    let name = name.to_cow()?;
                    match shipped_strategy(s.py(), &name, seats)? {
                        Some(policy) => Ok(Player::Policy(policy)),
                        None => Strategy::from_name(&name)
                            .map(Player::Builtin)
                            .map_err(|_| {
                                let mut names: Vec<String> = Strategy::ALL
                                    .iter()
                                    .map(|s| s.name())
                                    .chain(SHIPPED)
                                    .map(|n| format!("'{n}'"))
                                    .collect();
                                names.sort();
                                Error::InvalidArgument(format!(
                                    "unknown strategy {name:?}: expected one of {}",
                                    names.join(", ")
                                ))
                                .into()
                            }),
                    }
                } else if let Some(policy) = policy_strategy(s, seats)? {
                    Ok(Player::Policy(policy))
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
