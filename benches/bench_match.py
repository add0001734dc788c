"""match() against simulate() per hand played: built-in strategies at six
players, duplicate on, in one run; and what recording hands costs.

    python benches/bench_match.py [--hands 2000000]

Prints hands played per second and the ratios (goal: a duplicate match
costs at most 1.15x simulate per hand; record=0 costs nothing). Each figure
is the best of three runs, alternated, so that a burst of load on a shared
machine hits both sides alike. Timings never decide a test.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

import razz_fast as rf


def best_rate(run: Callable[[], tuple[int, float]], repeats: int = 3) -> float:
    """Hands per second of the fastest of ``repeats`` calls of ``run``,
    which returns (hands played, seconds)."""
    return max(hands / seconds for hands, seconds in (run() for _ in range(repeats)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    args = parser.parse_args()
    n = args.hands

    Run = Callable[[], tuple[int, float]]

    def simulate(strategies: list[str], threads: int | None, **kw: Any) -> Run:
        def run() -> tuple[int, float]:
            r = rf.simulate(n, players=6, strategies=strategies, seed=1, threads=threads, **kw)
            return n, r.elapsed

        return run

    def match(strategies: list[str], threads: int | None) -> Run:
        def run() -> tuple[int, float]:
            r = rf.match(strategies, n, players=6, seed=1, threads=threads)
            return r.hands, r.elapsed

        return run

    print(f"six players, {n:,} hands; hands played per second (best of 3)\n")
    print(f"| {'seating':<38} | {'threads':>7} | {'simulate':>11} | {'match':>11} | match cost |")
    print(f"|{'-' * 40}|{'-' * 9}|{'-' * 13}|{'-' * 13}|------------|")
    for seating in (["tight", "check_call"] * 3, ["tight", "check_call", "random"] * 2):
        for threads in (1, None):
            plain, dup = 0.0, 0.0
            for _ in range(3):  # alternated, best of each
                plain = max(plain, best_rate(simulate(seating, threads), 1))
                dup = max(dup, best_rate(match(seating, threads), 1))
            label = "-".join(s[:2] for s in seating)
            shown = "all" if threads is None else str(threads)
            print(f"| {label:<38} | {shown:>7} | {plain:>11,.0f} | {dup:>11,.0f}"
                  f" | {plain / dup:>9.2f}x |")  # fmt: skip

    seating = ["tight", "check_call"] * 3
    none, zero, hundred = 0.0, 0.0, 0.0
    for _ in range(3):
        none = max(none, best_rate(simulate(seating, 1), 1))
        zero = max(zero, best_rate(simulate(seating, 1, record=0), 1))
        hundred = max(hundred, best_rate(simulate(seating, 1, record=100), 1))
    print(f"\nsimulate, one thread: no record {none:,.0f}; record=0 {zero:,.0f}"
          f" ({none / zero:.2f}x); record=100 {hundred:,.0f} ({none / hundred:.2f}x)")  # fmt: skip


if __name__ == "__main__":
    main()
