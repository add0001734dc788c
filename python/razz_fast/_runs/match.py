"""``match``: strategies compared on the same deals, in the compiled core
([matches](MATCH.md)). Each deal is played once per rotation of the seating when
``duplicate``; the core sums every strategy's chips per deal, and the
errors are computed over deals."""

from __future__ import annotations

import copy
import dataclasses
import time
from collections.abc import Sequence
from typing import Any, Callable

from razz_fast import _core
from razz_fast._runs.progress import progress_bar
from razz_fast._runs.simulate import Strategy, play_batches
from razz_fast.results.match import MatchResult, MatchTotals
from razz_fast.seating import distinct, strategy_labels

__all__ = ["match", "play_match_chunks"]


def match(
    strategies: Sequence[Strategy],
    hands: int,
    *,
    players: int | None = None,
    rules: _core.Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    duplicate: bool = True,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    record: int | Callable[[Any], object] = 0,
    adjust_luck: bool = False,
) -> MatchResult:
    """Play about ``hands`` hands between ``strategies`` (one per seat) and
    rank them. With ``duplicate`` every deal is played once per rotation of
    the seating, with the same cards each time, so each strategy meets the
    same luck from every seat; ``hands`` is rounded up to whole deals. With
    ``adjust_luck`` each hand's luck (what the cards dealt gave each seat,
    valued by the showdown equity of the seats still in) is taken out of
    the figures: still unbiased, with a smaller error, for about 10 µs of
    one core a hand at six players ([matches](MATCH.md)). The same seed gives the
    same result for any ``threads``. ``record=N`` keeps the first N hands
    whole in ``.records``; a callable ``record`` is given every hand played,
    as Arrow record batches in the order of ``record=N``
    ([columnar hands](DATA.md); needs pyarrow)."""
    sink = record if callable(record) else None
    # Every argument is checked here, once, in signature order.
    run = _core.MatchRun(strategies, hands, players, rules, stacks, duplicate, seed, threads,
                         progress, 0 if sink else record, adjust_luck)  # fmt: skip
    unique, _ = distinct(run.strategies)
    totals = MatchTotals(len(unique))
    checkpoints: list[MatchTotals] = []
    start = time.perf_counter()

    def play(first: int, count: int) -> int:
        part = play_match_chunks(run, first, count)
        totals.add(part)
        checkpoints.append(copy.deepcopy(totals))
        return part.hands

    if sink is not None:
        from razz_fast.columnar import stream

        def add(sums: _core.MatchSums) -> None:
            totals.add(_totals(run, sums))
            checkpoints.append(copy.deepcopy(totals))

        stream(run, sink, add, match=True)
    else:
        bar = progress_bar(run.progress, run.deals * run.seatings, " hands", "match")
        play_batches(run.chunks, run.max_chunks_per_call, run.threads, play, bar)
    units = _core.LUCK_UNITS if run.adjust_luck else 0
    labels = strategy_labels(unique)
    big_bet = run.rules.big_bet
    result = totals.result(labels, big_bet, run.duplicate, run.seed,
                           time.perf_counter() - start, units)  # fmt: skip
    progress_points = [
        (point.hands, r.bb_per_100, r.interval)
        for point in checkpoints
        for r in [point.result(labels, big_bet, run.duplicate, run.seed, 0.0, units)]
    ]
    result = dataclasses.replace(result, progress=progress_points)
    if run.record:
        result = dataclasses.replace(result, records=run.record_hands(run.record))
    return result


def play_match_chunks(
    run: _core.MatchRun,
    first: int,
    count: int,
    cancelled: Callable[[], object] | None = None,
) -> MatchTotals:
    """The exact sums of the deals of chunks ``first .. first + count`` of
    the match ``run``, played by the core on the run's threads;
    ``cancelled`` as for ``play_chunks``."""
    return _totals(run, run.play(first, count, cancelled))


def _totals(run: _core.MatchRun, sums: _core.MatchSums) -> MatchTotals:
    return MatchTotals(max(run.index) + 1, sums.deals, sums.hands, sums.net, sums.deal_sq,
                       sums.hand_sq, sums.seat_hands, sums.luck, sums.adjusted_sq)  # fmt: skip
