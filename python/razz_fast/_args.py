"""Argument checks shared by the Python wrappers of the core."""

from __future__ import annotations

from razz_fast._checks import as_int, checked_int, per_seat
from razz_fast._core import MAX_THREADS

__all__ = ["MAX_THREADS", "as_int", "per_seat", "checked_int"]
