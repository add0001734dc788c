"""``simulate``: millions of complete razz hands in the compiled core.

The run is cut into batches of the core's fixed-size chunks; each batch
runs without the GIL on every thread, then its exact integer sums are
merged here. Batches last about a fifth of a second, which keeps the
progress bar moving and lets Ctrl-C stop the run promptly. The seeding is
per chunk ([simulating](SIMULATION.md)), so the result never depends on ``threads``.
``razz_fast.distributed`` cuts the same chunks into Dask tasks with
``checked_run`` and ``play_chunks``.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable, Union

from razz_fast import _core
from razz_fast._args import MAX_THREADS, checked_int, per_seat
from razz_fast._checks import is_bool, rules_type
from razz_fast.policy import is_batch_policy
from razz_fast.results import SimulationResult, Totals, checked_record

__all__ = [
    "simulate",
    "STRATEGIES",
    "Run",
    "checked_run",
    "play_chunks",
    "play_batches",
    "progress_bar",
]

STRATEGIES = ("check_call", "random", "tight")
MAX_CHIPS = 2**53 - 1
BATCH_SECONDS = 0.2

#: A built-in strategy's name, a per-decision callable ``f(view) -> Action``
#: (it gets a ``PlayerView``) or a ``batch_policy``.
Strategy = Union[str, Callable[[Any], Any]]


def _strategy(value: object) -> Strategy:
    if isinstance(value, str):
        if value not in STRATEGIES:
            raise ValueError(
                f"unknown strategy {value!r}: expected one of {', '.join(STRATEGIES)} or a callable"
            )
        return value
    if callable(value):
        return value
    raise TypeError(f"a strategy must be a name or a callable, got {type(value).__name__}")


def _per_seat(value: Any, players: int, name: str) -> list[object]:
    """One value per seat from a sequence (see ``per_seat``), or the one
    value for every seat."""
    if per_seat(value):
        if len(value) != players:
            raise ValueError(f"{name} has {len(value)} entries for {players} players")
        return list(value)
    return [value] * players


@dataclass(frozen=True)
class Run:
    """The checked arguments of a simulation run: what every chunk plays."""

    hands: int
    players: int
    strategies: list[Strategy]
    rules: _core.Rules
    stacks: list[int]
    seed: int

    @property
    def chunks(self) -> int:
        """How many chunks of ``_core.CHUNK`` hands the run has."""
        return -(-self.hands // _core.CHUNK)

    @property
    def max_chunks_per_call(self) -> int:
        """The most chunks one core call may play: the core sums squared
        payoffs in 128 bits, which with stacks near the 2**53 limit bounds
        the hands per call (Python ints take over between calls)."""
        biggest_payoff = 8 * max(self.stacks)
        return max(1, min(1 << 14, (1 << 126) // (biggest_payoff**2 * _core.CHUNK)))


def checked_run(
    hands: Any,
    players: Any,
    strategies: Any,
    rules: Any,
    stacks: Any,
    seed: Any,
    threads: Any,
    progress: Any,
) -> tuple[Run, int | None]:
    """``simulate``'s arguments checked in signature order (the first bad
    one raises), a random seed drawn if ``seed`` is None; returns the run and
    ``threads``."""
    hands = checked_int(hands, "hands", 1, 2**63 - 1)
    players = checked_int(players, "players", 2, 8)
    seat_strategies = [_strategy(s) for s in _per_seat(strategies, players, "strategies")]
    if rules is None:
        rules = _core.Rules()
    elif not isinstance(rules, _core.Rules):
        raise TypeError(f"rules must be a razz_fast.Rules, got {rules_type(rules)}")
    if stacks is None:
        stacks = 100 * rules.big_bet
        if stacks > MAX_CHIPS:
            raise ValueError(
                f"stacks=None means 100 big bets, {stacks}, past the chip limit {MAX_CHIPS}:"
                " give stacks"
            )
    seat_stacks = [
        checked_int(s, "a stack", 1, MAX_CHIPS) for s in _per_seat(stacks, players, "stacks")
    ]
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = checked_int(seed, "seed", 0, 2**64 - 1)
    if threads is not None:
        threads = checked_int(threads, "threads", 1, MAX_THREADS)
    if not is_bool(progress):
        raise TypeError(f"progress must be a bool, got {type(progress).__name__}")
    return Run(hands, players, seat_strategies, rules, seat_stacks, seed), threads


def play_chunks(
    run: Run,
    first: int,
    count: int,
    threads: int | None,
    cancelled: Callable[[], object] | None = None,
) -> Totals:
    """The exact sums of chunks ``first .. first + count`` of ``run``,
    played by the core on ``threads`` threads without the GIL;
    ``cancelled()`` true stops it between two decisions with a RuntimeError."""
    batch = [is_batch_policy(s) for s in run.strategies]
    played, net, sum_sq, showdowns, ranks = _core.simulate_chunks(
        run.rules, run.stacks, run.strategies, batch, run.seed, run.hands, first, count, threads,
        cancelled,
    )  # fmt: skip
    return Totals(run.players, played, list(net), list(sum_sq), showdowns, dict(ranks))


def progress_bar(show: bool, total: int, unit: str, desc: str, delay: float = 0.0) -> Any:
    """A tqdm bar on stderr when ``show``, else None; with ``delay``, drawn
    only once the run has lasted that many seconds."""
    if not show:
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, delay=delay)


def play_batches(
    chunks: int,
    largest: int,
    threads: int | None,
    play: Callable[[int, int], int],
    bar: Any,
) -> None:
    """Calls ``play(first, count)`` on consecutive batches of chunks
    ``0 .. chunks``, at most ``largest`` chunks each, and moves ``bar`` (if
    not None) by the hands each reports played, closing it at the end. The
    first batch gives each thread two chunks; each next one is sized to last
    about BATCH_SECONDS, which keeps the bar moving and lets Ctrl-C stop the
    run between two batches. The result does not depend on the sizes."""
    try:
        done, size = 0, 2 * (threads or os.cpu_count() or 1)
        while done < chunks:
            size = min(size, chunks - done, largest)
            began = time.perf_counter()
            hands = play(done, size)
            took = time.perf_counter() - began
            done += size
            if bar is not None:
                bar.update(hands)
            scale = BATCH_SECONDS / max(took, 1e-6)
            size = max(1, min(int(size * min(scale, 4.0)), 1 << 14))
    finally:
        if bar is not None:
            bar.close()


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
    record: int = 0,
) -> SimulationResult:
    """Play ``hands`` complete, independent hands (stacks reset every hand)
    and return per-seat results. The same seed gives the same result for any
    ``threads``. See [simulating](SIMULATION.md) for strategies and fields."""
    run, threads = checked_run(hands, players, strategies, rules, stacks, seed, threads, progress)
    record = checked_record(record, run.hands)
    totals = Totals(run.players)
    start = time.perf_counter()

    def play(first: int, count: int) -> int:
        part = play_chunks(run, first, count, threads)
        totals.add(part)
        return part.hands

    bar = progress_bar(progress, run.hands, " hands", "simulate")
    play_batches(run.chunks, run.max_chunks_per_call, threads, play, bar)
    result = totals.result(run.seed, time.perf_counter() - start)
    if record:
        return dataclasses.replace(result, records=record_hands(run, 0, record))
    return result


def record_hands(run: Run, first: int, count: int) -> list[_core.Hand]:
    """Hands ``first .. first + count`` of ``run``, played again whole, with
    their history (strategies are asked again, as in the run)."""
    batch = [is_batch_policy(s) for s in run.strategies]
    return _core.record_hands(
        run.rules, run.stacks, run.strategies, batch, run.seed, run.hands, first, count
    )
