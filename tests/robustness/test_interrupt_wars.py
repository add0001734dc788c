"""Ctrl-C inside the loops that can run long (issue 34): a raise war with no
cap in `simulate`, `match` and `Tables`, the `record=` phase, and a Python
strategy that does not return. Each case runs in a child process that
signals itself from a helper thread once the call is well under way and
prints how long the call took to raise `KeyboardInterrupt` after the
signal, read on the child's clock (no test reads the clock itself)."""

import pytest

from helpers import run_child

WAR = """
for name in rf.Rules.PRESETS:
    r = rules(name)
    war = dict(players=2, strategies="tight", rules=r, stacks=S, seed=1)
    print(name, "simulate", after_signal(lambda: rf.simulate(200, **war)), flush=True)
    war_match = dict(rules=r, stacks=S, seed=1)
    print(name, "match", after_signal(lambda: rf.match(["tight"] * 2, 200, **war_match)),
          flush=True)
    # Hands 0..79 are dealt by the constructor, hand 80 by the step.
    t = rf.Tables(r, [S, S], 80, seed=1, strategies=["tight", "tight"])
    zeros = np.zeros(80, dtype=np.int64)
    print(name, "Tables.step", after_signal(lambda: t.step(zeros)), flush=True)
    print(name, "Tables.step-again", after_signal(lambda: t.step(zeros)), flush=True)
    # 81 tables: the constructor deals hand 80.
    print(name, "Tables", after_signal(lambda: rf.Tables(r, [S, S], 81, seed=1,
          strategies=["tight", "tight"])), flush=True)
"""


IMPLS = ["razz_fast", "razz_fast.reference"]


@pytest.mark.parametrize("impl", IMPLS, ids=["core", "reference"])
def test_a_raise_war_stops_within_half_a_second_under_every_preset(impl):
    # (The reference is pure Python: Ctrl-C reaches it between two lines.)
    cases = run_child(WAR, impl)
    assert len(cases) == 5 * 5
    for case, seconds in cases:
        assert seconds < 0.5, case


TABLES_AFTER = """
r = rules("wsop_live")
t = rf.Tables(r, [S, S], 80, seed=1, strategies=["tight", "tight"])
zeros = np.zeros(80, dtype=np.int64)
print("step", after_signal(lambda: t.step(zeros)), flush=True)
# The step completed but for the wars' hands (hand 80, dealt at table 0
# when its hand 0 was counted, and a few more), which are paused: their
# tables show a built-in seat to act.
paused = t.actor != -1
assert t.hands_played == 80 and t.done.all()
assert paused[0] and paused.sum() < 10 and t.legal[paused].any(axis=1).all()
repr(t), t.features()
view = t.view(int(np.argmin(paused)), 0)
try:  # (a replay of the war so far, history and all, would be huge)
    t.view(0)
except RuntimeError as e:
    assert "table 0: Ctrl-C paused its hand" in str(e), e
else:
    sys.exit("a paused table's view")
# The next step plays the wars on (and is stopped again): the other
# tables' hands are counted.
print("again", after_signal(lambda: t.step(zeros)), flush=True)
assert t.hands_played == 80 + (~paused).sum()
assert t.done.tolist() == (~paused).tolist()
"""


@pytest.mark.parametrize("impl", IMPLS, ids=["core", "reference"])
def test_an_interrupted_step_leaves_the_tables_usable(impl):
    cases = run_child(TABLES_AFTER, impl)
    assert [case for case, _ in cases] == ["step", "again"]
    for case, seconds in cases:
        assert seconds < 0.5, case


RECORD = """
run = rf._core.SimRun(10**6, 6, "tight", None, 400, 1, None, False, 10**6)
print("record", after_signal(lambda: run.record_hands(0, 10**6), delay=0.2), flush=True)
run = rf._core.MatchRun(["tight", "check_call", "random"], 10**6, None, None, 400,
                        True, 1, None, False, 10**6, False)
print("match-record", after_signal(lambda: run.record_hands(10**6), delay=0.2), flush=True)
print("healthy", rf.simulate(2000, seed=1).hands, flush=True)
"""


def test_ctrl_c_stops_the_record_phase():
    # (It went on to the end of the phase, 5.1 s for 10**6 hands.)
    cases = dict(run_child(RECORD))
    assert cases["record"] < 0.5
    assert cases["match-record"] < 0.5
    assert cases["healthy"] == 2000


BUSY = """
def busy(view):
    while True:  # a strategy that never returns, in Python code
        pass
def busy_batch(batch):
    while True:
        pass
print("per-decision", after_signal(lambda: rf.simulate(10, players=2,
      strategies=[busy, "tight"], seed=1)), flush=True)
policy = rf.batch_policy(busy_batch)
print("batch", after_signal(lambda: rf.simulate(10, players=2,
      strategies=[policy, "tight"], seed=1)), flush=True)
print("match", after_signal(lambda: rf.match([busy, "tight"], 10, seed=1)), flush=True)
print("healthy", rf.simulate(2000, seed=1).hands, flush=True)
"""


def test_ctrl_c_reaches_a_strategy_stuck_in_python():
    # KeyboardInterrupt is raised in the strategy's own thread.
    cases = dict(run_child(BUSY))
    for case in ["per-decision", "batch", "match"]:
        assert cases[case] < 0.5, case
    assert cases["healthy"] == 2000


SLEEPER = """
calls = []
def sleeper(view):
    calls.append(1)
    time.sleep(2)  # blocked in C: Python cannot interrupt it
    return view.legal_actions()[-1]
print("sleep", after_signal(lambda: rf.simulate(10**6, players=2,
      strategies=[sleeper, "tight"], seed=1)), flush=True)
print("calls", len(calls), flush=True)
"""


def test_ctrl_c_returns_once_a_blocked_strategy_returns():
    # A strategy blocked in a C call (`time.sleep`) is not interrupted:
    # the run returns as soon as it returns, and asks nothing more of it
    # (it waited for the rest of the chunk's decisions, 29 s).
    cases = dict(run_child(SLEEPER))
    assert cases["sleep"] < 2.0 + 0.5
    assert cases["calls"] == 1


ENV = """
from razz_fast.env import RazzEnv
# The learner folds; the two "tight" seats then fight it out with no cap.
env = RazzEnv(players=3, opponents="tight", rules=rf.Rules().replace(cap=None), stacks=S)
env.reset(seed=1)
def fold_on():
    while True:
        if env.step(0)[2]:
            env.reset()
print("env", after_signal(fold_on), flush=True)
# The table is done with: a step says to reset, and reset deals anew.
try:
    env.step(0)
except ValueError as e:
    assert "reset()" in str(e), e
else:
    sys.exit("a step after Ctrl-C went on")
env.reset(seed=2)
print("healthy", 1, flush=True)
"""


def test_ctrl_c_stops_a_raise_war_in_the_single_environment():
    pytest.importorskip("gymnasium")
    cases = dict(run_child(ENV))
    assert cases["env"] < 0.5
    assert cases["healthy"] == 1


POLICY_WAR = """
# A policy that always raises (aggressive weight only) against itself,
# heads-up with no cap: a war as long as the stacks allow.
table = np.tile([0.0, 0.0, 1.0], (rf.Policy.INFOSETS, 1))
raiser = rf.Policy.from_table(table)
r = rf.Rules(1, 2, 4, 8, cap=None)
war = dict(players=2, strategies=raiser, rules=r, stacks=S, seed=1)
print("simulate", after_signal(lambda: rf.simulate(200, **war)), flush=True)
print("match", after_signal(lambda: rf.match([raiser, raiser], 200, rules=r, stacks=S)),
      flush=True)
# Every hand is a war: the constructor, dealing the first, is one.
print("Tables", after_signal(lambda: rf.Tables(r, [S, S], 2, seed=1,
      strategies=[raiser, raiser])), flush=True)
"""


@pytest.mark.parametrize("impl", IMPLS, ids=["core", "reference"])
def test_a_policy_raise_war_stops_within_half_a_second(impl):
    cases = run_child(POLICY_WAR, impl)
    assert [case for case, _ in cases] == ["simulate", "match", "Tables"]
    for case, seconds in cases:
        assert seconds < 0.5, case
