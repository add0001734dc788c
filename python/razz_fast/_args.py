"""Checks of the arguments only Python takes (a chart's opponents, a Range's
filters, a plot's big bet, chunks per Dask task): the core checks
everything it takes itself, once, when a run object is built."""

from __future__ import annotations

from typing import Any

from razz_fast._core import MAX_THREADS
from razz_fast.errors import as_int, int_text

__all__ = ["MAX_THREADS", "as_int", "checked_int"]


def checked_int(value: Any, name: str, low: int, high: int) -> int:
    """An integer (see ``as_int``) in ``low..high``, as an int: TypeError or
    ValueError otherwise."""
    number = as_int(value)
    if number is None:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not low <= number <= high:
        raise ValueError(f"{name} must be {low}..{high}, got {int_text(number)}")
    return number
