"""This build against another, in one process, run by run: a before/after
check that a shared machine's drift cannot decide.

    python benches/bench_ab.py OTHER [--pairs 151] [--only sim:check_call:1,hand]

OTHER is the `razz_fast` package folder of the other build (an unpacked
wheel's `razz_fast/`, or a site-packages one). It is copied to a temporary
folder as `razz_other` (its own imports renamed), so both builds load side
by side: their compiled modules are separate files with separate state.
Each workload is then run alternately on the two builds, a short run at a
time (about 0.05-0.2 s), the first side swapped from pair to pair, and the
ratio (this build's rate / the other's) taken per pair. Both sides of a
pair meet the same minute of the host, so the median of many pairs shows
a few percent that best-of-N runs a minute apart cannot: on the 2-core
machine of 2026-12-02, single runs moved by up to 2x, the pairs'
interquartile range spans about 0.9-1.1 and the median of 151 pairs moves
by about 2% between repeats. A build compared with a copy of itself gives
0.98-1.02.

Prints, per workload: the median ratio, its interquartile range, the
geometric mean, and each side's median rate. Timings never decide a test.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
from bench_hand import ours as hand_rate

import razz_fast

Run = tuple[Callable[[], object], int]

EXACT_SPOTS = {
    "kqj": (["As 2d 3c", "Ks Qd Jc"], 40),
    "456": (["As 2d 3c", "4h 5h 6s"], 40),
    "7h": (["As 2d 3c", "7h"], 6),
    "rand": (["As 2d 3c", ""], 3),
    "3way": (["As 2d 3c", "4h 5h 6s", "7c 8d 9h"], 1),
}
WORKLOADS = [
    "sim:check_call:1",
    "sim:tight:1",
    "sim:random:1",
    "sim:check_call:2",
    "sim:tight:2",
    "sim:random:2",
    "match:1",
    "match:2",
    "luck:1",
    "hand",
    "rank_many:1",
    "rank_many:2",
    "sampled",
    "features",
    "tables_step",
    *(f"exact:{spot}" for spot in EXACT_SPOTS),
]


def load_other(folder: Path) -> ModuleType:
    """The other build, imported as `razz_other` from a renamed copy."""
    root = Path(tempfile.mkdtemp(prefix="razz_ab_"))
    copy = root / "razz_other"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for source in copy.rglob("*.py"):
        text = source.read_text()
        source.write_text(text.replace("razz_fast", "razz_other"))
    sys.path.insert(0, str(root))
    return importlib.import_module("razz_other")


def workload(rf: ModuleType, what: str, sevens: np.ndarray) -> Run:
    """A short run of `what` on build `rf`, and how many units it does."""
    kind, _, rest = what.partition(":")
    if kind == "rank_many":
        threads = int(rest)
        return (lambda: rf.rank_many(sevens, threads=threads)), len(sevens)
    if kind == "hand":
        # bench_hand.py's loop, the README's `Hand` figure (its own timing unused).
        return (lambda: hand_rate(rf, 1500)), 1500
    if kind == "sim":
        strategy, threads = rest.split(":")
        n = 300_000 if threads == "1" else 500_000

        def play() -> object:
            return rf.simulate(n, players=6, strategies=strategy, seed=1, threads=int(threads))

        return play, n
    if kind == "match":
        # bench_match.py's slower seating, duplicate on.
        seating = ["tight", "check_call", "random"] * 2
        n = 150_000 if rest == "1" else 300_000

        def play_match() -> object:
            return rf.match(seating, n, seed=1, threads=int(rest))

        return play_match, n
    if kind == "luck":
        # bench_match.py's luck-adjusted tight and check/call.
        n = 20_000

        def play_luck() -> object:
            return rf.match(["tight", "check_call"] * 3, n, seed=1, threads=int(rest),
                            adjust_luck=True)  # fmt: skip

        return play_luck, n
    if kind == "exact":
        spot, repeats = EXACT_SPOTS[rest]

        def exact() -> None:
            for _ in range(repeats):
                rf.equity(spot, exact=True)

        return exact, repeats
    if kind == "sampled":
        n = 3_000_000

        def sampled() -> object:
            return rf.equity(["As 2d 3c", "7s 8d 9h"], exact=False, trials=n, seed=1, threads=1)

        return sampled, n
    if kind in ("features", "tables_step"):
        # What an RL loop calls each step: bench_bots.py's 4096 six-seat
        # tables, features() into a kept buffer, or step() alone.
        rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
        tables = rf.Tables(rules, [400] * 6, 4096, seed=1, threads=1)
        out = np.empty((4096, rf.FEATURES), dtype=np.float32)
        actions = np.empty(4096, dtype=np.int64)

        def encode() -> None:
            for _ in range(50):
                tables.features(out=out)

        def step() -> None:
            for _ in range(50):
                np.argmax(tables.legal, axis=1, out=actions)
                tables.step(actions)

        return (encode if kind == "features" else step), 50 * 4096
    raise SystemExit(f"unknown workload {what!r}; known: {', '.join(WORKLOADS)}")


def rate(run: Run) -> float:
    """Units a second of one run."""
    start = time.perf_counter()
    run[0]()
    return run[1] / (time.perf_counter() - start)


def compare(this: Run, other: Run, pairs: int) -> tuple[list[float], list[float]]:
    """Alternated rates of the two builds, the first side swapped each pair."""
    this[0](), other[0]()  # warm both
    mine, theirs = [], []
    for i in range(pairs):
        if i % 2:
            mine.append(rate(this))
            theirs.append(rate(other))
        else:
            theirs.append(rate(other))
            mine.append(rate(this))
    return mine, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other build's razz_fast folder")
    parser.add_argument("--pairs", type=int, default=151)
    parser.add_argument("--only", help="comma-separated workloads (default: all)")
    args = parser.parse_args()
    other = load_other(args.other)
    print(f"this build: {Path(razz_fast.__file__).parent}; other: {args.other}")
    sevens = np.argsort(np.random.default_rng(1).random((2_000_000, 52)), axis=1)[:, :7]
    sevens = sevens.astype(np.uint8)
    for what in args.only.split(",") if args.only else WORKLOADS:
        mine, theirs = compare(
            workload(razz_fast, what, sevens), workload(other, what, sevens), args.pairs
        )
        ratios = [m / t for m, t in zip(mine, theirs)]
        low, _, high = statistics.quantiles(ratios, n=4)
        print(
            f"{what:18} this/other median {statistics.median(ratios):.3f} "
            f"(IQR {low:.3f}-{high:.3f}, geometric mean "
            f"{statistics.geometric_mean(ratios):.3f}); median rates "
            f"{statistics.median(mine):.4g} this, {statistics.median(theirs):.4g} other",
            flush=True,
        )


if __name__ == "__main__":
    main()
