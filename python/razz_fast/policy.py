"""``batch_policy``: marks a strategy that decides for many tables at once;
``probability_policy``: marks one that returns its action probabilities.

A batch policy takes a ``Batch`` (the observation arrays of every table
whose actor plays it: ``batch.legal``, ``batch.actor``, ``batch.cards``, …,
``batch.features()``) and returns one ``Action`` per row, as an integer
array or sequence. ``simulate`` calls it once per batch of decisions rather
than once per decision, and its result equals that of the per-decision form
of the same policy (see [bots](TABLES.md)).

A probability policy takes a ``PlayerView`` and returns a
``dict[Action, float]``: the probability of each legal action (those left
out have none). ``exploitability`` needs probabilities, not a sampled
action, to weigh what the strategy might hold (see [bots](BOTS.md)).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection
from typing import Any, Callable

from razz_fast._checks import as_int
from razz_fast.errors import IllegalActionError
from razz_fast.events import Action

__all__ = ["BatchPolicy", "ProbabilityPolicy", "batch_policy", "probability_policy"]


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


class ProbabilityPolicy:
    """A callable marked as returning action probabilities (made by
    ``probability_policy``); picklable when the function it wraps is.
    Called, it returns what the function returns; ``checked(view)`` gives
    the probabilities checked, as seven floats in ``Action`` order."""

    def __init__(self, function: Callable[[Any], Any], suit_blind: bool = False) -> None:
        if not callable(function):
            raise TypeError(f"probability_policy needs a callable, got {type(function).__name__}")
        if not isinstance(suit_blind, bool):
            raise TypeError(f"suit_blind must be True or False, got {suit_blind!r}")
        self.function = function
        #: Whether the answers depend on the seat's own cards through their
        #: ranks only (suits and the down cards' order never matter).
        self.suit_blind = suit_blind
        functools.update_wrapper(self, function)

    def __call__(self, view: Any) -> Any:
        return self.function(view)

    def checked(self, view: Any) -> list[float]:
        """The probabilities for ``view``'s seat, checked
        (``checked_probabilities``), indexed by ``Action``."""
        who = f"probability policy of seat {view.seat}"
        return checked_probabilities(who, self.function(view), view.legal_actions())

    def __repr__(self) -> str:
        name = getattr(self.function, "__qualname__", repr(self.function))
        return f"<probability policy {name}>"

    def __reduce__(self) -> tuple[Any, tuple[Any, bool]]:
        return ProbabilityPolicy, (self.function, self.suit_blind)


def probability_policy(
    function: Callable[[Any], Any] | None = None, *, suit_blind: bool = False
) -> Any:
    """Decorator: ``function(view) -> dict[Action, float]`` gives the
    probability of each legal action, which ``exploitability`` reads to
    weigh the holdings the strategy might have. Only ``exploitability``
    reads the mark: ``simulate`` and ``match`` take callables that return
    an action.

    ``@probability_policy(suit_blind=True)`` says the answers depend on the
    seat's own cards through their ranks only: ``exploitability`` then asks
    once per rank class of the hidden cards (91 or 455 classes) rather than
    once per card holding (about 1,000 to 10,000), which is many times
    faster. Were it not quite so, the responder's beliefs would be a little
    off, and its winnings still a lower bound on the best response's."""
    if function is None:
        return lambda f: ProbabilityPolicy(f, suit_blind)
    return ProbabilityPolicy(function, suit_blind)


def checked_probabilities(who: str, answer: Any, legal: Collection[Action]) -> list[float]:
    """What a probability policy returned (``who`` names it), as seven
    probabilities in ``Action`` order: a dict from legal actions to finite
    non-negative numbers summing to one within ``1e-9`` times the number of
    legal actions. Anything else is a TypeError or a ValueError saying what
    is wrong."""
    if not isinstance(answer, dict):
        raise TypeError(f"{who} must return a dict of Action to probability, got {_shown(answer)}")
    probs = [0.0] * len(Action)
    for key, value in answer.items():
        index = as_int(key)
        if index is None or index not in range(len(Action)):
            raise TypeError(f"{who} returned a key {_shown(key)}, which is not an Action")
        action = Action(index)
        if action not in legal:
            names = ", ".join(a.name for a in legal)
            raise IllegalActionError(
                f"{who} gave a probability to {action.name},"
                f" which is not legal now (legal: {names})"
            )
        try:
            if isinstance(value, bool):
                raise TypeError
            p = float(value)
        except (TypeError, ValueError):
            raise TypeError(
                f"{who} gave {action.name} the probability {_shown(value)}, which is not a number"
            ) from None
        if not math.isfinite(p) or p < 0:
            raise ValueError(
                f"{who} gave {action.name} the probability {p!r}: it must be a number from 0 to 1"
            )
        probs[index] = p
    total = math.fsum(probs)
    if abs(total - 1.0) > 1e-9 * max(len(legal), 1):
        raise ValueError(f"{who} returned probabilities summing to {total!r}, not 1")
    return probs


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
