"""razz_fast.distributed against the local run on the same machine: a
three-way exact third-street equity (a fraction of a second: what Dask adds
to a short run), the same equity sampled 3*10^8 times, a simulation of
10^8 hands and a duplicate match of 2*10^7, each run locally on all cores
and on a Dask LocalCluster of one single-threaded worker process per core.

    python benches/bench_distributed.py [--hands 100000000] [--samples 300000000]
        [--match-hands 20000000] [--workers N] [--pairs 1]

Prints a table of seconds and the cluster's overhead against the local
run, in wall-clock time and in CPU time (this process, which also hosts the
scheduler, plus every worker and nanny process), and checks that both give
the same result. Other work on the machine skews single runs; ``--pairs N``
runs each row N times, alternating which side goes first, and reports
medians. Needs the dask extra (pip install -e '.[dask]'). Timings never
decide a test.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import statistics
import time

import razz_fast
import razz_fast.distributed as rfd

THREE_WAY = ["As 2d 3c", "4h 5h 6s", "7c 8d 9h"]
MATCH = ["tight", "check_call"] * 3


def cpu_seconds() -> float:
    """User and system CPU time of the calling process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cluster_cpu_seconds(client) -> float:
    """CPU time so far of this process and of every worker and nanny."""
    workers = client.run(cpu_seconds)
    nannies = client.run(cpu_seconds, nanny=True)
    return cpu_seconds() + sum(workers.values()) + sum(nannies.values())


def timed(run, cpu=cpu_seconds):
    """(result, wall-clock seconds, CPU seconds) of ``run()``."""
    cpu_start, start = cpu(), time.perf_counter()
    result = run()
    wall = time.perf_counter() - start
    return result, wall, cpu() - cpu_start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10**8)
    parser.add_argument("--samples", type=int, default=3 * 10**8)
    parser.add_argument("--match-hands", type=int, default=2 * 10**7)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pairs", type=int, default=1)
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

    def on_cluster() -> float:
        return cluster_cpu_seconds(client)

    def equity_row(local: bool):
        if local:
            return timed(lambda: razz_fast.equity(THREE_WAY, exact=True))
        return timed(lambda: rfd.equity(THREE_WAY, exact=True, client=client), on_cluster)

    def sampled_row(local: bool):
        run = rfd.equity if not local else razz_fast.equity
        extra = {} if local else {"client": client}
        return timed(
            lambda: run(THREE_WAY, exact=False, trials=args.samples, seed=1, **extra),
            cpu_seconds if local else on_cluster,
        )

    def match_row(local: bool):
        run = razz_fast.match if local else rfd.match
        extra = {} if local else {"client": client}
        return timed(
            lambda: run(MATCH, args.match_hands, seed=1, **extra),
            cpu_seconds if local else on_cluster,
        )

    def simulate_row(local: bool):
        # (Results compare without their elapsed time.)
        if local:
            return timed(lambda: razz_fast.simulate(args.hands, seed=1))
        return timed(lambda: rfd.simulate(args.hands, seed=1, client=client), on_cluster)

    rows = [
        (f"exact equity, {' v '.join(THREE_WAY)}", equity_row),
        (f"sampled equity, the same, {args.samples:,} samples", sampled_row),
        (f"simulate, {args.hands:,} hands, six check/call seats", simulate_row),
        (f"match, {args.match_hands:,} hands, tight v check/call x3", match_row),
    ]
    print(
        f"| {'run':<50} | {'local':>8} | {'Dask':>8} | Dask / local "
        f"| {'CPU local':>9} | {'CPU Dask':>9} | CPU Dask / local |"
    )
    rule = ["-" * 52, "-" * 10, "-" * 10, "-" * 14, "-" * 11, "-" * 11, "-" * 18]
    print(f"|{'|'.join(rule)}|")
    for name, row in rows:
        local, remote = [], []
        for pair in range(args.pairs):
            order = (True, False) if pair % 2 == 0 else (False, True)
            runs = {side: row(side) for side in order}
            assert runs[True][0] == runs[False][0], f"{name}: the cluster's result differs"
            local.append(runs[True][1:])
            remote.append(runs[False][1:])
        wall, cpu = (
            statistics.median(there[k] / here[k] for here, there in zip(local, remote))
            for k in (0, 1)
        )
        local_s, local_cpu = (statistics.median(x[k] for x in local) for k in (0, 1))
        remote_s, remote_cpu = (statistics.median(x[k] for x in remote) for k in (0, 1))
        print(
            f"| {name:<50} | {local_s:>6.1f} s | {remote_s:>6.1f} s | {wall:>12.3f} "
            f"| {local_cpu:>7.1f} s | {remote_cpu:>7.1f} s | {cpu:>16.3f} |"
        )
    if args.pairs > 1:
        print(f"\nMedians over {args.pairs} pairs of runs, alternating which side went first.")
    print("\nBoth runs of each row gave the same result, bit for bit.")
    print(
        "Load average (1 min) at the start and end: "
        f"{load_at_start:.1f}, {os.getloadavg()[0]:.1f} (other work on the machine skews a row)"
    )
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()
