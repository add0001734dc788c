"""Razz equity: razz_fast's exact and sampled `equity` (and the exact heads-up
`chart`) against poker-equity 0.1.1 (`chunk_from_text`) and pokerkit
(`calculate_equities`), in one run.

    python benches/bench_equity.py

Prints milliseconds for exact spots and samples per second for sampling on
one thread, and the ratios; the sampling engines run alternately in
rounds, best of each. Timings never decide a test.
"""

from __future__ import annotations

import importlib.util
import time
from typing import Callable

from alternate import alternate, how, pair_ratios, spread, times

import razz_fast

SAMPLES = 2_000_000
ROUNDS = 5


def best_ms(run, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    print("exact (razz_fast.equity, all threads)\n")
    print(f"| {'spot':<40} | {'time':>10} | equity of the first hand")
    print(f"|{'-' * 42}|{'-' * 12}|-------------------------")
    for hands in (
        ["As 2d 3c", "Ks Qd Jc"],
        ["As 2d 3c", "4h 5h 6s"],
        ["As 2d 3c", "7h"],
        ["As 2d 3c", ""],
        ["As 2d 3c", "4h 5h 6s", "7c 8d 9h"],
    ):
        result = razz_fast.equity(hands, exact=True)
        ms = best_ms(lambda hands=hands: razz_fast.equity(hands, exact=True))
        shown = " v ".join(h or "a random hand" for h in hands)
        print(f"| {shown:<40} | {ms:>8.1f} ms | {result.equity[0]:.4f}")
    start = time.perf_counter()
    chart = razz_fast.chart(1)
    seconds = time.perf_counter() - start
    what = "chart(1): 455 starts v a random hand"
    print(f"| {what:<40} | {seconds:>8.1f} s  | best {chart.rows[0].hand}")

    spot = ["As 2d 3c", "7s 8d 9h"]
    rows: dict[str, Callable[[], float]] = {}

    def ours() -> float:
        # Best of three short runs a round: one run is a few hundredths of a
        # second, the peers' a second.
        ms = best_ms(lambda: razz_fast.equity(spot, exact=False, trials=SAMPLES, seed=1, threads=1))
        return SAMPLES / (ms / 1000)

    rows["razz_fast.equity, 1 thread"] = ours
    if importlib.util.find_spec("poker_equity") is not None:
        import poker_equity

        # Its input is card text: the spaces go before the clock starts.
        text = [h.replace(" ", "") for h in spot]

        def peq() -> float:
            ms = best_ms(
                lambda: poker_equity.chunk_from_text("razz", text, "", "", SAMPLES, 1, 1), 1
            )
            return SAMPLES / (ms / 1000)

        rows["poker-equity chunk_from_text, 1 thread"] = peq
    if importlib.util.find_spec("pokerkit") is not None:
        import pokerkit

        n = 2_000
        # A range of one combination per player: its three known cards,
        # parsed before the clock starts.
        ranges = [(tuple(pokerkit.Card.parse(h.replace(" ", ""))),) for h in spot]

        def kit() -> float:
            ms = best_ms(
                lambda: pokerkit.calculate_equities(
                    ranges,
                    (),
                    7,
                    0,
                    pokerkit.Deck.STANDARD,
                    (pokerkit.RegularLowHand,),
                    sample_count=n,
                ),
                1,
            )
            return n / (ms / 1000)

        rows["pokerkit calculate_equities"] = kit
    best, every = alternate(rows, ROUNDS)
    print(f"\nsampled, {' v '.join(spot)}")
    print(how(ROUNDS) + "; razz_fast's row the best of 3 runs a round\n")
    print(f"| {'engine':<44} | {'samples/s':>12} | vs razz_fast")
    print(f"|{'-' * 46}|{'-' * 14}|-------------")
    base = "razz_fast.equity, 1 thread"
    for name, rate in best.items():
        shown = f"{rate:,.0f}"
        if name == base:
            ratio = "1.0x"
        else:
            ratio = f"{times(best[base] / rate)} slower ({spread(pair_ratios(every, base, name))})"
        print(f"| {name:<44} | {shown:>12} | {ratio}")


if __name__ == "__main__":
    main()
