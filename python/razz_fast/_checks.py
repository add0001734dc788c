"""Argument checks that the core's wrappers and the pure-Python reference
share, in plain Python (the shared value types use them too, so this module
imports nothing compiled). The core's bindings call ``int_text`` and
``rules_type`` as well, so that both implementations word a message alike.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # typing has it from Python 3.10; only the type checker reads it
    from typing import TypeGuard

__all__ = ["PerSeat", "as_int", "checked_int", "int_text", "is_bool", "per_seat", "rules_type"]


def int_text(number: int) -> str:
    """An int as an error message quotes it: its digits, or, past Python's
    limit on converting ints to text (4,300 digits by default), its size, so
    that the message itself never fails (the core quotes ints through this
    too, so both say the same)."""
    try:
        return f"{number}"
    except ValueError:
        digits = int(abs(number).bit_length() * math.log10(2)) + 1
        sign = "a negative" if number < 0 else "an"
        return f"{sign} int of about {digits:,} digits"


def as_int(value: Any) -> int | None:
    """``value`` as an int if Python counts it as an integer
    (``operator.index``: ints and numpy's integer scalars) and it is not a
    bool; None otherwise. Both implementations read integer arguments
    through this."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def is_bool(value: object) -> bool:
    """Whether ``value`` is a bool: Python's, or numpy's (``numpy.bool_``,
    no subclass of it), as the core's bindings take one; never an int. The
    core's and the reference's checks of a bool argument both ask this."""
    kind = type(value)
    return kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"))


def rules_type(value: object) -> str:
    """The type of a value given as ``rules``, as an error message names
    it: in full for either implementation's ``Rules`` (``razz_fast.Rules``
    and ``razz_fast.reference.Rules`` are distinct types, and "must be a
    Rules, got Rules" would not say which was given), else by its name. The
    core names it through this too."""
    kind = type(value)
    if kind.__name__ == "Rules" and kind.__module__.startswith("razz_fast"):
        return "razz_fast.reference.Rules" if ".reference" in kind.__module__ else "razz_fast.Rules"
    return kind.__name__


class PerSeat(Protocol):
    """Values listed one per seat, in the caller's order (see ``per_seat``)."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[object]: ...


def per_seat(value: object) -> TypeGuard[PerSeat]:
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
