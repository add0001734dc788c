"""Evaluator throughput from Python: razz_fast.rank_many against the pure-Python
reference, pokerkit and poker-equity, measured in one run on one machine.

    python benches/bench_eval.py [--hands 1000000]

Prints a table of hands per second and each one's speed relative to
razz_fast on one thread. Peers that are not installed are skipped
(`pip install -e '.[bench]'` installs them). Timings never decide a test.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

import razz_fast
from razz_fast import reference


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
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    hands = random_hands(args.hands)
    expect = razz_fast.rank_many(hands)
    rows: list[tuple[str, float, str]] = []

    rows.append(
        (
            "razz_fast.rank_many, 1 thread",
            best_rate(lambda: razz_fast.rank_many(hands, threads=1), len(hands), args.repeats),
            "",
        )
    )
    cores = os.cpu_count() or 1
    rows.append(
        (
            f"razz_fast.rank_many, {cores} threads",
            best_rate(lambda: razz_fast.rank_many(hands), len(hands), args.repeats),
            "",
        )
    )

    few = hands[:20_000]
    assert reference.rank_many(few[:2000]) == list(expect[:2000])
    rows.append(
        (
            "razz_fast.reference.rank_many",
            best_rate(lambda: reference.rank_many(few), len(few), 1),
            "pure Python",
        )
    )

    try:
        import poker_equity
    except ImportError:
        rows.append(("poker-equity 0.1.1", float("nan"), "not installed"))
    else:
        text = card_text(hands[:200_000])
        scores = np.asarray(poker_equity.score_batch("low_a5", text[:20_000]))
        # A third opinion on order: lower score should mean lower rank.
        ours = expect[:20_000].astype(np.int64)
        i, j = np.triu_indices(200, 1)
        disagree = int(np.sum(np.sign(ours[i] - ours[j]) != np.sign(scores[i] - scores[j])))
        rows.append(
            (
                'poker-equity score_batch("low_a5")',
                best_rate(lambda: poker_equity.score_batch("low_a5", text), len(text), 3),
                f"order disagrees on {disagree} of {len(i)} pairs",
            )
        )

    try:
        from pokerkit import RegularLowHand
    except ImportError:
        rows.append(("pokerkit 0.7.7", float("nan"), "not installed"))
    else:
        text = card_text(hands[:2_000])
        rows.append(
            (
                "pokerkit RegularLowHand.from_game",
                best_rate(lambda: [RegularLowHand.from_game(t) for t in text], len(text), 1),
                "pure Python",
            )
        )

    base = rows[0][1]
    print(f"rank_many: {args.hands:,} random seven-card hands (best of {args.repeats})\n")
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


if __name__ == "__main__":
    main()
