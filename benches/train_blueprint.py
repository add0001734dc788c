"""Trains the shipped heads-up blueprint (docs/BOTS.md, "The blueprint").

    python benches/train_blueprint.py --iterations 30000000 --seed 2026 \
        --work /tmp/blueprint --out python/razz_fast/data/blueprint.pol

Trains with ``razz_fast.train`` on one thread (so the result is
reproducible bit for bit from the seed) in stages, resuming its checkpoint
each time, and saves the policy of every stage in ``--work`` (the early
ones feed the plot of local-best-response value against iterations,
``benches/blueprint_curve.py``); the last stage's is written to ``--out``.
Prints one line per stage: iterations, seconds, iterations per second.
"""

from __future__ import annotations

import argparse
import os
import time

import razz_fast as rf

STAGES = (100_000, 300_000, 1_000_000, 3_000_000, 10_000_000, 30_000_000, 100_000_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=30_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--work", default="/tmp/blueprint")
    parser.add_argument("--out", default="python/razz_fast/data/blueprint.pol")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    checkpoint = os.path.join(args.work, "checkpoint.cfr")
    stages = [s for s in STAGES if s < args.iterations] + [args.iterations]
    start = time.perf_counter()
    for stage in stages:
        t = time.perf_counter()
        policy = rf.train(stage, seed=args.seed, threads=1, checkpoint=checkpoint)
        if policy.header["made"]["iterations"] < stage:
            print(f"interrupted at {policy.header['made']['iterations']:,} iterations", flush=True)
            return
        path = os.path.join(args.work, f"blueprint-{stage}.pol")
        policy.save(path)
        elapsed = time.perf_counter() - t
        print(
            f"{stage:>12,} iterations  {time.perf_counter() - start:8.0f} s in all"
            f"  {elapsed:7.0f} s this stage",
            flush=True,
        )
    # The shipped file names itself, so results label it "blueprint".
    named = rf.Policy(policy.weights_bytes(), 2, {**policy.header, "name": "blueprint"})
    named.save(args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out):,} bytes)", flush=True)


if __name__ == "__main__":
    main()
