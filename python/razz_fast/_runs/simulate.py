"""``simulate``: millions of complete razz hands in the compiled core.

The run is cut into batches of the core's fixed-size chunks; each batch
runs without the GIL on every thread, then its exact integer sums are
merged here. Batches last about a fifth of a second, which keeps the
progress bar moving and lets Ctrl-C stop the run promptly. The seeding is
per chunk ([simulating](SIMULATION.md)), so the result never depends on ``threads``.
The arguments are checked once, by the core, when the run object
(``_core.SimRun``) is built; ``razz_fast.distributed`` sends the same object
to its Dask workers, cut into the same chunks (``play_chunks``).
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Sequence
from typing import Any, Callable, Union

from razz_fast import _core
from razz_fast._runs.progress import progress_bar
from razz_fast.results import SimulationResult, Totals

__all__ = [
    "simulate",
    "play_chunks",
    "play_batches",
]

BATCH_SECONDS = 0.2

#: A built-in strategy's name, a per-decision callable ``f(view) -> Action``
#: (it gets a ``PlayerView``) or a ``batch_policy``.
Strategy = Union[str, Callable[[Any], Any]]


def play_chunks(
    run: _core.SimRun,
    first: int,
    count: int,
    cancelled: Callable[[], object] | None = None,
) -> Totals:
    """The exact sums of chunks ``first .. first + count`` of ``run``,
    played by the core on the run's threads without the GIL;
    ``cancelled()`` true stops it between two decisions with a RuntimeError."""
    return _totals(run, run.play(first, count, cancelled))


def _totals(run: _core.SimRun, sums: _core.SimSums) -> Totals:
    return Totals(run.players, sums.hands, sums.net, sums.sum_sq, sums.showdowns, dict(sums.ranks))


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
    record: int | Callable[[Any], object] = 0,
) -> SimulationResult:
    """Play ``hands`` complete, independent hands (stacks reset every hand)
    and return per-seat results. The same seed gives the same result for any
    ``threads``. See [simulating](SIMULATION.md) for strategies and fields.
    ``record=N`` keeps the first N hands whole in ``.records``; a callable
    ``record`` (``pyarrow.parquet.ParquetWriter.write_batch``, say) is given
    every hand played, as Arrow record batches in hand order
    ([columnar hands](DATA.md); needs pyarrow)."""
    sink = record if callable(record) else None
    # Every argument is checked here, once, in signature order.
    run = _core.SimRun(hands, players, strategies, rules, stacks, seed, threads, progress,
                       0 if sink else record)  # fmt: skip
    totals = Totals(run.players)
    start = time.perf_counter()
    if sink is not None:
        from razz_fast.columnar import stream

        stream(run, sink, lambda sums: totals.add(_totals(run, sums)), match=False)
        return totals.result(run.seed, time.perf_counter() - start)

    def play(first: int, count: int) -> int:
        part = play_chunks(run, first, count)
        totals.add(part)
        return part.hands

    bar = progress_bar(run.progress, run.hands, " hands", "simulate")
    play_batches(run.chunks, run.max_chunks_per_call, run.threads, play, bar)
    result = totals.result(run.seed, time.perf_counter() - start)
    if run.record:
        return dataclasses.replace(result, records=run.record_hands(0, run.record))
    return result
