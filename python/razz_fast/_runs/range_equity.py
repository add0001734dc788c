"""``equity`` with ``Range`` players ([against a range](EQUITY.md#against-a-range)),
composed from the core's tallies: no rule of the game lives here.

Suits never matter for a razz hand's rank, and the unseen cards left after
the hidden ones are dealt depend on the hidden cards' ranks only, so every
choice of hidden cards with the same ranks gives the same tallies. A
*choice* is one rank multiset per ``Range`` player; its weight is the number
of ways to pick unseen cards of those ranks. Exact: the weighted sum of the
core's exact tallies with each choice's cards known. Sampled: ``trials``
split over the choices by a multinomial draw with those weights (NumPy's
PCG64 seeded with ``seed``), choice ``i`` sampled by the core with seed
``seed + i``; that is exactly ``trials`` independent deals with the hidden
cards drawn from those that pass, so the tallies pool as one run's."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy

from razz_fast import _core
from razz_fast._runs.progress import progress_bar
from razz_fast._runs.tallies import Tallies, merge_tallies, result_from_tallies
from razz_fast.ranges import RANGE_CHOICE_LIMIT, Range, admitted_ranks
from razz_fast.results import EquityResult

__all__ = ["range_equity", "hidden_choices", "RANGE_EXACT_LIMIT", "RANGE_CHOICE_LIMIT"]

#: ``exact=None`` enumerates at most this many choices (every choice of one
#: player's three hidden cards), and only if the core would enumerate each.
RANGE_EXACT_LIMIT = 455


def hidden_choices(
    known: list[list[int]], dead: list[int], ranges: dict[int, Range]
) -> list[tuple[int, list[list[int]]]]:
    """Every choice of hidden rank multisets for the seats in ``ranges``
    (their up cards in ``known``) that passes the filters, with its weight
    and the hands with cards of those ranks filled in; ValueError if none."""
    seen = [c for cards in known for c in cards] + dead
    unseen = [[c for c in range(4 * r, 4 * r + 4) if c not in seen] for r in range(13)]
    counts = [len(cards) for cards in unseen]
    seats = sorted(ranges)
    options = admitted_ranks(ranges, counts)
    choices = []
    for combination in itertools.product(*options):
        taken = [0] * 13
        weight = 1
        hands = [list(cards) for cards in known]
        for seat, ranks in zip(seats, combination):
            for r in sorted(set(ranks)):
                k = ranks.count(r)
                # Seats before took this rank's last cards: no such deal
                # (and counts[r] - taken[r] may have gone negative).
                weight *= math.comb(max(counts[r] - taken[r], 0), k)
                hands[seat] += unseen[r][taken[r] : taken[r] + k]
                taken[r] += k
        if weight:
            choices.append((weight, hands))
    if not choices:
        raise ValueError(
            f"no unseen hidden cards of hands{seats} pass their Ranges' filters together"
        )
    return choices


def _scaled(tallies: _core.EquityTallies, weight: int) -> Tallies:
    """The tallies of ``weight`` runs alike."""
    return Tallies(
        tallies.exact,
        weight * tallies.total,
        [weight * s for s in tallies.shares],
        [weight * q for q in tallies.squares],
        [weight * w for w in tallies.wins],
        [weight * t for t in tallies.ties],
    )


def range_equity(
    hands: Sequence[Any],
    dead: Any,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: int | None,
    progress: bool = False,
) -> EquityResult:
    """``equity`` where some entries of ``hands`` are ``Range``s; with
    ``progress``, a bar over the choices of hidden cards (it changes no
    result)."""
    ranges = {seat: h for seat, h in enumerate(hands) if isinstance(h, Range)}
    shown = [h.up if isinstance(h, Range) else h for h in hands]
    # Every argument is checked here, once, in signature order (the
    # Ranges' up cards as the hands).
    spot = _core.EquitySpot(shown, dead, exact, trials, seed, threads, progress)
    choices = hidden_choices(spot.known, spot.dead, ranges)
    is_exact = spot.exact
    if is_exact is None:
        is_exact = (
            len(choices) <= RANGE_EXACT_LIMIT
            and spot.row(choices[0][1], None, spot.trials, spot.seed).plan()[0]
        )
    counts = [1] * len(choices) if is_exact else _split(spot, choices)
    bar = progress_bar(spot.progress, len(choices), " choices", "equity", delay=0.5)
    parts: list[Tallies | _core.EquityTallies] = []
    try:
        for i, (count, (weight, filled)) in enumerate(zip(counts, choices)):
            if is_exact:
                parts.append(_scaled(spot.row(filled, True, 1, 0).tallies(), weight))
            elif count:
                row_seed = (spot.seed + i) % 2**64
                parts.append(spot.row(filled, False, count, row_seed).tallies())
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return result_from_tallies(merge_tallies(parts), None if is_exact else spot.seed)


def _split(spot: _core.EquitySpot, choices: list[tuple[int, list[list[int]]]]) -> list[int]:
    """How many of the ``trials`` samples each choice gets: a multinomial
    draw with the choices' weights."""
    weights = [weight for weight, _ in choices]
    whole = sum(weights)
    generator = numpy.random.Generator(numpy.random.PCG64(spot.seed))
    drawn = generator.multinomial(spot.trials, [w / whole for w in weights])
    return [int(count) for count in drawn]
