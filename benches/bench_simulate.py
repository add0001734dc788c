"""simulate() throughput: six-player tables in the compiled core on one and
on all threads, against pokerkit playing complete hands, and the shipped
blueprint heads-up against check/call, in one run.

    python benches/bench_simulate.py [--hands 2000000]

Prints hands per second, the speed-up from 1 to all threads, and the ratio
to pokerkit (check/call to showdown, as pokerkit's own docs time it,
through its cheapest correct loop), every row run alternately in rounds,
best of each. Timings never decide a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import time
from functools import partial
from typing import Callable

from alternate import alternate, how, pair_ratios, spread

import razz_fast


def rate(hands: int, strategy: str, threads: int | None, players: int = 6) -> float:
    result = razz_fast.simulate(
        hands, players=players, strategies=strategy, seed=1, threads=threads
    )
    return hands / result.elapsed


def pokerkit_check_call(hands: int) -> float:
    """Hands per second of pokerkit playing check/call to showdown through
    its cheapest correct loop: the bring-in is always the hand's first
    action, and every other one a check or call, so no `can_` call (each a
    verification and a caught exception) is needed."""
    import pokerkit

    automations = tuple(pokerkit.Automation)
    create = pokerkit.FixedLimitRazz.create_state
    stacks = (400,) * 6
    start = time.perf_counter()
    for _ in range(hands):
        state = create(automations, True, 0, 1, 2, 4, stacks, 6)
        state.post_bring_in()
        while state.status:
            state.check_or_call()
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--pokerkit-hands", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    strategies = ("check_call", "tight", "random")
    rows: dict[str, Callable[[], float]] = {}
    for strategy in strategies:
        rows[f"{strategy} 1"] = partial(rate, args.hands, strategy, 1)
        rows[f"{strategy} all"] = partial(rate, args.hands, strategy, None)
    # Heads-up: the shipped blueprint (a Policy the core plays) against
    # check/call's own loop, the floor the issue sets at a third of it.
    for strategy in ("check_call", "blueprint"):
        rows[f"{strategy} hu"] = partial(rate, args.hands, strategy, 1, 2)
    installed = importlib.util.find_spec("pokerkit") is not None
    if installed:
        rows["pokerkit"] = partial(pokerkit_check_call, args.pokerkit_hands)
    best, every = alternate(rows, args.rounds)
    pokerkit = best.get("pokerkit", float("nan"))
    print(f"simulate: six players, {args.hands:,} hands; pokerkit {pokerkit:,.0f} hands/s"
          f" (check/call, {args.pokerkit_hands} hands a round)")  # fmt: skip
    print(how(args.rounds) + "\n")
    every_label = f"{cores} threads"
    print(f"| {'strategy':<10} | {'1 thread':>12} | {every_label:>12} | scaling | vs pokerkit")
    print(f"|{'-' * 12}|{'-' * 14}|{'-' * 14}|---------|------------")
    for strategy in strategies:
        one, many = best[f"{strategy} 1"], best[f"{strategy} all"]
        print(
            f"| {strategy:<10} | {one:>12,.0f} | {many:>12,.0f} | {many / one:>6.2f}x"
            f" | {many / pokerkit:>9,.0f}x"
        )
    hu, blueprint = best["check_call hu"], best["blueprint hu"]
    print(
        f"\nheads-up, 1 thread: blueprint {blueprint:,.0f} hands/s, check_call {hu:,.0f}:"
        f" blueprint / check_call {spread(pair_ratios(every, 'blueprint hu', 'check_call hu'))}"
        f" (best over best {blueprint / hu:.2f})"
    )
    if installed:
        ratios = pair_ratios(every, "check_call all", "pokerkit")
        print(f"\ncheck_call, {cores} threads / pokerkit: {spread(ratios)}")


if __name__ == "__main__":
    main()
