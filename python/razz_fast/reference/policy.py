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
import inspect
import math
import os
import sys
from array import array
from typing import TYPE_CHECKING, Any, Callable

from razz_fast import _policy_file
from razz_fast.events import Action
from razz_fast.reference import abstraction
from razz_fast.reference.generator import Xoshiro256PlusPlus
from razz_fast.reference.rules import Rules

if TYPE_CHECKING:
    from razz_fast.reference.hand import Hand
    from razz_fast.reference.view import PlayerView

__all__ = ["Policy", "is_policy", "policy_strategy", "probabilities", "shipped", "SHIPPED"]

#: The built-in strategies that are shipped policies, heads-up only.
SHIPPED = tuple(_policy_file.SHIPPED)


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


class Policy:
    """The reference's ``Policy``: the same weights, header and file as the
    core's ``razz_fast.Policy``, read and played in plain Python."""

    INFOSETS = abstraction.INFOSETS
    ABSTRACTION = abstraction.NAME
    ABSTRACTION_VERSION = abstraction.VERSION

    def __init__(self, weights: bytes, players: int, header: dict[str, Any]) -> None:
        if len(weights) != 6 * self.INFOSETS:
            raise ValueError(
                f"a policy's weights are {6 * self.INFOSETS} bytes ({self.INFOSETS}"
                f" information sets of 3 16-bit weights), got {len(weights)}"
            )
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
            raise ValueError(f"a policy is for 2 to 8 players, got {players}")
        self._weights = bytes(weights)
        self.players = players
        self._header = dict(header)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Policy:
        """The policy saved at ``path``, checked as the core checks it."""
        header, weights = _policy_file.read(path)
        where = os.fspath(path)
        _policy_file.check_abstraction(
            header, where, cls.ABSTRACTION, cls.ABSTRACTION_VERSION, cls.INFOSETS
        )
        return cls(weights, header["players"], header)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the policy file."""
        _policy_file.write(path, self._header, self._weights)

    @staticmethod
    def quantize(row: list[float]) -> list[int]:
        """A row of non-negative weights scaled to sum to 65535 and rounded
        half away from zero (zeros stay zeros), as the core does."""
        if any(not math.isfinite(p) or p < 0 for p in row):
            raise ValueError(f"probabilities must be finite and non-negative, got {row}")
        total = 0.0
        for p in row:
            total += p
        if total == 0.0:
            return [0, 0, 0]
        return [math.floor(p / total * 65535.0 + 0.5) for p in row]

    @classmethod
    def from_table(
        cls,
        probabilities: Any,
        *,
        players: int = 2,
        rules: Rules | None = None,
        iterations: int | None = None,
        seed: int | None = None,
        by: str = "from_table",
    ) -> Policy:
        """A policy from ``INFOSETS`` rows of three probabilities (fold,
        passive, aggressive), as the core's ``Policy.from_table``."""
        rows = [[float(p) for p in row] for row in probabilities]
        if len(rows) != cls.INFOSETS or any(len(row) != 3 for row in rows):
            raise ValueError(f"probabilities must have shape ({cls.INFOSETS}, 3)")
        weights = array("H")
        for i, row in enumerate(rows):
            try:
                weights.extend(cls.quantize(row))
            except ValueError as e:
                raise ValueError(f"probabilities row {i}: {e}") from None
        if sys.byteorder == "big":  # pragma: no cover (the file is little-endian)
            weights.byteswap()
        rules = Rules() if rules is None else rules
        header = {
            "format": _policy_file.FORMAT,
            "abstraction": cls.ABSTRACTION,
            "abstraction_version": cls.ABSTRACTION_VERSION,
            "infosets": cls.INFOSETS,
            "players": players,
            "rules": rules_fields(rules),
            "made": {"by": by, "iterations": iterations, "seed": seed},
        }
        return cls(weights.tobytes(), players, header)

    @property
    def __name__(self) -> str:
        """The header's name, else ``"policy"``: how results label it."""
        name = self._header.get("name")
        return name if isinstance(name, str) else "policy"

    @property
    def abstraction(self) -> str:
        """The abstraction's name the weights are written over, ``"default"``."""
        return str(self._header["abstraction"])

    @property
    def infosets(self) -> int:
        """How many abstract information sets the policy holds weights for."""
        return int(self._header["infosets"])

    @property
    def header(self) -> dict[str, Any]:
        """A copy of the file header: format, abstraction, players, rules, how made."""
        return dict(self._header)

    @property
    def rules(self) -> Rules:
        """The reference Rules the policy was made for (it plays under any)."""
        return Rules(**self._header["rules"])

    def weights_bytes(self) -> bytes:
        """The weights as the file holds them: three little-endian uint16 per set."""
        return self._weights

    def weights(self) -> list[tuple[int, int, int]]:
        """The weights, one (fold, passive, aggressive) row an information set."""
        flat = _weights(self)
        return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]

    @staticmethod
    def infoset(view: PlayerView) -> int:
        """The abstract information set of the view's seat, which must act."""
        return abstraction.infoset(view)

    def probabilities(self, view: PlayerView) -> dict[Action, float]:
        """Each legal action's probability for the view's seat, the actor."""
        return probabilities(self, view)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Policy):
            return NotImplemented
        return (self.players, self._header, self._weights) == (
            other.players,
            other._header,
            other._weights,
        )

    def __hash__(self) -> int:
        return hash((self.players, self._weights))

    def __repr__(self) -> str:
        return f"<reference Policy {self.abstraction}, {self.players} players>"


def rules_fields(rules: Rules) -> dict[str, Any]:
    """``Rules``' fields by name, as its constructor takes them."""
    names = [n for n in inspect.signature(Rules).parameters if n != "removed"]
    return {name: getattr(rules, name) for name in names}


@functools.cache
def shipped(name: str) -> Policy:
    """The shipped policy ``name`` (``"blueprint"``), read from the package."""
    return Policy.load(_policy_file.shipped_path(name))
