"""Charts of results (the ``plot`` extra: ``pip install 'razz-fast[plot]'``).

``plot_match`` draws each strategy's cumulative big bets per 100 hands as
the match went on, with its 95% band; ``plot_simulation`` each seat's
result with its 95% interval; ``plot_chart`` the 455 three-card starts
best to worst, coloured by their highest card. All return the matplotlib ``Figure`` and
save it when given a path (PNG, SVG, PDF: by the file's extension).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from razz_fast._checks import checked_int

__all__ = ["plot_available", "plot_formats", "plot_match", "plot_simulation", "plot_chart"]


def _pyplot() -> Any:
    try:
        import matplotlib

        if matplotlib.get_backend().lower() not in ("agg", "svg", "pdf") and not _interactive():
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise ImportError("plots need matplotlib: pip install 'razz-fast[plot]'") from error
    return plt


def plot_available() -> bool:
    """Whether matplotlib can be imported (the ``plot`` extra)."""
    try:
        _pyplot()
    except ImportError:
        return False
    return True


def plot_formats() -> list[str]:
    """The file extensions matplotlib can save a figure as (``png``,
    ``svg``, ``pdf``, ...): ``savefig`` picks the format by the extension."""
    _pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    return sorted(FigureCanvasBase.get_supported_filetypes())


def _interactive() -> bool:
    return hasattr(sys, "ps1") or "ipykernel" in sys.modules


def _check_path(path: Any) -> None:
    """A path to save to: None, a file name (``str``, ``bytes``, a path) or
    a binary file object, as ``savefig`` takes; TypeError otherwise (an
    int reached matplotlib as "'int' object has no attribute 'write'")."""
    if path is None or isinstance(path, (str, bytes, os.PathLike)) or hasattr(path, "write"):
        return
    raise TypeError(f"path must be a file name, a path or None, got {type(path).__name__}")


def plot_match(result: Any, path: str | None = None) -> Any:
    """Cumulative bb/100 of each strategy over the hands played, with 95%
    bands, from ``result.progress`` (a point after every batch of deals)."""
    _check_path(path)
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
    _check_path(path)
    if big_bet is not None:
        # Only a scale here (bb/100): any positive machine-size int will do.
        # The result types of both implementations call this module, so it
        # takes no bound from the compiled core.
        big_bet = checked_int(big_bet, "big_bet", 1, sys.maxsize)
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


_RANKS = "A23456789TJQK"
_KINDS = {3: ("no pair", "o"), 2: ("a pair", "s"), 1: ("trips", "^")}


def _notable(rows: list[Any]) -> list[int]:
    """Positions (in ``rows``, best first) of the starts worth a label: the
    best, the best eight, ten and king (unpaired), the best pair and trips,
    and the worst."""
    wanted: list[int] = [0, len(rows) - 1]
    tests: list[Callable[[tuple[int, ...]], bool]] = [
        lambda r: len(set(r)) == 3 and max(r) == 7,
        lambda r: len(set(r)) == 3 and max(r) == 9,
        lambda r: len(set(r)) == 3 and max(r) == 12,
        lambda r: len(set(r)) == 2,
        lambda r: len(set(r)) == 1,
    ]
    for test in tests:
        position = next((i for i, row in enumerate(rows) if test(row.ranks)), None)
        if position is not None and position not in wanted:
            wanted.append(position)
    return sorted(wanted)


def plot_chart(result: Any, path: str | None = None) -> Any:
    """The starting-hand chart as a curve: every start's equity, best to
    worst, coloured by its highest card and shaped by pairs and trips, the
    fair share 1 / (opponents + 1) marked, notable starts labelled (and a
    95% band when sampled)."""
    _check_path(path)
    plt = _pyplot()
    from matplotlib.lines import Line2D

    rows = result.rows
    figure, axes = plt.subplots(figsize=(11, 6))
    x = list(range(1, len(rows) + 1))
    y = [100 * row.equity for row in rows]
    if not result.exact:
        band = [1.959964 * 100 * row.stderr for row in rows]
        axes.fill_between(
            x, [a - b for a, b in zip(y, band)], [a + b for a, b in zip(y, band)],
            color="grey", alpha=0.3, linewidth=0, label="95% band",
        )  # fmt: skip
    colours = plt.get_cmap("viridis", 13)
    for distinct, (_, marker) in _KINDS.items():
        chosen = [i for i, row in enumerate(rows) if len(set(row.ranks)) == distinct]
        points = axes.scatter(
            [x[i] for i in chosen], [y[i] for i in chosen],
            c=[max(rows[i].ranks) for i in chosen], cmap=colours, vmin=-0.5, vmax=12.5,
            marker=marker, s=18 if distinct == 3 else 30, edgecolors="black", linewidths=0.2,
        )  # fmt: skip
    bar = figure.colorbar(points, ax=axes, ticks=range(13), pad=0.01)
    bar.ax.set_yticklabels(list(_RANKS))
    bar.set_label("highest card")
    fair = 100 / (result.opponents + 1)
    axes.axhline(fair, color="grey", linewidth=0.8, linestyle="--")
    axes.text(len(rows), fair, " fair share", va="bottom", ha="right", color="grey")
    for k, i in enumerate(_notable(rows)):
        # Labels sit above and right of the falling curve, where it is empty,
        # two heights in turn so neighbours do not collide; the last one left.
        last = i == len(rows) - 1
        axes.annotate(
            f"{rows[i].hand}  {y[i]:.1f}%", (x[i], y[i]),
            xytext=(-12 if last else 14, 28 if k % 2 == 0 else 52), textcoords="offset points",
            ha="right" if last else "left", fontsize=9,
            arrowprops={"arrowstyle": "-", "color": "black", "linewidth": 0.6},
        )  # fmt: skip
    handles = [
        Line2D([], [], marker=marker, linestyle="", color="dimgrey", label=label)
        for label, marker in _KINDS.values()
    ]
    axes.legend(handles=handles, loc="upper right")
    axes.set_xlim(-5, len(rows) + 10)
    axes.set_ylim(max(min(y) - 5, -2), max(y) + 14)  # room for the top labels
    axes.set_xlabel("starting hand, best to worst")
    axes.set_ylabel("equity (%)")
    others = "one random hand" if result.opponents == 1 else f"{result.opponents} random hands"
    how = "exact" if result.exact else f"sampled, {rows[0].trials:,} deals a start"
    axes.set_title(f"Razz: the 455 three-card starts against {others} ({how})")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    if path is not None:
        figure.savefig(path)
    return figure
