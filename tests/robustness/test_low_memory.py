"""Sizes the caller chooses, under a memory limit (issue 34): what memory
cannot hold is a MemoryError, what no machine could is a ValueError naming
the argument, and nothing panics or aborts.

Each case runs in a child whose address space is capped a little above what
it uses at the start (``RLIMIT_AS``, set in the child before the call): a
Rust allocation that failed there used to abort the process (SIGABRT), and
a numpy array that could not be had was a PanicException."""

import subprocess
import sys

import pytest

CHILD = """
import resource
import sys

impl, case, room = sys.argv[1], sys.argv[2], int(sys.argv[3])
if impl == "core":
    import razz_fast as rf
else:
    import razz_fast.reference as rf

rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
# Made before the cap: a Tables whose features() are then asked for.
small = rf.Tables(rules, [100] * 8, 1 << 16, seed=1, threads=1) if case == "features" else None


def vector_env():
    from razz_fast.env import RazzVectorEnv

    return RazzVectorEnv(num_envs=1 << 22, players=8)


calls = {
    "tables": lambda: rf.Tables(rules, [100] * 8, 1 << 20, seed=1, threads=1),
    "most_tables": lambda: rf.Tables(rules, [100] * 8, 1 << 22, seed=1, threads=1),
    "features": lambda: small.features(),
    "simulate_record": lambda: rf.simulate(
        1 << 17, players=8, record=1 << 17, seed=1, threads=1
    ),
    "match_record": lambda: rf.match(
        ["tight"] + ["check_call"] * 7, 1 << 17, players=8, record=1 << 17, seed=1, threads=1
    ),
    "vector_env": vector_env,
}
call = calls[case]
with open("/proc/self/status") as status:
    vm = next(int(line.split()[1]) for line in status if line.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (vm * 1024 + (room << 20), resource.RLIM_INFINITY))
try:
    call()
    result = "ran"
except MemoryError:
    # (Printed once the exception, and the frames its traceback holds with
    # what was built, are gone.)
    result = "MemoryError"
print(result)
# The process goes on: a small call still works.
print(len(rf.Tables(rules, [100, 100], 2, seed=1, threads=1).features()))
"""

# (case, headroom in MB): each needs far more than its headroom.
CORE_CASES = [
    ("tables", 256),  # about 1 GB of hands
    ("most_tables", 256),  # about 4 GB
    ("features", 16),  # a 49 MB array
    ("simulate_record", 256),  # about 860 MB of records
    ("match_record", 256),
    ("vector_env", 256),  # spaces of 2**22 rows, gigabytes
]


def run_child(impl, case, room):
    return subprocess.run(
        [sys.executable, "-c", CHILD, impl, case, str(room)],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, caps RLIMIT_AS")
@pytest.mark.parametrize(("case", "room"), CORE_CASES)
def test_core_sizes_memory_cannot_hold_are_a_memory_error(case, room):
    child = run_child("core", case, room)
    # A negative code is a signal (SIGABRT was the abort).
    assert child.returncode == 0, (child.returncode, child.stderr[-2000:])
    assert child.stdout.splitlines() == ["MemoryError", "2"], child.stderr[-2000:]
    assert "PanicException" not in child.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, caps RLIMIT_AS")
def test_reference_tables_memory_cannot_hold_are_a_memory_error():
    # Pure Python: its lists fail as MemoryErrors of their own; the same
    # call, the same exception.
    child = run_child("reference", "tables", 64)
    assert child.returncode == 0, (child.returncode, child.stderr[-2000:])
    assert child.stdout.splitlines() == ["MemoryError", "2"], child.stderr[-2000:]


def test_sizes_past_the_bounds_are_a_value_error_naming_them(impl):
    # Before anything is allocated: no machine holds these.
    rules = impl.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    with pytest.raises(ValueError, match="tables"):
        impl.Tables(rules, [100] * 8, (1 << 22) + 1)
    with pytest.raises(ValueError, match="record"):
        impl.simulate(10, players=2, record=(1 << 20) + 1, seed=1)


def test_a_vector_env_past_the_tables_bound_is_a_value_error():
    from razz_fast.env import RazzVectorEnv

    with pytest.raises(ValueError, match="num_envs"):
        RazzVectorEnv(num_envs=(1 << 22) + 1)
