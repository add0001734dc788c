"""simulate() throughput: six-player tables in the compiled core on one and
on all threads, against pokerkit playing complete hands, in one run.

    python benches/bench_simulate.py [--hands 2000000]

Prints hands per second, the speed-up from 1 to all threads, and the ratio
to pokerkit (check/call to showdown, as pokerkit's own docs time it).
Timings never decide a test.
"""

from __future__ import annotations

import argparse
import os
import time

import razz_fast


def rate(hands: int, strategy: str, threads: int | None) -> float:
    result = razz_fast.simulate(hands, strategies=strategy, seed=1, threads=threads)
    return hands / result.elapsed


def pokerkit_check_call(hands: int) -> float:
    import pokerkit

    start = time.perf_counter()
    for _ in range(hands):
        state = pokerkit.FixedLimitRazz.create_state(
            tuple(pokerkit.Automation), True, 0, 1, 2, 4, (400,) * 6, 6
        )
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    try:
        pokerkit = pokerkit_check_call(200)
    except ImportError:
        pokerkit = float("nan")
    print(f"simulate: six players, {args.hands:,} hands; pokerkit {pokerkit:,.0f} hands/s\n")
    every_label = f"{cores} threads"
    print(f"| {'strategy':<10} | {'1 thread':>12} | {every_label:>12} | scaling | vs pokerkit")
    print(f"|{'-' * 12}|{'-' * 14}|{'-' * 14}|---------|------------")
    for strategy in ("check_call", "tight", "random"):
        one = rate(args.hands, strategy, 1)
        every = rate(args.hands, strategy, None)
        print(
            f"| {strategy:<10} | {one:>12,.0f} | {every:>12,.0f} | {every / one:>6.2f}x"
            f" | {every / pokerkit:>9,.0f}x"
        )


if __name__ == "__main__":
    main()
