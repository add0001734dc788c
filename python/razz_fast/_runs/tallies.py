"""A run's exact integer tallies of equity, summed across slices and
tasks, and the floats of an ``EquityResult`` made from them: below every
equity run (cards, ranges, the chart, Dask)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from razz_fast import _core
from razz_fast.results import EquityResult

__all__ = ["SHARE_UNITS", "Tallies", "merge_tallies", "result_from_tallies"]

#: Shares are tallied in these units of a pot (the core's; 840 splits evenly
#: among any 1 to 8 winners).
SHARE_UNITS = _core.SHARE_UNITS


class Tallies(NamedTuple):
    """A run's exact integer tallies: whether it was exact, the deals
    counted, and per player the shares in 1/840 pots, their squares, the
    wins alone and the ties (as ``_core.EquityTallies``, which this sums)."""

    exact: bool
    total: int
    shares: list[int]
    squares: list[int]
    wins: list[int]
    ties: list[int]

    @classmethod
    def of(cls, tallies: _core.EquityTallies) -> Tallies:
        """The core's tallies as plain values (which pickle: a Dask task
        returns them)."""
        return cls(tallies.exact, tallies.total, tallies.shares, tallies.squares, tallies.wins,
                   tallies.ties)  # fmt: skip


def result_from_tallies(tallies: Tallies | _core.EquityTallies, seed: int | None) -> EquityResult:
    """The floats of an ``EquityResult`` from exact integer tallies."""
    exact, total, shares, squares = tallies.exact, tallies.total, tallies.shares, tallies.squares
    equity = [s / (SHARE_UNITS * total) for s in shares]
    # One sample gives no spread: NaN, as for simulate and match.
    stderr = [0.0 if exact else math.nan] * len(shares)
    if not exact and total > 1:
        for i, (s, q) in enumerate(zip(shares, squares)):
            mean = s / (SHARE_UNITS * total)
            mean_sq = q / (SHARE_UNITS * SHARE_UNITS * total)
            stderr[i] = math.sqrt(max(mean_sq - mean * mean, 0.0) / total)
    return EquityResult(
        equity=equity,
        win=[w / total for w in tallies.wins],
        tie=[t / total for t in tallies.ties],
        exact=exact,
        trials=total,
        stderr=stderr,
        seed=None if exact else seed,
    )


def merge_tallies(parts: Iterable[Tallies | _core.EquityTallies]) -> Tallies:
    """The sum of the tallies of disjoint slices of one run, exactly."""
    parts = list(parts)
    if not parts:
        raise ValueError("no tallies to merge")

    def column(name: str) -> list[int]:
        return [sum(values) for values in zip(*(getattr(part, name) for part in parts))]

    return Tallies(
        parts[0].exact,
        sum(part.total for part in parts),
        column("shares"),
        column("squares"),
        column("wins"),
        column("ties"),
    )
