"""``equity``: each player's share of the pot, exact or sampled
([equity](EQUITY.md)). The compiled core returns integer tallies; this module
checks the arguments once, when the run object (``_core.EquitySpot``) is
built, and this module turns its tallies into an ``EquityResult``.
``razz_fast.distributed`` sends the same object to its workers, runs it in
slices and sums them with ``merge_tallies``."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any

from razz_fast import _core
from razz_fast._runs.progress import progress_bar
from razz_fast._runs.range_equity import range_equity
from razz_fast._runs.tallies import Tallies, merge_tallies, result_from_tallies
from razz_fast.ranges import Range
from razz_fast.results import EquityResult

__all__ = ["equity"]


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
