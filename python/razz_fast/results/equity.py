"""``EquityResult``, and the chart's ``ChartRow`` and ``ChartResult``
([equity](EQUITY.md), [the chart](CHART.md))."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from razz_fast.results._compare import NanEqual

__all__ = ["ChartResult", "ChartRow", "EquityResult"]


@dataclass(frozen=True, eq=False)
class EquityResult(NanEqual):
    """What ``equity`` returns: per player the ``equity`` (expected share of
    the pot; the shares sum to 1), the chance to ``win`` alone and to ``tie``;
    whether the figures are ``exact``; ``trials``, the number of distinct
    deals when exact or of samples when not; the ``stderr`` of each equity
    (0.0 when exact, NaN from one sample); and the ``seed`` of a sampled
    run (None when exact)."""

    equity: list[float]
    """Each player's expected share of the pot (ties split); the shares sum to 1."""
    win: list[float]
    """Each player's chance to win the pot alone."""
    tie: list[float]
    """Each player's chance to split the pot with others."""
    exact: bool
    """Whether every deal was enumerated (True) or the figures were sampled (False)."""
    trials: int
    """The number of distinct deals when exact, of samples when sampled."""
    stderr: list[float]
    """The standard error of each equity: 0.0 when exact, NaN from one sample."""
    seed: int | None
    """The seed of a sampled run; None when exact."""


@dataclass(eq=False)
class ChartRow(NanEqual):
    """One starting hand of ``chart`` ([the chart](CHART.md)): its three ranks (0 =
    ace), the cards that stood for them, how many of the C(52, 3) three-card
    deals have these ranks, and the hand's equity, win and tie shares (with
    standard errors when sampled) against the chart's random opponents."""

    hand: str
    """The start by its ranks, highest first (``'3-2-A'``)."""
    ranks: tuple[int, int, int]
    """The three ranks, lowest first (0 = ace ... 12 = king)."""
    cards: list[int]
    """Three card indices (0..51) that stood for the ranks."""
    combos: int
    """How many of the C(52, 3) three-card deals have these ranks."""
    equity: float
    """The hand's expected share of the pot against the chart's random opponents."""
    win: float
    """The chance to win the pot alone."""
    tie: float
    """The chance to split the pot."""
    stderr: float
    """The standard error of ``equity``: 0.0 when exact."""
    trials: int
    """Deals enumerated (exact) or samples drawn (sampled) for this hand."""


@dataclass(eq=False)
class ChartResult(NanEqual):
    """What ``chart`` returns: the 455 starting hands, best equity first."""

    rows: list[ChartRow]
    """The 455 starting hands (rank multisets), best equity first."""
    opponents: int
    """How many random opponents each start faced (1 to 7)."""
    exact: bool
    """Whether every row was enumerated exactly (heads-up) or sampled."""
    seed: int | None
    """The seed of a sampled chart; None when exact."""
    elapsed: float = field(default=0.0, compare=False)
    """Seconds the chart took: not compared."""

    def plot(self, path: str | None = None) -> Any:
        """Every start's equity, best to worst, coloured by its highest card,
        notable starts labelled (matplotlib, the ``plot`` extra); saved to
        ``path`` (PNG, SVG, PDF) when given. Returns the figure."""
        from razz_fast.plot import plot_chart

        return plot_chart(self, path)
