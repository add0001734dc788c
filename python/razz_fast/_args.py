"""Argument checks shared by the Python wrappers of the core."""

from __future__ import annotations

from typing import Any

from razz_fast._core import MAX_THREADS
from razz_fast.errors import as_int, int_text

__all__ = ["MAX_THREADS", "as_int", "per_seat", "checked_int"]


def per_seat(value: Any) -> bool:
    """Whether ``value`` lists one value per seat: it has a length and items
    in an order of the caller's (a list, tuple, range, deque, dict view or
    1-D array), and is no text, dict or 0-d array. A set is not one: its order is not
    the caller's (for strings it even changes from run to run), so seats
    would be silently shuffled."""
    if isinstance(value, (str, bytes, bytearray, dict, set, frozenset)):
        return False
    if getattr(value, "ndim", None) == 0:  # a 0-d array: its len() raises
        return False
    return hasattr(value, "__len__") and hasattr(value, "__iter__")


def checked_int(value: Any, name: str, low: int, high: int) -> int:
    """An integer (see ``as_int``) in ``low..high``, as an int: TypeError or
    ValueError otherwise."""
    number = as_int(value)
    if number is None:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not low <= number <= high:
        raise ValueError(f"{name} must be {low}..{high}, got {int_text(number)}")
    return number
