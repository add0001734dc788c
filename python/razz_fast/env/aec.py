"""``RazzAECEnv``: a PettingZoo AEC environment, every seat an agent."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import razz_fast as rf
from razz_fast._checks import checked_int
from razz_fast.discrete import action_mask, to_action
from razz_fast.env._common import (
    Choice,
    Observation,
    checked_render_mode,
    checked_rules,
    checked_table,
    choices_of,
    observation_spaces,
)
from razz_fast.events import Action


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
        self.rules = checked_rules(rules)
        self.stacks = 100 * self.rules.big_bet if stacks is None else stacks
        players = checked_int(players, "players", 2, 8)
        checked_table(self.rules, self.stacks, [None] * players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        observation, action = observation_spaces()
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.render_mode = checked_render_mode(render_mode)
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
        hand.act(int(to_action(choices_of(action, ())[None], legal[None, :])[0]))
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
