"""``RazzVectorEnv``: Gymnasium's ``VectorEnv`` over ``Tables``, the next
hand dealt in the step a hand ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable, cast

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv

import razz_fast as rf
from razz_fast._checks import as_int, checked_int
from razz_fast._core import MAX_TABLES
from razz_fast._features_out import check_out
from razz_fast.bots import Policy
from razz_fast.discrete import action_mask, to_action
from razz_fast.env._common import (
    Observation,
    Opponent,
    checked_opponents,
    checked_rules,
    checked_seats,
    checked_table,
    choices_of,
    core_played,
    decision_of,
    observation_spaces,
    policy_actions,
)
from razz_fast.policy import is_batch_policy


class _Rows:
    """Some rows of a ``Tables``, with the names of a ``Batch``: what a
    batch policy opponent is given. Like ``simulate``'s ``Batch``, it is a
    snapshot taken when it is made (its arrays copies of the rows, its
    features encoded then), so a policy that keeps it reads the decisions
    it was asked for, not the tables' later state."""

    _ARRAYS = ("actor", "street", "to_call", "pot", "legal", "stacks", "bets", "folded",
               "all_in", "cards", "community")  # fmt: skip

    def __init__(self, tables: rf.Tables, rows: np.ndarray, scratch: np.ndarray) -> None:
        # (A boolean index copies.) The features are encoded now, into the
        # env's ``scratch``, as a Batch has its rows' from the start: the
        # batch policies' price for a snapshot, none for built-in seats.
        for name in self._ARRAYS:
            setattr(self, name, getattr(tables, name)[rows])
        self._features: np.ndarray = tables.features(out=scratch)[rows]
        self._len = int(np.count_nonzero(rows))

    def features(self, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            # A fresh array each call, as a Batch gives: the caller's to
            # write into without changing the snapshot.
            return self._features.copy()
        check_out(out, self._features.shape)  # as a Batch checks it (float64 was taken)
        out[...] = self._features
        return out

    def __len__(self) -> int:
        return self._len


class RazzVectorEnv(VectorEnv[Observation, np.ndarray, np.ndarray]):
    """``num_envs`` hands stepped together in the core (``Tables``), the
    learner at ``seat``, opponents built-in (played in the core), batch
    policies (each called once per round of decisions with the rows where
    one of its seats is to act) or per-decision functions (called with the
    view of each such row); a finished hand's reward comes with the
    first observation of the next hand (same-step autoreset)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
    """A finished hand's reward and the next hand's first observation come in one step."""
    num_envs: int
    """The number of tables stepped together."""
    rules: rf.Rules
    """The stakes and rule settings of every hand (default: ante 1, bring-in 2, bets 4/8)."""
    stacks: int
    """Every seat's stack at the start of a hand (default: 100 big bets)."""
    threads: int | None
    """Threads the core steps the tables on (None: its default)."""
    observation_space: gymnasium.Space[Any]
    """The batched observation space: ``num_envs`` rows of features and action masks."""
    action_space: gymnasium.Space[Any]
    """The batched action space: one ``Discrete(3)`` choice per table."""

    def __init__(
        self,
        num_envs: int = 64,
        players: int = 6,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "check_call",
        rules: rf.Rules | None = None,
        stacks: int | None = None,
        threads: int | None = None,
    ) -> None:
        # First, and against the core's own bound: past it, the spaces
        # below would be built for tables Tables refuses to make (a count
        # near 2**31 took memory until the process was killed).
        self.num_envs = checked_int(num_envs, "num_envs", 1, MAX_TABLES)
        self.rules = checked_rules(rules)
        self.players, self.seat = checked_seats(players, seat)
        strategies = checked_opponents(self.players, self.seat, opponents)
        # Seats of each callable (one may hold several seats), told apart
        # by identity, not equality: two equal callables (a dataclass's
        # instances) are two players, and an unhashable one is a player.
        self._policies: list[tuple[Callable[[Any], Any], list[int]]] = []
        for s, strategy in enumerate(strategies):
            if strategy is None or core_played(strategy):
                continue
            seats = next((seats for p, seats in self._policies if p is strategy), None)
            if seats is None:
                self._policies.append((cast("Callable[[Any], Any]", strategy), [s]))
            else:
                seats.append(s)
        self._strategies: list[str | Policy | None] = [
            s if isinstance(s, (str, Policy)) else None for s in strategies
        ]
        self.stacks = 100 * self.rules.big_bet if stacks is None else stacks
        self.threads = threads
        checked_table(self.rules, self.stacks, self._strategies, threads)
        self.single_observation_space, self.single_action_space = observation_spaces()
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._tables: rf.Tables | None = None
        self._features: np.ndarray | None = None
        # Where a batch policy's snapshot of the features is encoded.
        self._scratch: np.ndarray | None = None

    def _observation(self) -> Observation:
        tables = self._tables
        assert tables is not None
        self._features = tables.features(out=self._features)
        return {"observation": self._features.copy(), "action_mask": action_mask(tables.legal)}

    def _info(self, observation: Observation) -> dict[str, Any]:
        """The mask in ``info`` too, with Gymnasium's vector info layout
        (``_action_mask`` marks the tables that have the key: all)."""
        return {
            "action_mask": observation["action_mask"],
            "_action_mask": np.ones(self.num_envs, dtype=bool),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a hand on every table (one int seed for all of them) and
        plays the opponents up to the learner's turn."""
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63))
        elif as_int(seed) is None:  # (numpy's ints are ints; a bool is not one)
            raise TypeError("RazzVectorEnv takes one int seed for all its tables")
        stacks = [self.stacks] * self.players
        self._tables = rf.Tables(
            self.rules,
            stacks,
            self.num_envs,
            seed=seed,
            threads=self.threads,
            strategies=self._strategies,
        )
        # Hands start with the opponents' decisions up to the learner's.
        self._play_opponents(
            self._tables, np.zeros(self.num_envs, bool), np.zeros(self.num_envs, np.int64)
        )
        observation = self._observation()
        return observation, self._info(observation)

    def step(
        self, actions: np.ndarray
    ) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays one choice per table, then the opponents; a finished hand's
        reward comes with the next hand's first observation (``final_obs``
        and ``final_info`` in the info)."""
        tables = self._tables
        if tables is None:
            raise RuntimeError("call reset() before step()")
        # The learner's tables, and those whose hand ended before anyone
        # could act (a step counts them); with built-in opponents only,
        # that is every table.
        waiting = (tables.actor == self.seat) | (tables.actor < 0)
        choices = choices_of(actions, (self.num_envs,))
        tables.step(to_action(choices, tables.legal), where=waiting)
        done = tables.done.copy()
        won = tables.payoffs[:, self.seat].copy()
        self._play_opponents(tables, done, won)
        rewards = won / self.rules.big_bet
        truncated = np.zeros(self.num_envs, dtype=bool)
        observation = self._observation()
        info = self._info(observation)
        if done.any():
            info.update(_final(done))
        return observation, rewards.astype(np.float64), done, truncated, info

    def _play_opponents(self, tables: rf.Tables, done: np.ndarray, won: np.ndarray) -> None:
        """Steps the callable opponents until no table waits for one,
        adding the learner's winnings of hands that end meanwhile to ``won``
        and marking them in ``done``. (A table can end two hands in one
        step only if the learner cannot act in the second, all in from the
        antes: their winnings are then summed in one reward.)"""
        while self._policies:
            stepped = False
            for policy, seats in self._policies:
                rows = np.isin(tables.actor, seats)
                if not rows.any():
                    continue
                actions = np.zeros(self.num_envs, dtype=np.int64)
                if is_batch_policy(policy):
                    if self._scratch is None:
                        self._scratch = np.empty((self.num_envs, rf.FEATURES), np.float32)
                    batch = _Rows(tables, rows, self._scratch)
                    actions[rows] = policy_actions(policy, batch, len(batch))
                else:
                    for row in np.flatnonzero(rows).tolist():
                        view = tables.view(row)
                        actions[row] = decision_of(policy, view, int(tables.actor[row]))
                tables.step(actions, where=rows)
                done |= tables.done
                won += tables.payoffs[:, self.seat]
                stepped = True
            if not stepped:
                return


class _Ended(dict):  # type: ignore[type-arg]
    """The last observation of a finished hand, one object for every table
    (a fresh dict per ended hand cost about 4% of a step of 1,024
    tables): read-only, arrays and all, so that no table's can change
    another's."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a final observation is read-only (shared by every ended table)")

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type, tuple[dict[str, np.ndarray]]]:
        # A copy or a pickle (a replay buffer's) is its own: a plain dict.
        return dict, (dict(self),)


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


_ENDED = _Ended(
    observation=_read_only(np.zeros(rf.FEATURES, dtype=np.float32)),
    action_mask=_read_only(np.zeros(3, dtype=np.int8)),
)


def _final(done: np.ndarray) -> dict[str, Any]:
    """Gymnasium's same-step autoreset keys for the tables whose hand ended:
    ``final_obs`` (an object array, the ended hand's last observation where
    ``_final_obs`` is set, None elsewhere) and an empty ``final_info``. A
    finished hand has no decision to observe: its observation is what
    ``features()`` gives a table with no actor, zeros, with an empty mask."""
    final = np.full(len(done), None, dtype=object)
    final[done] = _ENDED
    return {
        "final_obs": final,
        "_final_obs": done.copy(),
        "final_info": {},
        "_final_info": done.copy(),
    }
