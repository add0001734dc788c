"""The RL environments, checked by the ecosystem's own checkers: Gymnasium's
``check_env`` on RazzEnv, PettingZoo's ``api_test`` and ``seed_test`` on the
AEC environment; the vector environment against Tables; and ``import
razz_fast`` without the extra."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import razz_fast as rf
from razz_fast._core import MAX_TABLES
from razz_fast.env import (
    RazzEnv,
    RazzVectorEnv,
    action_mask,
    aec_env,
    to_action,
)

A = rf.Action


def test_gymnasium_check_env_passes():
    check_env(RazzEnv(), skip_render_check=True)
    check_env(RazzEnv(players=3, seat=2, opponents=["tight", "random"]), skip_render_check=True)
    check_env(RazzEnv(players=4, seat=1, opponents=[_check_call_view, _check_call_rows, "tight"]),
              skip_render_check=True)  # fmt: skip


@pytest.mark.parametrize("players", [2, 4, 8])
def test_pettingzoo_api_and_seed_tests_pass(players):
    api_test(aec_env(players=players), num_cycles=300)
    seed_test(lambda: aec_env(players=players), num_cycles=100)


def test_discrete_actions_map_to_legal_actions():
    legal = np.zeros((4, 7), dtype=bool)
    legal[0, [A.BRING_IN, A.COMPLETE]] = True
    legal[1, [A.FOLD, A.CALL, A.RAISE]] = True
    legal[2, [A.CHECK, A.BET]] = True
    legal[3, [A.FOLD, A.CALL]] = True  # capped
    assert to_action(np.array([0, 0, 0, 0]), legal).tolist() == [
        A.BRING_IN,
        A.FOLD,
        A.CHECK,
        A.FOLD,
    ]
    assert to_action(np.array([1, 1, 1, 1]), legal).tolist() == [
        A.BRING_IN,
        A.CALL,
        A.CHECK,
        A.CALL,
    ]
    assert to_action(np.array([2, 2, 2, 2]), legal).tolist() == [A.COMPLETE, A.RAISE, A.BET, A.CALL]
    assert action_mask(legal).tolist() == [[0, 1, 1], [1, 1, 1], [0, 1, 1], [1, 1, 0]]


def test_an_episode_is_one_hand_and_rewards_are_the_payoffs():
    env = RazzEnv(players=4, opponents="tight", stacks=200)
    total, episodes = 0.0, 0
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    while episodes < 200:
        mask = observation["action_mask"]
        action = rng.choice(np.flatnonzero(mask))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        total += reward
        if terminated:
            episodes += 1
            observation, info = env.reset()
    assert total != 0.0


def test_batch_policy_opponents():
    @rf.batch_policy
    def caller(batch):
        return to_action(np.ones(len(batch), dtype=np.int64), batch.legal)

    env = RazzEnv(players=3, opponents=[caller, "tight"])
    observation, _ = env.reset(seed=1)
    for _ in range(100):
        observation, _, terminated, _, _ = env.step(1)
        if terminated:
            env.reset()


@pytest.mark.parametrize("make", [RazzEnv, RazzVectorEnv])
@pytest.mark.parametrize("opponent", [3, None, b"tight", ["tight"]])
def test_an_opponent_that_is_neither_a_name_nor_a_callable_is_refused(make, opponent):
    with pytest.raises(TypeError, match="name, a Policy or a callable"):
        make(players=3, opponents=[opponent, "tight"])


@pytest.mark.parametrize("make", [RazzEnv, RazzVectorEnv])
@pytest.mark.parametrize(
    "opponents",
    [{"tight", "random"}, frozenset({"tight", "random"}), {"tight": 1, "random": 2},
     (name for name in ["tight", "random"])],
)  # fmt: skip
def test_opponents_in_no_order_of_the_callers_are_refused(make, opponents):
    # Issue 34: a set's order, and so who sits where, followed
    # PYTHONHASHSEED; simulate and match refuse them, and so do the envs.
    with pytest.raises(TypeError, match="sequence of them in seat order") as raised:
        make(players=3, opponents=opponents)
    assert type(opponents).__name__ in str(raised.value)
    # In seat order, the same opponents are taken (a tuple, a dict's keys).
    make(players=3, opponents=("tight", "random"))
    make(players=3, opponents={"tight": 1, "random": 2}.keys())


class _Bot:
    """A per-decision opponent that compares by value, as a dataclass does
    (so unhashable), and notes the seats it plays."""

    def __init__(self) -> None:
        self.seats: set[int] = set()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Bot)

    __hash__ = None  # type: ignore[assignment]

    def __call__(self, view):
        self.seats.add(view.seat)
        return _check_call_view(view)


class _HashableBot(_Bot):
    def __hash__(self) -> int:
        return 0


def _call_along(env, seed: int, steps: int) -> None:
    """Resets ``env`` with ``seed`` and has the learner check or call for
    ``steps`` steps (at every table of a vector env)."""
    env.reset(seed=seed)
    choice = np.ones(env.num_envs, dtype=np.int64) if isinstance(env, RazzVectorEnv) else 1
    for _ in range(steps):
        env.step(choice)


@pytest.mark.parametrize("bot", [_Bot, _HashableBot])
@pytest.mark.parametrize("make", [RazzEnv, RazzVectorEnv])
def test_equal_or_unhashable_opponents_are_each_their_own_player(make, bot):
    """Opponents are told apart by identity: two equal callables are two
    players, each asked at its own seat, and an unhashable one plays."""
    first, second = bot(), bot()
    _call_along(make(players=3, seat=0, opponents=[first, second]), 2, 30)
    assert first.seats == {1} and second.seats == {2}


@pytest.mark.parametrize("make", [RazzEnv, RazzVectorEnv])
def test_a_batch_policy_opponent_gets_its_rows_not_the_tables(make):
    """Not the Tables themselves, whose view() shows any seat's down cards
    and whose step() acts: the rows' arrays under a Batch's names."""
    batches = []

    @rf.batch_policy
    def caller(batch):
        batches.append(batch)
        return _check_call_rows(batch)

    _call_along(make(players=3, seat=1, opponents=[caller, "tight"]), 4, 20)
    assert batches
    for batch in batches:
        assert not isinstance(batch, rf.Tables)
        assert not hasattr(batch, "view") and not hasattr(batch, "step")
        assert (batch.actor == 0).all() and len(batch) == len(batch.legal)


@pytest.mark.parametrize("make", [RazzEnv, RazzVectorEnv])
def test_a_per_decision_opponent_sees_its_own_view_only(make):
    """It gets a PlayerView of its own seat at its turn, as in simulate:
    its down cards, never the learner's."""
    views = []

    def caller(view):
        views.append(view)
        return _check_call_view(view)

    _call_along(make(players=3, seat=1, opponents=[caller, "tight"]), 4, 40)
    assert len(views) > 20
    for view in views:
        assert isinstance(view, rf.PlayerView)
        assert view.seat == view.actor == 0
        assert len(view.down_cards(0)) >= 2 and view.down_cards(1) == []
        assert all(event.cards == () for event in view.history
                   if event.kind == "deal_down" and event.seat != 0)  # fmt: skip


@pytest.mark.parametrize("make", [RazzEnv, RazzVectorEnv])
@pytest.mark.parametrize(
    ("answer", "error", "message"),
    [(lambda view: "call", TypeError, "must return an Action"),
     (lambda view: 99, rf.IllegalActionError, "not an Action"),
     (lambda view: 10**5000, rf.IllegalActionError, r"returned \?, which is not an Action"),
     (lambda view: rf.Action.FOLD if rf.Action.CHECK in view.legal_actions() else 99,
      rf.IllegalActionError, "")],
)  # fmt: skip
def test_a_per_decision_opponent_that_answers_wrongly_is_a_clear_error(
    make, answer, error, message
):
    env = make(players=3, seat=0, opponents=answer)
    with pytest.raises(error, match="strategy of seat [12] .*" + message):
        _call_along(env, 1, 50)


@pytest.mark.parametrize(
    ("choice", "error"),
    [(3, ValueError), (-1, ValueError), (np.uint64(2**64 - 1), ValueError), (2**70, TypeError),
     (2.5, TypeError), ("1", TypeError), (None, TypeError), (True, TypeError)],
)  # fmt: skip
def test_a_choice_outside_the_space_is_an_error_and_changes_nothing(choice, error):
    # An agent's bug must not play as a call.
    single = RazzEnv()
    before = single.reset(seed=3)[0]["observation"]
    vector = RazzVectorEnv(num_envs=3)
    vector.reset(seed=3)
    state = vector._tables.features()
    aec = aec_env(players=3).unwrapped  # (PettingZoo's wrapper asserts first)
    aec.reset(seed=3)
    agent = aec.agent_selection
    with pytest.raises(error, match="0, 1 or 2"):
        single.step(choice)
    with pytest.raises(error, match="0, 1 or 2"):
        dtype = object if error is TypeError else np.asarray(choice).dtype
        vector.step(np.array([1, choice, 1], dtype=dtype))
    with pytest.raises(error, match="0, 1 or 2"):
        aec.step(choice)
    assert (single._table.observe()["observation"] == before).all()
    assert (vector._tables.features() == state).all()
    assert aec.agent_selection == agent and not any(aec.terminations.values())


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [({"players": 9}, ValueError, "players"), ({"players": True}, TypeError, "players"),
     ({"seat": 6}, ValueError, "seat"), ({"stacks": 0}, ValueError, "stack"),
     ({"rules": "pokerstars"}, TypeError, "rules")],
)  # fmt: skip
def test_bad_arguments_are_refused_when_the_env_is_made(options, error, message):
    # Not at the first reset, far from the line that caused them.
    for make in (RazzEnv, RazzVectorEnv, aec_env):
        if make is aec_env and "seat" in options:
            continue
        with pytest.raises(error, match=message):
            make(**options)
    for make in (RazzEnv, RazzVectorEnv):
        with pytest.raises(ValueError, match="unknown strategy"):
            make(opponents="loose")


@pytest.mark.parametrize(
    ("num_envs", "error", "message"),
    [(2**31 - 1, ValueError, rf"num_envs must be 1\.\.{MAX_TABLES}, got {2**31 - 1}"),
     (MAX_TABLES + 1, ValueError, rf"num_envs must be 1\.\.{MAX_TABLES}, got {MAX_TABLES + 1}"),
     (2**70, ValueError, "num_envs must be 1"), (0, ValueError, "num_envs must be 1"),
     (-1, ValueError, "num_envs must be 1"), (2.0, TypeError, "num_envs must be an int"),
     ("8", TypeError, "num_envs must be an int"), (True, TypeError, "num_envs must be an int")],
)  # fmt: skip
def test_an_impossible_num_envs_is_refused_before_anything_is_built(num_envs, error, message):
    # Issue 34: 2**31 - 1 tables were taken, and the batched observation
    # spaces built for them until the process was killed; Tables itself
    # refuses more than MAX_TABLES, so the env refuses them up front.
    with pytest.raises(error, match=message):
        RazzVectorEnv(num_envs=num_envs)
    assert RazzVectorEnv(num_envs=np.int64(2)).num_envs == 2


def test_the_vector_env_steps_tables_with_same_step_autoreset():
    env = RazzVectorEnv(
        num_envs=16, players=5, opponents=["tight", "random", "check_call", "tight"]
    )
    observation, _ = env.reset(seed=7)
    tables = rf.Tables(env.rules, [env.stacks] * 5, 16, seed=7,
                       strategies=[None, "tight", "random", "check_call", "tight"])  # fmt: skip
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(300):
        assert (observation["observation"] == tables.features()).all()
        assert observation["observation"].shape == (16, rf.FEATURES)
        choice = rng.integers(0, 3, 16)
        observation, reward, done, truncated, info = env.step(choice)
        tables.step(to_action(choice, tables.legal))
        assert (done == tables.done).all() and not truncated.any()
        assert (reward == tables.payoffs[:, 0] / env.rules.big_bet).all()
        assert (reward[~done] == 0).all()
        finished += int(done.sum())
        # Gymnasium's same-step keys, laid out as its SyncVectorEnv lays
        # them out: the hand's last observation (no decision: zeros) where
        # a hand ended, None elsewhere.
        if done.any():
            assert (info["_final_obs"] == done).all() and (info["_final_info"] == done).all()
            for row, final in enumerate(info["final_obs"]):
                if done[row]:
                    assert env.single_observation_space.contains(final)
                    assert not final["observation"].any() and not final["action_mask"].any()
                    # One object for every ended table, so it is read-only;
                    # a copy (a replay buffer's) is the caller's own.
                    with pytest.raises(TypeError, match="read-only"):
                        final["observation"] = None
                    with pytest.raises(ValueError, match="read-only"):
                        final["observation"][0] = 1.0
                    for mine in (copy.deepcopy(final), pickle.loads(pickle.dumps(final))):
                        assert type(mine) is dict and mine["observation"].flags.writeable
                else:
                    assert final is None
        else:
            assert "final_obs" not in info and "final_info" not in info
    assert finished > 16


def test_import_razz_fast_needs_no_rl_extra():
    code = (
        "import sys; sys.modules['gymnasium'] = None; sys.modules['pettingzoo'] = None\n"
        "import razz_fast\n"
        "try:\n"
        "    import razz_fast.env\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'razz-fast[rl]'" in out.stdout


def test_the_envs_import_nothing_from_the_reference():
    # The reference is the tests' oracle, not a part of the library the
    # environments run on (they encoded observations with its features_of).
    code = (
        "import sys, razz_fast.env\n"
        "print(sorted(m for m in sys.modules if m.startswith('razz_fast.reference')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@rf.batch_policy
def _check_call_rows(batch):
    """The built-in check_call's decisions, as a batch policy."""
    legal = batch.legal
    bring_in, call, check = int(rf.Action.BRING_IN), int(rf.Action.CALL), int(rf.Action.CHECK)
    return np.where(legal[:, bring_in], bring_in, np.where(legal[:, call], call, check))


def _check_call_view(view):
    """The built-in check_call's decision, as a per-decision strategy."""
    legal = view.legal_actions()
    return next(a for a in (A.BRING_IN, A.CALL, A.CHECK) if a in legal)


def _policy_and_built_in_envs(make, seat, seed, policy, **options):
    """Two envs of ``make`` reset with ``seed``: opponents check_call as
    ``policy`` in two of the four seats, and all built-in; and their first
    observations."""
    mixed = ["check_call", policy, "tight", policy]
    built_in = ["check_call", "check_call", "tight", "check_call"]
    a = make(players=5, seat=seat, opponents=mixed, stacks=40, **options)
    b = make(players=5, seat=seat, opponents=built_in, stacks=40, **options)
    return a, b, a.reset(seed=seed)[0], b.reset(seed=seed)[0]


def _assert_same(obs_a, obs_b):
    for key in obs_a:
        assert (obs_a[key] == obs_b[key]).all(), key


@pytest.mark.parametrize("policy", [_check_call_rows, _check_call_view], ids=["batch", "view"])
@pytest.mark.parametrize(("seat", "seed"), [(0, 11), (2, 12), (4, 13)])
def test_callable_opponents_in_the_vector_env_play_as_the_built_ins_would(seat, seed, policy):
    """A batch policy that decides as built-in check_call does, in two of
    the four opponents' seats, gives the very observations and rewards of
    the all-built-in env, step after step (same deals, same decisions).
    One table: with several, hands that end in different sub-steps take
    the run's next hands in another order (both orders are the rule)."""
    a, b, obs_a, obs_b = _policy_and_built_in_envs(RazzVectorEnv, seat, seed, policy, num_envs=1)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(600):
        _assert_same(obs_a, obs_b)
        mask = obs_a["action_mask"]
        choice = np.argmax(rng.random(mask.shape) * mask, axis=1)
        obs_a, reward_a, done_a, _, _ = a.step(choice)
        obs_b, reward_b, done_b, _, _ = b.step(choice)
        assert (reward_a == reward_b).all() and (done_a == done_b).all()
        ended += int(done_a.sum())
    assert ended > 100


def test_every_vector_env_observation_is_the_learners_decision_with_policy_opponents():
    """With batch policy opponents too, the learner is to act at every
    table after a step (or the table's hand ended before anyone could act)."""
    env = RazzVectorEnv(num_envs=16, players=4, seat=1, opponents=_check_call_rows, stacks=3)
    observation, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(100):
        actor = env._tables.actor
        assert ((actor == 1) | (actor < 0)).all()
        mask = observation["action_mask"]
        observation, *_ = env.step(np.argmax(rng.random(mask.shape) * mask, axis=1))


@pytest.mark.parametrize(
    "answer",
    [
        lambda batch: 1,  # one action for every row
        lambda batch: np.ones(len(batch) + 1, dtype=np.int64),
        lambda batch: np.argmax(batch.legal, axis=1) + 0.5,  # not integers
    ],
)
def test_a_batch_policy_opponent_that_answers_wrongly_is_a_clear_error(answer):
    env = RazzVectorEnv(num_envs=8, players=3, seat=0, opponents=rf.batch_policy(answer))
    with pytest.raises(TypeError, match="batch policy's result"):
        env.reset(seed=1)
        for _ in range(10):
            env.step(np.ones(8, dtype=np.int64))


def test_the_vector_env_checks_its_seat():
    with pytest.raises(ValueError, match="seat"):
        RazzVectorEnv(num_envs=2, players=3, seat=3)


def test_the_vector_env_takes_one_int_seed():
    # numpy's ints are ints, as everywhere in the library; a bool or a list
    # of seeds (Gymnasium's per-env form) is not one.
    a, b = RazzVectorEnv(num_envs=4, players=3), RazzVectorEnv(num_envs=4, players=3)
    first = a.reset(seed=3)[0]["observation"]
    assert (b.reset(seed=np.int64(3))[0]["observation"] == first).all()
    for bad in (True, [3, 4, 5, 6], 3.0):
        with pytest.raises(TypeError, match="one int seed"):
            a.reset(seed=bad)
    with pytest.raises(ValueError, match="seed"):
        a.reset(seed=-1)


def test_a_reset_in_the_middle_of_a_hand_starts_a_new_hand():
    # A time limit or the user may reset before the hand ends: the next
    # episode is a new hand on its first street, not the rest of the old one.
    env = RazzEnv(players=3, opponents="check_call")
    env.reset(seed=1)
    for _ in range(3):
        _, _, terminated, _, _ = env.step(1)
        assert not terminated
    assert env._table.view().street > 3
    observation, _ = env.reset()
    assert env._table.view().street == 3
    assert observation["observation"][0] == 1.0  # third street
    # Still seeded: the same resets from the same seed give the same hands.
    again = RazzEnv(players=3, opponents="check_call")
    again.reset(seed=1)
    for _ in range(3):
        again.step(1)
    assert (again.reset()[0]["observation"] == observation["observation"]).all()


def test_stacks_the_antes_put_all_in_are_refused_by_the_single_env():
    # Every hand would end before anyone could act, so RazzEnv's reset()
    # waited forever for the learner's turn. (The vector and AEC envs show
    # such hands as ended, as documented.)
    rules = rf.Rules(ante=2, bring_in=2, small_bet=4, big_bet=8)
    for stacks in (1, 2):
        with pytest.raises(ValueError, match="ante"):
            RazzEnv(players=2, rules=rules, stacks=stacks)
    RazzEnv(players=2, rules=rules, stacks=3).reset(seed=0)


def test_every_env_puts_the_action_mask_in_info_too():
    # docs/TABLES.md: "the mask is also in `info`" (the vector and AEC envs
    # gave empty infos).
    single = RazzEnv(players=3)
    observation, info = single.reset(seed=4)
    assert (info["action_mask"] == observation["action_mask"]).all()
    vector = RazzVectorEnv(num_envs=5, players=3)
    observation, info = vector.reset(seed=4)
    rng = np.random.default_rng(1)
    for _ in range(30):
        assert (info["action_mask"] == observation["action_mask"]).all()
        assert info["_action_mask"].dtype == bool and info["_action_mask"].all()
        mask = observation["action_mask"]
        observation, _, _, _, info = vector.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
    aec = aec_env(players=3)
    aec.reset(seed=4)
    for _agent in aec.agent_iter(60):
        observation, _, terminated, truncated, info = aec.last()
        assert (info["action_mask"] == observation["action_mask"]).all()
        for other in aec.agents:
            assert (aec.infos[other]["action_mask"] == aec.observe(other)["action_mask"]).all()
        if terminated or truncated:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[-1]))


@pytest.mark.parametrize(
    ("out", "error"),
    [(lambda n: np.zeros((n, rf.FEATURES)), TypeError),  # float64
     (lambda n: np.zeros((n, rf.FEATURES), np.int32), TypeError),
     (lambda n: np.zeros((n + 1, rf.FEATURES), np.float32), ValueError),
     (lambda n: np.zeros((n, 2 * rf.FEATURES), np.float32)[:, ::2], ValueError)],
)  # fmt: skip
def test_a_batch_policy_opponent_gets_a_batch_whose_features_check_out(out, error):
    # As simulate's Batch does: the vector env's rows took any array of the
    # shape, and wrote float64 or truncated int32 features into it.
    @rf.batch_policy
    def writes_features(batch):
        batch.features(out=out(len(batch)))
        return np.argmax(batch.legal, axis=1)

    messages = []
    with pytest.raises(error) as raised:
        rf.simulate(1, players=3, strategies=[writes_features, "tight", "tight"], seed=1)
    messages.append(str(raised.value))
    env = RazzVectorEnv(num_envs=1, players=3, seat=0, opponents=writes_features)
    with pytest.raises(error) as raised:
        env.reset(seed=1)
        for _ in range(20):
            env.step(np.ones(1, dtype=np.int64))
    messages.append(str(raised.value))
    assert messages[0].split(",")[0] == messages[1].split(",")[0]


def test_a_batch_kept_by_a_vector_env_opponent_stays_as_it_was_given():
    # Issue 34: simulate's Batch is a snapshot; the vector env's batch read
    # the live tables in features(), so a policy that kept its batch (a
    # replay buffer) saw later hands there. Now the kept batch, arrays and
    # features, is what the policy was asked about.
    kept = []

    @rf.batch_policy
    def keeper(batch):
        arrays = {name: np.array(getattr(batch, name)) for name in _BATCH_ARRAYS}
        features = batch.features()
        # Those of the decisions it is given: the tables' rows of its seats.
        tables = env._tables
        assert (features == tables.features()[np.isin(tables.actor, [1, 2])]).all()
        kept.append((batch, arrays, features.copy()))
        return _check_call_rows(batch)

    env = RazzVectorEnv(num_envs=8, players=3, seat=0, opponents=keeper)
    env.reset(seed=5)
    for _ in range(30):
        env.step(np.ones(8, dtype=np.int64))
    assert len(kept) > 2
    for batch, arrays, features in kept:
        for name, array in arrays.items():
            assert (getattr(batch, name) == array).all(), name
        assert (batch.features() == features).all()
        out = np.empty_like(features)
        assert batch.features(out=out) is out and (out == features).all()
        assert len(batch) == len(features) == len(arrays["actor"])
    # A caller's writing into the features it got does not change the batch.
    batch, _, features = kept[0]
    batch.features()[:] = -1
    assert (batch.features() == features).all()


_BATCH_ARRAYS = ("actor", "street", "to_call", "pot", "legal", "stacks", "bets", "folded",
                 "all_in", "cards", "community")  # fmt: skip


@pytest.mark.parametrize("choice", [np.array([1]), np.array([[1]]), np.ones(2, dtype=np.int64)])
def test_a_choice_of_the_wrong_shape_is_a_value_error_in_the_single_envs(choice):
    # (Not an IndexError from inside the mapping to actions.)
    single = RazzEnv()
    single.reset(seed=3)
    aec = aec_env(players=3).unwrapped
    aec.reset(seed=3)
    for step in (single.step, aec.step):
        with pytest.raises(ValueError, match="one choice"):
            step(choice)


@pytest.mark.parametrize(
    "actions",
    [1, np.ones(3, np.int64), np.ones(5, np.int64), np.ones((4, 1), np.int64), np.ones((2, 2))],
)
def test_actions_of_the_wrong_shape_are_a_value_error_in_the_vector_env(actions):
    # A scalar was played at every table; other shapes raised numpy's
    # broadcasting ValueError or an IndexError.
    vector = RazzVectorEnv(num_envs=4, players=3)
    vector.reset(seed=3)
    state = vector._tables.features()
    with pytest.raises(ValueError, match=r"one choice 0, 1 or 2 per table, shape \(4,\)"):
        vector.step(actions)
    assert (vector._tables.features() == state).all()


@pytest.mark.parametrize("policy", [_check_call_rows, _check_call_view], ids=["batch", "view"])
@pytest.mark.parametrize(("seat", "seed"), [(0, 11), (3, 12)])
def test_callable_opponents_in_the_single_env_play_as_the_built_ins_would(seat, seed, policy):
    """As in the vector env: a batch policy deciding as check_call does gives
    the very observations and rewards of the all-built-in env. The
    observation that comes with a hand's end was the next hand's actor's,
    an opponent's down cards and all, when a batch policy was to act."""
    a, b, obs_a, obs_b = _policy_and_built_in_envs(RazzEnv, seat, seed, policy)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(1500):
        _assert_same(obs_a, obs_b)
        choice = rng.choice(np.flatnonzero(obs_a["action_mask"]))
        obs_a, reward_a, done_a, _, _ = a.step(choice)
        obs_b, reward_b, done_b, _, _ = b.step(choice)
        assert reward_a == reward_b and done_a == done_b
        if done_a:
            ended += 1
            _assert_same(obs_a, obs_b)
            (obs_a, _), (obs_b, _) = a.reset(), b.reset()
    assert ended > 100


@pytest.mark.parametrize("make", [RazzEnv, aec_env])
def test_a_render_mode_the_env_lacks_is_refused(make):
    # Both render only text ("ansi"); "human" was taken and never shown.
    for mode in ("human", "rgb_array", 1):
        with pytest.raises(ValueError, match="render_mode"):
            make(render_mode=mode)
    env = make(render_mode="ansi")
    env.reset(seed=1)
    assert isinstance(env.render(), str)


def test_an_opponent_that_raises_leaves_the_single_env_to_a_reset():
    # Its decision is missing, so the learner's next choice is refused (it
    # would be played at the opponent's seat); a reset deals a new hand.
    calls = []

    def flaky(view):
        calls.append(view)
        if len(calls) == 3:
            raise RuntimeError("bot crashed")
        return _check_call_view(view)

    env = RazzEnv(players=3, seat=0, opponents=[flaky, "check_call"])
    env.reset(seed=1)
    with pytest.raises(RuntimeError, match="bot crashed"):
        for _ in range(20):
            env.step(1)
    with pytest.raises(ValueError, match=r"seat 1 is to act.*reset\(\)"):
        env.step(1)
    observation, _ = env.reset()
    assert observation["observation"][0] == 1.0  # a new hand, third street
    for _ in range(20):
        observation, _, terminated, _, _ = env.step(1)
        if terminated:
            env.reset()


def test_the_single_env_never_changes_an_observation_it_returned():
    # Each step returns new arrays (a replay buffer may keep them as they are).
    env = RazzEnv(players=4, opponents="tight")
    observation, info = env.reset(seed=2)
    kept = [(observation, {k: v.copy() for k, v in observation.items()})]
    for step in range(200):
        observation, _, terminated, _, info = env.step(step % 3)
        assert info["action_mask"] is observation["action_mask"]
        kept.append((observation, {k: v.copy() for k, v in observation.items()}))
        if terminated:
            observation, _ = env.reset()
    for returned, copied in kept:
        _assert_same(returned, copied)
    assert len({id(returned["observation"]) for returned, _ in kept}) == len(kept)
