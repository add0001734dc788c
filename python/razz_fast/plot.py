"""Charts of results (the ``plot`` extra: ``pip install 'razz-fast[plot]'``).

``plot_match`` draws each strategy's cumulative big bets per 100 hands as
the match went on, with its 95% band; ``plot_simulation`` each seat's
result with its 95% interval. Both return the matplotlib ``Figure`` and
save it when given a path (PNG, SVG, PDF: by the file's extension).
"""

from __future__ import annotations

from typing import Any

__all__ = ["plot_match", "plot_simulation"]


def _pyplot() -> Any:
    try:
        import matplotlib

        if matplotlib.get_backend().lower() not in ("agg", "svg", "pdf") and not _interactive():
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError("plots need matplotlib: pip install 'razz-fast[plot]'") from error
    return plt


def _interactive() -> bool:
    import sys

    return hasattr(sys, "ps1") or "ipykernel" in sys.modules


def plot_match(result: Any, path: str | None = None) -> Any:
    """Cumulative bb/100 of each strategy over the hands played, with 95%
    bands, from ``result.progress`` (a point after every batch of deals)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(8, 4.5))
    points = result.progress or [(result.hands, result.bb_per_100, result.interval)]
    hands = [p[0] for p in points]
    for j, name in enumerate(result.strategies):
        line = [p[1][j] for p in points]
        low = [p[2][j][0] for p in points]
        high = [p[2][j][1] for p in points]
        (drawn,) = axes.plot(hands, line, marker="o" if len(points) < 3 else None, label=name)
        axes.fill_between(hands, low, high, color=drawn.get_color(), alpha=0.2)
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("hands played")
    axes.set_ylabel("big bets per 100 hands")
    kind = "duplicate" if result.duplicate else "plain"
    axes.set_title(f"match ({kind}), {result.hands:,} hands, 95% bands")
    axes.legend()
    figure.tight_layout()
    if path is not None:
        figure.savefig(path)
    return figure


def plot_simulation(result: Any, path: str | None = None, big_bet: int | None = None) -> Any:
    """Each seat's mean result (chips per hand, or bb/100 given ``big_bet``)
    with its 95% interval."""
    plt = _pyplot()
    scale = 1.0 if big_bet is None else 100.0 / big_bet
    figure, axes = plt.subplots(figsize=(8, 4.5))
    seats = list(range(result.players))
    means = [m * scale for m in result.mean]
    errors = [1.959964 * s * scale for s in result.stderr]
    axes.bar(seats, means, yerr=errors, capsize=4, color="tab:blue", alpha=0.8)
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xticks(seats)
    axes.set_xlabel("seat")
    axes.set_ylabel("chips per hand" if big_bet is None else "big bets per 100 hands")
    axes.set_title(f"simulate, {result.hands:,} hands, 95% intervals")
    figure.tight_layout()
    if path is not None:
        figure.savefig(path)
    return figure
