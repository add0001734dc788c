"""Sequences of misuse of `Tables` and of the environments (issue 34):
steps in any order with good and bad actions, resets, features into good
and bad buffers, batches kept by policies and read later. Every operation
either works or raises a clear exception (ValueError, TypeError,
RuntimeError, IndexError and razz_fast's own, which are ValueErrors); never
PyO3's PanicException (a BaseException), a SystemError or a crash; and the
state after each operation still adds up."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import razz_fast as rf

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from razz_fast.env import RazzEnv, RazzVectorEnv

#: What a misuse may raise: clear exceptions, each naming what was wrong.
CLEAR = (ValueError, TypeError, RuntimeError, IndexError)

RULES = rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)

#: Actions that are no actions, of every kind a caller could pass.
BAD_ACTIONS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
    st.lists(st.integers(-3, 10), max_size=9),
    st.lists(st.floats(-1, 9), max_size=9),
)

#: The machines' budget: the profile's examples (seconds under the default
#: "fast" one), each a sequence of up to 20 operations.
BUDGET = settings(stateful_step_count=20)


def attempt(operation, *args, **kwargs):
    """`operation(*args, **kwargs)`, or None if it raised a clear exception;
    anything else (PanicException, SystemError) fails the test."""
    try:
        return operation(*args, **kwargs)
    except CLEAR:
        return None


def kept_batches(seed: int) -> list:
    """Batches a batch policy kept from a short simulate, each with what
    it showed when it was asked (its features and actors)."""
    kept = []

    @rf.batch_policy
    def keeper(batch):
        kept.append((batch, batch.features().copy(), np.array(batch.actor)))
        legal = np.asarray(batch.legal)
        # The first legal action per row (the bring-in or a fold/check).
        return legal.argmax(axis=1)

    rf.simulate(16, players=3, strategies=[keeper, "tight", keeper], seed=seed, threads=1)
    return kept


class TablesMisuse(RuleBasedStateMachine):
    """One `Tables` (some seats built in), stepped, misused and read in
    any order, with views and batches kept from earlier steps."""

    @initialize(
        tables=st.integers(1, 5),
        players=st.integers(2, 4),
        seed=st.integers(0, 2**64 - 1),
        builtins=st.lists(st.sampled_from([None, None, "tight", "check_call"]), min_size=4),
    )
    def make(self, tables, players, seed, builtins):
        self.stack = 60
        self.players = players
        self.tables = rf.Tables(
            RULES,
            [self.stack] * players,
            tables,
            seed=seed,
            threads=1,
            strategies=builtins[:players],
        )
        self.n = tables
        self.kept: list = []
        self.played = 0

    def legal_actions(self, pick: int) -> np.ndarray:
        legal = np.asarray(self.tables.legal)
        actions = np.zeros(self.n, dtype=np.int64)
        for t in range(self.n):
            moves = np.flatnonzero(legal[t])
            if len(moves):
                actions[t] = moves[pick % len(moves)]
        return actions

    @rule(pick=st.integers(0, 6), where=st.none() | st.lists(st.booleans(), min_size=5))
    def step_legal(self, pick, where):
        flags = None if where is None else np.array(where[: self.n])
        before = self.tables.hands_played
        self.tables.step(self.legal_actions(pick), where=flags)
        assert self.tables.hands_played >= before

    @rule(actions=BAD_ACTIONS, where=st.none() | BAD_ACTIONS)
    def step_anything(self, actions, where):
        attempt(self.tables.step, actions, where=where)

    @rule(dtype=st.sampled_from(["int8", "uint8", "uint64", "float64", "bool", "object"]))
    def step_typed(self, dtype):
        actions = self.legal_actions(1)
        attempt(self.tables.step, actions.astype(dtype))

    @rule(kind=st.integers(0, 4))
    def features(self, kind):
        rows = self.n
        out = [
            None,
            np.zeros((rows, rf.FEATURES), np.float32),
            np.zeros((rows, rf.FEATURES), np.float64),
            np.zeros((rows + 1, rf.FEATURES), np.float32),
            np.zeros((rf.FEATURES, rows), np.float32).T,
        ][kind]
        got = attempt(self.tables.features, out=out)
        if got is not None:
            assert got.shape == (rows, rf.FEATURES)
            assert np.isfinite(got).all()

    @rule(table=st.integers(-2, 6), seat=st.none() | st.integers(-2, 9))
    def view(self, table, seat):
        view = attempt(self.tables.view, table, seat)
        if view is not None:
            self.kept.append((view, repr(view), tuple(view.stacks)))

    @rule(seed=st.integers(0, 3))
    def keep_batches(self, seed):
        self.kept.extend(kept_batches(seed))

    @precondition(lambda self: self.kept)
    @rule(data=st.data())
    def read_kept(self, data):
        item = data.draw(st.sampled_from(self.kept))
        if isinstance(item[0], rf.PlayerView):
            view, shown, stacks = item
            assert (repr(view), tuple(view.stacks)) == (shown, stacks)
            attempt(view.determinize, data.draw(st.integers(-1, 2**64)))
        else:
            batch, features, actor = item
            # A kept batch is a snapshot: what it showed when asked.
            assert np.array_equal(batch.features(), features)
            assert np.array_equal(np.asarray(batch.actor), actor)
            assert len(batch) == len(actor)

    @rule()
    def read_properties(self):
        t = self.tables
        assert t.num_tables == self.n
        assert t.num_players == self.players
        repr(t)
        for name in ("actor", "street", "to_call", "pot", "legal", "stacks", "bets"):
            assert len(getattr(t, name)) == self.n
        assert np.asarray(t.done).shape == (self.n,)

    @rule(name=st.sampled_from(["legal", "stacks", "done", "actor"]))
    def spoil_an_array(self, name):
        # The caller's arrays are theirs to break; the core then refuses
        # with a ValueError naming the array. Restored right after, so the
        # sequence goes on.
        array = getattr(self.tables, name)
        array.flags.writeable = False
        try:
            attempt(self.tables.step, self.legal_actions(0))
            attempt(self.tables.features)
        finally:
            array.flags.writeable = True

    @invariant()
    def chips_add_up(self):
        stacks = np.asarray(self.tables.stacks)
        pot = np.asarray(self.tables.pot)
        # Each hand starts from the same stacks; what left them is the pot.
        assert (stacks.sum(axis=1) + pot == self.players * self.stack).all()
        assert (np.asarray(self.tables.payoffs).sum(axis=1) == 0).all()
        actor = np.asarray(self.tables.actor)
        assert ((actor >= -1) & (actor < self.players)).all()
        legal = np.asarray(self.tables.legal)
        assert (legal[actor >= 0].any(axis=1)).all()


def call_call(view):
    """A per-decision opponent: the second legal action, else the first."""
    legal = view.legal_actions()
    return legal[min(1, len(legal) - 1)]


@rf.batch_policy
def first_legal(batch):
    return np.asarray(batch.legal).argmax(axis=1)


OPPONENTS = st.sampled_from(["tight", "check_call", call_call, first_legal])


class EnvMisuse(RuleBasedStateMachine):
    """A `RazzVectorEnv` and a `RazzEnv` over the same opponents, reset and
    stepped in any order with good and bad choices and seeds."""

    @initialize(
        envs=st.integers(1, 4),
        players=st.integers(2, 3),
        opponents=st.lists(OPPONENTS, min_size=2, max_size=2),
    )
    def make(self, envs, players, opponents):
        others = opponents[: players - 1]
        self.vector = RazzVectorEnv(num_envs=envs, players=players, opponents=others)
        self.single = RazzEnv(players=players, opponents=others)
        self.n = envs
        self.reset_vector = self.reset_single = False
        self.kept: list = []

    @rule(seed=st.none() | st.integers(0, 2**63 - 1) | BAD_ACTIONS)
    def reset(self, seed):
        got = attempt(self.vector.reset, seed=seed)
        if got is not None:
            self.reset_vector = True
            observation, _ = got
            self.kept.append((observation, observation["observation"].copy()))
        got = attempt(self.single.reset, seed=seed)
        if got is not None:
            self.reset_single = True

    @rule(choice=st.integers(0, 2))
    def step_good(self, choice):
        got = attempt(self.vector.step, np.full(self.n, choice))
        if self.reset_vector:
            assert got is not None
            observation, reward, done, truncated, _ = got
            assert observation["observation"].shape == (self.n, rf.FEATURES)
            assert np.isfinite(reward).all() and reward.shape == (self.n,)
            assert done.shape == truncated.shape == (self.n,)
        else:
            assert got is None  # step before reset: a RuntimeError
        got = attempt(self.single.step, choice)
        if got is not None:
            _, reward, terminated, _, _ = got
            assert np.isfinite(reward)
            if terminated:
                # An episode is one hand: the next step needs a reset.
                self.single.reset(seed=1)

    @rule(actions=BAD_ACTIONS | st.sampled_from([np.zeros((2, 2)), np.array([3]), np.array([])]))
    def step_bad(self, actions):
        attempt(self.vector.step, actions)
        attempt(self.single.step, actions)

    @precondition(lambda self: self.kept)
    @rule(data=st.data())
    def read_kept(self, data):
        # A returned observation is the caller's: later steps leave it be.
        observation, features = data.draw(st.sampled_from(self.kept))
        assert np.array_equal(observation["observation"], features)

    @rule()
    def render_and_spaces(self):
        assert self.vector.action_space.shape == (self.n,)
        attempt(self.single.render)


TestTablesMisuse = TablesMisuse.TestCase
TestTablesMisuse.settings = BUDGET
TestEnvMisuse = EnvMisuse.TestCase
TestEnvMisuse.settings = BUDGET


@pytest.mark.parametrize(
    ("seed", "error"), [(-1, ValueError), (2**64, ValueError), (0.0, TypeError), ("1", TypeError)]
)
def test_razz_env_checks_its_seed_as_the_library_does(seed, error):
    # Found by the machine above: Gymnasium's own check raised its bare
    # gymnasium.error.Error for these.
    env = RazzEnv(players=2)
    with pytest.raises(error, match="seed"):
        env.reset(seed=seed)
    env.reset(seed=2**64 - 1)  # the largest seed is a seed
