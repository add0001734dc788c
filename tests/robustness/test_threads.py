"""Threads the system will not start: every long call says so with a
ValueError naming the count, instead of running on other threads than the
caller asked for (or not at all)."""

import os
import subprocess
import sys

import pytest

# Run in a child whose address space is capped a little above what it
# uses: a thousand threads' stacks (megabytes each) then cannot be mapped.
# (One call a child: a refused pool may leave the threads it started
# behind for a while.)
CHILD = """
import resource
import sys

import numpy as np

import razz_fast

hands = np.tile(np.array([0, 5, 10, 15, 20, 25, 30], dtype=np.uint8), (300_000, 1))
calls = {
    "rank_many": lambda: razz_fast.rank_many(hands, threads=1000),
    "equity": lambda: razz_fast.equity(["As 2d 3c", "7s 8d 9h"], exact=True, threads=1000),
    "simulate": lambda: razz_fast.simulate(4096, threads=1000),
    "Tables": lambda: razz_fast.Tables(razz_fast.Rules(), [100, 100], 4, threads=1000),
    "exploitability": lambda: razz_fast.exploitability("tight", 2048, threads=1000),
}
with open("/proc/self/status") as status:
    vm = next(int(line.split()[1]) for line in status if line.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm * 1024 + (256 << 20), resource.RLIM_INFINITY))
try:
    calls[sys.argv[1]]()
    print("ran")
except ValueError as e:
    print(e)
# A count the system can start still works.
print(razz_fast.rank_many(hands[:3], threads=2).tolist())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, caps RLIMIT_AS")
@pytest.mark.parametrize("call", ["rank_many", "equity", "simulate", "Tables", "exploitability"])
def test_threads_the_system_refuses_are_a_value_error(call):
    # Under the cap, the stacks of the threads that did start can take the
    # last of the room; a small allocation a started thread then makes must
    # still be served (else it aborts the child, as one did on a busy
    # machine): one malloc arena for every thread, padded with 64 MB of heap
    # taken before the cap is set (glibc's own settings, read at start).
    env = dict(os.environ, MALLOC_ARENA_MAX="1", MALLOC_TOP_PAD_=str(64 << 20))
    env["MALLOC_TRIM_THRESHOLD_"] = str(1 << 40)
    child = subprocess.run(
        [sys.executable, "-c", CHILD, call], capture_output=True, text=True, timeout=300, env=env
    )
    assert child.returncode == 0, child.stderr
    out = child.stdout.splitlines()
    assert len(out) == 2, out
    assert out[0].startswith("cannot start 1000 threads: "), out[0]
    assert out[1] == "[2, 2, 2]"
