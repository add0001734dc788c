"""Alternated rounds, best of each: how the benches time a row against its
peers in one process.

A shared machine's one-thread speed moves by up to 2x from one minute to
the next, so two figures measured a minute apart can differ by more than
the ratio they are meant to show. Each round here runs every row once, the
order rotated from round to round, so that a slow minute weighs on all
rows alike; each row keeps its best round (the run least disturbed), and
each round's ratio to the first row is kept too, whose median moves least
with the host's load. Timings never decide a test.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable

Rate = Callable[[], float]
Rates = dict[str, float]


def alternate(rows: dict[str, Rate], rounds: int) -> tuple[Rates, list[Rates]]:
    """Runs every rate in ``rows`` once a round for ``rounds`` rounds, the
    first row of each round moving one place on each time. Returns each
    row's best rate and every round's rates by row."""
    names = list(rows)
    every: list[Rates] = []
    for round_ in range(rounds):
        shift = round_ % len(names)
        measured = {name: rows[name]() for name in names[shift:] + names[:shift]}
        every.append(measured)
    best = {name: max(r[name] for r in every) for name in names}
    return best, every


def pair_ratios(every: list[Rates], top: str, bottom: str) -> list[float]:
    """``top``'s rate over ``bottom``'s, round by round (both ran in it)."""
    return [r[top] / r[bottom] for r in every]


def times(ratio: float) -> str:
    """A ratio as printed: two decimals below 100, whole numbers above."""
    return f"{ratio:.2f}x" if ratio < 100 else f"{ratio:,.0f}x"


def spread(ratios: list[float]) -> str:
    """The median of the rounds' ratios and their range, as printed."""
    low, high = times(min(ratios)), times(max(ratios))
    return f"median of {len(ratios)} rounds {times(statistics.median(ratios))}, range {low}-{high}"


def how(rounds: int) -> str:
    """The line each bench prints to say how it measured."""
    load = os.getloadavg()[0]
    return (
        f"measured in this one process: {rounds} rounds, every row once a round,"
        f" the order rotated each round; each row's best round is shown"
        f" (load average {load:.1f} now)"
    )
