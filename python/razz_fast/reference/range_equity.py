"""``equity`` against ``Range`` players in the pure-Python reference
([against a range](EQUITY.md#against-a-range)), by brute force over card deals.

Where the core weighs one run per rank multiset of the hidden cards, this
lists every choice of actual unseen cards for the hidden ones that passes
the filters and counts each once: exact, the sum of the plain exact
enumeration with those cards known; sampled, each sample picks one such
choice uniformly (a ``random.Random(seed)``), then deals the rest. The
exact tallies equal the core's; samples follow another stream than the
core's, so sampled results agree in distribution, not digit for digit.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Sequence

from razz_fast._cards import CardsLike
from razz_fast.ranges import Range, admitted_ranks
from razz_fast.reference._equity import (
    _checked_arguments,
    _chooses_exact,
    _deal_ranks,
    _exact,
    _make_spot,
    _Tally,
)
from razz_fast.results import EquityResult

__all__ = ["range_equity"]

#: The same bound as the core: ``exact=None`` enumerates at most this many
#: choices of hidden rank multisets.
RANGE_EXACT_LIMIT = 455


def _passing_choices(
    pool: list[int], ranges: dict[int, Range]
) -> list[tuple[tuple[int, ...], ...]]:
    """Every choice of distinct unseen cards for each ``Range`` seat's hidden
    cards (seats in order) that its filter admits."""
    seats = sorted(ranges)
    # The bound is checked on the rank multisets before any card is listed:
    # listing the cards first took minutes for a spot it refuses (eight
    # unfiltered seven-card Ranges).
    available = [sum(1 for card in pool if card // 4 == r) for r in range(13)]
    admitted = [set(passing) for passing in admitted_ranks(ranges, available)]
    alone = [
        [
            combo
            for combo in itertools.combinations(pool, ranges[seat].hidden)
            if tuple(card // 4 for card in combo) in multisets
        ]
        for seat, multisets in zip(seats, admitted)
    ]
    choices = []
    for joint in itertools.product(*alone):
        cards = [card for combo in joint for card in combo]
        if len(set(cards)) == len(cards):
            choices.append(joint)
    if not choices:
        raise ValueError(
            f"no unseen hidden cards of hands{seats} pass their Ranges' filters together"
        )
    return choices


def _filled(
    hands: list[list[int]], seats: list[int], joint: Sequence[tuple[int, ...]]
) -> list[list[int]]:
    filled = [list(cards) for cards in hands]
    for seat, combo in zip(seats, joint):
        filled[seat] += list(combo)
    return filled


def _rank_key(joint: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(card // 4 for card in combo)) for combo in joint)


def range_equity(
    hands: Sequence[CardsLike | Range],
    dead: CardsLike,
    exact: bool | None,
    trials: int | None,
    seed: int | None,
    threads: int | None,
    progress: bool,
) -> EquityResult:
    """``equity`` where some entries of ``hands`` are ``Range``s."""
    ranges = {seat: h for seat, h in enumerate(hands) if isinstance(h, Range)}
    seats = sorted(ranges)
    shown = [h.up if isinstance(h, Range) else h for h in hands]
    parsed, dead_cards, exact, samples_asked, trials, seed = _checked_arguments(
        shown, dead, exact, trials, seed, threads, progress
    )
    out = {card for cards in parsed for card in cards} | set(dead_cards)
    pool = [card for card in range(52) if card not in out]
    _make_spot(parsed, dead_cards)  # a deck too short for the hands: the core's error, first
    choices = _passing_choices(pool, ranges)

    if exact is None:
        # The core's rule: few enough rank choices, and the first of them (in
        # rank order) a spot the plain equity would enumerate.
        keys = {_rank_key(joint): joint for joint in reversed(choices)}
        first = keys[min(keys)]
        exact = (
            False
            if samples_asked
            else len(keys) <= RANGE_EXACT_LIMIT
            and _chooses_exact(_make_spot(_filled(parsed, seats, first), dead_cards))
        )
    total = _Tally(len(parsed))
    if exact:
        for joint in choices:
            total.merge(_exact(_make_spot(_filled(parsed, seats, joint), dead_cards)))
        return total.result(exact=True, seed=None)

    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    rng = random.Random(seed)
    spots = {}
    for _ in range(trials):
        index = rng.randrange(len(choices))
        if index not in spots:
            spots[index] = _make_spot(_filled(parsed, seats, choices[index]), dead_cards)
        spot = spots[index]
        drawn = rng.sample(spot.pool, spot.need)
        total.add(_deal_ranks(spot, drawn))
    return total.result(exact=False, seed=seed)
