"""Playing a ``Policy`` in the reference, written plainly ([bots](BOTS.md)).

A policy holds three integer weights per abstract information set (fold,
passive, aggressive). At a decision, the legal slots' weights are summed
(all ones if they are all zero); a single positive weight is played with no
draw; otherwise ``x = (next() * total) >> 64`` picks the first legal slot
whose running sum exceeds ``x``. The reference reads the policy's weights
through its public ``weights_bytes()`` and ``players``.
"""

from __future__ import annotations

import sys
from array import array
from typing import TYPE_CHECKING, Any, Callable

from razz_fast.events import Action
from razz_fast.reference import abstraction
from razz_fast.reference.generator import Xoshiro256PlusPlus

if TYPE_CHECKING:
    from razz_fast.reference.hand import Hand
    from razz_fast.reference.view import PlayerView

__all__ = ["is_policy", "policy_strategy", "probabilities"]


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
