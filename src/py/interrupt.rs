//! Long core calls that Ctrl-C can stop. Python runs signal handlers only
//! on its main thread and only when that thread holds the GIL, so a call
//! that computes without the GIL would ignore Ctrl-C until it ends: here
//! the work runs on a scoped thread while the calling thread waits on it a
//! slice at a time and lets Python handle signals in between.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How long Ctrl-C may wait to be noticed.
const POLL: Duration = Duration::from_millis(50);

/// `work(stop)`'s result, computed without the GIL. If a signal handler
/// raises while it runs (Ctrl-C: `KeyboardInterrupt`), `stop` is set,
/// `work` is waited for (it polls `stop` and ends early) and the handler's
/// exception is returned instead.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    interruptible_or(py, None, work)
}

/// [`interruptible`], also stopped when `cancelled()` (a Python callable,
/// called between waits) returns true: a task on a Dask worker, whose
/// thread never sees Ctrl-C, polls its client's cancellation flag so.
/// Cancelled, the result is a `RuntimeError`.
pub fn interruptible_or<T: Send>(
    py: Python<'_>,
    cancelled: Option<&Bound<'_, PyAny>>,
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
