"""``batch_policy``: marks a strategy that decides for many tables at once.

A batch policy takes a ``Batch`` (the observation arrays of every table
whose actor plays it: ``batch.legal``, ``batch.actor``, ``batch.cards``, …,
``batch.features()``) and returns one ``Action`` per row, as an integer
array or sequence. ``simulate`` calls it once per batch of decisions rather
than once per decision, and its result equals that of the per-decision form
of the same policy (see docs/TABLES.md).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

__all__ = ["BatchPolicy", "batch_policy"]


class BatchPolicy:
    """A callable marked as a batch policy (made by ``batch_policy``);
    picklable when the function it wraps is."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        if not callable(function):
            raise TypeError(f"batch_policy needs a callable, got {type(function).__name__}")
        self.function = function
        functools.update_wrapper(self, function)

    def __call__(self, batch: Any) -> Any:
        return self.function(batch)

    def __repr__(self) -> str:
        name = getattr(self.function, "__qualname__", repr(self.function))
        return f"<batch policy {name}>"

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        return BatchPolicy, (self.function,)


def batch_policy(function: Callable[[Any], Any]) -> BatchPolicy:
    """Decorator: ``function(batch) -> actions`` decides for a whole batch
    of tables at once in ``simulate`` (and ``razz_fast.distributed``)."""
    return BatchPolicy(function)


def is_batch_policy(strategy: Any) -> bool:
    """Whether ``strategy`` was marked with ``batch_policy``."""
    return isinstance(strategy, BatchPolicy)
