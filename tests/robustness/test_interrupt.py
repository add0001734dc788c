"""Ctrl-C stops a long simulate() or equity() with KeyboardInterrupt and
leaves the interpreter usable; the command line turns it into exit status
130."""

import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import sys, razz_fast
print("started", flush=True)
try:
    razz_fast.simulate(10**12, seed=1)
except KeyboardInterrupt:
    print("interrupted", flush=True)
result = razz_fast.simulate(2000, seed=1)
print("healthy", result.hands, sum(result.net), flush=True)
"""


def interrupt(command: list[str]) -> subprocess.CompletedProcess:
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    if command[1] == "-c":
        assert proc.stdout.readline().strip() == "started"
    time.sleep(2.0)  # let the run get going inside the core
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)  # a hang fails here
    except subprocess.TimeoutExpired:
        proc.kill()  # not left running (and loading the machine) after the test
        proc.communicate()
        raise
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def test_ctrl_c_interrupts_simulate_and_python_goes_on():
    done = interrupt([sys.executable, "-c", SCRIPT])
    assert done.returncode == 0, done.stderr
    assert "interrupted" in done.stdout
    assert "healthy 2000 0" in done.stdout


def test_ctrl_c_in_the_command_line():
    command = [sys.executable, "-m", "razz_fast", "simulate", "--hands", str(10**12)]
    done = interrupt(command + ["--no-progress"])
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr


EQUITY_SCRIPT = """
import razz_fast
print("started", flush=True)
try:
    razz_fast.equity({call})
except KeyboardInterrupt:
    print("interrupted", flush=True)
result = razz_fast.equity(["As 2d 3c 4h", "Ks Kd Qc Jh"])  # exact: heads-up
print("healthy", result.exact, round(sum(result.equity), 9), flush=True)
result = razz_fast.equity(["As 2d 3c", "4h 5h 6s", "7c 8c 9c"], trials=300_000, seed=1)
print("healthy", result.exact, round(sum(result.equity), 9), flush=True)
"""


@pytest.mark.parametrize(
    "call",
    [
        # Three players and nothing known, enumerated: hours of work.
        "[[], [], []], exact=True, threads=1",
        # Four: each of the second player's multisets is a walk of half a
        # second over the others' (Ctrl-C was once noticed only between
        # the first player's, minutes apart).
        "[[], [], [], []], exact=True, threads=1",
        # 10^15 samples: once stopped, the run must not walk its 10^11
        # chunks (it once did, for hours).
        '["As", "", "", ""], exact=False, trials=10**15, seed=1, threads=1',
    ],
    ids=["exact", "exact-four", "sampled"],
)
def test_ctrl_c_interrupts_equity_and_python_goes_on(call):
    # (A run that ignored the signal would go on for hours: interrupt()'s
    # timeout fails it.)
    done = interrupt([sys.executable, "-c", EQUITY_SCRIPT.format(call=call)])
    assert done.returncode == 0, done.stderr
    assert "interrupted" in done.stdout
    assert "healthy True 1.0" in done.stdout
    assert "healthy False 1.0" in done.stdout


SLOW_STRATEGY_SCRIPT = """
import time, razz_fast
def thinker(view):
    time.sleep(0.5)
    return view.legal_actions()[-1]
print("started", flush=True)
try:
    razz_fast.simulate(10**6, players=2, strategies=[thinker, "tight"], seed=1)
except KeyboardInterrupt:
    print("interrupted", flush=True)
result = razz_fast.simulate(2000, seed=1)
print("healthy", result.hands, sum(result.net), flush=True)
"""


def test_ctrl_c_stops_a_slow_python_strategy_between_decisions():
    # A strategy that thinks half a second a decision: the run stops after
    # the decision under way (a whole chunk would take hours).
    done = interrupt([sys.executable, "-c", SLOW_STRATEGY_SCRIPT])
    assert done.returncode == 0, done.stderr
    assert "interrupted" in done.stdout
    assert "healthy 2000 0" in done.stdout


BATCH_SCRIPT = """
import time, numpy as np, razz_fast
@razz_fast.batch_policy
def slow(batch):
    time.sleep(0.2)
    return np.argmax(batch.legal, axis=1)
print("started", flush=True)
try:
    razz_fast.simulate(10**9, players=6, strategies=slow, seed=1)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_ctrl_c_stops_a_batch_policy_run():
    done = interrupt([sys.executable, "-c", BATCH_SCRIPT])
    assert done.returncode == 0, done.stderr
    assert "interrupted" in done.stdout
