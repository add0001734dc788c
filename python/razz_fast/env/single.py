"""``RazzEnv``: Gymnasium's ``Env`` with one learning seat, stepped by the
core's ``LearnerTable`` in one call a decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable, cast

import gymnasium

import razz_fast as rf
from razz_fast._checks import checked_int
from razz_fast._core import LearnerTable
from razz_fast.bots import Policy
from razz_fast.env._common import (
    Choice,
    Observation,
    Opponent,
    checked_opponents,
    checked_render_mode,
    checked_rules,
    checked_seats,
    choice_of,
    core_played,
    decision_of,
    observation_spaces,
    policy_actions,
)
from razz_fast.policy import is_batch_policy


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
        self.rules = checked_rules(rules)
        self.players, self.seat = checked_seats(players, seat)
        strategies = checked_opponents(self.players, self.seat, opponents)
        self._policies = {
            s: cast("Callable[[Any], Any]", p)
            for s, p in enumerate(strategies)
            if p is not None and not core_played(p)
        }
        self._builtin: list[str | Policy | None] = [
            p if isinstance(p, (str, Policy)) else None for p in strategies
        ]
        self.stacks = 100 * self.rules.big_bet if stacks is None else stacks
        # The core refuses now what a reset would: bad rules, stacks or
        # names, and stacks the antes put all in (every hand would end
        # before the learner could act, and a reset would wait forever).
        self._new_table(0)
        self.observation_space, self.action_space = observation_spaces()
        self.render_mode = checked_render_mode(render_mode)
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
                action = int(policy_actions(policy, table.batch(), 1)[0])
            else:
                action = decision_of(policy, table.view(), seat)
            observation, reward, ended = table.act(action)
            if observation is not None:
                return observation, reward, ended

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a new hand (unless the last one ended without the learner
        acting) and plays the opponents up to the learner's turn; returns
        the observation and ``{"action_mask": ...}``."""
        if seed is not None:
            # Checked as every seed of the library is: Gymnasium's own
            # check raised its bare ``gymnasium.error.Error`` for a
            # negative or a float seed.
            seed = checked_int(seed, "seed", 0, 2**64 - 1)
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
            action = choice_of(action)
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
