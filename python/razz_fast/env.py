"""Reinforcement-learning environments over the compiled core (the
``rl`` extra: ``pip install 'razz-fast[rl]'``).

* ``RazzEnv`` — a Gymnasium ``Env``: one learning seat, the other seats
  played by built-in strategies or callables (per-decision functions of a
  ``PlayerView``, or ``batch_policy`` functions); an episode is one hand.
* ``RazzVectorEnv`` — Gymnasium's ``VectorEnv`` over ``Tables``: many hands
  stepped together in the core, built-in or callable opponents, the
  next hand dealt in the same step a hand ends
  (``AutoresetMode.SAME_STEP``).
* ``RazzAECEnv`` (and ``aec_env()``) — a PettingZoo AEC environment with
  every seat an agent.

Actions are ``Discrete(3)``: 0 fold, 1 check / call / bring-in, 2
complete / bet / raise. An action the state does not allow is played as
1 (folding when a check is free checks; raising past the cap calls), so
every action is valid; ``action_mask`` marks the ones that are distinct
moves now (Gymnasium's and PettingZoo's masking convention). Observations
are ``{"observation": features (float32, razz_fast.FEATURES), "action_mask":
int8 (3,)}``; rewards are chips won, in big bets, given when the hand ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable, Union

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "razz_fast.env needs Gymnasium and PettingZoo: pip install 'razz-fast[rl]'"
    ) from error

import numpy as np

import razz_fast as rf
from razz_fast._args import as_int, checked_int
from razz_fast._checks import rules_type
from razz_fast._core import MAX_CHIPS, LearnerTable
from razz_fast._features_out import check_out
from razz_fast.discrete import action_mask, to_action
from razz_fast.events import Action
from razz_fast.policy import BatchPolicy, checked_answer, is_batch_policy

__all__ = ["RazzEnv", "RazzVectorEnv", "RazzAECEnv", "aec_env", "to_action", "action_mask"]

#: What every environment observes: the features and the action mask.
Observation = dict[str, np.ndarray]
#: A ``Discrete(3)`` choice: 0 fold, 1 passive, 2 aggressive.
Choice = Union[int, np.integer]
#: An opponent: a built-in strategy's name, a ``batch_policy`` (it is
#: given the rows where its seats are to act and returns one action per
#: row), or a
#: per-decision function of the opponent's ``PlayerView`` returning an
#: ``Action``, as ``simulate`` takes them.
Opponent = Union[str, BatchPolicy, Callable[[Any], Any]]


def _spaces() -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            # Amounts are in big bets, so below the chip limit.
            "observation": spaces.Box(0.0, float(MAX_CHIPS), (rf.FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (3,), np.int8),
        }
    )
    return observation, spaces.Discrete(3)


def _rules(rules: rf.Rules | None) -> rf.Rules:
    if rules is None:
        return rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    if not isinstance(rules, rf.Rules):
        raise TypeError(f"rules must be a razz_fast.Rules or None, got {rules_type(rules)}")
    return rules


def _seats(players: Any, seat: Any) -> tuple[int, int]:
    """The players and the learner's seat, checked."""
    players = checked_int(players, "players", 2, 8)
    return players, checked_int(seat, "seat", 0, players - 1)


def _render_mode(mode: Any) -> str | None:
    """None or "ansi", the one mode the environments render in (text)."""
    if mode is not None and mode != "ansi":
        raise ValueError(f'render_mode must be None or "ansi", got {mode!r}')
    return None if mode is None else "ansi"


def _checked_table(
    rules: rf.Rules, stacks: int, strategies: list[Any], threads: Any = None
) -> None:
    """Raises now what a reset would, for bad rules, stacks, strategy names
    or threads: the core checks them as it seats one table."""
    rf.Tables(rules, [stacks] * len(strategies), 1, seed=0, threads=threads, strategies=strategies)


def _opponents(
    players: int, seat: int, opponents: Opponent | Sequence[Opponent]
) -> list[Opponent | None]:
    """One strategy per seat, None at the learner's ``seat``."""
    try:
        if isinstance(opponents, str) or callable(opponents):
            others = [opponents] * (players - 1)
        else:
            others = list(opponents)
    except TypeError:
        raise TypeError(
            "opponents must be a built-in strategy's name, a callable, or a list of them,"
            f" got {type(opponents).__name__}"
        ) from None
    if len(others) != players - 1:
        raise ValueError(f"opponents has {len(others)} entries for {players - 1} other seats")
    for other in others:
        if not (isinstance(other, str) or callable(other)):
            raise TypeError(
                "each opponent must be a built-in strategy's name or a callable (a function of"
                " a PlayerView, or one marked @razz_fast.batch_policy),"
                f" got {type(other).__name__}"
            )
    strategies: list[Opponent | None] = list(others)
    strategies.insert(seat, None)
    return strategies


def _choices(choice: Any, shape: tuple[int, ...]) -> np.ndarray:
    """``choice`` as an array of ``shape`` (``()`` for one choice), else a
    ValueError rather than numpy broadcasting or indexing it."""
    array = np.asarray(choice)
    if array.shape != shape:
        wanted = "one choice 0, 1 or 2" + (f" per table, shape {shape}" if shape else "")
        raise ValueError(f"{wanted}, got an array of shape {array.shape}")
    return array


def _choice(choice: Any) -> int:
    """One choice as an int 0, 1 or 2 (a numpy integer too), else the
    errors ``to_action`` raises: a TypeError for what is not an integer (a
    bool, a float), a ValueError for another integer or another shape."""
    array = _choices(choice, ())
    if array.dtype.kind not in "iu":
        raise TypeError(f"choices must be integers 0, 1 or 2, got {choice!r} ({array.dtype})")
    value = int(array)
    if not 0 <= value <= 2:
        raise ValueError(f"a choice is 0, 1 or 2, got {value}")
    return value


# Gymnasium types a Dict space as holding dict[str, Space] (its parts'
# spaces), so the Env's observation type is a dict of Any, not Observation.
class RazzEnv(gymnasium.Env[dict[str, Any], Choice]):
    """One learning seat against built-in or callable opponents; an episode
    is one hand. ``RazzEnv(players=6, seat=0, opponents="check_call",
    rules=None, stacks=None)``: ``opponents`` is one strategy for every
    other seat or a list of them (built-in names, per-decision functions of
    a ``PlayerView``, batch policies), ``stacks`` an int (default 100 big
    bets). Each observation is a new dict of new arrays, the caller's to
    keep: the environment never writes into one it has returned."""

    metadata = {"render_modes": ["ansi"]}
    """Gymnasium's metadata: ``render()`` gives text (``"ansi"``)."""
    rules: rf.Rules
    """The stakes and rule settings of every hand (default: ante 1, bring-in 2, bets 4/8)."""
    stacks: int
    """Every seat's stack at the start of a hand (default: 100 big bets)."""
    render_mode: str | None
    """How ``render()`` draws: ``"ansi"`` (text) or None."""

    def __init__(
        self,
        players: int = 6,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "check_call",
        rules: rf.Rules | None = None,
        stacks: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = _rules(rules)
        self.players, self.seat = _seats(players, seat)
        strategies = _opponents(self.players, self.seat, opponents)
        self._policies = {
            s: p for s, p in enumerate(strategies) if p is not None and not isinstance(p, str)
        }
        self._builtin = [p if isinstance(p, str) else None for p in strategies]
        self.stacks = 100 * self.rules.big_bet if stacks is None else stacks
        # The core refuses now what a reset would: bad rules, stacks or
        # names, and stacks the antes put all in (every hand would end
        # before the learner could act, and a reset would wait forever).
        self._new_table(0)
        self.observation_space, self.action_space = _spaces()
        self.render_mode = _render_mode(render_mode)
        self._table: LearnerTable | None = None
        # Whether the table holds a hand the learner has acted in (a reset
        # then deals a new one rather than going on with it).
        self._mid_hand = False

    def _new_table(self, seed: int) -> LearnerTable:
        """A table dealing the run of ``seed``: the core plays the built-in
        seats, the learner's choices and the callable opponents' decisions
        come through ``step`` and ``act``."""
        stacks = [self.stacks] * self.players
        return LearnerTable(self.rules, stacks, self.seat, self._builtin, seed)

    def _play_callers(self, table: LearnerTable) -> tuple[Observation, float, bool]:
        """Asks the callable opponents for their decisions until the learner
        is to act; returns the learner's observation then, and its winnings
        in big bets of the first hand that ended since its last choice and
        whether one did."""
        while True:
            seat = table.actor
            policy = self._policies[seat]
            if is_batch_policy(policy):
                # Its row's arrays, as simulate gives them to a batch policy.
                action = int(_policy_actions(policy, table.batch(), 1)[0])
            else:
                action = _decision(policy, table.view(), seat)
            observation, reward, ended = table.act(action)
            if observation is not None:
                return observation, reward, ended

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a new hand (unless the last one ended without the learner
        acting) and plays the opponents up to the learner's turn; returns
        the observation and ``{"action_mask": ...}``."""
        super().reset(seed=seed)
        table = self._table
        if table is None or seed is not None or self._mid_hand:
            table = self._table = self._new_table(int(self.np_random.integers(0, 2**63)))
        self._mid_hand = False
        observation = table.observe()
        if observation is None:
            observation = self._play_callers(table)[0]
        return observation, {"action_mask": observation["action_mask"]}

    def step(self, action: Choice) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Plays the learner's choice (0 fold, 1 passive, 2 aggressive), then
        the opponents up to its next turn; the reward, in big bets, comes
        when the hand ends."""
        # One core call per decision when every opponent is built in: the
        # table plays them up to the learner's next decision, and after a
        # hand's end the next hand's (reset() goes on with it).
        table = self._table
        if table is None:
            raise RuntimeError("call reset() before step()")
        if type(action) is not int or not 0 <= action <= 2:
            action = _choice(action)
        # (Set first: if a callable opponent raises, a reset deals anew.)
        self._mid_hand = True
        observation, reward, terminated = table.step(action)
        if observation is None:
            observation, reward, terminated = self._play_callers(table)
        self._mid_hand = not terminated
        return observation, reward, terminated, False, {"action_mask": observation["action_mask"]}

    def render(self) -> str:
        """The street, the pot and the learner's view of the cards, as text."""
        if self._table is None:
            return ""
        row = self._table.batch()
        return f"street {int(row.street[0])}, pot {int(row.pot[0])}, cards {row.cards[0].tolist()}"


def _decision(strategy: Callable[[Any], Any], view: rf.PlayerView, seat: int) -> int:
    """A per-decision opponent's action where its ``seat`` is to act: it
    gets that seat's ``view``, as in ``simulate``, and its answer is checked
    as ``simulate`` checks it."""
    answer = strategy(view)
    return int(checked_answer(f"strategy of seat {seat}", answer, view.legal_actions()))


def _policy_actions(policy: Any, batch: Any, rows: int) -> np.ndarray:
    """A batch policy's answer for ``rows`` decisions, checked as
    ``simulate`` checks it: one integer action per row."""
    result = np.asarray(policy(batch))
    if result.dtype.kind not in "iu" or result.shape != (rows,):
        raise TypeError(
            f"a batch policy's result: actions must be a 1-D integer array of length {rows},"
            f" got {result.dtype} of shape {result.shape}"
        )
    return result.astype(np.int64)


class _Rows:
    """Some rows of a ``Tables``, with the names of a ``Batch`` (copies):
    what a batch policy opponent is given."""

    _ARRAYS = ("actor", "street", "to_call", "pot", "legal", "stacks", "bets", "folded",
               "all_in", "cards", "community")  # fmt: skip

    def __init__(self, tables: rf.Tables, rows: np.ndarray) -> None:
        self._tables, self._rows = tables, rows
        for name in self._ARRAYS:
            setattr(self, name, getattr(tables, name)[rows])

    def features(self, out: np.ndarray | None = None) -> np.ndarray:
        values: np.ndarray = self._tables.features()[self._rows]
        if out is None:
            return values
        check_out(out, values.shape)  # as a Batch checks it (float64 was taken)
        out[...] = values
        return out

    def __len__(self) -> int:
        return int(np.count_nonzero(self._rows))


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
        self.num_envs = checked_int(num_envs, "num_envs", 1, 2**31 - 1)
        self.rules = _rules(rules)
        self.players, self.seat = _seats(players, seat)
        strategies = _opponents(self.players, self.seat, opponents)
        # Seats of each callable (one may hold several seats), told apart
        # by identity, not equality: two equal callables (a dataclass's
        # instances) are two players, and an unhashable one is a player.
        self._policies: list[tuple[Callable[[Any], Any], list[int]]] = []
        for s, strategy in enumerate(strategies):
            if strategy is None or isinstance(strategy, str):
                continue
            seats = next((seats for p, seats in self._policies if p is strategy), None)
            if seats is None:
                self._policies.append((strategy, [s]))
            else:
                seats.append(s)
        self._strategies = [s if isinstance(s, str) else None for s in strategies]
        self.stacks = 100 * self.rules.big_bet if stacks is None else stacks
        self.threads = threads
        _checked_table(self.rules, self.stacks, self._strategies, threads)
        self.single_observation_space, self.single_action_space = _spaces()
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._tables: rf.Tables | None = None
        self._features: np.ndarray | None = None

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
        choices = _choices(actions, (self.num_envs,))
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
                    batch = _Rows(tables, rows)
                    actions[rows] = _policy_actions(policy, batch, len(batch))
                else:
                    for row in np.flatnonzero(rows).tolist():
                        view = tables.view(row)
                        actions[row] = _decision(policy, view, int(tables.actor[row]))
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


class RazzAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Every seat an agent (``player_0`` …); an episode is one hand;
    rewards are each seat's chips won, in big bets, at the end."""

    metadata = {"render_modes": ["ansi"], "name": "razz_v0", "is_parallelizable": False}
    """PettingZoo's metadata: the environment's name and text rendering."""
    rules: rf.Rules
    """The stakes and rule settings of every hand (default: ante 1, bring-in 2, bets 4/8)."""
    stacks: int
    """Every seat's stack at the start of a hand (default: 100 big bets)."""
    possible_agents: list[str]
    """``player_0``, ``player_1``, ...: one agent per seat."""
    observation_spaces: dict[str, spaces.Dict]
    """Each agent's observation space: features and action mask."""
    action_spaces: dict[str, spaces.Discrete]
    """Each agent's action space: ``Discrete(3)``."""
    render_mode: str | None
    """How ``render()`` draws: ``"ansi"`` (text) or None."""
    hand: rf.Hand | None
    """The hand being played (None before the first ``reset()``)."""

    def __init__(
        self,
        players: int = 6,
        rules: rf.Rules | None = None,
        stacks: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = _rules(rules)
        self.stacks = 100 * self.rules.big_bet if stacks is None else stacks
        players = checked_int(players, "players", 2, 8)
        _checked_table(self.rules, self.stacks, [None] * players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        observation, action = _spaces()
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.render_mode = _render_mode(render_mode)
        self._rng = np.random.default_rng()
        self.hand: rf.Hand | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: ``Discrete(3)``."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        """What the agent's seat sees: its features, and its action mask
        (all zeros when it is not to act)."""
        seat = self.possible_agents.index(agent)
        assert self.hand is not None
        view = self.hand.view(seat)
        # The seat's own view, encoded by the core: the legal actions in
        # it are the seat's own, none unless it is to act, as in its mask.
        return {"observation": view.features(), "action_mask": self._mask(seat)}

    def _mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask: all zeros unless it is to act."""
        hand = self.hand
        assert hand is not None
        if hand.actor != seat:
            return np.zeros(3, dtype=np.int8)
        legal = hand.legal_actions()
        return action_mask(np.array([a in legal for a in Action], dtype=bool))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new hand (seeded when ``seed`` is given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.hand = rf.Hand(self.rules, [self.stacks] * len(self.possible_agents),
                            seed=int(self._rng.integers(0, 2**63)))  # fmt: skip
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = hand.payoffs[seat] / self.rules.big_bet
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            actor = hand.actor
            assert actor is not None, "a hand that is not over has a seat to act"
            self.agent_selection = self.possible_agents[actor]
        # The mask in every agent's info too (all zeros but the actor's), as
        # observe() gives it.
        for seat, agent in enumerate(self.possible_agents):
            if agent in self.infos:
                self.infos[agent]["action_mask"] = self._mask(seat)

    def step(self, action: Choice | None) -> None:
        """Plays the selected agent's choice (0 fold, 1 passive, 2 aggressive)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        assert hand is not None
        legal = np.array([a in hand.legal_actions() for a in Action], dtype=bool)
        self._cumulative_rewards[agent] = 0.0
        hand.act(int(to_action(_choices(action, ())[None], legal[None, :])[0]))
        self._settle()
        self._accumulate_rewards()

    def render(self) -> str:
        """The hand's repr."""
        return repr(self.hand)


def aec_env(**kwargs: Any) -> Any:
    """``RazzAECEnv(**kwargs)`` wrapped in PettingZoo's order-enforcing and
    assertion wrappers, as PettingZoo's own environments are."""
    from pettingzoo.utils import wrappers

    env = RazzAECEnv(**kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
