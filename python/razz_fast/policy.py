"""``batch_policy``: marks a strategy that decides for many tables at once.

A batch policy takes a ``Batch`` (the observation arrays of every table
whose actor plays it: ``batch.legal``, ``batch.actor``, ``batch.cards``, …,
``batch.features()``) and returns one ``Action`` per row, as an integer
array or sequence. ``simulate`` calls it once per batch of decisions rather
than once per decision, and its result equals that of the per-decision form
of the same policy (see [bots](TABLES.md)).
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import Any, Callable

from razz_fast._checks import as_int
from razz_fast.errors import IllegalActionError
from razz_fast.events import Action

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


def checked_answer(who: str, answer: Any, legal: Collection[Action]) -> Action:
    """What a per-decision strategy returned (``who`` names it), as a legal
    ``Action``: a TypeError if it is no int, an IllegalActionError if it
    names no action or one not in ``legal``. The core's words
    (src/py/sim.rs), for the strategies that Python code asks: the
    reference's and the environments' opponents."""
    choice = as_int(answer)
    if choice is None:
        raise TypeError(f"{who} must return an Action, got {_shown(answer)}")
    if choice not in range(len(Action)):
        raise IllegalActionError(f"{who} returned {_shown(answer)}, which is not an Action")
    if choice not in legal:
        names = ", ".join(action.name for action in legal)
        raise IllegalActionError(
            f"{who} returned {Action(choice).name}, which is not legal now (legal: {names})"
        )
    return Action(choice)


def _shown(answer: Any) -> str:
    """``answer``'s repr for an error message, or "?" as the core shows an
    answer without one: an int past Python's digit limit for text, or an
    object whose ``__repr__`` raises, must not replace the error."""
    try:
        return repr(answer)
    except Exception:
        return "?"
