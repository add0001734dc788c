"""Evaluator throughput from Python: razz_fast.rank_many against the pure-Python
reference, pokerkit and poker-equity, measured in one run on one machine.

    python benches/bench_eval.py [--hands 1000000]

Prints a table of hands per second and each one's speed relative to
razz_fast on one thread: every row runs once a round, alternately, and
keeps its best round; each peer gets its cheapest input (rows of ints,
card text, parsed cards), made before the clock starts. Peers that are not installed are skipped
(`pip install -e '.[bench]'` installs them). Timings never decide a test.
"""

from __future__ import annotations

import argparse
import os
import time
from functools import partial
from typing import Callable

import numpy as np
from alternate import alternate, how, pair_ratios, spread

import razz_fast
from razz_fast import reference

ONE = "razz_fast.rank_many, 1 thread"


def random_hands(n: int, seed: int = 2026) -> np.ndarray:
    """n random seven-card hands as a C-contiguous (n, 7) uint8 array."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def best_rate(run, count: int, repeats: int) -> float:
    """Hands per second of the fastest of `repeats` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def card_text(hands: np.ndarray) -> list[str]:
    return [razz_fast.format_cards(row).replace(" ", "") for row in hands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    hands = random_hands(args.hands)
    expect = razz_fast.rank_many(hands)
    cores = os.cpu_count() or 1
    # Each row's rate in a round; razz_fast's runs take milliseconds, so
    # each of its rounds is the best of `repeats` runs.
    rates: dict[str, Callable[[], float]] = {
        ONE: partial(
            best_rate, lambda: razz_fast.rank_many(hands, threads=1), len(hands), args.repeats
        ),
        f"razz_fast.rank_many, {cores} threads": partial(
            best_rate, lambda: razz_fast.rank_many(hands), len(hands), args.repeats
        ),
    }
    notes = {ONE: ""}
    notes[f"razz_fast.rank_many, {cores} threads"] = ""

    # The reference's cheapest input is rows of Python ints, made before
    # the clock starts.
    few = hands[:20_000].tolist()
    assert reference.rank_many(few[:2000]) == list(expect[:2000])
    rates["razz_fast.reference.rank_many"] = partial(
        best_rate, lambda: reference.rank_many(few), len(few), 1
    )
    notes["razz_fast.reference.rank_many"] = "pure Python"

    missing: list[tuple[str, str]] = []
    try:
        import poker_equity
    except ImportError:
        missing.append(("poker-equity 0.1.1", "not installed"))
    else:
        # Its input is card text, made before the clock starts.
        text = card_text(hands[:200_000])
        scores = np.asarray(poker_equity.score_batch("low_a5", text[:20_000]))
        # A third opinion on order: lower score should mean lower rank.
        ours = expect[:20_000].astype(np.int64)
        i, j = np.triu_indices(200, 1)
        disagree = int(np.sum(np.sign(ours[i] - ours[j]) != np.sign(scores[i] - scores[j])))
        name = 'poker-equity score_batch("low_a5")'
        rates[name] = partial(
            best_rate, lambda: poker_equity.score_batch("low_a5", text), len(text), 1
        )
        notes[name] = f"order disagrees on {disagree} of {len(i)} pairs"

    try:
        from pokerkit import Card, RegularLowHand
    except ImportError:
        missing.append(("pokerkit 0.7.7", "not installed"))
    else:
        # Parsed into pokerkit's own cards before the clock starts.
        cards = [tuple(Card.parse(t)) for t in card_text(hands[:2_000])]
        name = "pokerkit RegularLowHand.from_game"
        rates[name] = partial(
            best_rate, lambda: [RegularLowHand.from_game(c) for c in cards], len(cards), 1
        )
        notes[name] = "pure Python"

    best, every = alternate(rates, args.rounds)
    rows = [(name, rate, notes[name]) for name, rate in best.items()]
    rows += [(name, float("nan"), note) for name, note in missing]

    base = best[ONE]
    print(f"rank_many: {args.hands:,} random seven-card hands")
    print(how(args.rounds) + f"; razz_fast's rows the best of {args.repeats} runs a round\n")
    print(f"| {'evaluator':<40} | {'hands/s':>14} | {'vs razz_fast 1 thread':>22} | note")
    print(f"|{'-' * 42}|{'-' * 16}|{'-' * 24}|------")
    for name, rate, note in rows:
        ratio = (
            ""
            if rate != rate
            else f"{rate / base:.2f}x"
            if rate >= base / 10
            else f"{base / rate:,.0f}x slower"
        )
        shown = "-" if rate != rate else f"{rate:,.0f}"
        print(f"| {name:<40} | {shown:>14} | {ratio:>22} | {note}")
    print()
    for name in best:
        if not name.startswith("razz_fast.rank_many"):
            print(f"{ONE} / {name}: {spread(pair_ratios(every, ONE, name))}")


if __name__ == "__main__":
    main()
