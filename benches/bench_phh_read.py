"""Reading PHH collections: hands per second and peak memory by size.

    python benches/bench_phh_read.py [--sizes 1000,10000,100000]

A ``.phhs`` of N recorded six-player hands (1,000 distinct ones from
``simulate(record=)``, repeated under new keys) is written to a temporary
file and read back with ``phh.read_phh``, each size in a child process of its
own: the time is the best of three reads, the peak is the child's maximum
resident set. Linear reading keeps hands/s flat and memory in proportion to
the file; timings never decide a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

import razz_fast
from razz_fast.histories import phh

CHILD = """
import json, resource, sys, time
from razz_fast.histories import phh
path, hands = sys.argv[1], int(sys.argv[2])
best = float("inf")
for _ in range(3):
    began = time.perf_counter()
    loaded = phh.read_phh(path)
    best = min(best, time.perf_counter() - began)
    assert len(loaded.hands) == hands and not loaded.errors, loaded.errors[:1]
    del loaded
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": best, "peak": peak}))
"""


def write_collection(path: str, hands: int) -> int:
    """Write ``hands`` hands to ``path``; return the file's size in bytes."""
    records = razz_fast.simulate(1000, players=6, record=1000, seed=7, strategies="random").records
    bodies = [phh.dumps(record) for record in records]
    with open(path, "w", encoding="utf-8") as out:
        for index in range(hands):
            out.write(f"[{index + 1}]\n{bodies[index % len(bodies)]}\n")
    return os.path.getsize(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="hand counts, comma-separated")
    args = parser.parse_args()
    print(f"{'hands':>8} {'MB':>8} {'hands/s':>10} {'peak MB':>9} {'peak/file':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for hands in (int(size) for size in args.sizes.split(",")):
            path = os.path.join(folder, f"{hands}.phhs")
            size = write_collection(path, hands)
            out = subprocess.run(
                [sys.executable, "-c", CHILD, path, str(hands)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            figures = json.loads(out)
            print(
                f"{hands:>8} {size / 1e6:>8.1f} {hands / figures['seconds']:>10,.0f}"
                f" {figures['peak'] / 1e6:>9.0f} {figures['peak'] / size:>9.1f}"
            )


if __name__ == "__main__":
    main()
