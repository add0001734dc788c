"""``simulate``: millions of complete razz hands in the compiled core.

The run is cut into batches of the core's fixed-size chunks; each batch
runs without the GIL on every thread, then its exact integer sums are
merged here. Batches last about a fifth of a second, which keeps the
progress bar moving and lets Ctrl-C stop the run promptly. The seeding is
per chunk (docs/SIMULATION.md), so the result never depends on ``threads``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any, Callable, Union

from razz_fast import _core
from razz_fast._args import MAX_THREADS, checked_int
from razz_fast.results import SimulationResult, Totals

__all__ = ["simulate", "STRATEGIES"]

STRATEGIES = ("check_call", "random", "tight")
MAX_CHIPS = 2**53 - 1
BATCH_SECONDS = 0.2

Strategy = Union[str, Callable[[Any], int]]


def _strategy(value: Any) -> Strategy:
    if isinstance(value, str):
        if value not in STRATEGIES:
            raise ValueError(
                f"unknown strategy {value!r}: expected one of {', '.join(STRATEGIES)} or a callable"
            )
        return value
    if callable(value):
        return value
    raise TypeError(f"a strategy must be a name or a callable, got {type(value).__name__}")


def _per_seat(value: Any, players: int, name: str) -> list:
    if isinstance(value, Sequence) and not isinstance(value, str):
        if len(value) != players:
            raise ValueError(f"{name} has {len(value)} entries for {players} players")
        return list(value)
    return [value] * players


def simulate(
    hands: int,
    *,
    players: int = 6,
    strategies: Strategy | Sequence[Strategy] = "check_call",
    rules: _core.Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``hands`` complete, independent hands (stacks reset every hand)
    and return per-seat results. The same seed gives the same result for any
    ``threads``. See docs/SIMULATION.md for strategies and fields."""
    hands = checked_int(hands, "hands", 1, 2**63 - 1)
    players = checked_int(players, "players", 2, 8)
    seat_strategies = [_strategy(s) for s in _per_seat(strategies, players, "strategies")]
    if rules is None:
        rules = _core.Rules()
    elif not isinstance(rules, _core.Rules):
        raise TypeError(f"rules must be a razz_fast.Rules, got {type(rules).__name__}")
    if stacks is None:
        stacks = 100 * rules.big_bet
    seat_stacks = [
        checked_int(s, "a stack", 1, MAX_CHIPS) for s in _per_seat(stacks, players, "stacks")
    ]
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = checked_int(seed, "seed", 0, 2**64 - 1)
    if threads is not None:
        threads = checked_int(threads, "threads", 1, MAX_THREADS)
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be a bool, got {type(progress).__name__}")

    chunks = -(-hands // _core.CHUNK)
    # The core sums squared payoffs in 128 bits; with stacks near the 2**53
    # limit that bounds how many hands one call may play (Python ints take over).
    biggest_payoff = 8 * max(seat_stacks)
    max_batch = max(1, min(1 << 14, (1 << 126) // (biggest_payoff**2 * _core.CHUNK)))
    totals = Totals(players)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=hands, unit=" hands", unit_scale=True, desc="simulate")
    start = time.perf_counter()
    try:
        done, batch = 0, 2 * (threads or os.cpu_count() or 1)
        while done < chunks:
            batch = min(batch, chunks - done, max_batch)
            began = time.perf_counter()
            played, net, sum_sq, showdowns, ranks = _core.simulate_chunks(
                rules, seat_stacks, seat_strategies, seed, hands, done, batch, threads
            )
            took = time.perf_counter() - began
            totals.add(Totals(players, played, list(net), list(sum_sq), showdowns, dict(ranks)))
            done += batch
            if bar is not None:
                bar.update(played)
            # Aim the next batch at BATCH_SECONDS; the result does not depend on it.
            scale = BATCH_SECONDS / max(took, 1e-6)
            batch = max(1, min(int(batch * min(scale, 4.0)), 1 << 14))
    finally:
        if bar is not None:
            bar.close()
    return totals.result(seed, time.perf_counter() - start)
