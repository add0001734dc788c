"""Argument checks shared by the Python wrappers of the core."""

from __future__ import annotations

from typing import Any

#: Each thread is a real OS thread; more than this only costs.
MAX_THREADS = 1024


def checked_int(value: Any, name: str, low: int, high: int) -> int:
    """An int (not a bool) in ``low..high``: TypeError or ValueError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low}..{high}, got {value}")
    return value
