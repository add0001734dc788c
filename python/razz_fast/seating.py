"""How ``match`` seats its strategies ([matches](MATCH.md)): which seats hold the
same strategy, how many rotations of the seating a deal is played in, and
the strategies' labels. Plain Python, shared by the core's ``match``, the
reference's and ``razz_fast.distributed``'s, so that all three seat and
name alike."""

from __future__ import annotations

from typing import Any

__all__ = ["label", "strategy_labels", "distinct", "rotations"]


def label(strategy: Any) -> str:
    """A strategy's name: a built-in's name or a callable's ``__name__``."""
    if isinstance(strategy, str):
        return strategy
    return getattr(strategy, "__name__", type(strategy).__name__)


def distinct(strategies: list[Any]) -> tuple[list[Any], list[int]]:
    """The distinct strategies in first-seen order (names by equality,
    callables by identity) and each seat's index among them."""
    seen: list[Any] = []
    index = []
    for s in strategies:
        for j, t in enumerate(seen):
            if (isinstance(s, str) and s == t) or s is t:
                index.append(j)
                break
        else:
            seen.append(s)
            index.append(len(seen) - 1)
    return seen, index


def rotations(index: list[int], duplicate: bool) -> int:
    """How many seatings a deal is played in: 1 without duplicate, else every
    distinct rotation of the seating (A-B-A-B has two)."""
    n = len(index)
    if not duplicate or n == 0:  # (no seats: the players check says so)
        return 1
    return next(
        (p for p in range(1, n) if all(index[s] == index[(s + p) % n] for s in range(n))), n
    )


def strategy_labels(strategies: list[Any]) -> list[str]:
    """Each strategy's label: its name (``label``), numbered in first-seen
    order where names repeat (``<lambda>#1``, ``<lambda>#2``)."""
    names = [label(s) for s in strategies]
    return [n if names.count(n) == 1 else f"{n}#{names[:i].count(n) + 1}"
            for i, n in enumerate(names)]  # fmt: skip
