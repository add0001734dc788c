"""Exception classes shared by the compiled core and the pure-Python reference.

They are defined once, in Python, so that ``except razz_fast.InvalidCardError``
catches the error whichever implementation raised it (the core imports these
very classes when it raises).
"""

from __future__ import annotations

import math
import operator
from typing import Any

__all__ = ["RazzError", "InvalidCardError", "IllegalActionError", "int_text"]


class RazzError(ValueError):
    """Base class of every error razz_fast raises for bad poker input."""


class InvalidCardError(RazzError):
    """A bad card token, an index out of range, a duplicate card or a wrong card count."""


class IllegalActionError(RazzError):
    """An action that is not legal in the hand's current state; the hand is unchanged."""


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
