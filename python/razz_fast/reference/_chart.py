"""``chart`` in the pure-Python reference ([the chart](CHART.md)): every three-card
starting hand, one ``equity`` run each against random opponents.

The reference ``equity`` enumerates real card deals, so the exact heads-up
chart (about 10**12 deals a hand) is correct here but far too slow to run;
sampled charts, which follow the same seeds, agree with the core's exactly.
"""

from __future__ import annotations

import time

from razz_fast._checks import is_bool
from razz_fast.reference._equity import _check_exact, _check_trials
from razz_fast.reference.arguments import check_seed, check_threads, int_in
from razz_fast.reference.equities import equity
from razz_fast.results import ChartResult, ChartRow

__all__ = ["chart"]

_RANK_LETTERS = "A23456789TJQK"
_SUITS_IN_ORDER = 4


def _all_starting_hands() -> list[tuple[int, int, int]]:
    """Every rank multiset of three cards, as (low, middle, high)."""
    return [(a, b, c) for a in range(13) for b in range(a, 13) for c in range(b, 13)]


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def chart(
    opponents: int = 1,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> ChartResult:
    """The equity of each of the 455 three-card starting hands against
    ``opponents`` random hands, best first (see ``razz_fast.chart``)."""
    count = int_in(opponents, "opponents", 1, 7)
    _check_exact(exact)
    trials = 100_000 if trials is None else _check_trials(trials)
    chart_seed = check_seed(seed)
    check_threads(threads)
    if not is_bool(progress):
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    if exact is None:
        # The core's rule, not equity()'s: the trials the chart always
        # passes must not turn the heads-up chart into a sampled one.
        exact = True if count == 1 else None
    started = time.perf_counter()
    rows = []
    for index, ranks in enumerate(_all_starting_hands()):
        # Card 4 * rank + suit; a rank's first card is a club, then diamond, heart.
        cards: list[int] = []
        used: dict[int, int] = {}
        for r in ranks:
            cards.append(4 * r + used.get(r, 0))
            used[r] = used.get(r, 0) + 1
        result = equity(
            [cards] + [[] for _ in range(count)],
            exact=exact,
            trials=trials,
            seed=None if chart_seed is None else (chart_seed + index) % 2**64,
            threads=threads,
        )
        if index == 0 and not result.exact:
            # Sampled: hand i takes seed + i (the first hand drew it if None).
            chart_seed = result.seed
        combos = 1
        for r in set(ranks):
            combos *= _choose(_SUITS_IN_ORDER, ranks.count(r))
        rows.append(
            ChartRow(
                hand="-".join(_RANK_LETTERS[r] for r in sorted(ranks, reverse=True)),
                ranks=ranks,
                cards=cards,
                combos=combos,
                equity=result.equity[0],
                win=result.win[0],
                tie=result.tie[0],
                stderr=result.stderr[0],
                trials=result.trials,
            )
        )
    rows.sort(key=lambda row: (-row.equity, row.ranks))
    exact_chart = result.exact
    return ChartResult(
        rows=rows,
        opponents=count,
        exact=exact_chart,
        seed=None if exact_chart else chart_seed,
        elapsed=time.perf_counter() - started,
    )
