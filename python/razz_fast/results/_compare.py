"""Equality of results whose figures may be NaN.

A result's unknown figures are NaN (one hand, one deal, one sample: no
spread to measure), and NaN never equals itself, so the dataclasses'
own ``__eq__`` made two runs of one seed unequal whenever a figure was
unknown, and a result unequal to its own pickled copy. Results compare
field by field instead, NaN equal to NaN, as ``numpy.array_equal(...,
equal_nan=True)`` does."""

from __future__ import annotations

import dataclasses
import math
from typing import Any


def same(x: Any, y: Any) -> bool:
    """``x == y``, with NaN equal to NaN at any depth of lists, tuples and
    dicts (the containers results hold)."""
    if isinstance(x, float) and isinstance(y, float):
        return x == y or (math.isnan(x) and math.isnan(y))
    if isinstance(x, (list, tuple)) and type(x) is type(y):
        return len(x) == len(y) and all(same(a, b) for a, b in zip(x, y))
    if isinstance(x, dict) and isinstance(y, dict):
        return x.keys() == y.keys() and all(same(x[k], y[k]) for k in x)
    return bool(x == y)


class NanEqual:
    """Base of the result dataclasses (declared with ``eq=False``, so this
    ``__eq__`` stands): equal when of one class and every compared field
    is the same by ``same``."""

    __hash__ = None  # type: ignore[assignment]  # results hold lists

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(
            same(getattr(self, f.name), getattr(other, f.name))
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.compare
        )
