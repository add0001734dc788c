"""``chart``: the equity of every three-card starting hand against random
opponents ([the chart](CHART.md)). Suits only remove cards, so a starting hand is its
rank multiset: 455 of them, each run as an ``equity`` spot in the core (a
player with no known cards is a random hand), exact heads-up."""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

from razz_fast import _core
from razz_fast._checks import checked_int
from razz_fast._runs.progress import progress_bar
from razz_fast._runs.tallies import result_from_tallies
from razz_fast.results import ChartResult, ChartRow

__all__ = ["chart", "starting_hands", "CHART_TRIALS"]

#: Samples per starting hand when the chart is sampled and ``trials`` is None.
CHART_TRIALS = 100_000
_RANKS = "A23456789TJQK"


def starting_hands() -> list[tuple[int, int, int]]:
    """The 455 rank multisets of three cards, lowest ranks first."""
    return list(itertools.combinations_with_replacement(range(13), 3))


def _row_cards(ranks: tuple[int, int, int]) -> list[int]:
    """Cards with these ranks: the first of a rank a club, the next a
    diamond, then a heart (any suits would do)."""
    return [4 * r + ranks[:i].count(r) for i, r in enumerate(ranks)]


def _combos(ranks: tuple[int, int, int]) -> int:
    return math.prod(math.comb(4, ranks.count(r)) for r in set(ranks))


def chart(
    opponents: int = 1,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> ChartResult:
    """The equity of every three-card starting hand against ``opponents``
    random hands (1 to 7), best first. ``exact=None`` is exact heads-up and
    sampled otherwise (``trials`` samples per hand, 100,000 by default;
    hand ``i`` of ``starting_hands()`` takes seed ``seed + i`` mod 2**64)."""
    opponents = checked_int(opponents, "opponents", 1, _core.MAX_PLAYERS - 1)
    if trials is None:
        trials = CHART_TRIALS
    hands = starting_hands()
    # The rest is checked here, once, in signature order, on the first row.
    spot = _core.EquitySpot(
        [_row_cards(hands[0])] + [[]] * opponents, (), exact, trials, seed, threads, progress
    )
    seed = spot.seed
    start = time.perf_counter()
    bar = progress_bar(spot.progress, len(hands), " hands", "chart")
    rows: list[ChartRow] = []
    is_exact = False
    try:
        for i, ranks in enumerate(hands):
            cards = _row_cards(ranks)
            row_seed = (seed + i) % 2**64
            row = spot.row([cards] + [[]] * opponents, exact, spot.trials, row_seed)
            result = result_from_tallies(row.tallies(), row_seed)
            is_exact = result.exact
            rows.append(_row(ranks, cards, result))
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda row: (-row.equity, row.ranks))
    return ChartResult(
        rows=rows,
        opponents=opponents,
        exact=is_exact,
        seed=None if is_exact else seed,
        elapsed=time.perf_counter() - start,
    )


def _row(ranks: tuple[int, int, int], cards: list[int], result: Any) -> ChartRow:
    return ChartRow(
        hand="-".join(_RANKS[r] for r in reversed(ranks)),
        ranks=ranks,
        cards=cards,
        combos=_combos(ranks),
        equity=result.equity[0],
        win=result.win[0],
        tie=result.tie[0],
        stderr=result.stderr[0],
        trials=result.trials,
    )
