//! Long core calls that Ctrl-C can stop. Python runs signal handlers only
//! on its main thread and only when that thread holds the GIL, so a call
//! that computes without the GIL would ignore Ctrl-C until it ends: here
//! the work runs on a scoped thread while the calling thread waits on it a
//! slice at a time and lets Python handle signals in between.

use std::ffi::c_ulong;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How long Ctrl-C may wait to be noticed.
const POLL: Duration = Duration::from_millis(50);

/// `work(stop)`'s result, computed without the GIL. If a signal handler
/// raises while it runs (Ctrl-C: `KeyboardInterrupt`), `stop` is set,
/// `work` is waited for (it polls `stop` and ends early) and the handler's
/// exception is returned instead. It also stops when `cancelled()` (a
/// Python callable, called between waits) returns true: a task on a Dask
/// worker, whose thread never sees Ctrl-C, polls its client's cancellation
/// flag so.
/// Cancelled, the result is a `RuntimeError`.
pub fn interruptible_or<T: Send>(
    py: Python<'_>,
    cancelled: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    interruptible_with(py, cancelled, None, work)
}

/// The Python threads running a caller's code for a run right now (a
/// strategy's call), so that a stopped run can stop them too.
#[derive(Default)]
pub struct InPython(Mutex<Vec<c_ulong>>);

impl InPython {
    /// `call()` (with the GIL held), this thread counted as in Python
    /// meanwhile.
    pub fn calling<T>(&self, call: impl FnOnce() -> T) -> T {
        // SAFETY: asks for the calling thread's identifier; no state.
        let me = unsafe { pyo3::ffi::PyThread_get_thread_ident() };
        self.ids().push(me);
        let out = call();
        let mut ids = self.ids();
        if let Some(i) = ids.iter().position(|&id| id == me) {
            ids.swap_remove(i);
        }
        out
    }

    fn ids(&self) -> std::sync::MutexGuard<'_, Vec<c_ulong>> {
        // A panic while held leaves only a list of integers: still good.
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Raises KeyboardInterrupt in every thread in a caller's code now, as
    /// Python raises a signal's: at its next bytecode. (A thread blocked in
    /// C, as in `time.sleep`, sees it only once that call returns.)
    fn interrupt(&self, _py: Python<'_>) {
        for &id in self.ids().iter() {
            // SAFETY: the GIL is held (`_py`), as the call requires; the
            // exception type is a static, borrowed; an identifier whose
            // thread has gone matches no thread state and sets nothing.
            // (Each registered thread holds the GIL whenever it changes the
            // list, so one listed now is inside its call.)
            unsafe {
                pyo3::ffi::PyThreadState_SetAsyncExc(
                    id as std::ffi::c_long,
                    pyo3::ffi::PyExc_KeyboardInterrupt,
                );
            }
        }
    }
}

/// `interruptible_or`, which once stopped also raises KeyboardInterrupt in
/// the threads `in_python` lists (strategies under way on a run's pool), so
/// that a strategy stuck in a Python loop does not hold the run up.
pub fn interruptible_with<T: Send>(
    py: Python<'_>,
    cancelled: Option<&Bound<'_, PyAny>>,
    in_python: Option<&InPython>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (done, mut finished) = channel();
        let stop = &stop;
        // A thread the system will not start is an error, as a pool's is
        // (`threads`), not a panic.
        let worker = std::thread::Builder::new()
            .spawn_scoped(scope, move || {
                let out = work(stop);
                // The receiver outlives the worker; a send cannot fail.
                let _ = done.send(());
                out
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        loop {
            // (The receiver goes into the GIL-free closure and back: it can
            // be sent to another thread but not shared.)
            let waited;
            (waited, finished) = py.detach(move || (finished.recv_timeout(POLL), finished));
            match waited {
                // Disconnected: the worker panicked; join re-raises it.
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    let raised = py.check_signals().and_then(|()| match cancelled {
                        Some(cancelled) if cancelled.call0()?.is_truthy()? => Err(
                            PyRuntimeError::new_err("cancelled by the caller (its run stopped)"),
                        ),
                        _ => Ok(()),
                    });
                    if let Err(raised) = raised {
                        stop.store(true, Ordering::Relaxed);
                        if let Some(in_python) = in_python {
                            in_python.interrupt(py);
                        }
                        let _ = py.detach(|| worker.join());
                        return Err(raised);
                    }
                }
            }
        }
        match worker.join() {
            Ok(out) => Ok(out),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
