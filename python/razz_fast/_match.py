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
from razz_fast._args import as_int, per_seat
from razz_fast._checks import is_bool
from razz_fast._simulate import (
    Strategy,
    checked_run,
    play_batches,
    progress_bar,
    record_hands,
)
from razz_fast.match_result import MatchResult, MatchTotals
from razz_fast.policy import is_batch_policy
from razz_fast.results import checked_record
from razz_fast.seating import distinct, rotations, strategy_labels

__all__ = [
    "match",
    "play_match_chunks",
    "checked_match",
    "chunks_per_call",
    "deals_for",
]


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
    record: int = 0,
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
    same result for any ``threads``."""
    players, seatings = checked_match(strategies, hands, players, duplicate, adjust_luck)
    deals = deals_for(hands, seatings)
    run, threads = checked_run(deals, players, list(strategies), rules, stacks, seed, threads,
                               progress)  # fmt: skip
    record = checked_record(record, run.hands * seatings)
    unique, index = distinct(run.strategies)
    totals = MatchTotals(len(unique))
    checkpoints: list[MatchTotals] = []
    start = time.perf_counter()

    def play(first: int, count: int) -> int:
        part = play_match_chunks(run, index, duplicate, first, count, threads,
                                 adjust_luck=adjust_luck)  # fmt: skip
        totals.add(part)
        checkpoints.append(copy.deepcopy(totals))
        return part.hands

    bar = progress_bar(progress, run.hands * seatings, " hands", "match")
    play_batches(run.chunks, chunks_per_call(run, seatings), threads, play, bar)
    units = _core.LUCK_UNITS if adjust_luck else 0
    labels = strategy_labels(unique)
    result = totals.result(labels, run.rules.big_bet, duplicate, run.seed,
                           time.perf_counter() - start, units)  # fmt: skip
    progress_points = [
        (point.hands, r.bb_per_100, r.interval)
        for point in checkpoints
        for r in [point.result(labels, run.rules.big_bet, duplicate, run.seed, 0.0, units)]
    ]
    result = dataclasses.replace(result, progress=progress_points)
    if record:
        result = dataclasses.replace(result, records=_records(run, seatings, record))
    return result


def play_match_chunks(
    run: Any,
    index: list[int],
    duplicate: bool,
    first: int,
    count: int,
    threads: int | None,
    cancelled: Callable[[], object] | None = None,
    *,
    adjust_luck: bool = False,
) -> MatchTotals:
    """The exact sums of the deals of chunks ``first .. first + count`` of
    the match ``run`` (its ``hands`` are the deals), played by the core;
    ``cancelled`` as for ``play_chunks``; with ``adjust_luck`` the luck sums
    too."""
    batch = [is_batch_policy(s) for s in run.strategies]
    args = (run.rules, run.stacks, run.strategies, batch, index, duplicate, run.seed)
    sums = _core.match_chunks(*args, run.hands, first, count, threads, cancelled, adjust_luck)
    deals, hands, net, deal_sq, hand_sq, seat_hands, luck, halves = sums
    return MatchTotals(max(index) + 1, deals, hands, net, deal_sq, hand_sq, seat_hands, luck,
                       # The luck-adjusted squares come in (high, low) 128-bit halves.
                       [(high << 128) | low for high, low in halves])  # fmt: skip


def checked_match(
    strategies: Any, hands: Any, players: Any, duplicate: Any, adjust_luck: Any = False
) -> tuple[int, int]:
    """``match``'s own arguments checked: the players and the seatings a
    deal is played in."""
    # As simulate: a list, a tuple, a 1-D array...; no text, dict or set.
    if not per_seat(strategies):
        raise TypeError("strategies must be a sequence with one strategy per seat")
    if players is None:
        players = len(strategies)
    if not is_bool(duplicate):
        raise TypeError(f"duplicate must be a bool, got {type(duplicate).__name__}")
    if not is_bool(adjust_luck):
        raise TypeError(f"adjust_luck must be a bool, got {type(adjust_luck).__name__}")
    if isinstance(players, int) and not isinstance(players, bool) and len(strategies) != players:
        raise ValueError(f"strategies has {len(strategies)} entries for {players} players")
    return players, rotations(distinct(list(strategies))[1], duplicate)


def chunks_per_call(run: Any, seatings: int) -> int:
    """The most chunks of deals one core call may play: its sums of squared
    chips are kept in 128 bits (the luck-adjusted ones in 256, which no
    stack can fill)."""
    per_call: int = max(1, run.max_chunks_per_call // seatings)
    return per_call


def deals_for(hands: Any, seatings: int) -> Any:
    """Deals to play for about ``hands`` hands, any integer type; a value
    out of range passes on as given, for the usual check to report."""
    count = as_int(hands)
    if count is None or not 0 < count < 2**63:
        return hands
    return -(-count // seatings)


def _records(run: Any, seatings: int, count: int) -> list[Any]:
    """The first ``count`` hands of the match, deal by deal, each deal in
    its seatings' order."""
    deals = -(-count // seatings)
    n = run.players
    by_seating = []
    for r in range(seatings):
        seated = dataclasses.replace(
            run, strategies=[run.strategies[(s + r) % n] for s in range(n)]
        )
        by_seating.append(record_hands(seated, 0, deals))
    return [hand for deal in zip(*by_seating) for hand in deal][:count]
