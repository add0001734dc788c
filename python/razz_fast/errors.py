"""Exception classes shared by the compiled core and the pure-Python reference.

They are defined once, in Python, so that ``except razz_fast.InvalidCardError``
catches the error whichever implementation raised it (the core imports these
very classes when it raises).
"""

from __future__ import annotations

__all__ = ["RazzError", "InvalidCardError", "IllegalActionError"]


class RazzError(ValueError):
    """Base class of every error razz_fast raises for bad poker input."""


class InvalidCardError(RazzError):
    """A bad card token, an index out of range, a duplicate card or a wrong card count."""


class IllegalActionError(RazzError):
    """An action that is not legal in the hand's current state; the hand is unchanged."""
