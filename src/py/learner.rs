//! `LearnerTable`: the core of `razz_fast.env.RazzEnv`, one call per
//! learner decision. Each call returns what the environment hands back:
//! a fresh observation (the caller may keep it; nothing writes into it
//! later), the reward and whether a hand ended.

use numpy::PyArray1;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::args::{int_in, sequence_items};
use super::rules::rules_arg;
use super::tables::{players_arg, PyBatch};
use super::view::PyPlayerView;
use crate::event::Action;
use crate::rules::MAX_CHIPS;
use crate::tables::learner::{Learner, Turn};
use crate::view::PlayerView;

/// LearnerTable(rules, stacks, seat, strategies, seed)
///
/// One table for a learning seat: the hands of the run seeded by `seed`
/// (hand k as `Tables` deals it), the seats whose `strategies` entry names
/// a built-in strategy played by the core, the others (None) left to the
/// caller through `act`. `step(choice)` plays the learner's choice (0
/// fold, 1 check / call / bring-in, 2 complete / bet / raise) and then
/// the built-in seats, dealing the next hand when one ends.
#[pyclass(name = "LearnerTable", module = "razz_fast._core")]
pub struct PyLearnerTable {
    inner: Learner,
    big_bet: u64,
}

/// What `step` and `act` return: the learner's observation (None while a
/// caller's seat is to act), its reward in big bets for the first hand
/// that ended since its last choice, and whether one did.
type Stepped<'py> = (Option<Bound<'py, PyDict>>, f64, bool);

impl PyLearnerTable {
    fn stepped<'py>(&self, py: Python<'py>, turn: Turn) -> PyResult<Stepped<'py>> {
        let observation = match turn {
            Turn::Learner => Some(self.observation(py)?),
            Turn::Caller(_) => None,
        };
        let ended = self.inner.ended();
        let reward = ended.map_or(0.0, |chips| chips as f64 / self.big_bet as f64);
        Ok((observation, reward, ended.is_some()))
    }

    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let hand = self.inner.hand();
        let view = PlayerView::of(hand, Some(self.inner.seat()))?;
        let legal = hand.legal_actions();
        let aggressive = [Action::Complete, Action::Bet, Action::Raise]
            .into_iter()
            .any(|a| legal.contains(a));
        let mask = [
            i8::from(legal.contains(Action::Fold)),
            1,
            i8::from(aggressive),
        ];
        let observation = PyDict::new(py);
        let features = PyArray1::from_slice(py, &view.features());
        observation.set_item(intern!(py, "observation"), features)?;
        observation.set_item(intern!(py, "action_mask"), PyArray1::from_slice(py, &mask))?;
        Ok(observation)
    }
}

/// A `stop` for the core's built-in seats, asked only in a long hand (a
/// raise war with no cap): it lets Python's other threads run a moment (a
/// step holds the GIL, being short but for such a hand), then lets Python
/// handle Ctrl-C, and keeps what that raised in `interrupted`.
fn ctrl_c<'a>(py: Python<'a>, interrupted: &'a mut Option<PyErr>) -> impl FnMut() -> bool + 'a {
    move || {
        // (Once interrupted, it stays so: Python handles the signal once.)
        if interrupted.is_none() {
            py.detach(|| ());
            *interrupted = py.check_signals().err();
        }
        interrupted.is_some()
    }
}

#[pymethods]
impl PyLearnerTable {
    #[new]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        strategies: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<PyLearnerTable> {
        let rules = rules_arg(rules)?;
        let stacks = sequence_items(stacks, "stacks")?
            .iter()
            .map(|s| int_in(s, "a stack", 1, MAX_CHIPS))
            .collect::<PyResult<Vec<u64>>>()?;
        let seat = int_in(seat, "seat", 0, u64::from(u8::MAX))? as usize;
        let players = players_arg(Some(strategies), stacks.len())?;
        let seed = int_in(seed, "seed", 0, u64::MAX)?;
        let core_rules = rules.get().inner;
        let mut interrupted = None;
        let inner = Learner::new_or(
            core_rules,
            &stacks,
            &players,
            seat,
            seed,
            &mut ctrl_c(py, &mut interrupted),
        )?;
        interrupted.map_or(Ok(()), Err)?;
        Ok(PyLearnerTable {
            inner,
            big_bet: core_rules.big_bet,
        })
    }

    /// step(choice) -> (observation or None, reward, ended): the learner's
    /// choice 0, 1 or 2 (one the state does not allow plays as 1), then
    /// the built-in seats up to the learner's next decision or a caller's
    /// (the observation is then None: `act` goes on). The reward, in big
    /// bets, is the learner's for the first hand that ended meanwhile.
    fn step<'py>(&mut self, py: Python<'py>, choice: &Bound<'py, PyAny>) -> PyResult<Stepped<'py>> {
        let choice = int_in(choice, "a choice", 0, 2)? as u8;
        let mut interrupted = None;
        let turn = self
            .inner
            .step_or(choice, &mut ctrl_c(py, &mut interrupted))?;
        interrupted.map_or(Ok(()), Err)?;
        self.stepped(py, turn)
    }

    /// act(action) -> (observation or None, reward, ended): the decision
    /// (an `Action`) of the caller's seat that is to act, then as `step`;
    /// the reward counts from the learner's last choice.
    fn act<'py>(&mut self, py: Python<'py>, action: &Bound<'py, PyAny>) -> PyResult<Stepped<'py>> {
        let index = int_in(action, "an action", 0, Action::ALL.len() as u64 - 1)?;
        let action = Action::ALL[index as usize];
        let mut interrupted = None;
        let turn = self
            .inner
            .act_or(action, &mut ctrl_c(py, &mut interrupted))?;
        interrupted.map_or(Ok(()), Err)?;
        self.stepped(py, turn)
    }

    /// The learner's observation, None while a caller's seat is to act.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        Ok(self.stepped(py, self.inner.turn())?.0)
    }

    /// The seat to act now: the learner's or a caller's.
    #[getter]
    fn actor(&self) -> usize {
        match self.inner.turn() {
            Turn::Learner => self.inner.seat(),
            Turn::Caller(seat) => seat,
        }
    }

    /// view(seat=None): what `seat` (default: the actor) may know now.
    #[pyo3(signature = (seat=None))]
    fn view(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<PyPlayerView> {
        PyPlayerView::of(self.inner.hand(), seat)
    }

    /// The actor's observation arrays as a one-row `Batch`, as a batch
    /// policy is given them.
    fn batch(&self, py: Python<'_>) -> PyResult<PyBatch> {
        PyBatch::of(py, &[self.inner.hand()], self.big_bet)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLearnerTable>()
}
