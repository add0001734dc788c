"""razz_fast.distributed against the local run on the same machine: a
three-way exact third-street equity and a simulation of 10^8 hands, each
run locally on all cores and on a Dask LocalCluster of one single-threaded
worker process per core.

    python benches/bench_distributed.py [--hands 100000000] [--workers N]

Prints a table of seconds and the cluster's overhead against the local
run, and checks that both give the same result. Needs the dask extra
(pip install -e '.[dask]'). Timings never decide a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import time

import razz_fast
import razz_fast.distributed as rfd

THREE_WAY = ["As 2d 3c", "4h 5h 6s", "7c 8d 9h"]


def timed(run):
    start = time.perf_counter()
    result = run()
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10**8)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    load_at_start = os.getloadavg()[0]

    from dask.distributed import Client, LocalCluster

    start = time.perf_counter()
    cluster = LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = Client(cluster)
    # Every worker imports razz_fast before the clock starts.
    rfd.simulate(10 * 1024, seed=1, chunks_per_task=1, client=client)
    print(
        f"LocalCluster: {args.workers} worker processes x 1 thread, up in "
        f"{time.perf_counter() - start:.1f} s; local runs use every core "
        f"({os.cpu_count()})\n"
    )

    rows = []
    local, local_s = timed(lambda: razz_fast.equity(THREE_WAY, exact=True))
    remote, remote_s = timed(lambda: rfd.equity(THREE_WAY, exact=True, client=client))
    assert remote == local, "the cluster's equity differs from the local one"
    rows.append((f"exact equity, {' v '.join(THREE_WAY)}", local_s, remote_s))

    hands = args.hands
    local, local_s = timed(lambda: razz_fast.simulate(hands, seed=1))
    remote, remote_s = timed(lambda: rfd.simulate(hands, seed=1, client=client))
    assert dataclasses.replace(remote, elapsed=0) == dataclasses.replace(local, elapsed=0), (
        "the cluster's simulation differs from the local one"
    )
    rows.append((f"simulate, {hands:,} hands, six check/call seats", local_s, remote_s))

    print(f"| {'run':<50} | {'local':>8} | {'Dask':>8} | Dask / local |")
    print(f"|{'-' * 52}|{'-' * 10}|{'-' * 10}|--------------|")
    for name, local_s, remote_s in rows:
        print(
            f"| {name:<50} | {local_s:>6.1f} s | {remote_s:>6.1f} s | {remote_s / local_s:>11.3f} |"
        )
    print("\nBoth runs of each row gave the same result, bit for bit.")
    print(
        "Load average (1 min) at the start and end: "
        f"{load_at_start:.1f}, {os.getloadavg()[0]:.1f} (other work on the machine skews a row)"
    )
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()
