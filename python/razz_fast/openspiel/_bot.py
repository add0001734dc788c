"""``RazzBot``: a razz_fast strategy as an OpenSpiel bot, for
``evaluate_bots`` and anything else that takes ``pyspiel.Bot``s."""

from __future__ import annotations

import random
from typing import Any, Callable

import pyspiel

from razz_fast import _builtins
from razz_fast.bots.policy import Policy
from razz_fast.events import Action

__all__ = ["RazzBot"]

#: The built-in strategies a bot plays by name. "check_call" and "tight"
#: are the plain statements the reference plays (the tests hold them to the
#: core's decisions); they read only what the seat sees, so they play from
#: its ``PlayerView``.
NAMES = ("check_call", "tight", "random", "blueprint")


class RazzBot(pyspiel.Bot):
    """Plays ``strategy`` for seat ``player`` of a ``python_razz`` game:
    a built-in name (``"check_call"``, ``"tight"``, ``"random"``,
    ``"blueprint"``), a ``razz_fast.Policy``, or a per-decision callable
    ``f(view) -> Action`` of the seat's ``PlayerView`` (as ``simulate``
    takes). ``seed`` seeds the draws of ``"random"`` and of policies."""

    def __init__(self, strategy: Any, player: int, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(player, int) or isinstance(player, bool) or player < 0:
            raise ValueError(f"player must be a seat number (an int >= 0), got {player!r}")
        self.player = player
        """The seat the bot plays."""
        self._rng = random.Random(seed)
        self._policy: Policy | None = None
        self._decide: Callable[[Any], Any] | None = None
        if isinstance(strategy, str):
            if strategy not in NAMES:
                raise ValueError(f"strategy must be one of {NAMES} or a Policy, got {strategy!r}")
            if strategy == "blueprint":
                from razz_fast.bots.blueprint import blueprint

                self._policy = blueprint()
            elif strategy == "random":
                self._decide = lambda view: self._rng.choice(view.legal_actions())
            else:
                built_in = _builtins.tight if strategy == "tight" else _builtins.check_call
                self._decide = lambda view: built_in(view, None)
        elif isinstance(strategy, Policy):
            self._policy = strategy
        elif callable(strategy):
            self._decide = strategy
        else:
            raise TypeError(
                f"strategy must be a built-in name, a Policy or a callable, got {strategy!r}"
            )
        self.strategy = strategy
        """The strategy as given: a name, a ``Policy`` or a callable."""

    def step(self, state: Any) -> int:
        """The action of the bot's seat, which must be the one to act."""
        if state.current_player() != self.player:
            raise ValueError(
                f"the bot plays seat {self.player}, but {state.current_player()} is to act"
            )
        view = state.view(self.player)
        if self._policy is not None:
            probabilities = self._policy.probabilities(view)
            actions = list(probabilities)
            action = self._rng.choices(actions, [probabilities[a] for a in actions])[0]
        else:
            assert self._decide is not None
            action = self._decide(view)
        if action not in view.legal_actions():
            raise ValueError(f"the strategy chose {action!r}, not a legal action")
        return int(Action(action))

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: the bot reads the state at each step."""

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Nothing to track: the bot reads the state at each step."""

    def provides_policy(self) -> bool:
        """False: the bot gives actions, not OpenSpiel policies."""
        return False
