"""``match`` in plain Python ([matches](MATCH.md)): every deal played once per
distinct rotation of the seating with the same cards, each strategy's
chips summed per deal; the same sums, and so the same ``MatchResult``, as
the compiled core."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

from razz_fast._checks import is_bool
from razz_fast.reference._simulate import (
    _check_hands,
    _check_players,
    _check_progress,
    _check_rules,
    _check_stacks,
    _seed_or_random,
    play_hand,
)
from razz_fast.reference.arguments import check_threads, per_seat
from razz_fast.reference.generator import Xoshiro256PlusPlus
from razz_fast.reference.hand import Hand
from razz_fast.reference.luck import UNITS, luck, luck_seed
from razz_fast.reference.rules import Rules
from razz_fast.reference.strategies import UserStrategy, resolve_strategies
from razz_fast.results import checked_record
from razz_fast.results.match import MatchResult, MatchTotals
from razz_fast.seating import distinct, rotations, strategy_labels

__all__ = ["match"]


def match(
    strategies: Sequence[str | UserStrategy],
    hands: int,
    *,
    players: int | None = None,
    rules: Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    duplicate: bool = True,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    record: int = 0,
    adjust_luck: bool = False,
) -> MatchResult:
    """Plays about ``hands`` hands between ``strategies`` (one per seat);
    see ``razz_fast.match``."""
    start = time.perf_counter()
    if not per_seat(strategies):
        raise TypeError("strategies must be a sequence with one strategy per seat")
    # In signature order: the first bad argument is the one reported.
    hands = _check_hands(hands)
    if players is None and not 2 <= len(strategies) <= 8:
        # Seats come from the strategies: say so, not "players must be".
        raise ValueError(
            f"strategies must hold one strategy per seat, 2 to 8 of them, got {len(strategies)}"
        )
    players = _check_players(len(strategies) if players is None else players)
    if len(strategies) != players:
        raise ValueError(f"strategies has {len(strategies)} entries for {players} players")
    seats = resolve_strategies(list(strategies), players)
    rules = _check_rules(rules)
    stacks = _check_stacks(stacks, players, rules)
    if not is_bool(duplicate):
        raise TypeError(f"duplicate must be a bool, got {type(duplicate).__name__}")
    seed = _seed_or_random(seed)
    check_threads(threads)
    _check_progress(progress)
    unique, index = distinct(list(strategies))
    seatings = rotations(index, duplicate)
    deals = -(-hands // seatings)
    record = checked_record(record, deals * seatings)
    if not is_bool(adjust_luck):
        raise TypeError(f"adjust_luck must be a bool, got {type(adjust_luck).__name__}")
    records: list[Hand] = []
    totals = MatchTotals(len(unique))
    for k in range(deals):
        on_deal = [0] * len(unique)
        lucky = [0] * len(unique)
        for r in range(seatings):
            seated = [seats[(s + r) % players] for s in range(players)]
            hand = play_hand(seed, k, rules, stacks, seated)
            if len(records) < record:
                records.append(hand)
            # One generator per deal: every seating samples alike.
            seat_luck = luck(hand, Xoshiro256PlusPlus(luck_seed(seed, k))) if adjust_luck else []
            on_hand = [0] * len(unique)
            for s, payoff in enumerate(hand.payoffs):
                j = index[(s + r) % players]
                on_hand[j] += payoff
                totals.seat_hands[j] += 1
                if adjust_luck:
                    lucky[j] += seat_luck[s]
            for j, chips in enumerate(on_hand):
                on_deal[j] += chips
                totals.hand_sq[j] += chips * chips
        for j, chips in enumerate(on_deal):
            totals.net[j] += chips
            totals.deal_sq[j] += chips * chips
            if adjust_luck:
                totals.luck[j] += lucky[j]
                totals.adjusted_sq[j] += (chips * UNITS - lucky[j]) ** 2
        totals.deals += 1
        totals.hands += seatings
    result = totals.result(strategy_labels(unique), rules.big_bet, duplicate, seed,
                           time.perf_counter() - start, UNITS if adjust_luck else 0)  # fmt: skip
    return dataclasses.replace(result, records=records) if records else result
