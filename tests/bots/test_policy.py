"""Policy: the core's information sets and probabilities equal the
reference's on every decision; a policy plays as the reference plays it,
exactly as the built-in whose probabilities it holds, the same for any
thread count, in every place a strategy is taken; its file round-trips and
every bad file or argument is a clear error."""

from __future__ import annotations

import pickle
import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import razz_fast as rf
import razz_fast.reference as ref
from razz_fast import _policy_file as policy_file
from razz_fast.reference import abstraction
from razz_fast.reference import policy as ref_policy

INFOSETS = rf.Policy.INFOSETS


def _table(seed: int, zeros: float = 0.2) -> np.ndarray:
    """Random slot probabilities, some rows with a zero slot or all zeros."""
    rng = np.random.default_rng(seed)
    table = rng.random((INFOSETS, 3))
    table[rng.random(INFOSETS) < zeros, 0] = 0
    table[rng.random(INFOSETS) < zeros / 4] = 0
    return table


@pytest.fixture(scope="module")
def policy() -> rf.Policy:
    return rf.Policy.from_table(_table(1))


@pytest.fixture(scope="module")
def policy3() -> rf.Policy:
    return rf.Policy.from_table(_table(2), players=3)


def test_the_reference_abstraction_has_the_cores_size():
    assert abstraction.INFOSETS == INFOSETS == rf._core.INFOSETS
    assert (abstraction.NAME, abstraction.VERSION) == (rf.Policy.ABSTRACTION, 1)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**64 - 1),
    stacks=st.sampled_from([6, 25, 200]),
    choices=st.lists(st.integers(0, 6), min_size=60, max_size=60),
)
def test_every_decision_has_the_same_infoset_and_probabilities_in_core_and_reference(
    policy, players, seed, stacks, choices
):
    rules = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    core = rf.Hand(rules, [stacks] * players, seed=seed)
    mirror = ref.Hand(
        ref.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8), [stacks] * players, seed=seed
    )
    for choice in choices:
        if core.is_over:
            break
        view, ref_view = core.view(), mirror.view()
        index = rf.Policy.infoset(view)
        assert 0 <= index < INFOSETS
        assert index == abstraction.infoset(ref_view)
        if players == 2:
            probabilities = policy.probabilities(view)
            assert probabilities == ref_policy.probabilities(policy, ref_view)
            assert set(probabilities) == set(view.legal_actions())
            assert sum(probabilities.values()) == pytest.approx(1.0)
        legal = core.legal_actions()
        action = legal[choice % len(legal)]
        core.act(action)
        mirror.act(action)


def test_a_view_of_a_seat_not_to_act_has_no_information_set(policy):
    hand = rf.Hand(rf.Rules(), [50, 50], seed=3)
    other = 1 - hand.actor
    with pytest.raises(ValueError, match="not to act"):
        policy.probabilities(hand.view(other))
    with pytest.raises(ValueError, match="not to act"):
        rf.Policy.infoset(hand.view(other))
    with pytest.raises(ValueError, match="not to act"):
        abstraction.infoset(ref.Hand(ref.Rules(), [50, 50], seed=3).view(other))


@pytest.mark.parametrize("players", [2, 3])
def test_simulate_plays_a_policy_as_the_reference_does(policy, policy3, players):
    mine = policy if players == 2 else policy3
    seats = [mine, "tight", "random"][:players]
    core = rf.simulate(400, players=players, strategies=seats, seed=11, record=400)
    reference = ref.simulate(400, players=players, strategies=seats, seed=11, record=400)
    assert core.net == reference.net
    assert [h.history for h in core.records] == [h.history for h in reference.records]


def test_a_uniform_policy_is_random_and_a_pure_call_policy_is_check_call():
    uniform = rf.Policy.from_table(np.ones((INFOSETS, 3)))
    calls = rf.Policy.from_table(np.tile([0.0, 1.0, 0.0], (INFOSETS, 1)))
    for mine, builtin in ((uniform, "random"), (calls, "check_call")):
        for other in ("random", "tight"):
            a = rf.simulate(3000, players=2, strategies=[mine, other], seed=5, record=50)
            b = rf.simulate(3000, players=2, strategies=[builtin, other], seed=5, record=50)
            assert (a.net, a.showdowns) == (b.net, b.showdowns)
            assert [h.history for h in a.records] == [h.history for h in b.records]
        m = rf.match([mine, "tight"], 2000, seed=3)
        n = rf.match([builtin, "tight"], 2000, seed=3)
        assert m.net == n.net


def test_a_policy_gives_the_same_result_for_any_thread_count(policy):
    runs = [
        rf.simulate(5000, players=2, strategies=[policy, "tight"], seed=9, threads=t)
        for t in (1, 2, 3)
    ]
    assert runs[0].net == runs[1].net == runs[2].net
    assert runs[0] == runs[1] == runs[2]  # (every figure but the elapsed time)


def test_a_policy_plays_in_tables_and_the_environments(policy):
    from razz_fast.env import RazzEnv, RazzVectorEnv

    core = rf.Tables(rf.Rules(), [50, 50], 4, seed=2, strategies=[policy, None])
    mirror = ref.Tables(ref.Rules(), [50, 50], 4, seed=2, strategies=[policy, None])
    for _ in range(40):
        assert (core.actor == mirror.actor).all()
        actions = np.where(core.legal[:, rf.Action.CALL], rf.Action.CALL, rf.Action.CHECK)
        actions = np.where(core.legal[:, rf.Action.BRING_IN], rf.Action.BRING_IN, actions)
        core.step(actions)
        mirror.step(actions)
    np.testing.assert_array_equal(core.payoffs, mirror.payoffs)
    env = RazzEnv(players=2, opponents=policy)
    env.reset(seed=1)
    vector = RazzVectorEnv(num_envs=3, players=2, opponents=[policy])
    vector.reset(seed=1)
    for _ in range(20):
        env.step(1)
        vector.step(np.ones(3, dtype=np.int64))


def test_a_policy_for_other_players_is_refused_everywhere(policy):
    from razz_fast.env import RazzEnv

    message = "the policy is for 2 players, the table has 3"
    with pytest.raises(ValueError, match=message):
        rf.simulate(10, players=3, strategies=policy)
    with pytest.raises(ValueError, match=message):
        ref.simulate(10, players=3, strategies=policy)
    with pytest.raises(ValueError, match=message):
        rf.match([policy, "tight", "random"], 10)
    with pytest.raises(ValueError, match=message):
        rf.Tables(rf.Rules(), [50] * 3, 2, strategies=[policy, None, None])
    with pytest.raises(ValueError, match=message):
        RazzEnv(players=3, opponents=policy)


def test_a_policy_pickles_saves_and_loads_equal(policy, tmp_path):
    again = pickle.loads(pickle.dumps(policy))
    assert again == policy and again.header == policy.header
    path = tmp_path / "p.pol"
    policy.save(path)
    loaded = rf.Policy.load(path)
    assert loaded == policy
    assert loaded.players == 2 and loaded.infosets == INFOSETS and loaded.abstraction == "default"
    assert loaded.rules == rf.Rules()
    np.testing.assert_array_equal(loaded.weights(), policy.weights())
    assert policy.weights().sum(axis=1).max() <= 65535 + 1
    a = rf.simulate(2000, players=2, strategies=[loaded, "tight"], seed=4)
    b = rf.simulate(2000, players=2, strategies=[policy, "tight"], seed=4)
    assert a.net == b.net
    assert "2 players" in repr(policy) and "from_table" in repr(policy)
    made = rf.Policy.from_table(
        _table(1), iterations=10, seed=3, by="train", rules=rf.Rules(cap=None)
    )
    assert "10 iterations, seed 3" in repr(made)
    assert made.rules == rf.Rules(cap=None)


def _file(policy: rf.Policy, tmp_path, name: str, edit) -> str:
    header = policy.header
    weights = policy.weights_bytes()
    header, weights, raw = edit(header, weights)
    path = tmp_path / name
    if raw is None:
        text = __import__("json").dumps(header).encode()
        raw = M + struct.pack("<I", len(text)) + text + weights
    path.write_bytes(raw)
    return str(path)


M = policy_file.MAGIC

BAD_FILES = {
    "magic": (lambda h, w: (h, w, b"PK\x03\x04 not a policy"), "does not start with"),
    "short": (lambda h, w: (h, w, M + b"\x01"), "before the header"),
    "length": (
        lambda h, w: (h, w, M + struct.pack("<I", 10**6) + b"{}"),
        "runs past",
    ),
    "json": (lambda h, w: (h, w, M + struct.pack("<I", 3) + b"{x}"), "not JSON"),
    "list": (
        lambda h, w: (h, w, M + struct.pack("<I", 2) + b"[]"),
        "not a JSON object",
    ),
    "missing": (lambda h, w: ({k: v for k, v in h.items() if k != "made"}, w, None), "lacks made"),
    "format": (lambda h, w: ({**h, "format": 2}, w, None), "format 2"),
    "version": (lambda h, w: ({**h, "abstraction_version": 7}, w, None), "version 7"),
    "name": (lambda h, w: ({**h, "abstraction": "other"}, w, None), "'other'"),
    "infosets": (lambda h, w: ({**h, "infosets": 5}, w[:30], None), "5 information sets"),
    "truncated": (lambda h, w: (h, w[:-2], None), "bytes of weights"),
    "players": (lambda h, w: ({**h, "players": 9}, w, None), "2 to 8 players"),
    "players type": (lambda h, w: ({**h, "players": "2"}, w, None), "players must be an integer"),
    "rules": (lambda h, w: ({**h, "rules": {"ante": -1}}, w, None), "not valid Rules"),
    "made": (lambda h, w: ({**h, "made": {"by": "magic"}}, w, None), "made must say"),
}


@pytest.mark.parametrize("case", BAD_FILES)
def test_a_bad_policy_file_is_a_clear_error_naming_it(policy, tmp_path, case):
    edit, message = BAD_FILES[case]
    path = _file(policy, tmp_path, "bad.pol", edit)
    with pytest.raises(ValueError, match=message) as caught:
        rf.Policy.load(path)
    if case not in ("players",):
        assert "bad.pol" in str(caught.value)


def test_bad_tables_and_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="shape"):
        rf.Policy.from_table(np.ones((10, 3)))
    bad = np.ones((INFOSETS, 3))
    bad[7, 1] = -1
    with pytest.raises(ValueError, match="row 7"):
        rf.Policy.from_table(bad)
    bad[7, 1] = np.nan
    with pytest.raises(ValueError, match="row 7"):
        rf.Policy.from_table(bad)
    with pytest.raises(ValueError, match="by must be"):
        rf.Policy.from_table(np.ones((INFOSETS, 3)), by="hand")
    with pytest.raises(ValueError, match="2 to 8 players"):
        rf.Policy.from_table(np.ones((INFOSETS, 3)), players=1)
    with pytest.raises(TypeError, match="rules must be a Rules"):
        rf.Policy.from_table(np.ones((INFOSETS, 3)), rules="wsop")
    with pytest.raises(ValueError, match="bytes"):
        rf._core.PolicyTable(b"\x00" * 10, 2)
    with pytest.raises(TypeError, match="a name, a Policy or a callable"):
        rf.simulate(10, players=2, strategies=[3, "tight"])


def test_the_command_line_takes_a_policy_file(policy, tmp_path, capsys):
    from razz_fast.cli import main

    path = tmp_path / "mine.pol"
    policy.save(path)
    code = main(
        ["simulate", "--hands", "2000", "--players", "2", "--strategies", f"{path},tight", "--json"]
    )
    assert code == 0
    out = __import__("json").loads(capsys.readouterr().out)
    direct = rf.simulate(
        2000,
        players=2,
        strategies=[policy, "tight"],
        rules=rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8),
        stacks=out["starting_stacks"][0] if "starting_stacks" in out else None,
        seed=out["seed"],
    )
    assert out["net"] == direct.net
    assert main(["match", str(path), "tight", "--hands", "500"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--strategies", "nothing.pol,tight", "--players", "2"]) != 0
    assert "neither a built-in" in capsys.readouterr().err
