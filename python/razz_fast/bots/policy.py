"""``Policy``: a stochastic strategy the core plays at full speed, holding
action weights per abstract information set ([bots](BOTS.md)).

At a decision the core finds the seat's information set (the ``default``
abstraction: its cards by rank, the boards, the betting) and draws among
the legal actions by their slots' weights (fold, passive, aggressive) with
the hand's decision generator, so a policy is seeded as every strategy is.
A ``Policy`` is taken wherever a strategy is: ``simulate``, ``match``,
``Tables`` and environment opponents, ``razz_fast.distributed`` (it
pickles), and ``--strategies FILE`` on the command line.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from razz_fast import _core
from razz_fast import _policy_file as policy_file
from razz_fast.events import Action

__all__ = ["Policy", "rules_fields"]

#: How a policy may say it was made.
MADE_BY = ("train", "from_table")


class Policy(_core.PolicyTable):
    """A stochastic strategy over the ``default`` abstraction, for a fixed
    number of players. Make one with ``Policy.load(path)``,
    ``Policy.from_table(probabilities)`` or ``razz_fast.train``; it holds
    one row of three integer weights (fold, passive, aggressive) per
    information set, and a header saying what it is and how it was made."""

    INFOSETS: int = _core.INFOSETS
    """How many abstract information sets the ``default`` abstraction has:
    a table for ``from_table`` has this many rows."""
    ABSTRACTION: str = _core.ABSTRACTION
    """The name of the abstraction policies are played over, ``"default"``."""
    ABSTRACTION_VERSION: int = _core.ABSTRACTION_VERSION
    """The abstraction's version: a policy file made over another is refused."""

    def __init__(self, weights: bytes, players: int, header: dict[str, Any]) -> None:
        # (The weights and player count were checked by the core's __new__.)
        self._header = dict(header)

    @classmethod
    def _from_header(cls, header: dict[str, Any], weights: bytes, where: str) -> Policy:
        """A policy from a file's header and weights, checked against this
        library's abstraction and rules."""
        policy_file.check_abstraction(
            header, where, cls.ABSTRACTION, cls.ABSTRACTION_VERSION, cls.INFOSETS
        )
        players = header["players"]
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"{where}: players must be an integer, got {players!r}")
        rules = header["rules"]
        if not isinstance(rules, dict):
            raise ValueError(f"{where}: rules must be an object of Rules' fields, got {rules!r}")
        try:
            _core.Rules(**rules)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: its rules are not valid Rules ({e})") from None
        made = header["made"]
        if not isinstance(made, dict) or made.get("by") not in MADE_BY:
            raise ValueError(f"{where}: made must say by one of {MADE_BY}, got {made!r}")
        return cls(weights, players, header)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Policy:
        """The policy saved at ``path`` (``save``); a file that is not a
        policy, or one over another abstraction version, is a ValueError
        naming the file and what is wrong."""
        header, weights = policy_file.read(path)
        return cls._from_header(header, weights, os.fspath(path))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the policy to ``path`` in the documented file format;
        ``Policy.load(path)`` gives an equal policy."""
        policy_file.write(path, self._header, self.weights_bytes())

    @classmethod
    def from_table(
        cls,
        probabilities: Any,
        *,
        players: int = 2,
        rules: _core.Rules | None = None,
        iterations: int | None = None,
        seed: int | None = None,
        by: str = "from_table",
    ) -> Policy:
        """A policy from an array of shape ``(Policy.INFOSETS, 3)``: for
        each information set, the probabilities (or any non-negative
        weights) of folding, of the passive action (check, call or
        bring-in) and of the aggressive one (complete, bet or raise). Each
        row is scaled to 65535 and rounded; a row of zeros plays uniformly
        over the legal actions. ``rules`` (default ``Rules()``),
        ``iterations``, ``seed`` and ``by`` go into the header."""
        array = np.asarray(probabilities, dtype=np.float64)
        weights = _core.quantize_policy(np.ascontiguousarray(array))
        if by not in MADE_BY:
            raise ValueError(f"by must be one of {MADE_BY}, got {by!r}")
        rules = _core.Rules() if rules is None else rules
        if not isinstance(rules, _core.Rules):
            raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
        header = {
            "format": policy_file.FORMAT,
            "abstraction": cls.ABSTRACTION,
            "abstraction_version": cls.ABSTRACTION_VERSION,
            "infosets": cls.INFOSETS,
            "players": players,
            "rules": rules_fields(rules),
            "made": {
                "by": by,
                "iterations": iterations,
                "seed": seed,
                "razz_fast": _core.__version__,
            },
        }
        return cls(weights, players, header)

    @property
    def players(self) -> int:
        """How many players the policy is for: it plays only at tables of
        that many (another count is a ValueError)."""
        return super().players

    @staticmethod
    def infoset(view: _core.PlayerView) -> int:
        """The abstract information set (0 to ``INFOSETS - 1``) of the
        view's seat, which must be the actor: where a policy looks its
        weights up for that decision."""
        return _core.PolicyTable.infoset(view)

    def probabilities(self, view: _core.PlayerView) -> dict[Action, float]:
        """Each legal action's probability for the view's seat, which must
        be the actor (a ValueError otherwise): its slot's weight over the
        legal slots' sum, or uniform where they are all zero."""
        return super().probabilities(view)

    @property
    def __name__(self) -> str:
        """The policy's name where results label strategies: the header's
        ``name`` if it has one, else ``"policy"``."""
        name = self._header.get("name")
        return name if isinstance(name, str) else "policy"

    @property
    def abstraction(self) -> str:
        """The abstraction's name, ``"default"``."""
        return str(self._header["abstraction"])

    @property
    def infosets(self) -> int:
        """How many abstract information sets the policy covers."""
        return int(self._header["infosets"])

    @property
    def rules(self) -> _core.Rules:
        """The rules the policy was made for (it plays under any rules)."""
        return _core.Rules(**self._header["rules"])

    @property
    def header(self) -> dict[str, Any]:
        """The file header: format, abstraction, players, rules, how it was made."""
        return dict(self._header)

    def weights(self) -> np.ndarray:
        """The weights, an array of shape ``(INFOSETS, 3)`` of uint16 (fold,
        passive, aggressive): a copy."""
        return np.frombuffer(self.weights_bytes(), dtype="<u2").reshape(self.INFOSETS, 3).copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Policy):
            return NotImplemented
        return (self.players, self._header, self.weights_bytes()) == (
            other.players,
            other._header,
            other.weights_bytes(),
        )

    def __hash__(self) -> int:
        return hash((self.players, self.weights_bytes()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Policy, (self.weights_bytes(), self.players, self._header))

    def __repr__(self) -> str:
        made = self._header["made"]
        how = f"made by {made['by']}"
        if made.get("iterations") is not None:
            how += f", {made['iterations']} iterations"
        if made.get("seed") is not None:
            how += f", seed {made['seed']}"
        return (
            f"<Policy {self.abstraction} v{self._header['abstraction_version']},"
            f" {self.players} players, {how}>"
        )


def rules_fields(rules: _core.Rules) -> dict[str, Any]:
    """``Rules``' fields by name, as its pickle gives them."""
    reduced: Any = rules.__reduce__()
    return dict(reduced[1][0])
