"""``SimulationResult`` and the exact sums it is computed from, and the
check of ``record=`` ([simulating](SIMULATION.md) defines every field)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from razz_fast.results._compare import NanEqual

__all__ = ["MAX_RECORDS", "SimulationResult", "Totals", "checked_record"]


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
            # One hand says nothing of the spread: NaN, as statistics does,
            # rather than an interval of no width.
            stderr.append(math.sqrt(max(variance, 0.0) / (n - 1)) if n > 1 else math.nan)
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


@dataclass(frozen=True, eq=False)
class SimulationResult(NanEqual):
    """What ``simulate`` returns: for each seat its total ``net`` chips, the
    ``mean`` per hand and the ``stderr`` of that mean (NaN for one hand,
    which gives no spread); how many hands reached
    a ``showdown`` and their share (``showdown_rate``); ``winning_ranks``,
    how often each rank won a showdown; the ``seed`` used and the
    ``elapsed`` seconds. Its repr is a short summary (the rank table is
    left out)."""

    hands: int
    """The number of hands played."""
    players: int
    """The number of seats at the table."""
    net: list[int]
    """Total chips won per seat over all hands (the seats' sum is 0)."""
    mean: list[float]
    """Chips won per hand per seat: ``net[s] / hands``."""
    stderr: list[float]
    """The standard error of each seat's ``mean``, from exact sums of payoffs and their
    squares (NaN for one hand)."""
    showdowns: int
    """Hands that reached a showdown (two or more players showed)."""
    showdown_rate: float
    """The share of hands that reached a showdown: ``showdowns / hands``."""
    winning_ranks: dict[int, int]
    """Rank (1 = 5-4-3-2-A) to the number of showdowns that rank won, keys ascending."""
    seed: int
    """The seed the run used (drawn from the system when none was given)."""
    elapsed: float = field(compare=False)
    """Seconds the run took: not compared, so two runs of one seed are equal."""
    records: list[Any] = field(default_factory=list, repr=False, compare=False)
    """The first hands played, whole (``simulate(..., record=N)``); not compared."""

    def plot(self, path: str | None = None, big_bet: int | None = None) -> Any:
        """Each seat's result with its 95% interval (matplotlib, the
        ``plot`` extra), in bb/100 given ``big_bet``; saved to ``path`` when
        given. Returns the figure."""
        from razz_fast.plot import plot_simulation

        return plot_simulation(self, path, big_bet)

    def __repr__(self) -> str:
        # A summary: the whole winning_ranks table runs to thousands of entries.
        return (
            f"SimulationResult(hands={self.hands}, players={self.players}, net={self.net}, "
            f"showdown_rate={self.showdown_rate:.4f}, seed={self.seed}, "
            f"elapsed={self.elapsed:.3f}, winning_ranks=<{len(self.winning_ranks)} ranks>)"
        )


#: The most hands ``record=`` keeps (each is a whole Hand with its history).
MAX_RECORDS = 1 << 20


def checked_record(record: Any, hands: int, sinks: bool = False) -> int:
    """``record=``: an int 0..MAX_RECORDS (TypeError, ValueError), no more
    than ``hands``; ``sinks``: the caller also takes a callable (which it
    has set aside), so the TypeError names both."""
    import operator

    what = "an int or a callable sink of record batches" if sinks else "an int"
    if isinstance(record, bool):
        raise TypeError(f"record must be {what}, got bool")
    try:
        number = operator.index(record)
    except TypeError:
        raise TypeError(f"record must be {what}, got {type(record).__name__}") from None
    if not 0 <= number <= MAX_RECORDS:
        raise ValueError(f"record must be 0..{MAX_RECORDS}, got {number}")
    return min(number, hands)
