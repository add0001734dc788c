"""train: the core's regrets and strategy sums equal the reference
trainer's, bit for bit, after a few seeded iterations; one thread is
reproducible, a checkpoint resumes exactly where it stopped, Ctrl-C returns
the policy of the iterations done, and bad arguments or checkpoints are
clear errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import razz_fast as rf
import razz_fast.reference as ref
from helpers import run_child
from razz_fast import _core
from razz_fast.reference.train import train_tables


def _core_tables(iterations, rules, stacks, seed):
    run = _core.TrainRun(iterations, rules, stacks, "default", seed, 1, False, None)
    assert run.run(iterations) == iterations
    return run.tables()


def _same(core: np.ndarray, reference: dict[int, float]) -> None:
    nonzero = {int(i): float(core[i]) for i in np.flatnonzero(core)}
    assert nonzero == {i: v for i, v in reference.items() if v != 0.0}


RULES = {
    "stud": dict(ante=1, bring_in=2, small_bet=4, big_bet=8),
    "uncapped": dict(ante=1, bring_in=1, small_bet=2, big_bet=4, cap=None),
    "no ante": dict(),
}


@settings(max_examples=12, deadline=None)
@given(
    rules=st.sampled_from(sorted(RULES)),
    stacks=st.sampled_from([[5, 5], [12, 30], [40, 40]]),
    seed=st.integers(0, 2**64 - 1),
)
def test_the_core_trainer_equals_the_reference_after_a_few_iterations(rules, stacks, seed):
    iterations = 3
    regrets, sums = _core_tables(iterations, rf.Rules(**RULES[rules]), stacks, seed)
    ref_regrets, ref_sums = train_tables(
        iterations, rules=ref.Rules(**RULES[rules]), stacks=stacks, seed=seed
    )
    _same(regrets, ref_regrets)
    _same(sums, ref_sums)
    assert np.any(regrets != 0) or not ref_regrets


def test_one_thread_is_byte_identical_and_the_seed_matters():
    a = rf.train(3000, seed=4, threads=1)
    b = rf.train(3000, seed=4, threads=1)
    c = rf.train(3000, seed=5, threads=1)
    assert a.weights_bytes() == b.weights_bytes() and a == b
    assert a.weights_bytes() != c.weights_bytes()
    made = a.header["made"]
    assert (made["by"], made["iterations"], made["seed"]) == ("train", 3000, 4)
    assert a.players == 2 and a.rules == rf.Rules()
    # More threads: the same number of iterations, not the same numbers.
    d = rf.train(3000, seed=4, threads=2)
    assert d.header["made"]["iterations"] == 3000


def test_a_checkpoint_resumes_exactly_where_it_stopped(tmp_path):
    path = tmp_path / "run.cfr"
    straight = rf.train(5000, seed=9, threads=1)
    first = rf.train(2001, seed=9, threads=1, checkpoint=path)
    assert first.header["made"]["iterations"] == 2001
    resumed = rf.train(5000, seed=9, threads=1, checkpoint=path)
    assert resumed.weights_bytes() == straight.weights_bytes()
    # Asking for no more than it holds gives its policy back.
    again = rf.train(4000, seed=9, threads=1, checkpoint=path)
    assert again.weights_bytes() == resumed.weights_bytes()
    with pytest.raises(ValueError, match="its seed is 9, this one's 10"):
        rf.train(6000, seed=10, threads=1, checkpoint=path)
    with pytest.raises(ValueError, match="its stacks"):
        rf.train(6000, seed=9, stacks=77, threads=1, checkpoint=path)
    with pytest.raises(ValueError, match="its rules"):
        rf.train(6000, seed=9, rules=rf.Rules(cap=None), threads=1, checkpoint=path)
    data = path.read_bytes()
    for bad, message in (
        (b"not a checkpoint", "does not start with"),
        (data[:-8], "bytes of tables"),
        (data[:8] + (10**6).to_bytes(4, "little") + data[12:40], "runs past"),
    ):
        path.write_bytes(bad)
        with pytest.raises(ValueError, match=message):
            rf.train(6000, seed=9, threads=1, checkpoint=path)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (dict(iterations=0), ValueError, "iterations"),
        (dict(iterations=1.5), TypeError, "iterations"),
        (dict(rules="wsop"), TypeError, "rules"),
        (dict(stacks=[10, 10, 10]), ValueError, "stacks"),
        (dict(stacks=0), ValueError, "stack"),
        (dict(abstraction="fine"), ValueError, "unknown abstraction 'fine'"),
        (dict(abstraction=3), TypeError, "abstraction must be a name"),
        (dict(seed=-1), ValueError, "seed"),
        (dict(threads=0), ValueError, "threads"),
        (dict(progress="yes"), TypeError, "progress"),
        # The first bad argument is named, in signature order.
        (dict(iterations=0, seed=-1), ValueError, "iterations"),
        (dict(abstraction="fine", threads=0), ValueError, "abstraction"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs, error, message):
    kwargs = {"iterations": 10, **kwargs}
    with pytest.raises(error, match=message):
        rf.train(kwargs.pop("iterations"), **kwargs)


def test_the_progress_bar_counts_iterations(capsys):
    rf.train(4500, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "train" in err and "4.50k/4.50k" in err


TRAIN_INTERRUPTED = """
def trained():
    policy = rf.train(10**12, seed=1, threads=1)
    assert 0 < policy.header["made"]["iterations"] < 10**12, policy.header
    raise KeyboardInterrupt  # (train returned the policy of the iterations done)
print("train", after_signal(trained, delay=1.0), flush=True)
"""


def test_ctrl_c_returns_the_policy_of_the_iterations_done():
    cases = dict(run_child(TRAIN_INTERRUPTED))
    assert cases["train"] < 0.5


def test_the_command_line_trains_and_saves_a_policy(tmp_path, capsys):
    from razz_fast.cli import main

    out = tmp_path / "mine.pol"
    assert main(["train", "--iterations", "2000", "--out", str(out), "--seed", "3"]) == 0
    assert "2,000 iterations, seed 3" in capsys.readouterr().out
    policy = rf.Policy.load(out)
    assert policy.header["made"]["iterations"] == 2000
    assert policy.rules == rf.Rules.preset("pokerstars", 1, 2, 4, 8)
    same = rf.train(
        2000, rules=rf.Rules.preset("pokerstars", 1, 2, 4, 8), stacks=800, seed=3, threads=None
    )
    assert same.header["made"]["iterations"] == 2000
    ck = tmp_path / "ck"
    args = ["train", "--iterations", "10", "--out", str(out), "--checkpoint", str(out)]
    assert main(args) == 2
    assert "different files" in capsys.readouterr().err
    assert (
        main(["train", "--iterations", "500", "--out", str(out), "--json", "--checkpoint", str(ck)])
        == 0
    )
    record = json.loads(capsys.readouterr().out)
    assert record["iterations"] == 500 and record["by"] == "train"
    assert ck.exists()


def test_the_reference_train_gives_the_cores_policy():
    core = rf.train(3, rules=rf.Rules(1, 2, 4, 8), stacks=20, seed=5, threads=1)
    mirror = ref.train(3, rules=ref.Rules(1, 2, 4, 8), stacks=20, seed=5)
    assert core.weights_bytes() == mirror.weights_bytes()
    assert core.header["made"]["iterations"] == mirror.header["made"]["iterations"] == 3
    with pytest.raises(ValueError, match="no checkpoints"):
        ref.train(3, stacks=20, seed=5, checkpoint="x")


def test_the_reference_policy_reads_and_plays_the_cores_file(tmp_path):
    policy = rf.train(2000, seed=3, threads=1)
    path = tmp_path / "p.pol"
    policy.save(path)
    mirror = ref.Policy.load(path)
    assert mirror.weights_bytes() == policy.weights_bytes() and mirror.players == 2
    a = rf.simulate(200, players=2, strategies=[policy, "tight"], seed=2, record=200)
    b = ref.simulate(200, players=2, strategies=[mirror, "tight"], seed=2, record=200)
    assert [h.history for h in a.records] == [h.history for h in b.records]
    mirror.save(tmp_path / "q.pol")
    assert rf.Policy.load(tmp_path / "q.pol") == policy


def test_training_improves_the_policy_by_local_best_response():
    # One run, an early checkpoint and a late one: what a local best
    # response wins against the policy falls, with intervals apart.
    early = rf.train(1_000, seed=7, threads=1)
    late = rf.train(50_000, seed=7, threads=1)
    before = rf.exploitability(early, 10_000, seed=3)
    after = rf.exploitability(late, 10_000, seed=3)
    assert after.interval[1] < before.interval[0], (before, after)
    assert after.bb_per_100 > 0
