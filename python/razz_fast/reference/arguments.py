"""Argument checks shared by the reference's ``simulate`` and ``equity``."""

from __future__ import annotations

from razz_fast.reference.generator import MASK64

__all__ = ["MAX_THREADS", "is_int", "check_seed", "check_threads"]

#: The same bound as the core: each thread is a real OS thread.
MAX_THREADS = 1024


def is_int(value) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(seed) -> int | None:
    """``None`` or an int 0..2**64-1."""
    if seed is None:
        return None
    if not is_int(seed):
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    if not 0 <= seed <= MASK64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
    return int(seed)


def check_threads(threads) -> None:
    """``None`` or an int 1..MAX_THREADS (threads never change a result)."""
    if threads is None:
        return
    if not is_int(threads):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be in 1..{MAX_THREADS}, got {threads}")
