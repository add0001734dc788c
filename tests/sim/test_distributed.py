"""razz_fast.distributed (docs/DISTRIBUTED.md) on a real Dask LocalCluster of
two worker processes: simulate and equity (exact and sampled) give the local
functions' results bit for bit for any cut into tasks, a worker killed in the
middle of a run changes nothing, a completion seen twice counts once, Ctrl-C
cancels the outstanding tasks and stops the running ones, and without Dask the
module says how to get it.
"""

from __future__ import annotations

import _thread
import dataclasses
import logging
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest

import razz_fast

distributed = pytest.importorskip("distributed")
rfd = pytest.importorskip("razz_fast.distributed")

# Third street, three-way, with the high ranks dead so that the exact
# enumeration takes a fraction of a second (the full spot is in the bench).
THREE_WAY = (
    ["As 2d 3c", "4h 5h 6s", "7c 8d 9h"],
    "Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks",
)
EIGHT_SHARING = (
    [
        "Ac Ad 2c 2d 3c",
        "Ah As 2h 2s 3h",
        "4c 4d 5c 5d 6c",
        "4h 4s 5h 5s 6h",
        "7c 7d 8c 8d 9c",
        "7h 7s 8h 8s 9h",
        "Tc Td Jc Jd Qc",
        "Th Ts Jh Js Qh",
    ],
    "Kc Kd",
)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def same(result):
    """A simulation result without its timing."""
    return dataclasses.replace(result, elapsed=0.0)


def first_legal(hand):
    return hand.legal_actions()[0]


@razz_fast.batch_policy
def batch_first(batch):
    """The first legal action of every row (as first_legal, for a batch)."""
    return batch.legal.argmax(axis=1)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(hands=50_000, strategies=["tight", "random", "check_call"] * 2, seed=3),
        dict(
            hands=20_000,
            players=3,
            strategies="random",
            rules=razz_fast.Rules(1, 2, 4, 8, cap=None, burn_cards=True, odd_chip="low_card"),
            stacks=[30, 500, 9],
            seed=2**64 - 1,
        ),
        dict(hands=3_001, players=2, strategies=["tight", first_legal], seed=11),
        dict(
            hands=5_000, players=4, strategies=[batch_first, "tight", "random", batch_first], seed=5
        ),
    ],
    ids=["six-mixed", "short-stacks-rules", "python-strategy", "batch-policy"],
)
@pytest.mark.parametrize("chunks_per_task", [None, 1, 5])
def test_simulate_is_the_local_run(client, kwargs, chunks_per_task):
    kwargs = dict(kwargs)
    hands = kwargs.pop("hands")
    local = razz_fast.simulate(hands, **kwargs)
    remote = rfd.simulate(hands, client=client, chunks_per_task=chunks_per_task, **kwargs)
    assert same(remote) == same(local)


@pytest.mark.parametrize("chunks_per_task", [None, 1])
@pytest.mark.parametrize("adjust_luck", [False, True])
def test_match_is_the_local_run(client, chunks_per_task, adjust_luck):
    seating = ["tight", first_legal, "random", batch_first]
    hands = 3_000 if adjust_luck else 9_000
    local = razz_fast.match(seating, hands, seed=6, adjust_luck=adjust_luck)
    remote = rfd.match(seating, hands, seed=6, client=client, chunks_per_task=chunks_per_task,
                       adjust_luck=adjust_luck)  # fmt: skip
    for name in ("strategies", "net", "stderr", "deals", "hands", "seat_hands", "luck",
                 "bb_per_100", "adjust_luck"):  # fmt: skip
        assert getattr(remote, name) == getattr(local, name), name


def test_simulate_uses_the_current_client_and_draws_a_seed(client):
    remote = rfd.simulate(5_000, players=4, strategies="tight")
    assert same(remote) == same(
        razz_fast.simulate(5_000, players=4, strategies="tight", seed=remote.seed)
    )


@pytest.mark.parametrize("chunks_per_task", [None, 5, 10**9])
def test_exact_three_way_third_street_is_the_local_run(client, chunks_per_task):
    hands, dead = THREE_WAY
    local = razz_fast.equity(hands, dead, exact=True)
    remote = rfd.equity(hands, dead, exact=True, client=client, chunks_per_task=chunks_per_task)
    assert remote == local
    assert remote.exact and remote.trials == local.trials


@pytest.mark.parametrize(
    ("spot", "chunks_per_task"),
    [
        ((["As 2d 3c", "Ks Qd Jc"], ""), 100),
        (EIGHT_SHARING, 1),
        ((["As 2d 3c 4h 5s 6d", "7h"], "8s"), 1),
    ],
    ids=["heads-up-third", "eight-community", "one-up-card"],
)
def test_exact_spots_are_the_local_run(client, spot, chunks_per_task):
    hands, dead = spot
    local = razz_fast.equity(hands, dead)
    assert local.exact
    assert rfd.equity(hands, dead, client=client, chunks_per_task=chunks_per_task) == local
    assert rfd.equity(hands, dead, client=client) == local


@pytest.mark.parametrize("chunks_per_task", [None, 1, 4])
def test_sampled_equity_is_the_local_run(client, chunks_per_task):
    hands, dead = THREE_WAY
    for trials in (1, 4096, 50_001):
        local = razz_fast.equity(hands, dead, exact=False, trials=trials, seed=5)
        remote = rfd.equity(
            hands,
            dead,
            exact=False,
            trials=trials,
            seed=5,
            client=client,
            chunks_per_task=chunks_per_task,
        )
        assert remote == local


def test_exact_none_decides_as_the_local_run(client):
    hands = ["As 2d 3c", "4h 5h 6s", "7c 8d 9h"]
    local = razz_fast.equity(hands, seed=8, trials=20_000)
    remote = rfd.equity(hands, seed=8, trials=20_000, client=client)
    assert not local.exact
    assert remote == local


def test_progress_bar_counts_every_hand(client, capsys):
    rfd.simulate(10_240, seed=1, progress=True, chunks_per_task=2, client=client)
    err = capsys.readouterr().err
    assert "simulate" in err and "100%" in err and "10.2k/10.2k" in err
    rfd.equity(*THREE_WAY, exact=False, trials=9_000, seed=1, progress=True, client=client)
    err = capsys.readouterr().err
    assert "equity" in err and "100%" in err and "9.00k/9.00k" in err


def test_a_completion_seen_twice_counts_once(client, monkeypatch):
    real = rfd.as_completed

    def twice(futures, **kwargs):
        for item in real(futures, **kwargs):
            yield item
            yield item

    monkeypatch.setattr(rfd, "as_completed", twice)
    local = razz_fast.simulate(20_000, seed=4)
    assert same(rfd.simulate(20_000, seed=4, chunks_per_task=3, client=client)) == same(local)
    hands, dead = THREE_WAY
    assert rfd.equity(hands, dead, exact=True, chunks_per_task=50, client=client) == (
        razz_fast.equity(hands, dead, exact=True)
    )


class _Enough(Exception):
    pass


@pytest.mark.parametrize("run", ["simulate", "equity"])
def test_a_run_of_2_63_units_submits_a_few_batches_at_a_time(client, monkeypatch, run):
    # Listing every task of such a run up front (10**12 and more) used to
    # exhaust the client's memory before the first task started.
    real = rfd.as_completed
    submitted = []

    def stop_at_the_first_result(futures, **kwargs):
        yield from ()  # a generator, as as_completed is
        next(real(futures, **kwargs))
        prefix = f"razz-{run}"
        submitted.append(client.run_on_scheduler(_run_tasks_on_scheduler, prefix=prefix))
        raise _Enough

    monkeypatch.setattr(rfd, "TASKS_AT_ONCE", 50)
    monkeypatch.setattr(rfd, "as_completed", stop_at_the_first_result)
    with pytest.raises(_Enough):
        if run == "simulate":
            rfd.simulate(2**63 - 1, seed=1, chunks_per_task=1, client=client)
        else:
            rfd.equity(*THREE_WAY, trials=2**63 - 1, seed=1, chunks_per_task=1, client=client)
    assert 0 < submitted[0] <= 2 * 50


def test_a_run_in_several_batches_is_the_local_run(client, monkeypatch):
    monkeypatch.setattr(rfd, "TASKS_AT_ONCE", 3)
    local = razz_fast.simulate(20_000, seed=5)  # 20 chunks: 7 batches of tasks
    assert same(rfd.simulate(20_000, seed=5, chunks_per_task=1, client=client)) == same(local)
    hands, dead = THREE_WAY
    local = razz_fast.equity(hands, dead, trials=50_000, seed=5)
    assert rfd.equity(hands, dead, trials=50_000, seed=5, chunks_per_task=2, client=client) == local


def test_errors_in_tasks_propagate_and_arguments_are_checked_first(client):
    def boom(hand):
        raise ValueError("boom from a strategy")

    with pytest.raises(ValueError, match="boom from a strategy"):
        rfd.simulate(5_000, strategies=boom, seed=1, chunks_per_task=1, client=client)
    with pytest.raises(ValueError, match="players"):
        rfd.simulate(10, players=9, client=client)
    with pytest.raises(TypeError, match="client"):
        rfd.simulate(10, client="tcp://127.0.0.1:8786")
    with pytest.raises(TypeError, match="chunks_per_task"):
        rfd.simulate(10, client=client, chunks_per_task=1.5)
    with pytest.raises(ValueError, match="chunks_per_task"):
        rfd.equity(["As", "Ks"], client=client, chunks_per_task=0)
    with pytest.raises(TypeError, match="progress"):
        rfd.equity(["As", "Ks"], client=client, progress=1)
    with pytest.raises(ValueError, match="not enough unseen cards"):
        rfd.equity([""] * 8, "".join(f"{r}{s}" for r in "A23456789T" for s in "cdhs"))


def test_rules_pickle():
    rules = razz_fast.Rules(1, 2, 4, 8, cap=None, heads_up="before_cap", odd_chip="low_card")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(rules, protocol)) == rules
    # Every setting travels, the presets' ones included.
    for name in razz_fast.Rules.PRESETS:
        preset = razz_fast.Rules.preset(name, 25, 50, 200, 400)
        copy = pickle.loads(pickle.dumps(preset))
        assert copy == preset and repr(copy) == repr(preset)


def _run_tasks_on_scheduler(dask_scheduler, prefix):
    return sum(1 for key in dask_scheduler.tasks if str(key).startswith(prefix))


def _finished_on_scheduler(dask_scheduler, prefix):
    return sum(
        1
        for key, task in dask_scheduler.tasks.items()
        if str(key).startswith(prefix) and task.state == "memory"
    )


def test_a_worker_killed_mid_run_changes_nothing(client):
    hands, per_task = 1_500_000, 4  # about 370 tasks of 4,096 hands
    tasks = -(-hands // (razz_fast._core.CHUNK * per_task))
    outcome: dict = {}

    def run():
        try:
            outcome["result"] = rfd.simulate(
                hands, strategies="tight", seed=99, chunks_per_task=per_task, client=client
            )
        except BaseException as error:  # reported below
            outcome["error"] = error

    pids = client.run(os.getpid)
    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + 60
    done = 0
    while done < 20 and time.monotonic() < deadline:
        time.sleep(0.02)
        done = client.run_on_scheduler(_finished_on_scheduler, prefix="razz-simulate")
    running_at_kill = thread.is_alive()
    _, pid = sorted(pids.items())[0]
    os.kill(pid, signal.SIGKILL)
    thread.join(timeout=120)
    assert not thread.is_alive()
    assert "error" not in outcome, outcome.get("error")
    # Results the dead worker held are lost too, and computed again.
    assert running_at_kill and 20 <= done < tasks, "the kill missed the middle of the run"
    assert same(outcome["result"]) == same(razz_fast.simulate(hands, strategies="tight", seed=99))
    client.wait_for_workers(2, timeout=60)
    assert pid not in client.run(os.getpid).values()


class _CtrlC:
    """Ctrl-C (``interrupt_main``) once ``ready()`` returns, then again every
    five seconds until the ``with`` block ends (longer than the run's own
    cleanup takes, which a second one would cut short): an interrupt that lands while
    Python runs a finalizer is printed as ignored and lost, as a real Ctrl-C
    can be, and a user would press again. A last one still in flight as
    the block ends is absorbed there, not raised in the test after it."""

    def __init__(self, ready: Callable[[], object]) -> None:
        self._ready, self._done = ready, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self._ready()
        while not self._done.is_set():
            _thread.interrupt_main()
            self._done.wait(5.0)

    def __enter__(self) -> None:
        self._thread.start()

    def __exit__(self, *exc: object) -> None:
        while True:
            try:
                self._done.set()
                self._thread.join()
                time.sleep(0.01)  # lets an interrupt still pending land here
                break
            except KeyboardInterrupt:
                continue


def test_ctrl_c_cancels_the_outstanding_tasks(client):
    with _CtrlC(lambda: time.sleep(1.0)), pytest.raises(KeyboardInterrupt):
        rfd.simulate(10**8, seed=1, chunks_per_task=64, client=client)
    deadline = time.monotonic() + 20
    left = 1
    while left and time.monotonic() < deadline:
        left = client.run_on_scheduler(_run_tasks_on_scheduler, prefix="razz-simulate")
        time.sleep(0.05)
    assert left == 0, f"{left} tasks still on the scheduler"


def test_without_a_client_the_error_says_what_to_do():
    code = (
        "import razz_fast.distributed as rfd\n"
        "try:\n"
        "    rfd.simulate(10, seed=1)\n"
        "except ValueError as error:\n"
        "    print('ValueError:', error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "ValueError: no Dask client" in done.stdout, done.stderr


BLOCK_DASK = """
import importlib.abc, sys

class NoDask(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("dask", "distributed"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoDask())
import razz_fast
print("hands", razz_fast.simulate(1000, seed=1).hands)
print("dask imported", "dask" in sys.modules or "distributed" in sys.modules)
try:
    import razz_fast.distributed
except ImportError as error:
    print("ImportError:", error)
"""


def test_without_dask_razz_fast_imports_and_distributed_says_how_to_install():
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_DASK], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "hands 1000" in done.stdout
    assert "dask imported False" in done.stdout
    assert "ImportError:" in done.stdout
    assert "pip install 'razz-fast[dask]'" in done.stdout


# -- issue 20: edges of a run on a cluster -----------------------------------


def _within(seconds, call):
    """``call()``'s result or exception, run on a thread that must finish
    within ``seconds`` (a hang fails the test instead of the test run)."""
    outcome: dict = {}

    def run():
        try:
            outcome["result"] = call()
        except BaseException as error:  # reported to the test
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    return outcome


def test_a_strategy_the_workers_cannot_import_is_refused_first(client, tmp_path, monkeypatch):
    (tmp_path / "client_only_bot.py").write_text(
        "def bot(hand):\n    return hand.legal_actions()[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import client_only_bot

    submitted = []
    monkeypatch.setattr(client, "map", lambda *a, **k: submitted.append(a) or [])
    outcome = _within(
        60, lambda: rfd.simulate(2_000, strategies=client_only_bot.bot, seed=1, client=client)
    )
    error = outcome.get("error")
    assert isinstance(error, ValueError), outcome
    assert "client_only_bot" in str(error) and "importable on the workers" in str(error)
    assert submitted == []


@pytest.mark.parametrize("exit_error", [SystemExit(3), KeyboardInterrupt()])
def test_an_exit_in_a_strategy_reaches_the_caller_as_itself(client, exit_error):
    def leaving(hand):
        raise exit_error

    outcome = _within(60, lambda: rfd.simulate(2_000, strategies=leaving, seed=1, client=client))
    assert type(outcome.get("error")) is type(exit_error), outcome
    if isinstance(exit_error, SystemExit):
        assert outcome["error"].code == 3
    # The workers are still there and usable.
    assert len(client.run(os.getpid)) == 2
    assert same(rfd.simulate(2_000, seed=1, client=client)) == same(
        razz_fast.simulate(2_000, seed=1)
    )


def test_zero_workers_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(rfd, "WORKER_WAIT", 0.5, raising=False)
    cluster = distributed.LocalCluster(
        n_workers=0, processes=False, dashboard_address=":0", silence_logs=logging.ERROR
    )
    with distributed.Client(cluster, set_as_default=False) as empty:
        for call in (
            lambda: rfd.simulate(2_000, seed=1, client=empty),
            lambda: rfd.equity(["As", "Ks"], client=empty),
        ):
            outcome = _within(30, call)
            error = outcome.get("error")
            assert isinstance(error, RuntimeError), outcome
            assert "no workers" in str(error)
    cluster.close()


def _tiny():
    return 1


def test_ctrl_c_on_an_exact_equity_frees_the_cluster_at_once(client):
    # Eight players on third street, exact: hours of work in every task.
    hands = ["As 2s 3s", "4s 5s 6s", "7s 8s 9s", "Ts Js Qs", "Ks Ah 2h", "3h 4h 5h", "6h 7h 8h",
             "9h Th Jh"]  # fmt: skip
    with _CtrlC(lambda: time.sleep(2.0)), pytest.raises(KeyboardInterrupt):
        rfd.equity(hands, exact=True, chunks_per_task=1, client=client)
    # Both workers' single threads are free again: a task on each runs now.
    futures = [client.submit(_tiny, pure=False, workers=[w]) for w in client.nthreads()]
    outcome = _within(15, lambda: client.gather(futures))
    assert outcome.get("result") == [1, 1], outcome


def _gated(scheduler, log, started, release):
    """A strategy that plays the first legal action once the test sets the
    Dask Event ``release``, after setting ``started`` on its first call, and
    appends a byte to ``log`` per decision (the workers share the disk).
    It runs on the core's thread, not the task's, where Dask finds no
    client by itself: it opens its own to ``scheduler`` once."""
    clients: list = []

    def gated(hand):
        if not clients:
            clients.append(distributed.Client(scheduler, set_as_default=False))
            distributed.Event(started, client=clients[0]).set()
        distributed.Event(release, client=clients[0]).wait()
        with open(log, "ab") as out:
            out.write(b".")
        return hand.legal_actions()[0]

    return gated


@pytest.mark.parametrize("kind", ["simulate", "match"])
def test_ctrl_c_stops_the_running_simulate_and_match_tasks(client, tmp_path, kind):
    # Each task plays 2 chunks (2,048 hands or deals), each hand with at
    # least one decision of the gated strategy: run to the end of their
    # range, the two running tasks would make at least 4,096 decisions.
    per_task = 2 * razz_fast._core.CHUNK
    log, names = tmp_path / "decisions", [f"{kind}-{n}-{os.getpid()}" for n in ("on", "go")]
    started, release = names
    gated = _gated(client.scheduler.address, str(log), started, release)
    run = {
        "simulate": lambda: rfd.simulate(8 * per_task, players=2, strategies=gated, seed=1,
                                         chunks_per_task=2, client=client),
        "match": lambda: rfd.match([gated, "check_call"], 16 * per_task, seed=1,
                                   chunks_per_task=2, client=client),
    }[kind]  # fmt: skip

    once_a_task_plays = distributed.Event(started, client=client).wait
    with _CtrlC(once_a_task_plays), pytest.raises(KeyboardInterrupt):
        run()
    # The run's stop flag is set; now let the running tasks' strategies go on.
    distributed.Event(release, client=client).set()
    futures = [client.submit(_tiny, pure=False, workers=[w]) for w in client.nthreads()]
    outcome = _within(120, lambda: client.gather(futures))
    assert outcome.get("result") == [1, 1], outcome
    # The workers are free because their tasks stopped early, not because
    # they finished: fewer decisions than one task's range has hands.
    decisions = log.stat().st_size
    assert 0 < decisions < per_task, decisions


def test_a_policy_runs_on_the_cluster_as_locally(client):
    # The policy pickles (its weights and header) and the workers play it.
    import numpy as np

    table = np.random.default_rng(3).random((razz_fast.Policy.INFOSETS, 3))
    policy = razz_fast.Policy.from_table(table)
    local = razz_fast.simulate(20_000, players=2, strategies=[policy, "tight"], seed=8)
    remote = rfd.simulate(20_000, players=2, strategies=[policy, "tight"], seed=8, client=client,
                          chunks_per_task=1)  # fmt: skip
    assert same(remote) == same(local)
    duel = razz_fast.match([policy, "random"], 4_000, seed=2)
    assert rfd.match([policy, "random"], 4_000, seed=2, client=client).net == duel.net
