"""``equity``: each player's share of the pot, exact or sampled
([equity](EQUITY.md)). The compiled core returns integer tallies; this module
checks the arguments and turns the tallies into an ``EquityResult``.
``razz_fast.distributed`` runs the same tallies in slices with
``checked_spot``, ``tally_slice`` and ``merge_tallies``."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from razz_fast import _core
from razz_fast._args import MAX_THREADS, checked_int
from razz_fast._checks import is_bool
from razz_fast.ranges import Range
from razz_fast.results import EquityResult

__all__ = [
    "equity",
    "result_from_tallies",
    "Spot",
    "checked_spot",
    "tally_slice",
    "merge_tallies",
]

#: Shares are tallied in these units of a pot (the core's; 840 splits evenly
#: among any 1 to 8 winners).
SHARE_UNITS = _core.SHARE_UNITS
DEFAULT_TRIALS = 1_000_000

#: What the core returns: (exact, total, shares in 1/840 pots, their squares,
#: wins, ties), all integers.
Tallies = tuple[bool, int, list[int], list[int], list[int], list[int]]


def result_from_tallies(
    exact: bool,
    total: int,
    shares: Sequence[int],
    squares: Sequence[int],
    wins: Sequence[int],
    ties: Sequence[int],
    seed: int | None,
) -> EquityResult:
    """The floats of an ``EquityResult`` from exact integer tallies."""
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
        win=[w / total for w in wins],
        tie=[t / total for t in ties],
        exact=exact,
        trials=total,
        stderr=stderr,
        seed=None if exact else seed,
    )


@dataclass(frozen=True)
class Spot:
    """The checked arguments of an equity run: card indices per player, the
    dead cards, and how to count."""

    known: list[list[int]]
    dead: list[int]
    exact: bool | None
    trials: int
    seed: int


def checked_spot(
    hands: Any, dead: Any, exact: Any, trials: Any, seed: Any, threads: Any
) -> tuple[Spot, int | None]:
    """``equity``'s arguments checked in signature order (the first bad one
    raises), a random seed drawn if ``seed`` is None; returns the spot and
    ``threads``."""
    if not isinstance(hands, (list, tuple)):
        raise TypeError(f"hands must be a list of card lists, got {type(hands).__name__}")
    if any(isinstance(h, Range) for h in hands):
        raise TypeError("a Range is an entry of razz_fast.equity's hands only")
    # The spot's own rules (2 to 8 players, at most 7 cards each, no card
    # twice) are the core's, with its messages: it checks the hands, then
    # the dead cards with them, in signature order.
    known = [_core.parse_cards(h) for h in hands]
    _core.equity_units(known, [], False, 1)
    out = _core.parse_cards(dead)
    _core.equity_units(known, out, False, 1)
    if exact is not None and not is_bool(exact):
        raise TypeError(f"exact must be None or a bool, got {type(exact).__name__}")
    exact = None if exact is None else bool(exact)  # (numpy's bools too)
    if exact is None and (trials is not None or seed is not None):
        exact = False  # trials or a seed ask for sampling: never a long enumeration
    trials = DEFAULT_TRIALS if trials is None else checked_int(trials, "trials", 1, 2**63 - 1)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = checked_int(seed, "seed", 0, 2**64 - 1)
    if threads is not None:
        threads = checked_int(threads, "threads", 1, MAX_THREADS)
    return Spot(known, out, exact, trials, seed), threads


def tally_slice(
    spot: Spot,
    exact: bool,
    start: int,
    stop: int,
    threads: int | None,
    cancelled: Callable[[], object] | None = None,
) -> Tallies:
    """The core's tallies of units ``start .. stop`` of the run
    (``_core.equity_units``: exact enumeration items or sample chunks);
    ``cancelled()`` true stops it with a RuntimeError."""
    return _core.equity_slice(
        spot.known, spot.dead, exact, spot.trials, spot.seed, start, stop, threads, cancelled
    )


def merge_tallies(parts: Iterable[Tallies]) -> Tallies:
    """The sum of the tallies of disjoint slices of one run, exactly."""
    parts = list(parts)
    if not parts:
        raise ValueError("no tallies to merge")
    shares, squares, wins, ties = (
        [sum(column) for column in zip(*(part[k] for part in parts))] for k in range(2, 6)
    )
    return parts[0][0], sum(part[1] for part in parts), shares, squares, wins, ties


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
    spot, threads = checked_spot(hands, dead, exact, trials, seed, threads)
    if not is_bool(progress):
        raise TypeError(f"progress must be a bool, got {type(progress).__name__}")
    if progress:
        tallies = _tallies_with_progress(spot, threads)
    else:
        tallies = _core.equity_tallies(
            spot.known, spot.dead, spot.exact, spot.trials, spot.seed, threads
        )
    return result_from_tallies(*tallies, spot.seed)


#: A run shown with a progress bar is cut into slices of about this many
#: seconds: the bar moves several times a second, and the slices' own cost
#: (a call each) stays far below a percent of the run.
SLICE_SECONDS = 0.1


def _tallies_with_progress(spot: Spot, threads: int | None) -> Tallies:
    """The run's tallies, slice by slice with a bar moving after each.
    Slices of one run add up exactly to the whole run (the distributed
    run relies on the same), so the bar changes no result."""
    from razz_fast._simulate import progress_bar

    exact, units = _core.equity_units(spot.known, spot.dead, spot.exact, spot.trials)
    chunk = _core.SAMPLE_CHUNK
    total = units if exact else spot.trials
    # Most spots take milliseconds: their bar would only flash.
    bar = progress_bar(True, total, " items" if exact else " samples", "equity", delay=0.5)
    # Every thread gets a few units of each slice, or a slice would wait on
    # its slowest unit with the other threads idle; slices then grow until
    # one takes SLICE_SECONDS, so a short run makes few calls.
    workers = threads or os.cpu_count() or 1
    step = 4 * workers
    parts, start = [], 0
    try:
        while start < units:
            stop = min(start + step, units)
            began = time.perf_counter()
            # A cancel check that never cancels: the slice still stops for
            # Ctrl-C while it runs.
            parts.append(tally_slice(spot, exact, start, stop, threads, _never))
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
