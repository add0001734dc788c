"""Playing a ``Policy`` in the reference, written plainly ([bots](BOTS.md)).

A policy holds three integer weights per abstract information set (fold,
passive, aggressive). At a decision, the legal slots' weights are summed
(all ones if they are all zero); a single positive weight is played with no
draw; otherwise ``x = (next() * total) >> 64`` picks the first legal slot
whose running sum exceeds ``x``. The reference reads the policy's weights
through its public ``weights_bytes()`` and ``players``.
"""

from __future__ import annotations

import functools
import sys
from array import array
from typing import TYPE_CHECKING, Any, Callable

from razz_fast import _policy_file
from razz_fast.events import Action
from razz_fast.reference import abstraction
from razz_fast.reference.generator import Xoshiro256PlusPlus

if TYPE_CHECKING:
    from razz_fast.reference.hand import Hand
    from razz_fast.reference.view import PlayerView

__all__ = ["is_policy", "policy_strategy", "probabilities", "shipped", "SHIPPED"]

#: The built-in strategies that are shipped policies, heads-up only.
SHIPPED = tuple(_policy_file.SHIPPED)


class _Shipped:
    """A shipped policy as the reference reads it: its weights and header."""

    def __init__(self, name: str) -> None:
        self.__name__ = name
        self._header, self._weights = _policy_file.read(_policy_file.shipped_path(name))
        self.players = int(self._header["players"])
        self.abstraction = str(self._header["abstraction"])

    def weights_bytes(self) -> bytes:
        return self._weights


@functools.cache
def shipped(name: str) -> Any:
    """The shipped policy ``name`` (``"blueprint"``), read from the package."""
    return _Shipped(name)


def is_policy(strategy: object) -> bool:
    """Whether ``strategy`` is a policy over the reference's abstraction."""
    return getattr(strategy, "abstraction", None) == abstraction.NAME and hasattr(
        strategy, "weights_bytes"
    )


def _weights(policy: Any) -> array[int]:
    weights = array("H")
    weights.frombytes(policy.weights_bytes())
    if sys.byteorder == "big":  # pragma: no cover (the file is little-endian)
        weights.byteswap()
    return weights


def _legal_weights(weights: array[int], view: PlayerView) -> list[tuple[Action, int]]:
    index = abstraction.infoset(view)
    slots = abstraction.slot_actions(view.legal_actions())
    legal = [(a, weights[3 * index + s]) for s, a in enumerate(slots) if a is not None]
    if all(w == 0 for _, w in legal):
        legal = [(a, 1) for a, _ in legal]
    return legal


def probabilities(policy: Any, view: PlayerView) -> dict[Action, float]:
    """Each legal action's probability for the view's seat (the actor)."""
    legal = _legal_weights(_weights(policy), view)
    total = sum(w for _, w in legal)
    return {a: w / total for a, w in legal}


def policy_strategy(policy: Any, players: int) -> Callable[[Hand, Xoshiro256PlusPlus], Action]:
    """The policy as a built-in strategy ``(hand, rng) -> Action``."""
    if policy.players != players:
        name = getattr(policy, "__name__", "policy")
        if name in SHIPPED:
            raise ValueError(
                f"{name} is heads-up only: it plays at {policy.players} players, the table has"
                f" {players}"
            )
        raise ValueError(f"the policy is for {policy.players} players, the table has {players}")
    weights = _weights(policy)

    def play(hand: Hand, rng: Xoshiro256PlusPlus) -> Action:
        legal = _legal_weights(weights, hand.view(hand.actor))
        positive = [a for a, w in legal if w > 0]
        if len(positive) == 1:
            return positive[0]
        total = sum(w for _, w in legal)
        x = (rng.next() * total) >> 64
        running = 0
        for action, weight in legal:
            running += weight
            if x < running:
                return action
        raise AssertionError("the draw is below the sum of the weights")  # pragma: no cover

    return play
