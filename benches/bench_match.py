"""match() against simulate() per hand played: built-in strategies at six
players, duplicate on, in one run; and what recording hands costs.

    python benches/bench_match.py [--hands 1000000] [--pairs 7]

Prints hands played per second and the ratios (goal: a duplicate match
costs at most 1.15x simulate per hand; record=0 costs nothing), then what
luck adjustment costs a hand and how much it cuts the error. Rates are
the best of the alternated runs; the match cost is the median of the ratio
within each alternated pair, which a burst of load on a shared machine
moves least. Timings never decide a test.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any, Callable

import razz_fast as rf


def best_rate(run: Callable[[], tuple[int, float]], repeats: int = 3) -> float:
    """Hands per second of the fastest of ``repeats`` calls of ``run``,
    which returns (hands played, seconds)."""
    return max(hands / seconds for hands, seconds in (run() for _ in range(repeats)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--pairs", type=int, default=7, help="alternated runs of each")
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

    print(f"six players, {n:,} hands; hands played per second (best of {args.pairs});")
    print("match cost: the median of the alternated pairs' ratios, and their range\n")
    print(f"| {'seating':<38} | {'threads':>7} | {'simulate':>11} | {'match':>11} | match cost |"
          " pairs     |")  # fmt: skip
    print(f"|{'-' * 40}|{'-' * 9}|{'-' * 13}|{'-' * 13}|------------|-----------|")
    for seating in (["tight", "check_call"] * 3, ["tight", "check_call", "random"] * 2):
        for threads in (1, None):
            plain, dup, costs = 0.0, 0.0, []
            for _ in range(args.pairs):  # alternated, best of each
                one = best_rate(simulate(seating, threads), 1)
                other = best_rate(match(seating, threads), 1)
                plain, dup = max(plain, one), max(dup, other)
                # Each pair's ratio: the two ran a second apart, so a slow
                # minute of the host weighs on both.
                costs.append(one / other)
            label = "-".join(s[:2] for s in seating)
            shown = "all" if threads is None else str(threads)
            print(f"| {label:<38} | {shown:>7} | {plain:>11,.0f} | {dup:>11,.0f}"
                  f" | {statistics.median(costs):>9.2f}x"
                  f" | {min(costs):.2f}-{max(costs):.2f} |")  # fmt: skip

    seating = ["tight", "check_call"] * 3
    none, zero, hundred, zeros, hundreds = 0.0, 0.0, 0.0, [], []
    for _ in range(args.pairs):
        plain = best_rate(simulate(seating, 1), 1)
        at_zero = best_rate(simulate(seating, 1, record=0), 1)
        at_hundred = best_rate(simulate(seating, 1, record=100), 1)
        none, zero, hundred = max(none, plain), max(zero, at_zero), max(hundred, at_hundred)
        zeros.append(plain / at_zero)
        hundreds.append(plain / at_hundred)
    print(f"\nsimulate, one thread: no record {none:,.0f}; record=0 {zero:,.0f}"
          f" (cost {statistics.median(zeros):.2f}x); record=100 {hundred:,.0f}"
          f" (cost {statistics.median(hundreds):.2f}x); costs: medians of the pairs")  # fmt: skip

    # Luck adjustment: what it costs a hand, and what it buys (the error
    # against plain play's on as many hands, and the hands it saves).
    print("\nadjust_luck, one thread, 1/10 of the hands; error: plain_stderr / stderr")
    print(f"| {'seating':<26} | {'hands/s':>9} | {'us/hand':>7} | duplicate | adjusted |"
          " hands saved |")  # fmt: skip
    print(f"|{'-' * 28}|{'-' * 11}|{'-' * 9}|-----------|----------|-------------|")
    for seating in (["tight", "check_call"] * 3, ["check_call", "random"] * 3,
                    ["check_call", "random"]):  # fmt: skip
        few = max(1, n // 10)
        dup = rf.match(seating, few, seed=1, threads=1)
        adj = rf.match(seating, few, seed=1, threads=1, adjust_luck=True)
        rate = adj.hands / adj.elapsed
        label = "-".join(s[:2] for s in seating)
        factor = [v**0.5 for v in (dup.variance_reduction[0], adj.variance_reduction[0])]
        print(f"| {label:<26} | {rate:>9,.0f} | {1e6 / rate:>7.1f} | {factor[0]:>8.2f}x"
              f" | {factor[1]:>7.2f}x | {(factor[1] / factor[0]) ** 2:>10.2f}x |")  # fmt: skip


if __name__ == "__main__":
    main()
