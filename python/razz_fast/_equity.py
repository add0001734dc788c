"""``equity``: each player's share of the pot, exact or sampled
([equity](EQUITY.md)). The compiled core returns integer tallies; this module
checks the arguments once, when the run object (``_core.EquitySpot``) is
built, and this module turns its tallies into an ``EquityResult``.
``razz_fast.distributed`` sends the same object to its workers, runs it in
slices and sums them with ``merge_tallies``."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from razz_fast import _core
from razz_fast.ranges import Range
from razz_fast.results import EquityResult

__all__ = [
    "equity",
    "result_from_tallies",
    "Tallies",
    "merge_tallies",
]

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


def equity(
    hands: Sequence[Any],
    dead: Any = (),
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> EquityResult:
    """Each player's expected share of the pot, the chance to win alone and
    to tie, given the cards known for each player (0 to 7 each) and the
    ``dead`` cards out of play.

    An entry of ``hands`` may be a ``Range`` instead: an opponent seen by its
    up cards whose hidden cards pass a filter (every passing choice of
    unseen cards equally likely).

    ``exact=True`` enumerates every deal of the unseen cards (by rank
    multisets, so third street heads-up takes milliseconds);
    ``exact=False`` samples ``trials`` deals (default 1,000,000) from
    ``seed`` (default: a random one, reported in the result). ``exact=None``
    samples when ``trials`` or ``seed`` is given, and otherwise enumerates
    when the spot is cheap (heads-up, or at most 2*10**7 rank-multiset
    outcomes, estimated before any work) and samples when not. ``threads``
    (default: every core) and ``progress`` (a bar on stderr) never change
    a result. Ctrl-C stops a long run within 50 ms. Returns an
    ``EquityResult``; bad input raises ``InvalidCardError``, ``TypeError``
    or ``ValueError`` (also a ``Range`` whose filter no unseen cards pass)."""
    if isinstance(hands, (list, tuple)) and any(isinstance(h, Range) for h in hands):
        from razz_fast._range_equity import range_equity

        return range_equity(hands, dead, exact, trials, seed, threads, progress)
    # Every argument is checked here, once, in signature order.
    spot = _core.EquitySpot(hands, dead, exact, trials, seed, threads, progress)
    tallies = _tallies_with_progress(spot) if spot.progress else spot.tallies()
    return result_from_tallies(tallies, spot.seed)


#: A run shown with a progress bar is cut into slices of about this many
#: seconds: the bar moves several times a second, and the slices' own cost
#: (a call each) stays far below a percent of the run.
SLICE_SECONDS = 0.1


def _tallies_with_progress(spot: _core.EquitySpot) -> Tallies:
    """The run's tallies, slice by slice with a bar moving after each.
    Slices of one run add up exactly to the whole run (the distributed
    run relies on the same), so the bar changes no result."""
    from razz_fast._simulate import progress_bar

    exact, units = spot.plan()
    chunk = _core.SAMPLE_CHUNK
    total = units if exact else spot.trials
    # Most spots take milliseconds: their bar would only flash.
    bar = progress_bar(True, total, " items" if exact else " samples", "equity", delay=0.5)
    # Every thread gets a few units of each slice, or a slice would wait on
    # its slowest unit with the other threads idle; slices then grow until
    # one takes SLICE_SECONDS, so a short run makes few calls.
    workers = spot.threads or os.cpu_count() or 1
    step = 4 * workers
    parts, start = [], 0
    try:
        while start < units:
            stop = min(start + step, units)
            began = time.perf_counter()
            # A cancel check that never cancels: the slice still stops for
            # Ctrl-C while it runs.
            parts.append(spot.slice(start, stop, _never))
            took = time.perf_counter() - began
            # Exact items differ in cost: slices shrink as well as grow.
            if took < SLICE_SECONDS:
                step *= 2
            elif took > 2 * SLICE_SECONDS:
                step = max(step // 2, workers)
            bar.update(stop - start if exact else min(stop * chunk, total) - start * chunk)
            start = stop
    finally:
        bar.close()
    return merge_tallies(parts)


def _never() -> bool:
    return False
