"""Writing every hand to Parquet against plain simulate(), on two threads.

    python benches/bench_columnar.py [--hands 500000] [--pairs 5]

For each table, alternated, best of ``--pairs`` runs of each: plain
``simulate``; ``simulate(record=sink)`` with a sink that drops the Arrow
batches (what the core's columns and the batches cost); and with a
``ParquetSink`` writing the file (the whole cost). Prints hands/s and each
one's cost against plain simulate (goal: Parquet at most 2x), and the
file's bytes per hand. Timings never decide a test.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from typing import Any, Callable

import razz_fast as rf
from razz_fast import columnar

TABLES = {
    "check_call x6": "check_call",
    "tight, check_call, random x2 (the CLI's)": ["tight", "check_call", "random"] * 2,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500_000)
    parser.add_argument("--pairs", type=int, default=5, help="alternated runs of each")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    n, threads = args.hands, args.threads
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "hands.parquet")

    def timed(strategies: Any, record: Callable[[], Any] | None) -> float:
        began = time.perf_counter()
        if record is None:
            rf.simulate(n, players=6, strategies=strategies, seed=1, threads=threads)
        else:
            with record() as sink:
                rf.simulate(n, players=6, strategies=strategies, seed=1, threads=threads,
                            record=sink)  # fmt: skip
        return n / (time.perf_counter() - began)

    class Drop:
        """A sink that keeps nothing: the cost of the columns and batches."""

        def __enter__(self) -> Drop:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def __call__(self, batch: Any) -> None:
            pass

    kinds: dict[str, Callable[[], Any] | None] = {
        "simulate": None,
        "batches only": Drop,
        "Parquet": lambda: columnar.ParquetSink(path),
    }
    print(f"six players, {n:,} hands, threads={threads}; hands/s, best of {args.pairs} "
          "alternated runs; cost = plain simulate's rate / this rate\n")  # fmt: skip
    print(f"| {'table':<42} | {'simulate':>10} | {'batches only':>16} | {'Parquet':>16} |"
          " file |")  # fmt: skip
    print(f"|{'-' * 44}|{'-' * 12}|{'-' * 18}|{'-' * 18}|------|")
    for label, strategies in TABLES.items():
        best = dict.fromkeys(kinds, 0.0)
        for _ in range(args.pairs):
            for kind, record in kinds.items():
                best[kind] = max(best[kind], timed(strategies, record))
        size = os.path.getsize(path) / n
        plain = best["simulate"]
        cells = [f"{best[k]:>9,.0f} ({plain / best[k]:.1f}x)" for k in ("batches only", "Parquet")]
        print(f"| {label:<42} | {plain:>10,.0f} | {cells[0]:>16} | {cells[1]:>16} |"
              f" {size:.0f} B |")  # fmt: skip
    os.remove(path)
    os.rmdir(folder)


if __name__ == "__main__":
    main()
