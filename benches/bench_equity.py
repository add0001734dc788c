"""Razz equity: razz_fast's exact and sampled `equity` (and the exact heads-up
`chart`) against poker-equity 0.1.1 (`chunk_from_text`) and pokerkit
(`calculate_equities`), in one run.

    python benches/bench_equity.py

Prints milliseconds for exact spots and samples per second for sampling on
one thread, and the ratios. Timings never decide a test.
"""

from __future__ import annotations

import time

import razz_fast

SAMPLES = 2_000_000


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
    ours_ms = best_ms(
        lambda: razz_fast.equity(spot, exact=False, trials=SAMPLES, seed=1, threads=1)
    )
    ours = SAMPLES / (ours_ms / 1000)
    rows = [("razz_fast.equity, 1 thread", ours)]
    try:
        import poker_equity

        text = [h.replace(" ", "") for h in spot]
        ms = best_ms(lambda: poker_equity.chunk_from_text("razz", text, "", "", SAMPLES, 1, 1))
        rows.append(("poker-equity chunk_from_text, 1 thread", SAMPLES / (ms / 1000)))
    except ImportError:
        pass
    try:
        import pokerkit
    except ImportError:
        pokerkit = None
    if pokerkit is not None:
        n = 2_000
        # A range of one combination per player: its three known cards.
        ranges = [(tuple(pokerkit.Card.parse(h.replace(" ", ""))),) for h in spot]
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
        rows.append(("pokerkit calculate_equities", n / (ms / 1000)))
    print(f"\nsampled, {' v '.join(spot)}\n")
    print(f"| {'engine':<44} | {'samples/s':>12} | vs razz_fast")
    print(f"|{'-' * 46}|{'-' * 14}|-------------")
    for name, rate in rows:
        shown = "-" if rate != rate else f"{rate:,.0f}"
        ratio = "" if rate != rate else f"{ours / rate:,.1f}x slower" if rate < ours else "1.0x"
        print(f"| {name:<44} | {shown:>12} | {ratio}")


if __name__ == "__main__":
    main()
