"""Result types shared by the compiled core and the pure-Python reference
(like ``razz_fast.events``). docs/SIMULATION.md defines every field."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

__all__ = ["EquityResult", "SimulationResult", "Totals"]


@dataclass
class Totals:
    """Exact integer sums over played hands; chunks merge by addition, so
    the order in which they finish never matters."""

    players: int
    hands: int = 0
    net: list[int] = field(default_factory=list)
    sum_sq: list[int] = field(default_factory=list)
    showdowns: int = 0
    winning_ranks: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.net:
            self.net = [0] * self.players
        if not self.sum_sq:
            self.sum_sq = [0] * self.players

    def add(self, other: Totals) -> None:
        self.hands += other.hands
        self.net = [a + b for a, b in zip(self.net, other.net)]
        self.sum_sq = [a + b for a, b in zip(self.sum_sq, other.sum_sq)]
        self.showdowns += other.showdowns
        for rank, count in other.winning_ranks.items():
            self.winning_ranks[rank] = self.winning_ranks.get(rank, 0) + count

    def result(self, seed: int, elapsed: float) -> SimulationResult:
        n = self.hands
        mean = [total / n for total in self.net]
        stderr = []
        for total_sq, m in zip(self.sum_sq, mean):
            variance = total_sq / n - m * m
            stderr.append(math.sqrt(max(variance, 0.0) / (n - 1)) if n > 1 else 0.0)
        return SimulationResult(
            hands=n,
            players=self.players,
            net=list(self.net),
            mean=mean,
            stderr=stderr,
            showdowns=self.showdowns,
            showdown_rate=self.showdowns / n,
            winning_ranks=dict(sorted(self.winning_ranks.items())),
            seed=seed,
            elapsed=elapsed,
        )


@dataclass(frozen=True)
class SimulationResult:
    """What ``simulate`` returns: per-seat totals, means and standard errors
    of the per-hand result, how often hands reached a showdown, and the
    winning rank of each showdown."""

    hands: int
    players: int
    net: list[int]
    mean: list[float]
    stderr: list[float]
    showdowns: int
    showdown_rate: float
    winning_ranks: dict[int, int]
    seed: int
    elapsed: float
    #: The first hands played, whole (``simulate(..., record=N)``).
    records: list = field(default_factory=list, repr=False, compare=False)

    def plot(self, path: str | None = None, big_bet: int | None = None) -> Any:
        """Each seat's result with its 95% interval (matplotlib, the
        ``plot`` extra), in bb/100 given ``big_bet``; saved to ``path`` when
        given. Returns the figure."""
        from razz_fast.plot import plot_simulation

        return plot_simulation(self, path, big_bet)


#: The most hands ``record=`` keeps (each is a whole Hand with its history).
MAX_RECORDS = 1 << 20


def checked_record(record, hands: int) -> int:
    """``record=``: an int 0..MAX_RECORDS (TypeError, ValueError), no more
    than ``hands``."""
    import operator

    if isinstance(record, bool):
        raise TypeError("record must be an int, got bool")
    try:
        number = operator.index(record)
    except TypeError:
        raise TypeError(f"record must be an int, got {type(record).__name__}") from None
    if not 0 <= number <= MAX_RECORDS:
        raise ValueError(f"record must be 0..{MAX_RECORDS}, got {number}")
    return min(number, hands)


@dataclass(frozen=True)
class EquityResult:
    """What ``equity`` returns (docs/EQUITY.md): per player the expected share
    of the pot, the chance to win alone and to tie, with standard errors when
    sampled."""

    equity: list[float]
    win: list[float]
    tie: list[float]
    exact: bool
    trials: int
    stderr: list[float]
    seed: int | None
