//! `TrainRun`: a `train` run, its arguments checked here once in the order
//! of `razz_fast.train`'s signature, holding the trainer's tables. The
//! Python wrapper (`razz_fast/_runs/train.py`) runs it in batches of
//! iterations (for the progress bar, checkpoints and Ctrl-C) and makes the
//! policy of its average strategy.

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::conversion::{Iterations, Progress, RulesArg, Seed, Stacks, Threads};
use super::interrupt::interruptible_or;
use super::rules::PyRules;
use crate::abstraction;
use crate::cfr::Trainer;
use crate::policy::Policy;

/// TrainRun(iterations, rules, stacks, abstraction, seed, threads, progress, checkpoint)
///
/// A training run's checked arguments (a random seed drawn for `seed=None`)
/// and its trainer (external-sampling MCCFR, heads-up).
#[pyclass(module = "razz_fast._core")]
pub struct TrainRun {
    #[pyo3(get)]
    iterations: u64,
    rules: RulesArg,
    #[pyo3(get)]
    stacks: Vec<u64>,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    threads: Option<usize>,
    #[pyo3(get)]
    progress: bool,
    /// The checkpoint file's path, if any (as `os.fspath` gives it).
    #[pyo3(get)]
    checkpoint: Option<Py<PyAny>>,
    trainer: Trainer,
}

#[pymethods]
impl TrainRun {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        iterations: Iterations,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        abstraction: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
        progress: &Bound<'_, PyAny>,
        checkpoint: &Bound<'_, PyAny>,
    ) -> PyResult<TrainRun> {
        let rules: RulesArg = rules.extract()?;
        let stacks = Stacks::checked(stacks, 2, &rules.get())?.0;
        let name: String = abstraction.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "abstraction must be a name, got {}",
                abstraction
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        if name != abstraction::NAME {
            return Err(PyValueError::new_err(format!(
                "unknown abstraction '{name}': the only one is '{}'",
                abstraction::NAME
            )));
        }
        let seed = Seed::or_random(seed)?.0;
        let threads: Threads = threads.extract()?;
        let progress: Progress = progress.extract()?;
        let checkpoint = if checkpoint.is_none() {
            None
        } else {
            Some(
                py.import("os")?
                    .call_method1("fspath", (checkpoint,))?
                    .unbind(),
            )
        };
        let trainer = Trainer::new(rules.get(), &stacks, seed)?;
        Ok(TrainRun {
            iterations: iterations.0,
            rules,
            stacks,
            seed,
            threads: threads.0,
            progress: progress.0,
            checkpoint,
            trainer,
        })
    }

    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyRules> {
        self.rules.0.clone_ref(py)
    }

    /// Iterations done so far (a resumed checkpoint's included).
    #[getter]
    fn done(&self) -> u64 {
        self.trainer.iterations()
    }

    /// run(count, cancelled=None) -> int
    ///
    /// Runs `count` more iterations and returns how many ran. Ctrl-C (or
    /// `cancelled()` returning true) stops it within an iteration; the
    /// tables keep every iteration that ran, and the interruption is raised.
    #[pyo3(signature = (count, cancelled=None))]
    fn run(
        &mut self,
        py: Python<'_>,
        count: u64,
        cancelled: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let threads = self.threads;
        let trainer = &mut self.trainer;
        Ok(interruptible_or(py, cancelled, |stop| {
            trainer.run(count, threads, stop)
        })??)
    }

    /// The policy weights of the average strategy, as `PolicyTable` takes
    /// them: each row of strategy sums scaled to 65535 (zeros where the
    /// training never reached).
    fn average_weights<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut out = Vec::with_capacity(abstraction::INFOSETS * 6);
        for row in self.trainer.average() {
            let weights = Policy::quantize(row)?;
            out.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
        }
        Ok(PyBytes::new(py, &out))
    }

    /// The tables, flat, three entries an information set: regrets, then
    /// strategy sums (float64 arrays).
    fn tables<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>) {
        let (regrets, sums) = self.trainer.tables();
        (
            PyArray1::from_vec(py, regrets),
            PyArray1::from_vec(py, sums),
        )
    }

    /// Resumes from a checkpoint: `done` iterations and the tables `tables`
    /// gave.
    fn restore(
        &mut self,
        done: u64,
        regrets: PyReadonlyArray1<'_, f64>,
        sums: PyReadonlyArray1<'_, f64>,
    ) -> PyResult<()> {
        let (regrets, sums) = (regrets.as_slice()?, sums.as_slice()?);
        Ok(self.trainer.restore(done, regrets, sums)?)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TrainRun>()?;
    Ok(())
}
